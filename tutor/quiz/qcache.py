"""The questions ``quiz next`` has just asked, kept on disk so that ``quiz answer`` judges them without the engine.

A question is a pure function of its id and of the program's code and data, so ``quiz answer ID`` could always
rebuild it (and does, when it is not here); rebuilding an engine question means importing the engine and playing
the position again, most of what the command would spend. ``quiz next`` keeps the question it printed, every text
rendered in every interface language, in ``quiz-asked-<fingerprint>.json`` in the cache directory
(:mod:`tutor.diskcache`: a file that is damaged, of another shape or of another fingerprint is ignored). The
fingerprint covers the whole program's code (the engine, the texts), the card pool and the scenarios; at most
:data:`KEEP` questions are kept, the newest.
"""

from __future__ import annotations

import typing
from dataclasses import fields
from functools import lru_cache
from pathlib import Path

from tutor.quiz.model import Question

__all__ = ["KEEP", "get", "put"]

KEEP = 64
_NAME = "quiz-asked"


@lru_cache(maxsize=1)
def _inputs() -> tuple[Path, ...]:
    from tutor.resources import cards_file, code_tree, scenario_files

    return (*code_tree("tutor"), cards_file(), *scenario_files())


def _fingerprint() -> str | None:
    from tutor.diskcache import fingerprint

    try:
        return fingerprint(_inputs())
    except OSError:  # a file vanished while it was being looked at
        return None


@lru_cache(maxsize=1)
def _tuple_fields() -> frozenset[str]:
    hints = typing.get_type_hints(Question)
    return frozenset(f.name for f in fields(Question)
                     if hints[f.name] is tuple or typing.get_origin(hints[f.name]) is tuple
                     or any(typing.get_origin(a) is tuple for a in typing.get_args(hints[f.name])))


def _plain(value):
    """`value` as JSON data: texts (`Texts`, rendered now) as dicts, tuples as lists."""
    if isinstance(value, typing.Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _record(q: Question) -> dict:
    return {f.name: _plain(getattr(q, f.name)) for f in fields(Question)}


def _question(record: dict) -> Question:
    tuples = _tuple_fields()

    def back(name, value):
        return tuple(value) if name in tuples and isinstance(value, list) else value

    return Question(**{k: back(k, v) for k, v in record.items()})


def _valid(data: object) -> bool:
    names = {f.name for f in fields(Question)}
    return isinstance(data, list) and all(
        isinstance(r, dict) and set(r) == names and isinstance(r["id"], str) for r in data)


def _read(fp: str) -> list:
    from tutor import diskcache

    return diskcache.read(_NAME, fp, _valid) or []


def put(q: Question) -> None:
    """Keep `q` (the question just asked) for the ``quiz answer`` that follows; nothing when it can't."""
    from tutor import diskcache

    fp = _fingerprint()
    if fp is None:
        return
    kept = [r for r in _read(fp) if r["id"] != q.id][-(KEEP - 1):]
    diskcache.write(_NAME, fp, [*kept, _record(q)])


def get(question_id: str) -> Question | None:
    """The question `question_id` as ``quiz next`` asked it, or None (never asked here, or the program changed)."""
    fp = _fingerprint()
    if fp is None:
        return None
    for r in reversed(_read(fp)):
        if r["id"] == question_id:
            try:
                return _question(r)
            except (TypeError, ValueError):  # a record this version can't rebuild: rebuilt from the id instead
                return None
    return None
