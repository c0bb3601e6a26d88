"""A small declarative schema for our YAML files (scenarios, lessons): types, ranges, allowed values,
required and optional keys, nested mappings and lists, bilingual ``{it, ru}`` texts. Unknown keys are errors.

A schema is built from a few node types and checked against a loaded `Document`; the first problem is a
`YamlError` naming file:line:column and the dotted key of the offending value (``setup.players.A.life``,
``actions.3.targets.0``). Locations come from `glossary.yamlio.LineDict` (the line of every mapping and key)
and, for the column and for items of lists, from the source text; they are worked out only when there is an
error, so checking a valid file costs little.

>>> doc = Document.from_text("setup:\\n  turn: -1\\n", "demo.yaml")
>>> schema = Map({"setup": Map({"turn": Int(1, 999)})})
>>> try:
...     schema.check(doc)
... except YamlError as exc:
...     print(exc)
demo.yaml:2:3: expected an integer from 1 to 999, not -1 (key: setup.turn)
>>> Map({"title": Text()}).check(Document.from_text("title: {it: Prova}", "t.yaml"))
Traceback (most recent call last):
...
glossary.yamlio.YamlError: t.yaml:1:1: a text needs both Italian and Russian: {it: ..., ru: ...} (key: title)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from glossary.yamlio import LineDict, YamlError, load_yaml_text

__all__ = [
    "Any_", "Bool", "Dict", "Document", "Either", "Int", "List", "Map", "Maybe", "RuleNumber", "Schema", "Str",
    "Text", "load_document", "show",
]

RULE_NUMBER = re.compile(r"^[1-9]\d{2}(?:\.\d{1,3}[a-z]?)?$")  # 113, 113.3, 113.3b (Comprehensive Rules)
MAX_TEXT = 20_000


def show(value: object, limit: int = 40) -> str:
    """A short printable form of a value for messages (long values are cut)."""
    if isinstance(value, LineDict):
        value = dict(value)
    text = repr(value) if not isinstance(value, int) or abs(value) < 10 ** 30 else f"<a {len(str(abs(value)))}-digit number>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _kind(value: object) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return show(value)


# ==== documents and locations =========================================================================
@dataclass
class Document:
    """A loaded YAML file: its display name, its text (for columns) and its data."""

    file: str
    text: str
    data: Any

    @classmethod
    def from_text(cls, text: str, file: str) -> Document:
        """Parse YAML text safely; any parse problem (even a 5,000-digit number) is a YamlError."""
        try:
            data = load_yaml_text(text, file)
        except YamlError:
            raise
        except (ValueError, TypeError, RecursionError, OverflowError) as exc:  # the parser's own limits
            raise YamlError(file, _line_of_problem(text, exc), f"cannot read: {str(exc).split(';')[0]}") from None
        return cls(file, text, data)

    def error(self, path: Iterable, message: str) -> YamlError:
        """A YamlError at the value that `path` (keys and list indexes from the top) leads to."""
        path = tuple(path)
        line, column = self.locate(path)
        return YamlError(self.file, line, message, column=column, key=".".join(str(p) for p in path) or None)

    def locate(self, path: tuple) -> tuple[int, int | None]:
        """(line, column) of the value at `path`: as far down the path as the data goes."""
        lines = self.text.splitlines()
        node, line, column = self.data, getattr(self.data, "line", 1) or 1, getattr(self.data, "column", None)
        anchor = line
        for part in path:
            if isinstance(node, LineDict) and part in node:
                line = node.key_line(part)
                column = _find_key(lines, line, part) or (node.column if line == node.line else None)
                anchor, node = line, node[part]
            elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
                item = node[part]
                if isinstance(item, LineDict) and item.line:
                    line, column = item.line, item.column
                else:
                    nth = sum(1 for x in node[:part] if x == item and not isinstance(x, (dict, list)))
                    line, column = _find_scalar(lines, anchor, item, nth) or (line, column)
                node = item
            else:
                break
        return line, column


def _find_key(lines: list[str], line: int, key: object) -> int | None:
    if not 1 <= line <= len(lines):
        return None
    m = re.search(r"(?<![\w-])" + re.escape(str(key)) + r"[\"']?\s*:", lines[line - 1])
    return m.start() + 1 if m else None


def _find_scalar(lines: list[str], start: int, value: object, nth: int) -> tuple[int, int] | None:
    """The line and column of the `nth` (0-based) later occurrence of a scalar's text from line `start`."""
    if isinstance(value, (dict, list)) or value is None:
        return None
    token = str(value).lower() if isinstance(value, bool) else str(value)
    if not token or len(token) > 200:
        return None
    rx = re.compile(r"(?<![\w-])" + re.escape(token) + r"(?![\w-])")
    seen = 0
    for i in range(max(start, 1) - 1, min(len(lines), start + 400)):
        for m in rx.finditer(lines[i]):
            if seen == nth:
                return i + 1, m.start() + 1
            seen += 1
    return None


def _line_of_problem(text: str, exc: Exception) -> int:
    """The line of an over-long number (what Python's int() limit refuses), else 1."""
    m = re.search(r"\d{1000,}", text)
    return text.count("\n", 0, m.start()) + 1 if m and "digits" in str(exc) else 1


def load_document(path: Path, name: str | None = None) -> Document:
    """Read and parse a YAML file; an unreadable or undecodable file is a YamlError too."""
    name = name or str(path)
    from glossary.rulesfile import UnusableFile, read_bounded
    from glossary.yamlio import MAX_BYTES

    try:  # a regular file only, opened without blocking (a FIFO is refused, never waited for)
        text = read_bounded(path, MAX_BYTES).decode("utf-8")
    except (UnusableFile, UnicodeDecodeError) as exc:
        raise YamlError(name, 1, f"cannot read: {exc}") from None
    return Document.from_text(text, name)


# ==== schema nodes ====================================================================================
class Schema:
    """A node of a schema: `validate(value, path, doc)` raises `doc.error(path, ...)` on the first problem."""

    what = "a value"

    def validate(self, value: object, path: tuple, doc: Document) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def check(self, doc: Document) -> Any:
        """Validate the whole document against this schema; return its data."""
        self.validate(doc.data, (), doc)
        return doc.data

    def fail(self, value: object, path: tuple, doc: Document) -> YamlError:
        return doc.error(path, f"expected {self.what}, not {_kind(value)}")


class Any_(Schema):
    """Anything (checked elsewhere)."""

    what = "anything"

    def validate(self, value, path, doc):
        return None


class Int(Schema):
    """An integer (not a boolean) in [lo, hi]."""

    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        self.lo, self.hi = lo, hi
        if lo is not None and hi is not None:
            self.what = f"an integer from {lo} to {hi}"
        elif lo is not None:
            self.what = f"an integer of at least {lo}"
        else:
            self.what = "an integer"

    def validate(self, value, path, doc):
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(value, path, doc)
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise self.fail(value, path, doc)


class Bool(Schema):
    """true or false."""

    what = "true or false"

    def validate(self, value, path, doc):
        if not isinstance(value, bool):
            raise self.fail(value, path, doc)


class Str(Schema):
    """A non-empty string (at most `max_len` characters), optionally one of `choices` or matching `pattern`."""

    def __init__(self, choices: Iterable[str] | None = None, pattern: str | None = None, max_len: int = 200,
                 what: str | None = None) -> None:
        self.choices = tuple(choices) if choices is not None else None
        self.pattern = re.compile(pattern) if pattern else None
        self.max_len = max_len
        if what:
            self.what = what
        elif self.choices is not None and len(self.choices) <= 16:
            self.what = "one of " + ", ".join(c or '""' for c in self.choices)
        elif self.choices is not None:
            self.what = "one of " + ", ".join(self.choices[:8]) + ", …"
        else:
            self.what = "a text"

    def validate(self, value, path, doc):
        if not isinstance(value, str):
            raise self.fail(value, path, doc)
        if self.choices is not None:
            if value not in self.choices:
                raise self.fail(value, path, doc)
            return
        if not value.strip() or len(value) > self.max_len or (self.pattern and not self.pattern.match(value)):
            raise self.fail(value, path, doc)


class RuleNumber(Str):
    """A Comprehensive Rules number as a string: "113", "113.3", "113.3b"."""

    def __init__(self) -> None:
        super().__init__(pattern=RULE_NUMBER.pattern, max_len=12, what='a rule number in quotes ("113.3b")')

    def validate(self, value, path, doc):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            raise doc.error(path, f'write rule numbers in quotes ("{value}"): unquoted, 500.10 reads as 500.1')
        super().validate(value, path, doc)


class Text(Schema):
    """A bilingual text: ``{it: ..., ru: ...}``, both non-empty."""

    what = "a text in both languages"

    def __init__(self, max_len: int = MAX_TEXT) -> None:
        self.max_len = max_len

    def validate(self, value, path, doc):
        if not isinstance(value, dict) or set(value) != {"it", "ru"} or not all(
                isinstance(value[lang], str) and value[lang].strip() and len(value[lang]) <= self.max_len
                for lang in ("it", "ru")):
            raise doc.error(path, "a text needs both Italian and Russian: {it: ..., ru: ...}")


class Maybe(Schema):
    """`inner`, or nothing (``key:`` with no value, ``~``, ``null``)."""

    def __init__(self, inner: Schema) -> None:
        self.inner = inner
        self.what = inner.what + " (or nothing)"

    def validate(self, value, path, doc):
        if value is not None:
            self.inner.validate(value, path, doc)


class List(Schema):
    """A list of `item`s, with `min_len` to `max_len` items."""

    def __init__(self, item: Schema, min_len: int = 0, max_len: int = 1000, what: str | None = None) -> None:
        self.item, self.min_len, self.max_len = item, min_len, max_len
        self.what = what or f"a list (of {item.what})"

    def validate(self, value, path, doc):
        if not isinstance(value, list):
            raise self.fail(value, path, doc)
        if not self.min_len <= len(value) <= self.max_len:
            span = (f"exactly {self.min_len}" if self.min_len == self.max_len else
                    f"{self.min_len} to {self.max_len}" if self.max_len < 1000 else f"at least {self.min_len}")
            raise doc.error(path, f"expected {self.what} ({span} items), not {len(value)} items")
        for i, item in enumerate(value):
            self.item.validate(item, (*path, i), doc)


class Map(Schema):
    """A mapping with known keys (`fields`); keys in `required` must be there; any other key is an error.
    `check` (optional) runs on the mapping after its fields are valid: ``check(value, path, doc)``."""

    def __init__(self, fields: dict[str, Schema], required: Iterable[str] = (), what: str = "a mapping",
                 check: Callable | None = None) -> None:
        self.fields, self.required, self.what, self.extra_check = fields, tuple(required), what, check

    def validate(self, value, path, doc):
        if not isinstance(value, dict):
            raise self.fail(value, path, doc)
        for k in value:
            if k not in self.fields:
                where = ".".join(str(p) for p in path) or "the file"
                raise doc.error((*path, k), f"unknown key in {where}; known: {', '.join(self.fields)}")
        for k in self.required:
            if k not in value:
                raise doc.error((*path, k), f"{'.'.join(str(p) for p in path) or 'the file'} lacks a required key")
        for k, v in value.items():
            self.fields[k].validate(v, (*path, k), doc)
        if self.extra_check is not None:
            self.extra_check(value, path, doc)


class Dict(Schema):
    """A mapping whose keys are `keys` (a Str schema) and values `values` (at most `max_len` entries)."""

    def __init__(self, keys: Schema, values: Schema, max_len: int = 200, what: str = "a mapping") -> None:
        self.keys, self.values, self.max_len, self.what = keys, values, max_len, what

    def validate(self, value, path, doc):
        if not isinstance(value, dict):
            raise self.fail(value, path, doc)
        if len(value) > self.max_len:
            raise doc.error(path, f"expected at most {self.max_len} entries, not {len(value)}")
        for k, v in value.items():
            try:
                self.keys.validate(k, (*path, k), doc)
            except YamlError as exc:
                raise doc.error((*path, k), f"bad key {show(k)}: expected {self.keys.what}") from exc
            self.values.validate(v, (*path, k), doc)


class Either(Schema):
    """One schema by the value's shape: a scalar, a mapping or a list."""

    def __init__(self, scalar: Schema | None = None, mapping: Schema | None = None, sequence: Schema | None = None) -> None:
        self.scalar, self.mapping, self.sequence = scalar, mapping, sequence
        self.what = " or ".join(s.what for s in (scalar, mapping, sequence) if s is not None)

    def validate(self, value, path, doc):
        inner = self.mapping if isinstance(value, dict) else self.sequence if isinstance(value, list) else self.scalar
        if inner is None:
            raise self.fail(value, path, doc)
        inner.validate(value, path, doc)
