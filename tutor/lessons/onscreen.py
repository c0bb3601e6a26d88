"""Questions that show their answer: what a lesson asks must not be on the screen while it is asked.

The screens of a lesson (the app's player and the terminal player) draw the position with the same words:
the header (`tutor.lessons.text.status_line`: turn, active player, step, priority), each player's line
(`tutor.views.board.player_summary`: life, library, hand, graveyard), the mana pool, each permanent
(`tutor.views.board.describe_permanent`: power/toughness, tapped, damage, counters, keywords, combat) and the
stack. Whether a quantity is on the screen is found by drawing: the board of the moment is drawn (in Italian
and in Russian) as it is and with that one quantity changed; if the two drawings differ, the screen shows the
quantity (an absent tag shows a value too: no "danni" on a creature says it has none). Nothing is guessed
beside the drawing: a word the board gains or loses changes the verdict with it.

A question shows its answer (`screen_problems`) when:

- ``number``: its quantity (``about``) is asked about the moment of the question (no ``after``) and the screen
  shows it. Ask before the effect ("how many will B have after damage?", with ``after``) or ask what is not
  shown;
- ``choice`` / ``choices``: the screen decides every option that has a check (each is about the moment of the
  question, with no events, and every quantity it names is shown), every right option has one, and a right
  option states a value the screen prints (`STATED`: a number, the turn, the step, who is active or has
  priority, what is pending, the outcome). Statuses (tapped, summoning sick, keywords, combat, the stack's
  order) are what a learner reasons from, not an answer: "which of your creatures can attack?" stays a question;
- ``order``: every option is a step and the right order is the order in which the turn tracker lists them
  (the turn's steps, `tutor.engine.state.TURN_STEPS`, as the app's tracker draws them);
- ``number``: the answer is written in the texts of the number input (`NUMBER_INPUT`: the prompt, the box's
  placeholder, the note for an unreadable answer), in either language.

A ``legal`` question is never answered by the screen: the moves a learner is offered include illegal ones.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tutor.engine.state import TURN_STEPS, Step, Termination
from tutor.engine.view import CardRef, Decision, Mana, OutcomeView, StackItemView, StackKind
from tutor.i18n import LANGS, t
from tutor.lessons.results import Problem

__all__ = ["HEADER", "NUMBER_INPUT", "STATED", "check_quantities", "screen_problems", "shown_where", "tracker_steps"]

# The texts shown with a number box: the terminal's prompt and note, the app's placeholder (and the same note).
NUMBER_INPUT = ("lesson.prompt.number", "lesson.bad_number", "app.lessons.number_placeholder", "app.lessons.how_number",
                "app.lessons.number_only", "app.lessons.number_empty")
# What the board's first line states (tutor.lessons.text.status_line).
HEADER = frozenset({"turn", "active", "step", "priority", "pending", "outcome"})
# The quantities a screen states as values (see the module's text).
STATED = HEADER | {f"players.{x}" for x in ("life", "library", "hand", "graveyard", "exile", "mana")} | \
    {f"objects.{x}" for x in ("power", "toughness", "damage", "counters")}
_NOT_BOARD = ("events", "no_events", "steps", "note")


def check_quantities(check: dict) -> list[str] | None:
    """The quantities a check (scenario expectations) names, as ``players.B.life``, ``objects.bears.damage``,
    ``priority``, ``stack``, ``battlefield.A``; None when it is not about the board at one moment (``after``,
    events or steps)."""
    if "after" in check or any(k in check for k in _NOT_BOARD):
        return None
    out = []
    for key, value in check.items():
        if key == "since":
            continue
        if key in ("players", "objects"):
            out += [f"{key}.{who}.{field}" for who, fields in (value or {}).items() for field in (fields or {})]
        elif key == "battlefield":
            out += [f"battlefield.{who}" for who in (value or {})]
        else:
            out.append(key)
    return out


def _kind(quantity: str) -> str:
    """``players.B.life`` → ``players.life``; ``priority`` → ``priority``."""
    parts = quantity.split(".")
    return f"{parts[0]}.{parts[2]}" if len(parts) == 3 else parts[0]


# ==== drawing ===========================================================================================
def _drawings(view, cards: dict, learner: int, board=None) -> tuple[str, str]:
    """(header, board) as the screens draw them, in every interface language. `board(view, cards, lang,
    learner)` gives a board's lines (default: the terminal player's, `tutor.lessons.text.board_lines`; the app
    draws the same words, which a test of the app's board holds it to)."""
    from tutor.lessons.text import board_lines, status_line

    if board is None:
        def board(view, cards, lang, learner):  # the app's player line also counts the exile when it has cards
            return board_lines(view, cards, lang, learner) + [
                t("app.lessons.exile_count", lang, n=len(p.exile)) for p in view.players if p.exile]
    return ("\n".join(status_line(view, lang) for lang in LANGS),
            "\n".join(line for lang in LANGS for line in board(view, cards, lang, learner)))


def tracker_steps() -> list[str]:
    """The steps of a turn in the order the turn tracker lists them (the first-strike damage step before the
    combat damage step, 510.4)."""
    steps = [s.key for s in TURN_STEPS]
    steps.insert(steps.index(Step.COMBAT_DAMAGE.key), Step.FIRST_STRIKE_DAMAGE.key)
    return steps


def _some_card(view, cards: dict) -> str:
    for p in view.players:
        for c in p.hand + p.graveyard:
            return c.card
    return view.permanents[0].card if view.permanents else next(iter(cards))


def _changed(view, table, quantity: str, cards: dict):
    """`view` with `quantity` changed (None when it cannot be: an object that is not on the battlefield)."""
    parts = quantity.split(".")
    head = parts[0]
    if head == "turn":
        return replace(view, turn=view.turn + 1)
    if head == "active":
        return replace(view, active=1 - view.active)
    if head == "step":
        steps = list(TURN_STEPS)
        here = steps.index(view.step) if view.step in steps else 0
        return replace(view, step=steps[(here + 1) % len(steps)])
    if head == "priority":
        return replace(view, priority=0 if view.priority is None else 1 - view.priority)
    if head == "pending":
        other = Decision.DISCARD if view.pending.decision is not Decision.DISCARD else Decision.LEGEND
        return replace(view, pending=replace(view.pending, decision=other), priority=None)
    if head == "outcome":
        return replace(view, outcome=None if view.outcome is not None else OutcomeView(0, list(Termination)[0], ()))
    if head == "stack":
        item = StackItemView(-1, StackKind.SPELL, 0, _some_card(view, cards), None, (), 0, None)
        return replace(view, stack=view.stack[:-1] if view.stack else (item,))
    if head == "battlefield":
        who = "AB".index(parts[1])
        return replace(view, permanents=tuple(x for x in view.permanents if x.controller != who))
    if head == "players":
        who, field = "AB".index(parts[1]), parts[2]
        p = view.players[who]
        if field in ("life", "library", "lands_played"):
            p = replace(p, **{field: getattr(p, field) + 7})
        elif field in ("hand", "graveyard", "exile"):
            p = replace(p, **{field: getattr(p, field) + (CardRef(-1, _some_card(view, cards)),)})
        elif field == "mana":
            p = replace(p, mana=Mana(C=p.mana.C + 1, **{c: getattr(p.mana, c) for c in "WUBRG"}))
        else:
            return None
        return replace(view, players=tuple(p if x.index == who else x for x in view.players))
    if head == "objects":
        oid = table.obj_of(parts[1])
        perm = view.permanent(oid) if oid is not None else None
        if perm is None:
            return None
        field = parts[2]
        if field == "zone":
            changed = None
        elif field in ("power", "toughness"):
            if perm.power is None:
                return None
            changed = replace(perm, **{field: getattr(perm, field) + 7})
        elif field == "damage":
            changed = replace(perm, damage=perm.damage + 7)
        elif field in ("tapped", "blocked"):
            changed = replace(perm, **{field: not getattr(perm, field)})
        elif field == "sick":
            changed = replace(perm, summoning_sick=not perm.summoning_sick)
        elif field == "keywords":
            changed = replace(perm, keywords=() if perm.keywords else ("flying",))
        elif field == "counters":
            changed = replace(perm, counters=() if perm.counters else (("+1/+1", 1),))
        elif field == "attacking":
            changed = replace(perm, attacking=None if perm.attacking is not None else 1 - perm.controller)
        elif field == "blocking":
            other = next((x.object for x in view.permanents if x is not perm), None)
            changed = replace(perm, blocking=None if perm.blocking is not None else other)
        elif field == "controller":
            changed = replace(perm, controller=1 - perm.controller)
        else:
            return None
        return replace(view, permanents=tuple(x for x in (changed if x is perm else x for x in view.permanents)
                                              if x is not None))
    return None


def shown_where(session, quantity: str, board=None) -> str | None:
    """Where the screen shows `quantity` now: ``header``, ``board`` or None (not shown). `board`: see
    `_drawings`."""
    lesson, view = session.lesson, session.game.view()
    other = _changed(view, session.table, quantity, lesson.cards)
    if other is None:
        return None
    before = _drawings(view, lesson.cards, lesson.learner, board)
    after = _drawings(other, lesson.cards, lesson.learner, board)
    if before[0] != after[0]:
        return "header"
    return "board" if before[1] != after[1] else None


# ==== the check =========================================================================================
def _numbers(text: str) -> set[int]:
    """The whole numbers written in `text` (with their sign)."""
    return {int(m) for m in re.findall(r"(?<![\d-])-?\d+", text.replace("\u2212", "-"))}


def screen_problems(session, step) -> list[Problem]:
    """The problems of question `step` asked now (the session is at it): its answer on the screen."""
    body, lesson = step.body, session.lesson
    kind = body["kind"]
    at = lesson.where(step, "ask", "question")
    n = step.index + 1
    if kind == "number":
        out = []
        if "after" not in body:
            where = shown_where(session, body["about"])
            if where is not None:
                out.append(Problem(at, f"answer_on_{where}", {"step": n, "quantity": body["about"]}))
        for key in NUMBER_INPUT:
            for lang in LANGS:
                if body["answer"] in _numbers(t(key, lang)):
                    out.append(Problem(at, "answer_in_hint", {"step": n, "answer": body["answer"], "key": key}))
                    break
        return out
    if kind in ("choice", "choices"):
        right = {body["answer"]} if kind == "choice" else set(body["answer"])
        checked = [o for o in body["options"] if "check" in o]
        if not checked or any("check" not in o for o in body["options"] if o["id"] in right):
            return []
        said, stated = set(), []
        for opt in checked:
            quantities = check_quantities({**{k: body[k] for k in ("after",) if k in body}, **opt["check"]})
            if not quantities:
                return []
            for q in quantities:
                where = shown_where(session, q)
                if where is None:
                    return []
                if opt["id"] in right and _kind(q) in STATED:
                    said.add(where)
                    stated.append(q)
        if not stated:
            return []
        where = "header" if said == {"header"} else "board"
        return [Problem(at, f"answer_on_{where}", {"step": n, "quantity": ", ".join(dict.fromkeys(stated))})]
    if kind == "order" and body["options"] and all("step" in o for o in body["options"]):
        tracker = tracker_steps()
        by_id = {o["id"]: o["step"] for o in body["options"]}
        order = [by_id[i] for i in body["answer"]]
        if order == sorted(order, key=tracker.index):
            return [Problem(lesson.where(step, "ask", "answer"), "answer_on_tracker", {"step": n})]
    return []
