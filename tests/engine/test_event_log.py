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


def test_every_variant_of_the_new_events_has_a_sentence():
    """A replacement effect (each but "skip", which skips a step), a rule effect, a choice of each kind (and "you
    may" answered either way) has its own sentence."""
    from tutor.engine.choices import ChoiceKind
    from tutor.engine.effects import EFFECTS
    from tutor.engine.replacement import REPLACEMENTS

    rule_effects = {name for name, effect in EFFECTS.items() if "rule_effect" in effect.events}
    keys = [f"event.replaced.{k}" for k in REPLACEMENTS if k != "skip_step"]
    keys += [f"event.rule_effect.{k}" for k in rule_effects]
    keys += [f"event.choice.{k}" for k in ChoiceKind if k != "may"] + ["event.choice.may.yes", "event.choice.may.no"]
    assert len(keys) >= 16
    for lang in LANGS:
        assert [k for k in keys if k not in catalog(lang)] == [], lang


def _choice(kind: str, picks: list[dict], card: str = "", player: int = 1) -> Event:
    rule = {"order": "603.3b", "targets": "603.3d", "may": "603.5", "replacement": "616.1", "discard": "701.8b",
            "sacrifice": "701.17a"}[kind]
    return Event("choice", (rule,), {"player": player, "kind": kind, "picks": list(range(len(picks))),
                                     "options": picks, "order": picks, "card": card})


def test_choices_say_who_chose_what():
    cards = load_cards()
    discard = _choice("discard", [{"object": 14, "card": "shock"}, {"object": 16, "card": "forest"}], "mind-rot")
    assert render_event(discard, cards, "it") == "Il Giocatore B sceglie di scartare «Shock» e «Foresta». [701.8b]"
    assert render_event(discard, cards, "ru") == "Игрок B решает сбросить «Шок» и «Лес». [701.8b]"
    sacrifice = _choice("sacrifice", [{"object": 3, "card": "llanowar-elves"}], "x")
    assert render_event(sacrifice, cards, "ru") == "Игрок B решает пожертвовать «Ллановарских эльфов». [701.17a]"
    order = _choice("order", [{"object": 1, "card": "mogg-fanatic", "what": "dies"},
                              {"object": 2, "card": "grizzly-bears", "what": "enters"}], player=0)
    assert render_event(order, cards, "it") == (
        "Il Giocatore A mette in pila le sue abilità innescate in quest'ordine: l'abilità della creatura «Mogg "
        "Fanatico», poi l'abilità della creatura «Orsi Grizzly» (l'ultima si risolverà per prima). [603.3b]")
    target = _choice("targets", [{"player": 1}], "mogg-fanatic", player=0)
    assert render_event(target, cards, "ru") == \
        "Игрок A выбирает цель для сработавшей способности существа «Могг-фанатик»: игрок B. [603.3d]"
    no = _choice("may", [{"what": "no"}], "grizzly-bears", player=0)
    assert event_key(no) == "event.choice.may.no" and event_key(_choice("may", [{"what": "yes"}])) == "event.choice.may.yes"
    first = _choice("replacement", [{"object": 7, "card": "holy-day", "what": "prevent"}], "shock")
    assert render_event(first, cards, "it") == ("Il Giocatore B sceglie quale effetto applicare per primo al danno della "
                                                "magia «Shock»: l'effetto di prevenzione della magia «Giorno Sacro». [616.1]")
    protection = _choice("replacement", [{"what": "protection"}], "shock")
    assert render_event(protection, cards, "ru").endswith("к повреждениям от заклинания «Шок»: защита. [616.1]")


def test_effects_name_the_card_they_come_from():
    cards = load_cards()
    skipped = Event("step_skipped", ("614.10", "614.1b"), {"step": "draw", "player": 0, "by": "holy-strength"})
    assert render_event(skipped, cards, "it") == "Il Giocatore A salta la sottofase di acquisizione («Forza Sacra»). [614.10, 614.1b]"
    assert render_event(skipped, cards, "ru") == "Игрок A пропускает шаг взятия карты («Святая сила»). [614.10, 614.1b]"
    no_attack = Event("step_skipped", ("508.8",), {"step": "combat_damage"})
    assert event_key(no_attack) == "event.step_skipped"
    double = Event("replaced", ("614.1a",), {"effect": "double_damage", "source": 1, "card": "shock", "to": -2,
                                             "by": "holy-strength", "before": 2, "after": 4})
    assert render_event(double, cards, "ru") == ("Эффект замены чар «Святая сила»: повреждения, которые «Шок» нанёс бы "
                                                 "игроку B, удваиваются (2 → 4). [614.1a]")
    tapped = Event("replaced", ("614.1d",), {"effect": "enters_tapped", "object": 1, "card": "forest", "by": "forest"})
    assert render_event(tapped, cards, "it") == \
        "La terra «Foresta» entra nel campo di battaglia TAPpata (effetto di sostituzione). [614.1d]"
    won = Event("game_won", ("104.2b",), {"winner": 0, "loser": 1})
    assert render_event(won, cards, "it") == "Il Giocatore A vince la partita grazie a un effetto. [104.2b]"
    no_gain = Event("no_life_gain", ("119.7",), {"player": 1, "amount": 3, "by": "holy-strength"})
    assert render_event(no_gain, cards, "ru") == \
        "Игрок B получил бы 3 жизни, но не может их получать («Святая сила»). [119.7]"
    token = Event("token_created", ("111.1", "701.6"), {"object": 9, "card": "grizzly-bears", "tapped": True,
                                                         "attacking": True})
    assert event_key(token) == "event.token_created_tapped_attacking"
    all_to = Event("prevention_effect", ("615.1",), {"target": -2, "scope": "prevent_all_to", "by": "holy-day"})
    assert render_event(all_to, cards, "it") == \
        "Tutto il danno che verrebbe inflitto al Giocatore B in questo turno sarà prevenuto. [615.1]"
    returned = Event("returned", ("603.7c", "400.7"), {"object": 5, "card": "grizzly-bears", "owner": 0,
                                                        "counters": {"+1/+1": 1}})
    assert render_event(returned, cards, "ru") == \
        "Существо «Медведи-гризли» возвращается на поле битвы под контролем владельца с 1 жетоном +1/+1. [603.7c, 400.7]"


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
