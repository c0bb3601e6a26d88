"""Small text helpers shared by the parsers and the index: slugs, accent folding, Cyrillic romanisation, and
`strip_controls`, the one function that makes text from files and the command line safe to show in a terminal."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["fold", "has_controls", "name_key", "shown", "slugify", "strip_controls", "translit_ru"]

# A simple, stable romanisation (GOST-like, plain ASCII): for ids and for matching Russian typed in Latin
# letters (`glossary.lang.skeleton`), not for display.
_RU = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
    "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
}

# Terminal control: C0 controls except tab and newline, DEL, and the C1 controls (U+0080-U+009F). Whole
# escape sequences go with their introducer, so that nothing of them is left to read: strings (OSC, DCS,
# SOS, PM, APC: ESC ] ... BEL or ESC \\, or their C1 forms) within one line, control sequences (CSI:
# ESC [ or U+009B, parameters, intermediates, a final byte) and two- or three-byte escapes (ESC ( B, ESC c).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SEQUENCE = re.compile(  # one character class first, so that the search skips ahead quickly
    r"[\x1b\x90\x98\x9b\x9d\x9e\x9f](?:"
    r"(?<=\x1b)[\]P^_X][^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)"  # OSC, DCS, SOS, PM, APC
    r"|(?<=[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)"  # the same, C1 forms
    r"|(?<=\x1b)\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"  # CSI
    r"|(?<=\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"  # CSI, C1 form
    r"|(?<=\x1b)[\x21-\x2f]*[\x30-\x7e]"  # other escapes (a bare ESC before a space goes alone)
    r")"
)

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
    if text.isascii():  # most names and every rule text: nothing to decompose
        return text.lower()
    text = text.casefold().replace("ё", "е").replace("й", "\0")
    decomposed = unicodedata.normalize("NFKD", text)
    if decomposed.isascii():
        return decomposed.replace("\0", "й")
    bare = decomposed.translate(_marks())
    if max(bare) > "\uffff":  # a mark outside the Basic Multilingual Plane is possible: one by one
        bare = "".join(ch for ch in bare if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", bare).replace("\0", "й")


_MARKS: dict[int, None] = {}


def _marks() -> dict[int, None]:
    """The combining characters of the Basic Multilingual Plane, for `str.translate` (built on first use)."""
    if not _MARKS:
        _MARKS.update((c, None) for c in range(0x300, 0x10000) if unicodedata.combining(chr(c)))
    return _MARKS


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


def has_controls(text: str) -> bool:
    """Whether `text` holds a character `strip_controls` would remove or change (a carriage return too).

    >>> has_controls("Regola 100.1\\tcon tab\\n"), has_controls("titolo\\x1b]0;x\\x07"), has_controls("a\\rb")
    (False, True, True)
    """
    return _CONTROL.search(text) is not None


def strip_controls(text: str) -> str:
    """`text` made safe for a terminal: escape sequences and C0/C1 control characters removed, tab and
    newline kept, CRLF and a lone CR made LF (so no line is lost and none is counted twice).

    For text from files (rules, YAML, settings) and the command line, before it is shown anywhere; the
    number of lines after CRLF/CR normalisation never changes.

    >>> strip_controls("Titolo\\x1b]0;pwned\\x07 buono")  # OSC 0: window title
    'Titolo buono'
    >>> strip_controls("a \\x1b]8;;http://x.example/\\x1b\\\\link\\x1b]8;;\\x1b\\\\ b")  # OSC 8: hyperlink
    'a link b'
    >>> strip_controls("copia\\x1b]52;c;cm0gLXJm\\x07!"), strip_controls("\\x1b[2Jpulito\\x1b[0m")  # clipboard, clear
    ('copia!', 'pulito')
    >>> strip_controls("\\x9b31mrosso \\x1b(Bbell\\x07 back\\x08\\x08 esc\\x1b fine\\x7f")  # C1 CSI, BEL, BS, bare ESC
    'rosso bell back esc fine'
    >>> strip_controls("uno\\r\\ndue\\rtre\\n\\tquattro\\x00\\x0c"), strip_controls("città «ok» кладбище")
    ('uno\\ndue\\ntre\\n\\tquattro', 'città «ok» кладбище')
    >>> strip_controls("aperta \\x1b]0;senza fine\\nriga dopo")  # an unterminated string keeps its text
    'aperta 0;senza fine\\nriga dopo'
    """
    if _CONTROL.search(text) is None:
        return text
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub("", _SEQUENCE.sub("", text))


_ANY_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\x85]")


def shown(value: str) -> str:
    """A value from the user (an argument, a path, a line read) as a one-line message shows it: unchanged when
    it is plain text, quoted and escaped like a Python string when it holds any control character (a newline
    included, which would split the message and pass the rest off as the program's own words).

    >>> shown("cimitero"), shown("x\\nmtg-tutor: fake"), shown("evil\\x1b]0;pwned\\x07")
    ('cimitero', "'x\\\\nmtg-tutor: fake'", "'evil\\\\x1b]0;pwned\\\\x07'")
    """
    return repr(value) if _ANY_CONTROL.search(value) else value
