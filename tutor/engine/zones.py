"""Zones and moves between them.

Rules: 400.7 (an object that moves to another zone becomes a new object: a new id here, the same
physical card `card_id`), 111.7 (a token that left the battlefield ceases to exist, as a state-based
action, 704.5d), 121.1 (drawing a card), 121.4 (drawing from an empty library), 700.4 ("dies"), 603.10a
(leaves-the-battlefield abilities look back in time).
"""

from __future__ import annotations

from tutor.engine.events import EventKind
from tutor.engine.state import Obj

__all__ = ["Zones"]


class Zones:
    """Mixin of `Game`: moving objects between zones."""

    def _zone_list(self, o: Obj) -> list | None:
        """The list that holds `o` in its zone (the stack holds StackItems, not ids: None)."""
        if o.zone == "battlefield":
            return self.state.battlefield
        if o.zone == "stack":
            return None
        return getattr(self.state.players[o.owner], o.zone)

    def _move(self, oid: int, zone: str, *, top: bool = True) -> int:
        """400.7: move an object to another zone, where it becomes a new object; returns the new id.

        It goes to its owner's zone, under its owner's control. A permanent that leaves the battlefield
        leaves combat (506.4) and its "until end of turn" effects end with it. A token moves too, and
        ceases to exist at the next state-based action check (111.7, 704.5d)."""
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
            s.token_left = True
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

    def _to_graveyard(self, oid: int, rule: str) -> None:
        """Put a permanent into its owner's graveyard (for `rule`); a creature dies (700.4) and its "dies"
        abilities trigger, looking back at the object as it last existed on the battlefield (603.10a)."""
        o = self.state.objects[oid]
        is_creature = "creature" in o.card.types
        controller = o.controller
        new = self._move(oid, "graveyard")
        if is_creature:
            self._emit(EventKind.DIES, ("700.4", rule), object=oid, card=o.card.id, owner=o.owner, new_object=new)
            for i, ab in enumerate(o.card.abilities):
                if ab.kind == "triggered" and ab.when == "dies":
                    self._trigger(Obj(oid, o.card, o.card_id, o.owner, controller, "graveyard"), i, "603.10a")

    def _draw(self, player: int, rule: str, count: int = 1) -> None:
        """121.1: draw `count` cards, one at a time; from an empty library, the player will lose (121.4, 704.5b)."""
        p = self.state.players[player]
        for _ in range(count):
            if not p.library:
                p.drew_from_empty = True
                self._emit(EventKind.DRAW_FROM_EMPTY, ("121.4", "704.5b"), player=player)
                continue
            new = self._move(p.library[0], "hand")
            self._emit(EventKind.DRAW, (rule, "121.1"), player=player, object=new, card=self.state.objects[new].card.id)
