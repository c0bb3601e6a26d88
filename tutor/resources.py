"""Where the program's own data is: the card pool, the scenarios and the course (the top-level ``lessons/``
folder of the project, shipped with the program).

Every reader of that data asks this module, never a path relative to the source tree, so that an installed
program finds the same files. Names are relative to the lessons folder (``"cards.yaml"``,
``"scenarios/t-priority-lifo.yaml"``); `display_name` is what messages show (``lessons/cards.yaml``).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["cards_file", "course_files", "display_name", "lessons_root", "scenario_files"]

_CHECKOUT = Path(__file__).resolve().parent.parent / "lessons"


def lessons_root() -> Path:
    """The folder holding ``cards.yaml``, ``scenarios/`` and ``course/``."""
    return _CHECKOUT


def cards_file() -> Path:
    """The card pool (``lessons/cards.yaml``)."""
    return lessons_root() / "cards.yaml"


def scenario_files() -> list[Path]:
    """Every shipped scenario (``lessons/scenarios/*.yaml``), in name order."""
    return sorted((lessons_root() / "scenarios").glob("*.yaml"))


def course_files() -> list[Path]:
    """Every shipped lesson file (``lessons/course/*.yaml``), in name order (the course order is in the files)."""
    return sorted((lessons_root() / "course").glob("*.yaml"))


def display_name(path: Path) -> str:
    """``lessons/<relative path>`` for a shipped file, else the path as given (for messages: file:line)."""
    try:
        return "lessons/" + path.resolve().relative_to(lessons_root().resolve()).as_posix()
    except ValueError:
        return str(path)
