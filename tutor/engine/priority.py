"""Priority, the stack, triggered abilities and resolution.

Rules: 117 (timing and priority: 117.3a the active player gets priority, 117.3b after resolution, 117.3c
after an action, 117.3d passing, 117.4 all pass in succession, 117.5 state-based actions and triggers
before priority), 405 (the stack: last in, first out), 603 (triggered abilities: 603.2 they trigger,
603.3 they are put on the stack the next time a player would receive priority, 603.3b APNAP order,
603.3d no legal target, 603.6a enters-the-battlefield), 608 (resolving: 608.2b illegal targets, 608.2n an
instant or sorcery goes to the graveyard, 608.3 a permanent spell enters the battlefield, 608.3c an Aura
spell enters attached to its target), 110.1 (a card or token becomes a permanent as it enters).
"""

from __future__ import annotations

from collections.abc import Iterator

from tutor.engine.actions import ActionRules, PassPriority
from tutor.engine.effects import EFFECTS
from tutor.engine.events import EventKind
from tutor.engine.state import Obj, StackItem

__all__ = ["PASS_PRIORITY", "Priority"]


class Priority:
    """Mixin of `Game`: the main loop, passing priority, putting triggers on the stack, resolving."""

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
        """`player` will receive priority (after state-based actions and triggers, 117.5)."""
        self.state.priority = player
        self.state.pending = ()

    def _after_action(self, player: int) -> None:
        """117.3c: after a player casts a spell, activates an ability or plays a land, they receive priority."""
        self.state.passed = set()
        self._give_priority(player)

    # ---- PassPriority (117.3d) -------------------------------------------------------------------
    def _validate_pass(self, action: PassPriority) -> int:
        """117.3d: only the player with priority can pass it."""
        return self._need("priority")

    def _perform_pass(self, action: PassPriority, player: int) -> None:
        """117.3d: the next player receives priority; 117.4: when all pass in succession, the top of the
        stack resolves (then the active player receives priority, 117.3b), or the step ends (500.2)."""
        s = self.state
        s.passed.add(player)
        self._emit(EventKind.PASS, "117.3d", player=player)
        s.pending = ()
        if len(s.passed) < len(s.players):
            s.priority = 1 - player
            return
        s.passed = set()
        if s.stack:
            self._resolve_top()
            s.priority = s.active
        else:
            s.priority = None

    def _generate_pass(self) -> Iterator[PassPriority]:
        yield PassPriority()

    # ---- triggered abilities (603) ---------------------------------------------------------------
    def _trigger(self, o: Obj, index: int, rule: str) -> None:
        """603.2: an ability of `o` triggers; it waits to be put on the stack (603.3)."""
        ab = o.card.abilities[index]
        item = StackItem(0, "ability", o.controller, o.card, o.id, (), ab.targets, ab.effects,
                         ability_index=index, trigger=ab.when, colors=o.card.colors)
        self.state.triggers.append(item)
        self._emit(EventKind.TRIGGER, (rule, "603.2"), object=o.id, card=o.card.id, when=ab.when)

    def _stack_triggers(self) -> None:
        """603.3b: the active player puts their triggers on the stack first, then the others (APNAP);
        603.3d: one that has no legal target is removed."""
        s = self.state
        waiting = sorted(s.triggers, key=lambda it: it.controller != s.active)
        s.triggers = []
        for item in waiting:
            targets = self._auto_targets(item)
            if item.target_specs and targets is None:
                self._emit(EventKind.TRIGGER_REMOVED, "603.3d", card=item.card.id)
                continue
            item.targets = targets or ()
            item.id = s.next_id
            s.next_id += 1
            s.stack.append(item)
            self._emit(EventKind.TRIGGER_ON_STACK, "603.3", card=item.card.id, controller=item.controller, targets=item.targets)
        s.passed = set()
        s.priority = s.active if s.priority is None else s.priority

    # ---- resolution (608) ------------------------------------------------------------------------
    def _resolve_top(self) -> None:
        """608.2: the top of the stack resolves: its targets are checked (608.2b), then a permanent spell
        enters the battlefield (608.3) or the effects happen in order, and an instant or sorcery goes
        to its owner's graveyard (608.2n)."""
        s = self.state
        item = s.stack.pop()
        if item.target_specs:
            legal = [self._target_legal(spec, t, item.controller, item.source, item.colors)
                     for spec, t in zip(item.target_specs, item.targets)]
            if not any(legal):
                # 608.2b: all its targets are illegal: it doesn't resolve.
                self._emit(EventKind.DOESNT_RESOLVE, "608.2b", card=item.card.id, controller=item.controller, what=item.kind)
                if item.kind == "spell":
                    self._move(item.id, "graveyard")
                return
        else:
            legal = []
        self._emit(EventKind.RESOLVE, ("608.2", "608.3") if item.card.is_permanent and item.kind == "spell" else "608.2",
                   card=item.card.id, controller=item.controller, what=item.kind)
        if item.kind == "spell" and item.card.is_permanent:
            new = self._move(item.id, "battlefield")
            o = s.objects[new]
            o.controller = item.controller
            if item.card.enchant:
                o.attached_to = item.targets[0]
                self._emit(EventKind.ATTACH, "608.3c", object=new, to=item.targets[0], card=o.card.id)
            self._enters(o)
            return
        for name, params in item.effects:
            EFFECTS[name].resolve(self, item, dict(params), legal)  # 608.2c: in the order written
        if item.kind == "spell":
            self._move(item.id, "graveyard")

    def _enters(self, o: Obj) -> None:
        """110.1: a permanent enters the battlefield; its enters abilities trigger (603.6a)."""
        self._emit(EventKind.ENTERS, "110.1", object=o.id, card=o.card.id, controller=o.controller)
        for i, ab in enumerate(o.card.abilities):
            if ab.kind == "triggered" and ab.when == "enters":
                self._trigger(o, i, "603.6a")


PASS_PRIORITY = ActionRules("priority", Priority._validate_pass, Priority._perform_pass, Priority._generate_pass)
