"""The app's keys speak the interface language: footer, keys panel, the palette's key and its commands."""

from __future__ import annotations

import asyncio

import pytest

textual = pytest.importorskip("textual")

from tutor.app.app import TutorApp  # noqa: E402


def _shown(app) -> dict[str, str]:
    """Key -> description of the bindings the footer shows, and of the palette key."""
    active = app.screen.active_bindings
    out = {key: b.binding.description for key, b in active.items() if b.binding.show}
    out["ctrl+p"] = active["ctrl+p"].binding.description
    out["ctrl+q"] = active["ctrl+q"].binding.description
    return out


def test_footer_and_palette_key_follow_the_language(isolated_home):
    async def main():
        app = TutorApp(settings={"ui": "it", "theme": "textual-dark"})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.screen.query_one("#results").focus()  # out of the search box: every app key is live
            await pilot.pause()
            italian = _shown(app)
            await pilot.press("ctrl+l")
            await pilot.pause()
            russian = _shown(app)
            footer = " ".join(str(k.render()) for k in app.screen.query("FooterKey"))
            await pilot.press("ctrl+r")  # a localized binding runs its action, once
            await pilot.pause()
            mode = app.current_mode
            await pilot.press("ctrl+l")
            await pilot.pause()
            back = _shown(app)
            await pilot.press("ctrl+p")
            await pilot.pause()
            palette = app.screen.__class__.__name__
            return italian, russian, footer, back, palette, app.ui, mode

    italian, russian, footer, back, palette, ui, mode = asyncio.run(main())
    assert italian == {"alt+left": "Indietro", "ctrl+l": "Русский", "ctrl+g": "Glossario", "ctrl+r": "Regole",
                       "f2": "Lezioni", "f3": "Quiz", "f1": "Tasti", "ctrl+p": "Comandi", "ctrl+q": "Esci"}
    assert russian == {"alt+left": "Назад", "ctrl+l": "Italiano", "ctrl+g": "Глоссарий", "ctrl+r": "Правила",
                       "f2": "Уроки", "f3": "Викторина", "f1": "Клавиши", "ctrl+p": "Команды", "ctrl+q": "Выход"}
    assert "Назад" in footer and "Команды" in footer and "Indietro" not in footer
    assert mode == "rules"
    assert back == italian and ui == "it"  # one Ctrl+L switches once: the hidden binding does not run
    assert palette in ("CommandPalette", "LocalizedPalette")  # Textual's, localized (tutor/app/palette.py)


def test_textual_own_commands_are_translated(isolated_home):
    async def main():
        app = TutorApp(settings={"ui": "ru", "theme": "textual-dark"})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            return [(c.title, c.help) for c in app.get_system_commands(app.screen)]

    commands = dict(asyncio.run(main()))
    assert commands["Тема"] == "Сменить цветовую тему" and commands["Выход"] == "Закрыть приложение"
    assert "Theme" not in commands and "Quit" not in commands and "Screenshot" not in commands
