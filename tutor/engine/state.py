"""The game state: objects, zones, players, stack, combat, turn structure. Plain data, no rules.

Rule 400.7: an object that moves from one zone to another becomes a new object, so every zone
change gives a card a new object id (`Obj.id`); `Obj.card_id` stays the same physical card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.engine.cards import CardDef

__all__ = ["Obj", "Outcome", "Player", "StackItem", "State", "Step", "TURN_STEPS", "Termination"]


class Step(Enum):
    """Steps and main phases in turn order (rule 500.1), with their rule numbers."""

    UNTAP = ("untap", "beginning", "502")
    UPKEEP = ("upkeep", "beginning", "503")
    DRAW = ("draw", "beginning", "504")
    PRECOMBAT_MAIN = ("precombat_main", "precombat_main", "505")
    BEGINNING_OF_COMBAT = ("beginning_of_combat", "combat", "507")
    DECLARE_ATTACKERS = ("declare_attackers", "combat", "508")
    DECLARE_BLOCKERS = ("declare_blockers", "combat", "509")
    FIRST_STRIKE_DAMAGE = ("first_strike_damage", "combat", "510.4")
    COMBAT_DAMAGE = ("combat_damage", "combat", "510")
    END_OF_COMBAT = ("end_of_combat", "combat", "511")
    POSTCOMBAT_MAIN = ("postcombat_main", "postcombat_main", "505")
    END = ("end", "ending", "513")
    CLEANUP = ("cleanup", "ending", "514")

    @property
    def key(self) -> str:
        return self.value[0]

    @property
    def phase(self) -> str:
        return self.value[1]

    @property
    def rule(self) -> str:
        return self.value[2]

    @classmethod
    def from_key(cls, key: str) -> Step:
        for s in cls:
            if s.key == key:
                return s
        raise KeyError(key)


TURN_STEPS = (
    Step.UNTAP, Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS,
    Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.END, Step.CLEANUP,
)


@dataclass(slots=True)
class Obj:
    """A card or token as an object in a zone."""

    id: int
    card: CardDef
    card_id: int  # the physical card (stable across zones); tokens get their own
    owner: int
    controller: int
    zone: str
    tapped: bool = False
    fresh: bool = True  # came under its controller's control since their most recent turn began (302.6)
    damage: int = 0
    deathtouched: bool = False  # dealt damage by a deathtouch source since the last SBA check (702.2b)
    counters: dict = field(default_factory=dict)  # kind ("+1/+1", "-1/-1", "loyalty", "charge") -> n (122.1)
    attached_to: int | None = None
    regen_shields: int = 0
    timestamp: int = 0
    printed: CardDef | None = None  # its card as printed while continuous effects change `card` (tutor.engine.layers)
    base_controller: int = -1  # its controller without control-changing effects, while one applies (613.1b)
    kicked: bool = False  # part 2: it was a kicked spell as it resolved (702.33d: "if it was kicked")


@dataclass(slots=True)
class StackItem:
    """A spell or an activated/triggered ability on the stack (405)."""

    id: int  # for a spell, the spell object's id
    kind: str  # "spell" | "ability"
    controller: int
    card: CardDef  # the spell's card, or the ability's source card (last known information)
    source: int | None  # the source permanent's object id (abilities)
    targets: tuple
    target_specs: tuple
    effects: tuple
    x: int = 0
    ability_index: int | None = None
    trigger: str = ""  # for triggered abilities: what it triggered on (tutor.engine.triggers.TRIGGER_EVENTS)
    colors: frozenset = frozenset()
    condition: tuple = ()  # an intervening "if" clause, checked again on resolution (603.4)
    may: bool = False  # "you may": the controller chooses on resolution (603.5)
    facts: tuple = ()  # what the trigger event was: (("player", 1), ("amount", 3), ...) for "that player", "that much"
    linked: tuple = ()  # objects an earlier effect of the same spell or ability moved ("that card", 603.7c, 607)
    delayed: bool = False  # a delayed triggered ability (603.7)
    # part 2: spells with modes and costs: the modes chosen (0-based, 700.2a), kicked (702.33d), its alternative
    # cost paid (118.9), the mana it cost in the end (601.2f) and the life paid
    modes: tuple = ()
    kicked: bool = False
    alternative: bool = False
    paid: str = ""
    life_paid: int = 0
    copy: bool = False  # part 2: a copy of a spell (707.10): not cast; it ceases to exist off the stack (707.10a)


@dataclass(slots=True)
class Player:
    index: int
    life: int = 20
    library: list = field(default_factory=list)  # object ids, top first
    hand: list = field(default_factory=list)
    graveyard: list = field(default_factory=list)  # top last
    exile: list = field(default_factory=list)
    pool: dict = field(default_factory=dict)  # colour letter -> amount
    lands_played: int = 0
    drew_from_empty: bool = False
    max_hand: int = 7


class Termination(Enum):
    """Why the game ended, with the rule that decided it."""

    LIFE = "life"  # a player had 0 or less life (704.5a)
    EMPTY_LIBRARY = "empty_library"  # a player drew from an empty library (704.5b)
    DRAW = "draw"  # all players lost at once (104.4a)
    EFFECT = "effect"  # an effect says that a player wins the game (104.2b)

    @property
    def rule(self) -> str:
        return {"life": "704.5a", "empty_library": "704.5b", "draw": "104.4a", "effect": "104.2b"}[self.value]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: `winner` is a player index, or None for a draw (104.4a)."""

    winner: int | None
    reason: str
    rules: tuple

    @property
    def termination(self) -> Termination:
        """Why it ended: a draw, or how the loser lost (the rule after 104.3b or 104.3c)."""
        if self.winner is None:
            return Termination.DRAW
        if "104.2b" in self.rules:
            return Termination.EFFECT
        return Termination.EMPTY_LIBRARY if "704.5b" in self.rules else Termination.LIFE


@dataclass(slots=True)
class State:
    players: list
    objects: dict = field(default_factory=dict)  # id -> Obj, every object in every zone
    battlefield: list = field(default_factory=list)  # object ids in timestamp order
    bf_changes: int = 0  # how many times the battlefield's list changed (for caches of what is on it)
    stack: list = field(default_factory=list)  # StackItem, top last
    turn: int = 1
    active: int = 0
    starting_player: int = 0
    step: Step = Step.UNTAP
    step_queue: list = field(default_factory=list)  # steps still to come this turn
    priority: int | None = None  # the player who has priority now (when pending is priority)
    passed: set = field(default_factory=set)  # players who passed in succession
    pending: tuple = ()  # the decision the game waits for: ("priority", p), ("attackers", p), ...
    next_id: int = 1
    clock: int = 0  # timestamps
    # Combat
    attackers: dict = field(default_factory=dict)  # attacker id -> defending player
    blocks: dict = field(default_factory=dict)  # blocker id -> attacker id
    blocked: set = field(default_factory=set)  # attackers that became blocked (509.1h)
    attacked_this_turn: set = field(default_factory=set)
    attackers_declared: bool = False  # some creature was declared as an attacker in this combat (508.8)
    first_strikers: set = field(default_factory=set)  # combatants that had first/double strike as the first-strike step began
    first_strike_done: bool = False
    damage_plan: dict = field(default_factory=dict)  # attacker id -> ((recipient, amount), ...) chosen
    # Effects
    continuous: list = field(default_factory=list)  # continuous effects of resolved spells and abilities (611.2):
    #   tutor.engine.layers.Continuous, in the order they began
    layer_changes: int = 0  # bumped by every change the layers read besides the battlefield's list (613.5)
    prevent_combat: str = ""  # "prevent all combat damage that would be dealt this turn": the card that said so
    prevent_next: dict = field(default_factory=dict)  # target id -> damage still to prevent this turn
    shield_cards: dict = field(default_factory=dict)  # target id -> the card of its latest prevention shield
    triggers: list = field(default_factory=list)  # triggered abilities waiting to be put on the stack (StackItem)
    delayed: list = field(default_factory=list)  # delayed triggered abilities waiting for their event (603.7)
    state_triggered: set = field(default_factory=set)  # (object, ability) of state triggers not yet resolved (603.8)
    effects: list = field(default_factory=list)  # "this turn" rule effects of resolved spells and abilities:
    #   (kind, data...) tuples: ("cant_prevent",), ("cant_gain_life", player), ("exile_if_dies", object),
    #   ("prevent_all_to", target), ("prevent_all_from", object) (614, 615, 119.7); they end in cleanup (514.2)
    # Choices (tutor.engine.choices): a unit of play waiting for a player's choice, and the answers given so far.
    suspended: tuple = ()
    answers: list = field(default_factory=list)
    resolving: object = None  # the stack item resolving now, with its progress (Resolution)
    cleanup_again: bool = False
    token_left: bool = False  # a token moved off the battlefield since the last state-based action check
    # part 2: planeswalkers (tutor.engine.loyalty)
    loyalty_used: set = field(default_factory=set)  # permanents whose loyalty ability was activated this turn (606.3)
    attack_targets: dict = field(default_factory=dict)  # attacker id -> the planeswalker it attacks (508.1b)
    outcome: Outcome | None = None
    # part 2: the start of the game: the mulligan process in progress (tutor.engine.start.Opening), else None
    opening: object = None
