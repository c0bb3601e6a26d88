"""The glossary screen: search as you type, a result list, and the document view.

A result row says what it is: the headword (a rule's number and title, or the first words of its text),
its language, and, when two rows would read the same, the source it comes from (`· glossario 8ª ed.`,
`· wiki 2024`); below it, the name in the other language — and, when the query's language has no entry
of that concept, that the sources have none. When nothing is found, the rows say so and offer the
closest names ("did you mean"), each a row that runs that search. The list is replaced in one batch (a
screenful of rows, the rest once it is on screen), rows already built are reused, and nothing is redrawn
when the hits have not changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from glossary.lang import script
from glossary.text import fold
from tutor.app.screens.base import BrowserScreen
from tutor.app.widgets.breadcrumb import Breadcrumb
from tutor.app.widgets.document import DocumentView, LocationOption
from tutor.app.widgets.footer import KeysFooter
from tutor.app.widgets.search_box import ResultList, SearchBox
from tutor.i18n import LANG_NAMES, t
from tutor.render import symbol_text
from tutor.views.locations import EntryLocation, Location, RuleLocation, location_of
from tutor.views.texts import SOURCE_KEYS, source_name

if TYPE_CHECKING:  # the model comes with the knowledge base, after the first frame
    from glossary.model import Entry, Rule

__all__ = ["GlossaryScreen", "SuggestionOption", "result_rows"]

LIMIT = 30  # hits listed
WARM_UP_AFTER = 0.5  # seconds after the screen is mounted
FIRST_ROWS = 12  # rows listed at once (at least a screenful); the rest follow after the next frame
SNIPPET = 40  # characters of a sub-rule's text shown in its row
ROW_CACHE = 2000  # rows kept for reuse


class SuggestionOption(Option):
    """A "did you mean" row: choosing it searches for `query`."""

    def __init__(self, prompt, query: str) -> None:
        super().__init__(prompt)
        self.query = query
        self.location = None


def query_lang(query: str) -> str:
    """The language a query is typed in, as far as its letters tell: Cyrillic is Russian, Latin Italian."""
    return "ru" if script(query) == "ru" else "it"


def source_label(kb, found: Entry | Rule, ui: str) -> str:
    """A short name of the source document of an entry or a rule, to tell apart two rows with the same headword."""
    from glossary.model import Rule

    if found.doc in SOURCE_KEYS:
        return source_name(found.doc, ui)
    view = kb.rule_view(found.number, doc=found.doc) if isinstance(found, Rule) else None
    return t("search.src_rules", ui, date=view["effective"]) if view and view["effective"] else found.doc


def _has_entry(kb, eid: str, lang: str) -> bool:
    """Whether the entry's concept has an entry in `lang` (the entry itself included)."""
    found = kb.entry(kb.primary_entry(eid, lang))
    return found is not None and found.lang == lang


def _snippet(text: str, size: int = SNIPPET) -> str:
    """The first words of a text, cut at a word boundary, with an ellipsis when cut.

    >>> _snippet("Le abilità attivate hanno un costo e un effetto."), _snippet("Breve.")
    ('Le abilità attivate hanno un costo e un…', 'Breve.')
    """
    words = " ".join(text.split())
    if len(words) <= size:
        return words
    cut = words[:size].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def _term_row(kb, hit: dict, ui: str, qlang: str, label: Text) -> Text:
    # The English name (the bridge), when the hit is not English itself; the learner's own name when the hit is in
    # the other language (never the third language's name to a learner of one).
    other = [x for lang, xs in hit["translations"].items()
             if lang != hit["lang"] and lang == ui for x in xs[:1]]
    english = hit["translations"].get("en", [])[:1] if hit["lang"] != "en" else []
    if english:
        other = [" · ".join([*other[:1], f"en: {english[0]}"])]
    missing = hit["concept"] and qlang != hit["lang"] and not _has_entry(kb, hit["id"], qlang)
    if other or missing:
        label.append(symbol_text("\n  " + (other[0] if other else ""), "italic"))
        if missing:
            label.append(" · " if other else "")
            label.append(t(f"search.no_entry_in.{qlang}", ui), style="dim italic")
    return label


def _rule_row(kb, hit: dict, ui: str, rule: Rule | None, label: Text) -> Text:
    if rule is not None and not rule.title and rule.text:
        label.append(symbol_text("\n  " + _snippet(rule.text), "italic"))
        return label
    other = [x for lang, xs in hit["translations"].items() if lang != hit["lang"] and lang == ui for x in xs[:1]]
    if other:
        label.append(symbol_text("\n  " + other[0], "italic"))
    return label


def _concept_rule_row(kb, hit: dict, ui: str) -> Text:
    """A concept that no source has an entry for, reached through its name: its name, the rule it leads to."""
    names = hit["translations"]
    own = (names.get(ui) or names.get("en") or [hit["term"]])[0]
    number = (hit["concept"]["rules"] or [hit["term"]])[0]
    label = Text()
    label.append(symbol_text(own[:1].upper() + own[1:], "bold"))  # a concept's name, written as a headword
    label.append(f" · {t('kind_rule', ui)} {number}", style="dim")
    other = [x for lang in ("it", "ru") if lang != ui for x in names.get(lang, [])[:1]]
    label.append(symbol_text("\n  " + (other[0] + " · " if other else ""), "italic"))
    label.append(t("search.no_entry_at_all", ui), style="dim italic")
    return label


def result_rows(kb, result: dict, ui: str, cache: dict | None = None) -> list[Option]:
    """The rows of the result list for a `KnowledgeBase.lookup` result, as options (Rich Text prompts).

    With a `cache`, a row already built for the same hit (same language, same note, same source label)
    is reused: the option list then finds its layout (wrapped height) already computed.
    """
    hits = result["hits"]
    if not hits:
        rows: list[Option] = [Option(Text(t("no_results", ui), style="italic"), disabled=True)]
        if result["suggestions"]:
            rows.append(Option(Text(t("search.suggestions", ui), style="dim"), disabled=True))
            for s in result["suggestions"]:
                prompt = Text("→ ")
                prompt.append(symbol_text(s, "bold"))
                rows.append(SuggestionOption(prompt, s))
        return rows
    from glossary.model import Entry, Rule

    qlang = query_lang(result["query"])
    seen: dict[tuple[str, str], int] = {}
    for hit in hits:
        key = (fold(hit["term"]), hit["lang"])
        seen[key] = seen.get(key, 0) + 1
    rows = []
    for hit in hits:
        dup = seen[(fold(hit["term"]), hit["lang"])] > 1
        key = (ui, qlang, hit["id"], hit["concept"]["id"] if hit["concept"] else None, dup)
        if cache is not None and key in cache:
            rows.append(cache[key])
            continue
        found = kb.target(hit["id"])
        if hit["kind"] == "rule" and hit["concept"]:
            label = _concept_rule_row(kb, hit, ui)
        else:
            label = Text()
            label.append(symbol_text(hit["term"], "bold"))  # the headword alone in bold
            label.append(f" {hit['lang']}", style="dim")
            if hit["kind"] == "rule":
                label.append(f" · {t('kind_rule', ui)}", style="dim")
            if dup and isinstance(found, (Entry, Rule)):
                label.append(f" · {source_label(kb, found, ui)}", style="dim")
            if hit["kind"] == "rule":
                label = _rule_row(kb, hit, ui, found if isinstance(found, Rule) else None, label)
            else:
                label = _term_row(kb, hit, ui, qlang, label)
        option = LocationOption(label, location_of(kb, hit["id"]))
        option.hit = hit
        rows.append(option)
        if cache is not None:
            if len(cache) > ROW_CACHE:
                cache.clear()
            cache[key] = option
    return rows


class GlossaryScreen(BrowserScreen):
    """Search box (focused at start), results, and the open entry or rule."""

    DEFAULT_CSS = """
    GlossaryScreen #right {
        width: 1fr;
        height: 1fr;
    }
    GlossaryScreen #search-notice {
        display: none;
        height: auto;
        padding: 0 1;
        border-left: thick $warning;
        margin: 0 1;
    }
    """

    BINDINGS = [
        Binding("slash", "focus_search", "Cerca", show=False),
        Binding("ctrl+f", "focus_search", "Cerca", show=False),
    ]

    _shown: tuple | None = None  # what the result list shows now (language, query language, hits, suggestions)
    _rows: dict | None = None  # rows built so far, for reuse (see result_rows)
    _asked: tuple[str, dict | None] | None = None  # (query language, hit) of the row being opened

    def compose(self) -> ComposeResult:
        yield Breadcrumb(id="breadcrumb")
        yield SearchBox(id="search")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield ResultList(id="results")
            with Vertical(id="right"):
                yield Static(id="search-notice")
                yield DocumentView(id="document")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_texts()
        self.query_one("#search", Input).focus()
        self.set_timer(WARM_UP_AFTER, self._warm_up)

    def _warm_up(self) -> None:
        """Once the screen is up: what the first questions and notes would otherwise load while typing
        (the question patterns, the message templates)."""
        from glossary.lang import strip_question

        strip_question("cos'è la pila")
        t("no_entry_in_lang", self.app.ui, lang=LANG_NAMES[self.app.ui]["ru"], name="стек")

    def refresh_texts(self) -> None:
        """Labels in the current interface language."""
        self.query_one("#search", Input).placeholder = t("search_placeholder", self.app.ui)
        self.update_results(self.query_one("#search", Input).value)

    # ---- search -----------------------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            self.update_results(event.value)

    def update_results(self, query: str) -> None:
        """Search now (the index answers in well under a millisecond) and list the hits in one batch;
        nothing is redrawn when the list would be the same."""
        ui = self.app.ui
        kb = self.app.kb if query.strip() else None  # the empty box of the first screen needs no index
        result = kb.lookup(query, limit=LIMIT, ui=ui) if kb is not None else None
        shown = None if result is None else (
            ui, query_lang(query), tuple(h["id"] for h in result["hits"]), tuple(result["suggestions"]))
        if shown == self._shown:
            return
        self._shown = shown
        results = self.query_one("#results", OptionList)
        if self._rows is None:
            self._rows = {}
        rows = result_rows(kb, result, ui, self._rows) if result is not None else []
        # The rows a screen shows first, the rest once they are on screen (a new row costs its layout).
        shown_first = max(FIRST_ROWS, self.size.height // 2)  # rows are two lines high
        results.set_options(rows[:shown_first])
        first = next((i for i, row in enumerate(rows) if not row.disabled), None)
        results.highlighted = first
        if len(rows) > shown_first:
            self.call_after_refresh(self._add_rows, shown, rows[shown_first:])

    def _add_rows(self, shown: tuple, rows: list[Option]) -> None:
        """The rest of a result list, unless another search has replaced it meanwhile."""
        if shown == self._shown:
            self.query_one("#results", OptionList).add_options(rows)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "search":
            return
        results = self.query_one("#results", OptionList)
        if results.option_count and results.highlighted is not None:
            self._choose(results.get_option_at_index(results.highlighted))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "results":
            event.stop()
            self._choose(event.option)

    def _choose(self, option: Option) -> None:
        """Open a hit, or run a suggested search."""
        if isinstance(option, SuggestionOption):
            search = self.query_one("#search", Input)
            search.value = option.query
            search.cursor_position = len(option.query)
            search.focus()
            return
        location = getattr(option, "location", None)
        if location is None:
            return
        self._asked = (query_lang(self.query_one("#search", Input).value), getattr(option, "hit", None))
        try:
            self.app.navigate(location, screen=self)
        finally:
            self._asked = None

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

    # ---- the note above the document -----------------------------------------------------------------
    def show_location(self, location: Location) -> bool:
        """Show a location; above it, say when the language asked for has no entry of the concept."""
        shown = super().show_location(location)
        if shown:
            note = self._notice(location)
            notice = self.query_one("#search-notice", Static)
            notice.update(Text(note, style="italic") if note else "")
            notice.display = bool(note)
        return shown

    def _notice(self, location: Location) -> str | None:
        kb, ui = self.app.kb, self.app.ui
        asked_lang, hit = self._asked or (None, None)
        if isinstance(location, RuleLocation):
            if not hit or hit["kind"] != "rule" or not hit["concept"]:
                return None  # a rule found as itself
            names = hit["translations"]
            name = (names.get(ui) or names.get("en") or [hit["concept"]["id"]])[0]
            return t("search.concept_rule", ui, name=name, number=(hit["concept"]["rules"] or [location.number])[0])
        if not isinstance(location, EntryLocation):
            return None
        eid = kb.primary_entry(location.entry_id, ui)  # the entry the document view shows
        entry = kb.entry(eid)
        if entry is None or not entry.concept:
            return None
        names = kb.translations(eid)
        lines = [t("no_entry_in_lang", ui, lang=LANG_NAMES[ui][lang], name=", ".join(names[lang]))
                 for lang in dict.fromkeys((asked_lang, ui))
                 if lang in ("it", "ru") and lang != entry.lang and names.get(lang) and not _has_entry(kb, eid, lang)]
        return "\n".join(lines) or None

    # ---- actions ----------------------------------------------------------------------------------
    def action_focus_search(self) -> None:
        self.query_one("#search", Input).focus()
