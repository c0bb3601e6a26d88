"""Build the presentation model of a page from the knowledge base, in the interface language.

>>> from glossary.kb import load
>>> page = entry_page(load(), "it:cimitero", "ru")
>>> page.term, page.other[0].lang, page.other[0].entries[0].term, page.source
('Cimitero', 'ru', 'Кладбище', 'Источник: итальянский глоссарий, 8-е изд.')
>>> link = page_for(load(), RuleLocation("it-cr-2024", "113.3b"), "it").links[0]
>>> link.title, link.number, link.target
('602. Attivare abilità attivate', None, RuleLocation(doc='it-cr-2024', number='602'))
>>> page_for(load(), RuleLocation("it-cr-2024", "113.3b"), "it").links[0].target
RuleLocation(doc='it-cr-2024', number='602')
>>> page = rule_page(load(), "510.1c", "ru")  # known by its summary: the page of the digest
>>> page.location, page.summary.lang, page.summary.other[0].lang
(RuleLocation(doc='digest', number='510.1c'), 'ru', 'it')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from glossary.kb_rules import DIGEST_DOC
from tutor import debug
from tutor.i18n import LANG_NAMES, LANGS, t
from tutor.views.links import mentioned_rules
from tutor.views.locations import EntryLocation, Location, RuleLocation, location_of
from tutor.views.model import (
    Backlink,
    Block,
    ConceptLine,
    Edition,
    EditorNote,
    EntryPage,
    Link,
    ModernDefinition,
    ModernNote,
    NameLine,
    OtherEntry,
    OtherLanguage,
    OtherText,
    RulePage,
    RuleSummaryLine,
    SubRule,
    Summary,
)
from tutor.views.texts import fix_kind, obsolete_since, ref_status, source_name

if TYPE_CHECKING:
    from glossary.kb import KnowledgeBase

__all__ = ["entry_page", "page_for", "rule_page"]

OK_STATUS = ("resolved", "fixed", "title_only")
OTHER_LANGS = ("it", "ru")  # the languages shown beside an entry (English entries have none of their own page)


def page_for(kb: KnowledgeBase, location: Location, ui: str) -> EntryPage | RulePage | None:
    """The page of a location; None when the knowledge base does not have it."""
    if not location.exists(kb):
        return None
    if isinstance(location, EntryLocation):
        return entry_page(kb, location.entry_id, ui)
    return rule_page(kb, location.number, ui, doc=location.doc)


def _link(kb: KnowledgeBase, ref: dict, ui: str, own_titles: bool = False) -> Link:
    """A reference (as `KnowledgeBase.ref_view` gives it) as a link; with `own_titles` (a page of the modern
    glossary), a three-digit Italian rule is named by our Russian title in the Russian interface."""
    title = ref.get("title") or ref["text"]
    number = ref.get("number")
    rule = kb.target(ref.get("target")) if own_titles and ui == "ru" and ref["kind"] == "see_rule" else None
    if rule is not None and getattr(rule, "lang", None) == "it" and "." not in rule.number:
        ru = kb.toc_title(rule.number, "ru")  # an Italian three-digit rule's title: ours in Russian, as in the tree
        title = f"{rule.number}. {ru}" if ru else title
    target = location_of(kb, ref.get("target")) if ref["status"] in OK_STATUS else None
    if ref["status"] == "title_only":
        brief = t("status_title_only", ui)
    elif target is None:
        brief = t("not_in_sources", ui)
    else:
        brief = ""
    return Link(title=title, number=number if number and number not in title else None,
                status=ref_status(ref["status"], ref.get("note"), ui), brief=brief, source=_where(ref["source"]),
                target=target)


def _where(where: str) -> str:
    """A source file and line (``it_glossary_8ed.txt:771``): only for a developer (`tutor.debug`)."""
    return where if debug.enabled() else ""


def _backlinks(kb: KnowledgeBase, items: list[dict]) -> tuple[Backlink, ...]:
    out = []
    for b in items:
        target = location_of(kb, b["id"])
        if target is not None:
            out.append(Backlink(term=b["term"], lang=b["lang"], source_id=_where(b["id"]), target=target))
    return tuple(out)


def _blocks(view: dict) -> tuple[Block, ...]:
    out = []
    for b in view["blocks"]:
        sub = tuple(tuple(b["sub"].get(str(i), [])) for i in range(len(b["items"]))) if b["sub"] else ()
        out.append(Block(kind=b["kind"], items=tuple(b["items"]), sub=sub))
    return tuple(out)


def _note(note: dict, ui: str) -> str:
    return note.get(ui) or note["it"]


def entry_page(kb: KnowledgeBase, eid: str, ui: str) -> EntryPage:
    """Everything `show` and the app display about an entry."""
    v = kb.entry_view(eid)
    fixes = v.get("fixes", [])
    modern = None
    o = v.get("obsolete")
    if o and any(o["old"].get(x) for x in ("it", "ru")) and not o["old"].get(v["lang"]):
        o = None  # a change of the other language's translation ("interfase" → "sottofase"): not this page's reader's
    if o:
        modern = ModernNote(heading=t("modern_rules", ui, year=obsolete_since(o["year"], ui)), text=_note(o["note"], ui),
                            terms_label=t("modern_term", ui),
                            terms=tuple((o["modern"][k], k) for k in (ui, "en")
                                          if o["modern"].get(k)))  # the reader's language and English, the bridge
    notes = tuple(EditorNote(heading=t("editor_note", ui), kind=fix_kind(fx["kind"], ui), text=_note(fx["note"], ui))
                  for fx in fixes)
    original = v.get("original") if fixes else None
    restored = t("symbols_restored", ui) if original is None and (v.get("original") or v.get("source_term")) else None
    concept = v.get("concept")
    other = []
    for lang in OTHER_LANGS:
        if lang == v["lang"]:
            continue
        entries = tuple(OtherEntry(location=EntryLocation(o["id"]), term=o["term"], lang=lang, definition=o["definition"],
                                   source=_where(o["source"]), open_hint=t("show.other_folded", ui, id=o["id"]))
                        for o in v["other"] if o["lang"] == lang)
        missing = None
        if not entries and concept and not (v.get("modern") or {}).get("names"):  # else the names say it
            missing = t("no_entry_in_lang", ui, lang=LANG_NAMES[ui][lang], name=", ".join(concept.get(lang) or []))
        if entries or missing:
            other.append(OtherLanguage(lang=lang, entries=entries, missing=missing))
    line = None
    if concept:
        line = ConceptLine(label=t("concept", ui), id=_where(concept["id"]),
                           names=tuple((k, tuple(concept[k])) for k in ("en", "it", "ru")),
                           rules_label=t("rules_about", ui), rules=tuple(concept.get("rules") or ()))
    src = v["source"]
    page_lang = v["lang"] if v["lang"] in OTHER_LANGS else ui
    mod = v.get("modern") or {}
    modern_def = None
    own_def = (mod.get("definition") or {}).get(page_lang)
    if own_def:
        modern_def = ModernDefinition(heading=t("modern.definition", page_lang, date=mod.get("edition", "")),
                                      text=own_def, note=t("modern.note", page_lang))
    names = _name_lines(mod.get("names") or [], page_lang)
    summaries = tuple(RuleSummaryLine(number=x["number"], text=x[page_lang], target=RuleLocation(DIGEST_DOC, x["number"]))
                      for x in v.get("summaries") or [] if x.get(page_lang))
    english = ", ".join(dict.fromkeys(v.get("english") or []))
    texts = [b.text() for b in _blocks(v)] + ([modern.text] if modern else []) + [n.text for n in notes]
    texts += [o.definition for lang in other for o in lang.entries]
    return EntryPage(
        location=EntryLocation(v["id"]), term=v["term"], lang=v["lang"],
        corrected=t("corrected", ui) if any(fx.get("definition") for fx in fixes) else None,
        blocks=_blocks(v), modern=modern, notes=notes, original_label=t("original_text", ui), original=original,
        restored=restored, other=tuple(other), concept=line,
        links_heading=t("links", ui), links=tuple(_link(kb, r, ui, bool(v.get("modern_page"))) for r in v["links"]),
        unresolved_heading=t("unresolved", ui), unresolved=tuple(_link(kb, r, ui) for r in v["unresolved"]),
        backlinks_heading=t("backlinks", ui), backlinks=_backlinks(kb, v["backlinks"]),
        source=f"{t('source', ui)}: {source_name(src['doc'], ui)}"
               + (f" ({src['file']}:{src['line']})" if debug.enabled() else ""),
        mentioned_heading=t("mentioned_rules", ui), mentioned=mentioned_rules(kb, texts, ui),
        english=t("modern.english", page_lang, name=english) if english and v["lang"] != "en" else "",
        modern_page=bool(v.get("modern_page")), modern_definition=modern_def,
        names_heading=t("modern.names", page_lang), names=names,
        summaries_heading=t("modern.summaries", page_lang), summaries=summaries,
        other_heading=t("modern.other_heading", page_lang,
                        lang=", ".join(LANG_NAMES[page_lang][o.lang] for o in other if o.entries)),
    )


def status_words(n: dict, lang: str) -> str:
    """A name's status in words, with since / until and its source in words (`source_words`).

    >>> status_words({"status": "official", "since": 2010, "source": "S14"}, "it")
    'ufficiale, dal 2010, fonte: glossario ufficiale Wizards delle parole chiave, 2023'
    >>> status_words({"status": "obsolete", "until": 2021}, "ru")
    'устаревшее, до 2021 г.'
    """
    parts = [t(f"modern.status.{n['status']}", lang)]
    if n.get("since"):
        parts.append(t("modern.since", lang, year=n["since"]))
    if n.get("until"):
        parts.append(t("modern.until", lang, year=n["until"]))
    if n.get("source"):
        parts.append(t("modern.source", lang, source=source_words(n["source"], lang)))
    return ", ".join(parts)


# The sources the modern glossary's statuses cite (shared/reviews/terminology-sources.md), in words.
_SOURCE_WORDS = {
    "seed it-wiki": "modern.src.it_wiki", "seed it-cr": "modern.src.it_cr", "TERMINOLOGY.md": "modern.src.terminology",
    "S1": "modern.src.s1", "S2": "modern.src.s2", "S4": "modern.src.s4", "S14": "modern.src.s14",
    "S15": "modern.src.s15", "S17": "modern.src.s17", "S18": "modern.src.s18",
}
_SOURCE_TOKEN = re.compile(r"seed it-wiki|seed it-cr|TERMINOLOGY\.md|\bS(?:1|2|4|14|15|17|18)\b|\bcard\b")


def source_words(source: str, lang: str) -> str:
    """A status's source as a reader understands it: the project's short names of its sources in words.

    >>> source_words("S15", "it"), source_words("card: «Везерлайт» (S1)", "ru")
    ('testi stampati sulle carte italiane', 'карта: «Везерлайт» (тексты карт Dominaria, 2018)')
    """
    def words(m: re.Match) -> str:
        token = m.group(0)
        return t("modern.src.card", lang) if token == "card" else t(_SOURCE_WORDS[token], lang)
    return _SOURCE_TOKEN.sub(words, source)


def _name_lines(names: list[dict], lang: str) -> tuple[NameLine, ...]:
    """The concept's names in English and in the page's language (a reader of one language is not given the
    third: --json has every name), English first; each once."""
    order = {"en": 0, lang: 1}
    out, seen = [], set()
    kinds = {"headword": 0, "name": 0, "also": 1, "old": 2}
    for n in sorted((n for n in names if n["lang"] in order),
                    key=lambda n: (order[n["lang"]], n["status"] == "obsolete", kinds[n["kind"]])):
        key = (n["lang"], n["name"].casefold())
        if key in seen:
            continue
        seen.add(key)
        kind = t(f"modern.kind.{n['kind']}", lang) if n["kind"] in ("also", "old") else ""
        own = (n.get("def") or {}).get(lang) or ""
        out.append(NameLine(lang=n["lang"], name=n["name"], status=status_words(n, lang), kind=kind,
                            definition=own))
    return tuple(out)


def _modern(note: dict | None, ui: str) -> ModernNote | None:
    """An older edition's rule's note: what the modern rules say instead."""
    if not note:
        return None
    return ModernNote(heading=t("modern_rules", ui, year=obsolete_since(note["year"], ui)), text=_note(note, ui), terms_label="", terms=())


def summary_of(text: dict[str, str] | None, ui: str, date: str) -> Summary | None:
    """The digest's summary ``{it, ru}`` in the interface language, the other language beside it."""
    if not text:
        return None
    order = [ui] + [lang for lang in LANGS if lang != ui]
    parts = [Summary(heading=t("summary_heading", lang, date=date), text=text[lang], note=t("summary_note", lang),
                     lang=lang) for lang in order if text.get(lang)]
    return Summary(parts[0].heading, parts[0].text, parts[0].note, parts[0].lang, tuple(parts[1:]))


def _edition_date(kb: KnowledgeBase, doc: str) -> str:
    return kb.effective(doc) or doc


def rule_page(kb: KnowledgeBase, number: str, ui: str, lang: str | None = None, doc: str | None = None) -> RulePage | None:
    """Everything `rule` and the app display about a rule: the best version (or that of `lang` / `doc`), its
    unofficial summary, the same rule in the imported English edition, the other editions' numbers."""
    v = kb.rule_view(number, lang=lang, doc=doc)
    if v is None:
        return None
    number, head_number = v["number"], v["number"].split(".")[0]
    date = v.get("summary_edition") or ""
    warning = None
    if v.get("current_title"):
        ct = v["current_title"]
        warning = t("current_title", ui, doc=ct["doc"], number=ct["number"], title=ct["title"])
    editions = tuple(
        Edition(doc=ed["doc"], lang=ed["lang"], effective=ed["effective"], title=ed["title"],
                status=None if ed["has_text"] else t("status_title_only", ui),
                target=RuleLocation(ed["doc"], ed.get("number", number)))
        for ed in v["editions"])
    notes = []
    fnum = v.get("foundations_number")
    if v["doc"] != DIGEST_DOC and not kb.follows_foundations(v["doc"]):
        notes.append(t("foundations_is", ui, date=date, number=fnum) if fnum and fnum != number
                     else t("foundations_none", ui, date=date) if not fnum else None)
    elif kb.in_foundations(number) is False and v["doc"] != DIGEST_DOC:  # a number of another edition only
        notes.append(t("foundations_none", ui, date=date))
    shown = v["english"]["doc"] if v.get("english") else None  # its panel says it already
    notes += [t("same_rule_in", ui, date=_edition_date(kb, x["doc"]), number=x["number"])
              for x in v["same_rule_in"] if x["doc"] != shown and x["doc"] != v["doc"]]
    notes += [t("not_in_edition", ui, date=_edition_date(kb, x)) for x in v.get("not_in_editions", [])]
    english = None
    if v.get("english"):
        e = v["english"]
        english = OtherText(
            heading=t("english_text", ui, doc=e["doc"], date=e["effective"] or "?"), number=e["number"],
            text=e["text"], example_label=t("example", ui), examples=tuple(e["examples"]),
            same_rule=t("same_rule_in", ui, date=e["effective"] or e["doc"], number=e["number"])
            if e["number"] != number else None,
            modern=_modern(e.get("modern_note"), ui), target=RuleLocation(e["doc"], e["number"]))
    summary = summary_of(v.get("summary"), ui, date)
    if v["doc"] == DIGEST_DOC:
        document = t("rule_doc_digest", ui, date=date)
    else:
        document = t("rule_doc", ui, title=v["doc_title"], date=v["effective"] or "?")
    # Without an official text: the summary is the page (with where to get the text), or the page says
    # how to get the text.
    no_text = get_text = None
    if not v["text"] and not english and not (v["children"] and v["doc"] != DIGEST_DOC):
        if summary:
            get_text = t("rule_get_text_short", ui)
        elif not v["children"]:
            no_text = t("rule_get_text", ui)
    texts = [v["text"], *v["examples"], *(s.text for s in ((summary,) + summary.other if summary else ()))]
    if english:
        texts += [english.text, *english.examples]
    modern = _modern(v.get("modern_note"), ui)
    if modern:
        texts.append(modern.text)
    children = tuple(SubRule(c, RuleLocation(v["doc"], c)) for c in v["children"])
    parent_title = v.get("rule_title")
    if parent_title and ui == "ru" and v["lang"] != "en":  # our Russian title of the contents, as in the tree
        parent_title = kb.toc_title(head_number, "ru") or parent_title
    return RulePage(
        location=RuleLocation(v["doc"], number), number=number, title=v["title"],
        heading=f"{number}. {v['title']}" if v["title"] else number,
        parent_heading=f"{head_number}. {parent_title}" if parent_title else None,
        text=v["text"], no_text=no_text,
        example_label=t("example", ui), examples=tuple(v["examples"]), summary=summary,
        subrules_heading=t("children", ui), subrules=children,
        warning=warning, links_heading=t("links", ui), links=tuple(_link(kb, r, ui) for r in v["links"]),
        backlinks_heading=t("backlinks", ui), backlinks=_backlinks(kb, v["backlinks"]),
        editions_heading=t("other_editions", ui), editions=editions,
        document=document, source=_where(v["source"] or ""),
        modern=modern, edition_notes=tuple(n for n in notes if n), english=english, get_text=get_text,
        mentioned_heading=t("mentioned_rules", ui),
        mentioned=mentioned_rules(kb, texts, ui, exclude=(number, *v["children"],
                                                          *(r["text"] for r in v["links"] if r["kind"] == "see_rule"))),
    )
