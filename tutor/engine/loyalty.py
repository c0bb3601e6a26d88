"""Planeswalkers, loyalty and counters of every kind.

Rules: 306 (planeswalkers: 306.5a printed loyalty, 306.5b they enter with that many loyalty counters, a
replacement effect (614.1c), 306.5c loyalty is the number of loyalty counters, 306.6 they can be attacked, 306.8
damage removes loyalty counters, 306.9 with 0 loyalty one goes to its owner's graveyard), 606 (loyalty abilities:
606.3 only at sorcery speed and once each turn for each permanent, 606.4 the cost is putting on or removing loyalty
counters, 606.6 a negative cost needs that many counters), 107.7 (the loyalty symbols), 122 (counters: 122.1 kinds,
122.2 they don't follow an object to another zone, 122.3 +1/+1 and -1/-1 annihilate), 118.3 (a cost needs the
resources to pay it: "remove a counter" needs the counter), 120.3c (damage to a planeswalker removes loyalty
counters), 506.2 / 506.3 / 508.1b (the defending player's planeswalkers can be attacked: the attacking player says
which player or planeswalker each attacker attacks), 506.4c / 510.1b (an attacker whose planeswalker has left
combat deals no combat damage), 704.5i (the state-based action).

The engine keeps counters on `Obj.counters` (kind -> number), loyalty included; `State.loyalty_used` holds the
permanents whose loyalty ability was activated this turn, `State.attack_targets` the planeswalker each attacker
attacks (an attacker not there attacks the defending player, `State.attackers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.errors import CardDefinitionError, IllegalAction, Refusal
from tutor.engine.events import EventKind

if TYPE_CHECKING:
    from tutor.engine.state import Obj

__all__ = ["COUNTER_KINDS", "Planeswalkers", "counter_costs", "printed_loyalty"]

COUNTER_KINDS = ("+1/+1", "-1/-1", "loyalty", "charge")
"""The counters the engine models (122.1): +1/+1 and -1/-1 (122.1a, 613.4c), loyalty (122.1e, 306.5c) and charge
(a named counter with no rules of its own: only the abilities that count or remove it)."""
MAX_PLANESWALKER_ATTACKS = 4  # generated declarations per set of attackers, besides "all at the player" (bounded)


def printed_loyalty(cid: str, d: dict, types: list) -> int | None:
    """209.1 / 306.5a: a planeswalker's printed loyalty (required, 0 or more); other cards have none."""
    if "planeswalker" not in types:
        if "loyalty" in d:
            raise CardDefinitionError(cid, "loyalty", "only a planeswalker has a printed loyalty (306.5a)")
        return None
    value = d.get("loyalty")
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
        raise CardDefinitionError(cid, "loyalty", "a planeswalker needs its printed loyalty, a number from 0 to 99 (209.1)")
    return value


def counter_costs(card: str, path: str, c: dict, kind: str) -> dict:
    """The counter parts of an activated ability's cost: ``loyalty: +N | -N | 0`` (107.7, 606.4: put on or remove
    loyalty counters) and ``remove_counters: {kind: n}`` ("Remove a charge counter from this permanent")."""
    out: dict = {}
    if ("loyalty" in c or "remove_counters" in c) and kind != "activated":
        key = "loyalty" if "loyalty" in c else "remove_counters"
        raise CardDefinitionError(card, f"{path}.{key}", "only an activated ability (not a mana ability) has this cost here")
    if "loyalty" in c:
        n = c["loyalty"]
        if not isinstance(n, int) or isinstance(n, bool) or not -99 <= n <= 99:
            raise CardDefinitionError(card, f"{path}.loyalty", "a loyalty cost is +N, -N or 0 (107.7)")
        out["loyalty"] = n
    if "remove_counters" in c:
        rc = c["remove_counters"]
        if not (isinstance(rc, dict) and rc and all(k in COUNTER_KINDS and isinstance(n, int) and not isinstance(n, bool)
                                                    and n > 0 for k, n in rc.items())):
            raise CardDefinitionError(card, f"{path}.remove_counters",
                                      f"expected counters to remove, such as {{charge: 1}} (kinds: {', '.join(COUNTER_KINDS)})")
        out["remove_counters"] = tuple(sorted(rc.items()))
    return out


class Planeswalkers:
    """Mixin of `Game`: loyalty, loyalty abilities, counters as costs, attacking planeswalkers."""

    # ---- queries ----------------------------------------------------------------------------------
    def loyalty(self, oid: int) -> int | None:
        """306.5a / 306.5c: the loyalty of a planeswalker: on the battlefield its loyalty counters, elsewhere its
        printed loyalty; None for anything else."""
        o = self.state.objects[oid]
        if "planeswalker" not in o.card.types:
            return None
        return o.counters.get("loyalty", 0) if o.zone == "battlefield" else o.card.loyalty

    def _planeswalkers_in_play(self) -> bool:
        """Whether any planeswalker is on the battlefield (cached until the battlefield changes)."""
        s = self.state
        if self._pw_key != s.bf_changes or self._pw_state is not s:
            self._pw_key, self._pw_state = s.bf_changes, s
            self._pw = any("planeswalker" in s.objects[oid].card.types for oid in s.battlefield)
        return self._pw

    def planeswalkers_of(self, player: int) -> list[int]:
        """506.2: the planeswalkers `player` controls (those an attacker may attack when `player` defends)."""
        if not self._planeswalkers_in_play():
            return []
        s = self.state
        return [oid for oid in s.battlefield if s.objects[oid].controller == player
                and "planeswalker" in s.objects[oid].card.types]

    # ---- entering with loyalty (306.5b) -------------------------------------------------------------
    def _loyalty_enters(self, o: Obj) -> None:
        """306.5b / 614.1c: a planeswalker enters with loyalty counters equal to its printed loyalty."""
        n = o.card.loyalty or 0
        o.counters["loyalty"] = o.counters.get("loyalty", 0) + n
        self._emit(EventKind.ENTERS_WITH_LOYALTY, ("306.5b", "614.1c"), object=o.id, card=o.card.id, count=n)

    # ---- counter costs (606, 118.3) -----------------------------------------------------------------
    def _check_counter_costs(self, o: Obj, ab, player: int) -> None:
        """606.3: a loyalty ability only at sorcery speed, and once each turn for each permanent; 606.6: a negative
        loyalty cost needs that many loyalty counters; 118.3: "remove a counter" needs the counter."""
        cost = ab.cost
        if "loyalty" in cost:
            if not self._sorcery_timing(player):
                raise IllegalAction("606.3", Refusal.LOYALTY_TIMING,
                                    "a loyalty ability: only in your main phase, with an empty stack")
            if o.id in self.state.loyalty_used:
                raise IllegalAction("606.3", Refusal.LOYALTY_ONCE,
                                    "a loyalty ability of this permanent was already activated this turn")
            if cost["loyalty"] < 0 and o.counters.get("loyalty", 0) < -cost["loyalty"]:
                raise IllegalAction("606.6", Refusal.LOYALTY_TOO_FEW,
                                    f"it needs {-cost['loyalty']} loyalty counters to pay this cost")
        for kind, n in cost.get("remove_counters", ()):
            if o.counters.get(kind, 0) < n:
                raise IllegalAction("118.3", Refusal.NO_COUNTERS, f"it needs {n} {kind} counter(s) to pay this cost")

    def _counter_costs_payable(self, o: Obj, ab, player: int) -> bool:
        """Whether `_check_counter_costs` lets the ability be activated now (for action generation)."""
        try:
            self._check_counter_costs(o, ab, player)
        except IllegalAction:
            return False
        return True

    def _pay_counter_costs(self, o: Obj, ab, player: int) -> None:
        """606.4 / 107.7: put on or remove the loyalty counters (the permanent's loyalty ability is used this turn,
        606.3); remove the counters a cost removes (602.2b)."""
        s = self.state
        cost = ab.cost
        if "loyalty" in cost:
            n = cost["loyalty"]
            before = o.counters.get("loyalty", 0)
            o.counters["loyalty"] = before + n
            s.loyalty_used.add(o.id)
            self._emit(EventKind.LOYALTY_COST, ("606.4", "107.7"), player=player, object=o.id, card=o.card.id, amount=n,
                       before=before, after=before + n)
        for kind, n in cost.get("remove_counters", ()):
            o.counters[kind] = o.counters.get(kind, 0) - n
            self._emit(EventKind.COUNTERS_REMOVED, "602.2b", object=o.id, card=o.card.id, kind=kind, count=n)

    def _remove_counters(self, oid: int, kind: str | None, count: int | None) -> None:
        """Remove `count` counters of `kind` (None: every kind; count None: all of them) from a permanent (as many as
        it has, 107.1b)."""
        o = self.state.objects[oid]
        for k in [kind] if kind else sorted(o.counters):
            have = o.counters.get(k, 0)
            n = have if count is None else min(count, have)
            if n > 0:
                o.counters[k] = have - n
                self._emit(EventKind.COUNTERS_REMOVED, "122.1", object=oid, card=o.card.id, kind=k, count=n)

    # ---- attacking planeswalkers (506.2, 508.1b) ----------------------------------------------------
    def _check_attack_targets(self, attackers: tuple, pairs: tuple, defender: int) -> None:
        """508.1b / 506.2: each (attacker, planeswalker) pair names a declared attacker, once, and a planeswalker the
        defending player controls."""
        s = self.state
        seen = set()
        for pair in pairs:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise IllegalAction("508.1b", Refusal.NOT_ATTACKABLE, "attack targets are (attacker, planeswalker) pairs")
            att, pw = pair
            o = s.objects.get(pw)
            if att not in attackers or att in seen:
                raise IllegalAction("508.1b", Refusal.NOT_ATTACKABLE, f"{att} is not declared as an attacker (once)")
            seen.add(att)
            if o is None or o.zone != "battlefield" or "planeswalker" not in o.card.types or o.controller != defender:
                raise IllegalAction("508.1b", Refusal.NOT_ATTACKABLE,
                                    f"{pw} is not a planeswalker the defending player controls")

    def _attacked_recipient(self, att: int, defender: int) -> int | None:
        """510.1b: what an unblocked attacker deals its combat damage to: the player it attacks, or the planeswalker
        (None if that planeswalker has left the battlefield, stopped being a planeswalker or changed controller:
        it was removed from combat, 506.4, 506.4c)."""
        s = self.state
        pw = s.attack_targets.get(att)
        if pw is None:
            return -1 - defender
        o = s.objects.get(pw)
        if o is None or o.zone != "battlefield" or "planeswalker" not in o.card.types or o.controller != defender:
            return None
        return pw

    def _attack_variants(self, combo: tuple, defender: int):
        """The attack-target choices generated for one set of attackers (bounded, 508.1b): all at the player first,
        then all at each planeswalker, then each attacker alone at each planeswalker."""
        pws = self.planeswalkers_of(defender)
        yield ()
        if not combo or not pws:
            return
        n = 0
        for pw in pws:
            yield tuple((a, pw) for a in combo)
            n += 1
            if len(combo) > 1:
                for a in combo:
                    if n >= MAX_PLANESWALKER_ATTACKS * len(pws):
                        return
                    yield ((a, pw),)
                    n += 1

    # ---- damage to a planeswalker (120.3c) ----------------------------------------------------------
    def _loyalty_damage(self, o: Obj, amount: int) -> int:
        """120.3c / 306.8: damage to a planeswalker removes that many loyalty counters (those it has); returns its
        loyalty now."""
        left = max(0, o.counters.get("loyalty", 0) - amount)
        o.counters["loyalty"] = left
        return left


# ==== the state-based action (704.5i) ==================================================================
def zero_loyalty(game, scan) -> list[int]:
    """704.5i: planeswalkers with loyalty 0."""
    if not game._planeswalkers_in_play():
        return []
    s = game.state
    return [oid for oid in s.battlefield if "planeswalker" in s.objects[oid].card.types
            and s.objects[oid].counters.get("loyalty", 0) <= 0]


def put_zero_loyalty(game, items: list) -> bool:
    """704.5i / 306.9: put into their owners' graveyards."""
    s = game.state
    acted = False
    for _rule, oid in items:
        if oid in s.objects and s.objects[oid].zone == "battlefield":
            game._emit(EventKind.SBA_LOYALTY, ("704.5i", "306.9"), object=oid, card=s.objects[oid].card.id)
            game._to_graveyard(oid, "704.5i")
            acted = True
    return acted
