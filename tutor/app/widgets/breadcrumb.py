"""The breadcrumb: the trail of the history on one line, elided from the left so that the current page —
the last crumb — always shows, whatever the terminal's width."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from tutor.render import safe_text

__all__ = ["Breadcrumb", "elide_trail"]

SEPARATOR = " › "
ELLIPSIS = "…"


def _cut_end(text: str, width: int) -> str:
    """`text` cut to `width` cells, with an ellipsis when cut."""
    if cell_len(text) <= width:
        return text
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    return out + ELLIPSIS if width > 0 else ""


def elide_trail(prefix: str, parts: Sequence[str], width: int) -> str:
    """The trail as one line of at most `width` cells: the prefix and the last parts, the older ones
    replaced by an ellipsis; when even the current page does not fit, its title alone, cut at its end.

    >>> elide_trail("Percorso: ", ["Cimitero", "Pila", "Danno da Combattimento"], 80)
    'Percorso: Cimitero › Pila › Danno da Combattimento'
    >>> elide_trail("Percorso: ", ["Cimitero", "Pila", "Danno da Combattimento"], 44)
    'Percorso: … › Pila › Danno da Combattimento'
    >>> elide_trail("Percorso: ", ["Cimitero", "Danno da Combattimento"], 20)
    'Danno da Combattime…'
    """
    if not parts:
        return ""
    full = prefix + SEPARATOR.join(parts)
    if cell_len(full) <= width:
        return full
    kept = [parts[-1]]
    for part in reversed(parts[:-1]):
        line = prefix + ELLIPSIS + SEPARATOR + SEPARATOR.join([part, *kept])
        if cell_len(line) > width:
            break
        kept.insert(0, part)
    line = prefix + ELLIPSIS + SEPARATOR + SEPARATOR.join(kept)
    if cell_len(line) <= width:
        return line
    return _cut_end(parts[-1], width)


class Breadcrumb(Static):
    """One line: "Percorso: a › b › c", elided to the widget's width on every render (and so on resize)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._prefix = ""
        self._parts: tuple[str, ...] = ()

    @property
    def trail_text(self) -> str:
        """The whole trail, not elided."""
        return self._prefix + SEPARATOR.join(self._parts) if self._parts else ""

    def show_trail(self, prefix: str, parts: Sequence[str]) -> None:
        """Show a trail (titles are data: never read as markup)."""
        self._prefix, self._parts = prefix, tuple(parts)
        self.update(Text(self.trail_text))  # the full text, for queries; render() elides it

    def render(self):
        if not self._parts:
            return super().render()
        width = self.size.width
        return safe_text(Text(elide_trail(self._prefix, self._parts, width), no_wrap=True))
