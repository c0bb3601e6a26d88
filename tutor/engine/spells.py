"""Spells with modes and costs: modal spells, X, kicker, alternative costs, cost increases and reductions.

Rules: 601.2b (modes, kicker, an alternative cost and X are announced as the spell is cast), 700.2 (modal spells:
700.2a a mode whose targets can't be chosen can't be chosen, 700.2c targets only for the chosen modes, 700.2d not
the same mode twice), 107.3a / 202.3e (X: chosen on casting; on the stack the mana value counts it, elsewhere X is
0), 702.33 (kicker: 702.33a an optional additional cost, 702.33d "kicked"), 118.9 (alternative costs: 118.9a only
one, 118.9c the mana value is unchanged, 118.9d increases and reductions apply to it), 601.2f (the total cost: the
mana cost or the alternative cost, plus additional costs and increases, minus reductions; 118.7a a reduction of
generic mana can't reduce coloured mana).

The card vocabulary (lessons/CARDS.md): a spell part with ``modes:`` (each ``{targets, effects}``) and
``choose: 1 | 2 | [1, 2]``; ``kicker: "{4}"`` with the spell's effects when kicked (``spell.kicked``, instead of
``spell.effects``) or a triggered ability ``if: {kicked: true}``; ``alternative_cost: {life: 4, if: {...}}``;
``cost_reduction: {for_each: filter}`` ("costs {1} less for each ... on the battlefield"); an ability
``{kind: cost, more: 1, who: each|opponents, spells: {types: [...], not_types: [...]}}`` ("spells ... cost {1}
more to cast").
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

from tutor.engine.errors import IllegalAction, Refusal
from tutor.engine.events import EventKind
from tutor.engine.mana import ManaCost

if TYPE_CHECKING:
    from tutor.engine.cards import CardDef
    from tutor.engine.state import Obj, StackItem

__all__ = ["Spells"]


# ==== the engine ==========================================================================================
def _offset(v: object, off: int) -> object:
    """Frozen effect parameters with every target index moved by `off` (a mode's targets after earlier modes')."""
    if isinstance(v, tuple):
        if len(v) == 2 and v[0] == "target" and isinstance(v[1], int) and not isinstance(v[1], bool):
            return ("target", v[1] + off)
        return tuple(_offset(x, off) for x in v)
    return v


class Spells:
    """Mixin of `Game`: the modes, costs and mana value of spells (used by `tutor.engine.casting`)."""

    _costab_key = -1  # the battlefield (its `bf_changes`, in `_costab_state`) the cost abilities were found on
    _costab_state = None

    def _spell_shape(self, card: CardDef, modes: tuple) -> tuple[tuple, tuple]:
        """700.2c: the target specifications and the effects of a spell with the modes chosen (in printed order;
        a mode's target indexes follow the earlier modes' targets)."""
        if not card.spell_modes:
            return ((card.enchant, ()),) if card.enchant else card.spell_targets, card.spell_effects
        specs: list = []
        effects: list = []
        for m in sorted(modes):
            mt, me = card.spell_modes[m]
            effects += [(name, _offset(params, len(specs))) for name, params in me]
            specs += mt
        return tuple(specs), tuple(effects)

    def _check_modes(self, card: CardDef, modes: tuple, player: int) -> None:
        """601.2b / 700.2: how many modes, each once (700.2d), each with targets that can be chosen (700.2a)."""
        if not card.spell_modes:
            if modes:
                raise IllegalAction("601.2b", Refusal.BAD_MODES, "this spell is not modal: no modes to choose")
            return
        least, most = card.spell_choose
        if any(not isinstance(m, int) or not 0 <= m < len(card.spell_modes) for m in modes):
            raise IllegalAction("700.2", Refusal.BAD_MODES, f"this spell has modes 1 to {len(card.spell_modes)}")
        if len(set(modes)) != len(modes):
            raise IllegalAction("700.2d", Refusal.MODE_TWICE, "the same mode can't be chosen twice")
        if not least <= len(modes) <= most:
            raise IllegalAction("700.2", Refusal.BAD_MODES, f"choose {least}" + (f" to {most}" if most != least else "")
                                + " mode(s)")
        for m in modes:
            if not all(self._target_candidates(spec, player, None, card.colors) for spec in card.spell_modes[m][0]):
                raise IllegalAction("700.2a", Refusal.MODE_NO_TARGETS,
                                    f"mode {m + 1} can't be chosen: its targets can't be chosen")

    def _check_alternative(self, card: CardDef, a, player: int) -> None:
        """702.33a / 118.9: kicking a spell with kicker; paying an alternative cost the spell has, if its condition
        holds, with the life to pay (119.4)."""
        if a.kicked and card.kicker is None:
            raise IllegalAction("702.33a", Refusal.NO_KICKER, "this spell has no kicker cost")
        if a.alternative:
            alt = card.alternative_cost
            if not alt:
                raise IllegalAction("118.9", Refusal.NO_ALTERNATIVE_COST, "this spell has no alternative cost")
            if alt.get("if") and not self._condition_holds(alt["if"], self.state.objects[a.card], player):
                raise IllegalAction("118.9", Refusal.NO_ALTERNATIVE_COST, "the condition of the alternative cost is false")
            if alt.get("life") and self.state.players[player].life < alt["life"]:
                raise IllegalAction("119.4", Refusal.CANT_PAY_LIFE, "you can't pay more life than you have")

    def _cost_abilities(self) -> list:
        """The permanents' abilities that change spells' costs, as (source, ability); cached per battlefield."""
        s = self.state
        if self._costab_key != s.bf_changes or self._costab_state is not s:
            self._costab_key, self._costab_state = s.bf_changes, s
            self._costab = [(s.objects[oid], ab) for oid in s.battlefield for ab in s.objects[oid].card.abilities
                            if ab.kind == "cost"]
        return self._costab

    def _spell_cost(self, card: CardDef, player: int, x: int, kicked: bool, alternative: bool,
                    ) -> tuple[ManaCost, list]:
        """601.2f: the total mana cost: the mana cost (X as chosen) or the alternative cost, plus the kicker cost
        and the cost increases, minus the reductions (generic mana only, 118.7a); with the changes, as
        (card id, +n / -n), for the log."""
        if not (kicked or alternative or card.cost.x) and card.cost_reduction is None and not self._cost_abilities():
            return card.cost, []  # the mana cost as printed (the common case: nothing to add or take away)
        base = card.alternative_cost.get("mana") if alternative else card.cost
        generic = base.generic + base.x * x
        colored = dict(base.colored)
        if kicked and card.kicker is not None:
            generic += card.kicker.generic + card.kicker.x * x
            for c, n in card.kicker.colored.items():
                colored[c] = colored.get(c, 0) + n
        changes = []
        for src, ab in self._cost_abilities():
            p = dict(ab.params)
            if p["who"] == "opponents" and src.controller == player:
                continue
            if p.get("types") and not set(p["types"]) & card.types:
                continue
            if p.get("not_types") and set(p["not_types"]) & card.types:
                continue
            generic += p["more"]
            changes.append((src.card.id, p["more"]))
        if card.cost_reduction is not None:
            flt = dict(card.cost_reduction)
            flt = {k: list(v) if isinstance(v, tuple) else v for k, v in flt.items()}
            s = self.state
            n = sum(1 for oid in s.battlefield if self._matches(s.objects[oid], flt, player, None))
            cut = min(n, generic)  # 118.7a: only generic mana
            if n:
                generic -= cut
                changes.append((card.id, -cut))
        return ManaCost(generic, colored), changes

    def _announce_spell(self, player: int, new: int, card: CardDef, a, changes: list) -> None:
        """The events of what was announced and paid as the spell was cast (601.2b, 601.2f)."""
        if a.modes:
            self._emit(EventKind.MODES_CHOSEN, ("700.2a", "601.2b"), player=player, object=new, card=card.id,
                       modes=[m + 1 for m in sorted(a.modes)])
        if a.kicked:
            self._emit(EventKind.KICKED, ("702.33d", "601.2b"), player=player, object=new, card=card.id,
                       cost=str(card.kicker))
        if a.alternative:
            alt = card.alternative_cost
            self._emit(EventKind.ALTERNATIVE_COST, ("118.9", "601.2b"), player=player, object=new, card=card.id,
                       life=alt.get("life", 0), cost=str(alt["mana"]) if alt["mana"].mana_value() else "")
        for by, n in changes:
            self._emit(EventKind.COST_CHANGED, ("601.2f", "118.7a") if n < 0 else "601.2f", player=player,
                       object=new, card=card.id, by=by, amount=abs(n), more=n > 0)

    def spell_mana_value(self, item: StackItem) -> int:
        """202.3e / 118.9c: the mana value of a spell on the stack: its mana cost with X as chosen (an alternative
        cost or a kicker doesn't change it)."""
        return item.card.cost.mana_value(item.x)

    def mana_value(self, oid: int) -> int:
        """202.3 / 202.3e: the mana value of an object: X counts only on the stack (as chosen), elsewhere it is 0."""
        s = self.state
        for it in s.stack:
            if it.id == oid and it.kind == "spell":
                return self.spell_mana_value(it)
        return s.objects[oid].card.cost.mana_value()

    def _gen_spell_variants(self, o: Obj, player: int) -> Iterator:
        """The casts of a spell with modes, kicker or an alternative cost: each legal set of modes (one cast per
        set, its targets bounded as usual), kicked or not, paid with its alternative cost or not (bounded: 48)."""
        from tutor.engine.actions import CastSpell

        card = o.card
        oid = o.id
        if card.spell_modes:
            least, most = card.spell_choose
            usable = [m for m, (mt, _e) in enumerate(card.spell_modes)
                      if all(self._target_candidates(spec, player, None, card.colors) for spec in mt)]
            mode_sets = [c for n in range(least, most + 1) for c in itertools.combinations(usable, n)]
        else:
            mode_sets = [()]
        count = 0
        for modes in mode_sets:
            specs, _effects = self._spell_shape(card, modes)
            for kicked in (False, True) if card.kicker is not None else (False,):
                for alt in (False, True) if card.alternative_cost else (False,):
                    for action in self._gen_targeted(
                            lambda t, x, sac, m=modes, k=kicked, al=alt: CastSpell(oid, t, x, sac, None, m, k, al),
                            specs, player, None, card.colors, card.cost.x if not alt else 0,
                            card.additional_cost.get("sacrifice")):
                        yield action
                        count += 1
                        if count >= 48:
                            return
