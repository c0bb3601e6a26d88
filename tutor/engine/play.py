"""Random self-play: a seeded agent that picks among the legal actions (for fuzzing and benchmarks)."""

from __future__ import annotations

import itertools
import random

from tutor.engine.actions import DeclareAttackers, DeclareBlockers, PassPriority
from tutor.engine.game import Game

__all__ = ["random_action", "self_play"]


def random_action(game: Game, rng: random.Random, pass_bias: float = 0.35):
    """A random legal action for the pending decision.

    At priority it plays a land, casts or activates something (not a bare mana ability, which would
    only empty away) when it can, and passes with probability `pass_bias` anyway.
    """
    kind = game.pending[0]
    if kind == "priority":
        if rng.random() < pass_bias:
            return PassPriority()
        sources = game.priority_sources(include_mana_abilities=False)
        start = rng.randrange(len(sources)) if sources else 0
        for oid in sources[start:] + sources[:start]:  # from a random place, round the list once  # the first object that offers anything: pick one of its first few actions
            useful = list(itertools.islice(game.source_actions(oid, include_mana_abilities=False), 6))
            if useful:
                return rng.choice(useful)
        return PassPriority()
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
