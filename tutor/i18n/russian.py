"""Russian agreement with pymorphy3: numbers, cases, and words agreed with a noun.

Imported only when a Russian text asks for a form. The analyser loads in about 0.07 s, once per process; the forms
it gave are kept on disk (``ru-forms-<fingerprint>.json`` in the cache directory, :func:`remembered`), so that a
command asking for forms already seen (a quiz question's card names) never loads it.

>>> agree_with_number("# жизнь", 5)
'# жизней'
>>> decline("первая главная фаза", "gent", "f", False)
'первой главной фазы'
>>> agree_with("нанёс бы", "f", False)
'нанесла бы'
>>> name_features("«Медведи-гризли»")
('m', True)
"""

from __future__ import annotations

import re
from functools import lru_cache, wraps

__all__ = ["agree_with", "agree_with_number", "decline", "decline_name", "features", "name_features", "name_is_clear",
           "unknown_words"]

_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
_GENDER = {"m": "masc", "f": "femn", "n": "neut"}
_NOUNISH = ("NOUN", "ADJF", "PRTF")
_AGREEING = ("VERB", "ADJF", "ADJS", "PRTF", "PRTS", "NPRO")


def _morph():
    """The one pymorphy3 analyser of the program (built once, under a lock: threads ask for it together)."""
    from glossary.lang import morph

    return morph()


# ---- forms remembered on disk ----------------------------------------------------------------------------------
_MAX_REMEMBERED = 20_000  # entries; a cache that grows past it starts again from what this process asked
_remembered: dict[str, object] = {}
_state: dict[str, object] = {}  # "loaded": bool, "fp": fingerprint, "dirty": bool


def _forms_fingerprint() -> str:
    """What the remembered forms depend on: this package's code (this module's above all), the card pool (names' genders) and pymorphy3 with its
    dictionary (found without importing them)."""
    from importlib.util import find_spec
    from pathlib import Path

    from tutor.diskcache import fingerprint
    from tutor.resources import cards_file, code_files

    inputs = [*code_files("tutor.i18n"), cards_file()]
    for package in ("pymorphy3", "pymorphy3_dicts_ru"):
        spec = find_spec(package)
        if spec is not None and spec.origin:
            inputs.append(Path(spec.origin))
    return fingerprint(tuple(inputs))


def _valid_forms(data: object) -> bool:
    return isinstance(data, dict) and all(
        isinstance(k, str) and (isinstance(v, str) or (isinstance(v, list) and len(v) == 2 and isinstance(v[0], str)
                                                       and isinstance(v[1], bool))) for k, v in data.items())


def _load_remembered() -> None:
    from tutor import diskcache

    _state["loaded"] = True
    try:
        _state["fp"] = fp = _forms_fingerprint()
    except OSError:  # an input vanished: nothing is remembered, nothing written
        return
    found = diskcache.read("ru-forms", fp, _valid_forms)
    if found:
        _remembered.update(found)


def _save_remembered() -> None:
    """At exit: the forms this process found, merged with what another process wrote meanwhile."""
    from tutor import diskcache

    fp = _state.get("fp")
    if not _state.get("dirty") or not fp:
        return
    found = diskcache.read("ru-forms", fp, _valid_forms) or {}
    merged = {**found, **_remembered} if len(found) + len(_remembered) <= _MAX_REMEMBERED else dict(_remembered)
    diskcache.write("ru-forms", fp, merged)


_DIGITS = re.compile(r"\d+")


def remembered(fn):
    """`fn` (a pure function of its arguments and pymorphy3) with its results kept on disk between processes.

    Numbers in its text arguments are left out of the key: the forms only depend on the words (pymorphy3 reads
    Cyrillic words only, numbers pass through as they are), so «Тестовое существо 4/6» and «Тестовое существо 2/2»
    share one entry — computed with every number as 0, the numbers put back in the result in their order."""
    import json

    @wraps(fn)
    def wrapper(*args, **kwargs):
        if not _state.get("loaded"):
            _load_remembered()
        numbers = [m for a in args if isinstance(a, str) for m in _DIGITS.findall(a)]
        plain = tuple(_DIGITS.sub("0", a) if isinstance(a, str) else a for a in args)
        key = fn.__name__ + ":" + json.dumps([plain, sorted(kwargs.items())], ensure_ascii=False)
        value = _remembered.get(key)
        if value is None:
            value = fn(*plain, **kwargs)
            if not _state.get("dirty") and _state.get("fp"):
                import atexit

                atexit.register(_save_remembered)
                _state["dirty"] = True
            _remembered[key] = list(value) if isinstance(value, tuple) else value
        if isinstance(value, list):
            return tuple(value)
        if numbers and isinstance(value, str):
            found = _DIGITS.findall(value)
            if len(found) != len(numbers):  # (never: the forms keep every number of the text, in order)
                return fn(*args, **kwargs)
            back = iter(numbers)
            value = _DIGITS.sub(lambda m: next(back), value)
        return value

    return wrapper


_PROPER = {"Surn", "Name", "Patr", "Abbr", "Orgn", "Geox", "Init"}


def _common(p) -> bool:
    return not (_PROPER & set(p.tag.grammemes))


@lru_cache(maxsize=4096)
def _parse(word: str, prefer: tuple[str, ...], case: str = ""):
    """The analysis of `word` whose part of speech is in `prefer` (and in `case`, if given), a common
    word rather than a surname or an abbreviation."""
    parses = _morph().parse(word)
    for test in (lambda p: _common(p) and (not case or p.tag.case == case), lambda p: not case or p.tag.case == case,
                 lambda p: True):
        for p in parses:
            if p.tag.POS in prefer and test(p):
                return p
    return parses[0]


def _like(model: str, word: str) -> str:
    """`word` with the capitalisation of `model` ("Игрок" → "Игрока")."""
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _sub(words: str, change) -> str:
    return _WORD.sub(lambda m: _like(m.group(0), change(m.group(0).lower()) or m.group(0)), words)


@lru_cache(maxsize=4096)
@remembered
def agree_with_number(words: str, n: int) -> str:
    """Nouns and adjectives of `words` (written as for 1) agreed with the number `n` ≥ 0."""
    def change(word: str):
        p = _parse(word, _NOUNISH)
        if p.tag.POS not in _NOUNISH:
            return None
        q = p.make_agree_with_number(n)
        return q.word if q else None

    return _sub(words, change)


# Third-person pronouns by case: (masculine, feminine, neuter, plural); pymorphy3 keeps them apart.
_PRONOUNS = (("он", "она", "оно", "они"), ("его", "её", "его", "их"), ("ему", "ей", "ему", "им"),
             ("им", "ей", "им", "ими"), ("нём", "ней", "нём", "них"), ("него", "неё", "него", "них"),
             ("нему", "ней", "нему", "ним"), ("ним", "ней", "ним", "ними"))


@lru_cache(maxsize=4096)
@remembered
def agree_with(words: str, gender: str, plural: bool) -> str:
    """Verbs, adjectives, participles and pronouns of `words` agreed with a subject of `gender` and number:
    the number always, the gender in the singular of the past tense, of adjectives and of pronouns."""
    column = 3 if plural else "mfn".index(gender or "m")

    def change(word: str):
        for row in sorted(_PRONOUNS, key=lambda r: word != r[0]):  # a template writes the masculine form
            if word in row:
                return row[column]
        p = _parse(word, _AGREEING)
        pos = p.tag.POS
        if pos not in _AGREEING:
            return None
        if plural:
            want = {"plur"}
        elif pos == "VERB" and "past" not in p.tag:
            want = {"sing"}
        else:
            want = {"sing", _GENDER.get(gender, "masc")}
        q = p.inflect(want)
        return q.word if q else None

    return _sub(words, change)


# Card types printed in Latin on Russian cards, declined with a hyphenated ending (TERMINOLOGY.md): singular, plural.
_LATIN_NOUNS = {"planeswalker": ({"gent": "-а", "datv": "-у", "accs": "-а", "ablt": "-ом", "loct": "-е"},
                                 {"nomn": "-ы", "gent": "-ов", "datv": "-ам", "accs": "-ов", "ablt": "-ами", "loct": "-ах"})}


@lru_cache(maxsize=4096)
@remembered
def decline(head: str, case: str, gender: str = "", plural: bool = False) -> str:
    """`head` in `case`: its first noun and the adjectives before it; what follows (a genitive, a
    preposition) stays. A head of adjectives alone ("белый") declines them all."""
    out, done = [], False
    for m in re.finditer(r"\S+|\s+", head):
        token = m.group(0)
        word = token.lower()
        if not done and word in _LATIN_NOUNS:  # planeswalker-а, planeswalker-у (Latin on Russian cards)
            out.append(token + _LATIN_NOUNS[word][plural].get(case, ""))
            done = True
            continue
        if done or token.isspace() or not _WORD.fullmatch(word):
            out.append(token)
            done = done or not token.isspace()
            continue
        p = _parse(word, _NOUNISH, "nomn")
        pos = p.tag.POS
        if pos not in _NOUNISH:
            out.append(token)
            done = True
            continue
        want = {case, "plur" if plural else "sing"}
        if pos != "NOUN" and not plural:
            want.add(_GENDER.get(gender, p.tag.gender or "masc"))
        if pos != "NOUN" and case == "accs":
            noun_anim = _head_animacy(head)
            if noun_anim:
                want.add(noun_anim)
        q = p.inflect(want) or p.inflect({case})
        out.append(_like(token, q.word) if q else token)
        done = pos == "NOUN"
    return "".join(out)


def _head_animacy(head: str) -> str:
    for word in _WORD.findall(head.lower()):
        p = _parse(word, ("NOUN",), "nomn")
        if p.tag.POS == "NOUN":
            return p.tag.animacy or ""
    return ""


@lru_cache(maxsize=1024)
@remembered
def features(head: str) -> tuple[str, bool]:
    """(gender, plural) of a noun phrase: those of its first noun ("карта чар" → ("f", False)), or of its
    adjectives when it has none."""
    for word in _WORD.findall(head.lower()):
        p = _parse(word, _NOUNISH, "nomn")
        if p.tag.POS in _NOUNISH:
            plural = p.tag.number == "plur"
            if p.tag.POS == "NOUN" or plural:
                return _gender(p), plural
            gender = _gender(p)
            for rest in _WORD.findall(head.lower())[1:]:
                q = _parse(rest, ("NOUN",), "nomn")
                if q.tag.POS == "NOUN":
                    return _gender(q), q.tag.number == "plur"
            return gender, False
        break
    return "m", False


def _gender(p) -> str:
    return {"masc": "m", "femn": "f", "neut": "n"}.get(p.tag.gender or "", "m")


@lru_cache(maxsize=1024)
@remembered
def name_features(name: str) -> tuple[str, bool]:
    """(gender, plural) of a card name used as a subject: «Медведи-гризли» → plural, «Пирокластика» →
    feminine, «Поднять тревогу» (an infinitive) → neuter; a name pymorphy3 cannot tell says its own in the
    card pool (``gender: {ru: f}`` in lessons/cards.yaml). (A name reached through its card carries its grammar
    with it; this is for a name given as a text.)"""
    bare = _quoted(name)[1]
    spec = _pool_genders().get(bare)
    if spec:
        parts = spec.split(".")
        return parts[0], "pl" in parts
    words = _WORD.findall(bare.lower())
    if not words:
        return "m", False
    first = _morph().parse(words[0])
    if any(p.tag.POS == "INFN" for p in first[:1]):
        return "n", False
    return features(" ".join(words))


@lru_cache(maxsize=1)
def _pool_genders() -> dict[str, str]:
    """The Russian names of the card pool that say their gender (lessons/cards.yaml ``gender: {ru: …}``)."""
    from tutor.cardpool import load_cards

    return {c.name["ru"]: c.gender["ru"] for c in load_cards().values() if "ru" in c.gender}


def name_is_clear(name: str) -> bool:
    """Whether pymorphy3 knows the first word of a name as a common word in the nominative (otherwise
    the name's gender and number belong in the card pool: ``gender: {ru: …}``)."""
    words = _WORD.findall(name.lower())
    if not words or not _morph().word_is_known(words[0].split("-")[0]):
        return False
    return any(p.tag.POS in (*_NOUNISH, "INFN") and _common(p) and p.tag.case in ("nomn", None)
               for p in _morph().parse(words[0]))


def unknown_words(words: str) -> list[str]:
    """Words of a template that pymorphy3 does not know (it would only guess their forms)."""
    return [w for w in _WORD.findall(words.lower()) if not _morph().word_is_known(w)]


_QUOTED = re.compile(r"«([^»]*)»")


def _quoted(text: str) -> tuple[str, str, str]:
    """(before, name, after): the first name in «» of `text` (the whole text, unquoted, when it has none)."""
    m = _QUOTED.search(text)
    if not m:
        return "", text.strip("«»\"' "), ""
    return text[:m.start(1)], m.group(1), text[m.end(1):]


@lru_cache(maxsize=4096)
@remembered
def decline_name(text: str, case: str, gender: str = "", plural: bool = False, animate: bool | None = None,
                 forms: tuple = ()) -> str:
    """The card name in «» of `text` in `case` («Акрома, Ангел Гнева» игрока B → «Акрому, Ангела Гнева» игрока B
    in the accusative): the name's own cases when the data gives them (`forms`: the card's ``declension``), else
    pymorphy3's, each part of an apposition («Акрома, Ангел Гнева») declined, in each part the adjectives and the
    first noun; a name that is a verb («Поднять тревогу») stays. `animate` (from the data) overrides pymorphy3's
    animacy for the accusative: an animate masculine or plural name takes the genitive («Ползучего вурма»)."""
    before, name, after = _quoted(text)
    if case == "nomn" or not name:
        return text
    table = dict(forms)
    if case in table:
        return before + table[case] + after
    if case == "accs" and animate is not None and (plural or gender == "m") and not _first_declension(name):
        case = "gent" if animate else "nomn"  # the accusative of an animate is its genitive, else its nominative
        if case == "nomn":
            return text
    declined = ", ".join(_decline_phrase(part, case, gender, plural) for part in name.split(", "))
    return before + declined + after


def _decline_phrase(phrase: str, case: str, gender: str, plural: bool) -> str:
    words = _WORD.findall(phrase.lower())
    if not words or _morph().parse(words[0])[0].tag.POS == "INFN":
        return phrase
    return decline(phrase, case, gender, plural)


def _first_declension(name: str) -> bool:
    """Whether the name's first noun ends in -а/-я (обжора, убийца: their accusative is their own)."""
    for word in _WORD.findall(name.lower()):
        p = _parse(word, ("NOUN",), "nomn")
        if p.tag.POS == "NOUN":
            return word.split("-")[0].endswith(("а", "я"))
    return False
