"""What `mtg-tutor explain` and the app's Explain screen add to `glossary.explain.view` in the learner's language:
the one-line explanation of a power/toughness (a change, a value, a value an effect sets) and the mark of a name that
is not official."""

from __future__ import annotations

from tutor.i18n import t

__all__ = ["MARKED", "localize", "status_mark"]

MARKED = ("community", "none", "unverified", "obsolete")  # the statuses a name is marked with


def localize(data: dict) -> dict:
    """`data` (the view of one text) with each power/toughness's definition written in its language (in place)."""
    lang = data["lang"]
    for term in data["terms"]:
        pt = term.get("pt")
        if pt and not term.get("definition"):
            term["definition"] = t(f"explain.pt.{pt['change']}", lang, power=pt["power"], toughness=pt["toughness"])
    return data


def status_mark(status: str | None, lang: str) -> str:
    """The short mark shown by a name that is not official ("" for an official name or an unknown status).

    >>> status_mark("community", "ru"), status_mark("official", "it"), status_mark(None, "it")
    ('(неофициально: так говорят игроки)', '', '')
    """
    return t(f"explain.status.{status}", lang) if status in MARKED else ""
