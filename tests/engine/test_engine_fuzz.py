"""Random-play fuzzing of the engine (seeded, bounded): invariants hold after every legal action, and the
legal-action view agrees with the action validator."""

from __future__ import annotations

import random

import pytest

from tutor.cardpool import load_cards
from tutor.engine import (
    ActivateAbility,
    CastSpell,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    Game,
    IllegalAction,
    PassPriority,
    PlayLand,
)
from tutor.engine.play import random_action, random_deck


def check_invariants(game: Game, total_cards: int) -> None:
    s = game.state
    # Every object is in exactly one zone, and the zone lists agree with the objects.
    seen: dict[int, str] = {}
    for zone_ids, zone in [(s.battlefield, "battlefield")] + [
        (getattr(p, z), z) for p in s.players for z in ("library", "hand", "graveyard", "exile")
    ]:
        for oid in zone_ids:
            assert oid not in seen, f"object {oid} in {seen[oid]} and {zone}"
            seen[oid] = zone
            assert s.objects[oid].zone == zone
    for item in s.stack:
        if item.kind == "spell":
            assert item.id not in seen and s.objects[item.id].zone == "stack"
            seen[item.id] = "stack"
    assert set(seen) == set(s.objects), "objects outside every zone"
    # Cards are conserved (tokens aside).
    copies = sum(1 for it in s.stack if it.copy)  # part 2: a copy of a spell is not a card (707.10)
    assert sum(1 for o in s.objects.values() if not o.card.token) - copies == total_cards
    # When a player gets priority, no state-based action is pending (117.5, 704.3).
    if s.pending and s.pending[0] == "priority":
        for o in s.objects.values():
            assert not o.card.token or o.zone == "battlefield", "a token outside the battlefield must cease to exist (704.5d)"
        left = game.applicable_state_based_actions()
        assert not left, f"state-based actions left undone at priority: {left}"
        assert not s.triggers
    # Combat bookkeeping only refers to creatures on the battlefield.
    for oid in list(s.attackers) + list(s.blocks):
        assert s.objects[oid].zone == "battlefield" and "creature" in s.objects[oid].card.types
    for p in s.players:
        assert all(v >= 0 for v in p.pool.values())
        assert p.lands_played <= 1
    # A choice waits with a unit to go on (tutor.engine.choices); without one, nothing is half done.
    if s.pending and s.pending[0] == "choice":
        assert s.suspended, "a choice is pending but no unit waits for it"
        choice = s.pending[2]
        assert choice.forced() is None, "a choice with one possible answer is asked"
    else:
        assert not s.suspended and not s.answers
        assert s.resolving is None or s.outcome is not None


def mutations(game: Game, rng: random.Random) -> list:
    """Actions that are probably illegal: random objects, wrong decisions, bad targets."""
    ids = list(game.state.objects) + [0, 999_999, -1, -2]
    pick = lambda: rng.choice(ids)  # noqa: E731
    return [PlayLand(pick()), CastSpell(pick(), (pick(),)), CastSpell(pick()), ActivateAbility(pick(), rng.randint(0, 2), (pick(),)),
            DeclareAttackers((pick(),)), DeclareBlockers(((pick(), pick()),)), PassPriority(), Choose((pick(),)),
            Choose((pick(), pick())), Choose(())]


def _all_cards() -> dict:
    """The pool and every card a shipped scenario defines for itself (the richer pool of the fuzzer)."""
    from tutor.scenario import shipped_cards

    return {c.id: c for c in shipped_cards()}


@pytest.mark.parametrize("pool,seed", [("pool", s) for s in range(12)] + [("shipped", s) for s in range(100, 124)]
                         + [("mulligans", s) for s in range(200, 208)])  # part 2: games that start with mulligans
def test_random_play_invariants(pool, seed):
    cards = _all_cards() if pool == "shipped" else load_cards()
    rng = random.Random(seed)
    game = Game.new(cards, [random_deck(cards, rng), random_deck(cards, rng)], seed=seed, mulligans=pool == "mulligans")
    total = sum(1 for o in game.state.objects.values() if not o.card.token)
    check_invariants(game, total)
    for step in range(1500):
        if game.outcome is not None or game.state.turn > 16:
            break
        legal = game.legal_actions()
        options = list(legal)
        assert options, f"no legal action while waiting for {game.pending}"
        if step % 11 == 0:
            # Every generated action is accepted by the validator and plays without error.
            for action in options[:6]:
                assert action in legal
                game.push(action)
                check_invariants(game, total)
                game.pop()
            # The validator and `in` agree on arbitrary actions too.
            for action in mutations(game, rng):
                inside = action in legal
                try:
                    game.push(action)
                except IllegalAction:
                    assert not inside, f"{action} is in the legal view but was refused"
                else:
                    assert inside, f"{action} was played but is not in the legal view"
                    game.pop()
        action = random_action(game, rng)
        game.apply(action)
        check_invariants(game, total)


def test_undo_restores_the_position():
    cards = load_cards()
    rng = random.Random(3)
    game = Game.new(cards, [random_deck(cards, rng), random_deck(cards, rng)], seed=3)
    before = (game.state.turn, game.state.step, len(game.events), sorted(game.state.objects))
    for _ in range(30):
        game.push(random_action(game, rng))
    for _ in range(30):
        game.pop()
    assert (game.state.turn, game.state.step, len(game.events), sorted(game.state.objects)) == before


def test_games_are_deterministic():
    cards = load_cards()

    def play(seed: int) -> list:
        rng = random.Random(seed)
        game = Game.new(cards, [random_deck(cards, rng), random_deck(cards, rng)], seed=seed)
        for _ in range(400):
            if game.outcome is not None:
                break
            game.apply(random_action(game, rng))
        return [(e.kind, e.rules, tuple(sorted((k, str(v)) for k, v in e.data.items()))) for e in game.events]

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_every_event_names_its_rules():
    cards = load_cards()
    rng = random.Random(5)
    game = Game.new(cards, [random_deck(cards, rng), random_deck(cards, rng)], seed=5)
    for _ in range(600):
        if game.outcome is not None:
            break
        game.apply(random_action(game, rng))
    assert game.events
    for e in game.events:
        assert e.rules and all(r[0].isdigit() for r in e.rules), e


# part 2: the start of the game (103.5)
def test_random_games_with_mulligans_start_and_are_deterministic():
    """The random agent starts games with mulligans (at most 2 each): every mulligan puts as many cards on the bottom
    as mulligans taken, the game reaches turn 1, and the same seed plays the same game."""
    cards = load_cards()

    def play(seed: int) -> tuple:
        rng = random.Random(seed)
        game = Game.new(cards, [random_deck(cards, rng), random_deck(cards, rng)], seed=seed, mulligans=True)
        while game.state.turn == 0:
            game.apply(random_action(game, rng))
        taken = [sum(1 for e in game.events if e.kind == "mulligan" and e.data["player"] == p) for p in (0, 1)]
        return taken, [len(game.state.players[p].hand) for p in (0, 1)], [e.kind for e in game.events]

    seen = set()
    for seed in range(30):
        taken, hands, kinds = play(seed)
        assert all(t <= 2 for t in taken) and hands == [7 - t for t in taken], (seed, taken, hands)
        assert kinds.index("game_begins") < kinds.index("turn_begins")
        seen.update(taken)
        assert play(seed)[2] == kinds
    assert seen == {0, 1, 2}
