"""Generated text agrees: every catalog template that inserts a card name or a number, rendered with every card of
the pool and the numbers 0, 1, 2, 3, 5, 11, 21, 22, 25 in both languages, and checked from the outside.

- Russian, by pymorphy3: a name in «» stands in the case the words before it govern (a preposition's case; the
  accusative after a transitive verb; the nominative after a colon, an arrow or at the start) and in the case
  its template declares (``{card:accs}``; no case is the nominative); a name that is the subject is followed by a
  verb or short participle of its number (and gender, where the form has one); a number is followed by a noun in
  the form that number asks for (1 жизнь, 2 жизни, 5 жизней).
- Italian, by the tables below: an article before a name in «» has the name's gender and number (gli «Orsi
  Grizzly», la «Foresta»); a verb after a name that is its subject has its number («Orsi Grizzly» bloccano); a
  participle or adjective said of a card has its gender and number (bloccato / bloccata / bloccati / bloccate); a
  number is followed by a word of its number (1 giusta, 2 giuste), the singular and plural words being those
  the catalog itself gives in its number forms.

A name's grammar, for the checks, comes from the card pool (lessons/cards.yaml ``gender``, ``declension``) and
otherwise from pymorphy3 (Russian) or the name's first word (Italian): never from the code under test.

``TEMPLATES`` says, for each template that inserts a card, what each field holds; a test keeps it complete.
"""

from __future__ import annotations

import os
import re
import string
from functools import cache

import pytest

from glossary.lang import morph
from tutor.cardpool import load_cards
from tutor.i18n import Noun, Nouns, catalog, noun, t
from tutor.i18n.grammar import parse_noun_text

NUMBERS = (0, 1, 2, 3, 5, 11, 21, 22, 25)
LANGS = ("it", "ru")

# What a field of a template holds: "name" a card's name alone in «» (it declines in Russian); "name_owner" the
# same with whose it is ("«…» di B" / "«…» игрока B"); "names" one or two names as one field; "card" the card
# named with what it is ("creatura «…»" / "существо «…»": the head noun declines, the name never);
# "spell" the same as a spell; "player"; "number"; "step" a step; "text" anything else (a mana symbol, a reason...).
# "subject": the field the template's own words agree with when the card is not written (board tags).
TEMPLATES: dict[str, dict[str, str]] = {
    "lesson.move.land": {"card": "name"},
    "lesson.move.cast": {"card": "name"},
    "lesson.move.activate": {"card": "name"},
    "lesson.move.mana": {"card": "name", "mana": "text"},
    "lesson.move.legend": {"card": "name"},
    "lesson.move.targets": {"targets": "names_owner"},
    "lesson.move.sacrifice": {"card": "name_owner"},
    "lesson.move.attack": {"cards": "names"},
    "lesson.move.block": {"blocker": "name", "attacker": "name2"},
    "lesson.move.damage": {"card": "name", "parts": "text"},
    "lesson.move.damage_part": {"to": "name_owner", "n": "number"},
    "lesson.move.discard": {"cards": "names"},
    "lesson.group.choose.targets": {"card": "name", "rule": "text"},
    "lesson.group.choose.mode": {"card": "name", "rule": "text"},
    "lesson.group.choose.may": {"card": "name", "rule": "text"},
    "lesson.group.choose.replacement": {"n": "number", "to": "name_owner", "rule": "text"},
    "lesson.group.choose.discard": {"card": "name", "n": "number", "rule": "text"},
    "lesson.group.choose.sacrifice": {"card": "name", "n": "number", "rule": "text"},
    "lesson.move.choose.targets": {"targets": "names_owner"},
    "lesson.move.choose.replacement": {"card": "name", "what": "text"},
    "lesson.move.choose.sacrifice": {"cards": "names"},
    "lesson.choose.does.ability": {"card": "name"},
    "board.tapped": {"card": "card", "subject": "card"},
    "board.attacking": {"card": "card", "player": "player", "subject": "card"},
    "board.blocking": {"card": "card2", "name": "name", "subject": "card"},
    "board.unblockable": {"card": "card", "subject": "card"},
    "board.blocked": {"card": "card", "subject": "card"},
    "board.attached": {"card": "card2", "name": "name", "subject": "card"},
    "quiz.color.white": {"card": "card", "subject": "card"},
    "quiz.color.blue": {"card": "card", "subject": "card"},
    "quiz.color.black": {"card": "card", "subject": "card"},
    "quiz.color.red": {"card": "card", "subject": "card"},
    "quiz.color.green": {"card": "card", "subject": "card"},
    "quiz.state.colorless": {"card": "card", "subject": "card"},
    "quiz.block.ask": {"attacker": "name"},
    "quiz.combat.assign_trample": {"attacker": "name"},
    "quiz.combat.share": {"name": "name", "n": "number"},
    "quiz.combat.assign_split": {"attacker": "name", "shares": "text"},
    "quiz.stack.situation_dies": {"attacker": "name", "egg": "name2"},
    "quiz.scenario.ask_zone": {"card": "name"},
    "quiz.block.ask_menace": {"attacker": "name"},
    "quiz.block.ask_attackers": {"blocker": "name"},
    # part 2: loyalty questions (qC): the burn spell and the planeswalker, declined by the template
    "quiz.loyalty.respond": {"spell": "name", "walker": "name", "x": "text"},
    # part 2 (qB): layers, control, copies
    "quiz.layers.spell_line": {"n": "number", "player": "text", "name": "name", "target": "text", "text": "text"},
    "quiz.layers.creature": {"name": "name", "player": "text", "state": "text"},
    "quiz.layers.ask_power": {"name": "name"},
    "quiz.layers.ask_toughness": {"name": "name"},
    "quiz.layers.ask_abilities": {"name": "name"},
    "quiz.control.creature": {"name": "name", "owner": "text"},
    "quiz.control.stolen": {"aura": "name", "name": "name"},
    "quiz.control.ask_now": {"name": "name"},
    "quiz.control.ask_next_turn": {"name": "name"},
    "quiz.control.no_effect": {"name": "name"},
    "quiz.control.answer": {"name": "name", "player": "text"},
    "quiz.loyalty.after": {"spell": "name", "walker": "name", "x": "text"},
    "quiz.block.legal": {"names": "text", "attacker": "name"},
    "quiz.block.illegal": {"names": "text", "attacker": "name", "reason": "text"},
    "quiz.which_rule.block": {"names": "text", "attacker": "name"},
    "quiz.which_rule.cast": {"player": "text", "card": "name"},
    "quiz.stack.situation_enters": {"name": "name", "n": "number"},
    "quiz.stack.situation_mana": {"spell": "name", "caster": "text", "elves": "name2"},
    "quiz.stack.situation_mana_own": {"spell": "name", "elves": "name2"},
    "event.sba_counters": {"card": "card", "removed": "number"},
    "event.sba": {"card": "card"},
    "event.sba.704.5f": {"card": "card"},
    "event.sba.704.5g": {"card": "card"},
    "event.sba.704.5h": {"card": "card"},
    "event.sba.704.5m": {"card": "card"},
    "event.legend_rule": {"card": "card"},
    "event.trigger": {"card": "card"},
    "event.trigger_removed": {"card": "card"},
    "event.trigger_on_stack": {"card": "card", "targets": "text"},
    "event.land_played": {"player": "player", "card": "card"},
    "event.cast": {"player": "player", "spell": "spell", "targets": "text"},
    "event.activate": {"player": "player", "card": "card", "targets": "text"},
    "event.mana": {"player": "player", "card": "card", "color": "text"},
    "event.mana_ability": {"player": "player", "card": "card", "color": "text"},
    "event.sacrifice": {"player": "player", "card": "card"},
    "event.doesnt_resolve": {"resolving": "spell"},
    "event.resolve": {"resolving": "spell"},
    "event.attach": {"card": "card", "to": "card2"},
    "event.enters": {"card": "card"},
    "event.exile": {"card": "card"},
    "event.bounce": {"card": "card"},
    "event.countered": {"spell": "spell"},
    "event.tapped": {"card": "card"},
    "event.untapped": {"card": "card"},
    "event.discard": {"player": "player", "card": "card"},
    "event.token_created": {"card": "card"},
    "event.token_ceases": {"card": "card"},
    "event.counters": {"card": "card", "count": "number", "kind": "text"},
    "event.pump": {"card": "card", "pt": "text"},
    "event.regeneration_shield": {"card": "card"},
    "event.regenerated": {"card": "card"},
    "event.regenerated_combat": {"card": "card"},
    "event.damage_prevented": {"card": "card", "to": "card2", "amount": "number"},
    "event.damage": {"card": "card", "to": "card2", "amount": "number"},
    "event.damage_combat": {"card": "card", "to": "card2", "amount": "number"},
    "event.indestructible": {"card": "card"},
    "event.destroyed": {"card": "card"},
    "event.dies": {"card": "card"},
    "event.block": {"blocker": "card", "attacker": "card2"},
    "event.prevention_next": {"amount": "number", "to": "card"},
    "event.grant": {"card": "card", "keywords": "keywords"},
    "event.step_skipped_by": {"player": "player", "step": "step", "by": "card"},
    "event.game_won_by": {"winner": "player", "by": "card"},
    "event.token_created_tapped": {"card": "card"},
    "event.token_created_attacking": {"card": "card"},
    "event.token_created_tapped_attacking": {"card": "card"},
    "event.prevention_all_to": {"to": "card"},
    "event.prevention_all_from": {"to": "card"},
    "event.choice.ability": {"card": "card"},
    "event.choice.targets": {"player": "player", "card": "card", "picks": "card2"},
    "event.choice.mode": {"player": "player", "card": "card", "mode": "text"},
    "event.choice.may.yes": {"player": "player", "card": "card"},
    "event.choice.may.no": {"player": "player", "card": "card"},
    "event.choice.replacement": {"player": "player", "card": "card", "effect": "text"},
    "event.choice.discard": {"player": "player", "picks": "names"},
    "event.choice.sacrifice": {"player": "player", "picks": "names"},
    "event.effect.prevent": {"card": "card"},
    "event.effect.shield": {"card": "card"},
    "event.effect.double_damage": {"card": "card"},
    "event.effect.other": {"card": "card"},
    "event.declined": {"card": "card"},
    "event.condition_false": {"card": "card"},
    "event.delayed_trigger": {"card": "card", "step": "step"},
    "event.replaced": {"by": "card"},
    "event.replaced.double_damage": {"by": "card2", "card": "card", "to": "card2", "before": "number", "after": "number"},
    "event.replaced.exile_instead": {"by": "card2", "card": "card"},
    "event.replaced.enters_tapped": {"card": "card", "by": "card2"},
    "event.replaced.enters_tapped.self": {"card": "card"},
    "event.replaced.enters_with_counters": {"card": "card", "by": "card2", "count": "number", "kind": "text"},
    "event.replaced.enters_with_counters.self": {"card": "card", "count": "number", "kind": "text"},
    "event.replaced.double_life": {"by": "card", "player": "player", "before": "number", "after": "number"},
    "event.replaced.win_on_empty_draw": {"by": "card", "player": "player"},
    "event.damage_unpreventable": {"card": "card", "to": "card2", "by": "card2"},
    "event.damage_unpreventable_anon": {"card": "card", "to": "card2"},
    "event.no_life_gain": {"player": "player", "amount": "number", "by": "card"},
    "event.rule_effect": {"by": "card"},
    "event.rule_effect.cant_prevent": {"by": "card"},
    "event.rule_effect.cant_gain_life": {"by": "card", "player": "player"},
    "event.rule_effect.exile_if_dies": {"by": "card2", "card": "card"},
    "event.returned": {"card": "card"},
    "event.returned_counters": {"card": "card", "counters": "text"},
    # part 2: presenting continuous effects (layers)
    "event.becomes": {"card": "card", "changes": "text", "until": "text"},
    "event.gain_control": {"player": "player", "card": "card", "until": "text"},
    "event.copy_created": {"controller": "player", "card": "card", "original": "card2"},
    "layer.op.copy": {"name": "name"},
    "board.copy_of": {"name": "name"},
    "layer.does.lose_abilities": {"card": "card"},
    "layer.does.lose_keywords": {"card": "card", "keywords": "keywords"},
    "layer.does.become": {"card": "card", "what": "keywords"},
    "layer.does.color": {"card": "card", "colors": "keywords"},
    "layer.does.colorless": {"card": "card"},
    "layer.does.base_pt": {"card": "card", "pt": "text"},
    "layer.does.add_types": {"card": "card", "types": "text"},
    "layer.does.add_subtypes": {"card": "card", "what": "keywords"},
    "layer.does.keywords": {"card": "card", "keywords": "keywords"},
    "layer.does.pump": {"card": "card", "pt": "text"},
    "layer.does.pump_each": {"card": "card", "pt": "text"},
    "layer.does.switch_pt": {"card": "card"},
    # part 2: planeswalkers and counters
    "event.enters_with_loyalty": {"card": "card", "count": "number"},
    "event.loyalty_cost": {"card": "card", "before": "number", "after": "number"},
    "event.counters_removed": {"card": "card", "count": "number", "kind": "text"},
    "event.sba_loyalty": {"card": "card"},
    "event.damage_loyalty": {"card": "card", "to": "card2", "amount": "number", "loyalty": "number"},
    "event.attacks_planeswalker": {"attacker": "card", "planeswalker": "card2"},
    "board.attacking_planeswalker": {"card": "card2", "name": "name", "subject": "card"},
    "lesson.move.attack_planeswalker": {"attacker": "name", "planeswalker": "name2"},
    # part 2: spells with modes and costs
    "event.modes_chosen": {"player": "player", "spell": "spell", "modes": "text", "modes_count": "number"},
    "event.kicked": {"player": "player", "spell": "spell", "cost": "text"},
    "event.alternative_cost": {"player": "player", "spell": "spell"},
    "event.cost_changed": {"by": "card2", "spell": "spell", "amount": "number"},
    "event.cost_changed_less": {"by": "card2", "spell": "spell", "amount": "number"},
    # part 2: the start of the game (mulligans)
    "lesson.move.choose.bottom": {"cards": "names"},
    # part 2: counterspells, ward, copies of spells
    "event.ability_countered": {"card": "card"},
    "event.cant_be_countered": {"spell": "spell", "by": "card2"},
    "event.unless_paid": {"player": "player", "cost": "text", "resolving": "spell"},
    "event.spell_copied": {"player": "player", "spell": "spell", "targets": "text"},
    "event.copy_ceases": {"spell": "spell"},
    "event.choice.pay": {"player": "player", "card": "card"},
    "event.choice.pay.yes": {"player": "player", "card": "card"},
    "event.choice.pay.no": {"player": "player", "card": "card"},
    "event.choice.copy_targets": {"player": "player", "card": "card", "picks": "card2"},
    "lesson.group.choose.pay": {"card": "name", "rule": "text"},
    "lesson.group.choose.copy_targets": {"card": "name", "rule": "text"},
    # part 2: equipment
    "event.attached": {"card": "card", "to": "card2"},
    "event.attach_unchanged": {"card": "card", "to": "card2"},
    "event.attach_unchanged.already": {"card": "card", "to": "card2"},
    "event.unattached": {"card": "card", "to": "card2"},
}
# Fields that hold a card but take a plain text (a list already joined, a name that only labels a line).
_CARD_FIELDS = {"card", "name", "attacker", "blocker", "cards", "names", "spell", "resolving", "elves", "egg", "to",
                "targets", "blockers"}
_NOT_A_CARD = {
    # the name is a label or stands in a list, in the nominative: the templates give it as it is
    "lesson.whose", "lesson.board.hand", "quiz.option_creature", "quiz.combat.block_line", "quiz.combat.unblocked",
    "quiz.combat.answer_dead",
    "quiz.block.option_alone", "quiz.block.option_together", "quiz.term.also", "quiz.cast.card_text",
    "quiz.cast.stack", "quiz.cast.yes_instant", "quiz.cast.yes_flash", "quiz.cast.yes_main", "quiz.cast.no",
    "quiz.stack.ability_of", "quiz.stack.trigger_of", "quiz.stack.mana_of",
    "quiz.which_rule.attack", "quiz.scenario.block_option", "quiz.scenario.ask_trample",
    "quiz.scenario.ask_pt", "quiz.scenario.ask_tapped", "quiz.scenario.ask_can_attack", "event.targets",
    "event.attackers", "event.blockers", "event.game_won", "quiz.block.b_lands", "quiz.cast.creatures",
    "quiz.cast.others", "quiz.cast.lands",
    # part 2 (qC): a card line or an option label ("Creatura di prova 2/2 (B)"), in the nominative
    "quiz.target.source_spell", "quiz.target.source_ability", "quiz.target.no", "quiz.target.yes",
    "quiz.target.yes_other", "quiz.target.yes_ward", "quiz.target.yes_own_ward", "quiz.target.yes_own_hexproof",
    "quiz.target.yes_own_hexproof_from", "quiz.app.filters.level",
    "quiz.loyalty.walker", "quiz.loyalty.b_hand", "quiz.loyalty.activates_targets", "quiz.loyalty.blocked_by",
    # part 2 (qB): an option label or a spell named inside its own «», in the nominative
    "quiz.copy.copy_of", "quiz.copy.token_option",
    # part 2 (qA): in Russian the name stands after its head noun ("заклинание «…»", "карты «…»", "существо «…»"),
    # in the nominative
    "quiz.trig.cast", "quiz.trig.cast_target", "quiz.trig.cast_x", "quiz.trig.activate_target",
    "quiz.trig.cast_resolves", "quiz.trig.apnap.block", "quiz.trig.if.response", "quiz.trig.if.ask",
    "quiz.trig.leaves.ask_count", "quiz.repl.resolves", "quiz.repl.order.ask_who", "quiz.repl.order.stated",
    "quiz.repl.ask_damage_creature",
    # explain: the name the learner typed (or the pool card's), inside its own «», in the nominative
    "explain.card_unknown", "explain.card_no_text",
    # sba: an option label ("Orsi Grizzly (B)") or a spell line with its cost and text, standing alone, in the
    # nominative
    "quiz.sba.perm_line", "quiz.sba.aura_line", "quiz.sba.casts", "quiz.sba.casts_target",
    "quiz.sba.note_indestructible", "quiz.sba.note_indestructible_gone",
    # not a card at all: a concept, an option, a glossary entry, a lesson problem
    "no_entry_in_lang", "finding_duplicate_definition", "finding_count_mismatch", "check_concepts",
    "lesson.problem.option_true", "lesson.problem.option_false", "lesson.problem.order_missing",
    "lesson.problem.not_found", "lesson.problem.not_learner", "quiz.lives", "word.list_and", "quiz.stats.total",
    "quiz.stats.chart", "quiz.stats.week", "lesson.reason.choice", "lesson.reason.missed", "lesson.reason.not_right",
    "lesson.reason.order", "quiz.feedback.missed", "quiz.feedback.extra", "quiz.app.order.already",
    "quiz.app.order.taken_back", "quiz.feedback.is_instead", "search.did_you_mean", "search.concept_rule",
    "quiz.term.explain_bridge", "modern.english", "modern.old_headword", "check.modern_shared",
    # part 2: presenting continuous effects (layers): a card's name as a label of the explanation's head line
    "layer.head.copy_of",
}
_NUMBER_FIELDS = {"n", "amount", "cap", "correct", "count", "due", "life", "new", "removed", "reviews", "streak",
                  "total", "answered", "turn", "library", "hand", "graveyard"}


# ---- the cards and their grammar (from the data, else pymorphy3 / the first word) ------------------------------

@cache
def _cards() -> dict:
    return load_cards()


def _ids() -> list[str]:
    return sorted(_cards())


def _other(cid: str) -> str:
    """A second card, of another number than the first where possible (a plural name against a singular)."""
    return "river-boa" if _ru_features(cid)[1] else "grizzly-bears"


def _m():
    return morph()


_PROPER = {"Surn", "Name", "Patr", "Abbr", "Geox", "Orgn", "Init"}


def _noun(word: str):
    """pymorphy3's reading of `word` as a common noun in the nominative (None if it has none)."""
    return next((p for p in _m().parse(word.lower())
                 if p.tag.POS == "NOUN" and p.tag.case == "nomn" and not _PROPER & set(p.tag.grammemes)), None)


def _ru_head(words: list[str]) -> int:
    """The index of the first noun of a Russian name's words (the word that governs the others)."""
    for i, w in enumerate(words):
        if _noun(w) and _m().parse(w.lower())[0].tag.POS not in ("ADJF", "PRTF"):  # (самитский: an adjective)
            return i
    return len(words) - 1


@cache
def _ru_features(cid: str) -> tuple[str, bool, bool]:
    """(gender, plural, animate) of a card's Russian name: the data's, else pymorphy3's for its first noun."""
    card = _cards()[cid]
    spec = card.gender.get("ru", "")
    name = card.name["ru"].split(", ")[0]
    words = name.split()
    if _m().parse(words[0].lower())[0].tag.POS == "INFN":
        return "n", False, False
    head = words[_ru_head(words)].lower()
    p = _noun(head) or _m().parse(head)[0]
    gender = {"masc": "m", "femn": "f", "neut": "n"}.get(p.tag.gender or "", "m")
    if "ms-f" in p.tag or not p.tag.gender:  # обжора, убийца: the adjective tells
        adj = next((q for w in words for q in _m().parse(w.lower()) if q.tag.POS == "ADJF"), None)
        gender = {"masc": "m", "femn": "f", "neut": "n"}.get(adj.tag.gender if adj else "", "m")
    plural, animate = p.tag.number == "plur", p.tag.animacy == "anim"
    if spec:
        parts = spec.split(".")
        gender, plural = parts[0], "pl" in parts
        animate = "anim" in parts or (animate and "inan" not in parts)
    return gender, plural, animate


def _it_features(cid: str) -> tuple[str, bool]:
    """(gender, plural) of a card's Italian name: the data's (lessons/cards.yaml), else masculine singular."""
    spec = _cards()[cid].gender.get("it", "")
    return (spec[0], spec.endswith(".pl")) if spec else ("m", False)


# ---- rendering ------------------------------------------------------------------------------------------------

def _value(kind: str, cid: str, lang: str, n: int):
    from tutor.events_text import card_noun, name_noun, player_noun

    cards = _cards()
    other = _other(cid)
    if kind == "name":
        return name_noun(cards[cid], lang)
    if kind == "name2":
        return name_noun(cards[other], lang)
    if kind == "name_owner":
        return name_noun(cards[cid], lang, owner="B")
    if kind in ("names", "names_owner"):
        owner = "B" if kind == "names_owner" else None
        return Nouns((name_noun(cards[cid], lang, owner=owner), name_noun(cards[other], lang, owner=owner)),
                     t("word.and", lang))
    if kind == "card":
        return card_noun(cards[cid], lang)
    if kind == "card2":
        return card_noun(cards[other], lang)
    if kind == "spell":
        return card_noun(cards[cid], lang, "spell")
    if kind == "player":
        return player_noun(1, lang)
    if kind == "number":
        return n
    if kind == "step":
        from tutor.i18n.terms import step_noun

        return step_noun("end", lang)
    if kind == "keywords":
        from tutor.i18n.terms import keyword_noun

        return Nouns((keyword_noun("flying", lang), keyword_noun("first strike", lang)), t("word.and", lang))
    return "X"


def _render(key: str, lang: str, cid: str, n: int = 2) -> str:
    kinds = TEMPLATES[key]
    return t(key, lang, **{f: _value(k, cid, lang, n) for f, k in kinds.items() if f != "subject"})


def _fields(template: str) -> list[tuple[str, str, str]]:
    """(text before, field name, spec) of each field of a template, in order."""
    return [(lit, name, spec or "") for lit, name, spec, _ in string.Formatter().parse(template) if name is not None]


# ---- Russian: cases, government and agreement, by pymorphy3 ----------------------------------------------------

_PREP_CASES = {
    **dict.fromkeys(("от", "из", "у", "для", "до", "без", "после", "вместо", "кроме", "против", "среди", "около"),
                    {"gent"}),
    **dict.fromkeys(("к", "ко", "по"), {"datv"}), **dict.fromkeys(("о", "об", "обо", "при"), {"loct"}),
    **dict.fromkeys(("в", "во", "на"), {"accs", "loct"}), **dict.fromkeys(("с", "со"), {"ablt", "gent"}),
    **dict.fromkeys(("за", "под", "над", "перед"), {"ablt", "accs"}), **dict.fromkeys(("через", "про"), {"accs"}),
}
_DITRANSITIVE = {"наносить", "нанести", "давать", "дать", "назначать", "назначить", "добавлять", "добавить"}  # кому что
_RU_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")
_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")


def _governed(before: str, last_case: str | None) -> set[str] | None:
    """The cases the text before a name allows it (None: anything, e.g. after a noun it may be a genitive)."""
    stripped = before.rstrip()
    if not stripped or stripped[-1] in ":→—(·":
        return {"nomn"}
    words = _WORD.findall(stripped)
    if stripped[-1] == "," or (words and words[-1].lower() == "и" and before.endswith(" ")):
        return {last_case} if last_case else None
    if not words or not stripped.endswith(words[-1]):
        return {"nomn"}
    word = words[-1].lower()
    if word in _PREP_CASES:
        return _PREP_CASES[word]
    parses = _m().parse(word)
    if all(p.tag.POS in ("VERB", "INFN", "GRND") and "tran" in p.tag for p in parses[:1]):
        return {"accs", "datv"} if parses[0].normal_form in _DITRANSITIVE else {"accs"}
    if parses[0].tag.POS == "NOUN":
        return {"nomn", "gent"}  # an apposition (существо «…») or a possessor (способность «…»)
    return None


def _ru_form_cases(form: str, cid: str) -> set[str]:
    """The cases a rendered Russian name (without «») can stand in, judged by pymorphy3 from its declining
    words (those up to its first noun, in each part of an apposition), or by the card's declension table."""
    card = _cards()[cid]
    name = card.name["ru"]
    table = card.declension.get("ru", {})
    if table:
        return {c for c in _RU_CASES if (table.get(c) if c != "nomn" else name) == form}
    gender, plural, animate = _ru_features(cid)
    cases = set(_RU_CASES)
    for part, nom_part in zip(form.split(", "), name.split(", ")):
        words, nom_words = part.split(), nom_part.split()
        if len(words) != len(nom_words):
            return set()
        head_noun = _noun(nom_words[_ru_head(nom_words)])
        if _m().parse(nom_words[0].lower())[0].tag.POS == "INFN" or (head_noun and "Fixd" in head_noun.tag):
            return cases if part == nom_part else set()  # a verb or an indeclinable noun: the same in every case
        head = _ru_head(nom_words)
        if words[head + 1:] != nom_words[head + 1:]:  # what follows the noun never declines
            return set()
        for i, w in enumerate(words[:head + 1]):
            number = "plur" if plural else "sing"
            found = set()
            for p in _m().parse(w.lower()):
                if p.tag.case and number in p.tag or (p.tag.number is None and p.tag.case):
                    found.add(p.tag.case)
                    if p.tag.case in ("gent", "gen2") and animate and (plural or (gender == "m"
                                                                                   and not nom_words[head].endswith(("а", "я")))):
                        found.add("accs")  # the accusative of an animate is its genitive
                    if p.tag.case == "nomn" and not animate and (plural or gender in ("m", "n")) and i <= head:
                        found.add("accs")
            found = {{"gen2": "gent", "loc2": "loct", "acc2": "accs"}.get(c, c) for c in found}
            if i == head and animate and (plural or (gender == "m" and not w.endswith(("а", "я")))):
                found.discard("accs") if w.lower() == nom_words[head].lower() else None
            cases &= found
    return cases


def _ru_agrees(word: str, gender: str, plural: bool) -> bool | None:
    """Whether a predicate word agrees with a subject (None: the word is no predicate)."""
    parses = [p for p in _m().parse(word.lower()) if p.tag.POS in ("VERB", "PRTS", "ADJS")
              or (p.tag.POS in ("ADJF", "PRTF") and p.tag.case == "nomn")]
    if not parses or _m().parse(word.lower())[0].tag.POS not in ("VERB", "PRTS", "ADJS", "ADJF", "PRTF"):
        return None
    g = {"m": "masc", "f": "femn", "n": "neut"}[gender]
    for p in parses:
        if p.tag.POS == "VERB" and p.tag.person not in (None, "3per"):
            continue
        if plural and "plur" in p.tag:
            return True
        if not plural and "sing" in p.tag and (p.tag.gender in (None, g) or "ms-f" in p.tag):
            return True
    return False


def _ru_problems(key: str, cid: str, text: str) -> list[str]:
    kinds = TEMPLATES[key]
    template = catalog("ru")[key]
    problems = []
    cards = {"name": cid, "name_owner": cid, "names": cid, "names_owner": cid, "name2": _other(cid)}
    last_case = None
    pos = 0
    for _, field, spec in _fields(template):
        kind = kinds.get(field, "text")
        if kind not in cards or spec.lstrip("^~") not in ("", *_RU_CASES):  # (a word agreed with it: not the name)
            continue
        target = cards[kind]
        name = _cards()[target].name["ru"]
        forms = [name, *_cards()[target].declension.get("ru", {}).values()]  # (боец, бойца: a stem that changes)
        stem = re.escape(os.path.commonprefix([f.split()[0] for f in forms])[:3])
        m = re.compile(r"«(" + stem + r"[^»]*)»", re.IGNORECASE).search(text, pos)
        if m is None:
            problems.append(f"{{{field}}}: the name «{name}» is not in the text")
            continue
        form = m.group(1)
        declared = next((c for c in _RU_CASES if c == spec.lstrip("^~")), "nomn")
        cases = _ru_form_cases(form, target)
        governed = _governed(text[:m.start()].rstrip("«"), last_case)  # («{name}» in a template: the same)
        if declared not in cases:
            problems.append(f"{{{field}:{spec}}}: «{form}» is not in the {declared} (it can be: {sorted(cases)})")
        if governed is not None and not governed & cases:
            problems.append(f"{{{field}:{spec}}}: «{form}» ({sorted(cases)}) after {text[:m.start()].split()[-1:]} "
                            f"that asks for {sorted(governed)}")
        last_case = declared
        pos = m.end()
        if declared == "nomn" and (governed is None or "nomn" in governed):  # the subject: the verb agrees with it
            after = _WORD.match(text[m.end():].lstrip(" "))
            if after and not text[m.end():].startswith(("»", ",")) and text[m.end():].startswith(" "):
                gender, plural, _ = _ru_features(target)
                if _ru_agrees(after.group(0), gender, plural) is False:
                    problems.append(f"«{form}» {after.group(0)}: the verb does not agree with the name "
                                    f"({gender}{'.pl' if plural else ''})")
    problems += _ru_head_problems(key, cid, text)
    if "subject" in kinds:  # the card is not written: every predicate agrees with it
        gender, plural, _ = _ru_features(cid if kinds[kinds["subject"]] == "card" else _other(cid))
        outside = re.sub(r"«[^»]*»", "", text)
        for word in _WORD.findall(outside):
            if _ru_agrees(word, gender, plural) is False:
                problems.append(f"{word}: does not agree with the card ({gender}{'.pl' if plural else ''})")
    return problems


def _ru_head_problems(key: str, cid: str, text: str) -> list[str]:
    """A card named with what it is (существо «…»): the name stays in the nominative, the head noun stands in
    the case the template declares and the words before it govern."""
    kinds = TEMPLATES[key]
    problems = []
    pos = 0
    for _, field, spec in _fields(catalog("ru")[key]):
        kind = kinds.get(field, "text")
        bare = spec.lstrip("^~")
        if kind not in ("card", "card2", "spell") or "~" in spec or bare not in ("", *_RU_CASES):
            continue
        target = cid if kind != "card2" else _other(cid)
        name = _cards()[target].name["ru"]
        i = text.find(f"«{name}»", pos)
        if i < 0:
            problems.append(f"{{{field}:{spec}}}: «{name}» is not in the text in the nominative")
            continue
        pos = i + len(name) + 2
        if re.search(r"planeswalker(?:-[а-я]+)?\s*$", text[:i]):
            continue  # a type printed in Latin, its ending hyphenated (tutor.i18n.russian._LATIN_NOUNS)
        words = _WORD.findall(text[:i])
        if not words or not text[:i].rstrip().endswith(words[-1]):
            continue
        head = words[-1]
        declared = bare or "nomn"
        if len(catalog("ru")[f"noun.{'spell' if kind == 'spell' else _kind(target)}"].split("«")[0].split()) != 1:
            continue  # a head of several words (способность карты): its first word declines
        if not any(p.tag.case == declared for p in _m().parse(head.lower()) if p.tag.POS == "NOUN"):
            problems.append(f"{{{field}:{spec}}}: {head} is not in the {declared}")
        before = text[:i].rstrip()[:-len(head)]
        governed = _governed(before, None)
        if governed is not None and declared not in governed:
            problems.append(f"{{{field}:{spec}}}: {head} in the {declared} after {before.split()[-1:]}, which asks for "
                            f"{sorted(governed)}")
    return problems


def _kind(cid: str) -> str:
    card = _cards()[cid]
    if card.token:
        return "token"
    return next((k for k in ("creature", "land", "artifact", "enchantment", "planeswalker") if k in card.types), "spell")


# ---- Italian: articles, verbs, participles ---------------------------------------------------------------------

_IT_ARTICLES = {}
for _art, _gn in (("il", "m"), ("lo", "m"), ("la", "f"), ("i", "m.pl"), ("gli", "m.pl"), ("le", "f.pl")):
    _IT_ARTICLES[_art] = _gn
    for _p in ("a", "da", "de", "ne", "su"):
        _base = {"il": "l", "lo": "llo", "la": "lla", "i": "i", "gli": "gli", "le": "lle"}[_art]
        _IT_ARTICLES[_p + _base] = _gn
_IT_ELIDED = {"l'", "all'", "dall'", "dell'", "nell'", "sull'"}  # m or f singular
_IT_PREPOSITIONS = {"di", "a", "da", "in", "con", "su", "per", "tra", "fra"}
# Third-person verbs of the templates, singular → plural.
_IT_VERBS = {"attacca": "attaccano", "blocca": "bloccano", "può": "possono", "è": "sono", "ha": "hanno",
             "viene": "vengono", "va": "vanno", "entra": "entrano", "resta": "restano", "muore": "muoiono",
             "infligge": "infliggono", "infliggerebbe": "infliggerebbero", "ritorna": "ritornano",
             "riceve": "ricevono", "prende": "prendono", "acquisisce": "acquisiscono", "ottiene": "ottengono",
             "cessa": "cessano", "gioca": "giocano", "lancia": "lanciano", "trova": "trovano"}
_IT_PLURAL_VERBS = {v: k for k, v in _IT_VERBS.items()}
_IT_ADJ = re.compile(r"^(?:\w*(?:at|ut|it)|bianc|ner|ross)(o|a|i|he|e)$")  # participles and colour adjectives
_IT_ADJ_E = {"verde": False, "verdi": True, "incolore": False, "incolori": True}


def _it_gn(cid: str) -> str:
    g, pl = _it_features(cid)
    return g + (".pl" if pl else "")


def _it_problems(key: str, cid: str, text: str) -> list[str]:
    kinds = TEMPLATES[key]
    template = catalog("it")[key]
    problems = []
    cards = {"name": cid, "name_owner": cid, "names": cid, "names_owner": cid, "name2": _other(cid)}
    pos = 0
    for _, field, spec in _fields(template):
        kind = kinds.get(field, "text")
        if kind not in cards or spec.lstrip("^~") not in ("", "il", "al", "del", "dal", "nel", "sul"):
            continue
        target = cards[kind]
        name = _cards()[target].name["it"]
        i = text.find(f"«{name}»", pos)
        if i < 0:
            problems.append(f"{{{field}}}: the name «{name}» is not in the text")
            continue
        pos = i + len(name) + 2
        gn = _it_gn(target)
        before = re.search(r"(\S+)\s?$", text[:i])
        word = before.group(1).lower() if before else ""
        if word in _IT_ARTICLES and _IT_ARTICLES[word] != gn:
            problems.append(f"{word} «{name}»: the article is not the {gn} one")
        if word in _IT_ELIDED and gn.endswith(".pl"):
            problems.append(f"{word}«{name}»: a singular article before a plural name")
        after = re.match(r" (\S+)", text[pos:])
        if after and word not in {*_IT_ARTICLES, *_IT_ELIDED, *_IT_PREPOSITIONS}:  # the name is the subject
            verb = after.group(1).lower()
            plural = gn.endswith(".pl")
            if (verb in _IT_VERBS and plural) or (verb in _IT_PLURAL_VERBS and not plural):
                problems.append(f"«{name}» {verb}: the verb is not {'plural' if plural else 'singular'}")
    if "subject" in kinds:
        gn = _it_gn(cid if kinds[kinds["subject"]] == "card" else _other(cid))
        outside = re.sub(r"«[^»]*»", "", text)
        for word in re.findall(r"\w+", outside):
            w = word.lower()
            if w in _IT_VERBS and gn.endswith(".pl") or w in _IT_PLURAL_VERBS and not gn.endswith(".pl"):
                problems.append(f"{word}: the verb does not agree with the card ({gn})")
            m = _IT_ADJ.match(w)
            if m:
                want = {"m": "o", "f": "a", "m.pl": "i", "f.pl": "e"}[gn]
                ending = {"he": "e"}.get(m.group(1), m.group(1))
                if ending != want and not (w.startswith("bianch") and gn == "m.pl" and ending == "e"):
                    problems.append(f"{word}: does not agree with the card ({gn})")
            if w in _IT_ADJ_E and _IT_ADJ_E[w] != gn.endswith(".pl"):
                problems.append(f"{word}: does not agree with the card ({gn})")
    return problems


# ---- numbers --------------------------------------------------------------------------------------------------

@cache
def _it_number_words() -> tuple[frozenset, frozenset]:
    """The Italian words the catalog itself gives as the singular and as the plural of its number forms."""
    one, other = set(), set()
    for text in catalog("it").values():
        try:
            fields = _fields(text)
        except ValueError:
            continue
        for _, _, spec in fields:
            forms = spec.removeprefix("# ").split("|")
            if len(forms) == 2 and "#" in spec:
                a, b = (re.findall(r"\w+", f.replace("#", "")) for f in forms)
                one.update(w for w in a if w not in b)
                other.update(w for w in b if w not in a)
    function_words = {"di", "a", "da", "in", "con", "su", "per", "tra", "e", "o", "il", "lo", "la", "i", "gli", "le",
                      "un", "una", "uno", "che", "non", "ne", "si", "ci", "ti", "mi", "se"}
    return frozenset(one - function_words), frozenset(other - function_words)


def _number_templates(lang: str) -> list[str]:
    """The keys whose templates put a number before a word (a number spec, or a bare number field)."""
    keys = []
    for key, text in catalog(lang).items():
        try:
            fields = _fields(text)
        except ValueError:
            continue
        if any(name in _NUMBER_FIELDS and (not spec or "#" in spec or "|" in spec) for _, name, spec in fields):
            keys.append(key)
    return sorted(keys)


def _number_values(key: str, lang: str, n: int) -> dict:
    """Fields for a number template: numbers `n`, the kinds TEMPLATES gives, text for the rest."""
    kinds = TEMPLATES.get(key, {})
    out = {}
    for _, name, spec in _fields(catalog(lang)[key]):
        if name in out and not isinstance(out[name], str):
            continue
        if name in _NUMBER_FIELDS:
            out[name] = n
        elif name in kinds:
            out[name] = _value(kinds[name], "grizzly-bears", lang, n)
        elif re.fullmatch(r"\.?\d*[%fd]", spec or "-"):
            out[name] = 0.5
        elif spec:  # a case, an article or words agreed with it: a noun
            out[name] = noun("noun.player", lang, player="B")
        else:
            out[name] = "X"
    return out


_GENT_PREPS = {"из", "у", "от", "до", "с", "со", "без", "для", "около", "после", "кроме"}


def _ru_number_problems(text: str, n: int) -> list[str]:
    """A noun right after the number `n` in the form it asks for: 1 (21...) the singular; 2-4 (22...) the
    genitive singular; 0, 5-20, 25... the genitive plural; in an oblique case (к 5 картам, из 21 карты) the
    plural or singular of that case."""
    problems = []
    for m in re.finditer(rf"(?<![\d.,/+−-]){n}(?![\d.,/%]) ([а-яё]+)", text):
        word = m.group(1)
        parses = [p for p in _m().parse(word) if p.tag.POS == "NOUN"]
        if not parses or _m().parse(word)[0].tag.POS in ("PREP", "CONJ", "PRCL", "VERB", "INFN", "ADVB"):
            continue
        before = _WORD.findall(text[:m.start()])
        gent_ok = bool(before) and before[-1].lower() in _GENT_PREPS
        oblique = {"datv", "ablt", "loct"}
        k = n % 100
        if k % 10 == 1 and k != 11:
            ok = any("sing" in p.tag and (p.tag.case != "gent" or gent_ok) for p in parses)
        elif 2 <= k % 10 <= 4 and not 12 <= k <= 14:
            ok = any(("sing" in p.tag and p.tag.case == "gent") or ("plur" in p.tag and p.tag.case in oblique)
                     for p in parses)
        else:
            ok = any("plur" in p.tag and p.tag.case in {"gent", *oblique} for p in parses)
        if not ok:
            problems.append(f"{n} {word}: the noun does not agree with the number")
    return problems


def _it_number_problems(text: str, n: int) -> list[str]:
    one, other = _it_number_words()
    problems = []
    for m in re.finditer(rf"(?<![\d.,/+−-]){n}(?![\d.,/%]) (\w+)", text):
        word = m.group(1).lower()
        if abs(n) == 1 and word in other:
            problems.append(f"{n} {word}: a plural after 1")
        if abs(n) != 1 and word in one:
            problems.append(f"{n} {word}: a singular after {n}")
    return problems


# ---- the tests ------------------------------------------------------------------------------------------------

def test_every_template_that_inserts_a_card_says_what_its_fields_hold():
    """A template with a field that may hold a card is in TEMPLATES (what each field holds) or in _NOT_A_CARD
    (its names are labels, in the nominative, or no card's): a new template cannot slip past the checks."""
    missing = []
    for key, text in catalog("ru").items():
        try:
            names = {name for _, name, _ in _fields(text)}
        except ValueError:
            continue
        if names & _CARD_FIELDS and key not in TEMPLATES and key not in _NOT_A_CARD and not key.startswith("noun."):
            missing.append(key)
    assert not missing, f"say what these templates' fields hold (TEMPLATES or _NOT_A_CARD): {missing}"
    assert not [k for k in TEMPLATES if k not in catalog("ru")], "TEMPLATES names keys the catalog no longer has"


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_russian_names_stand_in_their_case_and_their_verbs_agree(key):
    problems = {}
    for cid in _ids():
        text = _render(key, "ru", cid)
        found = _ru_problems(key, cid, text)
        if found:
            problems[text] = found
    assert not problems, f"{key} ({catalog('ru')[key]!r}): " + "\n".join(
        f"{text!r}: {'; '.join(p)}" for text, p in list(problems.items())[:8])


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_italian_articles_verbs_and_participles_agree_with_the_names(key):
    problems = {}
    for cid in _ids():
        text = _render(key, "it", cid)
        found = _it_problems(key, cid, text)
        if found:
            problems[text] = found
    assert not problems, f"{key} ({catalog('it')[key]!r}): " + "\n".join(
        f"{text!r}: {'; '.join(p)}" for text, p in list(problems.items())[:8])


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_agree_with_their_words(lang):
    problems = []
    check = _ru_number_problems if lang == "ru" else _it_number_problems
    for key in _number_templates(lang):
        for n in NUMBERS:
            try:
                text = t(key, lang, **_number_values(key, lang, n))
            except ValueError as exc:
                raise AssertionError(f"{key}: {exc}") from None
            problems += [f"{key}: {text!r}: {p}" for p in check(text, n)]
    assert not problems, "\n".join(problems[:20])


def test_the_checks_catch_what_the_reports_saw():
    """The checks themselves: each report item, as it was printed, is caught."""
    assert _ru_problems_of("lesson.move.cast", "llanowar-elves", "Разыграть «Ллановарские эльфы»")
    assert _ru_problems_of("lesson.move.mana", "plains", "Повернуть «Равнина»: добавить X")
    assert _ru_problems_of("lesson.move.damage", "blood-glutton", "Повреждения от «Кровавый обжора»: X")
    assert _ru_problems_of("quiz.block.ask", "serra-angel", "Какие существа B могут заблокировать «Ангел Серры»?")
    assert _ru_problems_of("board.blocking", "akroma-angel-of-wrath", "блокирует «Акрома, Ангел Гнева»",
                           subject="giant-spider")
    assert _ru_problems_of("board.attacking", "grizzly-bears", "атакует игрока B")
    assert not _ru_problems_of("board.attacking", "grizzly-bears", "атакуют игрока B")
    assert _it_problems_of("board.attacking", "grizzly-bears", "attacca il Giocatore B")
    assert _it_problems_of("board.unblockable", "phantom-warrior", "non può essere bloccata")
    assert _it_problems_of("lesson.move.block", "grizzly-bears", "«Orsi Grizzly» blocca «Fiamme Fameliche»")
    assert _ru_head_problems("event.land_played", "forest", "Игрок B играет земля «Лес».")
    assert not _ru_head_problems("event.land_played", "forest", "Игрок B играет землю «Лес».")
    assert _ru_head_problems("event.land_played", "forest", "Игрок B играет землю «Леса».")
    assert _it_number_problems("Termine: 1 giuste su 1", 1)
    assert _ru_number_problems("у игрока A 5 жизнь", 5) and not _ru_number_problems("у игрока A 5 жизней", 5)
    assert _ru_number_problems("в руке 5 карты", 5) and _ru_number_problems("в руке 21 карты", 21)
    assert not _ru_number_problems("из 21 карты", 21) and not _ru_number_problems("в руке 22 карты", 22)


def _ru_problems_of(key, cid, text, subject=None):
    if subject:  # the board's subject is the other card of the pair: render as if it were
        global _other
        keep = _other
        _other = lambda _cid: subject  # noqa: E731
        try:
            return _ru_problems(key, cid, text)
        finally:
            _other = keep
    return _ru_problems(key, cid, text)


def _it_problems_of(key, cid, text):
    return _it_problems(key, cid, text)


def test_the_declension_table_is_pymorphy3s_grammar_where_it_knows_the_words():
    """The cases written in lessons/cards.yaml (``declension``) are real forms: each word pymorphy3 knows, past
    the first, parses in its case (the first is the word it declines wrong)."""
    wrong = []
    for card in _cards().values():
        for case, form in card.declension.get("ru", {}).items():
            for word in form.replace(",", "").split()[1:]:
                parses = _m().parse(word.lower())
                if _m().word_is_known(word.lower()) and not any(
                        p.tag.case in (case, "gent" if case == "accs" else case) for p in parses) \
                        and word not in card.name["ru"]:
                    wrong.append(f"{card.id} {case}: {word}")
    assert not wrong, wrong


def test_a_bad_declension_is_a_load_error_naming_file_line_and_key(tmp_path):
    from glossary.yamlio import YamlError
    from tutor.cardpool import CARDS_FILE, load_cards_from

    text = CARDS_FILE.read_text(encoding="utf-8")
    bad = tmp_path / "cards.yaml"
    bad.write_text(text.replace('      ablt: "Акромой, Ангелом Гнева"\n', ""), encoding="utf-8")
    with pytest.raises(YamlError) as exc:
        load_cards_from(bad, "cards.yaml")
    assert exc.value.key == "declension.ru.ablt" and exc.value.file == "cards.yaml"
    assert str(exc.value).startswith("cards.yaml:")
    bad.write_text(text.replace('      loct: "Акроме, Ангеле Гнева"\n', '      loct: "Акроме, Ангеле Гнева"\n'
                                                                      '      vocative: "Акрома"\n'), encoding="utf-8")
    with pytest.raises(YamlError) as exc:
        load_cards_from(bad, "cards.yaml")
    assert exc.value.key == "declension.ru.vocative"


def test_a_name_declines_inside_its_quotes_and_not_what_follows():
    from tutor.events_text import name_noun

    cards = _cards()
    assert t("lesson.move.sacrifice", "ru", card=name_noun(cards["grizzly-bears"], "ru", owner="A")) == \
        ", пожертвовав «Медведей-гризли» игрока A"
    assert t("lesson.move.cast", "ru", card=name_noun(cards["raise-the-alarm"], "ru")) == "Разыграть «Поднять тревогу»"
    assert t("board.blocking", "ru", card=card_noun_of("giant-spider"), name=name_noun(cards["craw-wurm"], "ru")) == \
        "блокирует «Ползучего вурма»"
    assert t("lesson.move.damage_part", "it", n=4, to=name_noun(cards["giant-spider"], "it", owner="B")) == \
        "4 al «Ragno Gigante» di B"


def card_noun_of(cid: str, lang: str = "ru") -> Noun:
    from tutor.events_text import card_noun

    return card_noun(_cards()[cid], lang)


def test_the_italian_subject_of_a_template_is_its_head_noun():
    """«la creatura «Orsi Grizzly» blocca»: with what it is, the card agrees with its head noun (parse_noun_text)."""
    assert parse_noun_text(catalog("it")["noun.creature"])[0] == "f"
