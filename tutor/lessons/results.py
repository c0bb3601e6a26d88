"""What the lesson runtime hands a player: language-neutral records whose texts are asked for in a language
(``result.message("ru")``), so that a player can switch language mid-lesson without losing the position."""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.engine_text import illegal_text
from tutor.i18n import pick, t
from tutor.lessons.links import TextPart, plain_text, split_text

__all__ = ["AnswerResult", "EventLine", "Hint", "MoveResult", "Option", "Problem", "lessons_named", "parts_of",
           "stars_text", "text_of"]


def stars_text(n: int) -> str:
    """★★☆ for 2 of 3 stars (what earns them: the catalog's ``lesson.finished`` and ``app.lessons.stars_legend``)."""
    return "★" * n + "☆" * (3 - n)


def lessons_named(lessons, lang: str) -> str:
    """Lessons as a learner finds them on the map and in ``lesson list``: by number and title
    ("la lezione 8 («Bloccare: …»)")."""
    return ", ".join(t("lesson.numbered", lang, n=x.order, title=text_of(x.title, lang)) for x in lessons)


def text_of(texts: dict | None, lang: str) -> str:
    """A bilingual lesson text in `lang`, as read (``[[links]]`` replaced by their words)."""
    return plain_text(pick(texts, lang), lang) if texts else ""


def parts_of(texts: dict | None, lang: str) -> list[TextPart]:
    """A bilingual lesson text in `lang`, cut into plain text, concept links and rule links."""
    return split_text(pick(texts, lang), lang) if texts else []


@dataclass(frozen=True)
class EventLine:
    """An event of the game with its rules; `text(lang)` is the sentence of the event log."""

    event: object
    _cards: dict = field(repr=False, compare=False, default_factory=dict)
    _names: dict = field(repr=False, compare=False, default_factory=dict)

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule numbers that justify the event."""
        return tuple(self.event.rules)

    @property
    def kind(self) -> str:
        """The event's kind (``pass``, ``draw``, …)."""
        return self.event.kind

    def text(self, lang: str) -> str:
        """The event as a sentence followed by its rule numbers: ``Giocatore A passa. [117.3d]``."""
        from tutor.events_text import render_event

        return render_event(self.event, self._cards, lang, self._names)


@dataclass(frozen=True)
class Option:
    """An answer option of a question: its id (what `LessonSession.answer` takes) and its text."""

    id: object
    texts: dict | None = None
    key: str | None = None  # a catalog key instead of texts (yes / no of a legal question)

    def text(self, lang: str) -> str:
        return t(self.key, lang) if self.key else text_of(self.texts, lang)


@dataclass(frozen=True)
class Hint:
    """The `level`-th of three hints (1 a nudge, 2 the rule area, 3 the answer with its rule)."""

    level: int
    texts: dict | None = None
    fields: dict = field(default_factory=dict)  # a default hint: catalog key lesson.hint.default<level> and its fields
    total: int = 3

    def text(self, lang: str) -> str:
        if self.texts is not None:
            return text_of(self.texts, lang)
        f = {k: (v(lang) if callable(v) else v) for k, v in self.fields.items()}
        return t(f"lesson.hint.default{self.level}", lang, **f)

    def parts(self, lang: str) -> list[TextPart]:
        return split_text(self.text(lang), lang) if self.texts is None else parts_of(self.texts, lang)

    def heading(self, lang: str) -> str:
        """``Suggerimento 1/3`` / ``Подсказка 1/3``."""
        return t("lesson.hint_heading", lang, n=self.level, total=self.total)


@dataclass(frozen=True)
class MoveResult:
    """The outcome of a learner's move: ``accepted``, ``other`` (legal, but not what this step asks: the
    lesson's message), ``illegal`` (the engine's reason and rule; nothing changed), ``mana`` (a mana ability
    on the way to the step's move: played, no mistake, the step still waits), ``mana_idle`` (a mana ability
    this step has no use for: not played, no mistake) or ``not_now`` (this step takes no move). `mark` is
    what a player puts before the message: ✓, ✗, or · for the mana abilities."""

    kind: str
    texts: dict | None = None  # other: the lesson's message
    refusal: object = None  # illegal: the engine's IllegalAction
    explain: dict | None = None  # accepted: the step's explanation, if any
    events: tuple[EventLine, ...] = ()

    @property
    def accepted(self) -> bool:
        """Whether the move was played."""
        return self.kind == "accepted"

    @property
    def rule(self) -> str | None:
        return self.refusal.rule if self.refusal is not None else None

    @property
    def mark(self) -> str:
        """``✓`` for an accepted move, ``·`` for a mana ability on the way, ``✗`` otherwise."""
        return {"accepted": "✓", "mana": "·", "mana_idle": "·"}.get(self.kind, "✗")

    def message(self, lang: str) -> str:
        if self.kind == "mana":
            return t("lesson.mana_on_the_way", lang)
        if self.kind == "mana_idle":
            return t("lesson.mana_not_needed", lang)
        if self.kind == "illegal":
            return t("lesson.illegal", lang, reason=illegal_text(self.refusal, lang))
        if self.kind == "other":
            return text_of(self.texts, lang)
        if self.kind == "accepted":
            return text_of(self.explain, lang) if self.explain else t("lesson.move_ok", lang)
        return t("lesson.no_move_now", lang)


@dataclass(frozen=True)
class AnswerResult:
    """The outcome of an answer: right or not, the right answer (`expected`), the explanation (to show once
    the step is solved: right, or `revealed` after three wrong answers), and for a wrong answer its `reason`
    (`tutor.lessons.reasons.Reason`: why it is wrong and the rule that decides)."""

    correct: bool
    expected: object
    explain: dict | None
    reason: object = None
    revealed: bool = False
    expected_texts: tuple = ()  # the right answer in words: Option records in order

    def message(self, lang: str) -> str:
        """``Giusto!``, or why the answer is wrong (with the rule that decides)."""
        if self.correct:
            return t("lesson.right", lang)
        return self.reason.text(lang) if self.reason is not None else t("lesson.wrong", lang)

    def explanation(self, lang: str) -> str:
        return text_of(self.explain, lang) if (self.correct or self.revealed) and self.explain else ""

    def answer_text(self, lang: str) -> str:
        """The right answer in words (for a revealed or a right answer)."""
        return ", ".join(o.text(lang) for o in self.expected_texts) if self.expected_texts else str(self.expected)


@dataclass(frozen=True)
class Problem:
    """Something a lesson says that the engine contradicts, or a step that cannot be played: where it is
    (``file:line``) and a catalog message (``lesson.problem.<key>``) with its fields (a field may be a function
    of the language, such as an engine refusal in words)."""

    where: str
    key: str
    fields: dict = field(default_factory=dict)

    def text(self, lang: str) -> str:
        fields = {k: str(v(lang) if callable(v) else v) for k, v in self.fields.items()}
        return f"{self.where}: " + t(f"lesson.problem.{self.key}", lang, **fields)
