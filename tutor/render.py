"""Rich rendering of knowledge-base data for people (the CLI's non-JSON output).

Mana and tap symbols in Comprehensive Rules notation (``{W}``, ``{T}``, ``{2}``) are shown as
coloured glyphs; ``{?}`` marks a symbol lost from the source.
"""

from __future__ import annotations

import re

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tutor.i18n import LANG_NAMES, t

__all__ = ["render_check", "render_entry", "render_lookup", "render_rule", "symbol_text"]

_SYMBOL = re.compile(r"\{([^{}\s]{1,8})\}")
_STYLES = {
    "W": "bold black on #f8f6d8", "U": "bold white on #0e68ab", "B": "bold white on #2b2b2b",
    "R": "bold white on #d3202a", "G": "bold white on #00733e", "C": "bold black on #ccc2c0",
    "T": "bold black on #d0d0d0", "?": "bold white on #8a2be2",
}


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


def _status(ref: dict, ui: str) -> str:
    note = ref.get("note")
    if ref["status"] == "title_only":
        s = t("status_title_only", ui)
        if isinstance(note, str) and "other-edition" in note:
            s += "; " + t("status_other_edition", ui)
        return s
    if ref["status"] in ("missing", "fixed", "unresolved"):
        s = t(f"status_{ref['status']}", ui)
        if isinstance(note, dict):
            s += ": " + (note.get(ui) or note.get("it", ""))
        return s
    return ""


def _ref_line(ref: dict, ui: str) -> Text:
    line = Text("→ ")
    line.append(ref.get("title") or ref["text"], style="bold cyan")
    if ref.get("number") and ref.get("number") not in (ref.get("title") or ""):
        line.append(f" [{ref['number']}]", style="cyan")
    status = _status(ref, ui)
    if status:
        line.append(f"  ({status})", style="yellow")
    line.append(f"  {ref['source']}", style="dim")
    return line


def render_lookup(console: Console, result: dict, ui: str) -> None:
    table = Table(show_edge=False, header_style="bold")
    for key in ("col_term", "col_kind", "col_lang", "col_translations", "col_score"):
        table.add_column(t(key, ui), overflow="fold")
    for h in result["hits"]:
        other = [f"{lang}: {', '.join(v)}" for lang, v in h["translations"].items() if lang != h["lang"] and v]
        table.add_row(symbol_text(h["term"], "bold"), t(f"kind_{h['kind']}", ui), h["lang"],
                      symbol_text("; ".join(other)), f"{h['score']:.0f}")
    console.print(table)


def _definition(view: dict) -> Group:
    parts = []
    for b in view["blocks"]:
        if b["kind"] == "para":
            parts.append(symbol_text(b["items"][0]))
        else:
            for i, item in enumerate(b["items"]):
                mark = "•" if b["kind"] == "bullets" else f"{i + 1}."
                parts.append(symbol_text(f"  {mark} {item}"))
                for j, sub in enumerate(b["sub"].get(str(i), [])):
                    parts.append(symbol_text(f"      {j + 1}. {sub}"))
    return Group(*parts)


def render_entry(console: Console, view: dict, ui: str) -> None:
    title = symbol_text(view["term"], "bold")
    title.append(f"  [{view['lang']}]", style="dim")
    if any(fx.get("definition") for fx in view.get("fixes", [])):
        title.append(f"  ✎ {t('corrected', ui)}", style="magenta")
    console.print(Panel(_definition(view), title=title, title_align="left", border_style="blue"))
    obs = view.get("obsolete")
    if obs:
        body = Text()
        body.append(obs["note"].get(ui) or obs["note"]["it"])
        body.append(f"\n{t('modern_term', ui)}: ", style="bold")
        body.append(" / ".join(f"{obs['modern'][k]} ({k})" for k in ("it", "ru", "en") if obs["modern"].get(k)))
        console.print(Panel(body, title=t("modern_rules", ui, year=obs["year"]), title_align="left",
                            border_style="bold yellow"))
    for fx in view.get("fixes", []):
        console.print(Panel(Text(fx["note"].get(ui) or fx["note"]["it"]),
                            title=f"{t('editor_note', ui)} ({fx['kind']})", title_align="left", border_style="magenta"))
    if view.get("original") and view.get("fixes"):
        console.print(Panel(symbol_text(view["original"], "dim"), title=t("original_text", ui), title_align="left",
                            border_style="dim"))
    elif view.get("original") or view.get("source_term"):
        console.print(Text(t("symbols_restored", ui), style="dim"))
    # The other languages, side by side with the concept's names where no entry exists.
    concept = view.get("concept")
    other_langs = [lang for lang in ("it", "ru") if lang != view["lang"]]
    for lang in other_langs:
        others = [o for o in view["other"] if o["lang"] == lang]
        for o in others:
            head = symbol_text(o["term"], "bold")
            head.append(f"  [{lang}]  {o['source']}", style="dim")
            console.print(Panel(symbol_text(o["definition"]), title=head, title_align="left", border_style="green"))
        if not others and concept:
            name = ", ".join(concept.get(lang) or [])
            console.print(Text(t("no_entry_in_lang", ui, lang=LANG_NAMES[ui][lang], name=name), style="green"))
    if concept:
        line = Text(f"{t('concept', ui)}: ", style="bold")
        line.append(f"{concept['id']} — en: {', '.join(concept['en'])}; it: {', '.join(concept['it'])}; "
                    f"ru: {', '.join(concept['ru'])}")
        if concept.get("rules"):
            line.append(f"  {t('rules_about', ui)}: {', '.join(concept['rules'])}", style="cyan")
        console.print(line)
    for key, refs in (("links", view["links"]), ("unresolved", view["unresolved"])):
        if refs:
            console.print(Text(t(key, ui), style="bold"))
            for ref in refs:
                console.print(_ref_line(ref, ui))
    if view["backlinks"]:
        console.print(Text(t("backlinks", ui), style="bold"))
        for b in view["backlinks"]:
            console.print(Text(f"← {b['term']} [{b['lang']}]  ({b['id']})"))
    src = view["source"]
    console.print(Text(f"{t('source', ui)}: {src['file']}:{src['line']} ({src['doc']})", style="dim"))


def render_rule(console: Console, view: dict, ui: str) -> None:
    head = f"{view['number']}. {view['title']}" if view["title"] else view["number"]
    if view.get("rule_title"):
        head += f"  ({view['number'].split('.')[0]}. {view['rule_title']})"
    body: list = []
    if view["text"]:
        body.append(symbol_text(view["text"]))
    elif not view["children"]:
        body.append(Text(t("rule_no_text", ui), style="yellow"))
    for ex in view["examples"]:
        line = Text(f"{t('example', ui)}: ", style="italic bold")
        line.append(symbol_text(ex, "italic"))
        body.append(line)
    if view["children"]:
        body.append(Text(f"{t('children', ui)}: {', '.join(view['children'])}", style="cyan"))
    console.print(Panel(Group(*body) if body else Text(""), title=Text(head, style="bold"), title_align="left",
                        border_style="blue"))
    if view.get("current_title"):
        ct = view["current_title"]
        console.print(Text(t("current_title", ui, doc=ct["doc"], number=ct["number"], title=ct["title"]),
                           style="bold yellow"))
    if view["links"]:
        console.print(Text(t("links", ui), style="bold"))
        for ref in view["links"]:
            console.print(_ref_line(ref, ui))
    if view["backlinks"]:
        console.print(Text(t("backlinks", ui), style="bold"))
        for b in view["backlinks"]:
            console.print(Text(f"← {b['term']} [{b['lang']}]  ({b['id']})"))
    if view["editions"]:
        console.print(Text(t("other_editions", ui), style="bold"))
        for ed in view["editions"]:
            console.print(Text(f"  {ed['doc']} ({ed['lang']}, {ed['effective']}): {ed['title'] or ''}"
                               f"{'' if ed['has_text'] else ' — ' + t('status_title_only', ui)}", style="dim"))
    console.print(Text(t("rule_doc", ui, title=view["doc_title"], date=view["effective"] or "?") +
                       f" — {view['source']}", style="dim"))


def render_check(console: Console, rep: dict, ui: str) -> None:
    console.print(Text(t("check_title", ui), style="bold underline"))
    console.print(f"{t('check_entries', ui)}: " + ", ".join(f"{k}: {v}" for k, v in rep["entries"].items()))
    console.print(t("check_concepts", ui, both=rep["concepts_bilingual"]) + f": {rep['concepts']}")
    console.print(f"{t('check_rules', ui)}: " + ", ".join(
        f"{d}: {n} ({rep['rules_with_text'][d]})" for d, n in rep["rules"].items()))
    console.print(f"{t('check_sections', ui)}: " + ", ".join(f"{d}: {n}" for d, n in rep["sections"].items() if n))
    refs = rep["references"]
    console.print(t("check_refs", ui, total=refs["total"], share=refs["resolved_share"],
                    detail=", ".join(f"{k} {v}" for k, v in sorted(refs["by_status"].items()))))
    if rep["unresolved"]:
        console.print(Text(t("unresolved", ui), style="bold"))
        for u in rep["unresolved"]:
            note = u.get("note")
            extra = f" — {note.get(ui) or note.get('it')}" if isinstance(note, dict) else ""
            console.print(Text(f"  {u['source']}  {u['from']}: {u['kind']} «{u['text']}» "
                               f"({t('status_' + u['status'], ui)}){extra}",
                               style="red" if u["status"] == "unresolved" else "yellow"))
    if rep["findings"]:
        console.print(Text(t("check_findings", ui), style="bold"))
        for f in rep["findings"]:
            what = {k: v for k, v in f.items() if k not in ("check", "curated", "loc")}
            console.print(Text(f"  {f['loc']}  {f['check']}: {what} — "
                               f"{t('check_curated' if f['curated'] else 'check_open', ui)}",
                               style="yellow" if f["curated"] else "red"))
    if rep["unaligned"]:
        console.print(Text(f"{t('check_unaligned', ui)}: {', '.join(rep['unaligned'])}", style="red"))
    if rep["stray_lines"]:
        console.print(Text(t("check_stray", ui), style="bold"))
        for s in rep["stray_lines"]:
            console.print(Text(f"  {s['source']}  {s['text'][:70]}…", style="dim"))
    console.print(Text(t("check_ok" if rep["consistent"] else "check_bad", ui),
                       style="bold green" if rep["consistent"] else "bold red"))


def render_scenario(console: Console, rep: dict, ui: str, verbose: bool = False) -> None:
    """A scenario run: OK or FAILED, what failed (expected / actual, rule), and the event log."""
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
    if rep["ok"] and rep.get("explanation"):
        console.print(Text(rep["explanation"].get(ui, ""), style="italic"))
