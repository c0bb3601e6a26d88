"""What the lesson screens share, without Textual: the shipped course, the app's progress store, and where a
lesson text's ``[[concept]]`` link leads. The course map (`screens/lessons.py`) and the lesson player
(`screens/lesson_player.py`, `screens/lesson_panes.py`) both use them.
"""

from __future__ import annotations

from functools import lru_cache

from tutor.i18n import t

__all__ = ["concept_location", "course", "lesson_store"]


@lru_cache(maxsize=1)
def course():
    """The shipped course (loaded and validated once per process)."""
    from tutor.lessons import load_course

    return load_course()


def lesson_store(app):
    """The app's progress store (opened once; None when it cannot be used, with a notice)."""
    if not hasattr(app, "_lesson_store"):
        from tutor.progress import ProgressError, ProgressStore

        try:
            app._lesson_store = ProgressStore.open()
            for notice in app._lesson_store.notices:
                app.notify(notice.message(app.ui), severity="warning", markup=False)
        except ProgressError as exc:
            app._lesson_store = None
            app.notify(exc.message(app.ui), title=t("app.lessons.no_store", app.ui), severity="warning", markup=False)
    return app._lesson_store


@lru_cache(maxsize=2048)  # per knowledge base (hashed by identity): a step's narration is drawn after every key
def concept_location(kb, cid: str, ui: str):
    """Where a ``[[concept]]`` link leads: what the knowledge base's search finds for the concept's name in
    `ui` (its glossary entry, else the rule of a concept without entries); None when nothing is found."""
    from tutor.i18n.terms import concept_name
    from tutor.views.locations import location_of

    try:
        hits = kb.lookup(concept_name(cid, ui), limit=10)["hits"]
    except KeyError:
        return None
    for hit in hits:
        if (hit.get("concept") or {}).get("id") == cid:
            found = location_of(kb, hit["id"])
            if found is not None:
                return found
    return None
