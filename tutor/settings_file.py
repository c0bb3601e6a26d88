"""Reading ``settings.json`` safely, for every reader of it (the app's settings, the quiz's settings).

The file is the user's and may be anything: at most `MAX_BYTES` are read; a UTF-8 BOM is accepted; what is not
a JSON object (not UTF-8, not JSON, nested too deeply for the parser, a list) is a `ValueError`. Only a regular
file is read, opened without blocking (a FIFO named ``settings.json`` would hang every command and the app).
The values are checked by :class:`tutor.settings.Settings`.

>>> parse_settings(b'\\xef\\xbb\\xbf{"ui": "ru"}')
{'ui': 'ru'}
>>> parse_settings(b"[" * 60_000)
Traceback (most recent call last):
...
ValueError: nested too deeply
"""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["MAX_BYTES", "parse_settings", "read_bytes", "set_setting"]

MAX_BYTES = 64 * 1024  # ours is under 100 bytes


def parse_settings(data: bytes) -> dict:
    """The JSON object of a settings file's bytes; ValueError for anything else (deep nesting included)."""
    if len(data) > MAX_BYTES:
        raise ValueError(f"larger than {MAX_BYTES} bytes")
    try:
        value = json.loads(data.decode("utf-8-sig"))
    except RecursionError:
        raise ValueError("nested too deeply") from None
    if not isinstance(value, dict):
        raise ValueError("not a JSON object")
    return value


def read_bytes(path: Path) -> bytes:
    """The bytes of the settings file, at most MAX_BYTES; `glossary.rulesfile.UnusableFile` when it is missing,
    too large, not a regular file (a FIFO, a device, a directory: refused on the open descriptor, never waited
    for) or cannot be read."""
    from glossary.rulesfile import read_bounded

    return read_bounded(path, MAX_BYTES)


def set_setting(key: str, value: object) -> bool:
    """Write one setting into ``settings.json`` at once (never a half-written file), every other key kept as it
    was; False, writing nothing, when the file exists but cannot be used (unreadable, not a regular file, not a
    JSON object: the user's file is never overwritten) or cannot be written."""
    from glossary.paths import config_path, write_atomic
    from glossary.rulesfile import UnusableFile

    path = config_path()
    try:
        data = parse_settings(read_bytes(path))
    except UnusableFile as exc:
        if exc.code not in ("missing", "dangling-link"):
            return False
        data = {}
    except ValueError:
        return False
    data[key] = value
    try:
        write_atomic(path, json.dumps(data, ensure_ascii=False, indent=2).encode("utf-8"))
    except OSError:
        return False
    return True
