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
from tutor.engine.choices import UNITS, Choice, ChoiceKind, ChoiceOption
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
            if self._left:
                self._left = []
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
            self._state_triggers()
            if s.triggers:
                self._run_unit(("triggers",))
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
            s.priority = s.active  # 117.3b (a resolution waiting for a choice gives it when it is done)
            self._resolve_top()
        else:
            s.priority = None

    def _generate_pass(self) -> Iterator[PassPriority]:
        yield PassPriority()

    # ---- resolution (608) ------------------------------------------------------------------------
    def _resolve_top(self) -> None:
        """608.2: the top of the stack resolves: its targets are checked (608.2b), an intervening "if" again
        (603.4), an optional ability's controller chooses (603.5); then a permanent spell enters the battlefield
        (608.3) or the effects happen in order (608.2c), and an instant or sorcery goes to its owner's graveyard
        (608.2n). A choice on the way suspends it (tutor.engine.choices)."""
        s = self.state
        item = s.stack[-1]  # it stays on the stack while it resolves (608.2), until it leaves it
        if item.target_specs:
            legal = [self._target_legal(spec, t, item.controller, item.source, item.colors)
                     for spec, t in zip(item.target_specs, item.targets)]
            if not any(legal):
                # 608.2b: all its targets are illegal: it doesn't resolve.
                self._off_stack(item)
                self._emit(EventKind.DOESNT_RESOLVE, "608.2b", card=item.card.id, controller=item.controller, what=item.kind)
                if item.kind == "spell":
                    self._spell_off_stack(item)
                return
        else:
            legal = []
        if item.condition and not self._condition_holds(item.condition, self._lki(item.source), item.controller):
            # 603.4: the intervening "if" clause is false as the ability resolves: it does nothing.
            self._off_stack(item)
            self._emit(EventKind.CONDITION_FALSE, "603.4", card=item.card.id, controller=item.controller)
            return
        self._emit(EventKind.RESOLVE, ("608.2", "608.3") if item.card.is_permanent and item.kind == "spell" else "608.2",
                   card=item.card.id, controller=item.controller, what=item.kind)
        if item.kind == "spell" and item.card.is_permanent:
            self._off_stack(item)
            new = self._move(item.id, "battlefield")
            o = s.objects[new]
            o.controller = item.controller
            o.kicked = item.kicked  # 702.33d: "if it was kicked" (its enters-the-battlefield abilities)
            if item.card.enchant:
                o.attached_to = item.targets[0]
                self._emit(EventKind.ATTACH, "608.3c", object=new, to=item.targets[0], card=o.card.id)
            self._enters(o)
            return
        s.resolving = Resolution(item, legal)
        self._run_unit(("resolve",))

    def _resolve_effects(self) -> None:
        """The unit of a resolving spell or ability: "you may" first (603.5), then each instruction in order
        (608.2c), each asking before it changes anything; then a spell goes to the graveyard (608.2n)."""
        s = self.state
        r: Resolution = s.resolving
        item = r.item
        if item.may and r.next == 0 and not r.agreed:
            yes = self._ask(Choice(ChoiceKind.MAY, item.controller, (ChoiceOption(1, what="yes"), ChoiceOption(0, what="no")),
                                   card=item.card.id, source=item.source))
            self._answered()
            if not yes[0]:
                self._emit(EventKind.DECLINED, "603.5", card=item.card.id, controller=item.controller)
                r.next = len(item.effects)
            r.agreed = True
        while r.next < len(item.effects):
            name, params = item.effects[r.next]
            self._left = []
            EFFECTS[name].resolve(self, item, dict(params), r.legal)  # 608.2c: in the order written
            r.next += 1
            self._answered()
        s.resolving = None
        self._off_stack(item)
        if item.kind == "spell":
            self._spell_off_stack(item)

    def _off_stack(self, item: StackItem) -> None:
        """The item leaves the stack (resolved, or not resolving); a state trigger may trigger again (603.8)."""
        s = self.state
        if item in s.stack:
            s.stack.remove(item)
        self._state_left_stack(item)

    def _lki(self, oid: int | None) -> Obj:
        """The object `oid` now, or as it last existed (a source that has left: its card, no id match)."""
        o = self.state.objects.get(oid) if oid is not None else None
        return o if o is not None else Obj(-1 if oid is None else oid, None, 0, 0, 0, "")

    def _enters(self, o: Obj, *, announce: bool = True) -> None:
        """110.1: a permanent enters the battlefield, as its replacement effects say (tapped, with counters,
        614.1c-d); abilities that trigger on it entering trigger (603.6a: the newcomer's own ones too)."""
        self._entering(o)
        if announce:
            self._emit(EventKind.ENTERS, "110.1", object=o.id, card=o.card.id, controller=o.controller)
        self._fire("enters", o)


class Resolution:
    """A spell or ability resolving: its legal targets (608.2b), the next instruction to follow, and whether
    its controller has chosen to do what it may do (603.5); `linked`: objects its instructions moved, which
    later ones refer to ("that card", 607, 603.7c)."""

    __slots__ = ("agreed", "item", "legal", "linked", "next")

    def __init__(self, item: StackItem, legal: list) -> None:
        self.item = item
        self.legal = legal
        self.next = 0
        self.agreed = False
        self.linked: list[int] = []

    def __deepcopy__(self, memo: dict) -> Resolution:
        import copy

        new = Resolution(copy.deepcopy(self.item, memo), list(self.legal))
        new.next, new.agreed, new.linked = self.next, self.agreed, list(self.linked)
        return new


UNITS["resolve"] = Priority._resolve_effects

PASS_PRIORITY = ActionRules("priority", Priority._validate_pass, Priority._perform_pass, Priority._generate_pass)
