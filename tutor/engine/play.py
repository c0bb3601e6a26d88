"""Random self-play: a seeded agent that picks among the legal actions (for fuzzing and benchmarks)."""

from __future__ import annotations

import random

from tutor.engine.actions import ActivateAbility, DeclareAttackers, DeclareBlockers, PassPriority
from tutor.engine.game import Game

__all__ = ["random_action", "self_play"]


def random_action(game: Game, rng: random.Random, pass_bias: float = 0.6):
    """A random legal action for the pending decision (passing priority more often than not)."""
    kind = game.pending[0]
    if kind == "priority" and rng.random() < pass_bias:
        return PassPriority()
    options = list(game.legal_actions())
    if kind == "priority":
        # Tapping lands for mana by hand only empties into nothing at the end of the step: rarely useful.
        useful = [a for a in options if not (isinstance(a, ActivateAbility) and game.obj(a.source).card.abilities[a.index].kind == "mana")]
        options = useful if useful and rng.random() < 0.95 else options
    if kind == "attackers" and len(options) > 1 and rng.random() < 0.3:
        return DeclareAttackers(())
    if kind == "blockers" and len(options) > 1 and rng.random() < 0.3:
        return DeclareBlockers(())
    return rng.choice(options) if options else None


def self_play(game: Game, seed: int = 0, max_turns: int = 30, max_actions: int = 5000, check=None) -> Game:
    """Play random legal actions until the game ends or `max_turns` pass; `check(game)` runs after each."""
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
