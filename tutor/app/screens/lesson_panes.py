"""The lesson player's panes drawn from the session (`PlayerPanes`, a mixin of
`tutor.app.screens.lesson_player.LessonScreen`): the title, the turn tracker, the board, the step's text with its
links, the feedback, the list to choose from and the event log; and the box for a number answer. Each pane is
updated only when what it shows changes (an update lays the screen out again)."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.compat import layout_given_virtual_size
from tutor.app.lesson_services import concept_location
from tutor.app.widgets.board import BoardPane
from tutor.app.widgets.linked_text import LinkedText
from tutor.app.widgets.turn_tracker import TurnTracker
from tutor.engine.view import Player
from tutor.i18n import t
from tutor.lessons import EventLine
from tutor.views.links import TextLink, rule_target, text_links

__all__ = ["LOG_EVENTS", "NumberInput", "PaneScroll", "PlayerPanes"]

LOG_EVENTS = 40  # the last events the log shows (older ones scroll out)


class NumberInput(Input):
    """The box for a number answer. Every key typed here is the box's own: a letter is part of a number word
    ("due", «два»), never one of the player's keys (the player hides them from the footer while the box has
    the focus). Enter answers at once (`LessonScreen.submit_number`, which also takes a line of one of those
    keys, ``h`` then Enter, as that key)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs["type"] = "text"  # never Textual's integer box, which drops the letters of a number word
        kwargs.setdefault("max_length", 40)
        super().__init__(*args, **kwargs)

    def on_key(self, event) -> None:
        if event.key == "enter":
            # Answered as the box takes Enter, in the order of the keys typed (Enter's binding would run later,
            # once the key has gone up to the app: a letter typed right after would be in the box by then).
            event.stop()
            event.prevent_default()
            self.screen.submit_number(self)


class PaneScroll(VerticalScroll):
    """A pane of the player that scrolls (the board's, the talk's, the log's). A move changes what the panes
    hold: the screen is laid out once for it, and that layout gives each pane its size and the height of
    what it holds (its virtual size). Textual's `virtual_size` would lay the whole screen out a second time,
    in the next frame, for nothing: here it is taken as the layout gives it (the layout has placed and painted
    the pane and set its scroll bar, `compat.layout_given_virtual_size`); a scroll bar shown or hidden lays
    the screen out again by itself."""

    virtual_size = layout_given_virtual_size()


class PlayerPanes:
    """Drawing the player's panes (mixed into `LessonScreen`, which has the session, the game and the lesson)."""

    # ---- drawing ----------------------------------------------------------------------------------
    def render_all(self) -> None:
        """Draw the screen from the session (or free play) in the interface language."""
        self.render_board()
        self.render_talk()

    def render_board(self) -> None:
        """The title, the turn tracker and the board."""
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

    def render_talk(self) -> None:
        """The step's text, the feedback, the list to choose from, the number box and the event log."""
        ui = self.app.ui
        self._render_text(ui)
        self._render_feedback(ui)
        self._render_options(ui)
        self._render_log(ui)
        number = self.query_one("#number", NumberInput)
        number.display = self.mode() == "number"
        number.placeholder = t("app.lessons.number_placeholder", ui)

    def _set_static(self, selector: str, key: str, text: Text) -> None:
        """Update a one-line `Static` only when its text changes; its height is fixed (one line, in the
        stylesheet), so it is only painted again, without a layout."""
        widget = self.query_one(selector, Static)
        if getattr(widget, "_shown_key", None) != key:
            widget._shown_key = key
            widget.update(text, layout=False)

    def _show(self, selector: str, text: Text, links=()) -> None:
        """Update a `LinkedText` only when what it shows changes (an update lays the screen out again)."""
        widget = self.query_one(selector, LinkedText)
        key = (text.plain, tuple(text.spans), tuple(links))
        if getattr(widget, "_shown_key", None) != key:
            widget._shown_key = key
            widget.update(text, links)
            widget.parent.refresh(layout=True)  # the box's own height follows (it is height: auto)

    def _linked(self, parts, ui: str) -> tuple[Text, list[TextLink]]:
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
            body = Text(t(f"app.lessons.free_text_{who}", ui, player=Player(self.lesson.learner).letter))
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
        elif mode == "number":
            text.append("\n" + t("app.lessons.how_number", ui), style="italic")
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
            options.append(Option(Content(t("app.lessons.free_one", ui, player=Player(self.lesson.learner).letter)), id="free1"))
            options.append(Option(Content(t("app.lessons.free_both", ui)), id="free2"))
            options.append(Option(Content(t("app.lessons.back_to_map", ui)), id="map"))
        key = (ui, tuple(str(o.prompt) for o in options))
        listing = self.query_one("#choices", OptionList)
        listing.display = bool(options)
        if key == self._options_key:
            return
        keep = self._kept_highlight(listing, options, key, mode)
        self._options_key, self._options_for = key, (self._step, mode)
        listing.clear_options()
        listing.add_options(options)
        if keep is not None and keep < len(options) and not options[keep].disabled:
            listing.highlighted = keep
        else:
            listing.highlighted = next((i for i, o in enumerate(options) if not o.disabled), None)

    def _kept_highlight(self, listing: OptionList, options: list[Option], key: tuple, mode: str) -> int | None:
        """Where the cursor stays when the list is drawn again: on the same option of the same question (a
        pick marks it and adds "start again": the cursor does not move); at the same place in a list of moves
        as long as the one before (a refused move, the next "pass"); otherwise (None) on the first option."""
        old, at = self._options_key, listing.highlighted
        if at is None or at >= listing.option_count:
            return None
        if mode == "answer":  # (also when the other language is drawn)
            if self._options_for != (self._step, mode):
                return None  # a new question: from its first option (not "confirm", where the moves' cursor was)
            was = listing.get_option_at_index(at).id
            return next((i for i, o in enumerate(options) if o.id == was), None)
        return at if old is not None and len(key[1]) == len(old[1]) else None

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
        """After each layout: the log back at its end if it was there (or shows new events) and a later layout
        moved the end (a scroll bar shown or hidden lays the screen out again, and the log's box can shrink
        then: the scroll made after the first layout fell a line or two short). A log the learner scrolled up
        stays where it is (its end did not move)."""
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
