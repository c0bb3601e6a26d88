"""Progress that stays true and words without jargon (issue 20, point 8).

A completed lesson played again stays completed: the summary says ``replay``, never ``started``, and the
``progress --json`` report keeps ``status: done``. Data written before this change (a completed lesson whose
replay was started: status ``started``, completions 1) reads the same way, with no migration. The catalogs'
learner texts and the lessons' texts never speak of "the engine"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.i18n import catalog
from tutor.progress import ProgressStore
from tutor.quiz.session import progress_report

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store(tmp_path):
    with ProgressStore.open(tmp_path / "progress.db") as s:
        yield s


def test_a_replayed_lesson_stays_completed(store):
    store.record_lesson_event("combat-damage", "start")
    store.complete_lesson("combat-damage", 1)
    store.reset_lesson("combat-damage")  # what opening a finished lesson does
    state = store.record_lesson_event("combat-damage", "step", 2)
    assert (state.status, state.completions) == ("started", 1)  # the current run, as stored
    assert state.completed and state.shown_status == "replay"
    store.record_lesson_event("main-phase", "start")
    report = progress_report(store)["lessons"]
    assert report["combat-damage"]["status"] == "done" and report["combat-damage"]["replay"] is True
    assert report["main-phase"]["status"] == "started" and report["main-phase"]["replay"] is False
    assert store.lesson_states()["main-phase"].shown_status == "started"


def test_a_replay_finished_again_is_done(store):
    store.complete_lesson("main-phase", 2)
    store.reset_lesson("main-phase")
    assert store.lesson_state("main-phase").shown_status == "replay"
    assert store.complete_lesson("main-phase", 3).shown_status == "done"


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_one_word_per_status_and_one_for_a_replay(lang):
    texts = catalog(lang)
    words = [texts[f"lesson.status.{s}"] for s in ("new", "started", "done", "replay")]
    assert len(set(words)) == 4 and not any(k.startswith("progress_cmd.status.") for k in texts)


# Texts for lesson authors and developers (`lesson check`, `scenario`) may name the rules engine; a learner's may not.
_AUTHORS = re.compile(r"^(lesson\.problem\.|help_scenario$|scenario)")
_JARGON = re.compile(r"\bmotore\b|движ(ок|ка|ку|ком|ке)\b", re.IGNORECASE)


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_no_engine_in_a_learners_texts(lang):
    found = [k for k, v in catalog(lang).items() if _JARGON.search(v) and not _AUTHORS.match(k)]
    assert found == []


def test_no_engine_in_the_lessons_texts():
    found = [f"{p.name}:{i}" for folder in ("course", "scenarios") for p in sorted((ROOT / "lessons" / folder).glob("*.yaml"))
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if not line.lstrip().startswith("#") and _JARGON.search(line)]
    assert found == []


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_no_glossary_id_in_the_quiz_explanation(lang):
    assert "{entry}" not in catalog(lang)["quiz.definition.explain"]
