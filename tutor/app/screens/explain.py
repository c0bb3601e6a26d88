"""Explain a card: the learner pastes a card's English (Oracle) text, and sees each game term in it with its name in
their language, a one-line definition and its rules (`glossary.explain`), then the words it does not know.

A mode of its own (F4, the command palette's "Spiega carta" / "Объяснить карту"): a text box, an optional box for the
card's English name, and the terms below, one row each; Enter on a term opens its page of the glossary (back, or Esc,
returns here as it was). Ctrl+E explains (Enter in the name box too). Every text shown goes through `safe_text`.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static, TextArea

from tutor.app.bindings import LocalizedBindings, localized_bindings
from tutor.app.widgets.document import LocationOption
from tutor.app.widgets.footer import KeysFooter
from tutor.i18n import t
from tutor.render import safe_text

__all__ = ["ExplainScreen"]


class ExplainScreen(LocalizedBindings, Screen):
    """A box for a card's English text and its explanation."""

    DEFAULT_CSS = """
    ExplainScreen #explain-header {
        height: auto;
        padding: 0 1;
        color: $text-muted;
        background: $boost;
    }
    ExplainScreen #explain-text {
        height: 8;
    }
    ExplainScreen #explain-terms {
        height: 1fr;
    }
    ExplainScreen #explain-unknown, ExplainScreen #explain-hint {
        height: auto;
        padding: 0 1;
    }
    """

    BINDINGS = localized_bindings(
        ("ctrl+e", "explain", "explain.app.key_run", True, True),  # priority: the text box has its own Ctrl+E
    )

    def __init__(self) -> None:
        super().__init__()
        self.data: dict | None = None
        self.error: str | None = None  # why the text could not be explained (ExplainError.code)

    def compose(self) -> ComposeResult:
        yield Static(id="explain-header")
        with Vertical():
            yield TextArea(id="explain-text", soft_wrap=True, show_line_numbers=False)
            yield Input(id="explain-name")
            yield Static(id="explain-hint")
            yield OptionList(id="explain-terms")
            yield Static(id="explain-unknown")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_texts()
        self._fit(self.app.size.height)
        self.query_one("#explain-text", TextArea).focus()

    def on_resize(self, event) -> None:
        self._fit(event.size.height)

    def _fit(self, height: int) -> None:
        """On a short terminal (80×24) the text box gives the terms more room: 4 lines instead of 8 (it scrolls)."""
        self.query_one("#explain-text", TextArea).styles.height = 4 if height < 32 else 8

    def refresh_texts(self) -> None:
        """Everything in the interface language; the explanation shown again in it."""
        ui = self.app.ui
        self.query_one("#explain-header", Static).update(Text(t("explain.app.title", ui)))
        self.query_one("#explain-name", Input).placeholder = t("explain.app.name_placeholder", ui)
        self.query_one("#explain-hint", Static).update(Text(t("explain.app.hint", ui), style="dim"))
        self.query_one("#explain-text", TextArea).placeholder = t("explain.app.placeholder", ui)
        if self.data is not None and self.data.get("lang") != ui:
            self.action_explain()
        else:
            self._show()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_explain()

    def action_explain(self) -> None:
        """Explain the text in the box, once the keys typed before Ctrl+E are in it: the binding acts at once, while
        the box may still have keys to handle (typed fast, or sent by a program), so the explanation waits its
        turn in the box's own queue."""
        self.query_one("#explain-text", TextArea).call_later(self._explain)

    def _explain(self) -> None:
        """Explain the text in the box (in the interface language)."""
        from glossary.explain import ExplainError
        from tutor.views.explain import explained

        text = self.query_one("#explain-text", TextArea).text
        name = self.query_one("#explain-name", Input).value.strip() or None
        try:
            self.data, self.error = explained(self.app.kb, text, name, self.app.ui), None
        except ExplainError as exc:
            self.data, self.error = None, exc.code
        self._show()
        terms = self.query_one("#explain-terms", OptionList)
        if self.data and terms.option_count:
            terms.highlighted = 0

    def _show(self) -> None:
        ui = self.app.ui
        terms = self.query_one("#explain-terms", OptionList)
        unknown = self.query_one("#explain-unknown", Static)
        terms.clear_options()
        if self.error is not None:
            from tutor.views.explain import error_text

            unknown.update(safe_text(Text(error_text(self.error, ui), style="bold")))
            return
        if self.data is None:
            unknown.update(Text(""))
            return
        from tutor.views.explain import closing_lines, status_mark

        kb = self.app.kb
        options = []
        for term in self.data["terms"]:
            if term["kind"] == "reminder":
                continue
            label = Text()
            label.append(" ".join(term["text"].split())[:60], style="bold")
            label.append(f" → {term['name']}")
            mark = status_mark(term["status"], ui)
            if mark:
                label.append(f" {mark}", style="dim")
            if term["rules"]:
                label.append(f"  ({', '.join(term['rules'][:4])})", style="dim")
            if term["definition"]:
                label.append("\n  " + term["definition"], style="italic")
            options.append(LocationOption(safe_text(label), _page(kb, term["concept"], ui)))
        terms.add_options(options or [LocationOption(Text(t("explain.app.none", ui)), None, disabled=True)])
        unknown.update(safe_text(Text("\n".join(closing_lines(self.data, ui, "explain.app.name_hint")))))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a term: its page of the glossary; back (or Esc) returns here."""
        event.stop()
        location = getattr(event.option, "location", None)
        if location is not None:
            self.run_worker(self.app.open_from_quiz(location), group="explain-link")


def _page(kb, concept: str, ui: str):
    """The glossary page of a concept in the learner's language: its source entry of that language, else its page of
    the modern glossary; None when there is none."""
    from tutor.views.locations import EntryLocation

    entries = kb.concept_entries(concept)
    page = kb.primary_entry(entries[0], ui) if entries else f"{ui}-mod:{concept}"
    return EntryLocation(page) if kb.entry(page) is not None else None
