"""Language helpers for search: word forms, transliteration, keyboard layouts.

Word forms come from real morphology: Snowball stemmers (Italian, Russian, English) and, for Russian
lemmas, pymorphy3 — both loaded lazily, only when a query needs them.
"""

from __future__ import annotations

import re
import threading
from functools import cache, lru_cache

from glossary.text import fold, translit_ru  # noqa: F401 - used by the doctests

__all__ = [
    "layout_to_latin",
    "layout_to_russian",
    "lemma_key",
    "script",
    "skeleton",
    "stem_words",
]

_WORD = re.compile(r"[^\W_]+")

# ---- keyboard layouts: the same keys on an English (QWERTY) and a Russian (ЙЦУКЕН) keyboard ----------------
_EN_KEYS = "`qwertyuiop[]asdfghjkl;'zxcvbnm,./~QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>"
_RU_KEYS = "ёйцукенгшщзхъфывапролджэячсмитьбю.ЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ"
_TO_RU = str.maketrans(_EN_KEYS, _RU_KEYS)
_TO_EN = str.maketrans(_RU_KEYS, _EN_KEYS)


def layout_to_russian(text: str) -> str:
    """What Latin keystrokes would have typed on a Russian keyboard.

    >>> layout_to_russian("rkfl,bot"), layout_to_russian("Pfobnybr")
    ('кладбище', 'Защитник')
    """
    return text.translate(_TO_RU)


def layout_to_latin(text: str) -> str:
    """What Cyrillic keystrokes would have typed on an English keyboard (Italian typed on a Russian layout).

    >>> layout_to_latin("сшьшеукщ")
    'cimitero'
    """
    return text.translate(_TO_EN)


def script(text: str) -> str | None:
    """``"ru"`` for mostly Cyrillic letters, ``"lat"`` for mostly Latin, None without letters.

    >>> script("кладбище"), script("cimitero"), script("113.3")
    ('ru', 'lat', None)
    """
    cyr = lat = 0
    for ch in text:
        if "\u0400" <= ch <= "\u04ff":
            cyr += 1
        elif ch.isalpha() and ch.isascii() or "\u00c0" <= ch <= "\u024f":
            lat += 1
    if not cyr and not lat:
        return None
    return "ru" if cyr >= lat else "lat"


# ---- transliteration (the romanisation itself is glossary.text.translit_ru) ----------------------------
# Spellings of the common romanisation schemes (GOST, ALA-LC, BGN, scholarly, informal) folded together.
_SKELETON_RULES = [
    ("shch", "sh"), ("sch", "sh"), ("shh", "sh"), ("šč", "sh"), ("š", "sh"), ("č", "ch"), ("ž", "zh"),
    ("tch", "ch"), ("kh", "h"), ("zh", "z"), ("tz", "c"), ("ts", "c"), ("w", "v"),
    ("ya", "ia"), ("ja", "ia"), ("yu", "iu"), ("ju", "iu"), ("yo", "io"), ("jo", "io"), ("ye", "e"), ("je", "e"),
    ("y", "i"), ("j", "i"), ("'", ""), ("`", ""),
]
_DOUBLE = re.compile(r"(.)\1+")


def skeleton(text: str) -> str:
    """A romanisation-scheme-independent key for Russian written in Latin letters (`translit_ru` romanises).

    >>> skeleton(translit_ru("кладбище")) == skeleton("kladbishche") == skeleton("kladbische") == skeleton("kladbišče")
    True
    >>> skeleton(translit_ru("активный игрок")) == skeleton("aktivnyj igrok") == skeleton("aktivniy igrok")
    True
    """
    s = text.lower()
    for a, b in _SKELETON_RULES:
        s = s.replace(a, b)
    return _DOUBLE.sub(r"\1", s)


# ---- word forms ------------------------------------------------------------------------------------
_STEMMERS = {"it": ("italian_stemmer", "ItalianStemmer"), "ru": ("russian_stemmer", "RussianStemmer"),
             "en": ("english_stemmer", "EnglishStemmer")}
_IMPORT_LOCK = threading.Lock()


@cache
def _stemmer(lang: str):
    """The Snowball stemmer of `lang`, from its own module: ``import snowballstemmer`` would import the
    stemmers of all 36 languages (some 30 ms of every command that searches)."""
    module, name = _STEMMERS[lang]
    with _IMPORT_LOCK:  # the app warms the stemmers up in a thread
        return getattr(_stemmer_module(module), name)()


def _stemmer_module(module: str):
    """``snowballstemmer.<module>`` without running the package's ``__init__`` (which imports every language):
    the package is registered bare while its submodule loads, then removed, so that a later ``import
    snowballstemmer`` elsewhere still gets the real package (with this submodule already loaded)."""
    import importlib
    import sys

    full = f"snowballstemmer.{module}"
    if full in sys.modules or "snowballstemmer" in sys.modules:
        return importlib.import_module(full)
    import importlib.util

    spec = importlib.util.find_spec("snowballstemmer")
    if spec is None or not spec.submodule_search_locations:
        return importlib.import_module(full)  # an unusual installation: the ordinary way
    bare = importlib.util.module_from_spec(spec)  # a package object whose __init__ has not run
    sys.modules["snowballstemmer"] = bare
    try:
        return importlib.import_module(full)
    finally:
        if sys.modules.get("snowballstemmer") is bare:
            del sys.modules["snowballstemmer"]


def stem_words(text: str, lang: str) -> str:
    """Snowball stems of the words of `text` (folded), joined by spaces.

    >>> stem_words("Effetti di Sostituzione", "it") == stem_words("effetto di sostituzione", "it")
    True
    >>> stem_words("кладбища", "ru") == stem_words("Кладбище", "ru")
    True
    """
    words = _WORD.findall(fold(text))
    return " ".join(_stem(lang, w) for w in words)


@lru_cache(maxsize=200_000)
def _stem(lang: str, word: str) -> str:
    """One word's stem (cached: a rules document repeats a vocabulary of a few thousand words)."""
    return _stemmer(lang).stemWord(word)


@lru_cache(maxsize=1)
def _morph():
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=4096)
def _lemma(word: str) -> str:
    return _morph().parse(word)[0].normal_form.replace("ё", "е")


def lemma_key(text: str) -> str:
    """pymorphy3 lemmas of the Russian words of `text` (others unchanged), joined by spaces.

    >>> lemma_key("блокирующие существа") == lemma_key("Блокирующее существо")
    True
    """
    return " ".join(_lemma(w) if script(w) == "ru" else w for w in _WORD.findall(fold(text)))
