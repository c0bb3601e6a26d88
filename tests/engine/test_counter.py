"""Part 2: targeting protection (hexproof, hexproof from a colour, shroud, ward), counterspells of several shapes
and copies of spells. The scenarios (lessons/scenarios/e2-counter-*.yaml) show the rules; these tests pin cases
they don't: ward on an activated ability, hexproof from a colour, "mana value N or less", a copy's choice."""

from __future__ import annotations

import pytest

from tutor.cardpool import load_cards
from tutor.engine import ActivateAbility, CastSpell, Choose, Game, IllegalAction, PassPriority, Step, card_from_dict

CARDS = load_cards()


def _card(cid: str, **d) -> dict:
    return {"id": cid, "name": {"en": cid, "it": cid, "ru": cid}, **d}


WARDED = _card("warded", cost="{1}{U}", types=["creature"], power=2, toughness=2, keywords=["ward 1"])
KNIGHT = _card("knight", cost="{1}{W}", types=["creature"], power=2, toughness=2, keywords=["hexproof from black"])
PINGER = _card("pinger", cost="{R}", types=["creature"], power=1, toughness=1,
               abilities=[{"kind": "activated", "cost": {"tap": True}, "targets": [{"type": "any"}],
                           "effects": [{"damage": {"amount": 1, "to": {"target": 0}}}]}])
SNIP = _card("snip", cost="{U}", types=["instant"],
             spell={"targets": [{"type": "spell", "filter": {"mana_value_max": 2}}], "effects": [{"counter": {"target": 0}}]})


def _game(a_battlefield=(), a_hand=(), b_battlefield=(), b_hand=()) -> Game:
    cards = dict(CARDS)
    for d in (WARDED, KNIGHT, PINGER, SNIP):
        cards[d["id"]] = card_from_dict(d, {c for c in cards if cards[c].token})
    game = Game(cards)
    for p, (bf, hand) in enumerate(((a_battlefield, a_hand), (b_battlefield, b_hand))):
        for cid in bf:
            game.create(cid, p, "battlefield", fresh=False)
        for cid in hand:
            game.create(cid, p, "hand")
        for _ in range(5):
            game.create("island", p, "library")
    game.start(active=0, turn=3, step=Step.PRECOMBAT_MAIN)
    return game


def _id(game: Game, card: str, zone: str = "battlefield") -> int:
    return next(o.id for o in game.state.objects.values() if o.card.id == card and o.zone == zone)


def test_ward_counters_an_activated_ability_unless_its_controller_pays():
    game = _game(a_battlefield=["pinger", "mountain"], b_battlefield=["warded"])
    warded = _id(game, "warded")
    game.apply(ActivateAbility(_id(game, "pinger"), 0, (warded,)))
    assert [it.kind for it in game.state.stack] == ["ability", "ability"]  # the ping, then ward above it
    game.apply(PassPriority())
    game.apply(PassPriority())
    choice = game.pending[2]
    assert game.pending[0] == "choice" and str(choice.kind) == "pay" and choice.player == 0 and choice.rule == "118.12a"
    game.apply(Choose((0,)))  # don't pay: the ping is countered
    kinds = [e.kind for e in game.events]
    assert "ability_countered" in kinds and not game.state.stack and game.obj(warded).damage == 0


def test_ward_does_not_trigger_on_its_controllers_own_spell():
    game = _game(a_battlefield=["warded", "forest"], a_hand=["giant-growth"])
    warded = _id(game, "warded")
    game.apply(CastSpell(_id(game, "giant-growth", "hand"), (warded,)))
    assert [it.kind for it in game.state.stack] == ["spell"] and not any(e.kind == "trigger" for e in game.events)


def test_hexproof_from_a_colour_refuses_only_that_colour_of_the_opponents():
    game = _game(a_battlefield=["swamp", "mountain"], a_hand=["dark-banishing", "shock"], b_battlefield=["knight"])
    knight = _id(game, "knight")
    with pytest.raises(IllegalAction) as exc:
        game.validate(CastSpell(_id(game, "dark-banishing", "hand"), (knight,)))
    assert exc.value.rule == "702.11d"
    game.validate(CastSpell(_id(game, "shock", "hand"), (knight,)))  # a red spell may target it


def test_a_spell_with_mana_value_n_or_less():
    game = _game(a_battlefield=["forest", "forest"], a_hand=["grizzly-bears"], b_battlefield=["island"], b_hand=["snip"])
    game.apply(CastSpell(_id(game, "grizzly-bears", "hand"), ()))
    game.apply(PassPriority())
    bears = game.state.stack[-1].id
    game.validate(CastSpell(_id(game, "snip", "hand"), (bears,)))  # mana value 2: fits "2 or less"
    tyrant = card_from_dict(_card("big", cost="{2}{G}", types=["creature"], power=3, toughness=3))
    game.state.stack[-1].card = tyrant  # a spell of mana value 3 does not
    with pytest.raises(IllegalAction):
        game.validate(CastSpell(_id(game, "snip", "hand"), (bears,)))


# ---- protection from everything (702.16j): no card of the pool has it; the rule, on an inline card ----------
SPIRIT = _card("spirit", cost="{3}{W}", types=["creature"], power=2, toughness=2, keywords=["protection from everything"])


def test_protection_from_everything_stops_targets_of_every_colour():
    """702.16j: it can't be the target of any spell or ability (702.16b), whatever its colour: a red spell, a
    green one, an ability of a red creature; a creature without it beside it can."""
    cards = dict(CARDS)
    cards["spirit"] = card_from_dict(SPIRIT, {c for c in cards if cards[c].token})
    cards["pinger"] = card_from_dict(PINGER, {c for c in cards if cards[c].token})
    game = Game(cards)
    for cid in ("pinger", "mountain", "mountain", "forest", "forest"):
        game.create(cid, 0, "battlefield", fresh=False)
    game.create("spirit", 1, "battlefield", fresh=False)
    game.create("grizzly-bears", 1, "battlefield", fresh=False)
    for cid in ("shock", "giant-growth"):
        game.create(cid, 0, "hand")
    for p in (0, 1):
        for _ in range(5):
            game.create("island", p, "library")
    game.start(active=0, turn=3, step=Step.PRECOMBAT_MAIN)
    spirit, bears = _id(game, "spirit"), _id(game, "grizzly-bears")
    targets = {a.targets for a in game.source_actions(_id(game, "shock", "hand")) if isinstance(a, CastSpell)}
    assert (bears,) in targets and (spirit,) not in targets  # a red spell
    targets = {a.targets for a in game.source_actions(_id(game, "giant-growth", "hand")) if isinstance(a, CastSpell)}
    assert (bears,) in targets and (spirit,) not in targets  # a green one
    with pytest.raises(IllegalAction) as refused:
        game.apply(ActivateAbility(_id(game, "pinger"), 0, (spirit,)))  # an ability of a red creature
    assert refused.value.rule == "702.16b"
