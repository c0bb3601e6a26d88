"""Load the card pool (lessons/cards.yaml) into engine card definitions, with file:line errors."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tutor.engine.cards import CardDef, card_from_dict
from tutor.engine.errors import CardDefinitionError
from tutor.resources import cards_file, code_files

__all__ = ["CARDS_FILE", "load_cards"]

CARDS_FILE = cards_file()


def _line_of(node: object, path: str) -> int:
    """The line of a dotted key path (``abilities.0.effects.1``) inside a loaded YAML node."""
    from glossary.yamlio import LineDict

    line = getattr(node, "line", 1)
    for part in path.split("."):
        if isinstance(node, LineDict) and part in node:
            line = node.key_line(part)
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
            line = getattr(node, "line", line)
        else:
            break
    return line


def load_cards_from(path: Path, name: str | None = None) -> dict[str, CardDef]:
    """Read a card pool file; any card outside the engine's vocabulary is a YamlError (file:line, key)."""
    from glossary.yamlio import load_yaml

    name = name or str(path)
    return _build(load_yaml(path, name), name)


def _yaml_error(*args, **fields):
    from glossary.yamlio import YamlError

    return YamlError(*args, **fields)


def _build(data, name: str) -> dict[str, CardDef]:
    """The cards of a pool's data (from its YAML, or from the disk cache: the YAML parser is imported only to
    report a problem, or to read the file)."""
    if not isinstance(data, list):
        raise _yaml_error(name, 1, "the card pool is a list of cards")
    tokens = {d.get("id") for d in data if isinstance(d, dict) and d.get("token")}
    cards: dict[str, CardDef] = {}
    for d in data:
        line = getattr(d, "line", 1)
        try:
            card = card_from_dict(d, tokens)
        except CardDefinitionError as exc:
            raise _yaml_error(name, _line_of(d, exc.path), exc.message, key=exc.path or "id") from None
        if card.id in cards:
            raise _yaml_error(name, line, f"card id {card.id!r} is used twice", key="id")
        cards[card.id] = card
    return cards


@lru_cache(maxsize=1)
def load_cards() -> dict[str, CardDef]:
    """The project's card pool: its YAML as parsed, from the disk cache when the file and the engine's code are
    unchanged (`tutor.diskcache`: parsing is most of a quiz command's time), built into cards either way."""
    from tutor import diskcache

    path, name = cards_file(), "lessons/cards.yaml"
    fp = diskcache.fingerprint((path, *code_files("tutor"), *code_files("tutor.engine")))
    data = diskcache.read("cards", fp, lambda d: isinstance(d, list) and all(isinstance(x, dict) for x in d))
    if data is not None:
        try:
            return _build(data, name)
        except Exception as exc:  # a YamlError (its module, and the YAML parser, imported only then)
            from glossary.yamlio import YamlError

            if not isinstance(exc, YamlError):
                raise
            # (not from a file that built before: read it again, for its lines in the message)
    from glossary.yamlio import load_yaml

    data = load_yaml(path, name)
    cards = _build(data, name)
    diskcache.write("cards", fp, data)
    return cards
