"""The glossary screen: search as you type, a result list, and the document view."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.screens.base import BrowserScreen
from tutor.app.widgets.document import DocumentView, LocationOption
from tutor.i18n import t
from tutor.render import symbol_text
from tutor.views.locations import location_of

__all__ = ["GlossaryScreen"]


class GlossaryScreen(BrowserScreen):
    """Search box (focused at start), results, and the open entry or rule."""

    BINDINGS = [
        Binding("slash", "focus_search", "Cerca", show=False),
        Binding("ctrl+f", "focus_search", "Cerca", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="breadcrumb")
        yield Input(id="search")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield OptionList(id="results")
            yield DocumentView(id="document")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_texts()
        self.query_one("#search", Input).focus()

    def refresh_texts(self) -> None:
        """Labels in the current interface language."""
        self.query_one("#search", Input).placeholder = t("search_placeholder", self.app.ui)
        self.update_results(self.query_one("#search", Input).value)

    # ---- search -----------------------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            self.update_results(event.value)

    def update_results(self, query: str) -> None:
        """Search now (well under a frame: the index answers in about a millisecond) and list the hits."""
        results = self.query_one("#results", OptionList)
        results.clear_options()
        if not query.strip():
            return
        ui, kb = self.app.ui, self.app.kb
        hits = kb.lookup(query, limit=30)["hits"]
        if not hits:
            results.add_option(Option(Text(t("no_results", ui), style="italic"), disabled=True))
            return
        for hit in hits:
            label = symbol_text(hit["term"], "bold")
            label.append(f" {hit['lang']}", style="dim")
            if hit["kind"] == "rule":
                label.append(f" · {t('kind_rule', ui)}", style="dim")
            other = [x for lang, xs in hit["translations"].items() if lang != hit["lang"] and lang in ("it", "ru")
                     for x in xs[:1]]
            if other:
                label.append(f"\n  {other[0]}", style="italic")
            results.add_option(LocationOption(label, location_of(kb, hit["id"])))
        results.highlighted = 0

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "search":
            return
        results = self.query_one("#results", OptionList)
        if results.option_count and results.highlighted is not None:
            location = getattr(results.get_option_at_index(results.highlighted), "location", None)
            if location is not None:
                self.app.navigate(location, screen=self)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        location = getattr(event.option, "location", None)
        if event.option_list.id == "results" and location is not None:
            event.stop()
            self.app.navigate(location, screen=self)

    def on_key(self, event) -> None:
        """Up and down in the search box move the highlight in the results."""
        search = self.query_one("#search", Input)
        if not search.has_focus or event.key not in ("up", "down"):
            return
        results = self.query_one("#results", OptionList)
        if results.option_count:
            event.stop()
            event.prevent_default()
            (results.action_cursor_down if event.key == "down" else results.action_cursor_up)()

    # ---- actions ----------------------------------------------------------------------------------
    def action_focus_search(self) -> None:
        self.query_one("#search", Input).focus()

