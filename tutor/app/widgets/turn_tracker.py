"""The turn tracker: every phase and step of the turn in order (500.1), the current one lit.

One label per step (short names from the catalog, ``app.lessons.step.<key>``), grouped by phase and separated
by bars; the first-strike combat damage step (510.4) appears only while the game is in it. The labels are
packed into as many lines as the width needs, never cut inside a label.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tutor.app.widgets.kept_render import KeptLines, KeptRender
from tutor.engine.state import TURN_STEPS, Step
from tutor.i18n import t

__all__ = ["TurnTracker", "tracker_labels"]

_CURRENT = Style(reverse=True, bold=True)
_PAST = Style(dim=True)
_SEPARATOR = " │ "
_MULTI_STEP = ("beginning", "combat", "ending")  # the phases with steps (500.1); the main phases are one each


def tracker_labels(step: Step | None, lang: str, collapse: bool = False) -> list[tuple[str, Style | None, bool]]:
    """(label, style, starts a phase) for every step of the turn; the current `step` lit, the steps before
    it dimmed. With `collapse`, a phase other than the current one is one label (its name)."""
    steps = list(TURN_STEPS)
    if step is Step.FIRST_STRIKE_DAMAGE:
        steps.insert(steps.index(Step.COMBAT_DAMAGE), Step.FIRST_STRIKE_DAMAGE)
    current = steps.index(step) if step in steps else -1
    here = step.phase if step is not None else None
    out, phase = [], None
    for i, s in enumerate(steps):
        style = _CURRENT if i == current else _PAST if i < current else None
        if collapse and s.phase != here and s.phase in _MULTI_STEP:
            if s.phase != phase:
                out.append((t(f"app.lessons.phase.{s.phase}", lang), style, True))
        else:
            out.append((t(f"app.lessons.step.{s.key}", lang), style, s.phase != phase))
        phase = s.phase
    return out


class TurnTracker(KeptLines, Widget):
    """The steps of the turn, the current one lit (turn and active player are on the board's first line)."""

    DEFAULT_CSS = """
    TurnTracker {
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.auto_links = False  # no clickable links here: Textual's pass over every segment is saved
        self._step: Step | None = None
        self._lang = "it"

    def show(self, step: Step | None, lang: str) -> None:
        """Show the turn at `step` in `lang`."""
        if (step, lang) != (self._step, self._lang):
            width = self.content_region.width
            lines = len(self._lines(width)) if width else 0
            self._step, self._lang = step, lang
            # The same number of lines: only painted again (a layout costs more than the tracker's drawing).
            self.refresh(layout=not width or len(self._lines(width)) != lines)

    def _lines(self, width: int) -> list[Text]:
        """Every step in at most two lines; when they need more, the other phases are shown by name."""
        width = max(width, 10)
        lines = self._pack(tracker_labels(self._step, self._lang), width)
        return lines if len(lines) <= 2 else self._pack(tracker_labels(self._step, self._lang, True), width)

    @staticmethod
    def _pack(labels, width: int) -> list[Text]:
        lines, line = [], Text()
        for i, (label, style, new_phase) in enumerate(labels):
            sep = _SEPARATOR if new_phase and i else " "
            if line.cell_len + len(sep) + len(label) > width and line.cell_len:
                lines.append(line)
                line = Text()
                sep = ""
            line.append(sep, style=Style(dim=True))
            line.append(label, style=style)
        lines.append(line)
        return lines

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines(width))

    def lines_key(self) -> tuple:
        return (self._step, self._lang)

    def render(self) -> KeptRender:
        # Called again only when the step, the language or the size changes (`KeptLines`).
        width = self.content_region.width or self.size.width
        return KeptRender(Text("\n").join(self._lines(width)), self.app.console)

    @property
    def text(self) -> str:
        """What the tracker shows, as plain text (for tests)."""
        return str(self.render())
