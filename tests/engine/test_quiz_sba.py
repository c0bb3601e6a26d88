"""The state-based action questions (``sba:which``): over many seeds, the answer agrees with the engine when the
position is replayed independently by the scenario runner, and with a plain rule check of every permanent
(704.5f toughness 0 or less, 704.5g lethal damage unless indestructible (702.12b), 704.5i loyalty 0, 704.5m an
Aura whose creature is gone); the options are the permanents, distinct; no prompt gives its verdict; 704.3 and
every 704.5x that applied are cited; both languages are there; the id rebuilds the same question."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.engine.test_quiz_targeting_loyalty_mulligan import _cards, _common, obj, replay
from tutor.i18n import LANGS
from tutor.quiz import bank, sba_q

SEEDS = range(160)
# what each Aura of the family gives its creature's toughness (their printed texts)
AURA_TOUGHNESS = {"holy-strength": 2, "goblin-war-paint": 2, "spirit-mantle": 1}
# the words of a verdict, which no prompt may contain
VERDICT = {"it": ("muore", "va nel cimitero", "viene distrutt", "Vanno nel cimitero"),
           "ru": ("умирает", "кладётся на кладбище", "уничтожается", "отправляются")}


def _items(spec: dict) -> dict:
    """alias -> (player, setup item) of the position's battlefield."""
    out = {}
    for p, zones in spec["setup"]["players"].items():
        for item in zones.get("battlefield", ()):
            out[item["as"]] = (p, item)
    return out


def rule_check(q) -> dict[str, str | None]:
    """Independently of the engine: for each option, the 704.5 rule that puts it into the graveyard (None: it
    stays), from the setup, the spell and the cards' printed characteristics."""
    cards = dict(_cards())
    from tutor.engine import card_from_dict

    for d in q.data["test_cards"]:
        cards[d["id"]] = card_from_dict(d)
    spec = q.data["position"]
    items = _items(spec)
    spell = next(i["card"] for zones in spec["setup"]["players"].values() for i in zones.get("hand", ())
                 if i["as"] == "spell")
    targets = q.data["targets"]
    auras = {item["attached_to"]: item["card"] for _, item in items.values() if "attached_to" in item}
    verdict: dict[str, str | None] = {}
    for alias in q.data["options"]:
        _, item = items[alias]
        card = cards[item["card"]]
        counters = item.get("counters", {})
        if "planeswalker" in card.types:
            loyalty = counters["loyalty"] - (2 if spell == "shock" and targets == [alias] else 0)
            verdict[alias] = "704.5i" if loyalty <= 0 else None
            continue
        if "creature" not in card.types:
            continue
        plus, minus = counters.get("+1/+1", 0), counters.get("-1/-1", 0)
        if spell == "instill-infection" and targets == [alias]:
            minus += 1
        toughness = card.toughness + plus - minus + AURA_TOUGHNESS.get(auras.get(alias), 0)
        damage = item.get("damage", 0) + (2 if spell == "pyroclasm" or spell == "shock" and targets == [alias] else 0)
        if toughness <= 0:
            verdict[alias] = "704.5f"
        elif damage >= toughness and "indestructible" not in card.keywords:
            verdict[alias] = "704.5g"
        else:
            verdict[alias] = None
    for host, _aura in auras.items():
        verdict["aura"] = "704.5m" if verdict.get(host) else None
    return verdict


def _questions():
    return [sba_q.build("sba:which", seed) for seed in SEEDS]


@pytest.fixture(scope="module")
def questions():
    return _questions()


def test_the_answer_is_the_rule_check_and_the_rules_that_applied_are_cited(questions):
    seen = set()
    for q in questions:
        verdict = rule_check(q)
        assert set(verdict) == set(q.data["options"]), q.id
        gone = [a for a in q.data["options"] if verdict[a]]
        assert gone == q.data["gone"], (q.id, verdict, q.data["gone"])
        assert q.answer == [i + 1 for i, a in enumerate(q.data["options"]) if verdict[a]], q.id
        assert 0 < len(q.answer) < len(q.options), q.id
        applied = {r for r in verdict.values() if r}
        assert applied <= set(q.rules) and "704.3" in q.rules, (q.id, applied, q.rules)
        plus_minus = any("704.5q" == r for r in q.data["applied"])
        if plus_minus:
            assert "704.5q" in q.rules
        seen |= applied | ({"704.5q"} if plus_minus else set())
        if "702.12b" in q.rules:  # an indestructible creature with lethal damage stayed
            assert any(v is None for v in verdict.values())
    # the family covers the state-based actions it is about
    assert {"704.5f", "704.5g", "704.5i", "704.5m", "704.5q"} <= seen, seen


def test_the_scenario_runner_agrees(questions, tmp_path):
    for q in questions[:60]:
        result = replay(q, tmp_path, q.data["then"])
        game = result.game
        assert game.state.stack == [] and game.outcome is None, q.id
        left = [a for a in q.data["options"] if game.state.objects[obj(result, a)].zone != "battlefield"]
        assert left == q.data["gone"], (q.id, left)


def test_options_prompts_texts_and_rebuild(questions):
    for q in questions[:80]:
        _common(q, {"704.3"})
        assert q.kind == "sba" and "sba" in q.topic and q.answer_format == "choices"
        for lang in LANGS:
            for words in VERDICT[lang]:
                assert words not in q.prompt[lang], (q.id, lang, words)
            assert "704.5" not in q.prompt[lang]
        assert "«" in q.prompt["ru"] and "Aura" not in q.prompt["ru"]


def test_prompt_describes_every_permanent(questions):
    for q in questions[:40]:
        for lang in LANGS:
            lines = [x for x in q.prompt[lang].splitlines() if x.startswith("• ")]
            assert len(lines) == len(q.options), q.id
            for line, option in zip(lines, q.options):
                assert line.startswith(f"• {option[lang]}:"), (q.id, line)
        printed = {"it": "sulla carta", "ru": "по карте"}
        for lang in LANGS:
            if any(not o["it"].startswith(("Creatura di prova", "Garruk")) and "Aura" not in line
                   for o, line in zip(q.options, q.prompt["it"].splitlines()[2:])):
                assert printed[lang] in q.prompt[lang], q.id


def test_every_family_topic_has_sba():
    for family, (_d, topics) in sba_q.FAMILIES.items():
        assert "sba" in topics, family
    assert set(bank.families("sba")) == set(sba_q.FAMILIES)


def test_cli_quiz_next_sba():
    env = {**os.environ, "XDG_CACHE_HOME": os.environ.get("XDG_CACHE_HOME", "/tmp/cache-sba-test")}
    r = subprocess.run([sys.executable, "-m", "tutor", "quiz", "next", "--kind", "sba", "--all-topics", "--json"],
                       capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["kind"] == "sba" and re.match(r"sba:which@\d+$", data["id"]), data
