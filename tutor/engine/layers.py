"""Continuous effects in layers (CR 613): what every permanent is right now.

The engine keeps a permanent's printed card (`Obj.printed`, or `Obj.card` while nothing changes it) and, after
every change to the game, recomputes each permanent's characteristics through the layers and stores the result
in `Obj.card` (and the controller in `Obj.controller`), so that every rule reads the object as it is now (613.5:
"continually and automatically performed by the game").

- Layers 1-6 (613.1a-f) are applied here: copy effects (1), control (2), type (4), colour (5), abilities (6).
  Text-changing effects (3) are not modelled.
- Layer 7 (power and toughness, 613.4) is applied when power and toughness are read (`Characteristics
  .power_toughness`): characteristic-defining abilities (7a) and the counts of "+1/+1 for each" change with the
  game, so the effects that apply to each permanent are collected here and their values computed there.

Effects come from static abilities of permanents (604.1; timestamp: the source's, 613.7a; an Aura or Equipment
gets a new one when attached, 613.7e) and from resolved spells and abilities (`Continuous`, kept in
`State.continuous`; timestamp: when created, 613.7b; the set of objects they affect is locked then, 611.2c).
Within a layer, effects apply in timestamp order (613.7) unless one depends on another (613.8): an effect waits
for the effects whose application would change whether it exists or what it applies to. An effect that started
to apply in one layer goes on applying to the same objects in the later ones even if its ability is removed
(613.6); one whose ability is gone before it starts does not apply.

>>> LAYER_OF["land_type"], LAYER_OF["switch_pt"], LAYER_RULES["7c"]
('4', '7d', '613.4c')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.engine.cards import CardDef
    from tutor.engine.state import Obj

__all__ = ["Applied", "COUNTS", "Continuous", "INTRINSIC", "LAYERS", "LAYER_OF", "LAYER_RULES", "LAND_TYPES", "Mod",
           "Layers", "mods_from", "mods_error"]

LAYERS = ("1", "2", "4", "5", "6", "7a", "7b", "7c", "7d")
LAYER_RULES = {"1": "613.1a", "2": "613.1b", "4": "613.1d", "5": "613.1e", "6": "613.1f", "7a": "613.4a",
               "7b": "613.4b", "7c": "613.4c", "7d": "613.4d"}
# Each operation of the vocabulary, its layer (and the key that declares it in a card or an effect).
LAYER_OF = {"copy": "1", "control": "2", "add_types": "4", "creature_types": "4", "add_subtypes": "4",
            "land_type": "4", "color": "5", "keywords": "6", "lose_keywords": "6", "lose_abilities": "6",
            "cda": "7a", "base_pt": "7b", "pump": "7c", "pump_each": "7c", "counters": "7c", "switch_pt": "7d"}
DECLARED = ("control", "add_types", "creature_types", "add_subtypes", "land_type", "color", "keywords",
            "lose_keywords", "lose_abilities", "base_pt", "pump", "pump_each", "switch_pt")
LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
CARD_TYPE_NAMES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker",
                   "sorcery")
COUNTS = ("permanents", "card_types_in_graveyards", "cards_in_hand", "cards_in_graveyard")
_DYNAMIC_FILTER = frozenset({"tapped", "attacking", "attacking_or_blocking"})


INTRINSIC: dict = {}
"""305.6: the intrinsic mana ability of each basic land type ("{T}: Add {G}"), one shared object each (filled by
`tutor.engine.cards`, which defines `Ability` and imports this module's vocabulary checks)."""


@dataclass(frozen=True, slots=True)
class Mod:
    """One part of a continuous effect: its operation (a key of `LAYER_OF`) and value."""

    op: str
    value: object = None

    @property
    def layer(self) -> str:
        return LAYER_OF[self.op]


@dataclass(frozen=True, slots=True)
class Continuous:
    """A continuous effect of a resolved spell or ability (611.2), kept in `State.continuous`."""

    mods: tuple
    timestamp: int
    affected: tuple  # the objects it affects, locked when it began (611.2c)
    card: str  # the card of its source (for the explanation)
    source: int | None = None  # the source object
    controller: int = 0  # who controls it ("you" in "gain control", 613.1b)
    until: str = "end_of_turn"  # end_of_turn (514.2) | source_leaves (611.2b) | forever (611.2a)
    rule: str = "611.2a"

    @property
    def layers(self) -> frozenset:
        return frozenset(m.layer for m in self.mods)


@dataclass(frozen=True, slots=True)
class Applied:
    """One step of the explanation of a permanent's characteristics: in which layer, what, from which source
    (object id and card; counters and printed values have none), under which rule."""

    layer: str
    op: str
    value: object
    card: str
    source: int | None
    rule: str
    timestamp: int = 0


class _W:
    """A permanent's characteristics while the layers are applied."""

    __slots__ = ("base", "types", "supertypes", "subtypes", "colors", "keywords", "abilities", "power", "toughness",
                 "controller", "changed", "steps")

    def __init__(self, base: CardDef, controller: int) -> None:
        self.base = base
        self.types, self.supertypes, self.subtypes = base.types, base.supertypes, base.subtypes
        self.colors, self.keywords, self.abilities = base.colors, base.keywords, base.abilities
        self.power, self.toughness = base.power, base.toughness
        self.controller = controller
        self.changed = False
        self.steps: list = []

    def copy(self) -> _W:
        w = _W.__new__(_W)
        for k in _W.__slots__:
            setattr(w, k, getattr(self, k))
        w.steps = list(self.steps)
        return w

    def card(self) -> CardDef:
        if not self.changed:
            return self.base
        return replace(self.base, types=self.types, supertypes=self.supertypes, subtypes=self.subtypes,
                       colors=self.colors, keywords=self.keywords, abilities=self.abilities, power=self.power,
                       toughness=self.toughness)


class _Entry:
    """One effect while the layers are applied: from a static ability (`ability` set) or a resolved spell or
    ability (`effect` set)."""

    __slots__ = ("mods", "timestamp", "source", "ability", "effect", "card", "rule", "locked", "started", "controller")

    def __init__(self, mods, timestamp, source, ability, effect, card, rule, locked, controller) -> None:
        self.mods, self.timestamp, self.source, self.ability, self.effect = mods, timestamp, source, ability, effect
        self.card, self.rule, self.locked, self.controller = card, rule, locked, controller
        self.started = locked is not None


# ==== the vocabulary: static abilities and the `becomes` effect declare their parts with these keys =========
def mods_error(d: dict, keywords: frozenset) -> tuple[str, str] | None:
    """What is wrong with the layer keys of a definition (static ability, `becomes` effect), as (key, message)."""
    def names(v: object) -> bool:
        return isinstance(v, list) and bool(v) and all(isinstance(x, str) for x in v)

    def pair(v: object) -> bool:
        return isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)

    for k, v in d.items():
        if k in ("keywords", "lose_keywords"):
            if not names(v):
                return k, "expected a list of keywords"
            bad = [x for x in v if x not in keywords]
            if bad:
                return f"{k}.{v.index(bad[0])}", f"unknown keyword {bad[0]!r}"
        elif k == "add_types" and not (names(v) and all(x in CARD_TYPE_NAMES for x in v)):
            return k, f"expected a list of card types among {', '.join(CARD_TYPE_NAMES)}"
        elif k in ("creature_types", "add_subtypes") and not names(v):
            return k, "expected a list of subtypes"
        elif k == "land_type" and v not in LAND_TYPES:
            return k, f"expected a basic land type: {', '.join(LAND_TYPES)}"
        elif k == "color" and not (names(v) and all(x in COLOR_LETTERS for x in v)) and v != []:
            return k, f"expected a list of colours among {', '.join(COLOR_LETTERS)} ([] for colourless)"
        elif k in ("lose_abilities", "switch_pt") and v is not True:
            return k, "expected true"
        elif k in ("base_pt", "pump") and not pair(v):
            return k, "expected [power, toughness]"
        elif k == "control" and v != "you":
            return k, "expected you"
        elif k == "pump_each":
            if not isinstance(v, dict) or not pair([v.get("power", 0), v.get("toughness", 0)]):
                return k, "expected {power: N, toughness: N, count: ...}"
            err = count_error(v.get("count"))
            if err or set(v) - {"power", "toughness", "count"}:
                return f"{k}.count", err or "pump_each has power, toughness and count"
    return None


def count_error(v: object) -> str | None:
    """What is wrong with a count ("for each", a characteristic-defining ability's number), or None.

    >>> count_error({"permanents": {"types": ["land"], "controller": "you"}}) is None
    True
    """
    from tutor.engine.targets import filter_error

    if not isinstance(v, dict) or len(v) != 1 or next(iter(v)) not in COUNTS:
        return f"a count is one of: {', '.join(COUNTS)} (a mapping with one key)"
    (k, arg), = v.items()
    if k == "permanents":
        err = filter_error(arg or {})
        return f"{err[0]}: {err[1]}" if err else None
    if k in ("cards_in_hand", "cards_in_graveyard") and arg not in ("you", "each"):
        return f"{k}: expected you or each"
    if k == "card_types_in_graveyards" and arg not in ("all", None):
        return f"{k}: expected all"
    return None


def _hashable(v: object) -> object:
    if isinstance(v, dict):
        return tuple(sorted((k, _hashable(x)) for k, x in v.items()))
    if isinstance(v, list):
        return tuple(_hashable(x) for x in v)
    return v


def mods_from(d: dict) -> tuple:
    """The `Mod`s a (validated) definition declares, in layer order."""
    out = []
    for k in DECLARED:
        if k not in d:
            continue
        v = d[k]
        if k in ("keywords", "lose_keywords", "add_types", "creature_types", "add_subtypes"):
            v = frozenset(v)
        elif k == "color":
            v = frozenset(COLOR_LETTERS[c] for c in v)
        elif k in ("base_pt", "pump"):
            v = tuple(v)
        elif k == "pump_each":
            v = (v.get("power", 0), v.get("toughness", 0), _hashable(v["count"]))
        out.append(Mod(k, v))
    if not out:
        return ()
    return tuple(sorted(out, key=lambda m: LAYERS.index(m.layer)))


def cda_error(v: object) -> str | None:
    """A characteristic-defining power/toughness (604.3, 7a): ``{power: {count: ..., plus: N}, toughness: ...}``."""
    if not isinstance(v, dict) or set(v) != {"power", "toughness"}:
        return "expected {power: {count: ..., plus: N}, toughness: {count: ..., plus: N}}"
    for side in ("power", "toughness"):
        part = v[side]
        if not isinstance(part, dict) or set(part) - {"count", "plus"} or "count" not in part:
            return f"{side}: expected {{count: ..., plus: N}}"
        if not isinstance(part.get("plus", 0), int):
            return f"{side}.plus: expected a whole number"
        err = count_error(part["count"])
        if err:
            return f"{side}.count: {err}"
    return None


# ==== the mixin ===============================================================================================
class Layers:
    """Mixin of `Game`: applying the continuous effects (613) to every permanent."""

    def _layers_now(self) -> None:
        """Recompute the layers if anything they read changed since the last time (613.5)."""
        s = self.state
        if (self._lk_state is not s or self._lk_bf != s.bf_changes or self._lk_lc != s.layer_changes
                or (self._lk_dyn and self._lk_ch != self._changes)):
            self._refresh_layers()

    def _layer_entries(self) -> list:
        """Every continuous effect now: static abilities of permanents (604.1) and resolved effects (611.2)."""
        s = self.state
        entries = []
        for sid in s.battlefield:
            o = s.objects[sid]
            base = o.printed or o.card
            if not base.static_mods:
                continue
            for ab in base.abilities:
                if ab.kind == "static" and ab.mods:
                    entries.append(_Entry(ab.mods, o.timestamp, sid, ab, None, base.id, "604.1", None, None))
        for e in s.continuous:
            entries.append(_Entry(e.mods, e.timestamp, e.source, None, e, e.card, e.rule, e.affected, e.controller))
        entries.sort(key=lambda e: e.timestamp)
        return entries

    def _refresh_layers(self) -> None:
        """613.1: apply every continuous effect to every permanent, layer by layer; store the result."""
        s = self.state
        entries = self._layer_entries()
        early = [e for e in entries if any(m.layer < "7" for m in e.mods)]
        late = [e for e in entries if any(m.layer >= "7" for m in e.mods)]
        objs = s.objects
        ws: dict = {}
        if early or self._layered:
            for oid in s.battlefield:
                o = objs[oid]
                ws[oid] = _W(o.printed or o.card, o.controller if o.base_controller < 0 else o.base_controller)
            for layer in ("1", "2", "4", "5", "6"):
                todo = [e for e in early if any(m.layer == layer for m in e.mods)]
                while todo:
                    e = self._next_effect(todo, layer, ws)
                    todo.remove(e)
                    if not self._exists(e, ws):
                        continue
                    affected = self._affected(e, ws)
                    if not e.started:
                        e.locked, e.started = tuple(affected), True
                    for oid in affected:
                        if oid in ws:
                            self._apply(e, layer, ws[oid], ws)
        l7: dict = {}
        for e in late:
            if not self._exists(e, ws):
                continue
            for oid in self._affected(e, ws):
                l7.setdefault(oid, []).extend((m, e) for m in e.mods if m.layer >= "7")
        for lst in l7.values():
            lst.sort(key=lambda me: (me[0].layer, me[1].timestamp))
        layered = set()
        moved = False  # did a permanent's characteristics (layers 1-6) or controller change?
        for oid, w in ws.items():
            o = objs[oid]
            if w.changed or w.controller != (o.controller if o.base_controller < 0 else o.base_controller):
                if o.printed is None:
                    o.printed = o.card
                if o.base_controller < 0:
                    o.base_controller = o.controller
                card = w.card()
                if card != o.card:
                    o.card, moved = card, True
                if o.controller != w.controller:
                    self._control_changes(o, w.controller)
                    moved = True
                layered.add(oid)
            elif o.printed is not None or o.base_controller >= 0:
                o.card = o.printed or o.card
                o.printed = None
                if o.base_controller >= 0 and o.controller != o.base_controller:
                    self._control_changes(o, o.base_controller)
                o.base_controller = -1
                moved = True
        if moved:
            s.bf_changes += 1  # what the battlefield holds changed: the caches of its abilities are stale
        self._layered = layered
        self._why = {oid: w.steps for oid, w in ws.items() if w.steps}
        self._l7 = l7
        kws = {k for oid in s.battlefield for k in objs[oid].card.keywords}
        self._prot = any(k.startswith("protection") for k in kws)
        self._untarg = any(k.startswith(("hexproof", "shroud")) for k in kws)
        self._pt_modified = bool(l7) or any(objs[oid].card.cda for oid in s.battlefield)
        self._lk_state, self._lk_bf, self._lk_lc, self._lk_ch = s, s.bf_changes, s.layer_changes, self._changes
        self._lk_dyn = any(e.ability is not None and _DYNAMIC_FILTER & set(e.ability.affects) for e in entries)

    def _control_changes(self, o: Obj, player: int) -> None:
        """302.6: a permanent that comes under another player's control is new to them ("summoning sick"); it
        leaves combat (506.4)."""
        o.controller = player
        o.fresh = True
        self.state.attackers.pop(o.id, None)
        self.state.blocks.pop(o.id, None)

    # ---- resolved effects: beginning and ending ---------------------------------------------------------
    def _add_continuous(self, mods: tuple, affected: list, card: str, source: int | None, controller: int,
                        until: str = "end_of_turn", rule: str = "611.2a") -> Continuous:
        """611.2: a resolved spell or ability creates a continuous effect on `affected` (locked, 611.2c),
        with a timestamp now (613.7b)."""
        s = self.state
        s.clock += 1
        e = Continuous(tuple(mods), s.clock, tuple(affected), card, source, controller, until, rule)
        s.continuous.append(e)
        s.layer_changes += 1
        return e

    def _copiable(self, oid: int) -> CardDef:
        """707.2: a permanent's copiable values: as printed, with the copy effects applied to it (layer 1)."""
        self._layers_now()
        o = self.state.objects[oid]
        copies = [st.value for st in self._why.get(oid, ()) if st.op == "copy"]
        base = o.printed or o.card
        if copies:
            return next(e.mods[0].value for e in reversed(self.state.continuous) if oid in e.affected
                        and e.mods and e.mods[0].op == "copy")
        return base

    def _effects_leave(self, oid: int) -> None:
        """A permanent left the battlefield (400.7): the effects on it end with it, and so do the effects
        that last "for as long as" it stays (611.2b)."""
        s = self.state
        keep = []
        for e in s.continuous:
            if e.until == "source_leaves" and e.source == oid:
                continue
            if oid in e.affected:
                e = replace(e, affected=tuple(x for x in e.affected if x != oid))
                if not e.affected:
                    continue
            keep.append(e)
        s.continuous = keep
        s.layer_changes += 1

    def _end_effects(self, until: str) -> int:
        """514.2: the effects that last until end of turn end (returns how many)."""
        s = self.state
        before = len(s.continuous)
        s.continuous = [e for e in s.continuous if e.until != until]
        if len(s.continuous) != before:
            s.layer_changes += 1
        return before - len(s.continuous)

    # ---- one layer --------------------------------------------------------------------------------------
    def _exists(self, e: _Entry, ws: dict) -> bool:
        """613.6: an effect of a static ability exists while its source has the ability (unless it started)."""
        if e.ability is None or e.started:
            return True
        w = ws.get(e.source)
        if w is None:
            return True  # nothing in layers 1-6 changed its source
        return any(a is e.ability for a in w.abilities)

    def _affected(self, e: _Entry, ws: dict) -> list:
        """The permanents an effect applies to: its locked set (611.2c, 613.6) or its static ability's filter."""
        s = self.state
        if e.locked is not None:
            return [oid for oid in e.locked if oid in s.objects and s.objects[oid].zone == "battlefield"]
        src = s.objects[e.source]
        aff = e.ability.affects
        if aff.get("enchanted") or aff.get("equipped"):
            return [src.attached_to] if src.attached_to in s.objects else []
        if aff.get("self"):
            return [src.id]
        w = ws.get(src.id)
        you = w.controller if w is not None else src.controller
        return [oid for oid in s.battlefield if self._matches(s.objects[oid], aff, you, src.id, ws.get(oid))]

    def _next_effect(self, todo: list, layer: str, ws: dict) -> _Entry:
        """613.8: the first effect in timestamp order that depends on no other effect still to apply; in a
        dependency loop, timestamp order (613.8b). Re-evaluated after each effect (613.8c)."""
        if len(todo) == 1:
            return todo[0]
        for e in todo:
            if not any(self._depends(e, f, layer, ws) for f in todo if f is not e):
                return e
        return todo[0]

    def _depends(self, e: _Entry, f: _Entry, layer: str, ws: dict) -> bool:
        """613.8a: would applying `f` change whether `e` exists or what it applies to?"""
        before = (self._exists(e, ws), sorted(self._affected(e, ws)) if e.locked is None else ())
        trial = {oid: w.copy() for oid, w in ws.items()}
        if self._exists(f, trial):
            for oid in self._affected(f, trial):
                if oid in trial:
                    self._apply(f, layer, trial[oid], trial)
        after = (self._exists(e, trial), sorted(self._affected(e, trial)) if e.locked is None else ())
        return before != after

    def _apply(self, e: _Entry, layer: str, w: _W, ws: dict) -> None:
        """Apply the parts of effect `e` that belong to `layer` to one permanent."""
        for m in e.mods:
            if m.layer != layer:
                continue
            op, v = m.op, m.value
            rule = LAYER_RULES[layer]
            if op == "copy":
                # 707.2: the copiable values of the original (as they were when the effect began, 707.2b).
                w.base = v
                w.types, w.supertypes, w.subtypes, w.colors = v.types, v.supertypes, v.subtypes, v.colors
                w.keywords, w.abilities, w.power, w.toughness = v.keywords, v.abilities, v.power, v.toughness
                v = v.id
                rule = "707.2"
            elif op == "control":
                w.controller = e.controller if e.effect is not None else (ws[e.source].controller if e.source in ws
                                                                          else self.state.objects[e.source].controller)
            elif op == "add_types":
                w.types = w.types | v
            elif op == "creature_types":
                # 205.1a: a new creature type replaces the old ones (its card types stay)
                w.subtypes = frozenset(x for x in w.subtypes if x in LAND_TYPES or x in ("Aura", "Equipment")) | v
                rule = "205.1a"
            elif op == "add_subtypes":
                w.subtypes = w.subtypes | v
                new = [INTRINSIC[t] for t in sorted(v) if t in LAND_TYPES and INTRINSIC[t] not in w.abilities]
                if new and "land" in w.types:
                    w.abilities = (*new, *w.abilities)  # 305.6: a basic land type's mana ability
                rule = "305.6" if any(t in LAND_TYPES for t in v) else rule
            elif op == "land_type":
                if "land" not in w.types:
                    continue
                # 305.7: it loses its old land types and every ability of its rules text; it has the new type's
                w.subtypes = frozenset(x for x in w.subtypes if x not in LAND_TYPES) | {v}
                w.abilities, w.keywords = (INTRINSIC[v],), frozenset()
                rule = "305.7"
            elif op == "color":
                w.colors = v
            elif op == "keywords":
                w.keywords = w.keywords | v
            elif op == "lose_keywords":
                w.keywords = w.keywords - v
            elif op == "lose_abilities":
                w.keywords, w.abilities = frozenset(), ()
            w.changed = w.changed or op != "control"
            w.steps.append(Applied(layer, m.op, v, e.card, e.source, rule, e.timestamp))

    # ---- layer 7 (read by Characteristics.power_toughness) -----------------------------------------------
    def _count(self, expr: tuple, controller: int, source: int | None) -> int:
        """A count: permanents matching a filter (seen from `controller`), card types among cards in all
        graveyards, cards in a hand or graveyard."""
        (k, arg), = expr if isinstance(expr, tuple) else tuple(expr.items())
        s = self.state
        if k == "permanents":
            flt = dict(arg) if arg else {}
            flt = {a: (list(b) if isinstance(b, tuple) else b) for a, b in flt.items()}
            return sum(1 for oid in s.battlefield if self._matches(s.objects[oid], flt, controller, source))
        if k == "card_types_in_graveyards":
            types = set()
            for p in s.players:
                for oid in p.graveyard:
                    types |= s.objects[oid].card.types
            return len(types)
        zone = "hand" if k == "cards_in_hand" else "graveyard"
        players = [s.players[controller]] if arg == "you" else s.players
        return sum(len(getattr(p, zone)) for p in players)

    def _cda(self, o: Obj) -> tuple[int, int]:
        """604.3 / 613.4a: power and toughness defined by the card's own characteristic-defining ability."""
        cda = dict(o.card.cda)
        p, t = dict(cda["power"]), dict(cda["toughness"])
        return (self._count(p["count"], o.controller, o.id) + p.get("plus", 0),
                self._count(t["count"], o.controller, o.id) + t.get("plus", 0))

    def _pt_layers(self, o: Obj, p: int, t: int, mods: list, steps: list | None) -> tuple[int, int]:
        """613.4b-d: setting effects, then counters and modifications, then switching, each in timestamp order."""
        c = o.counters
        counted = False
        for m, e in mods:
            if m.layer == "7c" and not counted:
                p, t = self._pt_counters(o, p, t, steps)
                counted = True
            if m.layer == "7d" and not counted:
                p, t = self._pt_counters(o, p, t, steps)
                counted = True
            op, v = m.op, m.value
            if op == "base_pt":
                p, t = v
            elif op == "pump":
                p, t = p + v[0], t + v[1]
            elif op == "pump_each":
                you = e.controller if e.effect is not None else self.state.objects[e.source].controller
                n = self._count(v[2], you, e.source)
                p, t = p + v[0] * n, t + v[1] * n
                v = (v[0] * n, v[1] * n, n)
            elif op == "switch_pt":
                p, t = t, p
            if steps is not None:
                steps.append(Applied(m.layer, op, v, e.card, e.source, "613.4d" if op == "switch_pt"
                                     else LAYER_RULES[m.layer], e.timestamp))
        if not counted and c:
            p, t = self._pt_counters(o, p, t, steps)
        return p, t

    def _pt_counters(self, o: Obj, p: int, t: int, steps: list | None) -> tuple[int, int]:
        """613.4c: +1/+1 and -1/-1 counters."""
        c = o.counters
        n = c.get("+1/+1", 0) - c.get("-1/-1", 0) if c else 0
        if n and steps is not None:
            steps.append(Applied("7c", "counters", n, "", None, "613.4c"))
        return p + n, t + n

    def layers_of(self, oid: int) -> list:
        """The explanation of a permanent's characteristics: every effect applied to it, in layer order
        (`Applied`: layer, what, value, source, rule), its power and toughness last (7a-7d)."""
        self._layers_now()
        o = self.state.objects[oid]
        steps = list(self._why.get(oid, ()))
        if o.card.cda:
            steps.append(Applied("7a", "cda", self._cda(o), o.card.id, oid, "604.3"))
        p, t = self._cda(o) if o.card.cda else (o.card.power or 0, o.card.toughness or 0)
        if o.zone == "battlefield":
            self._pt_layers(o, p, t, self._l7.get(oid, []), steps)
        return steps
