"""The progress store: schema and migrations, settings, damaged files, errors, lessons, review log, statistics."""

from __future__ import annotations

import doctest
import os
import random
import re
import shutil
import sqlite3
import subprocess
import threading
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

import tutor.progress
from tutor.progress import (
    DayPolicy,
    LessonEventKind,
    LessonState,
    ProgressError,
    ProgressStore,
    Scheduled,
    StepRecord,
    clock,
    default_path,
    messages,
    open_store,
    schema,
)
from tutor.progress.messages import MESSAGES

UTC = UTC
T0 = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)
DAYS = DayPolicy(tz=UTC, rollover_hour=0)

# The version-1 schema exactly as it shipped: frozen here so that a change to the migration code shows up.
V1_DDL = [
    "PRAGMA application_id = 1297368916",
    """CREATE TABLE lesson (
        lesson_id    TEXT PRIMARY KEY,
        status       TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'started', 'done')),
        run          INTEGER NOT NULL DEFAULT 1 CHECK (run >= 1),
        step         INTEGER NOT NULL DEFAULT 0 CHECK (step >= 0),
        hints_used   INTEGER NOT NULL DEFAULT 0 CHECK (hints_used >= 0),
        stars        INTEGER NOT NULL DEFAULT 0 CHECK (stars BETWEEN 0 AND 3),
        best_stars   INTEGER NOT NULL DEFAULT 0 CHECK (best_stars BETWEEN 0 AND 3),
        completions  INTEGER NOT NULL DEFAULT 0 CHECK (completions >= 0),
        first_played TEXT,
        last_played  TEXT,
        completed_at TEXT
    )""",
    """CREATE TABLE lesson_event (
        id        INTEGER PRIMARY KEY AUTOINCREMENT,
        lesson_id TEXT NOT NULL REFERENCES lesson (lesson_id),
        run       INTEGER NOT NULL,
        at        TEXT NOT NULL,
        kind      TEXT NOT NULL CHECK (kind IN ('start', 'step', 'hint', 'answer', 'completed', 'reset')),
        step      INTEGER CHECK (step >= 0),
        correct   INTEGER CHECK (correct IN (0, 1)),
        data      TEXT
    )""",
    """CREATE TRIGGER lesson_event_no_update BEFORE UPDATE ON lesson_event
        BEGIN SELECT RAISE(ABORT, 'lesson_event is append-only'); END""",
    """CREATE TRIGGER lesson_event_no_delete BEFORE DELETE ON lesson_event
        BEGIN SELECT RAISE(ABORT, 'lesson_event is append-only'); END""",
    "PRAGMA user_version = 1",
]


def build_v1(path: Path) -> None:
    """A version-1 database with a finished lesson, one in progress and their logs."""
    conn = sqlite3.connect(path, isolation_level=None)
    for sql in V1_DDL:
        conn.execute(sql)
    conn.execute("INSERT INTO lesson VALUES ('priority', 'done', 1, 4, 1, 2, 2, 1, "
                 "'2024-12-01T10:00:00.000Z', '2024-12-01T10:20:00.000Z', '2024-12-01T10:20:00.000Z')")
    conn.execute("INSERT INTO lesson (lesson_id, status, step, first_played, last_played) "
                 "VALUES ('combat', 'started', 2, '2024-12-02T09:00:00.000Z', '2024-12-02T09:05:00.000Z')")
    events = [("priority", "step", 1, None), ("priority", "hint", 1, None), ("priority", "answer", 1, 0),
              ("priority", "answer", 1, 1), ("priority", "completed", 4, None),
              ("combat", "step", 2, None), ("combat", "answer", 2, 1)]
    for lesson, kind, step, correct in events:
        conn.execute("INSERT INTO lesson_event (lesson_id, run, at, kind, step, correct) "
                     "VALUES (?, 1, '2024-12-01T10:00:00.000Z', ?, ?, ?)", (lesson, kind, step, correct))
    conn.close()


def schema_of(path: Path) -> set[tuple[str, str, str]]:
    """(type, name, normalised SQL) of everything in the database's schema."""
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchall()
    conn.close()
    return {(kind, name, re.sub(r"\s+", " ", sql or "")) for kind, name, sql in rows}


def fake_schedule(state: int, due: datetime, rating: int = 3):
    """A `schedule` for record_review that needs no scheduler."""
    return lambda before, card_id: Scheduled(rating, state, due, '{"fake": true}')


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "progress.db") as opened:
        yield opened


def test_doctests_of_the_modules():
    for module in (clock, messages):
        assert doctest.testmod(module).failed == 0


# -- where and how it opens -----------------------------------------------------------------------------------

def test_default_path_follows_mtg_tutor_home(monkeypatch, tmp_path):
    monkeypatch.setenv("MTG_TUTOR_HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / "progress.db"
    monkeypatch.delenv("MTG_TUTOR_HOME")
    import platformdirs

    assert default_path() == Path(platformdirs.user_data_dir("mtg-tutor", appauthor=False)) / "progress.db"


def test_open_without_a_path_uses_the_default(monkeypatch, tmp_path):
    monkeypatch.setenv("MTG_TUTOR_HOME", str(tmp_path / "new" / "home"))
    with ProgressStore.open() as opened:
        assert opened.path == tmp_path / "new" / "home" / "progress.db"
    assert opened.path.is_file()


def test_settings_of_a_new_database(store):
    conn = store._conn
    assert store.schema_version == schema.SCHEMA_VERSION == 3
    assert store.notices == ()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
    assert conn.execute("PRAGMA application_id").fetchone()[0] == schema.APPLICATION_ID
    assert store.integrity_check() == ["ok"]


def test_synchronous_normal_is_an_option_and_nonsense_is_refused(tmp_path):
    with open_store(tmp_path / "p.db", synchronous="normal") as opened:
        assert opened._conn.execute("PRAGMA synchronous").fetchone()[0] == 1
    with pytest.raises(ValueError):
        open_store(tmp_path / "q.db", synchronous="sometimes")


def test_reopening_keeps_everything(tmp_path):
    with open_store(tmp_path / "p.db") as first:
        first.complete_lesson("priority", 3, now=T0)
    with open_store(tmp_path / "p.db") as second:
        assert second.lesson_state("priority").stars == 3
        assert second.notices == ()


# -- migrations ---------------------------------------------------------------------------------------------

def test_migration_1_builds_exactly_the_v1_schema(tmp_path):
    conn = sqlite3.connect(tmp_path / "m.db", isolation_level=None)
    schema.migrate(conn, target=1)
    conn.close()
    conn = sqlite3.connect(tmp_path / "ref.db", isolation_level=None)
    for sql in V1_DDL:
        conn.execute(sql)
    conn.close()
    assert schema_of(tmp_path / "m.db") == schema_of(tmp_path / "ref.db")
    conn = sqlite3.connect(tmp_path / "m.db")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert conn.execute("PRAGMA application_id").fetchone()[0] == schema.APPLICATION_ID


def test_migration_2_adds_the_quiz_tables_and_indexes(tmp_path):
    build_v1(tmp_path / "v1.db")
    before = schema_of(tmp_path / "v1.db")
    conn = sqlite3.connect(tmp_path / "v1.db", isolation_level=None)
    assert schema.migrate(conn, 2) == 1
    conn.close()
    added = {name for _kind, name, _sql in schema_of(tmp_path / "v1.db") - before}
    assert added == {"card", "card_due", "review", "review_time", "review_card", "review_no_update",
                     "review_no_delete", "lesson_event_run"}


def test_migration_3_adds_the_exam_tables(tmp_path):
    build_v1(tmp_path / "v1.db")
    conn = sqlite3.connect(tmp_path / "v1.db", isolation_level=None)
    assert schema.migrate(conn, 2) == 1
    conn.close()
    before = schema_of(tmp_path / "v1.db")
    conn = sqlite3.connect(tmp_path / "v1.db", isolation_level=None)
    assert schema.migrate(conn) == 2
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
    conn.close()
    added = {name for _kind, name, _sql in schema_of(tmp_path / "v1.db") - before}
    assert added == {"exam", "exam_question", "exam_question_queued", "exam_no_update", "exam_no_delete",
                     "exam_question_no_update", "exam_question_no_delete"}


def test_a_v1_database_opens_migrated_with_its_data(tmp_path):
    path = tmp_path / "progress.db"
    build_v1(path)
    with open_store(path) as opened:
        assert opened.schema_version == schema.SCHEMA_VERSION
        assert opened.notices == ()
        done = opened.lesson_state("priority")
        assert (done.status, done.step, done.hints_used, done.stars, done.completions) == ("done", 4, 1, 2, 1)
        assert done.completed_at == datetime(2024, 12, 1, 10, 20, tzinfo=UTC)
        assert done.steps == (StepRecord(1, attempts=2, correct=True, first_try=False, hints=1),)
        combat = opened.lesson_state("combat")
        assert (combat.status, combat.step) == ("started", 2)
        assert len(opened.lesson_events("priority")) == 5
        opened.record_lesson_event("combat", "step", 3, now=T0)  # the old tables still take writes
        assert opened.quiz_stats(T0).total_reviews == 0       # the new ones exist
        opened.record_review("c1", "q1", reviewed=T0, correct=True, duration_ms=1, hint_used=False, answer="x",
                             schedule=fake_schedule(2, T0 + timedelta(days=3)))
    fresh = tmp_path / "fresh.db"
    open_store(fresh).close()
    assert schema_of(path) == schema_of(fresh)  # migrated = created new


def test_a_failing_migration_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    build_v1(path)

    def broken(conn):
        conn.execute("CREATE TABLE half_done (x)")
        raise RuntimeError("migration bug")

    monkeypatch.setattr(schema, "MIGRATIONS", [schema.MIGRATIONS[0], broken])
    conn = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(RuntimeError):
        schema.migrate(conn, target=2)
    conn.close()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 1
    assert "half_done" not in {name for _k, name, _s in schema_of(path)}


def test_a_newer_database_is_refused_and_untouched(tmp_path):
    path = tmp_path / "progress.db"
    open_store(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 7")
    conn.close()
    content = path.read_bytes()
    with pytest.raises(ProgressError) as err:
        open_store(path)
    assert err.value.key == "progress.error.newer"
    assert "schema 7" in str(err.value) and "3" in str(err.value)
    assert "schema 7" in err.value.message("it") and "схема 7" in err.value.message("ru")
    assert path.read_bytes() == content
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 7
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_another_programs_database_is_refused_and_untouched(tmp_path):
    path = tmp_path / "progress.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id)")
    conn.commit()
    conn.close()
    content = path.read_bytes()
    with pytest.raises(ProgressError) as err:
        open_store(path)
    assert err.value.key == "progress.error.foreign"
    assert path.read_bytes() == content and not list(tmp_path.glob("*.corrupt-*"))


# -- damaged files --------------------------------------------------------------------------------------------

def _good_database(path: Path) -> bytes:
    with open_store(path) as opened:
        for n in range(300):
            opened.record_lesson_event(f"lesson-{n}", "step", n % 5, {"pad": "x" * 200}, now=T0)
    return path.read_bytes()


def _damage(kind: str, path: Path, scratch: Path) -> None:
    if kind == "garbage":
        path.write_bytes(bytes(range(256)) * 64)
    elif kind == "text":
        path.write_text("these are my notes, not a database\n", encoding="utf-8")
    elif kind == "truncated":
        path.write_bytes(_good_database(scratch / "good.db")[:6000])
    elif kind == "truncated-header":
        path.write_bytes(_good_database(scratch / "good.db")[:50])
    elif kind == "scribbled":  # a valid header, pages overwritten: SQLite cannot read the schema
        data = bytearray(_good_database(scratch / "good.db"))
        data[4096 + 200:4096 * 6] = b"\xff" * (4096 * 5 - 200)
        path.write_bytes(bytes(data))
    elif kind == "scribbled-page":  # one table page of noise: only PRAGMA quick_check finds it
        data = bytearray(_good_database(scratch / "good.db"))
        data[4096 * 2:4096 * 3] = random.Random(7).randbytes(4096)
        path.write_bytes(bytes(data))
    elif kind == "directory":
        path.mkdir()
        (path / "inside.txt").write_text("kept", encoding="utf-8")


@pytest.mark.parametrize("kind, reason", [
    ("garbage", "not_sqlite"), ("text", "not_sqlite"), ("truncated", "malformed"), ("truncated-header", "malformed"),
    ("scribbled", "malformed"), ("scribbled-page", "integrity"), ("directory", "directory"),
])
def test_a_damaged_file_is_moved_aside_and_reported(tmp_path, kind, reason):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    path = tmp_path / "data" / "progress.db"
    path.parent.mkdir()
    _damage(kind, path, scratch)
    original = None if kind == "directory" else path.read_bytes()
    with open_store(path) as opened:
        assert len(opened.notices) == 1
        notice = opened.notices[0]
        moved = Path(notice.params["moved_to"])
        assert re.fullmatch(r"progress\.db\.corrupt-\d{8}-\d{6}", moved.name)
        assert moved.parent == path.parent
        stamp = datetime.strptime(moved.name.split("corrupt-")[1], "%Y%m%d-%H%M%S").replace(tzinfo=UTC)
        assert abs(datetime.now(UTC) - stamp) < timedelta(minutes=5)  # UTC, not local time
        if kind == "directory":
            assert (moved / "inside.txt").read_text(encoding="utf-8") == "kept"
        else:
            assert moved.read_bytes() == original  # kept byte for byte, never deleted
        assert notice.key == "progress.corrupt_moved" and notice.params["path"] == str(path)
        assert notice.params["reason"] == f"progress.reason.{reason}"
        for lang in ("it", "ru", "en"):
            text = notice.message(lang)
            assert str(moved) in text and str(path) in text and "{" not in text
        assert opened.schema_version == schema.SCHEMA_VERSION and opened.integrity_check() == ["ok"]
        opened.complete_lesson("fresh", 1, now=T0)
    with open_store(path) as again:
        assert again.notices == () and again.lesson_state("fresh").stars == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_special_file_in_place_of_the_database_is_moved_aside(tmp_path):
    path = tmp_path / "progress.db"
    os.mkfifo(path)
    with open_store(path) as opened:
        assert opened.notices[0].params["reason"] == "progress.reason.not_file"
        assert Path(opened.notices[0].params["moved_to"]).is_fifo() and path.is_file()


def test_the_reason_is_named_in_both_languages(tmp_path):
    path = tmp_path / "progress.db"
    path.write_text("not a database", encoding="utf-8")
    with open_store(path) as opened:
        notice = opened.notices[0]
    assert notice.params["reason"] == "progress.reason.not_sqlite"
    assert "non è un database SQLite" in notice.message("it")
    assert "это не база данных SQLite" in notice.message("ru")


def test_an_empty_file_is_a_new_database(tmp_path):
    path = tmp_path / "progress.db"
    path.touch()
    with open_store(path) as opened:
        assert opened.notices == () and opened.schema_version == schema.SCHEMA_VERSION
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_the_wal_and_shm_companions_move_with_the_database(tmp_path):
    path = tmp_path / "progress.db"
    path.write_bytes(b"\x00garbage" * 1000)
    Path(f"{path}-wal").write_bytes(b"wal bytes")
    Path(f"{path}-shm").write_bytes(b"shm bytes")
    with open_store(path) as opened:
        moved = Path(opened.notices[0].params["moved_to"])
    assert Path(f"{moved}-wal").read_bytes() == b"wal bytes"
    assert Path(f"{moved}-shm").read_bytes() == b"shm bytes"


def test_a_garbage_wal_beside_a_sound_database_loses_nothing(tmp_path):
    path = tmp_path / "progress.db"
    with open_store(path) as opened:
        opened.complete_lesson("kept", 2, now=T0)
    Path(f"{path}-wal").write_bytes(os.urandom(3000))
    with open_store(path) as opened:
        assert opened.notices == () and opened.lesson_state("kept").stars == 2


def test_moving_aside_never_overwrites_an_earlier_copy(tmp_path):
    path = tmp_path / "progress.db"
    now = datetime.now(UTC)
    earlier = []
    for seconds in range(-1, 4):  # whatever second the move happens in, its name is taken
        name = tmp_path / f"progress.db.corrupt-{(now + timedelta(seconds=seconds)):%Y%m%d-%H%M%S}"
        name.write_bytes(b"earlier copy")
        earlier.append(name)
    path.write_bytes(b"new damage" * 100)
    with open_store(path) as opened:
        moved = Path(opened.notices[0].params["moved_to"])
    assert moved not in earlier and moved.read_bytes() == b"new damage" * 100
    assert all(name.read_bytes() == b"earlier copy" for name in earlier)


def test_a_locked_database_waits_and_is_never_taken_for_damage(tmp_path):
    path = tmp_path / "progress.db"
    open_store(path).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with open_store(path, busy_timeout=0.2) as opened:
            assert opened.notices == ()
            with pytest.raises(ProgressError) as err:
                opened.record_lesson_event("l", "start", now=T0)
            assert err.value.key == "progress.error.busy"
            assert "0.2" in err.value.message("ru")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert not list(tmp_path.glob("*.corrupt-*"))


# -- environment errors -------------------------------------------------------------------------------------

def test_a_directory_that_cannot_be_created_is_a_clear_error(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(ProgressError) as err:
        open_store(blocker / "sub" / "progress.db")
    assert err.value.key == "progress.error.directory"
    assert str(blocker / "sub") in err.value.message("it")


@contextmanager
def read_only(target: Path):
    """Make `target` unwritable for this process: chmod for a user, the immutable attribute for root."""
    if os.name != "posix":
        pytest.skip("POSIX permissions only")
    if os.geteuid() != 0:
        mode = target.stat().st_mode
        target.chmod(0o500 if target.is_dir() else 0o400)
        try:
            yield
        finally:
            target.chmod(mode)
        return
    chattr = shutil.which("chattr")
    if not chattr or subprocess.run([chattr, "+i", str(target)], capture_output=True).returncode != 0:
        pytest.skip("root, and no immutable attribute here: permissions do not bind root")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(target)], check=True)


def test_a_read_only_directory_is_a_clear_error(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    with read_only(folder):
        with pytest.raises(ProgressError) as err:
            open_store(folder / "progress.db")
    assert err.value.key == "progress.error.cannot_open"
    assert "scrittura" in err.value.message("it") and "запис" in err.value.message("ru")
    assert list(folder.iterdir()) == []


def test_a_read_only_file_can_be_read_but_refuses_writes(tmp_path):
    path = tmp_path / "progress.db"
    with open_store(path) as opened:
        opened.complete_lesson("kept", 2, now=T0)
    with read_only(path):
        with open_store(path) as opened:
            assert opened.lesson_state("kept").stars == 2
            with pytest.raises(ProgressError) as err:
                opened.complete_lesson("new", 1, now=T0)
    assert err.value.key == "progress.error.readonly"
    with open_store(path) as opened:
        assert set(opened.lesson_states()) == {"kept"}


def test_a_read_only_database_refuses_writes_with_a_clear_error(store):
    store.complete_lesson("before", 1, now=T0)
    store._conn.execute("PRAGMA query_only = ON")  # what SQLite reports for a file it may not write
    with pytest.raises(ProgressError) as err:
        store.record_lesson_event("after", "start", now=T0)
    assert err.value.key == "progress.error.readonly"
    assert "sola lettura" in err.value.message("it") and "только для чтения" in err.value.message("ru")
    store._conn.execute("PRAGMA query_only = OFF")
    assert set(store.lesson_states()) == {"before"}


def test_a_full_disk_is_a_clear_error_and_loses_nothing(store):
    store.record_review("c1", "q1", reviewed=T0, correct=True, duration_ms=10, hint_used=False, answer="a",
                        schedule=fake_schedule(2, T0 + timedelta(days=2)))
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")  # the file may not grow: SQLITE_FULL
    saved = 0
    with pytest.raises(ProgressError) as err:
        for n in range(200):
            store.record_review(f"d{n}", "q1", reviewed=T0, correct=True, duration_ms=10, hint_used=False,
                                answer="x" * 500, schedule=fake_schedule(2, T0 + timedelta(days=9)))
            saved += 1
    assert err.value.key == "progress.error.full"
    assert "Disco pieno" in err.value.message("it") and "Диск заполнен" in err.value.message("ru")
    rows = store._conn.execute("SELECT count(*) FROM review").fetchone()[0]
    cards = store._conn.execute("SELECT count(*) FROM card").fetchone()[0]
    assert rows == cards == saved + 1  # the failed answer left neither its log row nor its card
    assert store.card_record("c1").due == T0 + timedelta(days=2)
    assert store.integrity_check() == ["ok"]


def test_a_closed_store_says_so(tmp_path):
    opened = open_store(tmp_path / "p.db")
    opened.close()
    opened.close()  # twice is fine
    with pytest.raises(ProgressError) as err:
        opened.lesson_states()
    assert err.value.key == "progress.error.closed"


def test_every_message_exists_in_italian_russian_and_english():
    for key, texts in MESSAGES.items():
        assert set(texts) == {"it", "ru", "en"}, key
        fields = {set(re.findall(r"{(\w+)}", text)).__repr__() for text in texts.values()}
        assert len(fields) == 1, f"{key}: the languages use different fields"
        assert re.search("[а-яё]", texts["ru"], re.I) and not re.search("[а-яё]", texts["it"], re.I), key


def test_backup_copies_a_consistent_database(store, tmp_path):
    store.complete_lesson("kept", 3, now=T0)
    copy = store.backup(tmp_path / "backup.db")
    with open_store(copy) as restored:
        assert restored.lesson_state("kept").stars == 3
    with pytest.raises(ProgressError) as err:
        store.backup(copy)  # never over an existing file
    assert err.value.key == "progress.error.exists" and "уже существует" in err.value.message("ru")


# -- lessons ------------------------------------------------------------------------------------------------

def test_a_lesson_never_played_is_new(store):
    assert store.lesson_state("unknown") == LessonState("unknown")
    assert store.lesson_states() == {}


def test_a_lesson_resumes_where_the_learner_left_off(tmp_path):
    path = tmp_path / "p.db"
    with open_store(path) as first:
        first.record_lesson_event("combat", "start", now=T0)
        first.record_lesson_event("combat", "step", 1, now=T0 + timedelta(minutes=1))
        first.record_lesson_event("combat", "hint", data={"level": 1}, now=T0 + timedelta(minutes=2))
        first.record_lesson_event("combat", "answer", data={"given": "blocker"}, correct=False,
                                  now=T0 + timedelta(minutes=3))
        first.record_lesson_event("combat", "answer", correct=True, now=T0 + timedelta(minutes=4))
        first.record_lesson_event("combat", "step", 2, now=T0 + timedelta(minutes=5))
        first.record_lesson_event("combat", "answer", correct=True, now=T0 + timedelta(minutes=6))
    with open_store(path) as second:
        state = second.lesson_state("combat")
        assert len(second.lesson_events("combat")) == 7
    assert (state.status, state.step, state.hints_used) == ("started", 2, 1)
    assert state.first_played == T0 and state.last_played == T0 + timedelta(minutes=6)
    assert state.steps == (StepRecord(1, attempts=2, correct=True, first_try=False, hints=1),
                           StepRecord(2, attempts=1, correct=True, first_try=True, hints=0))
    assert state.step_record(7) == StepRecord(7)


def test_the_lesson_log_keeps_every_event_with_its_data(store):
    store.record_lesson_event("l", "step", 0, now=T0)
    store.record_lesson_event("l", LessonEventKind.ANSWER, data={"given": "Коготь", "why": None},
                              correct=False, now=T0 + timedelta(seconds=1))
    events = store.lesson_events("l")
    assert [(e.kind, e.step, e.correct) for e in events] == [("step", 0, None), ("answer", 0, False)]
    assert events[1].data == {"given": "Коготь", "why": None}
    assert events[1].at == T0 + timedelta(seconds=1) and events[1].run == 1


def test_completing_and_resetting_keep_the_best_and_the_log(store):
    store.record_lesson_event("l", "step", 3, now=T0)
    store.record_lesson_event("l", "hint", now=T0)
    done = store.complete_lesson("l", 2, now=T0 + timedelta(minutes=1))
    assert (done.status, done.stars, done.best_stars, done.completions) == ("done", 2, 2, 1)
    assert done.completed_at == T0 + timedelta(minutes=1)
    with pytest.raises(ValueError, match="reset"):
        store.record_lesson_event("l", "step", 4, now=T0)
    with pytest.raises(ValueError, match="already done"):
        store.complete_lesson("l", 3, now=T0)
    again = store.reset_lesson("l", now=T0 + timedelta(minutes=2))
    assert (again.status, again.step, again.hints_used, again.stars, again.run) == ("new", 0, 0, 0, 2)
    assert (again.best_stars, again.completions, again.first_played) == (2, 1, T0)
    assert again.steps == () and again.completed_at is None
    store.record_lesson_event("l", "answer", 0, correct=True, now=T0 + timedelta(minutes=3))
    better = store.complete_lesson("l", 3, now=T0 + timedelta(minutes=4))
    worse_later = store.reset_lesson("l", now=T0 + timedelta(minutes=5))
    assert better.best_stars == 3 and better.completions == 2 and worse_later.best_stars == 3
    kinds = [e.kind.value for e in store.lesson_events("l")]
    assert kinds == ["step", "hint", "completed", "reset", "answer", "completed", "reset"]
    assert [e.kind.value for e in store.lesson_events("l", run=2)] == ["answer", "completed", "reset"]
    assert store.lesson_events("l")[2].data == {"stars": 2}


def test_resetting_a_lesson_never_played_writes_nothing(store):
    assert store.reset_lesson("ghost", now=T0) == LessonState("ghost")
    assert store.lesson_events("ghost") == [] and store.lesson_states() == {}


def test_lesson_states_lists_every_lesson_with_its_current_run(store):
    store.record_lesson_event("a", "answer", 0, correct=False, now=T0)
    store.complete_lesson("a", 1, now=T0)
    store.reset_lesson("a", now=T0)
    store.record_lesson_event("a", "answer", 0, correct=True, now=T0)
    store.record_lesson_event("b", "hint", 4, now=T0)
    states = store.lesson_states()
    assert sorted(states) == ["a", "b"]
    assert states["a"].steps == (StepRecord(0, attempts=1, correct=True, first_try=True),)
    assert states["b"].steps == (StepRecord(4, hints=1),) and states["b"].step == 4
    assert states["a"] == store.lesson_state("a") and states["b"] == store.lesson_state("b")


@pytest.mark.parametrize("call, message", [
    (lambda s: s.record_lesson_event("", "start"), "lesson id"),
    (lambda s: s.record_lesson_event("l", "jump"), "unknown lesson event kind"),
    (lambda s: s.record_lesson_event("l", "completed"), "complete_lesson"),
    (lambda s: s.record_lesson_event("l", "step"), "needs the step"),
    (lambda s: s.record_lesson_event("l", "step", -1), "step must be"),
    (lambda s: s.record_lesson_event("l", "step", True), "step must be"),
    (lambda s: s.record_lesson_event("l", "answer", 1), "correct=True"),
    (lambda s: s.record_lesson_event("l", "hint", 1, correct=True), "only an 'answer'"),
    (lambda s: s.record_lesson_event("l", "hint", 1, data=["x"]), "must be a dict"),
    (lambda s: s.record_lesson_event("l", "hint", 1, data={"x": object()}), "JSON"),
    (lambda s: s.complete_lesson("l", 4), "stars"),
    (lambda s: s.record_lesson_event("l", "start", now=datetime(2025, 1, 1)), "timezone-aware"),
])
def test_bad_lesson_arguments_are_refused_and_write_nothing(store, call, message):
    with pytest.raises(ValueError, match=message):
        call(store)
    assert store.lesson_states() == {}


def test_the_logs_are_append_only(store):
    store.record_lesson_event("l", "start", now=T0)
    store.record_review("c", "q", reviewed=T0, correct=True, duration_ms=5, hint_used=False, answer=None,
                        schedule=fake_schedule(1, T0))
    for sql in ("UPDATE lesson_event SET kind = 'hint'", "DELETE FROM lesson_event",
                "UPDATE review SET correct = 0", "DELETE FROM review"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            store._conn.execute(sql)


def test_times_in_any_zone_are_stored_as_utc(store):
    rome = timezone(timedelta(hours=1))
    state = store.record_lesson_event("l", "start", now=datetime(2025, 3, 10, 13, 0, tzinfo=rome))
    assert state.first_played == T0 and state.first_played.tzinfo == UTC
    raw = store._conn.execute("SELECT first_played FROM lesson").fetchone()[0]
    assert raw == "2025-03-10T12:00:00.000Z"


def test_one_store_shared_by_threads(store):
    def play(name):
        for n in range(40):
            store.record_lesson_event(name, "answer", n, correct=n % 2 == 0)

    threads = [threading.Thread(target=play, args=(f"l{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    states = store.lesson_states()
    assert sorted(states) == ["l0", "l1", "l2", "l3"]
    assert all(len(state.steps) == 40 for state in states.values())


# -- the review log ---------------------------------------------------------------------------------------

def test_an_answer_writes_its_log_row_and_its_card_together(store):
    review, card = store.record_review("fam-1", "fam-1/seed-3", reviewed=T0, correct=False, duration_ms=4200,
                                       hint_used=True, answer="No, the creature stays",
                                       schedule=fake_schedule(1, T0 + timedelta(minutes=1), rating=1))
    assert (review.card_key, review.question_id, review.rating, review.correct, review.hint_used) == \
        ("fam-1", "fam-1/seed-3", 1, False, True)
    assert review.state_before is None and review.state_after == 1 and review.duration_ms == 4200
    assert (card.key, card.state, card.reps, card.lapses, card.due) == ("fam-1", 1, 1, 0, T0 + timedelta(minutes=1))
    assert store.reviews() == [review] and store.reviews("fam-1") == [review] and store.reviews("x") == []
    assert store.card_record("fam-1") == card and store.card_records() == [card]


def test_a_lapse_is_again_on_a_card_in_review(store):
    store.record_review("c", "q", reviewed=T0, correct=True, duration_ms=1, hint_used=False, answer=None,
                        schedule=fake_schedule(2, T0 + timedelta(days=3)))
    _, card = store.record_review("c", "q", reviewed=T0 + timedelta(days=3), correct=False, duration_ms=1,
                                  hint_used=False, answer=None, schedule=fake_schedule(3, T0, rating=1))
    assert (card.reps, card.lapses, card.state) == (2, 1, 3)
    assert store.reviews("c")[1].state_before == 2


def test_a_failing_scheduler_writes_nothing(store):
    def broken(before, card_id):
        raise RuntimeError("scheduler bug")

    with pytest.raises(RuntimeError):
        store.record_review("c", "q", reviewed=T0, correct=True, duration_ms=1, hint_used=False, answer=None,
                            schedule=broken)
    assert store.reviews() == [] and store.card_records() == []


@pytest.mark.parametrize("kwargs, message", [
    ({"duration_ms": -1}, "duration_ms"), ({"duration_ms": 1.5}, "duration_ms"), ({"answer": 3}, "text"),
    ({"reviewed": datetime(2025, 1, 1)}, "timezone-aware"),
])
def test_bad_review_arguments_are_refused(store, kwargs, message):
    args = {"reviewed": T0, "correct": True, "duration_ms": 1, "hint_used": False, "answer": None,
            "schedule": fake_schedule(1, T0)} | kwargs
    with pytest.raises(ValueError, match=message):
        store.record_review("c", "q", **args)
    with pytest.raises(ValueError, match="card id"):
        store.record_review("", "q", **(args | {"reviewed": T0, "duration_ms": 1, "answer": None}))


def test_due_cards_known_cards_and_new_today(store):
    plan = {"overdue": (2, T0 - timedelta(days=2)), "today": (2, T0 + timedelta(hours=5)),
            "tomorrow": (2, T0 + timedelta(days=1)), "learning-soon": (1, T0 + timedelta(minutes=5)),
            "learning-later": (3, T0 + timedelta(hours=1))}
    for key, (state, due) in plan.items():
        store.record_review(key, key, reviewed=T0 - timedelta(days=3), correct=True, duration_ms=1,
                            hint_used=False, answer=None, schedule=fake_schedule(state, due))
    due = store.due_card_records(review_until=T0 + timedelta(hours=12), learning_until=T0 + timedelta(minutes=20))
    assert [card.key for card in due] == ["overdue", "learning-soon", "today"]
    assert store.known_card_keys(["today", "nope", "overdue", "today"]) == {"today", "overdue"}
    assert store.new_cards_since(T0 - timedelta(days=4)) == 5 and store.new_cards_since(T0) == 0
    assert store.last_question_ids(["today", "nope"]) == {"today": "today"}


def test_replace_card_cache_rewrites_only_what_differs(store):
    _, card = store.record_review("c", "q", reviewed=T0, correct=True, duration_ms=1, hint_used=False,
                                  answer=None, schedule=fake_schedule(2, T0 + timedelta(days=1)))
    assert store.replace_card_cache([card]) == 0
    import dataclasses

    assert store.replace_card_cache([dataclasses.replace(card, lapses=4)]) == 1
    assert store.card_record("c").lapses == 4


# -- statistics ---------------------------------------------------------------------------------------------

def _review_at(store, key, when, correct=True, state=2):
    store.record_review(key, key, reviewed=when, correct=correct, duration_ms=1, hint_used=False, answer=None,
                        schedule=fake_schedule(state, when + timedelta(days=1)))


def test_statistics_of_an_empty_log(store):
    stats = store.quiz_stats(T0, days=7, day_policy=DAYS)
    assert (stats.total_reviews, stats.cards, stats.due_today, stats.new_today, stats.streak) == (0, 0, 0, 0, 0)
    assert stats.retention is None and stats.retention_reviews == 0
    assert [d.day for d in stats.days] == [date(2025, 3, 4) + timedelta(days=n) for n in range(7)]
    assert stats.today == date(2025, 3, 10)


def test_statistics_count_days_retention_due_and_streak(store):
    # first reviews (new cards) 3 and 2 days ago, then review-state answers yesterday and today
    _review_at(store, "a", T0 - timedelta(days=3), state=2)
    _review_at(store, "b", T0 - timedelta(days=2), state=2)
    _review_at(store, "a", T0 - timedelta(days=1), correct=True)
    _review_at(store, "b", T0 - timedelta(days=1, hours=-1), correct=False, state=3)
    _review_at(store, "a", T0 - timedelta(hours=2), correct=True)
    _review_at(store, "c", T0 - timedelta(hours=1), correct=False, state=1)  # new today, wrong: no retention
    _review_at(store, "old", T0 - timedelta(days=40), correct=False)  # outside every window
    stats = store.quiz_stats(T0, days=4, day_policy=DAYS)
    assert [(d.day.day, d.reviews, d.correct) for d in stats.days] == [(7, 1, 1), (8, 1, 1), (9, 2, 1), (10, 2, 1)]
    assert stats.reviews_today == 2 and stats.new_today == 1
    assert stats.retention_reviews == 3 and stats.retention == pytest.approx(2 / 3)  # state before = Review
    assert stats.streak == 4 and stats.total_reviews == 7 and stats.cards == 4
    # due before the end of today (11 March 00:00): b (T0+1h) and old (overdue); a and c are due tomorrow
    assert stats.due_today == 2


def test_the_streak_may_end_yesterday_but_not_before(store):
    for days_ago in (1, 2, 3, 5):
        _review_at(store, f"c{days_ago}", T0 - timedelta(days=days_ago))
    assert store.quiz_stats(T0, day_policy=DAYS).streak == 3
    assert store.quiz_stats(T0 + timedelta(days=1), day_policy=DAYS).streak == 0
    _review_at(store, "today", T0)
    assert store.quiz_stats(T0, day_policy=DAYS).streak == 4


def test_a_streak_longer_than_the_window_is_counted_in_full(store):
    for days_ago in range(45):
        _review_at(store, f"c{days_ago}", T0 - timedelta(days=days_ago))
    stats = store.quiz_stats(T0, days=7, day_policy=DAYS)
    assert stats.streak == 45 and len(stats.days) == 7


def test_the_learners_day_starts_at_the_rollover_hour_in_local_time(store):
    zoneinfo = pytest.importorskip("zoneinfo")
    try:
        rome = zoneinfo.ZoneInfo("Europe/Rome")
    except zoneinfo.ZoneInfoNotFoundError:
        pytest.skip("no time zone data")
    policy = DayPolicy(tz=rome, rollover_hour=4)
    # 02:30 in Rome on 10 March is 01:30 UTC: still the learner's 9 March
    _review_at(store, "late-night", datetime(2025, 3, 10, 1, 30, tzinfo=UTC))
    _review_at(store, "morning", datetime(2025, 3, 10, 8, 0, tzinfo=UTC))
    stats = store.quiz_stats(datetime(2025, 3, 10, 12, tzinfo=UTC), days=2, day_policy=policy)
    assert [(d.day, d.reviews) for d in stats.days] == [(date(2025, 3, 9), 1), (date(2025, 3, 10), 1)]
    # summer time begins on 30 March 2025 at 01:00 UTC: every day still starts at 04:00 local, so the 29th
    # (04:00 CET to 04:00 CEST) lasts 23 hours
    assert policy.start_of(date(2025, 3, 29)) == datetime(2025, 3, 29, 3, 0, tzinfo=UTC)
    assert policy.start_of(date(2025, 3, 30)) == datetime(2025, 3, 30, 2, 0, tzinfo=UTC)


def test_the_system_local_day_is_the_default(store):
    local = DayPolicy()
    day, start, end = local.bounds(T0)
    assert start <= T0 < end and local.day_of(start) == day and local.day_of(end) == day + timedelta(days=1)
    with pytest.raises(ValueError):
        DayPolicy(rollover_hour=24)


def test_bad_statistics_arguments(store):
    with pytest.raises(ValueError):
        store.quiz_stats(T0, days=0)


def test_the_public_api_is_importable_from_the_package():
    assert set(tutor.progress.__all__) <= set(dir(tutor.progress))
