"""Every term the course, the quiz, the board and the event log print is found by `lookup` in both languages, and
also in the forms people type (adjectives, verbs and nouns, community words)."""

from __future__ import annotations

import re

import pytest

from tutor.engine.keywords import REGISTRY
from tutor.i18n import LANGS, t
from tutor.i18n.terms import STEP_CONCEPTS, concept_name, keyword_concept


def _concepts(kb, query: str, lang: str, n: int = 3) -> list[str]:
    return [h["concept"]["id"] for h in kb.lookup(query, lang=lang, limit=n)["hits"] if h["concept"]]


def _first_concept(kb, query: str, ui: str) -> str | None:
    """The concept of the best hit, as a learner of `ui` sees the hits (no language filter)."""
    hits = [h for h in kb.lookup(query, limit=5)["hits"] if h["concept"]]
    return hits[0]["concept"]["id"] if hits else None


# The list: the course's own words, in the forms people type.
TYPED = [
    ("болезнь вызова", "summoning-sickness-rule"), ("debolezza da evocazione", "summoning-sickness-rule"),
    ("summoning sickness", "summoning-sickness-rule"),
    ("действия, вызванные состоянием", "state-based-actions"), ("azioni generate dallo stato", "state-based-actions"),
    ("мироходец", "planeswalker"), ("planeswalker", "planeswalker"),
    ("летающий", "flying"), ("полёт", "flying"), ("volare", "flying"), ("volante", "flying"),
    ("сражаться", "fight"), ("драться", "fight"), ("lottare", "fight"), ("lotta", "fight"),
    ("legame vitale", "lifelink"), ("tocco letale", "deathtouch"), ("цепь жизни", "lifelink"),
    ("смертельное касание", "deathtouch"),
    ("стек", "stack"), ("что такое стек", "stack"), ("pila", "stack"), ("пробивной удар", "trample"),
    ("шаг очистки", "cleanup-step"), ("ускорение", "haste"), ("первый удар", "first-strike"), ("фишка", "token"),
    ("хранилище маны", "mana-pool"), ("riserva di mana", "mana-pool"),
]


@pytest.mark.parametrize(("query", "concept"), TYPED)
def test_the_words_learners_type_find_their_concept(kb, query, concept):
    ui = "ru" if re.search("[а-яё]", query) else "it"
    assert _first_concept(kb, query, ui) == concept, kb.lookup(query, limit=3)["hits"][:3]


@pytest.mark.parametrize(("query", "rule"), [("legame vitale", "702.15"), ("tocco letale", "702.2"),
                                             ("цепь жизни", "702.15"), ("смертельное касание", "702.2")])
def test_keywords_lead_to_their_own_rule_not_the_section(kb, query, rule):
    hit = next(h for h in kb.lookup(query, limit=3)["hits"] if h["concept"])
    assert rule in hit["concept"]["rules"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_keyword_of_the_engine_is_found_by_the_name_the_log_prints(kb, lang):
    missing = []
    for k in REGISTRY:
        name = concept_name(keyword_concept(k.name), lang)
        if keyword_concept(k.name) not in _concepts(kb, name, lang):
            missing.append((k.name, name))
    assert not missing


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_is_found_by_the_name_the_turn_tracker_prints(kb, lang):
    missing = [(step, concept_name(cid, lang)) for step, cid in STEP_CONCEPTS.items()
               if cid not in _concepts(kb, concept_name(cid, lang), lang)]
    assert not missing


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_words_are_found(kb, lang):
    for key in ("board.sick",):
        text = t(key, lang)
        assert _concepts(kb, text, lang), text


# The terms of the lessons' titles (lessons/course/*.yaml), as printed.
TITLE_TERMS = {
    "it": ["fasi", "sottofasi", "priorità", "fase iniziale", "STAP", "mantenimento", "acquisizione",
           "fase principale", "terre", "stregonerie", "debolezza da evocazione", "lanciare una magia", "costi",
           "riserva di mana", "abilità di mana", "pila", "bersagli", "risoluzione", "combattimento",
           "inizio combattimento", "dichiarazione delle creature attaccanti", "bloccare", "creature bloccanti",
           "abilità evasive", "danno da combattimento", "attacco improvviso", "travolgere", "tocco letale",
           "legame vitale", "fase finale", "sottofase finale", "sottofase di cancellazione",
           "azioni generate dallo stato", "abilità innescate", "ogniqualvolta", "prevenzione", "rigenerazione",
           "turno"],
    "ru": ["фазы", "шаги", "приоритет", "начальная фаза", "разворот", "поддержка", "взятие карты", "главная фаза",
           "земли", "волшебства", "болезнь вызова", "розыгрыш заклинания", "стоимость", "хранилище маны",
           "мана-способности", "стек", "цели", "разрешении", "бой", "начало боя", "назначение атакующих",
           "блокирование", "блокирующие существа", "способности уклонения", "боевые повреждения", "первый удар",
           "пробивной удар", "смертельное касание", "цепь жизни", "заключительная фаза", "заключительный шаг",
           "шаг очистки", "действия, вызванные состоянием", "срабатывающие способности", "каждый раз, когда",
           "предотвращение", "регенерация", "ход"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_of_the_lesson_titles_is_found_in_the_learners_language(kb, lang):
    from tutor.lessons.model import load_course

    titles = " ".join(lesson.title[lang] for lesson in load_course().lessons).lower()
    assert all(term.lower() in titles for term in TITLE_TERMS[lang])  # the list is the titles' own words
    missing = [term for term in TITLE_TERMS[lang]
               if not [h for h in kb.lookup(term, limit=3)["hits"] if h["kind"] == "term" and h["lang"] == lang]]
    assert not missing
