"""The questions the quiz asks of a position, answered by the engine's API (tutor/engine: Game.lethal_damage,
max_trample_damage, can_block, block_refusal, can_cast, cast_refusal, cast_timing, next_to_resolve, refusal),
each checked against the engine's own legality by brute force."""

from __future__ import annotations

import itertools
import random

import pytest

from tutor.engine import AssignCombatDamage, CastSpell, IllegalAction, PassPriority, Step
from tutor.engine.actions import player_target
from tutor.quiz.position import Position
from tutor.quiz.position import test_creature as creature


def _damage_position(attacker, blockers, damage=()):
    """A attacks with `attacker` ((power, toughness, keywords)), blocked by `blockers` (the same), with
    `damage` already marked on them; played on to A's damage assignment."""
    pos = Position(Step.DECLARE_ATTACKERS)
    card, d = creature(*attacker)
    pos.add(pos.use_test_card(card, d), 0, alias="a")
    for i, spec in enumerate(blockers):
        card, d = creature(*spec)
        if card.id in pos.card_of.values():
            return None
        pos.add(pos.use_test_card(card, d), 1, alias=f"b{i}", damage=damage[i] if i < len(damage) else 0)
    game = pos.start()
    pos.attack(["a"])
    pos.passes(2)
    pos.block([(f"b{i}", "a") for i in range(len(blockers))])
    while game.pending[0] == "priority" and game.state.step is not Step.END_OF_COMBAT:
        game.apply(PassPriority())
    return pos, game


def _most_to_player_by_brute_force(game, att: int) -> int:
    blockers = [b for b, a in game.state.blocks.items() if a == att]
    power = game.power_toughness(att)[0]
    best = -1
    for split in itertools.product(range(power + 1), repeat=len(blockers)):
        rest = power - sum(split)
        if rest < 0:
            continue
        plan = tuple(zip(blockers, split)) + (((player_target(1), rest),) if rest else ())
        if AssignCombatDamage(att, plan) in game.legal_actions():
            best = max(best, rest)
    return best


def test_lethal_damage_counts_marked_damage_and_deathtouch():
    pos, game = _damage_position((5, 5, ("trample",)), [(2, 4, ()), (1, 3, ())], damage=(1, 0))
    a, b0, b1 = (pos.ids[x] for x in ("a", "b0", "b1"))
    assert game.pending[0] == "damage"
    assert game.lethal_damage(b0, a) == 3 and game.lethal_damage(b1, a) == 3  # 120.6: 4 - 1 marked, 3
    pos, game = _damage_position((2, 2, ("deathtouch", "trample")), [(2, 6, ())])
    assert game.lethal_damage(pos.ids["b0"], pos.ids["a"]) == 1  # 702.2c


@pytest.mark.parametrize("seed", range(12))
def test_max_trample_damage_is_the_most_a_legal_assignment_gives_the_player(seed):
    rng = random.Random(seed)
    kws = rng.choice((("trample",), ("trample", "deathtouch")))
    blockers = [(rng.randint(1, 3), rng.randint(1, 4), ()) for _ in range(rng.randint(1, 2))]
    made = _damage_position((rng.randint(2, 7), 6, kws), blockers, damage=[rng.randint(0, t - 1) for _, t, _ in blockers])
    if made is None or made[1].pending[0] != "damage":
        pytest.skip("no damage assignment in this position")
    pos, game = made
    assert game.max_trample_damage(pos.ids["a"]) == _most_to_player_by_brute_force(game, pos.ids["a"])


def test_cast_queries_agree_with_the_generated_actions():
    pos = Position(Step.PRECOMBAT_MAIN)
    for land in ("mountain", "mountain", "forest"):
        pos.add(land, 0)
    for card in ("shock", "grizzly-bears", "giant-growth", "ambush-viper", "soul-feast"):
        pos.add(card, 0, "hand", alias=card)
    game = pos.start()
    for card in ("shock", "grizzly-bears", "giant-growth", "ambush-viper", "soul-feast"):
        oid = pos.ids[card]
        castable = any(isinstance(a, CastSpell) and a.card == oid for a in game.legal_actions())
        assert game.can_cast(oid) is castable, card
        if not castable:
            exc, tried = game.cast_refusal(oid)
            assert isinstance(exc, IllegalAction) and game.refusal(tried) is not None
    assert game.cast_timing(pos.ids["shock"]) == ("instant", "117.1a")
    assert game.cast_timing(pos.ids["ambush-viper"]) == ("flash", "702.8a")
    assert game.cast_timing(pos.ids["grizzly-bears"]) == ("main", "117.1a")
    assert game.cast_timing(pos.ids["soul-feast"]) == ("main", "307.1")
    assert not game.can_cast(pos.ids["soul-feast"])  # five mana, three lands
    assert game.cast_refusal(pos.ids["soul-feast"])[0].reason == "cant_pay"


def test_next_to_resolve_is_the_top_of_the_stack_and_refusal_changes_nothing():
    pos = Position(Step.PRECOMBAT_MAIN)
    for land in ("mountain", "mountain", "forest"):
        pos.add(land, 0)
    pos.add("shock", 0, "hand", alias="shock")
    pos.add("giant-growth", 0, "hand", alias="growth")
    pos.add("grizzly-bears", 0, alias="bears")
    game = pos.start()
    assert game.next_to_resolve() is None
    game.apply(next(a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == pos.ids["shock"]))
    first = game.next_to_resolve()
    assert first == game.state.stack[-1].id
    game.apply(next(a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == pos.ids["growth"]))
    assert game.next_to_resolve() not in (None, first)
    top = game.next_to_resolve()
    before = len(game.events)
    assert game.refusal(CastSpell(pos.ids["bears"])) is not None and len(game.events) == before
    assert game.refusal(PassPriority()) is None
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert top not in {it.id for it in game.state.stack} and game.next_to_resolve() == first
