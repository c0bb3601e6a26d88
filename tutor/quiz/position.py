"""Positions for engine questions, built with the engine's public API and written down as a scenario.

A :class:`Position` puts cards into zones (``game.create``), starts play at a step (``game.start``) and plays
actions (``game.apply``), the way :mod:`tutor.scenario` sets up a scenario. Everything it does is also recorded as
a scenario (``spec()``: ``setup`` and ``actions`` in the format of lessons/README.md, with aliases), so a question
carries a position that anyone can replay and check independently (the tests do, with the scenario runner).
Players are A (index 0, the active player) and B (index 1), as in judges' exams.

Test creatures (:func:`test_creature`) are plain creatures with given power, toughness, keywords and colours, for
combinations the card pool lacks (trample with deathtouch, double strike with lifelink): "Creatura di prova 3/3 con
travolgere e tocco letale" / "Тестовое существо 3/3 с пробивным ударом и смертельным касанием". They are defined
for the question only (its ``data["test_cards"]``), never added to the card pool.
"""

from __future__ import annotations

from functools import lru_cache

from tutor.engine import (
    CardDef,
    CastSpell,
    DeclareAttackers,
    DeclareBlockers,
    Game,
    PassPriority,
    Step,
    card_from_dict,
)
from tutor.engine.actions import AssignCombatDamage, player_target
from tutor.engine.state import Player, State
from tutor.i18n import LANGS, Nouns, t
from tutor.i18n.terms import keyword_noun

__all__ = ["PLAYERS", "Position", "Trial", "pool", "test_creature"]

PLAYERS = ("A", "B")
_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def entering_counters(card: CardDef) -> dict[str, int]:
    """The counters a permanent enters with, by its own replacement effect (614.1c: "enters with three +1/+1
    counters on it")."""
    return {kind: n for ab in card.abilities if ab.kind == "replacement" and ab.replace == "enters_with_counters"
            for kind, n in dict(dict(ab.params)["counters"]).items()}


@lru_cache(maxsize=1)
def pool() -> dict[str, CardDef]:
    """The card pool (lessons/cards.yaml)."""
    from tutor.cardpool import load_cards

    return load_cards()


def _test_card_dict(power: int, toughness: int, keywords: tuple[str, ...], colors: tuple[str, ...]) -> dict:
    kws = tuple(sorted(keywords))
    slug = "-".join(k.replace(" ", "_") for k in kws) or "plain"
    cid = f"quiz-test-{power}-{toughness}-{slug}" + (f"-{''.join(colors)}" if colors else "")
    names = {}
    named = tuple(k for k in kws if k != "unblockable")  # "can't be blocked" is said of it, not named (113.12)
    for lang in LANGS:
        words = Nouns(tuple(keyword_noun(k, lang) for k in named), t("word.and", lang))
        key = "quiz.test_creature_kw" if named else "quiz.test_creature"
        if "unblockable" in kws:
            key += "_unblockable"
        names[lang] = t(key, lang, pt=f"{power}/{toughness}", keywords=words)
    en_kws = " and ".join(kws)
    names["en"] = f"Test creature {power}/{toughness}" + (f" with {en_kws}" if kws else "")
    d = {"id": cid, "name": names, "types": ["creature"], "power": power, "toughness": toughness,
         "keywords": list(kws)}
    if colors:
        d["colors"] = [_COLOR_WORDS[c] for c in colors]
    return d


@lru_cache(maxsize=4096)
def _test_card(power: int, toughness: int, keywords: tuple[str, ...], colors: tuple[str, ...]) -> tuple[CardDef, dict]:
    d = _test_card_dict(power, toughness, keywords, colors)
    return card_from_dict(d), d


def test_creature(power: int, toughness: int, keywords=(), colors=()) -> tuple[CardDef, dict]:
    """A test creature's definition and the mapping it was built from (``tutor.engine.cards.card_from_dict``)."""
    return _test_card(power, toughness, tuple(sorted(keywords)), tuple(colors))


class Trial:
    """Play on from a position and come back: the first action is ``game.push``-ed (one snapshot), the others
    ``game.apply``-ed, and leaving the ``with`` block ``game.pop``-s back to the position before the first
    (one snapshot instead of one per action: the position is copied once).

    >>> from tutor.engine import PassPriority
    >>> pos = Position(Step.UPKEEP); game = pos.start()
    >>> with Trial(game) as play:
    ...     _ = play(PassPriority()); _ = play(PassPriority())
    ...     game.state.step.key
    'draw'
    >>> game.state.step.key
    'upkeep'
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.pushed = False
        self.count = 0

    def __enter__(self):
        return self.play

    def play(self, action) -> list:
        """Play `action` (IllegalAction if it is illegal: nothing changes)."""
        events = self.game.apply(action) if self.pushed else self.game.push(action)
        self.pushed = True
        self.count += 1
        return events

    def __exit__(self, *exc_info) -> None:
        if self.pushed:
            self.game.pop()


class Position:
    """A position being built: add cards, start at a step, play actions; ``game`` is the live engine game and
    ``spec()`` the same position as a scenario. Aliases name the objects (``a1``, ``b2``)."""

    def __init__(self, step: Step, *, turn: int = 3, life: tuple[int, int] = (20, 20)) -> None:
        self.cards: dict[str, CardDef] = dict(pool())
        self.test_cards: dict[str, dict] = {}
        self.game = Game(self.cards, State(players=[Player(0), Player(1)]))
        self.step, self.turn, self.life = step, turn, life
        for p, value in enumerate(life):
            self.game.state.players[p].life = value
        self._setup: dict[str, dict] = {"A": {"life": life[0]}, "B": {"life": life[1]}}
        self.actions: list[dict] = []
        self.ids: dict[str, int] = {}  # alias -> object id now
        self.card_of: dict[str, str] = {}  # alias -> card id
        self.owner: dict[str, int] = {}
        self.physical: dict[str, int] = {}  # alias -> the physical card (Obj.card_id), stable across zones
        self.started = False

    # ---- setting up ------------------------------------------------------------------------------------
    def use_test_card(self, card: CardDef, d: dict) -> str:
        """Make a test creature available; return its card id."""
        if card.id not in self.cards:
            self.cards[card.id] = card
            self.test_cards[card.id] = d
        return card.id

    def add(self, card_id: str, player: int, zone: str = "battlefield", *, alias: str | None = None,
            sick: bool = False, tapped: bool = False, damage: int = 0, counters: dict | None = None,
            attached_to: str | None = None) -> str:
        """Put a card into a zone of `player` before play starts; return its alias. `counters`: the counters a
        permanent has (a planeswalker's loyalty counters: by default its printed loyalty, 306.5b); `attached_to`:
        the alias of the permanent an Aura or Equipment is attached to (a scenario's ``attached_to``)."""
        assert not self.started, "cards are added before the position starts"
        alias = alias or f"{PLAYERS[player].lower()}{sum(1 for o in self.owner.values() if o == player) + 1}"
        o = self.game.create(card_id, player, zone)
        item: dict = {"card": card_id, "as": alias}
        if zone == "battlefield":
            o.fresh, o.tapped, o.damage = sick, tapped, damage
            item.update({"sick": sick, "tapped": tapped, "damage": damage})
            counters = dict(counters or entering_counters(self.cards[card_id]))
            if self.cards[card_id].loyalty is not None:  # 306.5b: it entered with its loyalty (as the scenarios say)
                counters.setdefault("loyalty", self.cards[card_id].loyalty)
            if counters:  # a 0/0 that enters with counters (614.1c) is there with them, not dead
                o.counters = dict(counters)
                item["counters"] = dict(counters)
            if attached_to is not None:
                o.attached_to = self.ids[attached_to]
                item["attached_to"] = attached_to
        self._setup[PLAYERS[player]].setdefault(zone, []).append(item)
        self.ids[alias], self.card_of[alias], self.owner[alias] = o.id, card_id, player
        self.physical[alias] = o.card_id
        return alias

    def start(self) -> Game:
        """Begin play at the step (its turn-based actions happen now), A active."""
        self.game.start(active=0, turn=self.turn, step=self.step, starting_player=0)
        self.started = True
        return self.game

    # ---- actions (each is played and recorded) ---------------------------------------------------------
    def _apply(self, action, record: dict) -> list:
        events = self.game.apply(action)
        self.actions.append(record)
        return events

    def attack(self, aliases: list[str]) -> list:
        """A declares attackers (508.1)."""
        return self._apply(DeclareAttackers(tuple(self.ids[a] for a in aliases)), {"attack": list(aliases)})

    def block(self, blocks: list[tuple[str, str]]) -> list:
        """B declares blockers: (blocker, attacker) aliases (509.1)."""
        action = DeclareBlockers(tuple((self.ids[b], self.ids[a]) for b, a in blocks))
        return self._apply(action, {"block": {b: a for b, a in blocks}})

    def passes(self, n: int = 1) -> list:
        """The player with priority passes, `n` times in turn."""
        events = []
        for _ in range(n):
            events += self.game.apply(PassPriority())
        self.actions.append({"pass": n})
        return events

    def assign(self, attacker: str, damage: list[tuple[str, int]]) -> list:
        """A divides an attacker's combat damage: (alias or "B", amount) pairs (510.1c-d)."""
        pairs = tuple((player_target(PLAYERS.index(r)) if r in PLAYERS else self.ids[r], n) for r, n in damage)
        return self._apply(AssignCombatDamage(self.ids[attacker], pairs),
                           {"assign": attacker, "damage": {r: n for r, n in damage}})

    def cast(self, alias: str, targets: list[str] = (), by: str | None = None) -> list:
        """Cast a spell from hand (601.2); targets are aliases or players."""
        tids = tuple(player_target(PLAYERS.index(x)) if x in PLAYERS else self.ids[x] for x in targets)
        record: dict = {"cast": alias}
        if targets:
            record["targets"] = list(targets)
        if by:
            record["by"] = by
        events = self._apply(CastSpell(self.ids[alias], tids), record)
        self.refresh()
        return events

    def refresh(self) -> None:
        """Follow every alias to its card's current object (a card that changes zones is a new object, 400.7)."""
        by_card = {o.card_id: oid for oid, o in self.game.state.objects.items()}
        for alias, physical in self.physical.items():
            if physical in by_card:
                self.ids[alias] = by_card[physical]

    # ---- the position as data ------------------------------------------------------------------------------
    def spec(self) -> dict:
        """The position as a scenario (JSON-able): ``{"setup": …, "actions": […]}``."""
        return {"setup": {"turn": self.turn, "active": "A", "starting_player": "A", "step": self.step.key,
                          "players": {p: dict(v) for p, v in self._setup.items()}},
                "actions": [dict(a) for a in self.actions]}

    def alias_of(self, oid: int) -> str | None:
        """The alias of an object id (now), or None."""
        return next((a for a, i in self.ids.items() if i == oid), None)
