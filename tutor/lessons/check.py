"""Checking a lesson headlessly: play it with its intended moves and answers and hold every statement to the
engine (`tutor.lessons.verify`). A lesson that passes can never teach something the engine contradicts.

What is checked, step by step:

- every ``do`` step: the game waits for the learner; each accepted pattern and each ``wrong`` pattern names
  a move the rules allow now (else the learner could never make it), no ``wrong`` pattern is also accepted; the
  first accepted move is played and must be accepted by the session;
- every ``ask`` step: the lesson's answer is right for the session (and, through the verifier, for the engine),
  and the screen does not show it while it is asked (`tutor.lessons.onscreen`);
- every ``auto`` step: its actions are legal and reach their steps;
- every ``check``, option, order, number and legal statement (see `tutor.lessons.verify`);
- the lesson ends with its recap, and the game has not ended before its last move.
"""

from __future__ import annotations

from tutor.engine import IllegalAction, PassPriority
from tutor.engine.view import Player
from tutor.engine_text import illegal_text
from tutor.lessons.model import Lesson
from tutor.lessons.moves import matches
from tutor.lessons.onscreen import screen_problems
from tutor.lessons.results import Problem
from tutor.lessons.session import LessonSession

__all__ = ["check_lesson"]


def check_lesson(lesson: Lesson) -> list[Problem]:
    """Every problem of a lesson played along its intended path (empty when everything holds). Whatever goes
    wrong while playing it is a problem too (``crash``), never an exception."""
    try:
        return _check(lesson)
    except Exception as exc:  # a defect no check foresaw: one line naming the file
        return [Problem(lesson.where(), "crash", {"detail": f"{type(exc).__name__}: {exc}"[:300]})]


def _check(lesson: Lesson) -> list[Problem]:
    session = LessonSession(lesson, store=None, verify=True)
    problems: list[Problem] = []
    guard = 0
    while not session.finished and guard < 10 * len(lesson.steps):
        guard += 1
        step = session.step
        if step.kind == "do":
            if not _check_do(session, step, problems):
                break
        elif step.kind == "ask":
            problems += screen_problems(session, step)
            result = session.answer(_intended_answer(step))
            if not result.correct:
                problems.append(Problem(lesson.where(step, "ask", "answer"), "answer_refused",
                                        {"expected": result.expected}))
                break
        if not session.advance():
            problems.append(Problem(lesson.where(step), "stuck", {}))
            break
    return problems + session.errors + (session.verifier.problems if session.verifier else [])


def _intended_answer(step):
    body = step.body
    return sorted(body["answer"]) if body["kind"] == "choices" else body["answer"]


def _check_do(session: LessonSession, step, problems: list[Problem]) -> bool:
    lesson, game, table = session.lesson, session.game, session.table
    pend = game.pending
    if game.outcome is not None or len(pend) < 2 or pend[1] != lesson.learner:
        who = "-" if len(pend) < 2 else Player(pend[1]).letter
        problems.append(Problem(lesson.where(step), "not_learner", {"who": who, "decision": pend[0] if pend else "-"}))
        return False
    actions = []
    for path, pattern in [(("do", "accept", j), p) for j, p in enumerate(step.accept)] + \
                         [(("do", "wrong", j, "move"), w["move"]) for j, w in enumerate(step.body.get("wrong") or [])]:
        try:
            action = PassPriority() if "pass" in pattern else table.make_action(pattern)
            game.validate(action)
        except LookupError as exc:
            problems.append(Problem(lesson.where(step, *path), "not_found", {"name": exc.args[0] if exc.args else "?"}))
            continue
        except IllegalAction as exc:
            problems.append(Problem(lesson.where(step, *path), "pattern_illegal",
                                    {"reason": lambda lang, exc=exc: illegal_text(exc, lang)}))
            continue
        if path[1] == "wrong" and any(matches(table, p, action) for p in step.accept):
            problems.append(Problem(lesson.where(step, *path), "wrong_is_accepted", {}))
        actions.append((path, action))
    if not actions or actions[0][0][1] != "accept" or actions[0][0][2] != 0:
        return False
    result = session.move(actions[0][1])
    if not result.accepted:
        problems.append(Problem(lesson.where(step, "do", "accept", 0), "move_refused", {"kind": result.kind}))
        return False
    return True
