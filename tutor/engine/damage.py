"""Damage, prevention, life and destruction.

Rules: 120 (damage: 120.3a to a player, loss of that much life; 120.3e to a creature, marked on it),
510.2 (combat damage is dealt simultaneously), 615 (prevention effects: 615.6 "prevent all combat damage",
615.7 prevent the next N damage), 119 (life: 119.3 gaining and losing, 119.4 paying life), 702.2b
(deathtouch), 702.15b (lifelink), 702.16e (protection prevents damage), 701.7 (destroy), 701.15a
(regeneration, a replacement effect, 614.8; the permanent is removed from combat, 506.4), 702.12b
(indestructible).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.events import EventKind

if TYPE_CHECKING:
    from tutor.engine.cards import CardDef

__all__ = ["Damage"]


class Damage:
    """Mixin of `Game`: dealing damage, gaining and losing life, destroying permanents."""

    def _gain_life(self, player: int, n: int, rule: str) -> None:
        """119.3: a player gains `n` life (nothing for 0 or less)."""
        if n > 0:
            self.state.players[player].life += n
            self._emit(EventKind.LIFE_GAIN, rule, player=player, amount=n, life=self.state.players[player].life)

    def _lose_life(self, player: int, n: int, rule: str) -> None:
        """119.3 / 119.4: a player loses (or pays) `n` life (nothing for 0 or less)."""
        if n > 0:
            self.state.players[player].life -= n
            self._emit(EventKind.LIFE_LOSS, rule, player=player, amount=n, life=self.state.players[player].life)

    def _deal_damage(self, source: int | None, card: CardDef, controller: int, recipients: list[tuple[int, int]],
                     combat: bool) -> None:
        """120.3: damage dealt simultaneously by one source to (recipient, amount) pairs, after prevention
        (615, 702.16e); deathtouch marks the creature (702.2b), lifelink gains life once (702.15b)."""
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
                self._emit(EventKind.DAMAGE_PREVENTED, ("615.1", "615.6"), source=source, card=card.id, to=rec, amount=amt)
                continue
            if rec > 0 and self._protected_from(rec, colors):
                self._emit(EventKind.DAMAGE_PREVENTED, "702.16e", source=source, card=card.id, to=rec, amount=amt)
                continue
            shield = s.prevent_next.get(rec, 0)
            if shield:
                stop = min(shield, amt)
                s.prevent_next[rec] = shield - stop
                amt -= stop
                self._emit(EventKind.DAMAGE_PREVENTED, "615.7", source=source, card=card.id, to=rec, amount=stop)
                if not amt:
                    continue
            if rec < 0:
                player = -1 - rec
                s.players[player].life -= amt
                self._emit(EventKind.DAMAGE, ("510.2", "120.3a") if combat else "120.3a", source=source, card=card.id, to=rec,
                           amount=amt, combat=combat, life=s.players[player].life)
            else:
                o = s.objects[rec]
                o.damage += amt
                if "deathtouch" in src_kws:
                    o.deathtouched = True
                self._emit(EventKind.DAMAGE, ("510.2", "120.3e") if combat else "120.3e", source=source, card=card.id, to=rec,
                           amount=amt, combat=combat, target_card=o.card.id)
            if "lifelink" in src_kws:
                lifelink_total += amt
        if lifelink_total:
            self._gain_life(controller, lifelink_total, "702.15b")

    def _destroy(self, oid: int, rule: str, can_regenerate: bool = True) -> None:
        """701.7a: destroy a permanent (move it to its owner's graveyard), unless it is indestructible
        (702.12b) or a regeneration shield replaces the destruction (701.15a)."""
        s = self.state
        o = s.objects[oid]
        if "indestructible" in self.keywords(oid):
            self._emit(EventKind.INDESTRUCTIBLE, "702.12b", object=oid, card=o.card.id)
            return
        if can_regenerate and o.regen_shields > 0:
            # 701.15a: instead, remove all damage from it, tap it, remove it from combat (506.4).
            o.regen_shields -= 1
            o.damage, o.deathtouched, o.tapped = 0, False, True
            was_in_combat = oid in s.attackers or oid in s.blocks
            s.attackers.pop(oid, None)
            s.blocks.pop(oid, None)
            self._emit(EventKind.REGENERATED, ("701.15a", "614.8", "506.4"), object=oid, card=o.card.id,
                       removed_from_combat=was_in_combat)
            return
        self._emit(EventKind.DESTROYED, (rule, "701.7a") if rule != "701.7" else "701.7a", object=oid, card=o.card.id)
        self._to_graveyard(oid, rule)
