"""A board in plain text, for the terminal player (strings only: the caller prints them).

One line for the turn (turn, active player, step, who has priority or what decision is pending: a choice
by its kind and rule), then per
player, the opponent first and the learner last as on every board (`tutor.views.board.board_sides`), with the
stack (top last) between them: life, library, graveyard and hand (the learner's cards by name, the other's as
a number), their permanents, lands first (as every board describes them: `tutor.views.board`).
"""

from __future__ import annotations

from tutor.engine.view import Player
from tutor.events_text import card_noun, player_name
from tutor.i18n import pick, t
from tutor.i18n.terms import step_noun
from tutor.views.board import board_sides, describe_permanent, player_summary

__all__ = ["board_lines", "card_noun", "decision_text", "status_line"]


def status_line(view, lang: str) -> str:
    """Turn, active player, step, and who has priority / what the game waits for / who won."""
    head = t("lesson.board.header", lang, turn=view.turn, active=Player(view.active).letter,
             step=str(step_noun(view.step.key, lang)))
    pend = view.pending
    if view.outcome is not None:
        head += " · " + (t("lesson.board.winner", lang, player=Player(view.outcome.winner).letter)
                         if view.outcome.winner is not None else t("lesson.board.draw", lang))
    elif view.priority is not None:
        head += " · " + t("lesson.board.priority", lang, player=Player(view.priority).letter)
    elif pend.player is not None:
        head += " · " + t("lesson.board.deciding", lang, player=Player(pend.player).letter,
                          decision=decision_text(pend, lang))
    return head


def decision_text(pend, lang: str) -> str:
    """What the game waits for (a `PendingView`): ``dichiarare le creature attaccanti``; a choice says which and
    by which rule: ``scegliere l'ordine delle abilità innescate (603.3b)``."""
    decision = t(f"lesson.decision.{pend.decision.value}", lang)
    if pend.choice is None or pend.decision.value != "choice":
        return decision
    return t("lesson.board.choice", lang, decision=decision, what=t(f"lesson.choice.{pend.choice.kind}", lang),
             rule=pend.choice.rule)


def board_lines(view, cards: dict, lang: str, learner: int | None = 0) -> list[str]:
    """The position `view` (a BoardView) as lines of text; `learner`'s hand is shown by name (None: both)."""
    head = status_line(view, lang)
    lines = [head]
    names = {p.object: p for p in view.permanents}
    for k, side in enumerate(board_sides(view, learner)):  # the opponent's, the stack, the learner's
        if k and view.stack:
            lines += _stack_lines(view, cards, lang, names)
        p = side.player
        lines.append(player_name(p.index, lang)[:1].upper() + player_name(p.index, lang)[1:] + ": "
                     + " · ".join(player_summary(p, lang, view.opening)))  # the words of every board (tutor.views.board)
        if p.mana.total:
            pool = "".join("{" + c + "}" for c in "WUBRGC" for _ in range(getattr(p.mana, c)))
            lines.append("   " + t("lesson.board.pool", lang, mana=pool))
        if learner is None or p.index == learner:
            hand = ", ".join(f"«{pick(cards[c.card].name, lang)}»" for c in p.hand) or "—"
            lines.append("   " + t("lesson.board.hand", lang, cards=hand))
        else:
            lines.append("   " + t("lesson.board.hand_count", lang, n=len(p.hand)))
        perms = side.lands + side.others  # the lands first
        if not perms:
            lines.append("   " + t("lesson.board.battlefield", lang) + " —")
            continue
        lines.append("   " + t("lesson.board.battlefield", lang))
        for perm in perms:
            lines.append("     " + _permanent(perm, view, cards, lang))
    return lines


def _stack_lines(view, cards: dict, lang: str, names: dict) -> list[str]:
    lines = [t("lesson.board.stack", lang)]
    for i, item in enumerate(view.stack, 1):
        what = card_noun(cards[item.card], lang, "spell" if item.kind.value == "spell" else "ability")
        text = f"  {i}. {what} ({Player(item.controller).letter})"
        targets = [(Player(x.player).letter if x.player is not None else
                    f"«{pick(cards[names[x.object].card].name, lang)}»" if x.object in names else "?")
                   for x in item.targets]
        if targets:
            text += " → " + ", ".join(targets)
        lines.append(text)
    return lines


def _permanent(perm, view, cards: dict, lang: str) -> str:
    """«Orsi Grizzly» 2/2 — TAPpati, debolezza da evocazione"""
    said = describe_permanent(perm, view, cards, lang)
    text = f"«{said.name}»" + (f" {said.pt}" if said.pt else "") + (f" {said.printed_pt}" if said.printed_pt else "")
    return text + (" — " + ", ".join(said.texts()) if said.tags else "")
