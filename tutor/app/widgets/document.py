"""A document view: one glossary entry or one rule, with both languages, notes and focusable links.

It lays out the presentation model (`tutor.views`), the same pages the command line prints. Every text
it shows is data (terms, definitions, titles of imported rules): it goes in as `rich.text.Text`, never as
markup, and without control characters (`tutor.render.safe_text`, the last guard before the terminal).
Messages go up: choosing a link posts `DocumentView.LinkChosen` with a typed location; the app
records it in the history and calls `show`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.bindings import LocalizedBindings, localized_bindings
from tutor.app.widgets.linked_text import LinkedText
from tutor.i18n import t
from tutor.render import name_line, safe_text, symbol_text
from tutor.views.locations import EntryLocation, Location

if TYPE_CHECKING:  # the page model is imported with the first page shown, not with the first frame
    from tutor.views.model import Backlink, EntryPage, Link, RulePage, Summary

__all__ = ["DocumentView", "LocationOption"]


class LocationOption(Option):
    """An option that leads somewhere: `location` is a typed location (None: a disabled, informative line)."""

    def __init__(self, prompt: Text | str, location: Location | None, disabled: bool = False) -> None:
        super().__init__(safe_text(prompt), disabled=disabled)  # a str prompt is plain text, not markup
        self.location = location


class DocumentView(LocalizedBindings, VerticalScroll):
    """Shows one location (an `EntryLocation` or a `RuleLocation`) of the knowledge base. Rule numbers in
    its texts are links (`LinkedText`); on a rule page Ctrl+T shows the summary in the other language."""

    DEFAULT_CSS = """
    DocumentView .summary {
        border: round $success;
        padding: 0 1;
        margin-bottom: 1;
    }
    DocumentView .english {
        border: round $secondary;
        padding: 0 1;
        margin-bottom: 1;
    }
    """

    BINDINGS = localized_bindings(("ctrl+t", "toggle_summary", "key_summary_other"))
    _parts_built = False  # the parts other than the title, the body and the source (see _build_parts)

    class LinkChosen(Message):
        """A link (or backlink, or sub-rule, or other edition) was chosen: `location` is where it points."""

        def __init__(self, location: Location) -> None:
            super().__init__()
            self.location = location

    def compose(self) -> ComposeResult:
        self._summary: Summary | None = None
        self.summary_other = False  # showing the summary in the other language
        # The welcome text needs only these; the other parts are built with the first page (_build_parts).
        yield Static(id="doc-title")
        yield LinkedText(id="doc-body")  # an editor's corrected text leads; the note and the source's text follow
        yield Static(id="doc-source", classes="source")

    def _build_parts(self) -> None:
        """Mount the parts of a page around the body, once: before the first page, not with the first frame
        (a dozen widgets, hidden on the welcome screen, that would cost the first frame a tenth of its time)."""
        if self._parts_built:
            return
        from textual.widgets import Collapsible, Label

        self._parts_built = True
        self._original = LinkedText(id="doc-original-text")  # in the DOM once the Collapsible is composed
        self._other = LinkedText(id="doc-other", classes="other-language")  # likewise
        body, source = self.query_one("#doc-body"), self.query_one("#doc-source")
        self.mount(LinkedText(id="doc-modern", classes="note-modern"), before=body)
        self.mount_all([
            LinkedText(id="doc-fixes", classes="note-editor"),
            Collapsible(self._original, id="doc-original", collapsed=True),  # the source's wrong text, folded
            LinkedText(id="doc-glossary", classes="summary"),  # the modern glossary: definition, names, rules
            LinkedText(id="doc-summary", classes="summary"),
            LinkedText(id="doc-english", classes="english"),
            # The other language's source text, folded below the page's own language.
            Collapsible(self._other, id="doc-other-fold", collapsed=True),
            Label(id="links-label", classes="section-label"),
            OptionList(id="doc-links"),
            Label(id="backlinks-label", classes="section-label"),
            OptionList(id="doc-backlinks"),
        ], before=source)

    def on_mount(self) -> None:
        self.show_text(t("welcome", self.app.ui))

    # ---- showing ----------------------------------------------------------------------------------
    def show_text(self, text: str) -> None:
        """Show a plain message instead of a document (the welcome text, "not found")."""
        self._summary = None
        self._fill(Text(""), None, None, Text(text, style="italic"), None, None, [], [], "", linked=False)

    def show_overview(self, title: Text, links: list[LocationOption], links_label: str) -> None:
        """Show a title and a list of links (a section of the rules and its rules)."""
        self._summary = None
        self._fill(title, None, None, Text(""), None, None, links, [], "", links_label)

    def show(self, location: Location) -> bool:
        """Show a location (an entry in the interface language when its concept has one); False when it does not exist."""
        kb, ui = self.app.kb, self.app.ui
        if isinstance(location, EntryLocation) and location.exists(kb):
            location = EntryLocation(kb.primary_entry(location.entry_id, ui))
        from tutor.views.pages import page_for

        page = page_for(kb, location, ui)
        if page is None:
            return False
        self.show_page(page)
        return True

    def show_page(self, page: EntryPage | RulePage) -> None:
        """Lay out a page of the presentation model (a summary starts in the interface language)."""
        from tutor.views.model import EntryPage

        self.summary_other = False
        if isinstance(page, EntryPage):
            self._show_entry(page)
        else:
            self._show_rule(page)

    def _show_entry(self, p: EntryPage) -> None:
        title = symbol_text(p.term, "bold")
        title.append(f"  [{p.lang}]", style="dim")
        if p.english:
            title.append(f"  {p.english}", style="dim")
        if p.corrected:
            title.append(f"  ✎ {p.corrected}", style="italic")
        modern = None
        if p.modern:
            m = p.modern
            modern = Text(m.heading + ": ", style="bold")
            modern.append(m.text)
            modern.append(f"\n{m.terms_label}: ", style="bold")
            modern.append(" · ".join(f"{term} ({lang})" for term, lang in m.terms))
        fixes = None
        if p.notes:
            fixes = Text()
            for note in p.notes:
                _new_line(fixes)
                fixes.append(f"{note.heading} ({note.kind}): " if note.kind else f"{note.heading}: ", style="bold")
                fixes.append(note.text)
        original = symbol_text(p.original, "italic") if p.notes and p.original else None
        other = Text()
        for lang in p.other:
            for o in lang.entries:
                _new_line(other)
                other.append(symbol_text(o.term, "bold"))
                other.append(f"  [{o.lang}]\n", style="dim")
                other.append(symbol_text(o.definition))
                other.append("\n")
            if lang.missing:
                _new_line(other)
                other.append(lang.missing, style="italic")
        # The rules the entry's concept is about ("Regole: 702.19", as the command line lists them) and the rule
        # numbers of its texts, as links, then the glossary's links.
        rules = p.mentioned
        if p.concept and p.concept.rules:
            from tutor.views.links import mentioned_rules

            rules = mentioned_rules(self.app.kb, [" ".join(p.concept.rules)], self.app.ui,
                                    exclude=[m.number for m in p.mentioned]) + rules
        links = [self._mentioned_option(m) for m in rules if m.target is not None]
        links += [self._link_option(x) for x in p.links + p.unresolved]
        source = p.source
        if p.concept:
            if p.concept.id:  # only for a developer (tutor.debug)
                source += f" · {p.concept.label}: {p.concept.id}"
            if p.concept.rules:
                source += f" · {p.concept.rules_label}: {', '.join(p.concept.rules)}"
        self._summary = None
        body = symbol_text(p.definition)
        if p.modern_page and p.modern_definition:  # the page's definition is the modern glossary's: said so
            body.append(f"\n{p.modern_definition.heading}. {p.modern_definition.note}", style="dim italic")
        self._fill(title, modern, fixes, body, None, other if other.plain else None, links,
                   self._backlink_options(p.backlinks), source, p.links_heading, p.backlinks_heading,
                   original=original, original_label=p.original_label)
        self._show_linked("#doc-glossary", glossary_text(p))
        if self._parts_built:
            self.query_one("#doc-other-fold").title = p.other_heading or t("other_language", self.app.ui)

    def _show_rule(self, p: RulePage) -> None:
        title = Text(p.heading, style="bold")
        if p.parent_heading:
            title.append(f"   ({p.parent_heading})", style="dim")
        body = Text()
        if p.text:
            body.append(symbol_text(p.text))
        elif p.no_text:
            body.append(p.no_text, style="italic")
        for ex in p.examples:
            _new_line(body)
            body.append(f"{p.example_label}: ", style="bold italic")
            body.append(symbol_text(ex, "italic"))
        warning = Text()
        for note in (p.modern,) if p.modern else ():
            warning.append(note.heading + ": ", style="bold")
            warning.append(note.text)
        for line in ([p.warning] if p.warning else []) + list(p.edition_notes):
            _new_line(warning)
            warning.append(line)
        english = None
        if p.english:
            e = p.english
            english = Text(f"{e.number} — {e.heading}\n", style="bold")
            if e.modern:  # an older edition's rule that the modern rules contradict: the warning first
                english.append(f"{e.modern.heading}: ", style="bold reverse")
                english.append(e.modern.text + "\n")
            english.append(symbol_text(e.text))
            for ex in e.examples:
                english.append(f"\n{e.example_label}: ", style="bold italic")
                english.append(symbol_text(ex, "italic"))
            if e.same_rule:
                english.append(f"\n{e.same_rule}", style="bold")
        links = [LocationOption(f"↳ {s.number}", s.target) for s in p.subrules]
        links += [self._link_option(x) for x in p.links]
        links += [self._mentioned_option(m) for m in p.mentioned if m.target is not None]
        for ed in p.editions:  # the same rule in other documents (older edition, imported rules)
            number = f"{ed.target.number} " if ed.target.number != p.number else ""
            label = f"⇄ {p.editions_heading}: {ed.doc} ({ed.lang}, {ed.effective}) {number}{ed.title or ''}"
            links.append(LocationOption(label.rstrip(), ed.target))
        if p.english:
            links.append(LocationOption(f"⇄ {p.english.number} · {p.english.heading}", p.english.target))
        self._summary = p.summary
        source = f"{p.document} · {p.source}" if p.source else p.document
        if p.get_text:
            source = f"{p.get_text}\n{source}"
        self._fill(title, warning if warning.plain else None, None, body, self._summary_text(), None, links,
                   self._backlink_options(p.backlinks), source, p.links_heading, p.backlinks_heading,
                   english=english)

    def _summary_text(self) -> Text | None:
        """The summary in the interface language (or, after Ctrl+T, in the other one), with the key's hint."""
        if self._summary is None:
            return None
        shown = self._summary
        if self.summary_other and self._summary.other:
            shown = self._summary.other[0]
        text = Text(f"{shown.heading}\n", style="bold")
        text.append(symbol_text(shown.text))
        text.append(f"\n{shown.note}", style="dim italic")
        if self._summary.other:
            text.append(f"\n{t('summary_other_key', shown.lang or self.app.ui)}", style="dim")
        return text

    def action_toggle_summary(self) -> None:
        """Ctrl+T: the summary in the other language, and back."""
        if self._summary is None or not self._summary.other:
            self.app.bell()
            return
        self.summary_other = not self.summary_other
        self._show_linked("#doc-summary", self._summary_text())

    @staticmethod
    def _mentioned_option(m) -> LocationOption:
        """A rule number a page mentions, as a link: "→ 702.19  702. Abilità delle Parole Chiave"."""
        return LocationOption(f"→ {m.number}  {m.title}" + (f"  ({m.brief})" if m.brief else ""), m.target)

    @staticmethod
    def _link_option(link: Link) -> LocationOption:
        label = f"{link.number} · {link.title}" if link.number else link.title
        if link.brief:
            label += f"  ({link.brief})"
        return LocationOption(Text(f"→ {label}"), link.target, disabled=link.target is None)

    @staticmethod
    def _backlink_options(backlinks: tuple[Backlink, ...]) -> list[LocationOption]:
        return [LocationOption(Text(f"← {b.term} [{b.lang}]"), b.target) for b in backlinks]

    def _show_linked(self, wid: str | LinkedText, content: Text | None, linked: bool = True) -> None:
        """Show a text with its rule numbers as links (hidden when there is none); `linked=False` for a
        message of ours, which has none (the welcome text: the first screen does not wait for the index)."""
        w = wid if isinstance(wid, LinkedText) else self.query_one(wid, LinkedText)
        content = safe_text(content) if content is not None else None  # control characters never shown
        if content is None or not content.plain:
            w.update("")
            w.display = False
            return
        if linked:
            from tutor.views.links import text_links

            w.update(content, text_links(self.app.kb, content.plain))
        else:
            w.update(content)
        w.display = True

    def _fill(self, title, modern, fixes, body, summary, other, links, backlinks, source,
              links_label: str = "", backlinks_label: str = "", english=None, original=None,
              original_label: str = "", linked: bool = True) -> None:
        self.query_one("#doc-title", Static).update(safe_text(title))
        self._show_linked("#doc-body", body, linked)
        self.query_one("#doc-source", Static).update(safe_text(source))
        if linked:  # a page (not a message of ours): every part
            self._build_parts()
        if self._parts_built:
            self._fill_parts(modern, fixes, summary, other, links, backlinks, links_label, backlinks_label, english,
                             original, original_label)
        self.scroll_home(animate=False)

    def _fill_parts(self, modern, fixes, summary, other, links, backlinks, links_label, backlinks_label, english,
                    original, original_label) -> None:
        from textual.widgets import Collapsible, Label

        folded = self.query_one("#doc-original", Collapsible)
        folded.title = original_label
        folded.collapsed = True  # every page opens with the source's wrong text folded
        folded.display = original is not None
        self._show_linked(self._original, original)
        for wid, content in (("#doc-modern", modern), ("#doc-fixes", fixes), ("#doc-summary", summary),
                             ("#doc-english", english), (self._other, other), ("#doc-glossary", None)):
            self._show_linked(wid, content)
        fold = self.query_one("#doc-other-fold", Collapsible)
        fold.collapsed = True
        fold.display = other is not None
        for list_id, label_id, options, label in (("#doc-links", "#links-label", links, links_label),
                                                  ("#doc-backlinks", "#backlinks-label", backlinks, backlinks_label)):
            ol = self.query_one(list_id, OptionList)
            ol.clear_options()
            # Repeated targets keep their first place; lines that lead nowhere are all kept.
            seen: set = set()
            for opt in options:
                if opt.location is not None and opt.location in seen:
                    continue
                seen.add(opt.location)
                ol.add_option(opt)
            ol.display = bool(options)
            lab = self.query_one(label_id, Label)
            lab.update(safe_text(label))
            lab.display = bool(options)

    def on_descendant_focus(self, event) -> None:
        """A list of links that gets the focus shows where it is: its first link highlighted."""
        widget = event.widget
        if isinstance(widget, OptionList) and widget.highlighted is None and widget.option_count:
            widget.highlighted = next((i for i in range(widget.option_count)
                                       if not widget.get_option_at_index(i).disabled), None)

    def on_linked_text_link_chosen(self, event: LinkedText.LinkChosen) -> None:
        event.stop()
        self.post_message(self.LinkChosen(event.location))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        location = getattr(event.option, "location", None)
        if location is not None:
            self.post_message(self.LinkChosen(location))


def glossary_text(p: EntryPage) -> Text | None:
    """The modern glossary's part of an entry page: the unofficial definition (on a source's page), the concept's
    names with their status, the summaries of its rules."""
    out = Text()
    if p.modern_definition and not p.modern_page:
        out.append(p.modern_definition.heading + "\n", style="bold")
        out.append(symbol_text(p.modern_definition.text))
        out.append(f"\n{p.modern_definition.note}", style="dim italic")
    if p.names:
        _new_line(out)
        out.append(p.names_heading, style="bold")
        for n in p.names:
            out.append("\n")
            out.append_text(name_line(n))
    if p.summaries:
        _new_line(out)
        out.append(p.summaries_heading, style="bold")
        for x in p.summaries:
            out.append(f"\n{x.number}", style="bold")
            out.append("  ")
            out.append(symbol_text(x.text))
    return out if out.plain else None


def _new_line(text: Text) -> None:
    """Start a new line unless the text is empty or already ends with one."""
    if text.plain and not text.plain.endswith("\n"):
        text.append("\n")
