"""One description of a permanent (tutor/views/board.py) behind the three boards — the terminal lesson player's,
the app's, and the quiz's positions — in one set of catalog keys; players as a type (tutor/engine/view.py)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from tutor.app.widgets.board import board_text
from tutor.cardpool import load_cards
from tutor.engine.view import Player
from tutor.i18n import catalog
from tutor.lessons.text import board_lines
from tutor.quiz.describe import creature_text
from tutor.scenario_table import Table
from tutor.views.board import COMBAT, Tag, TagKind, describe_permanent, permanent_tags

CARDS = load_cards()


def _position():
    """A's Orsi Grizzly (tapped, just arrived, 1 damage, a +1/+1 counter, Forza Sacra on it: 4/5) attacks B; B's Ragno
    Gigante blocks it."""
    setup = {"turn": 3, "active": "A", "step": "declare_blockers", "players": {
        "A": {"battlefield": [{"card": "grizzly-bears", "as": "bears", "tapped": True, "sick": True, "damage": 1,
                               "counters": {"+1/+1": 1}},
                              {"card": "holy-strength", "attached_to": "bears"}]},
        "B": {"battlefield": [{"card": "giant-spider"}]}}}
    view = Table(CARDS, setup).setup().view()
    bears = next(p for p in view.permanents if p.card == "grizzly-bears")
    spider = next(p for p in view.permanents if p.card == "giant-spider")
    perms = tuple(dataclasses.replace(p, attacking=1, blocked=True) if p is bears else
                  dataclasses.replace(p, blocking=bears.object) if p is spider else p for p in view.permanents)
    return dataclasses.replace(view, permanents=perms)


def _by_card(view, lang):
    return {p.card: describe_permanent(p, view, CARDS, lang) for p in view.permanents}


def test_the_tags_are_data_in_the_boards_order():
    view = _position()
    bears, aura, spider = (next(p for p in view.permanents if p.card == c)
                           for c in ("grizzly-bears", "holy-strength", "giant-spider"))
    assert permanent_tags(bears, view) == (
        Tag(TagKind.TAPPED), Tag(TagKind.SICK), Tag(TagKind.DAMAGE, 1), Tag(TagKind.COUNTERS, ("+1/+1", 1)),
        Tag(TagKind.ATTACKING, Player.B), Tag(TagKind.BLOCKED))
    assert permanent_tags(aura, view) == (Tag(TagKind.ATTACHED, "grizzly-bears"),)
    assert permanent_tags(aura) == ()  # without the view, nothing names the permanent it is attached to
    assert permanent_tags(spider, view) == (Tag(TagKind.KEYWORD, "reach"), Tag(TagKind.BLOCKING, "grizzly-bears"))
    assert [tag.key for tag in permanent_tags(spider, view)] == [None, "board.blocking"]


@pytest.mark.parametrize(("lang", "bears", "aura", "spider"), [
    ("it", ["TAPpati", "debolezza da evocazione", "1 danno segnato", "1 segnalino +1/+1", "attaccano il Giocatore B", "bloccati"],
     ["assegnata agli «Orsi Grizzly»"], ["raggiungere", "blocca gli «Orsi Grizzly»"]),
    ("ru", ["повёрнуты", "болезнь вызова", "1 отмеченное повреждение", "1 жетон +1/+1", "атакуют игрока B",
            "заблокированы"], ["прикреплена к «Медведям-гризли»"], ["захват", "блокирует «Медведей-гризли»"]),
])
def test_the_three_boards_say_the_same_words(lang, bears, aura, spider):
    view = _position()
    said = _by_card(view, lang)
    assert said["grizzly-bears"].texts() == bears and said["grizzly-bears"].pt == "4/5"
    assert said["grizzly-bears"].printed_pt == ("(sulla carta 2/2)" if lang == "it" else "(по карте 2/2)")
    assert said["holy-strength"].texts() == aura and said["holy-strength"].pt is None
    assert said["giant-spider"].texts() == spider
    # The terminal board: «name» P/T — tags.
    lines = [x.strip() for x in board_lines(view, CARDS, lang, learner=None)]
    for card, tags in (("grizzly-bears", bears), ("holy-strength", aura), ("giant-spider", spider)):
        s = said[card]
        printed = f" {s.printed_pt}" if s.printed_pt else ""  # (part 2, 613: the terminal says the printed P/T)
        assert f"«{s.name}»" + (f" {s.pt}" if s.pt else "") + printed + " — " + ", ".join(tags) in lines
    # The app's board: [name P/T · tags].
    chips = re.findall(r"\[([^\[\]]*)\]", board_text(view, CARDS, lang, learner=None, width=100_000).plain)
    for card, tags in (("grizzly-bears", bears), ("holy-strength", aura), ("giant-spider", spider)):
        s = said[card]
        assert " · ".join([s.name + (f" {s.pt}" if s.pt else ""), *tags]) in chips
    # The quiz: keywords; then the state out of combat (its layout says who attacks and blocks).
    perm = next(p for p in view.permanents if p.card == "grizzly-bears")
    assert creature_text(perm, CARDS, lang) == f"{said['grizzly-bears'].name} 4/5 ({', '.join(bears[:4])})"
    spider_perm = next(p for p in view.permanents if p.card == "giant-spider")
    assert creature_text(spider_perm, CARDS, lang) == f"{said['giant-spider'].name} 2/4 ({spider[0]})"
    assert said["grizzly-bears"].texts(without=COMBAT) == bears[:4]


def test_haste_leaves_summoning_sickness_unsaid():
    """Summoning sickness is said only where it stops an attack (302.6): not for a creature with haste (702.10b)."""
    setup = {"turn": 3, "active": "A", "step": "precombat_main", "players": {"A": {"battlefield": [
        {"card": "raging-goblin", "sick": True}, {"card": "grizzly-bears", "sick": True}]}}}
    view = Table(CARDS, setup).setup().view()
    goblin, bears = view.permanents
    assert goblin.summoning_sick and "haste" in goblin.keywords
    assert [tag.kind for tag in permanent_tags(goblin, view)] == [TagKind.KEYWORD]
    assert [tag.kind for tag in permanent_tags(bears, view)] == [TagKind.SICK]


def test_a_negative_toughness_has_the_real_minus_sign():
    view = _position()
    perm = dataclasses.replace(next(p for p in view.permanents if p.card == "grizzly-bears"), power=-1, toughness=-2)
    assert describe_permanent(perm, view, CARDS, "it").pt == "\u22121/\u22122"


def test_one_set_of_keys():
    """Every tag has its key in both catalogs; the keys the three renderers had before are gone."""
    for lang in ("it", "ru"):
        keys = set(catalog(lang))
        assert {f"board.{k.value}" for k in TagKind if k is not TagKind.KEYWORD} <= keys
        old = {"lesson.board.tapped", "lesson.board.sick", "lesson.board.damage", "lesson.board.attacking",
               "lesson.board.blocking", "lesson.board.blocked", "app.lessons.tapped", "app.lessons.blocked",
               "app.lessons.attached", "quiz.state.tapped", "quiz.state.sick", "quiz.state.damage", "lesson.player"}
        assert not old & keys


def test_players_are_a_type():
    assert [p.letter for p in Player] == ["A", "B"]
    assert Player(0).other is Player.B and Player.B.other is Player.A
    assert Player.from_letter("B") == 1 and ("x", "y")[Player.B] == "y"
    for bad in ("C", "a", "", "AB"):
        with pytest.raises(ValueError, match="not a player"):
            Player.from_letter(bad)
    with pytest.raises(ValueError):
        Player(2)


@pytest.mark.parametrize(("lang", "gender", "words"), [
    ("it", "", "non può essere bloccato"), ("it", "f", "non può essere bloccata"),
    ("it", "f.pl", "non possono essere bloccate"),
    ("ru", "", "не может быть заблокирован"), ("ru", "f", "не может быть заблокирована"),
    ("ru", "m.pl", "не могут быть заблокированы"),
])
def test_cant_be_blocked_and_the_colours_agree_with_the_name(lang, gender, words):
    """"Can't be blocked" is said of the card (a quality, 113.12), so it agrees with the name as "TAPpato" does;
    the quiz's colours too ("Guerriero Fantasma … (blu, TAPpato)", never "bloccata" beside "TAPpato")."""
    cards = dict(CARDS)
    card = cards["phantom-warrior"]
    cards["phantom-warrior"] = dataclasses.replace(card, gender={**card.gender, lang: gender} if gender else {})
    setup = {"turn": 3, "active": "A", "step": "precombat_main",
             "players": {"A": {"battlefield": [{"card": "phantom-warrior", "tapped": True}]}}}
    view = Table(cards, setup).setup().view()
    warrior = view.permanents[0]
    said = describe_permanent(warrior, view, cards, lang)
    assert words in said.texts(TagKind.KEYWORD)
    tapped = said.texts(TagKind.TAPPED)[0]
    colour = "blu" if lang == "it" else {"": "синий", "f": "синяя", "m.pl": "синие"}[gender]
    assert creature_text(warrior, cards, lang, colors=True) == f"{said.name} 2/2 ({words}; {colour}, {tapped})"


def test_a_quiz_test_creature_that_cant_be_blocked_is_named_in_a_sentence():
    """A test creature's name says its keywords with "con"/"с" + a noun; "can't be blocked" is no noun, so it is
    said as a clause ("Creatura di prova 1/5 che non può essere bloccata", never "con non può essere bloccata")."""
    from tutor.quiz.position import _test_card_dict

    alone = _test_card_dict(1, 5, ("unblockable",), ())["name"]
    assert alone["it"] == "Creatura di prova 1/5 che non può essere bloccata"
    assert alone["ru"] == "Тестовое существо 1/5, которое не может быть заблокировано"
    both = _test_card_dict(2, 2, ("unblockable", "flying"), ())["name"]
    assert both["it"] == "Creatura di prova 2/2 con volare, che non può essere bloccata"
    assert both["ru"] == "Тестовое существо 2/2 с полётом, которое не может быть заблокировано"


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_both_boards_say_the_same_of_a_player(lang):
    """The players' lines of the terminal board and of the app's board: the same words (board.player_line)."""
    from tutor.views.board import player_summary

    view = _position()
    terminal = board_lines(view, CARDS, lang)
    app = board_text(view, CARDS, lang, width=200).plain
    for p in view.players:
        parts = player_summary(p, lang)
        assert len(parts) == 4 and str(p.life) in parts[0]
        assert any(" · ".join(parts) in line for line in terminal)
        assert " · ".join(parts) in app
