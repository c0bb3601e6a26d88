"""Textual's command palette in the interface language: its placeholder, its "no matches" line, and the
theme picker's placeholder (the commands themselves are translated in `TutorApp.get_system_commands`)."""

from __future__ import annotations

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option

from tutor.i18n import t

__all__ = ["LocalizedPalette"]


class LocalizedPalette(CommandPalette):
    """A command palette that says "no matches" in the interface language."""

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # Textual's own countdown, with its English line replaced (textual.command.CommandPalette).
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(t("look.no_matches", self.app.ui), style="not bold")),
                           disabled=True, id=self._NO_MATCHES))
                self._list_visible = True
            else:  # browsing with an empty search: nothing to say
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
