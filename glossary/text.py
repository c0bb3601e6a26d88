"""Small text helpers shared by the parsers: comparison keys and ASCII slugs."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["fold", "slugify", "translit"]

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_CYRILLIC = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        "a b v g d e e zh z i y k l m n o p r s t u f kh ts ch sh shch - y - e yu ya".split(),
    )
)
_CYRILLIC["ъ"] = _CYRILLIC["ь"] = ""


def fold(text: str) -> str:
    """Comparison form of `text`: case folded, accents removed (Cyrillic й and ё kept apart from и, е).

    >>> fold("Abilità ATTIVATA")
    'abilita attivata'
    >>> fold("Способность Й")
    'способность й'
    """
    text = text.casefold().replace("й", "\0").replace("ё", "\1")
    bare = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return bare.replace("\0", "й").replace("\1", "ё")


def translit(text: str) -> str:
    """Lowercase `text` with Russian letters written in Latin letters (a simple, stable scheme).

    >>> translit("Активируемая способность")
    'aktiviruemaya sposobnost'
    """
    return "".join(_CYRILLIC.get(ch, ch) for ch in text.lower())


def slugify(text: str) -> str:
    """ASCII slug of `text`: Cyrillic transliterated, accents folded (NFKD), lowercase, runs of
    other characters -> ``-``, no leading or trailing ``-``.

    >>> slugify("Abilità Attivata")
    'abilita-attivata'
    >>> slugify("Активируемая способность")
    'aktiviruemaya-sposobnost'
    >>> slugify('Intervening "If" Clause')
    'intervening-if-clause'
    >>> slugify("+1/+1 Counter")
    '1-1-counter'
    >>> slugify("∞")
    ''
    """
    folded = unicodedata.normalize("NFKD", translit(text)).encode("ascii", "ignore").decode("ascii")
    return _NON_ALNUM.sub("-", folded).strip("-")
