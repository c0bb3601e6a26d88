"""The lesson player: one `LessonSession` (the same runtime as ``mtg-tutor lesson play``) on a screen.

Top: the lesson, the step, the turn tracker. Left (above, on a narrow terminal): the board. Right (below):
the step's text (narration, the move asked for, the question) with its ``[[concept]]`` and rule links, what
the learner's last actions brought (refusals with their rule, hints, right / wrong, explanations), the list
to choose from (the legal moves grouped, the answers, "go on"), and the event log with its rule numbers as
links. Enter on a link opens the rule or the glossary entry; back (Alt+Left, Backspace, Escape) returns here
with nothing changed. Keys: ``h`` next hint, ``u`` undo, ``?`` why (the selected event's rules), ``g`` open
graveyards and exile, Ctrl+L the other language (everything is drawn again from the session).

After the recap: free play from the final position (`tutor.lessons.FreePlay`), for one side against the
engine's agent or for both sides.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.bindings import LocalizedBindings, localized_bindings
from tutor.app.widgets.board import BoardPane
from tutor.app.widgets.footer import KeysFooter
from tutor.app.widgets.linked_text import LinkedText
from tutor.app.widgets.turn_tracker import TurnTracker
from tutor.i18n import t
from tutor.lessons import EventLine, LessonSession
from tutor.lessons.results import text_of
from tutor.views.links import TextLink, rule_target, text_links

__all__ = ["LessonScreen", "NumberInput"]

NARROW = 110  # columns under which the board and the talk are stacked
LOG_EVENTS = 40  # the last events the log shows (older ones scroll out)
_PASS_KEYS = frozenset("hug?")


class NumberInput(Input):
    """The box for a number answer; the player's letter keys (h, u, g, ?) reach the screen's bindings."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character not in _PASS_KEYS and super().check_consume_key(key, character)

    async def _on_key(self, event) -> None:
        if event.character in _PASS_KEYS:
            event.prevent_default()  # not typed here: the key goes on to the bindings


class LessonScreen(LocalizedBindings, Screen):
    """One lesson being played (see the module docstring)."""

    BINDINGS = localized_bindings(
        ("h", "hint", "app.lessons.key_hint"),
        ("u", "undo", "app.lessons.key_undo"),
        ("question_mark", "why", "app.lessons.key_why"),
        ("g", "toggle_zones", "app.lessons.key_zones"),
        ("space", "toggle_pick", "app.lessons.key_pick", False),
        ("escape", "close", "app.lessons.key_map"),
    )

    FOOTER_WIDE_ONLY = ("back", "toggle_zones")  # at 80 columns: Esc goes back to the map; G stays in F1's list

    def __init__(self, lesson, store=None, missing=(), session: LessonSession | None = None) -> None:
        super().__init__()
        self.lesson = lesson
        self.session = session or LessonSession(lesson, store)
        self.free = None  # FreePlay once the learner chooses it after the recap
        self.notes: list = []  # what the learner's actions brought at this step: functions of the language
        self.picked: list = []  # options chosen so far (select all that apply, put in order)
        self.zones_open = False
        self._step = self._where()
        self._log_key = None
        self._log_events: list[EventLine] = []
        self._log_starts: list[int] = []
        self._options_key = None
        self._log_to_end = False  # a new log, until a layout finds it scrolled to its end
        self._log_top = 0  # the log's last end (max_scroll_y) and whether it was scrolled there
        self._log_at_end = True
        s = self.session
        if s.index:
            self.notes.append(lambda lang: t("app.lessons.resumed", lang, n=s.index + 1, total=len(lesson.steps)))
        if missing:
            from tutor.app.screens.lessons import course

            titles = [course().get(r).title if course().get(r) else {"it": r, "ru": r} for r in missing]
            self.notes.append(lambda lang: t("lesson.requires", lang, ids=", ".join(text_of(x, lang) for x in titles)))

    # ---- layout -----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="lesson-title")
        yield TurnTracker(id="tracker")
        with Horizontal(id="lesson-main"):
            with VerticalScroll(id="board-box"):
                yield BoardPane(id="board")
            with Vertical(id="lesson-side"):
                with VerticalScroll(id="talk"):
                    yield LinkedText(id="step-text")
                    yield LinkedText(id="feedback")
                yield OptionList(id="choices")
                yield NumberInput(id="number", type="integer")
                yield Static(id="log-title")
                with VerticalScroll(id="log-box"):
                    yield LinkedText(id="log")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.screen_layout_refresh_signal.subscribe(self, self._keep_log_at_end)
        for widget in self.query("#choices, #step-text, #feedback, #log"):
            # No clickable "@click" links in these texts (a rule link is the widget's own): Textual's pass
            # that styles such links goes over every segment of every line drawn, at every repaint.
            widget.auto_links = False
        self.shown_ui = self.app.ui
        self.set_class(self.app.size.width < NARROW, "narrow")
        self.render_all()
        self._focus_input()

    def on_resize(self, event) -> None:
        self.set_class(event.size.width < NARROW, "narrow")

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
        """After the step changed: a new step starts with what the last one left to say (`carry`)."""
        if self._where() != self._step:
            self._step = self._where()
            self.notes = list(carry or [])
            self.picked = []
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

    # ---- drawing ----------------------------------------------------------------------------------
    def render_all(self) -> None:
        """Draw the screen from the session (or free play) in the interface language."""
        ui = self.app.ui
        view = self.game.view()
        s = self.session
        head = t("app.lessons.header", ui, title=s.title(ui), n=min(s.index + 1, len(self.lesson.steps)),
                 total=len(self.lesson.steps), hints=s.hint_count)
        if self.free is not None:
            head += " · " + t("app.lessons.free_mark", ui)
        self._set_static("#lesson-title", head, Text(head, style="bold", no_wrap=True, overflow="ellipsis"))
        self.query_one("#tracker", TurnTracker).show(view.step, ui)
        self.query_one("#board", BoardPane).show(view, self.lesson.cards, ui, self.learner, self.zones_open)
        self._render_text(ui)
        self._render_feedback(ui)
        self._render_options(ui)
        self._render_log(ui)
        number = self.query_one("#number", NumberInput)
        number.display = self.mode() == "number"
        number.placeholder = t("app.lessons.number_placeholder", ui)

    def _set_static(self, selector: str, key: str, text: Text) -> None:
        """Update a one-line `Static` only when its text changes (an update lays the screen out again)."""
        widget = self.query_one(selector, Static)
        if getattr(widget, "_shown_key", None) != key:
            widget._shown_key = key
            widget.update(text)

    def _show(self, selector: str, text: Text, links=()) -> None:
        """Update a `LinkedText` only when what it shows changes (an update lays the screen out again)."""
        widget = self.query_one(selector, LinkedText)
        key = (text.plain, tuple(text.spans), tuple(links))
        if getattr(widget, "_shown_key", None) != key:
            widget._shown_key = key
            widget.update(text, links)
            widget.parent.refresh(layout=True)  # the box's own height follows (it is height: auto)

    def _linked(self, parts, ui: str) -> tuple[Text, list[TextLink]]:
        from tutor.app.screens.lessons import concept_location

        kb, text, links = self.app.kb, Text(), []
        for p in parts:
            start = len(text.plain)
            if p.kind == "text":
                text.append(p.text)
                continue
            text.append(p.text, style="bold" if p.kind == "concept" else None)
            target = rule_target(kb, p.target) if p.kind == "rule" else concept_location(kb, p.target, ui)
            links.append(TextLink(start, len(text.plain), p.target, target))
        return text, links

    def _render_text(self, ui: str) -> None:
        s, mode = self.session, self.mode()
        if mode == "free":
            who = "both" if self.free.learner is None else "one"
            body = Text(t(f"app.lessons.free_text_{who}", ui, player="AB"[self.lesson.learner]))
            if self.free.over:
                body.append("\n" + t("app.lessons.free_over", ui))
            elif not self.free.moves(attempts=False):
                body.append("\n" + t("app.lessons.free_stuck", ui))
            self._show("#step-text", body)
            return
        if mode == "finished":
            text = t("lesson.finished", ui, stars="★" * s.stars + "☆" * (3 - s.stars), hints=s.hint_count,
                     mistakes=s.mistake_count)
            self._show("#step-text", Text(text + "\n" + t("app.lessons.free_offer", ui), style="bold"))
            return
        text, links = self._linked(s.parts(ui), ui)
        if mode == "answer" and s.ask_kind in ("choices", "order"):
            text.append("\n" + t(f"app.lessons.how_{s.ask_kind}", ui), style="italic")
        self._show("#step-text", text, links)

    def _render_feedback(self, ui: str) -> None:
        text = "\n".join(note(ui) for note in self.notes)
        self._show("#feedback", Text(text), text_links(self.app.kb, text) if text else ())
        feedback = self.query_one("#feedback", LinkedText)
        if feedback.display != bool(text):
            feedback.display = bool(text)
            feedback.parent.refresh(layout=True)

    def _render_options(self, ui: str) -> None:
        mode, s = self.mode(), self.session
        options: list[Option] = []
        self.choice_moves: list = []
        if mode in ("move", "free"):
            groups = self.free.moves() if mode == "free" else self._moves()
            for group in groups:
                options.append(Option(Content.styled(group.title(ui), "bold"), disabled=True))
                for move in group.moves:
                    options.append(Option(Content("  " + move.label(ui)), id=f"m{len(self.choice_moves)}"))
                    self.choice_moves.append(move)
            if mode == "free":
                options.append(Option(Content(t("app.lessons.free_end", ui)), id="end_free"))
        elif mode == "answer":
            kind = s.ask_kind
            for i, o in enumerate(s.options()):
                if kind == "choices":
                    mark = "[x] " if o.id in self.picked else "[ ] "
                elif kind == "order":
                    mark = f"{self.picked.index(o.id) + 1}. " if o.id in self.picked else "·  "
                else:
                    mark = ""
                options.append(Option(Content(mark + o.text(ui)), id=f"o{i}"))
            if kind in ("choices", "order"):
                options.append(Option(Content.styled(t("app.lessons.submit", ui), "bold"), id="submit"))
            if kind == "order" and self.picked:
                options.append(Option(Content(t("app.lessons.reset_order", ui)), id="reset"))
        elif mode == "next":
            options.append(Option(Content.styled(t("app.lessons.continue", ui), "bold"), id="next"))
        elif mode == "finished":
            options.append(Option(Content(t("app.lessons.free_one", ui, player="AB"[self.lesson.learner])), id="free1"))
            options.append(Option(Content(t("app.lessons.free_both", ui)), id="free2"))
            options.append(Option(Content(t("app.lessons.back_to_map", ui)), id="map"))
        key = (ui, tuple(str(o.prompt) for o in options))
        listing = self.query_one("#choices", OptionList)
        listing.display = bool(options)
        if key == self._options_key:
            return
        keep = listing.highlighted if self._options_key is not None and len(key[1]) == len(self._options_key[1]) else None
        self._options_key = key
        listing.clear_options()
        listing.add_options(options)
        if keep is not None and keep < len(options) and not options[keep].disabled:
            listing.highlighted = keep
        else:
            listing.highlighted = next((i for i, o in enumerate(options) if not o.disabled), None)

    def _render_log(self, ui: str) -> None:
        game = self.game
        key = (ui, id(game), len(game.events), game.events[-1] if game.events else None)
        title = t("app.lessons.log_title", ui)
        self._set_static("#log-title", title, Text(title, style="bold"))
        if key == self._log_key:
            return
        self._log_key = key
        events = game.events[-LOG_EVENTS:]
        self._log_events = [EventLine(e, self.lesson.cards, game.object_cards) for e in events]
        lines, starts, pos = [], [], 0
        for line in self._log_events:
            text = "· " + self._event_text(line, ui)
            starts.append(pos)
            lines.append(text)
            pos += len(text) + 1
        self._log_starts = starts
        text = "\n".join(lines) or t("app.lessons.log_empty", ui)
        log = self.query_one("#log", LinkedText)
        log.update(Text(text), text_links(self.app.kb, text) if lines else ())
        if log.links:
            log.current = len(log.links) - 1  # the newest event is the selected one
        box = self.query_one("#log-box", VerticalScroll)
        self.call_after_refresh(box.scroll_end, animate=False)
        self._log_to_end = True

    def _keep_log_at_end(self, _screen=None) -> None:
        """After each layout: the log back at its end if it was there (or shows new events) and a later pass
        moved the end. Textual lays a widget out again in the next frame when its size changed, and the
        log's box can shrink then (the text above it grew): the scroll made after the first pass fell a line
        or two short. A log the learner scrolled up stays where it is (its end did not move)."""
        box = self.query_one("#log-box", VerticalScroll)
        top = box.max_scroll_y
        if box.scroll_y < top and (self._log_to_end or (top != self._log_top and self._log_at_end)):
            box.scroll_end(animate=False, immediate=True)
        elif box.scroll_y >= top:
            self._log_to_end = False
        self._log_top = top
        self._log_at_end = box.scroll_y >= top

    def _event_text(self, line: EventLine, ui: str) -> str:
        """An event's sentence (remembered: the log is drawn again after every move). Events are kept by
        identity, with the event itself, so that a recycled id never gives another event's text."""
        cache = self.__dict__.setdefault("_event_texts", {})
        key = (id(line.event), ui)
        hit = cache.get(key)
        if hit is None or hit[0] is not line.event:
            if len(cache) > 4000:
                cache.clear()
            hit = cache[key] = (line.event, line.text(ui))
        return hit[1]

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
        before = self._step
        self._step_changed(carry)
        self.render_all()
        self._focus_input()
        talk = self.query_one("#talk", VerticalScroll)
        if self._step != before:  # a new step: its text first
            self.call_after_refresh(talk.scroll_home, animate=False)
        else:  # the newest note (a hint, a refusal, why?) in sight
            self.call_after_refresh(talk.scroll_end, animate=False)

    # ---- choosing -------------------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "choices":
            return
        event.stop()
        oid = event.option.id or ""
        if oid.startswith("m"):
            self.play(self.choice_moves[int(oid[1:])])
        elif oid.startswith("o"):
            self.pick(int(oid[1:]))
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
        else:
            self.notes.append(lambda lang: "✗ " + result.message(lang))
            self._after()

    def pick(self, i: int) -> None:
        """An answer option: answers a single choice or a legal question; toggles one of a select-all;
        places (or takes back) one of an order."""
        s = self.session
        option = s.options()[i]
        if s.ask_kind in ("choice", "legal"):
            self.answer(option.id)
        elif option.id in self.picked:
            self.picked.remove(option.id)
            self._after()
        else:
            self.picked.append(option.id)
            if s.ask_kind == "order" and len(self.picked) == len(s.options()):
                self.submit_picked()
            else:
                self._after()

    def submit_picked(self) -> None:
        s = self.session
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
            self.notes.append(lambda lang: "✗ " + result.message(lang))
            self._after()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip().replace("−", "-")
        if self.mode() != "number":
            return
        if not text.lstrip("-").isdigit() or len(text) > 5:
            self.notes.append(lambda lang: t("lesson.bad_number", lang))
            self._after()
            return
        event.input.value = ""
        self.answer(int(text))

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
                line += ": " + pick(summary, lang) + " " + t("app.lessons.unofficial", lang)
            out.append("  " + line)
        if not event.rules:
            out.append("  " + t("app.lessons.why_no_rule", lang))
        return "\n".join(out)

    def action_toggle_zones(self) -> None:
        """Open or close the graveyards and exile on the board."""
        self.zones_open = not self.zones_open
        self.render_all()

    def action_toggle_pick(self) -> None:
        """Space at a select-all or order question: choose the highlighted option."""
        listing = self.query_one("#choices", OptionList)
        if self.mode() == "answer" and listing.highlighted is not None:
            oid = listing.get_option_at_index(listing.highlighted).id or ""
            if oid.startswith("o"):
                self.pick(int(oid[1:]))

    def action_close(self) -> None:
        """Back to the course map (the progress is kept; the lesson resumes from here)."""
        self.app.pop_screen()

    async def on_linked_text_link_chosen(self, event: LinkedText.LinkChosen) -> None:
        event.stop()
        await self.app.open_from_lesson(event.location)
