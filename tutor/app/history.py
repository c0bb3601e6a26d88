"""Navigation history with back and forward, like a browser (no UI toolkit here).

>>> h = History()
>>> h.visit("it:cimitero"); h.visit("it:grimorio"); h.visit("rule:it-cr-2024:113")
>>> h.back(), h.current
(True, 'it:grimorio')
>>> h.forward(), h.current
(True, 'rule:it-cr-2024:113')
>>> h.forward()
False
>>> _ = h.back(); h.visit("it:pila"); h.forward(), h.trail()
(False, ['it:cimitero', 'it:grimorio', 'it:pila'])
"""

from __future__ import annotations

from collections import deque

__all__ = ["History"]


class History:
    """A bounded list of visited locations with a cursor; visiting after going back drops the forward part."""

    def __init__(self, maxlen: int = 200) -> None:
        self._items: deque[str] = deque(maxlen=maxlen)
        self._pos = -1

    @property
    def current(self) -> str | None:
        return self._items[self._pos] if self._pos >= 0 else None

    def visit(self, location: str) -> None:
        """Go to `location` (a no-op when it is where we already are)."""
        if self.current == location:
            return
        while len(self._items) > self._pos + 1:
            self._items.pop()
        self._items.append(location)
        self._pos = len(self._items) - 1

    def back(self) -> bool:
        """Step back; False when there is nothing before."""
        if self._pos <= 0:
            return False
        self._pos -= 1
        return True

    def forward(self) -> bool:
        """Step forward; False when there is nothing after."""
        if self._pos >= len(self._items) - 1:
            return False
        self._pos += 1
        return True

    @property
    def can_back(self) -> bool:
        return self._pos > 0

    @property
    def can_forward(self) -> bool:
        return self._pos < len(self._items) - 1

    def trail(self, limit: int = 5) -> list[str]:
        """The breadcrumb: the last `limit` locations up to the current one."""
        return list(self._items)[max(0, self._pos + 1 - limit) : self._pos + 1]
