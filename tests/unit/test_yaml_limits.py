"""Reading YAML stays cheap whatever the file says: alias bombs, deep nesting, huge files and recursive
aliases are refused with a one-line error naming file:line:column; strings lose their control characters."""

from __future__ import annotations

import subprocess
import sys

import pytest

from glossary.yamlio import MAX_ALIASES, MAX_BYTES, MAX_DEPTH, YamlError, load_yaml, load_yaml_text
from tests.conftest import ROOT
from tutor.cli import main


def laughs(levels: int = 9, width: int = 9) -> str:
    """The "billion laughs": each level a list of `width` aliases of the level before (width ** levels strings)."""
    lines = ["a0: &a0 [" + ", ".join(['"lol"'] * width) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def merges(levels: int) -> str:
    """The same with merge keys: each mapping merges the one before twice (the merged list doubles each level)."""
    lines = ["m0: &m0 {k0: 1}"] + [f"m{i}: &m{i} {{<<: [*m{i - 1}, *m{i - 1}], k{i}: 1}}" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def test_the_billion_laughs_are_refused_at_the_alias_that_passes_the_limit():
    with pytest.raises(YamlError) as exc:
        load_yaml_text(laughs(), "bomb.yaml")
    # Levels a1-a3 stand for 8,289 nodes; the first alias of a4 (line 5, column 10) adds 7,381 more.
    e = exc.value
    assert (e.file, e.line, e.column) == ("bomb.yaml", 5, 10)
    assert str(e) == "bomb.yaml:5:10: aliases expand to too many nodes (more than 10000)"


def test_a_merge_key_bomb_is_refused():
    with pytest.raises(YamlError) as exc:
        load_yaml_text(merges(40), "merge.yaml")
    assert exc.value.line < 40 and "aliases expand to too many nodes" in str(exc.value)


def test_too_many_aliases_are_refused_and_a_few_are_fine():
    few = "a: &a 1\nb: [" + ", ".join(["*a"] * MAX_ALIASES) + "]\n"
    assert load_yaml_text(few, "few.yaml")["b"] == [1] * MAX_ALIASES
    many = "a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n"
    with pytest.raises(YamlError) as exc:
        load_yaml_text(many, "many.yaml")
    assert (exc.value.line, exc.value.column) == (2, 5 + 4 * MAX_ALIASES)
    assert "too many aliases (more than 200)" in str(exc.value)
    assert load_yaml_text(laughs(2, 3), "small.yaml")["a1"] == [["lol"] * 3] * 3  # an honest use of aliases


def test_a_recursive_alias_is_refused():
    with pytest.raises(YamlError) as exc:
        load_yaml_text("top:\n  self: &me\n    - 1\n    - *me\n", "loop.yaml")
    assert (exc.value.line, exc.value.column) == (4, 7) and "recursive alias *me" in str(exc.value)


@pytest.mark.parametrize("opener", ["[", "{a: "])
def test_deep_nesting_is_refused_not_a_crash(opener):
    """100,000 nested brackets crashed the interpreter (libyaml's recursion): run in a child process."""
    closer = "]" if opener == "[" else "}"
    code = (f"from glossary.yamlio import load_yaml_text, YamlError\n"
            f"try:\n    load_yaml_text({opener!r} * 100_000 + {closer!r} * 100_000, 'deep.yaml')\n"
            f"except YamlError as e:\n    print(e)\n")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-500:]
    # Refused by our limit, or first by libyaml's own (1,000 flow levels, met while it looks ahead for a key).
    assert res.stdout.startswith("deep.yaml:1:") and "nest" in res.stdout and res.stdout.count("\n") == 1


def test_nesting_over_the_limit_is_refused_where_it_passes_it():
    with pytest.raises(YamlError) as exc:
        load_yaml_text("x:\n  - " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n", "deep.yaml")
    # The mapping and the block list are levels 1 and 2: the 99th bracket (column 4 + 99) is one level too many.
    assert str(exc.value) == f"deep.yaml:2:{3 + MAX_DEPTH}: nested too deeply (more than {MAX_DEPTH} levels)"


def test_nesting_up_to_the_limit_is_fine():
    value = load_yaml_text("[" * MAX_DEPTH + "]" * MAX_DEPTH, "ok.yaml")
    depth = 0
    while isinstance(value, list) and value:
        value, depth = value[0], depth + 1
    assert depth == MAX_DEPTH - 1


def test_a_huge_file_is_refused_before_it_is_read_whole(tmp_path):
    big = tmp_path / "big.yaml"
    with open(big, "wb") as fh:
        fh.write(b"x: '" + b"a" * (MAX_BYTES + 1) + b"'\n")
    with pytest.raises(YamlError) as exc:
        load_yaml(big, "big.yaml")
    assert str(exc.value) == "big.yaml:1: too large: more than 4 MiB"
    with pytest.raises(YamlError):
        load_yaml_text("x: " + "a" * (MAX_BYTES + 1), "big.yaml")


def test_strings_and_keys_lose_their_control_characters():
    data = load_yaml_text('"k\\e[2Jey": "v\\e]0;pwned\\aal\\u009b31mue"\nlist: ["\\e]52;c;eA==\\ax", "a\\r\\nb"]\n', "s.yaml")
    assert data == {"key": "value", "list": ["x", "a\nb"]}
    assert data.key_line("key") == 1


def test_a_scenario_bomb_is_a_one_line_error(tmp_path, capsys):
    path = tmp_path / "bomb.yaml"
    path.write_text("id: bomb\n" + laughs() + "setup: {players: {A: {library: *a8}}}\n", encoding="utf-8")
    code = main(["scenario", "run", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == f"mtg-tutor: file non valido: {path}:6:10: aliases expand to too many nodes (more than 10000)\n"


@pytest.mark.parametrize(("char", "name"), [("\x00", "0000"), ("\x1b", "001b"), ("\ufffe", "fffe")])
def test_a_raw_control_character_is_named_at_its_line_and_column(char, name):
    """A character YAML refuses (a NUL from a damaged file): where it is, in one line — not line 1 and a second
    line with "<unicode string>", position N."""
    with pytest.raises(YamlError) as exc:
        load_yaml_text(f"id: x\ntitle:\n  it: \"ab{char}c\"\n", "s.yaml")
    assert str(exc.value).startswith(f"s.yaml:3:10: unacceptable character #x{name}")
    assert "\n" not in str(exc.value) and "position" not in str(exc.value)
