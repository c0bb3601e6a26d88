"""The palette's exports: the glossary in the interface language, written to the data folder's exports/, the path
(or the reason) notified; never a crash of the app."""

from __future__ import annotations

import asyncio
import zipfile

import pytest

textual = pytest.importorskip("textual")

from tutor.app.app import TutorApp  # noqa: E402
from tutor.i18n import t  # noqa: E402


def _export(fmt: str, ui: str):
    async def main():
        app = TutorApp(settings={"ui": ui, "theme": "textual-dark"})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            titles = {c.title: c for c in app.get_system_commands(app.screen)}
            titles[t(f"export.palette.{fmt}", ui)].callback()  # the palette's command
            await app.workers.wait_for_complete()
            await pilot.pause()
            return [str(n.message) for n in app._notifications], [n.severity for n in app._notifications]

    return asyncio.run(main())


def test_the_palette_exports_the_glossary_for_anki(isolated_home):
    messages, severities = _export("anki", "ru")
    path = isolated_home / "exports" / "mtg-tutor-glossary-ru.apkg"
    with zipfile.ZipFile(path) as z:
        assert "collection.anki2" in z.namelist()
    assert any(str(path) in m and m.startswith("Глоссарий экспортирован") for m in messages)
    assert "error" not in severities


def test_an_export_that_fails_is_said(isolated_home):
    (isolated_home / "exports").write_text("a file where the folder should be")
    messages, severities = _export("tbx", "it")
    assert "error" in severities
    assert any(m.startswith(t("export.palette.failed", "it", error="")[:20]) and "exports" in m for m in messages)
