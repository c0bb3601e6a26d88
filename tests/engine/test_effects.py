"""The effect registry: one table behind the card loader, resolution and the card documentation."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from tutor.cardpool import CARDS_FILE, load_cards
from tutor.engine import (
    ActivateAbility,
    CardDefinitionError,
    CastSpell,
    Choose,
    Event,
    Game,
    PassPriority,
    Step,
    card_from_dict,
    player_target,
)
from tutor.engine.effects import EFFECTS
from tutor.engine.play import random_action, random_deck
from tutor.events_text import event_key
from tutor.i18n import catalog
from tutor.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "lessons" / "scenarios").glob("*.yaml"))


def _doc_rows() -> dict[str, tuple[set[str], str]]:
    """The effect table of lessons/CARDS.md: effect name -> (parameter names, rule)."""
    text = (ROOT / "lessons" / "CARDS.md").read_text(encoding="utf-8")
    table = text[text.index("## Effects"):]
    rows = {}
    for line in table.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        params = set(re.findall(r"`(\w+):", cells[1]))
        for name in re.findall(r"`(\w+)`", cells[0]):
            rows[name] = (params, cells[2])
    return rows


def _used_effects() -> set[str]:
    """The effects of the pool's cards and of the cards the shipped scenarios define themselves."""
    from tutor.scenario import shipped_cards

    def names(effects: tuple):
        for name, params in effects:
            yield name
            for nested in dict(params).get("effects", ()) if isinstance(params, tuple) else ():  # a delayed ability's
                yield from names(nested)

    used = set()
    for card in shipped_cards():
        used.update(names(card.spell_effects))
        for ab in card.abilities:
            used.update(names(ab.effects))
    return used


def test_every_effect_is_documented_with_its_parameters_and_rule():
    rows = _doc_rows()
    assert set(rows) == set(EFFECTS), "CARDS.md and the registry name different effects"
    for name, effect in EFFECTS.items():
        params, rule = rows[name]
        assert params == set(effect.params), (name, params, set(effect.params))
        assert rule == effect.rules[0], (name, rule, effect.rules)


def test_every_effect_is_used_by_some_card():
    assert set(EFFECTS) <= _used_effects(), set(EFFECTS) - _used_effects()


def test_every_event_an_effect_emits_has_a_text():
    for effect in EFFECTS.values():
        assert effect.events, effect.name
        for kind in effect.events:
            for lang in ("it", "ru"):
                assert event_key(Event(kind, ("1",), {}), lang) in catalog(lang), \
                    f"no {lang} text for event {kind!r} of {effect.name}"


def test_effects_emit_only_the_events_they_declare(monkeypatch):
    """Resolve every effect the scenarios and some random games reach, recording what each emits."""
    emitted: dict[str, set[str]] = {}

    def spy(effect):
        def resolve(game, item, params, legal):
            start = len(game.events)
            effect.resolve(game, item, params, legal)
            emitted.setdefault(effect.name, set()).update(e.kind for e in game.events[start:])
        return replace(effect, resolve=resolve)

    for name, effect in list(EFFECTS.items()):
        monkeypatch.setitem(EFFECTS, name, spy(effect))
    cards = load_cards()
    for path in SCENARIOS:
        run_scenario(load_scenario(path, cards, path.name))
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.new(cards, [random_deck(cards, rng), random_deck(cards, rng)], seed=seed)
        for _ in range(800):
            if game.outcome is not None:
                break
            game.apply(random_action(game, rng))
    # Two effects no scenario uses yet: Master Decoy taps a creature, Erase exiles an enchantment.
    game = Game(cards)
    decoy = game.create("master-decoy", 0, "battlefield", fresh=False)
    erase = game.create("erase", 0, "hand")
    for _ in range(2):
        game.create("plains", 0, "battlefield")
    bears = game.create("grizzly-bears", 1, "battlefield")
    arena = game.create("phyrexian-arena", 1, "battlefield")
    game.start(active=0, turn=3, step=Step.PRECOMBAT_MAIN)
    game.apply(ActivateAbility(decoy.id, 0, (bears.id,)))
    game.apply(CastSpell(erase.id, (arena.id,)))
    for _ in range(4):
        game.apply(PassPriority())
    assert game.obj(bears.id).tapped and game.state.players[1].exile
    assert set(emitted) == set(EFFECTS), f"never resolved: {set(EFFECTS) - set(emitted)}"
    for name, kinds in emitted.items():
        # A triggered ability (a creature dies, a token enters) is announced as it triggers.
        assert kinds <= set(EFFECTS[name].events) | {"trigger"}, (name, kinds - set(EFFECTS[name].events))


MIND_X = {
    "id": "mind-x", "name": {"en": "Mind X", "it": "Mente X", "ru": "Разум X"}, "cost": "{X}{B}", "types": ["sorcery"],
    "spell": {"targets": [{"type": "player"}], "effects": [{"discard": {"count": "X", "who": {"target": 0}}}]},
}


def _discard_game(x: int) -> tuple[Game, list[int]]:
    cards = {**load_cards(), "mind-x": card_from_dict(MIND_X)}
    game = Game(cards)
    for _ in range(4):
        game.create("swamp", 0, "battlefield")
    spell = game.create("mind-x", 0, "hand")
    hand = [game.create(c, 1, "hand").id for c in ("shock", "forest", "giant-growth")]
    game.start(active=0, turn=3, step=Step.PRECOMBAT_MAIN)
    game.apply(CastSpell(spell.id, (player_target(1),), x=x))
    game.apply(PassPriority())
    game.apply(PassPriority())
    return game, hand


def test_discard_x_equal_to_zero_discards_nothing():
    game, hand = _discard_game(0)
    assert game.state.players[1].hand == hand
    assert not [e for e in game.events if e.kind == "discard"]
    assert [e.kind for e in game.events if e.kind == "resolve"] == ["resolve"]


@pytest.mark.parametrize(("x", "keep"), [(1, (0, 2)), (2, (1,)), (3, ())])
def test_discard_x_the_discarding_player_chooses_which(x, keep):
    """701.8b: B, who discards, chooses X cards of their hand (all of them with X = 3: nothing to ask)."""
    game, hand = _discard_game(x)
    if x < 3:
        kind, player, choice = game.pending
        assert (kind, player, str(choice.kind), choice.count) == ("choice", 1, "discard", (x, x))
        assert sorted(o.object for o in choice.options) == sorted(hand)
        game.apply(Choose(tuple(c for i, c in enumerate(hand) if i not in keep)))
    assert game.state.players[1].hand == [hand[i] for i in keep]
    assert len(game.state.players[1].graveyard) == x
    assert [e.data["player"] for e in game.events if e.kind == "discard"] == [1] * x


def _card(effect: dict, targets: list | None = None) -> dict:
    return {"id": "test-card", "name": {"en": "T", "it": "T", "ru": "T"}, "cost": "{R}", "types": ["instant"],
            "spell": {"targets": targets or [], "effects": [effect]}}


@pytest.mark.parametrize(
    ("effect", "targets", "path"),
    [
        ({"damage": {"amount": 2}}, [], "spell.effects.0.damage.to"),  # required parameter
        ({"damage": {"amount": 2, "to": "everyone"}}, [], "spell.effects.0.damage.to"),  # not a reference
        ({"damage": {"amount": -1, "to": "each"}}, [], "spell.effects.0.damage.amount"),
        ({"damage": {"amount": 2, "to": {"target": 1}}}, [{"type": "any"}], "spell.effects.0.damage.to"),  # index
        ({"destroy": {"target": 0}}, [{"type": "player"}], "spell.effects.0.destroy.target"),  # not a permanent
        ({"destroy": {"no_regenerate": True}}, [], "spell.effects.0.destroy.target"),  # target or all
        ({"counter": {"target": 0}}, [{"type": "creature"}], "spell.effects.0.counter.target"),  # not a spell
        ({"discard": {"count": 1, "who": {"target": 0}}}, [{"type": "creature"}], "spell.effects.0.discard.who"),
        ({"grant": {"keywords": ["flying", "teleport"]}}, [], "spell.effects.0.grant.keywords.1"),
        ({"counters": {"kind": "+2/+2"}}, [], "spell.effects.0.counters.kind"),
        ({"create_token": {"token": "dragon"}}, [], "spell.effects.0.create_token.token"),
        ({"prevent": {"amount": 2}}, [], "spell.effects.0.prevent.to"),
        ({"pump": {"power": 1, "on": {"all": {"colour": "red"}}}}, [], "spell.effects.0.pump.on.all.colour"),
        ({"pump": {"power": 1, "on": {"all": {"color": "purple"}}}}, [], "spell.effects.0.pump.on.all.color"),
        ({"destroy": {"target": 0}}, [{"type": "creature", "filter": {"tapped": "yes"}}], "spell.targets.0.filter.tapped"),
        ({"create_token": {"token": ["soldier-token"]}}, [], "spell.effects.0.create_token.token"),
        ({"extra_combat": {"times": 2}}, [], "spell.effects.0.extra_combat.times"),
        ({"teleport": {}}, [], "spell.effects.0.teleport"),
    ],
)
def test_the_loader_checks_parameters_against_the_registry(effect, targets, path):
    with pytest.raises(CardDefinitionError) as exc:
        card_from_dict(_card(effect, targets), tokens={"soldier-token"})
    assert exc.value.path == path, exc.value


def test_the_pool_loads_through_the_registry():
    assert CARDS_FILE.is_file()
    cards = load_cards()
    shock = cards["shock"]
    assert shock.spell_effects == (("damage", (("amount", 2), ("to", (("target", 0),)))),)
