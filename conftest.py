"""Test isolation for the whole project: every test and every doctest (``tests/``, ``glossary/``, ``tutor/``)
runs with its own home, so that nothing the suite does can read or write the user's files.

``MTG_TUTOR_HOME`` (imported rules, the index cache, settings, progress) and, for anything that asks the
platform instead (platformdirs, ``~``), ``HOME`` and the XDG directories point into a fresh temporary
directory; the interface language is Italian unless a test says otherwise.

The tiers (a test's folder under ``tests/`` is its marker) and the index built once per session for the tiers
that start the program are described in ``tests/tiers.py``.
"""

from __future__ import annotations

import pytest

from tests import tiers

XDG = {"XDG_DATA_HOME": ".local/share", "XDG_CONFIG_HOME": ".config", "XDG_CACHE_HOME": ".cache",
       "XDG_STATE_HOME": ".local/state"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        tiers.mark(item)


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (pyproject.toml): see `tests.tiers.workers`."""
    return tiers.workers(config.option.markexpr)


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
        tiers.seed_index(request.getfixturevalue("built_index"))
    return root


@pytest.fixture(scope="session")
def built_index(tmp_path_factory):
    """The index, built once per session (per xdist worker): see `tests.tiers.build_index`."""
    return tiers.build_index(tmp_path_factory.mktemp("built-index"))
