"""Small text helpers shared by the parsers and the index: slugs, accent folding, Cyrillic romanisation."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["fold", "name_key", "slugify", "translit_ru"]

# A simple, stable romanisation (GOST-like, plain ASCII): for ids and for matching Russian typed in Latin
# letters (`glossary.lang.skeleton`), not for display.
_RU = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
    "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
}

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_WORD = re.compile(r"[^\W_]+")


def translit_ru(text: str) -> str:
    """Romanise Cyrillic letters (lower case); other characters pass through.

    >>> translit_ru("Кладбище"), translit_ru("Активируемая способность"), translit_ru("Ёж, Объект 7")
    ('kladbishche', 'aktiviruemaya sposobnost', 'ezh, obekt 7')
    """
    return "".join(_RU.get(ch, ch) for ch in text.lower())


def fold(text: str) -> str:
    """Case- and accent-fold for comparison: ``"Priorità"`` -> ``"priorita"``; ``ё`` -> ``е``; ``й`` kept.

    >>> fold("Abilità ATTIVATA"), fold("Ещё Й")
    ('abilita attivata', 'еще й')
    """
    text = text.casefold().replace("ё", "е").replace("й", "\0")
    bare = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", bare).replace("\0", "й")


def slugify(text: str) -> str:
    """A stable ASCII slug: accents folded, Cyrillic romanised, runs of other characters -> ``-``.

    >>> slugify("Abilità Attivata"), slugify("Мана-ожог"), slugify("Incanta _____"), slugify("* / *")
    ('abilita-attivata', 'mana-ozhog', 'incanta', 'star-star')
    >>> slugify('Intervening "If" Clause'), slugify("+1/+1 Counter"), slugify("∞")
    ('intervening-if-clause', 'plus-1-plus-1-counter', '')
    """
    s = translit_ru(fold(text)).replace("*", " star ").replace("+", " plus ")
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode("ascii")
    return _NON_ALNUM.sub("-", s).strip("-")


def name_key(text: str) -> str:
    """Key for comparing names: folded, letters and digits only, single spaces.

    >>> name_key("  Regola d’Oro! "), name_key("мана ожог") == name_key("Мана-ожог"), name_key("Ещё")
    ('regola d oro', True, 'еще')
    """
    return " ".join(_WORD.findall(fold(text)))
