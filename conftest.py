"""Test isolation for the whole project: every test and every doctest (``tests/``, ``glossary/``, ``tutor/``)
runs with its own home, so that nothing the suite does can read or write the user's files.

``MTG_TUTOR_HOME`` (imported rules, the index cache, settings, progress) and, for anything that asks the
platform instead (platformdirs, ``~``), ``HOME`` and the XDG directories point into a fresh temporary
directory; the interface language is Italian unless a test says otherwise.

The tiers: a test's folder under ``tests/`` is its tier, given to it as a marker (``tests/app/…`` is marked
``app``; the doctests of ``glossary/`` and ``tutor/`` are ``unit``); the tiers ``unit`` and ``engine`` are also
``fast`` unless a test is marked ``slow``. A test file left at the top of ``tests/`` has no tier: it runs in the
full suite only (``tests/unit/test_tiers.py`` asks for it to be given one).

The index built once: in the tiers that start the program (``cli``, ``app``) each test's home is given the
compiled index cache, built once per session and signed for that home (`seed_index`), so that the program reads
it as on any run after the first instead of building it again; a test that needs a home without it (the first
run itself) is marked ``fresh_index``. Everywhere else a home starts empty, as before.
"""

from __future__ import annotations

import hmac
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
TESTS = ROOT / "tests"
TIERS = ("unit", "engine", "cli", "app", "packaging")  # the folders of tests/, each a marker (pyproject.toml)
FAST = ("unit", "engine")  # the tiers of `python -m pytest -m fast`
SHARED_INDEX = ("cli", "app")  # the tiers whose homes get the index built once (`seed_index`)

XDG = {"XDG_DATA_HOME": ".local/share", "XDG_CONFIG_HOME": ".config", "XDG_CACHE_HOME": ".cache",
       "XDG_STATE_HOME": ".local/state"}


def tier_of(path: Path) -> str | None:
    """The tier of a collected file: its folder under tests/ (None at the top of tests/), ``unit`` for the
    doctests of the packages."""
    path = Path(path)
    if not path.is_relative_to(TESTS):
        return "unit"
    parts = path.relative_to(TESTS).parts
    return parts[0] if len(parts) > 1 and parts[0] in TIERS else None


def pytest_collection_modifyitems(config, items):
    for item in items:
        tier = tier_of(item.path)
        if tier is None:
            continue
        item.add_marker(tier)
        tiers = {m.name for m in item.iter_markers() if m.name in TIERS}  # a test may say it is of another tier too
        if tiers <= set(FAST) and item.get_closest_marker("slow") is None:
            item.add_marker("fast")
        if tiers & set(SHARED_INDEX):
            item.add_marker("shared_index")


@pytest.fixture(autouse=True)
def isolated_home(request, tmp_path_factory, monkeypatch):
    """Every test gets its own MTG_TUTOR_HOME (returned) and its own HOME and XDG directories, never the user's.
    A test marked ``shared_index`` and not ``fresh_index`` finds the compiled index already in its home."""
    root = tmp_path_factory.mktemp("home")
    user = root / "user"
    user.mkdir()
    monkeypatch.setenv("MTG_TUTOR_HOME", str(root))
    monkeypatch.setenv("HOME", str(user))
    monkeypatch.setenv("USERPROFILE", str(user))
    for name, sub in XDG.items():
        monkeypatch.setenv(name, str(user / sub))
    monkeypatch.delenv("XDG_DATA_DIRS", raising=False)
    monkeypatch.delenv("XDG_CONFIG_DIRS", raising=False)
    monkeypatch.setenv("MTG_TUTOR_UI", "it")
    from glossary.paths import dirs_for

    dirs_for.cache_clear()  # the platform's directories were worked out for the previous test's HOME
    if request.node.get_closest_marker("shared_index") and not request.node.get_closest_marker("fresh_index"):
        seed_index(request.getfixturevalue("built_index"))
    return root


@dataclass(frozen=True)
class BuiltIndex:
    """The index cache of an empty home, as `glossary.index.load_data` wrote it: the key, the fingerprint it was
    written for, and the signed part of the file (the pickle, which holds the fingerprint once)."""

    key: bytes
    fingerprint: str
    payload: bytes


@pytest.fixture(scope="session")
def built_index(tmp_path_factory) -> BuiltIndex | None:
    """The index, built once per session (per xdist worker) in a home of its own; None if its cache file does not
    have the layout `seed_index` knows (then every home builds its own, as the program does on a first run)."""
    from glossary import index
    from glossary.paths import dirs_for

    home = tmp_path_factory.mktemp("built-index")
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
    payload = blob[len(index.MAGIC) + 32:]
    if not blob.startswith(index.MAGIC) or payload.count(fp.encode()) != 1:
        return None
    return BuiltIndex(key=key, fingerprint=fp, payload=payload)


def seed_index(built: BuiltIndex | None) -> None:
    """Give the current home (``$MTG_TUTOR_HOME``) the index cache that `load_data` would write there: the
    session's file, its fingerprint replaced by this home's and signed with the session's key (a copy of it)."""
    if built is None:
        return
    from glossary import index
    from glossary.paths import cache_dir, data_home

    fp = index.fingerprint()
    payload = built.payload.replace(built.fingerprint.encode(), fp.encode())
    key_path = data_home() / index.KEY_FILE
    key_path.parent.mkdir(parents=True, exist_ok=True)
    key_path.write_bytes(built.key)
    os.chmod(key_path, 0o600)
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    (cache / f"kb-{fp}.pickle").write_bytes(index.MAGIC + hmac.digest(built.key, payload, "sha256") + payload)
