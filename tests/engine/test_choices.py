"""The players' choices (tutor.engine.choices), the new card vocabulary's loader errors, and the engine's refusal
of what it does not model. Scenarios (lessons/scenarios/e-*.yaml) show the rules; these tests pin the API."""

from __future__ import annotations

import pytest

from tutor.cardpool import load_cards
from tutor.engine import (
    CardDefinitionError,
    Choice,
    ChoiceKind,
    ChoiceOption,
    Choose,
    Game,
    IllegalAction,
    PassPriority,
    Step,
    card_from_dict,
    player_target,
)
from tutor.engine.view import BoardView, Decision

CARDS = load_cards()

FLAMETONGUE = {
    "id": "flametongue-kavu", "name": {"en": "Flametongue Kavu", "it": "Kavu Linguafiamma", "ru": "Огнеязыкий каву"},
    "cost": "{3}{R}", "types": ["creature"], "subtypes": ["Kavu"], "power": 4, "toughness": 2,
    "abilities": [{"kind": "triggered", "when": "enters", "targets": [{"type": "creature"}],
                   "effects": [{"damage": {"amount": 4, "to": {"target": 0}}}]}],
}
ORACLE = {
    "id": "test-oracle", "name": {"en": "Oracle", "it": "Oracolo", "ru": "Оракул"}, "cost": "{U}",
    "types": ["creature"], "power": 1, "toughness": 1,
    "abilities": [{"kind": "triggered", "when": "deals_damage", "to": "player", "combat": True, "may": True,
                   "effects": [{"draw": {}}]}],
}


def _game(extra: list[dict], a_battlefield=(), a_hand=(), b_battlefield=(), b_hand=(), step=Step.PRECOMBAT_MAIN,
          library=("island",) * 5) -> Game:
    cards = dict(CARDS)
    for d in extra:
        cards[d["id"]] = card_from_dict(d, {c for c in cards if cards[c].token})
    game = Game(cards)
    for p, (bf, hand) in enumerate(((a_battlefield, a_hand), (b_battlefield, b_hand))):
        for cid in bf:
            game.create(cid, p, "battlefield", fresh=False)
        for cid in hand:
            game.create(cid, p, "hand")
        for cid in library:
            game.create(cid, p, "library")
    game.start(active=0, turn=3, step=step)
    return game


def _ids(game: Game, card: str, zone: str = "battlefield") -> list[int]:
    return [o.id for o in game.state.objects.values() if o.card.id == card and o.zone == zone]


def test_a_trigger_target_is_asked_of_its_controller_and_its_answers_are_the_legal_targets():
    game = _game([FLAMETONGUE], a_battlefield=["mountain"] * 4, a_hand=["flametongue-kavu"],
                 b_battlefield=["grizzly-bears", "hill-giant"])
    game.apply(next(a for a in game.legal_actions() if getattr(a, "card", None) == _ids(game, "flametongue-kavu", "hand")[0]))
    game.apply(PassPriority())
    game.apply(PassPriority())  # the Kavu resolves and enters; its ability triggers (603.6a)
    kind, player, choice = game.pending
    assert (kind, player, choice.kind, choice.rule) == ("choice", 0, ChoiceKind.TARGETS, "603.3d")
    targets = {o.object for o in choice.options}
    assert targets == {*_ids(game, "flametongue-kavu"), *_ids(game, "grizzly-bears"), *_ids(game, "hill-giant")}
    assert {a.picks for a in game.legal_actions()} == {(t,) for t in targets}
    view = game.view()
    assert view.pending.decision is Decision.CHOICE and view.priority is None
    assert BoardView.from_dict(view.to_dict()) == view
    giant = _ids(game, "hill-giant")[0]
    game.apply(Choose((giant,)))
    assert game.state.stack[-1].targets == (giant,) and game.pending == ("priority", 0)


def test_a_wrong_answer_is_refused_under_the_choice_rule_and_changes_nothing():
    game = _game([FLAMETONGUE], a_battlefield=["mountain"] * 4, a_hand=["flametongue-kavu"],
                 b_battlefield=["grizzly-bears"])
    game.apply(next(a for a in game.legal_actions() if getattr(a, "card", None)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    before = game.view()
    for bad, reason in ((Choose((999,)), "bad_choice"), (Choose(()), "choice_count"),
                        (Choose((player_target(1),)), "bad_choice")):
        with pytest.raises(IllegalAction) as exc:
            game.apply(bad)
        assert (exc.value.rule, exc.value.reason) == ("603.3d", reason)
    with pytest.raises(IllegalAction) as exc:
        game.apply(PassPriority())
    assert exc.value.reason == "not_priority"
    assert game.view() == before


def test_with_one_legal_target_nothing_is_asked():
    game = _game([FLAMETONGUE], a_battlefield=["mountain"] * 4, a_hand=["flametongue-kavu"])
    game.apply(next(a for a in game.legal_actions() if getattr(a, "card", None)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    # 603.3d: the Kavu is the only creature: it must target itself.
    assert game.pending == ("priority", 0)
    kavu = _ids(game, "flametongue-kavu")[0]
    assert game.state.stack[-1].targets == (kavu,)


def test_a_may_is_asked_on_resolution_and_undo_goes_back_into_the_choice():
    game = _game([ORACLE], a_battlefield=["test-oracle"], step=Step.DECLARE_ATTACKERS)
    oracle = _ids(game, "test-oracle")[0]
    from tutor.engine import DeclareAttackers, DeclareBlockers

    game.apply(DeclareAttackers((oracle,)))
    while game.pending[0] != "choice":
        game.apply(DeclareBlockers(()) if game.pending[0] == "blockers" else PassPriority())
    choice = game.pending[2]
    assert choice.kind is ChoiceKind.MAY and [o.what for o in choice.options] == ["yes", "no"]
    hand = len(game.state.players[0].hand)
    game.push(Choose((1,)))
    assert len(game.state.players[0].hand) == hand + 1
    game.pop()
    assert game.pending[0] == "choice" and len(game.state.players[0].hand) == hand
    game.apply(Choose((0,)))
    assert len(game.state.players[0].hand) == hand
    assert [e.kind for e in game.events[-3:]].count("declined") == 1


def test_choice_answers_enumerate_orders_and_combinations():
    opts = tuple(ChoiceOption(i) for i in range(4))
    order = Choice(ChoiceKind.ORDER, 0, opts, ordered=True)
    assert len(list(order.answers())) == 24 and order.forced() is None
    discard = Choice(ChoiceKind.DISCARD, 1, opts, count=(2, 2))
    assert sorted(discard.answers()) == sorted(__import__("itertools").combinations(range(4), 2))
    assert Choice(ChoiceKind.DISCARD, 1, opts[:2], count=(2, 2)).forced() == (0, 1)
    assert Choice(ChoiceKind.ORDER, 0, opts[:1], ordered=True).forced() == (0,)


@pytest.mark.parametrize("ability,path,message", [
    ({"kind": "triggered", "when": "sunrise"}, "abilities.0.when", "trigger must be one of"),
    ({"kind": "triggered", "when": "cast", "what": {"other": True}}, "abilities.0.what", "narrows an object's event"),
    ({"kind": "triggered", "when": "state"}, "abilities.0.if", "needs the state"),
    ({"kind": "triggered", "when": "step"}, "abilities.0.step", "needs 'step'"),
    ({"kind": "triggered", "when": "enters", "if": {"moon": True}}, "abilities.0.if.moon", "unknown condition"),
    ({"kind": "triggered", "when": "enters", "replace": "double_damage"}, "abilities.0.replace", "has no 'replace'"),
    ({"kind": "replacement", "replace": "triple_damage"}, "abilities.0.replace", "unknown replacement"),
    ({"kind": "replacement", "replace": "skip_step", "params": {"step": "cleanup"}}, "abilities.0.params.step",
     "expected one of"),
    ({"kind": "static", "prohibit": "cant_win"}, "abilities.0.prohibit", "expected one of"),
    ({"kind": "triggered", "when": "attacks", "effects": [{"delayed": {"at": "end", "effects": [{"explode": {}}]}}]},
     "abilities.0.effects.0.delayed.effects.0.explode", "unknown effect"),
])
def test_the_new_vocabulary_is_checked_when_a_card_is_loaded(ability, path, message):
    card = {"id": "x", "name": {"en": "X", "it": "X", "ru": "X"}, "types": ["enchantment"], "cost": "{1}",
            "abilities": [ability]}
    with pytest.raises(CardDefinitionError) as exc:
        card_from_dict(card)
    assert exc.value.path == path and message in exc.value.message


@pytest.mark.parametrize("key,value,rule", [("keywords", ["prowess"], "702.108"), ("keywords", ["kicker"], "702.33"),
                                            ("types", ["battle"], "310")])
def test_what_the_engine_does_not_model_is_refused_naming_the_rule(key, value, rule):
    card = {"id": "x", "name": {"en": "X", "it": "X", "ru": "X"}, "types": ["creature"], "cost": "{1}", "power": 1,
            "toughness": 1, key: value}
    with pytest.raises(CardDefinitionError) as exc:
        card_from_dict(card)
    assert exc.value.path == f"{key}.0" and f"rule {rule}" in exc.value.message and value[0] in exc.value.message
