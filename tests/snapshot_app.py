"""The app as the snapshot tests run it: a fixed Italian start, settings not written anywhere."""

from tutor.app.app import TutorApp


class SnapshotApp(TutorApp):
    def __init__(self) -> None:
        super().__init__(settings={"ui": "it", "theme": "textual-dark"})


app = SnapshotApp()

if __name__ == "__main__":
    app.run()
