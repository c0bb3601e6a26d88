"""Threads made to race: started together (a barrier) while Python switches between them as often as it can
(`sys.setswitchinterval`), so that a race shows at once instead of one run in many."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable


def run_together(count: int, run: Callable[[int], None]) -> None:
    """`run(i)` for i in range(count), each in its own thread, all started at the same moment; returns when all
    have ended."""
    start = threading.Barrier(count)

    def thread(i: int) -> None:
        start.wait()
        run(i)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=thread, args=(i,)) for i in range(count)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    finally:
        sys.setswitchinterval(old)
