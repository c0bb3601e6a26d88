"""The progress store's user-facing texts, its typed error and its notices.

The Italian and Russian texts are in the message catalog (``progress.*`` keys of tutor/i18n/it.py and ru.py); the
English ones, the text of ``str(error)`` and the fallback for any other language, are here (:data:`ENGLISH`).
``MESSAGES`` is the old ``{key: {"it", "ru", "en"}}`` view, derived on use.

>>> e = ProgressError("progress.error.full", path="/x/progress.db")
>>> e.message("ru")
'Диск заполнен: прогресс не сохранён в /x/progress.db. Освободите место и повторите; сохранённый ранее прогресс не пострадал.'
>>> str(e).startswith("Disk full")
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["ENGLISH", "MESSAGES", "Notice", "ProgressError", "message"]  # noqa: F822 - MESSAGES is derived on use

ENGLISH: dict[str, str] = {
    'progress.corrupt_moved': 'The progress file {path} was damaged ({reason}): it was moved to {moved_to} (not deleted) and progress starts afresh.',
    'progress.reason.not_sqlite': 'not an SQLite database',
    'progress.reason.malformed': 'the database is malformed',
    'progress.reason.integrity': 'the integrity check failed',
    'progress.reason.directory': 'a directory was in its place',
    'progress.reason.not_file': 'not a regular file',
    'progress.error.newer': 'The progress file {path} was written by a newer mtg-tutor (schema {found}; this version knows up to {known}): update mtg-tutor. The file was not changed.',
    'progress.error.foreign': '{path} is an SQLite database but not an mtg-tutor progress file: it was left untouched. Move it away or choose another path.',
    'progress.error.directory': 'Cannot create the progress directory {path}: {reason}.',
    'progress.error.cannot_open': 'Cannot open the progress file {path} ({reason}): check that the file and its directory exist and are writable.',
    'progress.error.readonly': 'The progress file {path} (or its directory) is read-only: progress cannot be saved.',
    'progress.error.full': 'Disk full: progress was not saved to {path}. Free some space and try again; the progress saved before is intact.',
    'progress.error.busy': 'The progress file {path} has been busy in another program for more than {seconds} s: try again.',
    'progress.error.corrupt': 'The progress file {path} is damaged: close mtg-tutor and open it again (the damaged file will be moved aside, not deleted).',
    'progress.error.move_aside': 'The progress file {path} is damaged but could not be moved aside: {reason}. Move it by hand and retry.',
    'progress.error.exists': '{path} already exists: the progress backup does not overwrite it. Choose another name.',
    'progress.error.closed': 'The progress file {path} is already closed.',
    'progress.error.io': 'Read or write error on the progress file {path}: {reason}.',
}


def __getattr__(name: str):
    if name == "MESSAGES":  # {key: {"it", "ru", "en"}}: the catalog's texts with the English ones (read-only use)
        from tutor.i18n import catalog

        return {key: {"it": catalog("it")[key], "ru": catalog("ru")[key], "en": text} for key, text in ENGLISH.items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def message(key: str, lang: str, /, **params: object) -> str:
    """The text of `key` in `lang` (``it``, ``ru``; English otherwise), formatted with `params`.

    A ``reason`` parameter that names a ``progress.reason.*`` key is translated too.
    """
    reason = params.get("reason")
    if isinstance(reason, str) and reason.startswith("progress.reason."):
        params = dict(params, reason=message(reason, lang))
    from tutor.i18n import LANGS, t

    if lang in LANGS:
        return t(key, lang, **params)
    return ENGLISH[key].format(**params)


class ProgressError(Exception):
    """A clear, translatable failure of the progress store: ``key`` names the message, ``params`` fill it.

    ``str(error)`` is the English text; ``error.message(lang)`` the Italian or Russian one.
    """

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = {k: str(v) if isinstance(v, Path) else v for k, v in params.items()}
        super().__init__(message(key, "en", **self.params))

    def message(self, lang: str) -> str:
        """The error in the interface language `lang`."""
        return message(self.key, lang, **self.params)


@dataclass(frozen=True)
class Notice:
    """Something the user must be told after opening the store (e.g. a damaged file was moved aside)."""

    key: str
    params: dict[str, str] = field(default_factory=dict)

    def message(self, lang: str) -> str:
        """The notice in the interface language `lang`."""
        return message(self.key, lang, **self.params)
