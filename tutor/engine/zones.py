"""Zones and moves between them.

Rules: 400.7 (an object that moves to another zone becomes a new object: a new id here, the same
physical card `card_id`), 111.7 (a token that left the battlefield ceases to exist, as a state-based
action, 704.5d), 121.1 (drawing a card), 121.4 (drawing from an empty library), 700.4 ("dies"), 603.10a
(leaves-the-battlefield abilities look back in time).
"""

from __future__ import annotations

from tutor.engine.events import EventKind
from tutor.engine.state import Obj, Outcome

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

    def _move(self, oid: int, zone: str, *, top: bool = True, fire: bool = True) -> int:
        """400.7: move an object to another zone, where it becomes a new object; returns the new id.

        It goes to its owner's zone, under its owner's control. A permanent that leaves the battlefield
        leaves combat (506.4) and its "until end of turn" effects end with it; its abilities that trigger on
        leaving look back at it (603.10a). A token moves too, and ceases to exist at the next state-based
        action check (111.7, 704.5d). A card that would be put into a graveyard may be exiled instead (614.1a):
        the new object's zone says where it went."""
        s = self.state
        o = s.objects[oid]
        if zone == "graveyard":
            zone, by = self._graveyard_destination(o)
            if by:
                self._emit(EventKind.REPLACED, "614.1a", effect="exile_instead", object=oid, card=o.card.id, by=by)
        s.objects.pop(oid)
        lst = self._zone_list(o)
        if lst is not None and oid in lst:
            lst.remove(oid)
            if lst is s.battlefield:
                s.bf_changes += 1
        left = o.zone == "battlefield"
        if left:
            s.attackers.pop(oid, None)
            s.blocks.pop(oid, None)
            if s.continuous:
                self._effects_leave(oid)
            self._left.append(o)
        new = Obj(s.next_id, o.printed or o.card, o.card_id, o.owner, o.owner, zone)
        if o.card.token and zone != "battlefield":
            s.token_left = True
        s.next_id += 1
        s.clock += 1
        new.timestamp = s.clock
        s.objects[new.id] = new
        self.object_cards[new.id] = o.card.id
        self._lki_cards[oid] = o.card_id
        if zone == "battlefield":
            s.battlefield.append(new.id)
            s.bf_changes += 1
        elif zone == "library":
            lib = s.players[o.owner].library
            (lib.insert(0, new.id) if top else lib.append(new.id))
        elif zone != "stack":
            getattr(s.players[o.owner], zone).append(new.id)
        if fire:
            self._fire_moved(o, new.id)
        return new.id

    def _fire_moved(self, o: Obj, new: int) -> None:
        """The triggers of a zone change: leaves the battlefield (603.6c), put into a graveyard from anywhere."""
        zone = self.state.objects[new].zone
        if o.zone == "battlefield":
            self._fire("leaves", o, to=zone, new=new)
        if zone == "graveyard":
            self._fire("graveyard", o, new=new)

    def _to_graveyard(self, oid: int, rule: str) -> None:
        """Put a permanent into its owner's graveyard (for `rule`); a creature dies (700.4) and abilities that
        trigger on its death trigger, looking back at the object as it last existed on the battlefield (603.10a).
        Exiled instead by a replacement effect (614.1a), it doesn't die."""
        s = self.state
        o = s.objects[oid]
        is_creature = "creature" in o.card.types
        new = self._move(oid, "graveyard", fire=False)
        if is_creature and s.objects[new].zone == "graveyard":
            self._emit(EventKind.DIES, ("700.4", rule), object=oid, card=o.card.id, owner=o.owner, new_object=new,
                       controller=o.controller)
            self._fire("dies", o, new=new)
        self._fire_moved(o, new)

    def _draw(self, player: int, rule: str, count: int = 1) -> None:
        """121.1: draw `count` cards, one at a time; from an empty library, the player will lose (121.4, 704.5b),
        unless a replacement effect makes them win instead (614.1a, 104.2b)."""
        s = self.state
        p = s.players[player]
        for _ in range(count):
            if s.outcome is not None:
                return
            if not p.library:
                winner_card = self._wins_instead_of_drawing(player)
                if winner_card:
                    self._emit(EventKind.REPLACED, ("614.1a", "121.6"), effect="win_on_empty_draw", player=player,
                               by=winner_card)
                    s.outcome = Outcome(player, "effect", ("104.2b", "614.1a"))
                    self._emit(EventKind.GAME_WON, "104.2b", winner=player, loser=1 - player, by=winner_card)
                    return
                p.drew_from_empty = True
                self._emit(EventKind.DRAW_FROM_EMPTY, ("121.4", "704.5b"), player=player)
                continue
            new = self._move(p.library[0], "hand")
            self._emit(EventKind.DRAW, (rule, "121.1"), player=player, object=new, card=s.objects[new].card.id)
            self._fire("draw", None, player=player)
