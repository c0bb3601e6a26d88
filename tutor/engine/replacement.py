"""Replacement and prevention effects (614-616), and the rule effects that stop them ("damage can't be
prevented", "players can't gain life").

They come from static abilities of permanents (``kind: replacement`` with ``replace:`` one of `REPLACEMENTS`;
``kind: static`` with ``prohibit:`` one of `PROHIBITIONS`) and from resolved spells and abilities ("prevent the
next 3 damage", "prevent all combat damage this turn", "if that creature would die this turn, exile it instead",
"damage can't be prevented this turn", a regeneration shield), which last until they are used up or the turn
ends (615.3, 514.2).

Each kind of event has one place where its replacement effects apply: damage (`Replacements._plan_damage`,
615 and 616.1: when two or more would change the damage differently, the affected player, or the affected
permanent's controller, chooses the one to apply first, and each applies once, 614.5), moving to a graveyard
(`_graveyard_destination`: exile instead), entering the battlefield (`_entering`: tapped, with counters,
614.1c-d, 614.12), gaining life (`_life_to_gain`: twice that much, 119.10; none while a player can't, 119.7),
drawing from an empty library (`_wins_instead_of_drawing`), and the beginning of a step (`_skips`: "skip",
614.1b, 614.10).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, NamedTuple

from tutor.engine.choices import Choice, ChoiceKind, ChoiceOption
from tutor.engine.events import EventKind

if TYPE_CHECKING:
    from tutor.engine.cards import Ability, CardDef
    from tutor.engine.state import Obj

__all__ = ["PROHIBITIONS", "REPLACEMENTS", "Mod", "Replacements", "replacement_error"]


class Kind(NamedTuple):
    """A kind of replacement effect of a static ability: the event it modifies, its rule, its parameters."""

    event: str
    rule: str
    params: frozenset


REPLACEMENTS: dict[str, Kind] = {
    "double_damage": Kind("damage", "614.1a", frozenset({"source"})),  # a source [that fits] deals double instead
    "exile_instead": Kind("graveyard", "614.1a", frozenset({"dies", "what", "owner"})),  # exile it instead
    "enters_tapped": Kind("enters", "614.1d", frozenset({"what"})),  # [this permanent | objects] enter tapped
    "enters_with_counters": Kind("enters", "614.1c", frozenset({"counters"})),  # this permanent enters with counters
    "skip_step": Kind("step", "614.1b", frozenset({"step", "who"})),  # skip your [step]
    "double_life": Kind("gain_life", "614.1a", frozenset({"who"})),  # if you would gain life, twice that much
    "win_on_empty_draw": Kind("draw", "614.1a", frozenset({"who"})),  # draw from an empty library: win instead
}
"""The replacement effects a static ability can have (``kind: replacement``, ``replace: <kind>``)."""

PROHIBITIONS = {"cant_gain_life": "119.7", "cant_prevent": "615.12"}
PROHIBITIONS["cant_be_countered"] = "101.2"  # part 2: "This spell can't be countered" (113.6g: works on the stack)
"""Rule effects of a static ability (``kind: static``, ``prohibit: <kind>``; ``who:`` for life)."""

SKIPPABLE = ("upkeep", "draw", "precombat_main", "beginning_of_combat", "end")


def replacement_error(kind: str, params: dict) -> tuple[str, str] | None:
    """What is wrong with a replacement ability's parameters, as (key, message), or None."""
    from tutor.engine.targets import filter_error

    if kind not in REPLACEMENTS:
        return "replace", f"unknown replacement {kind!r} (one of {', '.join(REPLACEMENTS)})"
    spec = REPLACEMENTS[kind]
    for k, v in params.items():
        if k not in spec.params:
            return k, f"unknown key {k!r} for {kind}"
        if k in ("source", "what"):
            err = filter_error(v)
            if err:
                return f"{k}.{err[0]}" if err[0] else k, err[1]
        elif k in ("who", "owner") and v not in ("you", "opponent", "each"):
            return k, "expected you, opponent or each"
        elif k == "dies" and not isinstance(v, bool):
            return k, "expected true or false"
        elif k == "step" and v not in SKIPPABLE:
            return k, f"expected one of {', '.join(SKIPPABLE)}"
        elif k == "counters" and not (isinstance(v, dict) and v and all(
                c in ("+1/+1", "-1/-1") and isinstance(n, int) and n > 0 for c, n in v.items())):
            return k, 'expected {"+1/+1": N}'
    if kind == "skip_step" and "step" not in params:
        return "step", "required key missing"
    if kind == "enters_with_counters" and "counters" not in params:
        return "counters", "required key missing"
    return None


class Mod(NamedTuple):
    """One replacement or prevention effect that would modify a damage event: `key` identifies it (each
    applies once, 614.5), `kind` (prevent, protection, double_damage, shield), how much it prevents (None:
    all), the card it comes from and its rule."""

    key: tuple
    kind: str
    amount: int | None
    card: str
    rule: str
    source: int | None = None


def _who(who: str, player: int, me: int) -> bool:
    return who == "each" or (who == "you") == (player == me)


class Replacements:
    """Mixin of `Game`: the replacement and prevention effects that apply to an event, applied in order."""

    def _static_kind(self, field: str, kind: str) -> list:
        """The permanents' static replacement abilities (or prohibitions) of one kind, as (source, ability);
        cached until the battlefield changes."""
        s = self.state
        key = s.bf_changes
        if self._repl_clock != key or self._repl_state is not s:
            by: dict = {}
            for oid in s.battlefield:
                o = s.objects[oid]
                for ab in o.card.abilities:
                    if ab.kind == "replacement":
                        by.setdefault(("replace", ab.replace), []).append((o, ab))
                    elif ab.kind == "static" and ab.prohibit:
                        by.setdefault(("prohibit", ab.prohibit), []).append((o, ab))
            self._repl_by, self._repl_clock, self._repl_state = by, key, s
        return self._repl_by.get((field, kind), ())

    # ---- rule effects ------------------------------------------------------------------------------
    def _damage_cant_be_prevented(self) -> bool:
        """615.12: "damage can't be prevented" (a static ability, or this turn)."""
        return bool(self._static_kind("prohibit", "cant_prevent")) or any(e[0] == "cant_prevent" for e in self.state.effects)

    def _cant_gain_life(self, player: int) -> tuple | None:
        """119.7: whether `player` can't gain life now: the card that says so, or None."""
        for src, ab in self._static_kind("prohibit", "cant_gain_life"):
            if _who(dict(ab.params).get("who", "each"), player, src.controller):
                return (src.card.id,)
        for e in self.state.effects:
            if e[0] == "cant_gain_life" and e[1] == player:
                return (e[2],)
        return None

    # ---- damage (615, 616) ---------------------------------------------------------------------------
    def _damage_mods(self, source: int | None, card: CardDef, controller: int, rec: int, combat: bool,
                     shields: dict) -> list[Mod]:
        """The replacement and prevention effects that would apply to damage from `source` to `rec` now."""
        s = self.state
        mods: list[Mod] = []
        if combat and s.prevent_combat:
            mods.append(Mod(("combat",), "prevent", None, s.prevent_combat, "615.1"))
        if rec > 0 and self._protected_from(rec, card.colors, card.types):  # 702.16e, 702.16j
            mods.append(Mod(("protection",), "protection", None, "", "702.16e"))
        for e in s.effects:
            if e[0] == "prevent_all_to" and e[1] == rec or e[0] == "prevent_all_from" and e[1] == source:
                mods.append(Mod(("effect", e), "prevent", None, e[2], "615.1"))
        if shields.get(rec, 0):
            mods.append(Mod(("shield", rec), "shield", shields[rec], s.shield_cards.get(rec, ""), "615.7"))
        src_obj = s.objects.get(source) if source is not None else None
        for st, ab in self._static_kind("replace", "double_damage"):
            flt = dict(dict(ab.params).get("source", (("controller", "you"),)))
            if src_obj is not None and src_obj.zone == "battlefield":
                fits = self._matches(src_obj, flt, st.controller, st.id)
            else:  # a spell or an ability's source that has left: its controller, its card
                fits = (flt.get("controller") != "you" or controller == st.controller) and (
                    flt.get("controller") != "opponent" or controller != st.controller) and (
                    "types" not in flt or bool(set(flt["types"]) & card.types))
            if fits:
                mods.append(Mod(("double", st.id), "double_damage", None, st.card.id, "614.1a", st.id))
        return mods

    def _plan_damage(self, source: int | None, card: CardDef, controller: int, rec: int, amount: int, combat: bool,
                     shields: dict) -> tuple[int, list]:
        """615 / 616.1: the damage that will be dealt to `rec` after its replacement and prevention effects, and
        what they did, as (final amount, [(mod, before, after), ...]). When two or more apply and their order
        changes the result, the affected player (or the affected permanent's controller) chooses the one to
        apply first (616.1e), then again among the rest (616.1f). `shields` (prevent the next N) are used up."""
        mods = self._damage_mods(source, card, controller, rec, combat, shields)
        if not mods:
            return amount, []
        unpreventable = self._damage_cant_be_prevented()
        if unpreventable:
            # 615.12: prevention effects still apply but prevent nothing; shields are not reduced.
            stopped = [m for m in mods if m.kind in ("prevent", "protection", "shield")]
            mods = [m for m in mods if m not in stopped]
        else:
            stopped = []
        done: list = []
        left = list(mods)
        while left and amount > 0:
            if len(left) > 1 and len({_apply_all(order, amount, shields) for order in itertools.permutations(left)}) > 1:
                chooser = -1 - rec if rec < 0 else self.state.objects[rec].controller
                pick = self._ask(Choice(ChoiceKind.REPLACEMENT, chooser, tuple(
                    ChoiceOption(n, object=m.source, card=m.card, what=m.kind) for n, m in enumerate(left)),
                    card=card.id, source=source, about=rec, amount=amount))
                mod = left[pick[0]]
            else:
                mod = left[0]
            left.remove(mod)
            after = _apply(mod, amount, shields)
            done.append((mod, amount, after))
            amount = after
        for m in stopped:
            done.append((m, None, None))
        return amount, done

    # ---- zones, entering, life, drawing, steps ---------------------------------------------------------
    def _graveyard_destination(self, o: Obj) -> tuple[str, str]:
        """614.1a: where a card or permanent that would be put into a graveyard goes instead: ("exile", card of
        the effect) or ("graveyard", "")."""
        dies = o.zone == "battlefield" and "creature" in o.card.types
        if dies and any(e[0] == "exile_if_dies" and e[1] == o.id for e in self.state.effects):
            return "exile", next(e[2] for e in self.state.effects if e[0] == "exile_if_dies" and e[1] == o.id)
        for src, ab in self._static_kind("replace", "exile_instead"):
            p = dict(ab.params)
            if p.get("dies") and not dies:
                continue
            if o.card.token and not p.get("dies"):
                continue  # "if a card would be put into a graveyard": a token is not a card (111.6)
            if not _who(p.get("owner", "each"), o.owner, src.controller):
                continue
            if "what" in p and not self._matches(o, dict(p["what"]), src.controller, src.id):
                continue
            return "exile", src.card.id
        return "graveyard", ""

    def _entering(self, o: Obj) -> None:
        """614.1c-d / 614.12: a permanent enters tapped, or with counters, as its replacement effects say (those
        of the permanent itself and of other permanents)."""
        if o.card.loyalty is not None:
            self._loyalty_enters(o)  # 306.5b
        own = [ab for ab in o.card.abilities if ab.kind == "replacement" and ab.replace in ("enters_tapped", "enters_with_counters")
               and "what" not in dict(ab.params)]
        others = [(src, ab) for src, ab in self._static_kind("replace", "enters_tapped")
                  if src.id != o.id and "what" in dict(ab.params)
                  and self._matches(o, dict(dict(ab.params)["what"]), src.controller, src.id)]
        for ab in own:
            self._enter_modified(o, ab, o.card.id)
        for src, ab in others:
            self._enter_modified(o, ab, src.card.id)

    def _enter_modified(self, o: Obj, ab: Ability, card: str) -> None:
        if ab.replace == "enters_tapped":
            o.tapped = True
            self._emit(EventKind.REPLACED, "614.1d", effect="enters_tapped", object=o.id, card=o.card.id, by=card)
        else:
            for kind, n in dict(ab.params)["counters"]:
                o.counters[kind] = o.counters.get(kind, 0) + n
                self._emit(EventKind.REPLACED, "614.1c", effect="enters_with_counters", object=o.id, card=o.card.id,
                           by=card, kind=kind, count=n)

    def _life_to_gain(self, player: int, n: int) -> int:
        """119.10 / 614.1a: "if you would gain life, you gain twice that much life instead", once each (614.5)."""
        for src, ab in self._static_kind("replace", "double_life"):
            if _who(dict(ab.params).get("who", "you"), player, src.controller):
                self._emit(EventKind.REPLACED, ("614.1a", "119.10"), effect="double_life", player=player, by=src.card.id,
                           before=n, after=2 * n)
                n *= 2
        return n

    def _wins_instead_of_drawing(self, player: int) -> str | None:
        """614.1a: "if you would draw a card while your library has no cards in it, you win the game instead":
        the card that says so, or None."""
        for src, ab in self._static_kind("replace", "win_on_empty_draw"):
            if _who(dict(ab.params).get("who", "you"), player, src.controller):
                return src.card.id
        return None

    def _skips(self, step_key: str, player: int) -> str | None:
        """614.1b / 614.10: whether `player` skips this step (the card that says so), or None."""
        for src, ab in self._static_kind("replace", "skip_step"):
            p = dict(ab.params)
            if p["step"] == step_key and _who(p.get("who", "you"), player, src.controller):
                return src.card.id
        return None


def _apply(mod: Mod, amount: int, shields: dict) -> int:
    """One effect applied to `amount` damage (a shield is used up by what it prevents, 615.7)."""
    if mod.kind == "double_damage":
        return amount * 2
    if mod.kind == "shield":
        rec = mod.key[1]
        stop = min(shields.get(rec, 0), amount)
        shields[rec] = shields.get(rec, 0) - stop
        return amount - stop
    return 0  # prevent all, protection


def _apply_all(order: tuple, amount: int, shields: dict) -> tuple:
    """The result of applying effects in this order: (damage, shields left), on copies."""
    trial = dict(shields)
    for mod in order:
        amount = _apply(mod, amount, trial)
    return amount, tuple(sorted(trial.items()))
