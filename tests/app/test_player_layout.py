"""The lesson player's layout (issue 20, points 1, 2 and the feedback order of 7): a board that says whose
permanents are whose, the step's text, its question and the move it asks for in view at 80×24, the earlier
steps' texts readable again, the feedback on a move before the next step's text and only a step's latest
refusal; snapshots of the player at a question at 80×24 and 120×36 in Italian and Russian."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

textual = pytest.importorskip("textual")

from tests.app.test_app_lessons import _before, choose, illegal_move_id, open_lesson, option_id, play_step  # noqa: E402
from tests.pilot import run_app  # noqa: E402
from tutor.lessons.moves import matches  # noqa: E402

_EDGE = re.compile(r"[\s▁▂▃▄▅▆▇█▔▕▏│]+$")


def screen_lines(app) -> list[str]:
    """The screen as drawn, a line of text per row (a scrollbar's glyphs at a line's end taken off)."""
    return [_EDGE.sub("", strip.text) for strip in app.screen._compositor.render_strips()]


def on_screen(app, text: str, widget=None) -> bool:
    """Whether `text` (wrapped in any way) is drawn whole on the screen (in `widget`'s columns), one line after
    the other."""
    words = " ".join(text.split())
    lines = [_EDGE.sub("", strip.text) for strip in app.screen._compositor.render_strips()]
    if widget is not None:
        region = widget.region
        lines = [_EDGE.sub("", line[region.x:region.right]) for line in lines[region.y:region.bottom]]
    return words in " ".join(" ".join(line.split()) for line in lines)


def asked_label(screen, ui: str) -> str:
    s = screen.session
    return next(m.label(ui) for m in screen.choice_moves if matches(s.table, s.step.accept[0], m.action))


# ---- point 1: the board ------------------------------------------------------------------------------------
@pytest.mark.parametrize("ui, opponent, you, lands", [("it", "B — avversario", "A — tu", "Terre:"),
                                                      ("ru", "B — оппонент", "A — вы", "Земли:")])
def test_each_side_of_the_board_is_labelled_the_learners_at_the_bottom_lands_apart(ui, opponent, you, lands):
    async def go(app, pilot):
        await open_lesson(app, pilot, 1)
        return app.screen.query_one("#board").text, screen_lines(app)
    board, lines = run_app(go, ui, (80, 24))
    rows = board.splitlines()
    # (at 80×24 each side's rule holds the player's life and zones, "▶" marking who has priority)
    top = next(i for i, x in enumerate(rows) if re.match(f"── (▶ )?{opponent} ·", x))
    bottom = next(i for i, x in enumerate(rows) if re.match(f"── (▶ )?{you} ·", x))
    assert top < bottom  # the opponent above, the learner below
    mountain, forest, bears = ("Montagna", "Foresta", "Orsi Grizzly") if ui == "it" else ("Гора", "Лес", "Медведи-гризли")
    b_lands = next(i for i, x in enumerate(rows) if x.strip().startswith(lands) and mountain in x)
    a_lands = next(i for i, x in enumerate(rows) if x.strip().startswith(lands) and forest in x)
    a_bears = next(i for i, x in enumerate(rows) if f"[{bears} 2/2]" in x)
    assert top < b_lands < bottom < a_lands < a_bears  # B's Mountain on B's side; A's Forest and Bears on A's
    assert bears not in rows[a_lands]  # the lands on a line of their own
    assert any(opponent in x for x in lines) and any(you in x for x in lines)  # both labels drawn at 80×24


def test_the_stack_is_between_the_two_sides():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 5)
        while not screen.session.game.view().stack:
            await play_step(pilot, screen)
        return screen.query_one("#board").text
    rows = run_app(go, "it", (120, 36)).splitlines()
    order = [next(i for i, x in enumerate(rows) if x.startswith(f"── {title}")) for title in
             ("B — avversario", "Pila", "A — tu")]
    assert order == sorted(order)


# ---- point 2: in view at 80×24 -----------------------------------------------------------------------------
@pytest.mark.parametrize("ui, order", [("it", 8), ("ru", 8), ("it", 14)])
def test_at_80x24_every_steps_text_question_and_asked_move_are_in_view(ui, order):
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order)
        s, hidden = screen.session, []
        while not s.finished:
            text = str(screen.query_one("#step-text").render())
            if not on_screen(app, text):
                hidden.append((s.index + 1, "text", text[-40:]))
            if screen.mode() == "move" and not on_screen(app, asked_label(screen, ui)):
                hidden.append((s.index + 1, "move", asked_label(screen, ui)))
            if screen.mode() == "answer":
                for o in s.options():
                    if not on_screen(app, o.text(ui)):
                        hidden.append((s.index + 1, "option", o.text(ui)))
            await play_step(pilot, screen)
        return hidden
    assert run_app(go, ui, (80, 24)) == []


def test_a_hint_does_not_push_the_question_out_of_view_at_80x24():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 1)
        for _ in range(2):
            await play_step(pilot, screen)
        question = str(screen.query_one("#step-text").render())
        for _ in range(3):
            await pilot.press("h")
            await pilot.pause()
        return on_screen(app, question), on_screen(app, "Suggerimento 3/3")
    question, hint = run_app(go, "it", (80, 24))
    assert question and hint


def test_the_earlier_steps_texts_are_read_again_above_the_step_with_their_links():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 1)
        first = str(screen.query_one("#step-text").render())
        for _ in range(2):
            await play_step(pilot, screen)
        question = str(screen.query_one("#step-text").render())
        await play_step(pilot, screen)
        history = screen.query_one("#history")
        talk = screen.query_one("#talk")
        return first, str(history.render()), [x.number for x in history.links], on_screen(app, question, talk), \
            talk.region.width, screen.query_one("#board-box").region.width
    first, history, links, shown, talk_width, board_width = run_app(go, "it", (120, 36))
    assert history.startswith(first)  # step 1's text, then steps 2 and 3
    assert "phase" in links and "500.1" in links  # its concept and rule links still lead somewhere
    assert shown  # at 120×36 the earlier texts are in view above the step (here the question just answered)
    assert talk_width >= 60 and board_width == 120  # no narrow strip beside a board column


def test_the_earlier_steps_are_above_the_step_at_80x24_scrolled_to_the_step():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 1)
        for _ in range(3):
            await play_step(pilot, screen)
        talk = screen.query_one("#talk")
        text = screen.query_one("#step-text")
        return talk.max_scroll_y > 0, talk.scroll_y >= talk.max_scroll_y, text.region.bottom <= 23
    assert run_app(go, "it", (80, 24)) == (True, True, True)


# ---- point 7: feedback order -------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
def test_the_feedback_on_an_answer_comes_before_the_next_steps_text(size):
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 1)
        for _ in range(2):
            await play_step(pilot, screen)
        await choose(pilot, screen, option_id(screen, screen.session.expected()))  # right: the next step
        lines = screen_lines(app)
        prompt = str(screen.query_one("#step-text").render()).split(":")[0]
        right = next(i for i, x in enumerate(lines) if "✓ Giusto!" in x)
        step = next(i for i, x in enumerate(lines) if prompt in x)
        return right, step, str(screen.query_one("#feedback").render())
    right, step, feedback = run_app(go, "it", size)
    assert right < step  # "✓ Giusto!" above "Non vuoi fare nulla nel mantenimento: passa la priorità."
    assert "✓" not in feedback  # (it is not the new step's note)


def test_a_step_shows_only_its_latest_refusal():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 1)
        for _ in range(3):
            await play_step(pilot, screen)
        assert screen.mode() == "move"
        bad = illegal_move_id(screen)
        await choose(pilot, screen, bad)
        await pilot.press("h")
        await pilot.pause()
        await choose(pilot, screen, bad)
        return str(screen.query_one("#feedback").render()).splitlines()
    lines = run_app(go, "it", (120, 36))
    assert sum(x.startswith("✗") for x in lines) == 1
    assert lines[0].startswith("Suggerimento 1/3") and lines[-1].startswith("✗")  # the hint kept, the refusal after it


# ---- snapshots -------------------------------------------------------------------------------------------------
SNAP_APP = str(ROOT / "tests" / "snapshot_lessons.py")


def _at_question(russian: bool):
    """Lesson 8, step 4: which of your creatures cannot block?"""
    return _before(8, 3, russian)


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
@pytest.mark.parametrize("russian", [False, True], ids=["it", "ru"])
def test_snapshot_player_at_a_question(snap_compare, size, russian):
    assert snap_compare(SNAP_APP, terminal_size=size, run_before=_at_question(russian))


def test_option_line_is_where_the_option_list_draws_an_option():
    """`tutor.app.compat.option_line` (the list's private line index) agrees with the lines the list draws,
    an option that wraps taking two."""
    from textual.app import App
    from textual.widgets import OptionList

    from tutor.app.compat import option_line

    class One(App):
        def compose(self):
            yield OptionList("short", "a long option " * 6, "third")

    async def main():
        app = One()
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            listing = app.query_one(OptionList)
            lines = [strip.text.strip(" ▊▎") for strip in app.screen._compositor.render_strips()]
            return [option_line(listing, i) for i in range(3)], lines, listing.region.y + listing.styles.gutter.top

    import asyncio

    found, lines, top = asyncio.run(main())
    assert found[0] == 0 and found[2] > found[1] + 1  # the second option wraps over two lines or more
    assert lines[top + found[2]].startswith("third") and lines[top + found[1]].startswith("a long option")


def test_r_reads_the_lesson_so_far_again_over_the_boards_room_at_80x24():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 1)
        for _ in range(3):
            earlier = str(screen.query_one("#step-text").render())  # the step before the one shown at the end
            await play_step(pilot, screen)
        before = screen.query_one("#talk").region.height
        await pilot.press("r")
        await pilot.pause()
        reading = (screen.query_one("#board-box").display, screen.query_one("#talk").region.height,
                   on_screen(app, str(screen.query_one("#step-text").render())), on_screen(app, earlier[-50:]))
        await pilot.press("r")
        await pilot.pause()
        return before, reading, screen.query_one("#board-box").display
    before, (board_shown, height, step_shown, earlier_shown), board_back = run_app(go, "it", (80, 24))
    assert not board_shown and height > before + 5 and step_shown and earlier_shown, (board_shown, height, before, step_shown, earlier_shown)
    assert board_back


def test_ctrl_l_says_the_earlier_steps_again_in_the_other_language():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 1)
        for _ in range(3):
            await play_step(pilot, screen)
        await pilot.press("ctrl+l")
        await pilot.pause()
        return str(screen.query_one("#history").render()), str(screen.query_one("#outcome").render())
    history, outcome = run_app(go, "it", (120, 36))
    assert history.startswith("Каждый ход устроен одинаково") and "Кто первым получит приоритет" in history
    assert outcome.startswith("✓ ") and "Giusto" not in outcome
