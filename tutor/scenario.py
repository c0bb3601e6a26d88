"""Declarative YAML scenarios run on the rules engine (format: lessons/README.md).

`load_scenario` validates a file against the typed schema (`SCENARIO`, built with `tutor.schema`: every key's
type and range; unknown keys, cards, aliases and steps are errors naming file:line:column and the key) and
builds the cards it defines itself (its ``cards:``, in lessons/cards.yaml's format, merged over the pool);
`run_scenario` plays it and checks every expectation against the board view (`Game.view()`) and the event
log. Whatever goes wrong while playing is a `Failure` (one line), never a traceback.

The position, the actions and the expectations are also the vocabulary of the lessons (`tutor.lessons`),
which reuse `SETUP`, `ACTION`, `EXPECT` and the `Table` that plays them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from glossary.yamlio import LineDict
from tutor.engine import EventKind, Game, IllegalAction
from tutor.engine.cards import CardDef, card_from_dict
from tutor.engine.errors import CardDefinitionError
from tutor.engine.loyalty import COUNTER_KINDS
from tutor.engine_text import illegal_text, runner_text
from tutor.scenario_table import PLAYERS, STEPS, Stuck, Table
from tutor.schema import (
    Bool,
    Dict,
    Document,
    Either,
    Int,
    List,
    Map,
    Maybe,
    RuleNumber,
    Schema,
    Str,
    Text,
    load_document,
)

__all__ = ["ACTION", "ACTION_KEYS", "ACTION_VERBS", "EVENT_KIND", "EVENT_KINDS", "EXPECT", "EXPECT_FIELDS",
           "PLAYERS", "SCENARIO", "SETUP", "STEPS", "ActionSchema", "Failure", "Result", "Scenario", "Table",
           "check_action_refs", "check_expect_refs", "check_setup_refs", "load_scenario", "local_cards", "run_scenario",
           "shipped_cards"]

ZONE_KEYS = ("library", "hand", "battlefield", "graveyard", "exile")
EVENT_KINDS = tuple(k.value for k in EventKind)  # the engine's event kinds (tutor.engine.events)
PENDING = ("priority", "attackers", "blockers", "damage", "legend", "discard", "choice", "game_over", "")
CHOICE_KINDS = ("order", "mode", "targets", "may", "replacement", "discard", "sacrifice", "mulligan", "bottom")  # tutor.engine.choices.ChoiceKind
CHOICE_KINDS += ("pay", "copy_targets")  # part 2: counterspells and copies

# ==== the schema ======================================================================================
PLAYER = Str(PLAYERS)
EVENT_KIND = Str(EVENT_KINDS, what="an event kind (lessons/README.md)")
STEP = Str(STEPS)
REF = Str(pattern=r"^[A-Za-z0-9][\w+/'-]*$", max_len=80, what="a card id or alias")
SMALL = Int(0, 99)
COUNT = Int(0, 999)
LIFE = Int(-999, 999)
TURN = Int(1, 999)
TURN_SEEN = Int(0, 999)  # part 2: an expected turn; 0 is the start of the game, before the first turn (103)
COUNTERS = Dict(Str(COUNTER_KINDS), SMALL, what="counters ({\"+1/+1\": 1, loyalty: 3})")
CARD_ITEM = Either(scalar=REF, mapping=Map({"card": REF, "as": REF}, required=("card",)))
PERMANENT = Either(scalar=REF, mapping=Map(
    {"card": REF, "as": REF, "tapped": Bool(), "sick": Bool(), "damage": SMALL, "counters": COUNTERS,
     "attached_to": REF, "controller": PLAYER}, required=("card",)))
PLAYER_SETUP = Maybe(Map({"life": LIFE, **{z: Maybe(List(PERMANENT if z == "battlefield" else CARD_ITEM, max_len=200))
                                          for z in ZONE_KEYS}}))
SETUP = Map({"turn": TURN, "active": PLAYER, "step": STEP, "starting_player": PLAYER,
             "players": Map({"A": PLAYER_SETUP, "B": PLAYER_SETUP}),
             # part 2: a setup before the game (103): libraries only; shuffled unless shuffle: false; mulligans
             "start": Bool(), "shuffle": Bool(), "hand_size": Int(0, 20)}, required=("players",))
START_ONLY = ("shuffle", "hand_size")  # setup keys that need start: true
NOT_AT_START = ("turn", "active", "step")  # setup keys of a position in a turn (start: true begins before turn 1)
PLAYER_EXPECT = Map({"life": LIFE, "hand": COUNT, "library": COUNT, "graveyard": COUNT, "exile": COUNT, "mana": COUNT,
                     "lands_played": SMALL, "hand_cards": List(REF), "graveyard_cards": List(REF),
                     "mulligans": SMALL, "library_bottom": List(REF, max_len=20)})
OBJECT_EXPECT = Map({"zone": Str(("battlefield", "hand", "graveyard", "exile", "stack", "library", "gone")),
                     "power": Int(-99, 99), "toughness": Int(-99, 99), "damage": COUNT, "tapped": Bool(),
                     "sick": Bool(), "counters": Maybe(COUNTERS), "keywords": List(Str(max_len=60)),
                     "attacking": Bool(), "blocking": Bool(), "blocked": Bool(), "controller": PLAYER,
                     "attached_to": Maybe(REF), "types": List(Str(max_len=30)), "subtypes": List(Str(max_len=30)),
                     "colors": List(Str(("white", "blue", "black", "red", "green"))),
                     "abilities": List(Str(max_len=30)),
                     "loyalty": SMALL, "attacks": Maybe(REF)})
CHOICE_REFS = Either(scalar=REF, sequence=List(REF, max_len=20))
CHOICE_EXPECT = Map({"kind": Str(CHOICE_KINDS), "player": PLAYER, "options": List(REF, max_len=40),
                     "count": Int(0, 40), "card": REF})
EXPECT_FIELDS = {
    "turn": TURN_SEEN, "step": STEP, "active": PLAYER, "priority": Maybe(PLAYER), "outcome": Str((*PLAYERS, "draw", "none")),
    "pending": Maybe(Str(PENDING)), "players": Dict(PLAYER, Maybe(PLAYER_EXPECT)),
    "objects": Dict(REF, Maybe(OBJECT_EXPECT)), "battlefield": Dict(PLAYER, Maybe(List(REF))), "stack": Maybe(List(REF)),
    "events": List(EVENT_KIND), "no_events": List(EVENT_KIND), "steps": List(STEP),
    "note": Str(max_len=2000), "choice": Maybe(CHOICE_EXPECT),
}
EXPECT = Map({**EXPECT_FIELDS, "question": Text(), "answer": Text()})
TARGETS = List(REF, max_len=10)


class _AbilityRef(Schema):
    """An activated ability: its index among the card's abilities (0-20), or its keyword (``equip``, 702.6a)."""

    what = 'an ability index from 0 to 20, or "equip"'

    def validate(self, value, path, doc):
        if value != "equip":
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 20:
                raise self.fail(value, path, doc)


ABILITY_REF = _AbilityRef()
ACTION_KEYS: dict[str, dict] = {
    "play": {"play": REF, "by": PLAYER},
    "cast": {"cast": REF, "by": PLAYER, "targets": TARGETS, "x": Int(-9, 99), "sacrifice": REF, "tap": List(REF, max_len=20),
             # part 2: spells with modes and costs (601.2b): the modes (1-based), kicker, the alternative cost
             "modes": List(Int(1, 10), max_len=10), "kicked": Bool(), "alternative": Bool()},
    "activate": {"activate": REF, "by": PLAYER, "ability": ABILITY_REF, "targets": TARGETS, "x": SMALL,
                 "tap": List(REF, max_len=20)},
    "pass": {"pass": Maybe(Int(1, 50)), "by": PLAYER},
    "pass_until": {"pass_until": STEP, "turn": TURN},
    "legend": {"legend": REF, "by": PLAYER},
    "discard": {"discard": List(REF, max_len=20), "by": PLAYER},
    "choose": {"choose": CHOICE_REFS, "by": PLAYER},
    "attack": {"attack": Maybe(Either(sequence=List(REF, max_len=20), mapping=Dict(
        REF, REF, max_len=20, what="attackers and what each attacks ({attacker: B or a planeswalker})"))), "by": PLAYER},
    "block": {"block": Maybe(Dict(REF, REF, max_len=20, what="blocks ({blocker: attacker})")), "by": PLAYER},
    "assign": {"assign": REF, "by": PLAYER, "damage": Dict(REF, SMALL, max_len=20)},
    "checkpoint": {"checkpoint": EXPECT},
    # part 2: the mulligan process (103.5): a declaration, the cards a mulligan puts on the bottom (in order)
    "mulligan": {"mulligan": PLAYER},
    "keep": {"keep": PLAYER},
    "bottom": {"bottom": List(REF, max_len=20), "by": PLAYER},
}
ACTION_VERBS = tuple(ACTION_KEYS)
COMMON_ACTION_KEYS = {"expect_error": RuleNumber(), "note": Str(max_len=2000)}


class ActionSchema(Map):
    """A scenario action: a mapping with exactly one verb, and the keys that verb takes."""

    what = "an action (a mapping with one verb)"

    def __init__(self, verbs: dict[str, dict] = ACTION_KEYS, common: dict | None = None) -> None:
        self.by_verb = {v: Map({**keys, **(COMMON_ACTION_KEYS if common is None else common)}, required=(v,))
                        for v, keys in verbs.items()}
        super().__init__({})

    def validate(self, value, path, doc):
        if not isinstance(value, dict):
            raise self.fail(value, path, doc)
        verbs = [k for k in value if k in self.by_verb]
        if len(verbs) != 1:
            raise doc.error(path, f"an action has exactly one of: {', '.join(self.by_verb)}")
        self.by_verb[verbs[0]].validate(value, path, doc)


ACTION = ActionSchema()


class CardSchema(Schema):
    """A card the scenario defines: a mapping, whose keys the card loader checks (`card_from_dict`, in
    `load_scenario`: its errors name the key, ``cards.0.keywords.1``)."""

    what = "a card (a mapping, lessons/CARDS.md)"

    def validate(self, value, path, doc):
        if not isinstance(value, dict):
            raise self.fail(value, path, doc)


SCENARIO = Map({"id": Str(pattern=r"^[a-z0-9][a-z0-9-]*$", max_len=100, what="an id (lowercase, digits, -)"),
                "title": Text(), "explanation": Text(), "rules": List(RuleNumber(), max_len=100),
                "cards": Maybe(List(CardSchema(), max_len=100, what="a list of cards (lessons/CARDS.md)")),
                "seed": Int(0, 2**32 - 1), "setup": SETUP, "actions": Maybe(List(ACTION, max_len=2000)),
                "expect": EXPECT, "lesson": Str(max_len=100)}, required=("setup",))


# ==== references: cards and aliases ====================================================================
def check_setup_refs(doc: Document, setup: dict, path: tuple, cards: dict) -> set[str]:
    """Every card of the setup exists (tokens only on the battlefield), aliases are unique and every
    `attached_to` names one; return the aliases."""
    aliases: set[str] = set()
    attached: list[tuple] = []
    if setup.get("start"):  # part 2: a setup before the game has only libraries (103.3)
        for key in NOT_AT_START:
            if key in setup:
                raise doc.error((*path, key), f"{key} is not for a setup with start: true (the game begins at turn 1)")
        for p, pdata in (setup.get("players") or {}).items():
            for zone in ZONE_KEYS[1:]:
                if (pdata or {}).get(zone):
                    raise doc.error((*path, "players", p, zone), "with start: true a player has only a library")
    else:
        for key in START_ONLY:
            if key in setup:
                raise doc.error((*path, key), f"{key} needs start: true")
    for p, pdata in (setup.get("players") or {}).items():
        for zone in ZONE_KEYS:
            for i, item in enumerate((pdata or {}).get(zone) or []):
                where = (*path, "players", p, zone, i)
                card = item["card"] if isinstance(item, dict) else item
                if card not in cards:
                    raise doc.error((*where, "card") if isinstance(item, dict) else where, f"unknown card {card!r}")
                if cards[card].token and zone != "battlefield":
                    raise doc.error(where, "a token exists only on the battlefield")
                if isinstance(item, dict) and "as" in item:
                    if item["as"] in aliases or item["as"] in PLAYERS:
                        raise doc.error((*where, "as"), f"alias {item['as']!r} is already used")
                    aliases.add(item["as"])
                if isinstance(item, dict) and "attached_to" in item:
                    attached.append(((*where, "attached_to"), item["attached_to"]))
    for where, alias in attached:
        if alias not in aliases:
            raise doc.error(where, f"attached_to names an unknown alias {alias!r}")
    return aliases


def _ref_ok(ref: str, cards: dict, aliases: set, players: bool = True) -> bool:
    return ref in aliases or ref in cards or (players and ref in PLAYERS)


def check_action_refs(doc: Document, act: dict, path: tuple, cards: dict, aliases: set) -> None:
    """Every card, alias or player an action names exists (the checkpoint's expectations too)."""
    if "checkpoint" in act:
        check_expect_refs(doc, act["checkpoint"], (*path, "checkpoint"), cards, aliases)
        return
    for key in ("cast", "activate", "play", "legend", "assign", "sacrifice"):
        if key in act and not _ref_ok(act[key], cards, aliases, players=False):
            raise doc.error((*path, key), f"unknown card or alias {act[key]!r}")
    if "choose" in act:
        refs = act["choose"] if isinstance(act["choose"], list) else [act["choose"]]
        for i, ref in enumerate(refs):
            if ref not in ("yes", "no", "keep", "mulligan") and not ref.isdigit() and not re.fullmatch(r"mode-\d+", ref) and \
                    not _ref_ok(ref, cards, aliases, players=True):
                raise doc.error((*path, "choose", i) if isinstance(act["choose"], list) else (*path, "choose"),
                                f"unknown card, alias or player {ref!r}")
    for key in ("targets", "attack", "discard", "tap", "bottom"):
        for i, ref in enumerate(act.get(key) or []):
            if not _ref_ok(ref, cards, aliases, players=key == "targets"):
                raise doc.error((*path, key, ref if isinstance(act[key], dict) else i), f"unknown card or alias {ref!r}")
    if isinstance(act.get("attack"), dict):  # 508.1b: what each attacker attacks, a player or a planeswalker
        for k, v in act["attack"].items():
            if not _ref_ok(v, cards, aliases, players=True):
                raise doc.error((*path, "attack", k), f"unknown card, alias or player {v!r}")
    for key in ("block", "damage"):
        for k, v in (act.get(key) or {}).items():
            for ref in (k, v) if key == "block" else (k,):
                if not _ref_ok(ref, cards, aliases, players=key == "damage"):
                    raise doc.error((*path, key, k), f"unknown card or alias {ref!r}")


def check_expect_refs(doc: Document, exp: dict, path: tuple, cards: dict, aliases: set) -> None:
    """Every alias and card id an expectation names exists."""
    for alias, oe in (exp.get("objects") or {}).items():
        if alias not in aliases:
            raise doc.error((*path, "objects", alias), f"unknown alias {alias!r}")
        if (oe or {}).get("attached_to") is not None and oe["attached_to"] not in aliases:
            raise doc.error((*path, "objects", alias, "attached_to"), f"unknown alias {oe['attached_to']!r}")
        if (oe or {}).get("attacks") is not None and oe["attacks"] not in aliases and oe["attacks"] not in PLAYERS:
            raise doc.error((*path, "objects", alias, "attacks"), f"unknown alias or player {oe['attacks']!r}")
    lists = [(("battlefield", p), ids) for p, ids in (exp.get("battlefield") or {}).items()]
    lists += [(("stack",), exp.get("stack"))]
    lists += [(("players", p, k), (pe or {}).get(k)) for p, pe in (exp.get("players") or {}).items()
              for k in ("hand_cards", "graveyard_cards", "library_bottom")]
    for sub, ids in lists:
        for i, cid in enumerate(ids or []):
            if cid not in cards:
                raise doc.error((*path, *sub, i), f"unknown card {cid!r}")


# ==== scenarios ======================================================================================
@dataclass
class Failure:
    """An expectation that did not hold, or an action that the rules refused (language-neutral data;
    `text(ui)` says it in Italian or Russian)."""

    place: str  # "action" | "checkpoint" | "expect" | "setup"
    line: int
    key: str  # a RUNNER message key (tutor/engine_text.py)
    index: int = 0  # the action's number (1-based)
    field: str | None = None  # the expectation that failed ("turn", "players.A.life", "objects.seeker.zone")
    expected: object = None
    actual: object = None
    rule: str | None = None
    detail: str | None = None  # an engine refusal already in words, or a name

    def where(self, ui: str) -> str:
        return runner_text(f"where_{self.place}", ui, n=self.index, line=self.line)

    def text(self, ui: str) -> str:
        return runner_text(self.key, ui, field=self.field or "", detail=self.detail or "")

    def as_dict(self, ui: str = "it") -> dict:
        d = {"where": self.where(ui), "what": self.text(ui), "key": self.key, "line": self.line}
        for k in ("field", "expected", "actual", "rule"):
            v = getattr(self, k)
            if v is not None:
                d[k] = v
        return d


def table_failures(table: Table, exp: dict, where: dict, since: int | None = None) -> list[Failure]:
    """The table's `compare` as `Failure`s placed at `where` (``{"place": ..., "line": ...}``)."""
    return [Failure(**where, key=m.key, field=m.field, expected=m.expected, actual=m.actual, detail=m.detail)
            for m in table.compare(exp, since)]


@dataclass
class Scenario:
    """A loaded, valid scenario: its display file name, id, data (LineDicts) and cards: the pool and the cards
    it defines itself (`local`, their ids). Whatever shows the scenario names its cards from `cards`."""
    file: str
    id: str
    data: LineDict
    cards: dict
    local: tuple[str, ...] = ()


@dataclass
class Result:
    """The outcome of a scenario run: the game as it ended, the failures and the checkpoints passed."""
    scenario: Scenario
    game: Game | None
    failures: list[Failure] = field(default_factory=list)
    checkpoints: list[dict] = field(default_factory=list)
    aliases: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Whether every expectation held."""
        return not self.failures


def load_scenario(path: Path, cards: dict[str, CardDef], name: str | None = None) -> Scenario:
    """Read and validate a scenario file; raise YamlError (file:line:column, key) when it is invalid."""
    name = name or str(path)
    doc = load_document(path, name)
    top = SCENARIO.check(doc)
    local = local_cards(doc, top.get("cards") or [], ("cards",), cards)
    cards = {**cards, **local} if local else cards
    aliases = check_setup_refs(doc, top["setup"], ("setup",), cards)
    for i, act in enumerate(top.get("actions") or []):
        check_action_refs(doc, act, ("actions", i), cards, aliases)
    if "expect" in top:
        check_expect_refs(doc, top["expect"], ("expect",), cards, aliases)
    return Scenario(name, str(top.get("id") or Path(path).stem), top, cards, tuple(local))


def local_cards(doc: Document, items: list, path: tuple, pool: dict[str, CardDef]) -> dict[str, CardDef]:
    """The cards a file defines itself (each one in lessons/cards.yaml's format, CARDS.md): a definition outside
    the engine's vocabulary, or an id the pool or an earlier card already has, is an error naming
    file:line:column and the key (``cards.0.keywords.1``). Their tokens may be created by their effects."""
    tokens = {c.id for c in pool.values() if c.token} | {d.get("id") for d in items if d.get("token")}
    out: dict[str, CardDef] = {}
    for i, d in enumerate(items):
        try:
            card = card_from_dict(d, tokens)
        except CardDefinitionError as exc:
            keys = tuple(int(k) if k.isdigit() else k for k in exc.path.split(".")) if exc.path else ("id",)
            raise doc.error((*path, i, *keys), exc.message) from None
        if card.id in pool:
            raise doc.error((*path, i, "id"), f"card id {card.id!r} is already in the card pool (lessons/cards.yaml)")
        if card.id in out:
            raise doc.error((*path, i, "id"), f"card id {card.id!r} is used twice")
        out[card.id] = card
    return out


def shipped_cards() -> list[CardDef]:
    """Every card the program ships: the pool's (lessons/cards.yaml) and those the shipped scenarios define
    themselves (their ``cards:``), for the checks that hold of every card."""
    from tutor.cardpool import load_cards
    from tutor.resources import scenario_files

    pool = load_cards()
    local = [sc.cards[c] for p in scenario_files() for sc in [load_scenario(p, pool, p.name)] for c in sc.local]
    return [*pool.values(), *local]


def _line(node: object, default: int = 1) -> int:
    return getattr(node, "line", default) or default


class _Run:
    def __init__(self, sc: Scenario, ui: str = "it") -> None:
        self.sc = sc
        self.ui = ui
        self.result = Result(sc, None)
        self.table = Table(sc.cards, sc.data["setup"], int(sc.data.get("seed", 0)))

    def run(self) -> Result:
        res = self.result
        try:
            res.game = self.table.setup()
        except IllegalAction as exc:
            res.failures.append(Failure("setup", _line(self.sc.data["setup"]), "setup_illegal", rule=exc.rule,
                                        detail=illegal_text(exc, self.ui)))
            return res
        for i, act in enumerate(self.sc.data.get("actions") or []):
            if not self.step(i, act):
                return res
        if "expect" in self.sc.data:
            exp = self.sc.data["expect"]
            res.failures += table_failures(self.table, exp, {"place": "expect", "line": _line(exp)})
        return res

    def step(self, i: int, act: LineDict) -> bool:
        """Play one action (or check a checkpoint); False when the run must stop."""
        res, table = self.result, self.table
        where = {"place": "action", "line": _line(act), "index": i + 1}
        if "checkpoint" in act:
            exp = act["checkpoint"]
            res.failures += table_failures(table, exp, {"place": "checkpoint", "line": _line(act)})
            view = table.game.view()
            res.checkpoints.append({"line": _line(exp), "turn": view.turn, "step": view.step.key,
                                    "question": exp.get("question"), "answer": exp.get("answer"),
                                    "events": len(table.game.events)})
            table.mark = len(table.game.events)
            return not res.failures
        if table.game.outcome is not None:
            res.failures.append(Failure(**where, key="game_over", actual=str(table.game.outcome)))
            return False
        expected_error = act.get("expect_error")
        try:
            table.play(act)
        except IllegalAction as exc:
            if expected_error is None:
                res.failures.append(Failure(**where, key="illegal", rule=exc.rule, detail=illegal_text(exc, self.ui)))
                return False
            if exc.rule != expected_error:
                res.failures.append(Failure(**where, key="other_rule", expected=expected_error, actual=exc.rule,
                                            rule=exc.rule, detail=illegal_text(exc, self.ui)))
                return False
            return True
        except LookupError as exc:
            res.failures.append(Failure(**where, key="not_found", detail=str(exc.args[0] if exc.args else exc)))
            return False
        except Stuck as exc:
            res.failures.append(Failure(**where, key=exc.args[0], detail=exc.args[1] if len(exc.args) > 1 else None))
            return False
        if expected_error is not None:
            res.failures.append(Failure(**where, key="expected_illegal", expected=expected_error))
            return False
        return True


def run_scenario(sc: Scenario, ui: str = "it") -> Result:
    """Play a scenario and check its expectations (`ui`: the language of refusal texts). Anything
    unexpected while playing becomes a one-line `Failure` (key ``error``), never an exception."""
    run = _Run(sc, ui)
    try:
        result = run.run()
    except Exception as exc:  # an engine or runner defect on a valid file: reported, not raised
        result = run.result
        result.failures.append(Failure("action", _line(sc.data), "error", detail=f"{type(exc).__name__}: {exc}"[:300]))
    result.aliases = dict(run.table.alias_card)
    return result

