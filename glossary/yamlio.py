"""Safe YAML loading that remembers where every mapping and key came from, for precise errors.

>>> data = load_yaml_text("a: 1\\nb:\\n  c: [x]\\n", "demo.yaml")
>>> data["b"].line, data["b"].key_line("c")
(3, 3)
>>> load_yaml_text("on: yes\\noff: true\\n", "demo.yaml")
{'on': 'yes', 'off': True}

Whatever a file says, reading it stays cheap and its strings are safe to show: a document is at most
`MAX_BYTES`, nested at most `MAX_DEPTH` levels, with at most `MAX_ALIASES` aliases that together stand
for at most `MAX_ALIAS_NODES` nodes (a "billion laughs" file is refused at the alias that passes the limit),
and every string loses its terminal control characters (`glossary.text.strip_controls`).

>>> load_yaml_text('title: "Titolo\\\\e]0;pwned\\\\a ok"\\n', "demo.yaml")
{'title': 'Titolo ok'}
>>> load_yaml_text("a: &a [x, x]\\nb: &b [*a, *a]\\nc: [*b, *b]\\n", "demo.yaml")["c"]
[[['x', 'x'], ['x', 'x']], [['x', 'x'], ['x', 'x']]]
>>> load_yaml_text("a: &a [x, *a]\\n", "demo.yaml")
Traceback (most recent call last):
  ...
glossary.yamlio.YamlError: demo.yaml:1:11: recursive alias *a
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent, CollectionStartEvent
from yaml.resolver import Resolver

from glossary.text import strip_controls

__all__ = ["MAX_ALIASES", "MAX_ALIAS_NODES", "MAX_BYTES", "MAX_DEPTH", "LineDict", "YamlError", "load_yaml",
           "load_yaml_text"]

MAX_BYTES = 4 * 1024 * 1024  # our largest file is under 100 KiB
MAX_DEPTH = 100  # nesting of sequences and mappings (ours: under 10)
MAX_ALIASES = 200  # alias uses (``*name``) in one document (ours: none)
MAX_ALIAS_NODES = 10_000  # nodes the aliases stand for, all together


class YamlError(ValueError):
    """A YAML file that cannot be read or does not fit its schema: names file, line, column and key."""

    def __init__(self, file: str, line: int, message: str, *, column: int | None = None, key: str | None = None):
        file, message = strip_controls(str(file)), strip_controls(str(message))  # both may echo a file's text
        where = f"{file}:{line}" + (f":{column}" if column else "")
        super().__init__(f"{where}: {message}" + (f" (key: {strip_controls(str(key))})" if key else ""))
        self.file, self.line, self.column, self.key, self.message = file, line, column, key, message


class LineDict(dict):
    """A dict that knows the 1-based line of itself and of each of its keys."""

    line: int = 0
    column: int = 0
    key_lines: dict

    def key_line(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class _LimitedComposer(Composer):
    """PyYAML's composer with limits on nesting and on aliases, checked while the node graph is built
    (before anything is expanded), each refusal at the mark of the event that passes the limit."""

    def __init__(self) -> None:
        Composer.__init__(self)
        self._depth = 0
        self._aliases = 0
        self._alias_nodes = 0
        self._done: set[int] = set()  # nodes composed to the end: an alias to any other is recursive
        self._sizes: dict[int, int] = {}

    def _refuse(self, problem: str, mark) -> None:
        raise yaml.composer.ComposerError(None, None, problem, mark)

    def _size(self, node: yaml.Node) -> int:
        """How many nodes `node` stands for, aliases expanded (memoised: linear in the graph)."""
        known = self._sizes.get(id(node))
        if known is None:
            if isinstance(node, yaml.SequenceNode):
                known = 1 + sum(self._size(child) for child in node.value)
            elif isinstance(node, yaml.MappingNode):
                known = 1 + sum(self._size(k) + self._size(v) for k, v in node.value)
            else:
                known = 1
            self._sizes[id(node)] = known
        return known

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                self._refuse(f"too many aliases (more than {MAX_ALIASES})", event.start_mark)
            target = self.anchors.get(event.anchor)
            if target is not None:  # an undefined alias is PyYAML's own error
                if id(target) not in self._done:
                    self._refuse(f"recursive alias *{event.anchor}", event.start_mark)
                self._alias_nodes += self._size(target)
                if self._alias_nodes > MAX_ALIAS_NODES:
                    self._refuse(f"aliases expand to too many nodes (more than {MAX_ALIAS_NODES})", event.start_mark)
            return super().compose_node(parent, index)
        if not isinstance(event, CollectionStartEvent):
            node = super().compose_node(parent, index)
            self._done.add(id(node))
            return node
        self._depth += 1
        if self._depth > MAX_DEPTH:
            self._refuse(f"nested too deeply (more than {MAX_DEPTH} levels)", event.start_mark)
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        self._done.add(id(node))
        return node


if getattr(yaml, "__with_libyaml__", False):  # libyaml's parser (fast); composing stays in Python, with limits
    from yaml.cyaml import CParser

    class _Loader(_LimitedComposer, CParser, SafeConstructor, Resolver):
        def __init__(self, stream) -> None:
            CParser.__init__(self, stream)
            _LimitedComposer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
else:  # pragma: no cover - without libyaml
    class _Loader(_LimitedComposer, yaml.SafeLoader):
        def __init__(self, stream) -> None:
            yaml.SafeLoader.__init__(self, stream)
            _LimitedComposer.__init__(self)


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    d = LineDict()
    d.line, d.column = node.start_mark.line + 1, node.start_mark.column + 1
    d.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(None, None, "unhashable key", key_node.start_mark) from None
        if key in d:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        d[key] = loader.construct_object(value_node, deep=True)
        d.key_lines[key] = key_node.start_mark.line + 1
    return d


def _construct_str(loader: _Loader, node: yaml.ScalarNode) -> str:
    """Every string (keys too) without terminal control characters: a title can never retitle the terminal."""
    return strip_controls(loader.construct_scalar(node))


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor("tag:yaml.org,2002:str", _construct_str)

# YAML 1.2 booleans: only true/false. In YAML 1.1 "on", "off", "yes" and "no" are booleans too, which
# turns a key such as `on:` into True; our files mean the word.
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_Loader.yaml_implicit_resolvers = {
    first: [(tag, _BOOL if tag == "tag:yaml.org,2002:bool" else regexp) for tag, regexp in resolvers]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def load_yaml_text(text: str, file: str) -> Any:
    """Parse YAML text safely (no tags that build Python objects); errors become YamlError."""
    if len(text) > MAX_BYTES:
        raise YamlError(file, 1, f"too large: more than {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader derives from SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        col = mark.column + 1 if mark else None
        raise YamlError(file, line, f"{exc.problem or exc.context}", column=col) from None
    except yaml.reader.ReaderError as exc:  # a character YAML refuses (NUL, other controls): where it is, in one line
        before = text[: exc.position]
        line, col = before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1
        raise YamlError(file, line, f"unacceptable character #x{exc.character:04x}: {exc.reason}", column=col) from None
    except yaml.YAMLError as exc:
        raise YamlError(file, 1, " ".join(str(exc).split())) from None


def load_yaml(path: Path, name: str | None = None) -> Any:
    """Read and parse a YAML file; an unreadable or undecodable file is a YamlError too."""
    name = name or str(path)
    from glossary.rulesfile import UnusableFile, read_bounded

    try:  # a regular file only, opened without blocking (a FIFO is refused, never waited for)
        text = read_bounded(path, MAX_BYTES).decode("utf-8")
    except UnusableFile as exc:
        if exc.code == "too-large":
            raise YamlError(name, 1, f"too large: more than {MAX_BYTES // (1024 * 1024)} MiB") from None
        raise YamlError(name, 1, f"cannot read: {exc}") from None
    except UnicodeDecodeError as exc:
        raise YamlError(name, 1, f"cannot read: {exc}") from None
    return load_yaml_text(text, name)
