"""Planeswalkers, loyalty and counters (tutor/engine/loyalty.py): what the scenarios don't pin down directly:
card definitions, the generated attack declarations, trample over an attacked planeswalker, the board view."""

from __future__ import annotations

import random

import pytest

from tutor.cardpool import load_cards
from tutor.engine import ActivateAbility, AssignCombatDamage, DeclareAttackers, DeclareBlockers, Game, PassPriority
from tutor.engine.cards import card_from_dict
from tutor.engine.errors import CardDefinitionError
from tutor.engine.layers import Mod
from tutor.scenario_table import Table

CARDS = load_cards()
WALKER = {"id": "w", "name": {"en": "W", "it": "W", "ru": "W"}, "types": ["planeswalker"], "cost": "{2}", "loyalty": 2}


def _table(a: list, b: list, step: str = "precombat_main") -> Table:
    table = Table(CARDS, {"turn": 5, "active": "A", "step": step, "players": {"A": {"battlefield": a},
                                                                             "B": {"battlefield": b}}})
    table.setup()
    return table


@pytest.mark.parametrize(("card", "path"), [
    ({**WALKER, "loyalty": None}, "loyalty"),  # 209.1: a planeswalker has a printed loyalty
    ({**WALKER, "types": ["artifact"]}, "loyalty"),  # only a planeswalker has one
    ({**WALKER, "abilities": [{"kind": "activated", "cost": {"loyalty": "+1"}, "effects": []}]}, "abilities.0.cost.loyalty"),
    ({**WALKER, "types": ["artifact"], "loyalty": None,
      "abilities": [{"kind": "activated", "cost": {"loyalty": 1}, "effects": []}]}, "abilities.0.cost.loyalty"),
    ({**WALKER, "abilities": [{"kind": "activated", "cost": {"remove_counters": {"shield": 1}}, "effects": []}]},
     "abilities.0.cost.remove_counters"),
    ({**WALKER, "abilities": [{"kind": "mana", "cost": {"tap": True, "loyalty": 1}, "add": "{G}"}]},
     "abilities.0.cost.loyalty"),
])
def test_bad_planeswalker_definitions_name_the_key(card, path):
    card = {k: v for k, v in card.items() if v is not None}
    with pytest.raises(CardDefinitionError) as exc:
        card_from_dict(card)
    assert exc.value.path == path


def test_loyalty_is_printed_off_the_battlefield_and_counters_on_it():
    table = _table([{"card": "garruk-wildspeaker", "as": "g", "counters": {"loyalty": 5}}, "forest"], [])
    game = table.game
    g = table.obj_of("g")
    assert game.loyalty(g) == 5 and game.view().permanent(g).loyalty == 5
    assert game.view().permanent(table.find_card("forest", 0, ("battlefield",))).loyalty is None
    hand = game.create("garruk-wildspeaker", 0, "hand")
    assert game.loyalty(hand.id) == 3 and game.loyalty(table.find_card("forest", 0, ("battlefield",))) is None


def test_attack_declarations_include_the_planeswalker_and_stay_bounded():
    bears = [{"card": "grizzly-bears", "as": f"b{i}"} for i in range(4)]
    table = _table(bears, [{"card": "garruk-wildspeaker", "as": "g1"}, {"card": "garruk-wildspeaker", "as": "g2"}],
                   step="declare_attackers")
    game = table.game
    actions = list(game.legal_actions())
    assert all(isinstance(a, DeclareAttackers) for a in actions)
    at_walkers = [a for a in actions if a.planeswalkers]
    assert at_walkers and len(actions) <= 16 * (1 + 2 * 5)
    assert all(game.is_legal(a) for a in at_walkers)
    g1 = table.obj_of("g1")
    assert any(set(dict(a.planeswalkers).values()) == {g1} and len(a.attackers) == 4 for a in at_walkers)


def test_no_planeswalker_no_extra_declarations():
    table = _table([{"card": "grizzly-bears"}, {"card": "savannah-lions"}], [], step="declare_attackers")
    assert sorted(len(a.attackers) for a in table.game.legal_actions()) == [0, 1, 1, 2]


def test_trample_assigns_the_excess_to_the_attacked_planeswalker():
    """702.19b: a blocked attacker with trample assigns lethal damage to its blockers, the rest to the planeswalker
    it attacks (not to the player)."""
    table = _table([{"card": "craw-wurm", "as": "wurm"}], [{"card": "garruk-wildspeaker", "as": "g",
                                                            "counters": {"loyalty": 5}},
                                                           {"card": "grizzly-bears", "as": "bears"}],
                   step="declare_attackers")
    game = table.game
    wurm, g, bears = table.obj_of("wurm"), table.obj_of("g"), table.obj_of("bears")
    game._add_continuous((Mod("keywords", frozenset({"trample"})),), [wurm], "craw-wurm", wurm, 0)
    game.apply(DeclareAttackers((wurm,), ((wurm, g),)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    game.apply(DeclareBlockers(((bears, wurm),)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.pending[0] == "damage"
    assert not game.is_legal(AssignCombatDamage(wurm, ((bears, 2), (-2, 4))))  # not the player: it attacks Garruk
    game.apply(AssignCombatDamage(wurm, ((bears, 2), (g, 4))))
    assert game.loyalty(g) == 1 and game.state.players[1].life == 20  # 120.3c: 4 of the 6 to Garruk


def test_a_loyalty_ability_is_not_generated_when_it_cant_be_activated():
    table = _table([{"card": "garruk-wildspeaker", "as": "g", "counters": {"loyalty": 1}}, "forest", "forest"], [])
    game = table.game
    g = table.obj_of("g")
    mine = [a for a in game.legal_actions() if isinstance(a, ActivateAbility) and a.source == g]
    assert {a.index for a in mine} == {0, 1}  # not the -4 (606.6)
    game.apply(mine[0])
    assert not [a for a in game.legal_actions() if isinstance(a, ActivateAbility) and a.source == g]  # 606.3


def test_random_games_with_planeswalkers_end_without_errors():
    deck = ["garruk-wildspeaker", "vampire-hexmage", "serum-tank", "grizzly-bears", "shock", "craw-wurm"] * 3 + \
        ["forest"] * 6 + ["mountain"] * 4 + ["swamp"] * 4
    for seed in range(3):
        game = Game.new(CARDS, [deck, deck], seed=seed)
        rng = random.Random(seed)
        for _ in range(1500):
            if game.outcome is not None:
                break
            actions = list(game.legal_actions())
            assert actions
            game.apply(rng.choice(actions))


def test_lesson_moves_name_and_match_an_attack_on_a_planeswalker():
    from tutor.lessons.moves import label, legal_moves, matches

    table = _table([{"card": "grizzly-bears", "as": "bears"}], [{"card": "garruk-wildspeaker", "as": "g"}],
                   step="declare_attackers")
    game = table.game
    bears, g = table.obj_of("bears"), table.obj_of("g")
    at_walker = DeclareAttackers((bears,), ((bears, g),))
    at_player = DeclareAttackers((bears,))
    assert label(game, at_walker, "it") == "Attacca con «Orsi Grizzly»; «Orsi Grizzly» attaccano «Garruk Parlaselvaggio»"
    assert label(game, at_walker, "ru").endswith("атакуют «Гаррука Дикоречивого»")
    assert label(game, at_player, "it") == "Attacca con «Orsi Grizzly»"
    attacks = [m.action for group in legal_moves(game) for m in group.moves if isinstance(m.action, DeclareAttackers)]
    assert at_walker in attacks and at_player in attacks
    assert matches(table, {"attack": {"bears": "g"}}, at_walker) and not matches(table, {"attack": {"bears": "g"}}, at_player)
    assert matches(table, {"attack": {"bears": "B"}}, at_player) and not matches(table, {"attack": {"bears": "B"}}, at_walker)
    assert matches(table, {"attack": ["bears"]}, at_player) and not matches(table, {"attack": ["bears"]}, at_walker)


def test_tokens_put_onto_the_battlefield_attacking_attack_the_sources_planeswalker():
    """508.4: Hero of Bladehold attacks Garruk: its Soldiers enter attacking Garruk too (as the engine chooses)."""
    table = _table([{"card": "hero-of-bladehold", "as": "hero"}], [{"card": "garruk-wildspeaker", "as": "g",
                                                                  "counters": {"loyalty": 9}}],
                   step="declare_attackers")
    game = table.game
    hero, g = table.obj_of("hero"), table.obj_of("g")
    game.apply(DeclareAttackers((hero,), ((hero, g),)))
    while game.state.stack or game.pending[0] == "choice":
        game.apply(next(iter(game.legal_actions())) if game.pending[0] == "choice" else PassPriority())
    soldiers = [oid for oid in game.state.battlefield if game.state.objects[oid].card.id == "soldier-token"]
    assert len(soldiers) == 2 and all(game.state.attack_targets.get(x) == g for x in soldiers)
    assert all(game.view().permanent(x).attacking_planeswalker == g for x in soldiers)
