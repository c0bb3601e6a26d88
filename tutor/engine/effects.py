"""The effect registry: for each effect of the card vocabulary, its parameters, its resolver and the
events it emits, in one place. The card loader (`tutor.engine.cards`) validates definitions against it,
and resolution (608.2) calls its resolvers.

Adding an effect: one `@effect(...)` entry here, its event text (`tutor/events_text.py`), and its line in
the effect table of `lessons/CARDS.md` (a test checks that the two agree).

Rules: 608.2c (the instructions of a spell or ability are followed in order), 608.2b (illegal targets are
not affected), 107.3 (X), and each effect's own rules, named in its entry.

>>> sorted(EFFECTS)[:4]
['attach', 'becomes', 'bounce', 'cant_gain_life']
>>> EFFECTS["damage"].rules
('120.3',)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from tutor.engine.characteristics import KEYWORDS
from tutor.engine.choices import Choice, ChoiceKind, ChoiceOption
from tutor.engine.events import EventKind
from tutor.engine.layers import DECLARED, Mod, mods_error, mods_from
from tutor.engine.loyalty import COUNTER_KINDS
from tutor.engine.state import StackItem, Step
from tutor.engine.targets import filter_error

if TYPE_CHECKING:
    from tutor.engine.game import Game

__all__ = ["EFFECTS", "Effect", "Param", "ParamError", "cant_be_countered", "effect"]

PERMANENT_TARGETS = frozenset({"creature", "permanent", "land", "artifact", "enchantment", "planeswalker"})


class ParamError(ValueError):
    """An effect parameter outside the vocabulary: `key` is its path inside the effect (``to``, ``keywords.1``)."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


class Context(NamedTuple):
    """What a parameter may refer to: the target types of the spell or ability, the token ids."""

    targets: tuple = ()  # target types ("creature", "player", ...), by index
    tokens: frozenset = frozenset()


class Param(NamedTuple):
    """One parameter: `kind` names the values it takes (see `KINDS`)."""

    kind: str
    required: bool = False


@dataclass(frozen=True)
class Effect:
    """One effect: its parameters, the rules it follows, the event kinds it emits (itself or through the
    actions it performs: a destroyed creature dies, a created token enters) and its resolver
    ``resolve(game, item, params, legal)`` (`legal`: which targets are still legal, 608.2b)."""

    name: str
    params: dict
    rules: tuple
    events: tuple
    resolve: Callable
    one_of: tuple = ()  # exactly one of these parameters
    needs: dict = field(default_factory=dict)  # parameter -> the parameters that must come with it

    def validate(self, params: dict, ctx: Context) -> None:
        """Check a definition's parameters; raise ParamError naming the key."""
        for k in params:
            if k not in self.params:
                raise ParamError(k, f"unknown key {k!r}")
        for k, p in self.params.items():
            if p.required and k not in params:
                raise ParamError(k, "required key missing")
        if self.one_of and sum(k in params for k in self.one_of) != 1:
            raise ParamError(self.one_of[0], f"give exactly one of {', '.join(self.one_of)}")
        for k, others in self.needs.items():
            for other in others:
                if k in params and other not in params:
                    raise ParamError(other, f"required with {k!r}")
        for k, v in params.items():
            KINDS[self.params[k].kind](k, v, ctx)


EFFECTS: dict[str, Effect] = {}


def effect(name: str, *, params: dict, rules: tuple, events: tuple, one_of: tuple = (),
           needs: dict | None = None) -> Callable:
    """Register the decorated resolver as effect `name` (its docstring says what it does, citing the rules)."""
    def register(fn: Callable) -> Callable:
        EFFECTS[name] = Effect(name, params, rules, events, fn, one_of, needs or {})
        return fn
    return register


# ==== parameter kinds ===================================================================================
def _int(key: str, v: object, ctx: Context) -> None:
    if not isinstance(v, int) or isinstance(v, bool):
        raise ParamError(key, "expected a whole number")


def _count(key: str, v: object, ctx: Context) -> None:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise ParamError(key, "expected a number, 0 or more")


def _count_or_x(key: str, v: object, ctx: Context) -> None:
    if v not in ("X", "that_much"):
        _count(key, v, ctx)


def _flag(key: str, v: object, ctx: Context) -> None:
    if not isinstance(v, bool):
        raise ParamError(key, "expected true or false")


def _index(key: str, i: object, ctx: Context, allowed: frozenset | None) -> None:
    if not (isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(ctx.targets)):
        raise ParamError(key, f"target index {i!r} out of range")
    if allowed is not None and ctx.targets[i] not in allowed:
        raise ParamError(key, f"target {i} is a {ctx.targets[i]}, expected {' or '.join(sorted(allowed))}")


def _filter(key: str, v: object, ctx: Context) -> None:
    error = filter_error(v)
    if error:
        raise ParamError(f"{key}.{error[0]}" if error[0] else key, error[1])


def _ref(words: tuple, target_types: frozenset | None, allow_all: bool) -> Callable:
    """A reference: one of `words`, ``{target: i}`` (a target of those types) or ``{all: filter}``."""
    forms = [*words, "{target: i}"] + (["{all: filter}"] if allow_all else [])

    def check(key: str, v: object, ctx: Context) -> None:
        if isinstance(v, dict) and len(v) == 1 and "target" in v:
            _index(key, v["target"], ctx, target_types)
        elif allow_all and isinstance(v, dict) and len(v) == 1 and "all" in v:
            _filter(f"{key}.all", v["all"] or {}, ctx)
        elif v not in words:
            raise ParamError(key, f"expected one of: {', '.join(forms)}")
    return check


def _target_of(allowed: frozenset) -> Callable:
    return lambda key, v, ctx: _index(key, v, ctx, allowed)


def _token(key: str, v: object, ctx: Context) -> None:
    if not isinstance(v, str) or v not in ctx.tokens:
        raise ParamError(key, f"unknown token {v!r}")


def _keywords(key: str, v: object, ctx: Context) -> None:
    if not isinstance(v, list) or not all(isinstance(k, str) for k in v):
        raise ParamError(key, "expected a list of keywords")
    for i, k in enumerate(v):
        if k not in KEYWORDS:
            raise ParamError(f"{key}.{i}", f"unknown keyword {k!r}")


def _choice(*values: object) -> Callable:
    def check(key: str, v: object, ctx: Context) -> None:
        if v not in values:
            raise ParamError(key, f"expected one of: {', '.join(map(str, values))}")
    return check


def _effects_list(key: str, v: object, ctx: Context) -> None:
    """Nested effects (a delayed triggered ability's): each a mapping with one known effect."""
    if not isinstance(v, list) or not v:
        raise ParamError(key, "expected a list of effects")
    for i, e in enumerate(v):
        if not isinstance(e, dict) or len(e) != 1:
            raise ParamError(f"{key}.{i}", "each effect is a mapping with exactly one key")
        (name, params), = e.items()
        if name not in EFFECTS:
            raise ParamError(f"{key}.{i}.{name}", f"unknown effect {name!r}")
        if name == "delayed":
            raise ParamError(f"{key}.{i}.{name}", "a delayed ability can't create another")
        try:
            EFFECTS[name].validate(params or {}, ctx)
        except ParamError as exc:
            raise ParamError(f"{key}.{i}.{name}.{exc.key}", exc.message) from None


def _counter_map(key: str, v: object, ctx: Context) -> None:
    if not (isinstance(v, dict) and v and all(k in ("+1/+1", "-1/-1") and isinstance(n, int) and not isinstance(n, bool)
                                              and n > 0 for k, n in v.items())):
        raise ParamError(key, 'expected counters such as {"+1/+1": 1}')


KINDS: dict[str, Callable] = {
    "int": _int,
    "count": _count,
    "count_or_x": _count_or_x,
    "flag": _flag,
    "permanent_target": _target_of(PERMANENT_TARGETS),
    "spell_target": _target_of(frozenset({"spell"})),
    "filter": _filter,
    "objects": _ref(("self", "enchanted", "each_creature", "linked"), PERMANENT_TARGETS, True),
    "players": _ref(("you", "opponent", "each_player", "that_player"), frozenset({"player", "opponent"}), False),
    "recipients": _ref(("you", "opponent", "each_player", "each_creature", "each", "that_player"), None, True),
    "token": _token,
    "keywords": _keywords,
    "counter_kind": _choice(*COUNTER_KINDS),
    "all_of_it": _choice("all"),
    "delayed_step": _choice("end", "upkeep", "end_of_combat"),
    "effects": _effects_list,
    "linked": _choice("linked"),
    "counter_map": _counter_map,
    "layer_value": lambda key, v, ctx: _layer_value(key, v),
    "duration": _choice("end_of_turn", "source_leaves", "forever"),
    "creature_target": _target_of(frozenset({"creature"})),
}

# part 2: counterspells and copies: a spell or ability on the stack; "that spell or ability" (ward's); a mana cost
KINDS["stack_target"] = _target_of(frozenset({"spell", "ability"}))
KINDS["triggering"] = _choice("triggering")


def _mana_cost(key: str, v: object, ctx: Context) -> None:
    from tutor.engine.mana import ManaCost

    try:
        cost = ManaCost.parse(v) if isinstance(v, str) else None
    except ValueError as exc:
        raise ParamError(key, str(exc)) from None
    if cost is None or cost.x:
        raise ParamError(key, 'expected a mana cost without X, such as "{3}"')


KINDS["mana_cost"] = _mana_cost

AMOUNT = Param("count_or_x", required=True)


def _x(value, item: StackItem):
    """107.3: X is the value chosen as the spell was cast or the ability activated; "that much": the amount of
    the event a triggered ability triggered on."""
    if value == "that_much":
        return next((v for k, v in item.facts if k == "amount"), 0)
    return item.x if value == "X" else value


def _objects(game: Game, item: StackItem, params: dict, legal: list) -> list[int]:
    """The permanents named by ``target: i`` or ``all: filter`` (all creatures without either)."""
    ref = {"target": params["target"]} if "target" in params else {"all": params.get("all", ())}
    return game._resolve_ref(item, ref, legal)


def _players(game: Game, item: StackItem, params: dict, legal: list) -> list[int]:
    """The player indexes named by ``who`` (default: you)."""
    return [-1 - t for t in game._resolve_ref(item, params.get("who", "you"), legal)]


# ==== the effects =======================================================================================
@effect("damage", params={"amount": AMOUNT, "to": Param("recipients", required=True)}, rules=("120.3",),
        events=("damage", "damage_prevented", "damage_unpreventable", "replaced", "life_gain", "no_life_gain"))
def _damage(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """120.3: the source deals `amount` damage to each recipient, simultaneously (120.3)."""
    amount = _x(p["amount"], item)
    recipients = game._resolve_ref(item, p["to"], legal)
    game._deal_damage(item.source, item.card, item.controller, [(r, amount) for r in recipients], combat=False)


@effect("destroy", params={"target": Param("permanent_target"), "all": Param("filter"), "no_regenerate": Param("flag")},
        rules=("701.7",), events=("destroyed", "indestructible", "regenerated", "dies", "replaced"),
        one_of=("target", "all"))
def _destroy(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """701.7a: destroy the permanents; with `no_regenerate` they can't be regenerated (701.15c)."""
    for oid in _objects(game, item, p, legal):
        game._destroy(oid, "701.7", can_regenerate=not p.get("no_regenerate"))


@effect("exile", params={"target": Param("permanent_target", required=True)}, rules=("701.11",), events=("exile",))
def _exile(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """701.11a: exile the permanent (it becomes a new object in exile, 400.7)."""
    for oid in _objects(game, item, p, legal):
        game._emit(EventKind.EXILE, "701.11a", object=oid, card=game.state.objects[oid].card.id)
        _link(game, game._move(oid, "exile"))


def _link(game: Game, new: int) -> None:
    """Remember an object an instruction moved, for the later ones ("that card", 607, 603.7c)."""
    r = game.state.resolving
    if r is not None:
        r.linked.append(new)


@effect("bounce", params={"target": Param("permanent_target"), "all": Param("filter")}, rules=("400.7",),
        events=("bounce",), one_of=("target", "all"))
def _bounce(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """Return the permanents to their owners' hands (400.7: as new objects)."""
    for oid in _objects(game, item, p, legal):
        game._emit(EventKind.BOUNCE, "400.7", object=oid, card=game.state.objects[oid].card.id)
        game._move(oid, "hand")


@effect("counter", params={"target": Param("stack_target"), "that": Param("triggering"),
                           "unless_pays": Param("mana_cost")},
        rules=("701.5",), events=("countered", "ability_countered", "cant_be_countered", "unless_paid", "choice", "mana",
                                  "copy_ceases", "replaced"),
        one_of=("target", "that"))
def _counter(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """701.5a: counter the spell or ability (the target, or with ``that: triggering`` the one a ward ability
    triggered on, 702.21a): it leaves the stack without resolving; a spell goes to its owner's graveyard (a copy
    ceases to exist, 707.10a). A spell that can't be countered stays (101.2, 113.6g). With `unless_pays`
    (118.12a): its controller may pay that mana first (only if they can), and then it isn't countered."""
    s = game.state
    if "that" in p:
        ids = [v for k, v in item.facts if k == "stack"]
    else:
        i = p["target"]
        ids = [item.targets[i]] if i < len(legal) and legal[i] else []
    for sid in ids:
        target = next((it for it in s.stack if it.id == sid), None)
        if target is None or target is item:
            continue
        if target.kind == "spell" and cant_be_countered(target.card):
            game._emit(EventKind.CANT_BE_COUNTERED, ("101.2", "113.6g"), card=target.card.id,
                       controller=target.controller, by=item.card.id)
            continue
        if "unless_pays" in p and game._pays_unless(item, target, p["unless_pays"]):
            continue
        s.stack.remove(target)
        if target.kind == "spell":
            game._emit(EventKind.COUNTERED, "701.5a", card=target.card.id, controller=target.controller)
            game._spell_off_stack(target)
        else:
            game._state_left_stack(target)
            game._emit(EventKind.ABILITY_COUNTERED, ("701.5a", "113.9"), card=target.card.id, controller=target.controller)


def cant_be_countered(card) -> bool:
    """101.2 / 113.6g: "This spell can't be countered" (a static ability that works on the stack)."""
    return any(ab.kind == "static" and ab.prohibit == "cant_be_countered" for ab in card.abilities)


@effect("copy_spell", params={"target": Param("spell_target", required=True), "new_targets": Param("flag")},
        rules=("707.10",), events=("spell_copied", "choice", "trigger"))
def _copy_spell(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """707.10: put a copy of the target instant or sorcery spell on the stack, under this spell's controller: it
    copies the spell's characteristics and every decision made for it (modes, targets, X, costs paid: 707.10,
    700.2g); it isn't cast (no "cast" trigger). With `new_targets` (707.10c) the copy's controller may choose new
    targets for it: each target stays or becomes another legal one. (A permanent spell is not copied here.)"""
    s = game.state
    i = p["target"]
    if not (i < len(legal) and legal[i]):
        return
    orig = next((it for it in s.stack if it.id == item.targets[i]), None)
    if orig is None or orig.card.is_permanent:
        return
    targets = list(orig.targets)
    if p.get("new_targets"):
        for n, spec in enumerate(orig.target_specs):
            others = targets[:n] + targets[n + 1:]
            options = [targets[n]] + [t for t in game._target_candidates(spec, item.controller, None, orig.colors)
                                      if t != targets[n] and t not in others and t != orig.id]
            pick = game._ask(Choice(ChoiceKind.COPY_TARGETS, item.controller,
                                    tuple(game._target_option(t) for t in options), card=orig.card.id,
                                    source=item.source, about=n))
            targets[n] = pick[0]
    game._copy_spell_on_stack(orig, item.controller, tuple(targets))


@effect("tap", params={"target": Param("permanent_target"), "all": Param("filter")}, rules=("701.21",), events=("tapped",),
        one_of=("target", "all"))
def _tap(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """701.21a: tap the permanents (a target, or all that fit a filter: "tap all creatures your opponents control")."""
    for oid in _objects(game, item, p, legal):
        if game.state.objects[oid].tapped:
            continue  # 701.21a: only an untapped permanent can be tapped
        game.state.objects[oid].tapped = True
        game._emit(EventKind.TAPPED, "701.21", object=oid, card=game.state.objects[oid].card.id)


@effect("untap", params={"target": Param("permanent_target", required=True)}, rules=("701.21",), events=("untapped",))
def _untap(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """701.21: untap the permanent."""
    for oid in _objects(game, item, p, legal):
        game.state.objects[oid].tapped = False
        game._emit(EventKind.UNTAPPED, "701.21", object=oid, card=game.state.objects[oid].card.id)


@effect("draw", params={"count": Param("count_or_x"), "who": Param("players")}, rules=("121",),
        events=("draw", "draw_from_empty", "replaced", "game_won"))
def _draw(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """121.2: each player draws `count` cards (default 1), one at a time."""
    count = _x(p.get("count", 1), item)
    for player in _players(game, item, p, legal):
        game._draw(player, "121.2", count)


@effect("discard", params={"count": Param("count_or_x"), "who": Param("players"), "random": Param("flag")},
        rules=("701.8",), events=("discard", "choice", "replaced"))
def _discard(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """701.8: each player discards `count` cards (default 1; 0: none), of their choice (701.8b; asked in APNAP
    order, 101.4), or at random; then all are discarded."""
    count = _x(p.get("count", 1), item)
    s = game.state
    chosen = []
    for player in _apnap(game, _players(game, item, p, legal)):
        hand = s.players[player].hand
        n = min(count, len(hand))
        if n <= 0:
            continue
        if p.get("random"):
            chosen.append((player, game.rng.sample(list(hand), n)))
            continue
        picks = game._ask(Choice(ChoiceKind.DISCARD, player, tuple(
            ChoiceOption(c, object=c, card=s.objects[c].card.id, physical=s.objects[c].card_id) for c in hand),
            count=(n, n), card=item.card.id, source=item.source))
        chosen.append((player, list(picks)))
    moved = []
    for player, cards in chosen:
        for c in cards:
            o = s.objects[c]
            new = game._move(c, "graveyard", fire=False)
            game._emit(EventKind.DISCARD, "701.8", player=player, object=new, card=s.objects[new].card.id)
            moved.append((o, new))
    for o, new in moved:  # all at once: then what they trigger
        game._fire_moved(o, new)


@effect("sacrifice", params={"who": Param("players"), "what": Param("filter"), "count": Param("count"),
                             "on": Param("objects")},
        rules=("701.17",), events=("sacrifice", "dies", "choice", "replaced"))
def _sacrifice(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """701.17a: each player sacrifices `count` permanents they control that fit `what` (default: a creature),
    of their choice (asked in APNAP order, 101.4); then all are sacrificed at once. With `on` ("sacrifice this
    creature"): those permanents, if their controller is the ability's controller (a player can sacrifice only
    permanents they control)."""
    s = game.state
    if "on" in p:
        for o in game._resolve_ref(item, p["on"], legal):
            if o > 0 and o in s.objects and s.objects[o].zone == "battlefield" and s.objects[o].controller == item.controller:
                game._emit(EventKind.SACRIFICE, "701.17a", player=item.controller, object=o, card=s.objects[o].card.id)
                game._to_graveyard(o, "701.17")
        return
    flt = dict(p.get("what") or {"types": ["creature"]})
    flt = {k: list(v) if isinstance(v, tuple) else v for k, v in flt.items()}
    count = p.get("count", 1)
    chosen = []
    for player in _apnap(game, _players(game, item, p, legal)):
        mine = [o for o in s.battlefield if s.objects[o].controller == player
                and game._matches(s.objects[o], flt, player, item.source)]
        n = min(count, len(mine))
        if n <= 0:
            continue
        picks = game._ask(Choice(ChoiceKind.SACRIFICE, player, tuple(
            ChoiceOption(o, object=o, card=s.objects[o].card.id, physical=s.objects[o].card_id) for o in mine),
            count=(n, n), card=item.card.id, source=item.source))
        chosen.append((player, list(picks)))
    for player, objs in chosen:
        for o in objs:
            if o in s.objects and s.objects[o].zone == "battlefield":
                game._emit(EventKind.SACRIFICE, "701.17a", player=player, object=o, card=s.objects[o].card.id)
                game._to_graveyard(o, "701.17")


def _apnap(game: Game, players: list[int]) -> list[int]:
    """101.4: the active player first, then the others."""
    return sorted(players, key=lambda q: q != game.state.active)


@effect("gain_life", params={"amount": AMOUNT, "who": Param("players")}, rules=("119",),
        events=("life_gain", "no_life_gain", "replaced"))
def _gain_life(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """119.3: each player gains `amount` life."""
    for player in _players(game, item, p, legal):
        game._gain_life(player, _x(p["amount"], item), "119.3")


@effect("lose_life", params={"amount": AMOUNT, "who": Param("players")}, rules=("119",), events=("life_loss",))
def _lose_life(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """119.3: each player loses `amount` life."""
    for player in _players(game, item, p, legal):
        game._lose_life(player, _x(p["amount"], item), "119.3")


@effect("create_token", params={"token": Param("token", required=True), "count": Param("count"),
                                "tapped": Param("flag"), "attacking": Param("flag")},
        rules=("111",), events=("token_created", "enters", "replaced"))
def _create_token(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """111.1 / 701.6a: create `count` tokens (default 1) under the controller's control; they enter (110.1),
    tapped if it says so; "attacking" (506.3, 508.4): attacking the player the source attacks (never declared as
    attackers, so "whenever ... attacks" doesn't trigger, 508.3a)."""
    s = game.state
    defender = s.attackers.get(item.source, 1 - item.controller)
    for _ in range(p.get("count", 1)):
        o = game.create(p["token"], item.controller, "battlefield")
        if p.get("tapped"):
            o.tapped = True
        game._emit(EventKind.TOKEN_CREATED, ("111.1", "701.6"), object=o.id, card=o.card.id, controller=item.controller,
                   tapped=bool(p.get("tapped")), attacking=bool(p.get("attacking")) and game._in_combat())
        if p.get("attacking") and game._in_combat():
            s.attackers[o.id] = defender
            if item.source in s.attack_targets:  # 508.4: the planeswalker the source attacks
                s.attack_targets[o.id] = s.attack_targets[item.source]
        game._enters(o)


@effect("counters", params={"kind": Param("counter_kind", required=True), "count": Param("count"),
                            "on": Param("objects")}, rules=("122",), events=("counters",))
def _counters(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """122.1: put `count` counters (default 1) of `kind` on each permanent (default: the source)."""
    for oid in game._resolve_ref(item, p.get("on", "self"), legal):
        o = game.state.objects[oid]
        o.counters[p["kind"]] = o.counters.get(p["kind"], 0) + p.get("count", 1)
        game._emit(EventKind.COUNTERS, "122.1", object=oid, kind=p["kind"], count=p.get("count", 1), card=o.card.id)


def _until_end_of_turn(game: Game, item: StackItem, name: str, p: dict, legal: list) -> None:
    s = game.state
    for oid in game._resolve_ref(item, p.get("on", "self"), legal):
        if oid < 0 or oid not in s.objects:
            continue
        kws = frozenset(p.get("keywords", ()))
        mods = (Mod("keywords", kws),) if kws else (Mod("pump", (p.get("power", 0), p.get("toughness", 0))),)
        game._add_continuous(mods, [oid], item.card.id, item.source, item.controller)
        game._emit(EventKind(name), ("611.2", "514.2"), object=oid, power=p.get("power", 0), toughness=p.get("toughness", 0),
                   keywords=sorted(kws), card=s.objects[oid].card.id)


@effect("pump", params={"power": Param("int"), "toughness": Param("int"), "on": Param("objects")}, rules=("611",),
        events=("pump",))
def _pump(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """611.2: each permanent (default: the source) gets +power/+toughness until end of turn (514.2)."""
    _until_end_of_turn(game, item, "pump", p, legal)


@effect("grant", params={"keywords": Param("keywords", required=True), "on": Param("objects")}, rules=("611",),
        events=("grant",))
def _grant(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """611.2: each permanent (default: the source) gains the keywords until end of turn (514.2)."""
    _until_end_of_turn(game, item, "grant", p, legal)


@effect("regenerate", params={"on": Param("objects")}, rules=("701.15",), events=("regeneration_shield",))
def _regenerate(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """701.15a: the next time the permanent (default: the source) would be destroyed this turn, it is
    regenerated instead (a shield, 614.8)."""
    s = game.state
    for oid in game._resolve_ref(item, p.get("on", "self"), legal):
        if oid > 0 and oid in s.objects:
            s.objects[oid].regen_shields += 1
            game._emit(EventKind.REGENERATION_SHIELD, ("701.15a", "614.8"), object=oid, card=s.objects[oid].card.id)


@effect("prevent", params={"combat_damage": Param("all_of_it"), "amount": Param("count"), "to": Param("recipients"),
                           "all_to": Param("recipients"), "all_from": Param("objects")},
        rules=("615",), events=("prevention_effect",), one_of=("combat_damage", "amount", "all_to", "all_from"),
        needs={"amount": ("to",)})
def _prevent(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """615.1: prevent, this turn: all combat damage; the next `amount` damage to each recipient (a shield, 615.7);
    all damage to each of `all_to`; all damage each of `all_from` would deal."""
    s = game.state
    if p.get("combat_damage") == "all":
        s.prevent_combat = item.card.id
        game._emit(EventKind.PREVENTION_EFFECT, ("615.1", "615.3"), scope="combat_this_turn", by=item.card.id)
        return
    if "all_to" in p or "all_from" in p:
        kind, ref = ("prevent_all_to", p["all_to"]) if "all_to" in p else ("prevent_all_from", p["all_from"])
        for t in game._resolve_ref(item, ref, legal):
            s.effects.append((kind, t, item.card.id))
            game._emit(EventKind.PREVENTION_EFFECT, "615.1", target=t, scope=kind, by=item.card.id)
        return
    for t in game._resolve_ref(item, p.get("to"), legal):
        s.prevent_next[t] = s.prevent_next.get(t, 0) + p["amount"]
        s.shield_cards[t] = item.card.id
        game._emit(EventKind.PREVENTION_EFFECT, ("615.1", "615.7"), target=t, amount=p["amount"], by=item.card.id)


@effect("cant_prevent", params={}, rules=("615.12",), events=("rule_effect",))
def _cant_prevent(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """615.12: damage can't be prevented this turn (prevention effects still apply but prevent nothing)."""
    game.state.effects.append(("cant_prevent", None, item.card.id))
    game._emit(EventKind.RULE_EFFECT, ("615.12", "611.2"), effect="cant_prevent", by=item.card.id)


@effect("cant_gain_life", params={"who": Param("players")}, rules=("119.7",), events=("rule_effect",))
def _cant_gain_life(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """119.7: the players can't gain life this turn."""
    for player in _players(game, item, p, legal):
        game.state.effects.append(("cant_gain_life", player, item.card.id))
        game._emit(EventKind.RULE_EFFECT, ("119.7", "611.2"), effect="cant_gain_life", player=player, by=item.card.id)


@effect("exile_if_dies", params={"on": Param("objects")}, rules=("614.1a",), events=("rule_effect",))
def _exile_if_dies(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """614.1a: if the creature would die this turn, it is exiled instead."""
    for oid in game._resolve_ref(item, p.get("on", "self"), legal):
        if oid > 0:
            game.state.effects.append(("exile_if_dies", oid, item.card.id))
            game._emit(EventKind.RULE_EFFECT, ("614.1a", "611.2"), effect="exile_if_dies", object=oid,
                       card=game.state.objects[oid].card.id, by=item.card.id)


@effect("delayed", params={"at": Param("delayed_step", required=True), "effects": Param("effects", required=True)},
        rules=("603.7",), events=("delayed_trigger",))
def _delayed(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """603.7: create a delayed triggered ability: at the beginning of the next `at` step, its effects happen;
    "that card" is what the earlier instructions moved (603.7c)."""
    r = game.state.resolving
    effects = tuple(pair for e in p["effects"] for pair in e)  # each a frozen {name: params}: (name, params)
    game._create_delayed(item, p["at"], effects, tuple(r.linked) if r is not None else item.linked)


@effect("return", params={"what": Param("linked", required=True), "counters": Param("counter_map"),
                          "tapped": Param("flag")},
        rules=("603.7c", "400.7"), events=("returned", "enters"))
def _return(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """Return "that card" to the battlefield under its owner's control (with counters: 614.1c), if it is
    still where it was put (603.7c; a card that left that zone is a new object, 400.7)."""
    s = game.state
    r = s.resolving
    # what this spell's earlier instructions moved ("exile ..., then return those cards"), else what the spell or
    # ability that created this delayed ability moved (603.7c)
    linked = r.linked if r is not None and r.item is item and r.linked else item.linked
    for oid in linked:
        o = s.objects.get(oid)
        if o is None or o.zone not in ("exile", "graveyard"):
            continue
        new = game._move(oid, "battlefield")
        obj = s.objects[new]
        obj.controller = obj.owner
        obj.tapped = bool(p.get("tapped"))
        for kind, n in dict(p.get("counters") or ()).items():
            obj.counters[kind] = obj.counters.get(kind, 0) + n
        game._emit(EventKind.RETURNED, ("603.7c", "400.7"), object=new, card=obj.card.id, owner=obj.owner,
                   counters=dict(obj.counters))
        game._enters(obj)


@effect("extra_combat", params={}, rules=("500.8",), events=("extra_combat",))
def _extra_combat(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """500.8 / 505.1a: untap the creatures that attacked this turn; an additional combat phase and an
    additional main phase follow this main phase."""
    s = game.state
    untapped = [oid for oid in s.attacked_this_turn if oid in s.objects and s.objects[oid].zone == "battlefield"]
    for oid in untapped:
        s.objects[oid].tapped = False
    s.step_queue[0:0] = [Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS,
                         Step.COMBAT_DAMAGE, Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN]
    game._emit(EventKind.EXTRA_COMBAT, ("500.8", "505.1a"), untapped=untapped)


# ==== continuous effects in layers (tutor.engine.layers) =================================================
def _layer_value(key: str, v: object) -> None:
    v = {a: (list(b) if isinstance(b, tuple) else b) for a, b in v.items()} if isinstance(v, dict) else v
    err = mods_error({key: v}, KEYWORDS)
    if err:
        raise ParamError(err[0], err[1])


def _thaw(v: object) -> object:
    """A definition's frozen parameter back to plain data (sorted pairs -> mapping, tuple -> list)."""
    if isinstance(v, tuple) and v and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in v):
        return {k: _thaw(x) for k, x in v}
    if isinstance(v, tuple):
        return [_thaw(x) for x in v]
    return v


def _permanents(game: Game, item: StackItem, ref: object, legal: list) -> list:
    s = game.state
    return [oid for oid in game._resolve_ref(item, ref, legal)
            if oid >= 0 and oid in s.objects and s.objects[oid].zone == "battlefield"]


@effect("becomes", params={"on": Param("objects", required=True), "until": Param("duration"),
                           **{k: Param("layer_value") for k in DECLARED if k != "control"}},
        rules=("611.2a", "611.2c", "613.1"), events=("becomes",))
def _becomes(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """611.2a: the permanents get a continuous effect, until end of turn unless it says "forever" or "for as
    long as" its source stays (611.2b); the set it affects is locked now (611.2c); its parts apply in their
    layers (613.1: type 4, colour 5, abilities 6, power and toughness 7b-7d; 613.6)."""
    oids = _permanents(game, item, p["on"], legal)
    mods = mods_from({k: (dict(v) if k == "pump_each" else _thaw(v)) for k, v in p.items() if k in DECLARED})
    if not oids or not mods:
        return
    until = p.get("until", "end_of_turn")
    e = game._add_continuous(mods, oids, item.card.id, item.source, item.controller, until)
    for oid in oids:
        game._emit(EventKind.BECOMES, ("611.2a", "613.1"), object=oid, card=game.state.objects[oid].card.id,
                   changes=[[m.op, _plain(m.value)] for m in e.mods], until=until, source=item.card.id)


def _plain(v: object) -> object:
    if isinstance(v, frozenset):
        return sorted(v)
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    return v


@effect("gain_control", params={"on": Param("objects", required=True), "until": Param("duration")},
        rules=("613.1b", "611.2a", "302.6"), events=("gain_control",))
def _gain_control(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """613.1b (layer 2): the controller of the spell or ability gains control of the permanents, until end of
    turn unless it says otherwise (611.2a); a permanent that changes controller is new to its controller
    (302.6: it can't attack or {T} without haste) and leaves combat (506.4)."""
    oids = _permanents(game, item, p["on"], legal)
    if not oids:
        return
    until = p.get("until", "end_of_turn")
    game._add_continuous((Mod("control", "you"),), oids, item.card.id, item.source, item.controller, until)
    for oid in oids:
        was = game.state.objects[oid].controller
        game._layers_now()
        game._emit(EventKind.GAIN_CONTROL, ("613.1b", "611.2a"), object=oid, card=game.state.objects[oid].card.id,
                   player=item.controller, was=was, until=until)


@effect("create_copy", params={"of": Param("creature_target", required=True)}, rules=("707.2", "111.1"),
        events=("copy_created", "enters", "replaced"))
def _create_copy(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """707.2 / 111.1: create a token that's a copy of the permanent: it gets the original's copiable values
    (its printed values and copy effects: not counters, not other effects, 707.2), as a copy effect (layer 1)."""
    i = p["of"]
    if i < len(legal) and not legal[i]:
        return
    src = game.state.objects.get(item.targets[i])
    if src is None or src.zone != "battlefield":
        return
    original = game._copiable(src.id)
    from dataclasses import replace
    copy = replace(original, token=True)
    o = game.create(original.id, item.controller, "battlefield")
    o.card = copy
    game._add_continuous((Mod("copy", copy),), [o.id], item.card.id, item.source, item.controller, "forever", "707.2")
    game._emit(EventKind.COPY_CREATED, ("707.2", "111.1"), object=o.id, card=copy.id, original=src.id,
               controller=item.controller)
    game._enters(o)
# ---- part 2: counters of every kind (122) ----------------------------------------------------------
@effect("remove_counters", params={"kind": Param("counter_kind"), "count": Param("count"), "on": Param("objects")},
        rules=("122.1",), events=("counters_removed",))
def _remove_counters(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """Remove `count` counters of `kind` from each permanent (default: the source); without `count`, all of them;
    without `kind`, counters of every kind ("remove all counters from target permanent")."""
    s = game.state
    for oid in game._resolve_ref(item, p.get("on", "self"), legal):
        if oid > 0 and oid in s.objects and s.objects[oid].zone == "battlefield":
            game._remove_counters(oid, p.get("kind"), p.get("count"))


# ---- part 2: equipment (701.3, 702.6a) -------------------------------------------------------------
@effect("attach", params={"to": Param("creature_target", required=True)}, rules=("701.3",),
        events=("attached", "attach_unchanged"))
def _attach(game: Game, item: StackItem, p: dict, legal: list) -> None:
    """701.3a: attach the source (an Equipment: the equip ability, 702.6a) to the target creature, moving it off
    the creature it equipped; 701.3b: to the creature it equips already, or to one it can't equip, it doesn't move."""
    from tutor.engine.equipment import attach

    for oid in game._resolve_ref(item, {"target": p["to"]}, legal):
        attach(game, item.source, oid)
