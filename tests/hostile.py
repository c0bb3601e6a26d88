"""Hostile input for the robustness tests: rules documents and text full of terminal escape sequences or
Textual markup, built here (never shipped), and the check that a text is safe for a terminal."""

from __future__ import annotations

import re

ESC = "\x1b"
OSC_TITLE = ESC + "]0;pwned\x07"  # retitles the terminal window
OSC_LINK = ESC + "]8;;https://evil.example/" + ESC + "\\click" + ESC + "]8;;" + ESC + "\\"  # a hidden hyperlink
OSC_CLIPBOARD = ESC + "]52;c;cm0gLXJmIH4K\x07"  # writes the clipboard
CLEAR = ESC + "[2J"  # clears the screen
RED = ESC + "[31m"
C1_CSI = "\x9b2J"  # the same, with the 8-bit introducer
NASTY = (OSC_TITLE, OSC_LINK, OSC_CLIPBOARD, CLEAR, RED, C1_CSI, ESC, "\x07", "\x08", "\r", "\x9d", "\x7f")

# Anything a terminal could take for a command: C0 controls but tab and newline, DEL, C1 controls.
UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

EFFECTIVE = "2031-05-05"
DOC_ID = f"en-{EFFECTIVE}"


def assert_safe(text: str, what: str = "output") -> None:
    """Fail, naming the first unsafe character and its context, when `text` holds one."""
    m = UNSAFE.search(text)
    assert m is None, f"{what}: U+{ord(m.group()):04X} in {text[max(0, m.start() - 30):m.end() + 30]!r}"


def _filler(first: int, count: int) -> str:
    """Plain numbered rules, so that the escapes stay well under the parser's binary-data threshold (1 %)."""
    return "\n".join(f"   100.{n}. Plain filler rule {n}, long enough to read like a real rule of the game."
                     for n in range(first, first + count))


def escapes_rules_document() -> str:
    """A small valid English rules document (see tests/unit/test_crtext.py) with escape sequences in its title,
    a section, rule headings, rule text, an example, glossary terms and definitions."""
    return (
        f"Evil Rules {OSC_TITLE}\n"
        "\n"
        f"These rules are effective as of May 5, 2031.{CLEAR}\n"
        "\n"
        f"1. Game Concepts {CLEAR}\n"
        "\n"
        f"100. General {OSC_CLIPBOARD}\n"
        "\n"
        f"   100.1. These rules {OSC_TITLE}apply{ESC} to {C1_CSI}every game\x08\x08 with a bell\x07 and CR\rhere. "
        "See rule 100.2.\n"
        f"   Example: An example {OSC_LINK} with {CLEAR} escapes.\n"
        f"{_filler(2, 60)}\n"
        "\n"
        f"101. Golden {RED}Rules{ESC}[0m\n"
        "\n"
        f"   101.1. Text {OSC_CLIPBOARD} of the golden rule.\x9d0;title\x9c See rule 100.1.\n"
        "\n"
        "Glossary\n"
        "\n"
        f"Pwn Term {OSC_TITLE}\n"
        f"A definition with {CLEAR} and {OSC_LINK} and {C1_CSI}. See Other Term.\n"
        "\n"
        f"Other Term{RED}\n"
        f"Defined {C1_CSI} here{ESC}. See rule 101.1.\n"
        "\n"
        "Credits\n"
        "\n"
        "Nobody.\n"
    )


MARKUP = ("[/]", "[bold]x[/bold]", "[@click=app.quit]quit[/]")


def markup_rules_document() -> str:
    """A small valid Italian rules document whose titles, terms and definitions hold Textual / Rich markup:
    a closing tag with nothing open (``[/]``), a style (``[bold]``), an action link (``[@click=app.quit]``)."""
    return (
        "[/] Regole [bold]x[/bold]\n"
        "\n"
        "Queste regole sono in vigore dal 5 maggio 2031. Vedi regola 100.\n"
        "\n"
        "1. [/] Concetti [bold]x[/bold]\n"
        "\n"
        "100. [/] Generale [@click=app.quit]esci[/]\n"
        "\n"
        "   100.1. [/] Testo [bold]x[/bold] con [@click=app.quit]un'azione[/]. Vedi regola 100.2.\n"
        "   Esempio: [@click=app.quit]esempio[/] di markup.\n"
        "   100.2. [bold]Seconda[/bold] regola. Vedi regola 100.1.\n"
        "\n"
        "Glossario\n"
        "\n"
        "[/] Termine rotto\n"
        "[bold]x[/bold] definizione con [@click=app.quit]esci[/]. Vedi regola 100.1.\n"
        "\n"
        "Crediti\n"
        "\n"
        "Nessuno.\n"
    )
