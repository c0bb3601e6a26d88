"""The quiz's tables cached on disk (`tutor.diskcache`): its list of cards and the glossary's concepts as the quiz
uses them (``quiz-bank-<fingerprint>.json``, ``quiz-concepts-<fingerprint>.json`` in the cache directory).

Listing the cards reads every shipped scenario (their checkpoint questions) and the glossary's concepts, and the
concepts need the curated YAML parsed: most of what ``quiz next`` and ``quiz answer`` would spend. The tables
depend only on the knowledge base's inputs, the quiz's code, the card pool and the scenarios, and (which scenario
checkpoints are asked) on the engine, the catalogs and the lesson player's words for boards and moves.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tutor.diskcache import strings

__all__ = ["fingerprint", "read", "strings", "write"]


@lru_cache(maxsize=1)
def _inputs() -> tuple[Path, ...]:
    from tutor.resources import cards_file, code_tree, scenario_files

    # the whole program's code: which scenario checkpoints are listed depends on playing them (the engine, the
    # scenario runner) and on the words of their prompts (the catalogs, the lesson player's boards and moves)
    return (*code_tree("tutor"), cards_file(), *scenario_files())


def fingerprint() -> str:
    """The fingerprint of the quiz's tables (`tutor.diskcache.fingerprint` of its inputs)."""
    from tutor.diskcache import fingerprint as of

    return of(_inputs())


def read(name: str, fp: str, valid) -> object | None:
    """The quiz's table `name` ("bank", "concepts") cached under `fp`, if `valid`; else None."""
    from tutor import diskcache

    return diskcache.read(f"quiz-{name}", fp, valid)


def write(name: str, fp: str, data: object) -> None:
    from tutor import diskcache

    diskcache.write(f"quiz-{name}", fp, data)
