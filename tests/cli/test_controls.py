"""Untrusted text never reaches the terminal raw: escape sequences in imported rules, scenario files, file
names and arguments are dropped where the text enters (parsers, YAML reader) and again on the way out (the
CLI's console, its messages, its JSON, the app's document view)."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.panel import Panel
from rich.text import Text

from glossary.parsers.crtext import parse_cr
from glossary.text import strip_controls
from tests.hostile import (
    CLEAR,
    DOC_ID,
    ESC,
    NASTY,
    OSC_CLIPBOARD,
    OSC_LINK,
    OSC_TITLE,
    assert_safe,
    escapes_rules_document,
)
from tutor.cli import main
from tutor.cli.common import Usage, console, json_text

# --- the one function ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        (f"a{OSC_TITLE}b", "ab"),
        (f"a {OSC_LINK} b", "a click b"),
        (f"a{OSC_CLIPBOARD}b", "ab"),
        (f"{CLEAR}a{ESC}[0m", "a"),
        ("a\x9b31mb", "ab"),
        ("a\x9d0;t\x9cb", "ab"),  # C1 OSC with C1 string terminator
        (f"a{ESC}b", "a"),  # ESC + letter is a two-byte escape sequence
        (f"a{ESC} b", "a b"),
        ("bell\x07 back\x08space del\x7f nul\x00", "bell backspace del nul"),
        ("uno\r\ndue\rtre\n\tquattro", "uno\ndue\ntre\n\tquattro"),
        ("città «ok» кладбище {T}: 1/1", "città «ok» кладбище {T}: 1/1"),
    ],
)
def test_strip_controls(raw, clean):
    assert strip_controls(raw) == clean


@given(st.lists(st.sampled_from(NASTY) | st.text(max_size=8), max_size=30).map("".join))
def test_strip_controls_leaves_nothing_unsafe_and_keeps_the_lines(text):
    clean = strip_controls(text)
    assert_safe(clean)
    assert clean.count("\n") == text.replace("\r\n", "\n").replace("\r", "\n").count("\n")
    assert strip_controls(clean) == clean


# --- where text enters: the parser ---------------------------------------------------------------------


def test_the_rules_parser_drops_escapes_and_keeps_line_numbers():
    text = escapes_rules_document()
    parsed = parse_cr(text, "evil.txt")
    assert parsed.doc.title == "Evil Rules" and parsed.doc.id == DOC_ID
    rules = {r.number: r for r in parsed.rules}
    assert rules["100"].title == "General" and rules["101"].title == "Golden Rules"
    assert rules["100.1"].text == "These rules apply to every game with a bell and CR"
    assert rules["100.1"].examples == ["An example click with  escapes."]
    assert [e.term for e in parsed.glossary] == ["Pwn Term", "Other Term"]
    lines = text.replace("\r", "\n").split("\n")
    assert lines[rules["101.1"].loc.line - 1].lstrip().startswith("101.1.")  # same line as in the file
    for r in parsed.rules:
        for value in (r.title or "", r.text, *r.examples):
            assert_safe(value, f"rule {r.number}")
    for e in parsed.glossary:
        assert_safe(e.term + e.text(), e.id)
    assert_safe(" ".join(s.title for s in parsed.sections))


# --- the CLI ------------------------------------------------------------------------------------------


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def imported(capsys, tmp_path):
    """The escapes document imported with `mtg-tutor import-rules`; returns the import's own output."""
    path = tmp_path / "evil-rules.txt"
    path.write_text(escapes_rules_document(), encoding="utf-8")
    code, out, err = run(capsys, "import-rules", str(path))
    assert code == 0, err
    return out + err


def test_the_import_message_is_clean(imported):
    assert "Evil Rules" in imported and DOC_ID in imported
    assert_safe(imported, "import-rules")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["rule", "100.1", "--doc", DOC_ID], "every game with a bell"),
        (["rule", "100", "--doc", DOC_ID], "General"),
        (["rule", "101", "--doc", DOC_ID], "Golden Rules"),
        (["rule", "101.1", "--doc", DOC_ID], "of the golden rule"),
        (["lookup", "pwn term"], "Pwn Term"),
        (["lookup", "other term", "--json"], "Other Term"),
        (["show", "pwn term"], "Pwn Term"),
        (["show", "other term", "--json"], "Other Term"),
        (["rule", "100.1", "--doc", DOC_ID, "--json"], "every game with a bell"),
    ],
)
def test_commands_print_imported_text_without_escapes(capsys, imported, argv, expected):
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert expected in out
    assert_safe(out + err, " ".join(argv))


def test_a_query_with_escapes_is_the_query_without_them(capsys):
    code, out, err = run(capsys, "lookup", f"cimitero{OSC_TITLE}", "--json")
    assert code == 0 and json.loads(out)["query"] == "cimitero"
    assert json.loads(out)["hits"][0]["id"] == "it:cimitero"
    code, out, err = run(capsys, "show", f"{CLEAR}cimitero{OSC_CLIPBOARD}")
    assert code == 0 and "Cimitero" in out
    assert_safe(out + err)
    code, out, err = run(capsys, "lookup", f"zzqqxxyy{OSC_TITLE}")
    assert code == 1 and "zzqqxxyy" in err
    assert_safe(out + err)


@pytest.mark.parametrize(
    "argv",
    [
        ["rule", f"abc{OSC_TITLE}"],  # not a rule number: the message echoes it
        ["rule", f"999.9z{CLEAR}"],  # not in the sources
        ["import-rules", f"/nonexistent/evil{OSC_TITLE}.txt"],  # a file name echoed
        ["scenario", "run", f"/nonexistent/evil{OSC_CLIPBOARD}.yaml"],
    ],
)
def test_messages_that_echo_an_argument_are_clean(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code in (1, 2) and err.startswith("mtg-tutor: ") and err.count("\n") == 1
    assert_safe(out + err, " ".join(argv))


def test_argparse_messages_that_echo_arguments_are_clean(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["lookup", "cimitero", f"extra{OSC_TITLE}"])
    _, err = capsys.readouterr()
    assert exc.value.code == 2 and "extra" in err
    assert_safe(err, "argparse")


def test_an_escape_named_file_is_imported_and_reported_cleanly(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("MTG_TUTOR_DEBUG", "1")  # the page's source file and line: shown to a developer only
    path = tmp_path / f"evil{OSC_TITLE}.txt"
    path.write_text(escapes_rules_document(), encoding="utf-8")
    code, out, err = run(capsys, "import-rules", str(path))
    assert code == 0
    assert_safe(out + err)
    assert f"{DOC_ID}.txt" in out  # kept under the document's id, not under the name it came with
    code, out, err = run(capsys, "rule", "100.1", "--doc", DOC_ID)
    assert code == 0 and f"{DOC_ID}.txt:9" in out
    assert_safe(out + err)


SCENARIO = """\
id: evil-title
title:
  it: "Titolo \\e]0;pwned\\a con \\e[2Jescape"
  ru: "Заголовок \\x9b2J\\u009d0;x\\u009c"
explanation:
  it: "Spiegazione \\e]52;c;cm0gLXJm\\a."
  ru: "Объяснение."
setup:
  turn: 3
  active: A
  step: precombat_main
  players:
    A:
      battlefield: [forest]
    B: {}
actions: []
"""


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_a_scenario_title_with_escapes(capsys, tmp_path, ui):
    path = tmp_path / "evil.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    code, out, err = run(capsys, "--ui", ui, "scenario", "run", str(path), "-v")
    assert code == 0, err
    assert ("Titolo  con escape" if ui == "it" else "Заголовок") in out
    assert_safe(out + err, "scenario run")
    code, out, err = run(capsys, "scenario", "run", str(path), "--json")
    data = json.loads(out)
    assert data["title"] == {"it": "Titolo  con escape", "ru": "Заголовок "}
    assert data["explanation"]["it"] == "Spiegazione ."
    assert_safe(out + err, "scenario run --json")


# --- the last guards on the way out -------------------------------------------------------------------


def test_the_console_guard_drops_what_the_sources_let_through():
    """Even text that skipped every boundary (built here by hand) is printed clean; Rich's own colours stay."""
    buf = io.StringIO()
    out = console(file=buf, force_terminal=True, color_system="truecolor", width=60)
    out.print(Panel(Text(f"rule {OSC_LINK} text {CLEAR}\x9b31m", style="bold red"), title=Text(f"t{OSC_CLIPBOARD}")))
    out.print(f"plain {OSC_TITLE} [bold]not markup[/bold] :smile:")
    printed = buf.getvalue()
    assert "\x1b[" in printed  # styles: Rich's SGR sequences are not data
    without_styles = __import__("re").sub(r"\x1b\[[0-9;]*m", "", printed)
    assert_safe(without_styles, "console")
    assert "[bold]not markup[/bold] :smile:" in without_styles


def test_usage_and_json_output_are_clean():
    assert str(Usage(f"file {OSC_TITLE}x")) == "file x"
    text = json_text({"t": f"a{CLEAR}\x9b31m\x7f"})
    assert_safe(text, "json")
    assert json.loads(text) == {"t": f"a{CLEAR}\x9b31m\x7f"}  # escaped, not lost: JSON stays exact
