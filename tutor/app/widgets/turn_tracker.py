"""The turn tracker: every phase and step of the turn in order (500.1), the current one lit.

One label per step (short names from the catalog, ``app.lessons.step.<key>``), grouped by phase and separated
by bars; the first-strike combat damage step (510.4) appears only while the game is in it. The labels are
packed into as many lines as the width needs, never cut inside a label.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tutor.engine.state import TURN_STEPS, Step
from tutor.i18n import t

__all__ = ["TurnTracker", "tracker_labels"]

_CURRENT = Style(reverse=True, bold=True)
_PAST = Style(dim=True)
_SEPARATOR = " │ "


def tracker_labels(step: Step | None, lang: str) -> list[tuple[str, Style | None, bool]]:
    """(label, style, starts a phase) for every step of the turn; the current `step` lit, the steps before
    it dimmed."""
    steps = list(TURN_STEPS)
    if step is Step.FIRST_STRIKE_DAMAGE:
        steps.insert(steps.index(Step.COMBAT_DAMAGE), Step.FIRST_STRIKE_DAMAGE)
    current = steps.index(step) if step in steps else -1
    out, phase = [], None
    for i, s in enumerate(steps):
        style = _CURRENT if i == current else _PAST if i < current else None
        out.append((t(f"app.lessons.step.{s.key}", lang), style, s.phase != phase))
        phase = s.phase
    return out


class TurnTracker(Widget):
    """Turn, active player and the steps of the turn, the current one lit."""

    DEFAULT_CSS = """
    TurnTracker {
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._head = ""
        self._labels: list[tuple[str, Style | None, bool]] = []

    def show(self, turn: int, active: int, step: Step | None, lang: str) -> None:
        """Show turn `turn` of player `active` (0 = A) at `step` in `lang`."""
        head = t("app.lessons.turn", lang, turn=turn, player="AB"[active])
        labels = tracker_labels(step, lang)
        if (head, labels) != (self._head, self._labels):
            self._head, self._labels = head, labels
            self.refresh(layout=True)

    def _lines(self, width: int) -> list[Text]:
        width = max(width, 10)
        lines, line = [], Text(self._head, style=Style(bold=True))
        for label, style, new_phase in self._labels:
            sep = _SEPARATOR if new_phase else " "
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

    def render(self) -> Text:
        return Text("\n").join(self._lines(self.content_region.width or self.size.width))

    @property
    def text(self) -> str:
        """What the tracker shows, as plain text (for tests)."""
        return str(self.render())
