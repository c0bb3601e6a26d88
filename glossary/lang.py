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
    "morph",
    "ru_action_nouns",
    "script",
    "skeleton",
    "stem_words",
    "strip_question",
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
_LOCAL = threading.local()  # a Snowball stemmer keeps its working state in the object: one per thread


def _stemmer(lang: str):
    """This thread's Snowball stemmer of `lang`, from its own module: ``import snowballstemmer`` would import
    the stemmers of all 36 languages (some 30 ms of every command that searches). A stemmer is not safe to
    share: the app builds the index in one thread while the quiz's bank stems in another (an IndexError inside
    snowballstemmer, or a wrong stem), so each thread gets its own (they are small)."""
    stemmers = getattr(_LOCAL, "stemmers", None)
    if stemmers is None:
        stemmers = _LOCAL.stemmers = {}
    stemmer = stemmers.get(lang)
    if stemmer is None:
        module, name = _STEMMERS[lang]
        with _IMPORT_LOCK:  # the app warms the stemmers up in a thread
            stemmer = stemmers[lang] = getattr(_stemmer_module(module), name)()
    return stemmer


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


def stem(word: str, lang: str) -> str:
    """One word's Snowball stem in `lang` (it, ru, en): only that language's stemmer is loaded, one per thread.

    >>> stem("creatures", "en"), stem("sacrificed", "en")
    ('creatur', 'sacrif')
    """
    return _stem(lang, word)


_MORPH: list = []  # the one pymorphy3 analyser, once built (read-only dictionaries: safe to share)
_MORPH_LOCK = threading.Lock()


def _new_morph():
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


def morph():
    """The pymorphy3 analyser, built once even when two threads ask for it together (it loads its
    dictionaries: some 100 ms and several MB, which a second copy would waste); the Russian grammar of the
    messages (`tutor.i18n.russian`) shares it."""
    if not _MORPH:
        with _MORPH_LOCK:
            if not _MORPH:
                _MORPH.append(_new_morph())
    return _MORPH[0]


_morph = morph


@lru_cache(maxsize=4096)
def _lemma(word: str) -> str:
    return _morph().parse(word)[0].normal_form.replace("ё", "е")


def lemma_key(text: str) -> str:
    """pymorphy3 lemmas of the Russian words of `text` (others unchanged), joined by spaces.

    >>> lemma_key("блокирующие существа") == lemma_key("Блокирующее существо")
    True
    """
    return " ".join(_lemma(w) if script(w) == "ru" else w for w in _WORD.findall(fold(text)))


# ---- derived words: the noun of an action named by a verb (Russian) -------------------------------------
# A Russian noun of action is built from the verb's stem: -ать -> -ание, -ять -> -яние, -еть -> -ение,
# -ить -> -ение with the stem's last consonant alternating (т -> щ/ч, д -> жд/ж, с -> ш, з -> ж, ст -> щ,
# б/в/м/п/ф -> бл/вл/мл/пл/фл). Candidates are kept only when pymorphy3's dictionary knows them as nouns.
_ALTERNATIONS = {"т": ("щ", "ч"), "д": ("жд", "ж"), "с": ("ш",), "з": ("ж",), "ст": ("щ",),
                 "б": ("бл",), "в": ("вл",), "м": ("мл",), "п": ("пл",), "ф": ("фл",)}


@lru_cache(maxsize=4096)
def ru_action_nouns(verb: str) -> tuple[str, ...]:
    """The nouns of action of a Russian infinitive that pymorphy3's dictionary knows (folded);
    () for a word that is not an infinitive.

    >>> ru_action_nouns("изгнать"), ru_action_nouns("пожертвовать"), ru_action_nouns("предотвратить")
    (('изгнание',), ('пожертвование',), ('предотвращение',))
    >>> ru_action_nouns("сбросить"), ru_action_nouns("кладбище")
    ((), ())
    """
    word = fold(verb)
    if not any(p.tag.POS == "INFN" for p in _morph().parse(word)):
        return ()
    base = word[:-2] if word.endswith(("ся", "сь")) else word
    cands: list[str] = []
    if base.endswith(("ать", "ять", "еть")):
        cands.append(base[:-3] + {"ать": "ание", "ять": "яние", "еть": "ение"}[base[-3:]])
    elif base.endswith("ить"):
        stem = base[:-3]
        cands.append(stem + "ение")
        for tail, alts in _ALTERNATIONS.items():
            if stem.endswith(tail):
                cands.extend(stem[: -len(tail)] + alt + "ение" for alt in alts)
    known = [c for c in cands if any(p.tag.POS == "NOUN" and p.is_known and fold(p.normal_form) == c
                                     for p in _morph().parse(c))]
    return tuple(dict.fromkeys(known))


# ---- questions and leading phrases: what the learner asks about -----------------------------------------
# A query typed as a question ("cos'è la pila", "что такое стек", "what is trample") or with the words of a
# reference ("vedi regola 510", "см. кладбище", "see also ...") asks about what follows. The patterns run
# on folded text (accents off, ё = е), apostrophes unified; an article after the phrase goes too.
_APOSTROPHES = str.maketrans({c: "'" for c in "\u2019\u2018`\u00b4\u02bc"})
_IT_OF = r"(?:di|del|dello|della|dei|degli|delle|dell')"
_ARTICLE = r"(?:(?:il|lo|la|i|gli|le|un|uno|una|a|an|the)\s+|l'\s*|un'\s*)"
_LEAD_PATTERN = (
    r"^(?:"
    # Italian: cos'è / che cos'è / cosa sono / cosa significa / che vuol dire / come funziona / vedi (anche)
    r"(?:ma\s+)?(?:che\s+)?(?:cos'\s*|cosa\s+|cos\s+)(?:e|sono|significa|significano|vuol\s+dire|vuole\s+dire"
    r"|vogliono\s+dire|si\s+intende\s+(?:per|con)|indica|fa)\b"
    r"|che\s+(?:significa|significano|vuol\s+dire|vuole\s+dire)\b"
    r"|(?:significato|definizione|spiegazione)\s+" + _IT_OF + r"(?=\s|\b)"
    r"|come\s+funziona(?:no)?\b"
    r"|vedi\s+anche\b|vedi\b|vedere\b|confronta(?:lo|la)?(?:\s+con)?\b|cfr\b\.?"
    # Russian: что такое / что это / что значит / что означает / кто такой / как работает / см. (также)
    r"|что\s+(?:такое|это\s+такое|это\s+значит|это|значит|означает|обозначает|делает)(?![\w])"
    r"|кто\s+(?:такой|такая|такие)(?![\w])"
    r"|как\s+(?:работает|работают|действует|действуют)(?![\w])"
    r"|(?:значение|определение|смысл)\s+(?:слова|термина|понятия)(?![\w])"
    r"|(?:см|смотри|смотрите|ср|сравни|сравните)(?![\w])\.?(?:\s*также(?![\w]))?"
    # English: what is / what's / what does ... mean / define / see (also) / cf.
    r"|what\s+(?:is|are|does|do)\b|what's\b|whats\b|define\b|(?:definition|meaning)\s+of\b"
    r"|how\s+(?:does|do)\b|see\s+also\b|see\b|cf\b\.?"
    r")[\s:,.\-\u2013\u2014]*"
)
_AFTER_PATTERN = (
    r"^(?:(?:la\s+parola|il\s+termine|l'espressione|слово|термин|понятие|the\s+word|the\s+term)\s+)?" + _ARTICLE + "?"
)
_TAIL_PATTERN = r"(?:\s+(?:mean|means|do|work|works)|\s+(?:in|nel|nella)\s+magic|\s+в\s+(?:магии|мтг))?[\s?!…]*$"


# The first words of those phrases: other queries never compile the patterns.
_TRIGGERS = frozenset(
    "ma che cos cosa come vedi vedere confronta confrontalo confrontala cfr significato definizione spiegazione "
    "что кто как значение определение смысл см смотри смотрите ср сравни сравните "
    "what whats define definition meaning how see cf".split()
)


@cache
def _phrases() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    """The phrase patterns, compiled on first use (not when the app starts)."""
    return tuple(re.compile(p, re.IGNORECASE) for p in (_LEAD_PATTERN, _AFTER_PATTERN, _TAIL_PATTERN))


def strip_question(text: str) -> str:
    """What a question or a reference phrase asks about: the words after "cos'è", "что такое", "vedi", "см."…
    (folded; an article after the phrase goes too). Text without such a phrase, or nothing after it, is
    returned as it was.

    >>> strip_question("Cos'è la pila?"), strip_question("che cos’è il travolgere"), strip_question("что такое стек")
    ('pila', 'travolgere', 'стек')
    >>> strip_question("vedi regola 510"), strip_question("см. также Кладбище"), strip_question("what does trample mean?")
    ('regola 510', 'кладбище', 'trample')
    >>> strip_question("cimitero"), strip_question("cos'è?"), strip_question("cosenza"), strip_question("смерть")
    ('cimitero', "cos'è?", 'cosenza', 'смерть')
    """
    folded = fold(text.translate(_APOSTROPHES)).strip()
    first = _WORD.match(folded)
    if first is None or first.group(0) not in _TRIGGERS:
        return text
    lead, after, tail = _phrases()
    m = lead.match(folded)
    if not m or not m.group(0).strip():
        return text
    rest = folded[m.end():]
    rest = rest[after.match(rest).end():]
    rest = tail.sub("", rest).strip(" \t\"'«»“”„")
    return rest if any(ch.isalnum() for ch in rest) else text
