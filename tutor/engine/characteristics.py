"""Characteristics of objects now: power and toughness, keywords, colours, static abilities, filters.

Rules: 613 (interaction of continuous effects; layer 7, 613.4: counters, pump effects and static
modifications of power/toughness), 604 (static abilities), 611.2 ("until end of turn" effects),
105.2 (colours), 702 (keyword abilities; 702.16 protection). The keywords themselves are the registry of
`tutor.engine.keywords` (`KEYWORDS`, `WALKS` re-exported here for the card loader).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.keywords import KEYWORDS, PROTECTION_TYPES, WALKS
from tutor.engine.mana import COLOR_NAMES

if TYPE_CHECKING:
    from tutor.engine.state import Obj

__all__ = ["COLOR_OF_NAME", "KEYWORDS", "WALKS", "Characteristics"]

COLOR_OF_NAME = {v: k for k, v in COLOR_NAMES.items()}  # "red" -> "R"


class Characteristics:
    """Mixin of `Game`: what an object is right now, after continuous effects."""

    def obj(self, oid: int) -> Obj:
        """The object with id `oid` (in any zone); KeyError if there is none."""
        return self.state.objects[oid]

    def _statics(self) -> list:
        """604.1: the static abilities on the battlefield, as (source, ability); cached until the battlefield changes."""
        s = self.state
        if self._static_key != s.bf_changes or self._static_state is not s:
            self._static_list = [(s.objects[sid], ab) for sid in s.battlefield
                                 for ab in s.objects[sid].card.abilities if ab.kind == "static"]
            self._static_toughness = any(ab.pump[1] for _, ab in self._static_list)
            self._static_key, self._static_state = s.bf_changes, s
        return self._static_list

    def _statics_change_toughness(self) -> bool:
        """Whether a static ability on the battlefield modifies toughness (cached like `_statics`)."""
        self._statics()
        return self._static_toughness

    def _static_applies(self, src: Obj, ab, obj: Obj) -> bool:
        """Whether a static ability of `src` affects `obj` (an Aura's affects what it enchants, 303.4m; an
        Equipment's the equipped creature, 301.5a / 301.5f)."""
        if ab.affects.get("enchanted") or ab.affects.get("equipped"):
            return src.attached_to == obj.id
        return self._matches(obj, ab.affects, src.controller, src.id)

    def keywords(self, oid: int) -> frozenset:
        """702: the object's keyword abilities: printed, granted until end of turn (611.2), or by static abilities."""
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
        """613.4c (layer 7c): printed values, then +1/+1 and -1/-1 counters, pump effects, static modifications."""
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
        """105.2: the object's colours (colour letters), from its mana cost or its definition (tokens)."""
        return self.state.objects[oid].card.colors

    def is_creature(self, oid: int) -> bool:
        """Whether `oid` is a creature on the battlefield."""
        o = self.state.objects.get(oid)
        return o is not None and o.zone == "battlefield" and "creature" in o.card.types

    def _matches(self, o: Obj, flt: dict, controller: int, source: int | None) -> bool:
        """Whether object `o` fits a filter (of a target, an "all" effect, a static ability), seen from
        `controller` (and `source` for "other")."""
        if flt.get("other") and o.id == source:
            return False
        if "types" in flt and not set(flt["types"]) & o.card.types:
            return False
        if "subtypes" in flt and not set(flt["subtypes"]) <= o.card.subtypes:
            return False
        if "color" in flt and COLOR_OF_NAME[flt["color"]] not in self.colors(o.id):
            return False
        if "not_color" in flt and COLOR_OF_NAME[flt["not_color"]] in self.colors(o.id):
            return False
        if "tapped" in flt and o.tapped != flt["tapped"]:
            return False
        if flt.get("attacking_or_blocking") and o.id not in self.state.attackers and o.id not in self.state.blocks:
            return False
        if "attacking" in flt and (o.id in self.state.attackers) != flt["attacking"]:
            return False
        if flt.get("controller") == "you" and o.controller != controller:
            return False
        if flt.get("controller") == "opponent" and o.controller == controller:
            return False
        return True

    def _protection_in_play(self) -> bool:
        """Whether any permanent could have protection now (cached until the battlefield changes or a pump is added)."""
        s = self.state
        key = (s.bf_changes, len(s.eot))
        if self._prot_key != key or self._prot_state is not s:
            self._prot_key, self._prot_state = key, s
            self._prot = any(k.startswith("protection") for oid in s.battlefield for k in s.objects[oid].card.keywords) \
                or any(k.startswith("protection") for e in s.eot for k in e[3]) \
                or any(k.startswith("protection") for _, ab in self._statics() for k in ab.keywords)
        return self._prot

    def _protected_from(self, oid: int, colors: frozenset, types: frozenset = frozenset()) -> bool:
        """702.16: whether `oid` has protection from a quality of a source: a colour among `colors` (its colours),
        a card type among `types` (702.16a: "protection from creatures", "from artifacts"), or everything
        (702.16j)."""
        if not self._protection_in_play():
            return False
        kws = self.keywords(oid)
        if "protection from everything" in kws:
            return True
        if colors and any(f"protection from {COLOR_NAMES[c]}" in kws for c in colors):
            return True
        return bool(types) and any(f"protection from {q}" in kws for q, t in PROTECTION_TYPES.items() if t in types)

    def _protected_from_source(self, oid: int, source: Obj | None) -> bool:
        """702.16: whether `oid` has protection from the object `source` (its colours and card types now)."""
        if source is None or not self._protection_in_play():
            return False
        colors = self.colors(source.id) if source.id in self.state.objects else source.card.colors
        return self._protected_from(oid, colors, source.card.types)
