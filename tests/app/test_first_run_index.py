"""The index is loaded by one thread at a time: the app builds the index in one thread while the quiz builds its
questions in another (issue 19: pressing F3 on a first run crashed one time in three inside snowballstemmer, whose stemmer
objects keep the word being stemmed in their own fields).

The races are made likely rather than hoped for: the threads start together (a barrier) and Python switches
between them as often as it can (`sys.setswitchinterval`); each thread works on words no earlier call has cached.
"""

from __future__ import annotations

import sys
import threading

import pytest

from tests.threads import run_together

pytestmark = pytest.mark.fresh_index  # a first run: the home starts without the index


def race(jobs: list, work) -> list:
    """`work(job)` for every job, one thread each, started together; the results in order (an exception is a
    result)."""
    results: list = [None] * len(jobs)

    def run(i: int) -> None:
        try:
            results[i] = work(jobs[i])
        except Exception as exc:  # noqa: BLE001 - the test compares it
            results[i] = exc

    run_together(len(jobs), run)
    return results


def test_two_threads_loading_the_index_at_once_build_it_once(monkeypatch):
    """A first run (no cache): the app's warm-up and the quiz's questions both ask for the index; the second
    waits for the first and reads the cache it wrote."""
    import glossary.build
    from glossary.kb import load

    built = []
    build = glossary.build.build

    def counting(*args, **kwargs):
        built.append(threading.get_ident())
        return build(*args, **kwargs)

    monkeypatch.setattr(glossary.build, "build", counting)
    got = race([None, None], lambda _: load())
    assert not [r for r in got if isinstance(r, Exception)]
    assert len(built) == 1
    assert got[0].data.entries.keys() == got[1].data.entries.keys()
    assert got[0].lookup("cimitero")["hits"][0]["id"] == got[1].lookup("cimitero")["hits"][0]["id"] == "it:cimitero"


def test_the_quiz_opened_as_soon_as_the_app_starts_on_a_first_run(monkeypatch):
    """The crash as the learner saw it: a fresh home (no index cached), F3 as soon as the first screen is up; the
    index is built by the app's warm-up while the quiz builds its questions (which need the index too). The quiz
    comes up, and the index was built once."""
    pytest.importorskip("textual")
    import asyncio

    import glossary.build
    from tests.pilot import run_app

    built = []
    build = glossary.build.build

    def counting(*args, **kwargs):
        built.append(threading.current_thread().name)
        return build(*args, **kwargs)

    monkeypatch.setattr(glossary.build, "build", counting)

    async def main(app, pilot):
        await pilot.press("f3")
        for _ in range(600):
            screen = app.screen
            if getattr(screen, "session", None) is not None or getattr(screen, "error", None) is not None:
                break
            await asyncio.sleep(0.1)
        return type(app.screen).__name__, app.screen.error, app.screen.question is not None

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        assert run_app(main) == ("QuizScreen", None, True)
    finally:
        sys.setswitchinterval(old)
    assert len(built) == 1
