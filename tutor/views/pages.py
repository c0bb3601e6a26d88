"""Build the presentation model of a page from the knowledge base, in the interface language.

>>> from glossary.kb import load
>>> page = entry_page(load(), "it:cimitero", "ru")
>>> page.term, page.other[0].lang, page.other[0].entries[0].term, page.source.split(":")[0]
('Cimitero', 'ru', 'Кладбище', 'Источник')
>>> link = page_for(load(), RuleLocation("it-cr-2024", "113.3b"), "it").links[0]
>>> link.title, link.number, link.target
('602. Attivare abilità attivate', None, RuleLocation(doc='it-cr-2024', number='602'))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.i18n import LANG_NAMES, t
from tutor.views.locations import EntryLocation, Location, RuleLocation, location_of
from tutor.views.model import (
    Backlink,
    Block,
    ConceptLine,
    Edition,
    EditorNote,
    EntryPage,
    Link,
    ModernNote,
    OtherEntry,
    OtherLanguage,
    RulePage,
    SubRule,
)
from tutor.views.texts import fix_kind, ref_status

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


def _link(kb: KnowledgeBase, ref: dict, ui: str) -> Link:
    """A reference (as `KnowledgeBase.ref_view` gives it) as a link."""
    title = ref.get("title") or ref["text"]
    number = ref.get("number")
    target = location_of(kb, ref.get("target")) if ref["status"] in OK_STATUS else None
    if ref["status"] == "title_only":
        brief = t("status_title_only", ui)
    elif target is None:
        brief = t("not_in_sources", ui)
    else:
        brief = ""
    return Link(title=title, number=number if number and number not in title else None,
                status=ref_status(ref["status"], ref.get("note"), ui), brief=brief, source=ref["source"], target=target)


def _backlinks(kb: KnowledgeBase, items: list[dict]) -> tuple[Backlink, ...]:
    out = []
    for b in items:
        target = location_of(kb, b["id"])
        if target is not None:
            out.append(Backlink(term=b["term"], lang=b["lang"], source_id=b["id"], target=target))
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
    if v.get("obsolete"):
        o = v["obsolete"]
        modern = ModernNote(heading=t("modern_rules", ui, year=o["year"]), text=_note(o["note"], ui),
                            terms_label=t("modern_term", ui),
                            terms=tuple((o["modern"][k], k) for k in ("it", "ru", "en") if o["modern"].get(k)))
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
                                   source=o["source"]) for o in v["other"] if o["lang"] == lang)
        missing = None
        if not entries and concept:
            missing = t("no_entry_in_lang", ui, lang=LANG_NAMES[ui][lang], name=", ".join(concept.get(lang) or []))
        if entries or missing:
            other.append(OtherLanguage(lang=lang, entries=entries, missing=missing))
    line = None
    if concept:
        line = ConceptLine(label=t("concept", ui), id=concept["id"],
                           names=tuple((k, tuple(concept[k])) for k in ("en", "it", "ru")),
                           rules_label=t("rules_about", ui), rules=tuple(concept.get("rules") or ()))
    src = v["source"]
    return EntryPage(
        location=EntryLocation(v["id"]), term=v["term"], lang=v["lang"],
        corrected=t("corrected", ui) if any(fx.get("definition") for fx in fixes) else None,
        blocks=_blocks(v), modern=modern, notes=notes, original_label=t("original_text", ui), original=original,
        restored=restored, other=tuple(other), concept=line,
        links_heading=t("links", ui), links=tuple(_link(kb, r, ui) for r in v["links"]),
        unresolved_heading=t("unresolved", ui), unresolved=tuple(_link(kb, r, ui) for r in v["unresolved"]),
        backlinks_heading=t("backlinks", ui), backlinks=_backlinks(kb, v["backlinks"]),
        source=f"{t('source', ui)}: {src['file']}:{src['line']} ({src['doc']})",
    )


def rule_page(kb: KnowledgeBase, number: str, ui: str, lang: str | None = None, doc: str | None = None) -> RulePage | None:
    """Everything `rule` and the app display about a rule (the best version, or that of `lang` / `doc`)."""
    v = kb.rule_view(number, lang=lang, doc=doc)
    if v is None:
        return None
    number, head_number = v["number"], v["number"].split(".")[0]
    warning = None
    if v.get("current_title"):
        ct = v["current_title"]
        warning = t("current_title", ui, doc=ct["doc"], number=ct["number"], title=ct["title"])
    editions = tuple(
        Edition(doc=ed["doc"], lang=ed["lang"], effective=ed["effective"], title=ed["title"],
                status=None if ed["has_text"] else t("status_title_only", ui), target=RuleLocation(ed["doc"], number))
        for ed in v["editions"])
    return RulePage(
        location=RuleLocation(v["doc"], number), number=number, title=v["title"],
        heading=f"{number}. {v['title']}" if v["title"] else number,
        parent_heading=f"{head_number}. {v['rule_title']}" if v.get("rule_title") else None,
        text=v["text"], no_text=t("rule_no_text", ui) if not v["text"] and not v["children"] else None,
        example_label=t("example", ui), examples=tuple(v["examples"]), summary=None,
        subrules_heading=t("children", ui), subrules=tuple(SubRule(c, RuleLocation(v["doc"], c)) for c in v["children"]),
        warning=warning, links_heading=t("links", ui), links=tuple(_link(kb, r, ui) for r in v["links"]),
        backlinks_heading=t("backlinks", ui), backlinks=_backlinks(kb, v["backlinks"]),
        editions_heading=t("other_editions", ui), editions=editions,
        document=t("rule_doc", ui, title=v["doc_title"], date=v["effective"] or "?"), source=v["source"],
    )
