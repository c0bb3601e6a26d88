"""The board of a lesson or of free play, drawn from the engine's `BoardView` (never from the game state).

From top to bottom: who has priority (or what the game waits for), the opponent's side, the stack (top first,
with controllers and targets), the learner's side; each under a titled rule ("B — avversario", "A — tu"), with
the player's area, their lands on lines of their own, then their other permanents (and the learner's hand). A player's area has
life, library, hand (the learner's cards by name in the interface language, the opponent's as a count),
graveyard and exile (their cards listed when the zones are open) and the mana pool. Each permanent is a card:
its name, power/toughness and tags in the words of every board (`tutor.views.board`: tapped, summoning
sickness, damage, counters, keywords, attacking / blocking and what it is attached to), styled by their kind.
Cards are packed into lines by the width, never cut inside a card.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tutor.app.widgets.kept_render import KeptRender
from tutor.engine.view import Decision
from tutor.events_text import player_name
from tutor.i18n import pick, t
from tutor.i18n.terms import step_noun
from tutor.lessons.text import card_noun, status_line
from tutor.views.board import TagKind, board_sides, describe_permanent, player_summary

__all__ = ["BoardPane", "board_rows", "board_text", "status_line"]

_HEAD = Style(bold=True)
_MUTED = Style(dim=True)
_TAPPED = Style(dim=True, italic=True)
_COMBAT = Style(bold=True, underline=True)
_CARD = Style(bold=True)
_CHOOSING = frozenset({Decision.ATTACKERS, Decision.BLOCKERS})
COMPACT = 100  # a board narrower than this (a narrow screen's) is compact: `board_rows`


def _name(cards: dict, card_id: str, lang: str) -> str:
    card = cards.get(card_id)
    return pick(card.name, lang) if card is not None else card_id


def _pack(chips: list[Text], width: int, indent: int = 2) -> list[Text]:
    """Chips in lines of at most `width` cells, one space apart, each line indented (a chip wider than a
    line gets a line of its own and is folded by the widget)."""
    lines, line = [], Text(" " * indent)
    for chip in chips:
        if line.cell_len > indent and line.cell_len + 1 + chip.cell_len > width:
            lines.append(line)
            line = Text(" " * indent)
        elif line.cell_len > indent:
            line.append(" ")
        line.append_text(chip)
    if line.cell_len > indent:
        lines.append(line)
    return lines


_TAG_STYLES = {TagKind.TAPPED: _TAPPED, TagKind.KEYWORD: _MUTED, TagKind.ATTACKING: _COMBAT,
               TagKind.BLOCKING: _COMBAT, TagKind.BLOCKED: _COMBAT}


def _permanent_chip(perm, view, cards: dict, lang: str) -> Text:
    said = describe_permanent(perm, view, cards, lang)
    chip = Text("[", style=_MUTED)
    chip.append(said.name, style=_TAPPED if perm.tapped else _CARD)
    if said.pt:
        chip.append(f" {said.pt}")
    for kind, text in said.tags:
        chip.append(" · ", style=_MUTED)
        chip.append(text, style=_TAG_STYLES.get(kind))
    chip.append("]", style=_MUTED)
    return chip


def _pieces(pieces: list[tuple[str, Style | None]], width: int, first: str = "", indent: int = 2) -> list[Text]:
    """Pieces joined by " · " in lines of at most `width` cells (a piece is never cut): the first line starts
    with `first`, the next ones are indented."""
    lines, line = [], Text(first)
    for text, style in pieces:
        start = line.cell_len <= max(len(first), indent if lines else len(first))
        if not start and line.cell_len + 3 + len(text) > width:
            lines.append(line)
            line, start = Text(" " * indent), True
        if not start:
            line.append(" · ", style=_MUTED)
        line.append(text, style=style)
    lines.append(line)
    return lines


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _player_lines(view, p, cards: dict, lang: str, learner: int | None, zones_open: bool,
                  width: int, title: str | None = None) -> tuple[list[Text], list[Text]]:
    """A player's area: the line of their life and zones, and what goes below their permanents (the hand, when
    it is shown, and the open graveyard and exile). With `title` (a compact board, on a narrow screen), the
    line of life and zones is the side's titled rule itself ("── ▶ A — tu · 20 punti vita · … ──"), and an
    empty hand has no line."""
    you = learner is None or p.index == learner
    mark = "▶ " if view.pending.player == p.index and view.outcome is None else "  "
    who = _capital(player_name(p.index, lang))
    if learner is not None and p.index == learner:
        who += " (" + t("app.lessons.you", lang) + ")"
    if title is not None:
        who, mark = ("▶ " if mark.strip() else "") + title, "── "
    pieces: list[tuple[str, Style | None]] = [(who, _HEAD)]
    pieces += [(x, None) for x in player_summary(p, lang, view.opening)]
    if p.exile or zones_open:
        pieces.append((t("app.lessons.exile_count", lang, n=len(p.exile)), None))
    if p.mana.total:
        pool = "".join("{" + c + "}" for c in "WUBRGC" for _ in range(getattr(p.mana, c)))
        pieces.append((t("lesson.board.pool", lang, mana=pool), _HEAD))
    lines = _pieces(pieces, width, first=mark, indent=4)
    lines[0].stylize(_MUTED if title is not None else _HEAD, 0, len(mark))
    if title is not None and lines[-1].cell_len + 3 <= width:
        lines[-1].append(" " + "─" * (width - lines[-1].cell_len - 1), style=_MUTED)
    below: list[Text] = []
    if you and (title is None or p.hand):
        chips = [Text("[", style=_MUTED) + Text(_name(cards, c.card, lang)) + Text("]", style=_MUTED) for c in p.hand]
        label = Text(t("app.lessons.hand", lang) + ":", style=_MUTED)
        below += _pack([label] + chips, width) if chips else [Text("  ") + label + Text(" —", style=_MUTED)]
    if zones_open:
        for zone in ("graveyard", "exile"):
            names = ", ".join(_name(cards, c.card, lang) for c in getattr(p, zone)) or "—"
            below.append(Text(f"  {t(f'app.lessons.{zone}', lang)}: {names}", style=_MUTED))
    return lines, below


def _stack_lines(view, cards: dict, lang: str) -> list[Text]:
    lines = []
    for i, item in enumerate(reversed(view.stack), 1):
        card = cards.get(item.card)
        what = str(card_noun(card, lang, "spell" if item.kind.value == "spell" else "ability")) if card else item.card
        line = Text(f"  {i}. ")
        line.append(what, style=_CARD)
        line.append(" (" + player_name(item.controller, lang) + ")")  # mid-phrase: «(игрок B)», not «(Игрок B)»
        targets = []
        for x in item.targets:
            if x.player is not None:
                targets.append(player_name(x.player, lang))
            else:
                perm = view.permanent(x.object)
                targets.append(f"«{_name(cards, perm.card, lang)}»" if perm is not None else "?")
        if targets:
            line.append(" → " + ", ".join(targets))
        lines.append(line)
    return lines


def _grouped(chips: list[Text]) -> list[Text]:
    """Equal chips next to each other as one, with their count: "[Palude ×4]" (a compact board's lands)."""
    groups: list[list[Text]] = []
    for chip in chips:
        if groups and _same(groups[-1][0], chip):
            groups[-1].append(chip)
        else:
            groups.append([chip])
    return [g[0] if len(g) == 1 else g[0][:-1] + Text(f" ×{len(g)}") + g[0][-1:] for g in groups]


def _rule(title: str, width: int) -> Text:
    """A rule across the board with its title: "── B — avversario ─────…"."""
    line = Text("── ", style=_MUTED)
    line.append(title, style=_HEAD)
    line.append(" " + "─" * max(width - len(title) - 4, 2), style=_MUTED)
    return line


def board_rows(view, cards: dict, lang: str, learner: int | None = 0, zones_open: bool = False,
               width: int = 80, memo: dict | None = None, compact: bool = False,
               focus: list[int] | None = None) -> list[Text]:
    """The board's lines, each at most `width` cells (but a card wider than a line). With `memo` (a dict kept
    by the caller), the cards and the players' areas of an earlier board are reused where they did not
    change (most of a board, from one move to the next); the lines are the same.

    Each player's side under a titled rule ("B — avversario", "A — tu": `tutor.views.board.board_sides`), the
    learner's at the bottom, the stack between the two; in a side, the player's area, their lands on a line
    of their own, then their other permanents. `compact` (a narrow screen): each side's rule holds the
    player's life and zones (`_player_lines`). `focus` (a list), when given, gets the indices of the lines
    a step is about: the stack's, and those of the creatures in combat (attacking, blocking)."""
    memo = {} if memo is None else memo
    if len(memo) > 500:
        memo.clear()

    def card_of(object_id) -> str | None:
        other = view.permanent(object_id) if object_id is not None else None
        return other.card if other is not None else None

    def chip(perm) -> Text:
        key = ("chip", perm, lang, id(cards), card_of(perm.blocking), card_of(perm.attached_to))
        if key not in memo:
            memo[key] = _permanent_chip(perm, view, cards, lang)
        return memo[key]

    def area(side) -> tuple[list[Text], list[Text]]:
        p = side.player
        key = ("area", p, view.pending.player == p.index and view.outcome is None, lang, id(cards), learner,
               zones_open, width, compact)
        if key not in memo:
            memo[key] = _player_lines(view, p, cards, lang, learner, zones_open, width,
                                      side.title(lang) if compact else None)
        return memo[key]

    status = status_line(view, lang).split(" · ")
    if compact:  # (the turn tracker above the board shows the step)
        status = [x for x in status if x != str(step_noun(view.step.key, lang))]
    lines = _pieces([(x, _HEAD) for x in status], width)
    for k, side in enumerate(board_sides(view, learner)):
        if k and view.stack:
            if focus is not None:
                focus.extend(range(len(lines), len(lines) + 1 + len(view.stack)))
            lines.append(_rule(t("app.lessons.stack", lang), width))
            lines += _stack_lines(view, cards, lang)
        head, below = area(side)
        if not compact:
            lines.append(_rule(side.title(lang), width))
        lines += head
        if side.lands:
            lands = [chip(x) for x in side.lands]
            lines += _pack([Text(t("board.lands", lang), style=_MUTED)] + (_grouped(lands) if compact else lands),
                           width)
        others = _pack([chip(x) for x in side.others], width)
        if focus is not None:
            fighting = [chip(x).plain for x in side.others if x.attacking is not None or x.blocking is not None]
            focus.extend(len(lines) + i for i, line in enumerate(others) if any(c in line.plain for c in fighting))
        lines += others
        if not side.lands and not side.others:
            lines.append(Text("  " + t("app.lessons.no_permanents", lang), style=_MUTED))
        lines += below
    return lines


def board_text(view, cards: dict, lang: str, learner: int | None = 0, zones_open: bool = False,
               width: int = 80) -> Text:
    """The whole board as one rich text `width` cells wide (plain text only: no markup is read)."""
    return Text("\n").join(board_rows(view, cards, lang, learner, zones_open, width))


def _same(a: Text, b: Text) -> bool:
    return a.plain == b.plain and a.style == b.style and a.spans == b.spans


class BoardPane(Widget):
    """The board, redrawn from a `BoardView` (`show`).

    The board is drawn after every move, so it is drawn lightly. Its lines are already cut to the width
    (`board_rows`): the pane draws them itself (the Line API), each line's Rich segments on the widget's
    style, kept per line, where Textual's own way (the text converted into its `Content`, wrapped again and
    cut into lines) cost three times as much. The pane is as high as the board (its box too, up to half the
    screen; the player's stylesheet): a new position with as many lines does not lay the screen out, only
    the lines that changed are painted again. A mouse selection is drawn by Textual's way (the lines carry the same offsets)."""

    DEFAULT_CSS = """
    BoardPane {
        height: auto;
        min-height: 100%;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.auto_links = False  # no clickable links in a board: Textual's pass over every segment is saved
        self._args: tuple | None = None
        self.version = 0  # bumped by `show` when the board changes (the player keeps the learner's side in view)
        self._rows: tuple[int, list[Text]] | None = None
        self._focus: list[int] = []  # the lines of `_rows` the step is about (`focus_lines`)
        self._strips: dict[tuple, Strip] = {}  # a line's strip by its text, styles, width and base style
        self._memo: dict = {}  # the cards and areas of the boards shown (`board_rows`)

    def show(self, view, cards: dict, lang: str, learner: int | None = 0, zones_open: bool = False) -> bool:
        """Draw `view` (cards named in `lang`; `learner`'s hand face up, both when None); False when the
        board already shows it (then nothing is drawn)."""
        args = (view, id(cards), lang, learner, zones_open)
        if self._args is not None and args == self._args:
            return False
        before = self._rows
        if cards is not getattr(self, "_cards", None):
            self._memo.clear()  # (its keys name the cards by the dict's id)
        self._args, self._cards, self._rows = args, cards, None
        self.version += 1
        height = self.size.height
        if before is None or not height or self.text_selection is not None:
            self.refresh(layout=True)
            return True
        width, was = before
        now = self.rows(width)
        # The pane's height stays the same when the number of lines does, or when its minimum height (its
        # box's, on a wide screen) sets it and the new board fits in it as the old one did: then no layout.
        if len(was) != len(now) and not (height > len(was) and len(now) <= height):
            self.refresh(layout=True)
            return True
        changed = [Region(0, y, width, 1) for y in range(max(len(was), len(now)))
                   if y >= len(was) or y >= len(now) or not _same(was[y], now[y])]
        if not changed:
            return False
        # (and the first line in view: a frame draws it even when the changed lines are scrolled out of the
        # box, as on a narrow screen, so that what waits for the board's frame is not kept waiting)
        top = int(getattr(self.parent, "scroll_y", 0))
        self.refresh(*changed, Region(0, top, width, 1))
        return True

    def rows(self, width: int) -> list[Text]:
        """The board's lines at `width` (a line wider than that, a card alone, folded)."""
        width = max(width, 1)
        if self._args is None:
            return []
        if self._rows is None or self._rows[0] != width:
            view, _, lang, learner, zones_open = self._args
            rows: list[Text] = []
            focus: list[int] = []
            self._focus = []
            for i, row in enumerate(board_rows(view, self._cards, lang, learner, zones_open, width, self._memo,
                                               compact=width < COMPACT, focus=focus)):
                first = len(rows)
                if row.cell_len > width:
                    for part in row.wrap(self.app.console, width, overflow="fold"):
                        part.rstrip()  # as Textual wraps: no space left at the end of a line
                        rows.append(part)
                else:
                    rows.append(row)
                if i in focus:
                    self._focus.extend(range(first, len(rows)))
            pend = view.pending
            if pend.decision in _CHOOSING and pend.player is not None and learner in (None, pend.player):
                self._focus = []  # the learner declares attackers or blockers: their own creatures are the subject
            self._rows = (width, rows)
        return self._rows[1]

    def focus_lines(self, width: int) -> tuple[int, int] | None:
        """The first and last of the lines at `width` that the step is about (the stack, the creatures in
        combat: `board_rows`'s focus), or None (none of them, or the learner declaring attackers or blockers)."""
        self.rows(width)
        return (min(self._focus), max(self._focus)) if self._rows is not None and self._focus else None

    def last_side_line(self) -> int:
        """The line where the board's last side (the learner's) starts: its titled rule."""
        rows = self.rows(self.content_region.width or 100)
        return max((i for i, row in enumerate(rows) if row.plain.startswith("── ")), default=0)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.rows(width))

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:
            return super().render_line(y)
        width, style = self.size.width, self.visual_style
        rows = self.rows(width)
        if not 0 <= y < len(rows):
            return Strip.blank(width, style.rich_style)
        row = rows[y]
        key = (row.plain, row.style, tuple(row.spans), width, style, y)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) > 400:
                self._strips.clear()
            base, console = style.rich_style, self.app.console
            # (the line's own style under its spans: Rich's `render` leaves it out when there are none)
            under = base + console.get_style(row.style) if row.style else base
            strip = Strip(Segment.apply_style(row.render(console), under), row.cell_len).crop(0, width)
            # Where each cell is in the text, as Textual marks it: a mouse selection starts from these.
            strip = strip.apply_offsets(0, y)
            self._strips[key] = strip
        return strip

    def render(self) -> KeptRender:
        # Only for a mouse selection (and `text`): the lines are drawn by `render_line`.
        return KeptRender(Text("\n").join(self.rows(self.size.width or 100)), self.app.console)

    @property
    def text(self) -> str:
        """What the board shows, as plain text (for tests)."""
        return "\n".join(row.plain for row in self.rows(self.content_region.width or 100))
