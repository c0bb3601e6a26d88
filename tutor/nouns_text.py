"""Players, steps, keywords and cards as nouns of the interface language, for the sentences of events, of the
layers' explanations and of the board (:mod:`tutor.events_text` re-exports them)."""

from __future__ import annotations

from tutor.i18n import Noun, noun, pick, t
from tutor.i18n.terms import keyword_noun, step_noun

__all__ = ["card_noun", "keyword_name", "name_noun", "player_name", "player_noun", "step_name"]


def player_noun(p: int, lang: str):
    """A player (0, 1 or a :class:`~tutor.engine.view.Player`) as a noun: "Giocatore A" / "игрок A"."""
    from tutor.engine.view import Player

    return noun("noun.player", lang, player=Player(p).letter)


def player_name(p: int, lang: str) -> str:
    """"Giocatore A" / "игрок A"."""
    return str(player_noun(p, lang))


def step_name(step: str, lang: str) -> str:
    """A step or main phase by its engine key, from the curated concepts: "sottofase di acquisizione"."""
    return str(step_noun(step, lang))


def keyword_name(keyword: str, lang: str) -> str:
    """An engine keyword as used in a sentence, from the curated concepts: "volare" / "полёт"."""
    return str(keyword_noun(keyword, lang))


def _kind(card) -> str:
    if card is None:
        return "card"
    if card.token:
        return "token"
    for kind in ("creature", "land", "artifact", "enchantment", "planeswalker"):
        if kind in card.types:
            return kind
    return "spell" if {"instant", "sorcery"} & card.types else "card"


def card_noun(card, lang: str, kind: str | None = None, missing: str = "?"):
    """A card as a noun with what it is (`kind`, else from its types): ``creatura «Orsi Grizzly»`` /
    ``существо «Медведи-гризли»``; its name (the tail, for ``{card:~…}``) has the gender and number the card's
    data gives (``gender: {it: m.pl}``). A card the pool lacks (None) is named `missing`."""
    if card is None:
        return noun(f"noun.{kind or 'card'}", lang, name=missing)
    return noun(f"noun.{kind or _kind(card)}", lang, name=pick(card.name, lang)).with_tail_gender(
        card.gender.get(lang, ""), card.declension.get(lang))


def name_noun(card, lang: str, owner: str | None = None, missing: str = "?"):
    """A card's name alone as a noun, in «», with its grammar (gender, number, animacy, cases: see `card_noun`):
    ``«Orsi Grizzly»``, ``«Медведи-гризли»`` (``{name:accs}`` → ``«Медведей-гризли»``); with `owner` (a player's
    letter), whose it is: ``«Orsi Grizzly» di B``, ``«Медведи-гризли» игрока B`` (only the name declines)."""
    if card is None:
        base = Noun("", f"«{missing}»")
    else:
        base = Noun("", f"«{pick(card.name, lang)}»").with_tail_gender(card.gender.get(lang, ""),
                                                                    card.declension.get(lang)).name()
    if owner:
        base.tail = t("lesson.whose", lang, name=base.tail, player=owner)
    return base
