"""The app's navigation, driven with Pilot: the interface language asked for on the command line or by the
environment, links that open at the top, the focus and the Tab order, one history across screens, the rules
jump box, and the glossary entries' rule references (issue 13, items 1, 2, 3, 4, 7 and 10)."""

from __future__ import annotations

import asyncio
import json

import pytest

textual = pytest.importorskip("textual")

from tutor.app.app import TutorApp  # noqa: E402
from tutor.app.settings import load_settings  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.views.locations import EntryLocation, RuleLocation  # noqa: E402


def run(coro_fn, ui: str = "it", size=(80, 24), override: str | None = None):
    async def main():
        app = TutorApp(settings={"ui": ui, "theme": "textual-dark"}, ui=override)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return await coro_fn(app, pilot)
    return asyncio.run(main())


def rendered(app, wid: str, screen=None) -> str:
    return str((screen or app.screen).query_one(wid).render())


# ---- 1. the language asked for on this run wins over the saved one ------------------------------------
def _save(home, ui: str) -> None:
    from glossary.paths import config_path

    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text(json.dumps({"ui": ui, "theme": "textual-dark"}), encoding="utf-8")


def _app_language(monkeypatch, argv: list[str]) -> str:
    """The interface language the app opens in when `mtg-tutor argv` starts it (the app is not run)."""
    import tutor.cli

    seen = []
    monkeypatch.setattr(TutorApp, "run", lambda self, *a, **k: seen.append(self.ui))
    assert tutor.cli.main(argv) == 0
    return seen[0]


@pytest.mark.parametrize("route", ["--ui", "MTG_TUTOR_UI", "LANG"])
def test_the_language_of_the_command_line_or_environment_wins_over_the_saved_one(route, isolated_home, monkeypatch):
    _save(isolated_home, "it")
    monkeypatch.delenv("MTG_TUTOR_UI", raising=False)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    argv = []
    if route == "--ui":
        argv = ["--ui", "ru"]
    elif route == "MTG_TUTOR_UI":
        monkeypatch.setenv("MTG_TUTOR_UI", "ru")
    else:
        monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert _app_language(monkeypatch, argv) == "ru"
    assert load_settings()["ui"] == "it"  # the saved setting is left as it was


def test_without_a_choice_the_saved_language_is_used(isolated_home, monkeypatch):
    _save(isolated_home, "ru")
    monkeypatch.delenv("MTG_TUTOR_UI", raising=False)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert _app_language(monkeypatch, []) == "ru"


def test_the_language_of_this_run_is_saved_only_by_ctrl_l(isolated_home):
    _save(isolated_home, "it")

    async def main():
        app = TutorApp(ui="ru")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            title, placeholder = app.title, app.screen.query_one("#search").placeholder
            app.theme = "textual-light"  # saving another setting keeps the saved language
            await pilot.pause()
            before = load_settings()
            await pilot.press("ctrl+l")
            await pilot.pause()
            return title, placeholder, before, load_settings(), app.ui

    title, placeholder, before, after, ui = asyncio.run(main())
    assert title == t("app_title", "ru") and placeholder == t("search_placeholder", "ru")
    assert before["ui"] == "it" and before["theme"] == "textual-light"
    assert ui == "it" and after["ui"] == "it"  # Ctrl+L from Russian: Italian, the learner's choice, saved


def test_ctrl_l_saves_the_language_it_switches_to(isolated_home):
    _save(isolated_home, "ru")

    async def main():
        app = TutorApp(ui="it")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            before = load_settings()["ui"]
            await pilot.press("ctrl+l")
            await pilot.pause()
            return before, app.ui, load_settings()["ui"]

    assert asyncio.run(main()) == ("ru", "ru", "ru")
