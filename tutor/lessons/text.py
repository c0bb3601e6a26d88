"""A board in plain text, for the terminal player (strings only: the caller prints them).

One line for the turn (turn, active player, step, who has priority or what decision is pending), then per
player: life, library, graveyard and hand (the learner's cards by name, the other's as a number), their
permanents (power/toughness, tapped, summoning sickness, damage, counters, attacking, blocking), and the
stack, top last.
"""

from __future__ import annotations

from tutor.events_text import card_noun
from tutor.i18n import pick, t
from tutor.i18n.terms import step_noun

__all__ = ["board_lines", "card_noun", "status_line"]


def status_line(view, lang: str) -> str:
    """Turn, active player, step, and who has priority / what the game waits for / who won."""
    head = t("lesson.board.header", lang, turn=view.turn, active="AB"[view.active],
             step=str(step_noun(view.step.key, lang)))
    pend = view.pending
    if view.outcome is not None:
        head += " · " + (t("lesson.board.winner", lang, player="AB"[view.outcome.winner])
                         if view.outcome.winner is not None else t("lesson.board.draw", lang))
    elif view.priority is not None:
        head += " · " + t("lesson.board.priority", lang, player="AB"[view.priority])
    elif pend.player is not None:
        head += " · " + t("lesson.board.deciding", lang, player="AB"[pend.player],
                          decision=t(f"lesson.decision.{pend.decision.value}", lang))
    return head


def board_lines(view, cards: dict, lang: str, learner: int | None = 0) -> list[str]:
    """The position `view` (a BoardView) as lines of text; `learner`'s hand is shown by name (None: both)."""
    head = status_line(view, lang)
    lines = [head]
    names = {p.object: p for p in view.permanents}
    for p in view.players:
        letter = "AB"[p.index]
        lines.append(t("lesson.board.player", lang, player=letter, life=p.life, library=p.library,
                       graveyard=len(p.graveyard)))
        if p.mana.total:
            pool = "".join("{" + c + "}" for c in "WUBRGC" for _ in range(getattr(p.mana, c)))
            lines.append("   " + t("lesson.board.pool", lang, mana=pool))
        if learner is None or p.index == learner:
            hand = ", ".join(f"«{pick(cards[c.card].name, lang)}»" for c in p.hand) or "—"
            lines.append("   " + t("lesson.board.hand", lang, cards=hand))
        else:
            lines.append("   " + t("lesson.board.hand_count", lang, n=len(p.hand)))
        perms = [x for x in view.permanents if x.controller == p.index]
        if not perms:
            lines.append("   " + t("lesson.board.battlefield", lang) + " —")
            continue
        lines.append("   " + t("lesson.board.battlefield", lang))
        for perm in perms:
            lines.append("     " + _permanent(perm, cards, lang, names))
    if view.stack:
        lines.append(t("lesson.board.stack", lang))
        for i, item in enumerate(view.stack, 1):
            what = card_noun(cards[item.card], lang, "spell" if item.kind.value == "spell" else "ability")
            text = f"  {i}. {what} ({'AB'[item.controller]})"
            targets = [("AB"[x.player] if x.player is not None else
                        f"«{pick(cards[names[x.object].card].name, lang)}»" if x.object in names else "?")
                       for x in item.targets]
            if targets:
                text += " → " + ", ".join(targets)
            lines.append(text)
    return lines


def _permanent(perm, cards: dict, lang: str, names: dict) -> str:
    card = cards[perm.card]
    n = card_noun(card, lang)
    text = str(n)
    if perm.power is not None:
        text += f" {perm.power}/{perm.toughness}"
    tags = []
    if perm.tapped:
        tags.append(t("lesson.board.tapped", lang, card=n))
    if perm.summoning_sick and "haste" not in perm.keywords:
        tags.append(t("lesson.board.sick", lang))
    if perm.damage:
        tags.append(t("lesson.board.damage", lang, n=perm.damage))
    for kind, count in perm.counters:
        tags.append(f"{kind} ×{count}")
    if perm.attacking is not None:
        tags.append(t("lesson.board.attacking", lang, player="AB"[perm.attacking]))
    if perm.blocking is not None and perm.blocking in names:
        tags.append(t("lesson.board.blocking", lang, name=pick(cards[names[perm.blocking].card].name, lang)))
    if perm.blocked:
        tags.append(t("lesson.board.blocked", lang, card=n))
    return text + (" — " + ", ".join(tags) if tags else "")
