"""The keyword registry: every keyword ability the engine knows, one entry each (CR 702, Foundations).

An entry (:class:`Keyword`) says what the keyword is and where it lives:

- ``name``: the engine's name, as card definitions write it ("first strike");
- ``rules``: its Foundations rule numbers, the keyword's own section first (702.9 flying);
- ``kind``: :class:`KeywordKind` (evasion, blocking, attacking, damage, timing, protection);
- its hooks: ``can_block`` for evasion (who may block a creature with it, CR 509.1b), ``min_blockers`` (menace),
  ``attack`` for the attack restrictions of 508.1a, and ``hooks``, the engine functions that read it
  (``"combat.Combat._lethal"``: module of tutor.engine, then attribute path);
- ``concept``: the curated concept that gives its names in Italian and Russian (glossary/curated/concepts.yaml);
  the engine never reads the glossary, the text layer (tutor/i18n/terms.py) does;
- ``quiz``: what the quiz derives from it (:class:`QuizUse`: its family, difficulty, topics, cited rules).

Adding a keyword touches 3 files: an entry here; its concept's names in Italian and Russian
(glossary/curated/concepts.yaml); a scenario in lessons/scenarios/ that shows it, carrying in its own
``cards:`` a card with the keyword (lessons/README.md). Optionally a 4th: a card with it in the pool
(lessons/cards.yaml), so the quiz, whose families draw from the pool, drills it (its ``quiz`` field).
Every rule it cites must be readable in the program (`kb check`): a rule that neither the Italian rules nor
the digest cover yet also needs its summary in glossary/curated/digest/7.yaml (horsemanship would;
the registry's keywords have theirs). A keyword whose behaviour no hook covers yet also needs that hook's
call site in the engine.

>>> KEYWORD["flying"].kind, KEYWORD["flying"].rules[:2]
(<KeywordKind.EVASION: 'evasion'>, ('702.9', '702.9b'))
>>> "protection from red" in KEYWORDS, KEYWORD["protection from red"].concept
(True, 'protection')
>>> [k.name for k in EVASION][:3]
['unblockable', 'flying', 'fear']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from tutor.engine.errors import Refusal
from tutor.engine.mana import COLOR_NAMES

if TYPE_CHECKING:
    from tutor.engine.game import Game

__all__ = ["WARD_COSTS", "ATTACKS_UNTAPPED", "ATTACKS_WHEN_SICK", "CANT_ATTACK", "EVASION", "KEYWORD", "KEYWORDS", "NEEDS_BLOCKERS",
           "PROTECTION_TYPES", "REGISTRY", "WALKS", "Keyword", "KeywordKind", "QuizUse", "keyword_concept", "quiz_keywords"]


class KeywordKind(StrEnum):
    """What a keyword does, by the rule area that reads it."""

    EVASION = "evasion"  # limits which creatures can block it (509.1b): flying, fear, landwalk, menace
    BLOCKING = "blocking"  # changes what its creature can block (509.1a): reach
    ATTACKING = "attacking"  # changes whether or how its creature attacks (508.1a, 508.1f): defender, vigilance
    DAMAGE = "damage"  # changes how combat damage is assigned or dealt (510): first strike, trample …
    TIMING = "timing"  # changes when its card or creature may act (117.1a, 302.6): flash, haste
    PROTECTION = "protection"  # protection-like: protection, indestructible
    TRIGGERED = "triggered"  # a triggered ability with a name (702.91 battle cry): the card gets its ability


@dataclass(frozen=True, slots=True)
class QuizUse:
    """What the quiz derives from a keyword: the question family that drills it (``can-block:flying``), its
    difficulty (1-3), topics, the rules its questions cite, where the keyword sits in a combat question
    ("attacker" or "any"), and an order among the kind's families (the order new cards are introduced)."""

    family: str
    difficulty: int
    topics: tuple[str, ...]
    rules: tuple[str, ...] = ()
    where: str = "any"
    order: int = 100


@dataclass(frozen=True, slots=True)
class Keyword:
    """One keyword ability: its rules, kind, hooks, concept and quiz use (see the module's docstring)."""

    name: str
    rules: tuple[str, ...]
    kind: KeywordKind
    concept: str = ""
    can_block: Callable[[Game, int, int], bool] | None = None  # (game, attacker, blocker): may it block?
    refusal: tuple[str, Refusal, str] = ()  # (rule, reason, detail) of the IllegalAction when it may not
    min_blockers: int = 1  # 702.111b: menace needs two or more
    attack: str = ""  # "when_sick" (haste: 302.6 doesn't apply, 702.10b-c), "never" (defender, 702.3b),
    #                   "untapped" (vigilance, 702.20b)
    hooks: tuple[str, ...] = ()  # the engine functions that implement it (tutor.engine.<module>.<attr path>)
    quiz: QuizUse | None = None

    def __post_init__(self) -> None:
        if not self.concept:
            object.__setattr__(self, "concept", self.name.replace(" ", "-"))
        if self.can_block is not None and not self.refusal:
            object.__setattr__(self, "refusal", (self.rules[-1], Refusal.EVASION,
                                                 f"{self.name}: that creature can't block it"))


# ---- the hooks of the evasion keywords (509.1b): may `blocker` block `attacker`? ----------------------------
def _flying(game: Game, attacker: int, blocker: int) -> bool:
    """702.9b / 702.17b: only a creature with flying and/or reach."""
    return bool({"flying", "reach"} & game.keywords(blocker))


def _fear(game: Game, attacker: int, blocker: int) -> bool:
    """702.36b: only an artifact creature and/or a black creature."""
    return "artifact" in game.obj(blocker).card.types or "B" in game.colors(blocker)


def _landwalk(land: str) -> Callable[[Game, int, int], bool]:
    """702.14c: not while the defending player (the blocker's controller) controls a land of that type."""
    def can_block(game: Game, attacker: int, blocker: int) -> bool:
        s = game.state
        player = s.objects[blocker].controller
        return not any(land in s.objects[o].card.subtypes for o in s.battlefield
                       if s.objects[o].controller == player and "land" in s.objects[o].card.types)
    return can_block


def _protection(color: str) -> Callable[[Game, int, int], bool]:
    """702.16f: not by a creature of the stated colour."""
    letter = next(k for k, v in COLOR_NAMES.items() if v == color)

    def can_block(game: Game, attacker: int, blocker: int) -> bool:
        return letter not in game.colors(blocker)
    return can_block


def _protection_type(card_type: str) -> Callable[[Game, int, int], bool]:
    """702.16a / 702.16f: not by a creature with that card type ("protection from artifacts": an artifact
    creature; "from creatures": none)."""
    def can_block(game: Game, attacker: int, blocker: int) -> bool:
        return card_type not in game.obj(blocker).card.types
    return can_block


def _never(game: Game, attacker: int, blocker: int) -> bool:
    """509.1b: "can't be blocked"."""
    return False


WALKS = {"plainswalk": "Plains", "swampwalk": "Swamp", "islandwalk": "Island", "mountainwalk": "Mountain",
         "forestwalk": "Forest"}  # 702.14: landwalk -> the land type it looks for
_BLOCK_TOPICS = ("blocking", "keywords")
_DAMAGE_TOPICS = ("combat", "damage", "keywords")
_TARGETING_HOOKS = ("targets.Targets._object_target_ok", "targets.Targets._untargetable")  # hexproof, shroud
WARD_COSTS = range(1, 5)  # "ward N": 702.21a, ward {N} (the generic mana N)
_PROTECTION_HOOKS = ("characteristics.Characteristics._protected_from", "targets.Targets._object_target_ok",
                     "replacement.Replacements._damage_mods", "sba.StateBasedActions._can_enchant",
                     "equipment.equip_problem")  # 702.16b targets, 702.16e damage, 702.16c Auras, 702.16d Equipment
PROTECTION_TYPES = {"artifacts": "artifact", "creatures": "creature"}
"""702.16a: protection from a card type, by the keyword's word for it."""

# The order matters: blocks are checked against the evasion keywords in this order (the first refusal is the
# one reported), and the quiz introduces a kind's families in it (then by `QuizUse.order`).
REGISTRY: tuple[Keyword, ...] = (
    Keyword("unblockable", ("509.1b",), KeywordKind.EVASION, can_block=_never,
            refusal=("509.1b", Refusal.UNBLOCKABLE, "that creature can't be blocked"),
            quiz=QuizUse("can-block:unblockable", 1, _BLOCK_TOPICS, ("509.1b",), order=50)),
    Keyword("flying", ("702.9", "702.9b"), KeywordKind.EVASION, can_block=_flying,
            refusal=("702.9b", Refusal.FLYING, "only creatures with flying or reach can block a flyer"),
            quiz=QuizUse("can-block:flying", 1, (*_BLOCK_TOPICS, "flying", "reach"), ("702.9b",), order=10)),
    Keyword("fear", ("702.36", "702.36b"), KeywordKind.EVASION, can_block=_fear,
            refusal=("702.36b", Refusal.FEAR, "only artifact and/or black creatures can block fear"),
            quiz=QuizUse("can-block:fear", 2, (*_BLOCK_TOPICS, "fear"), ("702.36b",), order=20)),
    *(Keyword(walk, ("702.14", "702.14c"), KeywordKind.EVASION, can_block=_landwalk(land),
              refusal=("702.14c", Refusal.LANDWALK, f"{walk}: you control a {land}"),
              quiz=None if walk == "plainswalk" else QuizUse("can-block:landwalk", 2, (*_BLOCK_TOPICS, "landwalk"),
                                                             order=30))
      for walk, land in WALKS.items()),
    *(Keyword(f"protection from {color}", ("702.16", "702.16b", "702.16e", "702.16f"), KeywordKind.PROTECTION,
              concept="protection", can_block=_protection(color),
              refusal=("702.16f", Refusal.PROTECTION, "protection: can't be blocked by creatures of that colour"),
              hooks=_PROTECTION_HOOKS,
              quiz=QuizUse("can-block:protection", 2, (*_BLOCK_TOPICS, "protection"), order=40))
      for color in COLOR_NAMES.values()),
    # part 2: protection from a card type (702.16a) and from everything (702.16j)
    *(Keyword(f"protection from {quality}", ("702.16", "702.16a", "702.16b", "702.16c", "702.16d", "702.16e",
                                             "702.16f"), KeywordKind.PROTECTION, concept="protection",
              can_block=_protection_type(card_type),
              refusal=("702.16f", Refusal.PROTECTION_QUALITY, f"protection: can't be blocked by {quality}"),
              hooks=(*_PROTECTION_HOOKS, "targets.Targets._source_types", "characteristics.Characteristics._protected_from_source"))
      for quality, card_type in PROTECTION_TYPES.items()),
    Keyword("protection from everything", ("702.16", "702.16j", "702.16f"), KeywordKind.PROTECTION,
            concept="protection", can_block=_never,
            refusal=("702.16f", Refusal.PROTECTION_QUALITY, "protection from everything: can't be blocked"),
            hooks=_PROTECTION_HOOKS),
    Keyword("menace", ("702.111", "702.111b"), KeywordKind.EVASION, min_blockers=2,
            refusal=("702.111b", Refusal.MENACE, "a creature with menace needs two or more blockers"),
            quiz=QuizUse("can-block:menace", 2, (*_BLOCK_TOPICS, "menace"), ("702.111b",), order=70)),
    Keyword("reach", ("702.17", "702.17b"), KeywordKind.BLOCKING, hooks=("keywords._flying",)),
    Keyword("first strike", ("702.7", "702.7b", "510.4"), KeywordKind.DAMAGE,
            hooks=("combat.Combat._begin_combat_step", "combat.Combat._deals_damage_now"),
            quiz=QuizUse("combat:first-strike", 2, (*_DAMAGE_TOPICS, "first-strike"), ("702.7b", "510.4"))),
    Keyword("double strike", ("702.4", "702.4b", "510.4"), KeywordKind.DAMAGE,
            hooks=("combat.Combat._begin_combat_step", "combat.Combat._deals_damage_now"),
            quiz=QuizUse("combat:double-strike", 2, (*_DAMAGE_TOPICS, "double-strike"), ("702.4b", "510.4"))),
    Keyword("deathtouch", ("702.2", "702.2b", "702.2c", "704.5h"), KeywordKind.DAMAGE,
            hooks=("combat.Combat.lethal_damage", "damage.Damage._deal_damage", "sba._deathtouch_damage"),
            quiz=QuizUse("combat:deathtouch", 2, (*_DAMAGE_TOPICS, "deathtouch"), ("702.2b", "702.2c", "704.5h"))),
    Keyword("lifelink", ("702.15", "702.15b"), KeywordKind.DAMAGE, hooks=("damage.Damage._deal_damage",),
            quiz=QuizUse("combat:lifelink", 2, (*_DAMAGE_TOPICS, "lifelink"), ("702.15b",))),
    Keyword("trample", ("702.19", "702.19b", "702.19d"), KeywordKind.DAMAGE,
            hooks=("combat.Combat._needs_assignment", "combat.Combat._validate_assign",
                   "combat.Combat._deal_combat_damage", "combat.Combat.max_trample_damage"),
            quiz=QuizUse("combat:trample", 2, (*_DAMAGE_TOPICS, "trample"), ("702.19b",), where="attacker")),
    Keyword("indestructible", ("702.12", "702.12b"), KeywordKind.PROTECTION,
            hooks=("damage.Damage._destroy", "sba.StateBasedActions._scan"),
            quiz=QuizUse("combat:indestructible", 2, (*_DAMAGE_TOPICS, "indestructible"), ("702.12b",))),
    Keyword("vigilance", ("702.20", "702.20b"), KeywordKind.ATTACKING, attack="untapped",
            hooks=("combat.Combat._perform_attackers",)),
    Keyword("haste", ("702.10", "702.10b", "702.10c", "302.6"), KeywordKind.TIMING, attack="when_sick",
            hooks=("combat.Combat._can_attack", "combat.Combat._validate_attackers", "casting.Casting._validate_activate",
                   "casting.Casting._mana_colors")),
    Keyword("defender", ("702.3", "702.3b"), KeywordKind.ATTACKING, attack="never",
            refusal=("702.3b", Refusal.DEFENDER, "a creature with defender can't attack"),
            hooks=("combat.Combat._can_attack", "combat.Combat._validate_attackers")),
    Keyword("battle cry", ("702.91", "702.91a", "702.91b"), KeywordKind.TRIGGERED,
            hooks=("cards.card_from_dict",)),
    Keyword("flash", ("702.8", "702.8a"), KeywordKind.TIMING,
            hooks=("casting.Casting._validate_cast", "casting.Casting._casts_from", "casting.Casting.cast_timing")),
    # part 2: targeting protection (hexproof, shroud, ward)
    Keyword("hexproof", ("702.11", "702.11b"), KeywordKind.PROTECTION, hooks=_TARGETING_HOOKS),
    *(Keyword(f"hexproof from {color}", ("702.11", "702.11d"), KeywordKind.PROTECTION, concept="hexproof",
              hooks=_TARGETING_HOOKS) for color in COLOR_NAMES.values()),
    Keyword("shroud", ("702.18", "702.18a"), KeywordKind.PROTECTION, hooks=_TARGETING_HOOKS),
    *(Keyword(f"ward {n}", ("702.21", "702.21a"), KeywordKind.TRIGGERED, concept="ward",
              hooks=("cards.card_from_dict", "stack_effects.StackEffects._becomes_target", "effects._counter"))
      for n in WARD_COSTS),
)
KEYWORD: dict[str, Keyword] = {k.name: k for k in REGISTRY}
"""The registry by keyword name."""
KEYWORDS = frozenset(KEYWORD)
"""The keyword vocabulary the card loader accepts."""
EVASION: tuple[Keyword, ...] = tuple(k for k in REGISTRY if k.can_block is not None)
"""The keywords that restrict which creature can block theirs, in the order blocks are checked against them."""
NEEDS_BLOCKERS: tuple[Keyword, ...] = tuple(k for k in REGISTRY if k.min_blockers > 1)
ATTACKS_WHEN_SICK = frozenset(k.name for k in REGISTRY if k.attack == "when_sick")  # 702.10b-c haste: 302.6 doesn't apply
ATTACKS_UNTAPPED = frozenset(k.name for k in REGISTRY if k.attack == "untapped")  # 702.20b vigilance
CANT_ATTACK: tuple[Keyword, ...] = tuple(k for k in REGISTRY if k.attack == "never")  # 702.3b defender


def keyword_concept(keyword: str) -> str:
    """The concept id that names a keyword ("first strike" → "first-strike", "protection from red" →
    "protection"); an unknown keyword its name with hyphens."""
    entry = KEYWORD.get(keyword)
    return entry.concept if entry is not None else keyword.replace(" ", "-")


def quiz_keywords(prefix: str) -> dict[str, tuple[Keyword, ...]]:
    """The quiz families of one kind (``"combat:"``, ``"can-block:"``) → their keywords, in registry order."""
    out: dict[str, list[Keyword]] = {}
    for k in REGISTRY:
        if k.quiz is not None and k.quiz.family.startswith(prefix):
            out.setdefault(k.quiz.family, []).append(k)
    return {f: tuple(ks) for f, ks in out.items()}
