"""Navigation history with back and forward, like a browser (no UI toolkit here).

It holds typed locations (`tutor.views.locations`): entries and rules now, lessons and quizzes later,
one history across every screen.

>>> from tutor.views.locations import EntryLocation, RuleLocation
>>> h = History()
>>> h.visit(EntryLocation("it:cimitero")); h.visit(EntryLocation("it:grimorio")); h.visit(RuleLocation("it-cr-2024", "113"))
>>> h.back(), h.current
(True, EntryLocation(entry_id='it:grimorio'))
>>> h.forward(), h.current
(True, RuleLocation(doc='it-cr-2024', number='113'))
>>> h.forward()
False
>>> _ = h.back(); h.visit(EntryLocation("it:pila")); h.forward(), [x.entry_id for x in h.trail()]
(False, ['it:cimitero', 'it:grimorio', 'it:pila'])
"""

from __future__ import annotations

from collections import deque

from tutor.views.locations import Location

__all__ = ["History"]


class History:
    """A bounded list of visited locations with a cursor; visiting after going back drops the forward part."""

    def __init__(self, maxlen: int = 200) -> None:
        self._items: deque[Location] = deque(maxlen=maxlen)
        self._pos = -1

    @property
    def current(self) -> Location | None:
        """Where we are (None before the first visit)."""
        return self._items[self._pos] if self._pos >= 0 else None

    @property
    def position(self) -> int:
        """The index of the current location (-1 before the first visit); back lowers it, visiting raises it."""
        return self._pos

    def visit(self, location: Location) -> None:
        """Go to `location` (a no-op when it is where we already are)."""
        if self.current == location:
            return
        while len(self._items) > self._pos + 1:
            self._items.pop()
        self._items.append(location)
        self._pos = len(self._items) - 1

    def replace(self, location: Location) -> None:
        """Put `location` in the place of the current one (dropping the forward part): a rule shown while its
        number is being typed takes the place of the one shown for the previous keystroke.

        >>> from tutor.views.locations import EntryLocation, RuleLocation
        >>> h = History(); h.visit(EntryLocation("it:pila")); h.visit(RuleLocation("it-cr-2024", "500"))
        >>> h.replace(RuleLocation("it-cr-2024", "500.1")); [x.label(None) for x in h.trail()[1:]], h.back()
        (['500.1'], True)
        """
        if self.current is None:
            self.visit(location)
            return
        while len(self._items) > self._pos + 1:
            self._items.pop()
        self._items[self._pos] = location

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

    def trail(self, limit: int = 5) -> list[Location]:
        """The breadcrumb: the last `limit` locations up to the current one."""
        return list(self._items)[max(0, self._pos + 1 - limit) : self._pos + 1]
