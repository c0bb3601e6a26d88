"""What the browsing screens share: a document view, links that navigate, the current location."""

from __future__ import annotations

from textual.screen import Screen
from textual.widget import Widget

from tutor.app.widgets.document import DocumentView
from tutor.app.widgets.linked_text import LinkedText
from tutor.views.locations import Location

__all__ = ["BrowserScreen"]


class BrowserScreen(Screen):
    """A screen with a `#document` view; subclasses add the left column and the input box (`BOX`).

    Tab order: the box, the document's links (in reading order), the document itself (to scroll a page
    without links), then the left column (results, table of contents) — so that one Tab from the box reaches
    the first link, and Shift+Tab the left column.
    """

    BOX = "#search"  # the input box the focus starts in and comes back to
    location: Location | None = None  # what the document view shows now

    @property
    def focus_chain(self) -> list[Widget]:
        chain = super().focus_chain
        document = self.query_one("#document", DocumentView)
        inside = [w for w in chain if w is not document and document in w.ancestors]
        rest = [w for w in chain if w is not document and w not in inside]
        boxes = [w for w in rest if w.id == self.BOX.lstrip("#")]
        others = [w for w in rest if w not in boxes]
        return boxes + inside + ([document] if document in chain else []) + others

    def set_focus(self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False) -> None:
        """A text with links, when focused, shows its current link rather than its whole self (Textual would
        centre a tall text, taking the page's title off the screen)."""
        linked = scroll_visible and isinstance(widget, LinkedText)
        super().set_focus(widget, scroll_visible=scroll_visible and not linked, from_app_focus=from_app_focus)
        if linked and self.focused is widget:
            widget.show_current_link()

    def show_location(self, location: Location) -> bool:
        """Show a location in the document view, from its top; False when it does not exist.

        When the focus was in the document (a link just followed, back from a link), it goes back to the box:
        the new page starts at its title, and one Tab reaches its first link.
        """
        document = self.query_one("#document", DocumentView)
        focused = self.focused
        inside = focused is not None and (focused is document or document in focused.ancestors)
        shown = document.show(location)
        if shown:
            self.location = location
            if inside:
                self.query_one(self.BOX).focus(scroll_visible=False)
            document.scroll_home(animate=False)
            self.call_after_refresh(document.scroll_home, animate=False)  # once the new page is laid out
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
