"""Events: what happened, with the rule numbers that justify it (for logs, lessons and links)."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Event"]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `rules` are Comprehensive Rules numbers; `data` the particulars
    (object ids, player indexes, amounts, card ids)."""

    kind: str
    rules: tuple
    data: dict = field(default_factory=dict)
    turn: int = 0
    step: str = ""
