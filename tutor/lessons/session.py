"""The lesson runtime: a `LessonSession` plays a loaded lesson on the engine, step by step, for any player
(the plain terminal, the Textual app). It prints nothing and imports no UI; every text is asked for in a
language, so the player may switch language at any moment.

A session is at one step (`step`). ``say`` and ``recap`` wait for `advance`; an ``auto`` step plays its
actions as it is reached and waits for `advance`; a ``do`` step waits for an accepted `move` and an ``ask``
step for a right `answer` (or three wrong ones, which reveal the answer) before `advance` goes on. `hint`
gives the next of three hints; `undo` takes back the last move of a ``do`` step that allows it. After the
recap the lesson is done and `stars` says how well: 3 with no hint and every answer and move right the first
time, 2 with at most two hints and first-time mistakes together, 1 otherwise. A mistake never adds work. A move
the rules forbid is refused with its rule and does not count as a mistake: the lessons invite the learner to try
one and see why (it is logged all the same).

With a progress store the session records the start, every step reached, hints, answers and the completion
(`tutor.progress`), and resumes where the learner left off by replaying the intended moves up to that step.
"""

from __future__ import annotations

import itertools

from tutor.engine import IllegalAction, PassPriority
from tutor.engine_text import illegal_text
from tutor.lessons.model import Lesson, Step
from tutor.lessons.moves import group_of, label, legal_moves, matches, move_rule, refusal_of
from tutor.lessons.reasons import wrong_reason
from tutor.lessons.results import AnswerResult, EventLine, Hint, MoveResult, Option, Problem, parts_of, text_of
from tutor.scenario import Table
from tutor.scenario_table import Stuck

__all__ = ["REVEAL_AFTER", "LessonSession", "stars_for"]

REVEAL_AFTER = 3  # wrong answers after which a question shows its answer and lets the learner go on


def stars_for(hints: int, mistakes: int) -> int:
    """3 = no hints and no first-time mistakes; 2 = at most two of them together; 1 = completed."""
    if hints == 0 and mistakes == 0:
        return 3
    return 2 if hints + mistakes <= 2 else 1


class LessonSession:
    """One learner playing one lesson. See the module docstring; every public method is safe to call at
    any step (a move at a question is ``not_now``, an answer at a move is refused with ValueError)."""

    def __init__(self, lesson: Lesson, store=None, *, resume: bool = True, verify: bool = False) -> None:
        self.lesson = lesson
        self.store = store
        self.table = Table(lesson.cards, lesson.setup, lesson.seed, push=True)
        self.game = self.table.setup()
        self.index = 0
        self.event_start: dict[int, int] = {}
        self.shown = 0  # events already handed out by new_events()
        self.hints_used: dict[int, int] = {}
        self.attempts: dict[int, int] = {}
        self.first_wrong: set[int] = set()
        self.solved: set[int] = set()
        self.revealed: set[int] = set()
        self.undo_points: list[tuple[int, int]] = []  # (do step, engine history length before its move)
        self.finished = False
        self.stars = 0
        self.completed_before = False  # completed in an earlier run: this run is a replay (it stays completed)
        self.best_stars = 0  # of the earlier runs
        self.errors: list[Problem] = []  # steps that could not be played as written (lesson defects)
        self.verifier = None
        if verify:
            from tutor.lessons.verify import Verifier

            self.verifier = Verifier(self)
        start = self._open_progress(resume)
        self._replay(start)

    # ==== progress =================================================================================
    def _record(self, kind: str, step: int | None = None, data: dict | None = None, correct: bool | None = None):
        if self.store is not None and not self._replaying:
            self.store.record_lesson_event(self.lesson.id, kind, step, data, correct=correct)

    def _open_progress(self, resume: bool) -> int:
        self._replaying = False
        self._accepts: dict[int, int] = {}
        if self.store is None:
            return 0
        state = self.store.lesson_state(self.lesson.id)
        self.completed_before, self.best_stars = state.completed, state.best_stars
        if state.status == "done" or (state.status == "started" and not resume):
            state = self.store.reset_lesson(self.lesson.id)
        if state.status == "new":
            self._record("start")
            return 0
        for e in self.store.lesson_events(self.lesson.id, run=state.run):
            if e.kind != "answer" or e.step is None or (e.data and ("illegal" in e.data or "mana" in e.data)):
                continue  # a move the rules refused, or mana the step has no use for, is not an attempt (see move)
            if e.correct and e.data and "accept" in e.data:
                self._accepts[e.step] = int(e.data["accept"])
            self._count(e.step, bool(e.correct))
        for rec in state.steps:
            self.hints_used[rec.step] = rec.hints
            if rec.correct:
                self.solved.add(rec.step)
        return min(state.step, len(self.lesson.steps) - 1)

    def _replay(self, upto: int) -> None:
        """Enter steps 0..upto, playing the intended (or recorded) moves of the steps before `upto`."""
        self._replaying = True
        try:
            for i in range(upto):
                self._enter(i)
                step = self.lesson.steps[i]
                if step.kind == "do":
                    self._play_pattern(step, self._accepts.get(i, 0))
                self.solved.add(i)
                self._leave(i)
            self._enter(upto)
            step = self.lesson.steps[upto]
            if step.kind == "do" and upto in self.solved:
                self._play_pattern(step, self._accepts.get(upto, 0))
        finally:
            self._replaying = False
        if self.store is not None and upto:
            self.shown = self.event_start.get(upto, 0)

    def _play_pattern(self, step: Step, k: int) -> None:
        accept = step.accept
        pattern = accept[k] if 0 <= k < len(accept) else accept[0]
        before = self.game.undo_depth
        action = PassPriority() if "pass" in pattern else self.table.make_action(pattern)
        self.table.apply(action)
        if step.undo:
            self.undo_points.append((step.index, before))
        else:
            self.undo_points.clear()

    # ==== steps ====================================================================================
    @property
    def step(self) -> Step:
        """The current step."""
        return self.lesson.steps[self.index]

    @property
    def kind(self) -> str:
        """The current step's kind: say, do, ask, auto or recap."""
        return self.step.kind

    def _enter(self, i: int) -> None:
        self.index = i
        self.event_start[i] = len(self.game.events)
        step = self.lesson.steps[i]
        if self.verifier is not None and not (self._replaying and self.store is not None):
            self.verifier.step_entered(i)
        if step.kind == "auto":
            for j, act in enumerate(step.body["actions"]):
                if self.game.outcome is not None:
                    break
                try:
                    self.table.play(act)
                except (IllegalAction, LookupError, Stuck) as exc:  # a defect of the lesson: reported, not raised
                    detail = ((lambda lang, exc=exc: illegal_text(exc, lang)) if isinstance(exc, IllegalAction)
                              else " ".join(map(str, exc.args[:2])))
                    self.errors.append(Problem(self.lesson.where(step, "auto", "actions", j), "auto_failed",
                                               {"detail": detail}))
                    break
        self._record("step", i)

    def _leave(self, i: int) -> None:
        if self.verifier is not None:
            self.verifier.step_done(i)

    def can_advance(self) -> bool:
        """Whether `advance` would go on now (a move or a question must be solved first)."""
        return not self.finished and (self.kind in ("say", "auto", "recap") or self.index in self.solved)

    def advance(self) -> bool:
        """Go to the next step (say, auto, recap; do and ask once solved); after the recap, finish the lesson.
        Return False when the lesson cannot go on now."""
        if not self.can_advance():
            return False
        self._leave(self.index)
        if self.index + 1 >= len(self.lesson.steps):
            self._finish()
            return True
        self._enter(self.index + 1)
        return True

    def _finish(self) -> None:
        self.finished = True
        self.stars = stars_for(self.hint_count, self.mistake_count)
        if self.verifier is not None:
            self.verifier.finish()
        if self.store is not None:
            self.store.complete_lesson(self.lesson.id, self.stars,
                                       data={"hints": self.hint_count, "mistakes": self.mistake_count})

    @property
    def hint_count(self) -> int:
        """Hints shown in this run."""
        return sum(self.hints_used.values())

    @property
    def mistake_count(self) -> int:
        """Questions and moves whose first attempt was wrong (a move the rules refused is no attempt)."""
        return len(self.first_wrong)

    # ==== what a player shows ======================================================================
    def board(self):
        """The position (`tutor.engine.view.BoardView`)."""
        return self.game.view()

    def _lines(self, events) -> list[EventLine]:
        return [EventLine(e, self.lesson.cards, self.game.object_cards) for e in events]

    def step_events(self) -> list[EventLine]:
        """The events of the current step (its auto actions, the accepted move), with their rules."""
        return self._lines(self.game.events[self.event_start.get(self.index, 0):])

    def new_events(self) -> list[EventLine]:
        """The events not yet handed out by this method (since the last call), with their rules."""
        events = self.game.events[self.shown:]
        self.shown = len(self.game.events)
        return self._lines(events)

    def title(self, lang: str) -> str:

        """The lesson's title in `lang`."""
        return text_of(self.lesson.title, lang)

    def goals(self, lang: str) -> str:

        """The lesson's goals in `lang`."""
        return text_of(self.lesson.goals, lang)

    def _main_texts(self, index: int | None = None) -> dict | None:
        step = self.step if index is None else self.lesson.steps[index]
        body = step.body
        if step.kind in ("say", "recap"):
            return body
        if step.kind == "do":
            return body["prompt"]
        if step.kind == "ask":
            return body["question"]
        return body.get("say")

    def text(self, lang: str) -> str:
        """The current step's text: the narration, the move's prompt, the question, the recap."""
        return text_of(self._main_texts(), lang)

    def parts(self, lang: str, index: int | None = None):
        """`text` cut into plain text, concept links and rule links (`tutor.lessons.links.TextPart`); with
        `index`, the text of that step of the lesson (an earlier one, read again)."""
        return parts_of(self._main_texts(index), lang)

    def options(self) -> list[Option]:
        """The answer options of the current question (yes / no for a legal question, none for a number)."""
        if self.kind != "ask":
            return []
        body = self.step.body
        if body["kind"] == "legal":
            return [Option(True, key="lesson.yes"), Option(False, key="lesson.no")]
        return [Option(o["id"], o["text"]) for o in body.get("options") or []]

    @property
    def ask_kind(self) -> str | None:
        """choice, choices, order, number or legal at a question; None elsewhere."""
        return self.step.body["kind"] if self.kind == "ask" else None

    def moves(self, attempts: bool = True):
        """The learner's moves now, grouped (`tutor.lessons.moves.MoveGroup`), with the tempting illegal ones."""
        return legal_moves(self.game, attempts=attempts)

    # ==== moves ====================================================================================
    def move(self, action) -> MoveResult:
        """The learner makes a move at a ``do`` step: accepted (played), other (legal, not what we want: the
        lesson's message) or illegal (the engine's reason and rule; the lesson waits)."""
        if self.kind != "do" or self.finished or self.index in self.solved:
            return MoveResult("not_now")
        step = self.step
        try:
            self.game.validate(action)
        except IllegalAction as exc:  # logged, but not a mistake: nothing was played (see the module docstring)
            self._record("answer", self.index, {"move": label(self.game, action, "it"), "illegal": exc.rule},
                         correct=False)
            return MoveResult("illegal", refusal=exc)
        for k, pattern in enumerate(step.accept):
            if matches(self.table, pattern, action):
                before, mark = self.game.undo_depth, len(self.game.events)
                self.table.apply(action)
                if step.undo:
                    self.undo_points.append((step.index, before))
                else:
                    self.undo_points.clear()
                self.solved.add(step.index)
                self._attempt(True, {"move": repr(action)[:200], "accept": k})
                return MoveResult("accepted", explain=step.body.get("explain"),
                                  events=tuple(self._lines(self.game.events[mark:])))
        message = None
        for wrong in step.body.get("wrong") or []:
            if matches(self.table, wrong["move"], action):
                message = wrong["say"]
                break
        if message is None and group_of(self.game, action) == "mana":
            on_the_way = self._mana_on_the_way(step, action)
            if on_the_way is not None:
                return on_the_way
            # Mana this step has no use for: always legal with priority (605.3a), so no mistake; not added
            # either (it would only empty from the pool at the step's end, 500.4).
            self._record("answer", self.index, {"move": label(self.game, action, "it"), "mana": "idle"},
                         correct=False)
            return MoveResult("mana_idle")
        self._attempt(False, {"move": repr(action)[:200]})
        return MoveResult("other", texts=message or step.body["other"])

    def asks(self, action) -> bool:
        """Whether `action` is a move the current ``do`` step accepts."""
        return self.kind == "do" and any(matches(self.table, p, action) for p in self.step.accept)

    def _mana_on_the_way(self, step: Step, action) -> MoveResult | None:
        """A mana ability activated on the way to the step's move (605.3a), as people play: tap a land, then
        cast. It resolves at once (605.3b) and is no mistake; the step still waits for its move. None when the
        step is about a mana ability itself, or when the move it waits for would no longer be possible."""
        if not any(self._mana_helps(p, action) for p in step.accept):
            return None
        before, mark = self.game.undo_depth, len(self.game.events)
        self.table.apply(action)
        if not any(matches(self.table, p, a) for a in itertools.islice(self.game.legal_actions(), 2000)
                   for p in step.accept):
            while self.game.undo_depth > before:
                self.game.pop()
            return None
        if step.undo:
            self.undo_points.append((step.index, before))
        return MoveResult("mana", events=tuple(self._lines(self.game.events[mark:])))

    def _mana_helps(self, pattern: dict, mana_action) -> bool:
        """Whether the mana a mana ability adds can pay part of the cost of the move `pattern` describes
        (a spell, or an ability that is no mana ability itself): its colour, or any colour for generic mana."""
        if "cast" not in pattern and "activate" not in pattern:
            return False
        try:
            action = self.table.make_action(pattern)
        except LookupError:
            return False
        if group_of(self.game, action) == "mana":
            return False
        objects = self.game.state.objects
        if "cast" in pattern:
            cost = objects[action.card].card.cost
        else:
            cost = objects[action.source].card.abilities[action.index].cost.get("mana")
        source = objects[mana_action.source]
        color = source.card.abilities[mana_action.index].add
        return cost is not None and bool(cost.generic or cost.x or cost.colored.get(color))

    def _attempt(self, correct: bool, data: dict) -> None:
        self._count(self.index, correct)
        self._record("answer", self.index, data, correct=correct)

    def _count(self, i: int, correct: bool) -> None:
        """An answer or a legal move at step `i`: a wrong first one is a mistake (stars)."""
        if self.attempts.get(i, 0) == 0 and not correct:
            self.first_wrong.add(i)
        self.attempts[i] = self.attempts.get(i, 0) + 1

    def can_undo(self) -> bool:
        """Whether `undo` would take a move back now."""
        return bool(self.undo_points) and not self.finished

    def undo(self) -> bool:
        """Take back the last move of a ``do`` step that allows it (and everything played since): the lesson
        goes back to that step. False when there is nothing to undo."""
        if not self.can_undo():
            return False
        step_index, history = self.undo_points.pop()
        while self.game.undo_depth > history:
            self.game.pop()
        for i in [i for i in self.solved if i >= step_index]:
            self.solved.discard(i)
        self.index = step_index
        self.shown = min(self.shown, len(self.game.events))
        self._record("step", step_index)
        return True

    # ==== questions ================================================================================
    def expected(self):
        """The right answer of the current question (for a legal question: what the engine's validator says)."""
        body = self.step.body
        if body["kind"] == "legal":
            try:
                return refusal_of(self.game, self.table, body["action"]) is None
            except LookupError:
                return body["answer"]
        if body["kind"] == "choices":
            return sorted(body["answer"])
        return body["answer"]

    def answer(self, value) -> AnswerResult:
        """Answer the current question: ``choice`` an option id, ``choices`` a list of ids, ``order`` the ids in
        order, ``number`` an integer, ``legal`` True / False. ValueError for a value of the wrong shape."""
        if self.kind != "ask" or self.finished:
            raise ValueError("this step asks no question")
        body = self.step.body
        kind, expected = body["kind"], self.expected()
        ids = [o["id"] for o in body.get("options") or []]
        if kind == "choice":
            if value not in ids:
                raise ValueError(f"not an option: {value!r}")
            given = value
        elif kind == "choices":
            given = sorted(set(value)) if isinstance(value, (list, tuple, set)) else None
            if given is None or not set(given) <= set(ids):
                raise ValueError(f"not a list of options: {value!r}")
        elif kind == "order":
            given = list(value) if isinstance(value, (list, tuple)) else None
            if given is None or sorted(given) != sorted(ids):
                raise ValueError(f"not an order of every option: {value!r}")
        elif kind == "number":
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"not an integer: {value!r}")
            given = value
        else:
            if not isinstance(value, bool):
                raise ValueError(f"not true or false: {value!r}")
            given = value
        correct = given == expected
        i = self.index
        already = i in self.solved
        if not already:
            self._attempt(correct, {"value": given})
        if correct:
            self.solved.add(i)
        wrong_count = self.attempts.get(i, 0) - (1 if correct else 0)
        revealed = not correct and wrong_count >= REVEAL_AFTER
        if revealed:
            self.revealed.add(i)
            self.solved.add(i)
        reason = None if correct else wrong_reason(body, given, expected, self._refusal(body))
        return AnswerResult(correct, expected, body.get("explain"), reason, revealed,
                            tuple(self._expected_options(expected)))

    def _refusal(self, body: dict):
        """The engine's refusal of a legal question's action now (None if it allows it, or for another kind)."""
        if body["kind"] != "legal":
            return None
        try:
            return refusal_of(self.game, self.table, body["action"])
        except LookupError:
            return None

    def _expected_options(self, expected) -> list[Option]:
        opts = {o.id: o for o in self.options()}
        if isinstance(expected, list):
            return [opts[x] for x in expected if x in opts]
        return [opts[expected]] if expected in opts else []

    # ==== hints ====================================================================================
    def hints_shown(self) -> int:
        """How many hints of the current step have been shown."""
        return self.hints_used.get(self.index, 0)

    def hint(self) -> Hint | None:
        """The next of the current step's three hints (None when all three are out, or the step has none).
        Every hint shown is counted (stars) and recorded."""
        if self.kind not in ("do", "ask") or self.finished:
            return None
        n = self.hints_used.get(self.index, 0)
        if n >= 3:
            return None
        hint = self._hint(n + 1)
        self.hints_used[self.index] = n + 1
        self._record("hint", self.index, {"level": n + 1})
        return hint

    def _hint(self, level: int) -> Hint:
        body = self.step.body
        if body.get("hints"):
            return Hint(level, body["hints"][level - 1])
        pattern = body["accept"][0]  # a do step without hints: nudge, the rule of the move, the move itself
        action = PassPriority() if "pass" in pattern else self.table.make_action(pattern)
        rule = move_rule(self.game, action)
        prompt = body["prompt"]
        return Hint(level, fields={"rule": rule, "prompt": lambda lang: text_of(prompt, lang),
                                   "move": lambda lang: label(self.game, action, lang)})

    # ==== free play ================================================================================
    def free_play(self, both: bool = False, seed: int = 0):
        """Free play from the current position (at the end of the lesson, or anywhere): the learner decides
        for the lesson's side (or, with `both`, for both sides), the engine's seeded agent for the other.
        The lesson's own game is left as it is."""
        from tutor.lessons.freeplay import FreePlay

        return FreePlay.from_game(self.game, self.lesson.cards, None if both else self.lesson.learner, seed=seed)
