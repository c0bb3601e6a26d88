"""The quiz screen's filters (f): a level chosen starts a session of that level; a bad rule is refused with a
note; the default is "only what I have studied"."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from tests.app.test_app_quiz import run  # noqa: E402


def test_filters_level_and_bad_rule(isolated_home):
    async def go(app, pilot):
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert screen.session is not None and screen.session.studied is None  # (all_topics in the test options)
        await pilot.press("f")
        await pilot.pause()
        assert screen.query_one("#quiz-filters").display
        from textual.widgets import Input, Select

        screen.query_one("#quiz-level", Select).value = 2
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session is not None and screen.session.level == 2
        assert screen.question is not None and screen.question.level == 2
        box = screen.query_one("#quiz-rule", Input)
        box.focus()
        await pilot.press(*"abc", "enter")
        await pilot.pause()
        note = str(screen.query_one("#quiz-filter-note").render())
        assert "abc" in note and screen.session.rule is None
        box.value = ""
        await pilot.press(*"603", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session.rule == "603" and screen.question is not None
        assert any(r.startswith("603") for r in screen.question.rules)
    run(go, all_topics=True)


def test_default_is_what_was_studied(isolated_home):
    async def go(app, pilot):
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert screen.session.studied is not None and "turn" in screen.session.studied
        assert "sba" not in screen.session.studied
    run(go, all_topics=False)


@pytest.mark.parametrize("ui, title", [("it", "Filtri del quiz"), ("ru", "Фильтры викторины")])
def test_the_palette_opens_the_quiz_with_its_filters_shown(ui, title):
    """`f` is not in the footer (it is full at 80 columns): the palette finds the filters by name."""
    from tests.pilot import run_app as _run

    async def go(app, pilot):
        titles = {c.title: c for c in app.get_system_commands(app.screen)}
        titles[title].callback()
        for _ in range(40):
            await pilot.pause(0.05)
            if app.current_mode == "quiz" and app.screen.query("#quiz-filters"):
                if app.screen.query_one("#quiz-filters").display:
                    break
        return app.current_mode, bool(app.screen.query_one("#quiz-filters").display)

    assert _run(go, ui, (80, 24)) == ("quiz", True)
