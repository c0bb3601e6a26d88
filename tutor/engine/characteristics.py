"""Characteristics of objects now: power and toughness, keywords, colours, filters.

Rules: 613 (continuous effects in layers: `tutor.engine.layers` applies layers 1-6 to every permanent and
collects layer 7, read here, 613.4), 105.2 (colours), 702 (keyword abilities; 702.16 protection). The keywords themselves are the registry of
`tutor.engine.keywords` (`KEYWORDS`, `WALKS` re-exported here for the card loader).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.keywords import KEYWORDS, PROTECTION_TYPES, WALKS
from tutor.engine.layers import Layers
from tutor.engine.mana import COLOR_NAMES

if TYPE_CHECKING:
    from tutor.engine.state import Obj

__all__ = ["COLOR_OF_NAME", "KEYWORDS", "WALKS", "Characteristics"]

COLOR_OF_NAME = {v: k for k, v in COLOR_NAMES.items()}  # "red" -> "R"


class Characteristics(Layers):
    """Mixin of `Game`: what an object is right now, after continuous effects."""

    def obj(self, oid: int) -> Obj:
        """The object with id `oid` (in any zone); KeyError if there is none."""
        return self.state.objects[oid]

    def keywords(self, oid: int) -> frozenset:
        """702: the object's keyword abilities now (printed, or as the layers made them: 613.1f)."""
        self._layers_now()
        return self.state.objects[oid].card.keywords

    def power_toughness(self, oid: int) -> tuple[int, int]:
        """613.4 (layer 7): a characteristic-defining ability (7a) or the printed values, then the effects that
        set them (7b), counters and modifications (7c), switching (7d)."""
        self._layers_now()
        o = self.state.objects[oid]
        card = o.card
        if card.cda:
            p, t = self._cda(o)
        else:
            p, t = card.power or 0, card.toughness or 0
        if o.zone != "battlefield":
            return p, t
        mods = self._l7.get(oid)
        if mods:
            return self._pt_layers(o, p, t, mods, None)
        c = o.counters
        if c:
            n = c.get("+1/+1", 0) - c.get("-1/-1", 0)
            return p + n, t + n
        return p, t

    def colors(self, oid: int) -> frozenset:
        """105.2: the object's colours (colour letters): from its mana cost or its definition, then layer 5."""
        self._layers_now()
        return self.state.objects[oid].card.colors

    def is_creature(self, oid: int) -> bool:
        """Whether `oid` is a creature on the battlefield."""
        o = self.state.objects.get(oid)
        return o is not None and o.zone == "battlefield" and "creature" in o.card.types

    def _matches(self, o: Obj, flt: dict, controller: int, source: int | None, ch=None) -> bool:
        """Whether object `o` fits a filter (of a target, an "all" effect, a static ability), seen from
        `controller` (and `source` for "other"); `ch`: its characteristics while the layers are applied."""
        if flt.get("other") and o.id == source:
            return False
        card = ch if ch is not None else o.card
        if "types" in flt and not set(flt["types"]) & card.types:
            return False
        if "subtypes" in flt and not set(flt["subtypes"]) <= card.subtypes:
            return False
        if "supertypes" in flt and not set(flt["supertypes"]) <= card.supertypes:
            return False
        if "not_supertypes" in flt and set(flt["not_supertypes"]) & card.supertypes:
            return False
        if "color" in flt and COLOR_OF_NAME[flt["color"]] not in card.colors:
            return False
        if "not_color" in flt and COLOR_OF_NAME[flt["not_color"]] in card.colors:
            return False
        if "tapped" in flt and o.tapped != flt["tapped"]:
            return False
        if flt.get("attacking_or_blocking") and o.id not in self.state.attackers and o.id not in self.state.blocks:
            return False
        if "attacking" in flt and (o.id in self.state.attackers) != flt["attacking"]:
            return False
        if "controller" in flt:
            ctl = ch.controller if ch is not None else o.controller
            if (ctl == controller) != (flt["controller"] == "you"):
                return False
        if "not_types" in flt and set(flt["not_types"]) & card.types:  # part 2: "noncreature"
            return False
        return not ("mana_value_max" in flt and o.card.cost.mana_value() > flt["mana_value_max"])

    def _protection_in_play(self) -> bool:
        """Whether any permanent has a protection keyword now (found as the layers are applied)."""
        self._layers_now()
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
