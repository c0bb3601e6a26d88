"""The footer's keys fit the terminal: at 80 columns every key it shows is whole, in both languages, on every
screen (tutor/app/widgets/footer.py closes the keys up, then leaves out the screen-switching ones, which F1's
keys panel and the palette list); wide enough, it shows them all as Textual draws them."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from textual.widgets._footer import FooterKey  # noqa: E402

from tests.app.test_app_lessons import open_lesson, open_map, run  # noqa: E402
from tutor.app.widgets.footer import KeysFooter  # noqa: E402


async def _screens(app, pilot):
    """(name, footer keys as drawn, footer width, width the keys need) of each screen in turn."""
    out = []

    async def look(name: str) -> None:
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        keys = [k for k in footer.query(FooterKey) if "-command-palette" not in k.classes]
        palette = footer.query_one(FooterKey.__name__ + ".-command-palette")
        # the keys laid out left to right, up to the palette's key docked on the right
        end = max((k.region.right + k.styles.margin.right for k in keys), default=0)
        out.append((name, [k.key for k in keys], footer.compact, end, palette.region.x))

    await look("glossary")
    await pilot.press("ctrl+r")
    await look("rules")
    await pilot.press("f3")
    await app.workers.wait_for_complete()
    await look("quiz")
    await open_map(app, pilot)
    await look("map")
    await open_lesson(app, pilot)
    await look("player")
    return out


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_at_80_columns_every_key_shown_is_whole(ui):
    screens = run(_screens, ui, (80, 24))
    for name, keys, compact, end, palette_x in screens:
        assert end <= palette_x, (name, ui, keys)  # no key under the palette's key, none cut at the edge
        assert compact, name
        assert "ctrl+g" not in keys and "f2" not in keys, name  # the screen-switching keys: in F1's list
        assert "ctrl+l" in keys and "f1" in keys, name  # the language and the keys panel always shown
    player = dict((n, k) for n, k, *_ in screens)["player"]
    assert {"h", "u", "question_mark", "escape"} <= set(player)  # the lesson's own keys stay


def test_wide_enough_the_footer_shows_every_key_as_textual_draws_it():
    for name, keys, compact, end, palette_x in run(_screens, "ru", (200, 40)):
        assert not compact and end <= palette_x, name
        assert {"ctrl+g", "ctrl+r", "f2", "f3", "f1", "ctrl+l"} <= set(keys), name
