"""Choices: the decisions the rules give a player in the middle of playing, asked one way.

A rule that gives a player a choice (the order of their simultaneous triggered abilities, 603.3b; a triggered
ability's targets, 603.3d; "you may", 603.5; which replacement or prevention effect applies first, 616.1; which
cards to discard, 701.8b; what to sacrifice, 701.17a; the mode of a modal triggered ability, 603.3c) *asks* with ``game._ask(Choice(...))``. The game then
waits for that player: ``game.pending`` is ``("choice", player, choice)``, ``legal_actions()`` offers the
``Choose`` actions that answer it, and playing one goes on from where the game stopped.

How the game stops and goes on: every place that may ask runs as a *unit* (`UNITS`: a triggered ability being
put on the stack, a spell or ability resolving, combat damage being dealt). A unit asks every question before it
changes anything; a question not answered yet suspends the unit (`Suspend`), and the answer re-runs it from
its start, the answers given so far replaying in order. A resolving spell or ability keeps its progress (the
instructions already followed, 608.2c), so only the instruction that asked is re-run.

A choice with one possible answer is not asked (a single legal target, one card in hand to discard).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from tutor.engine.actions import ActionRules, Choose
from tutor.engine.errors import IllegalAction, Refusal
from tutor.engine.events import EventKind

if TYPE_CHECKING:
    pass

__all__ = ["CHOOSE", "Choice", "ChoiceKind", "ChoiceOption", "Choices", "Suspend", "UNITS"]


class ChoiceKind(StrEnum):
    """What a choice decides, each with the rule that gives it to the player."""

    rule: str

    def __new__(cls, value: str, rule: str) -> ChoiceKind:
        member = str.__new__(cls, value)
        member._value_ = value
        member.rule = rule
        return member

    ORDER = "order", "603.3b"  # the order of a player's simultaneous triggered abilities on the stack
    MODE = "mode", "603.3c"  # the mode of a modal triggered ability as it is put on the stack (700.2b)
    TARGETS = "targets", "603.3d"  # a target of a triggered ability as it is put on the stack (601.2c)
    MAY = "may", "603.5"  # an optional triggered ability: whether to do it, on resolution
    REPLACEMENT = "replacement", "616.1"  # which replacement or prevention effect applies first
    DISCARD = "discard", "701.8b"  # which cards to discard
    SACRIFICE = "sacrifice", "701.17a"  # which permanents to sacrifice
    # part 2: the start of the game (tutor.engine.start)
    MULLIGAN = "mulligan", "103.5"  # whether to take a mulligan (options: keep, mulligan)
    BOTTOM = "bottom", "103.5"  # which cards of the new hand go on the bottom of the library, in order
    # part 2: counterspells and copies
    PAY = "pay", "118.12a"  # "counter ... unless its controller pays": whether to pay (yes / no), on resolution
    COPY_TARGETS = "copy_targets", "707.10c"  # a new target for a copy of a spell (or the same)


@dataclass(frozen=True, slots=True)
class ChoiceOption:
    """One possible answer. `value` is what ``Choose.picks`` holds; the rest says what it is: an object (a card,
    a permanent, a triggered ability's source, a replacement effect's source), a player, a yes or no (`what`),
    or an effect (`what`: its kind, "prevent", "double_damage"...). `card` is the card's id; `physical` the
    physical card (`Obj.card_id`), which scenarios name by alias; `ability` a triggered ability's index among its
    card's abilities (`what`: what it triggered on, or the keyword it comes from: "battle cry")."""

    value: int
    object: int | None = None
    player: int | None = None
    card: str = ""
    physical: int | None = None
    what: str = ""
    ability: int | None = None  # a triggered ability: its index among its card's abilities


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision a player must make now: `kind`, who decides, the options, how many to pick (`count`, at least
    and at most), the rule that gives it; `ordered` choices answer with every option in order. `card` and
    `source` are the spell or ability it belongs to; `about` the object or player it concerns (the damaged
    recipient for 616.1), `amount` a number it concerns (the damage)."""

    kind: ChoiceKind
    player: int
    options: tuple[ChoiceOption, ...]
    count: tuple[int, int] = (1, 1)
    card: str = ""
    source: int | None = None
    ordered: bool = False
    about: int | None = None
    amount: int | None = None

    @property
    def rule(self) -> str:
        return self.kind.rule

    def forced(self) -> tuple | None:
        """The answer when there is only one possible answer (nothing to ask), else None."""
        values = tuple(o.value for o in self.options)
        if self.ordered:
            return values if len(values) <= 1 else None
        if len(values) <= self.count[0]:
            return values
        return None

    def answers(self, bound: int = 64) -> Iterator[tuple]:
        """The possible answers (at most `bound`): the orders of all options, or the combinations of `count`."""
        values = [o.value for o in self.options]
        if self.ordered:
            yield from itertools.islice(itertools.permutations(values), bound)
            return
        lo, hi = self.count
        out = (c for n in range(lo, min(hi, len(values)) + 1) for c in itertools.combinations(values, n))
        yield from itertools.islice(out, bound)


class Suspend(Exception):  # noqa: N818 - not an error: control flow of a unit waiting for a choice
    """Raised by `Choices._ask` when a unit needs an answer it doesn't have yet."""

    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.kind)
        self.choice = choice


class Choices:
    """Mixin of `Game`: asking, suspending and resuming units, and the Choose action."""

    _asked = 0  # answers replayed so far in the running unit

    def _ask(self, choice: Choice) -> tuple:
        """The answer to `choice`: the only possible one, one already given (replayed), or Suspend."""
        forced = choice.forced()
        if forced is not None:
            return forced
        s = self.state
        if self._asked < len(s.answers):
            answer = s.answers[self._asked]
            self._asked += 1
            return answer
        raise Suspend(choice)

    def _run_unit(self, unit: tuple) -> bool:
        """Run (or run again, with the answers given so far) a unit of play that may ask; True when it is done,
        False when it waits for a choice (then ``pending`` is the choice)."""
        s = self.state
        self._asked = 0
        try:
            UNITS[unit[0]](self, *unit[1:])
        except Suspend as stop:
            s.suspended = unit
            s.pending = ("choice", stop.choice.player, stop.choice)
            return False
        s.suspended = ()
        s.answers = []
        return True

    def _answered(self) -> None:
        """The instruction that asked is done: its answers are not replayed again."""
        self.state.answers = []
        self._asked = 0

    # ---- Choose ----------------------------------------------------------------------------------
    def _validate_choose(self, a: Choose):
        """The rule of the choice: picks among its options, as many as it says (all of them, in order, for an
        order), each once."""
        player = self._need("choice")
        choice: Choice = self.state.pending[2]
        picks = a.picks
        values = [o.value for o in choice.options]
        if not isinstance(picks, tuple) or len(set(picks)) != len(picks) or any(p not in values for p in picks):
            raise IllegalAction(choice.rule, Refusal.BAD_CHOICE, "choose among the options, each at most once")
        lo, hi = (len(values), len(values)) if choice.ordered else choice.count
        if not lo <= len(picks) <= hi:
            raise IllegalAction(choice.rule, Refusal.CHOICE_COUNT,
                                f"choose {lo}" if lo == hi else f"choose from {lo} to {hi}")
        return player, choice

    def _perform_choose(self, a: Choose, plan) -> None:
        player, choice = plan
        s = self.state
        self._emit(EventKind.CHOICE, choice.rule, player=player, kind=str(choice.kind), picks=list(a.picks),
                   options=[_option_data(o) for o in choice.options if o.value in a.picks],
                   order=[_option_data(next(o for o in choice.options if o.value == v)) for v in a.picks],
                   card=choice.card)
        s.answers.append(a.picks)
        s.pending = ()
        self._run_unit(s.suspended)

    def _generate_choices(self) -> Iterator[Choose]:
        choice: Choice = self.state.pending[2]
        for answer in choice.answers():
            yield Choose(answer)


def _option_data(o: ChoiceOption) -> dict:
    """What an option is, for the event log: object, player, card, what."""
    return {k: v for k, v in (("object", o.object), ("player", o.player), ("card", o.card), ("what", o.what)) if v not in (None, "")}


UNITS: dict[str, Callable] = {}
"""The units that may ask, by name (filled in by the rule areas): ``triggers`` (putting waiting triggered
abilities on the stack), ``resolve`` (the top of the stack resolving), ``combat_damage`` (dealing it)."""

CHOOSE = ActionRules("choice", Choices._validate_choose, Choices._perform_choose, Choices._generate_choices)
