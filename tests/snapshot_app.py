"""The app as the snapshot tests run it: a fixed Italian start, settings not written anywhere, and a cursor
that does not blink (a blinking cursor would make a screenshot depend on the moment it is taken)."""

from textual.widgets import Input

from tutor.app.app import TutorApp

_input_init = Input.__init__


def _steady_cursor(self, *args, **kwargs) -> None:
    _input_init(self, *args, **kwargs)
    self.cursor_blink = False


Input.__init__ = _steady_cursor


class SnapshotApp(TutorApp):
    def __init__(self) -> None:
        super().__init__(settings={"ui": "it", "theme": "textual-dark"})


app = SnapshotApp()

if __name__ == "__main__":
    app.run()
