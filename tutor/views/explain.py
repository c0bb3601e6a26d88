"""What `mtg-tutor explain` and the app's Explain screen add to `glossary.explain.view` in the learner's language:
the one-line explanation of a power/toughness (a change, a value, a value an effect sets) and the mark of a name that
is not official."""

from __future__ import annotations

from tutor.i18n import t

__all__ = ["MARKED", "localize", "name_like", "status_mark"]

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


def name_like(data: dict) -> str | None:
    """The first run of unknown capitalised words that is not at the start of a sentence ("Ambush Viper" in "When
    Ambush Viper enters"): perhaps the card's name; None when there is none.

    >>> name_like({"text": "When Ambush Viper enters, Blorp.", "unknown": [{"text": "Ambush", "start": 5, "end": 11},
    ...     {"text": "Viper", "start": 12, "end": 17}, {"text": "Blorp", "start": 27, "end": 32}]})
    'Ambush Viper'
    """
    text = data["text"]
    run: list[dict] = []
    for u in [*data["unknown"], None]:
        word = u is not None and u["text"][:1].isupper() and not u["text"].isupper()
        if word and run and text[run[-1]["end"]:u["start"]] in (" ", ", "):
            run.append(u)
            continue
        if run:
            before = text[:run[0]["start"]].rstrip()
            if before and before[-1] not in ".!?:\n(\u2014":
                return text[run[0]["start"]:run[-1]["end"]]
        run = [u] if word else []
    return None
