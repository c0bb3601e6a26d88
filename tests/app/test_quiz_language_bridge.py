"""The quiz follows the learner's language: a term question is between English and the learner's language, so
switching the interface language plans today's session again in the new language (the answers given are kept)."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from tests.app.test_app_quiz import answer_right, open_quiz, run  # noqa: E402


def _pair(q) -> str | None:
    return q.id.split(":")[1] if q.kind == "term" else None


def test_switching_language_on_an_italian_term_question_asks_russian_ones(isolated_home):
    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        for _ in range(12):  # to the first term question (the kinds take turns)
            if screen.question.kind == "term":
                break
            await answer_right(screen, pilot, screen.question)
            await pilot.pause()
            await pilot.press("enter")
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert _pair(screen.question) in ("en-it", "it-en")
        await pilot.press("ctrl+l")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        asked = []
        for _ in range(12):
            q = screen.question
            assert q is not None and "ru" in q.data.get("langs", ("ru",)), q.id
            asked.append(_pair(q))
            await answer_right(screen, pilot, q)
            await pilot.pause()
            await pilot.press("enter")
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.finished:
                break
        return [p for p in asked if p] and all(p in ("en-ru", "ru-en") for p in asked if p)
    assert run(go, size=(100, 36), kind="term")
