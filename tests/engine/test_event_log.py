"""The event log and the engine's refusals in Italian and Russian: every event and reason has a text,
names of keywords and steps come from the curated concepts, numbers and plural names agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tutor.cardpool import load_cards
from tutor.engine import Event, EventKind, IllegalAction
from tutor.engine.cards import KEYWORDS
from tutor.engine.errors import Refusal
from tutor.engine.state import Step
from tutor.engine_text import illegal_text, runner_text
from tutor.events_text import event_key, keyword_name, render_event, render_log, step_name
from tutor.i18n import LANGS, catalog
from tutor.i18n.terms import STEP_CONCEPTS, _concepts, keyword_concept
from tutor.scenario import load_scenario, run_scenario

SCENARIOS = sorted((ROOT / "lessons" / "scenarios").glob("*.yaml"))


# ---- every event kind and refusal reason of the engine has a text ------------------------------------------
@pytest.mark.parametrize("kind", list(EventKind), ids=str)
def test_every_event_the_engine_emits_has_a_sentence(kind):
    for lang in LANGS:
        assert f"event.{kind}" in catalog(lang), (lang, kind)


@pytest.mark.parametrize("reason", list(Refusal), ids=str)
def test_every_reason_the_engine_gives_has_a_text(reason):
    for lang in LANGS:
        assert f"reason.{reason}" in catalog(lang), (lang, reason)


def test_refusals_name_their_rule_and_fall_back_to_the_engine_detail():
    exc = IllegalAction("305.2", "second_land", "one land per turn")
    assert illegal_text(exc, "it") == "puoi giocare una sola terra per turno (regola 305.2)"
    assert illegal_text(exc, "ru") == "за ход можно сыграть только одну землю (правило 305.2)"
    assert illegal_text(IllegalAction("999.9", "brand_new", "a new reason"), "ru") == "a new reason (правило 999.9)"
    assert runner_text("where_action", "it", n=2, line=7) == "azione 2 (riga 7)"


# ---- keyword and step names are concepts ------------------------------------------------------------
@pytest.mark.parametrize("keyword", sorted(KEYWORDS))
def test_every_engine_keyword_is_a_concept_with_italian_and_russian_names(keyword):
    concept = _concepts().get(keyword_concept(keyword))
    assert concept is not None, f"glossary/curated/concepts.yaml lacks {keyword_concept(keyword)!r}"
    assert concept.it and concept.ru
    for lang in LANGS:
        name = keyword_name(keyword, lang)
        assert name and name == name.strip() and "(" not in name and not name[:1].isupper()


@pytest.mark.parametrize("step", list(Step), ids=lambda s: s.key)
def test_every_engine_step_is_a_concept_with_italian_and_russian_names(step):
    concept = _concepts().get(STEP_CONCEPTS.get(step.key, ""))
    assert concept is not None, f"no concept for step {step.key!r}"
    assert concept.it and concept.ru
    for lang in LANGS:
        assert step_name(step.key, lang)


def test_names_are_used_in_the_form_a_sentence_needs():
    assert keyword_name("flying", "it") == "volare" and keyword_name("flying", "ru") == "полёт"
    assert keyword_name("protection from white", "it") == "protezione dal bianco"
    assert keyword_name("protection from green", "ru") == "защита от зелёного"
    assert keyword_name("swampwalk", "ru") == "знание болот"
    assert keyword_name("unblockable", "it") == "non può essere bloccata"
    assert step_name("precombat_main", "ru") == "первая главная фаза"
    assert step_name("untap", "it") == "sottofase di STAP"  # an acronym keeps its capitals


# ---- sentences -----------------------------------------------------------------------------------
def _damage(amount: int, card: str = "grizzly-bears", combat: bool = True) -> Event:
    return Event("damage", ("510.2",), {"source": 1, "card": card, "to": -2, "amount": amount, "combat": combat})


@pytest.mark.parametrize(("n", "it", "ru"), [
    (1, "1 punto vita", "1 жизнь"), (2, "2 punti vita", "2 жизни"), (5, "5 punti vita", "5 жизней"),
    (11, "11 punti vita", "11 жизней"), (21, "21 punti vita", "21 жизнь"), (-1, "−1 punto vita", "−1 жизнь"),
])
def test_state_based_loss_of_life(n, it, ru):
    e = Event("sba_life", ("704.5a",), {"player": 0, "life": n})
    assert render_event(e, {}, "it") == f"Il Giocatore A ha {it} (0 o meno): perde la partita. [704.5a]"
    assert render_event(e, {}, "ru") == f"У игрока A {ru} (0 или меньше): он проигрывает. [704.5a]"


@pytest.mark.parametrize(("n", "it", "ru"), [
    (1, "1 danno", "1 боевое повреждение"), (2, "2 danni", "2 боевых повреждения"),
    (5, "5 danni", "5 боевых повреждений"), (11, "11 danni", "11 боевых повреждений"),
    (21, "21 danni", "21 боевое повреждение"), (-1, "−1 danno", "−1 боевое повреждение"),
])
def test_damage_with_a_plural_card_name(n, it, ru):
    cards = load_cards()
    assert render_event(_damage(n), cards, "it") == \
        f"La creatura «Orsi Grizzly» infligge {it} da combattimento al Giocatore B. [510.2]"
    assert render_event(_damage(n), cards, "ru") == f"«Медведи-гризли» наносят игроку B {ru}. [510.2]"


def test_singular_names_and_past_tense_by_gender():
    cards = load_cards()
    assert render_event(_damage(2, "shock", False), cards, "ru") == "«Шок» наносит игроку B 2 повреждения. [510.2]"
    prevented = Event("damage_prevented", ("615.6",), {"source": 1, "card": "pyroclasm", "to": -1, "amount": 2})
    assert render_event(prevented, cards, "ru") == \
        "«Пирокластика» нанесла бы игроку A 2 повреждения, но они предотвращаются. [615.6]"
    assert render_event(prevented, cards, "it") == \
        "La magia «Piroclasma» infliggerebbe 2 danni al Giocatore A, ma vengono prevenuti. [615.6]"


def test_blocks_agree_with_plural_names():
    cards = load_cards()
    e = Event("blockers", ("509.1",), {"player": 1, "blocks": [[2, 1]]})
    names = {1: "savannah-lions", 2: "llanowar-elves"}
    assert render_event(e, cards, "ru", names) == \
        "Игрок B назначает блокирующих: «Ллановарские эльфы» блокируют существо «Львы саванны». [509.1]"
    assert render_event(e, cards, "it", names) == ("Il Giocatore B dichiara le creature bloccanti: la creatura "
                                                   "«Elfi di Llanowar» blocca la creatura «Leoni della Savana». [509.1]")


def test_keywords_granted_in_the_right_case():
    cards = load_cards()
    e = Event("grant", ("611.2",), {"object": 1, "card": "grizzly-bears", "keywords": ["first strike", "menace"]})
    assert render_event(e, cards, "ru") == "Существо «Медведи-гризли» получает первый удар и угрозу до конца хода. [611.2]"
    assert render_event(e, cards, "it") == \
        "La creatura «Orsi Grizzly» acquisisce attacco improvviso e minacciare fino alla fine del turno. [611.2]"


def test_enchantments_are_plural_in_russian():
    cards = load_cards()
    e = Event("attach", ("608.3c",), {"object": 3, "card": "holy-strength", "to": 1, "target_card": "grizzly-bears"})
    assert render_event(e, cards, "ru") == "Чары «Святая сила» прикрепляются к существу «Медведи-гризли». [608.3c]"
    assert render_event(e, cards, "it") == \
        "L'incantesimo «Forza Sacra» viene assegnato alla creatura «Orsi Grizzly». [608.3c]"


def test_the_reviewed_italian_wordings():
    e = Event("trigger_removed", ("603.3d",), {"card": "mogg-fanatic"})
    assert render_event(e, load_cards(), "it").startswith("L'abilità innescata della creatura «Mogg Fanatico»")
    assert render_event(Event("mana_empties", ("500.4",), {"player": 0}), {}, "it") == \
        "La riserva di mana del Giocatore A si svuota. [500.4]"
    assert render_event(Event("sba_empty_library", ("704.5b",), {"player": 1}), {}, "it") == \
        "Il Giocatore B ha tentato di pescare da un grimorio vuoto: perde la partita. [704.5b]"


def test_variants_by_data():
    assert event_key(_damage(1)) == "event.damage_combat" and event_key(_damage(1, combat=False)) == "event.damage"
    assert event_key(Event("sba", ("704.5g",), {})) == "event.sba.704.5g"
    assert event_key(Event("sba", ("704.5z",), {})) == "event.sba"


LEFTOVER = re.compile(r"\{(?![WUBRGCTX?\d])|(?<![WUBRGCTX?\d])\}|[~^|#]| {2}| [,.:;)]")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_scenario_log_reads_as_sentences(path):
    cards = load_cards()
    for lang in LANGS:
        result = run_scenario(load_scenario(path, cards, path.name), lang)
        game = result.game
        lines = render_log(game.events, result.scenario.cards, lang, game.object_cards)  # its own cards too
        for e, line in zip(game.events, lines):
            text = line.split(": ", 1)[1]
            assert not text.startswith(f"{e.kind} ["), f"no sentence for {e.kind}"
            assert not LEFTOVER.search(text.rsplit(" [", 1)[0]), line
        if lang == "ru":
            for line in lines:
                assert "«Медведи-гризли» наносит" not in line and "«Медведи-гризли» блокирует" not in line


def test_log_lines_name_the_turn_and_step():
    e = Event("pass", ("117.3d",), {"player": 0}, turn=3, step="declare_blockers")
    assert render_log([e], {}, "ru") == ["T3 шаг назначения блокирующих: Игрок A пасует. [117.3d]"]


def test_scenario_texts_are_bilingual_files():
    assert all(isinstance(p, Path) for p in SCENARIOS) and len(SCENARIOS) >= 40
