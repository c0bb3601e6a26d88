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

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "lessons" / "scenarios").glob("*.yaml"))


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
