"""The engine's structure: the action table, the list of state-based actions, the rules it cites."""

from __future__ import annotations

import io
import re
import tokenize
import typing
from pathlib import Path

import pytest

from tutor.cardpool import load_cards
from tutor.engine import Decision, Game, Step
from tutor.engine.actions import Action
from tutor.engine.game import ACTION_RULES
from tutor.engine.sba import CHECKS

ROOT = Path(__file__).resolve().parents[2]
FOUNDATIONS = ROOT.parent / "shared" / "data" / "MagicCompRules-en-2024-11-08.txt"
RULE = re.compile(r"\d{3}(\.\d+[a-z]?)?")


def test_every_action_type_has_its_rules():
    assert set(ACTION_RULES) == set(typing.get_args(Action))
    for action_type, rules in ACTION_RULES.items():
        assert Decision(rules.decision), action_type
        assert (rules.generate is None) != (rules.from_source is None), f"{action_type.__name__}: one way to generate"
        assert (rules.from_source is None) == (rules.source_zone is None), action_type


def test_the_state_based_actions_are_one_list_of_704_5_checks():
    rules = [c.rule for c in CHECKS]
    assert len(set(rules)) == len(rules) and all(r.startswith("704.5") for r in rules)
    assert {"704.5a", "704.5b", "704.5d", "704.5f", "704.5g", "704.5h", "704.5j", "704.5m", "704.5n", "704.5q",
            "704.5i"} == set(rules)


def test_the_same_checks_say_what_is_needed_and_perform_it():
    game = Game(load_cards())
    bears = game.create("grizzly-bears", 0, "battlefield", damage=2)
    myr = game.create("darksteel-myr", 0, "battlefield", damage=5)  # indestructible: 704.5g doesn't apply
    wall = game.create("grizzly-bears", 1, "battlefield")
    wall.counters = {"+1/+1": 1, "-1/-1": 2}
    assert game.applicable_state_based_actions() == [("704.5q", [wall.id]), ("704.5g", [bears.id])]
    assert game._sba_needed()
    game.start(active=0, turn=3, step=Step.PRECOMBAT_MAIN)
    kinds = [(e.kind, e.rules) for e in game.events if e.kind in ("sba_counters", "sba", "dies")]
    assert kinds == [("sba_counters", ("704.5q",)), ("sba", ("704.5g",)), ("dies", ("700.4", "704.5g"))]
    assert game.applicable_state_based_actions() == [] and not game._sba_needed()
    assert game.obj(myr.id).zone == "battlefield" and game.obj(wall.id).counters == {"+1/+1": 0, "-1/-1": 1}


def _cited_rules() -> dict[str, set[str]]:
    """Every rule number written as a string literal in the engine's sources -> the files citing it."""
    cited: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tutor" / "engine").glob("*.py")):
        for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
            if tok.type == tokenize.STRING:
                text = tok.string.strip("\"'")
                if RULE.fullmatch(text):
                    cited.setdefault(text, set()).add(path.name)
    return cited


def test_every_rule_the_engine_cites_exists_in_the_foundations_rules():
    if not FOUNDATIONS.exists():
        pytest.skip("the Foundations Comprehensive Rules (../shared/data) are not beside the project")
    numbers = set()
    for line in FOUNDATIONS.read_text(encoding="utf-8-sig").splitlines():
        m = re.match(r"(\d{3}(?:\.\d+[a-z]?)?)\.? ", line)
        if m:
            numbers.add(m.group(1))
    cited = _cited_rules()
    assert len(cited) > 100
    missing = {rule: files for rule, files in cited.items() if rule not in numbers}
    assert not missing, missing
