"""The index cache cannot run code and never breaks a command: whatever is in the cache file, it is
authenticated before anything is unpickled, and any damage means a rebuild (glossary/index.py)."""

from __future__ import annotations

import gc
import os
import pickle
import stat
import subprocess
import sys

import pytest

import glossary.build
import glossary.index as index
from glossary.model import KBData
from glossary.paths import cache_dir, data_home

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


class _Payload:
    """A pickle that runs a command when it is loaded: it must never be loaded."""

    def __init__(self, marker) -> None:
        self.marker = str(marker)

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


@pytest.fixture
def builds(monkeypatch):
    """Count the builds; each gives a small, recognisable KBData (fast: no parsing)."""
    calls = []

    def fake_build(user_rules=None, curated_dir=None, problems=None):
        calls.append(list(user_rules or []))
        data = KBData()
        data.sources.append({"build": len(calls)})
        return data

    monkeypatch.setattr(glossary.build, "build", fake_build)
    return calls


def _cache_file():
    return cache_dir() / f"kb-{index.fingerprint()}.pickle"


def test_the_cache_is_authenticated_and_reused(builds):
    first = index.load_data()
    path = _cache_file()
    blob = path.read_bytes()
    assert blob.startswith(index.MAGIC)
    assert index.load_data().sources == first.sources and len(builds) == 1  # from the cache
    key = data_home() / index.KEY_FILE
    assert key.is_file() and key.parent != cache_dir() and not key.is_relative_to(cache_dir())
    if os.name == "posix":
        assert stat.S_IMODE(key.stat().st_mode) == 0o600
        assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_crafted_pickle_is_never_loaded(builds, tmp_path):
    index.load_data()
    marker = tmp_path / "pwned"
    evil = pickle.dumps(_Payload(marker))
    for blob in (evil, index.MAGIC + b"\0" * 32 + evil, index.MAGIC + evil):
        _cache_file().write_bytes(blob)
        data = index.load_data()
        assert isinstance(data, KBData)
        assert not marker.exists(), "the cache ran a command"
    assert len(builds) == 4  # each time: stale, rebuilt


@pytest.mark.slow  # child processes: in the full suite, not in `-m fast`
def test_a_crafted_pickle_is_never_loaded_in_a_real_command(isolated_home, tmp_path):
    """The audit's reproduction, end to end: a pickle put in the cache directory under the cache's name."""
    env = dict(os.environ, MTG_TUTOR_HOME=str(isolated_home))
    cmd = [sys.executable, "-m", "tutor", "lookup", "cimitero", "--json"]
    assert subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True).returncode == 0
    marker = tmp_path / "pwned"
    for cache in (isolated_home / "cache").glob("kb-*.pickle"):
        cache.write_bytes(pickle.dumps(_Payload(marker)))
    res = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0 and '"it:cimitero"' in res.stdout
    assert not marker.exists() and "Traceback" not in res.stderr


@pytest.mark.parametrize("damage", ["empty-dict", "truncated", "bit-flipped", "empty", "garbage", "wrong-shape"])
def test_a_damaged_cache_is_rebuilt(builds, damage):
    index.load_data()
    path = _cache_file()
    blob = path.read_bytes()
    key = (data_home() / index.KEY_FILE).read_bytes()
    if damage == "empty-dict":
        new = pickle.dumps({})
    elif damage == "truncated":
        new = blob[: len(blob) // 2]
    elif damage == "bit-flipped":
        i = len(blob) - 100
        new = blob[:i] + bytes([blob[i] ^ 0x10]) + blob[i + 1 :]
    elif damage == "empty":
        new = b""
    elif damage == "garbage":
        new = os.urandom(4096)
    else:  # authentic (made with the real key) but not the index: the shape is checked too
        payload = pickle.dumps({})
        new = index.MAGIC + index._tag(key, payload) + payload
    path.write_bytes(new)
    assert isinstance(index.load_data(), KBData)
    assert len(builds) == 2
    assert index.load_data() is not None and len(builds) == 2  # rewritten: the next load uses it


def test_a_directory_in_place_of_the_cache_file(builds):
    index.load_data()
    path = _cache_file()
    path.unlink()
    path.mkdir()
    assert isinstance(index.load_data(), KBData)
    assert isinstance(index.load_data(), KBData)  # built each time (the place is taken), never a crash
    assert path.is_dir()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_the_cache_file_or_the_key_never_blocks(builds):
    index.load_data()
    path = _cache_file()
    path.unlink()
    os.mkfifo(path)
    assert isinstance(index.load_data(), KBData)  # would block forever on open() without O_NONBLOCK
    key = data_home() / index.KEY_FILE
    key.unlink()
    os.mkfifo(key)
    assert isinstance(index.load_data(), KBData)
    assert len(builds) == 3


def test_an_unreadable_cache_file(builds, monkeypatch):
    index.load_data()
    path = _cache_file()
    real_open = os.open

    def deny(p, *args, **kwargs):
        if os.fspath(p) == os.fspath(path):
            raise PermissionError(13, "Permission denied", os.fspath(p))
        return real_open(p, *args, **kwargs)

    monkeypatch.setattr(os, "open", deny)
    assert isinstance(index.load_data(), KBData) and len(builds) == 2


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads files whatever their mode")
def test_an_unreadable_cache_file_for_real(builds):
    index.load_data()
    _cache_file().chmod(0)
    assert isinstance(index.load_data(), KBData) and len(builds) == 2


def test_a_missing_or_changed_key_makes_the_cache_stale(builds):
    index.load_data()
    key = data_home() / index.KEY_FILE
    key.unlink()
    assert isinstance(index.load_data(), KBData) and len(builds) == 2  # a new key; the old cache is not trusted
    assert key.is_file()
    key.write_bytes(os.urandom(32))  # another key: the cache made with the old one is not authentic
    index.load_data()
    assert len(builds) == 3
    key.write_bytes(b"short")  # a damaged key file is replaced
    index.load_data()
    assert len(builds) == 4 and len(key.read_bytes()) == 32
    index.load_data()
    assert len(builds) == 4


def test_a_key_that_cannot_be_made_means_no_cache_not_a_crash(builds):
    key = data_home() / index.KEY_FILE
    key.mkdir(parents=True)  # a directory in the key's place
    assert isinstance(index.load_data(), KBData)
    assert isinstance(index.load_data(), KBData)
    assert len(builds) == 2  # nothing could be trusted, so nothing was read from the cache
    assert not list(cache_dir().glob("kb-*.pickle"))


def test_the_collector_is_back_on_after_loading(builds):
    index.load_data()
    assert gc.isenabled()
    index.load_data()
    assert gc.isenabled()


def test_loading_the_real_index_from_the_cache(isolated_home):
    """The real data (not the fake builder) goes through the authenticated cache and comes back equal."""
    first = index.load_data()
    again = index.load_data()
    assert again is not first and again.entries.keys() == first.entries.keys()
    assert again.search is not None


def test_the_rules_stay_pickled_until_read_and_come_back_whole(isolated_home):
    """From the cache, the rules are a `Deferred` mapping: a lookup (even one with rule hits) reads none of
    them; the first read unpickles them all, equal to the built ones."""
    from glossary.kb import KnowledgeBase
    from glossary.model import Deferred

    built = index.load_data()  # built and cached
    cached = index.load_data()
    assert isinstance(cached.rules, Deferred) and not cached.rules.loaded
    result = KnowledgeBase(cached).lookup("cimitero")
    assert any(h["kind"] == "rule" for h in result["hits"])  # 404. Cimitero
    assert not cached.rules.loaded
    assert cached.rules.keys() == built.rules.keys() and cached.rules.loaded
    key = next(k for k, r in built.rules.items() if r.refs and r.examples)
    assert cached.rules[key] == built.rules[key] and cached.rules.get("no:such") is None
    assert "no:such" not in cached.rules and len(cached.rules) == len(built.rules)
    assert isinstance(pickle.loads(pickle.dumps(cached.rules)), dict)  # a read mapping pickles as a dict
    again = index.load_data()
    assert not again.rules.loaded and KnowledgeBase(again).read_all().data.rules.loaded  # the app reads them early


@pytest.mark.parametrize("english", [False, True])
def test_rule_hits_translations_are_those_of_the_rules_themselves(kb, english, request):
    """`hit_translations` of a rule, from the titles apart, equals what the rules give (every rule; with an
    English edition too)."""
    if english:
        from glossary.build import build
        from glossary.kb import KnowledgeBase

        kb = KnowledgeBase(build([request.getfixturevalue("en_rules")]))
    for key in kb.data.rules:
        number = kb.data.rules[key].number
        expected = {lang: [kb.rule_title(x) for x in kb.rule_versions(number) if x.lang == lang][:1]
                    for lang in ("it", "ru", "en")}
        assert kb.hit_translations(key, "rule") == expected, key
