"""Plain model objects of the knowledge base.

Every parser returns these objects; they carry the source file and line they came from, so that
every definition, rule and reference can be traced back to the document it was read from.
No I/O and no UI here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = [
    "Block",
    "Concept",
    "Deferred",
    "Entry",
    "KBData",
    "Loc",
    "ParseError",
    "ParsedGlossary",
    "ParsedRules",
    "Ref",
    "Rule",
    "RulesDoc",
    "Section",
    "parse_rule_query",
    "rule_sort_key",
]


class ParseError(ValueError):
    """Input that is not in the format a parser reads. Names the file and line."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(f"{file}:{line}: {message}")
        self.file = file
        self.line = line
        self.message = message


@dataclass(frozen=True, slots=True)
class Loc:
    """Where something was read: a file name (as stored in glossary/sources or the user's path) and a 1-based line."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


# Reference kinds, as written in the sources.
REF_KINDS = (
    "see",  # "Vedi X." / "См. X" / glossary "See X."
    "see_also",  # "Vedi anche A, B." / "See also A."
    "compare",  # "Confronta con X." / "Confrontalo con X."
    "see_rule",  # "Vedi regola 609" / "See rule 113.3b"
    "see_section",  # "Vedi la Sezione 6: Leghe e Tornei" / "see section 8"
    "see_page",  # "Vedi tutti i simboli delle Edizioni di Magic." (a page outside the sources)
)


@dataclass(slots=True)
class Ref:
    """One cross-reference as written in a source, plus what it resolved to.

    `target` is set by link resolution: an entry id (``it:abilita-attivata``), a rule id
    (``rule:it:609``) or a section id (``section:it:6``). `status` is one of
    ``unresolved``, ``resolved``, ``title_only`` (the rule is known by title, its text is not in the
    sources), ``missing`` (a book section or page that is not in the sources) and ``fixed`` (resolved
    through a curated link fix, with `note` saying why).
    """

    kind: str
    text: str
    loc: Loc
    target: str | None = None
    status: str = "unresolved"
    note: dict | str | None = None  # curated editor's note {it, ru} or a plain explanation


@dataclass(slots=True)
class Block:
    """A piece of a definition: a paragraph, or a bulleted / numbered list (items may nest one level)."""

    kind: str  # "para" | "bullets" | "numbered"
    items: list[str]
    loc: Loc
    # For numbered lists with sub-items (the Italian "Turno" entry): item index -> sub-items.
    sub: dict[int, list[str]] = field(default_factory=dict)

    def text(self) -> str:
        if self.kind == "para":
            return self.items[0]
        lines = []
        for i, item in enumerate(self.items):
            mark = "•" if self.kind == "bullets" else f"{i + 1}."
            lines.append(f"{mark} {item}")
            for j, s in enumerate(self.sub.get(i, [])):
                lines.append(f"   {j + 1}. {s}")
        return "\n".join(lines)


@dataclass(slots=True)
class Entry:
    """A glossary entry: one headword in one language, as one source defines it."""

    id: str  # "it:abilita-attivata", "ru:aktiviruemaya-sposobnost", "en-2022-04-29:ability"
    lang: str  # "it" | "ru" | "en"
    term: str  # headword as displayed (after curated corrections, e.g. restored symbols)
    blocks: list[Block]
    refs: list[Ref]
    loc: Loc
    doc: str  # id of the source document
    raw_term: str | None = None  # headword exactly as in the source, when curation changed it
    concept: str | None = None  # concept id, set by alignment

    def text(self) -> str:
        return "\n\n".join(b.text() for b in self.blocks)


_RULE_NUM = re.compile(r"^(\d{1,3})(?:\.(\d{1,3})([a-z]?))?$")


def rule_sort_key(number: str) -> tuple:
    """Sortable key of a rule number: ``"113.3b"`` -> ``(113, 3, "b")``; sections ``"1"`` sort first.

    >>> sorted(["113.10", "113.3b", "113.3", "113", "2"], key=rule_sort_key)
    ['2', '113', '113.3', '113.3b', '113.10']
    """
    m = _RULE_NUM.match(number)
    if not m:
        return (10_000, number)
    major = int(m.group(1))
    if m.group(2) is None:
        return (major, -1, "")
    return (major, int(m.group(2)), m.group(3))


@dataclass(slots=True)
class Rule:
    """A numbered rule (``"113"``, ``"113.3"``, ``"113.3b"``) of one rules document."""

    number: str
    title: str | None  # rules like "113" have a title; sub-rules have none
    text: str  # "" when only the title is known
    examples: list[str]
    lang: str
    doc: str
    loc: Loc
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    refs: list[Ref] = field(default_factory=list)


@dataclass(slots=True)
class Section:
    """A section of the rules (``"1"`` .. ``"9"``) with its title."""

    number: str
    title: str
    lang: str
    doc: str
    loc: Loc
    rules: list[str] = field(default_factory=list)  # numbers of the three-digit rules in it


@dataclass(slots=True)
class RulesDoc:
    """A rules document (an official Comprehensive Rules text, or a partial copy)."""

    id: str  # "it-cr-wiki-2024", "en-2022-04-29"
    lang: str
    title: str
    effective: str | None  # ISO date when known ("2022-04-29"), or a description
    file: str
    complete: bool  # True for a full Comprehensive Rules document


@dataclass(slots=True)
class ParsedGlossary:
    doc: str
    lang: str
    entries: list[Entry]
    # Headwords listed in a table of contents, when the source has one: (text, line).
    toc: list[tuple[str, int]] = field(default_factory=list)
    # Known terms that are not entries (e.g. the wiki's navigation boxes): (term, group, line).
    terms: list[tuple[str, str, int]] = field(default_factory=list)


@dataclass(slots=True)
class ParsedRules:
    doc: RulesDoc
    sections: list[Section]
    rules: list[Rule]
    glossary: list[Entry] = field(default_factory=list)
    # Lines that were read but belong to no rule (stray fragments): (line, text).
    stray: list[tuple[int, str]] = field(default_factory=list)
    credits: str = ""
    # Extra known terms (the wiki's navigation boxes): (term, group, line).
    terms: list[tuple[str, str, int]] = field(default_factory=list)


@dataclass(slots=True)
class Concept:
    """One idea, with its headwords in each language (from the curated alignment)."""

    id: str  # stable ASCII slug, e.g. "activated-ability"
    en: list[str]
    it: list[str]
    ru: list[str]
    entries: list[str] = field(default_factory=list)  # entry ids
    obsolete: dict | None = None  # {"year", "old": {..}, "modern": {it, ru, en}, "note": {it, ru}}
    note: dict | None = None
    rules: list[str] = field(default_factory=list)  # rule numbers about this concept
    extra: dict[str, list[str]] = field(default_factory=dict)  # lang -> names found by search only (also, old)
    # concepts.yaml's own unofficial definition {it, ru}, for a concept the Foundations glossary has no headword for
    definition: dict | None = None


class Deferred(Mapping):
    """A mapping that stays a pickle until it is first read: the index keeps the rules (a third of its load
    with the English rules imported) this way, since a lookup reads none of them (its rule hits' titles are
    in `KBData.rule_titles`). Read-only; safe to read from several threads (one of them unpickles)."""

    __slots__ = ("_blob", "_value", "_lock")

    def __init__(self, blob: bytes) -> None:
        import _thread

        self._blob, self._value, self._lock = blob, None, _thread.allocate_lock()

    def _mapping(self) -> dict:
        value = self._value
        if value is None:
            with self._lock:
                if self._value is None:
                    import gc
                    import pickle

                    enabled = gc.isenabled()
                    gc.disable()  # tens of thousands of new objects: nothing for the collector to free
                    try:
                        self._value = pickle.loads(self._blob)
                    finally:
                        if enabled:
                            gc.enable()
                    self._blob = b""
                value = self._value
        return value

    @property
    def loaded(self) -> bool:
        """Whether the mapping has been unpickled."""
        return self._value is not None

    def __getitem__(self, key):
        return self._mapping()[key]

    def __iter__(self):
        return iter(self._mapping())

    def __len__(self) -> int:
        return len(self._mapping())

    def __contains__(self, key) -> bool:
        return key in self._mapping()

    def get(self, key, default=None):
        return self._mapping().get(key, default)

    def keys(self):
        return self._mapping().keys()

    def items(self):
        return self._mapping().items()

    def values(self):
        return self._mapping().values()

    def __reduce__(self):
        return (Deferred, (self._blob,)) if self._value is None else (dict, (self._value,))


@dataclass(slots=True)
class KBData:
    """Everything the compiled index holds (plain data, picklable; `glossary.build` fills it, the cache keeps it).

    It lives here, beside the objects it holds, so that loading it from the cache imports neither the
    builder nor its parsers and YAML reader.
    """

    entries: dict[str, Entry] = field(default_factory=dict)
    concepts: dict[str, Concept] = field(default_factory=dict)
    entry_concept: dict[str, str] = field(default_factory=dict)
    docs: dict[str, RulesDoc] = field(default_factory=dict)
    rules: dict[str, Rule] = field(default_factory=dict)  # "doc:number" -> Rule (a `Deferred` one from the cache)
    rule_titles: dict[str, str] = field(default_factory=dict)  # "doc:number" -> title, for the rules that have one
    rules_by_number: dict[str, list[str]] = field(default_factory=dict)  # number -> keys, best first
    sections: dict[str, Section] = field(default_factory=dict)  # "doc:number" -> Section
    names: dict[str, list[str]] = field(default_factory=dict)  # entry id -> every name it goes by
    backlinks: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # target -> (source id, ref index)
    notes: dict[str, dict] = field(default_factory=dict)  # entry id -> {"fixes": [...], "original": str}
    terms: list[tuple[str, str, str, int]] = field(default_factory=list)  # known terms: (term, group, file, line)
    stray: list[tuple[str, int, str]] = field(default_factory=list)  # (file, line, text)
    sources: list[dict] = field(default_factory=list)
    checks: list[dict] = field(default_factory=list)  # findings of the automatic source checks
    # The rules digest (glossary/curated/digest/): unofficial summaries of the Foundations rules.
    summaries: dict[str, dict[str, str]] = field(default_factory=dict)  # rule number -> {"it", "ru"}
    summary_where: dict[str, str] = field(default_factory=dict)  # rule number -> "file:line"
    digest_edition: str = ""  # the edition the summaries follow ("2024-11-08")
    toc_ru: dict[str, dict[str, str]] = field(default_factory=dict)  # {"sections": {..}, "rules": {..}}: Russian titles
    foundations: list[str] = field(default_factory=list)  # every rule number of the Foundations edition, in order
    # The same rule in other editions: document id -> {Foundations number -> that document's number}.
    same_rule: dict[str, dict[str, str]] = field(default_factory=dict)
    # Rules of older editions that the modern rules contradict: rule key -> concept ids (their obsolete notes).
    modern_notes: dict[str, list[str]] = field(default_factory=dict)
    modern_headwords: list[str] = field(default_factory=list)  # the Foundations glossary's headwords, in order
    # The modern glossary (glossary.modern): concept id -> {"headword", "definition": {it, ru}, "names", "see",
    # "records"} (a `Deferred` one from the cache: a lookup reads none of it).
    modern: dict[str, dict] = field(default_factory=dict)
    search: object = None  # glossary.search.SearchIndex, built last


_RULE_QUERY = re.compile(
    r"^\s*(?:(?:regola|regole|reg|правило|правила|пр|rule|rules|cr|r)\.?\s*)?(\d{1,3}(?:\.\d{1,3}[a-z]?)?)\.?\s*$",
    re.IGNORECASE,
)


def parse_rule_query(text: str) -> str | None:
    """The rule number a query asks for, if it is one.

    >>> parse_rule_query("regola 202.3"), parse_rule_query("правило 702"), parse_rule_query("r 510"), parse_rule_query("113.3B")
    ('202.3', '702', '510', '113.3b')
    >>> parse_rule_query("cimitero") is None
    True
    """
    m = _RULE_QUERY.match(text)
    return m.group(1).lower() if m else None
