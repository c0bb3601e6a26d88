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

import os
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = [
    "APP_NAME",
    "PROGRESS_DB",
    "Dirs",
    "cache_dir",
    "config_path",
    "data_home",
    "dirs",
    "dirs_for",
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
        root = Path(home).expanduser()
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


def write_atomic(path: Path, data: bytes) -> None:
    """Write a file all at once: a temporary file in the same directory, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
