"""A search box and a result list that do not lay out the whole screen again on every keystroke.

In Textual a widget's virtual size (the size of what it can scroll over) is a reactive that asks for a
layout of the whole screen whenever it changes: the box's text grows by a character on every keystroke,
and the result list's number of lines changes with every new list of hits. A layout of the screen (and the
full repaint that follows) costs more than the search itself, and the box's request reaches the screen
before the keystroke's `Changed` message does, so the results waited for it. Neither widget's own box
depends on its content (both are sized by the screen's styles), so only their own scrolling needs the new
virtual size: it is applied to their scroll bars and offsets at once, and the screen is laid out again only
when a scroll bar appears or goes (Textual's `show_vertical_scrollbar` asks for that itself). Textual has no
public way to do this: the two overrides are in tutor/app/compat.py.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import Input, OptionList

from tutor.app.compat import apply_virtual_size, layout_free_virtual_size

__all__ = ["ResultList", "SearchBox"]


class SearchBox(Input):
    """An `Input` whose growing text repaints the box, not the screen's layout (when the box is not sized
    by its content: then Input asks for a layout itself)."""

    virtual_size = layout_free_virtual_size()

    def watch_virtual_size(self, size: Size) -> None:
        apply_virtual_size(self, size)  # what the layout would have done: the offsets kept within the new size


class ResultList(OptionList):
    """An `OptionList` whose new number of lines updates its scroll bar, not the screen's layout
    (OptionList applies the new size to its scroll bar itself)."""

    virtual_size = layout_free_virtual_size()
