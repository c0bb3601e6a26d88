"""One bad file in the rules directory never breaks a command: it is skipped, reported once per rebuild on
standard error and listed by `kb check`; a FIFO never blocks (glossary/rulesfile.py, glossary/index.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import glossary.index as index
from glossary.kb import KnowledgeBase
from glossary.rulesfile import MAX_BYTES, UnusableFile, read_bounded, read_text, scan

ROOT = Path(__file__).resolve().parents[2]
GOOD = ROOT / "glossary" / "sources" / "it_cr_200-212.txt"  # a partial Italian copy in the official layout: parses as document "it-cr"


def _make(rules: Path, kind: str) -> Path:
    """A bad file of the given kind in `rules`."""
    rules.mkdir(parents=True, exist_ok=True)
    p = rules / f"{kind}.txt"
    if kind == "empty":
        p.write_bytes(b"")
    elif kind == "latin1":
        p.write_bytes("100. Generale\n100.1. Le regole si applicano a ogni partita, così è.\n".encode("latin-1"))
    elif kind == "dangling":
        p.symlink_to(rules / "nowhere.txt")
    elif kind == "directory":
        p.mkdir()
    elif kind == "fifo":
        os.mkfifo(p)
    elif kind == "not-rules":
        p.write_text("Dear diary, today I played three games.\n", encoding="utf-8")
    elif kind == "too-large":
        with open(p, "wb") as fh:
            fh.truncate(MAX_BYTES + 1)  # sparse: no disk used
    elif kind == "binary":
        p.write_bytes(b"\x00\x01\x02" * 100)
    return p


KINDS = {"empty": "empty", "latin1": "not-utf8", "dangling": "dangling-link", "directory": "directory",
         "fifo": "not-regular", "not-rules": "not-rules", "too-large": "too-large", "binary": "not-rules"}


def _good(rules: Path) -> None:
    rules.mkdir(parents=True, exist_ok=True)
    (rules / "good.txt").write_bytes(GOOD.read_bytes())


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_one_bad_file_is_skipped_and_the_good_one_used(isolated_home, kind):
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    rules = isolated_home / "rules"
    _good(rules)
    bad = _make(rules, kind)
    kb = KnowledgeBase(index.load_data())
    assert kb.rule("201.1", doc="it-cr") is not None  # the good file still counts
    found = {(Path(p.path).name, p.code) for p in index.problems()}
    assert found == {(bad.name, KINDS[kind])}
    assert [Path(p.path).name for p in index.take_new_problems()] == [bad.name]
    assert index.take_new_problems() == []  # once per rebuild
    KnowledgeBase(index.load_data())  # from the cache: nothing new to report, but still listed
    assert index.take_new_problems() == [] and len(index.problems()) == 1


def test_fixing_a_bad_file_rebuilds(isolated_home):
    rules = isolated_home / "rules"
    bad = _make(rules, "empty")
    index.load_data()
    assert index.problems()
    bad.write_bytes(GOOD.read_bytes())
    kb = KnowledgeBase(index.load_data())
    assert not index.problems() and kb.rule("201.1", doc="it-cr") is not None


def test_an_unreadable_file_is_skipped(isolated_home, monkeypatch):
    rules = isolated_home / "rules"
    _good(rules)
    bad = rules / "secret.txt"
    bad.write_bytes(GOOD.read_bytes())
    real_open = os.open

    def deny(p, *args, **kwargs):
        if os.fspath(p) == os.fspath(bad):
            raise PermissionError(13, "Permission denied", os.fspath(p))
        return real_open(p, *args, **kwargs)

    monkeypatch.setattr(os, "open", deny)
    index.load_data()
    assert [(Path(p.path).name, p.code) for p in index.problems()] == [("secret.txt", "unreadable")]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads files whatever their mode")
def test_an_unreadable_file_for_real(isolated_home):
    rules = isolated_home / "rules"
    _good(rules)
    bad = rules / "secret.txt"
    bad.write_bytes(GOOD.read_bytes())
    bad.chmod(0)
    index.load_data()
    assert [p.code for p in index.problems()] == ["unreadable"]


def test_temporary_files_of_an_import_are_not_rules_files(isolated_home):
    from glossary.paths import TMP_PREFIX

    rules = isolated_home / "rules"
    rules.mkdir()
    (rules / f"{TMP_PREFIX}123-abcd-en-2024-11-08.txt").write_bytes(b"100.1. half writ")
    assert scan(rules)[:2] == ([], [])


def test_reading_never_blocks_and_never_reads_a_device(tmp_path):
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    with pytest.raises(UnusableFile) as exc:
        read_bounded(fifo)  # would block forever without O_NONBLOCK / the type check
    assert exc.value.code == "not-regular"
    with pytest.raises(UnusableFile) as exc:
        read_bounded("/dev/zero")  # would run until killed
    assert exc.value.code == "not-regular"
    with pytest.raises(UnusableFile) as exc:
        read_text(tmp_path)
    assert exc.value.code == "directory"


# ---- through the command line --------------------------------------------------------------------------
def _cli(home: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, MTG_TUTOR_HOME=str(home), MTG_TUTOR_UI="it")
    return subprocess.run([sys.executable, "-m", "tutor", *args], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def test_every_command_works_with_every_bad_file_at_once(isolated_home):
    rules = isolated_home / "rules"
    _good(rules)
    bad = [_make(rules, kind) for kind in sorted(KINDS)]
    first = _cli(isolated_home, "lookup", "cimitero")  # a FIFO would hang it: the timeout would fail the test
    assert first.returncode == 0 and "Traceback" not in first.stderr
    lines = [x for x in first.stderr.splitlines() if x.strip()]
    assert len(lines) == len(bad)  # one line per file
    assert all(line.startswith("mtg-tutor: file delle regole ignorato: ") for line in lines)
    for p in bad:
        assert sum(str(p) in line for line in lines) == 1
    second = _cli(isolated_home, "lookup", "cimitero")
    assert second.returncode == 0 and second.stderr == ""  # not rebuilt: nothing said again
    check = _cli(isolated_home, "kb", "check", "--json")
    assert check.returncode == 1 and check.stderr == ""
    listed = json.loads(check.stdout)["unusable_rules_files"]
    assert {Path(x["file"]).name: x["problem"] for x in listed} == {p.name: KINDS[p.stem] for p in bad}
    text = _cli(isolated_home, "kb", "check")
    assert text.returncode == 1 and all(str(p) in text.stdout for p in bad)
    rebuilt = _cli(isolated_home, "kb", "rebuild")
    assert rebuilt.returncode == 0 and len(rebuilt.stderr.splitlines()) == len(bad)
    imported = _cli(isolated_home, "import-rules", str(GOOD))
    assert imported.returncode == 0, imported.stderr
    assert "Traceback" not in imported.stderr
