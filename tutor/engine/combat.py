"""Combat: declaring attackers and blockers, assigning and dealing combat damage.

Rules: 506 (the combat phase; 506.4 removal from combat), 507 (beginning of combat), 508 (declare attackers:
508.1a which creatures can attack, 508.1f attackers tap, 508.8 no attackers: the declare blockers and
combat damage steps are skipped), 509 (declare blockers: 509.1a-b which creatures can block which,
509.1g-h blocked creatures), 510 (combat damage: 510.1a-d assignment, since Foundations divided freely among
several blockers, 510.2 dealt simultaneously, 510.4 a first-strike damage step), 511.3 (creatures leave
combat), 302.6 (summoning sickness), and the combat keywords, whose rules and hooks are entries of the keyword
registry (`tutor.engine.keywords`): evasion (509.1b: `Keyword.can_block`, `min_blockers`), attacking (508.1a:
`Keyword.attack`), and the damage keywords read here: 702.7b / 702.4 first and double strike, 702.19b-d
trample, 702.2c deathtouch (lethal damage is 1).

Queries the quiz asks of a position: `can_block` (509.1a-b), `lethal_damage` (120.6, 702.2c),
`max_trample_damage` (702.19b).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from tutor.engine.actions import ActionRules, AssignCombatDamage, DeclareAttackers, DeclareBlockers, player_target
from tutor.engine.choices import UNITS
from tutor.engine.errors import IllegalAction, Refusal
from tutor.engine.events import EventKind
from tutor.engine.keywords import ATTACKS_UNTAPPED, ATTACKS_WHEN_SICK, CANT_ATTACK, EVASION, NEEDS_BLOCKERS
from tutor.engine.state import Step

__all__ = ["ASSIGN_COMBAT_DAMAGE", "Combat", "DECLARE_ATTACKERS", "DECLARE_BLOCKERS"]

_STRIKERS = frozenset({"first strike", "double strike"})
_SKIPPED_WITHOUT_ATTACKERS = (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE)


class Combat:
    """Mixin of `Game`: the combat steps and the three combat decisions."""

    # ---- the steps ------------------------------------------------------------------------------
    def _begin_combat_step(self, step: Step) -> None:
        """The turn-based actions of the combat steps: the active player declares attackers (508.1), the
        defending player blockers (509.1); combat damage is assigned and dealt (510), in a first-strike
        damage step first if a combatant has first strike or double strike (510.4)."""
        s = self.state
        if step is Step.DECLARE_ATTACKERS:
            s.pending = ("attackers", s.active)
        elif step is Step.DECLARE_BLOCKERS:
            s.pending = ("blockers", 1 - s.active)
        elif step is Step.COMBAT_DAMAGE and not s.first_strike_done and any(
                _STRIKERS & self.keywords(c) for c in self._combatants()):
            s.step_queue.insert(0, Step.COMBAT_DAMAGE)
            s.step = Step.FIRST_STRIKE_DAMAGE
            s.first_strikers = {c for c in self._combatants() if _STRIKERS & self.keywords(c)}
            s.first_strike_done = True
            self._emit(EventKind.FIRST_STRIKE_STEP, ("510.4", "702.7b"), creatures=sorted(s.first_strikers))
            self._start_damage()
        else:
            self._start_damage()

    def _skip_combat_steps(self, nxt: Step) -> Step:
        """508.8: if no creature was declared as an attacker, skip the declare blockers and combat damage
        steps; returns the step that begins now."""
        s = self.state
        if nxt in _SKIPPED_WITHOUT_ATTACKERS and not s.attackers_declared and s.step in (
                Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS):
            self._emit(EventKind.STEP_SKIPPED, "508.8", step=nxt.key)
            while s.step_queue and s.step_queue[0] in _SKIPPED_WITHOUT_ATTACKERS:
                self._emit(EventKind.STEP_SKIPPED, "508.8", step=s.step_queue.pop(0).key)
            nxt = s.step_queue.pop(0)
        return nxt

    def _end_combat(self) -> None:
        """511.3: as the end of combat step ends, all creatures are removed from combat."""
        s = self.state
        s.attackers, s.blocks, s.blocked, s.attackers_declared = {}, {}, set(), False
        if s.attack_targets:
            s.attack_targets = {}
        s.first_strikers, s.first_strike_done, s.damage_plan = set(), False, {}
        self._emit(EventKind.COMBAT_ENDS, "511.3")

    def _in_combat(self) -> bool:
        """Whether attackers have been declared in this combat (tokens can be put onto the battlefield attacking)."""
        s = self.state
        return s.step.phase == "combat" and s.attackers_declared

    def _combatants(self) -> list[int]:
        """The attacking and blocking creatures still on the battlefield."""
        s = self.state
        return [c for c in list(s.attackers) + list(s.blocks) if c in s.objects]

    def _blockers_of(self, att: int) -> list[int]:
        """The creatures blocking attacker `att`, in the order they were declared."""
        return [b for b, a in self.state.blocks.items() if a == att and b in self.state.objects]

    # ---- DeclareAttackers (508.1) ---------------------------------------------------------------
    def _can_attack(self, oid: int, player: int) -> bool:
        """508.1a: an untapped creature `player` controls, not summoning sick (302.6) or with haste, without defender."""
        o = self.state.objects[oid]
        kws = self.keywords(oid)
        return (o.controller == player and "creature" in o.card.types and not o.tapped
                and (not o.fresh or bool(ATTACKS_WHEN_SICK & kws)) and not any(k.name in kws for k in CANT_ATTACK))

    def _validate_attackers(self, a: DeclareAttackers) -> int:
        """508.1a: each declared attacker is an untapped creature of the active player that can attack."""
        player = self._need("attackers")
        s = self.state
        if len(set(a.attackers)) != len(a.attackers):
            raise IllegalAction("508.1a", Refusal.DUPLICATE_ATTACKER, "each creature attacks once")
        for oid in a.attackers:
            o = s.objects.get(oid)
            if o is None or o.zone != "battlefield" or o.controller != player or "creature" not in o.card.types:
                raise IllegalAction("508.1a", Refusal.NOT_YOUR_CREATURE, f"{oid} is not a creature you control")
            if o.tapped:
                raise IllegalAction("508.1a", Refusal.TAPPED_ATTACKER, "tapped creatures can't attack")
            kws = self.keywords(oid)
            if o.fresh and not ATTACKS_WHEN_SICK & kws:
                raise IllegalAction("302.6", Refusal.SUMMONING_SICK,
                                    "a creature attacks only if under your control since your turn began (or with haste)")
            for k in CANT_ATTACK:
                if k.name in kws:
                    raise IllegalAction(*k.refusal)
        if a.planeswalkers:
            self._check_attack_targets(a.attackers, a.planeswalkers, 1 - s.active)  # 508.1b
        return player

    def _perform_attackers(self, a: DeclareAttackers, player: int) -> None:
        """508.1f: attackers tap (unless they have vigilance, 702.20b); then the active player gets priority (508.2)."""
        s = self.state
        defender = 1 - s.active
        for oid in a.attackers:
            o = s.objects[oid]
            if not ATTACKS_UNTAPPED & self.keywords(oid):
                o.tapped = True
            s.attackers[oid] = defender
            s.attacked_this_turn.add(oid)
            s.attackers_declared = True  # 508.8 looks at declared attackers, even if they leave combat later
        if a.planeswalkers:
            s.attack_targets = dict(a.planeswalkers)  # 508.1b
            self._emit(EventKind.ATTACKERS, ("508.1", "508.1f"), player=s.active, attackers=list(a.attackers),
                       planeswalkers=[list(p) for p in a.planeswalkers])
        else:
            self._emit(EventKind.ATTACKERS, ("508.1", "508.1f"), player=s.active, attackers=list(a.attackers))
        if not a.attackers:
            self._emit(EventKind.NO_ATTACKERS, "508.8")
        s.pending = ()
        for oid in a.attackers:  # 508.1m / 508.3a: "whenever [a creature] attacks"
            self._fire("attacks", s.objects[oid], player=defender)
        self._give_priority(s.active)

    def _generate_attackers(self) -> Iterator[DeclareAttackers]:
        s = self.state
        able = [oid for oid in s.battlefield if self._can_attack(oid, s.pending[1])]
        walkers = self._planeswalkers_in_play() and self.planeswalkers_of(1 - s.active)
        for n in range(len(able) + 1):
            for combo in itertools.combinations(able, n):
                if walkers:  # 508.1b: which player or planeswalker each attacks (bounded)
                    for pairs in self._attack_variants(combo, 1 - s.active):
                        yield DeclareAttackers(tuple(combo), pairs)
                else:
                    yield DeclareAttackers(tuple(combo))

    # ---- DeclareBlockers (509.1) ----------------------------------------------------------------
    def _validate_blockers(self, a: DeclareBlockers) -> int:
        """509.1a-b: each blocker is an untapped creature of the defending player, blocking one attacker it can block."""
        player = self._need("blockers")
        s = self.state
        seen: set[int] = set()
        per_attacker: dict[int, int] = {}
        for pair in a.blocks:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise IllegalAction("509.1a", Refusal.BAD_BLOCK, "blocks are (blocker, attacker) pairs")
            b, att = pair
            o = s.objects.get(b)
            if o is None or o.zone != "battlefield" or o.controller != player or "creature" not in o.card.types:
                raise IllegalAction("509.1a", Refusal.NOT_YOUR_CREATURE, f"{b} is not a creature you control")
            if b in seen:
                raise IllegalAction("509.1a", Refusal.BLOCKS_TWICE, "each creature blocks only one attacker")
            seen.add(b)
            if o.tapped:
                raise IllegalAction("509.1a", Refusal.TAPPED_BLOCKER, "tapped creatures can't block")
            if att not in s.attackers:
                raise IllegalAction("509.1a", Refusal.NOT_ATTACKING, f"{att} is not attacking")
            refused = self._evasion_refusal(att, b)
            if refused is not None:
                raise IllegalAction(*refused.refusal)
            per_attacker[att] = per_attacker.get(att, 0) + 1
        for att, n in per_attacker.items():
            akw = self.keywords(att)
            for k in NEEDS_BLOCKERS:
                if k.name in akw and n < k.min_blockers:
                    raise IllegalAction(*k.refusal)
        return player

    def _evasion_refusal(self, att: int, b: int):
        """509.1b: the first evasion keyword of `att` (in registry order) that `b` can't block, or None."""
        akw = self.keywords(att)
        if not akw:
            return None
        for k in EVASION:
            if k.name in akw and not k.can_block(self, att, b):
                return k
        return None

    def can_block(self, blocker: int, attacker: int) -> bool:
        """CR 509.1a-b: whether `blocker` could block `attacker` on its own, as far as the two creatures go: an
        untapped creature on the battlefield, `attacker` attacking its controller, and no evasion keyword of
        `attacker` (flying 702.9b, fear 702.36b, landwalk 702.14c, protection 702.16f, "can't be blocked")
        that forbids it. Menace (702.111b: two or more blockers) is a condition on the whole declaration, not on
        one pair: see `block_refusal` for a whole set of blocks."""
        s = self.state
        o, a = s.objects.get(blocker), s.objects.get(attacker)
        if o is None or a is None or o.zone != "battlefield" or "creature" not in o.card.types or o.tapped:
            return False
        if s.attackers.get(attacker) != o.controller:
            return False
        return self._evasion_refusal(attacker, blocker) is None

    def block_refusal(self, blocks) -> IllegalAction | None:
        """CR 509.1a-c: None if the defending player may declare `blocks` ((blocker, attacker) pairs) now, else the
        engine's refusal with its rule (nothing changes)."""
        return self.refusal(DeclareBlockers(tuple(blocks)))

    def _perform_blockers(self, a: DeclareBlockers, player: int) -> None:
        """509.1g-h: the blocks are made and attackers become blocked; then the active player gets priority (509.2)."""
        s = self.state
        for b, att in a.blocks:
            s.blocks[b] = att
            s.blocked.add(att)
        self._emit(EventKind.BLOCKERS, ("509.1", "509.1g", "509.1h"), player=1 - s.active, blocks=[list(x) for x in a.blocks],
                   blocked=sorted(s.blocked))
        s.pending = ()
        # 509.1i / 509.3a: "whenever [a creature] blocks", once each; 509.3c: "becomes blocked", once each.
        for b in dict.fromkeys(b for b, _att in a.blocks):
            self._fire("blocks", s.objects[b])
        for att in dict.fromkeys(att for _b, att in a.blocks):
            self._fire("becomes_blocked", s.objects[att])
        self._give_priority(s.active)

    def _generate_blockers(self) -> Iterator[DeclareBlockers]:
        """Block choices (bounded: at most 64 legal ones out of 2,000 tried)."""
        s = self.state
        player = s.pending[1]
        able = [oid for oid in s.battlefield if s.objects[oid].controller == player
                and "creature" in s.objects[oid].card.types and not s.objects[oid].tapped]
        choices = [None, *s.attackers]
        count = tried = 0
        for combo in itertools.product(choices, repeat=len(able)):
            action = DeclareBlockers(tuple((b, a) for b, a in zip(able, combo) if a is not None))
            tried += 1
            if self.is_legal(action):
                yield action
                count += 1
            if count >= 64 or tried >= 2000:
                return

    # ---- AssignCombatDamage (510.1) -------------------------------------------------------------
    def lethal_damage(self, blocker: int, source: int) -> int:
        """CR 120.6 / 702.19b / 702.2c: the damage from `source` that is lethal to creature `blocker` when
        combat damage is assigned: its toughness minus the damage already marked on it (0 at least); 1 from a
        source with deathtouch."""
        if "deathtouch" in self.keywords(source):
            return 1
        _, t = self.power_toughness(blocker)
        return max(0, t - self.state.objects[blocker].damage)

    def max_trample_damage(self, attacker: int) -> int:
        """CR 702.19b: the most combat damage blocked `attacker` (with trample) can assign to the player it
        attacks: its power minus lethal damage to each of its blockers (`lethal_damage`), 0 at least."""
        power = max(0, self.power_toughness(attacker)[0])
        return max(0, power - sum(self.lethal_damage(b, attacker) for b in self._blockers_of(attacker)))

    def _needs_assignment(self, att: int) -> bool:
        """510.1c-d: the attacking player chooses how a blocked attacker divides its damage when it has
        several blockers, or trample."""
        if att not in self.state.blocked:
            return False
        blockers = self._blockers_of(att)
        trample = "trample" in self.keywords(att)
        return (len(blockers) > 1 or (trample and blockers)) and self.power_toughness(att)[0] > 0

    def _validate_assign(self, a: AssignCombatDamage) -> int:
        """510.1a-c: exactly the attacker's power, among its blockers; to the player only with trample,
        after lethal damage to every blocker (702.19b)."""
        player = self._need("damage")
        s = self.state
        if a.attacker != s.pending[2]:
            raise IllegalAction("510.1", Refusal.OTHER_ATTACKER, f"assign the damage of {s.pending[2]} first")
        power = max(0, self.power_toughness(a.attacker)[0])
        blockers = self._blockers_of(a.attacker)
        trample = "trample" in self.keywords(a.attacker)
        total = 0
        to_player = 0
        attacked = s.attack_targets.get(a.attacker) if s.attack_targets else None  # 702.19b: or the planeswalker
        for pair in a.assignment:
            if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[1], int) and pair[1] >= 0):
                raise IllegalAction("510.1c", Refusal.BAD_ASSIGNMENT, "assignments are (recipient, amount) pairs")
            rec, amt = pair
            if rec < 0 or (attacked is not None and rec == attacked):
                if not trample or rec != self._attacked_recipient(a.attacker, s.attackers[a.attacker]):
                    raise IllegalAction("510.1c", Refusal.NO_TRAMPLE,
                                        "a blocked creature without trample assigns damage only to its blockers")
                to_player += amt
            elif rec not in blockers:
                raise IllegalAction("510.1c", Refusal.NOT_A_BLOCKER, f"{rec} is not blocking this creature")
            total += amt
        if total != power:
            raise IllegalAction("510.1a", Refusal.WRONG_TOTAL, f"assign exactly {power} damage")
        if to_player:
            given = {rec: amt for rec, amt in a.assignment if rec > 0 and rec != attacked}
            if any(given.get(b, 0) < self.lethal_damage(b, a.attacker) for b in blockers):
                raise IllegalAction("702.19b", Refusal.TRAMPLE_LETHAL, "assign lethal damage to every blocker before the player")
        return player

    def _perform_assign(self, a: AssignCombatDamage, player: int) -> None:
        self.state.damage_plan[a.attacker] = a.assignment
        self.state.pending = ()
        self._start_damage()

    def _generate_assignments(self) -> Iterator[AssignCombatDamage]:
        """Lethal damage to each blocker in turn, the rest to the last one (or to the player with trample);
        and everything to the first blocker."""
        s = self.state
        att = s.pending[2]
        power = max(0, self.power_toughness(att)[0])
        blockers = self._blockers_of(att)
        trample = "trample" in self.keywords(att)
        for order in itertools.islice(itertools.permutations(blockers), 6):
            left, plan = power, []
            for b in order:
                give = min(left, self.lethal_damage(b, att))
                plan.append((b, give))
                left -= give
            if left:
                recipient = self._attacked_recipient(att, s.attackers[att]) if trample else None
                if recipient is not None:
                    plan.append((recipient, left))
                else:
                    plan[-1] = (plan[-1][0], plan[-1][1] + left)
            action = AssignCombatDamage(att, tuple(p for p in plan if p[1] or len(plan) == 1))
            if self.is_legal(action):
                yield action
        if blockers:
            action = AssignCombatDamage(att, ((blockers[0], power),))
            if self.is_legal(action):
                yield action

    # ---- dealing combat damage (510.1-510.2) ----------------------------------------------------
    def _deals_damage_now(self, oid: int) -> bool:
        """510.4: in the first-strike step only first and double strikers deal damage; in the next step
        those without first strike, and those with double strike again."""
        s = self.state
        if s.step is Step.FIRST_STRIKE_DAMAGE:
            return oid in s.first_strikers
        if not s.first_strike_done or s.step is not Step.COMBAT_DAMAGE:
            return True
        return oid not in s.first_strikers or "double strike" in self.keywords(oid)

    def _start_damage(self) -> None:
        """510.1: combat damage is assigned (asking the attacking player where there is a choice), then dealt."""
        s = self.state
        for att in list(s.attackers):
            if att in s.objects and self._deals_damage_now(att) and att not in s.damage_plan and self._needs_assignment(att):
                s.pending = ("damage", s.active, att)
                return
        self._run_unit(("combat_damage",))

    def _combat_damage_unit(self) -> None:
        """The unit that deals combat damage (a replacement effect's choice may stop it, 616.1); then the active
        player gets priority (510.3)."""
        s = self.state
        self._deal_combat_damage()
        s.damage_plan = {}
        s.priority = s.active

    def _deal_combat_damage(self) -> None:
        """510.1b-d: unblocked attackers damage the defending player, blocked ones their blockers (or the
        player with trample, 702.19d, when no blocker is left), blockers the attacker; 510.2: all at once."""
        s = self.state
        by_source: list[tuple[int, list[tuple[int, int]]]] = []
        for att, defender in list(s.attackers.items()):
            if att not in s.objects or not self._deals_damage_now(att):
                continue
            power = max(0, self.power_toughness(att)[0])
            if att in s.damage_plan:
                by_source.append((att, list(s.damage_plan[att])))
            elif att not in s.blocked:
                recipient = self._attacked_recipient(att, defender) if s.attack_targets else player_target(defender)
                if recipient is not None:  # 510.1b: the player or planeswalker it attacks (506.4c: none left)
                    by_source.append((att, [(recipient, power)]))
            else:
                blockers = self._blockers_of(att)
                if blockers:
                    by_source.append((att, [(blockers[0], power)]))  # 510.1c: a single blocker
                elif "trample" in self.keywords(att):
                    recipient = self._attacked_recipient(att, defender) if s.attack_targets else player_target(defender)
                    if recipient is not None:
                        by_source.append((att, [(recipient, power)]))  # 702.19d
                # else: blocked with no blockers left: no damage (510.1c)
        for b, att in list(s.blocks.items()):
            if b in s.objects and att in s.attackers and att in s.objects and self._deals_damage_now(b):
                by_source.append((b, [(att, max(0, self.power_toughness(b)[0]))]))  # 510.1d
        self._deal_damage_batch([(src, s.objects[src].card, s.objects[src].controller, recipients)
                                 for src, recipients in by_source], combat=True)


DECLARE_ATTACKERS = ActionRules("attackers", Combat._validate_attackers, Combat._perform_attackers,
                                Combat._generate_attackers)
DECLARE_BLOCKERS = ActionRules("blockers", Combat._validate_blockers, Combat._perform_blockers, Combat._generate_blockers)
ASSIGN_COMBAT_DAMAGE = ActionRules("damage", Combat._validate_assign, Combat._perform_assign, Combat._generate_assignments)


UNITS["combat_damage"] = Combat._combat_damage_unit
