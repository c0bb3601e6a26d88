"""`tutor.numbers.parse_number`: a number answer in digits or in Italian or Russian words, 0 to 100."""

from __future__ import annotations

import pytest

from tutor.numbers import parse_number

IT = ("zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici sedici "
      "diciassette diciotto diciannove venti").split()
RU = ("ноль один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать "
      "четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать двадцать").split()


def number_word(n: int, ui: str) -> str:
    """How a learner writes `n` (0 to 99) in words (for the players' tests: a lesson's answer typed as a word)."""
    if n < 0:
        return ("meno " if ui == "it" else "минус ") + number_word(-n, ui)
    if n <= 20:
        return (IT if ui == "it" else RU)[n]
    tens, unit = divmod(n, 10)
    it_tens = ["venti", "trenta", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta"][tens - 2]
    ru_tens = ["двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят", "восемьдесят", "девяносто"][tens - 2]
    if not unit:
        return it_tens if ui == "it" else ru_tens
    if ui == "ru":
        return f"{ru_tens} {RU[unit]}"
    return (it_tens[:-1] if IT[unit][0] in "ou" else it_tens) + IT[unit]


def test_every_number_a_learner_writes_up_to_99_is_read():
    for ui in ("it", "ru"):
        assert [parse_number(number_word(n, ui)) for n in range(-99, 100)] == list(range(-99, 100))


@pytest.mark.parametrize("words", [IT, RU])
def test_zero_to_twenty_in_both_languages(words):
    assert [parse_number(w) for w in words] == list(range(21))
    assert [parse_number(w.upper()) for w in words] == list(range(21))


@pytest.mark.parametrize("text, value", [
    ("ventuno", 21), ("ventitré", 23), ("ventitre", 23), ("ventotto", 28), ("trentadue", 32), ("quaranta", 40),
    ("novantanove", 99), ("cento", 100), ("un", 1), ("una", 1), ("meno tre", -3), ("  Diciotto. ", 18),
    ("две", 2), ("одна", 1), ("одну", 1), ("одно", 1), ("нуль", 0), ("двадцать две", 22), ("двадцать  четыре", 24),
    ("сорок", 40), ("девяносто девять", 99), ("сто", 100), ("минус два", -2), ("ЧЕТЫРЁХ", None),
    ("18", 18), ("-1", -1), ("−1", -1), ("0", 0), ("99999", 99999),
])
def test_tens_compounds_forms_and_signs(text, value):
    assert parse_number(text) == value


@pytest.mark.parametrize("text", ["", " ", "h", "u", "?", "due?", "3 4", "123456", "venti due", "ventiuno", "1.5",
                                  "два два", "meno", "минус", "eighteen", "x18"])
def test_anything_else_is_no_number(text):
    assert parse_number(text) is None
