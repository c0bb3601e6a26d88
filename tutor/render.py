"""Rich rendering for people (the CLI's non-JSON output): entry and rule pages of the presentation model
(`tutor.views`), search results, the knowledge-base check and scenario runs.

Mana and tap symbols in Comprehensive Rules notation (``{W}``, ``{T}``, ``{2}``) are shown as
coloured glyphs; ``{?}`` marks a symbol lost from the source.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Span, Text

from glossary.text import has_controls, strip_controls
from tutor.i18n import t

if TYPE_CHECKING:  # the presentation model is imported by the commands that build pages (start-up: `lookup`)
    from tutor.views.model import Backlink, Block, EntryPage, Link, RulePage, Summary

__all__ = ["name_line", "render_check", "render_entry", "render_lookup", "render_rule", "render_section", "safe_text",
           "symbol_text"]

_SYMBOL = re.compile(r"\{([^{}\s]{1,8})\}")
_STYLES = {
    "W": "bold black on #f8f6d8", "U": "bold white on #0e68ab", "B": "bold white on #2b2b2b",
    "R": "bold white on #d3202a", "G": "bold white on #00733e", "C": "bold black on #ccc2c0",
    "T": "bold black on #d0d0d0", "?": "bold white on #8a2be2",
}


def name_line(n, indent: str = "") -> Text:
    """One of a concept's names on its page (the terminal's and the app's): language, kind, the name in bold, its
    status, and an obsolete headword's own definition below it."""
    line = Text(f"{indent}{n.lang}: ")
    if n.kind:
        line.append(f"({n.kind}) ", style="dim")
    line.append_text(symbol_text(n.name, "bold"))
    line.append(f" — {n.status}", style="dim")
    if n.definition:
        line.append(f"\n{indent}    ")
        line.append_text(symbol_text(n.definition, "italic"))
    return line


def symbol_text(text: str, style: str = "") -> Text:
    """Text with ``{X}`` symbols rendered as small coloured badges."""
    out = Text(style=style)
    pos = 0
    for m in _SYMBOL.finditer(text):
        out.append(text[pos : m.start()])
        sym = m.group(1)
        out.append(f"{{{sym}}}", style=_STYLES.get(sym[:1] if sym[:1] in "WUBRGCT?" else "C", "bold"))
        pos = m.end()
    out.append(text[pos:])
    return out


def safe_text(text: Text | str | None) -> Text:
    """Plain text for a widget or the console: a str is never read as markup, and control characters
    are dropped with the styles kept (a last guard: texts are cleaned where they enter the program).

    >>> safe_text("[bold]x[/] [@click=app.quit]q[/]").plain
    '[bold]x[/] [@click=app.quit]q[/]'
    >>> t = Text("ab\\x1b[2Jcd\\x9b"); t.stylize("bold", 0, 2); t.stylize("red", 2)
    >>> clean = safe_text(t); clean.plain, [(s.start, s.end, str(s.style)) for s in clean.spans]
    ('abcd', [(0, 2, 'bold'), (2, 4, 'red')])
    """
    if text is None:
        return Text("")
    if isinstance(text, str):
        return Text(strip_controls(text))
    if not has_controls(text.plain):
        return text
    cuts = sorted({0, len(text.plain)} | {x for span in text.spans for x in (span.start, span.end)})
    out = text.blank_copy()
    for piece in text.divide(cuts[1:-1]):  # each piece lies wholly inside or outside every span
        clean = strip_controls(piece.plain)
        out.append_text(Text(clean, style=piece.style, spans=[Span(0, len(clean), s.style) for s in piece.spans]))
    return out


def _link_line(link: Link) -> Text:
    line = Text("→ ")
    line.append(link.title, style="bold cyan")
    if link.number:
        line.append(f" [{link.number}]", style="cyan")
    if link.status:
        line.append(f"  ({link.status})", style="yellow")
    if link.source:  # only for a developer (tutor.debug)
        line.append(f"  {link.source}", style="dim")
    return line


def _links(console: Console, heading: str, links: tuple[Link, ...]) -> None:
    if links:
        console.print(Text(heading, style="bold"))
        for link in links:
            console.print(_link_line(link))


def _backlinks(console: Console, heading: str, backlinks: tuple[Backlink, ...]) -> None:
    if backlinks:
        console.print(Text(heading, style="bold"))
        for b in backlinks:
            console.print(Text(f"← {b.term} [{b.lang}]" + (f"  ({b.source_id})" if b.source_id else "")))


def render_lookup(console: Console, result: dict, ui: str) -> None:
    """Search hits (`mtg-tutor lookup`) as a table: term, kind, language, translations (and the search's score,
    for a developer: `tutor.debug`)."""
    from tutor import debug

    scores = debug.enabled()
    table = Table(show_edge=False, header_style="bold")
    for key in ("col_term", "col_kind", "col_lang", "col_translations", "col_score")[:5 if scores else 4]:
        table.add_column(t(key, ui), overflow="fold")
    for h in result["hits"]:
        # English (the bridge) and the learner's own name: never the third language's to a learner of one
        other = [f"{lang}: {', '.join(v)}" for lang, v in h["translations"].items()
                 if lang != h["lang"] and v and lang in ("en", ui)]
        table.add_row(symbol_text(h["term"], "bold"), t(f"kind_{h['kind']}", ui), h["lang"],
                      symbol_text("; ".join(other)), *([f"{h['score']:.0f}"] if scores else []))
    console.print(table)


def _definition(blocks: tuple[Block, ...]) -> Group:
    parts = []
    for b in blocks:
        if b.kind == "para":
            parts.append(symbol_text(b.items[0]))
            continue
        for mark, item, subs in b.marks():
            parts.append(symbol_text(f"  {mark} {item}"))
            parts.extend(symbol_text(f"      {m} {sub}") for m, sub in subs)
    return Group(*parts)


def render_entry(console: Console, page: EntryPage) -> None:
    """An entry page (`mtg-tutor show`): the definition, notes, the other language, concept, links, source."""
    title = symbol_text(page.term, "bold")
    title.append(f"  [{page.lang}]", style="dim")
    if page.english:
        title.append(f"  {page.english}", style="dim")
    if page.corrected:
        title.append(f"  ✎ {page.corrected}", style="magenta")
    body = _definition(page.blocks)
    if page.modern_page and page.modern_definition:  # the page's definition is the modern glossary's: said so
        m = page.modern_definition
        body = Group(body, Text(f"{m.heading}. {m.note}", style="dim italic"))
    console.print(Panel(body, title=title, title_align="left", border_style="blue"))
    if page.modern:
        m = page.modern
        body = Text(m.text)
        body.append(f"\n{m.terms_label}: ", style="bold")
        body.append(" / ".join(f"{term} ({lang})" for term, lang in m.terms))
        console.print(Panel(body, title=Text(m.heading), title_align="left", border_style="bold yellow"))
    for note in page.notes:
        heading = f"{note.heading} ({note.kind})" if note.kind else note.heading
        console.print(Panel(Text(note.text), title=Text(heading), title_align="left", border_style="magenta"))
    if page.original:
        console.print(Panel(symbol_text(page.original, "dim"), title=Text(page.original_label), title_align="left",
                            border_style="dim"))
    if page.restored:
        console.print(Text(page.restored, style="dim"))
    if page.modern_definition and not page.modern_page:
        m = page.modern_definition
        body = symbol_text(m.text)
        body.append(f"\n{m.note}", style="dim italic")
        console.print(Panel(body, title=Text(m.heading), title_align="left", border_style="green"))
    _names(console, page)
    if page.summaries:
        console.print(Text(page.summaries_heading, style="bold"))
        for x in page.summaries:
            line = Text("→ ")
            line.append(x.number, style="bold cyan")
            line.append("  ")
            line.append_text(symbol_text(x.text))
            console.print(line)
    if page.concept:
        c = page.concept
        line = Text(f"{c.label}: ", style="bold")
        line.append((f"{c.id} — " if c.id else "") + "; ".join(f"{lang}: {', '.join(names)}" for lang, names in c.names))
        if c.rules:
            line.append(f"  {c.rules_label}: {', '.join(c.rules)}", style="cyan")
        console.print(line)
    _mentioned(console, page.mentioned_heading, page.mentioned)
    _links(console, page.links_heading, page.links)
    _links(console, page.unresolved_heading, page.unresolved)
    _backlinks(console, page.backlinks_heading, page.backlinks)
    # The other language's source entries, folded: their headwords and how to open them (a reader of one language
    # is not given the other's text; `show ID` and --json have it).
    if any(o.entries for o in page.other) and page.other_heading:
        console.print(Text(page.other_heading, style="bold"))
    for other in page.other:
        for o in other.entries:
            line = Text("  ")
            line.append_text(symbol_text(o.term, "bold"))
            line.append(f"  [{o.lang}]  {o.open_hint}", style="dim")
            console.print(line)
        if other.missing:
            console.print(Text(other.missing, style="green"))
    console.print(Text(page.source, style="dim"))


def _names(console: Console, page: EntryPage) -> None:
    """The concept's names in English, Italian and Russian, each with its status."""
    if not page.names:
        return
    console.print(Text(page.names_heading, style="bold"))
    for n in page.names:
        console.print(name_line(n, "  "))


def _mentioned(console: Console, heading: str, rules) -> None:
    """The rule numbers a page's texts mention, one a line, with where they lead."""
    if not rules:
        return
    console.print(Text(heading, style="bold"))
    for m in rules:
        line = Text("→ ")
        line.append(m.number, style="bold cyan")
        if m.title:
            line.append(f"  {m.title}")
        if m.brief:
            line.append(f"  ({m.brief})", style="yellow")
        console.print(line)


def _summary_panel(summary: Summary) -> Panel:
    body = symbol_text(summary.text)
    body.append(f"\n{summary.note}", style="dim italic")
    return Panel(body, title=summary.heading, title_align="left", border_style="green")


def _modern_panel(modern) -> Panel:
    return Panel(Text(modern.text), title=modern.heading, title_align="left", border_style="bold yellow")


def render_section(console: Console, section: dict, ui: str) -> None:
    """A section of the rules (`mtg-tutor rule 5`): its title and its three-digit rules, titled in the
    interface language where we have it (the Russian titles are ours, from the digest), else in Italian."""
    def title(titles: dict) -> str:
        return titles.get(ui) or titles.get("it") or titles.get("en") or ""

    lines = [Text(f"{r['number']}. {title(r['title'])}") for r in section["rules"]]
    if section["rules"]:
        lines.append(Text(t("section.open_rule", ui, example=section["rules"][0]["number"]), style="dim"))
    head = Text(f"{section['section']}. {title(section['title'])}", style="bold")
    console.print(Panel(Group(*lines), title=head, title_align="left", border_style="blue"))


def render_rule(console: Console, page: RulePage) -> None:
    """A rule page (`mtg-tutor rule`): the official text in the source languages, the unofficial summary in
    the interface language and then in the other one, the English text of the imported edition, notes on
    other editions, the rules the texts mention, links, other editions, document."""
    head = page.heading
    if page.parent_heading:
        head += f"  ({page.parent_heading})"
    body: list = []
    if page.text:
        body.append(symbol_text(page.text))
    elif page.no_text:
        body.append(Text(page.no_text, style="yellow"))
    for ex in page.examples:
        line = Text(f"{page.example_label}: ", style="italic bold")
        line.append(symbol_text(ex, "italic"))
        body.append(line)
    if page.subrules:
        body.append(Text(f"{page.subrules_heading}: {', '.join(s.number for s in page.subrules)}", style="cyan"))
    if page.get_text:  # no official text here: where to get it
        body.append(Text(page.get_text, style="dim"))
    if body:
        console.print(Panel(Group(*body), title=Text(head, style="bold"), title_align="left", border_style="blue"))
    else:  # no official text in the source languages: the summary and the English text follow
        console.print(Text(head, style="bold blue"))
    if page.modern:
        console.print(_modern_panel(page.modern))
    if page.summary:
        console.print(_summary_panel(page.summary))
        for other in page.summary.other:
            console.print(_summary_panel(other))
    if page.english:
        e = page.english
        parts: list = [symbol_text(e.text)]
        for ex in e.examples:
            line = Text(f"{e.example_label}: ", style="italic bold")
            line.append(symbol_text(ex, "italic"))
            parts.append(line)
        if e.same_rule:
            parts.append(Text(e.same_rule, style="bold cyan"))
        if e.modern:  # an older edition's rule that the modern rules contradict: the warning first
            console.print(_modern_panel(e.modern))
        console.print(Panel(Group(*parts), title=Text(f"{e.number} — {e.heading}"), title_align="left",
                            border_style="white"))
    for note in page.edition_notes:
        console.print(Text(note, style="cyan"))
    if page.warning:
        console.print(Text(page.warning, style="bold yellow"))
    _mentioned(console, page.mentioned_heading, page.mentioned)
    _links(console, page.links_heading, page.links)
    _backlinks(console, page.backlinks_heading, page.backlinks)
    if page.editions:
        console.print(Text(page.editions_heading, style="bold"))
        for ed in page.editions:
            what = " ".join(x for x in (ed.target.number if ed.target.number != page.number else "", ed.title or "") if x)
            console.print(Text(f"  {ed.doc} ({ed.lang}, {ed.effective}){': ' + what if what else ''}"
                               f"{' — ' + ed.status if ed.status else ''}", style="dim"))
    console.print(Text(f"{page.document}{' — ' + page.source if page.source else ''}", style="dim"))


def render_check(console: Console, rep: dict, ui: str) -> None:
    """The knowledge-base check (`mtg-tutor kb check`): counts, unresolved references and findings, in words."""
    from tutor.views.texts import finding_text, ref_kind, status_counts

    console.print(Text(t("check_title", ui), style="bold underline"))
    console.print(f"{t('check_entries', ui)}: " + ", ".join(f"{k}: {v}" for k, v in rep["entries"].items()))
    console.print(t("check_concepts", ui, both=rep["concepts_bilingual"]) + f": {rep['concepts']}")
    console.print(f"{t('check_rules', ui)}: " + ", ".join(
        f"{d}: {n} ({rep['rules_with_text'][d]})" for d, n in rep["rules"].items()))
    console.print(f"{t('check_sections', ui)}: " + ", ".join(f"{d}: {n}" for d, n in rep["sections"].items() if n))
    refs = rep["references"]
    console.print(t("check_refs", ui, total=refs["total"], share=refs["resolved_share"],
                    detail=status_counts(refs["by_status"], ui)))
    if rep["unresolved"]:
        console.print(Text(t("unresolved", ui), style="bold"))
        for u in rep["unresolved"]:
            note = u.get("note")
            extra = f" — {note.get(ui) or note.get('it')}" if isinstance(note, dict) else ""
            console.print(Text(f"  {u['source']}  {u['from']}: {ref_kind(u['kind'], ui)} «{u['text']}» "
                               f"({t('status_' + u['status'], ui)}){extra}",
                               style="red" if u["status"] == "unresolved" else "yellow"))
    if rep["findings"]:
        console.print(Text(t("check_findings", ui), style="bold"))
        for f in rep["findings"]:
            console.print(Text(f"  {f['loc']}  {finding_text(f, ui)} — "
                               f"{t('check_curated' if f['curated'] else 'check_open', ui)}",
                               style="yellow" if f["curated"] else "red"))
    if rep["unaligned"]:
        console.print(Text(f"{t('check_unaligned', ui)}: {', '.join(rep['unaligned'])}", style="red"))
    cites = rep.get("citations")
    if cites:
        console.print(t("check_citations", ui, n=cites["cited"]))
        date = cites.get("edition") or "?"
        for key, items in (("check_cited_no_text", cites["without_text"]),
                           ("check_cited_unknown", cites["not_in_foundations"]),
                           ("check_summary_unknown", cites["summaries_not_in_foundations"])):
            if items:
                console.print(Text(t(key, ui, date=date), style="bold red"))
                for item in items:
                    where = ", ".join(item["where"][:3]) + (" …" if len(item["where"]) > 3 else "")
                    console.print(Text(f"  {item['number']}  ({where})", style="red"))
    modern = rep.get("modern")
    if modern and modern["headwords"]:
        bad = bool(modern["missing"] or modern["not_headwords"])
        console.print(Text(t("check.modern", ui, records=modern["records"], headwords=modern["headwords"]),
                           style="bold red" if bad else ""))
        for m in modern["missing"]:
            if m["what"] == "record":
                line = t("check.modern_no_record", ui, headword=m["headword"])
            else:
                line = t("check.modern_missing", ui, headword=m["headword"], lang=m["lang"],
                         what=t(f"check.modern_what.{m['what']}", ui)) + f"  ({m['where']})"
            console.print(Text(line, style="red"))
        for h in modern["not_headwords"]:
            console.print(Text(t("check.modern_not_headword", ui, headword=h), style="red"))
        for x in modern.get("shared_forms", []):
            console.print(Text(t("check.modern_shared", ui, name=x["name"], lang=x["lang"], concept=x["concept"],
                                 others=", ".join(x["concepts"])), style="yellow"))
    if rep["stray_lines"]:
        console.print(Text(t("check_stray", ui), style="bold"))
        for s in rep["stray_lines"]:
            console.print(Text(f"  {s['source']}  {s['text'][:70]}…", style="dim"))
    if "quiz_texts" in rep:  # the glossary questions' texts (tutor.quiz.glossary_q.shown_text_problems)
        console.print(Text(t("check_quiz_texts", ui, n=len(rep["quiz_texts"])),
                           style="bold red" if rep["quiz_texts"] else ""))
        for p in rep["quiz_texts"]:
            console.print(Text(f"  {p['question']}: {t('check_quiz_text.' + p['kind'], ui)} — {p['text'][:120]}",
                               style="red"))
    console.print(Text(t("check_ok" if rep["consistent"] else "check_bad", ui),
                       style="bold green" if rep["consistent"] else "bold red"))


def render_scenario(console: Console, rep: dict, ui: str, verbose: bool = False, waiting: list[str] | None = None,
                    layers: list[str] | None = None) -> None:
    """A scenario run: OK or FAILED, what failed (expected / actual, rule), the event log, `layers` (with the
    log: why each permanent of the final position is what it is, `tutor.layers_text`) and `waiting`: what
    the final position waits for when it is a choice (its lines)."""
    title = (rep.get("title") or {}).get(ui) or rep["id"]
    status = t("scenario_ok" if rep["ok"] else "scenario_failed", ui)
    console.print(Text(f"{status}  {title}  ({rep['file']})", style="bold green" if rep["ok"] else "bold red"))
    for f in rep["failures"]:
        line = Text(f"  {f['where']}: {f['what']}", style="red")
        if "expected" in f:
            line.append(f"  {t('expected', ui)}: {f['expected']!r}", style="yellow")
        if "actual" in f:
            line.append(f"  {t('actual', ui)}: {f['actual']!r}", style="yellow")
        if "rule" in f and f["rule"] not in f["what"]:
            line.append(f"  ({t('rule_broken', ui)} {f['rule']})", style="cyan")
        console.print(line)
    if verbose and rep["log"]:
        console.print(Text(t("event_log", ui), style="bold"))
        for entry in rep["log"]:
            console.print(symbol_text("  " + entry, "dim"))
        if layers:
            console.print(Text(t("layer.title", ui), style="bold"))
            for line in layers:
                console.print(symbol_text("  " + line, "" if line.startswith(" ") else "bold"))
    for line in waiting or ():
        console.print(Text(line, style="bold" if not line.startswith(" ") else ""))
    if rep["ok"] and rep.get("explanation"):
        console.print(Text(rep["explanation"].get(ui, ""), style="italic"))
