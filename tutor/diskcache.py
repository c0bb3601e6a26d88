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
from functools import lru_cache
from pathlib import Path

__all__ = ["fingerprint", "read", "strings", "write"]

_FORMAT = 1  # bump when the file layout changes
_MAX_BYTES = 16 << 20


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

    try:  # a regular file only, never waited for (a FIFO), at most _MAX_BYTES
        value = json.loads(read_bounded(_path(name, fp), _MAX_BYTES))
    except (UnusableFile, ValueError):
        return None
    if not (isinstance(value, dict) and value.get("format") == _FORMAT and value.get("fingerprint") == fp):
        return None
    data = value.get("data")
    try:
        return data if valid(data) and _safe(data) else None
    except (TypeError, ValueError, KeyError, AttributeError):
        return None


def _safe(value: object) -> bool:
    """No string in `value` (keys included) holds a control character: what the tables hold came from files whose
    strings lost theirs (`glossary.yamlio`), and a damaged cache must not bring one to the terminal."""
    from glossary.text import has_controls

    if isinstance(value, str):
        return not has_controls(value)
    if isinstance(value, dict):
        return all(_safe(k) and _safe(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_safe(v) for v in value)
    return True


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
