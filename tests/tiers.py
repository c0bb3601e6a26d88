"""The suite's tiers and the index built once per session (used by the root conftest.py).

A test's folder under ``tests/`` is its tier, given to it as a marker (``tests/app/…`` is marked ``app``; the
doctests of ``glossary/`` and ``tutor/`` are ``unit``); the tests of the ``unit`` and ``engine`` tiers are also
``fast`` unless one is marked ``slow`` or with a slower tier as well. A test file left at the top of ``tests/`` has
no tier: the full suite runs it, ``-m fast`` does not (and ``tests/unit/test_tiers.py`` asks for one).

The index built once: in the tiers that start the program (``cli``, ``app``) each test's home is given the
compiled index cache, built once per session and signed for that home (`seed_index`), so that the program reads
it as on any run after the first instead of building it again; a test that needs a home without it (a first run)
is marked ``fresh_index``. Every other home starts empty.
"""

from __future__ import annotations

import hmac
import os
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
TIERS = ("unit", "engine", "cli", "app", "packaging")  # the folders of tests/, each a marker (pyproject.toml)
FAST = ("unit", "engine")  # the tiers of `python -m pytest -m fast`
FAST_EXPRESSION = "fast"  # README's command for work in progress: `python -m pytest -m fast`
SHARED_INDEX = ("cli", "app")  # the tiers whose homes start with the index (`seed_index`)
_TAG_BYTES = 32  # the cache file: MAGIC, an HMAC-SHA256 of the rest, the pickle (glossary/index.py)


def workers(markexpr: str = "") -> int:
    """How many xdist workers `-n auto` starts: the cores this process may use, plus one, since the app's tests wait
    for the screen's timers about half of their time (on two cores: the app tier 130 s with three workers, 153 s
    with two); for `-m fast`, whose tests keep the cores busy, one a core (a worker more only costs its collection:
    the fast tier took 94 s of CPU with three workers, 80 s with two)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores if markexpr.strip() == FAST_EXPRESSION else cores + 1


def tier_of(path: Path) -> str | None:
    """The tier of a collected file: its folder under tests/ (None at the top of tests/), ``unit`` for the
    doctests of the packages."""
    path = Path(path)
    if not path.is_relative_to(TESTS):
        return "unit"
    parts = path.relative_to(TESTS).parts
    return parts[0] if len(parts) > 1 and parts[0] in TIERS else None


def mark(item) -> None:
    """Give a collected test the markers of its tier (`pytest_collection_modifyitems`)."""
    tier = tier_of(item.path)
    if tier is None:
        return
    item.add_marker(tier)
    tiers = {m.name for m in item.iter_markers() if m.name in TIERS}  # a test may say it is of another tier too
    if tiers <= set(FAST) and item.get_closest_marker("slow") is None:
        item.add_marker("fast")
    if tiers & set(SHARED_INDEX):
        item.add_marker("shared_index")


@dataclass(frozen=True)
class BuiltIndex:
    """The index cache of an empty home, as `glossary.index.load_data` wrote it: the key, the fingerprint it was
    written for, and the signed part of the file (the pickle, which holds the fingerprint once)."""

    key: bytes
    fingerprint: str
    payload: bytes


def build_index(home: Path) -> BuiltIndex | None:
    """Build the index in `home` (an empty directory, made the program's home meanwhile) and read back its cache;
    None if the file has not the layout `seed_index` knows (then every home builds its own)."""
    import pytest

    from glossary import index
    from glossary.paths import dirs_for

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MTG_TUTOR_HOME", str(home))
        dirs_for.cache_clear()
        try:
            index.load_data()
            fp = index.fingerprint()
        finally:
            dirs_for.cache_clear()
    key = (home / index.KEY_FILE).read_bytes()
    blob = (home / "cache" / f"kb-{fp}.pickle").read_bytes()
    payload = blob[len(index.MAGIC) + _TAG_BYTES:]
    if not blob.startswith(index.MAGIC) or payload.count(fp.encode()) != 1:
        return None
    return BuiltIndex(key=key, fingerprint=fp, payload=payload)


def seed_index(built: BuiltIndex | None) -> None:
    """Give the current home (``$MTG_TUTOR_HOME``) the index cache that `load_data` would write there: the
    session's file, its fingerprint replaced by this home's (the fingerprint names the rules directory) and
    signed with the session's key, copied (some milliseconds instead of building the index again)."""
    if built is None:
        return
    from glossary import index
    from glossary.paths import cache_dir, data_home

    fp = index.fingerprint()
    payload = built.payload.replace(built.fingerprint.encode(), fp.encode())
    _write(data_home() / index.KEY_FILE, built.key)
    _write(cache_dir() / f"kb-{fp}.pickle", index.MAGIC + hmac.digest(built.key, payload, "sha256") + payload)


def _write(path: Path, data: bytes) -> None:
    """A file of the home, made as the program makes its own (0600)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
