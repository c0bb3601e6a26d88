"""A number answer as a learner types it: in digits (``18``, ``-1``, ``−1``) or in words, Italian or Russian
(``due``, ``diciotto``, ``ventitré``, ``meno uno``; «два», «две», «одну», «двадцать два», «минус один»), from
zero to one hundred, in any case, with «ё» or «е». `parse_number` gives the integer, or None when the text is
not a number (the lesson player and the quiz then say that only a number is expected: it is not a wrong answer).

A small table rather than a library: the lessons ask for life totals, damage and counts (the course's answers
are between -999 and 999, in practice under 100), and the words of both languages up to 100 fit in a few lines;
a number beyond that is typed in digits.

    >>> [parse_number(x) for x in ("18", " −2 ", "Due", "ventotto", "ventitré", "meno uno", "cento")]
    [18, -2, 2, 28, 23, -1, 100]
    >>> [parse_number(x) for x in ("два", "Две", "одну", "двадцать два", "четырнадцать", "минус один", "ноль")]
    [2, 2, 1, 22, 14, -1, 0]
    >>> [parse_number(x) for x in ("", "h", "due?", "3 4", "123456", "venti due")]
    [None, None, None, None, None, None]
"""

from __future__ import annotations

import re

__all__ = ["parse_number"]

MAX_DIGITS = 5  # a longer string of digits is not an answer (as the players always said)

_IT_UNITS = ("zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "undici",
             "dodici", "tredici", "quattordici", "quindici", "sedici", "diciassette", "diciotto", "diciannove")
_IT_TENS = ("venti", "trenta", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta")
_RU_UNITS = ("ноль", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять",
             "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать", "шестнадцать", "семнадцать",
             "восемнадцать", "девятнадцать")
_RU_TENS = ("двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят", "восемьдесят", "девяносто")
_RU_FORMS = {"нуль": 0, "одна": 1, "одно": 1, "одну": 1, "две": 2}  # the other genders and the accusative
_IT_FORMS = {"un": 1, "una": 1}
_MINUS = frozenset({"meno", "минус"})  # (words of either language)
_DIGITS = re.compile(rf"-?\d{{1,{MAX_DIGITS}}}")


def _words() -> dict[str, int]:
    words = {w: n for n, w in enumerate(_IT_UNITS)} | {w: n for n, w in enumerate(_RU_UNITS)}
    words |= _IT_FORMS | _RU_FORMS | {"cento": 100, "сто": 100}
    ru_units = {w: n for n, w in enumerate(_RU_UNITS[1:10], 1)} | {w: n for w, n in _RU_FORMS.items() if n}
    for i, (it, ru) in enumerate(zip(_IT_TENS, _RU_TENS)):
        tens = 20 + 10 * i
        words[it] = words[ru] = tens
        for n, unit in enumerate(_IT_UNITS[1:10], 1):  # ventuno, ventotto (the tens' last vowel elided), ventitre
            words[(it[:-1] if unit[0] in "ou" else it) + unit] = tens + n
        for unit, n in ru_units.items():  # двадцать два, двадцать две, двадцать одна
            words[f"{ru} {unit}"] = tens + n
    return words


_WORDS = _words()


def parse_number(text: str) -> int | None:
    """The integer `text` says (digits or an Italian or Russian number word; see the module), or None."""
    s = " ".join(text.strip().rstrip(".!").lower().replace("−", "-").replace("ё", "е").split())
    s = s.replace("é", "e").replace("è", "e")  # ventitré
    if _DIGITS.fullmatch(s):
        return int(s)
    sign = 1
    for minus in _MINUS:
        if s.startswith(minus + " "):
            sign, s = -1, s[len(minus) + 1:]
            break
    n = _WORDS.get(s)
    return None if n is None else sign * n
