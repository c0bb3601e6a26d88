"""The app as the quiz snapshot tests run it: Italian, a seeded session at a fixed moment (UTC days and dates), and
a progress store holding twelve days of reviews (written when the app starts, in the test's own home), so that
the quiz and the statistics look the same every run. The cursor does not blink."""

from datetime import UTC

from tests import snapshot_app  # noqa: F401 - the steady cursor
from tests.app.test_app_quiz import prepare_store, quiz_options
from tutor.app.app import TutorApp


class SnapshotQuizApp(TutorApp):
    def __init__(self) -> None:
        super().__init__(settings={"ui": "it", "theme": "textual-dark"})
        self.quiz_options = quiz_options(tz=UTC, timer=lambda: 0.0)

    def on_mount(self) -> None:
        prepare_store(days=12)
        super().on_mount()


app = SnapshotQuizApp()

if __name__ == "__main__":
    app.run()
