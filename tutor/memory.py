"""The program's garbage-collector settings, all of them (the command line and the app only call these).

A read-only command (`tutor.cli`: lookup, show, rule) is a short process that frees nothing it builds: the
collector, which would walk the growing heap again and again while the modules and the index load (some
milliseconds of every lookup), is off for it (`pause_collection`, first thing in ``run``); every other command
turns it back on at once (`resume_collection`).

In the app, objects that live as long as the program are kept out of Python's full garbage collections. The modules (Textual's classes, the message catalogs) and, once loaded, the knowledge base are never freed.
Python's cyclic collector still walks all of them on every full collection: at startup one such pass costs
about a twentieth of the time to the first frame, and while typing a search, a pass over the loaded
knowledge base is a pause of its own. `gc.freeze()` moves the objects alive at that moment into a permanent
generation that collections skip; objects made later are collected as usual.

Until the first frame, the young generation is also collected less often (`collect_later`, from
``tutor/app/__init__.py``, before Textual is imported): the imports and the first screen make objects by the
hundred thousand, nearly all of them kept, and each collection only moves them one generation up (a twentieth of the
startup). The usual thresholds come back once the first screen is up (`collect_as_usual`, from `on_ready`).

The lessons make the same trade once their course is loaded (`settle_lessons`): drawing a lesson's frame
allocates tens of thousands of short-lived objects (Textual's lines and segments), and with Python's threshold
the collector ran a dozen times per move, on objects about to be freed by reference counting anyway.
"""

from __future__ import annotations

import gc

__all__ = ["collect_as_usual", "collect_later", "keep_for_good", "pause_collection", "resume_collection",
           "settle_lessons"]

YOUNG_THRESHOLD = 20_000  # allocations between two collections of the young generation (Python's: 700)
_done: set[str] = set()
_usual: tuple[int, ...] | None = None  # the thresholds to restore


def pause_collection() -> None:
    """No collection at all (a read-only command, until `resume_collection`)."""
    gc.disable()


def resume_collection() -> None:
    """Collections as usual (every command but the read-only ones, the app above all)."""
    gc.enable()


def keep_for_good(stage: str) -> None:
    """Freeze the objects alive now, once per `stage` in a process ("modules": after the imports, "kb": after
    the knowledge base has loaded), so that creating many apps (the tests) freezes nothing twice."""
    if stage not in _done:
        _done.add(stage)
        gc.freeze()


def collect_later() -> None:
    """Collect the young generation every `YOUNG_THRESHOLD` allocations until `collect_as_usual`."""
    global _usual
    if _usual is None:
        _usual = gc.get_threshold()
        _collect_young_every(YOUNG_THRESHOLD)


def collect_as_usual() -> None:
    """The thresholds as they were before `collect_later` (once the first screen is up)."""
    global _usual
    if _usual is not None:
        gc.set_threshold(*_usual)
        _usual = None


def settle_lessons() -> None:
    """Once per process, after the course (and the knowledge base) are loaded: collect, freeze what is alive
    (`keep_for_good`: full collections took 100–200 ms every few moves otherwise), and collect the young
    generation every `YOUNG_THRESHOLD` allocations from then on (a few MB held at most)."""
    global _usual
    if "lessons" in _done:
        return
    gc.collect()
    keep_for_good("lessons")
    _usual = None  # for good: a first frame still to come does not bring Python's threshold back
    _collect_young_every(YOUNG_THRESHOLD)


def _collect_young_every(allocations: int) -> None:
    young, *older = gc.get_threshold()
    gc.set_threshold(max(young, allocations), *older)
