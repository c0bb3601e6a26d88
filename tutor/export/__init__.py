"""Exports: the glossary, the quiz and the rules' digest as an Anki deck, a CSV table or a TBX termbase.

One headless registry of formats (:data:`FORMATS`: a name -> its module, imported on first use); the command line
(``mtg-tutor export``) and the app's command palette only call :func:`export`. A format module has ``EXTENSION``,
``WHATS`` (the contents it can hold) and ``render(what, lang, items, stream=False) -> bytes``; the items come from
:mod:`tutor.export.items` (the knowledge base and the question bank, in the learner's language).

The file is written all at once: to a temporary file in the same folder, flushed to the disk, then renamed over
the target; on any failure (a missing folder, a directory, no permission, a full disk, Ctrl+C) the temporary file
is removed and nothing is left half-written (:func:`write_file`). A failure is an :class:`ExportError`, whose
message names the file in the learner's language.
"""

from __future__ import annotations

import importlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from tutor.i18n import t

__all__ = ["FORMATS", "WHATS", "ExportError", "Result", "StdoutError", "default_name", "export", "format_module", "supports",
           "write_file"]

FORMATS = {"anki": "tutor.export.anki", "csv": "tutor.export.csv", "tbx": "tutor.export.tbx"}
WHATS = ("glossary", "quiz", "rules")
STDOUT = "-"


class ExportError(Exception):
    """An export that cannot be made: `key` names a catalog message (``export.error.*``), `fields` fill it."""

    def __init__(self, key: str, /, **fields: object) -> None:
        super().__init__(f"{key}: {fields}")
        self.key = key
        self.fields = fields

    def message(self, lang: str) -> str:
        """The error in the interface language (a path holding a control character shown quoted and escaped)."""
        from glossary.text import shown

        return t(self.key, lang, **{k: shown(str(v)) if k in ("path", "folder") else v for k, v in self.fields.items()})


class StdoutError(Exception):
    """Standard output could not take the export (`error`: the OSError)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


@dataclass(frozen=True)
class Result:
    """What an export wrote: the format, the content, the language, the file (``-``: standard output) and how many
    items."""

    format: str
    what: str
    lang: str
    path: str
    items: int

    def as_dict(self) -> dict:
        """The ``--json`` contract: ``{"format", "what", "lang", "path", "items"}``."""
        return {"format": self.format, "what": self.what, "lang": self.lang, "path": self.path, "items": self.items}


def format_module(name: str):
    """The module of the format `name` (imported now)."""
    return importlib.import_module(FORMATS[name])


def supports(fmt: str, what: str) -> bool:
    """Whether the format `fmt` can hold `what` (TBX: the glossary only)."""
    return what in format_module(fmt).WHATS


def default_name(fmt: str, what: str, lang: str) -> str:
    """The file name an export takes when none is given: ``mtg-tutor-glossary-it.apkg``."""
    return f"mtg-tutor-{what}-{lang}.{format_module(fmt).EXTENSION}"


def export(fmt: str, what: str, lang: str, path: str | os.PathLike | None = None, *, kb=None,
           stdout=None) -> Result:
    """Export `what` (glossary, quiz, rules) in `lang` as `fmt` to `path` (None: the default name in the current
    folder; ``-``: `stdout`, a binary stream, for csv and tbx). Raises :class:`ExportError`."""
    from tutor.export.items import items

    if fmt not in FORMATS:
        raise ExportError("export.error.format", format=fmt, formats=", ".join(FORMATS))
    if what not in WHATS:
        raise ExportError("export.error.what", what=what, whats=", ".join(WHATS))
    module = format_module(fmt)
    if not supports(fmt, what):
        raise ExportError("export.error.unsupported", format=fmt, what=what, whats=", ".join(module.WHATS))
    target = str(path) if path is not None else default_name(fmt, what, lang)
    if target == STDOUT and not getattr(module, "TEXT", False):
        raise ExportError("export.error.stdout", format=fmt)
    if target != STDOUT:
        check_target(target)  # before the work: a wrong folder is said at once
    found = items(what, lang, kb)
    data = module.render(what, lang, found, stream=target == STDOUT)
    if target == STDOUT:
        try:
            stdout.write(data)
            stdout.flush()
        except OSError as exc:  # a closed pipe, a full disk: the caller's output error, told apart from the rest
            raise StdoutError(exc) from exc
    else:
        write_file(target, data)
    return Result(fmt, what, lang, target, len(found))


def check_target(target: str | os.PathLike) -> Path:
    """The file to write (a symbolic link followed to its target): refused when it cannot be a file — empty, a
    directory or a name ending with a separator (``keep.csv/``: pathlib would drop the slash), in a folder that
    does not exist, a name the system refuses (too long)."""
    raw = os.fspath(target)
    if not raw.strip():
        raise ExportError("export.error.empty")
    path = Path(raw)
    try:
        if path.is_dir():
            raise ExportError("export.error.directory", path=raw)
        if raw.endswith(("/", os.sep, "/.")) or (os.altsep and raw.endswith(os.altsep)):
            raise ExportError("export.error.not_file", path=raw)
        if path.is_symlink():
            path = Path(os.path.realpath(path))
        parent = path.parent
        if not parent.is_dir():
            raise ExportError("export.error.no_folder", path=raw, folder=str(parent))
    except OSError as exc:
        raise ExportError("export.error.write", path=raw, error=exc.strerror or exc) from None
    return path


def write_file(path: Path, data: bytes) -> None:
    """Write `data` to `path` all at once (a temporary file beside it, fsync, rename; the temporary file removed on
    any failure, Ctrl+C included). The file gets the usual permissions (0666 less the umask). An error is an
    :class:`ExportError` naming the file."""
    raw = os.fspath(path)
    path = check_target(path)
    try:
        st = os.stat(path)
    except OSError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):  # a device or a pipe (/dev/null, /dev/stdout): written
        try:                                              # through, never replaced by a file
            with open(path, "wb") as out:
                out.write(data)
        except OSError as exc:
            raise ExportError("export.error.write", path=raw, error=exc.strerror or exc) from None
        return
    from glossary.paths import write_atomic

    try:  # a file replaced keeps its permissions and owner; a new one gets the usual ones (0666 less the umask)
        write_atomic(path, data, like=st, perm=0o666)
    except OSError as exc:
        raise ExportError("export.error.write", path=raw, error=exc.strerror or exc) from None
