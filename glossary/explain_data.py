"""The names `glossary.explain` reads from the official Comprehensive Rules: the subtypes (205.3g–205.3q) and the
ability words (207.2c), derived once from the English document into ``curated/explain/subtypes.txt`` (names only, no
rules text), so that the program needs no copy of the rules to recognise "Goblins" or "Landfall".

Regenerate with::

    python -m glossary.explain_data PATH/TO/MagicCompRules-en-2024-11-08.txt > glossary/curated/explain/subtypes.txt

>>> sorted(parse_lists(["205.3k Instants and sorceries share ... The spell types are Adventure, Arcane, Lesson, and Trap.",
...                     "205.3q Battles have a unique subtype, called a battle type. That battle type is Siege."]))
[('battle', 'Siege'), ('spell', 'Adventure'), ('spell', 'Arcane'), ('spell', 'Lesson'), ('spell', 'Trap')]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

__all__ = ["HEADER", "parse_lists", "render"]

# The rule that lists each kind of name (Foundations numbers, checked against the document when it is read).
SOURCES = {
    "205.3g": "artifact", "205.3h": "enchantment", "205.3i": "land", "205.3j": "planeswalker", "205.3k": "spell",
    "205.3m": "creature", "205.3n": "planar", "205.3p": "dungeon", "205.3q": "battle", "207.2c": "ability-word",
}

HEADER = """\
# Names derived from the Magic: The Gathering Comprehensive Rules effective 2024-11-08 (Foundations; the official
# document by Wizards of the Coast): the subtypes of rules 205.3g-205.3q (artifact, enchantment, land, planeswalker,
# spell, creature, planar, dungeon and battle types) and the ability words of rule 207.2c. Names only, one a line as
# KIND<TAB>NAME, in the document's order; no rules text. `mtg-tutor explain` recognises them in a card's text.
# Regenerate with:
# python -m glossary.explain_data PATH/TO/MagicCompRules-en-2024-11-08.txt > glossary/curated/explain/subtypes.txt
"""

_LIST = re.compile(r".*(?:\btypes are|\btype is|one word long:|ability words are)\s+(.*?)\.?\s*$")
_SEE = re.compile(r"\s*\(see rules? [^)]*\)")


def parse_lists(lines) -> list[tuple[str, str]]:
    """``(kind, name)`` for every name the listing rules give, from the document's lines (numbered rules)."""
    out: list[tuple[str, str]] = []
    for line in lines:
        number, _, text = line.strip().lstrip("\ufeff").partition(" ")
        kind = SOURCES.get(number.rstrip("."))
        if kind is None:
            continue
        if kind == "creature" and "Time Lord" in text:
            out.append((kind, "Time Lord"))  # "One creature type is two words long: Time Lord."
        if kind == "land":
            text = text.split(". Of that list", 1)[0] + "."
        found = _LIST.search(_SEE.sub("", text))
        if found is None:
            raise ValueError(f"rule {number}: no list of names found")
        items = re.split(r",\s*(?:and\s+)?|\s+and\s+", found.group(1))
        out += [(kind, item.strip().replace("’", "'")) for item in items if item.strip()]
    return out


def render(pairs: list[tuple[str, str]]) -> str:
    """The data file's text."""
    return HEADER + "".join(f"{kind}\t{name}\n" for kind, name in pairs)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m glossary.explain_data MagicCompRules-en-2024-11-08.txt", file=sys.stderr)
        return 2
    lines = Path(argv[0]).read_text(encoding="utf-8-sig").splitlines()
    pairs = parse_lists(lines)
    found = {kind for kind, _ in pairs}
    missing = sorted(set(SOURCES.values()) - found)
    if missing:
        print(f"not found in the document: {', '.join(missing)}", file=sys.stderr)
        return 1
    sys.stdout.write(render(pairs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
