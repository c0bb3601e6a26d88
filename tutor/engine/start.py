"""The start of the game (103): the starting player, shuffling, opening hands and the London mulligan.

Rules (Foundations, 2024-11-08): 103.1 (the starting player, chosen before the game: here a parameter),
103.3 (each player shuffles their deck, which becomes their library), 103.4 (starting life 20: `Player.life`),
103.5 (each player draws a hand of seven; the mulligan process), 103.8 (the starting player takes the first turn;
103.8a, they skip the draw step of that turn, is in `turns.py`).

The mulligan process, exactly as 103.5 says it, in rounds:

1. each player who has not kept yet declares "keep" or "mulligan": first the starting player, then the other
   (a `Choice` of kind ``mulligan``, 103.5). Keeping makes the hand that player's opening hand; they take no
   further mulligans. A player whose hand would be zero cards takes no further mulligans (103.5, last sentence):
   they keep without being asked;
2. once every such player has declared, all those who declared "mulligan" take it at the same time: each shuffles
   their hand into their library and draws a new hand of seven (`hand_size`), then puts as many of those cards as
   mulligans they have taken on the bottom of their library, in any order (a `Choice` of kind ``bottom``, 103.5,
   asked in turn order from the starting player; the picks go to the bottom one at a time in the order given, so
   the last pick is the library's bottom card);
3. the round repeats until no player takes a mulligan; then the starting player takes the first turn (103.8).

The process is a unit of play (`UNITS["opening"]`) that keeps its progress in ``State.opening`` (an `Opening`),
so an answer re-runs only the question that asked. The turn is 0 while it goes on (no turn has begun).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.engine.choices import UNITS, Choice, ChoiceKind, ChoiceOption
from tutor.engine.errors import IllegalAction, Refusal
from tutor.engine.events import EventKind
from tutor.engine.state import Step

__all__ = ["KEEP", "MULLIGAN", "Opening", "Start"]

KEEP, MULLIGAN = 0, 1  # the values of the two options of a mulligan declaration


@dataclass(slots=True)
class Opening:
    """The mulligan process in progress (103.5): the starting hand size, the mulligans each player has taken,
    who has kept, this round's declarations (player -> took a mulligan), and the players who still have to put
    cards on the bottom this round (in turn order)."""

    hand_size: int = 7
    taken: list = field(default_factory=lambda: [0, 0])
    kept: list = field(default_factory=lambda: [False, False])
    declared: dict = field(default_factory=dict)
    bottom: list = field(default_factory=list)

    def order(self, starting: int) -> tuple[int, int]:
        """Turn order from the starting player (103.1, 103.5)."""
        return starting, 1 - starting


class Start:
    """Mixin of `Game`: beginning a game from its libraries, with opening hands and mulligans (103)."""

    def begin(self, starting_player: int = 0, *, hand_size: int = 7, shuffle: bool = True,
              mulligans: bool = True) -> None:
        """Start the game from the players' libraries (103): the starting player (103.1), each library shuffled
        (103.3; `shuffle=False` keeps a prepared library in its order), a hand of `hand_size` each (103.5), then the
        mulligan process (unless `mulligans` is False) and the first turn (103.8). With mulligans, the game then
        waits for the starting player's declaration (``pending``: a choice of kind ``mulligan``)."""
        s = self.state
        s.turn, s.active, s.starting_player, s.step = 0, starting_player, starting_player, Step.UNTAP
        s.step_queue, s.priority, s.pending = [], None, ()
        self._emit(EventKind.STARTING_PLAYER, ("103.1", "103.4"), player=starting_player,
                   life=s.players[starting_player].life)
        for p in Opening().order(starting_player):
            if shuffle:
                self._shuffle_library(p, "103.3")
            self._draw_hand(p, hand_size)
        if mulligans:
            s.opening = Opening(hand_size=hand_size)
            self._run_unit(("opening",))  # the first declaration is asked; the first turn once the process is over
        else:
            self._first_turn()
        self._run()

    @property
    def opening(self) -> Opening | None:
        """The mulligan process in progress, or None (before it or once the first turn has begun)."""
        return self.state.opening

    def check_declaration(self, player: int) -> None:
        """103.5: the starting player declares first, then the other player: IllegalAction if the game waits for
        the other player's mulligan declaration (a `Choose` doesn't say who answers: the scenario table asks this
        when a scenario names the player who declares)."""
        s = self.state
        if s.pending and s.pending[0] == "choice" and s.pending[2].kind == ChoiceKind.MULLIGAN and s.pending[1] != player:
            raise IllegalAction("103.5", Refusal.MULLIGAN_ORDER,
                                f"player {'AB'[s.pending[1]]} declares now, then the other player in turn order")

    def _shuffle_library(self, player: int, rule: str) -> None:
        lib = self.state.players[player].library
        self.rng.shuffle(lib)
        self._emit(EventKind.SHUFFLE, rule, player=player, count=len(lib))

    def _draw_hand(self, player: int, hand_size: int) -> None:
        """103.5: draw a hand of `hand_size` cards (as many as the library has)."""
        s = self.state
        lib = s.players[player].library
        for _ in range(min(hand_size, len(lib))):
            self._move(lib[0], "hand", fire=False)
        self._emit(EventKind.HAND_DRAWN, "103.5", player=player, count=len(s.players[player].hand))

    def _first_turn(self) -> None:
        """103.8: the starting player takes the first turn (`_run` begins it: the turn before "turn 0" ends)."""
        s = self.state
        s.opening = None
        self._emit(EventKind.GAME_BEGINS, "103.8", player=s.starting_player)
        s.active, s.turn, s.step_queue, s.priority, s.pending = 1 - s.starting_player, 0, [], None, ()

    def _opening_unit(self) -> None:
        """The mulligan process (103.5) from where it stands; asks one question at a time."""
        s = self.state
        op: Opening = s.opening
        order = op.order(s.starting_player)
        while True:
            if not op.bottom:
                for p in order:  # the declarations, in turn order
                    if op.kept[p] or p in op.declared:
                        continue
                    if op.taken[p] >= op.hand_size:  # the opening hand would be zero cards: no further mulligans
                        mulligan = False
                    else:
                        answer = self._ask(Choice(ChoiceKind.MULLIGAN, p, (
                            ChoiceOption(KEEP, player=p, what="keep"), ChoiceOption(MULLIGAN, player=p, what="mulligan")),
                            amount=op.taken[p]))
                        self._answered()
                        mulligan = answer == (MULLIGAN,)
                    op.declared[p] = mulligan
                    if not mulligan:
                        op.kept[p] = True
                        self._emit(EventKind.KEEP, "103.5", player=p, count=len(s.players[p].hand),
                                   mulligans=op.taken[p])
                takers = [p for p in order if op.declared.get(p)]
                if not takers:
                    break
                for p in takers:  # all at the same time
                    op.taken[p] += 1
                    hand = s.players[p].hand
                    self._emit(EventKind.MULLIGAN, "103.5", player=p, count=len(hand), mulligans=op.taken[p])
                    for oid in list(hand):
                        self._move(oid, "library", fire=False)
                    self._shuffle_library(p, "103.5")
                    self._draw_hand(p, op.hand_size)
                op.bottom = takers
            while op.bottom:
                p = op.bottom[0]
                hand = s.players[p].hand
                n = min(op.taken[p], len(hand))
                picks = self._ask(Choice(ChoiceKind.BOTTOM, p, tuple(
                    ChoiceOption(c, object=c, card=s.objects[c].card.id, physical=s.objects[c].card_id) for c in hand),
                    count=(n, n), amount=n)) if n else ()
                self._answered()
                cards = []
                for c in picks:
                    cards.append(s.objects[c].card.id)
                    self._move(c, "library", top=False, fire=False)
                self._emit(EventKind.BOTTOM, "103.5", player=p, count=len(picks), cards=cards,
                           mulligans=op.taken[p])
                op.bottom.pop(0)
            op.declared = {}
        self._first_turn()


UNITS["opening"] = Start._opening_unit
