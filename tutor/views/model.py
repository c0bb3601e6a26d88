"""The presentation model: what a page shows, in the interface language, ready for any renderer.

Frozen values built by `tutor.views.pages` from the knowledge base; the Rich renderer (`tutor.render`)
and the Textual document view (`tutor.app.widgets.document`) only lay them out and style them. Every
text is already in the interface language; a link carries where it leads as a typed location (None
when it leads nowhere we have).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.views.links import MentionedRule
from tutor.views.locations import EntryLocation, Location, RuleLocation

__all__ = [
    "Backlink",
    "Block",
    "ConceptLine",
    "EditorNote",
    "Edition",
    "EntryPage",
    "Link",
    "MentionedRule",
    "ModernDefinition",
    "NameLine",
    "RuleSummaryLine",
    "OtherText",
    "ModernNote",
    "OtherEntry",
    "OtherLanguage",
    "RulePage",
    "SubRule",
    "Summary",
]


@dataclass(frozen=True, slots=True)
class Block:
    """A piece of a definition: a paragraph, or a bulleted / numbered list whose items may have sub-items."""

    kind: str  # "para" | "bullets" | "numbered"
    items: tuple[str, ...]
    sub: tuple[tuple[str, ...], ...] = ()  # sub-items of each item (same length as `items`, or empty)

    def marks(self) -> list[tuple[str, str, list[tuple[str, str]]]]:
        """Each item with its mark (``•`` or ``1.``) and its numbered sub-items: ``[(mark, item, [(mark, sub)])]``."""
        out = []
        for i, item in enumerate(self.items):
            subs = self.sub[i] if i < len(self.sub) else ()
            mark = "•" if self.kind == "bullets" else f"{i + 1}."
            out.append((mark, item, [(f"{j + 1}.", s) for j, s in enumerate(subs)]))
        return out

    def text(self) -> str:
        """The block as plain text (a list one item a line, sub-items indented)."""
        if self.kind == "para":
            return self.items[0]
        lines = []
        for mark, item, subs in self.marks():
            lines.append(f"{mark} {item}")
            lines.extend(f"   {m} {s}" for m, s in subs)
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class ModernNote:
    """How the modern rules say it: an obsolete term's note and today's terms."""

    heading: str  # "Nelle regole moderne (2009)"
    text: str
    terms_label: str  # "Termine attuale"
    terms: tuple[tuple[str, str], ...]  # (term, language code), Italian, Russian, English


@dataclass(frozen=True, slots=True)
class EditorNote:
    """An editor's note on a defect of the source (copied definition, wrong count…)."""

    heading: str  # "Nota della redazione"
    kind: str | None  # what was wrong, in words ("definizione copiata"); None when the note says it all
    text: str


@dataclass(frozen=True, slots=True)
class OtherEntry:
    """An entry of the same concept in another language."""

    location: EntryLocation
    term: str
    lang: str
    definition: str
    source: str  # "file:line"
    open_hint: str = ""  # "per leggerla: mtg-tutor show ru:mig" (the terminal shows this instead of the text)


@dataclass(frozen=True, slots=True)
class OtherLanguage:
    """One other language: its entries, or a sentence naming the concept when the sources have none."""

    lang: str
    entries: tuple[OtherEntry, ...]
    missing: str | None  # "Nessuna voce in russo nelle fonti; il concetto in russo si chiama: …"


@dataclass(frozen=True, slots=True)
class ConceptLine:
    """The concept an entry belongs to, its names in every language and the rules about it."""

    label: str  # "Concetto"
    id: str
    names: tuple[tuple[str, tuple[str, ...]], ...]  # (language code, names): en, it, ru
    rules_label: str  # "Regole"
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Link:
    """A reference as a link: what it is called, what it says about itself, where it leads."""

    title: str  # the title of what it points to, or the reference as written
    number: str | None  # a rule number not already in the title
    status: str  # the full status ("solo il titolo: il testo non è nelle fonti; …"), "" when it simply resolves
    brief: str  # the short status for a list of links ("non nelle fonti"), "" when none
    source: str  # where the reference is written: "file:line"
    target: Location | None  # None: it leads to nothing we have (a book section, a page, a missing rule)


@dataclass(frozen=True, slots=True)
class Backlink:
    """Something that refers to this page."""

    term: str
    lang: str
    source_id: str  # the entry id or rule key, as `show` and `rule --doc` accept it
    target: Location


@dataclass(frozen=True, slots=True)
class SubRule:
    """A sub-rule of a rule, as a link."""

    number: str
    target: RuleLocation


@dataclass(frozen=True, slots=True)
class Edition:
    """The same rule number in another rules document (an older edition, imported rules)."""

    doc: str
    lang: str
    effective: str | None
    title: str | None
    status: str | None  # "solo il titolo: …" when that document has only the title
    target: RuleLocation


@dataclass(frozen=True, slots=True)
class Summary:
    """An unofficial summary of a rule (the bilingual digest), marked as such, in one language; `other` holds
    the same summary in the other language (each with its own heading), a key away in the app."""

    heading: str  # "Riassunto non ufficiale (dalle Regole Complete in inglese, 2024-11-08)"
    text: str
    note: str  # "Fa fede il testo ufficiale delle regole."
    lang: str = ""
    other: tuple[Summary, ...] = ()


@dataclass(frozen=True, slots=True)
class OtherText:
    """The official text of the same rule in another language's edition (the imported English rules)."""

    heading: str  # "Testo ufficiale in inglese (en-2022-04-29, in vigore dal 2022-04-29)"
    number: str  # that edition's number for the rule
    text: str
    example_label: str
    examples: tuple[str, ...]
    same_rule: str | None  # "Nell'edizione del 2022-04-29 è la 509.4." when the number differs
    modern: ModernNote | None  # what the modern rules say instead (an older edition's rule)
    target: RuleLocation


@dataclass(frozen=True, slots=True)
class NameLine:
    """One name of a concept in one language, with its status in words
    ("pila — ufficiale, dal 2010, fonte: S14")."""

    lang: str
    name: str
    status: str  # the status, since / until and source, in words
    kind: str = ""  # "" for a name, "anche" / "un tempo" for another or an old form
    definition: str = ""  # an obsolete headword's own short definition, in the page's language


@dataclass(frozen=True, slots=True)
class RuleSummaryLine:
    """A rule the concept is about, with its unofficial summary in the page's language."""

    number: str
    text: str
    target: RuleLocation


@dataclass(frozen=True, slots=True)
class ModernDefinition:
    """The modern glossary's unofficial definition of a concept in the page's language, marked as such."""

    heading: str  # "Definizione non ufficiale (dal glossario delle Regole Complete in inglese, 2024-11-08)"
    text: str
    note: str  # "fa fede il testo ufficiale"


@dataclass(frozen=True, slots=True)
class EntryPage:
    """A glossary entry with everything around it."""

    location: EntryLocation
    term: str
    lang: str
    corrected: str | None  # "testo corretto dalla redazione" when an editor replaced the definition
    blocks: tuple[Block, ...]
    modern: ModernNote | None
    notes: tuple[EditorNote, ...]
    original_label: str  # "Testo originale della fonte"
    original: str | None  # the source's text, when an editor's note replaced it
    restored: str | None  # a sentence saying that symbols were restored (the original is in the JSON)
    other: tuple[OtherLanguage, ...]
    concept: ConceptLine | None
    links_heading: str
    links: tuple[Link, ...]
    unresolved_heading: str
    unresolved: tuple[Link, ...]
    backlinks_heading: str
    backlinks: tuple[Backlink, ...]
    source: str  # "Fonte: file:line (document)"
    mentioned_heading: str = ""
    mentioned: tuple[MentionedRule, ...] = ()  # rule numbers in the definition and notes, as links
    # The modern glossary (issue 21): the English name, the page of the modern glossary itself (`modern_page`: its
    # body is the unofficial definition), the definition on a source's page, the names with their status, the
    # summaries of the concept's rules, and the heading of the other language's source text below.
    english: str = ""  # "in inglese: Stack"
    modern_page: bool = False
    modern_definition: ModernDefinition | None = None
    names_heading: str = ""
    names: tuple[NameLine, ...] = ()
    summaries_heading: str = ""
    summaries: tuple[RuleSummaryLine, ...] = ()
    other_heading: str = ""  # "Nelle fonti, in russo"

    @property
    def definition(self) -> str:
        """The definition as plain text, blocks separated by a blank line."""
        return "\n\n".join(b.text() for b in self.blocks)


@dataclass(frozen=True, slots=True)
class RulePage:
    """A rule of one rules document with its sub-rules, links and other editions."""

    location: RuleLocation
    number: str
    title: str | None
    heading: str  # "113. Abilità" or "113.3b"
    parent_heading: str | None  # "113. Abilità" for a sub-rule known without its own title
    text: str
    no_text: str | None  # "Il testo di questa regola non è nelle fonti…" when there is neither text nor sub-rules
    example_label: str
    examples: tuple[str, ...]
    summary: Summary | None  # the unofficial digest, when there is one
    subrules_heading: str
    subrules: tuple[SubRule, ...]
    warning: str | None  # the current title differs: this text uses an older numbering
    links_heading: str
    links: tuple[Link, ...]
    backlinks_heading: str
    backlinks: tuple[Backlink, ...]
    editions_heading: str
    editions: tuple[Edition, ...]
    document: str  # "Documento: … (in vigore: …)"
    source: str  # "file:line"
    modern: ModernNote | None = None  # an older edition's rule that the modern rules contradict
    edition_notes: tuple[str, ...] = ()  # "Nell'edizione del 2022-04-29 è la 509.4.", "… non c'è."
    english: OtherText | None = None  # the same rule in the imported English edition
    get_text: str | None = None  # where to get the official text, on a page that has only the summary
    mentioned_heading: str = ""
    mentioned: tuple[MentionedRule, ...] = ()  # rule numbers in its texts, as links
