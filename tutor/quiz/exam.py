"""The exam: 25 questions across the rule areas of a Level 1 judge exam, untimed, no hints, judged at the end
(UI-agnostic: nothing here prints or imports Textual).

>>> exam = build_exam(level=1, seed=7)                                # doctest: +SKIP
>>> report = judge_exam(exam, ["2", "1,3", None, …], "it")            # doctest: +SKIP
>>> with open_store() as store:                                       # doctest: +SKIP
...     report = record_exam(store, report)       # stored; the weak areas' cards queued for review
>>> report.passed, report.by_area["sba"], report.queued, report.to_json()  # doctest: +SKIP

**Areas and places** (:data:`EXAMS`): casting 4, turn structure 4, state-based actions 3, triggered abilities 4,
layer 7 and continuous effects 3, replacement and prevention 3, evergreen keywords and combat 4. A question counts
for an area by its topic tags, its kind and the rules it cites (:func:`fit`): every card that is not a glossary or
rule-number question is built (with a seed drawn from the exam's) and scored for each area; a card serves the area
it fits best first, and another area only when that one has run out. An area with no question available (a kind
not written yet) — or fewer than its places — gives its places to the others, in proportion to theirs
(:attr:`Exam.given_away` says which, and the report says so). The same level and seed give the same exam, in
either language. The questions are asked in an order drawn from the seed, the areas mixed.

**Judging** (:func:`judge_exam`): every question is judged at the end; an unanswered one (``None``, an empty
answer or ``-``) and a malformed one (``x`` for a choice: :class:`~tutor.quiz.model.AnswerError`, kept with its
message) count as wrong. 70 % passes: 18 of 25 (:func:`pass_mark`). The report gives the score, pass or fail, each
area's right/total, and for every wrong answer the right one, the question's explanation and its rules.

**Review** (:func:`record_exam`): the exam is stored in the progress store (:mod:`tutor.progress.exams`); the cards
of the questions of every *weak* area (under 70 % right) are queued there: due now in ``quiz`` / ``quiz next``
sessions until reviewed (:meth:`tutor.quiz.scheduler.QuizScheduler.session`). An exam is a test, not a review: its
answers do not enter the review log or change what FSRS remembers.

**Levels** (``--level``, :data:`EXAMS`): 0 to 3, the level of the questions (:mod:`tutor.quiz.levels`: 0 a new
player, 1 a regular player, 2 a Level 1 judge candidate, the default, 3 corner cases); each area takes questions
of the exam's level first, then of the levels below (the nearest first), then above. The areas and their places
are the Level 1 judge exam's at every level.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from tutor.i18n import t
from tutor.quiz.model import MAX_SEED, AnswerError, Question, QuizError, UnknownQuestion, expected_text, judge

__all__ = ["AREAS", "EXAMS", "PASS_SHARE", "Area", "Exam", "ExamItem", "ExamReport", "ExamResult", "build_exam",
           "fit", "judge_exam", "pass_mark", "record_exam", "report_lines", "rule_area"]

PASS_SHARE = 0.7
SKIP = "-"  # typed instead of an answer: the question is left unanswered


@dataclass(frozen=True)
class Area:
    """An exam area: its id, places among the 25, the topic tags, kinds and rules (number prefixes) that count."""

    id: str
    places: int
    tags: frozenset
    kinds: frozenset = frozenset()
    rules: tuple[str, ...] = ()


AREAS = (
    Area("casting", 4, frozenset({"casting", "costs", "mana", "timing", "modal", "kicker", "x-spells"}),
         frozenset({"can-cast"}),
         ("601", "602", "605", "106", "118", "107.3", "117.1", "304", "305", "307", "700.2", "702.33")),
    Area("turn", 4, frozenset({"turn", "steps", "priority", "stack"}),
         frozenset({"next-step", "which-step", "step-order", "stack"}),
         ("500", "501", "502", "503", "504", "505", "512", "513", "514", "116", "117", "405", "608", "703")),
    Area("sba", 3, frozenset({"sba"}), frozenset(), ("704",)),
    Area("triggers", 4, frozenset({"triggers", "apnap"}), frozenset({"trigger"}), ("603", "101.4")),
    # (Level 1: layer 7, power and toughness; control (layer 2) and copies (layer 1) are beyond it)
    Area("layers", 3, frozenset({"layer-7", "layers"}), frozenset({"layers"}),
         ("604", "611", "612", "613")),
    Area("replacement", 3, frozenset({"replacement", "prevention"}), frozenset({"replacement"}),
         ("614", "615", "616")),
    Area("keywords", 4, frozenset({"keywords", "combat", "blocking", "damage", "targeting", "hexproof", "ward",
                                   "protection"}),
         frozenset({"combat", "can-block", "targeting"}),
         ("702", "506", "507", "508", "509", "510", "511", "115", "120")),
)
# exam level -> its areas (25 places): the level of the questions it prefers (0 a new player ... 2 a Level 1 judge
# candidate, the default, 3 corner cases); the areas and their places are the Level 1 judge exam's at every level
EXAMS = {level: AREAS for level in range(4)}
DEFAULT_LEVEL = 2
# not exam material: vocabulary and rule numbers
_EXCLUDED_KINDS = frozenset({"term", "definition", "old-term", "which-rule"})


def _prefixes() -> list[tuple[str, str]]:
    return sorted(((p, a.id) for a in AREAS for p in a.rules), key=lambda x: -len(x[0]))


_PREFIXES = _prefixes()


def rule_area(rule: str) -> str | None:
    """The area a rule belongs to (the longest prefix that matches it; a prefix matches a whole number).

    >>> rule_area("704.5g"), rule_area("702.33a"), rule_area("702.19b"), rule_area("117.3a"), rule_area("100.1")
    ('sba', 'casting', 'keywords', 'turn', None)
    """
    for prefix, area in _PREFIXES:
        if rule == prefix or (rule.startswith(prefix) and not rule[len(prefix)].isdigit()):
            return area
    return None


def fit(area: Area, topics: Sequence[str], kind: str, rules: Sequence[str]) -> float:
    """How well a question fits `area` (0: not at all): 2 per topic tag of the area, 2 for a kind of the area,
    4 × the share of its rules that are the area's. A question fits when it has one of the area's tags or kinds,
    or a third of its rules in the area."""
    tags = len(set(topics) & area.tags)
    has_kind = kind in area.kinds
    share = sum(rule_area(r) == area.id for r in rules) / len(rules) if rules else 0.0
    if not (tags or has_kind or share >= 1 / 3):
        return 0.0
    return 2 * tags + 2 * has_kind + 4 * share


def pass_mark(total: int) -> int:
    """Right answers needed to pass: 70 % rounded up (18 of 25)."""
    return math.ceil(PASS_SHARE * total - 1e-9)


# ---- building ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ExamItem:
    """One question of an exam, the area it counts for, and its level when known."""

    question: Question
    area: str
    level: int | None = None


@dataclass(frozen=True)
class Exam:
    """An exam: its level, seed, questions in the order asked, each area's places (``planned``: the exam's
    proportions; ``places``: what it got) and the areas that gave places away: ``(area, places given,
    questions available)``."""

    level: int
    seed: int
    items: tuple[ExamItem, ...]
    planned: dict
    places: dict
    given_away: tuple[tuple[str, int, int], ...] = ()

    @property
    def areas(self) -> tuple[Area, ...]:
        return EXAMS[self.level]


@dataclass
class _Candidate:
    question: Question
    fits: dict           # area -> fit
    best: str            # the area it fits best
    level: int | None


def _candidates(exam_seed: int, areas: Sequence[Area]) -> list[_Candidate]:
    """Every card that fits an area, with its question for this exam (cards in the bank's order)."""
    from tutor.quiz import bank

    out = []
    for info in bank.cards():
        if info.kind in _EXCLUDED_KINDS:
            continue
        try:
            q = bank.for_card(info.card, bank.seed_for("exam", exam_seed, info.card), review=True)
        except (QuizError, RuntimeError):  # a scenario checkpoint that asks nothing gradable, a generator's bad luck
            continue
        # its own tags (the card's list also has every topic its rules touch: too wide to say what it is about);
        # a scenario's checkpoint by its rules alone (its file's tags say what the scenario is about, and its
        # checkpoint may ask something else: which step it is, where a card went)
        tags = () if q.kind == "scenario" else q.topic
        fits = {a.id: f for a in areas if (f := fit(a, tags, q.kind, q.rules)) > 0}
        if fits:
            best = max(fits, key=lambda a: (fits[a], -[x.id for x in areas].index(a)))
            out.append(_Candidate(q, fits, best, q.level))
    return out


def _level_rank(found: int | None, wanted: int) -> tuple[int, int]:
    """How well a question of level `found` suits an exam of level `wanted` (smaller is better)."""
    if found is None:
        return (3, 0)
    if found == wanted:
        return (0, 0)
    return (1, wanted - found) if found < wanted else (2, found - wanted)


def _share_out(extra: int, weights: dict) -> dict:
    """`extra` places shared among the areas of `weights` in proportion (largest remainders, then area order)."""
    total = sum(weights.values())
    if not total or extra <= 0:
        return {}
    exact = {a: extra * w / total for a, w in weights.items()}
    got = {a: int(x) for a, x in exact.items()}
    left = extra - sum(got.values())
    for a in sorted(exact, key=lambda a: -(exact[a] - got[a]))[:left]:
        got[a] += 1
    return got


def build_exam(level: int = DEFAULT_LEVEL, seed: int | None = None) -> Exam:
    """The exam of `level` drawn with `seed` (a random seed when None; the exam keeps it): the same level and seed
    always give the same questions in the same order. :class:`~tutor.quiz.model.QuizError` for a level without an
    exam, :class:`~tutor.quiz.model.UnknownQuestion` when no area has a question at all."""
    if level not in EXAMS:
        raise QuizError("quiz.exam.error.level", level=str(level), levels=", ".join(map(str, EXAMS)))
    seed = secrets.randbits(32) if seed is None else seed
    if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    areas = EXAMS[level]
    rng = random.Random(f"exam:{level}:{seed}")
    pool = _candidates(seed, areas)
    order = {a.id: i for i, a in enumerate(areas)}
    queues: dict[str, list[_Candidate]] = {}
    for a in areas:
        mine = [c for c in pool if a.id in c.fits]
        rng.shuffle(mine)
        # questions of the exam's level first, then the levels below (nearest first), then above; within a level
        # the area's own cards first, then the others that fit it best
        mine.sort(key=lambda c: (_level_rank(c.level, level), c.best != a.id, -c.fits[a.id] if c.best != a.id else 0))
        queues[a.id] = mine
    chosen: dict[str, list[_Candidate]] = {a.id: [] for a in areas}
    used_cards: set[str] = set()
    seen: set[str] = set()

    def take(area: str, n: int) -> None:
        queue = queues[area]
        while n > 0 and queue:
            c = queue.pop(0)
            key = c.question.content_key("it")
            if c.question.card in used_cards or key in seen:
                continue
            used_cards.add(c.question.card)
            seen.add(key)
            chosen[area].append(c)
            n -= 1

    planned = {a.id: a.places for a in areas}
    # the areas with the fewest questions choose first (a card that fits two areas goes to the scarcer one)
    for a in sorted(areas, key=lambda a: (sum(c.best == a.id for c in pool), order[a.id])):
        take(a.id, a.places)
    total = sum(planned.values())
    while True:
        short = total - sum(map(len, chosen.values()))
        open_areas = {a.id: a.places for a in areas if queues[a.id]}
        if short <= 0 or not open_areas:
            break
        for area, extra in sorted(_share_out(short, open_areas).items(), key=lambda x: order[x[0]]):
            take(area, extra)
    given_away = tuple((a.id, a.places - len(chosen[a.id]), len(chosen[a.id])) for a in areas
                       if len(chosen[a.id]) < a.places)
    if not any(chosen.values()):
        raise UnknownQuestion("quiz.exam.error.empty")
    items = [ExamItem(c.question, area, c.level) for area in chosen for c in chosen[area]]
    rng.shuffle(items)
    return Exam(level, seed, tuple(items), planned, {a: len(cs) for a, cs in chosen.items()}, given_away)


# ---- judging ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ExamResult:
    """How one question was answered: ``status`` right, wrong, unanswered or malformed (the last two count
    wrong); ``given`` what was typed (None: nothing); ``expected`` the right answer as typed; ``note`` why a
    malformed answer could not be read (in the learner's language)."""

    item: ExamItem
    given: str | None
    status: str
    expected: str
    note: str | None = None
    verdict: object = None

    @property
    def correct(self) -> bool:
        return self.status == "right"


@dataclass(frozen=True)
class ExamReport:
    """The judged exam: results in the order asked, score, pass mark, passed, each area's [right, total], the weak
    areas (under 70 %), and once recorded the cards queued for review and the exam's id in the store."""

    exam: Exam
    lang: str
    results: tuple[ExamResult, ...]
    score: int
    total: int
    pass_mark: int
    passed: bool
    by_area: dict
    weak: tuple[str, ...]
    queued: tuple[str, ...] = ()
    exam_id: int | None = None
    taken: datetime | None = field(default=None, compare=False)

    def to_json(self) -> dict:
        """The ``quiz exam --json`` shape (README.md, "Quiz JSON")."""
        exam = self.exam
        questions = []
        for number, r in enumerate(self.results, 1):
            q = r.item.question
            entry = {"position": number, "id": q.id, "kind": q.kind, "card": q.card, "area": r.item.area,
                     "topics": list(q.topic), "level": r.item.level, "given": r.given, "status": r.status,
                     "expected": r.expected, "correct": r.correct, "rules": list(q.rules)}
            if not r.correct:
                entry["explanation"] = dict(q.explanation)
                if r.note:
                    entry["note"] = r.note
            questions.append(entry)
        areas = [{"area": a.id, "planned": exam.planned[a.id], "places": exam.places[a.id],
                  "right": self.by_area[a.id][0], "total": self.by_area[a.id][1], "weak": a.id in self.weak}
                 for a in exam.areas]
        return {"level": exam.level, "seed": exam.seed, "lang": self.lang, "score": self.score,
                "total": self.total, "pass_mark": self.pass_mark, "passed": self.passed, "areas": areas,
                "given_away": [{"area": a, "places": n, "available": k} for a, n, k in exam.given_away],
                "questions": questions, "weak_areas": list(self.weak), "queued": list(self.queued),
                "exam_id": self.exam_id}


def _skipped(text: str | None) -> bool:
    return text is None or not text.strip() or text.strip() == SKIP


def judge_exam(exam: Exam, answers: Sequence[str | None], lang: str) -> ExamReport:
    """Judge `answers` (one per question in the order asked; missing ones, ``None``, empty ones and ``-`` are
    unanswered) in the learner's language `lang`."""
    results = []
    for index, item in enumerate(exam.items):
        q = item.question
        text = answers[index] if index < len(answers) else None
        expected = expected_text(q, lang)
        if _skipped(text):
            results.append(ExamResult(item, None, "unanswered", expected))
            continue
        try:
            verdict = judge(q, text, lang)
        except AnswerError as exc:
            results.append(ExamResult(item, text, "malformed", expected, exc.message(lang)))
            continue
        results.append(ExamResult(item, verdict.given or text, "right" if verdict.correct else "wrong",
                                  verdict.expected, verdict.note, verdict))
    by_area = {a.id: [0, 0] for a in exam.areas}
    for r in results:
        by_area[r.item.area][0] += r.correct
        by_area[r.item.area][1] += 1
    score, total = sum(r.correct for r in results), len(results)
    mark = pass_mark(total)
    weak = tuple(a for a, (right, n) in by_area.items() if n and right < pass_mark(n))
    return ExamReport(exam, lang, tuple(results), score, total, mark, score >= mark,
                      {a: tuple(v) for a, v in by_area.items()}, weak)


def record_exam(store, report: ExamReport, now: datetime | None = None) -> ExamReport:
    """Store the exam (one transaction) and queue the cards of its weak areas' questions for review; the report
    with the queued card ids and the exam's id. :class:`~tutor.progress.ProgressError` when the store fails."""
    from tutor.progress import ExamQuestionRecord
    from tutor.progress.clock import utc

    weak = set(report.weak)
    rows = [ExamQuestionRecord(n, r.item.question.id, r.item.question.card, r.item.area, r.given, r.correct,
                               r.item.area in weak) for n, r in enumerate(report.results, 1)]
    moment = utc(now)
    stored = store.record_exam(taken=moment, level=report.exam.level, seed=report.exam.seed, lang=report.lang,
                               score=report.score, total=report.total, passed=report.passed,
                               areas={a: list(v) for a, v in report.by_area.items()}, questions=rows)
    queued = tuple(dict.fromkeys(r.card_key for r in rows if r.queued))
    return replace(report, queued=queued, exam_id=stored.id, taken=moment)


# ---- the report in words ------------------------------------------------------------------------------------------
def area_name(area: str, lang: str) -> str:
    """An area's name in the learner's language."""
    return t(f"quiz.exam.area.{area}", lang)


def kind_name(kind: str, lang: str) -> str:
    """A question kind's name (``quiz.kind.<kind>``; the kind itself for one the catalog does not name yet)."""
    from tutor.i18n import catalog

    return t(f"quiz.kind.{kind}", lang) if f"quiz.kind.{kind}" in catalog(lang) else kind


def report_lines(report: ExamReport, lang: str, *, review_hint: str | None = None) -> list[str]:
    """The report as lines of plain text in `lang` (the CLI prints them; the app shows them): the score and
    verdict, each area, the places given away, every wrong answer with the right one, its explanation and rules,
    and what was queued for review (`review_hint`: how to review, e.g. the command)."""
    from tutor.quiz.feedback import answer_lines, expected_words

    share = f"{report.score / report.total:.0%}" if report.total else "—"
    lines = [t("quiz.exam.score", lang, level=report.exam.level, score=report.score, total=report.total,
               share=share),
             t("quiz.exam.passed" if report.passed else "quiz.exam.failed", lang, mark=report.pass_mark,
               total=report.total), "", t("quiz.exam.by_area", lang)]
    for a in report.exam.areas:
        right, n = report.by_area[a.id]
        mark = t("quiz.exam.weak_mark", lang) if a.id in report.weak else ""
        if n:
            lines.append(f"  • {area_name(a.id, lang)}: {right}/{n}{mark}")
        else:
            lines.append(f"  • {area_name(a.id, lang)}: —")
    for area, given, available in report.exam.given_away:
        lines.append(t("quiz.exam.given_away_none" if not available else "quiz.exam.given_away", lang,
                       area=area_name(area, lang), n=given, available=available))
    lines += ["", t("quiz.exam.list_title", lang)]
    for number, r in enumerate(report.results, 1):
        area = area_name(r.item.area, lang)
        if r.correct:
            lines.append("  " + t("quiz.exam.line_right", lang, number=number, area=area, given=r.given))
        elif r.given is None:
            lines.append("  " + t("quiz.exam.line_none", lang, number=number, area=area, expected=r.expected))
        else:
            lines.append("  " + t("quiz.exam.line_wrong", lang, number=number, area=area, given=r.given,
                                  expected=r.expected))
    wrong = [(n, r) for n, r in enumerate(report.results, 1) if not r.correct]
    if wrong:
        lines += ["", t("quiz.exam.wrong_title", lang, n=len(wrong))]
    for number, r in wrong:
        q = r.item.question
        lines += ["", t("quiz.exam.question_head", lang, number=number, total=report.total,
                        area=area_name(r.item.area, lang), kind=kind_name(q.kind, lang))]
        lines.append(q.prompt[lang])
        for i, option in enumerate(q.options or (), 1):
            lines.append(f"  {i}) {option[lang]}")
        if r.status == "unanswered":
            lines.append(t("quiz.exam.unanswered", lang))
        elif r.status == "malformed":
            lines.append(t("quiz.exam.malformed", lang, given=r.given, note=r.note or ""))
        else:
            lines.append(t("quiz.exam.given", lang, given=r.given))
        lines.append(t("quiz.wrong", lang, expected=expected_words(q, lang)))
        if r.verdict is not None:
            lines.extend(answer_lines(q, r.verdict, lang))
        lines.append(q.explanation[lang])
        if q.rules:
            lines.append(t("quiz.rules", lang, rules=", ".join(q.rules)))
    if report.queued:
        lines += ["", t("quiz.exam.queued", lang, n=len(report.queued),
                        areas="; ".join(area_name(a, lang) for a in report.weak))]
        if review_hint:
            lines.append(review_hint)
    return lines
