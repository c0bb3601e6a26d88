"""Why an answer to a lesson question is wrong, for every kind of question.

A wrong answer is told what is wrong with it and the rule that decides, without the right answer (that comes
with the third hint, or after three wrong answers): first the lesson's own "why" for a known misconception
(an option's ``why``; a ``wrong`` entry of a number or order question; the question's ``why``), otherwise what
the answer is not — the option that is not right; for select-all the right options missed and the wrong ones
picked (then their own whys); for an order the first pair put the wrong way round; for a number whether it is too high or too low;
for a yes/no question the engine's own reason for refusing the action, or that no rule forbids it. The rule
that decides (a legal question's ``rule``, else the first of the question's ``rules``) ends the reason unless
the reason already cites a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.i18n import t
from tutor.lessons.links import rule_links
from tutor.lessons.results import text_of

__all__ = ["Reason", "deciding_rule", "wrong_reason"]


@dataclass(frozen=True)
class Reason:
    """Sentences (a lesson text ``{it, ru}``, or a catalog key with its fields, a field possibly a function of
    the language) followed by the rule that decides, unless a sentence cites a rule already."""

    parts: tuple
    rule: str | None = None

    def text(self, lang: str) -> str:
        out = []
        for part in self.parts:
            if isinstance(part, tuple):
                key, fields = part
                out.append(t(key, lang, **{k: (v(lang) if callable(v) else v) for k, v in fields.items()}))
            else:
                out.append(text_of(part, lang))
        text = " ".join(s for s in out if s)
        if self.rule and not rule_links(text):
            text += " " + t("lesson.reason.rule", lang, rule=self.rule)
        return text


def deciding_rule(body: dict) -> str:
    """The rule that decides a question: a legal question's ``rule``, else the first of its ``rules``."""
    return body.get("rule") or body["rules"][0]


def _option_texts(body: dict) -> dict:
    return {o["id"]: o for o in body.get("options") or []}


def _names(options: list[dict]):
    return lambda lang: "; ".join(text_of(o["text"], lang) for o in options)


def wrong_reason(body: dict, given, expected, refusal=None) -> Reason:
    """Why `given` is not the answer (`expected`) to the question `body` (an ``ask`` mapping). `refusal` is
    the engine's IllegalAction for a legal question's action, when the engine refuses it."""
    kind, rule = body["kind"], deciding_rule(body)
    options = _option_texts(body)
    general = body.get("why")
    if kind == "choice":
        why = options[given].get("why") or general
        if why:
            return Reason((why,), rule)
        return Reason((("lesson.reason.choice", {"option": _names([options[given]])}),), rule)
    if kind == "choices":
        picked_wrong = [options[x] for x in given if x not in expected]
        missed = [options[x] for x in expected if x not in given]
        parts: list = [(key, {"n": len(group), "options": _names(group)}) for group, key in
                       ((missed, "lesson.reason.missed"), (picked_wrong, "lesson.reason.not_right")) if group]
        parts += [o["why"] for o in missed + picked_wrong if o.get("why")]
        if general:
            parts.append(general)
        return Reason(tuple(parts), rule)
    if kind == "order":
        pos = {x: i for i, x in enumerate(given)}
        for entry in body.get("wrong") or []:
            first, later = entry["before"]
            if pos[first] < pos[later]:
                return Reason((entry["why"],), rule)
        if general:
            return Reason((general,), rule)
        i = next(i for i, (g, e) in enumerate(zip(given, expected)) if g != e)
        return Reason((("lesson.reason.order", {"first": _names([options[expected[i]]]),
                                                  "later": _names([options[given[i]]])}),), rule)
    if kind == "number":
        for entry in body.get("wrong") or []:
            values = entry["value"] if isinstance(entry["value"], list) else [entry["value"]]
            if given in values:
                return Reason((entry["why"],), rule)
        if general:
            return Reason((general,), rule)
        key = "lesson.reason.too_high" if given > expected else "lesson.reason.too_low"
        return Reason(((key, {"n": given}),), rule)
    # legal: yes / no
    if general:
        return Reason((general,), rule)
    if expected:
        return Reason((("lesson.reason.allowed", {}),), rule)
    if refusal is not None:
        from tutor.engine_text import illegal_text

        return Reason((("lesson.reason.refused", {"reason": lambda lang: illegal_text(refusal, lang)}),), None)
    return Reason((("lesson.reason.forbidden", {}),), rule)
