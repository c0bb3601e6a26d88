"""The question model and the judging of answers: plain data, no UI, no printing.

A :class:`Question` is what every source builds (glossary, rules, scenarios, engine situations) and what a screen
shows: a stable ``id`` (a generated question's id ends with ``@<seed>``, so the id alone rebuilds it), its
``kind``, the FSRS ``card`` it trains (a fixed question's own id; a generated question's *family*, e.g.
``combat:trample``), ``topic`` tags, a ``difficulty`` (1 easy … 3 hard), texts in Italian and Russian
(``prompt``, ``options``, ``explanation``, ``hints``: each ``{"it": …, "ru": …}``), the ``answer_format`` and the
expected ``answer``, the ``rules`` it cites (Foundations numbers) and the glossary ``concepts`` it links.

Answer formats and what a learner types (:func:`judge` reads it, :func:`expected_text` writes the expected
answer in the same form):

=========  ==========================================  ====================================================
format     ``answer`` (language-neutral)               typed
=========  ==========================================  ====================================================
choice     the right option's number (1-based)         ``2``
choices    the right options' numbers, ascending       ``1,3`` (any order, spaces allowed)
order      every option's number in the right order    ``3,1,2``
number     an integer                                  ``16`` (``-2`` and ``−2`` too)
text       ``{"it": [names], "ru": [names]}``          a name: case, accents, ё, one typo are forgiven
=========  ==========================================  ====================================================

A malformed answer (``x`` for a choice, ``5`` of 4 options, a repeated number in an order) raises
:class:`AnswerError`: it is not a wrong answer and is not recorded.

>>> q = Question(id="x", kind="demo", card="x", topic=("demo",), difficulty=1, prompt={"it": "?", "ru": "?"},
...              options=({"it": "uno", "ru": "один"}, {"it": "due", "ru": "два"}), answer_format="choice",
...              answer=2, explanation={"it": "", "ru": ""})
>>> judge(q, " 2 ", "it").correct, judge(q, "1", "it").correct, expected_text(q, "it")
(True, False, '2')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.i18n import LANGS, t

__all__ = ["FORMATS", "AnswerError", "Question", "QuizError", "Rejected", "Texts", "UnknownQuestion", "Verdict",
           "both", "expected_text", "judge", "parse_generated_id"]

FORMATS = ("choice", "choices", "order", "number", "text")
_GENERATED = re.compile(r"^([a-z][a-z-]*:[a-z0-9][a-z0-9-]*)@(\d{1,10})$")
_NUMBER = re.compile(r"^[+\-\u2212]?\d{1,9}$")
MAX_SEED = 2**32 - 1


class QuizError(Exception):
    """A translatable quiz error: ``key`` names a catalog message (``quiz.error.*``), ``fields`` fill it."""

    def __init__(self, key: str, /, **fields: object) -> None:
        super().__init__(f"{key}: {fields}")
        self.key = key
        self.fields = fields

    def message(self, lang: str) -> str:
        """The error in the interface language."""
        return t(self.key, lang, **self.fields)


class AnswerError(QuizError):
    """A malformed answer (not a wrong one): the learner is told how to answer and asked again."""


class UnknownQuestion(QuizError):
    """No question has this id (unknown kind, concept, scenario, seed out of range …)."""


class Rejected(Exception):
    """A generator's draw is trivial or ambiguous: it draws again (never seen outside the generators)."""


def draw(family: str, seed: int, attempt, tries: int = 200):
    """The question ``family@seed``: `attempt(family, seed, rng)` drawn again on `Rejected`, from one random
    stream seeded by the id, so that the same id always gives the same question."""
    import random

    rng = random.Random(f"{family}@{seed}")
    for _ in range(tries):
        try:
            return attempt(family, seed, rng)
        except Rejected:
            continue
    raise RuntimeError(f"{family}@{seed}: no acceptable position in {tries} draws")  # pragma: no cover


@dataclass(frozen=True)
class Question:
    """One question (see the module docstring). ``data`` holds JSON-able particulars: for an engine question the
    position as a scenario (``data["position"]``: setup and actions, lessons/README.md) and its test creatures
    (``data["test_cards"]``), so that anyone can replay it on the engine; for a text question the names that
    must not pass for a typo (``data["reject"]``)."""

    id: str
    kind: str
    card: str
    topic: tuple[str, ...]
    difficulty: int
    prompt: dict
    options: tuple[dict, ...] | None
    answer_format: str
    answer: Any
    explanation: dict
    rules: tuple[str, ...] = ()
    concepts: tuple[str, ...] = ()
    hints: tuple[dict, ...] = ()
    expected_ms: int = 20_000
    family: str | None = None
    seed: int | None = None
    data: dict = field(default_factory=dict, compare=False)
    # per option, what a wrong choice of it is instead (texts, empty or None: nothing to say), for the feedback
    option_notes: tuple = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.answer_format not in FORMATS:
            raise ValueError(f"unknown answer format {self.answer_format!r}")
        if (self.options is None) != (self.answer_format in ("number", "text")):
            raise ValueError(f"{self.id}: options go with choice, choices and order only")
        for text in (self.prompt, self.explanation, *(self.options or ()), *self.hints):
            if not isinstance(text, Texts) and not all(isinstance(text.get(lang), str) for lang in LANGS):
                raise ValueError(f"{self.id}: every text needs {', '.join(LANGS)}")

    @property
    def level(self) -> int:
        """Its level: 0 a new player, 1 a regular player, 2 a Level 1 judge candidate, 3 a corner case
        (:mod:`tutor.quiz.levels`)."""
        from tutor.quiz.levels import level

        return level(self)

    def to_public(self) -> dict:
        """The question without its answer (the ``quiz next --json`` shape)."""
        from tutor.quiz.topics import topics_for_rules

        topics = list(self.topic) if "glossary" in self.topic else list(  # its own, then its rules' (not a term's)
            dict.fromkeys((*self.topic, *topics_for_rules(self.rules))))
        return {"id": self.id, "kind": self.kind, "topic": topics, "level": self.level,
                "prompt": dict(self.prompt), "options": None if self.options is None else [dict(o) for o in self.options],
                "answer_format": self.answer_format, "rules": list(self.rules)}

    def content_key(self, lang: str = "it") -> str:
        """What makes two questions the same question: their texts (in `lang`; the other language's are its
        translation) and their answer, not their ids."""
        import json

        return json.dumps([self.kind, self.prompt[lang], [o[lang] for o in self.options or ()], self.answer],
                          sort_keys=True, ensure_ascii=False)


@dataclass(frozen=True)
class Verdict:
    """How an answer was judged: right or wrong, the expected answer in the typed form, and a note in the
    learner's language when a text answer was accepted although not exact (a typo, another keyboard layout)."""

    correct: bool
    expected: str
    note: str | None = None
    given: str = ""


class Texts(Mapping):
    """A text in every interface language, ``{"it": …, "ru": …}``, each rendered when first read (a question's
    explanation costs nothing until it is shown)."""

    __slots__ = ("_render", "_done")

    def __init__(self, render) -> None:
        self._render = render
        self._done: dict[str, str] = {}

    def __getitem__(self, lang: str) -> str:
        if lang not in LANGS:
            raise KeyError(lang)
        text = self._done.get(lang)
        if text is None:
            text = self._done[lang] = self._render(lang)
        return text

    def __iter__(self):
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)

    def __repr__(self) -> str:
        return repr(dict(self))


def both(render) -> Texts:
    """``{lang: render(lang)}`` for every interface language (rendered on first use)."""
    return Texts(render)


def parse_generated_id(question_id: str) -> tuple[str, int] | None:
    """``"combat:trample@42"`` → ``("combat:trample", 42)``; None for a fixed question's id.

    >>> parse_generated_id("combat:trample@42"), parse_generated_id("term:it-ru:graveyard")
    (('combat:trample', 42), None)
    """
    m = _GENERATED.match(question_id)
    if not m:
        return None
    seed = int(m.group(2))
    if seed > MAX_SEED:
        raise UnknownQuestion("quiz.error.unknown_id", id=question_id)
    return m.group(1), seed


# ---- judging ------------------------------------------------------------------------------------------------
def _numbers(text: str, q: Question) -> list[int]:
    parts = [p.strip() for p in re.split(r"[,;\s]+", text.strip()) if p.strip()]
    n = len(q.options or ())
    if not parts or not all(p.isdigit() for p in parts):
        raise AnswerError(f"quiz.error.format_{q.answer_format}", n=n)
    values = [int(p) for p in parts]
    if any(not 1 <= v <= n for v in values):
        raise AnswerError("quiz.error.out_of_range", n=n)
    if len(set(values)) != len(values):
        raise AnswerError("quiz.error.repeated", n=n)
    return values


def expected_text(q: Question, lang: str) -> str:
    """The expected answer written as the learner would type it (a text answer: its first name in `lang`)."""
    a = q.answer
    if q.answer_format == "choice":
        return str(a)
    if q.answer_format in ("choices", "order"):
        return ",".join(str(x) for x in a)
    if q.answer_format == "number":
        return str(a)
    return a[lang][0] if a.get(lang) else next(v[0] for v in a.values() if v)


def judge(q: Question, text: str, lang: str) -> Verdict:
    """Judge the typed answer `text` to `q` (`lang`: the learner's language, for text answers and notes).

    Raises :class:`AnswerError` when `text` is not an answer of the question's format."""
    from glossary.search import clean_query

    raw = clean_query(text or "")
    expected = expected_text(q, lang)
    fmt = q.answer_format
    if not raw:
        raise AnswerError("quiz.error.empty")
    if fmt == "choice":
        values = _numbers(raw, q)
        if len(values) != 1:
            raise AnswerError("quiz.error.format_choice", n=len(q.options or ()))
        return Verdict(values[0] == q.answer, expected, given=str(values[0]))
    if fmt == "choices":
        values = sorted(_numbers(raw, q))
        return Verdict(values == list(q.answer), expected, given=",".join(map(str, values)))
    if fmt == "order":
        values = _numbers(raw, q)
        if len(values) != len(q.options or ()):
            raise AnswerError("quiz.error.format_order", n=len(q.options or ()))
        return Verdict(values == list(q.answer), expected, given=",".join(map(str, values)))
    if fmt == "number":
        from tutor.numbers import parse_number

        compact = raw.replace(" ", "")
        if _NUMBER.match(compact):
            value = int(compact.replace("\u2212", "-"))
        elif (value := parse_number(raw)) is None:  # a number word: «sedici», «шестнадцать»
            raise AnswerError("quiz.error.format_number")
        return Verdict(value == q.answer, expected, given=str(value))
    return _judge_text(q, raw, lang, expected)


def _judge_text(q: Question, raw: str, lang: str, expected: str) -> Verdict:
    """A name: exact after folding (case, accents, ё, punctuation), or typed on the other keyboard layout, or
    one typo away (letters wrong, missing, extra or swapped) from an accepted name that is long enough — unless
    it is exactly another term's name."""
    from rapidfuzz.distance import OSA

    from glossary.lang import layout_to_latin, layout_to_russian, script
    from glossary.text import name_key

    accepted = [name_key(n) for n in q.answer.get(lang) or []] or [name_key(expected)]
    reject = {name_key(n) for n in q.data.get("reject", {}).get(lang, ())}
    given = name_key(raw)
    if not given:
        raise AnswerError("quiz.error.empty")
    if given in accepted:
        return Verdict(True, expected, given=raw)
    want_script = script(expected)
    if script(raw) != want_script:
        relaid = name_key(layout_to_russian(raw) if want_script == "ru" else layout_to_latin(raw))
        if relaid in accepted:
            return Verdict(True, expected, t("quiz.note.layout", lang, expected=expected), given=raw)
    if given not in reject:
        for key in accepted:
            if len(key) >= 4 and OSA.distance(given, key) == 1:
                return Verdict(True, expected, t("quiz.note.typo", lang, expected=expected), given=raw)
    return Verdict(False, expected, given=raw)
