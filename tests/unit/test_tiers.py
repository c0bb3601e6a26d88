"""The suite's tiers (tests/tiers.py): a test's folder is its marker, `-m fast` is the unit and engine tiers
without their slow tests, and the cli and app tiers start with the index built once per session, which the
program reads as its own cache instead of building it again."""

from __future__ import annotations

import pytest

from tests import tiers
from tests.conftest import ROOT

TESTS = ROOT / "tests"


def test_every_test_file_is_in_a_tier():
    """A file at the top of tests/ (or in a folder that is no tier) runs in the full suite only: give it a tier
    by moving it into tests/unit, engine, cli, app or packaging."""
    files = sorted(p.relative_to(TESTS).as_posix() for p in TESTS.rglob("test_*.py"))
    assert files and [f for f in files if tiers.tier_of(TESTS / f) is None] == []
    assert {f.split("/")[0] for f in files} == set(tiers.TIERS)


def test_no_two_test_files_share_a_name():
    """The tier folders are no packages: pytest imports each test file by its bare name, and two files of the
    same name in two tiers stop the whole run at collection."""
    names = [p.name for p in TESTS.rglob("test_*.py")]
    assert sorted({n for n in names if names.count(n) > 1}) == []


def test_the_tier_is_the_folder():
    assert tiers.tier_of(TESTS / "app" / "test_x.py") == "app"
    assert tiers.tier_of(TESTS / "test_x.py") is None  # not yet given a tier: the full suite runs it
    assert tiers.tier_of(TESTS / "snapshots" / "test_x.py") is None
    assert tiers.tier_of(ROOT / "glossary" / "kb.py") == "unit"  # the doctests


def test_this_test_is_marked_unit_and_fast(request):
    names = {m.name for m in request.node.iter_markers()}
    assert {"unit", "fast"} <= names and not names & {"app", "cli", "engine", "packaging", "shared_index"}


@pytest.mark.app
def test_a_test_of_a_slower_tier_is_not_fast(request):
    names = {m.name for m in request.node.iter_markers()}
    assert {"unit", "app", "shared_index"} <= names and "fast" not in names


@pytest.mark.slow
def test_a_slow_test_is_not_fast(request):
    assert "fast" not in {m.name for m in request.node.iter_markers()}


def test_a_home_is_empty_unless_its_tier_shares_the_index(isolated_home):
    assert sorted(p.name for p in isolated_home.iterdir()) == ["user"]


@pytest.mark.shared_index
def test_the_shared_index_is_read_as_the_programs_own_cache(isolated_home, monkeypatch):
    """A home of the cli and app tiers holds the index cache for that home, which `load_data` reads without
    building (if the cache's layout changes, tests.tiers.seed_index must follow it: this test says so)."""
    from glossary import build, index

    assert (isolated_home / "cache.key").stat().st_mode & 0o777 == 0o600
    assert [p.name for p in (isolated_home / "cache").iterdir()] == [f"kb-{index.fingerprint()}.pickle"]

    def no_build(*args, **kwargs):
        raise AssertionError("the index was built again: tests.tiers.seed_index no longer writes a usable cache")

    monkeypatch.setattr(build, "build", no_build)
    data = index.load_data()
    assert data.entries and data.sources


@pytest.mark.shared_index
def test_the_shared_index_is_the_one_a_first_run_builds(isolated_home, built_index, kb):
    from glossary import index

    assert built_index is not None
    data = index.load_data()
    assert data.sources == kb.data.sources and data.entries.keys() == kb.data.entries.keys()
    assert dict(data.rules) == dict(kb.data.rules)


@pytest.mark.shared_index
@pytest.mark.fresh_index
def test_a_fresh_index_test_starts_without_it(isolated_home):
    assert not (isolated_home / "cache").exists() and not (isolated_home / "cache.key").exists()


def test_auto_starts_a_worker_more_than_the_cores_but_for_the_fast_tier():
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert tiers.workers() == tiers.workers("not app") == cores + 1 and tiers.workers(" fast ") == cores


def test_hypothesis_examples_have_no_time_limit():
    """The suite runs in parallel, maybe on a busy machine: a slow example is not a failure (tests/conftest.py)."""
    from hypothesis import settings

    assert settings.default.deadline is None and settings.default.max_examples == 100  # the number stays the default
