"""What `mtg-tutor explain` and the app's Explain screen add to `glossary.explain.view` in the learner's language:
the one-line explanation of a power/toughness (a change, a value, a value an effect sets) and the mark of a name that
is not official."""

from __future__ import annotations

import re

from tutor.i18n import t

__all__ = ["MARKED", "closing_lines", "error_text", "explained", "localize", "name_like", "status_mark"]

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
    >>> name_like({"text": "When Ajani's Pridemate enters", "unknown": [{"text": "Pridemate", "start": 13, "end": 22}]})
    "Ajani's Pridemate"
    """
    text = data["text"]
    run: list[dict] = []
    for u in [*data["unknown"], None]:
        word = u is not None and u["text"][:1].isupper() and not u["text"].isupper()
        if word and run and text[run[-1]["end"]:u["start"]] in (" ", ", "):
            run.append(u)
            continue
        if run:
            start = run[0]["start"]
            owner = re.search(r"[A-Z][\w-]*['\u2019]s $", text[:start])  # "Ajani's Pridemate": a name with an owner
            if owner:
                start = owner.start()
            before = text[:start].rstrip()
            if before and before[-1] not in ".!?:\n(\u2014":
                return text[start:run[-1]["end"]]
        run = [u] if word else []
    return None


def explained(kb, text: str, name: str | None, lang: str) -> dict:
    """A card's text explained in `lang`: `glossary.explain`'s view with its powers/toughnesses written out (the
    command line's JSON, the app's list). Raises `glossary.explain.ExplainError`."""
    from glossary.explain import explain, view

    return localize(view(kb, explain(kb, text, name), lang))


def error_text(code: str, ui: str) -> str:
    """Why a text cannot be explained (`ExplainError.code`), in the interface language."""
    from glossary.explain import MAX_TEXT

    return t(f"explain.error.{code}", ui, limit=MAX_TEXT)


def closing_lines(data: dict, ui: str, hint_key: str) -> list[str]:
    """What follows the terms: the words not recognised (or that all were), the hint to give the card's name
    (`hint_key`: the command line's --name or the app's name box) and, when there are terms, that the definitions are
    unofficial."""
    words = list(dict.fromkeys(u["text"] for u in data["unknown"]))
    lines = [t("explain.unknown", ui, words=", ".join(words)) if words else t("explain.all_known", ui)]
    named = name_like(data)
    if named and not data.get("name"):
        lines.append(t(hint_key, ui, words=named))
    if data["terms"]:
        lines.append(t("explain.unofficial", ui))
    return lines
