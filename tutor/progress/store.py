"""Opening the progress database safely: the connection, its settings, transactions and damaged files.

Settings, and why:

* ``journal_mode=WAL``: readers never block the writer, so the app and the CLI can run at once.
* ``synchronous=FULL``: every commit is flushed to disk (one fsync of the WAL per commit). WAL with ``NORMAL``
  already survives a killed process (``kill -9`` loses at most the answer in flight, which was never
  acknowledged), but can lose the last commits on a power cut or an OS crash; ``FULL`` survives those too. An answer
  costs one commit every few seconds of thinking, so the fsync (about a millisecond on an SSD, see
  ``bench/bench_progress.py``) is invisible, and a learner's progress must never be lost.
* ``busy_timeout`` (5 s): a second process waits for the write lock instead of failing at once.
* ``foreign_keys=ON``; every write is one ``BEGIN IMMEDIATE`` transaction (the lock is taken before reading, so
  two processes never interleave a read-modify-write).

Damaged files: at open, a directory or a special file in place of the database, a file SQLite refuses (not a
database, malformed) or one that fails ``PRAGMA quick_check`` is moved aside to
``progress.db.corrupt-YYYYMMDD-HHMMSS`` (UTC; ``-2``, ``-3`` … if taken) with its ``-wal``, ``-shm`` and
``-journal`` companions renamed alike (so ``sqlite3 progress.db.corrupt-…`` still finds its WAL), and a
:class:`~tutor.progress.messages.Notice` tells the caller, who shows it in the user's language. Nothing is ever
deleted or silently replaced. A zero-length file is an empty database, not damage. A database of a newer schema or
of another program is refused with a :class:`ProgressError`; a locked one is waited for, never taken for damage.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from tutor.progress.messages import Notice, ProgressError
from tutor.progress.paths import default_path
from tutor.progress.schema import APPLICATION_ID, SCHEMA_VERSION, migrate, user_version

__all__ = ["BaseStore"]

_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
_COMPANIONS = ("-wal", "-shm", "-journal")
_LOOK_AGAIN_S = 0.2  # before a file found damaged is moved aside, it is examined once more after this pause


def _is_damage(exc: sqlite3.Error) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name == "SQLITE_NOTADB" or name.startswith("SQLITE_CORRUPT")


def translate(exc: BaseException, path: Path, busy_timeout: float = 5.0) -> ProgressError:
    """The :class:`ProgressError` that tells the user what a library error means."""
    if isinstance(exc, OSError):
        return ProgressError("progress.error.io", path=path, reason=exc.strerror or str(exc))
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return ProgressError("progress.error.busy", path=path, seconds=f"{busy_timeout:g}")
    if name == "SQLITE_FULL":
        return ProgressError("progress.error.full", path=path)
    if name.startswith(("SQLITE_READONLY", "SQLITE_PERM")):
        return ProgressError("progress.error.readonly", path=path)
    if name.startswith("SQLITE_CANTOPEN"):
        return ProgressError("progress.error.cannot_open", path=path, reason=str(exc))
    if _is_damage(exc):
        return ProgressError("progress.error.corrupt", path=path)
    return ProgressError("progress.error.io", path=path, reason=str(exc))


class BaseStore:
    """The connection to one progress database, its transactions and its lifecycle (see the module docstring)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, notices: tuple[Notice, ...], busy_timeout: float):
        self._conn: sqlite3.Connection | None = conn
        self._lock = threading.RLock()
        self.path = path
        self.notices = notices
        self.busy_timeout = busy_timeout

    # -- opening --------------------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike | None = None, *, busy_timeout: float = 5.0,
             synchronous: str = "FULL"):
        """Open (create, migrate, repair by moving aside) the database at `path` (:func:`default_path` if None).

        The parent directory is created when missing. Damaged files are moved aside and reported in
        ``store.notices``; anything else that prevents opening raises :class:`ProgressError`.
        """
        if synchronous.upper() not in _SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {', '.join(_SYNCHRONOUS)}, not {synchronous!r}")
        path = Path(path).expanduser() if path is not None else default_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ProgressError("progress.error.directory", path=path.parent,
                                reason=exc.strerror or str(exc)) from exc
        notices: list[Notice] = []
        for _attempt in range(3):
            identity, reason = _inspect(path)
            if reason is None:
                conn, reason = _try_open(path, busy_timeout, synchronous.upper())
                if conn is not None:
                    return cls(conn, path, tuple(notices), busy_timeout)
            moved = _move_aside(path, identity)
            if moved is not None:
                notices.append(Notice("progress.corrupt_moved",
                                      {"path": str(path), "moved_to": str(moved), "reason": reason}))
        raise ProgressError("progress.error.corrupt", path=path)

    def close(self) -> None:
        """Close the connection (the last one to close folds the WAL back into the database file)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The schema version of the open database."""
        with self._read() as conn:
            return user_version(conn)

    def integrity_check(self) -> list[str]:
        """``PRAGMA integrity_check`` (thorough, slower than the ``quick_check`` done at open): ``["ok"]`` if sound."""
        with self._read() as conn:
            return [row[0] for row in conn.execute("PRAGMA integrity_check")]

    def backup(self, target: str | os.PathLike) -> Path:
        """Copy the whole database, consistent even while others write, to the new file `target`."""
        target = Path(target)
        if target.exists():
            raise ProgressError("progress.error.exists", path=target)
        with self._lock:
            try:
                dest = sqlite3.connect(target)
                try:
                    self._require().backup(dest)
                finally:
                    dest.close()
            except sqlite3.Error as exc:
                raise translate(exc, target, self.busy_timeout) from exc
        return target

    @contextmanager
    def waiting_at_most(self, seconds: float) -> Iterator[None]:
        """The writes within wait at most `seconds` for another program's write lock (then
        ``progress.error.busy``): the app's first try, so that a busy store never freezes its screen."""
        with self._lock:
            conn = self._require()
            before = self.busy_timeout
            conn.execute(f"PRAGMA busy_timeout = {max(0, int(seconds * 1000))}")
            self.busy_timeout = seconds
            try:
                yield
            finally:
                self.busy_timeout = before
                if self._conn is not None:
                    self._conn.execute(f"PRAGMA busy_timeout = {int(before * 1000)}")

    # -- transactions ---------------------------------------------------------------------------------------

    def _require(self) -> sqlite3.Connection:
        if self._conn is None:
            raise ProgressError("progress.error.closed", path=self.path)
        return self._conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` … ``COMMIT`` transaction; rolled back on any error."""
        with self._lock:
            conn = self._require()
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise translate(exc, self.path, self.busy_timeout) from exc
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException as exc:
                if conn.in_transaction:
                    try:
                        conn.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                if isinstance(exc, sqlite3.Error):
                    raise translate(exc, self.path, self.busy_timeout) from exc
                raise

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: one consistent snapshot for several queries (inside a write, that write's)."""
        with self._lock:
            conn = self._require()
            nested = conn.in_transaction  # only this thread can be in it: it holds the lock
            try:
                if not nested:
                    conn.execute("BEGIN")
                yield conn
            except sqlite3.Error as exc:
                raise translate(exc, self.path, self.busy_timeout) from exc
            finally:
                if not nested and conn.in_transaction:
                    conn.execute("COMMIT")


def _inspect(path: Path) -> tuple[tuple[int, int] | None, str | None]:
    """The file's identity (device, inode) and why it cannot be a database (None when it may be one)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        raise ProgressError("progress.error.cannot_open", path=path, reason=exc.strerror or str(exc)) from exc
    identity = (info.st_dev, info.st_ino)
    if stat.S_ISDIR(info.st_mode):
        return identity, "progress.reason.directory"
    if not stat.S_ISREG(info.st_mode):
        return identity, "progress.reason.not_file"
    return identity, None


def _try_open(path: Path, busy_timeout: float, synchronous: str) -> tuple[sqlite3.Connection | None, str | None]:
    """A configured, migrated connection, or None and the reason the file is damaged. Other failures raise.

    A non-empty file is examined first without letting SQLite write anything: its header by hand, then
    ``quick_check`` on a read-only connection (a read-write one would delete an unreadable WAL on closing, or fold
    it into the damaged file, and the evidence moved aside would not be what was found).
    """
    try:
        size = os.stat(path).st_size
    except FileNotFoundError:
        size = 0
    if size:
        reason = _header_problem(path) or _read_only_check(path, busy_timeout)
        if reason:  # a file is moved aside only on a second look: a reading made while another program
            time.sleep(_LOOK_AGAIN_S)  # writes (or creates the file) must not cost the learner their progress
            reason = _header_problem(path) or _read_only_check(path, busy_timeout)
        if reason:
            return None, reason
    deadline = time.monotonic() + busy_timeout
    damaged_once = False
    while True:
        conn = None
        try:
            conn = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None, check_same_thread=False)
            _refuse_if_not_ours(conn, path)
            conn.execute("PRAGMA journal_mode = WAL").fetchone()
            conn.execute(f"PRAGMA synchronous = {synchronous}")
            conn.execute("PRAGMA foreign_keys = ON")
            migrate(conn)
            return conn, None
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            if _is_damage(exc) and damaged_once:
                return None, _reason(exc)
            if _is_damage(exc):  # (the same second look)
                damaged_once = True
                time.sleep(_LOOK_AGAIN_S)
                continue
            if _is_busy(exc) and time.monotonic() < deadline:
                # Two programs creating the file at once: switching a new database to WAL (and a few other first
                # steps) report "locked" at once instead of waiting in the busy handler. Wait and start over.
                time.sleep(0.02)
                continue
            raise translate(exc, path, busy_timeout) from exc
        except BaseException:
            if conn is not None:
                conn.close()
            raise


def _is_busy(exc: sqlite3.Error) -> bool:
    name = getattr(exc, "sqlite_errorname", "")
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in str(exc)


def _reason(exc: sqlite3.Error) -> str:
    name = getattr(exc, "sqlite_errorname", "")
    return "progress.reason.not_sqlite" if name == "SQLITE_NOTADB" else "progress.reason.malformed"


def _header_problem(path: Path) -> str | None:
    """Why the first 100 bytes cannot start an SQLite database (None if they can)."""
    try:
        with open(path, "rb") as handle:
            header = handle.read(100)
    except OSError as exc:
        raise ProgressError("progress.error.cannot_open", path=path, reason=exc.strerror or str(exc)) from exc
    if not header.startswith(b"SQLite format 3\x00"):
        return "progress.reason.not_sqlite"
    return "progress.reason.malformed" if len(header) < 100 else None


def _read_only_check(path: Path, busy_timeout: float) -> str | None:
    """``quick_check`` through a read-only connection: the damage found, or None (also when SQLite cannot
    tell yet, e.g. a journal to roll back: the read-write open decides). Refuses newer and foreign files."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=busy_timeout,
                               isolation_level=None)
    except sqlite3.Error:
        return None
    try:
        if [row[0] for row in conn.execute("PRAGMA quick_check")] != ["ok"]:
            return "progress.reason.integrity"
        _refuse_if_not_ours(conn, path)
        return None
    except sqlite3.Error as exc:
        return _reason(exc) if _is_damage(exc) else None
    finally:
        conn.close()


def _refuse_if_not_ours(conn: sqlite3.Connection, path: Path) -> None:
    # One statement, one snapshot: another program may be creating the schema right now, and reading the
    # version, the id and the tables separately could see its tables without its id.
    version, app_id, tables = conn.execute(
        "SELECT (SELECT user_version FROM pragma_user_version), (SELECT application_id FROM pragma_application_id),"
        " (SELECT count(*) FROM sqlite_master)").fetchone()
    if version > SCHEMA_VERSION and app_id == APPLICATION_ID:
        raise ProgressError("progress.error.newer", path=path, found=version, known=SCHEMA_VERSION)
    has_tables = tables > 0
    if app_id != APPLICATION_ID and (app_id != 0 or version != 0 or has_tables):
        raise ProgressError("progress.error.foreign", path=path)


def _move_aside(path: Path, identity: tuple[int, int] | None) -> Path | None:
    """Rename the damaged file and its companions; None if it is gone or was replaced by another process."""
    try:
        try:
            info = os.stat(path)
        except FileNotFoundError:
            return None
        if identity is not None and (info.st_dev, info.st_ino) != identity:
            return None  # another process moved it aside first and made a new one: leave that alone
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        number = 1
        while any(os.path.lexists(f"{target}{suffix}") for suffix in ("", *_COMPANIONS)):
            number += 1
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{number}")
        # companions first: a stray WAL left beside a new database would be replayed into it
        for suffix in _COMPANIONS:
            companion = Path(f"{path}{suffix}")
            if os.path.lexists(companion):
                os.rename(companion, f"{target}{suffix}")
        os.rename(path, target)
        return target
    except OSError as exc:
        raise ProgressError("progress.error.move_aside", path=path, reason=exc.strerror or str(exc)) from exc
