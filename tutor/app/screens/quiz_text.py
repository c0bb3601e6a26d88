"""The texts of the quiz screen that need no widget: the next due date, and the explanation with its links.

No Textual here: `tutor.app.screens.quiz` shows them.
"""

from __future__ import annotations

from datetime import datetime

from rich.text import Text

from tutor.i18n import t
from tutor.quiz.when import due_text
from tutor.render import safe_text

__all__ = ["due_text", "explanation_links", "summary_text"]


def _concept_target(kb, cid: str, ui: str):
    """The glossary entry of a concept in `ui` (else in the other language), or None when the sources have none."""
    from tutor.views.locations import EntryLocation

    entries = kb.concept_entries(cid)
    entries.sort(key=lambda e: kb.entry(e).lang != ui)
    return EntryLocation(entries[0]) if entries else None


def explanation_links(kb, q, ui: str) -> tuple[str, list]:
    """The explanation of question `q` in `ui`, its rules and its glossary concepts, as one text and its links:
    every rule number (checked against the knowledge base, `tutor.views.links.text_links`) and every concept that
    has an entry."""
    from tutor.i18n.terms import concept_name
    from tutor.views.links import TextLink, text_links

    text = safe_text(q.explanation[ui]).plain.rstrip()  # controls dropped before the links are placed
    links = list(text_links(kb, text))
    missing = [n for n in q.rules if n not in {x.number for x in links}]
    if missing:  # the rules the explanation does not cite itself
        text += "\n" + t("quiz.rules", ui, rules=", ".join(missing))
        links = list(text_links(kb, text))
    named = []
    for cid in q.concepts:
        target = _concept_target(kb, cid, ui)
        if target is None:
            continue
        try:
            named.append((concept_name(cid, ui), target))
        except KeyError:
            continue
    if named:
        text += "\n" + t("quiz.app.concepts", ui) + " "
        for i, (name, target) in enumerate(named):
            if i:
                text += ", "
            links.append(TextLink(len(text), len(text) + len(name), name, target))
            text += name
    return text, links


def summary_text(s, ui: str, now: datetime, tz=None, capped: str | None = None) -> Text:
    """The end of a session (`s`: a :class:`~tutor.quiz.session.SessionSummary`): answers, right ones, hints, each
    kind, the next due date; or that there was nothing to do today. `capped`: that the day's cap of new questions
    holds some back (its value and where to change it), followed by the key for more now."""
    more = [Text(capped), Text(t("quiz.more.app", ui), style="bold")] if capped else []
    if s.planned == 0:
        if more:
            return Text("\n").join([*more, Text("\n" + t("quiz.app.again", ui), style="dim")])
        return Text(t("quiz.session.nothing", ui) + "\n\n" + t("quiz.app.again", ui))
    share = f"{s.correct / s.answered:.0%}" if s.answered else "—"
    lines = [Text(t("quiz.app.done", ui), style="bold"),
             Text(t("quiz.session.summary", ui, answered=s.answered, correct=s.correct, share=share, new=s.new))]
    if s.hints:
        lines.append(Text(t("quiz.app.hints_used", ui, n=s.hints)))
    for kind, (answered, correct) in s.by_kind.items():
        lines.append(Text(t("quiz.app.by_kind", ui, kind=t(f"quiz.kind.{kind}", ui), correct=correct,
                            answered=answered)))
    if s.next_due is not None:
        lines.append(Text(due_text(s.next_due, now, ui, tz)))
    if more:
        lines.extend([Text(""), *more])
    lines.append(Text("\n" + t("quiz.app.again", ui), style="dim"))
    return Text("\n").join(lines)
