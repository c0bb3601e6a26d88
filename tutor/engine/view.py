"""A typed, frozen view of the board, for every layer above the engine (`Game.view()`).

The view holds the position as the rules see it now: permanents with their *current* characteristics
(613: power and toughness after counters and effects, granted keywords), who is attacking and blocking,
the stack, the decision the game waits for and, at the end, why the game ended. It is plain data:
``BoardView.to_dict()`` gives JSON types only (the shape is documented in lessons/README.md) and
``BoardView.from_dict`` reads it back. Players are 0 and 1 (`Player`: A and B); object ids are those of the engine (a card
that changes zones gets a new one, 400.7). The stack is listed bottom first: the last item is the top,
the next to resolve (405.2).

>>> from tutor.engine.view import Decision
>>> Decision("priority") is Decision.PRIORITY
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum, IntEnum
from typing import TYPE_CHECKING

from tutor.engine.mana import COLORS
from tutor.engine.state import Outcome, Step, Termination

if TYPE_CHECKING:
    from tutor.engine.game import Game

__all__ = [
    "BoardView", "CardRef", "ChoiceView", "Decision", "OpeningView", "OptionView", "Mana", "OutcomeView", "PendingView", "PermanentView", "Player", "PlayerView",
    "StackItemView", "StackKind", "Target", "Termination", "board_view",
]


class Player(IntEnum):
    """One of the two players, as the engine indexes them (0, 1); `letter` is how positions and scenarios name
    them ("A" plays first). Their display names are the text layer's (`tutor.events_text.player_noun`).

    >>> Player(1).letter, Player.A.other, Player.from_letter("B") == 1
    ('B', <Player.B: 1>, True)
    """

    A = 0
    B = 1

    @property
    def letter(self) -> str:
        return self.name

    @property
    def other(self) -> Player:
        return Player(1 - self)

    @classmethod
    def from_letter(cls, letter: str) -> Player:
        """The player named `letter` ("A" or "B"); ValueError for any other text."""
        try:
            return cls[letter]
        except KeyError:
            raise ValueError(f"not a player: {letter!r}") from None


class Decision(Enum):
    """What the game waits for (`Game.pending`), with the rule that gives the decision."""

    PRIORITY = "priority"  # a player with priority acts or passes (117)
    ATTACKERS = "attackers"  # the active player declares attackers (508.1)
    BLOCKERS = "blockers"  # the defending player declares blockers (509.1)
    DAMAGE = "damage"  # the attacking player divides an attacker's combat damage (510.1c-d)
    LEGEND = "legend"  # the legend rule: keep one (704.5j)
    DISCARD = "discard"  # discard down to the maximum hand size (514.1)
    CHOICE = "choice"  # a choice the rules give a player (tutor.engine.choices: 603.3b, 603.3d, 603.5, 616.1, 701.8b ...)
    GAME_OVER = "game_over"  # the game has ended (104)
    NONE = "none"  # play has not started


class StackKind(Enum):
    """What a stack item is (405.1): a spell, an activated ability, or a triggered ability (603)."""

    SPELL = "spell"
    ABILITY = "ability"
    TRIGGER = "trigger"


@dataclass(frozen=True, slots=True)
class Mana:
    """A mana pool by colour (106.4); C is colourless."""

    W: int = 0
    U: int = 0
    B: int = 0
    R: int = 0
    G: int = 0
    C: int = 0

    @property
    def total(self) -> int:
        return self.W + self.U + self.B + self.R + self.G + self.C

    def to_dict(self) -> dict:
        return {c: getattr(self, c) for c in COLORS + "C"}

    @classmethod
    def from_dict(cls, d: dict) -> Mana:
        return cls(**{c: int(d.get(c, 0)) for c in COLORS + "C"})


@dataclass(frozen=True, slots=True)
class CardRef:
    """An object in a zone other than the battlefield: its object id and card id."""

    object: int
    card: str

    def to_dict(self) -> dict:
        return {"object": self.object, "card": self.card}

    @classmethod
    def from_dict(cls, d: dict) -> CardRef:
        return cls(d["object"], d["card"])


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player: life, mana pool, library size (its order is hidden), hand, graveyard (top last), exile."""

    index: int
    life: int
    mana: Mana
    library: int
    hand: tuple[CardRef, ...]
    graveyard: tuple[CardRef, ...]
    exile: tuple[CardRef, ...]
    lands_played: int

    def to_dict(self) -> dict:
        return {"index": self.index, "life": self.life, "mana": self.mana.to_dict(), "library": self.library,
                "hand": [c.to_dict() for c in self.hand], "graveyard": [c.to_dict() for c in self.graveyard],
                "exile": [c.to_dict() for c in self.exile], "lands_played": self.lands_played}

    @classmethod
    def from_dict(cls, d: dict) -> PlayerView:
        return cls(d["index"], d["life"], Mana.from_dict(d["mana"]), d["library"],
                   *(tuple(CardRef.from_dict(c) for c in d[z]) for z in ("hand", "graveyard", "exile")),
                   d["lands_played"])


@dataclass(frozen=True, slots=True)
class PermanentView:
    """A permanent with its current characteristics and its state on the battlefield.

    `power` / `toughness` are None for a noncreature; `summoning_sick` (302.6) says a creature hasn't been
    under its controller's control since their most recent turn began (haste, in `keywords`, lets it attack
    anyway); `attacking` is the player it attacks (the defending player, 506.2), `attacking_planeswalker` the
    planeswalker it attacks if it attacks one (508.1b), `blocking` the attacker it blocks, `blocked` whether it is
    an attacker that became blocked (509.1h); `loyalty` a planeswalker's loyalty (306.5c), `counters` every kind
    of counter on it (122.1)."""

    object: int
    card: str
    owner: int
    controller: int
    types: tuple[str, ...]
    supertypes: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    keywords: tuple[str, ...]
    colors: tuple[str, ...]
    tapped: bool
    summoning_sick: bool
    damage: int
    counters: tuple[tuple[str, int], ...]
    attached_to: int | None
    attacking: int | None
    blocking: int | None
    blocked: bool
    # Continuous effects (613): the printed card when a copy effect changed it (layer 1), the printed power and
    # toughness, and every effect applied to it in layer order (why it is what it is).
    printed_card: str | None = None
    printed_power: int | None = None
    printed_toughness: int | None = None
    layers: tuple[LayerStep, ...] = ()
    loyalty: int | None = None  # a planeswalker's loyalty: its loyalty counters (306.5c); None for others
    attacking_planeswalker: int | None = None  # the planeswalker it attacks (508.1b), or None

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    def to_dict(self) -> dict:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        for f in ("types", "supertypes", "subtypes", "keywords", "colors"):
            d[f] = list(d[f])
        d["counters"] = dict(self.counters)
        d["layers"] = [st.to_dict() for st in self.layers]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> PermanentView:
        d = dict(d)
        for f in ("types", "supertypes", "subtypes", "keywords", "colors"):
            d[f] = tuple(d[f])
        d["counters"] = tuple(sorted(d["counters"].items()))
        d["layers"] = tuple(LayerStep.from_dict(st) for st in d.get("layers", ()))
        return cls(**d)


@dataclass(frozen=True, slots=True)
class LayerStep:
    """One continuous effect applied to a permanent (613): its layer ("1", "2", "4", "5", "6", "7a"-"7d"), what
    it does (`op`: copy, control, add_types, creature_types, add_subtypes, land_type, color, keywords,
    lose_keywords, lose_abilities, cda, base_pt, pump, pump_each, counters, switch_pt) and with which value, the
    card and object it comes from (none for counters), the rule that applies it, and its timestamp (613.7)."""

    layer: str
    op: str
    value: object
    card: str
    source: int | None
    rule: str
    timestamp: int = 0

    def to_dict(self) -> dict:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["value"] = _json(self.value)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> LayerStep:
        d = dict(d)
        d["value"] = _frozen(d.get("value"))
        return cls(**d)


def _json(v: object) -> object:
    """A layer step's value as JSON data: its tuples as lists."""
    return [_json(x) for x in v] if isinstance(v, tuple) else v


def _frozen(v: object) -> object:
    """A layer step's value as the view holds it (hashable, as every part of a view: the boards key their
    drawings on permanents): lists as tuples."""
    return tuple(_frozen(x) for x in v) if isinstance(v, list) else v


@dataclass(frozen=True, slots=True)
class Target:
    """A chosen target: a player or an object (exactly one is set)."""

    player: int | None = None
    object: int | None = None

    def to_dict(self) -> dict:
        return {"player": self.player} if self.player is not None else {"object": self.object}

    @classmethod
    def from_dict(cls, d: dict) -> Target:
        return cls(d.get("player"), d.get("object"))


@dataclass(frozen=True, slots=True)
class StackItemView:
    """A spell or ability on the stack. `id` is the spell's object id (or the ability's stack id); `source`
    the permanent an ability comes from; `trigger` what a triggered ability triggered on (enters, dies,
    upkeep)."""

    id: int
    kind: StackKind
    controller: int
    card: str
    source: int | None
    targets: tuple[Target, ...]
    x: int
    trigger: str | None
    # part 2: spells with modes and costs: the modes chosen (1-based, 700.2a), kicked (702.33d), paid with its
    # alternative cost (118.9), the mana paid in the end (601.2f: "{2}{R}", "" for none) and the life, the mana
    # value (202.3e: X counts on the stack)
    modes: tuple[int, ...] = ()
    kicked: bool = False
    alternative: bool = False
    paid: str = ""
    life_paid: int = 0
    mana_value: int = 0

    def to_dict(self) -> dict:
        return {"id": self.id, "kind": self.kind.value, "controller": self.controller, "card": self.card,
                "source": self.source, "targets": [t.to_dict() for t in self.targets], "x": self.x,
                "trigger": self.trigger, "modes": list(self.modes), "kicked": self.kicked,
                "alternative": self.alternative, "paid": self.paid, "life_paid": self.life_paid,
                "mana_value": self.mana_value}

    @classmethod
    def from_dict(cls, d: dict) -> StackItemView:
        return cls(d["id"], StackKind(d["kind"]), d["controller"], d["card"], d["source"],
                   tuple(Target.from_dict(t) for t in d["targets"]), d["x"], d["trigger"], tuple(d.get("modes", ())),
                   d.get("kicked", False), d.get("alternative", False), d.get("paid", ""), d.get("life_paid", 0),
                   d.get("mana_value", 0))


@dataclass(frozen=True, slots=True)
class OptionView:
    """One option of a choice: its value (what ``Choose.picks`` holds) and what it is: an object (with its card),
    a player, or a word (`what`: yes, no, an effect's kind, what a triggered ability triggered on)."""

    value: int
    object: int | None = None
    player: int | None = None
    card: str | None = None
    what: str | None = None
    ability: int | None = None

    def to_dict(self) -> dict:
        return {"value": self.value, "object": self.object, "player": self.player, "card": self.card, "what": self.what,
                "ability": self.ability}

    @classmethod
    def from_dict(cls, d: dict) -> OptionView:
        return cls(d["value"], d["object"], d["player"], d["card"], d["what"], d.get("ability"))


@dataclass(frozen=True, slots=True)
class ChoiceView:
    """A choice the game waits for: its kind (order, targets, may, replacement, discard, sacrifice), the rule
    that gives it, the options, how many to pick (`min`, `max`; an order takes them all, in order), the card it
    belongs to, and what it is about (the damaged object or player of a 616.1 choice, with the damage)."""

    kind: str
    rule: str
    options: tuple[OptionView, ...]
    min: int
    max: int
    ordered: bool
    card: str | None
    about: int | None
    amount: int | None

    def to_dict(self) -> dict:
        return {"kind": self.kind, "rule": self.rule, "options": [o.to_dict() for o in self.options], "min": self.min,
                "max": self.max, "ordered": self.ordered, "card": self.card, "about": self.about, "amount": self.amount}

    @classmethod
    def from_dict(cls, d: dict) -> ChoiceView:
        return cls(d["kind"], d["rule"], tuple(OptionView.from_dict(o) for o in d["options"]), d["min"], d["max"],
                   d["ordered"], d["card"], d["about"], d["amount"])

    @classmethod
    def from_choice(cls, c) -> ChoiceView:
        n = len(c.options)
        lo, hi = (n, n) if c.ordered else c.count
        return cls(str(c.kind), c.rule, tuple(OptionView(o.value, o.object, o.player, o.card or None, o.what or None,
                                                          o.ability) for o in c.options), lo, hi, c.ordered, c.card or None, c.about, c.amount)


@dataclass(frozen=True, slots=True)
class PendingView:
    """The decision the game waits for and who makes it, with its particulars: the attacker whose damage
    is divided, the name for the legend rule, how many cards to discard, the choice."""

    decision: Decision
    player: int | None = None
    attacker: int | None = None
    name: str | None = None
    count: int | None = None
    choice: ChoiceView | None = None

    def to_dict(self) -> dict:
        return {"decision": self.decision.value, "player": self.player, "attacker": self.attacker, "name": self.name,
                "count": self.count, "choice": self.choice.to_dict() if self.choice else None}

    @classmethod
    def from_dict(cls, d: dict) -> PendingView:
        return cls(Decision(d["decision"]), d["player"], d["attacker"], d["name"], d["count"],
                   ChoiceView.from_dict(d["choice"]) if d.get("choice") else None)

    @classmethod
    def from_pending(cls, pending: tuple) -> PendingView:
        """From `Game.pending` (("damage", p, attacker), ("legend", p, name), ("discard", p, n), ("choice", p,
        Choice), ...)."""
        if not pending:
            return cls(Decision.NONE)
        decision = Decision(pending[0])
        player = pending[1] if len(pending) > 1 else None
        extra = pending[2] if len(pending) > 2 else None
        return cls(decision, player, attacker=extra if decision is Decision.DAMAGE else None,
                   name=extra if decision is Decision.LEGEND else None,
                   count=extra if decision is Decision.DISCARD else None,
                   choice=ChoiceView.from_choice(extra) if decision is Decision.CHOICE else None)


@dataclass(frozen=True, slots=True)
class OutcomeView:
    """How the game ended: the winner (None for a draw), why, and the rules that decided it."""

    winner: int | None
    termination: Termination
    rules: tuple[str, ...]

    def to_dict(self) -> dict:
        return {"winner": self.winner, "termination": self.termination.value, "rules": list(self.rules)}

    @classmethod
    def from_dict(cls, d: dict) -> OutcomeView:
        return cls(d["winner"], Termination(d["termination"]), tuple(d["rules"]))

    @classmethod
    def from_outcome(cls, o: Outcome) -> OutcomeView:
        return cls(o.winner, o.termination, tuple(o.rules))


@dataclass(frozen=True, slots=True)
class OpeningView:
    """Part 2: the mulligan process in progress (103.5): the starting player, the starting hand size, how many
    mulligans each player has taken, and who has kept their opening hand (the pending choice says who decides
    what now: ``mulligan``, keep or mulligan; ``bottom``, the cards to put on the bottom)."""

    starting_player: int
    hand_size: int
    mulligans: tuple[int, ...]
    kept: tuple[bool, ...]

    def to_dict(self) -> dict:
        return {"starting_player": self.starting_player, "hand_size": self.hand_size, "mulligans": list(self.mulligans),
                "kept": list(self.kept)}

    @classmethod
    def from_dict(cls, d: dict) -> OpeningView:
        return cls(d["starting_player"], d["hand_size"], tuple(d["mulligans"]), tuple(d["kept"]))


@dataclass(frozen=True, slots=True)
class BoardView:
    """The whole position. `priority` is the player who has priority now (None while the game waits for
    another decision); `permanents` are in timestamp order; `stack` is bottom first."""

    turn: int
    step: Step
    active: int
    priority: int | None
    pending: PendingView
    players: tuple[PlayerView, ...]
    permanents: tuple[PermanentView, ...]
    stack: tuple[StackItemView, ...]
    outcome: OutcomeView | None
    opening: OpeningView | None = None  # part 2: during the mulligan process (turn 0), else None

    @property
    def phase(self) -> str:
        """The phase of the current step (500.1): beginning, precombat_main, combat, postcombat_main, ending."""
        return self.step.phase

    def permanent(self, oid: int) -> PermanentView | None:
        """The permanent with object id `oid`, or None."""
        return next((p for p in self.permanents if p.object == oid), None)

    def zone_of(self, oid: int) -> str | None:
        """The zone of object `oid` where the view shows it (battlefield, stack, hand, graveyard, exile);
        None for an object in a library (hidden) or one that no longer exists."""
        if self.permanent(oid) is not None:
            return "battlefield"
        if any(it.id == oid and it.kind is StackKind.SPELL for it in self.stack):
            return "stack"
        for p in self.players:
            for zone in ("hand", "graveyard", "exile"):
                if any(c.object == oid for c in getattr(p, zone)):
                    return zone
        return None

    def to_dict(self) -> dict:
        """Plain JSON types: str keys, lists, ints, bools, None (see lessons/README.md)."""
        return {"turn": self.turn, "phase": self.phase, "step": self.step.key, "active": self.active,
                "priority": self.priority, "pending": self.pending.to_dict(),
                "players": [p.to_dict() for p in self.players], "permanents": [p.to_dict() for p in self.permanents],
                "stack": [it.to_dict() for it in self.stack],
                "outcome": self.outcome.to_dict() if self.outcome else None,
                "opening": self.opening.to_dict() if self.opening else None}

    @classmethod
    def from_dict(cls, d: dict) -> BoardView:
        """The inverse of `to_dict` (the phase is derived from the step)."""
        return cls(d["turn"], Step.from_key(d["step"]), d["active"], d["priority"], PendingView.from_dict(d["pending"]),
                   tuple(PlayerView.from_dict(p) for p in d["players"]),
                   tuple(PermanentView.from_dict(p) for p in d["permanents"]),
                   tuple(StackItemView.from_dict(it) for it in d["stack"]),
                   OutcomeView.from_dict(d["outcome"]) if d["outcome"] else None,
                   OpeningView.from_dict(d["opening"]) if d.get("opening") else None)


def _refs(game: Game, ids: list) -> tuple[CardRef, ...]:
    objects = game.state.objects
    return tuple(CardRef(oid, objects[oid].card.id) for oid in ids)


def _permanent(game: Game, oid: int) -> PermanentView:
    s = game.state
    o = s.objects[oid]
    card = o.card
    creature = "creature" in card.types
    power, toughness = game.power_toughness(oid) if creature else (None, None)
    colors = game.colors(oid)
    printed = o.printed or card
    return PermanentView(
        object=oid, card=card.id, owner=o.owner, controller=o.controller, types=tuple(sorted(card.types)),
        supertypes=tuple(sorted(card.supertypes)), subtypes=tuple(sorted(card.subtypes)), power=power,
        toughness=toughness, keywords=tuple(sorted(game.keywords(oid))), colors=tuple(c for c in COLORS if c in colors),
        tapped=o.tapped, summoning_sick=creature and o.fresh, damage=o.damage,
        counters=tuple(sorted((k, n) for k, n in o.counters.items() if n)), attached_to=o.attached_to,
        attacking=s.attackers.get(oid), blocking=s.blocks.get(oid), blocked=oid in s.blocked,
        printed_card=printed.id if printed.id != card.id else None,
        printed_power=printed.power if creature else None, printed_toughness=printed.toughness if creature else None,
        layers=tuple(LayerStep(st.layer, st.op, _plain(st.value), st.card, st.source, st.rule, st.timestamp)
                     for st in game.layers_of(oid)),
        loyalty=o.counters.get("loyalty", 0) if "planeswalker" in card.types else None,
        attacking_planeswalker=game._attacked_recipient(oid, s.attackers[oid]) if oid in s.attack_targets
        and oid in s.attackers else None)


def _plain(v: object) -> object:
    """A layer step's value as plain, hashable data (sets sorted into tuples, colour letters as they are;
    `LayerStep.to_dict` gives lists)."""
    if isinstance(v, (frozenset, set)):
        return tuple(sorted(v))
    if isinstance(v, (tuple, list)):
        return tuple(_plain(x) for x in v)
    return v


def _stack_item(item) -> StackItemView:
    kind = StackKind.SPELL if item.kind == "spell" else StackKind.TRIGGER if item.trigger else StackKind.ABILITY
    targets = tuple(Target(player=-1 - t) if t < 0 else Target(object=t) for t in item.targets)
    if item.kind != "spell":
        return StackItemView(item.id, kind, item.controller, item.card.id, item.source, targets, item.x,
                             item.trigger or None)
    return StackItemView(item.id, kind, item.controller, item.card.id, item.source, targets, item.x, item.trigger or None,
                         tuple(m + 1 for m in item.modes), item.kicked, item.alternative, item.paid, item.life_paid,
                         item.card.cost.mana_value(item.x))  # 202.3e, 118.9c


def board_view(game: Game) -> BoardView:
    """The view of `game` now (use `Game.view()`)."""
    s = game.state
    players = tuple(
        PlayerView(p.index, p.life, Mana.from_dict(p.pool), len(p.library), _refs(game, p.hand), _refs(game, p.graveyard),
                   _refs(game, p.exile), p.lands_played)
        for p in s.players)
    pending = PendingView.from_pending(s.pending)
    return BoardView(
        turn=s.turn, step=s.step, active=s.active,
        priority=pending.player if pending.decision is Decision.PRIORITY else None, pending=pending,
        players=players, permanents=tuple(_permanent(game, oid) for oid in s.battlefield),
        stack=tuple(_stack_item(it) for it in s.stack),
        outcome=OutcomeView.from_outcome(s.outcome) if s.outcome else None,
        opening=OpeningView(s.starting_player, s.opening.hand_size, tuple(s.opening.taken), tuple(s.opening.kept))
        if s.opening is not None else None)
