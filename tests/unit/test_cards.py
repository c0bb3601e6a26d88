"""The card pool: complete names, the engine's vocabulary only, precise load errors."""

from __future__ import annotations

import pytest

from glossary.yamlio import YamlError
from tutor.cardpool import CARDS_FILE, load_cards, load_cards_from
from tutor.engine.cards import KEYWORDS


def test_pool_size_and_names():
    cards = load_cards()
    real = [c for c in cards.values() if not c.token]
    assert len(real) >= 40
    for c in cards.values():
        assert all(c.name.get(lang) for lang in ("en", "it", "ru")), c.id
        assert c.unofficial <= {"it", "ru"}
    for basic in ("plains", "island", "swamp", "mountain", "forest"):
        assert "basic" in cards[basic].supertypes and cards[basic].abilities[0].kind == "mana"


@pytest.mark.parametrize(
    ("card", "check"),
    [
        ("glory-seeker", lambda c: (c.power, c.toughness, str(c.cost)) == (2, 2, "{1}{W}")),
        ("giant-spider", lambda c: "reach" in c.keywords),
        ("goblin-king", lambda c: c.abilities[0].kind == "static" and c.abilities[0].pump == (1, 1)),
        ("dark-banishing", lambda c: dict(c.spell_effects[0][1]).get("no_regenerate") is True),
        ("venerable-monk", lambda c: c.abilities[0].when == "enters"),
        ("blaze", lambda c: c.cost.x == 1),
        ("bone-splinters", lambda c: c.additional_cost == {"sacrifice": "creature"}),
        ("greed", lambda c: c.abilities[0].cost["life"] == 2),
    ],
)
def test_cards_as_printed(card, check):
    assert check(load_cards()[card])


def _shipped_cards():
    """The pool's cards and those the shipped scenarios define themselves (their ``cards:``)."""
    from tutor.scenario import shipped_cards

    return shipped_cards()


def test_every_keyword_of_the_vocabulary_is_used_somewhere():
    """By a card of the pool, or by a card a shipped scenario defines (a new keyword's first scenario)."""
    cards = _shipped_cards()
    used = set().union(*(c.keywords for c in cards), *(ab.keywords for c in cards for ab in c.abilities))
    # 702.16j protection from everything: the loader and the engine know it (tests/engine); no card of ours has it
    missing = KEYWORDS - used - {"plainswalk", "protection from white", "protection from blue", "protection from green",
                                 "protection from everything"}
    # part 2: ward N and hexproof from a colour are one ability each, whatever the cost or colour: one card shows it
    missing -= {k for k in KEYWORDS if k.startswith(("ward ", "hexproof from "))} - {"ward 2"}
    assert not missing, missing


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (("keywords: [reach]", "keywords: [reach, teleport]"), "keywords.1"),
        (("{damage: {amount: 2, to: {target: 0}}}", "{damage: {amount: 2, to: {target: 0}, colour: red}}"), "spell.effects.0.damage.colour"),
        (("types: [instant]", "types: [instant, wizardry]"), "types"),
        (("{damage: {amount: 2, to: {target: 0}}}", "{damage: {amount: 2, to: everyone}}"), "spell.effects.0.damage.to"),
        (("{draw: {count: 3, who: you}}", "{draw: {count: many, who: you}}"), "spell.effects.0.draw.count"),
    ],
)
def test_unknown_vocabulary_is_a_load_error(tmp_path, change, key):
    text = CARDS_FILE.read_text(encoding="utf-8")
    assert change[0] in text
    bad = tmp_path / "cards.yaml"
    bad.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(YamlError) as exc:
        load_cards_from(bad, "cards.yaml")
    assert exc.value.file == "cards.yaml" and exc.value.key == key and exc.value.line > 1
    line = text.replace(change[0], change[1], 1).splitlines()[exc.value.line - 1]
    assert key.split(".")[0] in line or change[1].split(":")[0] in line or key.split(".")[-1] in line
