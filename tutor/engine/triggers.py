"""Triggered abilities (603): what they trigger on, intervening "if" clauses, state triggers, delayed triggers,
and putting them on the stack.

A triggered ability of a card (``kind: triggered``) says its trigger event with ``when`` (`TRIGGER_EVENTS`) and
narrows it with:

- ``what``: a filter of the object the event is about ("whenever another creature you control dies":
  ``{other: true, controller: you, types: [creature]}``); without it, the ability's own object ("when this
  creature dies");
- ``who``: the player of a player event or whose step it is: ``you``, ``opponent`` or ``each`` (default ``you``);
- ``step``: for ``when: step``, the step whose beginning it triggers at (upkeep, draw, end, ...);
- ``spell``: for ``when: cast``, a filter of the spell (``{types: [instant, sorcery]}``);
- ``to``: for ``when: deals_damage``, ``player``, ``creature`` or ``any``; ``combat: true`` for combat damage only;
- ``if``: an intervening "if" clause (603.4), checked when the event happens and again on resolution; for
  ``when: state``, the game state that triggers it (603.8);
- ``may``: "you may ..." (603.5): the controller chooses on resolution.

Rules: 603.2 (an ability triggers when its event happens), 603.2c (once for each occurrence), 603.3a (its
controller is its source's controller when it triggered), 603.3b (put on the stack the next time a player would
receive priority, in APNAP order, each player ordering their own), 603.3d (a target for each, or it is removed),
603.4 (intervening "if"), 603.5 (optional), 603.6a (enters), 603.6c and 603.10a (leaves the battlefield and
dies look back in time), 603.7 (delayed triggered abilities), 603.8 (state triggers), 508.3a (attacks), 509.3a
(blocks), 509.3c (becomes blocked), 510.3a (combat damage), 601.2i (casting a spell), 119.9 (gaining life).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from tutor.engine.choices import UNITS, Choice, ChoiceKind, ChoiceOption
from tutor.engine.events import EventKind
from tutor.engine.state import Obj, StackItem, Step

if TYPE_CHECKING:
    from tutor.engine.cards import Ability
    from tutor.engine.game import Game

__all__ = ["CONDITIONS", "Delayed", "TRIGGER_EVENTS", "TriggerEvent", "Triggers", "condition_error"]


class TriggerEvent(NamedTuple):
    """One kind of trigger event: the rule that makes abilities trigger on it; `about` what the event is about
    (an object, a player, a step or a game state); `look_back`: the event moves an object off the battlefield,
    so abilities of objects that left with it trigger too, as they last existed (603.10a)."""

    rule: str
    about: str
    look_back: bool = False


TRIGGER_EVENTS: dict[str, TriggerEvent] = {
    "enters": TriggerEvent("603.6a", "object"),
    "leaves": TriggerEvent("603.6c", "object", look_back=True),
    "dies": TriggerEvent("603.10a", "object", look_back=True),
    "graveyard": TriggerEvent("603.6c", "object"),  # put into a graveyard from anywhere (not leaves-the-battlefield)
    "attacks": TriggerEvent("508.3a", "object"),
    "blocks": TriggerEvent("509.3a", "object"),
    "becomes_blocked": TriggerEvent("509.3c", "object"),
    "deals_damage": TriggerEvent("510.3a", "object"),
    "cast": TriggerEvent("601.2i", "player"),
    "gain_life": TriggerEvent("119.9", "player"),
    "lose_life": TriggerEvent("603.2", "player"),
    "draw": TriggerEvent("603.2", "player"),
    "step": TriggerEvent("603.2b", "step"),
    "upkeep": TriggerEvent("603.2b", "step"),  # "at the beginning of your upkeep" (the same as step: upkeep)
    "state": TriggerEvent("603.8", "state"),
    # part 2: "whenever this permanent becomes the target of a spell or ability [an opponent controls]" (ward, 702.21a);
    # `who`: the spell's or ability's controller
    "becomes_target": TriggerEvent("603.2", "object"),
}
"""The trigger events a card's ``when`` may name."""

_LOOK_BACK = frozenset(k for k, v in TRIGGER_EVENTS.items() if v.look_back)
TRIGGER_STEPS = ("upkeep", "draw", "precombat_main", "beginning_of_combat", "end_of_combat", "postcombat_main", "end")
WHO = ("you", "opponent", "each")
DAMAGE_TO = ("player", "creature", "any")


# ==== conditions (603.4 intervening "if"; 603.8 state triggers) =============================================
def _controls(game: Game, src: Obj, controller: int, v) -> bool:
    flt = dict(v) if isinstance(v, tuple) else dict(v or {})
    s = game.state
    return any(s.objects[o].controller == controller and game._matches(s.objects[o], flt, controller, src.id)
               for o in s.battlefield)


CONDITIONS: dict[str, Callable] = {
    "control": lambda game, src, me, v: _controls(game, src, me, v),  # you control a permanent that fits v
    "control_none": lambda game, src, me, v: not _controls(game, src, me, v),  # you control none
    "untapped": lambda game, src, me, v: (src.id in game.state.objects and game.state.objects[src.id].zone == "battlefield"
                                          and not game.state.objects[src.id].tapped) == v,  # this permanent is untapped
    "life_at_most": lambda game, src, me, v: game.state.players[me].life <= v,
    "life_at_least": lambda game, src, me, v: game.state.players[me].life >= v,
    "hand_empty": lambda game, src, me, v: (not game.state.players[me].hand) == v,
    # part 2: spells with modes and costs: this permanent was a kicked spell (702.33d)
    "kicked": lambda game, src, me, v: bool(getattr(src, "kicked", False)) == v,
}
"""The conditions an ``if`` may say, each true or false for the ability's controller (`me`) and source."""


def condition_error(cond: object) -> tuple[str, str] | None:
    """What is wrong with an ``if`` of a card definition, as (key, message), or None."""
    from tutor.engine.targets import filter_error

    if not isinstance(cond, dict) or not cond:
        return "", "expected a mapping of conditions"
    for k, v in cond.items():
        if k not in CONDITIONS:
            return k, f"unknown condition {k!r} (one of {', '.join(CONDITIONS)})"
        if k in ("control", "control_none"):
            err = filter_error(v)
            if err:
                return f"{k}.{err[0]}" if err[0] else k, err[1]
        elif k in ("untapped", "hand_empty", "kicked"):
            if not isinstance(v, bool):
                return k, "expected true or false"
        elif not isinstance(v, int) or isinstance(v, bool):
            return k, "expected a whole number"
    return None


@dataclass(slots=True)
class Delayed:
    """A delayed triggered ability (603.7), created by a resolving spell or ability: it triggers once, at the
    beginning of the next `step` (603.7b), controlled by the player who controlled what created it (603.7d)."""

    step: str
    controller: int
    card: object  # the CardDef of the spell or ability's source
    source: int | None
    effects: tuple
    linked: tuple
    targets: tuple
    colors: frozenset
    turn: int  # the turn it was created: "the next end step" of that turn or a later one


class Triggers:
    """Mixin of `Game`: triggering abilities on events and states, and putting them on the stack."""

    # ---- which abilities trigger -------------------------------------------------------------------
    def _trigger_sources(self) -> list:
        """The permanents with triggered abilities, as (object, ability index, ability); cached until the battlefield
        changes."""
        s = self.state
        key = s.bf_changes
        if self._trig_clock != key or self._trig_state is not s:
            self._trig_list = [(s.objects[oid], i, ab) for oid in s.battlefield
                               for i, ab in enumerate(s.objects[oid].card.abilities) if ab.kind == "triggered"]
            self._trig_events = frozenset(ab.when for _, _, ab in self._trig_list)
            self._trig_clock, self._trig_state = key, s
        return self._trig_list

    def _fire(self, event: str, subject: Obj | None = None, **facts) -> None:
        """603.2: the trigger event `event` happened (about object `subject`, or a player, a step): every
        triggered ability it matches triggers (603.2c: once per occurrence), and the delayed ones (603.7)."""
        s = self.state
        sources = self._trig_list if self._trig_clock == s.bf_changes and self._trig_state is s else self._trigger_sources()
        if event not in self._trig_events and not (self._left and event in _LOOK_BACK) and not (
                event == "graveyard" and subject is not None and subject.card.graveyard_trigger):
            return
        info = TRIGGER_EVENTS[event]
        candidates = list(sources)
        if info.look_back:
            # 603.10a: leaves-the-battlefield abilities look back: objects that left in the same event trigger too.
            candidates += [(o, i, ab) for o in self._left for i, ab in enumerate(o.card.abilities)
                           if ab.kind == "triggered"]
        elif event == "graveyard" and subject is not None:
            # "When this is put into a graveyard from anywhere": the card's ability works from the graveyard.
            new = self.state.objects.get(facts.get("new"))
            if new is not None:
                candidates += [(new, i, ab) for i, ab in enumerate(new.card.abilities)
                               if ab.kind == "triggered" and ab.when == "graveyard" and ab.what is None]
        for src, i, ab in candidates:
            if ab.when == event and self._matches_trigger(src, ab, subject, facts):
                self._trigger(src, i, info.rule, facts)

    def _matches_trigger(self, src: Obj, ab: Ability, subject: Obj | None, facts: dict) -> bool:
        about = TRIGGER_EVENTS[ab.when].about
        me = src.controller
        if about == "object":
            if ab.what is None:
                if ab.when == "graveyard":
                    if facts.get("new") != src.id:
                        return False
                elif subject is None or subject.id != src.id:
                    return False
            elif subject is None or not self._matches(subject, dict(ab.what), me, src.id):
                return False
            if ab.who and not _who_matches(ab.who, facts.get("player"), me):  # becomes_target: whose spell
                return False
            if ab.when == "deals_damage":
                to = facts.get("to", 0)
                if ab.combat and not facts.get("combat"):
                    return False
                if ab.to == "player" and to >= 0 or ab.to == "creature" and (to < 0 or not self.is_creature(to)):
                    return False
            return self._condition_holds(ab.condition, src, me)
        if about == "player":
            if not _who_matches(ab.who or "you", facts.get("player"), me):
                return False
            if ab.when == "cast" and ab.spell:
                spell = dict(ab.spell)
                if "types" in spell and not set(spell["types"]) & facts["card"].types:
                    return False
            return self._condition_holds(ab.condition, src, me)
        if about == "step":
            step = "upkeep" if ab.when == "upkeep" else ab.step
            if facts.get("step") != step or not _who_matches(ab.who or "you", facts.get("player"), me):
                return False
            return self._condition_holds(ab.condition, src, me)
        return False

    def _condition_holds(self, cond: tuple, src: Obj, me: int) -> bool:
        """603.4: an intervening "if" clause (every condition of it) holds now."""
        return all(CONDITIONS[k](self, src, me, v) for k, v in cond)

    def _trigger(self, o: Obj, index: int, rule: str, facts: dict | None = None) -> None:
        """603.2: an ability of `o` triggers; it waits to be put on the stack (603.3); its controller is the
        source's controller now (603.3a)."""
        ab = o.card.abilities[index]
        facts = facts or {}
        kept = tuple(sorted((k, v) for k, v in facts.items() if k in ("player", "amount", "object", "to", "stack")))
        item = StackItem(0, "ability", o.controller, o.card, o.id, (), ab.targets, ab.effects, ability_index=index,
                         trigger=ab.when if ab.when != "step" else f"step:{ab.step}", colors=o.card.colors,
                         condition=ab.condition if ab.when != "state" else (), may=ab.may, facts=kept)
        # (603.8: a state trigger's state is its trigger condition, not an intervening "if": not checked again.)
        self.state.triggers.append(item)
        self._emit(EventKind.TRIGGER, (rule, "603.2") if rule != "603.2" else "603.2", object=o.id, card=o.card.id,
                   when=item.trigger, controller=o.controller)

    def _state_triggers(self) -> None:
        """603.8: state triggers whose state is true trigger, once until the ability has left the stack."""
        s = self.state
        if self._state_checked == (self._changes, s):
            return  # nothing happened since the last look
        self._state_checked = (self._changes, s)
        if (self._trig_clock != s.bf_changes or self._trig_state is not s) and self._trigger_sources() is None:
            return
        if "state" not in self._trig_events:
            return
        for src, i, ab in self._trig_list:
            if ab.when == "state" and (src.id, i) not in s.state_triggered and self._condition_holds(ab.condition, src, src.controller):
                s.state_triggered.add((src.id, i))
                self._trigger(src, i, "603.8")

    def _step_triggers(self, step: Step) -> None:
        """At the beginning of a step (after its turn-based actions): "at the beginning of ..." abilities and
        the delayed ones waiting for it (603.7)."""
        s = self.state
        key = step._value_[0]
        due = [d for d in s.delayed if d.step == key] if s.delayed else ()
        if due:
            s.delayed = [d for d in s.delayed if d.step != key]
            for d in due:
                item = StackItem(0, "ability", d.controller, d.card, d.source, d.targets, (), d.effects,
                                 trigger=f"step:{key}", colors=d.colors, linked=d.linked, delayed=True)
                s.triggers.append(item)
                self._emit(EventKind.TRIGGER, ("603.7", "603.2"), object=d.source, card=d.card.id, when=item.trigger,
                           controller=d.controller)
        if self._trig_clock != s.bf_changes or self._trig_state is not s:
            self._trigger_sources()
        if "step" in self._trig_events:
            self._fire("step", None, step=key, player=s.active)
        if key == "upkeep" and "upkeep" in self._trig_events:
            self._fire("upkeep", None, step=key, player=s.active)

    # ---- putting them on the stack (603.3) -------------------------------------------------------
    def _stack_triggers(self) -> None:
        """603.3b: each player, in APNAP order, puts their triggered abilities on the stack in the order they
        choose (asked when they differ); 603.3d: each gets its targets (the controller chooses), or is removed
        if one has no legal choice. Everything is asked first, then the abilities go on the stack."""
        s = self.state
        waiting = list(s.triggers)
        players = sorted({it.controller for it in waiting}, key=lambda p: p != s.active)
        plan: list[tuple[StackItem, tuple | None]] = []
        for player in players:
            mine = [it for it in waiting if it.controller == player]
            if len({(it.card.id, it.ability_index, it.delayed) for it in mine}) > 1:
                order = self._ask(Choice(ChoiceKind.ORDER, player, tuple(
                    ChoiceOption(n, object=it.source, card=it.card.id, physical=self._physical(it.source),
                                 what=_trigger_word(it), ability=it.ability_index)
                    for n, it in enumerate(mine)), ordered=True))
                mine = [mine[n] for n in order]
            for it in mine:
                mode = self._choose_mode(it)
                specs, effects = (it.target_specs, it.effects) if mode is None else it.card.abilities[it.ability_index].modes[mode]
                plan.append((it, mode, specs, effects, self._choose_trigger_targets(it, specs) if mode != -1 else None))
        s.triggers = []
        for it, mode, specs, effects, targets in plan:
            if mode == -1 or (specs and targets is None):
                # 603.3c / 603.3d: no mode can be chosen, or a target has no legal choice: it is removed.
                self._emit(EventKind.TRIGGER_REMOVED, "603.3c" if mode == -1 else "603.3d", card=it.card.id,
                           controller=it.controller)
                self._state_left_stack(it)
                continue
            it.target_specs, it.effects = specs, effects
            it.targets = targets or ()
            it.id = s.next_id
            s.next_id += 1
            s.stack.append(it)
            self._emit(EventKind.TRIGGER_ON_STACK, "603.3", card=it.card.id, controller=it.controller, targets=it.targets,
                       **self._stack_targets(it.targets))
            self._becomes_target(it)  # 702.21a: ward
        s.passed = set()
        s.priority = s.active if s.priority is None else s.priority

    def _choose_mode(self, item: StackItem) -> int | None:
        """603.3c / 700.2b: the controller of a modal triggered ability chooses its mode as it is put on the stack,
        among the modes whose targets can be chosen; None for an ability without modes, -1 when no mode can be."""
        ab = item.card.abilities[item.ability_index] if item.ability_index is not None else None
        if ab is None or not ab.modes:
            return None
        legal = [m for m, (specs, _effects) in enumerate(ab.modes)
                 if all(self._target_candidates(spec, item.controller, item.source, item.colors) for spec in specs)]
        if not legal:
            return -1
        pick = self._ask(Choice(ChoiceKind.MODE, item.controller, tuple(ChoiceOption(m, what=f"mode-{m + 1}") for m in legal),
                                card=item.card.id, source=item.source))
        return pick[0]

    def _choose_trigger_targets(self, item: StackItem, specs: tuple) -> tuple | None:
        """603.3d / 601.2c: the controller chooses a legal target for each (distinct, 115.3); None if one has none."""
        chosen: list[int] = []
        for n, spec in enumerate(specs):
            options = [t for t in self._target_candidates(spec, item.controller, item.source, item.colors) if t not in chosen]
            if not options:
                return None
            pick = self._ask(Choice(ChoiceKind.TARGETS, item.controller, tuple(self._target_option(t) for t in options),
                                    card=item.card.id, source=item.source, about=n))
            chosen.append(pick[0])
        return tuple(chosen)

    def _target_option(self, t: int) -> ChoiceOption:
        if t < 0:
            return ChoiceOption(t, player=-1 - t)
        o = self.state.objects.get(t)
        return ChoiceOption(t, object=t, card=o.card.id if o else "", physical=o.card_id if o else None)

    def _physical(self, oid: int | None) -> int | None:
        o = self.state.objects.get(oid) if oid is not None else None
        if o is not None:
            return o.card_id
        return self._lki_cards.get(oid)

    def _state_left_stack(self, item: StackItem) -> None:
        """603.8: a state trigger may trigger again once it has left the stack."""
        if item.trigger == "state":
            self.state.state_triggered.discard((item.source, item.ability_index))

    def _create_delayed(self, item: StackItem, step: str, effects: tuple, linked: tuple) -> None:
        """603.7: a delayed triggered ability, created now, triggers at the beginning of the next `step`."""
        s = self.state
        s.delayed.append(Delayed(step, item.controller, item.card, item.source, effects, linked, item.targets,
                                 item.colors, s.turn))
        self._emit(EventKind.DELAYED_TRIGGER, ("603.7", "603.7a"), card=item.card.id, controller=item.controller, step=step)


def _trigger_word(item: StackItem) -> str:
    """What a waiting triggered ability is, in a word: the keyword it comes from (battle cry), "delayed" for a
    delayed triggered ability (603.7), else its event."""
    if item.delayed:
        return "delayed"
    if item.ability_index is not None and item.ability_index < len(item.card.abilities):
        keyword = item.card.abilities[item.ability_index].keyword
        if keyword:
            return keyword
    return item.trigger


def _who_matches(who: str, player: int | None, me: int) -> bool:
    if player is None:
        return False
    return who == "each" or (who == "you") == (player == me)


UNITS["triggers"] = Triggers._stack_triggers
