"""A browser tab's app (`mtg-tutor serve`) quits when its server is gone.

The server stops its tabs' apps itself on Ctrl+C or SIGTERM; killed with SIGKILL it cannot, and Textual's web driver
does not end when its input does: the app would wait for ever for a browser that can no longer reach it. Its parent
then becomes another process, which a thread watches for.
"""

from __future__ import annotations

import os
import threading
import time

__all__ = ["quit_when_orphaned"]


def quit_when_orphaned(app, every: float = 1.0) -> threading.Thread:
    """Watch, in a daemon thread, for the parent of this process to change; then ask `app` to exit."""
    server = os.getppid()

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(every)
        try:
            app.call_from_thread(app.exit)
        except RuntimeError:  # the app is already closing
            pass

    thread = threading.Thread(target=watch, daemon=True, name="served-app-watch")
    thread.start()
    return thread
