"""User settings of the app (interface language, theme), kept between runs in the file `glossary.paths` names.

Reading never stops the app: a missing file means the defaults; a file that cannot be used (too large,
not UTF-8, not JSON, nested too deeply, not an object) means the defaults too, and is first moved aside as
``settings.json.bad-YYYYMMDD-HHMMSS`` (never overwritten: the next save writes a new file). A file that
cannot even be read (permissions, not a regular file: a FIFO is never waited for) is left alone and never
overwritten. A UTF-8 BOM is accepted. Keys this
version does not know (a newer version's settings) are kept and written back on save.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

from glossary.paths import config_path, write_atomic
from tutor.settings import SPECS
from tutor.settings_file import MAX_BYTES, parse_settings

__all__ = ["DEFAULTS", "MAX_BYTES", "Settings", "load_settings", "save_settings"]

DEFAULTS = {key: SPECS[key].default for key in ("ui", "theme")}  # the app's own keys (the typed settings' defaults)


class Settings(dict):
    """The settings as a dict, with what reading the file found out.

    ``notice``: None, or ``(catalog key, fields)`` to tell the user (the file was unusable);
    ``savable``: False when the file could not be read and must not be overwritten;
    ``problems``: the quiz's settings out of their bounds (the quiz uses their defaults).
    """

    notice: tuple[str, dict] | None = None
    savable: bool = True
    problems: list = []  # the quiz's values that are refused (`tutor.settings.SettingsProblem`)


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
    """The saved settings merged over the defaults (unknown keys kept); an unusable file means the defaults.

    The values are checked by the typed settings (:class:`tutor.settings.Settings`): one this version cannot
    use means its default; the quiz's keys are kept as they were written (the quiz checks them when it reads
    them), so that a save never rewrites what the user wrote there."""
    from glossary.rulesfile import UnusableFile
    from tutor.settings import Settings as Typed
    from tutor.settings_file import read_bytes

    path = config_path()
    out = Settings(DEFAULTS)
    try:
        data = read_bytes(path)  # never more than the limit in memory; a FIFO is refused, never waited for
    except UnusableFile as exc:
        if exc.code in ("missing", "dangling-link"):
            return out
        if exc.code != "too-large":  # unreadable (permissions, a directory, a FIFO): kept, never overwritten
            out.savable = False
            out.notice = ("settings_unreadable", {"path": str(path)})
            return out
        data = b" " * (MAX_BYTES + 1)
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
    typed, problems = Typed.from_mapping(saved)
    out.problems = [p for p in problems if p.key.startswith("quiz_")]  # told as the quiz commands tell them
    out.update({k: v for k, v in saved.items() if k not in DEFAULTS})  # a newer version's keys, kept
    out.update({k: getattr(typed, k) for k in DEFAULTS})
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
