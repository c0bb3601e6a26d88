"""A small, exact rules engine for two-player Magic: The Gathering games (no I/O, no UI).

>>> from tutor.engine import Game, PassPriority
"""

from tutor.engine.actions import (
    ActivateAbility,
    AssignCombatDamage,
    CastSpell,
    Choose,
    ChooseLegend,
    DeclareAttackers,
    DeclareBlockers,
    Discard,
    PassPriority,
    PlayLand,
    player_target,
)
from tutor.engine.cards import CardDef, card_from_dict
from tutor.engine.choices import Choice, ChoiceKind, ChoiceOption
from tutor.engine.errors import CardDefinitionError, EngineError, IllegalAction
from tutor.engine.events import Event, EventKind
from tutor.engine.game import Game, LegalActions
from tutor.engine.state import Outcome, Step, Termination

_LAZY = {"BoardView": "tutor.engine.view", "Decision": "tutor.engine.view", "StackKind": "tutor.engine.view",
         "ChoiceView": "tutor.engine.view"}


def __getattr__(name: str):
    """The board view's types are imported on first use (they are not needed to play)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'tutor.engine' has no attribute {name!r}")

__all__ = [
    "ActivateAbility", "AssignCombatDamage", "BoardView", "CardDef", "CardDefinitionError", "CastSpell", "Choice",
    "ChoiceKind", "ChoiceOption", "ChoiceView", "Choose", "ChooseLegend", "DeclareAttackers", "DeclareBlockers", "Decision", "Discard", "EngineError", "Event", "EventKind", "Game",
    "IllegalAction", "LegalActions", "Outcome", "PassPriority", "PlayLand", "StackKind", "Step", "Termination",
    "card_from_dict", "player_target",
]
