"""Sessions and scheduling: FSRS wiring, families get fresh seeds, no duplicate in a session, topics, settings."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from tutor.progress import DayPolicy, open_store
from tutor.quiz import bank
from tutor.quiz.model import AnswerError, UnknownQuestion, expected_text
from tutor.quiz.session import QuizSession, answer_question, progress_report, quiz_settings

T0 = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)
DAYS = DayPolicy(tz=UTC, rollover_hour=0)


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "progress.db") as opened:
        yield opened


def _session(store, **kw):
    kw.setdefault("lang", "it")
    kw.setdefault("now", T0)
    kw.setdefault("fuzzing", False)
    kw.setdefault("day_policy", DAYS)
    kw.setdefault("seed", 1)
    return QuizSession(store, **kw)


def _wrong(q) -> str:
    if q.answer_format == "choice":
        return str(q.answer % len(q.options) + 1)
    if q.answer_format == "number":
        return str(q.answer + 1)
    if q.answer_format == "text":
        return "zzzz"
    values = list(q.answer)
    if q.answer_format == "order":
        return ",".join(map(str, values[1:] + values[:1]))
    everything = list(range(1, len(q.options) + 1))
    return ",".join(map(str, [x for x in everything if x not in values] or everything[:1]))


def test_a_question_answered_right_is_due_later_than_one_answered_wrong(store):
    q1, q2 = bank.question("next-step:upkeep"), bank.question("next-step:draw")
    right = answer_question(store, q1.id, expected_text(q1, "it"), "it", duration_ms=8_000, now=T0, fuzzing=False)
    wrong = answer_question(store, q2.id, _wrong(q2), "it", duration_ms=8_000, now=T0, fuzzing=False)
    assert right.correct and not wrong.correct
    assert right.due > wrong.due
    assert (wrong.rating, right.rating) == (1, 3)  # Again; Good (on time)
    log = store.reviews()
    assert [r.question_id for r in log] == [q1.id, q2.id] and [r.correct for r in log] == [True, False]


def test_a_generated_question_trains_its_family(store):
    q = bank.question("combat:trample@42")
    outcome = answer_question(store, q.id, expected_text(q, "it"), "it", now=T0, fuzzing=False)
    assert store.card_record("combat:trample").reps == 1 and outcome.is_new
    assert store.reviews("combat:trample")[0].question_id == "combat:trample@42"


def test_ratings_use_time_and_hints(store):
    q = bank.question("which-step:untap")
    fast = answer_question(store, q.id, expected_text(q, "it"), "it", duration_ms=1_000, now=T0, fuzzing=False)
    q2 = bank.question("which-step:draw")
    hinted = answer_question(store, q2.id, expected_text(q2, "it"), "it", duration_ms=1_000, hint_used=True,
                             now=T0, fuzzing=False)
    assert fast.rating == 4 and hinted.rating == 2  # Easy; Hard (a hint never earns Good)
    assert hinted.due < fast.due


def test_a_malformed_answer_or_an_unknown_id_records_nothing(store):
    with pytest.raises(AnswerError):
        answer_question(store, "next-step:upkeep", "seven", "it", now=T0)
    with pytest.raises(UnknownQuestion):
        answer_question(store, "next-step:nowhere", "1", "it", now=T0)
    assert store.reviews() == []


def test_a_new_session_introduces_new_cards_in_curriculum_order_and_mixes_kinds(store):
    session = _session(store, size=8, new_per_day=8)
    assert len(session.items) == 8 and all(item.is_new for item in session.items)
    kinds = {bank.card_info(item.card_id).kind for item in session.items}
    assert len(kinds) >= 6
    questions = list(session.questions())
    assert len({q.id for q in questions}) == len(questions) == 8
    assert len({q.content_key() for q in questions}) == 8


def test_no_duplicate_in_a_session_even_with_many_due_families(store):
    for fam in bank.families():
        q = bank.question(f"{fam}@1")
        answer_question(store, q.id, _wrong(q), "it", now=T0 - timedelta(days=2), fuzzing=False)
    session = _session(store, size=40, new_per_day=5)
    questions = list(session.questions())
    ids = [q.id for q in questions]
    assert len(ids) == len(set(ids)) and len({q.card for q in questions}) == len(questions)
    assert len({q.content_key() for q in questions}) == len(questions)


def test_a_due_family_never_gets_the_same_seed_twice_in_a_row(store):
    last = "combat:deathtouch@7"
    q = bank.question(last)
    answer_question(store, last, _wrong(q), "it", now=T0 - timedelta(days=1), fuzzing=False)
    for seed in range(20):
        session = _session(store, topic="deathtouch", kind="combat", seed=seed)
        item = next(i for i in session.items if i.card_id == "combat:deathtouch")
        assert item.last_question_id == last
        assert session.question_for(item).id != last
    # even when the derived seed is the one asked last time
    item = next(i for i in _session(store, kind="combat").items if i.card_id == "combat:deathtouch")
    assert bank.for_card("combat:deathtouch", 7, avoid=last).id != last


def test_topics_and_kinds_restrict_the_session_due_cards_included(store):
    q = bank.question("term:it-ru:graveyard:choice")
    answer_question(store, q.id, _wrong(q), "it", now=T0 - timedelta(days=1), fuzzing=False)
    q = bank.question("combat:plain@3")
    answer_question(store, q.id, _wrong(q), "it", now=T0 - timedelta(days=1), fuzzing=False)
    session = _session(store, topic="combat", size=5)
    cards = [item.card_id for item in session.items]
    assert "combat:plain" in cards and "term:it-ru:graveyard" not in cards
    assert all("combat" in bank.card_info(c).topics or bank.card_info(c).kind == "combat" for c in cards)
    due_first = session.items[0]
    assert not due_first.is_new  # the due review comes before new cards
    assert {bank.card_info(i.card_id).kind for i in _session(store, kind="term", size=5).items} == {"term"}


def test_terms_are_asked_as_choices_while_learnt_and_typed_in_review(store):
    session = _session(store, kind="term", size=3, new_per_day=3)
    qs = list(session.questions())
    assert all(q.answer_format == "choice" for q in qs)
    from tutor.quiz.scheduler import SessionItem, State

    typed = session.question_for(SessionItem(qs[0].card, False, T0, State.Review, qs[0].id))
    assert typed.answer_format == "text" and typed.card == qs[0].card


def test_the_learners_language_filters_definitions(store):
    it = {i.card_id for i in _session(store, kind="definition", size=50, new_per_day=50).items}
    ru = {i.card_id for i in _session(store, kind="definition", size=50, new_per_day=50, lang="ru").items}
    assert it and ru and not it & ru
    assert all(c.startswith("definition:it:") for c in it) and all(c.startswith("definition:ru:") for c in ru)


def test_session_answers_and_summary(store):
    session = _session(store, size=4, new_per_day=4)
    for q in session.questions():
        with pytest.raises(AnswerError):
            session.answer(q, "", duration_ms=100)
        session.answer(q, expected_text(q, "it"), duration_ms=5_000)
    s = session.summary()
    assert (s.answered, s.correct, s.new) == (4, 4, 4) and s.next_due is not None
    assert len(store.reviews()) == 4


def test_retention_comes_from_the_settings_file_or_the_argument(store, isolated_home):
    assert quiz_settings() == ({"quiz_retention": 0.9, "quiz_new_per_day": 10, "quiz_session_size": 20,
                               "quiz_other_language": False}, [])
    (isolated_home / "settings.json").write_text(json.dumps({"quiz_retention": 0.8, "quiz_session_size": 5,
                                                             "quiz_new_per_day": "many"}))
    settings, problems = quiz_settings()
    assert settings["quiz_retention"] == 0.8 and settings["quiz_session_size"] == 5
    assert [p.key for p in problems] == ["quiz_new_per_day"]
    assert _session(store).scheduler.fsrs.desired_retention == 0.8
    assert _session(store, retention=0.95).scheduler.fsrs.desired_retention == 0.95
    assert len(_session(store).items) <= 5


def test_progress_report_shape(store):
    store.complete_lesson("turn-structure", 3, now=T0)
    q = bank.question("next-step:untap")
    answer_question(store, q.id, expected_text(q, "it"), "it", now=T0)
    report = progress_report(store, T0)
    assert set(report) == {"store", "lessons", "quiz"}
    assert report["lessons"]["turn-structure"]["status"] == "done" and report["lessons"]["turn-structure"]["stars"] == 3
    assert set(report["quiz"]) == {"reviews", "due_today", "retention", "correct_share", "streak_days"}
    assert report["quiz"]["correct_share"] == 1.0 and report["quiz"]["retention"] is None  # a first answer counts
    assert report["quiz"]["reviews"] == 1 and report["quiz"]["streak_days"] == 1
