"""The quiz screen (F3): today's session — due reviews mixed with a few new questions — answered by keyboard,
with hints, the verdict, the explanation whose rule numbers and glossary concepts are links, the next due date,
a summary at the end, and the statistics (``s``).

The session is :class:`tutor.quiz.session.QuizSession`, the same code as ``mtg-tutor quiz``: it plans the day,
builds each question, judges the answer typed as the CLI reads it (``2``, ``1,3``, ``3,1,2``, ``16``, a term),
records it in the progress store (one transaction) and schedules it with FSRS. The answer time is measured from
the moment the question is shown to the moment it is answered (as the CLI does) for the rating policy; a hint
caps the rating.

Keys: choice — ↑ ↓ and Enter, or the option's number; select-all — the numbers or Space toggle, Enter submits
(nothing selected: said, not judged); order — Enter, Space or the option's number places the option at the next
place (the cursor stays; an option already placed stays so, and the screen says how to take it back), Backspace
takes back the last one, and once every option is placed a «Confirm» row, highlighted, answers (the last pick never
does), or type the order in the box below (Tab; an empty box is not judged); number and text — the box, Enter (``h``
or ``?`` + Enter: a hint; a number in digits or words; what cannot be read is said under the box). ``h`` a hint,
Enter or ``n`` the next question, Tab the links of the explanation (Enter opens one in the rules or glossary mode;
back — Alt+←, Backspace, Esc — comes back here as it was, the focus on the main action: Enter goes on), ``s`` the
statistics, ``e`` the exam (:mod:`tutor.app.screens.exam`); at the end, when the day's cap of new questions
(``quiz_new_per_day``) holds some back, the summary says so and ``m`` starts a session of new ones. ``f`` shows the
filters (as ``quiz --level/--topic/--rule/--all-topics``): a level, a topic, a rule and «all topics»; a change
(Enter in a box) starts a new session with them. By default, as in the CLI, only what the learner studied (the
topics of the completed lessons) unless «all topics», a topic or a rule is chosen.

After an answer: the verdict, the right answer in words after a wrong one (:mod:`tutor.quiz.feedback`: for a
select-all the options missed and those chosen wrongly), the grade in the learner's words (when the question
comes back), the explanation with the rules that decide.
"""

from __future__ import annotations

import time
from datetime import datetime

from rich.text import Text
from textual.actions import parse
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Checkbox, ContentSwitcher, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from tutor.app.bindings import LocalizedBindings, localized_bindings
from tutor.app.screens.quiz_text import due_text, explanation_links, summary_text
from tutor.app.widgets.footer import KeysFooter
from tutor.app.widgets.linked_text import LinkedText
from tutor.app.widgets.quiz_stats import QuizStatsView
from tutor.i18n import t
from tutor.render import safe_text

__all__ = ["QuizScreen"]

_OPTION_FORMATS = ("choice", "choices", "order")
HINT_WORDS = frozenset({"?", "h"})  # typed in the box and Enter: a hint (no answer is one of these)
FIRST_TRY_S = 0.25  # an answer's write waits this long on the screen's thread for a busy store, then in a thread


class QuizScreen(LocalizedBindings, Screen):
    """Today's quiz session and the statistics. Options (for tests and reproducible sessions) come from
    ``app.quiz_options`` when the app has them: ``seed``, ``now`` (a callable giving the aware UTC time),
    ``fuzzing``, ``day_policy``, ``tz`` (for the dates shown), ``timer`` (a monotonic clock in seconds, for the
    answer time), ``topic``, ``kind``, ``size``, ``level``, ``rule``, ``all_topics`` (the filters' start)."""

    DEFAULT_CSS = """
    QuizScreen #quiz-header {
        height: auto;
        padding: 0 1;
        color: $text-muted;
        background: $boost;
    }
    QuizScreen #quiz-filters {
        height: auto;
        display: none;
    }
    QuizScreen #quiz-filters Select {
        width: 3fr;
        min-width: 16;
    }
    QuizScreen #quiz-filters Input {
        width: 2fr;
        min-width: 12;
    }
    QuizScreen #quiz-filters Checkbox {
        width: auto;
    }
    QuizScreen #quiz-filter-note {
        height: auto;
        display: none;
        padding: 0 1;
    }
    QuizScreen #quiz-switcher {
        height: 1fr;
    }
    QuizScreen #quiz-pane, QuizScreen #stats-pane {
        height: 1fr;
        padding: 0 1;
    }
    QuizScreen #quiz-prompt {
        margin: 1 0;
    }
    QuizScreen #quiz-options {
        height: auto;
        max-height: 12;
    }
    QuizScreen #quiz-box-note {
        height: auto;
    }
    QuizScreen #quiz-how {
        margin-top: 1;
    }
    QuizScreen #quiz-hints, QuizScreen #quiz-verdict, QuizScreen #quiz-due {
        height: auto;
        margin-top: 1;
    }
    QuizScreen #quiz-explanation {
        margin-top: 1;
        border-left: thick $primary-background;
        padding-left: 1;
    }
    """

    BINDINGS = localized_bindings(
        ("enter,n", "next", "quiz.key.next"),
        ("h", "hint", "quiz.key.hint"),
        ("m", "more", "quiz.key.more"),
        ("backspace", "unpick", "quiz.key.unpick"),
        ("s,ctrl+s", "toggle_stats", "quiz.key.stats"),
        ("e", "exam", "quiz.exam.key.exam", False),  # in F1's list and the palette: the footer is full
        ("f", "filters", "quiz.key.filters", False),  # in F1's list and the palette, like e: the footer is full
        ("space", "toggle_option", "quiz.key.toggle", False),
        *((str(d), f"number({d})", "quiz.key.number", False) for d in range(1, 10)),
    )

    def __init__(self) -> None:
        super().__init__()
        self.store = None
        self.session = None
        self.error: str | None = None
        self.question = None
        self.number = 0
        self.outcome = None
        self.hints_shown = 0
        self.selected: set[int] = set()   # select-all: the option numbers toggled on
        self.picked: list[int] = []       # order: the option numbers placed so far, first place first
        self.started = 0.0                # time.monotonic() when the question was shown
        self.duration_ms = 0
        self.judged_in = ""               # the language the answer was judged in (its note is in it)
        self.finished = False
        self.stats_shown = False
        self.saving = False               # an answer's write waits for a busy store in a thread
        self.capped = False               # at the end: the day's cap of new questions holds some back
        self.more = False                 # the next session goes beyond the day's cap (key m)
        self._questions = None
        self._refocus = False             # a link followed: back here, the focus goes to the main action
        self._view = 0                    # counts the questions shown: a scroll asked for an earlier one is dropped
        self.filters: dict | None = None  # level, topic, rule, all_topics: the filter bar's (None: the options')

    # ---- options and clock ---------------------------------------------------------------------------
    @property
    def options(self) -> dict:
        return getattr(self.app, "quiz_options", None) or {}

    def timer(self) -> float:
        """Seconds of a monotonic clock, for the answer time (``time.monotonic``; tests may fix it)."""
        return (self.options.get("timer") or time.monotonic)()

    def now(self) -> datetime:
        from datetime import UTC

        clock = self.options.get("now")
        return clock() if clock else datetime.now(UTC)

    # ---- layout --------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="quiz-header")
        ui = self.app.ui
        with Horizontal(id="quiz-filters"):
            yield Select(self._level_choices(ui), value=-1, allow_blank=False, id="quiz-level")
            yield Input(placeholder=t("quiz.app.filters.topic", ui), id="quiz-topic")
            yield Input(placeholder=t("quiz.app.filters.rule", ui), id="quiz-rule")
            yield Checkbox(t("quiz.app.filters.all_topics", ui), id="quiz-all-topics")
        yield Static(id="quiz-filter-note")
        with ContentSwitcher(initial="quiz-pane", id="quiz-switcher"):
            with VerticalScroll(id="quiz-pane"):
                yield Static(id="quiz-prompt")
                yield OptionList(id="quiz-options")
                yield Static(id="quiz-note")
                yield Input(id="quiz-input")
                yield Static(id="quiz-box-note")
                yield Static(id="quiz-how")
                yield Static(id="quiz-hints")
                yield Static(id="quiz-verdict")
                yield LinkedText(id="quiz-explanation")
                yield Static(id="quiz-due")
            with VerticalScroll(id="stats-pane"):
                yield QuizStatsView(id="quiz-stats")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_texts()
        self.run_worker(self._prepare, thread=True, exclusive=True, group="quiz-session")

    def on_unmount(self) -> None:
        if self.store is not None:
            self.store.close()

    def on_screen_resume(self) -> None:
        # Back on the quiz (F3, or back from a page one of its links opened): a later Back is the page's own.
        self.app.quiz_return = None
        if self._refocus:  # back from the rule or the entry a link opened: Enter goes on (or answers) again
            self._refocus = False
            self._focus_answer()

    # ---- filters ---------------------------------------------------------------------------------------
    @staticmethod
    def _level_choices(ui: str) -> list[tuple[str, int]]:
        return [(t("quiz.app.filters.any_level", ui), -1),
                *((t("quiz.app.filters.level", ui, n=n, name=t(f"quiz.level.{n}", ui)), n) for n in range(4))]

    def current_filters(self) -> dict:
        """The filters in force: the filter bar's once used, else the options'."""
        if self.filters is not None:
            return self.filters
        o = self.options
        return {"level": o.get("level"), "topic": o.get("topic"), "rule": o.get("rule"),
                "all_topics": bool(o.get("all_topics"))}

    def action_filters(self) -> None:
        """``f``: show the filters (the level first) or hide them."""
        bar = self.query_one("#quiz-filters")
        bar.display = not bar.display
        if bar.display:
            f = self.current_filters()
            self.query_one("#quiz-level", Select).value = -1 if f["level"] is None else f["level"]
            self.query_one("#quiz-topic", Input).value = f["topic"] or ""
            self.query_one("#quiz-rule", Input).value = f["rule"] or ""
            self.query_one("#quiz-all-topics", Checkbox).value = f["all_topics"]
            self._filter_note(t("quiz.app.filters.how", self.app.ui))
            self.query_one("#quiz-level", Select).focus()
        else:
            self.query_one("#quiz-filter-note").display = False
            self._focus_answer()

    def _filter_texts(self, ui: str) -> None:
        """The filter bar in the interface language (when it changed)."""
        if getattr(self, "_filters_ui", None) == ui:
            return
        self._filters_ui = ui
        self.query_one("#quiz-topic", Input).placeholder = t("quiz.app.filters.topic", ui)
        self.query_one("#quiz-rule", Input).placeholder = t("quiz.app.filters.rule", ui)
        self.query_one("#quiz-all-topics", Checkbox).label = t("quiz.app.filters.all_topics", ui)
        level = self.query_one("#quiz-level", Select)
        value = level.value
        level.set_options(self._level_choices(ui))
        level.value = value

    def _filter_note(self, text: str) -> None:
        note = self.query_one("#quiz-filter-note", Static)
        note.update(safe_text(Text(text, style="dim")))
        note.display = bool(text)

    def apply_filters(self) -> None:
        """The filter bar's values: refused with a note when a topic or a rule is not one; else, when they changed,
        a new session with them."""
        from tutor.quiz import bank
        from tutor.quiz.topics import valid_rule

        if not self.query_one("#quiz-filters").display:
            return
        ui = self.app.ui
        level = self.query_one("#quiz-level", Select).value
        topic = self.query_one("#quiz-topic", Input).value.strip() or None
        rule = self.query_one("#quiz-rule", Input).value.strip().rstrip(".") or None
        if topic is not None and topic not in bank.topics():
            self._filter_note(t("quiz.app.filters.bad_topic", ui, topic=topic))
            return
        if rule is not None and not valid_rule(rule):
            self._filter_note(t("quiz.app.filters.bad_rule", ui, rule=rule))
            return
        new = {"level": None if level is Select.BLANK or level == -1 else int(level), "topic": topic, "rule": rule,
               "all_topics": self.query_one("#quiz-all-topics", Checkbox).value}
        self._filter_note(t("quiz.app.filters.how", ui))
        if new != self.current_filters():
            self.filters = new
            self._new_session(more=False)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self.apply_filters()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        self.apply_filters()

    # ---- the session -----------------------------------------------------------------------------------
    def _prepare(self) -> None:
        """In a thread: open the store, plan today's session and build its first question (the question bank
        loads its sources the first time, which takes a few seconds)."""
        from tutor.progress import ProgressError, open_store
        from tutor.quiz.model import QuizError
        from tutor.quiz.session import QuizSession

        ui = self.app.ui
        try:
            store = open_store()
        except ProgressError as exc:
            self.app.call_from_thread(self._failed, exc.message(ui))
            return
        from tutor.quiz.session import studied

        o, f = self.options, self.current_filters()
        try:
            subject = f["all_topics"] or f["topic"] or f["rule"] or o.get("kind")
            session = QuizSession(store, lang=ui, topic=f["topic"], kind=o.get("kind"), size=o.get("size"),
                                  seed=o.get("seed"), now=self.now() if "now" in o else None,
                                  fuzzing=o.get("fuzzing", True), day_policy=o.get("day_policy"), more=self.more,
                                  level=f["level"], rule=f["rule"], studied=None if subject else studied(store))
            if not session.has_candidates():
                store.close()
                self.app.call_from_thread(self._failed, t("quiz.app.filters.none", ui))
                return
            questions = session.questions()
            first = next(questions, None)
        except (QuizError, ProgressError) as exc:
            store.close()
            self.app.call_from_thread(self._failed, exc.message(ui))
            return
        self.app.call_from_thread(self._ready, store, session, questions, first)

    def _failed(self, message: str) -> None:
        self.error = message
        self.refresh_texts()

    def _ready(self, store, session, questions, first) -> None:
        if not self.is_attached:
            store.close()
            return
        for notice in store.notices:  # e.g. a damaged file was moved aside
            self.app.notify(notice.message(self.app.ui), severity="warning", markup=False, timeout=15)
        self.store, self.session, self._questions = store, session, questions
        self.session.lang = self.app.ui
        self._show_question(first)

    def _show_question(self, q) -> None:
        self.question, self.outcome, self.hints_shown = q, None, 0
        self.finished = q is None
        self.capped = self.finished and self.session.capped()
        if q is not None:
            self.number += 1
            self.selected = set()
            self.picked = []
            self.started = self.timer()
        box = self.query_one("#quiz-input", Input)
        box.value = ""
        self.query_one("#quiz-options", OptionList).highlighted = None  # a new question starts at its first option
        self._view += 1  # the verdict's or a note's scroll still to come was the last question's
        self.refresh_texts()
        self._focus_answer()
        pane = self.query_one("#quiz-pane", VerticalScroll)
        pane.scroll_home(animate=False)  # a new question opens at its top, its whole prompt in view
        self.call_after_refresh(pane.scroll_home, animate=False)

    def _focus_answer(self) -> None:
        q = self.question
        if self.stats_shown:
            return
        if q is None or self.outcome is not None:
            self.query_one("#quiz-pane").focus()
        elif q.answer_format in _OPTION_FORMATS:
            self.query_one("#quiz-options", OptionList).focus()
        else:
            self.query_one("#quiz-input", Input).focus()

    def submit(self, text: str) -> None:
        """Judge and record `text` as the answer to the current question (the CLI's form); a malformed answer is
        explained and nothing is recorded.

        The write waits at most `FIRST_TRY_S` on the screen's thread; when another program holds the store, the
        rest of the wait goes to a thread and the screen says why the verdict waits (the screen stays
        responsive, and a write that fails in the end says the answer was not saved: answer again)."""
        from functools import partial

        from tutor.progress import ProgressError
        from tutor.quiz.model import AnswerError

        q = self.question
        if q is None or self.outcome is not None or self.session is None or self.saving:
            return
        duration = round((self.timer() - self.started) * 1000)
        kwargs = {"now": self.now()} if "now" in self.options else {}
        answer = partial(self.session.answer, q, text, duration_ms=duration, hint_used=self.hints_shown > 0,
                         **kwargs)
        try:
            with self.session.scheduler.store.waiting_at_most(FIRST_TRY_S):
                outcome = answer()
        except AnswerError as exc:
            if self._typing():  # under the box, in view; what was typed selected: the next keys replace it
                self._note(exc.message(self.app.ui), "#quiz-box-note")
                self.focused.select_all()
            else:
                self._put("#quiz-verdict", Text(exc.message(self.app.ui), style="bold"))
            return
        except ProgressError as exc:
            if exc.key != "progress.error.busy":
                self.app.notify(exc.message(self.app.ui), severity="error", markup=False, timeout=15)
                return
            self.saving = True  # the rest of the wait in a thread: keys and redraws go on meanwhile
            seconds = f"{self.session.scheduler.store.busy_timeout:g}"
            self.app.notify(t("quiz.app.saving_busy", self.app.ui, seconds=seconds), severity="warning",
                            markup=False, timeout=8)
            self.run_worker(partial(self._record_later, answer, duration), thread=True, group="quiz-answer")
            return
        self._answered(outcome, duration)

    def _record_later(self, answer, duration: int) -> None:
        """In a thread: the answer's write, waiting for the store as long as the store waits."""
        from tutor.progress import ProgressError

        try:
            outcome = answer()
        except ProgressError as exc:
            self.app.call_from_thread(self._not_saved, exc.message(self.app.ui))
            return
        self.app.call_from_thread(self._answered, outcome, duration)

    def _not_saved(self, message: str) -> None:
        self.saving = False
        self.app.notify(t("quiz.app.not_saved", self.app.ui, error=message), severity="error", markup=False,
                        timeout=15)

    def _answered(self, outcome, duration: int) -> None:
        self.saving = False
        if not self.is_attached:
            return
        self.outcome = outcome
        self.duration_ms = duration
        self.judged_in = self.session.lang
        self.refresh_texts()
        self._focus_answer()
        self._bring_into_view("#quiz-verdict", top=True)
        if self.stats_shown:
            self._show_stats()

    # ---- texts -----------------------------------------------------------------------------------------
    def refresh_texts(self) -> None:
        """Everything in the interface language, from the state (the question, the hints shown, the answer
        being composed, the verdict): switching the language mid-question loses nothing."""
        ui = self.app.ui
        self._filter_texts(ui)
        if self.session is not None:
            self.session.lang = ui
            q = self.question
            if q is not None and self.outcome is None and ui not in q.data.get("langs", (ui,)):
                # a question for the other language's learners (a term between English and it): today's session
                # again, in this language (the answers given so far are kept)
                self.call_later(self._new_session, more=self.more)
        header = self.query_one("#quiz-header", Static)
        prompt = self.query_one("#quiz-prompt", Static)
        q = self.question
        for wid in ("#quiz-how", "#quiz-note", "#quiz-box-note", "#quiz-hints", "#quiz-verdict", "#quiz-due", "#quiz-explanation"):
            self.query_one(wid).display = False
        box = self.query_one("#quiz-input", Input)
        options = self.query_one("#quiz-options", OptionList)
        if self.error is not None or self.session is None or q is None:
            options.display = box.display = False
            header.update(Text(t("quiz.app.title", ui)))
            if self.error is not None:
                prompt.update(Text(self.error))
            elif self.session is None:
                prompt.update(Text(t("quiz.app.loading", ui)))
            else:
                prompt.update(summary_text(self.session.summary(), ui, self.now(), self.options.get("tz"),
                                           self._capped_text(ui)))
        else:
            self._question_texts(q, ui, header, prompt, options, box)
        if self.stats_shown:
            self._show_stats()
        self.refresh_bindings()

    def _question_texts(self, q, ui, header, prompt, options, box) -> None:
        items = self.session.items
        due = sum(not item.is_new for item in items)
        header.update(Text(t("quiz.app.header", ui, kind=t(f"quiz.kind.{q.kind}", ui), n=self.number,
                             total=len(items), due=due, new=len(items) - due)))
        prompt.update(safe_text(q.prompt[ui]))
        fmt, answered = q.answer_format, self.outcome is not None
        options.display = fmt in _OPTION_FORMATS
        box.display = fmt in ("number", "text", "order") and not (answered and fmt == "order")
        box.disabled = answered
        box.placeholder = t(f"quiz.app.placeholder.{fmt}", ui) if box.display else ""
        if options.display:
            self._fill_options(q, ui, options)
        how = t(f"quiz.how.{fmt}", ui, n=len(q.options or ()))
        keys = t(f"quiz.app.keys.{'input' if fmt in ('number', 'text') else fmt}", ui)
        if not answered:
            left = len(q.hints) - self.hints_shown
            extra = [t("quiz.app.hints_left", ui, n=left)] if left else []
            self._put("#quiz-how", Text("\n".join([how, keys, *extra]), style="dim"))
        hints = [t("quiz.hint", ui, n=i + 1, text=q.hints[i][ui]) for i in range(self.hints_shown)]
        if hints:
            self._put("#quiz-hints", safe_text(Text("\n".join(hints), style="italic")))
        if answered:
            self._outcome_texts(q, ui)

    def _put(self, wid: str, text: Text) -> None:
        """Show `text` in the Static `wid` (shown only when there is something to show)."""
        widget = self.query_one(wid, Static)
        widget.update(text)
        widget.display = bool(text.plain)

    def _note(self, text: str, wid: str = "#quiz-note") -> None:
        """A note on the answer being composed, right under the options (in view with them), or under the box
        (`wid` ``#quiz-box-note``)."""
        self._put(wid, safe_text(Text(text, style="bold")))
        self._bring_into_view(wid)

    def _bring_into_view(self, wid: str, *, top: bool = False, tries: int = 20) -> None:
        """Scroll the widget `wid`, just shown, into view once it has its place (the layout of a widget shown
        again can come a few frames after the next refresh: scrolled before, a wrong answer's reasons stayed
        under the bottom edge at 80×24)."""
        widget = self.query_one(wid)
        view = self._view

        def attempt(left: int) -> None:
            if not widget.display or view != self._view:  # hidden again, or asked for a question gone by
                return
            if widget.virtual_region.height or left <= 0:
                widget.scroll_visible(top=top, animate=False)
            else:
                self.set_timer(0.01, lambda: attempt(left - 1))
        self.call_after_refresh(attempt, tries)

    def _fill_options(self, q, ui: str, options: OptionList) -> None:
        """The options as the learner composes the answer (marks for select-all, the places picked so far of an
        order and its Confirm row), and after the answer which were right (an order: in the right order, each
        place marked right or wrong)."""
        fmt, answered = q.answer_format, self.outcome is not None
        right = set(q.answer if fmt == "choices" else [q.answer] if fmt == "choice" else [])
        given = self._given_numbers()
        rows = []
        composing_order = fmt == "order" and not answered
        numbers = list(q.answer) if fmt == "order" and answered else range(1, len(q.options) + 1)
        for position, number in enumerate(numbers, 1):
            label = Text()
            if fmt == "choices":
                label.append("[x] " if number in (given if answered else self.selected) else "[ ] ")
            if composing_order:  # its place once picked: [2]
                place = self.picked.index(number) + 1 if number in self.picked else None
                label.append(f"[{place}] " if place else "[ ] ", style="bold" if place else "")
            label.append(f"{number}) ")
            label.append_text(safe_text(q.options[number - 1][ui]))
            if answered and fmt == "order":  # the right order, each place marked as the learner's order had it
                placed = self.outcome.verdict.given.split(",")
                good = position <= len(placed) and placed[position - 1].strip() == str(number)
                label.append(" ✓" if good else " ✗", style="bold green" if good else "bold red")
            elif answered:
                if number in right:
                    label.append(" ✓", style="bold green")
                elif number in given:
                    label.append(" ✗", style="bold red")
            rows.append(Option(label))
        if composing_order and len(self.picked) == len(q.options):  # confirmed on purpose, never by the last pick
            rows.append(Option(Text(t("quiz.app.order.confirm", ui), style="bold"), id="confirm"))
        highlighted = options.highlighted
        options.clear_options()
        options.add_options(rows)
        if rows:
            options.highlighted = min(highlighted or 0, len(rows) - 1)
        options.disabled = answered

    def _given_numbers(self) -> set[int]:
        if self.outcome is None:
            return set()
        return {int(x) for x in self.outcome.verdict.given.split(",") if x.strip().isdigit()}

    def _outcome_texts(self, q, ui: str) -> None:
        from tutor.quiz.feedback import answer_lines, expected_words
        from tutor.quiz.model import expected_text, judge

        o, v = self.outcome, self.outcome.verdict
        expected = expected_text(q, ui) if v.correct else expected_words(q, ui)
        lines = [safe_text(Text(t("quiz.right" if v.correct else "quiz.wrong", ui, expected=expected),
                                style="bold green" if v.correct else "bold red"))]
        lines.append(safe_text(t("quiz.app.your_answer", ui, given=v.given or "—")))
        note = v.note if ui == self.judged_in else None
        if v.note and ui != self.judged_in and q.answer_format == "text":
            again = judge(q, v.given, ui)  # only for the note's language: the verdict is never judged again
            note = again.note if again.correct == v.correct else None
        if note:
            lines.append(safe_text(note))
        lines.extend(safe_text(line) for line in answer_lines(q, v, ui))
        seconds = f"{self.duration_ms / 1000:.0f}"
        lines.append(Text(t("quiz.app.graded", ui, seconds=seconds, grade=o.grade_text(ui)), style="dim"))
        self._put("#quiz-verdict", Text("\n").join(lines))
        text, links = explanation_links(self.app.kb, q, ui)
        explanation = self.query_one("#quiz-explanation", LinkedText)
        explanation.update(Text(text), links)
        explanation.display = bool(text)
        now = self.now()
        due = due_text(o.due, now, ui, self.options.get("tz"))
        self._put("#quiz-due", Text(due + "\n" + t("quiz.app.after", ui), style="dim"))

    # ---- statistics ----------------------------------------------------------------------------------------
    def _show_stats(self) -> None:
        if self.store is None:
            return
        kwargs = {"day_policy": self.options["day_policy"]} if "day_policy" in self.options else {}
        stats = self.store.quiz_stats(self.now(), **kwargs)
        self.query_one("#quiz-stats", QuizStatsView).show(stats, self.app.ui)

    def action_toggle_stats(self) -> None:
        """``s``: the statistics, and back to the question."""
        if self.store is None:
            return
        self.stats_shown = not self.stats_shown
        switcher = self.query_one("#quiz-switcher", ContentSwitcher)
        switcher.current = "stats-pane" if self.stats_shown else "quiz-pane"
        if self.stats_shown:
            self._show_stats()
            self.query_one("#stats-pane").focus()
        else:
            self._focus_answer()
        # (no refresh_bindings(): the focus moved, and that already has the footer look again)

    # ---- keys ----------------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)
        if not allowed:
            return allowed
        name = parse(parameters[1])[1] if action == "localized" else action
        q = self.question
        waiting = q is not None and self.outcome is None and not self.stats_shown and not self.saving
        if name == "next":
            return (self.outcome is not None or (self.finished and self.session is not None)) and not self.stats_shown
        if name == "hint":
            return waiting and self.hints_shown < len(q.hints)
        if name in ("toggle_option", "number"):
            return waiting and q.answer_format in _OPTION_FORMATS and not self._typing()
        if name == "unpick":
            return waiting and q.answer_format == "order" and bool(self.picked) and not self._typing()
        if name == "more":
            return self.finished and self.capped and self.session is not None and not self.stats_shown
        if name == "filters":
            return not self.stats_shown and not self.saving
        if name == "toggle_stats":
            return self.store is not None and not self.saving  # the statistics would wait for the store too
        return allowed

    def _typing(self) -> bool:
        return isinstance(self.focused, Input)

    def action_next(self) -> None:
        """Enter or ``n`` after an answer: the next question (at the end, the summary; after it, a new session)."""
        if self.finished:
            self._new_session(more=False)
            return
        if self.outcome is None:
            return
        if self.session.planned_lang != self.app.ui:  # the learner switched language: today's cards in theirs
            self._new_session(more=self.more)
            return
        self._show_question(next(self._questions, None))

    def action_exam(self) -> None:
        """``e``: the exam (tutor/app/screens/exam.py), over this screen; Esc comes back here."""
        self.app.action_exam()

    def action_more(self) -> None:
        """``m`` at the end, when the day's cap of new questions holds some back: a session of new ones now."""
        if self.finished and self.capped:
            self._new_session(more=True)

    def _new_session(self, *, more: bool) -> None:
        self.session, self.number, self.finished, self.capped, self.more = None, 0, False, False, more
        self.question, self.outcome, self.error = None, None, None
        self.refresh_texts()
        self.run_worker(self._prepare, thread=True, exclusive=True, group="quiz-session")

    def _capped_text(self, ui: str) -> str | None:
        """That the day's cap of new questions holds some back: the cap and where to change it."""
        if not self.capped:
            return None
        from glossary.paths import config_path

        return t("quiz.more.capped", ui, cap=self.session.new_cap, path=str(config_path()))

    def action_hint(self) -> None:
        """``h`` (or ``?`` in the box): the next hint; the answer will be rated Hard at best."""
        q = self.question
        if q is not None and self.outcome is None and self.hints_shown < len(q.hints):
            self.hints_shown += 1
            self.refresh_texts()
            self._bring_into_view("#quiz-hints")  # under the how-to lines: at 80×24 it can be under the edge

    def action_number(self, number: int) -> None:
        """A number key: answer a choice; toggle an option of a select-all."""
        q = self.question
        if q is None or self.outcome is not None or number > len(q.options or ()):
            return
        self.query_one("#quiz-options", OptionList).highlighted = number - 1
        if q.answer_format == "choice":
            self.submit(str(number))
        elif q.answer_format == "choices":
            self.selected ^= {number}
            self.refresh_texts()
        else:
            self._pick(number)

    def action_toggle_option(self) -> None:
        """Space: toggle the highlighted option of a select-all; place the highlighted option of an order."""
        q = self.question
        index = self.query_one("#quiz-options", OptionList).highlighted
        if q is not None and q.answer_format in ("choices", "order") and index is not None \
                and index < len(q.options):
            self.action_number(index + 1)

    def _pick(self, number: int) -> None:
        """Place option `number` of an order question at the next free place; the cursor stays where it is. An
        option already placed stays placed (said, with how to take it back); the last one placed does not answer:
        «Confirm» does."""
        q = self.question
        ui = self.app.ui
        if number in self.picked:
            self._note(t("quiz.app.order.already", ui, option=q.options[number - 1][ui],
                         place=self.picked.index(number) + 1))
            return
        self.picked.append(number)
        self.refresh_texts()
        if len(self.picked) == len(q.options):
            self.query_one("#quiz-options", OptionList).highlighted = len(q.options)  # «Confirm»: Enter answers
            self._note(t("quiz.app.order.complete", ui))

    def action_unpick(self) -> None:
        """Backspace at an order question: take back the option placed last (said)."""
        q = self.question
        if q is None or q.answer_format != "order" or not self.picked:
            return
        number = self.picked.pop()
        ui = self.app.ui
        self.refresh_texts()
        self._note(t("quiz.app.order.taken_back", ui, option=q.options[number - 1][ui], place=len(self.picked) + 1))

    # ---- events --------------------------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        q = self.question
        if q is None or self.outcome is not None:
            return
        if q.answer_format == "choice":
            self.submit(str(event.option_index + 1))
        elif q.answer_format == "choices":
            if not self.selected:
                self._note(t("quiz.app.select_first", self.app.ui))
                return
            self.submit(",".join(map(str, sorted(self.selected))))
        elif event.option.id == "confirm":
            self.submit(",".join(map(str, self.picked)))
        else:
            self._pick(event.option_index + 1)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id in ("quiz-topic", "quiz-rule"):
            self.apply_filters()
            return
        text = event.value.strip()
        if text.lower() in HINT_WORDS:  # as the screen says (key h) and as the lessons' number box does
            event.input.value = ""
            q = self.question
            if q is not None and self.hints_shown >= len(q.hints):
                self._note(t("quiz.no_more_hints" if q.hints else "quiz.no_hints", self.app.ui), "#quiz-box-note")
                return
            self.action_hint()
            return
        self.submit(text)

    def on_linked_text_link_chosen(self, event: LinkedText.LinkChosen) -> None:
        event.stop()
        self._refocus = True
        self.run_worker(self.app.open_from_quiz(event.location), group="quiz-link")

