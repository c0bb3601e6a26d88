"""Where the progress database lives: `glossary.paths`, the module that knows every directory, decides."""

from __future__ import annotations

from pathlib import Path

from glossary.paths import PROGRESS_DB, progress_path

__all__ = ["DB_NAME", "default_path"]

DB_NAME = PROGRESS_DB


def default_path() -> Path:
    """``$MTG_TUTOR_HOME/progress.db`` when the variable is set, else ``progress.db`` in the user data directory
    (``platformdirs.user_data_dir("mtg-tutor", appauthor=False)``). The directory may not exist yet."""
    return progress_path()
