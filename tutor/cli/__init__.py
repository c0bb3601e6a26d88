"""The ``mtg-tutor`` command: thin argument handling over the knowledge base, the engine, lessons and the quiz.

Each group of subcommands lives in its own module (``glossary_cmds``, ``scenario_cmd``, …) with
``add_parsers(sub, ui)`` and ``COMMANDS``; ``GROUPS`` lists them in help order, with the commands each one
adds. A command imports and builds only its own group (`mtg-tutor lookup` never imports the quiz); the help and
an unknown command build them all.

Exit status: 0 success; 1 nothing found / knowledge base inconsistent; 2 bad input (arguments,
files). User mistakes get a one-line message naming the argument or file:line, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from tutor import debug
from tutor.cli.common import ArgumentParser, Usage, warn
from tutor.cli.compat import ARGPARSE_WORDS as _ARGPARSE  # noqa: F401 - the words argparse says, translated
from tutor.cli.compat import localize_argparse as _localize_argparse
from tutor.i18n import DEFAULT_LANG, LANGS, t, ui_lang

__all__ = ["COMMANDS", "GROUPS", "OutputError", "command", "main", "run"]

# The groups of subcommands, in help order: module (under tutor.cli) -> the commands its add_parsers adds.
GROUPS = {
    "glossary_cmds": ("lookup", "show", "rule", "kb", "import-rules"),
    "scenario_cmd": ("scenario",),
    "lesson_cmd": ("lesson",),
    "quiz_cmd": ("quiz", "progress"),
    "export_cmd": ("export",),
    "explain_cmd": ("explain",),
    "serve_cmd": ("serve",),
}
_GROUP_OF = {name: group for group, names in GROUPS.items() for name in names}
COMMANDS: dict = {}  # command -> function, filled as the groups are imported (tests may put their own here)


def _group(module: str):
    group = importlib.import_module(f"tutor.cli.{module}")
    for name, fn in group.COMMANDS.items():
        COMMANDS.setdefault(name, fn)
    return group


def command(name: str):
    """The function that runs the subcommand `name` (its group imported on first use)."""
    if name not in COMMANDS:
        _group(_GROUP_OF[name])
    return COMMANDS[name]

class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, with the terminal width found without importing shutil (and with it bz2, lzma
    and zlib: some milliseconds of every command), the way shutil.get_terminal_size finds it."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        if width is None:
            width = _terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _terminal_columns() -> int:
    import os

    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _ArgumentParser(ArgumentParser):
    """The command's parsers (the subcommands' too: add_subparsers makes parsers of this class)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


def _parser(ui: str, name: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: with `name`, a known subcommand, only its group's subparsers (what
    parsing that command needs); otherwise all of them (the help, the app, an unknown command's error)."""
    p = _ArgumentParser(prog="mtg-tutor", description=t("prog_description", ui))
    p.add_argument("--ui", choices=LANGS, help=t("help_ui", ui))
    p.add_argument("--debug", action="store_true", help=t("help_debug", ui))
    sub = p.add_subparsers(dest="command", help=t("help_command", ui))
    for module in GROUPS if name not in _GROUP_OF else (_GROUP_OF[name],):
        _group(module).add_parsers(sub, ui)
    return p


# Commands that only read: after them the interpreter's teardown (freeing the index object by object, 10-20 ms
# with the English rules imported) is skipped by `run`.
_READ_ONLY = ("lookup", "show", "rule")
_done_reading = False  # set by main when a read-only command has finished and flushed its output


def run() -> None:
    """The program's entry point (the ``mtg-tutor`` script, ``python -m tutor``): `main`, then exit with its
    status. After a read-only command whose output is flushed, nothing is pending (no file open for writing, no
    thread, no handler), so the process ends at once instead of tearing the index down. The garbage collector
    is off until the command is known, and stays off for a read-only one (`tutor.memory`)."""
    from tutor.memory import pause_collection

    pause_collection()
    try:
        status = main()
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # done: a late Ctrl+C does not turn the exit into a kill
    except KeyboardInterrupt:  # Ctrl+C after main's own handler, before the line above
        status = 130
    if _done_reading:
        import os

        try:
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        else:
            os._exit(status)
    sys.exit(status)


def main(argv: list[str] | None = None) -> int:
    """Run one ``mtg-tutor`` command (the app without one); returns the exit status.

    The edge of every command: a user mistake is a one-line message (2); Ctrl+C ends with 130; a closed pipe
    (``| head``) quietly with 0; an output that cannot be written (closed, ``/dev/full``) with a message and 2;
    characters the terminal's encoding lacks are replaced; any other failure is one "internal error" line and 2
    (the traceback with ``MTG_TUTOR_DEBUG=1``). A crash of the app exits non-zero.
    """
    closed = _guard_standard_streams()
    saved = sys.stdout
    sys.stdout = _Output(saved)
    ui = "it"
    try:
        argv = sys.argv[1:] if argv is None else argv
        _note_user_values(argv)
        _localize_argparse(DEFAULT_LANG)  # even the pre-parser's few words: never gettext (its locale look-ups)
        pre = _ArgumentParser(add_help=False)
        pre.add_argument("--ui", choices=LANGS)
        pre.add_argument("--debug", action="store_true")
        pre.add_argument("command", nargs="?")
        known, _ = pre.parse_known_args(argv)
        if known.debug:  # source files, lines and ids shown (tutor.debug), a crash's traceback too
            debug.enable()
        if known.command not in _READ_ONLY:
            from tutor.memory import resume_collection

            resume_collection()
        ui = ui_lang(known.ui)
        if 1 in closed:
            _say(t("output_error", ui, error=t("output_closed", ui)))
            return 2
        if known.command in _WRITERS:
            _terminate_cleanly()
        try:
            status = _run(argv, ui, known.command)
        except SystemExit:  # argparse: --help (0) or a usage error (2, already printed); output errors first
            sys.stdout.flush()
            raise
        sys.stdout.flush()
        global _done_reading
        _done_reading = known.command in _READ_ONLY and status in (0, 1)
        return status
    except KeyboardInterrupt:
        _quiet_stdout(saved)
        _say(t("interrupted", ui))
        return 130
    except OutputError as exc:
        _quiet_stdout(saved)
        if isinstance(exc.error, BrokenPipeError):  # the reader went away (`| head`): nothing more to say
            return 0
        note = f". {exc.note}" if exc.note else ""  # what was done all the same (`quiz answer`: recorded)
        _say(t("output_error", ui, error=exc.error.strerror or exc.error) + note)
        return 2
    except BrokenPipeError:
        _quiet_stdout(saved)
        return 0
    except Exception as exc:
        return _internal_error(exc, ui)
    finally:
        sys.stdout = saved


def _run(argv: list[str], ui: str, name: str | None = None) -> int:
    _localize_argparse(ui)
    before = argv[:argv.index(name)] if name in argv else argv
    parser = _parser(ui, None if "-h" in before or "--help" in before else name)  # `-h lookup`: the whole help
    args, extra = parser.parse_known_args(argv)
    if extra and args.command == "scenario" and not any(x.startswith("-") for x in extra):
        args.files.extend(extra)  # `scenario run --all x.yaml`: files after an option (the command says no)
    elif extra:
        parser.error(t("argparse.unrecognized", ui) % " ".join(extra))
    if args.command is None:
        from tutor.app.app import TutorApp
        from tutor.i18n import chosen_ui

        app = TutorApp(ui=chosen_ui(args.ui))  # --ui, MTG_TUTOR_UI or the locale win over the saved setting
        app.run()
        return app.return_code or 0  # 1 after a crash (Textual's `return_code`)
    try:
        return command(args.command)(args, ui)
    except Usage as exc:
        warn(str(exc))
        return exc.status
    except Exception as exc:  # a curated-data problem is reported, not dumped
        from glossary.yamlio import YamlError

        if isinstance(exc, YamlError):
            warn(t("curated_error", ui, error=exc))
            return 2
        raise


# ---- the edge: standard streams, signals, unexpected errors ---------------------------------------------
DEBUG_VARIABLE = debug.VARIABLE
_WRITERS = ("import-rules", "kb", "export")  # the commands that write files: SIGTERM must let them clean up


def _note_user_values(argv: list[str]) -> None:
    """The arguments and the data directory, for the messages that echo them: one holding a newline or another
    control character is shown quoted and escaped (`tutor.cli.common.one_line`), never split over two lines."""
    import os

    from tutor.cli.common import note_user_values

    note_user_values([*argv, os.environ.get("MTG_TUTOR_HOME") or ""])  # glossary.paths.HOME_VARIABLE


def _guard_standard_streams() -> set[int]:
    """Make the standard streams safe to use; the set of those that were closed at start (0, 1, 2).

    A closed descriptor is reopened on the null device, so that no file the program opens later (a cache, a
    rules file) takes its number and receives the output; a stream whose encoding lacks a character replaces
    it (``PYTHONIOENCODING=ascii``, a ``LANG=C`` terminal) instead of failing.
    """
    import os

    closed: set[int] = set()
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed.add(fd)
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    for name, fd in (("stdout", 1), ("stderr", 2)):
        stream = getattr(sys, name)
        if stream is None or fd in closed:
            setattr(sys, name, open(fd, "w", encoding="utf-8", errors="replace", closefd=False))  # noqa: SIM115
        elif getattr(stream, "errors", "strict") == "strict" and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (OSError, ValueError):
                pass
    return closed


def _terminate_cleanly() -> None:
    """SIGTERM ends the program through the normal exit path, so that a write in progress removes its
    temporary file (`glossary.paths.write_atomic`), as it does for Ctrl+C."""
    import signal

    def stop(signum, frame):
        raise SystemExit(128 + signum)

    try:
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, stop)
    except (ValueError, OSError, AttributeError):  # not the main thread, or no SIGTERM here
        pass


class OutputError(Exception):
    """Standard output could not be written (closed pipe, full disk, closed descriptor): `error` says why."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error
        self.note = ""  # a sentence the command adds to the message (what it did all the same)


class _Output:
    """Standard output, with write errors told apart from every other OSError of a command (`OutputError`)."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise OutputError(exc) from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise OutputError(exc) from exc

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _quiet_stdout(stream) -> None:
    """Point standard output at the null device, so that the final flush at exit cannot fail again."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def _say(message: str) -> None:
    try:
        warn(message)
    except (OSError, ValueError):
        pass


def _internal_error(exc: BaseException, ui: str) -> int:
    """One line for an unexpected failure (a bug); the traceback only with MTG_TUTOR_DEBUG=1."""
    if debug.enabled():
        import traceback

        try:
            traceback.print_exception(exc, file=sys.stderr)
        except (OSError, ValueError):
            pass
    detail = f"{type(exc).__name__}: {exc}".strip().rstrip(":")
    _say(t("internal_error", ui, error=" ".join(detail.split())[:300], variable=DEBUG_VARIABLE))
    return 2
