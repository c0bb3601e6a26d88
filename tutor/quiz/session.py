"""Today's quiz session and the answers, over the progress store and FSRS (UI-agnostic: no printing).

>>> from tutor.progress import open_store                            # doctest: +SKIP
>>> with open_store() as store:                                      # doctest: +SKIP
...     session = QuizSession(store, lang="it", topic="combat", size=10)
...     for question in session.questions():                          # due reviews and new cards, mixed
...         outcome = session.answer(question, "2", duration_ms=8_000)  # AnswerError if malformed
...         outcome.correct, outcome.due
...     session.summary()

* A card per fixed question, a card per family of generated questions (``combat:trample``): FSRS schedules the
  skill; each time a family is due it gets a fresh seeded question (never the one asked last time).
* The scheduler (:class:`~tutor.quiz.scheduler.QuizScheduler`) chooses and mixes due reviews and new cards; this
  module supplies the candidate new cards (:func:`tutor.quiz.bank.cards`, in curriculum order, filtered by topic,
  kind and the learner's language) and builds each card's question.
* Ratings: :class:`~tutor.quiz.scheduler.RatingPolicy` from correctness, answer time (against the question's
  ``expected_ms``) and hint use.
* Desired retention: the ``quiz_retention`` key of settings.json (:func:`quiz_settings`), overridden by the
  ``retention`` argument (the CLI's ``--retention``); 0.9 by default. ``quiz_new_per_day`` and
  ``quiz_session_size`` likewise (10 and 20). Their defaults and bounds are the typed settings'
  (:mod:`tutor.settings`): a value of the file out of them is refused, and its default used.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime

from tutor.quiz import bank
from tutor.quiz.model import Question, Verdict, judge
from tutor.settings import UNREADABLE, SettingsProblem

__all__ = ["AnswerOutcome", "QuizSession", "SessionSummary", "SettingsProblem", "answer_question", "progress_report",
           "quiz_settings", "studied"]


def studied(store) -> frozenset[str]:
    """The topics the learner of `store` has studied ("only what I have studied", the quiz's default): those of the
    lessons they completed, of every first-course lesson with the ``knows_basics`` setting, of the first lesson
    when nothing is completed (:func:`tutor.quiz.topics.studied_topics`)."""
    from tutor.quiz.topics import studied_topics
    from tutor.settings import load

    return studied_topics(store.completed_lesson_ids(), load()[0].knows_basics)

def quiz_settings() -> tuple[dict, list[SettingsProblem]]:
    """The quiz settings (``quiz_retention``, ``quiz_new_per_day``, ``quiz_session_size``) from settings.json
    (the file :func:`glossary.paths.config_path` names) over the defaults, and the values that were refused
    (out of their bounds: :data:`tutor.settings.SPECS`)."""
    from tutor.settings import load

    settings, problems = load()  # bounded, BOM accepted, deep nesting and FIFOs refused: never an exception
    return settings.quiz(), [p for p in problems if p.key.startswith("quiz_") or p.key == UNREADABLE]


@dataclass(frozen=True)
class AnswerOutcome:
    """What answering did: the verdict, the explanation and rules to show, and when the card comes back."""

    question: Question
    verdict: Verdict
    rating: int            # 1 Again, 2 Hard, 3 Good, 4 Easy
    due: datetime          # aware UTC
    interval_s: float      # seconds from the answer to `due`
    is_new: bool
    grade: str = "right"   # why this rating (RatingPolicy.reason): wrong, hint, slow, right, fast
    quick_s: float = 0     # the answer times (seconds) under which a right answer is quick, over which slow
    slow_s: float = 0

    def grade_text(self, lang: str) -> str:
        """The rating in the learner's words, with what it means for when the question comes back."""
        from tutor.quiz.feedback import grade_text

        return grade_text(self.grade, lang, fast_s=self.quick_s, slow_s=self.slow_s)

    @property
    def correct(self) -> bool:
        return self.verdict.correct

    def to_json(self) -> dict:
        """The ``quiz answer --json`` shape."""
        from tutor.progress.clock import iso

        return {"correct": self.verdict.correct, "expected": self.verdict.expected,
                "explanation": dict(self.question.explanation), "rules": list(self.question.rules),
                "due": iso(self.due)}


@dataclass
class SessionSummary:
    """The session so far."""

    planned: int = 0
    answered: int = 0
    correct: int = 0
    new: int = 0
    hints: int = 0
    next_due: datetime | None = None
    by_kind: dict = field(default_factory=dict)  # kind -> [answered, correct]


def _scheduler(store, retention: float | None, *, fuzzing: bool = True, day_policy=None, new_per_day=None,
               size=None):
    from tutor.quiz.scheduler import QuizScheduler

    settings, _ = quiz_settings()
    return QuizScheduler(store, desired_retention=retention if retention is not None else settings["quiz_retention"],
                         fuzzing=fuzzing, day_policy=day_policy,
                         new_per_day=settings["quiz_new_per_day"] if new_per_day is None else new_per_day,
                         session_size=settings["quiz_session_size"] if size is None else size)


def _record(scheduler, q: Question, text: str, lang: str, *, duration_ms: int | None, hint_used: bool,
            now: datetime | None) -> AnswerOutcome:
    verdict = judge(q, text, lang)  # AnswerError before anything is recorded
    result = scheduler.record_answer(q.id, q.card, verdict.correct, duration_ms, hint_used,
                                     verdict.given or text, now, expected_ms=q.expected_ms)
    policy = scheduler.rating_policy
    expected_s = policy.expected(q.expected_ms) / 1000
    return AnswerOutcome(q, verdict, int(result.rating), result.due, result.interval.total_seconds(), result.is_new,
                         policy.reason(verdict.correct, duration_ms, hint_used, q.expected_ms),
                         policy.fast * expected_s, policy.slow * expected_s)


def answer_question(store, question_id: str, text: str, lang: str, *, duration_ms: int | None = None,
                    hint_used: bool = False, retention: float | None = None, now: datetime | None = None,
                    fuzzing: bool = True) -> AnswerOutcome:
    """Judge `text` as the answer to the question `question_id` (as ``quiz next`` kept it, `tutor.quiz.qcache`,
    else rebuilt from the id), record it and schedule its
    card. Raises :class:`~tutor.quiz.model.UnknownQuestion` or :class:`~tutor.quiz.model.AnswerError` (nothing
    recorded) and :class:`~tutor.progress.ProgressError`."""
    from tutor.quiz import qcache

    q = qcache.get(question_id) if isinstance(question_id, str) else None
    q = q or bank.question(question_id)  # as `quiz next` asked it, else rebuilt from its id
    return _record(_scheduler(store, retention, fuzzing=fuzzing), q, text, lang, duration_ms=duration_ms,
                   hint_used=hint_used, now=now)


class QuizSession:
    """Today's session for one learner: ``questions()`` yields each question, ``answer()`` records an answer.

    `topic` / `kind` restrict the cards (a topic tag such as ``combat``, ``glossary``, ``trample``; a kind such
    as ``term``); `size` caps the session (the ``quiz_session_size`` setting by default); `seed` makes the mix and
    the generated questions reproducible (random otherwise); `lang` is the learner's interface language (text
    answers are judged in it; questions made for learners of the other language are left out); `more` asks new
    cards beyond the day's cap (``quiz_new_per_day``), as many as the session has room for (:meth:`capped` says
    when the cap holds some back); `other_language` adds the Italian <-> Russian term questions (the
    ``quiz_other_language`` setting by default); `level` (0-3: exactly that level), `rule` (questions citing it
    or a sub-rule of it) and `studied` (the topics the learner studied, :func:`studied`: only their questions;
    None: every topic) restrict the cards further.
    """

    def __init__(self, store, *, lang: str, topic: str | None = None, kind: str | None = None,
                 size: int | None = None, seed: int | None = None, retention: float | None = None,
                 now: datetime | None = None, fuzzing: bool = True, day_policy=None,
                 new_per_day: int | None = None, more: bool = False, other_language: bool | None = None,
                 level: int | None = None, rule: str | None = None, studied: frozenset[str] | None = None) -> None:
        self.store = store
        self.lang = lang
        self.planned_lang = lang  # the language the session's cards were chosen for (a term card is one language's)
        # Italian <-> Russian term questions too: the setting's choice unless the caller says.
        self.other_language = quiz_settings()[0]["quiz_other_language"] if other_language is None else other_language
        self.topic, self.kind = topic, kind
        self.level, self.rule, self.studied = level, rule, studied
        self.seed = secrets.randbits(32) if seed is None else seed
        self.now = now
        self.scheduler = _scheduler(store, retention, fuzzing=fuzzing, day_policy=day_policy,
                                    new_per_day=new_per_day, size=size)
        self.size = self.scheduler.session_size
        self.new_cap = self.scheduler.new_per_day  # the day's cap of new cards (quiz_new_per_day)
        if more:  # beyond the day's cap: as many new cards as the session has room for
            self.scheduler.new_per_day = self.scheduler.new_today(now) + self.size
        self.items = self._plan()
        self.summary_data = SessionSummary(planned=len(self.items))
        self.asked: set[str] = set()

    def _wanted(self, card: str) -> bool:
        info = bank.card_info(card)
        return info is not None and info in self._candidates_set

    def _plan(self) -> list:
        """The scheduler's session restricted to the wanted cards: due reviews first (most overdue), new cards
        mixed in by the scheduler, at most `size` items."""
        candidates = bank.cards(self.topic, self.kind, self.lang, other_language=self.other_language,
                                level=self.level, rule=self.rule, studied=self.studied)
        if self.studied is not None:  # what an exam queued for review is asked even if not studied yet
            queued = set(self.store.queued_card_keys())
            if queued:
                have = {c.card for c in candidates}
                candidates += [c for c in bank.cards(self.topic, self.kind, self.lang,
                                                     other_language=self.other_language, level=self.level,
                                                     rule=self.rule) if c.card in queued and c.card not in have]
        self._candidates_set = set(candidates)
        everything_due = self.scheduler.session((), self.now, seed=self.seed, size=10**6, new_per_day=0)
        others = sum(1 for item in everything_due if not self._wanted(item.card_id))
        items = self.scheduler.session([c.card for c in candidates], self.now, seed=self.seed,
                                       size=others + self.size)
        return [item for item in items if self._wanted(item.card_id)][:self.size]

    def has_candidates(self) -> bool:
        """Whether any card matches this session's selection (due today or not)."""
        return bool(self._candidates_set)

    def capped(self) -> bool:
        """Whether the day's cap of new cards (``quiz_new_per_day``, :attr:`new_cap`) holds back new cards of this
        session's selection: the learner has met `new_cap` new cards today and some are left (a session with
        ``more=True`` would ask them)."""
        if self.scheduler.new_today(self.now) < self.new_cap:
            return False
        candidates = [c.card for c in self._candidates_set]  # (this session's selection, from `_plan`)
        known = self.store.known_card_keys(candidates)
        return any(card not in known for card in candidates)

    def question_for(self, item) -> Question:
        """The question to ask for a session item (a family: a fresh seeded question, not last time's)."""
        from tutor.quiz.scheduler import State

        seed = bank.seed_for(self.seed, item.card_id, item.last_question_id)
        review = item.state is State.Review
        return bank.for_card(item.card_id, seed, review=review, avoid=item.last_question_id, level=self.level,
                             rule=self.rule, topic=self.topic)

    def questions(self):
        """Each question of the session, in order (a question is built when it is asked)."""
        for item in self.items:
            q = self.question_for(item)
            if q.id in self.asked:
                continue
            self.asked.add(q.id)
            yield q

    def answer(self, q: Question, text: str, *, duration_ms: int | None = None, hint_used: bool = False,
               now: datetime | None = None) -> AnswerOutcome:
        """Judge and record an answer to `q` (:class:`~tutor.quiz.model.AnswerError` if malformed: nothing is
        recorded, ask again)."""
        outcome = _record(self.scheduler, q, text, self.lang, duration_ms=duration_ms, hint_used=hint_used,
                          now=now or self.now)
        s = self.summary_data
        s.answered += 1
        s.correct += outcome.correct
        s.new += outcome.is_new
        s.hints += hint_used
        counts = s.by_kind.setdefault(q.kind, [0, 0])
        counts[0] += 1
        counts[1] += outcome.correct
        s.next_due = outcome.due if s.next_due is None else min(s.next_due, outcome.due)
        return outcome

    def summary(self) -> SessionSummary:
        """What was done in this session."""
        return self.summary_data


def progress_report(store, now: datetime | None = None) -> dict:
    """The ``progress --json`` shape: the database path, the lessons (per lesson id: status, done once completed
    even while replayed; replay, whether a completed lesson is being played again; step, stars, best stars,
    completions, hints used of the current run; only lessons ever played) and the quiz (reviews, cards due today,
    retention over the last 30 days or None — reviews of cards already learnt —, the share of right answers among
    every answer of the last 30 days or None, streak of days)."""
    stats = store.quiz_stats(now)
    lessons = {lid: {"status": "done" if s.completed else s.status, "replay": s.shown_status == "replay",
                     "step": s.step, "stars": s.stars, "best_stars": s.best_stars,
                     "completions": s.completions, "hints_used": s.hints_used}
               for lid, s in store.lesson_states().items()}
    return {"store": str(store.path), "lessons": lessons,
            "quiz": {"reviews": stats.total_reviews, "due_today": stats.due_today, "retention": stats.retention,
                     "correct_share": stats.correct_share, "streak_days": stats.streak}}
