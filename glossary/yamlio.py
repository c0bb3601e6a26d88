"""Safe YAML loading that remembers where every mapping and key came from, for precise errors.

>>> data = load_yaml_text("a: 1\\nb:\\n  c: [x]\\n", "demo.yaml")
>>> data["b"].line, data["b"].key_line("c")
(3, 3)
>>> load_yaml_text("on: yes\\noff: true\\n", "demo.yaml")
{'on': 'yes', 'off': True}
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

__all__ = ["LineDict", "YamlError", "load_yaml", "load_yaml_text"]


class YamlError(ValueError):
    """A YAML file that cannot be read or does not fit its schema: names file, line, column and key."""

    def __init__(self, file: str, line: int, message: str, *, column: int | None = None, key: str | None = None):
        where = f"{file}:{line}" + (f":{column}" if column else "")
        super().__init__(f"{where}: {message}" + (f" (key: {key})" if key else ""))
        self.file, self.line, self.column, self.key, self.message = file, line, column, key, message


class LineDict(dict):
    """A dict that knows the 1-based line of itself and of each of its keys."""

    line: int = 0
    column: int = 0
    key_lines: dict

    def key_line(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml when present: same safety, faster
    pass


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


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)

# YAML 1.2 booleans: only true/false. In YAML 1.1 "on", "off", "yes" and "no" are booleans too, which
# turns a key such as `on:` into True; our files mean the word.
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_Loader.yaml_implicit_resolvers = {
    first: [(tag, _BOOL if tag == "tag:yaml.org,2002:bool" else regexp) for tag, regexp in resolvers]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def load_yaml_text(text: str, file: str) -> Any:
    """Parse YAML text safely (no tags that build Python objects); errors become YamlError."""
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader derives from SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        col = mark.column + 1 if mark else None
        raise YamlError(file, line, f"{exc.problem or exc.context}", column=col) from None
    except yaml.YAMLError as exc:
        raise YamlError(file, 1, str(exc)) from None


def load_yaml(path: Path, name: str | None = None) -> Any:
    """Read and parse a YAML file; an unreadable or undecodable file is a YamlError too."""
    name = name or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise YamlError(name, 1, f"cannot read: {exc}") from None
    return load_yaml_text(text, name)
