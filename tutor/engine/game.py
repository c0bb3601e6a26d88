"""The rules engine's facade: `Game` puts the rule areas together behind one public API.

Follows the Comprehensive Rules (Foundations, November 2024) where it covers them; every event carries
the rule numbers that justify it, and every illegal action raises IllegalAction with the rule it breaks.
Deterministic: the only randomness is a seeded shuffle. No I/O.

The model is python-chess: small value-object actions, ``game.legal_actions()`` is a lazy view that
supports ``in`` and iteration, ``game.push(action)`` / ``game.pop()`` undo by snapshot; PokerKit for the
rules of each action: a validate / perform / generate trio, registered in `ACTION_RULES`.

The rule areas, one module each (a mixin of `Game`): `characteristics` (613, 702), `zones` (400.7),
`turns` (500-514), `priority` (117, 405, 603, 608), `casting` (601-602, 106, 118, 305, 605), `targets`
(115, 608.2b), `combat` (506-511), `damage` (119, 120, 615, 701.7), `sba` (704); `effects` is the effect
registry, `keywords` the keyword registry, `events` the event kinds, `view` the typed board view.

The questions a tutor asks of a position are queries of the facade, with their rules: `refusal` (any action),
`can_block` / `block_refusal` (509.1), `lethal_damage` (120.6, 702.2c), `max_trample_damage` (702.19b),
`can_cast` / `cast_refusal` / `cast_timing` (601.2, 117.1a, 307.1, 702.8a), `next_to_resolve` (405.5).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from tutor.engine import casting, choices, combat, priority, sba, turns
from tutor.engine.actions import (
    ActionRules,
    ActivateAbility,
    AssignCombatDamage,
    CastSpell,
    Choose,
    ChooseLegend,
    DeclareAttackers,
    DeclareBlockers,
    Discard,
    PassPriority,
    PlayLand,
)
from tutor.engine.cards import CardDef
from tutor.engine.casting import Casting
from tutor.engine.characteristics import Characteristics
from tutor.engine.choices import Choices
from tutor.engine.combat import Combat
from tutor.engine.damage import Damage
from tutor.engine.errors import IllegalAction, Refusal
from tutor.engine.events import Event, EventKind
from tutor.engine.loyalty import Planeswalkers
from tutor.engine.priority import Priority
from tutor.engine.replacement import Replacements
from tutor.engine.sba import StateBasedActions
from tutor.engine.spells import Spells
from tutor.engine.stack_effects import StackEffects
from tutor.engine.start import Start
from tutor.engine.state import TURN_STEPS, Obj, Outcome, Player, State, Step
from tutor.engine.targets import Targets
from tutor.engine.triggers import Triggers
from tutor.engine.turns import Turns
from tutor.engine.zones import Zones

if TYPE_CHECKING:
    from tutor.engine.view import BoardView

__all__ = ["ACTION_RULES", "Game", "LegalActions"]

ACTION_RULES: dict[type, ActionRules] = {
    PassPriority: priority.PASS_PRIORITY,
    PlayLand: casting.PLAY_LAND,
    CastSpell: casting.CAST_SPELL,
    ActivateAbility: casting.ACTIVATE_ABILITY,
    DeclareAttackers: combat.DECLARE_ATTACKERS,
    DeclareBlockers: combat.DECLARE_BLOCKERS,
    AssignCombatDamage: combat.ASSIGN_COMBAT_DAMAGE,
    ChooseLegend: sba.CHOOSE_LEGEND,
    Discard: turns.DISCARD,
    Choose: choices.CHOOSE,
}
"""Every action type and how the rules treat it (the decision it answers, validate / perform / generate)."""

_BY_DECISION: dict[str, list[ActionRules]] = {}  # decision -> the rules of the actions answering it, in table order
_FROM_SOURCE: dict[str, list] = {}  # zone -> the from_source functions of the actions using an object there
for _rules in ACTION_RULES.values():
    _BY_DECISION.setdefault(_rules.decision, []).append(_rules)
    if _rules.from_source is not None:
        _FROM_SOURCE.setdefault(_rules.source_zone, []).append(_rules.from_source)
_WITH_SOURCES = frozenset(r.decision for r in ACTION_RULES.values() if r.from_source is not None)
_DECISION_RULE = {"priority": "117.1", "attackers": "508.1", "blockers": "509.1", "damage": "510.1",
                  "legend": "704.5j", "discard": "514.1", "choice": "101.4"}  # the rule that says who decides what, for refusals
# Events that change nothing, as plain strings (an Enum's hash and .value are slow on hot paths).
_QUIET = frozenset(k._value_ for k in (EventKind.PASS, EventKind.STEP_BEGINS, EventKind.NO_PRIORITY, EventKind.STEP_SKIPPED,
                                       EventKind.TRIGGER, EventKind.FIRST_STRIKE_STEP))


class LegalActions:
    """A lazy view of the legal actions: ``action in game.legal_actions()`` validates without playing;
    iterating generates them (combat choices and targets are enumerated up to a bound): first those that
    need no object (passing, declarations), then, object by object, those that use one (priority_sources)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __contains__(self, action: object) -> bool:
        try:
            self.game._validate(action)
        except IllegalAction:
            return False
        return True

    def __iter__(self) -> Iterator:
        return self.game._generate()


class Game(Characteristics, Zones, Turns, Priority, Triggers, Choices, Replacements, Casting, Targets, Combat, Damage,
           StateBasedActions, Planeswalkers, Spells, Start, StackEffects):
    """A two-player game on a card pool."""

    def __init__(self, cards: dict[str, CardDef], state: State | None = None, seed: int = 0) -> None:
        self.cards = cards
        self.state = state or State(players=[Player(0), Player(1)])
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self._history: list[tuple[State, int, object]] = []
        self.object_cards: dict[int, str] = {}  # every object id ever used -> its card id (for logs)
        # Layers (tutor.engine.layers): the position they were last applied in, and what they found.
        self._lk_state: State | None = None
        self._lk_bf = self._lk_lc = self._lk_ch = -1
        self._lk_dyn = False
        self._layered: set = set()  # permanents whose `card` is not their printed card
        self._why: dict = {}  # permanent -> the effects of layers 1-6 applied to it (Applied)
        self._l7: dict = {}  # permanent -> the layer-7 effects that apply to it: [(Mod, entry)]
        self._pt_modified = False
        self._version = 0  # bumped by every action and undo: memoised answers are per position
        self._changes = 0  # events that changed the state; state-based actions are re-checked only after one
        self._sba_clean = -1  # the value of _changes at the last check that found nothing to do
        self._sba_order: dict | None = None  # battlefield positions as a check began
        self._mana_memo: dict = {}  # (Casting._position_memo) for the position of `_memo_version`, `_memo_state`
        self._memo_version = -1
        self._memo_state: State | None = None
        self._prot = self._untarg = False  # a protection / hexproof or shroud keyword on the battlefield (layers)
        self._trig_clock = -1  # the permanents' triggered abilities (Triggers._trigger_sources), per position
        self._trig_state: State | None = None
        self._trig_list: list = []
        self._trig_events: frozenset = frozenset()
        self._repl_clock = -1  # their replacement abilities and prohibitions (Replacements._static_kind), by kind
        self._repl_state: State | None = None
        self._repl_by: dict = {}
        self._state_checked: tuple = ()  # (events that changed the game, state) at the last look for state triggers
        self._left: list = []  # objects that left the battlefield in the event being handled (603.10a looks back)
        self._lki_cards: dict[int, int] = {}  # every object id that left a zone -> its physical card
        self._pw_key = -1  # whether a planeswalker is on the battlefield (Planeswalkers._planeswalkers_in_play)
        self._pw_state: State | None = None
        self._pw = False

    # ==== construction ===============================================================================
    def create(self, card_id: str, owner: int, zone: str, *, controller: int | None = None, **attrs) -> Obj:
        """Put a new object for card `card_id` into a zone (for setting up a position; tokens, 111.1)."""
        card = self.cards[card_id]
        s = self.state
        obj = Obj(s.next_id, card, s.next_id, owner, owner if controller is None else controller, zone)
        s.next_id += 1
        for k, v in attrs.items():
            setattr(obj, k, v)
        s.clock += 1
        obj.timestamp = s.clock
        s.objects[obj.id] = obj
        self.object_cards[obj.id] = card.id
        if zone == "battlefield":
            s.battlefield.append(obj.id)
            s.bf_changes += 1
        elif zone != "stack":
            getattr(s.players[owner], zone).append(obj.id)
        return obj

    @classmethod
    def new(cls, cards: dict[str, CardDef], decks: list[list[str]], seed: int = 0, starting_player: int = 0,
            hand_size: int = 7, mulligans: bool = False) -> Game:
        """A game from two decks: libraries shuffled (seeded), opening hands drawn, turn 1 begins (103). With
        `mulligans`, the whole start of the game (`Game.begin`): the game first waits for the mulligan
        declarations (103.5)."""
        game = cls(cards, seed=seed)
        for p, deck in enumerate(decks):
            for cid in deck:
                game.create(cid, p, "library")
            if mulligans:
                continue
            game.rng.shuffle(game.state.players[p].library)
            for _ in range(hand_size):
                lib = game.state.players[p].library
                if lib:
                    game._move(lib[0], "hand")
        if mulligans:
            game.begin(starting_player, hand_size=hand_size)
            return game
        game.start(starting_player=starting_player, active=starting_player, turn=1, step=Step.UNTAP)
        return game

    def start(self, *, active: int, turn: int, step: Step, starting_player: int | None = None) -> None:
        """Begin play at a given turn and step (the step's turn-based actions happen now)."""
        s = self.state
        s.active, s.turn = active, turn
        s.starting_player = active if starting_player is None else starting_player
        i = TURN_STEPS.index(step) if step in TURN_STEPS else TURN_STEPS.index(Step.COMBAT_DAMAGE)
        s.step_queue = list(TURN_STEPS[i + 1:])
        self._begin_step(step)
        self._run()

    # ==== public API ===================================================================================
    def legal_actions(self) -> LegalActions:
        """The legal actions now, as a lazy view (``in``, iteration)."""
        return LegalActions(self)

    def is_legal(self, action: object) -> bool:
        """Whether `action` is legal now (validated without playing it)."""
        return action in self.legal_actions()

    def validate(self, action: object) -> None:
        """Check `action` against the rules without playing it; raise IllegalAction (with the rule it breaks)
        when it is illegal now. (``action in game.legal_actions()`` is the same check as a bool.)"""
        self._validate(action)

    def refusal(self, action: object) -> IllegalAction | None:
        """None if `action` is legal now, else the IllegalAction the rules give (with the rule it breaks);
        nothing changes."""
        try:
            self._validate(action)
        except IllegalAction as exc:
            return exc
        return None

    def next_to_resolve(self) -> int | None:
        """CR 405.5 / 608.1: the id of the stack item that resolves when all players pass in succession (the
        top, last added), or None with an empty stack."""
        stack = self.state.stack
        return stack[-1].id if stack else None

    @property
    def undo_depth(self) -> int:
        """How many pushed actions `pop` can still undo."""
        return len(self._history)

    def forget_history(self) -> None:
        """Drop the undo snapshots (a copy of a game starts with none)."""
        self._history.clear()

    def apply(self, action: object) -> list[Event]:
        """Play an action; return the events it caused. Raises IllegalAction (with its rule) if illegal."""
        start = len(self.events)
        plan = self._validate(action)
        self._version += 1
        if self._left:
            self._left = []
        ACTION_RULES[type(action)].perform(self, action, plan)
        self._run()
        self._version += 1
        return self.events[start:]

    def push(self, action: object) -> list[Event]:
        """Like apply, keeping a snapshot so that `pop` can undo it."""
        snap = (copy.deepcopy(self.state), len(self.events), self.rng.getstate())
        events = self.apply(action)
        self._history.append(snap)
        return events

    def pop(self) -> None:
        """Undo the last pushed action."""
        state, n, rng = self._history.pop()
        self._version += 1
        self._sba_clean = -1
        self.state = state
        del self.events[n:]
        self.rng.setstate(rng)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self.state.outcome

    @property
    def pending(self) -> tuple:
        """The decision the game waits for: ("priority", p), ("attackers", p), ("blockers", p),
        ("damage", p, attacker), ("legend", p, name), ("discard", p, n) or ("game_over",)."""
        return self.state.pending

    def view(self) -> BoardView:
        """The position as a frozen, JSON-able `BoardView` (see `tutor.engine.view`)."""
        from tutor.engine.view import board_view  # (imported on first use: playing doesn't need it)

        return board_view(self)

    def priority_actions(self, include_mana_abilities: bool = True) -> Iterator:
        """The legal actions at priority other than passing (optionally without bare mana abilities,
        which only add mana that empties at the end of the step)."""
        for source in self.priority_sources(include_mana_abilities):
            yield from self.source_actions(source, include_mana_abilities)

    def source_actions(self, oid: int, include_mana_abilities: bool = True) -> Iterator:
        """The legal actions at priority that use one object: play or cast it, or activate its abilities."""
        s = self.state
        if not (s.pending and s.pending[0] == "priority") or oid not in s.objects:
            return
        o = s.objects[oid]
        for from_source in _FROM_SOURCE.get(o.zone, ()):
            yield from from_source(self, o, s.pending[1], include_mana_abilities)

    # ==== events, validation, generation ===============================================================
    def _emit(self, kind: EventKind, rules: tuple | str, /, **data) -> None:
        """Record an event of `kind` (with its rule numbers, some of `kind.rules`); every change to the game
        state is announced by one. The event keeps the kind's plain string (its JSON and text forms)."""
        s = self.state
        self.events.append(Event(kind._value_, (rules,) if rules.__class__ is str else tuple(rules), data, s.turn,
                                 s.step._value_[0]))
        if kind._value_ not in _QUIET:
            self._changes += 1

    def _need(self, kind: str) -> int:
        """The player who must make decision `kind` now; IllegalAction if the game waits for something else."""
        s = self.state
        if s.outcome is not None:
            raise IllegalAction("104.1", Refusal.GAME_OVER, "the game is over")
        if not s.pending or s.pending[0] != kind:
            raise IllegalAction(_DECISION_RULE[kind], Refusal(f"not_{kind}"),
                                f"the game is waiting for {s.pending[0] if s.pending else 'nothing'}, not {kind}")
        return s.pending[1]

    def _validate(self, action: object):
        """Check an action against the rules without changing anything; return the plan to perform it."""
        rules = ACTION_RULES.get(type(action))
        if rules is None:
            raise IllegalAction("117.1", Refusal.UNKNOWN_ACTION, f"not an action: {action!r}")
        return rules.validate(self, action)

    def _generate(self) -> Iterator:
        s = self.state
        if s.outcome is not None or not s.pending:
            return
        kind = s.pending[0]
        for rules in _BY_DECISION.get(kind, ()):
            if rules.generate is not None:
                yield from rules.generate(self)
        if kind in _WITH_SOURCES:
            yield from self.priority_actions()
