"""The ``mtg-tutor`` command: thin argument handling over the knowledge base, the engine, lessons and the quiz.

Each group of subcommands lives in its own module (``glossary_cmds``, ``scenario_cmd``, …) with
``add_parsers(sub, ui)`` and ``COMMANDS``; ``GROUPS`` lists them in help order.

Exit status: 0 success; 1 nothing found / knowledge base inconsistent; 2 bad input (arguments,
files). User mistakes get a one-line message naming the argument or file:line, never a traceback.
"""

from __future__ import annotations

import argparse
import sys

from tutor.cli import glossary_cmds, lesson_cmd, quiz_cmd, scenario_cmd
from tutor.cli.common import ArgumentParser, Usage
from tutor.i18n import LANGS, t, ui_lang

__all__ = ["COMMANDS", "GROUPS", "main"]

GROUPS = (glossary_cmds, scenario_cmd, lesson_cmd, quiz_cmd)
COMMANDS = {name: fn for group in GROUPS for name, fn in group.COMMANDS.items()}

# argparse's own words (usage, help, errors) -> catalog keys (texts: argparse.* in tutor/i18n/<lang>.py).
_ARGPARSE = {
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


def _localize_argparse(ui: str) -> None:
    argparse._ = lambda text: t(_ARGPARSE[text], ui) if text in _ARGPARSE else text  # type: ignore[attr-defined]


def _parser(ui: str) -> argparse.ArgumentParser:
    p = ArgumentParser(prog="mtg-tutor", description=t("prog_description", ui))
    p.add_argument("--ui", choices=LANGS, help=t("help_ui", ui))
    sub = p.add_subparsers(dest="command", help=t("help_command", ui))
    for group in GROUPS:
        group.add_parsers(sub, ui)
    return p


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--ui", choices=LANGS)
    known, _ = pre.parse_known_args(argv)
    ui = ui_lang(known.ui)
    _localize_argparse(ui)
    parser = _parser(ui)
    args = parser.parse_args(argv)
    if args.command is None:
        from tutor.app.app import TutorApp

        TutorApp().run()
        return 0
    try:
        return COMMANDS[args.command](args, ui)
    except Usage as exc:
        print(f"mtg-tutor: {exc}", file=sys.stderr)
        return exc.status
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a curated-data or cache problem is reported, not dumped
        from glossary.yamlio import YamlError

        if isinstance(exc, YamlError):
            print(f"mtg-tutor: {t('curated_error', ui, error=exc)}", file=sys.stderr)
            return 2
        raise
