"""The compiled index: built once from sources + curated YAML + imported rules, cached on disk.

The cache is rebuilt automatically when any source, curated file, imported rules file or the
knowledge-base code itself changes (a fingerprint of their sizes and modification times), so a
lookup loads a pickle in milliseconds and never re-parses.

Where things live is decided in `glossary.paths`.
"""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path

from glossary.paths import cache_dir, rules_dir, write_atomic

__all__ = ["fingerprint", "imported_rules", "load_data"]

_PKG = Path(__file__).parent
_FORMAT = 3  # bump when KBData's shape changes (2: KBData lives in glossary.model; 3: the rules digest, editions)


def imported_rules() -> list[Path]:
    """Imported Comprehensive Rules files, in name order."""
    d = rules_dir()
    return sorted(d.glob("*.txt")) if d.is_dir() else []


def _inputs() -> list[Path]:
    files = sorted((_PKG / "sources").glob("*.txt")) + sorted(p for p in (_PKG / "curated").rglob("*") if p.suffix in (".yaml", ".txt"))
    files += sorted(_PKG.glob("*.py")) + sorted((_PKG / "parsers").glob("*.py"))
    return files + imported_rules()


def fingerprint() -> str:
    """A digest of every input's path, size and modification time (cheap: a stat per file)."""
    h = hashlib.blake2b(digest_size=12)
    h.update(f"{_FORMAT}".encode())
    for p in _inputs():
        st = p.stat()
        h.update(f"{p}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def load_data(*, rebuild: bool = False):
    """The knowledge-base data, from the cache when it is fresh, otherwise built and cached.

    A cache that cannot be written (read-only home) is not an error: the data is simply built.
    """
    fp = fingerprint()
    path = cache_dir() / f"kb-{fp}.pickle"
    if not rebuild:
        try:
            with open(path, "rb") as fh:
                return pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
            pass
    from glossary.build import build

    data = build(imported_rules())
    try:
        for old in path.parent.glob("kb-*.pickle"):
            old.unlink(missing_ok=True)
        write_atomic(path, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:
        pass
    return data
