"""The rules engine: turn structure, priority, the stack, casting, combat and state-based actions.

Follows the Comprehensive Rules (Foundations, November 2024) where it covers them; every event carries
the rule numbers that justify it, and every illegal action raises IllegalAction with the rule it breaks.
Deterministic: the only randomness is a seeded shuffle. No I/O.

The model is python-chess: small value-object actions, ``game.legal_actions()`` is a lazy view that
supports ``in`` and iteration, ``game.push(action)`` / ``game.pop()`` undo by snapshot.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterator

from tutor.engine.actions import (
    ActivateAbility, AssignCombatDamage, CastSpell, ChooseLegend, DeclareAttackers, DeclareBlockers, Discard,
    PassPriority, PlayLand, player_target,
)
from tutor.engine.cards import WALKS, CardDef
from tutor.engine.errors import IllegalAction
from tutor.engine.events import Event
from tutor.engine.mana import COLOR_NAMES, find_payment
from tutor.engine.state import TURN_STEPS, Obj, Outcome, Player, StackItem, State, Step

__all__ = ["Game", "LegalActions"]

_COLOR_OF_NAME = {v: k for k, v in COLOR_NAMES.items()}
_STEP_KEY = {step: step.key for step in Step}  # (an Enum's .value is slow on hot paths)
_MAIN_STEPS = frozenset({Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN})


def _p(flt: tuple) -> dict:
    return dict(flt)


class LegalActions:
    """A lazy view of the legal actions: ``action in game.legal_actions()`` validates without playing;
    iterating generates them (combat choices and targets are enumerated up to a bound)."""

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



class Game:
    """A two-player game on a card pool."""

    def __init__(self, cards: dict[str, CardDef], state: State | None = None, seed: int = 0) -> None:
        self.cards = cards
        self.state = state or State(players=[Player(0), Player(1)])
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self._history: list[tuple[State, int, object]] = []
        self.object_cards: dict[int, str] = {}  # every object id ever used -> its card id (for logs)
        self._static_key: tuple = ()
        self._version = 0  # bumped by every action and undo: memoised answers are per position
        self._changes = 0  # events that changed the state; state-based actions are re-checked only after one
        self._sba_clean = -1  # the value of _changes at the last check that found nothing to do
        self._mana_memo: dict = {}
        self._prot_key: tuple = ()
        self._prot = False
        self._static_list: list = []

    # ==== construction ===============================================================================
    def create(self, card_id: str, owner: int, zone: str, *, controller: int | None = None, **attrs) -> Obj:
        """Put a new object for card `card_id` into a zone (for setting up a position)."""
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
        elif zone != "stack":
            getattr(s.players[owner], zone).append(obj.id)
        return obj

    @classmethod
    def new(cls, cards: dict[str, CardDef], decks: list[list[str]], seed: int = 0, starting_player: int = 0,
            hand_size: int = 7) -> Game:
        """A game from two decks: libraries shuffled (seeded), opening hands drawn, turn 1 begins (103)."""
        game = cls(cards, seed=seed)
        for p, deck in enumerate(decks):
            for cid in deck:
                game.create(cid, p, "library")
            game.rng.shuffle(game.state.players[p].library)
            for _ in range(hand_size):
                lib = game.state.players[p].library
                if lib:
                    game._move(lib[0], "hand")
        game.start(starting_player=starting_player, active=starting_player, turn=1, step=Step.UNTAP)
        return game

    def start(self, *, active: int, turn: int, step: Step, starting_player: int | None = None) -> None:
        """Begin play at a given turn and step (the step's turn-based actions happen now)."""
        s = self.state
        s.active, s.turn = active, turn
        s.starting_player = active if starting_player is None else starting_player
        i = TURN_STEPS.index(step) if step in TURN_STEPS else TURN_STEPS.index(Step.COMBAT_DAMAGE)
        s.step_queue = list(TURN_STEPS[i + 1 :])
        self._begin_step(step)
        self._run()

    # ==== public API ===================================================================================
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def is_legal(self, action: object) -> bool:
        return action in self.legal_actions()

    def apply(self, action: object) -> list[Event]:
        """Play an action; return the events it caused. Raises IllegalAction (with its rule) if illegal."""
        start = len(self.events)
        plan = self._validate(action)
        self._version += 1
        self._perform(action, plan)
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
        return self.state.outcome

    @property
    def pending(self) -> tuple:
        """The decision the game waits for: ("priority", p), ("attackers", p), ("blockers", p),
        ("damage", p, attacker), ("legend", p, name), ("discard", p, n) or ("game_over",)."""
        return self.state.pending

    # ==== characteristics ==============================================================================
    def obj(self, oid: int) -> Obj:
        return self.state.objects[oid]

    def _statics(self) -> list:
        """The static abilities on the battlefield, as (source, ability); cached until an object moves."""
        s = self.state
        key = (id(s), s.clock)
        if self._static_key != key:
            self._static_list = [(s.objects[sid], ab) for sid in s.battlefield
                                 for ab in s.objects[sid].card.abilities if ab.kind == "static"]
            self._static_key = key
        return self._static_list

    def _static_applies(self, src: Obj, ab, obj: Obj) -> bool:
        if ab.affects.get("enchanted"):
            return src.attached_to == obj.id
        return self._matches(obj, ab.affects, src.controller, src.id)

    def keywords(self, oid: int) -> frozenset:
        o = self.state.objects[oid]
        kws = set(o.card.keywords)
        if o.zone == "battlefield":
            for eid, _dp, _dt, k in self.state.eot:
                if eid == oid:
                    kws |= k
            for src, ab in self._statics():
                if ab.keywords and self._static_applies(src, ab, o):
                    kws |= ab.keywords
        return frozenset(kws)

    def power_toughness(self, oid: int) -> tuple[int, int]:
        """Layer 7 (613.4): printed values, +1/+1 and -1/-1 counters, pump effects, static modifications."""
        o = self.state.objects[oid]
        p, t = o.card.power or 0, o.card.toughness or 0
        if o.zone != "battlefield":
            return p, t
        n = o.counters.get("+1/+1", 0) - o.counters.get("-1/-1", 0)
        p, t = p + n, t + n
        for eid, dp, dt, _k in self.state.eot:
            if eid == oid:
                p, t = p + dp, t + dt
        for src, ab in self._statics():
            if ab.pump != (0, 0) and self._static_applies(src, ab, o):
                p, t = p + ab.pump[0], t + ab.pump[1]
        return p, t

    def colors(self, oid: int) -> frozenset:
        return self.state.objects[oid].card.colors

    def is_creature(self, oid: int) -> bool:
        o = self.state.objects.get(oid)
        return o is not None and o.zone == "battlefield" and "creature" in o.card.types

    def _matches(self, o: Obj, flt: dict, controller: int, source: int | None) -> bool:
        """Whether object `o` fits a target filter, seen from `controller` (and `source` for "other")."""
        if flt.get("other") and o.id == source:
            return False
        if "types" in flt and not set(flt["types"]) & o.card.types:
            return False
        if "subtypes" in flt and not set(flt["subtypes"]) <= o.card.subtypes:
            return False
        if "color" in flt and _COLOR_OF_NAME[flt["color"]] not in self.colors(o.id):
            return False
        if "not_color" in flt and _COLOR_OF_NAME[flt["not_color"]] in self.colors(o.id):
            return False
        if "tapped" in flt and o.tapped != flt["tapped"]:
            return False
        if flt.get("attacking_or_blocking") and o.id not in self.state.attackers and o.id not in self.state.blocks:
            return False
        if flt.get("controller") == "you" and o.controller != controller:
            return False
        if flt.get("controller") == "opponent" and o.controller == controller:
            return False
        return True

    def _protection_in_play(self) -> bool:
        """Whether any permanent could have protection now (cached until something moves or a pump is added)."""
        s = self.state
        key = (id(s), s.clock, len(s.eot))
        if self._prot_key != key:
            self._prot_key = key
            self._prot = any(k.startswith("protection") for oid in s.battlefield for k in s.objects[oid].card.keywords) \
                or any(k.startswith("protection") for e in s.eot for k in e[3]) \
                or any(k.startswith("protection") for _, ab in self._statics() for k in ab.keywords)
        return self._prot

    def _protected_from(self, oid: int, colors: frozenset) -> bool:
        """702.16: protection from a colour the source has."""
        if not colors or not self._protection_in_play():
            return False
        kws = self.keywords(oid)
        return any(f"protection from {COLOR_NAMES[c]}" in kws for c in colors)

    # ==== events and moves =============================================================================
    _QUIET = frozenset({"pass", "step_begins", "no_priority", "step_skipped", "trigger", "first_strike_step"})

    def _emit(self, kind: str, rules: tuple | str, /, **data) -> None:
        self.events.append(Event(kind, (rules,) if isinstance(rules, str) else tuple(rules), data,
                                 self.state.turn, _STEP_KEY[self.state.step]))
        if kind not in self._QUIET:
            self._changes += 1  # every change to the game state is announced by an event

    def _zone_list(self, o: Obj) -> list | None:
        if o.zone == "battlefield":
            return self.state.battlefield
        if o.zone == "stack":
            return None
        return getattr(self.state.players[o.owner], o.zone)

    def _move(self, oid: int, zone: str, *, top: bool = True) -> int | None:
        """Move an object to another zone; it becomes a new object (400.7). Returns the new id.
        (A token that leaves the battlefield does move; it ceases to exist at the next state-based
        action check, 111.7 / 704.5d.)"""
        s = self.state
        o = s.objects.pop(oid)
        lst = self._zone_list(o)
        if lst is not None and oid in lst:
            lst.remove(oid)
        if o.zone == "battlefield":
            s.attackers.pop(oid, None)
            s.blocks.pop(oid, None)
            s.eot = [e for e in s.eot if e[0] != oid]
        new = Obj(s.next_id, o.card, o.card_id, o.owner, o.owner, zone)
        if o.card.token and zone != "battlefield":
            s.token_left = True  # it ceases to exist at the next state-based action check (704.5d)
        s.next_id += 1
        s.clock += 1
        new.timestamp = s.clock
        s.objects[new.id] = new
        self.object_cards[new.id] = o.card.id
        if zone == "battlefield":
            s.battlefield.append(new.id)
        elif zone == "library":
            lib = s.players[o.owner].library
            (lib.insert(0, new.id) if top else lib.append(new.id))
        elif zone != "stack":
            getattr(s.players[o.owner], zone).append(new.id)
        return new.id

    # ==== the turn =====================================================================================
    def _begin_step(self, step: Step) -> None:
        """Start a step: its turn-based actions, then (for most steps) the active player will get priority."""
        s = self.state
        s.step = step
        s.passed = set()
        s.priority = None
        self._emit("step_begins", step.rule, step=step.key, phase=step.phase)
        if step is Step.UNTAP:
            self._untap_step()
            return
        if step is Step.UPKEEP:
            for oid in list(s.battlefield):
                o = s.objects[oid]
                for i, ab in enumerate(o.card.abilities):
                    if ab.kind == "triggered" and ab.when == "upkeep" and o.controller == s.active:
                        self._trigger(o, i, "503.1")
        elif step is Step.DRAW:
            self._draw(s.active, "504.1")
        elif step is Step.DECLARE_ATTACKERS:
            s.pending = ("attackers", s.active)
            return
        elif step is Step.DECLARE_BLOCKERS:
            s.pending = ("blockers", 1 - s.active)
            return
        elif step is Step.COMBAT_DAMAGE and not s.first_strike_done and any(
            {"first strike", "double strike"} & self.keywords(c) for c in self._combatants()
        ):
            s.step_queue.insert(0, Step.COMBAT_DAMAGE)
            s.step = Step.FIRST_STRIKE_DAMAGE
            s.first_strikers = {c for c in self._combatants() if {"first strike", "double strike"} & self.keywords(c)}
            s.first_strike_done = True
            self._emit("first_strike_step", ("510.4", "702.7b"), creatures=sorted(s.first_strikers))
            self._start_damage()
            return
        elif step in (Step.COMBAT_DAMAGE, Step.FIRST_STRIKE_DAMAGE):
            self._start_damage()
            return
        elif step is Step.CLEANUP:
            self._cleanup()
            return
        s.priority = s.active

    def _untap_step(self) -> None:
        s = self.state
        for oid in s.battlefield:
            o = s.objects[oid]
            if o.controller == s.active:
                o.fresh = False  # controlled continuously since this turn began (302.6)
        untapped = [oid for oid in s.battlefield if s.objects[oid].controller == s.active and s.objects[oid].tapped]
        for oid in untapped:
            s.objects[oid].tapped = False
        self._emit("untap", "502.3", player=s.active, objects=untapped)
        self._emit("no_priority", "502.4")
        # No player receives priority in the untap step: go straight on.

    def _end_step(self) -> None:
        """End the current step: mana empties (500.4); combat ends after end of combat (511.3)."""
        s = self.state
        for p in s.players:
            if any(p.pool.values()):
                self._emit("mana_empties", "500.4", player=p.index, mana=dict(p.pool))
                p.pool = {}
        if s.step is Step.END_OF_COMBAT:
            s.attackers, s.blocks, s.blocked, s.attackers_declared = {}, {}, set(), False
            s.first_strikers, s.first_strike_done, s.damage_plan = set(), False, {}
            self._emit("combat_ends", "511.3")
        if s.step is Step.CLEANUP and s.cleanup_again:
            s.cleanup_again = False
            s.step_queue.insert(0, Step.CLEANUP)
        if s.step_queue:
            nxt = s.step_queue.pop(0)
            if nxt in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE) and not s.attackers_declared and s.step in (
                    Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS):
                # 508.8: no attackers -> skip the declare blockers and combat damage steps.
                self._emit("step_skipped", "508.8", step=nxt.key)
                while s.step_queue and s.step_queue[0] in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE):
                    self._emit("step_skipped", "508.8", step=s.step_queue.pop(0).key)
                nxt = s.step_queue.pop(0)
            if nxt is Step.DRAW and s.turn == 1 and s.active == s.starting_player:
                # 103.8a: in a two-player game the starting player skips the draw step of their first turn.
                self._emit("draw_skipped", "103.8a", player=s.active, step=nxt.key)
                nxt = s.step_queue.pop(0)
            self._begin_step(nxt)
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        s = self.state
        s.active = 1 - s.active
        s.turn += 1
        for p in s.players:
            p.lands_played = 0
        s.attacked_this_turn = set()
        s.step_queue = list(TURN_STEPS[1:])
        s.step = Step.UNTAP
        self._emit("turn_begins", "500.1", player=s.active, turn=s.turn)
        self._begin_step(Step.UNTAP)

    def _draw(self, player: int, rule: str, count: int = 1) -> None:
        p = self.state.players[player]
        for _ in range(count):
            if not p.library:
                p.drew_from_empty = True
                self._emit("draw_from_empty", ("121.4", "704.5b"), player=player)
                continue
            new = self._move(p.library[0], "hand")
            self._emit("draw", (rule, "121.1"), player=player, object=new, card=self.obj(new).card.id)

    def _cleanup(self) -> None:
        s = self.state
        p = s.players[s.active]
        if len(p.hand) > p.max_hand:
            s.pending = ("discard", s.active, len(p.hand) - p.max_hand)
            return
        self._cleanup_rest()

    def _cleanup_rest(self) -> None:
        """514.2: damage is removed and "until end of turn" / "this turn" effects end, simultaneously."""
        s = self.state
        healed = [oid for oid in s.battlefield if s.objects[oid].damage]
        for oid in s.battlefield:
            s.objects[oid].damage = 0
            s.objects[oid].regen_shields = 0
        ended = len(s.eot)
        s.eot, s.prevent_combat, s.prevent_next = [], False, {}
        self._emit("cleanup", "514.2", damage_removed=healed, effects_ended=ended)
        # 514.3: no priority unless state-based actions or triggers happen (514.3a).
        if self._sba_needed() or s.triggers:
            s.cleanup_again = True
            s.priority = s.active
        else:
            self._emit("no_priority", "514.3")

    # ==== the main loop ================================================================================
    def _run(self) -> None:
        """Advance the game until a player must decide something (or the game is over)."""
        s = self.state
        guard = 0
        while s.outcome is None:
            guard += 1
            if guard > 10_000:  # pragma: no cover - a bug, not a game state
                raise RuntimeError("the engine made no progress")
            if s.pending and s.pending[0] != "priority":
                return
            if s.priority is None:
                s.pending = ()
                self._end_step()
                continue
            # 117.5: before a player receives priority, state-based actions, then triggered abilities.
            if self._state_based_actions():
                continue
            if s.pending and s.pending[0] == "legend":
                return
            if s.triggers:
                self._stack_triggers()
                continue
            s.pending = ("priority", s.priority)
            return
        s.pending = ("game_over",)

    def _give_priority(self, player: int) -> None:
        self.state.priority = player
        self.state.pending = ()

    # ==== state-based actions ==========================================================================
    def _sba_needed(self) -> bool:
        """Whether any state-based action would be performed now (a check that changes nothing)."""
        s = self.state
        if any(p.life <= 0 or p.drew_from_empty for p in s.players):
            return True
        if s.token_left:
            return True
        legends: set[tuple[int, str]] = set()
        for oid in s.battlefield:
            o = s.objects[oid]
            if "creature" in o.card.types:
                _, t = self.power_toughness(oid)
                sturdy = "indestructible" in self.keywords(oid)
                if t <= 0 or (not sturdy and (o.damage >= t or (o.deathtouched and o.damage > 0))):
                    return True
            if "Aura" in o.card.subtypes:
                host = s.objects.get(o.attached_to) if o.attached_to else None
                if host is None or host.zone != "battlefield" or not self._can_enchant(o, host):
                    return True
            if o.counters.get("+1/+1", 0) and o.counters.get("-1/-1", 0):
                return True
            if "legendary" in o.card.supertypes:
                key = (o.controller, o.card.name["en"])
                if key in legends:
                    return True
                legends.add(key)
        return False

    def _state_based_actions(self) -> bool:
        """704.3: perform all applicable state-based actions at once; True if any was performed.

        Nothing can have become applicable since a check that found nothing, unless the state changed."""
        if self._sba_clean == self._changes:
            return False
        acted = self._check_state_based_actions()
        if not acted:
            self._sba_clean = self._changes
        return acted

    def _check_state_based_actions(self) -> bool:
        s = self.state
        acted = False
        losers = [p.index for p in s.players if p.life <= 0]
        for i in losers:
            self._emit("sba_life", "704.5a", player=i, life=s.players[i].life)
        for p in s.players:
            if p.drew_from_empty:
                losers.append(p.index)
                p.drew_from_empty = False
                self._emit("sba_empty_library", "704.5b", player=p.index)
        if losers:
            losers = sorted(set(losers))
            if len(losers) == len(s.players):
                s.outcome = Outcome(None, "draw", ("104.4a",))
                self._emit("game_draw", "104.4a")
            else:
                s.outcome = Outcome(1 - losers[0], "opponent_lost", ("104.3a", "704.5a" if s.players[losers[0]].life <= 0 else "704.5b"))
                self._emit("game_won", "104.2a", winner=1 - losers[0], loser=losers[0])
            return True
        # 704.5d: a token in a zone other than the battlefield ceases to exist.
        for p in s.players if s.token_left else ():
            for zone in ("hand", "graveyard", "exile", "library"):
                lst = getattr(p, zone)
                for oid in [x for x in lst if s.objects[x].card.token]:
                    lst.remove(oid)
                    o = s.objects.pop(oid)
                    self._emit("token_ceases", ("704.5d", "111.7"), object=oid, card=o.card.id, zone=zone, owner=o.owner)
                    acted = True
        s.token_left = False
        to_graveyard: list[tuple[int, str]] = []
        to_destroy: list[tuple[int, str]] = []
        legends: dict[tuple[int, str], list[int]] = {}
        # Toughness can only differ from the printed value with counters, pump effects or static abilities.
        modified = bool(s.eot) or any(ab.pump[1] for _, ab in self._statics())
        for oid in s.battlefield:
            o = s.objects[oid]
            card = o.card
            if card.supertypes and "legendary" in card.supertypes:
                legends.setdefault((o.controller, card.name["en"]), []).append(oid)
            if o.counters:
                plus, minus = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
                if plus and minus:
                    n = min(plus, minus)
                    o.counters["+1/+1"] -= n
                    o.counters["-1/-1"] -= n
                    self._emit("sba_counters", "704.5q", object=oid, removed=n, card=card.id)
                    acted = True
            if card.enchant:
                host = s.objects.get(o.attached_to) if o.attached_to else None
                if host is None or host.zone != "battlefield" or not self._can_enchant(o, host):
                    to_graveyard.append((oid, "704.5m"))
            if "creature" in card.types and (o.damage or o.counters or o.deathtouched or modified or (card.toughness or 0) <= 0):
                _, t = self.power_toughness(oid)
                sturdy = "indestructible" in self.keywords(oid)  # 702.12b: "destroy" does nothing to it
                if t <= 0:
                    to_graveyard.append((oid, "704.5f"))
                elif o.damage >= t and not sturdy:
                    to_destroy.append((oid, "704.5g"))
                elif o.deathtouched and o.damage > 0 and not sturdy:
                    to_destroy.append((oid, "704.5h"))
                o.deathtouched = False
        for oid, rule in to_graveyard:
            if oid in s.objects and s.objects[oid].zone == "battlefield":
                self._emit("sba", rule, object=oid, card=s.objects[oid].card.id)
                self._to_graveyard(oid, rule)
                acted = True
        for oid, rule in to_destroy:
            if oid in s.objects and s.objects[oid].zone == "battlefield":
                self._emit("sba", rule, object=oid, card=s.objects[oid].card.id)
                self._destroy(oid, rule)
                acted = True
        # 704.5j: the legend rule (the controller chooses which one to keep).
        for (player, name), ids in legends.items():
            if sum(1 for oid in ids if oid in s.objects and s.objects[oid].zone == "battlefield") > 1:
                s.pending = ("legend", player, name)
                return True
        return acted

    def _can_enchant(self, aura: Obj, host: Obj) -> bool:
        kind = aura.card.enchant
        if kind in ("creature", "land") and kind not in host.card.types:
            return False
        return not self._protected_from(host.id, aura.card.colors)

    # ==== triggers =====================================================================================
    def _trigger(self, o: Obj, index: int, rule: str) -> None:
        ab = o.card.abilities[index]
        item = StackItem(0, "ability", o.controller, o.card, o.id, (), ab.targets, ab.effects,
                         ability_index=index, trigger=ab.when, colors=o.card.colors)
        self.state.triggers.append(item)
        self._emit("trigger", (rule, "603.2"), object=o.id, card=o.card.id, when=ab.when)

    def _stack_triggers(self) -> None:
        """603.3b: the active player puts their triggers on the stack first, then the others (APNAP)."""
        s = self.state
        waiting = sorted(s.triggers, key=lambda it: it.controller != s.active)
        s.triggers = []
        for item in waiting:
            targets = self._auto_targets(item)
            if item.target_specs and targets is None:
                self._emit("trigger_removed", "603.3d", card=item.card.id)  # no legal target
                continue
            item.targets = targets or ()
            item.id = s.next_id
            s.next_id += 1
            s.stack.append(item)
            self._emit("trigger_on_stack", "603.3", card=item.card.id, controller=item.controller, targets=item.targets)
        s.passed = set()
        s.priority = s.active if s.priority is None else s.priority

    def _auto_targets(self, item: StackItem) -> tuple | None:
        """Targets for a triggered ability: the first legal choice for each (deterministic)."""
        chosen = []
        for spec in item.target_specs:
            options = [t for t in self._target_candidates(spec, item.controller, item.source, item.colors)
                       if t not in chosen]
            if not options:
                return None
            # An opponent's object or the opponent first for harmful effects is not modelled: first legal.
            chosen.append(options[0])
        return tuple(chosen)

    # ==== targets ======================================================================================
    def _target_candidates(self, spec: tuple, controller: int, source: int | None, colors: frozenset) -> list[int]:
        """Every legal choice for one target (115.1): players as -1/-2, objects by id."""
        s = self.state
        kind = spec[0]
        out: list[int] = []
        if kind in ("player", "any"):
            out += [player_target(p) for p in range(len(s.players))]
        if kind == "spell":
            return out + [it.id for it in s.stack if it.kind == "spell"]
        if kind != "player":
            out += [oid for oid in s.battlefield if self._object_target_ok(spec, oid, controller, source, colors)]
        return out

    def _object_target_ok(self, spec: tuple, oid: int, controller: int, source: int | None, colors: frozenset) -> bool:
        o = self.state.objects.get(oid)
        if o is None or o.zone != "battlefield":
            return False
        need = {"any": "creature", "permanent": None}.get(spec[0], spec[0])
        if need and need not in o.card.types:
            return False
        if spec[1] and not self._matches(o, _p(spec[1]), controller, source):
            return False
        return not self._protected_from(oid, colors)  # 702.16b

    def _target_legal(self, spec: tuple, target: int, controller: int, source: int | None, colors: frozenset) -> bool:
        if target < 0:
            return spec[0] in ("player", "any") and -1 - target < len(self.state.players)
        if spec[0] == "spell":
            return any(it.id == target and it.kind == "spell" for it in self.state.stack)
        if spec[0] == "player":
            return False
        return self._object_target_ok(spec, target, controller, source, colors)

    # ==== validation ===================================================================================
    def _need(self, kind: str, player: int | None = None) -> int:
        s = self.state
        if s.outcome is not None:
            raise IllegalAction("104.1", "game_over", "the game is over")
        if not s.pending or s.pending[0] != kind:
            rule = {"priority": "117.1", "attackers": "508.1", "blockers": "509.1", "damage": "510.1",
                    "legend": "704.5j", "discard": "514.1"}[kind]
            raise IllegalAction(rule, f"not_{kind}", f"the game is waiting for {s.pending[0] if s.pending else 'nothing'}, not {kind}")
        return s.pending[1]

    def _validate(self, action: object):
        """Check an action against the rules without changing anything; return the plan to perform it."""
        if isinstance(action, PassPriority):
            return self._need("priority")
        if isinstance(action, PlayLand):
            return self._validate_land(action)
        if isinstance(action, CastSpell):
            return self._validate_cast(action)
        if isinstance(action, ActivateAbility):
            return self._validate_activate(action)
        if isinstance(action, DeclareAttackers):
            return self._validate_attackers(action)
        if isinstance(action, DeclareBlockers):
            return self._validate_blockers(action)
        if isinstance(action, AssignCombatDamage):
            return self._validate_assign(action)
        if isinstance(action, ChooseLegend):
            player = self._need("legend")
            o = self.state.objects.get(action.keep)
            if o is None or o.zone != "battlefield" or o.controller != player or o.card.name["en"] != self.state.pending[2]:
                raise IllegalAction("704.5j", "legend_choice", "keep one of your legendary permanents with that name")
            return player
        if isinstance(action, Discard):
            player = self._need("discard")
            n = self.state.pending[2]
            hand = self.state.players[player].hand
            if len(set(action.cards)) != n or not set(action.cards) <= set(hand):
                raise IllegalAction("514.1", "discard_count", f"discard exactly {n} cards from your hand")
            return player
        raise IllegalAction("100.1", "unknown_action", f"not an action: {action!r}")

    def _validate_land(self, a: PlayLand) -> int:
        player = self._need("priority")
        s = self.state
        o = s.objects.get(a.card)
        if o is None or o.zone != "hand" or o.owner != player:
            raise IllegalAction("305.1", "not_in_hand", "a land is played from its owner's hand")
        if "land" not in o.card.types:
            raise IllegalAction("305.1", "not_a_land", "only a land can be played as a land")
        if player != s.active or not s.step in _MAIN_STEPS or s.stack:
            raise IllegalAction("305.1", "land_timing", "a land is played in your own main phase with an empty stack")
        if s.players[player].lands_played >= 1:
            raise IllegalAction("305.2", "second_land", "one land per turn")
        return player

    def _mana_sources(self, player: int, exclude: set = frozenset()) -> list[tuple[int, str]]:
        """Untapped permanents that can tap for mana now, as (id, colour); memoised per position."""
        key = (self._version, id(self.state), player, frozenset(exclude))
        memo = self._mana_memo.get(key)
        if memo is not None:
            return list(memo)
        if len(self._mana_memo) > 64:
            self._mana_memo.clear()
        s = self.state
        out = []
        for oid in s.battlefield:
            o = s.objects[oid]
            if o.controller != player or o.tapped or oid in exclude:
                continue
            for color in self._mana_colors(o):
                out.append((oid, color))
                break
        self._mana_memo[key] = tuple(out)
        return out

    def _mana_colors(self, o: Obj) -> list[str]:
        """Colours this permanent can tap for with a free {T} mana ability (305.6 for basic land types)."""
        colors = []
        for ab in o.card.abilities:
            mana = ab.cost.get("mana")
            if ab.kind == "mana" and ab.cost.get("tap") and not (mana and mana.mana_value()) and not ab.cost.get("life"):
                if "creature" in o.card.types and o.fresh and "haste" not in self.keywords(o.id):
                    continue  # 302.6
                colors.append(ab.add)
        return colors

    def _payment(self, player: int, generic: int, colored: dict, tap: tuple | None, exclude: set, rule: str):
        s = self.state
        if tap is not None:
            sources = []
            for oid in tap:
                o = s.objects.get(oid)
                if o is None or o.zone != "battlefield" or o.controller != player or o.tapped or oid in exclude \
                        or not self._mana_colors(o):
                    raise IllegalAction("605.3", "bad_mana_source", f"object {oid} can't be tapped for mana now")
                sources.append((oid, self._mana_colors(o)[0]))
            plan = find_payment(generic, colored, s.players[player].pool, sources)
            if plan is None or len(plan[1]) != len(tap):
                raise IllegalAction(rule, "cant_pay", "those mana sources don't pay this cost exactly")
            return plan
        plan = find_payment(generic, colored, s.players[player].pool, self._mana_sources(player, exclude))
        if plan is None:
            raise IllegalAction(rule, "cant_pay", "not enough mana to pay the cost")
        return plan

    def _check_targets(self, specs: tuple, targets: tuple, controller: int, source: int | None, colors: frozenset,
                       rule: str) -> None:
        if len(targets) != len(specs):
            raise IllegalAction(rule, "target_count", f"choose exactly {len(specs)} target(s)")
        if len(set(targets)) != len(targets):
            raise IllegalAction("115.3", "same_target_twice", "the same object can't be chosen twice here")
        for spec, t in zip(specs, targets):
            if not isinstance(t, int) or not self._target_legal(spec, t, controller, source, colors):
                why = "702.16b" if t > 0 and t in self.state.objects and self._protected_from(t, colors) else rule
                raise IllegalAction(why, "illegal_target", f"{t} is not a legal target ({spec[0]})")

    def _validate_cast(self, a: CastSpell):
        player = self._need("priority")
        s = self.state
        o = s.objects.get(a.card)
        if o is None or o.zone != "hand" or o.owner != player:
            raise IllegalAction("601.2a", "not_in_hand", "a spell is cast from your hand")
        card = o.card
        if "land" in card.types:
            # 305.1: a land is played as a special action; it never goes on the stack and is never a spell (305.9).
            raise IllegalAction("305.1", "land_not_spell", "lands are played, not cast")
        instant_speed = "instant" in card.types or "flash" in card.keywords
        if not instant_speed and (player != s.active or not s.step in _MAIN_STEPS or s.stack):
            rule = "307.1" if "sorcery" in card.types else "117.1a"
            raise IllegalAction(rule, "sorcery_timing", "only in your main phase while the stack is empty")
        if a.x < 0 or (a.x and not card.cost.x):
            raise IllegalAction("107.3", "bad_x", "X must be a non-negative number, for a spell with X in its cost")
        specs = card.spell_targets
        if card.enchant:
            specs = ((card.enchant if card.enchant != "permanent" else "permanent", ()),)
        self._check_targets(specs, a.targets, player, None, card.colors, "601.2c")
        exclude = set()
        extra = card.additional_cost
        if "sacrifice" in extra:
            sac = s.objects.get(a.sacrifice) if a.sacrifice is not None else None
            if sac is None or sac.zone != "battlefield" or sac.controller != player or extra["sacrifice"] not in sac.card.types:
                raise IllegalAction("601.2h", "additional_cost", f"sacrifice a {extra['sacrifice']} you control to cast this")
            exclude.add(sac.id)
        elif a.sacrifice is not None:
            raise IllegalAction("601.2f", "no_additional_cost", "this spell has no sacrifice cost")
        if extra.get("life") and s.players[player].life < extra["life"]:
            raise IllegalAction("119.4", "cant_pay_life", "you can't pay more life than you have")
        generic = card.cost.generic + card.cost.x * a.x
        return player, self._payment(player, generic, card.cost.colored, a.tap, exclude, "601.2h"), specs

    def _validate_activate(self, a: ActivateAbility):
        player = self._need("priority")
        s = self.state
        o = s.objects.get(a.source)
        if o is None or o.zone != "battlefield" or o.controller != player:
            raise IllegalAction("602.2", "not_your_permanent", "you can activate abilities of permanents you control")
        if not 0 <= a.index < len(o.card.abilities) or o.card.abilities[a.index].kind not in ("activated", "mana"):
            raise IllegalAction("602.1", "no_such_ability", "that permanent has no such activated ability")
        ab = o.card.abilities[a.index]
        cost = ab.cost
        if cost.get("tap"):
            if o.tapped:
                raise IllegalAction("602.5a", "already_tapped", "a tapped permanent can't pay a {T} cost")
            if "creature" in o.card.types and o.fresh and "haste" not in self.keywords(o.id):
                raise IllegalAction("302.6", "summoning_sick", "a creature's {T} ability needs it under your control since your turn began")
        if cost.get("life") and s.players[player].life < cost["life"]:
            raise IllegalAction("119.4", "cant_pay_life", "you can't pay more life than you have")
        mana = cost.get("mana")
        if a.x < 0 or (a.x and not (mana and mana.x)):
            raise IllegalAction("107.3", "bad_x", "X must be a non-negative number, for a cost with X")
        self._check_targets(ab.targets, a.targets, player, o.id, o.card.colors, "602.2b")
        exclude = {o.id} if cost.get("tap") else set()
        plan = self._payment(player, (mana.generic + mana.x * a.x) if mana else 0, mana.colored if mana else {},
                             a.tap, exclude, "602.2b")
        return player, plan, ab

    def _combatants(self) -> list[int]:
        s = self.state
        return [c for c in list(s.attackers) + list(s.blocks) if c in s.objects]

    def _validate_attackers(self, a: DeclareAttackers):
        player = self._need("attackers")
        s = self.state
        if len(set(a.attackers)) != len(a.attackers):
            raise IllegalAction("508.1a", "duplicate_attacker", "each creature attacks once")
        for oid in a.attackers:
            o = s.objects.get(oid)
            if o is None or o.zone != "battlefield" or o.controller != player or "creature" not in o.card.types:
                raise IllegalAction("508.1a", "not_your_creature", f"{oid} is not a creature you control")
            if o.tapped:
                raise IllegalAction("508.1a", "tapped_attacker", "tapped creatures can't attack")
            kws = self.keywords(oid)
            if o.fresh and "haste" not in kws:
                raise IllegalAction("302.6", "summoning_sick", "a creature attacks only if under your control since your turn began (or with haste)")
            if "defender" in kws:
                raise IllegalAction("702.3b", "defender", "a creature with defender can't attack")
        return player

    def _validate_blockers(self, a: DeclareBlockers):
        player = self._need("blockers")
        s = self.state
        seen: set[int] = set()
        per_attacker: dict[int, int] = {}
        defender_lands = {t for oid in s.battlefield for t in s.objects[oid].card.subtypes
                          if s.objects[oid].controller == player and "land" in s.objects[oid].card.types}
        for pair in a.blocks:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise IllegalAction("509.1a", "bad_block", "blocks are (blocker, attacker) pairs")
            b, att = pair
            o = s.objects.get(b)
            if o is None or o.zone != "battlefield" or o.controller != player or "creature" not in o.card.types:
                raise IllegalAction("509.1a", "not_your_creature", f"{b} is not a creature you control")
            if b in seen:
                raise IllegalAction("509.1a", "blocks_twice", "each creature blocks only one attacker")
            seen.add(b)
            if o.tapped:
                raise IllegalAction("509.1a", "tapped_blocker", "tapped creatures can't block")
            if att not in s.attackers:
                raise IllegalAction("509.1a", "not_attacking", f"{att} is not attacking")
            akw, bkw = self.keywords(att), self.keywords(b)
            if "unblockable" in akw:
                raise IllegalAction("509.1b", "unblockable", "that creature can't be blocked")
            if "flying" in akw and not ({"flying", "reach"} & bkw):
                raise IllegalAction("702.9b", "flying", "only creatures with flying or reach can block a flyer")
            if "fear" in akw and "artifact" not in o.card.types and "B" not in self.colors(b):
                raise IllegalAction("702.36b", "fear", "only artifact and/or black creatures can block fear")
            for walk, land in WALKS.items():
                if walk in akw and land in defender_lands:
                    raise IllegalAction("702.14c", "landwalk", f"{walk}: you control a {land}")
            if self._protected_from(att, self.colors(b)):
                raise IllegalAction("702.16f", "protection", "protection: can't be blocked by creatures of that colour")
            per_attacker[att] = per_attacker.get(att, 0) + 1
        for att, n in per_attacker.items():
            if "menace" in self.keywords(att) and n < 2:
                raise IllegalAction("702.111b", "menace", "a creature with menace needs two or more blockers")
        return player

    def _lethal(self, blocker: int, source: int) -> int:
        """702.19b / 702.2c: lethal damage, counting damage already marked; 1 from a deathtouch source."""
        if "deathtouch" in self.keywords(source):
            return 1
        _, t = self.power_toughness(blocker)
        return max(0, t - self.obj(blocker).damage)

    def _blockers_of(self, att: int) -> list[int]:
        return [b for b, a in self.state.blocks.items() if a == att and b in self.state.objects]

    def _validate_assign(self, a: AssignCombatDamage):
        player = self._need("damage")
        s = self.state
        if a.attacker != s.pending[2]:
            raise IllegalAction("510.1", "other_attacker", f"assign the damage of {s.pending[2]} first")
        power = max(0, self.power_toughness(a.attacker)[0])
        blockers = self._blockers_of(a.attacker)
        trample = "trample" in self.keywords(a.attacker)
        total = 0
        to_player = 0
        for pair in a.assignment:
            if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[1], int) and pair[1] >= 0):
                raise IllegalAction("510.1c", "bad_assignment", "assignments are (recipient, amount) pairs")
            rec, amt = pair
            if rec < 0:
                if not trample or -1 - rec != s.attackers[a.attacker]:
                    raise IllegalAction("510.1c", "no_trample", "a blocked creature without trample assigns damage only to its blockers")
                to_player += amt
            elif rec not in blockers:
                raise IllegalAction("510.1c", "not_a_blocker", f"{rec} is not blocking this creature")
            total += amt
        if total != power:
            raise IllegalAction("510.1a", "wrong_total", f"assign exactly {power} damage")
        if to_player:
            given = {rec: amt for rec, amt in a.assignment if rec > 0}
            if any(given.get(b, 0) < self._lethal(b, a.attacker) for b in blockers):
                raise IllegalAction("702.19b", "trample_lethal", "assign lethal damage to every blocker before the player")
        return player

    # ==== performing ===================================================================================
    def _perform(self, action: object, plan) -> None:
        s = self.state
        if isinstance(action, PassPriority):
            self._pass(plan)
        elif isinstance(action, PlayLand):
            s.players[plan].lands_played += 1
            new = self._move(action.card, "battlefield")
            self.obj(new).controller = plan
            self._emit("land_played", ("305.1", "116.2a"), player=plan, object=new, card=self.obj(new).card.id)
            self._after_action(plan)
        elif isinstance(action, CastSpell):
            self._cast(action, *plan)
        elif isinstance(action, ActivateAbility):
            self._activate(action, *plan)
        elif isinstance(action, DeclareAttackers):
            self._declare_attackers(action)
        elif isinstance(action, DeclareBlockers):
            self._declare_blockers(action)
        elif isinstance(action, AssignCombatDamage):
            s.damage_plan[action.attacker] = action.assignment
            s.pending = ()
            self._start_damage()
        elif isinstance(action, ChooseLegend):
            name = s.pending[2]
            for oid in list(s.battlefield):
                o = s.objects[oid]
                if o.controller == plan and o.card.name["en"] == name and oid != action.keep and "legendary" in o.card.supertypes:
                    self._emit("legend_rule", "704.5j", object=oid, kept=action.keep, card=o.card.id)
                    self._to_graveyard(oid, "704.5j")
            s.pending = ()
        elif isinstance(action, Discard):
            for c in action.cards:
                new = self._move(c, "graveyard")
                self._emit("discard", ("514.1", "701.8"), player=plan, object=new, card=self.obj(new).card.id)
            s.pending = ()
            self._cleanup_rest()

    def _after_action(self, player: int) -> None:
        """117.3c: after a player casts a spell, activates an ability or plays a land, they receive priority."""
        self.state.passed = set()
        self._give_priority(player)

    def _pass(self, player: int) -> None:
        s = self.state
        s.passed.add(player)
        self._emit("pass", "117.3d", player=player)
        s.pending = ()
        if len(s.passed) < len(s.players):
            s.priority = 1 - player
            return
        s.passed = set()
        if s.stack:
            self._resolve_top()
            s.priority = s.active  # 117.3b
        else:
            s.priority = None  # 500.2: the step ends

    def _pay(self, player: int, plan, *, tapped_for: str) -> None:
        taken, sources = plan
        pool = self.state.players[player].pool
        for c, n in taken.items():
            pool[c] -= n
        for oid in sources:
            o = self.obj(oid)
            o.tapped = True
            self._emit("mana", ("106.4", "605.3"), player=player, object=oid, card=o.card.id, color=self._mana_colors(o)[0],
                       spent_for=tapped_for)

    def _cast(self, a: CastSpell, player: int, plan, specs) -> None:
        s = self.state
        o = self.obj(a.card)
        card = o.card
        if a.sacrifice is not None:
            self._emit("sacrifice", ("601.2h", "701.17"), player=player, object=a.sacrifice, card=self.obj(a.sacrifice).card.id)
            self._to_graveyard(a.sacrifice, "701.17")
        if card.additional_cost.get("life"):
            self._lose_life(player, card.additional_cost["life"], "119.4")
        self._pay(player, plan, tapped_for=card.id)
        new = self._move(a.card, "stack")
        item = StackItem(new, "spell", player, card, None, tuple(a.targets), specs, card.spell_effects, x=a.x,
                         colors=card.colors)
        s.stack.append(item)
        self._emit("cast", ("601.2", "405.1"), player=player, object=new, card=card.id, targets=tuple(a.targets), x=a.x)
        self._after_action(player)

    def _activate(self, a: ActivateAbility, player: int, plan, ab) -> None:
        s = self.state
        o = self.obj(a.source)
        self._pay(player, plan, tapped_for=o.card.id)
        if ab.cost.get("tap"):
            o.tapped = True
        if ab.cost.get("life"):
            self._lose_life(player, ab.cost["life"], "119.4")
        if ab.kind == "mana":
            pool = s.players[player].pool
            pool[ab.add] = pool.get(ab.add, 0) + 1
            self._emit("mana_ability", ("605.3a", "106.4"), player=player, object=o.id, card=o.card.id, color=ab.add)
            self._after_action(player)
            return
        item = StackItem(s.next_id, "ability", player, o.card, o.id, tuple(a.targets), ab.targets, ab.effects, x=a.x,
                         ability_index=a.index, colors=o.card.colors)
        s.next_id += 1
        if ab.cost.get("sacrifice_self"):
            self._emit("sacrifice", ("602.2b", "701.17"), player=player, object=o.id, card=o.card.id)
            self._to_graveyard(o.id, "701.17")
        s.stack.append(item)
        self._emit("activate", ("602.2", "405.1"), player=player, object=a.source, card=o.card.id, targets=tuple(a.targets))
        self._after_action(player)

    # ---- resolution -------------------------------------------------------------------------------
    def _resolve_top(self) -> None:
        s = self.state
        item = s.stack.pop()
        if item.target_specs:
            legal = [self._target_legal(spec, t, item.controller, item.source, item.colors)
                     for spec, t in zip(item.target_specs, item.targets)]
            if not any(legal):
                # 608.2b: all its targets are illegal: it doesn't resolve.
                self._emit("doesnt_resolve", "608.2b", card=item.card.id, controller=item.controller, what=item.kind)
                if item.kind == "spell":
                    self._move(item.id, "graveyard")
                return
        else:
            legal = []
        self._emit("resolve", ("608.2", "608.3") if item.card.is_permanent and item.kind == "spell" else "608.2",
                   card=item.card.id, controller=item.controller, what=item.kind)
        if item.kind == "spell" and item.card.is_permanent:
            new = self._move(item.id, "battlefield")
            o = self.obj(new)
            o.controller = item.controller
            if item.card.enchant:
                o.attached_to = item.targets[0]
                self._emit("attach", "303.4f", object=new, to=item.targets[0], card=o.card.id)
            self._enters(o)
            return
        for name, params in item.effects:
            self._effect(item, name, dict(params), legal)
        if item.kind == "spell":
            self._move(item.id, "graveyard")  # 608.2n

    def _enters(self, o: Obj) -> None:
        self._emit("enters", "403.3", object=o.id, card=o.card.id, controller=o.controller)
        for i, ab in enumerate(o.card.abilities):
            if ab.kind == "triggered" and ab.when == "enters":
                self._trigger(o, i, "603.6a")

    def _resolve_ref(self, item: StackItem, ref, legal: list) -> list[int]:
        """Objects / player targets an effect parameter names, skipping illegal targets (608.2b)."""
        s = self.state
        if ref == "self":
            return [item.source] if item.source in s.objects and s.objects[item.source].zone == "battlefield" else []
        if ref == "enchanted":
            src = s.objects.get(item.source)
            return [src.attached_to] if src and src.attached_to in s.objects else []
        if ref == "you":
            return [player_target(item.controller)]
        if ref == "opponent":
            return [player_target(1 - item.controller)]
        if ref == "each_creature":
            return [oid for oid in s.battlefield if "creature" in s.objects[oid].card.types]
        if ref == "each_player":
            return [player_target(p) for p in range(len(s.players))]
        if ref == "each":
            return self._resolve_ref(item, "each_creature", legal) + self._resolve_ref(item, "each_player", legal)
        ref = dict(ref) if isinstance(ref, tuple) else ref
        if isinstance(ref, dict) and "target" in ref:
            i = ref["target"]
            if i < len(legal) and not legal[i]:
                return []
            t = item.targets[i]
            if t >= 0 and t not in s.objects:
                return []
            return [t]
        if isinstance(ref, dict) and "all" in ref:
            flt = dict(ref["all"]) if isinstance(ref["all"], tuple) else {}
            return [oid for oid in s.battlefield if self._matches(s.objects[oid], flt, item.controller, item.source)
                    and ("types" in flt or "creature" in s.objects[oid].card.types)]
        return []

    def _effect(self, item: StackItem, name: str, p: dict, legal: list) -> None:
        s = self.state
        x = item.x
        amount = p.get("amount")
        amount = x if amount == "X" else amount
        if name == "damage":
            recipients = self._resolve_ref(item, p["to"], legal)
            self._deal_damage(item.source, item.card, item.controller, [(r, amount) for r in recipients], combat=False)
        elif name in ("destroy", "exile", "bounce", "tap", "untap", "counter"):
            refs = self._resolve_ref(item, {"target": p["target"]} if "target" in p else {"all": p.get("all", ())}, legal)
            for oid in refs:
                if name == "destroy":
                    self._destroy(oid, "701.7", can_regenerate=not p.get("no_regenerate"))
                elif name == "exile":
                    self._emit("exile", "701.10", object=oid, card=self.obj(oid).card.id)
                    self._leave(oid, "exile")
                elif name == "bounce":
                    self._emit("bounce", "400.7", object=oid, card=self.obj(oid).card.id)
                    self._leave(oid, "hand")
                elif name == "counter":
                    spell = next((it for it in s.stack if it.id == oid), None)
                    if spell is not None:
                        s.stack.remove(spell)
                        self._emit("countered", "701.5a", card=spell.card.id, controller=spell.controller)
                        self._move(spell.id, "graveyard")
                else:
                    self.obj(oid).tapped = name == "tap"
                    self._emit("tapped" if name == "tap" else "untapped", "701.21", object=oid, card=self.obj(oid).card.id)
        elif name in ("draw", "discard", "gain_life", "lose_life"):
            count = p.get("count", 1) if name in ("draw", "discard") else amount
            count = x if count == "X" else count
            for t in self._resolve_ref(item, p.get("who", "you"), legal):
                player = -1 - t
                if name == "draw":
                    self._draw(player, "121.2", count)
                elif name == "discard":
                    hand = s.players[player].hand
                    for c in list(hand[-count:]):
                        new = self._move(c, "graveyard")
                        self._emit("discard", "701.8", player=player, object=new, card=self.obj(new).card.id)
                elif name == "gain_life":
                    self._gain_life(player, count, "119.3")
                else:
                    self._lose_life(player, count, "119.3")
        elif name == "create_token":
            for _ in range(p.get("count", 1)):
                o = self.create(p["token"], item.controller, "battlefield")
                self._emit("token_created", ("111.1", "701.6"), object=o.id, card=o.card.id, controller=item.controller)
                self._enters(o)
        elif name == "counters":
            for oid in self._resolve_ref(item, p.get("on", "self"), legal):
                o = self.obj(oid)
                o.counters[p["kind"]] = o.counters.get(p["kind"], 0) + p.get("count", 1)
                self._emit("counters", "122.1", object=oid, kind=p["kind"], count=p.get("count", 1), card=o.card.id)
        elif name in ("pump", "grant"):
            for oid in self._resolve_ref(item, p.get("on", "self"), legal):
                if oid < 0 or oid not in s.objects:
                    continue
                kws = frozenset(p.get("keywords", ()))
                s.eot.append((oid, p.get("power", 0), p.get("toughness", 0), kws))
                self._emit(name, ("611.2", "514.2"), object=oid, power=p.get("power", 0), toughness=p.get("toughness", 0),
                           keywords=sorted(kws), card=self.obj(oid).card.id)
        elif name == "regenerate":
            for oid in self._resolve_ref(item, p.get("on", "self"), legal):
                if oid > 0 and oid in s.objects:
                    self.obj(oid).regen_shields += 1
                    self._emit("regeneration_shield", ("701.15a", "614.8"), object=oid, card=self.obj(oid).card.id)
        elif name == "prevent":
            if p.get("combat_damage") == "all":
                s.prevent_combat = True
                self._emit("prevention_effect", ("615.1", "615.3"), scope="combat_this_turn")
            else:
                for t in self._resolve_ref(item, p.get("to"), legal):
                    s.prevent_next[t] = s.prevent_next.get(t, 0) + p["amount"]
                    self._emit("prevention_effect", ("615.1", "615.7"), target=t, amount=p["amount"])
        elif name == "extra_combat":
            untapped = [oid for oid in s.attacked_this_turn if oid in s.objects and s.objects[oid].zone == "battlefield"]
            for oid in untapped:
                s.objects[oid].tapped = False
            s.step_queue[0:0] = [Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS,
                                 Step.COMBAT_DAMAGE, Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN]
            self._emit("extra_combat", ("500.8", "505.1a"), untapped=untapped)

    # ---- life, damage, destruction ----------------------------------------------------------------
    def _gain_life(self, player: int, n: int, rule: str) -> None:
        if n > 0:
            self.state.players[player].life += n
            self._emit("life_gain", rule, player=player, amount=n, life=self.state.players[player].life)

    def _lose_life(self, player: int, n: int, rule: str) -> None:
        if n > 0:
            self.state.players[player].life -= n
            self._emit("life_loss", rule, player=player, amount=n, life=self.state.players[player].life)

    def _deal_damage(self, source: int | None, card: CardDef, controller: int, recipients: list[tuple[int, int]],
                     combat: bool) -> None:
        """120.3: damage dealt simultaneously, after prevention (615); lifelink and deathtouch apply (702.15b, 702.2b)."""
        s = self.state
        src_kws = self.keywords(source) if source in s.objects else card.keywords
        colors = card.colors
        lifelink_total = 0
        for rec, amt in recipients:
            if amt <= 0:
                continue
            if rec > 0 and (rec not in s.objects or s.objects[rec].zone != "battlefield"):
                continue
            if combat and s.prevent_combat:
                self._emit("damage_prevented", ("615.1", "615.6"), source=source, card=card.id, to=rec, amount=amt)
                continue
            if rec > 0 and self._protected_from(rec, colors):
                self._emit("damage_prevented", "702.16e", source=source, card=card.id, to=rec, amount=amt)
                continue
            shield = s.prevent_next.get(rec, 0)
            if shield:
                stop = min(shield, amt)
                s.prevent_next[rec] = shield - stop
                amt -= stop
                self._emit("damage_prevented", "615.7", source=source, card=card.id, to=rec, amount=stop)
                if not amt:
                    continue
            if rec < 0:
                player = -1 - rec
                s.players[player].life -= amt
                self._emit("damage", ("510.2", "120.3a") if combat else "120.3a", source=source, card=card.id, to=rec,
                           amount=amt, combat=combat, life=s.players[player].life)
            else:
                o = s.objects[rec]
                o.damage += amt
                if "deathtouch" in src_kws:
                    o.deathtouched = True
                self._emit("damage", ("510.2", "120.3e") if combat else "120.3e", source=source, card=card.id, to=rec,
                           amount=amt, combat=combat, target_card=o.card.id)
            if "lifelink" in src_kws:
                lifelink_total += amt
        if lifelink_total:
            self._gain_life(controller, lifelink_total, "702.15b")

    def _destroy(self, oid: int, rule: str, can_regenerate: bool = True) -> None:
        s = self.state
        o = s.objects[oid]
        if "indestructible" in self.keywords(oid):
            self._emit("indestructible", "702.12b", object=oid, card=o.card.id)
            return
        if can_regenerate and o.regen_shields > 0:
            # 701.15a: a regeneration shield: instead, remove all damage, tap it, remove it from combat (506.4).
            o.regen_shields -= 1
            o.damage, o.deathtouched, o.tapped = 0, False, True
            was_in_combat = oid in s.attackers or oid in s.blocks
            s.attackers.pop(oid, None)
            s.blocks.pop(oid, None)
            self._emit("regenerated", ("701.15a", "614.8", "506.4"), object=oid, card=o.card.id, removed_from_combat=was_in_combat)
            return
        self._emit("destroyed", (rule, "701.7a") if rule != "701.7" else "701.7a", object=oid, card=o.card.id)
        self._to_graveyard(oid, rule)

    def _to_graveyard(self, oid: int, rule: str) -> None:
        o = self.obj(oid)
        is_creature = "creature" in o.card.types
        abilities = o.card.abilities
        controller = o.controller
        new = self._move(oid, "graveyard")
        if is_creature:
            self._emit("dies", ("700.4", rule), object=oid, card=o.card.id, owner=o.owner, new_object=new)
            for i, ab in enumerate(abilities):
                if ab.kind == "triggered" and ab.when == "dies":
                    # 603.10a: leaves-the-battlefield abilities "look back in time" at the object as it last existed.
                    self._trigger(Obj(oid, o.card, o.card_id, o.owner, controller, "graveyard"), i, "603.10a")

    def _leave(self, oid: int, zone: str) -> None:
        self._move(oid, zone)

    # ---- combat -----------------------------------------------------------------------------------
    def _declare_attackers(self, a: DeclareAttackers) -> None:
        s = self.state
        defender = 1 - s.active
        for oid in a.attackers:
            o = self.obj(oid)
            if "vigilance" not in self.keywords(oid):
                o.tapped = True  # 508.1f
            s.attackers[oid] = defender
            s.attacked_this_turn.add(oid)
            s.attackers_declared = True  # 508.8 looks at declared attackers, even if they leave combat later
        self._emit("attackers", ("508.1", "508.1f"), player=s.active, attackers=list(a.attackers))
        if not a.attackers:
            self._emit("no_attackers", "508.8")
        s.pending = ()
        self._give_priority(s.active)  # 508.2 / 117.3a

    def _declare_blockers(self, a: DeclareBlockers) -> None:
        s = self.state
        for b, att in a.blocks:
            s.blocks[b] = att
            s.blocked.add(att)
        self._emit("blockers", ("509.1", "509.1g", "509.1h"), player=1 - s.active, blocks=[list(x) for x in a.blocks],
                   blocked=sorted(s.blocked))
        s.pending = ()
        self._give_priority(s.active)

    def _deals_damage_now(self, oid: int) -> bool:
        s = self.state
        if s.step is Step.FIRST_STRIKE_DAMAGE:
            return oid in s.first_strikers
        if not s.first_strike_done or s.step is not Step.COMBAT_DAMAGE:
            return True
        # 510.4: creatures that had neither first strike nor double strike, and those with double strike now.
        return oid not in s.first_strikers or "double strike" in self.keywords(oid)

    def _needs_assignment(self, att: int) -> bool:
        if att not in self.state.blocked:
            return False
        blockers = self._blockers_of(att)
        trample = "trample" in self.keywords(att)
        return (len(blockers) > 1 or (trample and blockers)) and self.power_toughness(att)[0] > 0

    def _start_damage(self) -> None:
        """510.1: combat damage is assigned (asking the attacking player where there is a choice), then dealt."""
        s = self.state
        for att in list(s.attackers):
            if att in s.objects and self._deals_damage_now(att) and att not in s.damage_plan and self._needs_assignment(att):
                s.pending = ("damage", s.active, att)
                return
        self._deal_combat_damage()
        s.damage_plan = {}
        s.priority = s.active

    def _deal_combat_damage(self) -> None:
        s = self.state
        by_source: list[tuple[int, list[tuple[int, int]]]] = []
        for att, defender in list(s.attackers.items()):
            if att not in s.objects or not self._deals_damage_now(att):
                continue
            power = max(0, self.power_toughness(att)[0])
            if att in s.damage_plan:
                by_source.append((att, list(s.damage_plan[att])))
            elif att not in s.blocked:
                by_source.append((att, [(player_target(defender), power)]))  # 510.1b
            else:
                blockers = self._blockers_of(att)
                if blockers:
                    by_source.append((att, [(blockers[0], power)]))  # 510.1c: a single blocker
                elif "trample" in self.keywords(att):
                    by_source.append((att, [(player_target(defender), power)]))  # 702.19d
                # else: blocked with no blockers left: no damage (510.1c)
        for b, att in list(s.blocks.items()):
            if b in s.objects and att in s.attackers and att in s.objects and self._deals_damage_now(b):
                by_source.append((b, [(att, max(0, self.power_toughness(b)[0]))]))  # 510.1d
        # 510.2: all combat damage is dealt simultaneously.
        for src, recipients in by_source:
            o = self.obj(src)
            self._deal_damage(src, o.card, o.controller, recipients, combat=True)

    # ==== generation (for the legal-action view) =======================================================
    def _generate(self) -> Iterator:
        s = self.state
        if s.outcome is not None or not s.pending:
            return
        kind, player = s.pending[0], s.pending[1] if len(s.pending) > 1 else None
        if kind == "priority":
            yield PassPriority()
            yield from self.priority_actions()
        elif kind == "attackers":
            able = [oid for oid in s.battlefield if self._can_attack(oid, player)]
            for n in range(len(able) + 1):
                for combo in itertools.combinations(able, n):
                    yield DeclareAttackers(tuple(combo))
        elif kind == "blockers":
            able = [oid for oid in s.battlefield if self.obj(oid).controller == player
                    and "creature" in self.obj(oid).card.types and not self.obj(oid).tapped]
            choices = [None, *s.attackers]
            count = tried = 0
            for combo in itertools.product(choices, repeat=len(able)):
                blocks = tuple((b, a) for b, a in zip(able, combo) if a is not None)
                action = DeclareBlockers(blocks)
                tried += 1
                if action in self.legal_actions():
                    yield action
                    count += 1
                if count >= 64 or tried >= 2000:
                    return
        elif kind == "damage":
            yield from self._gen_assignments(s.pending[2])
        elif kind == "legend":
            for oid in s.battlefield:
                o = self.obj(oid)
                if o.controller == player and o.card.name["en"] == s.pending[2] and "legendary" in o.card.supertypes:
                    yield ChooseLegend(oid)
        elif kind == "discard":
            hand = s.players[player].hand
            for combo in itertools.islice(itertools.combinations(hand, s.pending[2]), 32):
                yield Discard(tuple(combo))

    def _can_attack(self, oid: int, player: int) -> bool:
        o = self.obj(oid)
        kws = self.keywords(oid)
        return (o.controller == player and "creature" in o.card.types and not o.tapped
                and (not o.fresh or "haste" in kws) and "defender" not in kws)

    def priority_actions(self, include_mana_abilities: bool = True) -> Iterator:
        """The legal actions at priority other than passing (optionally without bare mana abilities,
        which only add mana that empties at the end of the step)."""
        for source in self.priority_sources(include_mana_abilities):
            yield from self.source_actions(source, include_mana_abilities)

    def priority_sources(self, include_mana_abilities: bool = True) -> list[int]:
        """Objects that might yield an action now: cards in the priority player's hand, permanents they control
        with activated abilities."""
        kinds = ("activated", "mana") if include_mana_abilities else ("activated",)
        s = self.state
        if not (s.pending and s.pending[0] == "priority") or s.outcome is not None:
            return []
        player = s.pending[1]
        return list(s.players[player].hand) + [
            oid for oid in s.battlefield if s.objects[oid].controller == player
            and any(ab.kind in kinds for ab in s.objects[oid].card.abilities)]

    def source_actions(self, oid: int, include_mana_abilities: bool = True) -> Iterator:
        """The legal actions at priority that use one object: play or cast it, or activate its abilities."""
        s = self.state
        if not (s.pending and s.pending[0] == "priority") or oid not in s.objects:
            return
        player = s.pending[1]
        o = s.objects[oid]
        # Cheap necessary conditions first, so that only plausible actions reach the full validator.
        sorcery_ok = player == s.active and s.step in _MAIN_STEPS and not s.stack
        if o.zone == "hand" and o.owner == player:
            if "land" in o.card.types:
                if sorcery_ok and s.players[player].lands_played == 0:
                    yield PlayLand(oid)
                return
            if not sorcery_ok and "instant" not in o.card.types and "flash" not in o.card.keywords:
                return
            if o.card.cost.mana_value() > len(self._mana_sources(player)) + sum(s.players[player].pool.values()):
                return
            specs = ((o.card.enchant, ()),) if o.card.enchant else o.card.spell_targets
            yield from self._gen_targeted(lambda t, x, sac: CastSpell(oid, t, x, sac), specs, player, None, o.card.colors,
                                          o.card.cost.x, o.card.additional_cost.get("sacrifice"))
        elif o.zone == "battlefield" and o.controller == player:
            for i, ab in enumerate(o.card.abilities):
                if ab.kind not in ("activated", "mana") or (ab.cost.get("tap") and o.tapped):
                    continue
                if ab.kind == "mana" and not include_mana_abilities:
                    continue
                mana = ab.cost.get("mana")
                yield from self._gen_targeted(lambda t, x, sac, i=i: ActivateAbility(oid, i, t, x), ab.targets,
                                              player, oid, o.card.colors, mana.x if mana else 0, None)

    def _gen_targeted(self, make, specs, player, source, colors, has_x, sacrifice_type) -> Iterator:
        """Legal variants of one cast or activation: target choices x values of X x sacrifices (bounded).

        A cost that can't be paid stops the search early: larger X can't be paid either."""
        options = [self._target_candidates(spec, player, source, colors) for spec in specs]
        xs = range(0, 1 + (len(self._mana_sources(player)) + sum(self.state.players[player].pool.values()))) if has_x else (0,)
        sacs: list = [None]
        if sacrifice_type:
            sacs = [oid for oid in self.state.battlefield if self.obj(oid).controller == player
                    and sacrifice_type in self.obj(oid).card.types]
        count = 0
        max_x = len(xs) - 1
        for targets in itertools.product(*options):
            for x in xs:
                if x > max_x:
                    break
                for sac in sacs:
                    action = make(tuple(targets), x, sac)
                    try:
                        self._validate(action)
                    except IllegalAction as exc:
                        if exc.reason == "cant_pay" and sac is None:
                            max_x = x - 1
                            if max_x < 0:
                                return  # not even X = 0 can be paid
                            break
                        continue
                    yield action
                    count += 1
                    if count >= 48:
                        return

    def _gen_assignments(self, att: int) -> Iterator:
        s = self.state
        power = max(0, self.power_toughness(att)[0])
        blockers = self._blockers_of(att)
        trample = "trample" in self.keywords(att)
        # Lethal damage to each blocker in turn, the rest to the last one (or to the player with trample).
        for order in itertools.islice(itertools.permutations(blockers), 6):
            left, plan = power, []
            for b in order:
                give = min(left, self._lethal(b, att))
                plan.append((b, give))
                left -= give
            if left:
                if trample:
                    plan.append((player_target(s.attackers[att]), left))
                else:
                    plan[-1] = (plan[-1][0], plan[-1][1] + left)
            action = AssignCombatDamage(att, tuple(p for p in plan if p[1] or len(plan) == 1))
            if action in self.legal_actions():
                yield action
        if blockers:
            action = AssignCombatDamage(att, ((blockers[0], power),))
            if action in self.legal_actions():
                yield action
