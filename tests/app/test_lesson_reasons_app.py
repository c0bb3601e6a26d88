"""Issue 20, point 6, in the app's lesson player: tapping the Forest on the way to Giant Growth is played and is no
mistake (no ✗), and an illegal block can be chosen at a block step and is refused on screen with its rule."""

from __future__ import annotations

import pytest

pytest.importorskip("textual")

from tests.app.test_app_lessons import choose, feedback, move_id, open_lesson, play_step, run  # noqa: E402


def test_a_mana_ability_on_the_way_then_the_spell():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=5)
        s = screen.session
        while s.index < 12:
            await play_step(pilot, screen)
        mana = next(f"m{i}" for i, m in enumerate(screen.choice_moves) if m.group == "mana" and m.legal)
        await choose(pilot, screen, mana)
        seen = {"after_mana": (s.index, feedback(screen), screen.query_one("#board").text, s.mistake_count)}
        await choose(pilot, screen, move_id(screen, s.step.accept[0]))
        seen["after_cast"] = (s.index, s.mistake_count)
        return seen

    seen = run(go)
    index, text, board, mistakes = seen["after_mana"]
    assert index == 12 and mistakes == 0
    assert "· Il mana è nella tua riserva" in text and "605.3b" in text and "✗" not in text
    assert "{G}" in board
    assert seen["after_cast"] == (13, 0)


def test_an_illegal_block_is_refused_on_screen_with_its_rule():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=8)
        s = screen.session
        while not (s.kind == "do" and "block" in s.step.accept[0]):
            await play_step(pilot, screen)
        bears, elemental = s.table.obj_of("bears"), s.table.obj_of("elemental")
        illegal = next(f"m{i}" for i, m in enumerate(screen.choice_moves)
                       if not m.legal and m.action.blocks == ((bears, elemental),))
        await choose(pilot, screen, illegal)
        return feedback(screen), s.kind

    text, kind = run(go, ui="ru")
    assert kind == "do" and "✗ Так нельзя: существо с полётом" in text and "702.9b" in text
