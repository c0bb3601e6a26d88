"""Actions: small frozen value objects, like python-chess moves; their repr is valid code.

>>> CastSpell(card=12, targets=(3,), x=2)
CastSpell(card=12, targets=(3,), x=2, sacrifice=None, tap=None, modes=(), kicked=False, alternative=False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

__all__ = [
    "Action", "ActionRules", "ActivateAbility", "AssignCombatDamage", "CastSpell", "ChooseLegend", "DeclareAttackers",
    "Choose", "DeclareBlockers", "Discard", "PassPriority", "PlayLand",
]

def player_target(player: int) -> int:
    """The target id of a player: -1 for player 0, -2 for player 1 (objects have ids >= 1)."""
    return -1 - player


@dataclass(frozen=True, slots=True)
class PassPriority:
    """CR 117.3d: pass priority."""


@dataclass(frozen=True, slots=True)
class PlayLand:
    """CR 305.1 / 116.2a: play a land from hand (a special action; doesn't use the stack)."""

    card: int


@dataclass(frozen=True, slots=True)
class CastSpell:
    """CR 601.2: cast a spell from hand. Targets are object ids or player targets (-1, -2)."""

    card: int
    targets: tuple = ()
    x: int = 0
    sacrifice: int | None = None  # the permanent sacrificed as an additional cost
    tap: tuple | None = None  # mana sources to tap; None lets the engine choose
    # part 2: spells with modes and costs (601.2b): the modes chosen (0-based, in printed order, 700.2), whether
    # the kicker cost is paid (702.33), whether the alternative cost is paid instead of the mana cost (118.9)
    modes: tuple = ()
    kicked: bool = False
    alternative: bool = False


@dataclass(frozen=True, slots=True)
class ActivateAbility:
    """CR 602: activate an ability of a permanent (mana abilities resolve at once, 605.3)."""

    source: int
    index: int = 0
    targets: tuple = ()
    x: int = 0
    tap: tuple | None = None


@dataclass(frozen=True, slots=True)
class DeclareAttackers:
    """CR 508.1: the active player declares attacking creatures (possibly none); 508.1b: `planeswalkers` are
    (attacker, planeswalker) pairs for those that attack a planeswalker, the others attack the defending player."""

    attackers: tuple = ()
    planeswalkers: tuple = ()


@dataclass(frozen=True, slots=True)
class DeclareBlockers:
    """CR 509.1: the defending player declares blocks as (blocker, attacker) pairs."""

    blocks: tuple = ()


@dataclass(frozen=True, slots=True)
class AssignCombatDamage:
    """CR 510.1c-d: an attacker's controller divides its combat damage: ((recipient, amount), ...)."""

    attacker: int
    assignment: tuple = ()


@dataclass(frozen=True, slots=True)
class ChooseLegend:
    """CR 704.5j: keep one of several legendary permanents with the same name."""

    keep: int


@dataclass(frozen=True, slots=True)
class Discard:
    """CR 514.1: discard down to maximum hand size in the cleanup step."""

    cards: tuple = ()


@dataclass(frozen=True, slots=True)
class Choose:
    """Answer the choice the game waits for (`tutor.engine.choices`): the values of the options picked; for an
    order, every option in order (the first is put on the stack first)."""

    picks: tuple = ()


class ActionRules(NamedTuple):
    """How the rules treat one action type (an entry of `tutor.engine.game.ACTION_RULES`), PokerKit style:
    the decision it answers and its validate / perform / generate functions, which take the game first.

    - ``validate(game, action) -> plan`` checks the action without changing anything and raises
      IllegalAction (with its rule); the plan (the acting player, a payment, ...) goes to
    - ``perform(game, action, plan)``, which plays it;
    - ``generate(game)`` yields the legal actions of this type for the pending decision, or
    - ``from_source(game, obj, player, include_mana_abilities)`` those by which `player` (who has priority)
      uses one object `obj` in zone `source_zone` (play or cast a card from hand, activate an ability of a
      permanent).
    """

    decision: str  # the pending decision the action answers: priority, attackers, blockers, damage, legend, discard
    validate: Callable
    perform: Callable
    generate: Callable | None = None
    from_source: Callable | None = None
    source_zone: str | None = None


Action = PassPriority | PlayLand | CastSpell | ActivateAbility | DeclareAttackers | DeclareBlockers | \
    AssignCombatDamage | ChooseLegend | Discard | Choose
