"""A list whose choice is made as its key (or click) is handled.

Textual's `OptionList` posts `OptionSelected`, a message that bubbles up to the screen later: a key typed right
after Enter (``h``, ``u``, Escape) was handled before the choice it followed. `ChoiceList` calls its screen's
``choose(option_id)`` at once instead, so that keys act in the order they were typed (the lesson player's
list, the course map's)."""

from __future__ import annotations

from textual.widgets import OptionList

__all__ = ["ChoiceList"]


class ChoiceList(OptionList):
    """An `OptionList` that calls ``self.screen.choose(option_id)`` on Enter or a click (no message)."""

    def on_resize(self, event) -> None:
        # OptionList forgets every option's drawn lines at any resize; they depend on the width only: a list
        # that only grew or shrank (a move's new choices) keeps them, and is not painted again a frame later.
        width = self.scrollable_content_region.width
        if width == getattr(self, "_drawn_width", None):
            event.prevent_default()
        self._drawn_width = width

    def action_select(self) -> None:
        highlighted = self.highlighted
        if highlighted is None:
            return
        option = self.get_option_at_index(highlighted)
        if not option.disabled:
            self.screen.choose(option.id or "")
