"""Targets: legal choices, checks on casting and on resolution, and what an effect refers to.

Rules: 115 (targets: 115.1 choosing them, 115.3 the same object once per "target" word, 115.4 "any
target"), 601.2c / 602.2b (targets are chosen as a spell is cast or an ability activated), 603.3d (a
triggered ability needs legal targets to go on the stack), 608.2b (on resolution, illegal targets are
not affected; with every target illegal the spell or ability doesn't resolve), 702.16b (protection:
can't be targeted by a source of that quality). Also the target and filter vocabulary of card definitions.
"""

from __future__ import annotations

from tutor.engine.actions import player_target
from tutor.engine.errors import IllegalAction, Refusal
from tutor.engine.mana import COLOR_NAMES
from tutor.engine.state import StackItem

__all__ = ["FILTER_KEYS", "TARGET_TYPES", "Targets", "filter_error"]

TARGET_TYPES = ("creature", "player", "opponent", "any", "spell", "permanent", "land", "artifact", "enchantment",
                "planeswalker")
FILTER_KEYS = {"color", "not_color", "tapped", "attacking_or_blocking", "attacking", "controller", "subtypes", "types",
               "other", "supertypes", "not_supertypes"}
# part 2: counterspells: "target ability" (a Stifle's: an activated or triggered ability on the stack, 113.9),
# "noncreature spell", "spell with mana value N or less"
TARGET_TYPES = (*TARGET_TYPES, "ability")
FILTER_KEYS |= {"not_types", "mana_value_max"}


def filter_error(flt: object) -> tuple[str, str] | None:
    """What is wrong with a filter of a card definition, as (key, message), or None.

    >>> filter_error({"color": "purple"})
    ('color', 'expected one of: white, blue, black, red, green')
    """
    if not isinstance(flt, dict):
        return "", "expected a filter mapping"
    for k, v in flt.items():
        if k not in FILTER_KEYS:
            return k, f"unknown key {k!r}"
        if k in ("color", "not_color") and v not in COLOR_NAMES.values():
            return k, f"expected one of: {', '.join(COLOR_NAMES.values())}"
        if k in ("tapped", "attacking_or_blocking", "attacking", "other") and not isinstance(v, bool):
            return k, "expected true or false"
        if k == "controller" and v not in ("you", "opponent"):
            return k, "expected you or opponent"
        if k in ("types", "subtypes", "supertypes", "not_supertypes", "not_types") and not (isinstance(v, list) and v and all(isinstance(x, str) for x in v)):
            return k, "expected a list of names"
        if k == "mana_value_max" and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
            return k, "expected a number, 0 or more"
    return None
COLOR_OF = {v: k for k, v in COLOR_NAMES.items()}
_TYPE_NEEDED = {"any": "creature", "permanent": None}  # 115.4: "any target" is a creature (or a player, a planeswalker)


class Targets:
    """Mixin of `Game`: target candidates and legality, and the objects or players an effect names."""

    def _target_candidates(self, spec: tuple, controller: int, source: int | None, colors: frozenset) -> list[int]:
        """115.1: every legal choice for one target: players as -1/-2, spells and permanents by object id."""
        s = self.state
        kind = spec[0]
        out: list[int] = []
        if kind in ("player", "any"):
            out += [player_target(p) for p in range(len(s.players))]
        if kind == "opponent":  # "target opponent": a player other than the controller (102.2)
            return [player_target(p) for p in range(len(s.players)) if p != controller]
        if kind == "spell":
            return out + [it.id for it in s.stack if it.kind == "spell" and (not spec[1] or self._spell_fits(spec, it, controller))]
        if kind == "ability":
            return [it.id for it in s.stack if it.kind == "ability"]
        if kind != "player":
            need = _TYPE_NEEDED.get(kind, kind)
            objects = s.objects
            walker = kind == "any" and self._planeswalkers_in_play()  # 115.4: a planeswalker too
            out += [oid for oid in s.battlefield if (need is None or need in objects[oid].card.types
                                                     or walker and "planeswalker" in objects[oid].card.types)
                    and self._object_target_ok(spec, oid, controller, source, colors)]
        return out

    def _object_target_ok(self, spec: tuple, oid: int, controller: int, source: int | None, colors: frozenset) -> bool:
        """Whether permanent `oid` fits a target specification (type, filter) and isn't protected (702.16b)."""
        o = self.state.objects.get(oid)
        if o is None or o.zone != "battlefield":
            return False
        need = _TYPE_NEEDED.get(spec[0], spec[0])
        if need and need not in o.card.types and not (spec[0] == "any" and "planeswalker" in o.card.types):
            return False
        if spec[1] and not self._matches(o, dict(spec[1]), controller, source):
            return False
        self._layers_now()  # (the keywords are the layered ones: with them, whether any permanent has these)
        if self._untarg and self._untargetable(oid, controller, colors):
            return False
        return not (self._prot and self._protected_from(oid, colors, self._source_types(source)))

    def _source_types(self, source: int | None) -> frozenset:
        """The card types of an ability's source, for protection from a card type (702.16a-b); none for a spell."""
        o = self.state.objects.get(source) if source is not None else None
        return o.card.types if o is not None else frozenset()

    def _spell_fits(self, spec: tuple, item: StackItem, controller: int) -> bool:
        """Whether a spell on the stack fits a target's filter: its types (a "creature spell"), the types it
        doesn't have ("noncreature"), its mana value at most N (202.3: X counts as chosen on the stack, 202.3e),
        its colour, its controller."""
        flt = dict(spec[1])
        card = item.card
        if "types" in flt and not set(flt["types"]) & card.types:
            return False
        if "not_types" in flt and set(flt["not_types"]) & card.types:
            return False
        if "mana_value_max" in flt and card.cost.mana_value(item.x) > flt["mana_value_max"]:
            return False
        if "color" in flt and COLOR_OF[flt["color"]] not in item.colors:
            return False
        if "not_color" in flt and COLOR_OF[flt["not_color"]] in item.colors:
            return False
        if flt.get("controller") == "you" and item.controller != controller:
            return False
        return not (flt.get("controller") == "opponent" and item.controller == controller)

    def _stack_targets(self, targets) -> dict:
        """For an event that names targets: those on the stack, as what they are and whose they are (a spell or
        an ability of a card: 115.1, 113.9): ``{"target_kinds": ("spell", ""), "target_cards": ("shock", "")}``;
        nothing when no target is on the stack."""
        items = {it.id: it for it in self.state.stack}
        if not any(t in items for t in targets):
            return {}
        return {"target_kinds": tuple(items[t].kind if t in items else "" for t in targets),
                "target_cards": tuple(items[t].card.id if t in items else "" for t in targets)}

    # part 2: hexproof, shroud (702.11, 702.18)
    def _untargetable(self, oid: int, controller: int, colors: frozenset) -> str:
        """702.18a shroud: no spell or ability can target the permanent; 702.11b hexproof: no spell or ability
        an opponent of its controller controls; 702.11d hexproof from a colour: no spell of that colour nor ability
        from a source of that colour an opponent controls. The rule that forbids it, or "" (cached: nothing to do
        while no permanent could have them)."""
        self._layers_now()  # the keywords on the battlefield are the layered ones (613.1f), found with them
        if not self._untarg:
            return ""
        kws = self.keywords(oid)
        if "shroud" in kws:
            return "702.18a"
        if self.state.objects[oid].controller != controller:
            if "hexproof" in kws:
                return "702.11b"
            if any(f"hexproof from {COLOR_NAMES[c]}" in kws for c in colors):
                return "702.11d"
        return ""

    def _target_legal(self, spec: tuple, target: int, controller: int, source: int | None, colors: frozenset) -> bool:
        """Whether `target` (an object id or a player target) is a legal choice for `spec` now."""
        if target < 0:
            if spec[0] == "opponent":
                return -1 - target != controller and -1 - target < len(self.state.players)
            return spec[0] in ("player", "any") and -1 - target < len(self.state.players)
        if spec[0] == "spell":
            return any(it.id == target and it.kind == "spell" and (not spec[1] or self._spell_fits(spec, it, controller))
                       for it in self.state.stack)
        if spec[0] == "ability":
            return any(it.id == target and it.kind == "ability" for it in self.state.stack)
        if spec[0] in ("player", "opponent"):
            return False
        return self._object_target_ok(spec, target, controller, source, colors)

    def _check_targets(self, specs: tuple, targets: tuple, controller: int, source: int | None, colors: frozenset,
                       rule: str) -> None:
        """601.2c / 602.2b: one legal target for each target specification (115.3: distinct)."""
        if len(targets) != len(specs):
            raise IllegalAction(rule, Refusal.TARGET_COUNT, f"choose exactly {len(specs)} target(s)")
        if len(set(targets)) != len(targets):
            raise IllegalAction("115.3", Refusal.SAME_TARGET_TWICE, "the same object can't be chosen twice here")
        for spec, t in zip(specs, targets):
            if not isinstance(t, int) or not self._target_legal(spec, t, controller, source, colors):
                o = self.state.objects.get(t) if isinstance(t, int) and t > 0 else None
                hexproof = self._untargetable(t, controller, colors) if o is not None and o.zone == "battlefield" else ""
                found = "702.16b" if o is not None and self._protected_from(t, colors, self._source_types(source)) else hexproof
                why = {"702.16b": "702.16b", "702.18a": "702.18a", "702.11b": "702.11b", "702.11d": "702.11d"}.get(found, rule)
                raise IllegalAction(why, Refusal.ILLEGAL_TARGET, f"{t} is not a legal target ({spec[0]})")

    def _auto_targets(self, item: StackItem) -> tuple | None:
        """Targets for a triggered ability (603.3d): the first legal choice for each, distinct; None when
        one has no legal choice. (Choosing, e.g. an opponent's creature for a harmful effect, is not modelled.)"""
        chosen = []
        for spec in item.target_specs:
            options = [t for t in self._target_candidates(spec, item.controller, item.source, item.colors)
                       if t not in chosen]
            if not options:
                return None
            chosen.append(options[0])
        return tuple(chosen)

    def _resolve_ref(self, item: StackItem, ref, legal: list) -> list[int]:
        """The objects / player targets an effect parameter names as it resolves, skipping illegal targets
        (608.2b): self, enchanted, you, opponent, each_creature, each_player, each, {target: i}, {all: filter}."""
        s = self.state
        if ref == "self":
            return [item.source] if item.source in s.objects and s.objects[item.source].zone == "battlefield" else []
        if ref == "enchanted":
            src = s.objects.get(item.source)
            return [src.attached_to] if src and src.attached_to in s.objects else []
        if ref == "you":
            return [player_target(item.controller)]
        if ref == "that_player":  # the player of the event a triggered ability triggered on
            p = next((v for k, v in item.facts if k == "player"), None)
            return [] if p is None else [player_target(p)]
        if ref == "linked":  # what the earlier instructions moved ("that card"), where it is now
            r = s.resolving
            return [o for o in (r.linked if r is not None else item.linked) if o in s.objects]
        if ref == "opponent":
            return [player_target(1 - item.controller)]
        if ref == "each_creature":
            return [oid for oid in s.battlefield if "creature" in s.objects[oid].card.types]
        if ref == "each_player":
            return [player_target(p) for p in range(len(s.players))]
        if ref == "each":
            return self._resolve_ref(item, "each_creature", legal) + self._resolve_ref(item, "each_player", legal)
        ref = dict(ref) if isinstance(ref, tuple) else ref
        if isinstance(ref, dict) and "target" in ref:
            i = ref["target"]
            if i < len(legal) and not legal[i]:
                return []
            t = item.targets[i]
            if t >= 0 and t not in s.objects:
                return []
            return [t]
        if isinstance(ref, dict) and "all" in ref:
            flt = dict(ref["all"]) if isinstance(ref["all"], tuple) else {}
            return [oid for oid in s.battlefield if self._matches(s.objects[oid], flt, item.controller, item.source)
                    and ("types" in flt or "creature" in s.objects[oid].card.types)]
        return []
