"""The rules screen: the table of contents as a tree, a jump-to-number box, and the document view."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Static, Tree

from glossary.model import parse_rule_query, rule_sort_key
from tutor.app.screens.base import BrowserScreen
from tutor.app.widgets.breadcrumb import Breadcrumb
from tutor.app.widgets.document import DocumentView
from tutor.app.widgets.footer import KeysFooter
from tutor.i18n import t
from tutor.render import safe_text
from tutor.views.links import rule_target
from tutor.views.locations import Location, RuleLocation, rule_location

SUMMARY_ONLY = "≈"  # a rule known by its unofficial summary only
NOTHING = "∅"  # a rule with neither text nor summary

__all__ = ["RulesScreen"]


class RulesScreen(BrowserScreen):
    """The sections, their three-digit rules and the sub-rules whose text or summary we have; in the Russian interface
    the titles are our (unofficial) translation. A sign marks what has only a summary, or nothing."""

    DEFAULT_CSS = """
    RulesScreen #toc-legend {
        height: auto;
        color: $text-muted;
        padding: 0 1;
    }
    """

    BOX = "#jump"
    BINDINGS = [
        Binding("slash", "focus_jump", show=False),
        Binding("ctrl+f", "focus_jump", show=False),
        Binding("ctrl+t", "toggle_summary", show=False),  # also from the jump box and the tree
    ]

    def compose(self) -> ComposeResult:
        yield Breadcrumb(id="breadcrumb")
        yield Input(id="jump")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Tree("", id="toc")
                yield Static(id="toc-legend")
            yield DocumentView(id="document")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_texts()
        self.query_one("#jump", Input).focus()

    def refresh_texts(self) -> None:
        self.query_one("#jump", Input).placeholder = t("jump_placeholder", self.app.ui)
        self.build_tree()

    def build_tree(self) -> None:
        """The table of contents of the newest Italian rules (titles in the interface language), with the
        sub-rules we have text or a summary for."""
        ui, kb = self.app.ui, self.app.kb
        tree = self.query_one("#toc", Tree)
        tree.clear()
        tree.root.set_label(Text(t("toc_title", ui)))
        tree.show_root = False
        self.query_one("#toc-legend", Static).update(Text(t("toc_legend", ui)))
        self._sections = {}  # section number -> (its tree node, its title, its rules as (label, location))
        for sec in kb.rules_tree("it", titles=ui):
            node = tree.root.add(safe_text(f"{sec['number']}. {sec['title']}"), expand=False)  # Text: never markup
            section_rules = []
            self._sections[sec["number"]] = (node, f"{sec['number']}. {sec['title']}", section_rules)
            for r in sec["rules"]:
                rule = r["rule"]
                loc = rule_location(rule) if rule else None
                has_text = bool(rule and (rule.text or rule.children)) or bool(r["subrules"])
                sign = "" if has_text else f"{SUMMARY_ONLY} " if r["summary"] else f"{NOTHING} "
                if loc is None or (not has_text and r["summary"]):
                    loc = rule_target(kb, r["number"]) or loc
                label = safe_text(f"{sign}{r['number']}. {r['title']}")
                section_rules.append((label, loc))
                subs = [(x.number, rule_location(x), "") for x in r["subrules"]]
                subs += [(n, rule_target(kb, n), f"{SUMMARY_ONLY} ") for n in r["summarised"]]
                subs.sort(key=lambda x: rule_sort_key(x[0]))
                if subs:
                    rnode = node.add(label, data=loc, expand=False)
                    for number, sub_loc, sub_sign in subs:
                        rnode.add_leaf(safe_text(f"{sub_sign}{number}"), data=sub_loc)
                else:
                    node.add_leaf(label, data=loc)

    def on_tree_node_selected(self, event: Tree.NodeSelected) -> None:
        if event.node.data is not None:
            self.app.navigate(event.node.data, screen=self)
        elif self.section_of(event.node) is not None:
            self.show_section(self.section_of(event.node), reveal=False)

    def section_of(self, node) -> str | None:
        """The number of the section a tree node is (None for a rule's node)."""
        return next((number for number, (n, _, _) in self._sections.items() if n is node), None)

    def show_section(self, number: str, reveal: bool = True) -> None:
        """A section (one digit, "5"): its title and its rules as links in the document view, its node
        opened and highlighted in the tree. (Sections are not places of the history: they have no page.)"""
        from tutor.app.widgets.document import LocationOption

        node, title, rules = self._sections[number]
        links = [LocationOption(Text.assemble("→ ", label), loc, disabled=loc is None) for label, loc in rules]
        self.query_one("#document", DocumentView).show_overview(
            Text(title, style="bold"), links, t("nav.section_rules", self.app.ui, number=number))
        self.location = None
        if reveal:
            node.expand()
            self.call_after_refresh(self.query_one("#toc", Tree).move_cursor, node)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.jump(event.value)

    def on_input_changed(self, event: Input.Changed) -> None:
        """Typing a complete rule number shows it at once."""
        number = parse_rule_query(event.value)
        if number and rule_target(self.app.kb, number):
            self.jump(event.value, preview=True)

    def jump(self, text: str, preview: bool = False) -> None:
        """Show the rule `text` names; a `preview` (while typing) takes the place of the previous preview in
        the history, Enter records it for good."""
        number = parse_rule_query(text)
        target = rule_target(self.app.kb, number) if number else None  # a Foundations number
        if target is None and number in getattr(self, "_sections", {}):
            self.show_section(number)
            return
        if target is None:
            self.query_one("#document", DocumentView).show_text(t("no_rule", self.app.ui, what=text.strip()))
            return
        self.app.navigate(target, screen=self, preview=preview)

    def action_toggle_summary(self) -> None:
        """Ctrl+T: the rule's summary in the other language, and back."""
        self.query_one("#document", DocumentView).action_toggle_summary()

    def action_focus_jump(self) -> None:
        self.query_one("#jump", Input).focus()

    def show_location(self, location: Location) -> bool:
        shown = super().show_location(location)
        if shown and isinstance(location, RuleLocation):
            self.reveal(location)
        return shown

    def reveal(self, location: RuleLocation) -> None:
        """Open the tree down to the node of `location` (or of its three-digit rule) and highlight it."""
        tree = self.query_one("#toc", Tree)
        head = location.number.split(".")[0]
        for section in tree.root.children:
            for rule_node in section.children:
                hits = [rule_node] if rule_node.data == location else [
                    n for n in rule_node.children if n.data == location]
                if not hits and rule_node.data is not None and rule_node.data.number == head:
                    hits = [rule_node]
                if hits:
                    section.expand()
                    if hits[0] is not rule_node:
                        rule_node.expand()
                    self.call_after_refresh(tree.move_cursor, hits[0])
                    return
