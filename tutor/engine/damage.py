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
        """119.3: a player gains `n` life (nothing for 0 or less, 119.9); not while they can't (119.7); twice that
        much with "if you would gain life" replacement effects (119.10)."""
        if n <= 0:
            return
        blocked = self._cant_gain_life(player)
        if blocked:
            self._emit(EventKind.NO_LIFE_GAIN, "119.7", player=player, amount=n, by=blocked[0])
            return
        n = self._life_to_gain(player, n)
        self.state.players[player].life += n
        self._emit(EventKind.LIFE_GAIN, rule, player=player, amount=n, life=self.state.players[player].life)
        self._fire("gain_life", None, player=player, amount=n)

    def _lose_life(self, player: int, n: int, rule: str) -> None:
        """119.3 / 119.4: a player loses (or pays) `n` life (nothing for 0 or less)."""
        if n > 0:
            self.state.players[player].life -= n
            self._emit(EventKind.LIFE_LOSS, rule, player=player, amount=n, life=self.state.players[player].life)
            self._fire("lose_life", None, player=player, amount=n)

    def _deal_damage(self, source: int | None, card: CardDef, controller: int, recipients: list[tuple[int, int]],
                     combat: bool) -> None:
        """120.3: damage dealt simultaneously by one source to (recipient, amount) pairs."""
        self._deal_damage_batch([(source, card, controller, recipients)], combat)

    def _deal_damage_batch(self, batch: list, combat: bool) -> None:
        """120.3 / 510.2: damage dealt simultaneously by sources, each to (recipient, amount) pairs: first every
        amount after its replacement and prevention effects (615, 616.1; a choice may be asked here, before
        anything changes), then the damage is dealt: deathtouch marks the creature (702.2b), lifelink gains life
        once per source (702.15b), and abilities that trigger on damage trigger (510.3a)."""
        s = self.state
        shields = dict(s.prevent_next)
        plans = []
        for source, card, controller, recipients in batch:
            for rec, amt in recipients:
                if amt <= 0:
                    continue
                if rec > 0 and (rec not in s.objects or s.objects[rec].zone != "battlefield"):
                    continue
                final, done = self._plan_damage(source, card, controller, rec, amt, combat, shields)
                plans.append((source, card, controller, rec, amt, final, done))
        s.prevent_next = shields
        lifelink: dict = {}
        dealt = []
        for source, card, controller, rec, _amt, final, done in plans:
            src_kws = self.keywords(source) if source in s.objects else card.keywords
            for mod, before, after in done:
                if before is None:
                    self._emit(EventKind.DAMAGE_UNPREVENTABLE, "615.12", source=source, card=card.id, to=rec, by=mod.card)
                elif mod.kind == "double_damage":
                    self._emit(EventKind.REPLACED, "614.1a", effect="double_damage", source=source, card=card.id, to=rec,
                               by=mod.card, before=before, after=after)
                else:
                    rule = {"protection": "702.16e", "shield": "615.7"}.get(mod.kind, ("615.1", "615.6") if mod.key == ("combat",)
                                                                             else "615.1")
                    self._emit(EventKind.DAMAGE_PREVENTED, rule, source=source, card=card.id, to=rec, amount=before - after)
            if final <= 0:
                continue
            if rec < 0:
                player = -1 - rec
                s.players[player].life -= final
                self._emit(EventKind.DAMAGE, ("510.2", "120.3a") if combat else "120.3a", source=source, card=card.id, to=rec,
                           amount=final, combat=combat, life=s.players[player].life)
            else:
                o = s.objects[rec]
                if "planeswalker" in o.card.types:  # 120.3c: it loses that many loyalty counters
                    left = self._loyalty_damage(o, final)
                    self._emit(EventKind.DAMAGE, ("510.2", "120.3c") if combat else "120.3c", source=source, card=card.id,
                               to=rec, amount=final, combat=combat, target_card=o.card.id, loyalty=left)
                if "creature" in o.card.types or "planeswalker" not in o.card.types:
                    o.damage += final
                    if "deathtouch" in src_kws:
                        o.deathtouched = True
                    self._emit(EventKind.DAMAGE, ("510.2", "120.3e") if combat else "120.3e", source=source, card=card.id,
                               to=rec, amount=final, combat=combat, target_card=o.card.id)
            if "lifelink" in src_kws:
                lifelink[(source, controller)] = lifelink.get((source, controller), 0) + final
            dealt.append((source, rec, final))
        for (_source, controller), total in lifelink.items():
            self._gain_life(controller, total, "702.15b")
        for source, rec, final in dealt:
            if rec < 0:
                self._fire("lose_life", None, player=-1 - rec, amount=final)
            src = s.objects.get(source) if source is not None else None
            if src is not None:
                self._fire("deals_damage", src, to=rec, amount=final, combat=combat,
                           player=-1 - rec if rec < 0 else None)

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
