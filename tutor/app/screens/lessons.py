"""The lessons mode (F2): the course map, from which Enter opens the lesson player (`lesson_player.py`).

The map lists the lessons in order, each course under its heading: title in the interface language, level,
minutes, status (new / started / done / replay: a completed lesson played again stays completed; locked: the
second course opens when the first is completed, or at once when the learner says they know the basics, key B,
kept as the ``knows_basics`` setting), hints used in the current run (once the lesson was opened), best stars,
and a note when a lesson's prerequisites are not done yet (it opens all the same). Under the title, what earns the stars. Status and hints come from the progress store the CLI uses
(`tutor.progress.ProgressStore`, in the data directory): a started lesson resumes where it stopped. When the
store cannot be opened the lessons still play, without progress, and a notice says why.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.bindings import LocalizedBindings, localized_bindings
from tutor.app.lesson_services import course, lesson_store
from tutor.app.widgets.choice_list import ChoiceList
from tutor.app.widgets.footer import KeysFooter
from tutor.i18n import t
from tutor.lessons.results import lessons_named, stars_text, text_of

__all__ = ["CourseScreen"]

NARROW = 120  # columns under which the map hides the side pane (the goals of the highlighted lesson)


PLAYER = "lesson-player"  # the name the lesson player is installed under


class CourseScreen(LocalizedBindings, Screen):
    """The course map: Enter opens the highlighted lesson."""

    BINDINGS = localized_bindings(
        ("enter", "open_lesson", "app.lessons.key_open"),
        ("b", "knows_basics", "app.lessons.key_basics"),
    )

    def compose(self) -> ComposeResult:
        yield Static(id="course-title")
        with Horizontal(id="course-main"):
            yield ChoiceList(id="course-list")
            with Vertical(id="course-side"):
                yield Static(id="course-detail")
        yield KeysFooter()

    loaded = False  # the course is read in a thread (its YAML takes a second or two): the map waits for it

    def on_mount(self) -> None:
        self.states: dict = {}
        self.set_class(self.app.size.width < NARROW, "narrow")
        self.query_one("#course-title", Static).update(Text(t("app.lessons.loading", self.app.ui), style="bold"))
        self.query_one("#course-list", OptionList).focus()
        self.run_worker(self._load, thread=True, group="course")

    def _load(self) -> None:
        try:
            course()
        except Exception as exc:  # an invalid course file: one line, never a traceback
            self.app.call_from_thread(self._failed, exc)
            return
        try:  # what the player's links need, loaded here rather than when the first lesson opens
            _ = self.app.kb
            from tutor.i18n.terms import concept_name
            from tutor.lessons.links import known_concepts

            concepts = known_concepts()
            if concepts:
                concept_name(min(concepts), self.app.ui)  # the first name read loads them all
        except Exception:  # noqa: BLE001 - said where they are used (the links), not here
            pass
        from tutor.memory import settle_lessons

        settle_lessons()  # long-lived objects frozen, fewer young collections per move
        self.app.call_from_thread(self._loaded)

    def _failed(self, exc: Exception) -> None:
        self.query_one("#course-title", Static).update(
            Text(t("invalid_file", self.app.ui, error=str(exc)[:300]), style="bold"))

    def _loaded(self) -> None:
        self.loaded = True
        self.refresh_texts()
        self.refresh_bindings()

    def on_resize(self, event) -> None:
        self.set_class(event.size.width < NARROW, "narrow")

    def on_screen_resume(self) -> None:
        if self.loaded:
            self.refresh_texts()

    def _load_states(self) -> dict:
        store = lesson_store(self.app)
        if store is None:
            return {}
        try:
            return store.lesson_states()
        except Exception as exc:  # a store that broke since it was opened: play on without progress
            self.app.notify(str(exc)[:200], severity="warning", markup=False)
            return {}

    def refresh_texts(self) -> None:
        """The map in the interface language, with the progress read again from the store."""
        if not self.loaded:
            return
        ui = self.app.ui
        self.states = self._load_states()
        lessons = course().lessons
        title = Text(t("app.lessons.map_title", ui, n=len(lessons)), style="bold")
        title.append("\n" + t("app.lessons.stars_legend", ui), style="not bold dim")
        self.query_one("#course-title", Static).update(title)
        listing = self.query_one("#course-list", OptionList)
        keep = listing.highlighted
        listing.clear_options()
        options, shown = [], None
        for lesson in lessons:
            if lesson.course != shown:  # each course under its heading (not an option one can choose)
                shown = lesson.course
                options.append(Option(Text(t(f"lesson.course.{shown}", ui), style="bold underline"),
                                      id=f"course-{shown}", disabled=True))
            options.append(Option(self._row(lesson, ui), id=lesson.id))
        listing.add_options(options)
        listing.highlighted = keep if keep is not None else self._first_unfinished(listing)
        self._detail()

    def _first_unfinished(self, listing) -> int:
        first = None
        for i in range(listing.option_count):
            lesson = course().get(listing.get_option_at_index(i).id or "")
            if lesson is None:
                continue
            first = i if first is None else first
            st = self.states.get(lesson.id)
            if (st is None or not st.completed) and self._open(lesson):
                return i
        return first or 0

    def _knows_basics(self) -> bool:
        return self.app.settings.get("knows_basics") is True

    def _open(self, lesson) -> bool:
        return course().is_open(lesson, self.states, self._knows_basics())

    def _highlighted_lesson(self):
        listing = self.query_one("#course-list", OptionList)
        i = listing.highlighted
        if i is None or not 0 <= i < listing.option_count:
            return None
        return course().get(listing.get_option_at_index(i).id or "")

    def _missing(self, lesson) -> list[str]:
        return [r for r in lesson.requires if self.states.get(r) is None or self.states[r].completions == 0]

    def _row(self, lesson, ui: str) -> Text:
        st = self.states.get(lesson.id)
        status = "locked" if not self._open(lesson) else st.shown_status if st else "new"
        row = Text(f"{lesson.order:>2}. ", style="bold")
        row.append(text_of(lesson.title, ui), style="bold")
        row.append("\n    ")
        row.append(t("app.lessons.map_row", ui, level=lesson.level, minutes=lesson.minutes,
                     status=t(f"lesson.status.{status}", ui)))
        if status == "started":  # the run in progress (a completed lesson shows its best stars; a new one, nothing)
            row.append(" · " + t("app.lessons.map_hints", ui, hints=st.hints_used))
        row.append("  " + stars_text(st.best_stars if st else 0))
        missing = [course().get(r).order for r in self._missing(lesson) if course().get(r)]
        if missing and not (st and st.completed):  # (on a line of its own: never cut at the edge)
            row.append("\n    ⚠ " + t("app.lessons.needs", ui, n=len(missing), lessons=", ".join(map(str, missing))),
                       style="italic")
        return row

    def _detail(self) -> None:
        if not self.loaded:
            return
        ui = self.app.ui
        lesson = self._highlighted_lesson()
        if lesson is None:
            self.query_one("#course-detail", Static).update("")
            return
        text = Text(text_of(lesson.title, ui) + "\n\n", style="bold")
        text.append(text_of(lesson.goals, ui) + "\n\n")
        text.append(t("app.lessons.rules", ui, rules=", ".join(lesson.rules)) + "\n")
        if not self._open(lesson):
            text.append("\n🔒 " + self._locked_note(), style="italic")
        missing = self._missing(lesson)
        if missing:
            needed = [course().get(r) for r in missing if course().get(r)]
            text.append("\n⚠ " + t("lesson.requires", ui, ids=lessons_named(needed, ui)), style="italic")
        st = self.states.get(lesson.id)
        if st is not None and st.status == "started":  # (a replay too: it resumes the same way)
            text.append("\n" + t("app.lessons.resume_at", ui, n=st.step + 1, total=len(lesson.steps)))
        self.query_one("#course-detail", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._detail()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """B is offered only while the second course is closed."""
        from textual.actions import parse

        name = parse(parameters[1])[1] if action == "localized" and len(parameters) == 2 else action
        if name == "knows_basics" and not (self.loaded and not self._knows_basics()
                                            and course().basics_left(self.states)):
            return False
        return super().check_action(action, parameters)

    def _locked_note(self) -> str:
        ui = self.app.ui
        return t("lesson.locked_note", ui, n=len(course().basics_left(self.states)), how=t("app.lessons.basics_how", ui))

    def action_knows_basics(self) -> None:
        """B: the learner knows the basics; the second course opens now, and stays open (the setting is saved)."""
        if not self.loaded or self._knows_basics():
            return
        from tutor.app.settings import save_settings

        self.app.settings["knows_basics"] = True
        save_settings(self.app.settings)
        self.app.notify(t("lesson.basics_saved", self.app.ui), markup=False)
        self.refresh_texts()
        self.refresh_bindings()

    def choose(self, lesson_id: str) -> None:
        """Enter (or a click) on a lesson of the map (`ChoiceList` calls this as the key is handled, so that a
        key typed right after acts in the lesson opened)."""
        if self.loaded:
            self.open_lesson(lesson_id)

    def action_open_lesson(self) -> None:
        """Open the highlighted lesson."""
        if not self.loaded:
            return
        lesson = self._highlighted_lesson()
        if lesson is not None:
            self.open_lesson(lesson.id)

    def open_lesson(self, lesson_id: str) -> None:
        """Open a lesson in the player (resumed where the store says it stopped). One player is made and
        kept (installed in the app): the next lesson is loaded into it."""
        from tutor.app.screens.lesson_player import LessonScreen

        lesson = course().get(lesson_id)
        if lesson is None:
            return
        if not self._open(lesson):  # the second course, still closed: what opens it
            self.app.notify(t("lesson.locked", self.app.ui, n=lesson.order) + " " + self._locked_note(),
                            severity="warning", markup=False)
            return
        app, store, missing = self.app, lesson_store(self.app), self._missing(lesson)
        player = app.get_screen(PLAYER) if app.is_screen_installed(PLAYER) else None
        if player is not None and player in app.screen_stack:
            return  # (a second Enter typed before the first opened it)
        if player is None:
            player = LessonScreen(lesson, store, missing=missing)
            app.install_screen(player, PLAYER)
        else:
            player.load(lesson, store, missing=missing)
        app.push_screen(player)
