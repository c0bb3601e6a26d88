"""Names of game terms in sentences, from the curated concepts (glossary/curated/concepts.yaml): one source
of truth for the keyword and step names of the event log.

A concept's names are headwords (maybe capitalised, maybe with variants and a parenthesis); a sentence
needs the first one, without the parenthesis, in lower case: "guadagna volare", "получает полёт".

>>> print(step_noun("draw", "it"), "/", keyword_noun("first strike", "ru"))
sottofase di acquisizione / первый удар
>>> print(keyword_noun("protection from black", "it"), "/", keyword_noun("protection from black", "ru"))
protezione dal nero / защита от чёрного
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from tutor.i18n import Noun, catalog, noun, t

__all__ = ["STEP_CONCEPTS", "concept_name", "keyword_concept", "keyword_noun", "step_noun"]

# Engine step key (tutor.engine.state.Step) -> concept id.
STEP_CONCEPTS = {
    "untap": "untap-step", "upkeep": "upkeep-step", "draw": "draw-step", "precombat_main": "precombat-main-phase",
    "beginning_of_combat": "beginning-of-combat-step", "declare_attackers": "declare-attackers-step",
    "declare_blockers": "declare-blockers-step", "first_strike_damage": "first-strike-combat-damage-step",
    "combat_damage": "combat-damage-step", "end_of_combat": "end-of-combat-step",
    "postcombat_main": "postcombat-main-phase", "end": "end-step", "cleanup": "cleanup-step",
}
_PROTECTION = re.compile(r"^(protection|hexproof) from (\w+)$")  # part 2: hexproof from a colour (702.11d)
_WARD = re.compile(r"^ward (\d+)$")  # part 2: ward {N} (702.21a)


class ConceptNames(NamedTuple):
    """A curated concept's names by language (those of `glossary.curation.Concept`)."""

    id: str
    it: list
    ru: list
    en: list


@lru_cache(maxsize=1)
def _concepts() -> dict[str, ConceptNames]:
    """The curated concepts' names, from the disk cache when the knowledge base's inputs are unchanged
    (`tutor.diskcache`; the curated YAML takes a while to parse)."""
    from tutor import diskcache

    def valid(d: object) -> bool:
        return isinstance(d, dict) and all(isinstance(v, dict) and all(diskcache.strings(v.get(x)) for x in ("it", "ru", "en"))
                                           for v in d.values())

    fp = diskcache.fingerprint(())
    names = diskcache.read("concept-names", fp, valid)
    if names is None:
        from glossary.curation import load_curation

        names = {c.id: {"it": list(c.it), "ru": list(c.ru), "en": list(c.en)} for c in load_curation().concepts}
        diskcache.write("concept-names", fp, names)
    return {cid: ConceptNames(cid, n["it"], n["ru"], n["en"]) for cid, n in names.items()}


def concept_name(cid: str, lang: str) -> str:
    """The concept's first name in `lang` (English if it has none) as used inside a sentence."""
    c = _concepts()[cid]
    names = getattr(c, lang, None) or c.en
    name = re.sub(r"\s*\([^)]*\)", "", names[0]).strip()
    if name[:1].isupper() and not name[1:2].isupper():  # "Volare" -> "volare", but "STAP" stays
        name = name[:1].lower() + name[1:]
    return name


def keyword_concept(keyword: str) -> str:
    """The concept id of an engine keyword, from the keyword registry (`tutor.engine.keywords`): "first
    strike" → "first-strike", "protection from red" → "protection"."""
    from tutor.engine.keywords import keyword_concept as concept

    return concept(keyword)


@lru_cache(maxsize=512)
def keyword_noun(keyword: str, lang: str) -> Noun:
    """An engine keyword as a noun in `lang`: "volare", "protezione dal nero" / "полёт", "защита от чёрного"."""
    m = _PROTECTION.match(keyword)
    if m and f"keyword.protection_from.{m.group(2)}" in catalog(lang):  # a card type, everything (702.16a, j)
        return Noun(t(f"keyword.protection_from.{m.group(2)}", lang, protection=concept_name(m.group(1), lang)))
    if m:
        text = t("keyword.protection_from", lang, protection=concept_name(m.group(1), lang),
                 color=noun(f"noun.color_{m.group(2)}", lang))
        return Noun(text)
    m = _WARD.match(keyword)
    if m:
        return Noun(f"{concept_name('ward', lang)} {{{m.group(1)}}}")
    return Noun(concept_name(keyword_concept(keyword), lang))


@lru_cache(maxsize=64)
def step_noun(step: str, lang: str) -> Noun:
    """A step or main phase (engine key, e.g. "draw") as a noun: "sottofase di acquisizione"."""
    cid = STEP_CONCEPTS.get(step)
    return Noun(concept_name(cid, lang) if cid else step)
