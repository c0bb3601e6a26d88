"""The quiz's tables cached on disk (`tutor.quiz.bankcache`): the list of cards and the glossary's concepts are
read back equal to what listing them gives; a cache file that is damaged, of another shape or not a regular file
is ignored and written again; the fingerprint follows the inputs."""

from __future__ import annotations

import json
import os

import pytest

from tutor import diskcache
from tutor.quiz import bank, bankcache, glossary_q


@pytest.fixture
def fresh_tables():
    """The process's memoised tables forgotten before and after (the next call reads the disk cache)."""
    def clear():
        bank._all_cards.cache_clear()
        bank._index.cache_clear()
        glossary_q.concepts.cache_clear()
        diskcache._fingerprint.cache_clear()
    clear()
    yield
    clear()


def _files(name: str) -> list:
    from glossary.paths import cache_dir

    return sorted(cache_dir().glob(f"quiz-{name}-*.json"))


def test_the_tables_are_cached_and_read_back_equal(fresh_tables):
    cards = bank._all_cards()
    concepts = glossary_q.concepts()
    assert [p.name for p in _files("bank")] == [f"quiz-bank-{bankcache.fingerprint()}.json"]
    assert len(_files("concepts")) == 1
    assert cards == bank._list_cards() and len(cards) > 1000
    bank._all_cards.cache_clear()
    glossary_q.concepts.cache_clear()
    assert bank._all_cards() == cards  # from the file now
    assert glossary_q.concepts() == concepts
    assert glossary_q.concepts() == glossary_q._list_concepts()


@pytest.mark.parametrize("damage", ["garbage", "shape", "fingerprint", "controls", "fifo"])
def test_a_damaged_cache_is_ignored_and_written_again(fresh_tables, damage):
    cards = bank._all_cards()
    path = _files("bank")[0]
    if damage == "garbage":
        path.write_bytes(b"\x00{not json")
    elif damage == "shape":
        value = json.loads(path.read_text(encoding="utf-8"))
        value["data"][0][2] = "combat"  # topics: a string, not a list
        path.write_text(json.dumps(value), encoding="utf-8")
    elif damage == "controls":  # an escape sequence for the terminal, in a well-formed row
        value = json.loads(path.read_text(encoding="utf-8"))
        value["data"][0][2] = ["combat\u001b]0;pwned\u0007"]
        path.write_text(json.dumps(value), encoding="utf-8")
    elif damage == "fingerprint":
        value = json.loads(path.read_text(encoding="utf-8"))
        value["fingerprint"] = "0" * 24
        path.write_text(json.dumps(value), encoding="utf-8")
    else:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        path.unlink()
        os.mkfifo(path)  # never waited for
    assert bankcache.read("bank", bankcache.fingerprint(), bank._valid_rows) is None
    bank._all_cards.cache_clear()
    assert bank._all_cards() == cards
    assert bankcache.read("bank", bankcache.fingerprint(), bank._valid_rows) is not None  # written again


def test_the_fingerprint_follows_the_inputs(fresh_tables, tmp_path):
    extra = tmp_path / "scenario.yaml"
    extra.write_text("a: 1\n", encoding="utf-8")
    before = diskcache.fingerprint((extra,))
    extra.write_text("a: 12\n", encoding="utf-8")  # another size
    diskcache._fingerprint.cache_clear()
    assert diskcache.fingerprint((extra,)) != before


def test_the_card_pool_and_the_concept_names_come_back_equal_from_the_disk_cache(fresh_tables):
    from tutor.cardpool import load_cards
    from tutor.i18n import terms

    for memo in (load_cards, terms._concepts):
        memo.cache_clear()
    try:
        cards, names = load_cards(), terms._concepts()
        assert len(_files_named("cards")) == 1 and len(_files_named("concept-names")) == 1
        for memo in (load_cards, terms._concepts):
            memo.cache_clear()
        assert load_cards() == cards and terms._concepts() == names  # read back from the files
        assert names["flying"].it[0].lower() == "volare"
        # a cached table the engine doesn't accept (of the right shape): the pool is read again from the YAML
        path = _files_named("cards")[0]
        value = json.loads(path.read_text(encoding="utf-8"))
        value["data"][0] = {"id": "x", "types": ["creature"]}  # no name
        path.write_text(json.dumps(value), encoding="utf-8")
        load_cards.cache_clear()
        assert load_cards() == cards
    finally:
        for memo in (load_cards, terms._concepts):
            memo.cache_clear()


def _files_named(name: str) -> list:
    from glossary.paths import cache_dir

    return sorted(cache_dir().glob(f"{name}-*.json"))
