"""The command line's only use of a private name of argparse: its words in the interface language.

argparse writes its own words (the "usage: " prefix, the help sections' titles, the help option's help, every
error it finds while parsing: "the following arguments are required", "invalid choice", …) through the
module's gettext alias, ``argparse._``. Its public API cannot change them: the errors reach
`ArgumentParser.error` already worded in English, the section titles and the ``-h`` help are set inside
`ArgumentParser.__init__`, and installing gettext catalogs would mean compiled ``.mo`` files chosen by the
process's locale variables (and gettext's locale look-ups on every command). So ``argparse._`` is replaced by
a look-up in the catalog (texts ``argparse.*`` in tutor/i18n/<lang>.py).

This module is the CLI's counterpart of tutor/app/compat.py (which holds the app's private names of Textual
and Rich): the command line must not import tutor/app (Textual, and the time to import it). tests/app/test_compat.py
checks, on the installed Python, that argparse still words each of these messages through ``argparse._``.
Checked on Python 3.11 (pyproject.toml: requires-python >=3.11).
"""

from __future__ import annotations

import argparse

from tutor.i18n import t

__all__ = ["ARGPARSE_WORDS", "localize_argparse"]

# argparse's own words (usage, help, errors) -> catalog keys (texts: argparse.* in tutor/i18n/<lang>.py).
ARGPARSE_WORDS = {
    "usage: ": "argparse.usage",
    "positional arguments": "argparse.positional",
    "options": "argparse.options",
    "show this help message and exit": "argparse.help",
    "%(prog)s: error: %(message)s\n": "argparse.error",
    "the following arguments are required: %s": "argparse.required",
    "one of the arguments %s is required": "argparse.one_required",
    "invalid choice: %(value)r (choose from %(choices)s)": "argparse.invalid_choice",
    "invalid %(type)s value: %(value)r": "argparse.invalid_value",
    "unrecognized arguments: %s": "argparse.unrecognized",
    "expected one argument": "argparse.expected_one",
    "expected at most one argument": "argparse.expected_at_most_one",
    "expected at least one argument": "argparse.expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "argparse.ambiguous",
    "argument %(argument_name)s: %(message)s": "argparse.argument",
    "ignored explicit argument %r": "argparse.ignored_explicit",
    "not allowed with argument %s": "argparse.not_allowed_with",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "argparse.unknown_parser",
}


def localize_argparse(ui: str) -> None:
    """argparse's words in the language `ui` from now on (for every parser; the other words as they are)."""
    argparse._ = lambda text: t(ARGPARSE_WORDS[text], ui) if text in ARGPARSE_WORDS else text  # type: ignore[attr-defined]
