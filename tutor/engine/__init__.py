"""A small, exact rules engine for two-player Magic: The Gathering games (no I/O, no UI).

>>> from tutor.engine import Game, PassPriority
"""

from tutor.engine.actions import (
    ActivateAbility, AssignCombatDamage, CastSpell, ChooseLegend, DeclareAttackers, DeclareBlockers, Discard,
    PassPriority, PlayLand, player_target,
)
from tutor.engine.cards import CardDef, card_from_dict
from tutor.engine.errors import CardDefinitionError, EngineError, IllegalAction
from tutor.engine.events import Event
from tutor.engine.game import Game, LegalActions
from tutor.engine.state import Outcome, Step

__all__ = [
    "ActivateAbility", "AssignCombatDamage", "CardDef", "CardDefinitionError", "CastSpell", "ChooseLegend",
    "DeclareAttackers", "DeclareBlockers", "Discard", "EngineError", "Event", "Game", "IllegalAction", "LegalActions",
    "Outcome", "PassPriority", "PlayLand", "Step", "card_from_dict", "player_target",
]
