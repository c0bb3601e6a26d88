"""Free play: the learner makes every choice for one side (or both) against the engine's seeded agent
(`tutor.engine.play.random_action`), from the end of a lesson or from any scenario position. Every move is
validated by the engine: a refused one is explained by its rule and changes nothing; every event comes with
its rules. No I/O."""

from __future__ import annotations

import copy
import random

from tutor.engine import IllegalAction
from tutor.engine.play import random_action
from tutor.lessons.moves import legal_moves
from tutor.lessons.results import EventLine, MoveResult

__all__ = ["AGENT_LIMIT", "FreePlay"]

AGENT_LIMIT = 400  # agent actions in a row at most (then the learner is asked, or the game stops)


class FreePlay:
    """A game where `learner` (0 = A, 1 = B; None = both) decides and the agent plays the other side."""

    def __init__(self, game, cards: dict, learner: int | None = 0, seed: int = 0) -> None:
        self.game = game
        self.cards = cards
        self.learner = learner
        self.rng = random.Random(seed)
        self.shown = len(game.events)
        self.marks: list[int] = []  # engine history length before each learner move (for undo)
        self.agent_moves = 0
        self.run_agent()

    @classmethod
    def from_game(cls, game, cards: dict, learner: int | None = 0, seed: int = 0) -> FreePlay:
        """Free play from a copy of `game` (the original is left as it is)."""
        memo = {id(c): c for c in game.cards.values()}  # card definitions are shared, not copied
        memo[id(game.cards)] = game.cards
        clone = copy.deepcopy(game, memo)
        clone.forget_history()
        return cls(clone, cards, learner, seed)

    @classmethod
    def from_scenario(cls, scenario, learner: int | None = 0, seed: int = 0) -> FreePlay:
        """Free play from a scenario's starting position (its ``setup``), before its actions."""
        from tutor.scenario import Table

        table = Table(scenario.cards, scenario.data["setup"], int(scenario.data.get("seed", 0)), push=True)
        return cls(table.setup(), scenario.cards, learner, seed)

    # -- whose turn to decide --------------------------------------------------------------------
    @property
    def deciding(self) -> int | None:
        """The player the game waits for (None when it is over)."""
        pend = self.game.pending
        return pend[1] if self.game.outcome is None and len(pend) > 1 else None

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.outcome is not None

    def learner_decides(self) -> bool:
        """Whether the game waits for the learner."""
        who = self.deciding
        return who is not None and (self.learner is None or who == self.learner)

    # -- what a player shows ---------------------------------------------------------------------
    def board(self):
        """The position (`BoardView`)."""
        return self.game.view()

    def moves(self, attempts: bool = True):
        """The learner's moves, grouped (empty while the agent is to decide or the game is over)."""
        return legal_moves(self.game, attempts) if self.learner_decides() else []

    def new_events(self) -> list[EventLine]:
        """Events not handed out yet, with their rules."""
        events = self.game.events[self.shown:]
        self.shown = len(self.game.events)
        return [EventLine(e, self.cards, self.game.object_cards) for e in events]

    # -- playing ---------------------------------------------------------------------------------
    def move(self, action) -> MoveResult:
        """The learner's move: played (then the agent answers until the learner decides again) or refused with
        the engine's reason and rule."""
        if not self.learner_decides():
            return MoveResult("not_now")
        mark = len(self.game.events)
        before = self.game.undo_depth
        try:
            self.game.push(action)
        except IllegalAction as exc:
            return MoveResult("illegal", refusal=exc)
        self.marks.append(before)
        self.run_agent()
        return MoveResult("accepted", events=tuple(EventLine(e, self.cards, self.game.object_cards)
                                                   for e in self.game.events[mark:]))

    def run_agent(self) -> int:
        """The agent decides until the learner must (or the game ends, or `AGENT_LIMIT` actions); returns how
        many actions it took."""
        n = 0
        while not self.over and not self.learner_decides() and n < AGENT_LIMIT:
            action = random_action(self.game, self.rng)
            if action is None:
                break
            self.game.push(action)
            n += 1
        self.agent_moves += n
        return n

    def can_undo(self) -> bool:

        """Whether the learner has a move to take back."""
        return bool(self.marks)

    def undo(self) -> bool:
        """Take back the learner's last move and the agent's answer to it."""
        if not self.marks:
            return False
        target = self.marks.pop()
        while self.game.undo_depth > target:
            self.game.pop()
        self.shown = min(self.shown, len(self.game.events))
        return True
