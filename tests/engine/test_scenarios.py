"""Scenarios: every file in lessons/scenarios passes; the loader rejects bad files precisely and never crashes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from glossary.yamlio import YamlError
from tutor.cardpool import load_cards
from tutor.cli import main
from tutor.scenario import load_scenario, run_scenario

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "lessons" / "scenarios").glob("*.yaml"))


def test_there_are_enough_scenarios():
    assert len(SCENARIOS) >= 40


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_passes(path):
    sc = load_scenario(path, load_cards(), path.name)
    result = run_scenario(sc)
    assert result.ok, [f.as_dict() for f in result.failures]
    for key in ("title", "explanation"):
        assert sc.data.get(key), f"{path.name} needs a bilingual {key}"


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    return p


GOOD = """\
title: {it: "Prova", ru: "Проверка"}
setup:
  players:
    A:
      battlefield: [{card: grizzly-bears, as: bears}]
    B: {}
actions:
  - pass: 1
expect:
  objects:
    bears: {zone: battlefield}
"""


@pytest.mark.parametrize(
    ("text", "line", "key"),
    [
        (GOOD.replace("  - pass: 1", "  - pass: 1\n    colour: red"), 9, "actions.0.colour"),
        (GOOD.replace("grizzly-bears", "grizzly-bear"), 5, "setup.players.A.battlefield.0.card"),
        (GOOD.replace("bears: {zone: battlefield}", "bear: {zone: battlefield}"), 11, "expect.objects.bear"),
        (GOOD.replace("setup:", "setup:\n  step: combat"), 3, "setup.step"),
        (GOOD.replace('ru: "Проверка"', 'en: "x"'), 1, "title"),
        (GOOD.replace("  - pass: 1", "  - pass: 1\n    attack: [bears]"), 8, "actions.0"),
        ("setup: [", 2, None),
        ("- just a list\n", 1, None),
    ],
)
def test_invalid_files_name_line_and_key(tmp_path, text, line, key):
    with pytest.raises(YamlError) as exc:
        load_scenario(_write(tmp_path, text), load_cards(), "s.yaml")
    assert exc.value.file == "s.yaml" and exc.value.line == line
    if key:
        assert exc.value.key == key


def test_cli_exit_statuses(tmp_path, capsys):
    good = _write(tmp_path, GOOD)
    assert main(["scenario", "run", str(good)]) == 0
    assert "OK" in capsys.readouterr().out
    failing = tmp_path / "f.yaml"
    failing.write_text(GOOD.replace("{zone: battlefield}", "{zone: graveyard}"), encoding="utf-8")
    assert main(["scenario", "run", str(failing), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["failures"][0]["expected"] == "graveyard" and out["failures"][0]["actual"] == "battlefield"
    assert out["failures"][0]["field"] == "objects.bears.zone" and "non corrisponde" in out["failures"][0]["what"]
    assert out["log"] and all("[" in line for line in out["log"])  # every logged event names its rules
    bad = tmp_path / "b.yaml"
    bad.write_text(GOOD.replace("pass: 1", "pass: 1\n    nonsense: 1"), encoding="utf-8")
    assert main(["scenario", "run", str(bad)]) == 2
    assert "b.yaml:9" in capsys.readouterr().err


def test_illegal_action_names_the_rule(tmp_path):
    text = GOOD.replace("  - pass: 1", "  - play: forest\n  - play: forest").replace(
        "battlefield: [{card: grizzly-bears, as: bears}]", "battlefield: [{card: grizzly-bears, as: bears}]\n      hand: [forest, forest]")
    res = run_scenario(load_scenario(_write(tmp_path, text), load_cards(), "s.yaml"))
    assert not res.ok and res.failures[0].rule == "305.2"
    assert "una sola terra per turno" in res.failures[0].text("it")
    ru = run_scenario(load_scenario(_write(tmp_path, text), load_cards(), "s.yaml"), "ru").failures[0]
    assert "только одну землю" in ru.text("ru") and ru.where("ru").startswith("действие 2 (строка")
    res = run_scenario(load_scenario(_write(tmp_path, text.replace("  - play: forest\n  - play: forest",
                                                                     "  - play: forest\n  - play: forest\n    expect_error: '305.2'")),
                                     load_cards(), "s.yaml"))
    assert res.ok


YAMLISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.sampled_from(
        ["A", "B", "forest", "grizzly-bears", "shock", "bears", "precombat_main", "combat_damage", "x", ""])),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["setup", "players", "A", "B", "hand", "battlefield", "actions", "pass", "cast",
                                         "targets", "expect", "objects", "card", "as", "title", "it", "ru", "step",
                                         "checkpoint", "attack", "block", "life", "turn"]), inner, max_size=4)),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=YAMLISH)
def test_loader_never_crashes(tmp_path, data):
    """Any YAML document is either a valid scenario or a YamlError; running a valid one never crashes."""
    import yaml

    path = tmp_path / "h.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    try:
        sc = load_scenario(path, load_cards(), "h.yaml")
    except YamlError as exc:
        assert exc.file == "h.yaml" and exc.line >= 1
        return
    run_scenario(sc)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=300))
def test_loader_never_crashes_on_text(tmp_path, text):
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        load_scenario(path, load_cards(), "t.yaml")
    except YamlError:
        pass


# ---- every value is type-checked: the old tracebacks are one-line errors now ------------------------------
BASE = """\
title: {it: "Prova", ru: "Проверка"}
setup:
  players:
    A:
      life: 20
      battlefield: [{card: grizzly-bears, as: bears}, {card: hill-giant, as: giant}, mountain]
      hand: [shock]
    B:
      battlefield: [{card: grizzly-bears, as: b1}]
"""
ACT = BASE + "actions:\n"
REPRODUCTIONS = [
    (BASE.replace("life: 20", "life: twenty"), "setup.players.A.life"),
    (BASE.replace("life: 20", "life: [1]"), "setup.players.A.life"),
    (BASE.replace("life: 20", "life: " + "9" * 40), "setup.players.A.life"),
    (BASE.replace("life: 20", "life: true"), "setup.players.A.life"),
    (BASE.replace("setup:\n", "setup:\n  turn: -1\n"), "setup.turn"),
    (BASE.replace("setup:\n", "setup:\n  turn: 99999999999999999999\n"), "setup.turn"),
    (BASE.replace("setup:\n", "setup:\n  active: [A]\n"), "setup.active"),
    (BASE.replace("setup:\n", "setup:\n  step: 3\n"), "setup.step"),
    ("seed: 1e9\n" + BASE, "seed"),
    ("seed: -1\n" + BASE, "seed"),
    ("rules: 5\n" + BASE, "rules"),
    ("rules: [500.1]\n" + BASE, "rules.0"),
    ("title: {it: a, ru: b}\nsetup:\n  players: [A, B]\n", "setup.players"),
    ("title: {it: a, ru: b}\nsetup:\n  players: {C: {}}\n", "setup.players.C"),
    (BASE.replace("as: b1}", "as: b1, damage: x}"), "setup.players.B.battlefield.0.damage"),
    (BASE.replace("as: b1}", "as: b1, counters: [1]}"), "setup.players.B.battlefield.0.counters"),
    (BASE.replace("as: b1}", "as: b1, counters: {'+2/+2': 1}}"), "setup.players.B.battlefield.0.counters.+2/+2"),
    (BASE.replace("as: b1}", "as: b1, controller: C}"), "setup.players.B.battlefield.0.controller"),
    (BASE.replace("as: b1}", "as: b1, attached_to: 5}"), "setup.players.B.battlefield.0.attached_to"),
    (BASE.replace("as: b1}", "as: b1, attached_to: nobody}"), "setup.players.B.battlefield.0.attached_to"),
    (BASE.replace("as: bears", "as: 5"), "setup.players.A.battlefield.0.as"),
    (BASE.replace("as: giant", "as: bears"), "setup.players.A.battlefield.1.as"),
    (BASE.replace("hand: [shock]", "hand: [[shock]]"), "setup.players.A.hand.0"),
    (BASE.replace("hand: [shock]", "hand: shock"), "setup.players.A.hand"),
    (BASE.replace("hand: [shock]", "hand: [soldier-token]"), "setup.players.A.hand.0"),
    (ACT + "  - cast: shock\n    targets: [giant]\n    x: one\n", "actions.0.x"),
    (ACT + "  - cast: shock\n    targets: bears\n", "actions.0.targets"),
    (ACT + "  - cast: shock\n    targets: [nobody]\n", "actions.0.targets.0"),
    (ACT + "  - cast: shock\n    targets: [giant]\n    tap: mountain\n", "actions.0.tap"),
    (ACT + "  - cast: shock\n    targets: [giant]\n    sacrifice: [bears]\n", "actions.0.sacrifice"),
    (ACT + "  - cast: {a: 1}\n", "actions.0.cast"),
    (ACT + "  - block: {giant: [s1, s2]}\n", "actions.0.block.giant"),
    (ACT + "  - block: [giant]\n", "actions.0.block"),
    (ACT + "  - attack: bears\n", "actions.0.attack"),
    (ACT + "  - discard: 3\n", "actions.0.discard"),
    (ACT + "  - assign: bears\n    damage: [1]\n", "actions.0.damage"),
    (ACT + "  - assign: bears\n    damage: {b1: x}\n", "actions.0.damage.b1"),
    (ACT + "  - pass: lots\n", "actions.0.pass"),
    (ACT + "  - pass: 1000000000\n", "actions.0.pass"),
    (ACT + "  - pass: 1\n    by: C\n", "actions.0.by"),
    (ACT + "  - pass_until: draw\n    turn: x\n", "actions.0.turn"),
    (ACT + "  - pass_until: combat\n", "actions.0.pass_until"),
    (ACT + "  - activate: mountain\n    ability: x\n", "actions.0.ability"),
    (ACT + "  - play: forest\n    expect_error: 305\n", "actions.0.expect_error"),
    (ACT + "  - checkpoint: [1]\n", "actions.0.checkpoint"),
    (ACT + "  - [pass]\n", "actions.0"),
    (ACT + "  - checkpoint:\n      players: {A: {life: x}}\n", "actions.0.checkpoint.players.A.life"),
    (BASE + "actions: {pass: 1}\n", "actions"),
    (BASE + "expect:\n  players: [A]\n", "expect.players"),
    (BASE + "expect:\n  objects: [bears]\n", "expect.objects"),
    (BASE + "expect:\n  objects: {bears: {zone: nowhere}}\n", "expect.objects.bears.zone"),
    (BASE + "expect:\n  events: cast\n", "expect.events"),
    (BASE + "expect:\n  events: [casting]\n", "expect.events.0"),
    (BASE + "expect:\n  turn: x\n", "expect.turn"),
    (BASE + "expect:\n  stack: [nocard]\n", "expect.stack.0"),
    (BASE + "expect:\n  battlefield: {A: [nocard]}\n", "expect.battlefield.A.0"),
]


@pytest.mark.parametrize(("text", "key"), REPRODUCTIONS, ids=lambda v: v if isinstance(v, str) and "\n" not in v else None)
def test_wrong_types_and_ranges_are_one_line_errors(tmp_path, text, key):
    with pytest.raises(YamlError) as exc:
        load_scenario(_write(tmp_path, text), load_cards(), "s.yaml")
    assert exc.value.key == key and exc.value.file == "s.yaml" and exc.value.line >= 1
    assert "\n" not in str(exc.value)


def test_the_cli_reports_a_type_error_on_one_line(tmp_path, capsys):
    bad = _write(tmp_path, BASE.replace("life: 20", "life: twenty"))
    assert main(["scenario", "run", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "s.yaml:5:7" in err and "setup.players.A.life" in err


def test_steps_and_sick_expectations(tmp_path):
    text = BASE.replace("as: b1}", "as: b1, sick: true}") + (
        "actions:\n  - pass_until: end\n  - checkpoint:\n      steps: [beginning_of_combat, end_of_combat, end]\n"
        "      objects: {b1: {sick: true}, bears: {sick: false}}\n")
    assert run_scenario(load_scenario(_write(tmp_path, text), load_cards(), "s.yaml")).ok
    wrong = text.replace("[beginning_of_combat, end_of_combat, end]", "[end, beginning_of_combat]")
    res = run_scenario(load_scenario(_write(tmp_path, wrong), load_cards(), "s.yaml"))
    assert not res.ok and res.failures[0].field == "steps"


def _mutations(text: str):
    """Text mutations of a real file: drop, repeat or swap a line, or replace a value."""
    lines = text.splitlines()
    values = ["twenty", "-1", "[1]", "{a: 1}", "1e9", "9" * 30, "true", "''", "~", "[A, B]", "A", "x: 1"]
    return st.one_of(
        st.integers(0, len(lines) - 1).map(lambda i: "\n".join(lines[:i] + lines[i + 1:])),
        st.integers(0, len(lines) - 1).map(lambda i: "\n".join(lines[:i + 1] + lines[i:])),
        st.tuples(st.integers(0, len(lines) - 1), st.integers(0, len(lines) - 1)).map(
            lambda ij: "\n".join(lines[ij[1]] if k == ij[0] else lines[ij[0]] if k == ij[1] else line
                                 for k, line in enumerate(lines))),
        st.tuples(st.integers(0, len(lines) - 1), st.sampled_from(values)).map(
            lambda iv: "\n".join((line.split(":")[0] + ": " + iv[1]) if k == iv[0] and ":" in line else line
                                 for k, line in enumerate(lines))),
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_real_scenarios_never_crash(tmp_path, data):
    """A real scenario, mutated: a YamlError (file, line) or a valid scenario whose run never raises."""
    source = data.draw(st.sampled_from(SCENARIOS[::4]))
    text = data.draw(_mutations(source.read_text(encoding="utf-8")))
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        sc = load_scenario(path, load_cards(), "m.yaml")
    except YamlError as exc:
        assert exc.file == "m.yaml" and exc.line >= 1
        return
    res = run_scenario(sc)
    for f in res.failures:
        assert f.text("it") and f.where("ru")
