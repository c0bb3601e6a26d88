"""Equipment: attaching, what an Equipment may equip, and the state-based action that unattaches it.

Rules: 301.5 (Equipment: 301.5a "equipped creature", 301.5b the equip ability attaches it to a creature you
control, 301.5c it can't equip an illegal or nonexistent permanent, itself, or more than one creature; it stays on
the battlefield unattached), 702.6a (equip [cost]: "[Cost]: Attach this permanent to target creature you control.
Activate only as a sorcery"), 602.5d (activate only as a sorcery), 701.3a-d (attach, unattach: an effect that
tries to attach it to something it can't be attached to, or to what it is attached to already, does nothing),
613.7e / 701.3c (a new timestamp each time it becomes attached), 704.5n (an Equipment attached to an illegal
permanent becomes unattached as a state-based action), 702.16d (protection: can't be equipped by Equipment
with the stated quality).

The equip ability itself is built by the card loader from a card's ``equip: "{3}"`` (`tutor.engine.cards.EQUIP`:
an activated ability with the ``attach`` effect, ``keyword="equip"``, ``sorcery=True``); the casting code refuses
it at the wrong time or on a creature you don't control (702.6a); its static abilities say
``affects: equipped`` (applied with the layers, `tutor.engine.layers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.events import EventKind

if TYPE_CHECKING:
    from tutor.engine.game import Game
    from tutor.engine.state import Obj

__all__ = ["attach", "can_equip", "equip_problem", "is_equipment"]


def is_equipment(o: Obj) -> bool:
    """301.5: an artifact with the subtype Equipment (and not an Aura: an Aura follows 303.4, 704.5m)."""
    return "Equipment" in o.card.subtypes and not o.card.enchant


def equip_problem(game: Game, eq: Obj, host: Obj | None) -> str:
    """Why Equipment `eq` can't equip `host` now ("" if it can), the rule first: 301.5c (nothing there, not a
    creature, itself, or an Equipment that is a creature) or 702.16d (protection from one of its qualities)."""
    if host is None or host.zone != "battlefield":
        return "301.5c:gone"
    if host.id == eq.id or "creature" not in host.card.types:
        return "301.5c:not_creature"
    if "creature" in eq.card.types or "Equipment" not in eq.card.subtypes:
        return "301.5c:not_equipment"
    if game._protected_from_source(host.id, eq):
        return "702.16d:protection"
    return ""


def can_equip(game: Game, eq: Obj, host: Obj | None) -> bool:
    """301.5 / 701.3a: whether Equipment `eq` may be attached to `host` now."""
    return not equip_problem(game, eq, host)


def attach(game: Game, oid: int, host: int) -> bool:
    """701.3a: attach permanent `oid` (an Equipment) to `host`, moving it off whatever it equipped (301.5c: one
    creature at most); a new timestamp (613.7e, 701.3c). 701.3b: to the object it is attached to already, or to
    one it can't be attached to, it doesn't move (an event says so). True if it moved."""
    s = game.state
    o = s.objects.get(oid)
    if o is None or o.zone != "battlefield":
        return False  # the Equipment left the battlefield: there is nothing to attach
    target = s.objects.get(host)
    if o.attached_to == host:
        game._emit(EventKind.ATTACH_UNCHANGED, "701.3b", object=oid, card=o.card.id, to=host,
                   target_card=target.card.id if target else None, why="already")
        return False
    problem = "701.3b:aura" if o.card.enchant else equip_problem(game, o, target)  # moving an Aura: not modelled
    if problem:
        rule, _, why = problem.partition(":")
        game._emit(EventKind.ATTACH_UNCHANGED,
                   ("701.3b", "702.16d") if rule == "702.16d" else ("701.3b", "301.5c") if rule == "301.5c" else "701.3b",
                   object=oid, card=o.card.id, to=host,
                   target_card=target.card.id if target else None, why=why)
        return False
    before = o.attached_to
    o.attached_to = host
    s.clock += 1
    o.timestamp = s.clock  # 613.7e
    s.layer_changes += 1  # its static abilities now apply to another creature (613)
    game._emit(EventKind.ATTACHED, ("701.3a", "613.7e"), object=oid, card=o.card.id, to=host,
               target_card=target.card.id, moved_from=before)
    return True
