"""Where the progress database lives (one small function, so a shared directories module can replace it)."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["DB_NAME", "default_path"]

DB_NAME = "progress.db"


def default_path() -> Path:
    """``$MTG_TUTOR_HOME/progress.db`` when the variable is set, else ``progress.db`` in the user data directory
    (``platformdirs.user_data_dir("mtg-tutor", appauthor=False)``). The directory may not exist yet."""
    home = os.environ.get("MTG_TUTOR_HOME")
    if home:
        return Path(home).expanduser() / DB_NAME
    import platformdirs

    return Path(platformdirs.user_data_dir("mtg-tutor", appauthor=False)) / DB_NAME
