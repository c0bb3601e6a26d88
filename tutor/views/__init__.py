"""Presentation models shared by the command line (Rich) and the app (Textual): typed locations and pages,
and a permanent as every board describes it (`tutor.views.board`).

No UI toolkit here: `tutor.render` and `tutor.app.widgets.document` lay these out (the boards:
`tutor.lessons.text`, `tutor.app.widgets.board`, `tutor.quiz.describe`).
"""

from tutor.views.locations import EntryLocation, Location, RuleLocation, location_of, rule_location

_LAZY = {"EntryPage": "tutor.views.model", "RulePage": "tutor.views.model", "entry_page": "tutor.views.pages",
         "page_for": "tutor.views.pages", "rule_page": "tutor.views.pages"}


def __getattr__(name: str):
    """The page model and builders, imported on first use (the app's first frame needs only the locations)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'tutor.views' has no attribute {name!r}")

__all__ = [
    "EntryLocation",
    "EntryPage",
    "Location",
    "RuleLocation",
    "RulePage",
    "entry_page",
    "location_of",
    "page_for",
    "rule_location",
    "rule_page",
]
