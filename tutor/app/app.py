"""mtg-tutor's Textual app: a screen per area (glossary, rules; lessons and quizzes later), shared
history with back and forward, bilingual interface switched with one key and remembered."""

from __future__ import annotations

import threading

from rich.text import Text
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from tutor.app.bindings import LocalizedBindings, localized_bindings
from tutor.app.history import History
from tutor.app.settings import load_settings, save_settings
from tutor.app.stylesheet import KeptStylesheet
from tutor.app.widgets.breadcrumb import Breadcrumb
from tutor.i18n import LANGS, chosen_ui, next_lang, t
from tutor.memory import collect_as_usual, keep_for_good
from tutor.resources import app_file
from tutor.views.locations import Location

__all__ = ["HelpScreen", "TutorApp"]


class HelpScreen(ModalScreen):
    """The keys, in the interface language (`?`)."""

    BINDINGS = [Binding("escape,question_mark,q", "close", show=False)]

    def compose(self):
        with Vertical(id="help-box"):
            yield Static(id="help-title")
            yield Static(id="help-body")

    def on_mount(self) -> None:
        self.refresh_texts()

    def refresh_texts(self) -> None:
        """The title and the keys in the current interface language (plain text: no markup is read)."""
        ui = self.app.ui
        self.query_one("#help-title", Static).update(Text(t("help_title", ui)))
        self.query_one("#help-body", Static).update(Text(t("help_body", ui)))

    def action_close(self) -> None:
        """Close the help, once: a second Escape typed before it is gone must not close the screen below."""
        if self.app.screen is self:
            self.dismiss()


def _lazy_screen(module: str, name: str):
    """A mode's screen factory that imports its module on first use (Textual calls it once per mode)."""

    def make() -> Screen:
        import importlib

        return getattr(importlib.import_module(module), name)()

    return make


class TutorApp(LocalizedBindings, App):
    """Browse the bilingual glossary and the Comprehensive Rules."""

    CSS_PATH = str(app_file("styles.tcss"))  # package data, absolute: subclasses elsewhere keep it
    TITLE = "mtg-tutor"
    MODES = {}  # filled in __init__ (screens import Textual widgets lazily with the app)
    DEFAULT_MODE = "glossary"  # the first screen, built directly: no blank default screen to build and leave

    # One binding per interface language, described from the catalog (tutor/app/bindings.py); the
    # palette's and quit's own bindings are replaced so that they are described too.
    BINDINGS = localized_bindings(
        ("alt+left", "back", "key_back"),
        ("backspace", "back", "key_back", False),
        ("alt+right", "forward", "key_forward", False),
        ("ctrl+l", "toggle_language", "key_language"),
        ("ctrl+g", "switch_mode('glossary')", "key_glossary"),
        ("ctrl+r", "switch_mode('rules')", "key_rules"),
        ("f2", "lessons", "app.lessons.key_lessons"),
        ("f3", "switch_mode('quiz')", "key_quiz"),
        ("f4", "switch_mode('explain')", "explain.app.key", False),  # in F1's keys and the palette; the footer is full
        ("escape", "return_from_link", "quiz.key.return", False),  # after a link followed from the quiz or a lesson
        ("f1", "help", "key_help"),
        ("question_mark", "help", "key_help", False),  # when not typing in a box
        ("ctrl+p", "command_palette", "key_palette", False, True),
        ("ctrl+q", "quit", "key_quit", False, True),
    )

    # The keys a narrow footer leaves out (binding ids; tutor/app/widgets/footer.py): the screens' own, listed by
    # F1 and the palette.
    FOOTER_WIDE_ONLY = ("switch_mode", "lessons")

    def __init__(self, kb=None, settings: dict | None = None, ui: str | None = None) -> None:
        """`settings`: the saved settings (read from the file by default); `ui`: the interface language asked
        for by the command line or the environment (`tutor.i18n.chosen_ui`), which wins over the saved one for
        this run without being saved (Ctrl+L saves its choice)."""
        from tutor.app.screens.glossary import GlossaryScreen

        keep_for_good("modules")  # the classes and catalogs just imported: out of every full collection
        # The first screen is the glossary; the other modes (and the lessons runtime, the quiz) are imported when
        # first shown, so that they cost the first frame nothing.
        self.MODES = {"glossary": GlossaryScreen, "rules": _lazy_screen("tutor.app.screens.rules", "RulesScreen"),
                      "lessons": _lazy_screen("tutor.app.screens.lessons", "CourseScreen"),
                      "quiz": _lazy_screen("tutor.app.screens.quiz", "QuizScreen"),
                      "explain": _lazy_screen("tutor.app.screens.explain", "ExplainScreen")}
        super().__init__()
        self.stylesheet = KeptStylesheet(variables=self.get_css_variables())  # each CSS source parsed once
        self._kb = kb
        self._kb_lock = threading.Lock()  # the knowledge base loads once, in the background or on first use
        self.settings = settings if settings is not None else load_settings()
        self.history = History()
        self.ui_override = ui if ui in LANGS else None
        self._preview: Location | None = None  # the history's current place, when a preview put it there
        self.quiz_return: tuple[str, int] | None = None  # (the quiz's mode, the history position) after a link
        self.lesson_return = None  # the page a lesson's link opened: back from it returns to the lesson

    # ---- data ---------------------------------------------------------------------------------------
    @property
    def kb(self):
        """The knowledge base; loaded in the background after the first frame, or here when asked sooner
        (then this waits for the background load rather than loading twice)."""
        if self._kb is None:
            with self._kb_lock:
                if self._kb is None:
                    from glossary.kb import load

                    self._kb = load().read_all()  # nothing left pickled for a page to wait for
        return self._kb

    @property
    def ui(self) -> str:
        """The interface language: the one asked for on this run, else the saved setting."""
        return self.ui_override or self.settings["ui"]

    def on_mount(self) -> None:
        if self.settings.get("theme") in self.available_themes:
            self.theme = self.settings["theme"]
        self.title = t("app_title", self.ui)
        self._label_bindings()
        notice = getattr(self.settings, "notice", None)
        if notice:  # the settings file could not be used: say so, and where it was kept
            key, fields = notice
            self.notify(t(key, self.ui, **fields), title=t("settings_title", self.ui), severity="warning",
                        markup=False)
        problems = getattr(self.settings, "problems", ())
        if problems:
            from tutor.settings import problem_text
        for problem in problems:  # as the quiz commands say it (tutor/settings.py)
            self.notify(problem_text(problem, self.ui), title=t("settings_title", self.ui),
                        severity="warning", markup=False)

    def on_ready(self) -> None:
        collect_as_usual()  # the first screen is up (tutor/memory.py)
        # Once the first screen is up, in the background: the compiled index (the welcome screen needs
        # none of it: milliseconds from the cache, longer when it is rebuilt; a search typed sooner waits
        # for it), then the word-form analysers, so that the first inflected Russian query does not pause
        # typing while pymorphy3 loads.
        self.run_worker(self._warm_up, thread=True, exclusive=True, group="warm-up")
        if self.is_web:  # a browser tab's app (`mtg-tutor serve`): it quits when its server is gone
            from tutor.web.watch import quit_when_orphaned

            quit_when_orphaned(self)

    def _warm_up(self) -> None:
        try:
            _ = self.kb
        except Exception:  # noqa: BLE001 - said where it is used: the next use loads it again and reports
            return
        from glossary.lang import lemma_key, stem_words

        for lang in ("it", "ru", "en"):
            stem_words("abilita", lang)
        lemma_key("кладбища")
        keep_for_good("kb")  # the index and the analysers: no full collection walks them while typing

    # ---- navigation ---------------------------------------------------------------------------------
    def browser(self):
        """The browsing screen of the current mode (glossary, rules), also while the help is open above it;
        None while there is none yet.

        Events arrive late: a search submitted just before F1 is handled once the help is on top, so
        nothing here may take the top screen (`self.screen`) for the one that shows documents.
        """
        from tutor.app.screens.base import BrowserScreen

        return next((s for s in reversed(self.screen_stack) if isinstance(s, BrowserScreen)), None)

    def navigate(self, location: Location, record: bool = True, screen: Screen | None = None,
                 preview: bool = False) -> None:
        """Open a location (an entry, a rule) in `screen` (by default the current mode's browsing screen)
        and, when it exists, record it in the history. A `preview` (a rule shown while its number is typed)
        is recorded too, but takes the place of the preview just before it instead of piling up."""
        screen = screen or self.browser()
        if screen is None or not screen.is_attached:
            return
        if screen.show_location(location) and (record or preview):
            if preview and self._preview is not None and self.history.current == self._preview:
                self.history.replace(location)
            else:
                self.history.visit(location)
            self._preview = location if preview else None
        self._update_breadcrumb(screen)

    def action_back(self) -> None:
        if not self.action_return_to_quiz() and not self._back_to_lesson():
            self._move_in_history(self.history.back)

    def action_quiz_filters(self) -> None:
        """The quiz's filters (the quiz screen's ``f``, the palette): the quiz, its filters shown."""
        self.switch_mode("quiz")
        self.call_after_refresh(self._show_quiz_filters)

    def _show_quiz_filters(self) -> None:
        screen = self.screen
        if hasattr(screen, "action_filters") and not screen.query_one("#quiz-filters").display:
            screen.action_filters()

    def action_exam(self) -> None:
        """The exam (the quiz screen's ``e``, the palette): its own screen over the current one."""
        from tutor.app.screens.exam import ExamScreen

        if not isinstance(self.screen, ExamScreen):
            self.push_screen(ExamScreen())

    @staticmethod
    def export_folder():
        """Where the palette's exports go: the data folder's ``exports`` (each learner's own folder)."""
        from glossary.paths import data_home

        return data_home() / "exports"

    def action_export(self, fmt: str = "anki") -> None:
        """Export the glossary in the interface language as `fmt` (the palette), in a thread; say where or why not."""
        ui = self.ui

        def work() -> None:
            from tutor.export import ExportError, default_name, export

            folder = self.export_folder()
            try:
                try:
                    folder.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise ExportError("export.error.write", path=folder, error=exc.strerror or exc) from None
                result = export(fmt, "glossary", ui, folder / default_name(fmt, "glossary", ui), kb=self.kb)
            except Exception as exc:  # said, never a crash of the app (a bug: its type and message)
                error = exc.message(ui) if isinstance(exc, ExportError) else f"{type(exc).__name__}: {exc}"
                self.call_from_thread(self.notify, t("export.palette.failed", ui, error=error), severity="error",
                                      markup=False)
                return
            self.call_from_thread(self.notify, t("export.palette.done", ui, path=result.path, n=result.items),
                                  markup=False)

        self.run_worker(work, thread=True, group="export", exit_on_error=False)

    async def open_from_quiz(self, location: Location) -> None:
        """Open a link of the quiz's explanation in the glossary or rules mode; back (Alt+←, Backspace, Esc) from
        that page returns to the quiz as it was."""
        from tutor.views.locations import EntryLocation

        here = self.current_mode
        await self.switch_mode("glossary" if isinstance(location, EntryLocation) else "rules")
        self.navigate(location)
        self.quiz_return = (here, self.history.position)
        document = self.screen.query("#document")
        if document and document.first().focusable:  # not the search box: Backspace goes back
            document.first().focus()

    def action_return_to_quiz(self) -> bool:
        """Back to the quiz when the page shown was opened from it (and not left for an older one)."""
        mark = self.quiz_return
        if mark is None or self.current_mode == mark[0] or self.history.position > mark[1]:
            return False
        self.quiz_return = None
        self.switch_mode(mark[0])
        return True

    # ---- lessons (app-lessons) ----------------------------------------------------------------------
    def action_lessons(self) -> None:
        """The lessons mode (F2): the course map, or the lesson being played."""
        self.lesson_return = None
        self.switch_mode("lessons")

    async def open_from_lesson(self, location: Location) -> None:
        """Open a rule page or a glossary entry from a lesson; back from that page returns to the lesson."""
        from tutor.views.locations import EntryLocation

        await self.switch_mode("glossary" if isinstance(location, EntryLocation) else "rules")
        self.navigate(location)
        self.lesson_return = self.history.current

    def _back_to_lesson(self, always: bool = False) -> bool:
        """Back to the lesson from the page it opened (from any page, with `always`)."""
        spot = self.lesson_return
        if spot is None or self.current_mode == "lessons" or not (always or self.history.current == spot):
            return False
        self.lesson_return = None
        self.switch_mode("lessons")
        return True

    def action_return_to_lesson(self) -> None:
        """Escape on a page opened from a lesson: back to the lesson."""
        self._back_to_lesson(always=True)

    def action_return_from_link(self) -> None:
        """Escape on a page opened from the quiz or from a lesson: back there, as it was."""
        if not self.action_return_to_quiz():
            self._back_to_lesson(always=True)

    def action_forward(self) -> None:
        self._move_in_history(self.history.forward)

    def _move_in_history(self, step) -> None:
        screen = self.browser()
        if screen is not None and step():
            screen.show_location(self.history.current)
            self._update_breadcrumb(screen)
        else:
            self.bell()

    def _update_breadcrumb(self, screen=None) -> None:
        """The trail of the history on the browsing screen (plain text: titles are never read as markup)."""
        screen = screen or self.browser()
        if screen is None:
            return
        trail = [x.label(self.kb) for x in self.history.trail()]
        crumb = screen.query_one("#breadcrumb", Static)
        if isinstance(crumb, Breadcrumb):  # elided from the left to the terminal's width
            crumb.show_trail(f"{t('breadcrumb', self.ui)}: ", trail)
        else:
            crumb.update(Text(f"{t('breadcrumb', self.ui)}: " + " › ".join(trail)) if trail else Text(""))

    def screens(self) -> list[Screen]:
        """Every screen the app holds, in every mode (the ones below the top and in other modes too)."""
        stacks = []
        for mode in dict.fromkeys((*self.MODES, self.current_mode)):
            try:
                stacks.append(self.get_screen_stack(mode))
            except KeyError:  # a mode not shown yet: no screen
                continue
        return list(dict.fromkeys(s for stack in stacks for s in stack))

    # ---- language -----------------------------------------------------------------------------------
    def action_toggle_language(self) -> None:
        """Switch the interface and the primary language between Italian and Russian; remember it."""
        self.settings["ui"] = next_lang(self.ui)
        self.ui_override = None  # the learner's choice now, saved for the next runs
        save_settings(self.settings)
        self.title = t("app_title", self.ui)
        self._label_bindings()
        from tutor.app.screens.base import BrowserScreen

        # Every screen, not only the one on top: the other modes' screens and the help speak the new language
        # at once (a screen still to be built will be built in it).
        browser = self.browser()
        for screen in self.screens():
            if hasattr(screen, "refresh_texts") and screen.is_attached:
                screen.refresh_texts()
                screen.shown_ui = self.ui
            if isinstance(screen, BrowserScreen) and screen.is_attached:
                here = screen.location or (self.history.current if screen is browser else None)
                if here:
                    screen.show_location(here)
                self._update_breadcrumb(screen)

    def _label_bindings(self) -> None:
        """Footer, keys panel and palette key in the interface language: the bindings of the other
        languages are hidden by ``check_action`` (LocalizedBindings); ask the footer to look again."""
        self.refresh_bindings()

    def action_help_quit(self) -> None:
        """Ctrl+C outside a text box: say how to quit, in the interface language."""
        self.notify(t("quit_hint", self.ui, key="Ctrl+Q"), title=t("quit_hint_title", self.ui))  # catalog markup

    def watch_theme(self, theme: str) -> None:
        """Remember a theme chosen with the command palette ("Change theme")."""
        if self.settings.get("theme") != theme:
            self.settings["theme"] = theme
            save_settings(self.settings)

    def action_help(self) -> None:
        """Open the help (once: F1 pressed again while it is open does not stack a second one)."""
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    # ---- command palette ----------------------------------------------------------------------------
    def action_command_palette(self) -> None:
        """Ctrl+P: the command palette, its search box in the interface language."""
        from textual.command import CommandPalette

        from tutor.app.palette import LocalizedPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(LocalizedPalette(id="--command-palette", placeholder=t("look.palette_placeholder", self.ui)))

    def search_themes(self) -> None:
        """The theme picker ("Tema" in the palette), its search box in the interface language."""
        from textual.theme import ThemeProvider

        from tutor.app.palette import LocalizedPalette

        self.push_screen(LocalizedPalette(providers=[ThemeProvider], placeholder=t("look.themes_placeholder", self.ui)))

    def get_system_commands(self, screen):
        ui = self.ui
        yield SystemCommand(t("key_glossary", ui), t("cmd_glossary_help", ui), lambda: self.switch_mode("glossary"))
        yield SystemCommand(t("key_rules", ui), t("cmd_rules_help", ui), lambda: self.switch_mode("rules"))
        yield SystemCommand(t("key_quiz", ui), t("cmd_quiz_help", ui), lambda: self.switch_mode("quiz"))
        yield SystemCommand(t("app.lessons.key_lessons", ui), t("app.lessons.cmd_help", ui), self.action_lessons)
        yield SystemCommand(t("quiz.exam.key.exam", ui), t("quiz.exam.cmd_help", ui), self.action_exam)
        yield SystemCommand(t("explain.app.key", ui), t("explain.app.cmd_help", ui), lambda: self.switch_mode("explain"))
        yield SystemCommand(t("quiz.filters.cmd", ui), t("quiz.filters.cmd_help", ui), self.action_quiz_filters)
        yield SystemCommand(t("cmd_language", ui), t("cmd_language_help", ui), self.action_toggle_language)
        from tutor.export import FORMATS

        for fmt in FORMATS:  # the glossary, in the interface language
            yield SystemCommand(t(f"export.palette.{fmt}", ui), t("export.palette.help", ui),
                                lambda fmt=fmt: self.action_export(fmt))
        yield SystemCommand(t("key_back", ui), t("cmd_back_help", ui), self.action_back)
        yield SystemCommand(t("key_forward", ui), t("cmd_forward_help", ui), self.action_forward)
        yield SystemCommand(t("key_help", ui), t("cmd_help_help", ui), self.action_help)
        # Textual's own commands (App.get_system_commands: the same actions, in the same order), in the interface
        # language; tests/app/test_compat.py checks that Textual's are these.
        yield SystemCommand(t("palette.theme", ui), t("palette.theme_help", ui), self.action_change_theme)
        yield SystemCommand(t("palette.quit", ui), t("palette.quit_help", ui), self.action_quit)
        if screen.query("HelpPanel"):
            yield SystemCommand(t("palette.keys", ui), t("palette.keys_hide_help", ui), self.action_hide_help_panel)
        else:
            yield SystemCommand(t("palette.keys", ui), t("palette.keys_show_help", ui), self.action_show_help_panel)
        if screen.maximized is not None:
            yield SystemCommand(t("palette.minimize", ui), t("palette.minimize_help", ui), screen.action_minimize)
        elif screen.focused is not None and screen.focused.allow_maximize:
            yield SystemCommand(t("palette.maximize", ui), t("palette.maximize_help", ui), screen.action_maximize)
        yield SystemCommand(t("palette.screenshot", ui), t("palette.screenshot_help", ui),
                            lambda: self.set_timer(0.1, self.deliver_screenshot))


def run() -> None:
    """Run the app in the terminal (in the language ``MTG_TUTOR_UI`` or the locale ask for, if any)."""
    TutorApp(ui=chosen_ui()).run()


if __name__ == "__main__":
    run()
