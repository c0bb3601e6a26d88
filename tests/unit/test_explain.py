"""`glossary.explain`: the matcher (inflections, longest match, symbols, the card's name and ~, reminder text, counters,
unknown words listed), its curated data (every concept and rule exists; no plain word is a game term), every card of
the pool fully recognised, and twenty real cards of other sets leaving exactly the words their fixture lists."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from glossary import kb as kbmod
from glossary.explain import ExplainError, explain, lexicon, load_phrases, subtype_names, view

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "explain_cards.yaml"
RULES = Path(__file__).resolve().parents[2] / "glossary" / "curated" / "foundations-rules.txt"


@pytest.fixture(scope="module")
def k():
    return kbmod.load()


def found(k, text, name=None):
    e = explain(k, text, name)
    return [(t.text, t.concept) for t in e.terms if t.kind != "reminder"], [u.text for u in e.unknown]


@pytest.mark.parametrize("text, term, concept", [
    ("Whenever another creature you control dies, draw a card.", "dies", "dies"),
    ("When this creature died", "died", "dies"),
    ("if a creature was sacrificed this way", "sacrificed", "sacrifice"),
    ("each attacking creature", "attacking creature", "attacking-creature"),
    ("untapped creatures", "untapped", "untapped"),
    ("When this creature enters, scry 2.", "enters", "enters-the-battlefield"),
    ("When it leaves the battlefield, draw.", "leaves the battlefield", "leaves-the-battlefield"),
    ("It gains haste until end of turn.", "until end of turn", "cleanup-step"),
    ("put a +1/+1 counter on it", "+1/+1 counter", "counter-marker"),
    ("put a charge counter on it", "charge counter", "counter-marker"),
    ("Counter target spell.", "Counter", "counter-spell"),
    ("It can't be countered.", "countered", "counter-spell"),
    ("with mana value 3 or less", "mana value", "mana-value"),
    ("deals combat damage to a player", "combat damage", "combat-damage"),
    ("Elves you control get +1/+1.", "Elves", "creature-type"),
    ("Landfall — Whenever a land you control enters", "Landfall", "ability-word"),
    ("Destroy target noncreature permanent.", "noncreature", "creature"),
    ("At the beginning of your upkeep, draw.", "At the beginning of", "at-trigger-word"),
])
def test_inflections_and_phrases(k, text, term, concept):
    terms, unknown = found(k, text)
    assert (term, concept) in terms, terms
    assert unknown == []


def test_longest_match_and_order(k):
    terms, _ = found(k, "Whenever this creature deals combat damage to a player, exile it.")
    assert [c for _, c in terms] == ["when-whenever", "creature", "damage", "combat-damage", "player", "exile"]
    e = explain(k, "Flying, first strike")
    assert [(t.text, t.start, t.end) for t in e.terms] == [("Flying", 0, 6), ("first strike", 8, 20)]


def test_symbols_and_power_toughness(k):
    e = explain(k, "{T}, {Q}: Add {W}{U}{B}{R}{G}{C}. {X}{2}{W/U}{G/P}{2/B}{W/U/P}{S}: It gets +X/-1 and is 3/3.")
    kinds = {t.text: t.concept for t in e.terms}
    assert kinds["{T}"] == "tap-symbol" and kinds["{Q}"] == "untap-symbol" and kinds["{C}"] == "colorless-mana"
    assert kinds["{W/U}"] == "hybrid-mana-symbols" and kinds["{G/P}"] == "phyrexian-mana-symbol"
    assert kinds["{2/B}"] == "monocolored-hybrid-mana-symbols" and kinds["{W/U/P}"] == "hybrid-phyrexian-mana-symbols"
    assert kinds["{X}"] == "x" and kinds["{2}"] == "generic-mana" and kinds["{S}"] == "snow-mana-symbol"
    assert kinds["+X/-1"] == "power" and kinds["3/3"] == "power"
    assert e.unknown == []
    _, unknown = found(k, "{ZZ}: draw a card.")
    assert unknown == ["{ZZ}"]


def test_loyalty_and_chapters(k):
    terms, unknown = found(k, "+1: Draw a card.\n\u22122: Scry 2.\nI, II \u2014 Draw a card.\nIII \u2014 Scry 1.")
    assert ("+1", "loyalty-ability") in terms and ("\u22122", "loyalty-ability") in terms
    assert [x for x, c in terms if c == "saga"] == ["I", "II", "III"]
    assert unknown == []


def test_the_cards_own_name_short_name_and_tilde(k):
    e = explain(k, "When Gisa, Glorious Resurrector enters, Gisa's power and ~ and CARDNAME.",
                "Gisa, Glorious Resurrector")
    selves = [(t.text, t.rules) for t in e.terms if t.kind == "self"]
    assert selves == [("Gisa, Glorious Resurrector", ("201.5",)), ("Gisa's", ("201.5", "201.5c")),
                      ("~", ("201.5",)), ("CARDNAME", ("201.5",))]
    assert e.unknown == []
    _, unknown = found(k, "When Gisa enters, draw a card.")  # without the name: listed, not guessed
    assert unknown == ["Gisa"]


def test_reminder_text_and_its_terms(k):
    e = explain(k, "Menace (This creature can't be blocked except by two or more creatures.)")
    reminder = [t for t in e.terms if t.kind == "reminder"]
    assert len(reminder) == 1 and reminder[0].concept == "reminder-text" and reminder[0].text.startswith("(This")
    inside = [t.concept for t in e.terms if t.start > reminder[0].start and t.kind != "reminder"]
    assert "unblockable" in inside and "creature" in inside


def test_unknown_words_are_listed_in_order(k):
    e = explain(k, "Frobnicate target creature, then glorp it.")
    assert [(u.text, u.start) for u in e.unknown] == [("Frobnicate", 0), ("glorp", 33)]


@pytest.mark.parametrize("text, code", [("", "empty"), ("   \n", "empty"), ("x" * 6000, "too_long"),
                                        ("Draw\x1b[2J a card", "controls"), ("a\x00b", "controls")])
def test_bad_text(k, text, code):
    with pytest.raises(ExplainError) as exc:
        explain(k, text)
    assert exc.value.code == code


def test_view_contract(k):
    data = view(k, explain(k, "Flying"), "ru")
    assert set(data) == {"text", "name", "lang", "terms", "unknown"}
    term = data["terms"][0]
    assert set(term) >= {"text", "start", "end", "kind", "concept", "name", "status", "definition", "rules"}
    assert term["name"] == "полёт" and "702.9" in term["rules"] and term["definition"]


def test_curated_data_is_consistent(k):
    numbers = {line.strip() for line in RULES.read_text(encoding="utf-8").splitlines() if line[:1].isdigit()}
    phrases = load_phrases()
    for item in phrases["phrases"]:
        assert item["concept"] in k.data.concepts, item
        assert all(str(r) in numbers for r in item.get("rules") or ()), item
    assert {kind for kind, _ in subtype_names()} >= {"creature", "land", "artifact", "ability-word"}
    lex = lexicon(k)
    clash = sorted(w for w in lex.plain if (w,) in lex.surface and not lex.surface[(w,)].capital)
    assert clash == [], "plain words that are game terms"
    from glossary import explain as ex

    for rules in (ex.SELF_RULES, ex.SHORT_NAME_RULES, ex.PT_MODIFY_RULES, ex.LOYALTY_RULES, ex.CHAPTER_RULES,
                  ex.COUNTER_RULES):
        assert set(rules) <= numbers


def test_every_card_of_the_pool_is_fully_recognised(k):
    from tutor.cardpool import load_cards

    left = {}
    cards = [c for c in load_cards().values() if c.text.get("en")]
    assert len(cards) > 100
    for card in cards:
        e = explain(k, card.text["en"], card.name["en"])
        if e.unknown:
            left[card.name["en"]] = [u.text for u in e.unknown]
    assert left == {}


def test_twenty_real_cards_leave_only_the_listed_words(k):
    cards = yaml.safe_load(FIXTURE.read_text(encoding="utf-8"))
    assert len(cards) == 20
    for card in cards:
        e = explain(k, card["text"], card["name"])
        assert [u.text for u in e.unknown] == card["unknown"], card["name"]
        assert len(e.terms) >= 3, card["name"]
