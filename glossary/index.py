"""The compiled index: built once from sources + curated YAML + imported rules, cached on disk.

The cache is rebuilt automatically when any source, curated file, imported rules file or the
knowledge-base code itself changes (a fingerprint of their sizes and modification times), so a
lookup loads the index in milliseconds and never re-parses.

The cache cannot run code it did not write. It is a pickle (the fastest way back to the model objects),
and a pickle can run anything, so the file is authenticated before it is unpickled: ``MAGIC``, then an
HMAC-SHA256 of the rest under a random key kept outside the cache directory (``cache.key`` in the data
directory, created 0600), then the pickle. A file that fails any check — wrong magic or tag, missing or
changed key, truncated, bit-flipped, a directory or something unreadable in its place, an unpickling error,
an object of the wrong shape — is a stale cache: the index is rebuilt and, when it can be, written again.
Nothing is said about it: a cache is disposable.

Imported rules files that cannot be used are skipped (`glossary.rulesfile`); their list is kept with the
index (`problems`) and handed once per rebuild to whoever asks (`take_new_problems`: the command line
prints one line per file).

Where things live is decided in `glossary.paths`.
"""

from __future__ import annotations

import _thread
import gc
import hashlib
import hmac
import os
import pickle
import stat
from pathlib import Path

from glossary.paths import cache_dir, clean_temporary, data_home, package_data, rules_dir, write_atomic
from glossary.rulesfile import Problem, scan

__all__ = ["KEY_FILE", "MAGIC", "fingerprint", "imported_rules", "load_data", "problems", "take_new_problems"]

_FORMAT = 8  # bump when KBData's shape or the file layout changes (3: authenticated; 4: the rules digest, editions;
# 5: the rules deferred, their titles apart; 6: the modern glossary; 7: a concept's own definition; 8: the
# search's concept pages)
MAGIC = b"mtg-tutor index\n4\n"
KEY_FILE = "cache.key"  # in the data directory, never in the cache directory
_KEY_BYTES = 32
_TAG_BYTES = 32  # HMAC-SHA256
_MAX_CACHE_BYTES = 1 << 30

_last_problems: list[Problem] = []  # of the index loaded last
_new_problems: list[Problem] = []  # found by a rebuild and not yet reported


def imported_rules() -> list[Path]:
    """Imported Comprehensive Rules files that look usable (regular, not empty, not too large), in name order."""
    return scan(rules_dir())[0]


def _package_inputs() -> list[Path]:
    pkg = package_data()
    files = sorted((pkg / "sources").glob("*.txt")) + sorted(p for p in (pkg / "curated").rglob("*") if p.suffix in (".yaml", ".txt"))
    return files + sorted(pkg.glob("*.py")) + sorted((pkg / "parsers").glob("*.py"))


def fingerprint(rules_state: list | None = None) -> str:
    """A digest of every input's path, size and modification time (cheap: a stat per file), the rules
    directory's entries included (usable or not: fixing a bad file triggers a rebuild)."""
    h = hashlib.blake2b(digest_size=12)
    h.update(f"{_FORMAT}\0{rules_dir()}\n".encode())
    for p in _package_inputs():
        st = p.stat()
        h.update(f"{p}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    for entry in scan(rules_dir())[2] if rules_state is None else rules_state:
        h.update(("\0".join(map(str, entry)) + "\n").encode())
    return h.hexdigest()


def problems() -> list[Problem]:
    """The unusable files of the rules directory, as of the index loaded last (`kb check` lists them)."""
    return list(_last_problems)


def take_new_problems() -> list[Problem]:
    """The unusable rules files found by the rebuild just done, once (then an empty list until the next one)."""
    out = list(_new_problems)
    _new_problems.clear()
    return out


# ---- the key ---------------------------------------------------------------------------------------------
def _key_path() -> Path:
    return data_home() / KEY_FILE


def _read_small_regular(path: Path, limit: int) -> bytes | None:
    """The bytes of a regular file of at most `limit` bytes, or None (missing, a FIFO, a directory, too big...)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 24, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        return b"".join(chunks) if total <= limit else None
    except OSError:
        return None
    finally:
        os.close(fd)


def _key(create: bool) -> bytes | None:
    """The cache key; with `create`, a new one is made when there is none usable (None when it can't be)."""
    path = _key_path()
    key = _read_small_regular(path, _KEY_BYTES)
    if key is not None and len(key) == _KEY_BYTES:
        return key
    if not create:
        return None
    new = os.urandom(_KEY_BYTES)
    try:
        if key is None and not path.exists() and not path.is_symlink():
            # Two programs starting at once: the first key wins, the other reads it back.
            write_atomic(path, new, replace=False)
        else:  # a damaged key file (wrong size): replace it (the caches made with it become stale)
            write_atomic(path, new)
    except FileExistsError:
        pass
    except OSError:
        return None
    key = _read_small_regular(path, _KEY_BYTES)
    return key if key is not None and len(key) == _KEY_BYTES else None


# ---- the cache file ----------------------------------------------------------------------------------------
def _tag(key: bytes, payload: bytes) -> bytes:
    return hmac.digest(key, payload, "sha256")


def _read_cache(path: Path, key: bytes, fp: str):
    """(data, problems) from an authentic, well-formed cache file, else None."""
    blob = _read_small_regular(path, _MAX_CACHE_BYTES)
    if blob is None or not blob.startswith(MAGIC) or len(blob) < len(MAGIC) + _TAG_BYTES:
        return None
    tag = blob[len(MAGIC) : len(MAGIC) + _TAG_BYTES]
    payload = memoryview(blob)[len(MAGIC) + _TAG_BYTES :]
    if not hmac.compare_digest(tag, _tag(key, payload)):
        return None
    enabled = gc.isenabled()
    gc.disable()  # a few hundred thousand new objects: the collector would run many times, for nothing
    try:
        value = pickle.loads(payload)
    except Exception:
        return None
    finally:
        if enabled:
            if not gc.get_freeze_count():
                # The first index of a process lives as long as the program: moved out of the collector's
                # generations, it is not walked again by the next collections (two full passes otherwise).
                gc.freeze()
            gc.enable()
    from glossary.model import KBData

    if not (isinstance(value, dict) and value.get("format") == _FORMAT and value.get("fingerprint") == fp
            and isinstance(value.get("data"), KBData) and isinstance(value.get("problems"), list)
            and all(isinstance(p, Problem) for p in value["problems"])):
        return None
    return value["data"], value["problems"]


def _dumps(value) -> bytes:
    """The pickle of `value`, with `Loc` (thousands of them), `Entry`, `Block` and `Ref` rebuilt by their
    constructors: a slotted dataclass's own way back (``__setstate__`` calling ``dataclasses.fields`` for each
    object) costs a tenth of the load."""
    import copyreg
    import io

    from glossary.model import Block, Entry, Loc, Ref

    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    # Likewise the entries, their blocks and references (a thousand entries with the modern glossary's pages).
    pickler.dispatch_table = {
        **copyreg.dispatch_table, Loc: lambda loc: (Loc, (loc.file, loc.line)),
        Entry: lambda e: (Entry, (e.id, e.lang, e.term, e.blocks, e.refs, e.loc, e.doc, e.raw_term, e.concept)),
        Block: lambda b: (Block, (b.kind, b.items, b.loc, b.sub)),
        Ref: lambda r: (Ref, (r.kind, r.text, r.loc, r.target, r.status, r.note)),
    }
    pickler.dump(value)
    return out.getvalue()


def _write_cache(path: Path, key: bytes, fp: str, data, found: list[Problem]) -> None:
    import dataclasses

    from glossary.model import Deferred

    # The rules and the modern glossary go in as pickles of their own, unpickled when first read (a lookup reads
    # neither).
    data = dataclasses.replace(data, rules=Deferred(_dumps(dict(data.rules))), modern=Deferred(_dumps(dict(data.modern))))
    payload = _dumps({"format": _FORMAT, "fingerprint": fp, "data": data, "problems": found})
    write_atomic(path, MAGIC + _tag(key, payload) + payload)
    for old in path.parent.glob("kb-*.pickle"):
        if old.name != path.name:
            try:
                old.unlink()
            except OSError:
                pass


_LOAD_LOCK = _thread.RLock()  # one load at a time (`_thread`: no `threading` import for a command)


def load_data(*, rebuild: bool = False):
    """The knowledge-base data, from the cache when it is fresh and authentic, otherwise built and cached.

    A cache that cannot be written (read-only home, full disk) is not an error: the data is simply built.
    Threads load one at a time: on a first run the app builds the index in one thread while the quiz asks for it
    in another, which then reads the cache the first one wrote instead of building it a second time.
    """
    with _LOAD_LOCK:
        return _load_data(rebuild)


def _load_data(rebuild: bool):
    global _last_problems
    cache = cache_dir()
    clean_temporary(cache)  # what a process killed while writing left (a listing: some microseconds)
    clean_temporary(rules_dir())
    usable, dir_problems, state = scan(rules_dir())
    fp = fingerprint(state)
    path = cache / f"kb-{fp}.pickle"
    if not rebuild:
        key = _key(create=False)
        found = _read_cache(path, key, fp) if key is not None else None
        if found is not None:
            data, _last_problems = found
            return data
    from glossary.build import build

    read_problems: list[Problem] = []
    data = build(usable, problems=read_problems)
    _last_problems = sorted(dir_problems + read_problems, key=lambda p: p.path)
    _new_problems[:] = _last_problems
    key = _key(create=True)
    if key is not None:
        try:
            _write_cache(path, key, fp, data, _last_problems)
        except OSError:
            pass
    return data
