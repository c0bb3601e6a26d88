"""Text whose rule numbers are links: a definition, a summary, a note, the lines of an event log.

The presentation model finds the numbers and where they lead (`tutor.views.links.text_links`); this widget
shows the text and lets the keyboard reach them: Tab brings the focus here (only when there is a link),
← → (or ↑ ↓) move between the links, Enter follows the highlighted one; a click follows one too.
Messages go up: following a link posts `LinkedText.LinkChosen` with its typed location.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from tutor.app.compat import layout_given_virtual_size
from tutor.app.widgets.kept_render import KeptLines, KeptRender
from tutor.views.locations import Location

if TYPE_CHECKING:  # the link finder (rule references, the digest) is imported with the first text shown
    from tutor.views.links import TextLink

__all__ = ["LinkedText"]

_LINK = Style(underline=True)
_CURRENT = Style(reverse=True, bold=True)


class LinkedText(KeptLines, Widget):
    """Rich text with focusable rule links; behaves like a `Static` when it has none.

    Its height follows its text (the layout asks `get_content_height`); the size the layout then gives it does
    not lay the screen out a second time (Textual's `virtual_size` would, in the next frame, for nothing: the
    widget does not scroll, its box does)."""

    virtual_size = layout_given_virtual_size()

    DEFAULT_CSS = """
    LinkedText {
        height: auto;
    }
    LinkedText:focus {
        background: $boost;
    }
    """

    BINDINGS = [
        Binding("right,down", "next_link", show=False),
        Binding("left,up", "previous_link", show=False),
        Binding("enter", "follow", show=False),
    ]

    class LinkChosen(Message):
        """A link was followed: `location` is where it leads."""

        def __init__(self, widget: LinkedText, location: Location) -> None:
            super().__init__()
            self.widget = widget
            self.location = location

        @property
        def control(self) -> LinkedText:
            return self.widget

    def __init__(self, content: Text | str = "", links: Sequence[TextLink] = (), *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._content = Text(content) if isinstance(content, str) else content
        self._links: tuple[TextLink, ...] = ()
        self.current = -1  # index of the highlighted link, -1 before the first move
        self._version = 0  # bumped by `update`: what `render` drew is kept until the text or the link changes
        self._kept: tuple | None = None
        self._set_links(links)

    # ---- content ---------------------------------------------------------------------------------
    @property
    def plain(self) -> str:
        """The text shown, without its styles."""
        return self._content.plain

    @property
    def links(self) -> tuple[TextLink, ...]:
        """The links that lead somewhere, in order."""
        return self._links

    def update(self, content: Text | str = "", links: Sequence[TextLink] = ()) -> None:
        """Show `content`; `links` are spans of its plain text (`content.plain[start:end]`)."""
        self._content = Text(content) if isinstance(content, str) else content
        self._version += 1
        self._set_links(links)
        self.refresh(layout=True)

    def _set_links(self, links: Sequence[TextLink]) -> None:
        size = len(self._content.plain)
        self._links = tuple(x for x in links if x.target is not None and 0 <= x.start < x.end <= size)
        self.current = 0 if self._links else -1
        self.can_focus = bool(self._links)

    def lines_key(self) -> tuple:
        return (self._version, self.current, self.has_focus)

    def render(self) -> KeptRender:
        # Kept while the text, the highlighted link and the focus stay the same: Textual repaints a widget
        # after each layout that resized it, and converting the text again is most of the cost of a frame.
        key = self.lines_key()
        if self._kept is None or self._kept[0] != key:
            text = self._content.copy()
            for i, link in enumerate(self._links):
                text.stylize(_LINK + Style(meta={"link": i}), link.start, link.end)
                if i == self.current and self.has_focus:
                    text.stylize(_CURRENT, link.start, link.end)
            self._kept = (key, KeptRender(text, self.app.console))
        return self._kept[1]

    def link_line(self, index: int | None = None) -> int:
        """The line (from the widget's top, wrapped at its width) where link `index` (the current one) starts."""
        index = self.current if index is None else index
        if not 0 <= index < len(self._links):
            return 0
        from tutor.app.compat import wrap_offsets  # Textual's own wrapping: the lines as drawn

        width = max(1, self.content_region.width or self.size.width)
        offset, start, line = self._links[index].start, 0, 0
        for paragraph in self._content.plain.split("\n"):
            if offset <= start + len(paragraph):
                return line + sum(1 for cut in wrap_offsets(paragraph, width) if cut <= offset - start)
            line += 1 + len(wrap_offsets(paragraph, width))
            start += len(paragraph) + 1
        return line

    def show_current_link(self) -> None:
        """Scroll the container just enough to show the current link (not the whole text: the page's title
        stays in view when the first link is near it)."""
        from textual.geometry import Region

        container = self.parent
        if not isinstance(container, Widget) or not self._links:
            return
        top = self.virtual_region.y + self.styles.gutter.top + self.link_line()
        container.scroll_to_region(Region(0, top, 1, 1), animate=False, immediate=True)

    # ---- keys and mouse ------------------------------------------------------------------------------
    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_next_link(self) -> None:
        """Highlight the next link (the focus moves on past the last one)."""
        if self.current < len(self._links) - 1:
            self.current += 1
            self.refresh()
            self.show_current_link()
        else:
            self.screen.focus_next()

    def action_previous_link(self) -> None:
        """Highlight the previous link (the focus moves back before the first one)."""
        if self.current > 0:
            self.current -= 1
            self.refresh()
            self.show_current_link()
        else:
            self.screen.focus_previous()

    def action_follow(self) -> None:
        """Follow the highlighted link."""
        if 0 <= self.current < len(self._links):
            self.post_message(self.LinkChosen(self, self._links[self.current].target))

    def on_click(self, event) -> None:
        index = event.style.meta.get("link") if event.style else None
        if isinstance(index, int) and 0 <= index < len(self._links):
            event.stop()
            self.current = index
            self.post_message(self.LinkChosen(self, self._links[index].target))
