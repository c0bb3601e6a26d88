"""The lesson player's board at 80×24 (issue 20, narrow): what the step is about — the opponent's blockers in a
combat, the stack — is on screen together with the step's question; a board scrolled says so on its edge."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from tests.app.test_app_lessons import open_lesson, play_step  # noqa: E402
from tests.app.test_player_layout import on_screen  # noqa: E402
from tests.pilot import run_app  # noqa: E402


@pytest.mark.parametrize("ui, blockers", [("it", ("[Ragno Gigante 2/4", "[Orsi Grizzly 2/2")),
                                          ("ru", ("[Гигантский паук 2/4", "[Медведи-гризли 2/2"))])
def test_lesson_9_step_4_shows_the_opponents_blockers_with_the_question_at_80x24(ui, blockers):
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 9)
        for _ in range(3):
            await play_step(pilot, screen)
        await pilot.pause()
        question = str(screen.query_one("#step-text").render()).splitlines()[0]
        return screen.session.index, [on_screen(app, x) for x in blockers], on_screen(app, question)
    index, shown, question = run_app(go, ui, (80, 24))
    assert index == 3
    assert shown == [True, True] and question


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_lesson_5_the_stack_and_the_step_are_on_screen_together_at_80x24(ui):
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 5)
        seen = []
        while not screen.session.finished:
            await pilot.pause()
            view = screen.session.game.view()
            if view.stack:
                rows = screen.query_one("#board").text.splitlines()
                start = next(i for i, x in enumerate(rows) if x.startswith("── ") and "·" not in x)
                items = [x.strip() for x in rows[start + 1:start + 1 + len(view.stack)]]
                text = str(screen.query_one("#step-text").render())
                seen.append((screen.session.index + 1, all(on_screen(app, x) for x in items),
                             on_screen(app, text)))
            await play_step(pilot, screen)
        return seen
    seen = run_app(go, ui, (80, 24))
    assert seen  # the lesson has steps with a stack
    assert all(stack and text for _, stack, text in seen), seen


def test_a_board_taller_than_its_box_says_so_on_its_edge_at_80x24():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 9)
        for _ in range(3):
            await play_step(pilot, screen)
        await pilot.pause()
        box = screen.query_one("#board-box")
        return box.max_scroll_y > 0, str(box.border_subtitle)
    taller, edge = run_app(go, "it", (80, 24))
    assert taller and edge.startswith("↑") and "Pag↑" in edge
