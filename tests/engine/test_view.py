"""The board view: what `Game.view()` shows, its JSON form, and the CLI's final board."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tutor.cardpool import load_cards
from tutor.cli import main
from tutor.engine import (
    ActivateAbility,
    CastSpell,
    ChooseLegend,
    Decision,
    DeclareAttackers,
    DeclareBlockers,
    Game,
    PassPriority,
    StackKind,
    Step,
    Termination,
    player_target,
)
from tutor.engine.view import BoardView, Mana, Target
from tutor.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "lessons" / "scenarios").glob("*.yaml"))


def _plain(value: object) -> bool:
    """Only JSON types: str keys, lists, ints, bools, None, strings."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (bool, int, str))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_final_board_of_every_scenario_round_trips(path):
    game = run_scenario(load_scenario(path, load_cards(), path.name)).game
    view = game.view()
    d = view.to_dict()
    assert _plain(d)
    assert json.loads(json.dumps(d)) == d
    assert BoardView.from_dict(d) == view
    assert len(d["players"]) == 2 and [p["index"] for p in d["players"]] == [0, 1]


def test_permanents_show_current_characteristics():
    game = Game(load_cards())
    king = game.create("goblin-king", 0, "battlefield", fresh=False)
    goblin = game.create("raging-goblin", 0, "battlefield")
    bears = game.create("grizzly-bears", 1, "battlefield", damage=1)
    bears.counters = {"+1/+1": 2, "-1/-1": 0}
    game.start(active=0, turn=3, step=Step.PRECOMBAT_MAIN)
    view = game.view()
    g = view.permanent(goblin.id)
    assert (g.power, g.toughness) == (2, 2)  # the lord's +1/+1 (613.4c)
    assert g.keywords == ("haste", "mountainwalk") and g.colors == ("R",) and g.summoning_sick
    assert g.subtypes == ("Berserker", "Goblin") and g.types == ("creature",) and g.controller == g.owner == 0
    k = view.permanent(king.id)
    assert (k.power, k.toughness) == (2, 2) and not k.summoning_sick  # "other Goblins"
    b = view.permanent(bears.id)
    assert (b.power, b.toughness, b.damage, b.counters) == (4, 4, 1, (("+1/+1", 2),))
    assert view.permanent(9999) is None
    land = game.create("forest", 0, "battlefield")
    f = game.view().permanent(land.id)
    assert (f.power, f.toughness, f.supertypes, f.summoning_sick) == (None, None, ("basic",), False)


def test_players_zones_and_mana():
    game = Game(load_cards())
    forest = game.create("forest", 0, "battlefield")
    shock = game.create("shock", 0, "hand")
    game.create("forest", 0, "library")
    game.create("grizzly-bears", 1, "graveyard")
    game.start(active=0, turn=3, step=Step.PRECOMBAT_MAIN)
    game.apply(ActivateAbility(forest.id, 0))
    a, b = game.view().players
    assert a.mana == Mana(G=1) and a.mana.total == 1 and a.library == 1 and a.lands_played == 0
    assert [(c.object, c.card) for c in a.hand] == [(shock.id, "shock")]
    assert [c.card for c in b.graveyard] == ["grizzly-bears"] and b.exile == () and b.life == 20
    view = game.view()
    assert view.zone_of(shock.id) == "hand" and view.zone_of(forest.id) == "battlefield"
    assert view.zone_of(b.graveyard[0].object) == "graveyard"
    assert view.zone_of(game.state.players[0].library[0]) is None  # a library is hidden


def test_stack_items_bottom_first_with_kind_targets_and_x():
    game = Game(load_cards())
    for _ in range(6):
        game.create("plains", 0, "battlefield")
    for _ in range(4):
        game.create("mountain", 0, "battlefield")
    monk = game.create("venerable-monk", 0, "hand")
    blaze = game.create("blaze", 0, "hand")
    shock = game.create("shock", 0, "hand")
    game.start(active=0, turn=3, step=Step.PRECOMBAT_MAIN)
    game.apply(CastSpell(blaze.id, (player_target(1),), x=2))
    view = game.view()
    (item,) = view.stack
    assert (item.kind, item.card, item.x, item.targets, item.controller, item.source) == (
        StackKind.SPELL, "blaze", 2, (Target(player=1),), 0, None)
    assert view.zone_of(item.id) == "stack" and view.to_dict()["stack"][0]["targets"] == [{"player": 1}]
    game.apply(PassPriority())
    game.apply(PassPriority())
    game.apply(CastSpell(monk.id))
    game.apply(PassPriority())
    game.apply(PassPriority())  # the Monk resolves: its enters ability triggers and goes on the stack
    view = game.view()
    (trigger,) = view.stack
    assert (trigger.kind, trigger.trigger, trigger.card, trigger.x) == (StackKind.TRIGGER, "enters", "venerable-monk", 0)
    assert trigger.source == view.permanents[-1].object
    bears = game.create("grizzly-bears", 1, "battlefield")
    game.apply(CastSpell(shock.id, (bears.id,)))
    view = game.view()
    assert [it.kind for it in view.stack] == [StackKind.TRIGGER, StackKind.SPELL]  # bottom first
    assert view.stack[-1].targets == (Target(object=bears.id),) and view.stack[-1].card == "shock"
    assert view.pending.decision is Decision.PRIORITY and view.priority == 0


def test_combat_and_the_damage_decision():
    game = Game(load_cards())
    akroma = game.create("akroma-angel-of-wrath", 0, "battlefield", fresh=False)
    spider = game.create("giant-spider", 1, "battlefield")
    other = game.create("giant-spider", 1, "battlefield")
    game.start(active=0, turn=3, step=Step.DECLARE_ATTACKERS)
    assert game.view().pending.decision is Decision.ATTACKERS and game.view().priority is None
    game.apply(DeclareAttackers((akroma.id,)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.view().pending.decision is Decision.BLOCKERS and game.view().pending.player == 1
    game.apply(DeclareBlockers(((spider.id, akroma.id), (other.id, akroma.id))))
    view = game.view()
    a, s = view.permanent(akroma.id), view.permanent(spider.id)
    assert (a.attacking, a.blocked, a.blocking, a.tapped) == (1, True, None, False)  # vigilance
    assert (s.attacking, s.blocking, s.blocked) == (None, akroma.id, False)
    game.apply(PassPriority())
    game.apply(PassPriority())
    view = game.view()
    assert view.step is Step.FIRST_STRIKE_DAMAGE and view.phase == "combat"
    assert view.pending.decision is Decision.DAMAGE and view.pending.attacker == akroma.id
    assert view.pending.player == 0 and view.to_dict()["pending"]["attacker"] == akroma.id


def test_legend_decision_and_outcomes():
    game = Game(load_cards())
    first = game.create("akroma-angel-of-wrath", 0, "battlefield")
    game.create("akroma-angel-of-wrath", 0, "battlefield")
    game.start(active=0, turn=3, step=Step.PRECOMBAT_MAIN)
    pending = game.view().pending
    assert (pending.decision, pending.player, pending.name) == (Decision.LEGEND, 0, "Akroma, Angel of Wrath")
    game.apply(ChooseLegend(first.id))
    assert [p.object for p in game.view().permanents] == [first.id]

    game = Game(load_cards())
    game.state.players[1].life = 0
    game.start(active=0, turn=3, step=Step.PRECOMBAT_MAIN)
    view = game.view()
    assert view.pending.decision is Decision.GAME_OVER and view.priority is None
    assert (view.outcome.winner, view.outcome.termination) == (0, Termination.LIFE)
    assert view.outcome.termination.rule == "704.5a" and "704.5a" in view.outcome.rules
    assert view.to_dict()["outcome"] == {"winner": 0, "termination": "life", "rules": ["104.3b", "704.5a"]}

    game = Game(load_cards())
    game.start(active=1, turn=3, step=Step.DRAW)  # player 1 draws from an empty library
    assert game.view().outcome.termination is Termination.EMPTY_LIBRARY and game.view().outcome.winner == 0

    game = Game(load_cards())
    for p in game.state.players:
        p.life = 0
    game.start(active=0, turn=3, step=Step.PRECOMBAT_MAIN)
    outcome = game.view().outcome
    assert (outcome.winner, outcome.termination, outcome.termination.rule) == (None, Termination.DRAW, "104.4a")


def test_the_view_is_frozen_and_before_play_has_no_decision():
    game = Game(load_cards())
    view = game.view()
    assert view.pending.decision is Decision.NONE and view.outcome is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.turn = 5
    assert hash(view) == hash(BoardView.from_dict(view.to_dict()))


def test_scenario_json_includes_the_final_board(tmp_path, capsys):
    paths = SCENARIOS[:2]
    assert main(["scenario", "run", str(paths[0]), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["board"]["pending"]["decision"] in [d.value for d in Decision]
    game = run_scenario(load_scenario(paths[0], load_cards(), paths[0].name)).game
    assert report["board"] == game.view().to_dict()
    for p in paths:
        (tmp_path / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["scenario", "run", str(tmp_path), "--json"]) == 0
    reports = json.loads(capsys.readouterr().out)
    assert len(reports) == 2 and all(BoardView.from_dict(r["board"]).turn >= 1 for r in reports)
