"""Derived words for the search index: a noun of action or a participle that should find the verb's name.

Morphology does most of it (Snowball stems join Italian regular participles and nouns in -zione with their
verb; pymorphy3 gives a Russian participle's verb and knows which regular nouns of action exist, see
`glossary.lang.ru_action_nouns`); a curated table (``glossary/curated/derivations.yaml``) adds what it
cannot know: irregular Italian participles (rimosso), Russian nouns without a suffix (отмена, поворот),
the other aspect of a verb (разыгрывать).

>>> table = load_derivations()
>>> derived_keys("rimuovere dal gioco", "it", table)
['rimosso dal gioco', 'rimozione dal gioco']
>>> derived_keys("отменить", "ru", table)
['отмена', 'отменять']
>>> derived_keys("пожертвовать", "ru", table)
['жертвовать', 'жертва', 'пожертвование']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from glossary.paths import package_data
from glossary.text import name_key
from glossary.yamlio import YamlError, load_yaml

__all__ = ["DERIVATIONS_FILE", "Derivations", "derived_keys", "load_derivations"]

DERIVATIONS_FILE = package_data("curated", "derivations.yaml")
LANGS = ("it", "ru", "en")
MAX_VARIANTS = 12  # derived names of one name, at most


@dataclass
class Derivations:
    """The curated table, folded: ``derived[lang][word] -> [words]``; ``false_friends[lang] -> {words}``."""

    derived: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    false_friends: dict[str, set[str]] = field(default_factory=dict)


def _word(value: object, file: str, line: int, key: str) -> str:
    w = name_key(value) if isinstance(value, str) else ""
    if not w or " " in w:
        raise YamlError(file, line, f"expected one word, not {value!r}", key=key)
    return w


def load_derivations(path: Path = DERIVATIONS_FILE) -> Derivations:
    """Read and validate the table (a missing file is an empty table); errors name file:line and the key."""
    out = Derivations()
    if not path.exists():
        return out
    name = f"glossary/curated/{path.name}" if path.parent.name == "curated" else str(path)
    data = load_yaml(path, name)
    if data is None:
        return out
    if not isinstance(data, dict):
        raise YamlError(name, 1, "the file must hold a mapping")
    for k in data:
        if k not in ("derived", "false-friends"):
            raise YamlError(name, data.key_line(k), "unknown key", key=str(k))
    for section in ("derived", "false-friends"):
        if not isinstance(data.get(section) or {}, dict):
            raise YamlError(name, data.key_line(section), "expected a mapping of languages", key=section)
    for lang, words in (data.get("derived") or {}).items():
        line = data["derived"].key_line(lang)
        if lang not in LANGS or not isinstance(words, dict):
            raise YamlError(name, line, "expected a language (it, ru, en) with a mapping of words", key=f"derived.{lang}")
        table = out.derived.setdefault(lang, {})
        for word, derived in words.items():
            where = words.key_line(word)
            key = f"derived.{lang}.{word}"
            items = derived if isinstance(derived, list) else [derived]
            if not items:
                raise YamlError(name, where, "expected a list of derived words", key=key)
            table.setdefault(_word(word, name, where, key), []).extend(_word(x, name, where, key) for x in items)
    for lang, words in (data.get("false-friends") or {}).items():
        line = data["false-friends"].key_line(lang)
        if lang not in LANGS or not isinstance(words, list):
            raise YamlError(name, line, "expected a language (it, ru, en) with a list of words", key=f"false-friends.{lang}")
        out.false_friends[lang] = {_word(x, name, line, f"false-friends.{lang}") for x in words}
    return out


def derived_keys(key: str, lang: str, table: Derivations) -> list[str]:
    """Name keys derived from `key` (a name key in `lang`): one word replaced by a derived word each,
    from the curated table and, for Russian verbs, the regular nouns of action."""
    words = key.split()
    out: list[str] = []
    curated = table.derived.get(lang, {})
    false = table.false_friends.get(lang, set())
    for i, w in enumerate(words):
        alts = list(curated.get(w, []))
        if lang == "ru" and len(w) > 3:
            from glossary.lang import ru_action_nouns

            alts += [n for n in ru_action_nouns(w) if n not in false]
        for alt in dict.fromkeys(alts):
            variant = " ".join([*words[:i], alt, *words[i + 1 :]])
            if variant != key and variant not in out:
                out.append(variant)
    return out[:MAX_VARIANTS]
