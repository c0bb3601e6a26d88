"""The lesson player's panes drawn from the session (`PlayerPanes`, a mixin of
`tutor.app.screens.lesson_player.LessonScreen`): the title, the turn tracker, the board, the talk (the earlier
steps' texts, what the last step's move or answer brought, the step's text with its links, the feedback at this
step), the list to choose from and the event log; and the box for a number answer. Each pane is updated only when
what it shows changes (an update lays the screen out again).

The talk reads like the lesson so far: each earlier step's text (muted) with what its move or answer brought
("✓ …" and the explanation), then the current step's text and its notes (hints, why?, the latest refusal only).
It is scrolled to the current step; on a narrow screen it is as high as the current step needs (the board gives
way), the earlier steps above it, read again by scrolling up."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.containers import VerticalScroll
from textual.content import Content
from textual.css.scalar import Scalar
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.compat import layout_given_virtual_size, option_line, wrap_offsets
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
_NARROW_LIST = 7  # the list's most rows on a narrow screen (its max-height in the stylesheet)
_NARROW_MOVES = 5  # the same for a list of moves (scrolled to the move asked for): the board has the rows saved
_BOARD_AT_LEAST = 2  # rows of the board kept on a narrow screen when the talk needs the others


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
        changed = self.query_one("#board", BoardPane).show(view, self.lesson.cards, ui, self.learner, self.zones_open)
        if changed:
            self.call_after_refresh(self._show_learners_side)
        return changed

    def _show_learners_side(self) -> None:
        """A board higher than its box (on a narrow screen) shows what the step is about and the learner's
        side: from the stack or the first creature in combat down to the board's end, as much as fits (the
        board's end at the box's bottom when all of it fits); without a stack or a combat, the learner's side
        from its rule (and as much of the opponent's above it as fits). The rest is a scroll away, and the
        box's lower edge says so ("↑ altro")."""
        box, board = self.query_one("#board-box", VerticalScroll), self.query_one("#board", BoardPane)
        room = box.scrollable_content_region.height
        self._board_placed = (room, box.max_scroll_y, board.version)
        if box.max_scroll_y:
            focus = board.focus_lines(board.content_region.width or 1)
            if focus is None:
                y = board.last_side_line()
            else:
                y = min(box.max_scroll_y, focus[0])
            box.scroll_to(y=y, animate=False, immediate=True)
        self._mark_board_scroll()

    def _mark_board_scroll(self) -> None:
        """The board's box says on its lower edge when some of the board is scrolled out of it, and how
        to see it (on a narrow screen)."""
        box = self.query_one("#board-box", VerticalScroll)
        y, top = round(box.scroll_y), box.max_scroll_y
        key = "app.lessons.board_more_" + ("both" if 0 < y < top else "up" if y else "down" if top else "")
        box.border_subtitle = t(key, self.app.ui) if top else ""

    def _keep_board_placed(self) -> None:
        """After a layout that resized the board's box (the talk grew or shrank): the learner's side shown
        again; a board the learner scrolled stays where it is."""
        placed = getattr(self, "_board_placed", None)
        if placed is not None:
            box, board = self.query_one("#board-box", VerticalScroll), self.query_one("#board", BoardPane)
            if placed[2] == board.version and placed[:2] != (box.scrollable_content_region.height, box.max_scroll_y):
                self._show_learners_side()

    def render_talk(self) -> None:
        """The talk (earlier steps, the last outcome, the step's text, the feedback), the list to choose from,
        the number box and the event log."""
        ui = self.app.ui
        self._render_history(ui)
        self._render_text(ui)
        self._render_feedback(ui)
        self._render_options(ui)
        self._render_log(ui)
        number = self.query_one("#number", NumberInput)
        number.display = self.mode() == "number"
        number.placeholder = t("app.lessons.number_placeholder", ui)
        self.fit_talk()
        self.call_after_refresh(self._scroll_talk)

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

    def _history_end(self) -> int:
        """The steps before this one (all of them once the lesson is finished): the talk's earlier texts."""
        s = self.session
        return min(s.index + (1 if s.finished else 0), len(self.lesson.steps))

    def _render_history(self, ui: str) -> None:
        """The earlier steps' texts, each followed by what its move or answer brought; what the last of them
        brought apart (`#outcome`, above the step's text: the feedback on a move comes before what follows)."""
        end = self._history_end()
        key = (ui, id(self.session), end, self.past_version)
        history = self.query_one("#history", LinkedText)
        if getattr(history, "_history_key", None) != key:
            history._history_key = key
            text, links = Text(), []
            for i in range(end):
                if i:
                    text.append("\n\n")
                part, part_links = self._linked(self.session.parts(ui, i), ui)
                links += [replace(x, start=x.start + len(text.plain), end=x.end + len(text.plain)) for x in part_links]
                text.append_text(part)
                notes = self.past.get(i) if i < end - 1 else None
                if notes:
                    note = "\n".join(n(ui) for n in notes)
                    start = len(text.plain) + 1
                    text.append("\n" + note, style="italic")
                    links += [replace(x, start=x.start + start, end=x.end + start) for x in text_links(self.app.kb, note)]
            self._show("#history", text, links)
            history.display = bool(end)
        outcome = "\n".join(n(ui) for n in self.past.get(end - 1, ())) if end else ""
        self._show("#outcome", Text(outcome), text_links(self.app.kb, outcome) if outcome else ())
        widget = self.query_one("#outcome", LinkedText)
        widget.display = bool(outcome)

    def fit_talk(self) -> None:
        """On a narrow screen, the talk as high as the current step needs (its text, the outcome before it and
        the feedback; all but a few rows of the board), and the earlier steps in the rows the board and the
        list leave free: the board gives way when room is short. On a wide screen the stylesheet's height."""
        talk = self.query_one("#talk", VerticalScroll)
        if not self.has_class("narrow"):
            if talk.styles.has_rule("height"):
                talk.styles.clear_rule("height")
            listing = self.query_one("#choices", OptionList)
            if listing.styles.has_rule("max_height"):
                listing.styles.clear_rule("max_height")
            return
        width, height = self.app.size
        text_width = max(width - 3, 8)  # (the talk's padding and scrollbar)

        def lines(selector: str) -> int:
            widget = self.query_one(selector, LinkedText)
            if not widget.display:
                return 0
            return sum(1 + len(wrap_offsets(line, text_width)) for line in widget.plain.split("\n"))

        need = lines("#outcome") + lines("#step-text") + lines("#feedback")
        # The rows the title, the tracker, the list, the number box, the log and the footer take; the board
        # has what is left, at least a few rows; the earlier steps fill the rows the board does not need.
        listing = self.query_one("#choices", OptionList)
        rows = _NARROW_MOVES if self.mode() == "move" else _NARROW_LIST
        if listing.styles.max_height != Scalar.from_number(rows):
            listing.styles.max_height = rows
        fixed = (2 + self.query_one("#tracker", TurnTracker).get_content_height(self.size, self.size, width - 2)
                 + 1 + 2 + (min(listing.option_count, rows) if listing.display else 0)
                 + (3 if self.query_one("#number", NumberInput).display else 0))
        board = len(self.query_one("#board", BoardPane).rows(width - 3))
        spare = max(height - fixed - board - need, 0)
        earlier = lines("#history") + 1 if self.query_one("#history", LinkedText).display else 0
        if self.has_class("reading"):  # (`r`: the board hidden, the talk has its rows)
            talk.styles.height = max(height - fixed + 1, 1)
            return
        most = max(height - fixed - min(board, _BOARD_AT_LEAST), 1)
        talk.styles.height = max(min(need + min(spare, earlier), most), 1)

    def _talk_geometry(self) -> tuple:
        talk = self.query_one("#talk", VerticalScroll)
        outcome, text = self.query_one("#outcome", LinkedText), self.query_one("#step-text", LinkedText)
        return (talk.scrollable_content_region.height, talk.virtual_size.height,
                (outcome if outcome.display else text).virtual_region.y, text.virtual_region.y)

    def _keep_talk_placed(self) -> None:
        """After a layout: the talk placed again on the step if the layout moved its texts (Textual lays a
        widget out again in the next frame when its size changed); a talk the learner scrolled stays."""
        if getattr(self, "_talk_placed", None) not in (None, self._talk_geometry()):
            self._scroll_talk()

    def _scroll_talk(self) -> None:
        """The talk scrolled to the current step: its whole block (the outcome, the step's text and the
        feedback) when it fits, the earlier steps above; otherwise from the outcome, or from the step's text
        (a question never scrolled out), or to the newest note when one was just added."""
        talk = self.query_one("#talk", VerticalScroll)
        room, end, top, text_top = self._talk_geometry()
        self._talk_placed = (room, end, top, text_top)
        if end - top <= room:
            talk.scroll_end(animate=False, immediate=True)
        elif end - text_top <= room:
            talk.scroll_to(y=end - room, animate=False, immediate=True)
        else:
            talk.scroll_to(y=text_top, animate=False, immediate=True)

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
            if mode == "move":
                asked = self._asked_option()
                if asked is not None:
                    self.call_after_refresh(self._show_option, asked)

    def _asked_option(self) -> int | None:
        """The index in the list of the (first) move the step asks for, if it is listed."""
        listing = self.query_one("#choices", OptionList)
        for i in range(listing.option_count):
            oid = listing.get_option_at_index(i).id or ""
            if oid.startswith("m") and oid[1:].isdigit() and self.session.asks(self.choice_moves[int(oid[1:])].action):
                return i
        return None

    def _show_option(self, index: int) -> None:
        """Keep option `index` (the move the step asks for) in view when the list is longer than its box: the
        list scrolled just enough to show it, and the highlight on the first move in view (not on it)."""
        listing = self.query_one("#choices", OptionList)
        room = listing.scrollable_content_region.height
        if index >= listing.option_count or not room:
            return
        line = option_line(listing, index)
        end = option_line(listing, index + 1) if index + 1 < listing.option_count else None
        if line is None or (end if end is not None else line + 1) <= listing.scroll_y + room:
            return
        top = (end if end is not None else line + 1) - room
        listing.scroll_to(y=top, animate=False, immediate=True)
        first = next((i for i in range(listing.option_count) if not listing.get_option_at_index(i).disabled
                      and (option_line(listing, i) or 0) >= top), None)
        if first is not None:
            listing.highlighted = first

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
        """After each layout: the log back at its end if it was there (or shows new events) and a later pass
        moved the end. Textual lays a widget out again in the next frame when its size changed, and the
        log's box can shrink then (the text above it grew): the scroll made after the first pass fell a line
        or two short. A log the learner scrolled up stays where it is (its end did not move). The talk, the
        same (`_keep_talk_placed`), and the board (`_keep_board_placed`)."""
        self._keep_talk_placed()
        self._keep_board_placed()
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
