"""CSV: one row per item, a header row, for Excel and every spreadsheet.

UTF-8 with a byte order mark (Excel opens a UTF-8 file without one as the system's code page, which breaks
«», accents and Cyrillic), the "excel" dialect of Python's csv module (comma-separated, fields with a comma, a
quote or a line break quoted, CRLF line ends). The header names the columns in the learner's language; the
columns are :data:`tutor.export.items.COLUMNS`. To standard output (``-o -``) without the byte order mark.
"""

from __future__ import annotations

import csv
import io

from tutor.i18n import t

__all__ = ["EXTENSION", "TEXT", "WHATS", "header", "render", "text"]

EXTENSION = "csv"
WHATS = ("glossary", "quiz", "rules")
TEXT = True  # can go to standard output
BOM = "\ufeff"


def header(what: str, lang: str) -> list[str]:
    """The header row: each column's name in `lang`."""
    from tutor.export.items import COLUMNS

    return [t(f"export.col.{what}.{c}", lang) for c in COLUMNS[what]]


def text(what: str, lang: str, found: list) -> str:
    """The table as text (without the byte order mark)."""
    from tutor.export.items import COLUMNS, rows

    out = io.StringIO(newline="")
    writer = csv.writer(out, dialect="excel")
    writer.writerow(header(what, lang))
    for row in rows(what, lang, found):
        writer.writerow([row.fields[c] for c in COLUMNS[what]])
    return out.getvalue()


def render(what: str, lang: str, found: list, *, stream: bool = False) -> bytes:
    """The file's bytes: UTF-8 with a byte order mark (none for a `stream`: standard output)."""
    return (("" if stream else BOM) + text(what, lang, found)).encode("utf-8")
