"""Events: what happened, with the rule numbers that justify it (for logs, lessons and links).

Every kind of event is a member of :class:`EventKind`, a ``str`` enum (an event's kind compares equal to its
name, ``EventKind.DAMAGE == "damage"``, as the scenarios and lessons write it) that carries the rules the kind
cites: each event cites some of them (the kinds of `DYNAMIC_KINDS` also the rule decided as it happens:
the state-based action, the step, what destroyed the object). The text layer keys its sentences by kind
(``event.<kind>`` in tutor/i18n/it.py and ru.py).

>>> EventKind.DAMAGE == "damage", EventKind("sba").rules[:2]
(True, ('704.5f', '704.5g'))
>>> EventKind("damage") is EventKind.DAMAGE, str(EventKind.DAMAGE), f"event.{EventKind.DAMAGE}"
(True, 'damage', 'event.damage')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

__all__ = ["DYNAMIC_KINDS", "Event", "EventKind"]


class EventKind(StrEnum):
    """The kinds of event the engine emits, each with the Comprehensive Rules numbers it cites (`rules`, its
    deciding rule first)."""

    rules: tuple[str, ...]

    def __new__(cls, value: str, *rules: str) -> EventKind:
        member = str.__new__(cls, value)
        member._value_ = value
        member.rules = rules
        return member

    # ---- playing, casting, activating (305, 601, 602, 605)
    LAND_PLAYED = "land_played", "305.1", "116.2a"
    CAST = "cast", "601.2", "405.1"
    ACTIVATE = "activate", "602.2", "405.1"
    SACRIFICE = "sacrifice", "701.17", "701.17a", "601.2h", "602.2b"
    MANA_ABILITY = "mana_ability", "106.4", "605.3a"
    MANA = "mana", "106.4", "605.3"
    # ---- combat (508-511)
    COMBAT_ENDS = "combat_ends", "511.3"
    ATTACKERS = "attackers", "508.1", "508.1f"
    BLOCKERS = "blockers", "509.1", "509.1g", "509.1h"
    STEP_SKIPPED = "step_skipped", "508.8", "614.10", "614.1b"
    NO_ATTACKERS = "no_attackers", "508.8"
    FIRST_STRIKE_STEP = "first_strike_step", "510.4", "702.7b"
    # ---- damage, life, destruction (119, 120, 615, 701.7)
    DESTROYED = "destroyed", "701.7a"
    REPLACED = "replaced", "614.1a", "614.1b", "614.1c", "614.1d", "614.6", "614.12", "119.10", "121.6"
    DAMAGE_UNPREVENTABLE = "damage_unpreventable", "615.12"
    NO_LIFE_GAIN = "no_life_gain", "119.7"
    RULE_EFFECT = "rule_effect", "611.2", "615.12", "119.7", "614.1a"
    RETURNED = "returned", "603.7c", "400.7"
    LIFE_GAIN = "life_gain", "119.3", "702.15b"
    LIFE_LOSS = "life_loss", "119.3", "119.4"
    INDESTRUCTIBLE = "indestructible", "702.12b"
    REGENERATED = "regenerated", "701.15a", "506.4", "614.8"
    DAMAGE_PREVENTED = "damage_prevented", "615.1", "615.7", "702.16e", "615.6"
    DAMAGE = "damage", "120.3a", "120.3e", "510.2", "120.3c"
    # ---- effects of spells and abilities (701, 611, 615)
    EXTRA_COMBAT = "extra_combat", "500.8", "505.1a"
    EXILE = "exile", "701.11a"
    BOUNCE = "bounce", "400.7"
    TAPPED = "tapped", "701.21"
    UNTAPPED = "untapped", "701.21"
    TOKEN_CREATED = "token_created", "111.1", "701.6"
    COUNTERS = "counters", "122.1"
    GRANT = "grant", "611.2", "514.2"
    PUMP = "pump", "611.2", "514.2"
    BECOMES = "becomes", "611.2a", "611.2c", "613.1", "613.4", "514.2"
    GAIN_CONTROL = "gain_control", "613.1b", "611.2a", "302.6"
    COPY_CREATED = "copy_created", "707.2", "111.1"
    PREVENTION_EFFECT = "prevention_effect", "615.1", "615.3", "615.7"
    COUNTERED = "countered", "701.5a"
    DISCARD = "discard", "701.8", "514.1"
    REGENERATION_SHIELD = "regeneration_shield", "701.15a", "614.8"
    # ---- priority, triggers, resolution (117, 603, 608)
    PASS = "pass", "117.3d"
    TRIGGER = ("trigger", "603.2", "603.10a", "603.2b", "603.6a", "603.6c", "603.8", "508.3a", "509.3a", "509.3c",
               "510.3a", "601.2i", "119.9", "603.7")
    CHOICE = ("choice", "603.3b", "603.3c", "603.3d", "603.5", "616.1", "701.8b", "701.17a", "103.5", "118.12a",
              "707.10c")
    DECLINED = "declined", "603.5"
    CONDITION_FALSE = "condition_false", "603.4"
    DELAYED_TRIGGER = "delayed_trigger", "603.7", "603.7a"
    RESOLVE = "resolve", "608.2", "608.3"
    ENTERS = "enters", "110.1"
    TRIGGER_ON_STACK = "trigger_on_stack", "603.3"
    TRIGGER_REMOVED = "trigger_removed", "603.3d", "603.3c"
    DOESNT_RESOLVE = "doesnt_resolve", "608.2b"
    ATTACH = "attach", "608.3c"
    # ---- state-based actions and the end of the game (704, 104)
    GAME_DRAW = "game_draw", "104.4a"
    GAME_WON = "game_won", "104.2a", "104.2b"
    TOKEN_CEASES = "token_ceases", "704.5d", "111.7"
    SBA_COUNTERS = "sba_counters", "704.5q"
    SBA_LIFE = "sba_life", "704.5a"
    SBA_EMPTY_LIBRARY = "sba_empty_library", "704.5b"
    SBA = "sba", "704.5f", "704.5g", "704.5h", "704.5m"
    LEGEND_RULE = "legend_rule", "704.5j"
    # ---- turns and steps (500-514)
    STEP_BEGINS = "step_begins", "502", "503", "504", "505", "507", "508", "509", "510.4", "510", "511", "513", "514"
    UNTAP = "untap", "502.3"
    NO_PRIORITY = "no_priority", "502.4", "514.3"
    TURN_BEGINS = "turn_begins", "500.1"
    CLEANUP = "cleanup", "514.2"
    DRAW_SKIPPED = "draw_skipped", "103.8a"
    MANA_EMPTIES = "mana_empties", "500.4"
    # ---- zone changes (121, 700.4)
    DIES = "dies", "700.4"
    DRAW = "draw", "121.1", "121.2", "504.1"
    DRAW_FROM_EMPTY = "draw_from_empty", "121.4", "704.5b"
    # ---- part 2: planeswalkers and counters (306, 606, 122, 704.5i)
    ENTERS_WITH_LOYALTY = "enters_with_loyalty", "306.5b", "614.1c"
    LOYALTY_COST = "loyalty_cost", "606.4", "107.7"
    COUNTERS_REMOVED = "counters_removed", "122.1", "602.2b"
    SBA_LOYALTY = "sba_loyalty", "704.5i", "306.9"
    # part 2: spells with modes and costs (601.2b, 601.2f)
    MODES_CHOSEN = "modes_chosen", "700.2a", "601.2b"
    KICKED = "kicked", "702.33d", "601.2b"
    ALTERNATIVE_COST = "alternative_cost", "118.9", "601.2b"
    COST_CHANGED = "cost_changed", "601.2f", "118.7a"
    # ---- part 2: the start of the game (103; tutor.engine.start)
    STARTING_PLAYER = "starting_player", "103.1", "103.4"
    SHUFFLE = "shuffle", "103.3", "103.5"
    HAND_DRAWN = "hand_drawn", "103.5"
    KEEP = "keep", "103.5"
    MULLIGAN = "mulligan", "103.5"
    BOTTOM = "bottom", "103.5"
    GAME_BEGINS = "game_begins", "103.8"
    # part 2: counterspells, ward, copies of spells (701.5, 118.12a, 702.21, 707.10)
    ABILITY_COUNTERED = "ability_countered", "701.5a", "113.9"
    CANT_BE_COUNTERED = "cant_be_countered", "101.2", "113.6g"
    UNLESS_PAID = "unless_paid", "118.12a", "702.21a"
    SPELL_COPIED = "spell_copied", "707.10", "707.10c"
    COPY_CEASES = "copy_ceases", "707.10a", "704.5e"
    # part 2: equipment (301.5, 701.3, 702.6, 704.5n)
    ATTACHED = "attached", "701.3a", "613.7e", "702.6a"
    ATTACH_UNCHANGED = "attach_unchanged", "701.3b", "301.5c", "702.16d"
    UNATTACHED = "unattached", "704.5n", "301.5c", "702.16d", "701.3d"


DYNAMIC_KINDS = frozenset({EventKind.DESTROYED, EventKind.DIES, EventKind.SBA, EventKind.STEP_BEGINS, EventKind.CHOICE,
                           EventKind.REPLACED})
"""Kinds whose events also cite a rule decided as they happen (what destroyed or moved the object, the
state-based action, the step)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `kind` is an :class:`EventKind` value (the engine stores it as a plain string);
    `rules` are Comprehensive Rules numbers; `data` the particulars (object ids, player indexes, amounts, card
    ids)."""

    kind: str
    rules: tuple
    data: dict = field(default_factory=dict)
    turn: int = 0
    step: str = ""
