"""Textual's command palette in the interface language: its placeholder, its "no matches" line, and the
theme picker's placeholder (the commands themselves are translated in `TutorApp.get_system_commands`)."""

from __future__ import annotations

from tutor.app.compat import NoMatchesPalette
from tutor.i18n import t

__all__ = ["LocalizedPalette"]


class LocalizedPalette(NoMatchesPalette):
    """A command palette that says "no matches" in the interface language (Textual has no public way to
    change that line: tutor/app/compat.py)."""

    def no_matches_text(self) -> str:
        return t("look.no_matches", self.app.ui)
