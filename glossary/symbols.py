"""Restore Comprehensive Rules symbols from wiki image names.

Copies of the rules taken from a wiki show mana and tap symbols as the names of the images that drew
them (``File:U.png``); this module writes them back the way the official rules do (``{U}``).
"""

from __future__ import annotations

import re

__all__ = ["restore_file_symbols", "symbol_for"]

_FILE = re.compile(r"File:([^\s/:|\[\]{}]+?)\.(?:png|svg|gif|jpe?g)", re.IGNORECASE)
_COLOURS = "WUBRG"
_SIMPLE = re.compile(r"[0-9]{1,7}|[XYZWUBRGCSTQE]")
_NAMED = {"CAOS": "CHAOS", "CHAOS": "CHAOS"}


def symbol_for(name: str) -> str:
    """The rules symbol drawn by the image `name` (without ``File:`` and extension).

    >>> [symbol_for(n) for n in ("U", "2", "X", "T", "WU", "PW", "2R", "CAOS", "Mana")]
    ['{U}', '{2}', '{X}', '{T}', '{W/U}', '{W/P}', '{2/R}', '{CHAOS}', '{?Mana}']
    """
    key = name.upper()
    if _SIMPLE.fullmatch(key):
        return f"{{{key}}}"
    if key in _NAMED:
        return f"{{{_NAMED[key]}}}"
    if len(key) == 2:
        a, b = key
        if a in _COLOURS and b in _COLOURS and a != b:  # hybrid
            return f"{{{a}/{b}}}"
        if "P" in key and (a in _COLOURS or b in _COLOURS):  # Phyrexian: PW or WP
            return f"{{{a if b == 'P' else b}/P}}"
        if a == "2" and b in _COLOURS:  # monocoloured hybrid
            return f"{{2/{b}}}"
    return f"{{?{name}}}"


def restore_file_symbols(text: str) -> str:
    """Replace every ``File:NAME.png`` in `text` by its symbol; unknown images become ``{?NAME}``.

    >>> restore_file_symbols("costo File:2.pngFile:R.pngFile:G.png, poi File:WU.png e File:PW.png")
    'costo {2}{R}{G}, poi {W/U} e {W/P}'
    >>> restore_file_symbols("No images here.")
    'No images here.'
    """
    if "ile:" not in text and "ILE:" not in text:
        return text
    return _FILE.sub(lambda m: symbol_for(m.group(1)), text)
