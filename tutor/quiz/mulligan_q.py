"""Mulligan questions computed by the engine: the London mulligan at the start of the game (103.5).

``mulligan:hand`` — each player takes some mulligans and keeps: how many cards are in the asked player's opening
hand? ``mulligan:bottom`` — a player keeps a hand of so many cards: how many cards did they put on the bottom of
their library with their last mulligan (as many as the mulligans taken so far: the hand's size says how many)?

The engine plays the start of the game (``Game.begin``: seeded shuffles, opening hands, the declarations in turn
order and the cards put on the bottom, each a choice it asks); the generator answers its choices as the prompt
says and reads the answer from the events (``keep``: the opening hand; ``bottom``: the cards put on the bottom).
The position is written down as a scenario with ``start: true`` and its ``seed``, so that it replays the same.
"""

from __future__ import annotations

import random

from tutor.engine import Game
from tutor.engine.actions import Choose
from tutor.engine.choices import ChoiceKind
from tutor.engine.events import EventKind
from tutor.engine.start import KEEP, MULLIGAN
from tutor.engine.state import Player, State
from tutor.events_text import render_event
from tutor.i18n import t
from tutor.quiz.describe import bullets
from tutor.quiz.model import Question, Rejected, both, draw
from tutor.quiz.position import PLAYERS, pool

__all__ = ["FAMILIES", "build", "play_start"]

FAMILIES: dict[str, tuple[int, tuple[str, ...]]] = {
    "mulligan:hand": (1, ("mulligan", "game-start")),
    "mulligan:bottom": (2, ("mulligan", "game-start")),
}
_DECK = ("forest", "mountain", "plains", "island", "swamp", "grizzly-bears", "savannah-lions", "hill-giant",
         "giant-growth", "shock")
_SHOWN = frozenset({EventKind.STARTING_PLAYER, EventKind.HAND_DRAWN, EventKind.MULLIGAN, EventKind.BOTTOM,
                    EventKind.KEEP, EventKind.GAME_BEGINS})


def build(family: str, seed: int) -> Question:
    """The question ``family@seed`` (the same every time)."""
    return draw(family, seed, _attempt)


def play_start(libraries: list[list[str]], starting: int, plan: tuple[int, int], game_seed: int):
    """Play the start of the game: each player takes `plan[p]` mulligans, then keeps; after each mulligan they put
    the first cards of their new hand on the bottom. The game (at the first priority of turn 1) and the actions
    played, in the scenario format."""
    game = Game(pool(), State(players=[Player(0), Player(1)]), seed=game_seed)
    for p, library in enumerate(libraries):
        for cid in library:
            game.create(cid, p, "library")
    game.begin(starting, hand_size=7, shuffle=True)
    actions: list[dict] = []
    taken = [0, 0]
    for _ in range(100):
        pending = game.pending
        if pending[0] != "choice":
            break
        player, choice = pending[1], pending[2]
        who = PLAYERS[player]
        if choice.kind == ChoiceKind.MULLIGAN:
            if taken[player] < plan[player]:
                taken[player] += 1
                game.apply(Choose((MULLIGAN,)))
                actions.append({"mulligan": who})
            else:
                game.apply(Choose((KEEP,)))
                actions.append({"keep": who})
        elif choice.kind == ChoiceKind.BOTTOM:
            n = choice.count[0]
            picks = [o.value for o in choice.options[:n]]
            cards = [game.state.objects[v].card.id for v in picks]
            game.apply(Choose(tuple(picks)))
            actions.append({"bottom": cards, "by": who})
        else:  # pragma: no cover - the start of the game asks nothing else
            raise Rejected(f"an unexpected choice: {choice.kind}")
    return game, actions


def _attempt(family: str, seed: int, rng: random.Random) -> Question:
    difficulty, topics = FAMILIES[family]
    asked = rng.choice((0, 1))
    starting = rng.choice((0, 1))
    low = 2 if family == "mulligan:bottom" else 1
    k = rng.choice((low, low, low + 1, low + 1, low + 2, 4, 5))
    j = rng.choice((0, 0, 1, 1, 2, 3))
    plan = (k, j) if asked == 0 else (j, k)
    libraries = [[rng.choice(_DECK) for _ in range(24)] for _ in (0, 1)]
    game_seed = rng.randrange(2**31)
    game, actions = play_start(libraries, starting, plan, game_seed)
    if game.state.turn != 1:
        raise Rejected("the game did not begin")
    events = list(game.events)
    if family == "mulligan:hand":
        answer = next(e.data["count"] for e in events if e.kind == EventKind.KEEP and e.data["player"] == asked)
    else:  # the cards put on the bottom with the last mulligan (103.5: as many as the mulligans taken)
        answer = [e.data["count"] for e in events if e.kind == EventKind.BOTTOM and e.data["player"] == asked][-1]
    kept = next(e.data["count"] for e in events if e.kind == EventKind.KEEP and e.data["player"] == asked)
    said = (j, kept) if family == "mulligan:bottom" else (k, j)
    if answer in said:
        raise Rejected("the answer is a number the prompt says")
    who, other = PLAYERS[asked], PLAYERS[1 - asked]

    def prompt(lang: str) -> str:
        mine = (t("quiz.mulligan.kept", lang, player=who, hand=kept) if family == "mulligan:bottom"
                else t("quiz.mulligan.plan", lang, player=who, n=k))
        lines = [t("quiz.mulligan.intro", lang, starting=PLAYERS[starting]), mine,
                 t("quiz.mulligan.plan" if j else "quiz.mulligan.keeps", lang, player=other, n=j),
                 t("quiz.mulligan.ask_" + family.split(":", 1)[1], lang, player=who)]
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        shown = [render_event(e, pool(), lang) for e in events if e.kind in _SHOWN]
        end = t("quiz.mulligan.answer_" + family.split(":", 1)[1], lang, player=who, n=answer, k=k, hand=kept)
        return t("quiz.explain.engine", lang, events=bullets(shown), answer=end)

    spec = {"seed": game_seed,
            "setup": {"start": True, "starting_player": PLAYERS[starting],
                      "players": {PLAYERS[p]: {"library": list(libraries[p])} for p in (0, 1)}},
            "actions": actions}
    return Question(
        id=f"{family}@{seed}", kind="mulligan", card=family, family=family, seed=seed, topic=topics,
        difficulty=difficulty + (k >= 4), prompt=both(prompt), options=None, answer_format="number", answer=answer,
        explanation=both(explanation), rules=("103.5",),
        concepts=("mulligan",), hints=(both(lambda lang: t("quiz.hint.mulligan." + family.split(":", 1)[1], lang)),),
        expected_ms=25_000,
        data={"position": spec, "test_cards": [], "asked": who, "plan": {PLAYERS[p]: plan[p] for p in (0, 1)}})
