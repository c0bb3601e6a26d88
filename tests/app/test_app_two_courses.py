"""The app's course map: both courses under their headings; a lesson of the second course is locked until the
first is completed; B (I know the basics) opens it, says so and saves the setting; headings are not choosable."""

from __future__ import annotations

import json

import pytest

textual = pytest.importorskip("textual")

from tests.pilot import run_app  # noqa: E402
from tutor.lessons import load_course  # noqa: E402

LOCKED = {"it": "chiusa", "ru": "закрыт"}
WHY = {"it": "secondo corso", "ru": "второму курсу"}


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_the_second_course_is_locked_until_b(ui):
    from glossary.paths import config_path

    second = next(x for x in load_course().lessons if x.course == 2)

    async def go(app, pilot):
        await pilot.press("f2")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        listing = screen.query_one("#course-list")
        ids = [listing.get_option_at_index(i).id for i in range(listing.option_count)]
        assert ids[0] == "course-1" and ids.index("course-2") == ids.index(second.id) - 1
        assert listing.get_option_at_index(ids.index("course-2")).disabled
        assert [i for i in ids if not i.startswith("course-")] == load_course().ids()
        assert LOCKED[ui] in str(listing.get_option_at_index(ids.index(second.id)).prompt)
        listing.highlighted = ids.index(second.id)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen  # not opened: a notice says why and how
        assert any(WHY[ui] in str(n.message) for n in app._notifications)
        await pilot.press("b")
        await pilot.pause()
        saved = json.loads(config_path().read_text(encoding="utf-8"))
        assert saved["knows_basics"] is True and saved["ui"] == ui
        assert LOCKED[ui] not in str(listing.get_option_at_index(ids.index(second.id)).prompt)
        listing.highlighted = ids.index(second.id)
        await pilot.press("enter")
        await pilot.pause()
        return app.screen is not screen  # the player opened the lesson

    assert run_app(go, ui, (120, 36))
