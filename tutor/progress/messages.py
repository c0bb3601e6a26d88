"""The progress store's user-facing texts, its typed error and its notices.

The texts follow the shape of :data:`tutor.i18n.MESSAGES` (``{key: {"it": ..., "ru": ..., "en": ...}}``) so the
integrator can move them into the catalog unchanged. English is the text of ``str(error)`` and the fallback.

>>> e = ProgressError("progress.error.full", path="/x/progress.db")
>>> e.message("ru")
'Диск заполнен: прогресс не сохранён в /x/progress.db. Освободите место и повторите; сохранённый ранее прогресс не пострадал.'
>>> str(e).startswith("Disk full")
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["MESSAGES", "Notice", "ProgressError", "message"]

MESSAGES: dict[str, dict[str, str]] = {
    "progress.corrupt_moved": {
        "it": "Il file dei progressi {path} era danneggiato ({reason}): è stato spostato in {moved_to} "
              "(non cancellato) e i progressi ripartono da zero.",
        "ru": "Файл прогресса {path} был повреждён ({reason}): он перемещён в {moved_to} "
              "(не удалён), и прогресс начинается заново.",
        "en": "The progress file {path} was damaged ({reason}): it was moved to {moved_to} "
              "(not deleted) and progress starts afresh.",
    },
    "progress.reason.not_sqlite": {
        "it": "non è un database SQLite", "ru": "это не база данных SQLite", "en": "not an SQLite database"},
    "progress.reason.malformed": {
        "it": "il database è illeggibile", "ru": "база данных не читается", "en": "the database is malformed"},
    "progress.reason.integrity": {
        "it": "il controllo di integrità è fallito", "ru": "проверка целостности не пройдена",
        "en": "the integrity check failed"},
    "progress.reason.directory": {
        "it": "al suo posto c'era una cartella", "ru": "на его месте была папка", "en": "a directory was in its place"},
    "progress.reason.not_file": {
        "it": "non è un file normale", "ru": "это не обычный файл", "en": "not a regular file"},
    "progress.error.newer": {
        "it": "Il file dei progressi {path} è stato scritto da una versione più recente di mtg-tutor (schema {found}; "
              "questa versione arriva allo schema {known}): aggiorna mtg-tutor. Il file non è stato modificato.",
        "ru": "Файл прогресса {path} записан более новой версией mtg-tutor (схема {found}; эта версия знает схемы "
              "до {known}): обновите mtg-tutor. Файл не изменён.",
        "en": "The progress file {path} was written by a newer mtg-tutor (schema {found}; this version knows up to "
              "{known}): update mtg-tutor. The file was not changed.",
    },
    "progress.error.foreign": {
        "it": "{path} è un database SQLite ma non un file dei progressi di mtg-tutor: non è stato toccato. "
              "Spostalo altrove o indica un altro percorso.",
        "ru": "{path} — база данных SQLite, но не файл прогресса mtg-tutor: он не тронут. "
              "Переместите его или укажите другой путь.",
        "en": "{path} is an SQLite database but not an mtg-tutor progress file: it was left untouched. "
              "Move it away or choose another path.",
    },
    "progress.error.directory": {
        "it": "Impossibile creare la cartella dei progressi {path}: {reason}.",
        "ru": "Не удалось создать папку для прогресса {path}: {reason}.",
        "en": "Cannot create the progress directory {path}: {reason}.",
    },
    "progress.error.cannot_open": {
        "it": "Impossibile aprire il file dei progressi {path} ({reason}): controlla che il file e la sua cartella "
              "esistano e siano accessibili in scrittura.",
        "ru": "Не удалось открыть файл прогресса {path} ({reason}): проверьте, что файл и его папка существуют "
              "и доступны для записи.",
        "en": "Cannot open the progress file {path} ({reason}): check that the file and its directory exist and "
              "are writable.",
    },
    "progress.error.readonly": {
        "it": "Il file dei progressi {path} (o la sua cartella) è in sola lettura: i progressi non possono essere salvati.",
        "ru": "Файл прогресса {path} (или его папка) доступен только для чтения: прогресс не может быть сохранён.",
        "en": "The progress file {path} (or its directory) is read-only: progress cannot be saved.",
    },
    "progress.error.full": {
        "it": "Disco pieno: i progressi non sono stati salvati in {path}. Libera spazio e riprova; "
              "i progressi salvati prima sono intatti.",
        "ru": "Диск заполнен: прогресс не сохранён в {path}. Освободите место и повторите; "
              "сохранённый ранее прогресс не пострадал.",
        "en": "Disk full: progress was not saved to {path}. Free some space and try again; "
              "the progress saved before is intact.",
    },
    "progress.error.busy": {
        "it": "Il file dei progressi {path} è occupato da un altro programma da più di {seconds} s: riprova.",
        "ru": "Файл прогресса {path} занят другой программой дольше {seconds} с: повторите попытку.",
        "en": "The progress file {path} has been busy in another program for more than {seconds} s: try again.",
    },
    "progress.error.corrupt": {
        "it": "Il file dei progressi {path} risulta danneggiato: chiudi mtg-tutor e riaprilo "
              "(il file danneggiato verrà messo da parte, non cancellato).",
        "ru": "Файл прогресса {path} повреждён: закройте mtg-tutor и откройте снова "
              "(повреждённый файл будет отложен в сторону, а не удалён).",
        "en": "The progress file {path} is damaged: close mtg-tutor and open it again "
              "(the damaged file will be moved aside, not deleted).",
    },
    "progress.error.move_aside": {
        "it": "Il file dei progressi {path} è danneggiato ma non è stato possibile spostarlo da parte: {reason}. "
              "Spostalo a mano e riprova.",
        "ru": "Файл прогресса {path} повреждён, но переместить его не удалось: {reason}. "
              "Переместите его вручную и повторите.",
        "en": "The progress file {path} is damaged but could not be moved aside: {reason}. Move it by hand and retry.",
    },
    "progress.error.exists": {
        "it": "{path} esiste già: la copia dei progressi non lo sovrascrive. Scegli un altro nome.",
        "ru": "{path} уже существует: копия прогресса его не перезаписывает. Выберите другое имя.",
        "en": "{path} already exists: the progress backup does not overwrite it. Choose another name.",
    },
    "progress.error.closed": {
        "it": "Il file dei progressi {path} è già stato chiuso.",
        "ru": "Файл прогресса {path} уже закрыт.",
        "en": "The progress file {path} is already closed.",
    },
    "progress.error.io": {
        "it": "Errore di lettura o scrittura del file dei progressi {path}: {reason}.",
        "ru": "Ошибка чтения или записи файла прогресса {path}: {reason}.",
        "en": "Read or write error on the progress file {path}: {reason}.",
    },
}


def message(key: str, lang: str, /, **params: object) -> str:
    """The text of `key` in `lang` (``it``, ``ru``; English otherwise), formatted with `params`.

    A ``reason`` parameter that names a ``progress.reason.*`` key is translated too.
    """
    texts = MESSAGES[key]
    reason = params.get("reason")
    if isinstance(reason, str) and reason.startswith("progress.reason."):
        params = dict(params, reason=message(reason, lang))
    return (texts.get(lang) or texts["en"]).format(**params)


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
