"""Objects that live as long as the program, kept out of Python's full garbage collections.

The modules (Textual's classes, the message catalogs) and, once loaded, the knowledge base are never freed.
Python's cyclic collector still walks all of them on every full collection: at startup one such pass costs
about a twentieth of the time to the first frame, and while typing a search, a pass over the loaded
knowledge base is a pause of its own. `gc.freeze()` moves the objects alive at that moment into a permanent
generation that collections skip; objects made later are collected as usual.
"""

from __future__ import annotations

import gc

__all__ = ["keep_for_good"]

_done: set[str] = set()


def keep_for_good(stage: str) -> None:
    """Freeze the objects alive now, once per `stage` in a process ("modules": after the imports, "kb": after
    the knowledge base has loaded), so that creating many apps (the tests) freezes nothing twice."""
    if stage not in _done:
        _done.add(stage)
        gc.freeze()
