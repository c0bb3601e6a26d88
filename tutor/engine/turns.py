"""Turn structure: turns, phases and steps, and their turn-based actions.

Rules: 500 (general: 500.1 the order of phases and steps, 500.2 a step ends when all pass with an empty
stack, 500.4 mana empties), 502 (untap step: 502.3 untap, 502.4 no priority), 503 (upkeep: 503.1a "at
the beginning of your upkeep" triggers go on the stack first), 504 (draw step: 504.1 the active player
draws), 505 (main phases), 513 (end step), 514 (cleanup: 514.1 discard to hand size, 514.2 damage wears
off and "this turn" effects end, 514.3 no priority unless state-based actions or triggers, 514.3a another
cleanup step), 103.8a (the starting player skips the draw step of their first turn). The combat steps
(506-511) are in `combat.py`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from tutor.engine.actions import ActionRules, Discard
from tutor.engine.errors import IllegalAction, Refusal
from tutor.engine.events import EventKind
from tutor.engine.state import TURN_STEPS, Step

__all__ = ["DISCARD", "Turns"]


class Turns:
    """Mixin of `Game`: beginning and ending steps, the untap, draw and cleanup steps, the next turn."""

    def _begin_step(self, step: Step) -> None:
        """Start a step: its turn-based actions, then (for most steps) the active player will get priority."""
        s = self.state
        s.step = step
        s.passed = set()
        s.priority = None
        key, phase, rule = step._value_  # (an Enum's .value is slow on hot paths)
        self._emit(EventKind.STEP_BEGINS, rule, step=key, phase=phase)
        if step is Step.UNTAP:
            self._untap_step()
            return
        if step is Step.DRAW:
            self._draw(s.active, "504.1")
        if step not in (Step.CLEANUP, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
            self._step_triggers(step)  # "at the beginning of" the step, after its turn-based actions (503.1a, 504.2)
        if step in _COMBAT_DECISION_STEPS:
            self._begin_combat_step(step)
            return
        elif step is Step.CLEANUP:
            self._cleanup()
            return
        s.priority = s.active

    def _untap_step(self) -> None:
        """502.3: the active player untaps their permanents; 502.4: no player receives priority."""
        s = self.state
        for oid in s.battlefield:
            o = s.objects[oid]
            if o.controller == s.active:
                o.fresh = False  # controlled continuously since this turn began (302.6)
        untapped = [oid for oid in s.battlefield if s.objects[oid].controller == s.active and s.objects[oid].tapped]
        for oid in untapped:
            s.objects[oid].tapped = False
        self._emit(EventKind.UNTAP, "502.3", player=s.active, objects=untapped)
        self._emit(EventKind.NO_PRIORITY, "502.4")

    def _end_step(self) -> None:
        """End the current step (500.2): mana empties (500.4); combat ends after end of combat (511.3);
        the next step begins, or the next turn."""
        s = self.state
        for p in s.players:
            if any(p.pool.values()):
                self._emit(EventKind.MANA_EMPTIES, "500.4", player=p.index, mana=dict(p.pool))
                p.pool = {}
        if s.step is Step.END_OF_COMBAT:
            self._end_combat()
        if s.step is Step.CLEANUP and s.cleanup_again:
            s.cleanup_again = False
            s.step_queue.insert(0, Step.CLEANUP)  # 514.3a
        if not s.step_queue:
            self._next_turn()
            return
        nxt = self._skip_combat_steps(s.step_queue.pop(0))
        if nxt is Step.DRAW and s.turn == 1 and s.active == s.starting_player:
            # 103.8a: in a two-player game the starting player skips the draw step of their first turn.
            self._emit(EventKind.DRAW_SKIPPED, "103.8a", player=s.active, step=nxt.key)
            nxt = s.step_queue.pop(0)
        while s.step_queue and self._static_kind("replace", "skip_step") and (by := self._skips(nxt._value_[0], s.active)):
            # 614.1b / 614.10: "skip your [step]": the step doesn't happen.
            self._emit(EventKind.STEP_SKIPPED, ("614.10", "614.1b"), step=nxt.key, player=s.active, by=by)
            nxt = s.step_queue.pop(0)
        self._begin_step(nxt)

    def _next_turn(self) -> None:
        """500.1: the other player's turn begins with its untap step."""
        s = self.state
        s.active = 1 - s.active
        s.turn += 1
        for p in s.players:
            p.lands_played = 0
        s.attacked_this_turn = set()
        s.loyalty_used = set()  # 606.3: "that turn"
        s.step_queue = list(TURN_STEPS[1:])
        s.step = Step.UNTAP
        self._emit(EventKind.TURN_BEGINS, "500.1", player=s.active, turn=s.turn)
        self._begin_step(Step.UNTAP)

    def _cleanup(self) -> None:
        """514.1: the active player discards down to their maximum hand size (a decision), then 514.2."""
        s = self.state
        p = s.players[s.active]
        if len(p.hand) > p.max_hand:
            s.pending = ("discard", s.active, len(p.hand) - p.max_hand)
            return
        self._cleanup_rest()

    def _cleanup_rest(self) -> None:
        """514.2: damage is removed and "until end of turn" / "this turn" effects end, simultaneously.
        514.3: no player gets priority, unless state-based actions or triggers happen (514.3a)."""
        s = self.state
        healed = [oid for oid in s.battlefield if s.objects[oid].damage]
        for oid in s.battlefield:
            s.objects[oid].damage = 0
            s.objects[oid].regen_shields = 0
        ended = self._end_effects("end_of_turn")
        s.prevent_combat, s.prevent_next, s.shield_cards, s.effects = "", {}, {}, []
        self._emit(EventKind.CLEANUP, "514.2", damage_removed=healed, effects_ended=ended)
        self._state_triggers()
        if self._sba_needed() or s.triggers:
            s.cleanup_again = True
            s.priority = s.active
        else:
            self._emit(EventKind.NO_PRIORITY, "514.3")

    # ---- Discard (514.1) -------------------------------------------------------------------------
    def _validate_discard(self, action: Discard) -> int:
        """514.1: discard exactly as many cards as the hand exceeds the maximum hand size."""
        player = self._need("discard")
        n = self.state.pending[2]
        hand = self.state.players[player].hand
        if len(set(action.cards)) != n or not set(action.cards) <= set(hand):
            raise IllegalAction("514.1", Refusal.DISCARD_COUNT, f"discard exactly {n} cards from your hand")
        return player

    def _perform_discard(self, action: Discard, player: int) -> None:
        moved = []
        for c in action.cards:
            o = self.state.objects[c]
            new = self._move(c, "graveyard", fire=False)
            self._emit(EventKind.DISCARD, ("514.1", "701.8"), player=player, object=new, card=self.state.objects[new].card.id)
            moved.append((o, new))
        for o, new in moved:  # all at once: then what they trigger
            self._fire_moved(o, new)
        self.state.pending = ()
        self._cleanup_rest()

    def _generate_discards(self) -> Iterator[Discard]:
        s = self.state
        hand = s.players[s.pending[1]].hand
        for combo in itertools.islice(itertools.combinations(hand, s.pending[2]), 32):
            yield Discard(tuple(combo))


_COMBAT_DECISION_STEPS = frozenset({Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE,
                                    Step.FIRST_STRIKE_DAMAGE})

DISCARD = ActionRules("discard", Turns._validate_discard, Turns._perform_discard, Turns._generate_discards)
