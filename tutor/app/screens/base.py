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

    def on_screen_resume(self) -> None:
        """Back on this screen (a mode switch): speak the current language and show where the history is
        (one history across the screens), with its trail."""
        app = self.app
        if getattr(self, "shown_ui", app.ui) != app.ui and hasattr(self, "refresh_texts"):
            self.refresh_texts()
        self.shown_ui = app.ui
        here = app.history.current
        if here is not None and here != self.location:
            self.show_location(here)
        app._update_breadcrumb(self)

    def on_document_view_link_chosen(self, event: DocumentView.LinkChosen) -> None:
        self.app.navigate(event.location, screen=self)
