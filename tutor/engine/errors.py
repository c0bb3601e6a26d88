"""Typed errors of the rules engine. Every illegal action names the rule it breaks."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["CardDefinitionError", "EngineError", "IllegalAction", "Refusal"]


class Refusal(StrEnum):
    """Why an action is illegal: the stable keys of `IllegalAction.reason` (a `str` enum: a reason compares equal
    to its string, and the catalogs word it as ``reason.<key>``, tutor/i18n/it.py and ru.py)."""

    # casting.py
    NOT_IN_HAND = "not_in_hand"
    NOT_A_LAND = "not_a_land"
    LAND_TIMING = "land_timing"
    SECOND_LAND = "second_land"
    LAND_NOT_SPELL = "land_not_spell"
    SORCERY_TIMING = "sorcery_timing"
    BAD_X = "bad_x"
    ADDITIONAL_COST = "additional_cost"
    NO_ADDITIONAL_COST = "no_additional_cost"
    CANT_PAY_LIFE = "cant_pay_life"
    NOT_YOUR_PERMANENT = "not_your_permanent"
    NO_SUCH_ABILITY = "no_such_ability"
    ALREADY_TAPPED = "already_tapped"
    SUMMONING_SICK = "summoning_sick"
    BAD_MANA_SOURCE = "bad_mana_source"
    CANT_PAY = "cant_pay"
    # combat.py
    DUPLICATE_ATTACKER = "duplicate_attacker"
    NOT_YOUR_CREATURE = "not_your_creature"
    TAPPED_ATTACKER = "tapped_attacker"
    BAD_BLOCK = "bad_block"
    BLOCKS_TWICE = "blocks_twice"
    TAPPED_BLOCKER = "tapped_blocker"
    NOT_ATTACKING = "not_attacking"
    OTHER_ATTACKER = "other_attacker"
    BAD_ASSIGNMENT = "bad_assignment"
    NO_TRAMPLE = "no_trample"
    NOT_A_BLOCKER = "not_a_blocker"
    WRONG_TOTAL = "wrong_total"
    TRAMPLE_LETHAL = "trample_lethal"
    # game.py
    GAME_OVER = "game_over"
    UNKNOWN_ACTION = "unknown_action"
    # sba.py
    LEGEND_CHOICE = "legend_choice"
    # targets.py
    TARGET_COUNT = "target_count"
    SAME_TARGET_TWICE = "same_target_twice"
    ILLEGAL_TARGET = "illegal_target"
    # turns.py
    DISCARD_COUNT = "discard_count"
    # choices.py
    BAD_CHOICE = "bad_choice"
    CHOICE_COUNT = "choice_count"
    # game.py: an action answering a decision the game is not waiting for (_DECISION_RULE)
    NOT_PRIORITY = "not_priority"
    NOT_ATTACKERS = "not_attackers"
    NOT_BLOCKERS = "not_blockers"
    NOT_DAMAGE = "not_damage"
    NOT_LEGEND = "not_legend"
    NOT_DISCARD = "not_discard"
    NOT_CHOICE = "not_choice"
    # keywords.py: the keyword registry's refusals (EVASION: a new evasion keyword's generic one)
    UNBLOCKABLE = "unblockable"
    FLYING = "flying"
    FEAR = "fear"
    LANDWALK = "landwalk"
    PROTECTION = "protection"
    MENACE = "menace"
    DEFENDER = "defender"
    EVASION = "evasion"
    # part 2: planeswalkers and counters (loyalty.py)
    LOYALTY_TIMING = "loyalty_timing"
    LOYALTY_ONCE = "loyalty_once"
    LOYALTY_TOO_FEW = "loyalty_too_few"
    NO_COUNTERS = "no_counters"
    NOT_ATTACKABLE = "not_attackable"
    # part 2: spells with modes and costs (spells.py)
    BAD_MODES = "bad_modes"
    MODE_TWICE = "mode_twice"
    MODE_NO_TARGETS = "mode_no_targets"
    NO_KICKER = "no_kicker"
    NO_ALTERNATIVE_COST = "no_alternative_cost"
    # part 2: the start of the game: a mulligan declaration out of turn order (103.5; the scenario table's check)
    MULLIGAN_ORDER = "mulligan_order"
    # part 2: equipment and protection (702.6a, 702.16f)
    EQUIP_TIMING = "equip_timing"
    EQUIP_TARGET = "equip_target"
    PROTECTION_QUALITY = "protection_quality"


class EngineError(Exception):
    """Base class of the engine's errors."""


class IllegalAction(EngineError):
    """An action the rules do not allow now: `rule` is the Comprehensive Rules number it breaks,
    `reason` a stable key (for translated messages) and `detail` the specifics.

    >>> str(IllegalAction("305.2", "second_land", "one land per turn"))
    'illegal action (rule 305.2): one land per turn'
    """

    def __init__(self, rule: str, reason: Refusal | str, detail: str = "") -> None:
        super().__init__(f"illegal action (rule {rule}): {detail or reason}")
        self.rule = rule
        self.reason = str(reason)  # the plain string (the engine passes a Refusal)
        self.detail = detail


class CardDefinitionError(EngineError):
    """A card definition outside the engine's vocabulary: `path` locates the key (``abilities.0.effects.1``)."""

    def __init__(self, card: str, path: str, message: str) -> None:
        super().__init__(f"card {card!r}, {path}: {message}")
        self.card = card
        self.path = path
        self.message = message
