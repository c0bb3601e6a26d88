"""The app's only uses of Textual's and Rich's private names, each where no public API does the same.

Everything else in `tutor/` uses public APIs only (tests/app/test_compat.py scans for private names). Each entry
says what it overrides or reads, why there is no public way, and what it relies on; tests/app/test_compat.py
exercises each one on the installed versions and fails when what it relies on is gone or has changed, so that
a Textual upgrade cannot break them silently. Checked on Textual 8.2.8 (pyproject.toml allows >=8.2.8,<8.3)
with Rich 15.0.0.

- `FooterKey`, `show_footer_keys_at_once`, `note_footer_bindings_ready`, `footer_keys_ready`,
  `key_follows_footer_compact` (tutor/app/widgets/footer.py): the footer's keys are widgets of the class
  `FooterKey`, which `textual.widgets` does not export; `Footer.compose` yields nothing until the private
  reactive `_bindings_ready` is set (by the screen's first bindings signal, after the first frame), and binds
  each key's `compact` to the footer's with `data_bind`, which only the private `_reactive_connect` records.
  Measured goal: the keys in the first frame and each key styled once (tests/app/test_app_perf.py).
- `NoMatchesPalette` (tutor/app/palette.py): the command palette's "No matches found" line is a literal in
  the private `CommandPalette._start_no_matches_countdown`; this is that method with the line asked of
  `no_matches_text()`. tests/app/test_compat.py pins the source of Textual's method, so a change to it is seen.
- `layout_given_virtual_size` (tutor/app/screens/lesson_panes.py `PaneScroll`, tutor/app/widgets/linked_text.py):
  the same reactive, for widgets whose virtual size only the layout sets: Textual lays the screen out a second
  time, and paints them again, in the frame after any layout that changed it (a move in the lesson player:
  two frames instead of one). It relies on `Widget._size_updated` painting a resized widget and calling
  `_scroll_update` itself. Measured goal: a move lays the screen out once (tests/app/test_player_layouts_drawing.py).
- `layout_free_virtual_size`, `apply_virtual_size` (tutor/app/widgets/search_box.py): a widget's
  `virtual_size` is a reactive that lays the whole screen out on every change; the search box declares it
  without layout (a reactive redefined in a subclass) and applies the new size to its own scrolling with
  the private `Widget._scroll_update` (what the layout would have done: scroll bars shown or hidden, offsets
  kept within the new size; no public method does it without a layout). Measured goal: typing does not lay
  the screen out (tests/app/test_app_perf.py).
- `wrap_offsets` (tutor/app/widgets/linked_text.py): where a paragraph breaks into lines at a width. Textual's
  `Content` wraps with Rich's private `rich._wrap.divide_line`; its public `Content.wrap` returns the lines
  without their offsets (trailing spaces stripped), so the same function is called here to find the line a
  link is on exactly as it is drawn.
- `option_line` (tutor/app/screens/lesson_panes.py): the line where an option of an `OptionList` starts (an
  option wraps over several lines); the list keeps it in the private `_index_to_line` (filled by
  `_update_lines`, as its own `scroll_to_highlight` does); no public method says where an option is. The lesson
  player uses it to keep the move a step asks for in view.
"""

from __future__ import annotations

from rich._wrap import divide_line
from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Footer, OptionList
from textual.widgets._footer import FooterKey
from textual.widgets.option_list import Option

__all__ = ["FooterKey", "NoMatchesPalette", "apply_virtual_size", "footer_keys_ready", "key_follows_footer_compact",
           "layout_free_virtual_size", "layout_given_virtual_size", "note_footer_bindings_ready", "option_line",
           "show_footer_keys_at_once", "wrap_offsets"]


# ---- the footer (tutor/app/widgets/footer.py) -----------------------------------------------------------
def show_footer_keys_at_once(footer: Footer) -> None:
    """Let `Footer.compose` yield the keys from the first frame (without waiting for the bindings signal);
    no watcher runs (as in `Footer.__init__`)."""
    footer.set_reactive(Footer._bindings_ready, True)


def note_footer_bindings_ready(footer: Footer) -> None:
    """What `Footer.bindings_changed` does before recomposing: mark the bindings ready."""
    footer._bindings_ready = True


def footer_keys_ready(footer: Footer) -> bool:
    """Whether `Footer.compose` yields the keys (else it yields nothing)."""
    return bool(footer._bindings_ready)


def key_follows_footer_compact(key: FooterKey) -> bool:
    """Whether `Footer.compose` bound this key's `compact` to the footer's (`data_bind`): every key but the
    command palette's."""
    return "compact" in (key._reactive_connect or {})


# ---- the command palette (tutor/app/palette.py) -----------------------------------------------------------
class NoMatchesPalette(CommandPalette):
    """A command palette whose "no matches" line is `no_matches_text()`."""

    def no_matches_text(self) -> str:
        """The line shown when a search finds no command."""
        return "No matches found"

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # Textual's own countdown (textual.command.CommandPalette, 8.2.8), with its English line asked of
        # no_matches_text().
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(self.no_matches_text(), style="not bold")), disabled=True,
                           id=self._NO_MATCHES))
                self._list_visible = True
            else:  # browsing with an empty search: nothing to say
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)


# ---- scrolling without a layout (tutor/app/widgets/search_box.py) --------------------------------------------
def layout_free_virtual_size() -> Reactive:
    """A `virtual_size` reactive for a subclass of a widget: its changes do not lay the screen out."""
    return Reactive(Size(0, 0), layout=False)


def layout_given_virtual_size() -> Reactive:
    """A `virtual_size` reactive for a widget whose virtual size only the screen's layout sets (a text that does
    not scroll itself, a pane that scrolls what it holds): its change neither lays the screen out again nor
    paints the widget again in the next frame. The layout that set it (`Widget._size_updated`) has placed the
    widget, painted it when its size changed, and applied the size to its scroll bars (`_scroll_update`); a
    scroll bar shown or hidden lays the screen out by itself."""
    return Reactive(Size(0, 0), layout=False, repaint=False)


def apply_virtual_size(widget: Widget, size: Size) -> None:
    """Apply a new virtual size to the widget's scroll bars and offsets (what its layout would do)."""
    widget._scroll_update(size)


# ---- wrapping (tutor/app/widgets/linked_text.py) ------------------------------------------------------------
def wrap_offsets(paragraph: str, width: int) -> list[int]:
    """The offsets in `paragraph` (a line without newlines) where Textual's wrapping at `width` (folding
    words longer than a line) starts a new line."""
    return divide_line(paragraph, width, fold=True)


# ---- where an option is (tutor/app/screens/lesson_panes.py) ------------------------------------------------
def option_line(listing: OptionList, index: int) -> int | None:
    """The line of `listing` (from the top of its content) where option `index` starts; None if unknown."""
    listing._update_lines()
    return listing._index_to_line.get(index)
