"""User settings of the app (interface language, theme), kept between runs in the file `glossary.paths` names.

Reading never stops the app: a missing file means the defaults; a file that cannot be used (too large,
not UTF-8, not JSON, nested too deeply, not an object) means the defaults too, and is first moved aside as
``settings.json.bad-YYYYMMDD-HHMMSS`` (never overwritten: the next save writes a new file). A file that
cannot even be read (permissions) is left alone and never overwritten. A UTF-8 BOM is accepted. Keys this
version does not know (a newer version's settings) are kept and written back on save.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

from glossary.paths import config_path, write_atomic
from tutor.i18n import DEFAULT_LANG, LANGS
from tutor.settings_file import MAX_BYTES, parse_settings

__all__ = ["DEFAULTS", "MAX_BYTES", "Settings", "load_settings", "save_settings"]

DEFAULTS = {"ui": DEFAULT_LANG, "theme": "textual-dark"}


class Settings(dict):
    """The settings as a dict, with what reading the file found out.

    ``notice``: None, or ``(catalog key, fields)`` to tell the user (the file was unusable);
    ``savable``: False when the file could not be read and must not be overwritten.
    """

    notice: tuple[str, dict] | None = None
    savable: bool = True


def _parse(data: bytes) -> dict:
    """The JSON object of a settings file; ValueError for anything else (deep nesting included)."""
    return parse_settings(data)


def _move_aside(path: Path) -> Path | None:
    """Rename an unusable settings file to ``<name>.bad-<stamp>`` (a new name each time); None if it failed."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    number = 1
    while os.path.lexists(target):
        number += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{number}")
    try:
        os.rename(path, target)
    except OSError:
        return None
    return target


def load_settings() -> Settings:
    """The saved settings merged over the defaults (unknown keys kept); an unusable file means the defaults."""
    path = config_path()
    out = Settings(DEFAULTS)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)  # never more than the limit in memory
    except FileNotFoundError:
        return out
    except OSError:  # unreadable (permissions, a directory): keep it as it is, and never overwrite it
        out.savable = False
        out.notice = ("settings_unreadable", {"path": str(path)})
        return out
    try:
        saved = _parse(data)
    except ValueError:
        moved = _move_aside(path)
        if moved is None:
            out.savable = False
            out.notice = ("settings_unreadable", {"path": str(path)})
        else:
            out.notice = ("settings_moved", {"path": str(path), "moved_to": str(moved)})
        return out
    out.update({k: v for k, v in saved.items() if k not in DEFAULTS})  # a newer version's keys, kept
    out.update({k: v for k, v in saved.items() if k in DEFAULTS and isinstance(v, str)})
    if out["ui"] not in LANGS:
        out["ui"] = DEFAULT_LANG
    return out


def save_settings(settings: dict) -> None:
    """Write the settings at once (never a half-written file), unknown keys included; a read-only home is
    not an error, and a file that could not be read is never overwritten."""
    if not getattr(settings, "savable", True):
        return
    try:
        write_atomic(config_path(), json.dumps(dict(settings), ensure_ascii=False, indent=2).encode("utf-8"))
    except (OSError, TypeError, ValueError):
        pass
