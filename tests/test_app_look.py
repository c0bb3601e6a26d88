"""The app's look (issue 13, items 6, 8, 9, 11): columns and breadcrumb sized to the terminal, the command
palette in the interface language, editor's notes that lead with the corrected text, readable themes."""

from __future__ import annotations

import asyncio

import pytest

textual = pytest.importorskip("textual")

from tutor.app.app import TutorApp  # noqa: E402
from tutor.views.links import rule_target  # noqa: E402
from tutor.views.locations import EntryLocation  # noqa: E402


def run(coro_fn, ui: str = "it", size=(80, 24), theme: str = "textual-dark"):
    async def main():
        app = TutorApp(settings={"ui": ui, "theme": theme})
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return await coro_fn(app, pilot)
    return asyncio.run(main())


def screen_lines(app) -> list[str]:
    """The text of the screen as drawn, one string per terminal line."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


# ---- 6: the left column and the breadcrumb follow the terminal's width ------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
def test_left_column_follows_the_width(size):
    async def go(app, pilot):
        await pilot.press("ctrl+r")
        await pilot.pause()
        tree = app.screen.query_one("#toc")
        next(n for n in tree.root.children if str(n.label).startswith("5.")).expand()
        await pilot.pause()
        left = app.screen.query_one("#left")
        return left.size.width, screen_lines(app)
    width, lines = run(go, size=size)
    if size[0] == 80:
        assert 24 <= width <= 34  # the document keeps most of a small terminal
    else:
        assert width >= 50  # a wide terminal shows whole titles
        assert any("503. Sottofase di mantenimento" in line for line in lines), lines


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
def test_breadcrumb_always_shows_the_current_page(size):
    async def go(app, pilot):
        pages = [EntryLocation("it:cimitero"), rule_target(app.kb, "702.19"), EntryLocation("it:attacco-improvviso"),
                 rule_target(app.kb, "510.1"), EntryLocation("it:danno-da-combattimento")]
        for page in pages:
            app.navigate(page)
            await pilot.pause()
        crumb = app.screen.query_one("#breadcrumb")
        line = next(x for x in screen_lines(app) if x.strip().startswith("Percorso"))
        return line.rstrip(), pages[-1].label(app.kb), crumb.size.width
    line, current, width = run(go, size=size)
    assert line.endswith(current), line
    assert len(line) <= size[0]
    if size[0] == 80:
        assert "…" in line  # the oldest pages give way
