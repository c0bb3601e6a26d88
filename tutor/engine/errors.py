"""Typed errors of the rules engine. Every illegal action names the rule it breaks."""

from __future__ import annotations

__all__ = ["CardDefinitionError", "EngineError", "IllegalAction"]


class EngineError(Exception):
    """Base class of the engine's errors."""


class IllegalAction(EngineError):
    """An action the rules do not allow now: `rule` is the Comprehensive Rules number it breaks,
    `reason` a stable key (for translated messages) and `detail` the specifics.

    >>> str(IllegalAction("305.2", "second_land", "one land per turn"))
    'illegal action (rule 305.2): one land per turn'
    """

    def __init__(self, rule: str, reason: str, detail: str = "") -> None:
        super().__init__(f"illegal action (rule {rule}): {detail or reason}")
        self.rule = rule
        self.reason = reason
        self.detail = detail


class CardDefinitionError(EngineError):
    """A card definition outside the engine's vocabulary: `path` locates the key (``abilities.0.effects.1``)."""

    def __init__(self, card: str, path: str, message: str) -> None:
        super().__init__(f"card {card!r}, {path}: {message}")
        self.card = card
        self.path = path
        self.message = message
