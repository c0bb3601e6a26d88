"""Presentation models shared by the command line (Rich) and the app (Textual): typed locations and pages.

No UI toolkit here: `tutor.render` and `tutor.app.widgets.document` lay these out.
"""

from tutor.views.locations import EntryLocation, Location, RuleLocation, location_of, rule_location
from tutor.views.model import EntryPage, RulePage
from tutor.views.pages import entry_page, page_for, rule_page

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
