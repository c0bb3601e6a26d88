"""The number parser the lessons and the quiz share, now :mod:`tutor.numbers` (re-exported here)."""

from tutor.numbers import MAX_DIGITS, parse_number

__all__ = ["MAX_DIGITS", "parse_number"]
