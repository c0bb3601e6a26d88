"""Holding a lesson to the engine: every check and every statement of a question is evaluated on the game.

When a step is done (after its move or its actions), its ``check`` is compared with the board and the events,
or, with ``after: <step id>``, once that later step is done. Questions are judged the same way:

- ``choice`` / ``choices``: an option's ``check`` must hold exactly when the option is right (a right option
  needs one, unless the question is ``general``);
- ``order``: the options' steps (``step``) or events (``event``) must happen in the answer's order, in the events
  from ``since`` (default: the question) up to ``after`` (default: the question);
- ``number``: the quantity ``about`` must equal the answer at the question (or ``after``);
- ``legal``: the answer must be what the engine's validator says of the action at the question, and a
  refused action must break the ``rule`` given.

A check's ``since`` (a step id, or ``start``) moves the start of its events window back; by default the window is
the events of the step itself. Every disagreement is a `Problem`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import EventKind
from tutor.lessons.moves import refusal_of
from tutor.lessons.results import Problem

__all__ = ["Verifier", "about_expectation"]


def about_expectation(about: str, value: object) -> dict:
    """The expectation that says quantity `about` (``players.B.life``, ``objects.giant.damage``, ``turn``)
    equals `value`."""
    parts = about.split(".")
    if parts[0] == "turn":
        return {"turn": value}
    return {parts[0]: {parts[1]: {parts[2]: value}}}


@dataclass
class _Pending:
    after: int  # the step index after which it is evaluated
    origin: int  # the step it belongs to
    since: int  # events index where its window starts
    what: str  # check | option | order | number
    data: dict


class Verifier:
    """Collects the problems of a lesson played along its intended path (used by `LessonSession` with
    ``verify=True`` and by `tutor.lessons.check.check_lesson`)."""

    def __init__(self, session) -> None:
        self.session = session
        self.pending: list[_Pending] = []
        self.problems: list[Problem] = []

    # -- registration --------------------------------------------------------------------------------
    def step_entered(self, index: int) -> None:
        """A step begins: register its check and, for a question, its statements."""
        s = self.session
        step = s.lesson.steps[index]
        if step.check is not None:
            self._add(step.check, index, "check", {"check": step.check, "path": ("check",)})
        if step.kind != "ask":
            return
        body = step.body
        kind = body["kind"]
        base = {k: body[k] for k in ("after", "since") if k in body}
        if kind == "legal":
            self._legal(step)
        elif kind == "number":
            self._add(base, index, "number", {"check": {**base, **about_expectation(body["about"], body["answer"])},
                                              "path": ("ask", "about")})
        elif kind == "order" and not body.get("general"):
            self._add(base, index, "order", {"path": ("ask", "options")})
        elif kind in ("choice", "choices"):
            right = {body["answer"]} if kind == "choice" else set(body["answer"])
            for j, opt in enumerate(body["options"]):
                if "check" in opt:
                    check = {**base, **opt["check"]}
                    self._add(check, index, "option", {"check": check, "right": opt["id"] in right, "id": opt["id"],
                                                       "path": ("ask", "options", j, "check")})

    def _add(self, check: dict, origin: int, what: str, data: dict) -> None:
        s = self.session
        after = s.lesson.step_index(check.get("after"), origin)
        since = check.get("since")
        start = 0 if since == "start" else s.event_start.get(s.lesson.step_index(since, origin), 0)
        self.pending.append(_Pending(after, origin, start, what, data))

    # -- evaluation ----------------------------------------------------------------------------------
    def step_done(self, index: int) -> None:
        """Step `index` is done: evaluate everything that waits for it."""
        now = [p for p in self.pending if p.after == index]
        self.pending = [p for p in self.pending if p.after != index]
        for p in now:
            getattr(self, f"_eval_{p.what}")(p)

    def finish(self) -> None:
        """The lesson ended: whatever still waits names a step that never came."""
        for p in self.pending:
            self._problem(p.origin, p.data.get("path", ()), "never_checked")
        self.pending = []

    def _where(self, origin: int, path: tuple) -> str:
        lesson = self.session.lesson
        return lesson.where(lesson.steps[origin], *path)

    def _problem(self, origin: int, path: tuple, key: str, **fields) -> None:
        self.problems.append(Problem(self._where(origin, path), key, fields))

    def _mismatches(self, p: _Pending) -> list:
        exp = {k: v for k, v in p.data["check"].items() if k not in ("after", "since")}
        return self.session.table.compare(exp, since=p.since)

    def _eval_check(self, p: _Pending) -> None:
        for m in self._mismatches(p):
            path = p.data["path"] + tuple(m.field.split(".")) if p.what == "check" else p.data["path"]
            self._problem(p.origin, path, "mismatch", field=m.field, expected=m.expected, actual=m.actual)

    _eval_number = _eval_check

    def _eval_option(self, p: _Pending) -> None:
        holds = not self._mismatches(p)
        if holds != p.data["right"]:
            self._problem(p.origin, p.data["path"], "option_true" if holds else "option_false", option=p.data["id"])

    def _eval_order(self, p: _Pending) -> None:
        s = self.session
        body = s.lesson.steps[p.origin].body
        events = s.game.events[p.since:]
        first: dict[str, int] = {}
        for opt in body["options"]:
            for i, e in enumerate(events):
                if ("step" in opt and e.kind == EventKind.STEP_BEGINS and e.data.get("step") == opt["step"]) or \
                        ("event" in opt and e.kind == opt["event"]):
                    first[opt["id"]] = i
                    break
        missing = [o["id"] for o in body["options"] if o["id"] not in first]
        if missing:
            self._problem(p.origin, p.data["path"], "order_missing", options=", ".join(missing))
            return
        actual = sorted(first, key=first.get)
        if actual != list(body["answer"]):
            self._problem(p.origin, ("ask", "answer"), "order_wrong", expected=list(body["answer"]), actual=actual)

    def _legal(self, step) -> None:
        s = self.session
        body = step.body
        try:
            refusal = refusal_of(s.game, s.table, body["action"])
        except LookupError as exc:
            self._problem(step.index, ("ask", "action"), "not_found", name=exc.args[0] if exc.args else "?")
            return
        legal, rule = refusal is None, (refusal.rule if refusal is not None else None)
        if legal != body["answer"]:
            self._problem(step.index, ("ask", "answer"), "legal_differs", expected=body["answer"], actual=legal,
                          rule=rule or "-")
        elif not legal and "rule" in body and body["rule"] != rule:
            self._problem(step.index, ("ask", "rule"), "rule_differs", expected=body["rule"], actual=rule)
