"""Mana costs, mana pools and paying costs (rules 106, 107.4, 118, 202, 601.2g-h).

>>> c = ManaCost.parse("{X}{2}{R}{R}")
>>> c.generic, c.colored, c.x, c.mana_value(3), str(c)
(2, {'R': 2}, 1, 7, '{X}{2}{R}{R}')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

__all__ = ["COLORS", "COLOR_NAMES", "ManaCost", "Payment", "find_payment"]

COLORS = "WUBRG"
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_SYMBOL = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class ManaCost:
    generic: int = 0
    colored: dict = field(default_factory=dict)  # colour letter (or "C") -> count
    x: int = 0  # number of {X} symbols

    @classmethod
    def parse(cls, text: str | None) -> ManaCost:
        """Parse ``"{2}{G}{G}"``; raise ValueError on anything else."""
        if not text:
            return cls()
        pos, generic, colored, x = 0, 0, {}, 0
        for m in _SYMBOL.finditer(text):
            if m.start() != pos:
                raise ValueError(f"not a mana cost: {text!r}")
            pos = m.end()
            sym = m.group(1).upper()
            if sym.isdigit():
                generic += int(sym)
            elif sym == "X":
                x += 1
            elif sym in COLORS or sym == "C":
                colored[sym] = colored.get(sym, 0) + 1
            else:
                raise ValueError(f"unknown mana symbol {{{sym}}} in {text!r}")
        if pos != len(text):
            raise ValueError(f"not a mana cost: {text!r}")
        return cls(generic, colored, x)

    _value: int = field(init=False, repr=False, compare=False, default=0)  # mana value without X (hot)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_value", self.generic + sum(self.colored.values()))

    def mana_value(self, x: int = 0) -> int:
        """Rule 202.3: the total amount of mana; X counts as its chosen value on the stack, else 0."""
        return self._value + self.x * x if x else self._value

    def colors(self) -> frozenset[str]:
        """Rule 202.2: an object's colours are those of the coloured symbols in its mana cost."""
        return frozenset(c for c in self.colored if c in COLORS)

    def __str__(self) -> str:
        out = "{X}" * self.x + (f"{{{self.generic}}}" if self.generic else "")
        for c in COLORS + "C":
            out += f"{{{c}}}" * self.colored.get(c, 0)
        return out or "{0}"


class Payment(NamedTuple):
    """How a cost is paid: mana from the pool by colour, the sources to tap, the colour each of them makes."""

    taken: dict
    tapped: list
    colours: dict


def find_payment(generic: int, colored: dict, pool: dict, sources: list[tuple[int, str]]) -> tuple[dict, list[int]] | None:
    """Choose how to pay: mana from the pool first, then sources (permanent id, the colours it can make: one
    letter, or several for a land with several mana abilities).

    Returns a `Payment` (mana taken from the pool by colour, source ids to tap, the colour each makes), or
    None when the cost can't be paid. Deterministic: coloured symbols are matched first, the rarest colour first, each by the source with
    the fewest other colours (backtracking when a choice leaves a symbol unpaid).

    >>> find_payment(1, {"R": 1}, {}, [(1, "R"), (2, "G"), (3, "R")])
    Payment(taken={}, tapped=[1, 2], colours={1: 'R', 2: 'G'})
    >>> find_payment(0, {"U": 1}, {}, [(1, "R")]) is None
    True
    >>> find_payment(0, {"W": 1, "U": 1}, {}, [(1, "WU"), (2, "W")]).colours
    {1: 'U', 2: 'W'}
    """
    pool = dict(pool)
    need = dict(colored)
    taken: dict[str, int] = {}
    for c in list(need):
        use = min(pool.get(c, 0), need[c])
        if use:
            pool[c] -= use
            taken[c] = taken.get(c, 0) + use
            need[c] -= use
    wanted = [c for c in need if need[c] > 0]
    if len(wanted) > 1:
        wanted.sort(key=lambda c: sum(1 for _, s in sources if c in s))
    symbols = [c for c in wanted for _ in range(need[c])]
    # The first source of each colour: what `_match` chooses too, when that pays every symbol (it tries the
    # sources with the fewest colours first); the search only when it doesn't and a source makes several.
    match = _match_single(symbols, sources)
    if match is None and any(len(s) > 1 for _, s in sources):
        match = _match(symbols, list(sources))
    if match is None:
        return None
    tapped, free = match
    colours = dict(zip(tapped, symbols, strict=True))
    # Generic: remaining pool mana first, then the sources making the colour least in demand elsewhere.
    remaining = generic
    for c in sorted(pool):
        use = min(pool[c], remaining)
        if use:
            pool[c] -= use
            taken[c] = taken.get(c, 0) + use
            remaining -= use
    if remaining > len(free):
        return None
    counts: dict[str, int] = {}
    for _, s in free:
        counts[s] = counts.get(s, 0) + 1
    free.sort(key=lambda src: (-counts[src[1]], len(src[1]), src[0]))
    for oid, made in free[:remaining]:
        tapped.append(oid)
        colours[oid] = made[0]
    return Payment(taken, tapped, colours)


def _match_single(symbols: list, sources: list) -> tuple[list, list] | None:
    """The first source that makes just each symbol's colour, in order (no choice to undo), or None."""
    free = list(sources)
    tapped = []
    for c in symbols:
        pick = next((i for i, (_, s) in enumerate(free) if s == c), None)
        if pick is None:
            return None
        tapped.append(free.pop(pick)[0])
    return tapped, free


def _match(symbols: list, free: list) -> tuple[list, list] | None:
    """Sources for the coloured symbols, in order: (the ids tapped, the sources left), or None."""
    if not symbols:
        return [], free
    c = symbols[0]
    tried = set()
    for i in sorted((i for i, (_, s) in enumerate(free) if c in s), key=lambda i: (len(free[i][1]), i)):
        if free[i][1] in tried:
            continue  # an equal source gives the same result
        tried.add(free[i][1])
        rest = _match(symbols[1:], free[:i] + free[i + 1:])
        if rest is not None:
            return [free[i][0], *rest[0]], rest[1]
    return None
