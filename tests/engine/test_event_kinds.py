"""Event kinds are one enum (tutor.engine.events.EventKind) that carries each kind's rules: the engine emits
its members, the events keep their plain strings (JSON, scenarios), and every event cites rules of its kind.
Refusal reasons likewise (tutor.engine.errors.Refusal): the engine refuses only with its members."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml

from tutor.cardpool import load_cards
from tutor.engine import Event, EventKind
from tutor.engine.errors import IllegalAction, Refusal
from tutor.engine.events import DYNAMIC_KINDS
from tutor.engine.game import Game
from tutor.engine.play import random_deck, self_play
from tutor.resources import scenario_files
from tutor.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
PINS = yaml.safe_load((ROOT / "tests" / "citations.yaml").read_text(encoding="utf-8"))["events"]
FOUNDATIONS = {line.strip() for line in (ROOT / "glossary" / "curated" / "foundations-rules.txt").read_text(
    encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")}


def _pinned(kind: str) -> set[str]:
    value = PINS[kind]
    return {value} if isinstance(value, str) else set(value)


def test_members_are_their_strings():
    assert len(EventKind) > 50
    for kind in EventKind:
        assert kind.name == kind.value.upper() and kind == kind.value and EventKind(kind.value) is kind
        assert str(kind) == kind.value and f"{kind}" == kind.value and json.dumps(kind) == f'"{kind.value}"'
    assert DYNAMIC_KINDS <= set(EventKind)


@pytest.mark.parametrize("kind", list(EventKind), ids=str)
def test_each_kind_cites_foundations_rules_and_its_deciding_rule(kind):
    assert kind.rules and set(kind.rules) <= FOUNDATIONS, kind.rules
    assert set(kind.rules) & _pinned(kind), f"{kind}: {kind.rules} lacks its pinned rule {sorted(_pinned(kind))}"


def test_every_pinned_event_is_a_kind():
    assert set(PINS) == {k.value for k in EventKind}


def _check(events: list[Event], where: str) -> set[str]:
    seen = set()
    for e in events:
        assert type(e.kind) is str, (where, e)  # the plain string: Event's repr and JSON are unchanged
        kind = EventKind(e.kind)
        seen.add(kind)
        if kind in DYNAMIC_KINDS:
            assert set(e.rules) & (set(kind.rules) | _pinned(kind)), (where, e)
        else:
            assert set(e.rules) <= set(kind.rules), f"{where}: {e.kind} cites {e.rules}, not among {kind.rules}"
    return seen


def test_the_events_of_every_scenario_are_of_a_kind_and_cite_its_rules():
    cards = load_cards()
    seen: set[str] = set()
    for path in scenario_files():
        result = run_scenario(load_scenario(path, cards, path.name))
        seen |= _check(result.game.events if result.game else [], path.name)
    assert len(seen) > 40


def test_random_games_emit_only_kinds_with_their_rules():
    cards = load_cards()
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        game = self_play(Game.new(cards, [random_deck(cards, rng), random_deck(cards, rng)], seed=seed), seed,
                         max_actions=400)
        seen |= _check(game.events, f"seed {seed}")
    assert {EventKind.CAST, EventKind.DAMAGE, EventKind.STEP_BEGINS} <= seen


def test_refusal_members_are_their_strings():
    for reason in Refusal:
        assert reason.name == reason.value.upper() and reason == reason.value
    exc = IllegalAction("305.2", Refusal.SECOND_LAND, "one land per turn")
    assert type(exc.reason) is str and exc.reason == "second_land"


def test_the_engine_refuses_only_with_refusal_members(monkeypatch):
    """Every IllegalAction the engine raises while the scenarios and random games play (legal_actions()
    validates many illegal candidates) gives a Refusal member as its reason."""
    given: list = []
    init = IllegalAction.__init__

    def spy(self, rule, reason, detail=""):
        given.append(reason)
        init(self, rule, reason, detail)

    monkeypatch.setattr(IllegalAction, "__init__", spy)
    cards = load_cards()
    for path in scenario_files():
        run_scenario(load_scenario(path, cards, path.name))
    for seed in range(3):
        rng = random.Random(seed)
        self_play(Game.new(cards, [random_deck(cards, rng), random_deck(cards, rng)], seed=seed), seed, max_actions=300)
    assert len({str(r) for r in given}) > 20
    assert all(type(r) is Refusal for r in given), sorted({r for r in given if type(r) is not Refusal})
