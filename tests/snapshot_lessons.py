"""The app as the lessons snapshot tests run it: the fixed Italian start and steady cursor of `snapshot_app`
(the progress store is the test's own, in its isolated home)."""

from tests.snapshot_app import SnapshotApp

app = SnapshotApp()

if __name__ == "__main__":
    app.run()
