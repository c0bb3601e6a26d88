"""The rules screen: the table of contents as a tree, a jump-to-number box, and the document view."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Static, Tree

from glossary.model import parse_rule_query
from tutor.app.screens.base import BrowserScreen
from tutor.app.widgets.document import DocumentView
from tutor.i18n import t
from tutor.render import safe_text
from tutor.views.locations import Location, RuleLocation, rule_location

__all__ = ["RulesScreen"]


class RulesScreen(BrowserScreen):
    """Sections 1–9, rules 100–905 and the sub-rules whose text we have."""

    BINDINGS = [
        Binding("slash", "focus_jump", show=False),
        Binding("ctrl+f", "focus_jump", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="breadcrumb")
        yield Input(id="jump")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Tree("", id="toc")
            yield DocumentView(id="document")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_texts()
        self.query_one("#jump", Input).focus()

    def refresh_texts(self) -> None:
        self.query_one("#jump", Input).placeholder = t("jump_placeholder", self.app.ui)
        self.build_tree()

    def build_tree(self) -> None:
        """The table of contents of the newest Italian rules, with the sub-rules we have text for."""
        tree = self.query_one("#toc", Tree)
        tree.clear()
        tree.root.set_label(Text(t("toc_title", self.app.ui)))
        tree.show_root = False
        for sec in self.app.kb.rules_tree("it"):  # labels are Text: a title is never read as markup
            node = tree.root.add(safe_text(f"{sec['number']}. {sec['title']}"), expand=False)
            for r in sec["rules"]:
                loc = rule_location(r["rule"]) if r["rule"] else None
                label = safe_text(f"{r['number']}. {r['title']}")
                if r["subrules"]:
                    rnode = node.add(label, data=loc, expand=False)
                    for sub in r["subrules"]:
                        rnode.add_leaf(safe_text(sub.number), data=rule_location(sub))
                else:
                    node.add_leaf(label, data=loc)

    def on_tree_node_selected(self, event: Tree.NodeSelected) -> None:
        if event.node.data is not None:
            self.app.navigate(event.node.data, screen=self)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.jump(event.value)

    def on_input_changed(self, event: Input.Changed) -> None:
        """Typing a complete rule number shows it at once."""
        number = parse_rule_query(event.value)
        if number and self.app.kb.rule(number):
            self.jump(event.value, record=False)

    def jump(self, text: str, record: bool = True) -> None:
        number = parse_rule_query(text)
        kb = self.app.kb
        rule = (kb.rule(number, "it") or kb.rule(number)) if number else None
        if rule is None:
            self.query_one("#document", DocumentView).show_text(t("no_rule", self.app.ui, what=text.strip()))
            return
        self.app.navigate(rule_location(rule), record=record, screen=self)

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
