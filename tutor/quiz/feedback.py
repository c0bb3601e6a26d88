"""What a learner is told about an answer besides right or wrong (UI-agnostic: plain strings).

* :func:`expected_words` and :func:`answer_lines`: after a wrong answer, the right answer in words (the options'
  texts, not only their numbers): the right option; for a select-all, the right options that were missed and
  the options chosen wrongly; for an order, the right order; for a choice whose options say what they are
  (:attr:`~tutor.quiz.model.Question.option_notes`: a definition question), what the option chosen is instead. The question's explanation, with the rules that decide, follows it on
  every screen.
* :func:`grade_text`: how the answer was graded for spaced repetition, in the learner's terms (wrong → soon
  again; right with a hint or slowly → soon; right → later; right quickly → later still), from the same rating
  policy the scheduler used (:meth:`tutor.quiz.scheduler.RatingPolicy.reason`).

>>> from tutor.quiz.model import Question, Verdict
>>> q = Question(id="x", kind="demo", card="x", topic=("demo",), difficulty=1, prompt={"it": "?", "ru": "?"},
...              options=({"it": "uno", "ru": "один"}, {"it": "due", "ru": "два"}, {"it": "tre", "ru": "три"}),
...              answer_format="choices", answer=[1, 3], explanation={"it": "", "ru": ""})
>>> answer_lines(q, Verdict(False, "1,3", given="1,2"), "it")
["Giusta, ma non l'hai scelta: 3) tre", "L'hai scelta, ma non è giusta: 2) due"]
"""

from __future__ import annotations

from tutor.i18n import t

__all__ = ["answer_lines", "expected_words", "grade_text", "option_label"]


ORDER_SEPARATOR = " · "


def option_label(q, number: int, lang: str) -> str:
    """An option as the learner saw it: ``2) Aura``."""
    return f"{number}) {q.options[number - 1][lang]}"


def _given_numbers(given: str) -> list[int]:
    return [int(x) for x in given.split(",") if x.strip().isdigit()]


def expected_words(q, lang: str) -> str:
    """The expected answer as a wrong answer's verdict names it: a single choice with its option's text
    (``2) Aura``), any other answer as it is typed (``1,3``, ``16``, a term)."""
    from tutor.quiz.model import expected_text

    if q.answer_format == "choice":
        return option_label(q, q.answer, lang)
    return expected_text(q, lang)


def answer_lines(q, verdict, lang: str) -> list[str]:
    """The right answer in words after a wrong answer (nothing after a right one, nor for a number or a term:
    the verdict already says it)."""
    if verdict.correct or not q.options:
        return []
    fmt = q.answer_format

    def labels(numbers) -> str:
        return "; ".join(option_label(q, n, lang) for n in numbers)

    if fmt == "choice":  # the verdict names the right one (expected_words); the one chosen: what it is instead
        given = _given_numbers(verdict.given)
        notes = q.option_notes
        note = notes[given[0] - 1] if given and given[0] <= len(notes) and notes[given[0] - 1] else None
        return [note[lang]] if note and note[lang] else []
    if fmt == "order":  # (not an arrow between the options: an option may have one of its own, «Shock → B»)
        return [t("quiz.feedback.right_order", lang,
                  order=ORDER_SEPARATOR.join(option_label(q, n, lang) for n in q.answer))]
    right, chosen = set(q.answer), set(_given_numbers(verdict.given))
    missed, extra = sorted(right - chosen), sorted(chosen - right)
    lines = []
    if missed:
        lines.append(t("quiz.feedback.missed", lang, n=len(missed), options=labels(missed)))
    if extra:
        lines.append(t("quiz.feedback.extra", lang, n=len(extra), options=labels(extra)))
    return lines


def grade_text(reason: str, lang: str, *, fast_s: float = 0, slow_s: float = 0) -> str:
    """How an answer was graded, in words (`reason`: :meth:`~tutor.quiz.scheduler.RatingPolicy.reason`;
    `fast_s` / `slow_s`: the answer times, in seconds, under which it is quick and over which it is slow)."""
    return t(f"quiz.grade.{reason}", lang, fast=f"{fast_s:.0f}", slow=f"{slow_s:.0f}")
