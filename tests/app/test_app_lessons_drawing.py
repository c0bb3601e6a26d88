"""How the lesson player draws (the speed work of the app-lessons issue): what it keeps between frames must
never show something stale. The footer follows the language and is not rebuilt for the same keys; a pane's
kept lines are those Textual's own rendering gives and are drawn again when the text changes."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from rich.text import Text  # noqa: E402
from textual.content import Content  # noqa: E402
from textual.visual import RenderOptions  # noqa: E402

from tests.app.test_app_lessons import open_lesson, play_step  # noqa: E402
from tests.pilot import run_app  # noqa: E402
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


# ---- the board first ------------------------------------------------------------------------------------------
async def _at_a_move(app, pilot):
    from tests.pilot import drawn

    screen = await open_lesson(app, pilot, order=3)
    while screen.mode() != "move" or screen.session.index < 5:
        await play_step(pilot, screen)
    await drawn(pilot)
    return screen


def _frames(app, screen) -> list:
    """Wraps the app's display hook: each frame appends what it showed (the board's drawn version and
    version, whether the texts were still waiting, the reflows done so far)."""
    from textual._compositor import Compositor

    seen: list = []
    reflows = [0]
    reflow = Compositor.reflow

    def counted_reflow(self, *args, **kwargs):
        reflows[0] += 1
        return reflow(self, *args, **kwargs)

    Compositor.reflow = counted_reflow
    display = app._display
    board = screen.query_one("#board")

    def counted(target, renderable) -> None:
        display(target, renderable)
        if renderable is not None:
            seen.append((board.drawn, board.version, screen.drawing, reflows[0]))

    app._display = counted
    seen.append(("undo", lambda: setattr(Compositor, "reflow", reflow)))
    return seen


def test_a_move_draws_the_board_in_the_next_frame_alone_then_the_texts(isolated_home):
    """The frame after a move shows the new board with at most the layout its new height needs; the texts, the list and the log come in a later frame; the list then
    offers the next step's choices."""
    from tests.app.test_app_lessons import move_id, options

    async def go(app, pilot):
        screen = await _at_a_move(app, pilot)
        s = screen.session
        before = options(screen)
        listing = screen.query_one("#choices")
        listing.focus()
        target = move_id(screen, s.step.accept[0])
        listing.highlighted = next(i for i in range(listing.option_count)
                                   if listing.get_option_at_index(i).id == target)
        await pilot.pause()
        seen = _frames(app, screen)
        version = screen.query_one("#board").version
        await pilot.press("enter")
        for _ in range(10):
            await pilot.pause(0.02)
        seen.pop(0)[1]()
        return version, seen, before, options(screen), s.index
    version, seen, before, after, index = run(go)
    drawn, newest, waiting, reflows = seen[0]
    assert drawn == newest == version + 1 and waiting  # the first frame: the new board, the texts to come
    # and at most one layout for it: the board's box is as high as the board (issue 20's layout), and here
    # the board grows by the stack's lines (the spell cast)
    assert reflows <= 1
    assert any(not waiting for _, _, waiting, _ in seen[1:])  # then a frame with the texts
    assert after != before and index == 6  # the next step's list


def test_a_choice_from_the_list_of_before_the_move_is_not_played(isolated_home):
    """Enter on the list while it still shows the choices of before the move (the texts wait for the
    board's frame): nothing is played, the new list is drawn at once."""
    from textual.widgets import OptionList

    async def go(app, pilot):
        screen = await _at_a_move(app, pilot)
        s = screen.session
        listing = screen.query_one("#choices", OptionList)
        before = options(screen)
        played = []
        move = s.move
        s.move = lambda action: played.append(action) or move(action)
        screen.play(next(m for m in screen.choice_moves if m.legal))  # the board first, the texts later
        waiting = screen.drawing
        old = listing.get_option_at_index(listing.highlighted)
        screen.choose(old.id)  # what the list calls on Enter
        return waiting, screen.drawing, len(played), before, options(screen)
    from tests.app.test_app_lessons import options

    waiting, still, played, before, shown = run(go)
    assert waiting and not still  # the texts were waiting; drawn at once instead
    assert played == 1  # the stale choice was not played
    assert shown and shown != before  # the list of after the move


def test_the_board_draws_the_segments_textual_draws(isolated_home):
    """The board's own lines (Rich segments on the widget's style) are those of Textual's way (its text as
    `Content`, cut into lines), styles included."""
    from textual.visual import Visual

    async def go(app, pilot):
        screen = await _at_a_move(app, pilot)
        board = screen.query_one("#board")
        width = board.size.width
        mine = [board.render_line(y) for y in range(len(board.rows(width)))]
        theirs = Visual.to_strips(board, board.render(), width, None, board.visual_style)
        return mine, theirs

    mine, theirs = run(go)

    def cells(strips):
        return [[(ch, seg.style) for seg in strip for ch in seg.text] for strip in strips]
    assert len(mine) == len(theirs) > 5
    assert [c for c in cells(mine)] == [c[:len(m)] for c, m in zip(cells(theirs), cells(mine), strict=True)]
    assert all(not "".join(ch for ch, _ in c[len(m):]).strip() for c, m in zip(cells(theirs), cells(mine),
                                                                               strict=True))


def test_the_board_reuses_the_lines_and_cards_that_did_not_change(isolated_home):
    from tutor.app.widgets.board import board_rows

    async def go(app, pilot):
        screen = await _at_a_move(app, pilot)
        board = screen.query_one("#board")
        view, _, lang, learner, zones = board._args
        memo: dict = {}
        first = board_rows(view, screen.lesson.cards, lang, learner, zones, 60, memo)
        cached = board_rows(view, screen.lesson.cards, lang, learner, zones, 60, memo)
        fresh = board_rows(view, screen.lesson.cards, lang, learner, zones, 60)
        return first, cached, fresh, memo
    first, cached, fresh, memo = run(go)
    assert any(k[0] == "chip" for k in memo) and any(k[0] == "area" for k in memo)
    same = [(t.plain, t.spans, t.style) for t in first]
    assert same == [(t.plain, t.spans, t.style) for t in cached] == [(t.plain, t.spans, t.style) for t in fresh]
