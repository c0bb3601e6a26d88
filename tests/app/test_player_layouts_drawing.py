"""The lesson player draws a move in one layout of the screen (issue 20, point 10): Textual lays a widget out a
second time, in the next frame, when a layout changed its virtual size; the player's scrolling panes and texts
take it from the layout without that (`tutor.app.compat.layout_given_virtual_size`), which relies on Textual's
`Widget._size_updated` painting a resized widget and applying the size to its scroll bars itself."""

from __future__ import annotations

import inspect

import pytest

textual = pytest.importorskip("textual")

from textual.screen import Screen  # noqa: E402
from textual.widget import Widget  # noqa: E402

from tests.app.test_app_lessons import move_id, open_lesson, play_step  # noqa: E402
from tests.pilot import run_app  # noqa: E402
from tutor.app import compat  # noqa: E402


def test_the_layout_given_virtual_size_relies_on_what_size_updated_does():
    reactive = compat.layout_given_virtual_size()
    assert not reactive._layout and not reactive._repaint
    source = inspect.getsource(Widget._size_updated)
    assert "self._set_dirty()" in source  # a resized widget painted by the layout itself
    assert "self.virtual_size = virtual_size" in source
    assert "self._scroll_update(virtual_size)" in source  # its scroll bars set by the layout itself


@pytest.mark.parametrize("size", [(120, 36), (80, 24)], ids=["120x36", "80x24"])
def test_a_move_and_its_undo_lay_the_screen_out_once_each(isolated_home, monkeypatch, size):
    """Layouts of the whole screen (not the cheap ones a scroll makes) after Enter on a move, then after u."""
    full: list = []
    original = Screen._refresh_layout

    def counting(self, size=None, scroll=False):
        if not scroll:
            full.append(self)
        return original(self, size, scroll)

    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=3)
        while screen.mode() != "move" or screen.session.index < 5:
            await play_step(pilot, screen)
        listing = screen.query_one("#choices")
        listing.focus()
        target = move_id(screen, screen.session.step.accept[0])
        listing.highlighted = next(i for i in range(listing.option_count)
                                   if listing.get_option_at_index(i).id == target)
        await pilot.pause(0.1)
        monkeypatch.setattr(Screen, "_refresh_layout", counting)
        counts = []
        for key in ("enter", "u"):
            del full[:]
            await pilot.press(key)
            await pilot.pause(0.2)
            counts.append(len([s for s in full if s is screen]))
        return counts, screen.session.index
    counts, index = run_app(go, "it", size)
    assert index == 5  # the move, then back
    assert counts == [1, 1]


def test_the_choice_list_keeps_its_options_lines_only_where_the_option_list_would_just_forget_them():
    """`ChoiceList.on_resize` stops the Resize event's default handling when the width did not change: in
    OptionList's bases that is OptionList's own handler alone, which forgets the options' drawn lines (drawn
    per width: a new height does not change them)."""
    from textual.widgets import OptionList

    handlers = [cls for cls in OptionList.__mro__ if "_on_resize" in cls.__dict__ or "on_resize" in cls.__dict__]
    assert handlers == [OptionList]
    assert "self._clear_caches()" in inspect.getsource(OptionList._on_resize)
