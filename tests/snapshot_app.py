"""The app as the snapshot tests run it: a fixed Italian start, settings not written anywhere, and a steady
cursor (a blinking one is on or off depending on how long the machine took to get there)."""

from textual.events import DescendantFocus
from textual.widgets import Input

from tutor.app.app import TutorApp


class SnapshotApp(TutorApp):
    def __init__(self) -> None:
        super().__init__(settings={"ui": "it", "theme": "textual-dark"})

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        if isinstance(event.widget, Input):
            event.widget.cursor_blink = False  # Textual keeps the cursor shown, and stops its timer


app = SnapshotApp()

if __name__ == "__main__":
    app.run()
