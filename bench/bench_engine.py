"""Rules-engine benchmarks: random self-play throughput (turns per second, one core) on the card pool,
and the time to run the whole scenario suite. A fixed pure-Python workload timed in the same run is the
baseline: turns per baseline unit compare runs on a busy or different machine.

Run from the project root: ``python bench/bench_engine.py [--games N]`` (no test framework needed).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def baseline() -> float:
    """Seconds for a fixed pure-Python workload (objects, attributes, dicts, calls): the best of three."""
    class Point:
        __slots__ = ("a", "b")

        def __init__(self, a: int, b: int) -> None:
            self.a, self.b = a, b

    def once() -> float:
        t0 = time.perf_counter()
        totals: dict[int, int] = {}
        for i in range(200_000):
            p = Point(i, i % 7)
            totals[i % 1000] = totals.get(i % 1000, 0) + p.a * p.b
        return time.perf_counter() - t0

    return min(once() for _ in range(3))


OLD_TRIGGERS = ("enters", "dies", "upkeep")
OLD_EFFECTS = ("damage", "destroy", "exile", "bounce", "draw", "discard", "gain_life", "lose_life", "counter", "tap",
               "untap", "create_token", "counters", "pump", "grant", "regenerate", "prevent", "extra_combat")


def core_pool(cards: dict) -> dict:
    """The cards that use only the vocabulary of the engine before its part 1 (no new trigger events, conditions,
    modes, replacement effects, rule effects, battle cry or new effects)."""
    def old(card) -> bool:
        if "battle cry" in card.keywords:
            return False
        for ab in card.abilities:
            if ab.kind == "replacement" or ab.prohibit or ab.modes or ab.condition or ab.may or ab.what is not None:
                return False
            if ab.kind == "triggered" and ab.when not in OLD_TRIGGERS:
                return False
            if any(name not in OLD_EFFECTS for name, _ in ab.effects):
                return False
        return all(name in OLD_EFFECTS for name, _ in card.spell_effects)
    return {cid: c for cid, c in cards.items() if old(c)}


def self_play_pool(cards: dict, games: int, max_turns: int) -> tuple[int, int, int, float]:
    """Random self-play on `cards`: (turns, actions, games ended, seconds)."""
    from tutor.engine import Game
    from tutor.engine.play import random_action, random_deck

    turns = actions = ended = 0
    t0 = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(cards, [random_deck(cards, rng), random_deck(cards, rng)], seed=seed)
        while game.outcome is None and game.state.turn <= max_turns:
            game.apply(random_action(game, rng))
            actions += 1
        turns += min(game.state.turn, max_turns)
        ended += game.outcome is not None
    return turns, actions, ended, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--turns", type=int, default=20)
    args = ap.parse_args()
    from tutor.cardpool import load_cards
    from tutor.scenario import load_scenario, run_scenario

    cards = load_cards()
    base = baseline()
    # The whole pool, and its core: the cards written in the vocabulary the engine had before it modelled choices,
    # triggers of every kind and replacement effects (the same run: what the new rules cost the old games).
    for label, pool in (("whole pool", cards), ("core pool", core_pool(cards))):
        turns, actions, ended, dt = self_play_pool(pool, args.games, args.turns)
        print(f"random self-play, {label} ({sum(not c.token for c in pool.values())} cards): {args.games} games, "
              f"{turns} turns, {actions} actions in {dt:.2f} s: {turns / dt:,.0f} turns/s, {actions / dt:,.0f} actions/s "
              f"({ended} games ended before turn {args.turns}; goal >= 2,000 turns/s)")
        print(f"  baseline: a fixed pure-Python workload took {base * 1000:.0f} ms in this run: "
              f"{turns * base / dt:.1f} turns, {actions * base / dt:.0f} actions per baseline unit")

    files = sorted((ROOT / "lessons" / "scenarios").glob("*.yaml"))
    t0 = time.perf_counter()
    scenarios = [load_scenario(f, cards, f.name) for f in files]
    t1 = time.perf_counter()
    results = [run_scenario(sc) for sc in scenarios]
    t2 = time.perf_counter()
    print(f"scenario suite: {len(files)} files loaded in {(t1 - t0) * 1000:.0f} ms, run in {(t2 - t1) * 1000:.0f} ms "
          f"(total {(t2 - t0):.2f} s; goal < 2 s); {sum(r.ok for r in results)} pass")


if __name__ == "__main__":
    main()
