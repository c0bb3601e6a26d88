"""The rules the program cites are right: each engine event, refusal, outcome and step cites the rule that
decides it (tests/citations.yaml, checked against the Foundations text), every number cited anywhere exists
in Foundations, and `kb check` catches a citation a learner could not read."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.engine_citations import literal_rules, sites
from tutor.cardpool import load_cards
from tutor.citations import cited_rules
from tutor.engine.game import _DECISION_RULE
from tutor.resources import scenario_files
from tutor.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
PINS = yaml.safe_load((ROOT / "tests" / "citations.yaml").read_text(encoding="utf-8"))
FOUNDATIONS_LIST = ROOT / "glossary" / "curated" / "foundations-rules.txt"
# Sites whose rules are decided at run time (the rule of a state-based action, of a step, of a choice's kind, of
# a trigger event): the scenarios check them, and test_run_time_rules_are_pinned the tables they come from.
DYNAMIC = {("event", "destroyed"), ("event", "dies"), ("event", "sba"), ("event", "step_begins"),
           ("refusal", "f'not_{kind}'"), ("event", "choice"), ("event", "trigger"), ("refusal", "bad_choice"),
           ("refusal", "choice_count")}
KIND = {"event": "events", "refusal": "refusals", "outcome": "outcomes", "step": "steps"}


def _pinned(what: str, name: str) -> set[str]:
    value = PINS[KIND[what]][name]
    return {value} if isinstance(value, str) else set(value)


def _foundations() -> set[str]:
    return {line.strip() for line in FOUNDATIONS_LIST.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


def _keyword_sites():
    """The refusals of the keyword registry's hooks (evasion, menace, defender): data, not calls in the source."""
    from tests.engine_citations import Site
    from tutor.engine.keywords import REGISTRY

    out = {}
    for k in REGISTRY:
        if k.refusal:
            rule, reason, _ = k.refusal
            out.setdefault((reason, rule), Site("refusal", reason, frozenset({rule}), (frozenset({rule}),),
                                                f"tutor/engine/keywords.py:{k.name}"))
    return list(out.values())


SITES = sites() + _keyword_sites()


def test_the_source_reader_finds_every_kind_of_citation():
    found = {(s.what, s.name) for s in SITES}
    assert {("event", "exile"), ("refusal", "already_tapped"), ("outcome", "opponent_lost"), ("step", "untap")} <= found
    assert len([s for s in SITES if s.what == "event"]) > 60 and len([s for s in SITES if s.what == "refusal"]) >= 50
    # a rule passed down through a parameter or chosen by a condition is followed
    (sorcery,) = [s for s in SITES if s.name == "sorcery_timing"]
    assert sorcery.rules == {"307.1", "117.1a"}
    assert {s.rules for s in SITES if s.name == "target_count"} == {frozenset({"601.2c", "602.2b"})}


@pytest.mark.parametrize("site", [s for s in SITES if (s.what, s.name) not in DYNAMIC],
                         ids=lambda s: f"{s.what}:{s.name}@{s.where}")
def test_each_citation_is_the_deciding_rule(site):
    assert site.name in PINS[KIND[site.what]], f"{site.where}: pin the rule of {site.what} {site.name!r} in tests/citations.yaml"
    pinned = _pinned(site.what, site.name)
    assert site.alternatives is not None, f"{site.where}: the rules of {site.name!r} can't be read from the source"
    for rules in site.alternatives:
        assert rules & pinned, f"{site.where}: {site.name} cites {sorted(rules)}, not its rule {sorted(pinned)}"
        if site.what in ("refusal", "step"):
            assert rules <= pinned, f"{site.where}: {site.name} cites {sorted(rules)}; its rule is {sorted(pinned)}"


def test_every_pin_is_used_and_every_decision_refusal_is_pinned():
    names = {(s.what, s.name) for s in SITES}
    names |= {("refusal", f"not_{kind}") for kind in _DECISION_RULE}
    for what, key in KIND.items():
        stale = [name for name in PINS[key] if (what, name) not in names]
        assert not stale, f"tests/citations.yaml pins {key} the engine doesn't have: {stale}"
    for kind, rule in _DECISION_RULE.items():
        assert _pinned("refusal", f"not_{kind}") == {rule}


def test_run_time_rules_are_pinned():
    """A choice (its event and its refusals) cites the rule of its kind; a triggered ability, the rule of its
    trigger event with 603.2 (a delayed one 603.7): the tables those rules come from agree with the pins."""
    from tutor.engine.choices import ChoiceKind
    from tutor.engine.events import EventKind
    from tutor.engine.triggers import TRIGGER_EVENTS

    kinds = {k.rule for k in ChoiceKind}
    assert kinds == _pinned("event", "choice") == _pinned("refusal", "bad_choice") == _pinned("refusal", "choice_count")
    assert kinds <= set(EventKind.CHOICE.rules)
    assert {e.rule for e in TRIGGER_EVENTS.values()} | {"603.7", "603.8"} <= set(EventKind.TRIGGER.rules)
    assert _pinned("event", "trigger") == {"603.2"}  # every trigger event cites 603.2 beside its own rule


def test_the_events_of_every_scenario_cite_their_rule():
    """The citations decided at run time (state-based actions, steps, destruction) as the scenarios play."""
    cards = load_cards()
    seen: set[str] = set()
    for path in scenario_files():
        result = run_scenario(load_scenario(path, cards, path.name))
        for e in result.game.events if result.game else []:
            seen.add(e.kind)
            assert e.kind in PINS["events"], f"{path.name}: pin event {e.kind!r}"
            assert set(e.rules) & _pinned("event", e.kind), f"{path.name}: {e.kind} cites {e.rules}"
            if e.kind == "step_begins":
                assert e.rules == (PINS["steps"][e.data["step"]],), (path.name, e.data, e.rules)
    assert {"sba", "dies", "destroyed", "step_begins", "exile"} & seen >= {"sba", "dies", "destroyed", "step_begins"}


def test_every_rule_the_engine_cites_exists_in_foundations():
    numbers = _foundations()
    cited = dict(literal_rules())
    for number, places in cited_rules().items():
        if any(p.startswith("tutor/engine/") for p in places):
            cited.setdefault(number, places)
    missing = {n: places for n, places in cited.items() if n not in numbers}
    assert len(cited) > 120 and not missing, missing
    pins = {r for table in PINS.values() for v in table.values() for r in ([v] if isinstance(v, str) else v)}
    assert pins <= numbers, sorted(pins - numbers)


def test_every_number_cited_anywhere_is_readable_and_exists(kb):
    cited = cited_rules()
    assert {"509.1", "704.5j", "510.1c"} <= set(cited)  # the engine, the scenarios, the curated data
    report = kb.citation_check(cited)
    assert report["without_text"] == [] and report["not_in_foundations"] == []
    assert report["summaries_not_in_foundations"] == [] and report["cited"] == len(cited)
    for number in cited:  # `rule N --json` has Italian text or a summary in both languages
        view = kb.rule_view(number)
        assert view is not None, number
        assert (view["lang"] == "it" and view["text"]) or (view["summary"] and view["summary"]["ru"]), number


def test_the_check_catches_a_new_citation_without_text(kb):
    """A lesson or a quiz explanation that cites a rule nobody can read, or one that doesn't exist."""
    from glossary.citations import cited_in_text

    quiz = 'explanation:\n  it: "Vedi regola 100.4c e la 509.6 del 2022."\nrules: ["810.3"]\n'
    cited = cited_in_text(quiz, "lessons/quiz/x.yaml", yaml=True)
    assert cited == {"100.4c": ["lessons/quiz/x.yaml:2"], "509.6": ["lessons/quiz/x.yaml:2"],
                     "810.3": ["lessons/quiz/x.yaml:3"]}
    report = kb.citation_check(cited)
    assert [x["number"] for x in report["without_text"]] == ["100.4c", "509.6", "810.3"]
    assert [x["number"] for x in report["not_in_foundations"]] == ["509.6"]
    assert kb.check(cited)["consistent"] is False


def test_kb_check_is_clean(capsys):
    from tutor.cli import main

    assert main(["kb", "check"]) == 0
    out = capsys.readouterr().out
    assert "Regole citate dal programma" in out


def test_the_check_catches_a_summary_of_a_rule_foundations_has_not(kb, monkeypatch):
    monkeypatch.setitem(kb.data.summaries, "509.6", {"it": "Ordine di assegnazione del danno.", "ru": "Порядок."})
    monkeypatch.setitem(kb.data.summary_where, "509.6", "glossary/curated/digest/5.yaml:999")
    report = kb.citation_check({})
    assert report["summaries_not_in_foundations"] == [{"number": "509.6", "where": ["glossary/curated/digest/5.yaml:999"]}]
