"""One way to drive the app in a test: a fresh `TutorApp` under Textual's Pilot at a terminal size, given
settings (the dark theme, an interface language), then the test's coroutine; its result is returned."""

from __future__ import annotations

import asyncio


def run_app(coro_fn, ui: str = "it", size=(80, 24), *, theme: str = "textual-dark", settings: dict | None = None,
            override: str | None = None, prepare=None):
    """Run ``coro_fn(app, pilot)`` in an app with ``{"ui": ui, "theme": theme}`` (or `settings`); `override`
    is the language asked for on the command line; `prepare(app)` runs before the app starts."""
    from tutor.app.app import TutorApp

    async def main():
        app = TutorApp(settings=settings or {"ui": ui, "theme": theme}, ui=override)
        if prepare is not None:
            prepare(app)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return await coro_fn(app, pilot)
    return asyncio.run(main())


async def drawn(pilot) -> None:
    """Pause until the screen has drawn what the last action changed (the lesson player draws the whole of it
    in the frame after the action)."""
    await pilot.pause()


def count_layouts(monkeypatch) -> list:
    """From now on, every screen laid out (Textual's `Screen._refresh_layout`), in a list that grows as they are."""
    from textual.screen import Screen

    layouts: list = []
    original = Screen._refresh_layout

    def counting(self, *args, **kwargs):
        layouts.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counting)
    return layouts
