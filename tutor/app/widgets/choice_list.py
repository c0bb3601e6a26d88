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

    def action_select(self) -> None:
        highlighted = self.highlighted
        if highlighted is None:
            return
        option = self.get_option_at_index(highlighted)
        if not option.disabled:
            self.screen.choose(option.id or "")
