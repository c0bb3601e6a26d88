"""Whether developer details are shown: the source files and lines of the glossary and the rules, internal ids.

A learner never sees them. They are shown with the global option ``mtg-tutor --debug`` (for the commands and the
app it opens) or the environment variable ``MTG_TUTOR_DEBUG=1``, which also prints the traceback of an internal
error. JSON output always has them: it is for programs.

>>> VARIABLE
'MTG_TUTOR_DEBUG'
"""

from __future__ import annotations

import os

__all__ = ["VARIABLE", "enable", "enabled"]

VARIABLE = "MTG_TUTOR_DEBUG"


def enabled() -> bool:
    """Whether developer details are shown (``MTG_TUTOR_DEBUG`` set, and not to 0)."""
    return os.environ.get(VARIABLE, "").strip() not in ("", "0")


def enable() -> None:
    """Show developer details from now on, in this process and those it starts (``--debug``)."""
    os.environ[VARIABLE] = "1"
