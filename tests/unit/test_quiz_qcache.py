"""What makes `quiz answer` fast without changing what it says: the question `quiz next` asked is kept on disk
(`tutor.quiz.qcache`) and read back equal to the one rebuilt from its id; Russian forms are remembered on disk
(`tutor.i18n.russian.remembered`) and read back equal to what pymorphy3 gives. A damaged file is ignored."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tutor import diskcache
from tutor.i18n import russian
from tutor.quiz import bank, qcache


@pytest.fixture
def fresh():
    diskcache._fingerprint.cache_clear()
    yield
    diskcache._fingerprint.cache_clear()


def _files(pattern: str) -> list:
    from glossary.paths import cache_dir

    return sorted(cache_dir().glob(pattern))


@pytest.mark.parametrize("qid", ["combat:trample@7", "stack:lifo@3", "can-cast:timing@11", "can-block:flying@5",
                                 "step-order:turn@2"])
def test_a_kept_question_reads_back_equal(fresh, qid):
    family = qid.split("@")[0]
    if family not in bank.families():
        family = bank.families(qid.split(":")[0])[0]
        qid = f"{family}@{qid.split('@')[1]}"
    q = bank.question(qid)
    assert qcache.get(qid) is None
    qcache.put(q)
    back = qcache.get(qid)
    assert back == q  # every compared field: texts in both languages, answer, rules, topics, hints …
    assert back.data == json.loads(json.dumps(q.data))
    assert dict(back.explanation) == dict(q.explanation) and back.option_notes == tuple(
        None if n is None else dict(n) if hasattr(n, "keys") else n for n in q.option_notes)


def test_only_the_newest_are_kept_and_a_damaged_file_is_ignored(fresh):
    family = bank.families("combat")[0]
    for seed in range(qcache.KEEP + 3):
        qcache.put(bank.question(f"{family}@{seed}"))
    assert qcache.get(f"{family}@0") is None and qcache.get(f"{family}@{qcache.KEEP + 2}") is not None
    [path] = _files("quiz-asked-*.json")
    value = json.loads(path.read_text(encoding="utf-8"))
    value["data"][-1]["answer_format"] = "nonsense"  # a record this version can't build: rebuilt from the id
    path.write_text(json.dumps(value), encoding="utf-8")
    assert qcache.get(f"{family}@{qcache.KEEP + 2}") is None
    path.write_text(json.dumps(value).replace('"it"', '"it\\u001b"', 1), encoding="utf-8")  # a control escape
    assert qcache.get(f"{family}@{qcache.KEEP + 1}") is None
    path.write_bytes(b"\x00 not json")
    assert qcache.get(f"{family}@{qcache.KEEP + 1}") is None


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, env=os.environ,
                          timeout=120)


def test_quiz_answer_uses_the_kept_question_and_says_the_same(fresh):
    """`quiz answer` after `quiz next` judges and explains as a rebuild from the id does (the engine is not even
    imported), and a question never asked here is rebuilt."""
    family = bank.families("combat")[0]
    nxt = _run("quiz", "next", "--kind", "combat", "--seed", "4", "--json")
    assert nxt.returncode == 0, nxt.stderr
    qid = json.loads(nxt.stdout)["id"]
    assert qcache.get(qid) is not None
    probe = (f"import sys, runpy; sys.argv = ['mtg-tutor', 'quiz', 'answer', {qid!r}, '1', '--json'];"
             "import atexit; atexit.register(lambda: print('ENGINE' if 'tutor.engine' in sys.modules else 'NO-ENGINE',"
             " file=sys.stderr)); runpy.run_module('tutor', run_name='__main__')")
    kept = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=os.environ, timeout=120)
    assert kept.returncode == 0, kept.stderr
    assert "NO-ENGINE" in kept.stderr
    fresh_q = bank.question(qid)
    out = json.loads(kept.stdout)
    assert out["explanation"] == dict(fresh_q.explanation) and out["rules"] == list(fresh_q.rules)
    other = _run("quiz", "answer", f"{family}@999", "1", "--json")  # never asked: rebuilt from the id
    assert other.returncode == 0, other.stderr
    assert json.loads(other.stdout)["explanation"] == dict(bank.question(f"{family}@999").explanation)


def test_russian_forms_are_remembered_on_disk_and_read_back_equal(fresh):
    words = [("первая главная фаза", "gent", "f", False), ("смертельное касание", "ablt", "n", False)]
    expected = [russian.decline.__wrapped__.__wrapped__(*w) for w in words]  # pymorphy3 itself, no memo
    code = ("import sys; from tutor.i18n import russian;"
            f"print('|'.join(russian.decline(*w) for w in {words!r}));"
            "print(russian.features('карта чар'));"
            "print('pymorphy3' in sys.modules)")
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ, timeout=120)
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines() == ["|".join(expected), "('f', False)", "True"]
    assert len(_files("ru-forms-*.json")) == 1
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ, timeout=120)
    assert second.stdout.splitlines() == ["|".join(expected), "('f', False)", "False"]  # no analyser loaded
    [path] = _files("ru-forms-*.json")
    value = json.loads(path.read_text(encoding="utf-8"))
    key = next(k for k in value["data"] if k.startswith("decline:"))
    value["data"][key] = ["not", "a form"]  # of the wrong shape: the whole file is ignored
    path.write_text(json.dumps(value), encoding="utf-8")
    third = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ, timeout=120)
    assert third.stdout.splitlines() == ["|".join(expected), "('f', False)", "True"]
