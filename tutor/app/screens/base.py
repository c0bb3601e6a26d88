"""What the browsing screens share: a document view, links that navigate, the current location."""

from __future__ import annotations

from textual.screen import Screen

from tutor.app.widgets.document import DocumentView
from tutor.views.locations import Location

__all__ = ["BrowserScreen"]


class BrowserScreen(Screen):
    """A screen with a `#document` view; subclasses add the left column and the input box."""

    location: Location | None = None  # what the document view shows now

    def show_location(self, location: Location) -> bool:
        """Show a location in the document view; False when it does not exist."""
        shown = self.query_one("#document", DocumentView).show(location)
        if shown:
            self.location = location
        return shown

    def on_document_view_link_chosen(self, event: DocumentView.LinkChosen) -> None:
        self.app.navigate(event.location, screen=self)
