"""State-based actions: one list of checks, each with its rule, serving both "is one needed?" and
"perform them all at once".

Rules: 704.3 (whenever a player would receive priority, the game checks, then performs all applicable
state-based actions simultaneously, and repeats), 117.5, 514.3a (in the cleanup step they give priority),
704.5a (0 or less life), 704.5b (drew from an empty library), 704.5d (a token outside the battlefield
ceases to exist, 111.7), 704.5f (toughness 0 or less), 704.5g (lethal damage), 704.5h (deathtouch damage),
704.5j (the legend rule: the controller chooses), 704.5m (an Aura attached illegally or to nothing,
303.4c), 704.5n (an Equipment attached illegally becomes unattached, 301.5c, 702.16d), 704.5q (+1/+1 and -1/-1 counters annihilate); 104.2a / 104.3b-c / 104.4a (winning, losing, a draw),
702.12b (indestructible permanents ignore 704.5g-h).

Each `Check` *finds* what it applies to now (empty: it doesn't apply). Checks that are performed the
same way (the same `perform`) form one batch; batches are performed in the order of their first check,
so the event order is: losing the game (which ends it: nothing else is performed), tokens ceasing,
counters, put into the graveyard (704.5m / 704.5f, in battlefield order), Equipment unattached (704.5n),
destroyed (704.5g / 704.5h), the legend rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from tutor.engine.actions import ActionRules, ChooseLegend
from tutor.engine.equipment import equip_problem
from tutor.engine.errors import IllegalAction, Refusal
from tutor.engine.events import EventKind
from tutor.engine.loyalty import put_zero_loyalty, zero_loyalty
from tutor.engine.state import Obj, Outcome

if TYPE_CHECKING:
    from tutor.engine.game import Game

__all__ = ["CHECKS", "CHOOSE_LEGEND", "Check", "StateBasedActions"]


class _Scan(NamedTuple):
    """What one look at the battlefield found, for the checks that need it."""

    counters: list  # permanents with counters
    auras: list
    legendary: list
    creatures: list  # (object, toughness, indestructible) of creatures whose toughness or damage may matter
    attached: list  # permanents attached to something that aren't Auras (Equipment: 704.5n)


class Check(NamedTuple):
    """One state-based action: `find(game, scan)` lists what it applies to now (players or object ids, or
    groups for the legend rule; `scan` is what one look at the battlefield found); `perform(game, [(rule,
    item), ...])` performs a batch and says whether anything happened."""

    rule: str
    find: Callable[[Game, _Scan], list]
    perform: Callable[[Game, list], bool]


class StateBasedActions:
    """Mixin of `Game`: checking and performing state-based actions, and the legend-rule choice."""

    def _sba_needed(self) -> bool:
        """Whether any state-based action would be performed now (704.3; a check that changes nothing)."""
        scan = self._scan()
        return any(check.find(self, scan) for check in CHECKS)

    def applicable_state_based_actions(self) -> list[tuple[str, list]]:
        """The state-based actions that would be performed now, as (rule, what it applies to) pairs."""
        scan = self._scan()
        return [(check.rule, found) for check in CHECKS if (found := check.find(self, scan))]

    def _state_based_actions(self) -> bool:
        """704.3: perform all applicable state-based actions at once; True if any was performed.

        Nothing can have become applicable since a check that found nothing, unless the state changed."""
        if self._sba_clean == self._changes:
            return False
        acted = self._perform_state_based_actions()
        if not acted:
            self._sba_clean = self._changes
        return acted

    def _perform_state_based_actions(self) -> bool:
        scan = self._scan()
        found = [(check, items) for check in CHECKS if (items := check.find(self, scan))]
        losers = [(check.rule, x) for check, items in found if check.perform is _lose for x in items]
        if losers:
            return _lose(self, losers)  # the game is over: nothing else matters
        # 704.5h counts deathtouch damage dealt "since the last time state-based actions were checked"
        # (every creature so marked is in the scan).
        for o, _t, _sturdy in scan.creatures:
            o.deathtouched = False
        if not found:
            return False
        self._sba_order = None
        batches: dict[Callable, list] = {}
        for check, items in found:
            batches.setdefault(check.perform, []).extend((check.rule, x) for x in items)
        acted = False
        for perform, items in batches.items():
            acted = perform(self, items) or acted
        return acted

    def _scan(self) -> _Scan:
        """One look at the battlefield, gathering what the checks need."""
        s = self.state
        # Toughness can only differ from the printed value with counters, pump effects or static abilities.
        self._layers_now()
        modified = self._pt_modified
        scan = _Scan([], [], [], [], [])
        for oid in s.battlefield:
            o = s.objects[oid]
            card = o.card
            if o.counters:
                scan.counters.append(o)
            if card.enchant:
                scan.auras.append(o)
            elif o.attached_to is not None:
                scan.attached.append(o)
            if card.supertypes and "legendary" in card.supertypes:
                scan.legendary.append(o)
            if "creature" in card.types and (o.damage or o.counters or o.deathtouched or modified
                                             or (card.toughness or 0) <= 0):
                scan.creatures.append((o, self.power_toughness(oid)[1], "indestructible" in self.keywords(oid)))
        return scan

    def _can_enchant(self, aura: Obj, host: Obj) -> bool:
        """303.4c / 702.5a: what the Aura's enchant ability allows, and no protection from its qualities (702.16c,
        702.16j); 303.4d: not itself."""
        kind = aura.card.enchant
        if kind in ("creature", "land") and kind not in host.card.types or host.id == aura.id:
            return False
        return not self._protected_from_source(host.id, aura)

    # ---- ChooseLegend (704.5j) ------------------------------------------------------------------
    def _validate_legend(self, action: ChooseLegend) -> int:
        """704.5j: keep one of your legendary permanents with that name."""
        player = self._need("legend")
        o = self.state.objects.get(action.keep)
        if o is None or o.zone != "battlefield" or o.controller != player or o.card.name["en"] != self.state.pending[2]:
            raise IllegalAction("704.5j", Refusal.LEGEND_CHOICE, "keep one of your legendary permanents with that name")
        return player

    def _perform_legend(self, action: ChooseLegend, player: int) -> None:
        """704.5j: the others are put into their owners' graveyards."""
        s = self.state
        name = s.pending[2]
        for oid in list(s.battlefield):
            o = s.objects[oid]
            if o.controller == player and o.card.name["en"] == name and oid != action.keep and "legendary" in o.card.supertypes:
                self._emit(EventKind.LEGEND_RULE, "704.5j", object=oid, kept=action.keep, card=o.card.id)
                self._to_graveyard(oid, "704.5j")
        s.pending = ()

    def _generate_legends(self) -> Iterator[ChooseLegend]:
        s = self.state
        for oid in s.battlefield:
            o = s.objects[oid]
            if o.controller == s.pending[1] and o.card.name["en"] == s.pending[2] and "legendary" in o.card.supertypes:
                yield ChooseLegend(oid)


# ==== finding ==========================================================================================
def _zero_life(game: Game, scan: _Scan) -> list[int]:
    """704.5a: players with 0 or less life."""
    return [p.index for p in game.state.players if p.life <= 0]


def _drew_from_empty(game: Game, scan: _Scan) -> list[int]:
    """704.5b: players who attempted to draw from an empty library since the last check."""
    return [p.index for p in game.state.players if p.drew_from_empty]


def _tokens_elsewhere(game: Game, scan: _Scan) -> list[tuple[int, str, int]]:
    """704.5d: tokens in a zone other than the battlefield, as (owner, zone, object id)."""
    s = game.state
    if not s.token_left:
        return []
    return [(p.index, zone, oid) for p in s.players for zone in ("hand", "graveyard", "exile", "library")
            for oid in getattr(p, zone) if s.objects[oid].card.token]


def _both_counters(game: Game, scan: _Scan) -> list[int]:
    """704.5q: permanents with both +1/+1 and -1/-1 counters."""
    return [o.id for o in scan.counters if o.counters.get("+1/+1", 0) and o.counters.get("-1/-1", 0)]


def _loose_auras(game: Game, scan: _Scan) -> list[int]:
    """704.5m: Auras attached to an illegal object or to nothing."""
    objects = game.state.objects
    out = []
    for o in scan.auras:
        host = objects.get(o.attached_to) if o.attached_to else None
        if host is None or host.zone != "battlefield" or not game._can_enchant(o, host):
            out.append(o.id)
    return out


def _loose_equipment(game: Game, scan: _Scan) -> list[int]:
    """704.5n / 301.5c: Equipment attached to an illegal or nonexistent permanent (702.16d: protection from it)."""
    objects = game.state.objects
    return [o.id for o in scan.attached if equip_problem(game, o, objects.get(o.attached_to))]


def _zero_toughness(game: Game, scan: _Scan) -> list[int]:
    """704.5f: creatures with toughness 0 or less."""
    return [o.id for o, t, _ in scan.creatures if t <= 0]


def _lethal_damage(game: Game, scan: _Scan) -> list[int]:
    """704.5g: creatures with toughness above 0 and damage at least their toughness (not indestructible, 702.12b)."""
    return [o.id for o, t, sturdy in scan.creatures if 0 < t <= o.damage and not sturdy]


def _deathtouch_damage(game: Game, scan: _Scan) -> list[int]:
    """704.5h: creatures with toughness above 0 dealt damage by a deathtouch source since the last check."""
    return [o.id for o, t, sturdy in scan.creatures if t > 0 and o.deathtouched and o.damage > 0 and not sturdy]


def _legends(game: Game, scan: _Scan) -> list[tuple[int, str, list[int]]]:
    """704.5j: groups of two or more legendary permanents with the same name and controller."""
    legendary = scan.legendary
    if len(legendary) < 2:
        return []
    groups: dict[tuple[int, str], list[int]] = {}
    for o in legendary:
        groups.setdefault((o.controller, o.card.name["en"]), []).append(o.id)
    return [(player, name, ids) for (player, name), ids in groups.items() if len(ids) > 1]


# ==== performing =======================================================================================
def _lose(game: Game, items: list) -> bool:
    """704.5a-b: those players lose; 104.4a: if all lose at once, the game is a draw; else 104.2a."""
    s = game.state
    losers = []
    for rule, p in items:
        losers.append(p)
        if rule == "704.5a":
            game._emit(EventKind.SBA_LIFE, "704.5a", player=p, life=s.players[p].life)
        else:
            s.players[p].drew_from_empty = False
            game._emit(EventKind.SBA_EMPTY_LIBRARY, "704.5b", player=p)
    losers = sorted(set(losers))
    if len(losers) == len(s.players):
        s.outcome = Outcome(None, "draw", ("104.4a",))
        game._emit(EventKind.GAME_DRAW, "104.4a")
    else:
        first = losers[0]
        s.outcome = Outcome(1 - first, "opponent_lost", ("104.3b" if s.players[first].life <= 0 else "104.3c",
                                                         "704.5a" if s.players[first].life <= 0 else "704.5b"))
        game._emit(EventKind.GAME_WON, "104.2a", winner=1 - first, loser=first)
    return True


def _cease(game: Game, items: list) -> bool:
    """704.5d / 111.7: the tokens cease to exist."""
    s = game.state
    for _rule, (owner, zone, oid) in items:
        getattr(s.players[owner], zone).remove(oid)
        o = s.objects.pop(oid)
        game._emit(EventKind.TOKEN_CEASES, ("704.5d", "111.7"), object=oid, card=o.card.id, zone=zone, owner=o.owner)
    s.token_left = False
    return True


def _annihilate(game: Game, items: list) -> bool:
    """704.5q: N +1/+1 and N -1/-1 counters are removed, N the smaller count."""
    s = game.state
    for _rule, oid in items:
        o = s.objects[oid]
        n = min(o.counters["+1/+1"], o.counters["-1/-1"])
        o.counters["+1/+1"] -= n
        o.counters["-1/-1"] -= n
        game._emit(EventKind.SBA_COUNTERS, "704.5q", object=oid, removed=n, card=o.card.id)
    return True


def _in_battlefield_order(game: Game, items: list) -> list:
    """The (rule, object) items in battlefield order as the check began (stable: list order for one object)."""
    if game._sba_order is None:
        game._sba_order = {oid: i for i, oid in enumerate(game.state.battlefield)}
    order = game._sba_order
    return sorted(items, key=lambda it: order[it[1]])


def _put_into_graveyard(game: Game, items: list) -> bool:
    """704.5m / 704.5f: put into the owner's graveyard (regeneration can't replace this)."""
    s = game.state
    acted = False
    for rule, oid in _in_battlefield_order(game, items):
        if oid in s.objects and s.objects[oid].zone == "battlefield":
            game._emit(EventKind.SBA, rule, object=oid, card=s.objects[oid].card.id)
            game._to_graveyard(oid, rule)
            acted = True
    return acted


def _unattach(game: Game, items: list) -> bool:
    """704.5n: the Equipment becomes unattached and remains on the battlefield (701.3d)."""
    s = game.state
    acted = False
    for _rule, oid in _in_battlefield_order(game, items):
        o = s.objects.get(oid)
        if o is None or o.zone != "battlefield" or o.attached_to is None:
            continue
        host = o.attached_to
        why = equip_problem(game, o, s.objects.get(host))
        o.attached_to = None
        s.layer_changes += 1
        game._emit(EventKind.UNATTACHED,
                   ("704.5n", "301.5c", "702.16d") if why.startswith("702.16d") else ("704.5n", "301.5c"), object=oid,
                   card=o.card.id, to=host, target_card=game.object_cards.get(host), why=why.partition(":")[2])
        acted = True
    return acted


def _destroy(game: Game, items: list) -> bool:
    """704.5g / 704.5h: destroyed (once, even if both apply; regeneration can replace it, 701.15a)."""
    s = game.state
    acted = False
    done: set[int] = set()
    for rule, oid in _in_battlefield_order(game, items):
        if oid not in done and oid in s.objects and s.objects[oid].zone == "battlefield":
            done.add(oid)
            game._emit(EventKind.SBA, rule, object=oid, card=s.objects[oid].card.id)
            game._destroy(oid, rule)
            acted = True
    return acted


def _legend_rule(game: Game, items: list) -> bool:
    """704.5j: the controller chooses which one to keep (a decision; the first group still there)."""
    s = game.state
    for _rule, (player, name, ids) in items:
        if sum(1 for oid in ids if oid in s.objects and s.objects[oid].zone == "battlefield") > 1:
            s.pending = ("legend", player, name)
            return True
    return False


CHECKS: tuple[Check, ...] = (
    Check("704.5a", _zero_life, _lose),
    Check("704.5b", _drew_from_empty, _lose),
    Check("704.5d", _tokens_elsewhere, _cease),
    Check("704.5q", _both_counters, _annihilate),
    Check("704.5m", _loose_auras, _put_into_graveyard),
    Check("704.5n", _loose_equipment, _unattach),
    Check("704.5f", _zero_toughness, _put_into_graveyard),
    Check("704.5g", _lethal_damage, _destroy),
    Check("704.5h", _deathtouch_damage, _destroy),
    Check("704.5j", _legends, _legend_rule),
    # part 2: planeswalkers
    Check("704.5i", zero_loyalty, put_zero_loyalty),
)

CHOOSE_LEGEND = ActionRules("legend", StateBasedActions._validate_legend, StateBasedActions._perform_legend,
                            StateBasedActions._generate_legends)
