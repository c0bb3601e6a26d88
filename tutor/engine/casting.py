"""Playing lands, casting spells, activating abilities, and paying for them.

Rules: 305 (lands: 305.1 played as a special action in your main phase with an empty stack, 116.2a,
305.2 one per turn, 305.9 a land is never cast), 601 (casting: 601.2a from hand, 601.2c targets,
601.2f additional costs, 601.2h paying), 602 (activating: 602.1, 602.2, 602.2b; 107.5 a {T} cost needs an
untapped permanent), 605 (mana abilities: 605.3 they resolve at once, 605.3a), 106.4 (the mana pool),
107.1b / 107.3a (X: never negative, only in a cost with X), 117.1a / 307.1 (timing of instants and sorceries; 702.8 flash), 118 and 119.4 (costs; paying
life), 302.6 (a summoning-sick creature's {T} abilities), 701.17 (sacrificing as a cost), 405.1 (spells and
abilities go on the stack).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from tutor.engine.actions import ActionRules, ActivateAbility, CastSpell, PlayLand, player_target
from tutor.engine.errors import IllegalAction, Refusal
from tutor.engine.events import EventKind
from tutor.engine.keywords import ATTACKS_WHEN_SICK
from tutor.engine.mana import find_payment
from tutor.engine.state import Obj, StackItem, Step

__all__ = ["ACTIVATE_ABILITY", "CAST_SPELL", "Casting", "PLAY_LAND"]

MAIN_STEPS = frozenset({Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN})
# 601.2: how far casting got when a refusal came (a later stage explains more): hand, timing, X, targets,
# additional costs, life, mana.
_CAST_STAGE = {"not_in_hand": 0, "land_not_spell": 1, "sorcery_timing": 2, "bad_x": 3, "target_count": 4,
               "illegal_target": 4, "same_target_twice": 4, "additional_cost": 5, "no_additional_cost": 5,
               "cant_pay_life": 6, "cant_pay": 7, "bad_mana_source": 7,
               # part 2: spells with modes and costs (601.2b: modes, kicker and an alternative cost come first)
               "bad_modes": 3, "mode_twice": 3, "mode_no_targets": 3, "no_kicker": 3, "no_alternative_cost": 3}


class Casting:
    """Mixin of `Game`: the actions a player with priority takes, their costs and their generation."""

    def _sorcery_timing(self, player: int) -> bool:
        """117.1a / 305.1 / 307.1: `player`'s own main phase, with an empty stack."""
        s = self.state
        return player == s.active and s.step in MAIN_STEPS and not s.stack

    # ---- PlayLand (305) -------------------------------------------------------------------------
    def _validate_land(self, a: PlayLand) -> int:
        """305.1 / 305.2: a land from your hand, in your main phase with an empty stack, once per turn."""
        player = self._need("priority")
        s = self.state
        o = s.objects.get(a.card)
        if o is None or o.zone != "hand" or o.owner != player:
            raise IllegalAction("305.1", Refusal.NOT_IN_HAND, "a land is played from its owner's hand")
        if "land" not in o.card.types:
            raise IllegalAction("305.1", Refusal.NOT_A_LAND, "only a land can be played as a land")
        if not self._sorcery_timing(player):
            raise IllegalAction("305.1", Refusal.LAND_TIMING, "a land is played in your own main phase with an empty stack")
        if s.players[player].lands_played >= 1:
            raise IllegalAction("305.2", Refusal.SECOND_LAND, "one land per turn")
        return player

    def _perform_land(self, a: PlayLand, player: int) -> None:
        """116.2a: the land goes onto the battlefield (a special action: no stack); the player keeps priority."""
        s = self.state
        s.players[player].lands_played += 1
        new = self._move(a.card, "battlefield")
        s.objects[new].controller = player
        self._emit(EventKind.LAND_PLAYED, ("305.1", "116.2a"), player=player, object=new, card=s.objects[new].card.id)
        self._enters(s.objects[new], announce=False)  # tapped by its replacement effects (614.1d); triggers (603.6a)
        self._after_action(player)

    # The from_source functions are called only for objects in their `source_zone`, at priority.
    def _lands_from(self, o: Obj, player: int, include_mana_abilities: bool = True) -> Iterable[PlayLand]:
        if ("land" in o.card.types and o.owner == player and self.state.players[player].lands_played == 0
                and self._sorcery_timing(player)):
            return (PlayLand(o.id),)
        return ()

    # ---- CastSpell (601) ------------------------------------------------------------------------
    def _validate_cast(self, a: CastSpell):
        """601.2: from your hand, at the right time, with legal targets, paying the total cost. Wrong targets
        are refused with 601.2c, unless other targets would be legal and the cost can't be paid whatever the
        targets: then the cost decides (601.2h)."""
        player = self._need("priority")
        s = self.state
        o = s.objects.get(a.card)
        if o is None or o.zone != "hand" or o.owner != player:
            raise IllegalAction("601.2a", Refusal.NOT_IN_HAND, "a spell is cast from your hand")
        card = o.card
        if "land" in card.types:
            # 305.1: a land is played as a special action; it never goes on the stack and is never a spell (305.9).
            raise IllegalAction("305.1", Refusal.LAND_NOT_SPELL, "lands are played, not cast")
        instant_speed = "instant" in card.types or "flash" in card.keywords
        if not instant_speed and not self._sorcery_timing(player):
            rule = "307.1" if "sorcery" in card.types else "117.1a"
            raise IllegalAction(rule, Refusal.SORCERY_TIMING, "only in your main phase while the stack is empty")
        if a.x < 0 or (a.x and not card.cost.x):
            raise IllegalAction("107.1b" if a.x < 0 else "107.3a", Refusal.BAD_X,
                                "X must be a non-negative number, for a spell with X in its cost")
        if a.modes or card.spell_modes:
            self._check_modes(card, a.modes, player)  # 601.2b, 700.2 (tutor.engine.spells)
        if a.kicked or a.alternative:
            self._check_alternative(card, a, player)
        specs, _effects = self._spell_shape(card, a.modes)
        total, _changes = self._spell_cost(card, player, a.x, a.kicked, a.alternative)  # 601.2f
        try:
            self._check_targets(specs, a.targets, player, None, card.colors, "601.2c")
        except IllegalAction:
            self._unpayable_anyway(specs, player, None, card.colors, total, 0, set(), "601.2h")
            raise
        exclude = set()
        extra = card.additional_cost
        if "sacrifice" in extra:
            sac = s.objects.get(a.sacrifice) if a.sacrifice is not None else None
            if sac is None or sac.zone != "battlefield" or sac.controller != player or extra["sacrifice"] not in sac.card.types:
                raise IllegalAction("601.2h", Refusal.ADDITIONAL_COST, f"sacrifice a {extra['sacrifice']} you control to cast this")
            exclude.add(sac.id)
        elif a.sacrifice is not None:
            raise IllegalAction("601.2f", Refusal.NO_ADDITIONAL_COST, "this spell has no sacrifice cost")
        if extra.get("life") and s.players[player].life < extra["life"]:
            raise IllegalAction("119.4", Refusal.CANT_PAY_LIFE, "you can't pay more life than you have")
        return player, self._payment(player, total.generic, total.colored, a.tap, exclude, "601.2h"), specs

    def _unpayable_anyway(self, specs: tuple, player: int, source: int | None, colors: frozenset, cost, x: int,
                          exclude: set, rule: str) -> None:
        """The reason that decides a cast or an activation whose targets are wrong: when legal targets exist, so
        that other targets would do, but the mana cost can't be paid whatever the targets (601.2g-h, 602.2b),
        raise that."""
        if cost is None or not all(self._target_candidates(spec, player, source, colors) for spec in specs):
            return
        sources = self._mana_sources(player, exclude)
        if find_payment(cost.generic + cost.x * x, cost.colored, self.state.players[player].pool, sources) is None:
            raise IllegalAction(rule, Refusal.CANT_PAY, "not enough mana to pay the cost, whatever the targets")

    def _perform_cast(self, a: CastSpell, plan) -> None:
        """601.2h: additional costs and mana are paid; the spell goes on the stack (405.1); 117.3c."""
        player, payment, specs = plan
        s = self.state
        card = s.objects[a.card].card
        if a.sacrifice is not None:
            self._emit(EventKind.SACRIFICE, ("601.2h", "701.17"), player=player, object=a.sacrifice,
                       card=s.objects[a.sacrifice].card.id)
            self._to_graveyard(a.sacrifice, "701.17")
        if card.additional_cost.get("life"):
            self._lose_life(player, card.additional_cost["life"], "119.4")
        life = card.alternative_cost.get("life", 0) if a.alternative else 0
        if life:
            self._lose_life(player, life, "119.4")  # 118.9: the alternative cost
        total, changes = self._spell_cost(card, player, a.x, a.kicked, a.alternative)
        self._pay(player, payment, tapped_for=card.id)
        new = self._move(a.card, "stack")
        _specs, effects = self._spell_shape(card, a.modes)
        if a.kicked and card.kicked_effects is not None:
            effects = card.kicked_effects  # 702.33e: what it does if it was kicked, instead
        s.stack.append(StackItem(new, "spell", player, card, None, tuple(a.targets), specs, effects, x=a.x,
                                 colors=card.colors, modes=tuple(sorted(a.modes)), kicked=a.kicked,
                                 alternative=a.alternative, paid=str(total) if total.mana_value() else "", life_paid=life))
        self._announce_spell(player, new, card, a, changes)
        self._emit(EventKind.CAST, ("601.2", "405.1"), player=player, object=new, card=card.id, targets=tuple(a.targets), x=a.x,
                   **self._stack_targets(a.targets))
        self._fire("cast", None, player=player, card=card, spell=new)  # 601.2i
        self._becomes_target(s.stack[-1])  # 702.21a: ward
        self._after_action(player)

    def _casts_from(self, o: Obj, player: int, include_mana_abilities: bool = True) -> Iterable[CastSpell]:
        s = self.state
        oid = o.id
        card = o.card
        if o.owner != player or "land" in card.types:
            return ()
        # Cheap necessary conditions first, so that only plausible actions reach the full validator.
        if "instant" not in card.types and "flash" not in card.keywords and not (
                player == s.active and s.step in MAIN_STEPS and not s.stack):
            return ()
        if card.cost.mana_value() > self._available_mana(player) and not (card.alternative_cost or card.cost_reduction):
            return ()
        if card.spell_modes or card.kicker is not None or card.alternative_cost:
            return self._gen_spell_variants(o, player)  # tutor.engine.spells
        specs = ((card.enchant, ()),) if card.enchant else card.spell_targets
        return self._gen_targeted(lambda t, x, sac: CastSpell(oid, t, x, sac), specs, player, None, card.colors,
                                  card.cost.x, card.additional_cost.get("sacrifice"))

    # ---- queries: can this card be cast now? (601.2) -------------------------------------------
    def can_cast(self, oid: int) -> bool:
        """CR 601.2 / 117.1a / 307.1: whether the player with priority can cast the card `oid` now: the engine
        generates a legal ``CastSpell`` for it (timing, targets, X, additional costs and mana included)."""
        return any(isinstance(a, CastSpell) and a.card == oid for a in self.source_actions(oid))

    def cast_refusal(self, oid: int) -> tuple[IllegalAction, CastSpell]:
        """CR 601.2: why the card `oid` can't be cast now: of the refusals over its possible targets (and
        sacrifices), the one that gets furthest in casting it (601.2a hand, 117.1a / 307.1 timing, 107.3 X,
        601.2c targets, 601.2f-h additional costs, 119.4 life, 601.2h mana), with the cast it refused. Only for a
        card `can_cast` says no to."""
        s = self.state
        card = s.objects[oid].card
        player = s.pending[1]
        specs = ((card.enchant, ()),) if card.enchant else card.spell_targets
        candidates = [*s.battlefield, *(it.id for it in s.stack), player_target(0), player_target(1)]
        sacrifices = [None]
        if card.additional_cost.get("sacrifice"):
            sacrifices = [o for o in s.battlefield if s.objects[o].controller == player
                          and card.additional_cost["sacrifice"] in s.objects[o].card.types] or [None]
        best, tried = None, None
        # part 2: a modal spell is tried with each mode that can be chosen alone (or the least number of modes)
        mode_sets = [()]
        if card.spell_modes:
            least = card.spell_choose[0]
            mode_sets = list(itertools.islice(itertools.combinations(range(len(card.spell_modes)), least), 12))
        for modes in mode_sets:
            specs = self._spell_shape(card, modes)[0] if modes else specs
            for targets in itertools.islice(itertools.product(candidates, repeat=len(specs)), 60):
                for sac in sacrifices:
                    action = CastSpell(oid, tuple(targets), 0, sac, None, modes)
                    exc = self.refusal(action)
                    if exc is not None and (best is None or _CAST_STAGE.get(exc.reason, 9) > _CAST_STAGE.get(best.reason, 9)):
                        best, tried = exc, action
        assert best is not None, "cast_refusal() of a castable card"
        return best, tried

    def cast_timing(self, oid: int) -> tuple[str, str]:
        """When the card `oid` may be cast, with the rule that says so: ("instant", "117.1a") any time its owner
        has priority; ("flash", "702.8a") likewise, by flash; ("main", "307.1") a sorcery, ("main", "117.1a")
        another noninstant spell: in its owner's main phase with an empty stack."""
        card = self.state.objects[oid].card
        if "instant" in card.types:
            return "instant", "117.1a"
        if "flash" in card.keywords:
            return "flash", "702.8a"
        return "main", "307.1" if "sorcery" in card.types else "117.1a"

    # ---- ActivateAbility (602, 605) -------------------------------------------------------------
    def _validate_activate(self, a: ActivateAbility):
        """602.2: an ability of a permanent you control, its costs payable (107.5, 302.6, 119.4), its targets legal."""
        player = self._need("priority")
        s = self.state
        o = s.objects.get(a.source)
        if o is None or o.zone != "battlefield" or o.controller != player:
            raise IllegalAction("602.2", Refusal.NOT_YOUR_PERMANENT, "you can activate abilities of permanents you control")
        if not 0 <= a.index < len(o.card.abilities) or o.card.abilities[a.index].kind not in ("activated", "mana"):
            raise IllegalAction("602.1", Refusal.NO_SUCH_ABILITY, "that permanent has no such activated ability")
        ab = o.card.abilities[a.index]
        if ab.sorcery and not self._sorcery_timing(player):
            # 602.5d / 702.6a: "Activate only as a sorcery".
            raise IllegalAction("702.6a", Refusal.EQUIP_TIMING, "equip only as a sorcery: your main phase, empty stack")
        cost = ab.cost
        if cost.get("tap"):
            if o.tapped:
                raise IllegalAction("107.5", Refusal.ALREADY_TAPPED, "a tapped permanent can't pay a {T} cost")
            if "creature" in o.card.types and o.fresh and not ATTACKS_WHEN_SICK & self.keywords(o.id):
                raise IllegalAction("302.6", Refusal.SUMMONING_SICK,
                                    "a creature's {T} ability needs it under your control since your turn began")
        if cost.get("life") and s.players[player].life < cost["life"]:
            raise IllegalAction("119.4", Refusal.CANT_PAY_LIFE, "you can't pay more life than you have")
        if "loyalty" in cost or "remove_counters" in cost:
            self._check_counter_costs(o, ab, player)  # 606.3, 606.6, 118.3
        mana = cost.get("mana")
        if a.x < 0 or (a.x and not (mana and mana.x)):
            raise IllegalAction("107.1b" if a.x < 0 else "107.3a", Refusal.BAD_X, "X must be a non-negative number, for a cost with X")
        exclude = {o.id} if cost.get("tap") else set()
        try:
            self._check_targets(ab.targets, a.targets, player, o.id, o.card.colors, "602.2b")
        except IllegalAction as exc:
            self._unpayable_anyway(ab.targets, player, o.id, o.card.colors, mana, a.x, exclude, "602.2b")
            if ab.keyword == "equip" and exc.reason == Refusal.ILLEGAL_TARGET and exc.rule == "602.2b":
                # 702.6a: "target creature you control".
                raise IllegalAction("702.6a", Refusal.EQUIP_TARGET, "equip only a creature you control") from None
            raise
        plan = self._payment(player, (mana.generic + mana.x * a.x) if mana else 0, mana.colored if mana else {},
                             a.tap, exclude, "602.2b")
        return player, plan, ab

    def _perform_activate(self, a: ActivateAbility, plan) -> None:
        """602.2: costs are paid; a mana ability adds its mana at once (605.3a), another goes on the stack (405.1)."""
        player, payment, ab = plan
        s = self.state
        o = s.objects[a.source]
        self._pay(player, payment, tapped_for=o.card.id)
        if ab.cost.get("tap"):
            o.tapped = True
        if ab.cost.get("life"):
            self._lose_life(player, ab.cost["life"], "119.4")
        if "loyalty" in ab.cost or "remove_counters" in ab.cost:
            self._pay_counter_costs(o, ab, player)  # 606.4
        if ab.kind == "mana":
            pool = s.players[player].pool
            pool[ab.add] = pool.get(ab.add, 0) + 1
            self._emit(EventKind.MANA_ABILITY, ("605.3a", "106.4"), player=player, object=o.id, card=o.card.id, color=ab.add)
            self._after_action(player)
            return
        item = StackItem(s.next_id, "ability", player, o.card, o.id, tuple(a.targets), ab.targets, ab.effects, x=a.x,
                         ability_index=a.index, colors=o.card.colors)
        s.next_id += 1
        if ab.cost.get("sacrifice_self"):
            self._emit(EventKind.SACRIFICE, ("602.2b", "701.17"), player=player, object=o.id, card=o.card.id)
            self._to_graveyard(o.id, "701.17")
        s.stack.append(item)
        self._emit(EventKind.ACTIVATE, ("602.2", "405.1"), player=player, object=a.source, card=o.card.id,
                   targets=tuple(a.targets), **self._stack_targets(a.targets))
        self._becomes_target(item)  # 702.21a: ward
        self._after_action(player)

    def _activations_from(self, o: Obj, player: int, include_mana_abilities: bool = True) -> Iterable[ActivateAbility]:
        if o.controller != player or not o.card.activated_kinds:
            return ()
        return self._gen_activations(o, player, include_mana_abilities)

    def _gen_activations(self, o: Obj, player: int, include_mana_abilities: bool) -> Iterator[ActivateAbility]:
        oid = o.id
        for i, ab in enumerate(o.card.abilities):
            if ab.kind not in ("activated", "mana") or (ab.cost.get("tap") and o.tapped):
                continue
            if ab.sorcery and not self._sorcery_timing(player):
                continue  # 602.5d
            if ab.kind == "mana" and not include_mana_abilities:
                continue
            if ("loyalty" in ab.cost or "remove_counters" in ab.cost) and not self._counter_costs_payable(o, ab, player):
                continue  # 606.3, 606.6, 118.3: no target needs trying
            mana = ab.cost.get("mana")
            yield from self._gen_targeted(lambda t, x, sac, i=i: ActivateAbility(oid, i, t, x), ab.targets,
                                          player, oid, o.card.colors, mana.x if mana else 0, None)

    # ---- generation -----------------------------------------------------------------------------
    def priority_sources(self, include_mana_abilities: bool = True) -> list[int]:
        """Objects that might yield an action now: cards in the priority player's hand, permanents they control
        with activated abilities."""
        s = self.state
        if not (s.pending and s.pending[0] == "priority") or s.outcome is not None:
            return []
        player = s.pending[1]
        objects = s.objects
        if include_mana_abilities:
            return list(s.players[player].hand) + [oid for oid in s.battlefield if objects[oid].controller == player
                                                   and objects[oid].card.activated_kinds]
        return list(s.players[player].hand) + [oid for oid in s.battlefield if objects[oid].controller == player
                                               and "activated" in objects[oid].card.activated_kinds]

    def _gen_targeted(self, make, specs, player, source, colors, has_x, sacrifice_type) -> Iterator:
        """Legal variants of one cast or activation: target choices x values of X x sacrifices (bounded).

        A cost that can't be paid stops the search early: larger X can't be paid either. Once one choice of targets
        passed the whole check with an X and a sacrifice, the others with the same X and sacrifice need only their
        targets checked: nothing else the check reads depends on them (601.2c-h, 602.2b)."""
        options = [self._target_candidates(spec, player, source, colors) for spec in specs]
        xs = range(0, 1 + self._available_mana(player)) if has_x else (0,)
        sacs: list = [None]
        if sacrifice_type:
            sacs = [oid for oid in self.state.battlefield if self.state.objects[oid].controller == player
                    and sacrifice_type in self.state.objects[oid].card.types]
        count = 0
        max_x = len(xs) - 1
        passed: set = set()  # the (X, sacrifice) pairs a whole check has passed
        for targets in itertools.product(*options):
            for x in xs:
                if x > max_x:
                    break
                for sac in sacs:
                    action = make(tuple(targets), x, sac)
                    try:
                        if (x, sac) in passed:
                            self._check_targets(specs, targets, player, source, colors, "601.2c")
                        else:
                            self._validate(action)
                            passed.add((x, sac))
                    except IllegalAction as exc:
                        if exc.reason == "cant_pay" and sac is None:
                            max_x = x - 1
                            if max_x < 0:
                                return  # not even X = 0 can be paid
                            break
                        continue
                    yield action
                    count += 1
                    if count >= 48:
                        return

    # ---- mana and payment (106, 118, 601.2h, 605) -----------------------------------------------
    def _mana_sources(self, player: int, exclude: set = frozenset()) -> tuple[tuple[int, str], ...]:
        """Untapped permanents that can tap for mana now, as (id, colour); memoised per position."""
        position = self._mana_memo  # (`_position_memo`, inlined: the hottest path)
        if self._memo_version != self._version or self._memo_state is not self.state:
            position = self._position_memo()
        key = (player, frozenset(exclude)) if exclude else player
        memo = position.get(key)
        if memo is not None:
            return memo
        s = self.state
        out = []
        for oid in s.battlefield:
            o = s.objects[oid]
            if o.controller != player or o.tapped or not o.card.tap_mana or oid in exclude:
                continue
            colors = self._mana_colors(o)
            if colors:
                out.append((oid, colors))
        memo = position[key] = tuple(out)
        return memo

    def _available_mana(self, player: int) -> int:
        """How much mana `player` could spend now at most: their pool and their untapped mana sources."""
        position = self._mana_memo
        if self._memo_version != self._version or self._memo_state is not self.state:
            position = self._position_memo()
        n = position.get(-1 - player)
        if n is None:
            n = position[-1 - player] = len(self._mana_sources(player)) + sum(self.state.players[player].pool.values())
        return n

    def _position_memo(self) -> dict:
        """Answers about the mana of this position (sources by player, the most each can spend, payments),
        forgotten when the position changes (`_version`, bumped by every action and undo, or another state)."""
        if self._memo_version != self._version or self._memo_state is not self.state:
            self._memo_version, self._memo_state, self._mana_memo = self._version, self.state, {}
        return self._mana_memo

    def _mana_colors(self, o: Obj) -> str:
        """Colours this permanent can tap for with a free {T} mana ability (305.6 for basic land types);
        none for a summoning-sick creature (302.6)."""
        colors = o.card.tap_mana
        if colors and "creature" in o.card.types and o.fresh and not ATTACKS_WHEN_SICK & self.keywords(o.id):
            return ""
        return colors

    def _payment(self, player: int, generic: int, colored: dict, tap: tuple | None, exclude: set, rule: str):
        """601.2h: how to pay a mana cost: from the pool, then by tapping sources (the chosen ones, or the
        engine's choice); raises IllegalAction when it can't be paid."""
        s = self.state
        if tap is not None:
            sources = []
            for oid in tap:
                o = s.objects.get(oid)
                if o is None or o.zone != "battlefield" or o.controller != player or o.tapped or oid in exclude \
                        or not self._mana_colors(o):
                    raise IllegalAction("605.3", Refusal.BAD_MANA_SOURCE, f"object {oid} can't be tapped for mana now")
                sources.append((oid, self._mana_colors(o)))
            plan = find_payment(generic, colored, s.players[player].pool, sources)
            if plan is None or len(plan[1]) != len(tap):
                raise IllegalAction(rule, Refusal.CANT_PAY, "those mana sources don't pay this cost exactly")
            return plan
        # memoised per position, like the sources: many spells share a cost
        position = self._position_memo()
        key = ("pay", player, generic, tuple(sorted(colored.items())), frozenset(exclude) if exclude else None)
        plan = position.get(key, False)
        if plan is False:
            plan = position[key] = find_payment(generic, colored, s.players[player].pool,
                                                       self._mana_sources(player, exclude))
        if plan is None:
            raise IllegalAction(rule, Refusal.CANT_PAY, "not enough mana to pay the cost")
        return plan

    def _pay(self, player: int, plan, *, tapped_for: str) -> None:
        """Pay: take mana from the pool and tap the sources, activating their mana abilities (106.4, 605.3)."""
        taken, sources, colours = plan
        pool = self.state.players[player].pool
        for c, n in taken.items():
            pool[c] -= n
        for oid in sources:
            o = self.state.objects[oid]
            o.tapped = True
            self._emit(EventKind.MANA, ("106.4", "605.3"), player=player, object=oid, card=o.card.id, color=colours[oid],
                       spent_for=tapped_for)


PLAY_LAND = ActionRules("priority", Casting._validate_land, Casting._perform_land, from_source=Casting._lands_from,
                        source_zone="hand")
CAST_SPELL = ActionRules("priority", Casting._validate_cast, Casting._perform_cast, from_source=Casting._casts_from,
                         source_zone="hand")
ACTIVATE_ABILITY = ActionRules("priority", Casting._validate_activate, Casting._perform_activate,
                               from_source=Casting._activations_from, source_zone="battlefield")
