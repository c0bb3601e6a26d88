"""A document view: one glossary entry or one rule, with both languages, notes and focusable links.

Messages go up: choosing a link posts `DocumentView.LinkChosen`; the app resolves it and calls `show`.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tutor.i18n import LANG_NAMES, t
from tutor.render import symbol_text

__all__ = ["DocumentView"]

OK_STATUS = ("resolved", "fixed", "title_only")


class DocumentView(VerticalScroll):
    """Shows one location (``entry:<id>`` or ``rule:<doc>:<number>``) of the knowledge base."""

    class LinkChosen(Message):
        """A link (or backlink, or sub-rule) was chosen: `location` is where it points."""

        def __init__(self, location: str) -> None:
            super().__init__()
            self.location = location

    def compose(self) -> ComposeResult:
        yield Static(id="doc-title")
        yield Static(id="doc-modern", classes="note-modern")
        yield Static(id="doc-fixes", classes="note-editor")
        yield Static(id="doc-body")
        yield Static(id="doc-other", classes="other-language")
        yield Label(id="links-label", classes="section-label")
        yield OptionList(id="doc-links")
        yield Label(id="backlinks-label", classes="section-label")
        yield OptionList(id="doc-backlinks")
        yield Static(id="doc-source", classes="source")

    def on_mount(self) -> None:
        self.show_text(t("welcome", self.app.ui))

    # ---- showing ----------------------------------------------------------------------------------
    def show_text(self, text: str) -> None:
        """Show a plain message instead of a document (the welcome text, "not found")."""
        self._fill(Text(""), None, None, Text(text, style="italic"), None, [], [], "")

    def show(self, location: str) -> bool:
        """Show a location; False when it does not exist."""
        kb, ui = self.app.kb, self.app.ui
        kind, _, key = location.partition(":")
        if kind == "entry" and kb.entry(key):
            self._show_entry(kb.entry_view(self.primary_entry(key)), ui)
            return True
        if kind == "rule" and key in kb.data.rules:
            rule = kb.data.rules[key]
            view = kb.rule_view(rule.number, doc=rule.doc)
            if view is not None:
                self._show_rule(view, ui)
                return True
        return False

    def primary_entry(self, eid: str) -> str:
        """The entry of the same concept in the interface's (primary) language, when the sources have one."""
        kb, ui = self.app.kb, self.app.ui
        if kb.entry(eid).lang == ui:
            return eid
        cid = kb.data.entry_concept.get(eid)
        same = [x for x in kb.data.concepts[cid].entries if kb.entry(x) and kb.entry(x).lang == ui] if cid else []
        return same[0] if same else eid

    def _show_entry(self, v: dict, ui: str) -> None:
        title = symbol_text(v["term"], "bold")
        title.append(f"  [{v['lang']}]", style="dim")
        if any(fx.get("definition") for fx in v["fixes"]):
            title.append(f"  ✎ {t('corrected', ui)}", style="italic")
        modern = None
        if v["obsolete"]:
            o = v["obsolete"]
            modern = Text(t("modern_rules", ui, year=o["year"]) + ": ", style="bold")
            modern.append(o["note"].get(ui) or o["note"]["it"])
            modern.append(f"\n{t('modern_term', ui)}: ", style="bold")
            modern.append(" · ".join(f"{o['modern'][k]} ({k})" for k in ("it", "ru", "en") if o["modern"].get(k)))
        fixes = None
        if v["fixes"]:
            fixes = Text()
            for fx in v["fixes"]:
                fixes.append(f"{t('editor_note', ui)}: ", style="bold")
                fixes.append((fx["note"].get(ui) or fx["note"]["it"]) + "\n")
            if v.get("original"):
                fixes.append(f"{t('original_text', ui)}: ", style="bold")
                fixes.append(symbol_text(v["original"], "italic"))
        body = symbol_text(v["definition"])
        other = Text()
        for lang in ("it", "ru"):
            if lang == v["lang"]:
                continue
            others = [o for o in v["other"] if o["lang"] == lang]
            for o in others:
                other.append(symbol_text(o["term"], "bold"))
                other.append(f"  [{lang}]\n", style="dim")
                other.append(symbol_text(o["definition"]))
                other.append("\n")
            if not others and v["concept"]:
                other.append(t("no_entry_in_lang", ui, lang=LANG_NAMES[ui][lang], name=", ".join(v["concept"][lang])),
                             style="italic")
        links = [self._ref_option(r, ui) for r in v["links"] + v["unresolved"]]
        backlinks = [Option(f"← {b['term']} [{b['lang']}]", id=self._back_location(b)) for b in v["backlinks"]]
        src = v["source"]
        source = f"{t('source', ui)}: {src['file']}:{src['line']} ({src['doc']})"
        if v["concept"]:
            source += f" · {t('concept', ui)}: {v['concept']['id']}"
        self._fill(title, modern, fixes, body, other if other.plain else None, links, backlinks, source)

    def _show_rule(self, v: dict, ui: str) -> None:
        head = f"{v['number']}. {v['title']}" if v["title"] else v["number"]
        title = Text(head, style="bold")
        if v.get("rule_title"):
            title.append(f"   ({v['number'].split('.')[0]}. {v['rule_title']})", style="dim")
        body = Text()
        if v["text"]:
            body.append(symbol_text(v["text"]))
        elif not v["children"]:
            body.append(t("rule_no_text", ui), style="italic")
        for ex in v["examples"]:
            body.append(f"\n{t('example', ui)}: ", style="bold italic")
            body.append(symbol_text(ex, "italic"))
        warning = None
        if v.get("current_title"):
            ct = v["current_title"]
            warning = Text(t("current_title", ui, doc=ct["doc"], number=ct["number"], title=ct["title"]))
        links = [Option(f"↳ {c}", id=f"rule:{v['doc']}:{c}") for c in v["children"]]
        links += [self._ref_option(r, ui) for r in v["links"]]
        for ed in v["editions"]:  # the same number in other documents (older edition, imported rules)
            label = f"⇄ {t('other_editions', ui)}: {ed['doc']} ({ed['lang']}, {ed['effective']}) {ed['title'] or ''}"
            links.append(Option(label.rstrip(), id=f"rule:{ed['doc']}:{v['number']}"))
        backlinks = [Option(f"← {b['term']} [{b['lang']}]", id=self._back_location(b)) for b in v["backlinks"]]
        source = t("rule_doc", ui, title=v["doc_title"], date=v["effective"] or "?") + f" · {v['source']}"
        self._fill(title, warning, None, body, None, links, backlinks, source)

    def _ref_option(self, ref: dict, ui: str) -> Option:
        label = ref.get("title") or ref["text"]
        if ref.get("number") and ref["number"] not in label:
            label = f"{ref['number']} · {label}"
        loc = self.location_of(ref)
        if ref["status"] == "title_only":
            label += f"  ({t('status_title_only', ui)})"
        elif loc is None:
            label += f"  ({t('not_in_sources', ui)})"
        return Option(f"→ {label}", id=loc, disabled=loc is None)

    def location_of(self, ref: dict) -> str | None:
        """Where a resolved reference leads: ``entry:<id>`` or ``rule:<doc>:<number>`` (None: nowhere)."""
        target, data = ref.get("target"), self.app.kb.data
        if not target or ref["status"] not in OK_STATUS:
            return None
        if target in data.entries:
            return f"entry:{target}"
        if target in data.rules:
            return f"rule:{target}"
        return None

    @staticmethod
    def _back_location(b: dict) -> str:
        return f"entry:{b['id']}" if b["kind"] == "term" else f"rule:{b['id']}"

    def _fill(self, title, modern, fixes, body, other, links, backlinks, source) -> None:
        ui = self.app.ui
        self.query_one("#doc-title", Static).update(title)
        for wid, content in (("#doc-modern", modern), ("#doc-fixes", fixes), ("#doc-other", other)):
            w = self.query_one(wid, Static)
            w.update(content or "")
            w.display = bool(content)
        self.query_one("#doc-body", Static).update(body)
        for list_id, label_id, options, label in (("#doc-links", "#links-label", links, t("links", ui)),
                                                  ("#doc-backlinks", "#backlinks-label", backlinks, t("backlinks", ui))):
            ol = self.query_one(list_id, OptionList)
            ol.clear_options()
            # Option ids must be unique: repeated targets keep their first place.
            seen: set = set()
            for opt in options:
                if opt.id is not None and opt.id in seen:
                    continue
                seen.add(opt.id)
                ol.add_option(opt)
            ol.display = bool(options)
            lab = self.query_one(label_id, Label)
            lab.update(label)
            lab.display = bool(options)
        self.query_one("#doc-source", Static).update(source)
        self.scroll_home(animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.post_message(self.LinkChosen(event.option.id))
