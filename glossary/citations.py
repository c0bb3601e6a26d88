"""Which rule numbers a set of files cites: Python sources (string constants, docstrings, comments) and
YAML files (``rules:`` / ``expect_error:`` lists and every text), as ``number -> ["file:line", ...]``.

Line-based, no YAML parsing and no imports of what it reads: `mtg-tutor kb check` runs it over ``tutor/``,
``lessons/`` and ``glossary/curated/`` (the digest aside) to find citations without a readable text.

>>> cited_in_text("rules: [\\"113.3b\\", \\"602\\"]\\nnote: vedi regola 510 e 702.19b", "f.yaml", yaml=True)
{'113.3b': ['f.yaml:1'], '602': ['f.yaml:1'], '510': ['f.yaml:2'], '702.19b': ['f.yaml:2']}
"""

from __future__ import annotations

import re
from pathlib import Path

from glossary.rule_refs import find_rule_refs

__all__ = ["cited_in_files", "cited_in_text"]

_NUMBER = re.compile(r"^[1-9][0-9]{2}(?:\.[1-9][0-9]{0,2}[a-z]?)?$")
_CONSTANT = re.compile(r"([\"'])([1-9][0-9]{2}(?:\.[1-9][0-9]{0,2}[a-z]?)?)\1")
_LIST_LINE = re.compile(r"^\s*-?\s*(?:rules|expect_error)\s*:\s*(.*)$")
_QUOTED = re.compile(r"[\"']([1-9][0-9]{2}(?:\.[1-9][0-9]{0,2}[a-z]?)?)[\"']|(?<![\w.])([1-9][0-9]{2}\.[1-9][0-9]{0,2}[a-z]?)")


def _add(found: dict[str, list[str]], number: str, where: str) -> None:
    places = found.setdefault(number, [])
    if where not in places:
        places.append(where)


def cited_in_text(text: str, name: str, *, yaml: bool = False, constants: bool = False) -> dict[str, list[str]]:
    """The rule numbers a file's text cites. Python (the default): the rule references of its lines (its
    strings, docstrings and comments), and with `constants` every string that is a rule number (``"509"``,
    the engine's citations).
    YAML: the numbers of ``rules:`` and ``expect_error:`` lines, and the rule references of every line."""
    found: dict[str, list[str]] = {}
    if yaml:
        for i, line in enumerate(text.splitlines(), 1):
            m = _LIST_LINE.match(line)
            if m:
                for q in _QUOTED.finditer(m.group(1)):
                    _add(found, q.group(1) or q.group(2), f"{name}:{i}")
                continue
            for ref in find_rule_refs(line):
                _add(found, ref.number, f"{name}:{i}")
        return found
    for i, line in enumerate(text.splitlines(), 1):  # strings, docstrings and comments, line by line
        if constants:
            for m in _CONSTANT.finditer(line):
                _add(found, m.group(2), f"{name}:{i}")
        for ref in find_rule_refs(line):
            _add(found, ref.number, f"{name}:{i}")
    return found


def cited_in_files(files: list[tuple[Path, str]], constants: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """The rule numbers cited by `files` (``(path, name shown)`` pairs; ``.py`` or ``.yaml``): ``number ->
    places``. Python files whose name starts with one of `constants` also count their rule-number strings."""
    found: dict[str, list[str]] = {}
    for path, name in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        part = cited_in_text(text, name, yaml=path.suffix == ".yaml",
                             constants=path.suffix == ".py" and name.startswith(constants))
        for number, places in part.items():
            for where in places:
                _add(found, number, where)
    return found
