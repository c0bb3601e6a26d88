"""How the lesson player draws (the speed work of the app-lessons issue): what it keeps between frames must
never show something stale. The footer follows the language and is not rebuilt for the same keys; a pane's
kept lines are those Textual's own rendering gives and are drawn again when the text changes."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from rich.text import Text  # noqa: E402
from textual.content import Content  # noqa: E402
from textual.visual import RenderOptions  # noqa: E402

from tests.pilot import run_app  # noqa: E402
from tests.test_app_lessons import open_lesson, play_step  # noqa: E402
from tutor.app.widgets.kept_render import KeptRender  # noqa: E402


def run(coro_fn, size=(120, 36)):
    return run_app(coro_fn, "it", size)


def test_the_footer_follows_the_language_and_keeps_its_keys_when_nothing_changed(isolated_home):
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=1)
        await pilot.pause()
        before = list(screen.query("FooterKey"))
        screen.refresh_bindings()  # the same keys: nothing to rebuild
        await pilot.pause()
        same = list(screen.query("FooterKey"))
        await pilot.press("ctrl+l")
        await pilot.pause()
        after = " ".join(str(k.render()) for k in screen.query("FooterKey"))
        return before, same, after
    before, same, after = run(go)
    assert before and all(a is b for a, b in zip(before, same, strict=True))
    assert "Подсказка" in after and "Suggerimento" not in after


def test_kept_lines_are_textuals_own_and_follow_the_text(isolated_home):
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=3)
        log = screen.query_one("#log")
        first = log.render()
        again = log.render()
        options = RenderOptions(log._get_style, log.styles)
        text = Text("Giocatore A · ", style="bold") + Text("[601.2]", style="underline")
        kept = KeptRender(text, app.console)
        mine = kept.render_strips(30, None, log.visual_style, options)
        theirs = Content.from_rich_text(text, console=app.console).render_strips(30, None, log.visual_style, options)
        for _ in range(3):
            await play_step(pilot, screen)
        return first, again, log.render(), mine, theirs, kept.render_strips(30, None, log.visual_style, options)
    first, again, later, mine, theirs, mine_again = run(go)
    assert first is again  # nothing changed: the same lines
    assert later is not first and str(later) != str(first)  # a new event: drawn again
    assert [s.text for s in mine] == [s.text for s in theirs] and list(mine) == list(theirs)
    assert mine_again == mine


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
def test_the_log_stays_on_its_newest_event_with_its_scrollbar(isolated_home, size):
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=3)
        box = screen.query_one("#log-box")
        seen = []
        for _ in range(11):
            await play_step(pilot, screen)
            await pilot.pause()
            await pilot.pause()
            bar = box.vertical_scrollbar
            seen.append((box.scroll_y, box.max_scroll_y, box.show_vertical_scrollbar, bar.position))
        return seen
    seen = run(go, size)
    assert any(top > 0 for _, top, _, _ in seen)  # the log outgrew its box
    for y, top, shown, position in seen:
        assert y == top >= 0  # the newest event in sight, the log never scrolled above its top
        assert not shown or position == y  # the thumb where the log is
