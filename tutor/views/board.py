"""A permanent as every board shows it: the terminal lesson player's, the app's, and the quiz's positions.

`permanent_tags` reads a :class:`~tutor.engine.view.PermanentView` (with its `BoardView`, for the objects
it names) and gives what is to be said about it, in order, as data: each :class:`Tag` is a kind, its catalog
key (``board.*`` in tutor/i18n/it.py and ru.py; a keyword is named by its concept) and its value.
`describe_permanent` puts them in words: the card's name, its power/toughness and each tag's text, the
words agreeing with the name the boards show ("«Orsi Grizzly» TAPpati", "«Медведи-гризли» повёрнуты").
The renderers only lay the words out (and the app styles them by their kind). No UI toolkit here.

>>> from tutor.engine.view import Player
>>> [tag.key for tag in (Tag(TagKind.TAPPED), Tag(TagKind.ATTACKING, Player.B), Tag(TagKind.KEYWORD, "flying"))]
['board.tapped', 'board.attacking', None]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.engine.keywords import ATTACKS_WHEN_SICK
from tutor.engine.view import Player
from tutor.events_text import card_noun, counter_name, name_noun, player_noun
from tutor.i18n import pick, t
from tutor.i18n.grammar import minus
from tutor.i18n.terms import keyword_noun

__all__ = ["COMBAT", "PermanentText", "Side", "Tag", "TagKind", "board_sides", "card_name", "describe_permanent",
           "permanent_tags", "power_toughness"]


class TagKind(Enum):
    """What a tag says, in the order the boards say it."""

    TAPPED = "tapped"  # its status (110.5, 701.21a)
    SICK = "sick"  # can't attack nor use {T} abilities yet (302.6); haste lets it attack (702.10b)
    DAMAGE = "damage"  # damage marked on it (120.6)
    COUNTERS = "counters"  # counters of one kind (122.1)
    KEYWORD = "keyword"  # a keyword it has now (granted ones too, 613)
    ATTACKING = "attacking"  # the player it attacks (508.1)
    BLOCKING = "blocking"  # the attacker it blocks (509.1)
    BLOCKED = "blocked"  # an attacking creature that became blocked (509.1h)
    ATTACHED = "attached"  # the permanent it is attached to (303.4: an Aura)
    # part 2: continuous effects (613)
    COPY = "copy_of"  # the card it is a copy of (707.2, layer 1)
    CONTROLLED = "controlled"  # its controller, when another player owns it (613.1b, layer 2)


COMBAT = frozenset({TagKind.ATTACKING, TagKind.BLOCKING, TagKind.BLOCKED})
_AGREEING = frozenset({TagKind.TAPPED, TagKind.ATTACKING, TagKind.BLOCKING, TagKind.BLOCKED, TagKind.ATTACHED,
                       TagKind.CONTROLLED})
_PREDICATES = {"unblockable": "board.unblockable"}  # keywords said as a predicate of the card, agreeing with it  # their words agree with the name


@dataclass(frozen=True, slots=True)
class Tag:
    """One thing said about a permanent, as data: `value` is the number of damage, the (kind, count) of
    counters, the keyword, the :class:`~tutor.engine.view.Player` attacked, or the card id of the permanent
    blocked or attached to (None for the others)."""

    kind: TagKind
    value: object = None

    @property
    def key(self) -> str | None:
        """The catalog key of its words (None for a keyword: its concept names it)."""
        return None if self.kind is TagKind.KEYWORD else f"board.{self.kind.value}"


@dataclass(frozen=True, slots=True)
class PermanentText:
    """A permanent in words: its card's `name` ("Orsi Grizzly"), power/toughness ("2/2", None for a
    noncreature), its tags as (kind, text), in order, and its printed power/toughness when continuous effects
    (613) make it differ from the current one (``(sulla carta 2/2)``; None otherwise)."""

    name: str
    pt: str | None
    tags: tuple[tuple[TagKind, str], ...]
    printed_pt: str | None = None

    def texts(self, *kinds: TagKind, without: frozenset = frozenset()) -> list[str]:
        """The tags' texts, only of `kinds` when given, never of those in `without`."""
        return [text for kind, text in self.tags if (not kinds or kind in kinds) and kind not in without]


def card_name(cards: dict, card_id: str, lang: str) -> str:
    """A card's name in `lang` ("Orsi Grizzly"); the id of a card the pool lacks."""
    card = cards.get(card_id)
    return pick(card.name, lang) if card is not None else card_id


def power_toughness(perm) -> str | None:
    """"2/2", with the real minus sign ("−1/1"); None for a noncreature."""
    if perm.power is None:
        return None
    return minus(f"{perm.power}/{perm.toughness}")


def permanent_tags(perm, view=None) -> tuple[Tag, ...]:
    """What the boards say about `perm` (a PermanentView), in order; `view` (its BoardView) names the
    permanents it blocks or is attached to (without it those are left out)."""
    def card_of(oid):
        other = view.permanent(oid) if view is not None and oid is not None else None
        return other.card if other is not None else None

    tags = []
    copied = [st.value for st in getattr(perm, "layers", ()) if st.op == "copy"]
    if copied:
        tags.append(Tag(TagKind.COPY, copied[-1]))
    if perm.controller != perm.owner:
        tags.append(Tag(TagKind.CONTROLLED, Player(perm.controller)))
    if perm.tapped:
        tags.append(Tag(TagKind.TAPPED))
    if perm.summoning_sick and not ATTACKS_WHEN_SICK.intersection(perm.keywords):  # haste: 302.6 doesn't apply
        tags.append(Tag(TagKind.SICK))
    if perm.damage:
        tags.append(Tag(TagKind.DAMAGE, perm.damage))
    tags += [Tag(TagKind.COUNTERS, (kind, n)) for kind, n in perm.counters]
    tags += [Tag(TagKind.KEYWORD, k) for k in perm.keywords]
    walker = card_of(getattr(perm, "attacking_planeswalker", None))
    if walker is not None:  # 508.1b: it attacks a planeswalker (its card id)
        tags.append(Tag(TagKind.ATTACKING, walker))
    elif perm.attacking is not None:
        tags.append(Tag(TagKind.ATTACKING, Player(perm.attacking)))
    blocked = card_of(perm.blocking)
    if blocked is not None:
        tags.append(Tag(TagKind.BLOCKING, blocked))
    if perm.blocked:
        tags.append(Tag(TagKind.BLOCKED))
    host = card_of(perm.attached_to)
    if host is not None:
        tags.append(Tag(TagKind.ATTACHED, host))
    return tuple(tags)


def tag_text(tag: Tag, name, cards: dict, lang: str) -> str:
    """A tag's words in `lang`, agreeing with `name` (the permanent as a noun: see `card_noun`)."""
    kind, value = tag.kind, tag.value
    if kind is TagKind.KEYWORD:
        if value in _PREDICATES:  # a quality said of the card ("can't be blocked"), not a name: it agrees with it
            return t(_PREDICATES[value], lang, card=name)
        return str(keyword_noun(value, lang))
    if kind is TagKind.DAMAGE:
        return t(tag.key, lang, n=value)
    if kind is TagKind.COUNTERS:
        return t(tag.key, lang, kind=counter_name(value[0], lang), n=value[1])
    if kind is TagKind.ATTACKING and isinstance(value, str):  # a planeswalker, by its name
        return t("board.attacking_planeswalker", lang, card=name, name=name_noun(cards.get(value), lang, missing=value))
    if kind in (TagKind.ATTACKING, TagKind.CONTROLLED):
        return t(tag.key, lang, card=name, player=player_noun(value, lang))
    if kind is TagKind.COPY:
        return t(tag.key, lang, name=name_noun(cards.get(value), lang, missing=value))
    if kind in (TagKind.BLOCKING, TagKind.ATTACHED):  # the other card by its name, declined (ru) or with its article (it)
        return t(tag.key, lang, card=name, name=name_noun(cards.get(value), lang, missing=value))
    if kind is TagKind.SICK:
        return t(tag.key, lang)
    return t(tag.key, lang, card=name)


def describe_permanent(perm, view, cards: dict, lang: str) -> PermanentText:
    """`perm` (a PermanentView of `view`) in words in `lang`: its name, power/toughness and tags."""
    tags = permanent_tags(perm, view)
    # The tags agree with the name alone (the noun is made only when a tag has words that agree).
    name = card_noun(cards.get(perm.card), lang, missing=perm.card) if any(
        tag.kind in _AGREEING or tag.value in _PREDICATES for tag in tags) else None
    return PermanentText(card_name(cards, perm.card, lang), power_toughness(perm),
                         tuple((tag.kind, tag_text(tag, name, cards, lang)) for tag in tags), printed_pt(perm, lang))


def printed_pt(perm, lang: str) -> str | None:
    """"(sulla carta 2/2)" / "(по карте 2/2)" when continuous effects (613) make a creature's power/toughness differ
    from its card's; None otherwise."""
    printed_power = getattr(perm, "printed_power", None)
    if perm.power is None or printed_power is None:
        return None
    if (perm.power, perm.toughness) == (printed_power, perm.printed_toughness):
        return None
    return t("board.printed_pt", lang, pt=minus(f"{printed_power}/{perm.printed_toughness}"))


def player_summary(p, lang: str, opening=None) -> list[str]:
    """What every board says of a player (a PlayerView) after their name, as parts to join with " · ":
    ["20 punti vita", "grimorio 2", "mano 1", "cimitero 0"]; during the mulligan process (`opening`, the
    view's `OpeningView`), also the mulligans they have taken and whether they have kept: "1 mulligan"."""
    parts = t("board.player_line", lang, life=p.life, library=p.library, hand=len(p.hand),
              graveyard=len(p.graveyard)).split(" · ")
    if opening is not None:  # part 2 (103.5)
        parts.append(t("board.mulligans", lang, n=opening.mulligans[p.index]))
        if opening.kept[p.index]:
            parts.append(t("board.kept", lang))
    return parts


@dataclass(frozen=True, slots=True)
class Side:
    """One player's side of a board: the `player` (a PlayerView), whether it is the learner's (`you`: True,
    False, or None when the learner plays both), and their permanents, the lands apart from the others (each
    in the board's order)."""

    player: object
    you: bool | None
    lands: tuple
    others: tuple

    def title(self, lang: str) -> str:
        """The side's label: "B — avversario", "A — tu" ("Giocatore A" when the learner plays both)."""
        letter = Player(self.player.index).letter
        if self.you is None:
            return t("board.side.player", lang, player=letter)
        return t("board.side.you" if self.you else "board.side.opponent", lang, player=letter)


def board_sides(view, learner: int | None = 0) -> list[Side]:
    """The players' sides of `view` (a BoardView) from the top of a board to its bottom: the opponent's
    first, the learner's last (`learner` None: both are the learner's, B above A), as every board lays them out."""
    bottom = 0 if learner is None else learner
    order = [p for p in view.players if p.index != bottom] + [p for p in view.players if p.index == bottom]
    sides = []
    for p in order:
        perms = [x for x in view.permanents if x.controller == p.index]
        lands = tuple(x for x in perms if "land" in x.types)
        sides.append(Side(p, None if learner is None else p.index == learner, lands,
                          tuple(x for x in perms if "land" not in x.types)))
    return sides
