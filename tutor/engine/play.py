"""Random self-play: random decks and a seeded agent that picks among the legal actions (for fuzzing and
benchmarks; no test framework needed)."""

from __future__ import annotations

import itertools
import random

from tutor.engine.actions import Choose, DeclareAttackers, DeclareBlockers, PassPriority
from tutor.engine.game import Game
from tutor.engine.start import KEEP

__all__ = ["BASIC_LANDS", "random_action", "random_deck", "self_play"]

BASIC_LANDS = ["plains", "island", "swamp", "mountain", "forest"]


def random_deck(cards: dict, rng: random.Random, size: int = 40) -> list[str]:
    """A two-colour deck of `size` cards: two fifths basic lands of two random colours, the rest random
    nontoken, nonland cards of the pool (any colour: uncastable ones just stay in hand)."""
    spells = sorted(c for c, d in cards.items() if not d.token and "land" not in d.types)
    colors = rng.sample(range(5), 2)
    deck = [BASIC_LANDS[colors[i % 2]] for i in range(size * 2 // 5)]
    deck += [rng.choice(spells) for _ in range(size - len(deck))]
    return deck


def random_action(game: Game, rng: random.Random, pass_bias: float = 0.35, max_mulligans: int = 2):
    """A random legal action for the pending decision.

    At priority it plays a land, casts or activates something (not a bare mana ability, which would
    only empty away) when it can, and passes with probability `pass_bias` anyway. At the start of a game
    (`Game.new(..., mulligans=True)`) it keeps or takes a mulligan at random, keeping after `max_mulligans`.
    """
    kind = game.pending[0]
    if kind == "priority":
        if rng.random() < pass_bias:
            return PassPriority()
        sources = game.priority_sources(include_mana_abilities=False)
        start = rng.randrange(len(sources)) if sources else 0
        # From a random place, round the list once: the first object that offers anything; one of its first few actions.
        for oid in sources[start:] + sources[:start]:
            useful = list(itertools.islice(game.source_actions(oid, include_mana_abilities=False), 6))
            if useful:
                return rng.choice(useful)
        return PassPriority()
    if kind == "choice" and game.pending[2].kind == "mulligan" and game.pending[2].amount >= max_mulligans:
        return Choose((KEEP,))  # part 2: a bounded number of mulligans (103.5)
    options = list(game.legal_actions())
    if kind == "attackers" and len(options) > 1 and rng.random() < 0.2:
        return DeclareAttackers(())
    if kind == "blockers" and len(options) > 1 and rng.random() < 0.3:
        return DeclareBlockers(())
    return rng.choice(options) if options else None


def self_play(game: Game, seed: int = 0, max_turns: int = 30, max_actions: int = 20_000, check=None) -> Game:
    """Play random legal actions until the game ends or `max_turns` pass; `check(game, action)` runs after each."""
    rng = random.Random(seed)
    for _ in range(max_actions):
        if game.outcome is not None or game.state.turn > max_turns:
            break
        action = random_action(game, rng)
        if action is None:
            raise AssertionError(f"no legal action while waiting for {game.pending}")
        game.apply(action)
        if check is not None:
            check(game, action)
    return game
