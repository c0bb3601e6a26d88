"""The lesson player: one `LessonSession` (the same runtime as ``mtg-tutor lesson play``) on a screen.

Top: the lesson, the step, the turn tracker, then the board across the screen (as high as it needs, up to
half the screen; on a narrow terminal it gives way to the talk and scrolls). Below it, left: the talk, the
lesson so far (the earlier steps' texts, what the last move or answer brought, then the step's text —
narration, the move asked for, the question — with its ``[[concept]]`` and rule links, and what the learner's
actions brought at this step: the latest refusal with its rule, hints, explanations); right (below, on a
narrow terminal): the list to choose from (the legal moves grouped, the answers, "go on"), and the event log
with its rule numbers as links. Enter on a link opens the rule or the glossary entry; back (Alt+Left,
Backspace, Escape) returns here with nothing changed, the focus on the step's main action (the list, or the
number box). Keys: ``h`` next hint, ``u`` undo, ``?`` why (the selected event's rules), ``g`` open graveyards
and exile, ``r`` read the lesson so far again (the talk over the board's room), Ctrl+L the other language
(everything is drawn again from the session). In the number box every letter is typed (a number may be a
word: "due", «два»), and those keys are hidden from the footer; there a line of one of them, then Enter, acts
as it.

After the recap: free play from the final position (`tutor.lessons.FreePlay`), for one side against the
engine's agent or for both sides. The panes are drawn by `tutor.app.screens.lesson_panes.PlayerPanes`.
"""

from __future__ import annotations

from textual.actions import parse
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static

from tutor.app.bindings import LocalizedBindings, localized_bindings
from tutor.app.lesson_services import course
from tutor.app.screens.lesson_panes import NumberInput, PaneScroll, PlayerPanes
from tutor.app.widgets.board import BoardPane
from tutor.app.widgets.choice_list import ChoiceList
from tutor.app.widgets.footer import KeysFooter
from tutor.app.widgets.linked_text import LinkedText
from tutor.app.widgets.turn_tracker import TurnTracker
from tutor.i18n import t
from tutor.lessons import EventLine, LessonSession
from tutor.lessons.results import lessons_named, stars_text
from tutor.numbers import parse_number

__all__ = ["LessonScreen", "NumberInput"]

NARROW = 110  # columns under which the board and the talk are stacked
# The player's letter keys, typed in the number box (where their footer keys are hidden); a line of one of them
# there, then Enter, does what the key does.
BOX_KEYS = {"h": "hint", "u": "undo", "?": "why", "g": "toggle_zones"}


class LessonScreen(PlayerPanes, LocalizedBindings, Screen):
    """One lesson being played (see the module docstring)."""

    BINDINGS = localized_bindings(
        ("h", "hint", "app.lessons.key_hint"),
        ("u", "undo", "app.lessons.key_undo"),
        ("question_mark", "why", "app.lessons.key_why"),
        ("g", "toggle_zones", "app.lessons.key_zones"),
        ("r", "reread", "app.lessons.key_read"),
        ("space", "toggle_pick", "app.lessons.key_pick", False),
        ("e", "explain", "app.lessons.key_explain", False),
        ("escape", "close", "app.lessons.key_map"),
    )

    FOOTER_WIDE_ONLY = ("back", "toggle_zones", "reread")  # at 80 columns: Esc goes back to the map; G and R stay in F1's list

    def __init__(self, lesson, store=None, missing=(), session: LessonSession | None = None) -> None:
        super().__init__()
        self._start(lesson, store, missing, session)

    def _start(self, lesson, store, missing, session: LessonSession | None) -> None:
        """The state of one lesson being played (a new one, or resumed from the progress store)."""
        self._write_error_shown = False
        self.session = session or self._open_session(lesson, store)
        self.lesson = lesson
        self.free = None  # FreePlay once the learner chooses it after the recap
        self.notes: list = []  # what the learner's actions brought at this step: functions of the language
        self._refusal_note = None  # the step's latest refusal among the notes (`_refused`)
        self._explain_note = None  # the latest explanation of the continuous effects (`action_explain`)
        self.past: dict[int, list] = {}  # what the move or answer of an earlier step brought, by its index
        self.past_version = 0  # bumped when `past` changes
        self.picked: list = []  # options chosen so far (select all that apply, put in order)
        self.zones_open = False
        self._step = self._where()
        self._log_key = None
        self._log_events: list[EventLine] = []
        self._log_starts: list[int] = []
        self._options_key = None
        self._options_for = None  # the step and mode the list was drawn for
        self._refocus = False  # a link followed: back here, the focus goes to the step's main action
        self._log_to_end = False  # a new log, until a layout finds it scrolled to its end
        self._log_top = 0  # the log's last end (max_scroll_y) and whether it was scrolled there
        self._log_at_end = True
        s = self.session
        if s.completed_before:  # a completed lesson played again stays completed
            self.notes.append(lambda lang: t("lesson.replay_note", lang, stars=stars_text(s.best_stars)))
        if s.index:
            self.notes.append(lambda lang: t("app.lessons.resumed", lang, n=s.index + 1, total=len(lesson.steps)))
        if missing:
            needed = [course().get(r) for r in missing if course().get(r)]
            self.notes.append(lambda lang: t("lesson.requires", lang, ids=lessons_named(needed, lang)))

    def _open_session(self, lesson, store) -> LessonSession:
        """The lesson resumed from `store` (written through `tutor.app.lesson_writes`); without the store,
        with a notice, when the store cannot be read or written."""
        if store is None:
            return LessonSession(lesson, None)
        from tutor.app.lesson_writes import LessonWrites
        from tutor.progress import ProgressError

        try:
            return LessonSession(lesson, LessonWrites(store, self._write_failed, self._write_waits))
        except ProgressError as exc:
            self._write_failed(exc)
            return LessonSession(lesson, None)

    def load(self, lesson, store=None, missing=()) -> None:
        """Play `lesson` on this screen (the course map keeps one player: composing its ~20 widgets again
        for every lesson took half the time of opening one): the lesson's state afresh, resumed from the
        store, and everything drawn again, in the interface language, from the top of each pane."""
        self.write_progress(final=True)  # the last lesson's writes first (kept while the file was busy)
        self._start(lesson, store, missing, None)
        if not self.is_mounted:
            return  # (drawn when mounted)
        self.query_one("#number", NumberInput).value = ""
        for box in self.query("#board-box, #log-box"):
            box.scroll_home(animate=False, immediate=True)
        self.shown_ui = self.app.ui
        self.set_class(self.app.size.width < NARROW, "narrow")
        self.set_class(False, "reading")
        self.render_all()
        self._focus_input()

    # ---- layout -----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="lesson-title")
        yield TurnTracker(id="tracker")
        with Vertical(id="lesson-main"):
            with PaneScroll(id="board-box"):
                yield BoardPane(id="board")
            with Horizontal(id="lesson-lower"):
                with PaneScroll(id="talk"):
                    yield LinkedText(id="history")
                    yield LinkedText(id="outcome")
                    yield LinkedText(id="step-text")
                    yield LinkedText(id="feedback")
                with Vertical(id="lesson-side"):
                    yield ChoiceList(id="choices")
                    yield NumberInput(id="number")
                    yield Static(id="log-title")
                    with PaneScroll(id="log-box"):
                        yield LinkedText(id="log")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.screen_layout_refresh_signal.subscribe(self, self._keep_log_at_end)
        self.watch(self.query_one("#board-box"), "scroll_y", lambda _y: self._mark_board_scroll(), init=False)
        for widget in self.query("#choices, #history, #outcome, #step-text, #feedback, #log"):
            # No clickable "@click" links in these texts (a rule link is the widget's own): Textual's pass
            # that styles such links goes over every segment of every line drawn, at every repaint.
            widget.auto_links = False
        self.shown_ui = self.app.ui
        self.set_class(self.app.size.width < NARROW, "narrow")
        self.render_all()
        self._focus_input()

    def on_screen_resume(self) -> None:
        if self._refocus:  # back from the rule or the entry a link opened: Enter goes on with the lesson
            self._refocus = False
            self._focus_input()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The letter keys are the number box's own while it has the focus: hidden from the footer there."""
        name = parse(parameters[1])[1] if action == "localized" and len(parameters) == 2 else action
        if name in BOX_KEYS.values() and isinstance(self.focused, NumberInput):
            return False
        return super().check_action(action, parameters)

    def on_resize(self, event) -> None:
        self.set_class(event.size.width < NARROW, "narrow")
        self.fit_talk()
        self.call_after_refresh(self._scroll_talk)

    def refresh_texts(self) -> None:
        """Everything again in the interface language, from the session (the position does not change)."""
        self._log_key = self._options_key = None
        self.render_all()

    # ---- state ------------------------------------------------------------------------------------
    @property
    def game(self):
        """The game on the board: the lesson's, or free play's."""
        return self.free.game if self.free is not None else self.session.game

    @property
    def learner(self) -> int | None:
        if self.free is not None:
            return self.free.learner
        return self.lesson.learner

    def _where(self) -> tuple:
        s = self.session
        return (s.index, s.finished, self.free is not None)

    def _step_changed(self, carry: list | None = None) -> None:
        """After the step changed: what the last action brought (`carry`) stays with the step it answered, shown
        before the next step's text, when the lesson went on; after an undo it is the step's first note."""
        where, before = self._where(), self._step
        if where != before:
            self._step = where
            on = before is not None and not where[2] and (where[0] > before[0] or where[1] > before[1])
            limit = where[0] + (1 if where[1] else 0)
            kept = {i: notes for i, notes in self.past.items() if i < limit}  # (an undo forgets the later steps)
            if on and carry:
                kept[before[0]] = list(carry)
            if kept != self.past:
                self.past = kept
                self.past_version += 1
            self.notes = [] if on else list(carry or [])
            self.picked = []
            self.set_class(False, "reading")  # (a new step: the board back)
            self.query_one("#number", NumberInput).value = ""
        elif carry:
            self.notes.extend(carry)

    def mode(self) -> str:
        """What the list offers now: free, finished, next, move, answer or number."""
        s = self.session
        if self.free is not None:
            return "free"
        if s.finished:
            return "finished"
        if s.kind in ("say", "auto", "recap") or s.index in s.solved:
            return "next"
        if s.kind == "do":
            return "move"
        return "number" if s.ask_kind == "number" else "answer"

    def _moves(self):
        """The session's grouped moves now (remembered for the position: undo comes back to it)."""
        game = self.session.game
        last = game.events[-1] if game.events else None
        key = (game.undo_depth, len(game.events), id(last))
        cache = self.__dict__.setdefault("_move_cache", {})
        hit = cache.get(key)
        if hit is None or hit[0] is not last:
            if len(cache) > 16:
                cache.clear()
            hit = cache[key] = (last, self.session.moves())
        return hit[1]

    def _focus_input(self) -> None:
        if self.mode() == "number":
            self.query_one("#number", NumberInput).focus()
        else:
            self.query_one("#choices", OptionList).focus()

    def _after(self, carry: list | None = None) -> None:
        """Draw what an action changed: the whole player, in the frame that follows the action. Its writes
        are done (`tutor.app.lesson_writes`): what the screen shows is saved, unless the file is busy (then
        the writes kept are tried again here, once per action)."""
        self.write_progress()
        self._step_changed(carry)
        self.render_all()
        self._focus_input()
        # (the talk is scrolled to the step by `render_talk`)

    def write_progress(self, final: bool = False) -> None:
        """Write the lesson's events kept while the file was busy (`tutor.app.lesson_writes`); `final` when the
        player leaves (a busy file is then waited for, as long as the store waits)."""
        store = self.session.store
        if store is not None and hasattr(store, "flush"):
            store.flush(final=final)

    def _write_waits(self, error) -> None:
        ui = self.app.ui
        self.app.notify(t("app.lessons.busy", ui), title=t("app.lessons.not_saved_yet", ui), severity="warning",
                        markup=False)

    def _write_failed(self, error) -> None:
        if not getattr(self, "_write_error_shown", False):
            self._write_error_shown = True
            ui = self.app.ui
            self.app.notify(error.message(ui), title=t("app.lessons.not_saved", ui), severity="warning",
                            markup=False)

    def on_screen_suspend(self) -> None:
        self.write_progress(final=True)

    def on_unmount(self) -> None:
        self.write_progress(final=True)

    # ---- choosing -------------------------------------------------------------------------------------
    def choose(self, oid: str) -> None:
        """The learner chose option `oid` of the list (`ChoiceList` calls this as the key is handled)."""
        kind, number = oid[:1], oid[1:]
        if kind == "m" and number.isdigit():  # a move (m0, m1…; "map" is not one)
            self.play(self.choice_moves[int(number)])
        elif kind == "o" and number.isdigit():  # an answer
            self.pick(int(number))
        elif oid == "submit":
            self.submit_picked()
        elif oid == "reset":
            self.picked = []
            self._after()
        elif oid == "next":
            self.session.advance()
            self._after()
        elif oid in ("free1", "free2"):
            self.start_free_play(both=oid == "free2")
        elif oid == "end_free":
            self.free = None
            self._after()
        elif oid == "map":
            self.action_close()

    def play(self, move) -> None:
        """Make a move (at a move step, or in free play)."""
        if self.free is not None:
            result = self.free.move(move.action)
            if not result.accepted:
                self.notes = [result.message]
            else:
                count = len(result.events)
                self.notes = [lambda lang: t("app.lessons.free_played", lang, n=count)]
            self._after()
            return
        result = self.session.move(move.action)
        if result.accepted:
            self.session.advance()
            self._after([lambda lang: "✓ " + result.message(lang)])
        else:  # refused (✗: only the step's latest one is shown), or mana (·): the step still waits
            def note(lang: str) -> str:
                return f"{result.mark} " + result.message(lang)

            if result.mark == "✗":
                self._refused(note)
            else:
                self.notes.append(note)
            self._after()

    def _refused(self, note) -> None:
        """A refused move or a wrong answer: it takes the place of the step's earlier one (a step shows only
        its latest refusal; hints and other notes stay)."""
        self.notes = [n for n in self.notes if n is not self._refusal_note]
        self._refusal_note = note
        self.notes.append(note)

    def pick(self, i: int) -> None:
        """An answer option: answers a single choice or a legal question; toggles one of a select-all;
        places (or takes back) one of an order."""
        s = self.session
        option = s.options()[i]
        if s.ask_kind in ("choice", "legal"):
            self.answer(option.id)
        elif option.id in self.picked and s.ask_kind == "order":  # never taken back silently: "start again" does
            place = self.picked.index(option.id) + 1
            self.notes.append(lambda lang: t("app.lessons.order_placed", lang, n=place))
            self._after()
        elif option.id in self.picked:
            self.picked.remove(option.id)
            self._after()
        else:  # (the last of an order too: the learner confirms)
            self.picked.append(option.id)
            self._after()

    def submit_picked(self) -> None:
        s = self.session
        if s.ask_kind == "choices" and not self.picked:  # a stray Enter: not an answer, not a mistake
            self.notes.append(lambda lang: t("app.lessons.choices_empty", lang))
            self._after()
            return
        if s.ask_kind == "order" and len(self.picked) != len(s.options()):
            self.notes.append(lambda lang: t("app.lessons.order_incomplete", lang))
            self._after()
            return
        picked, self.picked = list(self.picked), []
        self.answer(picked)

    def answer(self, value) -> None:
        """Answer the current question; a right (or revealed) answer goes on to the next step."""
        result = self.session.answer(value)
        if result.correct or result.revealed:
            carry = [lambda lang: ("✓ " if result.correct else "") + result.message(lang)]
            if result.revealed:
                carry.append(lambda lang: t("lesson.answer_is", lang, answer=result.answer_text(lang)))
            if result.explain:
                carry.append(result.explanation)
            self.session.advance()
            self._after(carry)
        else:
            self._refused(lambda lang: "✗ " + result.message(lang))
            self._after()

    def submit_number(self, box: Input) -> None:
        """The number typed in `box` (digits or a word: `tutor.numbers`) answers the question; a line of
        one of the player's keys does what the key does; an empty line or anything else is not judged, a note
        says what is expected. The box calls this as Enter is handled, so that a key typed right after acts
        after the answer."""
        text = box.value.strip()
        if self.mode() != "number":
            return
        key = BOX_KEYS.get(text.lower())
        if key is not None:
            box.value = ""
            getattr(self, f"action_{key}")()
            return
        value = parse_number(text)
        if value is None:
            note = "app.lessons.number_empty" if not text else "app.lessons.number_only"
            self.notes.append(lambda lang: t(note, lang))
            self._after()
            return
        box.value = ""
        self.answer(value)

    def start_free_play(self, both: bool = False) -> None:
        """Free play from the lesson's final position."""
        self.free = self.session.free_play(both=both, seed=0)
        self._after()

    # ---- keys -------------------------------------------------------------------------------------
    def action_hint(self) -> None:
        """The next of the step's three hints."""
        s = self.session
        if self.free is not None or s.kind not in ("do", "ask") or s.finished or s.index in s.solved:
            self.notes.append(lambda lang: t("app.lessons.no_hint_here", lang))
        else:
            hint = s.hint()
            if hint is None:
                self.notes.append(lambda lang: t("lesson.no_more_hints", lang))
            else:
                self.notes.append(lambda lang: f"{hint.heading(lang)}: {hint.text(lang)}")
        self._after()

    def action_undo(self) -> None:
        """Take back the last move (where the lesson allows it; in free play, the learner's last move)."""
        undone = self.free.undo() if self.free is not None else self.session.undo()
        if undone:
            self._step = None  # the step (or the position) changed: start it afresh
            self._after([lambda lang: t("lesson.undone", lang)])
        else:
            self.notes.append(lambda lang: t("lesson.cant_undo", lang))
            self._after()

    def selected_event(self) -> EventLine | None:
        """The event the log's highlighted link belongs to (the newest event when none is highlighted)."""
        if not self._log_events:
            return None
        log = self.query_one("#log", LinkedText)
        if log.has_focus and 0 <= log.current < len(log.links):
            start = log.links[log.current].start
            line = max(i for i, s in enumerate(self._log_starts) if s <= start)
            return self._log_events[line]
        return self._log_events[-1]

    def action_why(self) -> None:
        """Why? The selected event with its rules: each rule's title and unofficial summary."""
        event = self.selected_event()
        if event is None:
            self.notes.append(lambda lang: t("app.lessons.no_event", lang))
        else:
            self.notes.append(lambda lang, e=event: self._why_text(e, lang))
        self._after()

    def _why_text(self, event: EventLine, lang: str) -> str:
        from tutor.i18n import pick

        kb = self.app.kb
        out = [t("app.lessons.why", lang, event=event.text(lang))]
        for number in event.rules:
            title = kb.toc_title(number.split(".")[0], lang) or ""
            summary = kb.summary(number) or kb.summary(number.split(".")[0])
            line = t("app.lessons.why_rule", lang, rule=number, title=title) if title else number
            if summary:
                said = pick(summary, lang)
                if title and said.startswith(title):  # a section's summary opens with its title: not twice
                    said = said[len(title):].lstrip(" :.—-")
                line += ": " + said + " " + t("app.lessons.unofficial", lang)
            out.append("  " + line)
        if not event.rules:
            out.append("  " + t("app.lessons.why_no_rule", lang))
        return "\n".join(out)

    def action_explain(self) -> None:
        """Why is this creature 3/1? The permanent the log's selected event is about (or every permanent that
        continuous effects change): each effect applied to it in layer order, with its source and rule (613;
        `tutor.layers_text.board_explanation`)."""
        from tutor.layers_text import board_explanation

        view, cards = self.game.view(), self.lesson.cards
        event = self.selected_event()
        oid = event.event.data.get("object") if event is not None and self.query_one("#log", LinkedText).has_focus \
            else None
        note = lambda lang: board_explanation(view, cards, lang, oid if isinstance(oid, int) else None)  # noqa: E731
        # it takes the place of an earlier one (pressed again, or on another event: the latest only)
        self.notes = [n for n in self.notes if n is not self._explain_note]
        self._explain_note = note
        self.notes.append(note)
        self._after()

    def action_toggle_zones(self) -> None:
        """Open or close the graveyards and exile on the board."""
        self.zones_open = not self.zones_open
        self.render_all()

    def action_reread(self) -> None:
        """Read the lesson so far again: the talk over the board's room too (the board hidden), scrolled to
        the step with the earlier steps above; again, or the next step, and the board is back."""
        self.set_class(not self.has_class("reading"), "reading")
        self.fit_talk()
        self.call_after_refresh(self._scroll_talk)

    def action_toggle_pick(self) -> None:
        """Space at a select-all or order question: choose the highlighted option."""
        listing = self.query_one("#choices", OptionList)
        if self.mode() == "answer" and listing.highlighted is not None:
            oid = listing.get_option_at_index(listing.highlighted).id or ""
            if oid.startswith("o"):
                self.pick(int(oid[1:]))

    def action_close(self) -> None:
        """Back to the course map (the progress is kept; the lesson resumes from here)."""
        self.write_progress(final=True)  # before the map reads the store
        self.app.pop_screen()

    async def on_linked_text_link_chosen(self, event: LinkedText.LinkChosen) -> None:
        event.stop()
        self._refocus = True
        await self.app.open_from_lesson(event.location)
