"""Parser of the Italian MTG wiki page "Abilità" (source ``it_wiki_abilita_cr2024.txt``).

What it holds, in order, among site chrome ("Iscriviti", "Advertisement", "Fan Feed"):
- the article: a title line, ``Modifica``, introduction paragraphs (kept as a glossary entry);
- ``Tratto dal Regolamento (Aggiornato a ..., 23 Novembre 2024)`` then rule 113 as nested bullets
  (``• 113.1 ...``, ``• 113.1a ...``, ``• Esempio: ...``);
- navigation boxes: a group name followed by terms separated by ``•`` (evergreen keywords, keyword
  actions, ability words, retired terms ...);
- ``Regolamento`` and the table of contents of the Comprehensive Rules: ``1. Concetti di Base 100.
  Generale • 101. ...`` (sections 1–9, rules 100–905 with their Italian titles).
"""

from __future__ import annotations

import re

from glossary.model import Block, Entry, Loc, ParsedRules, ParseError, Rule, RulesDoc, Section
from glossary.parsers.crtext import find_rule_refs
from glossary.text import slugify, strip_controls

__all__ = ["NAV_GROUPS", "parse_wiki"]

_CHROME = {
    "Iscriviti", "Advertisement", "Non hai un account?", "Modifica", "Fan Feed", "pagine",
    "Magic: the Gathering Wiki", "More Magic: the Gathering Wiki",
}
_MONTHS = {m: i for i, m in enumerate(
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split(), 1)}
_EFFECTIVE = re.compile(r"Aggiornato a ([^,]+),\s*(\d{1,2})\s+(\w+)\s+(\d{4})", re.IGNORECASE)
_RULE_HEAD = re.compile(r"^(\d{3})\.\s+(\S.*)$")
_RULE_LINE = re.compile(r"^(\s*)[•·*]\s*(\d{3}\.\d+[a-z]?)\.?\s+(.*)$")
_EXAMPLE = re.compile(r"^(\s*)[•·*]\s*Esempio\s*:\s*(.*)$")
_TOC_SECTION = re.compile(r"^([1-9])\.\s+(.+?)\s+(?=\d{3}\.?\s)")
_TOC_RULE = re.compile(r"(\d{3})\.?\s+(.+?)(?=\s+•\s+\d{3}\.?\s|\s*$)")

# The navigation boxes' group names (a group name and its first term are not otherwise separable).
NAV_GROUPS = (
    "Terminologia", "Raggruppamenti", "Evergreen", "Azioni definite da parola chiave",
    "Abilità definite da parola chiave", "Parola-abilità", "Dismesse", "Playtest", "Digitali",
    "Un-set", "Termini di gioco", "Mai rilasciate",
)


def _split_terms(rest: str) -> list[str]:
    """Split ``A • B (C • D) • E`` into terms; a parenthesised list adds its items after its head."""
    out: list[str] = []
    depth = 0
    cur = ""
    for ch in rest + " • ":
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
        if depth == 0 and cur.endswith(" • "):
            term = cur[:-3].strip()
            cur = ""
            if not term:
                continue
            m = re.match(r"^(.*?)\s*\((.*•.*)\)$", term)
            if m:
                out.append(m.group(1).strip())
                out.extend(t.strip() for t in m.group(2).split("•") if t.strip())
            else:
                out.append(term)
    return out


def _effective(line: str) -> str | None:
    m = _EFFECTIVE.search(line)
    if not m:
        return None
    month = _MONTHS.get(m.group(3).lower())
    return f"{m.group(4)}-{month:02d}-{int(m.group(2)):02d}" if month else None


def parse_wiki(text: str, file: str, doc: str = "it-cr-2024") -> ParsedRules:
    """Parse the wiki page; raise ParseError when it holds neither rules nor a rules table of contents."""
    lines = strip_controls(text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")).split("\n")
    rules: dict[str, Rule] = {}
    order: list[str] = []
    sections: list[Section] = []
    terms: list[tuple[str, str, int]] = []
    intro: list[Block] = []
    title: str | None = None
    effective: str | None = None
    state = "head"  # head -> intro -> rules -> nav -> toc
    last_rule: Rule | None = None

    def add(rule: Rule) -> None:
        if rule.number not in rules:
            order.append(rule.number)
        rules[rule.number] = rule

    for idx, raw in enumerate(lines):
        lineno = idx + 1
        line = raw.strip()
        if not line or line in _CHROME or line.startswith("I contenuti della comunità"):
            continue
        loc = Loc(file, lineno)
        if line.startswith("Tratto dal Regolamento"):
            effective = _effective(line)
            state = "rules"
            continue
        if state == "head":
            if line.startswith("in: ") or line[:1].isdigit():
                continue
            if lines[idx + 1 : idx + 3] and any(x.strip() == "Modifica" for x in lines[idx + 1 : idx + 4]):
                title, state = line, "intro"
            continue
        if state == "intro":
            if line.endswith("[]"):  # the page's empty tab headings ("In uso[]", "Regolamento[]")
                continue
            intro.append(Block("para", [line], loc))
            continue
        if state == "rules":
            head = _RULE_HEAD.match(line)
            if head and not raw.startswith(" "):
                last_rule = Rule(head.group(1), head.group(2), "", [], "it", doc, loc)
                add(last_rule)
                continue
            rl = _RULE_LINE.match(raw)
            if rl:
                last_rule = Rule(rl.group(2), None, rl.group(3).strip(), [], "it", doc, loc)
                last_rule.refs = find_rule_refs(last_rule.text, loc)
                add(last_rule)
                continue
            ex = _EXAMPLE.match(raw)
            if ex and last_rule is not None:
                last_rule.examples.append(ex.group(2).strip())
                last_rule.refs.extend(find_rule_refs(ex.group(2), loc))
                continue
            state = "nav"  # the rules are over: the navigation boxes follow
        if state == "nav":
            if line == "Regolamento":
                state = "toc"
                continue
            group = next((g for g in NAV_GROUPS if line.startswith(g + " ")), None)
            if group:
                terms.extend((t, group, lineno) for t in _split_terms(line[len(group) + 1 :]))
            continue
        if state == "toc":
            sm = _TOC_SECTION.match(line)
            if not sm:
                continue
            sec = Section(sm.group(1), sm.group(2).strip(), "it", doc, loc)
            for rm in _TOC_RULE.finditer(line, sm.end()):
                num, rtitle = rm.group(1), rm.group(2).strip()
                sec.rules.append(num)
                if num in rules:
                    rules[num].title = rules[num].title or rtitle
                else:
                    add(Rule(num, rtitle, "", [], "it", doc, loc))
            sections.append(sec)
    if not rules:
        raise ParseError(file, 1, "no rules and no rules table of contents found: not the wiki 'Abilità' page format")
    # Parents and children of the numbered rules.
    for num in order:
        if "." in num:
            parent = num.rstrip("abcdefghijkmnpqrstuvwxyz") if num[-1].isalpha() else num.split(".")[0]
            if parent in rules:
                rules[num].parent = parent
                rules[parent].children.append(num)
    rdoc = RulesDoc(doc, "it", "Regolamento completo (MTG Wiki)", effective, file, complete=False)
    glossary = []
    if title and intro:
        glossary.append(Entry(f"it-wiki:{slugify(title)}", "it", title, intro, [], intro[0].loc, doc))
    return ParsedRules(doc=rdoc, sections=sections, rules=[rules[n] for n in order], glossary=glossary, terms=terms)
