"""Spells with modes and costs (tutor/engine/spells.py): the stack view, the mana value with X, the casts the
random agent gets for a modal spell, and card definitions outside the vocabulary."""

from __future__ import annotations

import pytest

from tutor.cardpool import load_cards
from tutor.engine import CardDefinitionError
from tutor.engine.actions import CastSpell
from tutor.engine.cards import card_from_dict
from tutor.scenario_table import Table


def _table(hand, battlefield, opp=()):
    cards = load_cards()
    setup = {"turn": 3, "active": "A", "step": "precombat_main",
             "players": {"A": {"hand": hand, "battlefield": battlefield}, "B": {"battlefield": list(opp)}}}
    return Table(cards, setup).setup()


def test_x_counts_in_the_mana_value_only_on_the_stack():
    game = _table([{"card": "blaze", "as": "blaze"}], ["mountain"] * 4, ["hill-giant"])
    blaze = next(o for o in game.state.players[0].hand)
    assert game.mana_value(blaze) == 1  # 202.3e: X is 0 in hand
    giant = game.state.battlefield[-1]
    game.apply(CastSpell(blaze, (giant,), 3))
    item = game.state.stack[-1]
    assert game.mana_value(item.id) == 4
    view = game.view().stack[-1]
    assert (view.x, view.mana_value, view.paid, view.kicked, view.modes) == (3, 4, "{3}{R}", False, ())


def test_a_kicked_spell_shows_it_on_the_stack():
    game = _table([{"card": "burst-lightning"}], ["mountain"] * 5)
    bolt = game.state.players[0].hand[0]
    game.apply(CastSpell(bolt, (-2,), 0, None, None, (), True))
    view = game.view().stack[-1]
    assert view.kicked and view.paid == "{4}{R}" and view.mana_value == 1  # 118.9c / 702.33: the mana cost stays
    assert view.to_dict()["kicked"] is True and type(view).from_dict(view.to_dict()) == view


def test_the_random_agent_gets_kicked_and_unkicked_casts():
    game = _table([{"card": "burst-lightning"}], ["mountain"] * 5)
    casts = [a for a in game.legal_actions() if isinstance(a, CastSpell)]
    assert {a.kicked for a in casts} == {False, True} and len(casts) <= 48


@pytest.mark.parametrize("bad, key", [
    ({"spell": {"choose": 2, "modes": [{"effects": [{"draw": {}}]}, {"effects": [{"draw": {}}]}], "effects": []}},
     "spell.modes"),
    ({"spell": {"choose": 3, "modes": [{"effects": [{"draw": {}}]}, {"effects": [{"draw": {}}]}]}}, "spell.choose"),
    ({"kicker": 4, "spell": {"effects": []}}, "kicker"),
    ({"spell": {"effects": [], "kicked": []}}, "spell.kicked"),
    ({"alternative_cost": {"life": -1}, "spell": {"effects": []}}, "alternative_cost.life"),
])
def test_bad_definitions_name_their_key(bad, key):
    d = {"id": "x", "name": {"en": "X", "it": "X", "ru": "X"}, "cost": "{R}", "types": ["instant"], **bad}
    with pytest.raises(CardDefinitionError) as exc:
        card_from_dict(d)
    assert key in str(exc.value)
