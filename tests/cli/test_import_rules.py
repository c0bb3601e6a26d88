"""`import-rules`: only regular files of bounded size, clear messages for each refusal, UTF-16 and CR-only
files accepted, truncated copies warned and never silently replacing an edition, atomic writes that leave no
temporary file behind (tutor/cli/glossary_cmds.py, glossary/paths.py)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import glossary.paths as paths
from tutor.cli import main

ROOT = Path(__file__).resolve().parents[2]

# A complete document in the official layout (contents, rules, glossary, credits), small enough to import fast.
FULL = """Magic: The Gathering Comprehensive Rules

These rules are effective as of November 8, 2024.

Contents

1. Game Concepts
100. General
Glossary
Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.1a A two-player game is a game that begins with only two players.

Glossary

Ability
1. Text on an object that explains what that object does or can do.

Active Player
The player whose turn it is. See rule 102.1.

Credits

Magic: The Gathering Original Game Design: Richard Garfield
"""
TRUNCATED = FULL[: FULL.index("Active Player")]
DOC = "en-2024-11-08"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["--ui", "it", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _rules(home: Path) -> Path:
    return home / "rules" / f"{DOC}.txt"


def _no_temporary_files(home: Path) -> None:
    left = [p for p in home.rglob("*") if p.name.startswith(paths.TMP_PREFIX)]
    assert left == []


def test_a_full_document_imports(capsys, isolated_home, tmp_path):
    f = tmp_path / "cr.txt"
    f.write_text(FULL, encoding="utf-8")
    code, out, err = run(capsys, "import-rules", str(f))
    assert code == 0 and "2024-11-08" in out and err == ""
    assert _rules(isolated_home).read_bytes() == f.read_bytes()
    _no_temporary_files(isolated_home)


@pytest.mark.parametrize("source", ["/dev/zero", "fifo", "directory"])
def test_not_a_regular_file_is_refused_at_once(capsys, isolated_home, tmp_path, source):
    if source == "fifo":
        source = str(tmp_path / "fifo.txt")
        os.mkfifo(source)
    elif source == "directory":
        source = str(tmp_path)
    t0 = time.monotonic()
    code, out, err = run(capsys, "import-rules", source)
    assert time.monotonic() - t0 < 5  # /dev/zero used to run until killed, a FIFO to hang
    assert code == 2 and out == ""
    assert err.strip() == f"mtg-tutor: {source}: non è un file normale (è una cartella, una pipe o un dispositivo). " \
                          "Nulla è stato modificato."
    assert not (isolated_home / "rules").exists() or not any((isolated_home / "rules").iterdir())


def test_a_file_over_the_size_cap_is_refused(capsys, tmp_path):
    big = tmp_path / "big.txt"
    with open(big, "wb") as fh:
        fh.truncate(paths_max() + 1)
    code, _, err = run(capsys, "import-rules", str(big))
    assert code == 2 and "supera 16 MiB" in err


def paths_max() -> int:
    from glossary.rulesfile import MAX_BYTES

    return MAX_BYTES


def test_an_empty_file_is_refused(capsys, tmp_path):
    f = tmp_path / "empty.txt"
    f.write_bytes(b"")
    code, _, err = run(capsys, "import-rules", str(f))
    assert code == 2 and "il file è vuoto" in err


@pytest.mark.parametrize("data", [FULL.replace("’", "'").encode("latin-1", "replace").replace(b"Garfield", b"Garfi\xe9ld"),
                                  b"NG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe\x00" + bytes(range(128, 256))])
def test_latin1_or_binary_is_not_utf8_text(capsys, tmp_path, data):
    f = tmp_path / "x.txt"
    f.write_bytes(data)
    code, _, err = run(capsys, "import-rules", str(f))
    assert code == 2 and "non è testo UTF-8" in err and "Traceback" not in err
    code, _, err = run(capsys, "--ui", "ru", "import-rules", str(f))
    assert code == 2 and "это не текст в UTF-8" in err


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-be-bom", "crlf", "cr"])
def test_encodings_and_line_ends_that_are_accepted(capsys, isolated_home, tmp_path, encoding):
    f = tmp_path / "cr.txt"
    if encoding == "utf-16-be-bom":
        f.write_bytes(b"\xfe\xff" + FULL.encode("utf-16-be"))
    elif encoding == "crlf":
        f.write_bytes(FULL.replace("\n", "\r\n").encode())
    elif encoding == "cr":  # old Macintosh line ends: rejected as "not a rules document" before
        f.write_bytes(FULL.replace("\n", "\r").encode())
    else:
        f.write_bytes(FULL.encode(encoding))
    code, out, err = run(capsys, "import-rules", str(f))
    assert code == 0, err
    assert err == "" and "2 regole, 2 voci di glossario" in out
    stored = _rules(isolated_home).read_bytes()
    assert stored.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n") == FULL
    code, out, err = run(capsys, "rule", "100.1a", "--doc", DOC, "--json")
    assert code == 0 and "two-player game" in out


def test_a_truncated_copy_is_warned_and_never_replaces_a_complete_import(capsys, isolated_home, tmp_path):
    full, cut = tmp_path / "full.txt", tmp_path / "cut.txt"
    full.write_text(FULL, encoding="utf-8")
    cut.write_text(TRUNCATED, encoding="utf-8")
    assert run(capsys, "import-rules", str(full))[0] == 0
    code, out, err = run(capsys, "import-rules", str(cut))
    assert code == 2 and "finisce prima del previsto" in err
    assert "già importata" in err and "--force" in err
    assert _rules(isolated_home).read_text(encoding="utf-8") == FULL  # untouched
    code, out, err = run(capsys, "import-rules", "--force", str(cut))
    assert code == 0 and "finisce prima del previsto" in err
    assert _rules(isolated_home).read_text(encoding="utf-8") == TRUNCATED
    _no_temporary_files(isolated_home)


def test_a_truncated_copy_alone_imports_with_a_warning(capsys, isolated_home, tmp_path):
    cut = tmp_path / "cut.txt"
    cut.write_text(FULL[: FULL.index("Glossary\n\nAbility")], encoding="utf-8")
    code, out, err = run(capsys, "import-rules", str(cut))
    assert code == 0 and "manca il glossario" in err
    code, out, err = run(capsys, "--ui", "ru", "import-rules", "--force", str(cut))
    assert code == 0 and "нет глоссария" in err


def test_the_same_file_again_changes_nothing(capsys, isolated_home, tmp_path):
    f = tmp_path / "cr.txt"
    f.write_text(FULL, encoding="utf-8")
    assert run(capsys, "import-rules", str(f))[0] == 0
    before = _rules(isolated_home).stat().st_mtime_ns
    code, out, _ = run(capsys, "import-rules", str(f))
    assert code == 0 and "identico" in out
    assert _rules(isolated_home).stat().st_mtime_ns == before


def test_a_home_that_cannot_be_written(capsys, monkeypatch, tmp_path):
    f = tmp_path / "cr.txt"
    f.write_text(FULL, encoding="utf-8")
    blocker = tmp_path / "home"
    blocker.write_text("a file where the home directory should be")
    monkeypatch.setenv("MTG_TUTOR_HOME", str(blocker))
    code, out, err = run(capsys, "import-rules", str(f))
    assert code == 2 and out == "" and err.startswith("mtg-tutor: impossibile scrivere ")
    assert "Nulla è stato modificato." in err and "Traceback" not in err


@pytest.mark.skipif(not os.path.isdir("/sys"), reason="needs a read-only file system (/sys)")
def test_a_read_only_file_system(capsys, monkeypatch, tmp_path):
    probe = Path("/sys/mtg-tutor-probe")
    try:
        probe.mkdir()
    except OSError:
        pass
    else:
        probe.rmdir()
        pytest.skip("/sys is writable here")
    f = tmp_path / "cr.txt"
    f.write_text(FULL, encoding="utf-8")
    monkeypatch.setenv("MTG_TUTOR_HOME", "/sys/mtg-tutor-home")
    code, _, err = run(capsys, "import-rules", str(f))
    assert code == 2 and err.startswith("mtg-tutor: impossibile scrivere /sys/mtg-tutor-home")


def test_a_full_disk(capsys, isolated_home, monkeypatch, tmp_path):
    """ENOSPC in the middle of the write: exit 2, no file, no temporary file."""
    f = tmp_path / "cr.txt"
    f.write_text(FULL, encoding="utf-8")
    real_write = os.write

    def full_disk(fd, data):
        if os.readlink(f"/proc/self/fd/{fd}").startswith(str(isolated_home / "rules")):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("no /proc here")
    monkeypatch.setattr(os, "write", full_disk)
    code, _, err = run(capsys, "import-rules", str(f))
    assert code == 2 and os.strerror(errno.ENOSPC) in err
    assert not _rules(isolated_home).exists()
    _no_temporary_files(isolated_home)


def test_write_atomic_to_dev_full_style_errors_leaves_nothing(tmp_path, monkeypatch):
    """write_atomic: data flushed before the rename; on failure the old file stays and no temporary is left."""
    target = tmp_path / "settings.json"
    target.write_bytes(b"old")
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    paths.write_atomic(target, b"new")
    assert target.read_bytes() == b"new" and len(synced) == 2  # the file, then the directory
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left")))
    with pytest.raises(OSError):
        paths.write_atomic(target, b"newer")
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_write_atomic_without_replacing(tmp_path):
    target = tmp_path / "cache.key"
    paths.write_atomic(target, b"first", replace=False)
    with pytest.raises(FileExistsError):
        paths.write_atomic(target, b"second", replace=False)
    assert target.read_bytes() == b"first" and [p.name for p in tmp_path.iterdir()] == ["cache.key"]
    if os.name == "posix":
        assert target.stat().st_mode & 0o777 == 0o600


def test_a_temporary_file_left_by_a_killed_import_is_cleaned(capsys, isolated_home, tmp_path):
    rules = isolated_home / "rules"
    rules.mkdir()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    left = rules / f"{paths.TMP_PREFIX}{dead.pid}-0badcafe-{DOC}.txt"  # what a kill -9 during the write leaves
    left.write_bytes(FULL[:100].encode())
    alive = rules / f"{paths.TMP_PREFIX}{os.getpid()}-00c0ffee-{DOC}.txt"  # a write in progress: kept
    alive.write_bytes(b"...")
    f = tmp_path / "cr.txt"
    f.write_text(FULL, encoding="utf-8")
    assert run(capsys, "import-rules", str(f))[0] == 0
    assert not left.exists() and alive.exists()


def test_kill_during_an_import_leaves_no_temporary_file(isolated_home, tmp_path):
    """A real kill -9 in the middle of write_atomic (between the write and the rename), then an import."""
    f = tmp_path / "cr.txt"
    f.write_text(FULL, encoding="utf-8")
    code = (
        "import os, glossary.paths as p\n"
        "os.fsync = lambda fd: os.kill(os.getpid(), 9)\n"
        "from tutor.cli import main\n"
        f"main(['import-rules', {str(f)!r}])\n"
    )
    env = dict(os.environ, MTG_TUTOR_HOME=str(isolated_home))
    res = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True)
    assert res.returncode == -9
    left = [p for p in (isolated_home / "rules").iterdir() if p.name.startswith(paths.TMP_PREFIX)]
    assert left and not _rules(isolated_home).exists()
    res = subprocess.run([sys.executable, "-m", "tutor", "lookup", "cimitero"], env=env, cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    _no_temporary_files(isolated_home)  # cleaned at the next start
    res = subprocess.run([sys.executable, "-m", "tutor", "import-rules", str(f)], env=env, cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    _no_temporary_files(isolated_home)
    assert _rules(isolated_home).read_text(encoding="utf-8") == FULL


def test_the_english_rules_import_complete(capsys, en_rules, isolated_home):
    code, out, err = run(capsys, "import-rules", str(en_rules))
    assert code == 0 and err == ""  # a complete document: no warning


@pytest.mark.parametrize("cut", ["100.1a A two-", "100.1a", "100.1"])
def test_a_copy_cut_in_the_middle_of_a_line_imports_with_the_warning(capsys, isolated_home, tmp_path, cut):
    """A download that stopped mid-line: the unfinished last line is not taken for a rule ("100.1" of "100.1a",
    which read as a second 100.1 and refused the file as "already defined"; half a sentence as a rule's text)."""
    f = tmp_path / "cut.txt"
    f.write_text(FULL[: FULL.index("100.1a A two-player") + len(cut)], encoding="utf-8")
    code, out, err = run(capsys, "import-rules", str(f))
    assert code == 0 and "manca il glossario" in err and "already defined" not in err
    code, out, err = run(capsys, "rule", "100.1", "--doc", DOC, "--json")
    assert code == 0 and "two or more players" in out
    assert run(capsys, "rule", "100.1a", "--doc", DOC, "--json")[0] == 1  # not half a rule
    _no_temporary_files(isolated_home)


def test_a_complete_copy_without_a_final_newline_keeps_its_last_line():
    from glossary.parsers.crtext import parse_cr

    parsed = parse_cr(FULL.rstrip("\n"), "f.txt")
    assert parsed.credits.endswith(FULL.rstrip("\n").splitlines()[-1].strip())
