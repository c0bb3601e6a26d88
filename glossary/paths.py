"""Every directory of the program, in one place, and the one way files are written there.

``$MTG_TUTOR_HOME``, when set, holds everything: ``rules/`` (imported Comprehensive Rules), ``cache/``
(the compiled index), ``settings.json`` and ``progress.db`` (the learner's progress). Otherwise the platform's user data, cache and config
directories (platformdirs) are used. The directories are worked out once for each value of the
variable (tests and tools may change it between calls).

>>> d = dirs_for("/tmp/home")
>>> d.rules.as_posix(), d.cache.as_posix(), d.settings.as_posix(), d.progress.as_posix()
('/tmp/home/rules', '/tmp/home/cache', '/tmp/home/settings.json', '/tmp/home/progress.db')
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = [
    "APP_NAME",
    "PROGRESS_DB",
    "TMP_PREFIX",
    "Dirs",
    "cache_dir",
    "clean_temporary",
    "config_path",
    "data_home",
    "dirs",
    "dirs_for",
    "package_data",
    "progress_path",
    "rules_dir",
    "write_atomic",
]

APP_NAME = "mtg-tutor"
HOME_VARIABLE = "MTG_TUTOR_HOME"
PROGRESS_DB = "progress.db"


@dataclass(frozen=True, slots=True)
class Dirs:
    """Where the program keeps its files."""

    data: Path  # the user's data: imported rules, the progress store
    cache: Path  # the compiled index: safe to delete
    config: Path  # settings.json

    @property
    def rules(self) -> Path:
        """Imported Comprehensive Rules files."""
        return self.data / "rules"

    @property
    def settings(self) -> Path:
        """The app's settings file."""
        return self.config / "settings.json"

    @property
    def progress(self) -> Path:
        """The progress database (lessons, review log)."""
        return self.data / PROGRESS_DB


@lru_cache(maxsize=8)
def dirs_for(home: str | None) -> Dirs:
    """The directories for a value of ``$MTG_TUTOR_HOME`` (None or empty: the platform's directories)."""
    if home:
        root = Path(home)
        try:
            root = root.expanduser()
        except RuntimeError:  # "~nosuchuser/x": no such user's home; taken literally, as a shell leaves it
            pass
        return Dirs(data=root, cache=root / "cache", config=root)
    import platformdirs

    return Dirs(
        data=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        cache=Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)),
        config=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
    )


def dirs() -> Dirs:
    """The directories for the current environment."""
    return dirs_for(os.environ.get(HOME_VARIABLE) or None)


def data_home() -> Path:
    """The user's data directory (imported rules live in its ``rules/``)."""
    return dirs().data


def rules_dir() -> Path:
    """Where imported Comprehensive Rules files are kept."""
    return dirs().rules


def cache_dir() -> Path:
    """Where the compiled index is cached."""
    return dirs().cache


def config_path() -> Path:
    """The app's settings file."""
    return dirs().settings


def progress_path() -> Path:
    """The progress database (the directory may not exist yet)."""
    return dirs().progress


TMP_PREFIX = ".mtg-tutor-tmp-"  # every temporary file the program writes starts so (cleaned by `clean_temporary`)
STALE_TMP_SECONDS = 3600  # an older temporary file belongs to no running writer: a killed one left it


def package_data(*parts: str) -> Path:
    """A file or folder shipped inside the ``glossary`` package (``sources``, ``curated``).

    The data lives inside the package, so it is found beside the package's modules: for a package installed on
    a file system (a wheel, an editable install, a checkout) this is the folder that
    ``importlib.resources.files("glossary")`` gives (tests/packaging/test_packaging.py checks it), without importing
    importlib.resources (some 18 ms on every command: the index fingerprint lists these folders).
    """
    return _PACKAGE.joinpath(*parts)


_PACKAGE = Path(__file__).resolve().parent  # the folder of the glossary package, as the import system found it


def write_atomic(path: Path, data: bytes, *, replace: bool = True, like: os.stat_result | None = None,
                 perm: int = 0o600) -> None:
    """Write a file all at once, so that a reader sees the old file or the new one, never a part.

    The data goes to a temporary file in the same directory (named ``TMP_PREFIX…``), is flushed to the disk
    (fsync), then renamed over `path`; the directory is flushed too, so that the rename survives a crash. On any
    error (a read-only directory, a full disk, a signal) the temporary file is removed and the error raised;
    a temporary file left by a killed process is removed by `clean_temporary`. With ``replace=False`` an existing
    `path` is left alone (FileExistsError): the file is linked into place, which succeeds for one writer only.
    The new file's permissions are `perm` less the umask (0600: the user's data), or, with `like` (the file it
    replaces), that file's permissions and, where allowed, its owner.
    The one writer of the program: settings, imported rules, the index cache and its key, the exports use it.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _mkstemp(path, perm)
    try:
        try:
            if like is not None:
                os.chmod(tmp, stat.S_IMODE(like.st_mode))
                try:
                    os.chown(tmp, like.st_uid, like.st_gid)
                except (OSError, AttributeError):  # not allowed (another user's file), or not on this system
                    pass
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        if replace:
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)  # FileExistsError when another writer was first
            except (AttributeError, NotImplementedError, PermissionError):  # no hard links on this file system
                if os.path.lexists(path):
                    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
                os.replace(tmp, path)
            else:
                os.unlink(tmp)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _mkstemp(path: Path, perm: int = 0o600) -> tuple[int, str]:
    """A new temporary file beside `path`, readable by its owner only by default (0600, as `tempfile.mkstemp`
    makes it). Its name is short (not `path`'s: a long file name would leave no room for the prefix)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = os.path.join(path.parent, f"{TMP_PREFIX}{os.getpid()}-{os.urandom(4).hex()}")
        try:
            return os.open(tmp, flags, perm), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"{path.parent}: no free temporary file name")


def _fsync_dir(directory: Path) -> None:
    """Flush a directory's entries (a rename) to the disk, where the system allows it (not on Windows)."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def clean_temporary(directory: Path, max_age: float = STALE_TMP_SECONDS) -> int:
    """Remove the temporary files (``TMP_PREFIX<pid>-…``) that a killed writer left in `directory`: those of a
    process that no longer runs, and any older than `max_age` seconds. Returns how many were removed; errors
    are ignored (another process may be cleaning too)."""
    import time

    removed = 0
    try:
        names = os.listdir(directory)
    except OSError:
        return 0
    now = time.time()
    for name in names:
        if not name.startswith(TMP_PREFIX):
            continue
        full = os.path.join(directory, name)
        try:
            st = os.lstat(full)
            if stat.S_ISDIR(st.st_mode):
                continue
            if now - st.st_mtime >= max_age or not _running(name[len(TMP_PREFIX):].split("-", 1)[0]):
                os.unlink(full)
                removed += 1
        except OSError:
            pass
    return removed


def _running(pid_text: str) -> bool:
    """Whether the process that wrote a temporary file may still be writing it (unknown: yes)."""
    if not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return True  # no cheap liveness check: the age decides
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, another user's
    return True
