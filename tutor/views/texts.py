"""Words for the knowledge base's codes: reference statuses and kinds, editor's-note kinds, check findings.

The knowledge base (and its JSON) speaks in stable codes (``title_only``, ``see_section``,
``count-mismatch``); people read these words instead, in the interface language.

>>> finding_text({"check": "count-mismatch", "entry": "it:tipo-di-carta", "says": 6, "items": 7}, "it")
"it:tipo-di-carta: il testo annuncia 6 voci, l'elenco ne ha 7"
>>> finding_text({"check": "count-mismatch", "entry": "it:vincere-la-partita", "says": 2, "items": 3}, "ru")
'it:vincere-la-partita: в тексте обещано 2 пункта, в списке 3'
"""

from __future__ import annotations

import re

from glossary.model import REF_KINDS
from tutor.i18n import t

__all__ = ["SOURCE_KEYS", "finding_text", "fix_kind", "obsolete_since", "old_term_lang", "plural", "quoted", "ref_kind",
           "ref_status", "source_name", "status_counts"]

# The built-in sources by document id (glossary.build.SOURCES), in words; other documents are named by their id.
SOURCE_KEYS = {"it-glossary-8ed": "search.src_it_glossary", "ru-glossary-10ed": "search.src_ru_glossary",
               "it-cr-2024": "search.src_wiki", "it-modern": "search.src_it_modern", "ru-modern": "search.src_ru_modern"}

# Reference statuses in the order a report lists them.
STATUS_ORDER = ("resolved", "fixed", "title_only", "missing", "unresolved")
# Editor's-note kinds with words (glossary.curation.FIX_KINDS; "other" needs none).
FIX_KINDS = ("copied-definition", "corrupted-reference", "swallowed-entry", "count-mismatch", "wrong-rule",
             "missing-section", "outdated")


def source_name(doc: str, ui: str) -> str:
    """A built-in source in words (``glossario 8ª ed.``); another document by its id."""
    return t(SOURCE_KEYS[doc], ui) if doc in SOURCE_KEYS else doc


def quoted(text: str) -> str:
    """`text` in «», unless it already has its own quotes («Incantesimo» / «Incanta Creatura»…: not doubled).

    >>> quoted("in gioco"), quoted("«Incantesimo» / «Incanta Creatura»")
    ('«in gioco»', '«Incantesimo» / «Incanta Creatura»')
    """
    return text if "«" in text else f"«{text}»"


def old_term_lang(old: dict, lang: str) -> str:
    """The language an obsolete note's old term is shown in to a reader of `lang`: theirs when the note has it,
    else English, else the other one (the text then names that language).

    >>> old_term_lang({"it": "in gioco"}, "ru"), old_term_lang({"it": "x", "en": "y"}, "ru"), old_term_lang({"ru": "z"}, "ru")
    ('it', 'en', 'ru')
    """
    if (old.get(lang) or "").strip():
        return lang
    return next((x for x in ("en", "it", "ru") if (old.get(x) or "").strip()), lang)


def obsolete_since(year: int | str, ui: str) -> str:
    """When the modern rules changed a term, in words: the curated ``year`` of an obsolete note is a year
    (``2009``), a bound (``≤ 2011``: at the latest by then), a range (``2007–2024``) or several of these
    separated by ``;``. Anything else is shown as it is.

    >>> [obsolete_since(y, "it") for y in (2009, "≤ 2011", "2007–2024", "2009; ≤ 2011")]
    ['dal 2009', 'già nel 2011', 'dal 2007 al 2024', 'dal 2009 e già nel 2011']
    >>> [obsolete_since(y, "ru") for y in ("2009", "≤ 2011", "2007-2024", "2004; 2013")]
    ['с 2009 года', 'уже в 2011 году', 'с 2007 по 2024 год', 'изменены в 2004 и 2013 годах']
    >>> obsolete_since("2009; 2024", "it")
    'cambiate nel 2009 e nel 2024'
    """
    years = [p.strip() for p in str(year).split(";")]
    if len(years) > 1 and all(re.fullmatch(r"\d{4}", y) for y in years):  # several changes: when each one came
        return t("look.changed_in", ui, years=t("look.and_in", ui).join(years))
    parts = []
    for part in str(year).split(";"):
        part = part.strip()
        if re.fullmatch(r"\d{4}", part):
            parts.append(t("look.since", ui, year=part))
        elif m := re.fullmatch(r"(?:≤|<=)\s*(\d{4})", part):
            parts.append(t("look.by", ui, year=m[1]))
        elif m := re.fullmatch(r"(\d{4})\s*[–—-]\s*(\d{4})", part):
            parts.append(t("look.range", ui, start=m[1], end=m[2]))
        elif part:
            parts.append(part)
    return t("look.and", ui).join(parts)


def plural(n: int, forms: str, ui: str) -> str:
    """The form of a noun for a count: `forms` is ``"one|many"`` (Italian) or ``"one|few|many"`` (Russian).

    >>> [plural(n, "пункт|пункта|пунктов", "ru") for n in (1, 2, 5, 11, 21, 22, 25)]
    ['пункт', 'пункта', 'пунктов', 'пунктов', 'пункт', 'пункта', 'пунктов']
    >>> plural(1, "voce|voci", "it"), plural(7, "voce|voci", "it")
    ('voce', 'voci')
    """
    from tutor.i18n.grammar import fmt  # the catalog's plural rules (tutor/i18n/grammar.py)

    return fmt("{n:" + forms + "}", ui, n=n)


def _note_text(note: object, ui: str) -> str | None:
    """A curated note ``{it, ru}`` in the interface language (Italian when it has none); None for a code."""
    if isinstance(note, dict):
        return note.get(ui) or note.get("it", "")
    return None


def ref_status(status: str, note: object, ui: str) -> str:
    """What a reference's status means, with the editor's explanation or the edition warning ("" when resolved).

    >>> ref_status("title_only", "text-not-in-sources;other-edition", "it").split(";")[0]
    'solo il titolo: il testo non è nelle fonti'
    >>> ref_status("resolved", None, "ru")
    ''
    """
    if status == "title_only":
        text = t("status_title_only", ui)
        if isinstance(note, str) and "other-edition" in note:
            text += "; " + t("status_other_edition", ui)
        return text
    if status in ("missing", "fixed", "unresolved"):
        text = t(f"status_{status}", ui)
        explained = _note_text(note, ui)
        return text + ": " + explained if explained is not None else text
    return ""


def ref_kind(kind: str, ui: str) -> str:
    """A reference kind in words ("rimando a una sezione"); the code itself for a kind without words.

    >>> ref_kind("see_section", "it"), ref_kind("see_rule", "ru")
    ('rimando a una sezione', 'ссылка на правило')
    """
    return t(f"ref_{kind}", ui) if kind in REF_KINDS else kind


def fix_kind(kind: str, ui: str) -> str | None:
    """What an editor's note corrects, in words; None for ``other`` (the note says it all).

    >>> fix_kind("copied-definition", "it"), fix_kind("other", "ru")
    ("definizione copiata da un'altra voce", None)
    """
    return t("fix_" + kind.replace("-", "_"), ui) if kind in FIX_KINDS else None


def status_counts(by_status: dict[str, int], ui: str) -> str:
    """Reference counts by status, in words, in a fixed order.

    >>> status_counts({"title_only": 55, "resolved": 187}, "it")
    'collegati a una voce o a una regola: 187, solo il titolo: 55'
    """
    order = list(STATUS_ORDER) + sorted(set(by_status) - set(STATUS_ORDER))
    return ", ".join(f"{t('refs_' + s, ui) if s in STATUS_ORDER else s}: {by_status[s]}" for s in order if s in by_status)


def finding_text(finding: dict, ui: str) -> str:
    """A source-check finding (``kb check``) as a sentence in the interface language."""
    check = finding.get("check")
    if check == "duplicate-definition":
        return t("finding_duplicate_definition", ui, entry=finding["entry"], same_as=finding["same_as"])
    if check == "count-mismatch":
        says = int(finding["says"])
        return t("finding_count_mismatch", ui, entry=finding["entry"], says=says, items=finding["items"],
                 says_items=plural(says, t("items_forms", ui), ui))
    if check == "edition-numbering":
        titles = ", ".join(f"«{title}» ({doc})" for doc, title in finding["titles"].items())
        return t("finding_edition_numbering", ui, rule=finding["rule"], titles=titles)
    return t("finding_other", ui, check=check)
