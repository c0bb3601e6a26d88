"""Tables derived from the shipped data, cached on disk as JSON in the cache directory (``<name>-<fp>.json``).

For what a command would otherwise parse from YAML on every run (the card pool, the quiz's tables, the names of
the keywords' concepts): each table is keyed by a fingerprint of its inputs (`fingerprint`: the knowledge base's
fingerprint, `glossary.index.fingerprint`, and each other input's path, size and modification time). A file that
is missing, unreadable, not regular (a FIFO is never waited for), not of the expected shape, or holding a control
character in any string is ignored and
written again; one that cannot be written (a read-only home) is not an error. JSON, not a pickle: reading it runs
nothing. Safe to delete, like the whole cache directory.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path

__all__ = ["fingerprint", "read", "strings", "write"]

_FORMAT = 1  # bump when the file layout changes
_MAX_BYTES = 16 << 20
# a JSON escape of a C0 control but tab and newline, DEL or a C1 control (what `json.dumps` writes for one)
_ESCAPED_CONTROL = re.compile(r"\\u00(?:0[0-8bcefBCEF]|1[0-9a-fA-F]|7[fF]|[89][0-9a-fA-F])|\\[rbf]")


def fingerprint(inputs: tuple[Path, ...]) -> str:
    """A digest of the knowledge base's inputs and of `inputs` (path, size, modification time: a stat per file);
    taken once per process and home (the tables it keys are read once per process too)."""
    from glossary.paths import cache_dir, rules_dir

    return _fingerprint(str(cache_dir()), str(rules_dir()), inputs)


@lru_cache(maxsize=16)
def _fingerprint(cache: str, rules: str, inputs: tuple[Path, ...]) -> str:
    from glossary.index import fingerprint as kb_fingerprint

    h = hashlib.blake2b(digest_size=12)
    h.update(f"{_FORMAT}\0{kb_fingerprint()}\n".encode())
    for p in inputs:
        st = p.stat()
        h.update(f"{p}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _path(name: str, fp: str) -> Path:
    from glossary.paths import cache_dir

    return cache_dir() / f"{name}-{fp}.json"


def read(name: str, fp: str, valid) -> object | None:
    """What was cached as `name` under `fp`, if `valid(data)` says it has the expected shape; else None."""
    from glossary.rulesfile import UnusableFile, read_bounded
    from glossary.text import has_controls

    try:  # a regular file only, never waited for (a FIFO), at most _MAX_BYTES
        text = read_bounded(_path(name, fp), _MAX_BYTES).decode("utf-8")
    except (UnusableFile, ValueError):
        return None
    # What the tables hold came from files whose strings lost their control characters (`glossary.yamlio`): a
    # damaged cache must not bring one to the terminal, raw or escaped (one pass over the text, not the values).
    if has_controls(text) or _ESCAPED_CONTROL.search(text):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not (isinstance(value, dict) and value.get("format") == _FORMAT and value.get("fingerprint") == fp):
        return None
    data = value.get("data")
    try:
        return data if valid(data) else None
    except (TypeError, ValueError, KeyError, AttributeError):
        return None


def write(name: str, fp: str, data: object) -> None:
    """Cache `data` (JSON) as `name` under `fp`, atomically, and remove its older caches; nothing when it can't."""
    from glossary.paths import write_atomic

    path = _path(name, fp)
    blob = json.dumps({"format": _FORMAT, "fingerprint": fp, "data": data}, ensure_ascii=False,
                      separators=(",", ":")).encode()
    try:
        write_atomic(path, blob)
    except OSError:
        return
    for old in path.parent.glob(f"{name}-*.json"):
        if old.name != path.name:
            try:
                old.unlink()
            except OSError:
                pass


def strings(value: object) -> bool:
    """Whether `value` is a list of strings (for the shape checks of `read`)."""
    return isinstance(value, list) and all(isinstance(x, str) for x in value)
