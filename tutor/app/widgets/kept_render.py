"""What a widget drew, kept: the same text drawn again costs nothing.

Textual draws a widget's content again after every layout that touches it, even when neither the content nor
the size changed: a widget whose height changed is laid out a second time in the next frame (its
``virtual_size`` is a layout reactive) and repainted there, and every ``refresh()`` throws the rendered
visual away. Converting a Rich `Text` into Textual's `Content` and cutting it into lines is most of a frame
for the lesson player's panes (the event log, the step's text, the turn tracker). `KeptRender` wraps the
`Content` once per text and remembers its lines per width and style, so that only a changed text is drawn
again; `KeptLines` (a widget mixin) keeps the widget's finished lines across layouts, until its content, size
or style changes.

The lines are exactly those of the wrapped `Content` (it does the drawing): nothing on screen changes.
"""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.strip import Strip
from textual.visual import RenderOptions, Visual, visualize

__all__ = ["KeptLines", "KeptRender"]

_KEEP = 8  # renders kept per text (a width and a style each: a resize, a focus change)


class KeptRender(Visual):
    """`Content` (from a Rich `Text`) whose rendered lines are remembered per width, height and style."""

    __slots__ = ("content", "_renders")

    def __init__(self, text: Text | Content, console) -> None:
        self.content = text if isinstance(text, Content) else Content.from_rich_text(text, console=console)
        self._renders: dict[tuple, list] = {}

    def __str__(self) -> str:
        return str(self.content)

    @property
    def plain(self) -> str:
        """The text without its styles."""
        return self.content.plain

    def render_strips(self, width: int, height: int | None, style, options: RenderOptions) -> list:
        if options.selection is not None or options.post_style is not None:  # a mouse selection: drawn afresh
            return self.content.render_strips(width, height, style, options)
        get = options.rules.get
        key = (width, height, style, get("text_align", "left"), get("text_overflow", "fold"),
               get("text_wrap", "wrap"), get("line_pad", 0))
        lines = self._renders.get(key)
        if lines is None:
            if len(self._renders) >= _KEEP:
                self._renders.clear()
            lines = self._renders[key] = self.content.render_strips(width, height, style, options)
        return list(lines)  # strips are immutable; the list is the caller's

    def get_optimal_width(self, rules, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules) -> int:
        return self.content.get_minimal_width(rules)

    def get_height(self, rules, width: int) -> int:
        return self.content.get_height(rules, width)  # remembered by the content itself


class KeptLines:
    """A widget's lines kept across layouts (a mixin, before `Widget` in the bases).

    Textual throws a widget's rendered lines away at every refresh, and a layout refreshes every widget it
    moved or resized: after a move in the lesson player, the whole screen is laid out again and each pane's
    text converted and cut into lines anew, although most of them did not change. Here the lines drawn by
    Textual itself (`Visual.to_strips` of the widget's `render()` made a visual by `visualize`, as
    `Widget.render_line` does; here `render()` gives a `KeptRender`, used as it is) are kept
    until `lines_key()` (what the content depends on, given by the widget), the size, the style or the
    text's alignment and wrapping change. A mouse selection is drawn by Textual as usual."""

    _kept_lines: tuple | None = None

    def lines_key(self) -> object:
        """What the widget's content depends on (besides its size and style): a new value draws it again."""
        raise NotImplementedError

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:
            self._kept_lines = None
            return super().render_line(y)
        styles = self.styles
        size = self.size
        key = (self.lines_key(), size, self.visual_style, styles.text_align, styles.text_wrap,
               styles.text_overflow, styles.content_align, styles.line_pad)
        kept = self._kept_lines
        if kept is None or kept[0] != key:
            strips = Visual.to_strips(self, visualize(self, self.render()), size.width, size.height, self.visual_style)
            kept = self._kept_lines = (key, strips)
        lines = kept[1]
        return lines[y] if 0 <= y < len(lines) else Strip.blank(size.width, self.visual_style.rich_style)
