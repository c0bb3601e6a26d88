"""TBX: the glossary as a TBX-Basic termbase (ISO 30042:2019, TBX v3, DCA style), for CAT tools and terminologists.

One ``conceptEntry`` per concept (its id the concept's id), with the subject field, the Foundations rules that
treat it (a note) and its links to other concepts (``ref type="crossReference"``); a ``langSec`` for English,
Italian and Russian, each with our unofficial definition (Italian and Russian: ``descripGrp`` holding ``descrip
type="definition"`` and ``admin type="source"`` that says it is ours and unofficial), the source's old term with its
note (a ``note``), and a ``termSec`` per name: ``term``, ``termNote type="administrativeStatus"`` and, where the
name's source is known, ``admin type="source"``, then a ``note`` with our exact status. The statuses map to TBX-Basic's
picklist as :data:`ADMINISTRATIVE` says (official → preferred, one a language: a second official name, "Deal" beside
"damage", is admitted; community, none, unverified, or no status recorded → admitted; obsolete → superseded). The document is the same whatever the learner's language: every language is in
it. Only the glossary can be a TBX (the quiz and the rules' digest are no terminology).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from tutor.i18n import LANGS, t

__all__ = ["ADMINISTRATIVE", "EXTENSION", "NS", "TEXT", "WHATS", "render"]

EXTENSION = "tbx"
WHATS = ("glossary",)
TEXT = True
NS = "urn:iso:std:iso:30042:ed-2"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
ADMINISTRATIVE = {"official": "preferredTerm-admn-sts", "obsolete": "supersededTerm-admn-sts",
                  "community": "admittedTerm-admn-sts", "none": "admittedTerm-admn-sts",
                  "unverified": "admittedTerm-admn-sts", None: "admittedTerm-admn-sts"}
EDITION = "2024-11-08"
_SCHEMAS = (
    # the core structure's schema, as the dialect's own example names it (the dialect's integrated RNG was removed)
    ("https://raw.githubusercontent.com/LTAC-Global/TBX_Core_RNG/master/TBXcoreStructV03.rng",
     "http://relaxng.org/ns/structure/1.0"),
    ("https://raw.githubusercontent.com/LTAC-Global/TBX-Basic_dialect/master/DCA/TBX-Basic_DCA.sch",
     "http://purl.oclc.org/dsdl/schematron"),
)


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    el = ET.SubElement(parent, tag, attrs)
    if text is not None:
        el.text = text
    return el


def _concept_id(cid: str) -> str:
    """An XML id (an NCName: it cannot start with a digit)."""
    return cid if cid[:1].isalpha() else f"c-{cid}"


def _status_note(n, lang: str) -> str:
    """Our exact status of a name: ``mtg-tutor status: official`` and, in Italian and Russian, in words."""
    from tutor.export.items import _status_words

    code = n.status or "unrecorded"
    note = f"mtg-tutor status: {code}" + (f" ({n.kind})" if n.kind in ("also", "old", "alignment") else "")
    if lang in LANGS:  # (its source is in admin type="source")
        note += f" — {_status_words(replace(n, source=None), lang)}"
    elif n.until:
        note += f", until {n.until}"
    return note


def _source(n, lang: str) -> str | None:
    if lang in LANGS:
        if not n.source:
            return None
        from tutor.views.pages import source_words

        return source_words(n.source, lang)
    if n.kind == "headword":
        return f"Magic: The Gathering Comprehensive Rules, glossary ({EDITION})"
    return None


def _entry(body: ET.Element, item, ids: dict[str, str]) -> None:
    from tutor.export.items import old_term_text

    entry = _sub(body, "conceptEntry", id=_concept_id(item.id))
    _sub(entry, "descrip", "Magic: The Gathering", type="subjectField")
    if item.rules:
        _sub(entry, "note", f"Comprehensive Rules ({EDITION}): {', '.join(item.rules)}")
    for see in item.see:
        if see in ids:
            _sub(entry, "ref", ids[see], type="crossReference", target=_concept_id(see))
    for lang in ("en", *LANGS):
        sec = ET.SubElement(entry, "langSec", {XML_LANG: lang})
        definition = item.definition.get(lang) if lang in LANGS else None
        if definition:
            grp = _sub(sec, "descripGrp")
            _sub(grp, "descrip", definition, type="definition")
            _sub(grp, "admin", t("export.tbx.definition_source", lang), type="source")
        if lang in LANGS and item.obsolete:
            _sub(sec, "note", old_term_text(item, lang))
        preferred = False  # one preferred term a language: another official name is admitted (its note says official)
        for n in item.names[lang]:
            term = _sub(sec, "termSec")
            _sub(term, "term", n.name)
            status = ADMINISTRATIVE[n.status]
            if status == ADMINISTRATIVE["official"]:
                status, preferred = (ADMINISTRATIVE["community"] if preferred else status), True
            _sub(term, "termNote", status, type="administrativeStatus")
            source = _source(n, lang)
            if source:
                _sub(term, "admin", source, type="source")
            _sub(term, "note", _status_note(n, lang))


def render(what: str, lang: str, found: list, *, stream: bool = False) -> bytes:
    """The termbase's bytes (UTF-8 XML, indented)."""
    ET.register_namespace("", NS)
    root = ET.Element("tbx", {"type": "TBX-Basic", "style": "dca", XML_LANG: "en"})
    desc = _sub(_sub(root, "tbxHeader"), "fileDesc")
    _sub(_sub(desc, "titleStmt"), "title", "mtg-tutor: Magic: The Gathering glossary (English, Italian, Russian)")
    _sub(_sub(desc, "sourceDesc"), "p",
         f"Exported by mtg-tutor from its knowledge base: English headwords of the Comprehensive Rules glossary "
         f"({EDITION}); Italian and Russian names with their status and source; definitions written by mtg-tutor "
         f"(unofficial: the official rules text prevails).")
    body = _sub(_sub(root, "text"), "body")
    ids = {i.id: i.headword for i in found}
    for item in found:
        _entry(body, item, ids)
    _qualify(root)
    ET.indent(root, space=" ")
    pis = "".join(f'<?xml-model href="{href}" type="application/xml" schematypens="{ns}"?>\n' for href, ns in _SCHEMAS)
    xml = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{pis}{xml}\n'.encode()


def _qualify(el: ET.Element) -> None:
    """Put every element in the TBX namespace (written as the default namespace)."""
    for node in el.iter():
        if not node.tag.startswith("{"):
            node.tag = f"{{{NS}}}{node.tag}"
