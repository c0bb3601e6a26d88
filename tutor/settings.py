"""The user's settings as one typed object: each key with its default, its bounds and its validation.

The file (``settings.json``, read by :mod:`tutor.settings_file`) is the user's and may hold anything; what
reaches the program is a :class:`Settings`, whose every value is within its key's bounds. The command line
(``--retention``, ``--count``), the app and the quiz all check a value with the same :data:`SPECS`, so that a
number out of bounds is refused where it enters, with a message naming the key or the argument, and never
reaches FSRS (``quiz_retention = 1e-300`` overflowed its interval formula).

>>> s, problems = Settings.from_mapping({"quiz_retention": 1e-300, "quiz_session_size": 5, "font": "x"})
>>> s.quiz_retention, s.quiz_session_size, s.extra, [(p.key, p.value, p.default) for p in problems]
(0.9, 5, {'font': 'x'}, [('quiz_retention', 1e-300, 0.9)])
>>> SPECS["quiz_retention"].check(0.5)
Traceback (most recent call last):
...
ValueError: quiz_retention: 0.5 is not between 0.7 and 0.99
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from pathlib import Path

from tutor.i18n import DEFAULT_LANG, LANGS

__all__ = ["MAX_ANSWER_MS", "SPECS", "UNREADABLE", "Settings", "SettingsProblem", "Spec", "load", "problem_text"]

# Desired retention: Anki's FSRS accepts 0.70-0.99. Outside of it FSRS's intervals lose their meaning (a
# retention near 0 overflows the interval formula, one near 1 schedules every card for the next day).
RETENTION_MIN, RETENTION_MAX = 0.7, 0.99
MAX_PER_DAY = 1000  # new cards a day, cards a session
MAX_ANSWER_MS = 24 * 3600 * 1000  # an answer's time: a day at most (a longer one is recorded as a day)


@dataclass(frozen=True)
class Spec:
    """One setting: its default and what it accepts (a number within [low, high], or one of `choices`)."""

    key: str
    default: object
    kind: type
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] | None = None

    def ok(self, value: object) -> bool:
        """Whether `value` is usable for this key (never raises)."""
        if isinstance(value, bool) != (self.kind is bool):  # a bool is an int to Python, not to a setting
            return False
        if self.kind is float:
            if not isinstance(value, (int, float)) or not math.isfinite(value):
                return False
        elif not isinstance(value, self.kind):
            return False
        if self.low is not None and not self.low <= value <= self.high:
            return False
        return self.choices is None or value in self.choices

    def check(self, value: object):
        """`value` (a float for a float key) if usable, else ValueError naming the key and the bounds."""
        if not self.ok(value):
            bounds = f"between {self.low} and {self.high}" if self.low is not None else f"one of {self.choices}"
            raise ValueError(f"{self.key}: {value!r} is not {bounds}" if self.choices or self.low is not None
                             else f"{self.key}: {value!r} is not a {self.kind.__name__}")
        return float(value) if self.kind is float else value

    def allowed(self, lang: str) -> str:
        """What the key accepts, in words: "un numero intero da 0 a 1000", "одно из: it, ru", "un testo"."""
        from tutor.i18n import t

        if self.choices:
            return t("settings.allowed_choices", lang, choices=", ".join(self.choices))
        if self.low is not None:
            key = "settings.allowed_float" if self.kind is float else "settings.allowed_int"
            return t(key, lang, low=str(self.low), high=str(self.high))
        if self.kind is bool:
            return t("settings.allowed_bool", lang)
        return t("settings.allowed_text", lang)


SPECS: dict[str, Spec] = {spec.key: spec for spec in (
    Spec("ui", DEFAULT_LANG, str, choices=LANGS),
    Spec("theme", "textual-dark", str),
    Spec("quiz_retention", 0.9, float, RETENTION_MIN, RETENTION_MAX),
    Spec("quiz_new_per_day", 10, int, 0, MAX_PER_DAY),
    Spec("quiz_session_size", 20, int, 0, MAX_PER_DAY),
    # Term questions between Italian and Russian too (for judges and translators); by default a learner's term
    # questions are between English, the language of cards and rules, and the learner's language.
    Spec("quiz_other_language", False, bool),
    # The learner says they know the basics (the first course's turn structure): the second course opens at once,
    # and the quiz counts the first course's topics as studied.
    Spec("knows_basics", False, bool),
)}


UNREADABLE = ""  # the key of the problem of a whole file that cannot be used (every default is used)


@dataclass(frozen=True)
class SettingsProblem:
    """A setting of the file that is not usable (the default is used instead); the key `UNREADABLE` for a file
    that cannot be used at all (unreadable, not a regular file, not a JSON object)."""

    key: str
    value: object
    default: object


@dataclass(frozen=True)
class Settings:
    """Every setting, each within its bounds; `extra` keeps the keys this version does not know (a newer
    version's), so that a save writes them back."""

    ui: str = SPECS["ui"].default
    theme: str = SPECS["theme"].default
    quiz_retention: float = SPECS["quiz_retention"].default
    quiz_new_per_day: int = SPECS["quiz_new_per_day"].default
    quiz_session_size: int = SPECS["quiz_session_size"].default
    quiz_other_language: bool = SPECS["quiz_other_language"].default
    knows_basics: bool = SPECS["knows_basics"].default
    extra: dict = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.name in SPECS:
                SPECS[f.name].check(getattr(self, f.name))

    @classmethod
    def from_mapping(cls, data: dict) -> tuple[Settings, list[SettingsProblem]]:
        """The settings of a file's JSON object over the defaults, and the values refused (each replaced by its
        default)."""
        values, problems = {}, []
        for key, spec in SPECS.items():
            if key in data:
                if spec.ok(data[key]):
                    values[key] = spec.check(data[key])
                else:
                    problems.append(SettingsProblem(key, data[key], spec.default))
        return cls(**values, extra={k: v for k, v in data.items() if k not in SPECS}), problems

    def quiz(self) -> dict:
        """``{"quiz_retention": …, "quiz_new_per_day": …, "quiz_session_size": …, "quiz_other_language": …}``."""
        return {key: getattr(self, key) for key in SPECS if key.startswith("quiz_")}


def load(path: Path | None = None) -> tuple[Settings, list[SettingsProblem]]:
    """The settings of ``settings.json`` (`path`, or the file :func:`glossary.paths.config_path` names) and the
    values refused; a file that is missing, unreadable, not a regular file or not a JSON object means the
    defaults (never an exception, never a wait: a FIFO is refused without being read)."""
    from glossary.paths import config_path
    from glossary.rulesfile import UnusableFile
    from tutor.settings_file import parse_settings, read_bytes

    try:
        data = parse_settings(read_bytes(config_path() if path is None else path))
    except UnusableFile as exc:
        return Settings(), [] if exc.code in ("missing", "dangling-link") else [SettingsProblem(UNREADABLE, None, None)]
    except ValueError:  # not JSON, not an object, too deep
        return Settings(), [SettingsProblem(UNREADABLE, None, None)]
    return Settings.from_mapping(data)


def problem_text(problem: SettingsProblem, lang: str) -> str:
    """The one-line message for a refused setting, the same in the CLI and the app: the file, the key, the value
    as it is written in the file (JSON: control characters escaped), what the key accepts and the default used."""
    import json

    from glossary.paths import config_path
    from tutor.i18n import t

    if problem.key == UNREADABLE:  # the app's words for it (tutor/app/settings.py): the file is left as it is
        return t("settings_unreadable", lang, path=str(config_path()))
    return t("quiz.settings_ignored", lang, file=str(config_path()), key=problem.key,
             value=json.dumps(problem.value, ensure_ascii=False), allowed=SPECS[problem.key].allowed(lang),
             default=str(problem.default))
