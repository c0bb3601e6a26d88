"""A progress file is moved aside as damaged only when a second look, a moment later, finds it damaged too: a
reading made while another program writes it (the app open while `mtg-tutor quiz` answers) once looked damaged
to a learner's app, and a sound file with all their progress was moved aside."""

from __future__ import annotations

from tutor.progress import open_store
from tutor.progress import store as store_module


def _sound_file(path):
    with open_store(path) as store:
        store.record_lesson_event("turn-at-a-glance", "start")


def test_a_file_that_looked_damaged_once_is_kept(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    _sound_file(path)
    looks = iter(["progress.reason.malformed"])  # the first look only
    real = store_module._read_only_check
    monkeypatch.setattr(store_module, "_read_only_check", lambda p, t: next(looks, None) or real(p, t))
    with open_store(path) as store:
        assert store.notices == () and store.lesson_events("turn-at-a-glance")  # kept, progress there
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_a_file_damaged_at_both_looks_is_moved_aside(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    _sound_file(path)
    seen = []
    monkeypatch.setattr(store_module, "_read_only_check", lambda p, t: seen.append(p) or "progress.reason.malformed")
    with open_store(path) as store:
        assert [n.key for n in store.notices] == ["progress.corrupt_moved"]
    assert len(seen) == 2 and len(list(tmp_path.glob("progress.db.corrupt-*"))) == 1
