"""Where the program's own data is: the card pool, the scenarios and the course (the top-level ``lessons/``
folder of the project, installed as the package ``tutor.lessons_data``; see setup.py).

Every reader of that data asks this module, never a path relative to the source tree, so that an installed
program (a wheel, pipx), an editable install and a checkout find the same files: the folder is located with
`importlib.resources`. Names are relative to the lessons folder (``"cards.yaml"``,
``"scenarios/t-priority-lifo.yaml"``); `display_name` is what messages show (``lessons/cards.yaml``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["app_file", "cards_file", "code_files", "code_tree", "course_files", "display_name", "lessons_root", "scenario_files",
           "web_file"]

LESSONS_PACKAGE = "tutor.lessons_data"


def _package_dir(package: str) -> Path:
    """The folder of an installed package, as a real path (the YAML readers and messages need file names); found
    without importing the package itself (``tutor.lessons`` imports the engine: a disk cache's fingerprint that
    only looks at its files must not pay for that)."""
    from importlib.util import find_spec

    spec = find_spec(package)
    places = list(spec.submodule_search_locations or ()) if spec is not None else []
    if not places or not Path(places[0]).is_dir():  # a zipped installation: not what pip or pipx make
        raise RuntimeError(f"{package}: the package's data is not on a file system ({places!r})")
    return Path(places[0])


def code_files(package: str) -> list[Path]:
    """The Python files of an installed package (``tutor.engine``), in name order: inputs of the disk caches'
    fingerprints (`tutor.diskcache`)."""
    return sorted(_package_dir(package).glob("*.py"))


def code_tree(package: str) -> list[Path]:
    """The Python files of a package and of its subpackages, in path order (see :func:`code_files`)."""
    return sorted(_package_dir(package).rglob("*.py"))


@cache
def lessons_root() -> Path:
    """The folder holding ``cards.yaml``, ``scenarios/`` and ``course/``."""
    return _package_dir(LESSONS_PACKAGE)


def cards_file() -> Path:
    """The card pool (``lessons/cards.yaml``)."""
    return lessons_root() / "cards.yaml"


def scenario_files() -> list[Path]:
    """Every shipped scenario (``lessons/scenarios/*.yaml``), in name order."""
    return sorted((lessons_root() / "scenarios").glob("*.yaml"))


def course_files() -> list[Path]:
    """Every shipped lesson file (``lessons/course/*.yaml``), in name order (the course order is in the files)."""
    return sorted((lessons_root() / "course").glob("*.yaml"))


def app_file(name: str) -> Path:
    """A file shipped with the Textual app (``styles.tcss``), located as package data of ``tutor.app``."""
    return _package_dir("tutor.app") / name


def display_name(path: Path) -> str:
    """``lessons/<relative path>`` for a shipped file, else the path as given (for messages: file:line)."""
    try:
        return "lessons/" + Path(path).resolve().relative_to(lessons_root().resolve()).as_posix()
    except ValueError:
        return str(path)


def web_file(name: str) -> Path:
    """A file of the app's web page (``app_index.html``), package data of ``tutor.web`` (`mtg-tutor serve`)."""
    return _package_dir("tutor.web") / name
