"""What every command shares: the usage error, query cleaning, JSON output, the console, the knowledge base."""

from __future__ import annotations

import json
import sys

from tutor.i18n import t

__all__ = ["Usage", "clean_query", "console", "emit_json", "kb"]


class Usage(Exception):
    """A user mistake: message already in the interface language; exit status 2 (or the given one)."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def clean_query(raw: str, ui: str) -> str:
    """Drop control characters and surplus spaces; refuse an empty query; cut an overlong one (with a warning)."""
    from glossary.search import MAX_QUERY
    from glossary.search import clean_query as clean

    text = clean(raw)
    if not text:
        raise Usage(t("empty_query", ui))
    if len(" ".join(raw.split())) > MAX_QUERY:
        print(t("query_truncated", ui, n=MAX_QUERY), file=sys.stderr)
    return text


def emit_json(data: object) -> None:
    """Print a JSON document (UTF-8, indented) on standard output."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def console():
    """A Rich console for people (no automatic highlighting)."""
    from rich.console import Console

    return Console(highlight=False)


def kb():
    """The knowledge base (from the compiled index)."""
    from glossary.kb import load

    return load()
