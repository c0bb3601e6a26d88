"""Spells and abilities acting on the stack: becoming a target (ward), "unless that player pays", copies of spells.

Rules: 603.2 / 702.21a (a permanent "becomes the target" of a spell or ability as it is cast, activated, or put
on the stack as a triggered ability: ward triggers then), 118.12a ("counter ... unless [a player] pays": the
player chooses on resolution, and may pay only a cost they can pay, activating mana abilities to do it), 707.10
(a copy of a spell is put on the stack, not cast; it copies the spell's decisions), 707.10a / 704.5e (a copy of
a spell that leaves the stack ceases to exist).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tutor.engine.choices import Choice, ChoiceKind, ChoiceOption
from tutor.engine.events import EventKind
from tutor.engine.mana import ManaCost, find_payment
from tutor.engine.state import Obj, StackItem

if TYPE_CHECKING:
    pass

__all__ = ["StackEffects"]


class StackEffects:
    """Mixin of `Game`: targets becoming targets, paying "unless" costs, copying spells."""

    def _becomes_target(self, item: StackItem) -> None:
        """603.2 / 702.21a: each permanent `item` targets becomes its target now (as it is cast, activated or put
        on the stack): abilities that trigger on it trigger ("whenever ... becomes the target", ward)."""
        s = self.state
        if not item.targets:
            return
        self._trigger_sources()  # (cached until the battlefield changes)
        if "becomes_target" not in self._trig_events:
            return
        seen = set()
        for t in item.targets:
            o = s.objects.get(t) if isinstance(t, int) and t > 0 else None
            if o is not None and o.zone == "battlefield" and t not in seen:
                seen.add(t)
                self._fire("becomes_target", o, player=item.controller, stack=item.id)

    def _pays_unless(self, item: StackItem, target: StackItem, cost_text: str) -> bool:
        """118.12a: "counter [it] unless its controller pays [cost]": that player chooses whether to pay, and may
        only if they can (their mana pool and untapped mana sources, tapped for mana as they pay: 605.3a);
        True when they paid."""
        cost = ManaCost.parse(cost_text)
        payer = target.controller
        self._mana_memo.clear()  # (what was tapped earlier in this action)
        can = find_payment(cost.generic, cost.colored, self.state.players[payer].pool, self._mana_sources(payer)) is not None
        options = ((ChoiceOption(1, what="yes"),) if can else ()) + (ChoiceOption(0, what="no"),)
        answer = self._ask(Choice(ChoiceKind.PAY, payer, options, card=item.card.id, source=item.source,
                                  about=target.id, amount=cost.mana_value()))
        if not answer or not answer[0]:
            return False
        plan = self._payment(payer, cost.generic, cost.colored, None, set(), "118.12a")
        self._pay(payer, plan, tapped_for=item.card.id)
        self._emit(EventKind.UNLESS_PAID, ("118.12a", "702.21a") if item.kind == "ability" else "118.12a",
                   player=payer, cost=str(cost), card=target.card.id, by=item.card.id)
        return True

    def _spell_off_stack(self, item: StackItem) -> None:
        """A spell leaves the stack for its owner's graveyard (608.2n, 701.5a, 608.2b); a copy of a spell ceases to
        exist instead (707.10a, 704.5e)."""
        if not item.copy:
            self._move(item.id, "graveyard")
            return
        self.state.objects.pop(item.id, None)
        self._emit(EventKind.COPY_CEASES, ("707.10a", "704.5e"), card=item.card.id, controller=item.controller)

    def _copy_spell_on_stack(self, orig: StackItem, controller: int, targets: tuple) -> None:
        """707.10: a copy of `orig` goes on the stack under `controller` (not cast, 707.10), with every decision
        made for it (X, targets as chosen: 707.10c); it is an object of its own on the stack."""
        s = self.state
        o = Obj(s.next_id, orig.card, s.next_id, controller, controller, "stack")
        s.next_id += 1
        s.objects[o.id] = o
        self.object_cards[o.id] = orig.card.id
        copy = replace(orig, id=o.id, controller=controller, targets=targets, copy=True, linked=())
        s.stack.append(copy)
        self._emit(EventKind.SPELL_COPIED, ("707.10", "707.10c") if targets != orig.targets else "707.10",
                   player=controller, object=o.id, card=orig.card.id, targets=targets)
        self._becomes_target(copy)
