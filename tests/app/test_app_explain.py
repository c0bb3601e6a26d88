"""Explain a card in the app: F4 and the palette open the box; a pasted text shows its terms (name in the learner's
language, definition, rules) and the words not recognised; Enter on a term opens its glossary page and Esc returns."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from tests.pilot import run_app  # noqa: E402


def terms_of(screen) -> list[str]:
    lst = screen.query_one("#explain-terms")
    return [str(lst.get_option_at_index(i).prompt) for i in range(lst.option_count)]


def test_a_pasted_text_shows_its_terms_and_a_term_opens_its_page():
    async def go(app, pilot):
        await pilot.press("f4")
        await pilot.pause()
        screen = app.screen
        assert screen.__class__.__name__ == "ExplainScreen"
        screen.query_one("#explain-text").text = "Flying\nWhen Gisa dies, draw a card. Zorp.\x1b[2J"
        await pilot.press("ctrl+e")
        await pilot.pause()
        control = str(screen.query_one("#explain-unknown").render())
        screen.query_one("#explain-text").text = "Flying\nWhen Gisa dies, draw a card. Zorp."
        screen.query_one("#explain-name").value = "Gisa, Glorious Resurrector"
        await pilot.press("ctrl+e")
        await pilot.pause()
        rows = terms_of(screen)
        unknown = str(screen.query_one("#explain-unknown").render())
        lst = screen.query_one("#explain-terms")
        lst.focus()
        await pilot.pause()
        lst.highlighted = 0
        await pilot.press("enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        opened = (app.current_mode, app.screen.location)
        await pilot.press("escape")
        await pilot.pause()
        return control, rows, unknown, opened, app.current_mode

    control, rows, unknown, opened, back = run_app(go, "it", (100, 40))
    assert "caratteri di controllo" in control
    assert rows[0].startswith("Flying → volare") and "702.9" in rows[0]
    assert any(r.startswith("dies → morire") for r in rows)
    assert any(r.startswith("Gisa → nome") for r in rows)
    assert "Non riconosciute: Zorp" in unknown
    assert opened[0] == "glossary" and opened[1] is not None
    assert back == "explain"


def test_the_palette_opens_explain_in_russian():
    async def go(app, pilot):
        titles = {c.title: c for c in app.get_system_commands(app.screen)}
        titles["Объяснить карту"].callback()
        await pilot.pause()
        screen = app.screen
        screen.query_one("#explain-text").text = "Destroy target creature."
        await pilot.press("ctrl+e")
        await pilot.pause()
        return screen.__class__.__name__, terms_of(screen), str(screen.query_one("#explain-unknown").render())

    name, rows, unknown = run_app(go, "ru", (100, 40))
    assert name == "ExplainScreen"
    assert rows[0].startswith("Destroy → уничтожить")
    assert "Распознаны все слова" in unknown


def test_marks_power_toughness_the_unofficial_line_and_the_name_hint():
    async def go(app, pilot):
        await pilot.press("f4")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#explain-text").text = "When Ambush Viper enters, it gets +3/+3. Mill two cards."
        await pilot.press("ctrl+e")
        await pilot.pause()
        first = terms_of(screen), str(screen.query_one("#explain-unknown").render())
        screen.query_one("#explain-name").value = "Ambush Viper"
        await pilot.press("ctrl+e")
        await pilot.pause()
        return first, str(screen.query_one("#explain-unknown").render())

    (rows, unknown), named = run_app(go, "ru", (100, 40))
    assert any(r.startswith("Mill → милл (неофициально: так говорят игроки)") for r in rows), rows
    assert any(r.startswith("+3/+3 → сила/выносливость") and "(613.4c)" in r for r in rows), rows
    assert "«Ambush Viper» похоже на название карты" in unknown and "неофициальные пересказы" in unknown
    assert "Ambush" not in named and "неофициальные пересказы" in named


def test_the_close_key_text_is_gone():
    from tutor.i18n import it, ru

    assert "explain.app.key_close" not in it.MESSAGES and "explain.app.key_close" not in ru.MESSAGES
