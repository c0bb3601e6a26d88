"""The export command: `mtg-tutor export FORMAT [--lang it|ru] [--what glossary|quiz|rules] [-o FILE] [--json]`.

Thin argument handling over :mod:`tutor.export` (the registry of formats). Exit status: 0 written; 2 a usage error
(a format that cannot hold the content: ``tbx`` is for the glossary only) or an output that cannot be written
(a missing folder, a directory, no permission, a full disk), with one line naming the file and nothing written.
"""

from __future__ import annotations

import argparse
import sys

from tutor.cli.common import Usage, emit_json, shown, warn
from tutor.i18n import LANGS, t

__all__ = ["COMMANDS", "add_parsers"]

FORMAT_NAMES = ("anki", "csv", "tbx")  # tutor.export.FORMATS' keys (not imported here: the help stays fast)
WHAT_NAMES = ("glossary", "quiz", "rules")


def add_parsers(sub, ui: str) -> None:
    """`export FORMAT [--lang] [--what] [-o FILE] [--json]`."""
    ex = sub.add_parser("export", help=t("help_export", ui))
    ex.add_argument("format", choices=FORMAT_NAMES, help=t("help_export_format", ui))
    ex.add_argument("--lang", choices=LANGS, help=t("help_export_lang", ui))
    ex.add_argument("--what", choices=WHAT_NAMES, default="glossary", help=t("help_export_what", ui))
    ex.add_argument("-o", "--output", metavar="FILE", help=t("help_export_output", ui))
    ex.add_argument("--json", action="store_true", help=t("help_json", ui))


def cmd_export(args: argparse.Namespace, ui: str) -> int:
    """Write the export; say what was written (path, items) in the interface language, or as JSON."""
    from tutor.export import STDOUT, ExportError, StdoutError, export

    lang = args.lang or ui  # the learner's language: the interface language unless --lang says otherwise
    to_stdout = args.output == STDOUT
    if to_stdout and args.json:
        raise Usage(t("export.error.stdout_json", ui))
    if args.what == "quiz" and sys.stderr is not None and sys.stderr.isatty():  # seconds: every question is built
        warn(t("export.working", ui, what=t("export.what.quiz", ui)), prefix="")
    try:
        if to_stdout:
            from tutor.cli import OutputError

            sys.stdout.flush()
            try:
                export(args.format, args.what, lang, STDOUT, stdout=sys.stdout.buffer)
            except StdoutError as exc:  # a closed pipe, a full disk: the usual output error
                raise OutputError(exc.error) from exc
            return 0
        else:
            result = export(args.format, args.what, lang, args.output)
    except ExportError as exc:
        raise Usage(exc.message(ui)) from None
    if args.json:
        emit_json(result.as_dict())
    else:
        print(t("export.done", ui, path=shown(result.path), n=result.items, what=t(f"export.what.{result.what}", ui),
                format=result.format))
    return 0


COMMANDS = {"export": cmd_export}
