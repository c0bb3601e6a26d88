"""The app's settings file: whatever is in it, the app starts; an unusable file is kept aside, never lost;
a newer version's keys survive a save; a save is all or nothing."""

from __future__ import annotations

import asyncio
import json
import os

import pytest

from tutor.app import settings as settings_module
from tutor.app.settings import DEFAULTS, MAX_BYTES, load_settings, save_settings


@pytest.fixture
def path(isolated_home):
    return isolated_home / "settings.json"


def aside(path) -> list:
    return sorted(path.parent.glob("settings.json.bad-*"))


@pytest.mark.parametrize(
    "content",
    [
        b"[" * 100_000 + b"]" * 100_000,  # too large (and far too deep)
        b"[" * 20_000 + b"]" * 20_000,  # under the size cap, but nested deeper than json can follow
        b'{"ui": "ru", ' * 10 + b"}",  # not JSON
        b"\xff\xfe{}",  # not UTF-8
        b'["ui", "ru"]',  # JSON, not an object
        b"",
    ],
    ids=["huge", "deep", "invalid", "not-utf8", "not-object", "empty"],
)
def test_an_unusable_file_means_defaults_and_is_kept_aside(path, content):
    path.write_bytes(content)
    loaded = load_settings()
    assert dict(loaded) == DEFAULTS
    assert not path.exists()
    [kept] = aside(path)
    assert kept.read_bytes() == content  # the user's file, untouched, beside the new one
    assert loaded.notice == ("settings_moved", {"path": str(path), "moved_to": str(kept)})
    save_settings(loaded)
    assert json.loads(path.read_text(encoding="utf-8")) == DEFAULTS
    assert aside(path) == [kept]


def test_each_unusable_file_gets_its_own_name(path):
    for n in range(3):
        path.write_text(f"broken {n}", encoding="utf-8")
        load_settings()
    assert sorted(p.read_text(encoding="utf-8") for p in aside(path)) == ["broken 0", "broken 1", "broken 2"]


def test_a_utf8_bom_is_read(path):
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"ui": "ru", "theme": "nord"}).encode("utf-8"))
    loaded = load_settings()
    assert (loaded["ui"], loaded["theme"], loaded.notice) == ("ru", "nord", None)
    assert path.exists() and not aside(path)


def test_unknown_keys_survive_a_save(path):
    newer = {"ui": "ru", "theme": "nord", "font_scale": 1.25, "lessons": {"sound": False, "order": [3, 1]}}
    path.write_text(json.dumps(newer), encoding="utf-8")
    loaded = load_settings()
    loaded["ui"] = "it"
    save_settings(loaded)
    assert json.loads(path.read_text(encoding="utf-8")) == {**newer, "ui": "it"}


def test_a_value_this_version_cannot_use_is_replaced_others_are_kept(path):
    path.write_text(json.dumps({"ui": "de", "theme": 7, "extra": "x"}), encoding="utf-8")
    loaded = load_settings()
    assert dict(loaded) == {**DEFAULTS, "extra": "x"} and loaded.notice is None


def test_a_file_that_cannot_be_read_is_never_overwritten(path):
    path.mkdir()  # a directory where the file should be: open() fails
    (path / "inside").write_text("keep me", encoding="utf-8")
    loaded = load_settings()
    assert dict(loaded) == DEFAULTS and loaded.notice[0] == "settings_unreadable" and not loaded.savable
    loaded["ui"] = "ru"
    save_settings(loaded)
    assert (path / "inside").read_text(encoding="utf-8") == "keep me" and not aside(path)


def test_a_failed_save_leaves_the_old_file_whole(path, monkeypatch):
    path.write_text(json.dumps({"ui": "ru", "theme": "nord"}), encoding="utf-8")
    before = path.read_bytes()

    def crash(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)  # the rename that publishes the new file fails
    save_settings({"ui": "it", "theme": "x" * 1000})
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(".settings")] == []  # no temporary left


def test_a_file_over_the_size_cap_is_refused(path):
    path.write_bytes(b" " * (MAX_BYTES + 10) + b"{}")
    assert dict(load_settings()) == DEFAULTS and aside(path)


def test_the_app_starts_with_a_deeply_nested_file_and_says_so(path):
    pytest.importorskip("textual")
    from tutor.app.app import TutorApp

    path.write_bytes(b"[" * 100_000 + b"]" * 100_000)

    async def main():
        app = TutorApp()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            notes = [n.message for n in app._notifications]
            assert app.ui == "it" and app.screen.query_one("#search") is not None
        assert app._exception is None
        return notes

    notes = asyncio.run(main())
    assert len(notes) == 1 and "settings.json.bad-" in notes[0] and "impostazioni predefinite" in notes[0]


def test_settings_writes_go_through_write_atomic(monkeypatch):
    seen = []
    monkeypatch.setattr(settings_module, "write_atomic", lambda p, data: seen.append((p.name, json.loads(data))))
    save_settings({"ui": "ru", "theme": "nord", "new": 1})
    assert seen == [("settings.json", {"ui": "ru", "theme": "nord", "new": 1})]
