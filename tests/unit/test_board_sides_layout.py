"""Every board lays the sides out alike (issue 20, point 1): `tutor.views.board.board_sides` gives the
opponent's side first and the learner's last, each player's lands apart from their other permanents; the
terminal player's board follows it, the stack between the two sides."""

from __future__ import annotations

from tutor.lessons import LessonSession, load_course
from tutor.lessons.moves import matches
from tutor.lessons.text import board_lines
from tutor.views.board import board_sides


def _session(order: int, until_stack: bool = False) -> LessonSession:
    s = LessonSession(load_course().get(load_course().ids()[order - 1]), None)
    while until_stack and not s.game.view().stack:
        if s.kind == "do":
            s.move(next(m.action for g in s.moves() for m in g.moves if matches(s.table, s.step.accept[0], m.action)))
        elif s.kind == "ask":
            s.answer(s.expected())
        s.advance()
    return s


def test_the_opponents_side_comes_first_the_learners_last_lands_apart():
    s = _session(1)
    view = s.board()
    sides = board_sides(view, s.lesson.learner)
    assert [side.player.index for side in sides] == [1, 0] and [side.you for side in sides] == [False, True]
    assert [x.card for x in sides[1].lands] == ["forest"] and [x.card for x in sides[1].others] == ["grizzly-bears"]
    assert [x.card for x in sides[0].lands] == ["mountain"] and not sides[0].others
    assert [side.title("it") for side in sides] == ["B — avversario", "A — tu"]
    assert [side.title("ru") for side in sides] == ["B — оппонент", "A — вы"]
    assert [side.you for side in board_sides(view, None)] == [None, None]  # both played by the learner


def test_the_terminal_board_has_the_same_order_with_the_stack_between():
    s = _session(5, until_stack=True)
    lines = board_lines(s.board(), s.lesson.cards, "it", s.lesson.learner)
    b = next(i for i, x in enumerate(lines) if x.startswith("Giocatore B:"))
    stack = next(i for i, x in enumerate(lines) if x.startswith("Pila"))
    a = next(i for i, x in enumerate(lines) if x.startswith("Giocatore A:"))
    assert b < stack < a
    mine = lines[a:]
    forest = next(i for i, x in enumerate(mine) if "«Foresta»" in x and "mano" not in x)
    creature = next(i for i, x in enumerate(mine) if "2/2" in x)
    assert forest < creature  # lands first
