"""What every command shares: the usage error, query cleaning, JSON output, the console, the knowledge base.

Nothing that comes from a file or the command line reaches the terminal raw: the texts are cleaned where
they enter (`glossary.text.strip_controls` in the parsers and the YAML reader), and what is printed goes
through a last guard here (the usage message, the argument parser's messages, `warn` for every line on
standard error, the console, the JSON).
"""

from __future__ import annotations

import argparse
import re
import sys

from glossary.text import has_controls, shown, strip_controls
from tutor.i18n import t

__all__ = ["ArgumentParser", "Usage", "clean_query", "console", "emit_json", "input_stream", "kb", "note_user_values",
           "one_line", "read_answer", "report_rules_problems", "rules_problem_text", "shown", "warn"]


# Values the user gave (the arguments, $MTG_TUTOR_HOME) that hold control characters, a newline above all:
# a message that echoes one shows it quoted and escaped (`glossary.text.shown`), so that it stays one line.
_UNSAFE_VALUES: list[str] = []


def note_user_values(values) -> None:
    """Remember the user's values (the arguments, the data directory) that a message must show escaped."""
    _UNSAFE_VALUES[:] = sorted({v for v in values if isinstance(v, str) and shown(v) != v and strip_controls(v).strip()},
                               key=len, reverse=True)  # (a bare "\n" is no name to find in a message)


def one_line(message: str) -> str:
    """`message` with every remembered user value in it quoted and escaped («x\\ny» becomes 'x\\ny'), then
    without control characters.

    >>> note_user_values(["evil\\nmtg-tutor: fake", "ok"])
    >>> one_line("Lezione sconosciuta: evil\\nmtg-tutor: fake. Ok.")
    "Lezione sconosciuta: 'evil\\\\nmtg-tutor: fake'. Ok."
    >>> note_user_values([])
    """
    for value in _UNSAFE_VALUES:
        if value in message:
            message = message.replace(f"«{value}»", shown(value)).replace(value, shown(value))
    return strip_controls(message)


class Usage(Exception):
    """A user mistake: message already in the interface language; exit status 2 (or the given one).

    The message may echo an argument or a file name: its control characters are dropped (an argument holding
    them is shown escaped: `one_line`).

    >>> str(Usage("file non trovato: evil\\x1b]0;pwned\\x07.txt"))
    'file non trovato: evil.txt'
    """

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(one_line(str(message)))
        self.status = status


def input_stream(ui: str):
    """Standard input, for the commands that read answers from it (``quiz``, ``lesson play``); a closed one
    (``<&-``) is a usage error that says so (exit 2), before anything is read or written."""
    stream = sys.stdin
    if stream is None or getattr(stream, "closed", False):
        raise Usage(t("input_closed", ui))
    return stream


def read_answer(stream) -> str | None:
    """One line of the learner's input, None at its end; control characters and escape sequences dropped
    (the line is echoed when piped, and kept as the answer given)."""
    line = stream.readline()
    if not line:
        return None
    return strip_controls(line).strip()


def warn(message: str, prefix: str = "mtg-tutor: ") -> None:
    """One line on standard error, without control characters: messages echo file names (a rules file or a
    scenario folder called ``"x\\x1b]0;pwned\\x07"``), arguments and the details of errors read from files.

    >>> import contextlib, io
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     warn("file ignorato: /tmp/evil\x1b]0;pwned\x07.txt")
    >>> err.getvalue()
    'mtg-tutor: file ignorato: /tmp/evil.txt\\n'
    """
    print(one_line(f"{prefix}{message}"), file=sys.stderr, flush=True)


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, whose messages (which echo the arguments: "unrecognized arguments: …") are
    printed without control characters."""

    def print_usage(self, file=None) -> None:
        _write(self.format_usage(), sys.stdout if file is None else file)

    def print_help(self, file=None) -> None:
        _write(self.format_help(), sys.stdout if file is None else file)

    def exit(self, status: int = 0, message: str | None = None):
        _write(message, sys.stderr)
        sys.exit(status)


def _write(message: str | None, file) -> None:
    """Write one of the parser's messages, as argparse does (nothing when there is no file to write to)."""
    if message:
        try:
            file.write(one_line(message))
        except (AttributeError, OSError):
            pass


def clean_query(raw: str, ui: str) -> str:
    """Drop escape sequences, control characters and surplus spaces; refuse an empty query; cut an overlong
    one (with a warning)."""
    from glossary.search import MAX_QUERY
    from glossary.search import clean_query as clean

    raw = strip_controls(raw)  # whole sequences: "cimitero\x1b]0;x\x07" is "cimitero", not "cimitero ]0;x"
    text = clean(raw)
    if not text:
        raise Usage(t("empty_query", ui))
    if len(" ".join(raw.split())) > MAX_QUERY:
        warn(t("query_truncated", ui, n=MAX_QUERY), prefix="")
    return text


_C1 = re.compile("[\x7f-\x9f]")


def json_text(data: object, ascii_only: bool = False) -> str:
    """A JSON document (UTF-8, indented) that a terminal cannot take for commands: C0 controls are escaped by
    `json` itself, DEL and the C1 controls (left raw with ``ensure_ascii=False``) are escaped here.

    >>> json_text({"t": "a\\x1b[2J\\x9b31m"})
    '{\\n  "t": "a\\\\u001b[2J\\\\u009b31m"\\n}'
    """
    import json  # only for --json: a table or a page need not load it

    text = json.dumps(data, ensure_ascii=ascii_only, indent=2)
    return _C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def emit_json(data: object) -> None:
    """Print a JSON document (UTF-8, indented) on standard output; with ``\\u`` escapes where the output's
    encoding is not UTF-8 (``PYTHONIOENCODING=ascii``), so that the document stays exact."""
    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower().replace("-", "").replace("_", "")
    sys.stdout.write(json_text(data, ascii_only=not encoding.startswith("utf")) + "\n")


class _Clean:
    """A renderable whose text segments lose their control characters (Rich's own styles are not text)."""

    def __init__(self, renderable) -> None:
        self.renderable = renderable

    def __rich_console__(self, console, options):
        from rich.segment import Segment

        for segment in console.render(self.renderable, options):
            if segment.control is None and has_controls(segment.text):
                yield Segment(strip_controls(segment.text), segment.style)
            else:
                yield segment


class _CleanHook:
    """The console's render hook: every printed renderable is wrapped in `_Clean`."""

    def process_renderables(self, renderables: list) -> list:
        return [_Clean(r) for r in renderables]


def console(**options):
    """A Rich console for people: no automatic highlighting, no markup or emoji codes read in data, and no
    control character of any text printed (a last guard: the texts are cleaned where they enter).
    `options` go to Rich's `Console` (``file=``, ``force_terminal=`` in tests)."""
    from rich.console import Console

    out = Console(highlight=False, markup=False, emoji=False, **options)
    out.push_render_hook(_CleanHook())
    return out


def rules_problem_text(problem, ui: str) -> str:
    """One unusable rules file, in words: ``path: reason (detail)``."""
    reason = t(f"rules_file.{problem.code}", ui)
    return f"{problem.path}: {reason}" + (f" ({problem.detail})" if problem.detail else "")


def report_rules_problems(ui: str) -> None:
    """After a rebuild, one line on standard error for each unusable file of the rules directory."""
    from glossary.index import take_new_problems

    for p in take_new_problems():
        warn(t("rules_file_skipped", ui, problem=rules_problem_text(p, ui)))


def kb(ui: str | None = None):
    """The knowledge base (from the compiled index); after a rebuild, the unusable rules files are reported on
    standard error (in `ui`, or the interface language of the environment)."""
    from glossary.kb import load
    from tutor.i18n import ui_lang

    base = load()
    report_rules_problems(ui or ui_lang(None))
    return base
