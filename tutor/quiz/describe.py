"""Positions in words: creatures, players and steps as the prompts and options of engine questions say them.

Every text comes from the catalog (``quiz.*`` keys in tutor/i18n/it.py and ru.py); the terms (keywords, steps)
from the curated concepts, as in the event log; a permanent's state in the words of the boards
(`tutor.views.board`).
"""

from __future__ import annotations

from tutor.engine.view import Player
from tutor.events_text import card_noun, name_noun, player_noun
from tutor.i18n import t
from tutor.i18n.terms import step_noun
from tutor.views.board import COMBAT, TagKind, card_name, describe_permanent

__all__ = ["bullets", "card_name", "name_of", "creature_text", "lives_text", "option_creature", "player", "step_text"]

TEST_PREFIX = "quiz-test-"
_COLOR_KEYS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def player(p: int, lang: str):
    """The player as a noun: "Giocatore A" / "игрок A"."""
    return player_noun(p, lang)


def creature_text(perm, cards: dict, lang: str, *, colors: bool = False, state: bool = True) -> str:
    """A creature on the battlefield from its :class:`~tutor.engine.view.PermanentView`: its name, current
    power/toughness and keywords, then (if `colors`) its colours and whether it is an artifact, then (if
    `state`) what the boards say of it out of combat (tapped, summoning sickness, damage marked, counters):
    "Ragno Gigante 2/4 (raggiungere; 2 danni segnati)"."""
    said = describe_permanent(perm, None, cards, lang)
    test = perm.card.startswith(TEST_PREFIX)  # a test creature's name already says its P/T and keywords
    parts = [] if test else said.texts(TagKind.KEYWORD)
    details = []
    if colors:  # the colours agree with the card's name, as the board's words do ("Re dei Goblin (rosso, TAPpato)")
        noun = card_noun(cards.get(perm.card), lang, missing=perm.card)
        if perm.colors:
            details.append(t("quiz.state.colors", lang, colors=", ".join(
                t(f"quiz.color.{_COLOR_KEYS[c]}", lang, card=noun) for c in perm.colors)))
        else:
            details.append(t("quiz.state.colorless", lang, card=noun))
        if "artifact" in perm.types:
            details.append(t("quiz.state.artifact", lang))
    if state:
        details += said.texts(without=COMBAT | {TagKind.KEYWORD})
    inside = "; ".join(x for x in (", ".join(parts), ", ".join(details)) if x)
    base = said.name if test or said.pt is None else f"{said.name} {said.pt}"
    return f"{base} ({inside})" if inside else base


def option_creature(perm, cards: dict, lang: str) -> str:
    """An option naming a creature and its controller: "Orsi Grizzly (B)"."""
    return t("quiz.option_creature", lang, name=card_name(cards, perm.card, lang), player=Player(perm.controller).letter)


def bullets(lines: list[str]) -> str:
    """Lines as a list, one "• " item each."""
    return "\n".join(f"• {line}" for line in lines)


def lives_text(view, lang: str) -> str:
    """"Punti vita: A 20, B 17." / "Жизни: у A 20, у B 17."."""
    return t("quiz.lives", lang, a=view.players[0].life, b=view.players[1].life)


def step_text(step_key: str, lang: str):
    """A step or main phase as a noun (from its concept)."""
    return step_noun(step_key, lang)


def name_of(cards: dict, card_id: str, lang: str):
    """A card's name in «» as a noun with its grammar, for a template that declines it or agrees with it
    (``заблокировать {attacker:accs}`` → заблокировать «Ангела Серры»; ``bloccare {attacker:il}``)."""
    return name_noun(cards.get(card_id), lang, missing=card_id)
