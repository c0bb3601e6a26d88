"""Declarative YAML scenarios run on the rules engine (format: lessons/README.md).

`load_scenario` validates a file (unknown keys, cards, aliases and steps are errors naming
file:line:column and the key); `run_scenario` plays it and checks every expectation against the board
view (`Game.view()`) and the event log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from glossary.yamlio import LineDict, YamlError, load_yaml
from tutor.engine import (
    ActivateAbility,
    AssignCombatDamage,
    CastSpell,
    ChooseLegend,
    Decision,
    DeclareAttackers,
    DeclareBlockers,
    Discard,
    Game,
    IllegalAction,
    PassPriority,
    PlayLand,
    Step,
    player_target,
)
from tutor.engine.cards import CardDef
from tutor.engine.state import Player, State
from tutor.engine_text import illegal_text, runner_text

__all__ = ["Failure", "Result", "Scenario", "load_scenario", "run_scenario"]

PLAYERS = ("A", "B")
STEPS = [s.key for s in Step]
ZONE_KEYS = ("library", "hand", "battlefield", "graveyard", "exile")
ACTION_KEYS = {
    "play": {"by"}, "cast": {"by", "targets", "x", "sacrifice", "tap"}, "activate": {"by", "ability", "targets", "x", "tap"},
    "pass": {"by"}, "pass_until": {"turn"},
    "legend": {"by"}, "discard": {"by"}, "attack": {"by"}, "block": {"by"}, "assign": {"by", "damage"},
    "checkpoint": set(),
}
COMMON_ACTION_KEYS = {"expect_error", "note"}
EXPECT_KEYS = {"turn", "step", "active", "priority", "outcome", "players", "objects", "battlefield", "stack", "events",
               "no_events", "pending", "question", "answer", "note"}
PLAYER_EXPECT = {"life", "hand", "library", "graveyard", "exile", "hand_cards", "graveyard_cards", "mana", "lands_played"}
OBJECT_EXPECT = {"zone", "power", "toughness", "damage", "tapped", "counters", "keywords", "attacking", "blocking",
                 "blocked", "controller", "attached_to"}
PERMANENT_KEYS = {"card", "as", "tapped", "sick", "damage", "counters", "attached_to", "controller"}


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


@dataclass
class Scenario:
    file: str
    id: str
    data: LineDict
    cards: dict


@dataclass
class Result:
    scenario: Scenario
    game: Game | None
    failures: list[Failure] = field(default_factory=list)
    checkpoints: list[dict] = field(default_factory=list)
    aliases: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.failures


# ==== loading and validation ==========================================================================
def _err(file: str, node: object, message: str, key: str | None = None) -> YamlError:
    line = node.key_line(key.split(".")[-1]) if isinstance(node, LineDict) and key and key.split(".")[-1] in node else getattr(node, "line", 1)
    col = getattr(node, "column", None)
    return YamlError(file, line, message, column=col, key=key)


def _mapping(file: str, node: object, allowed: set, where: str, required: set = frozenset()) -> LineDict:
    if not isinstance(node, LineDict):
        raise YamlError(file, getattr(node, "line", 1), f"{where} must be a mapping")
    for k in node:
        if k not in allowed:
            raise _err(file, node, f"unknown key in {where}", key=f"{where}.{k}" if where else str(k))
    for k in required:
        if k not in node:
            raise _err(file, node, f"{where} lacks a required key", key=f"{where}.{k}")
    return node


def _bilingual(file: str, node: LineDict, key: str) -> None:
    v = node.get(key)
    if v is None:
        return
    if not isinstance(v, dict) or not all(isinstance(v.get(lang), str) and v[lang].strip() for lang in ("it", "ru")):
        raise _err(file, node, "a text needs both Italian and Russian: {it: ..., ru: ...}", key=key)


def load_scenario(path: Path, cards: dict[str, CardDef], name: str | None = None) -> Scenario:
    """Read and validate a scenario file; raise YamlError (file:line:column, key) when it is invalid."""
    name = name or str(path)
    data = load_yaml(path, name)
    top = _mapping(name, data, {"id", "title", "explanation", "rules", "seed", "setup", "actions", "expect", "lesson"},
                   "", {"setup"})
    for key in ("title", "explanation"):
        _bilingual(name, top, key)
    setup = _mapping(name, top["setup"], {"turn", "active", "step", "starting_player", "players"}, "setup", {"players"})
    if setup.get("active", "A") not in PLAYERS:
        raise _err(name, setup, "active is A or B", key="setup.active")
    if setup.get("step", "precombat_main") not in STEPS:
        raise _err(name, setup, f"unknown step; one of {', '.join(STEPS)}", key="setup.step")
    players = _mapping(name, setup["players"], set(PLAYERS), "setup.players")
    aliases: set[str] = set()
    for p, pdata in players.items():
        pd = _mapping(name, pdata or LineDict(), {"life", *ZONE_KEYS}, f"setup.players.{p}")
        for zone in ZONE_KEYS:
            items = pd.get(zone) or []
            if not isinstance(items, list):
                raise _err(name, pd, "a zone is a list of cards", key=f"setup.players.{p}.{zone}")
            for item in items:
                card = item
                if isinstance(item, LineDict):
                    _mapping(name, item, PERMANENT_KEYS if zone == "battlefield" else {"card", "as"},
                             f"setup.players.{p}.{zone}", {"card"})
                    card = item["card"]
                    if "as" in item:
                        if item["as"] in aliases or item["as"] in PLAYERS:
                            raise _err(name, item, f"alias {item['as']!r} is already used", key="as")
                        aliases.add(item["as"])
                if card not in cards:
                    raise YamlError(name, getattr(item, "line", pd.key_line(zone)), f"unknown card {card!r}",
                                    key=f"setup.players.{p}.{zone}")
                if cards[card].token and zone != "battlefield":
                    raise YamlError(name, getattr(item, "line", pd.key_line(zone)), "a token exists only on the battlefield",
                                    key=f"setup.players.{p}.{zone}")
    actions = top.get("actions") or []
    if not isinstance(actions, list):
        raise _err(name, top, "actions is a list", key="actions")
    for i, act in enumerate(actions):
        if not isinstance(act, LineDict):
            raise YamlError(name, top.key_line("actions"), f"action {i + 1} must be a mapping", key=f"actions.{i}")
        verbs = [k for k in act if k in ACTION_KEYS]
        if len(verbs) != 1:
            raise _err(name, act, f"an action has exactly one of: {', '.join(ACTION_KEYS)}", key=f"actions.{i}")
        verb = verbs[0]
        _mapping(name, act, {verb, *ACTION_KEYS[verb], *COMMON_ACTION_KEYS}, f"actions.{i}")
        if verb == "checkpoint":
            _expectations(name, act["checkpoint"], cards, aliases, f"actions.{i}.checkpoint")
        if verb == "pass_until" and act["pass_until"] not in STEPS:
            raise _err(name, act, f"unknown step; one of {', '.join(STEPS)}", key=f"actions.{i}.pass_until")
        for key in ("cast", "activate", "play", "legend"):
            ref = act.get(key)
            if ref is not None and ref not in aliases and ref not in cards:
                raise _err(name, act, f"unknown card or alias {ref!r}", key=f"actions.{i}.{key}")
        for ref in list(act.get("targets") or []) + list(act.get("attack") or []) + list(act.get("discard") or []):
            if ref not in aliases and ref not in PLAYERS and ref not in cards:
                raise _err(name, act, f"unknown alias {ref!r}", key=f"actions.{i}")
    if "expect" in top:
        _expectations(name, top["expect"], cards, aliases, "expect")
    return Scenario(name, str(top.get("id") or Path(path).stem), top, cards)


def _expectations(file: str, node: object, cards: dict, aliases: set, where: str) -> None:
    exp = _mapping(file, node, EXPECT_KEYS, where)
    _bilingual(file, exp, "question")
    _bilingual(file, exp, "answer")
    if "step" in exp and exp["step"] not in STEPS:
        raise _err(file, exp, f"unknown step; one of {', '.join(STEPS)}", key=f"{where}.step")
    if "outcome" in exp and exp["outcome"] not in (*PLAYERS, "draw", "none"):
        raise _err(file, exp, "outcome is A, B, draw or none", key=f"{where}.outcome")
    for p, pe in (exp.get("players") or {}).items():
        if p not in PLAYERS:
            raise _err(file, exp["players"], f"unknown player {p!r}", key=f"{where}.players.{p}")
        _mapping(file, pe, PLAYER_EXPECT, f"{where}.players.{p}")
    for alias, oe in (exp.get("objects") or {}).items():
        if alias not in aliases:
            raise _err(file, exp["objects"], f"unknown alias {alias!r}", key=f"{where}.objects.{alias}")
        _mapping(file, oe, OBJECT_EXPECT, f"{where}.objects.{alias}")
    for p, ids in (exp.get("battlefield") or {}).items():
        for cid in ids or []:
            if cid not in cards:
                raise _err(file, exp["battlefield"], f"unknown card {cid!r}", key=f"{where}.battlefield.{p}")


# ==== running =========================================================================================
class _Run:
    def __init__(self, sc: Scenario, ui: str = "it") -> None:
        self.sc = sc
        self.ui = ui
        self.result = Result(sc, None)
        self.alias_card: dict[str, int] = {}  # alias -> physical card id
        self.event_mark = 0

    # -- setup ---------------------------------------------------------------------------------------
    def setup(self) -> Game:
        d = self.sc.data
        s = d["setup"]
        game = Game(self.sc.cards, State(players=[Player(0), Player(1)]), seed=int(d.get("seed", 0)))
        deferred: list[tuple[int, str]] = []
        for p_name, pdata in (s["players"] or {}).items():
            p = PLAYERS.index(p_name)
            pdata = pdata or {}
            game.state.players[p].life = int(pdata.get("life", 20))
            for zone in ZONE_KEYS:
                for item in pdata.get(zone) or []:
                    attrs = dict(item) if isinstance(item, dict) else {"card": item}
                    o = game.create(attrs["card"], p, zone)
                    if zone == "battlefield":
                        o.tapped = bool(attrs.get("tapped", False))
                        o.fresh = bool(attrs.get("sick", False))
                        o.damage = int(attrs.get("damage", 0))
                        o.counters = {str(k): int(v) for k, v in (attrs.get("counters") or {}).items()}
                        if "controller" in attrs:
                            o.controller = PLAYERS.index(attrs["controller"])
                        if "attached_to" in attrs:
                            deferred.append((o.id, attrs["attached_to"]))
                    if "as" in attrs:
                        self.alias_card[attrs["as"]] = o.card_id
        for oid, alias in deferred:
            target = self.obj_of(game, alias)
            if target is None:
                raise YamlError(self.sc.file, d["setup"].line, f"attached_to names an unknown alias {alias!r}", key="attached_to")
            game.obj(oid).attached_to = target
        active = PLAYERS.index(s.get("active", "A"))
        starting = PLAYERS.index(s.get("starting_player", s.get("active", "A")))
        game.start(active=active, turn=int(s.get("turn", 3)), step=Step.from_key(s.get("step", "precombat_main")),
                   starting_player=starting)
        self.result.game = game
        return game

    def obj_of(self, game: Game, ref: str) -> int | None:
        """The current object of an alias (the same physical card, wherever it is now), or of a card id
        (the first such object: hand of the acting player first, then the battlefield)."""
        if ref in self.alias_card:
            cid = self.alias_card[ref]
            for oid, o in game.state.objects.items():
                if o.card_id == cid:
                    return oid
            for it in game.state.stack:
                if game.state.objects.get(it.id) and game.state.objects[it.id].card_id == cid:
                    return it.id
            return None
        return None

    def target_of(self, game: Game, ref: str, actor: int | None) -> int:
        if ref in PLAYERS:
            return player_target(PLAYERS.index(ref))
        oid = self.obj_of(game, ref)
        if oid is None:
            oid = self.find_card(game, ref, actor, ("battlefield", "stack", "hand"))
        if oid is None:
            raise LookupError(ref)
        return oid

    def find_card(self, game: Game, card_id: str, actor: int | None, zones: tuple) -> int | None:
        s = game.state
        for zone in zones:
            if zone == "hand" and actor is not None:
                for oid in s.players[actor].hand:
                    if s.objects[oid].card.id == card_id:
                        return oid
            if zone == "battlefield":
                for oid in s.battlefield:
                    if s.objects[oid].card.id == card_id and (actor is None or s.objects[oid].controller == actor):
                        return oid
            if zone == "stack":
                for it in reversed(s.stack):
                    if it.kind == "spell" and it.card.id == card_id:
                        return it.id
        return None

    # -- actions -------------------------------------------------------------------------------------
    def make_action(self, game: Game, act: LineDict):
        s = game.state
        actor = s.pending[1] if len(s.pending) > 1 else None
        if "by" in act:
            actor = PLAYERS.index(act["by"])
        targets = tuple(self.target_of(game, t, actor) for t in act.get("targets") or [])
        if "play" in act:
            ref = act["play"]
            return PlayLand(self.obj_of(game, ref) or self.find_card(game, ref, actor, ("hand",)) or 0)
        if "cast" in act:
            ref = act["cast"]
            sac = act.get("sacrifice")
            tap = tuple(self.target_of(game, t, actor) for t in act["tap"]) if "tap" in act else None
            return CastSpell(self.obj_of(game, ref) or self.find_card(game, ref, actor, ("hand",)) or 0, targets,
                             int(act.get("x", 0)), self.target_of(game, sac, actor) if sac else None, tap)
        if "activate" in act:
            ref = act["activate"]
            tap = tuple(self.target_of(game, t, actor) for t in act["tap"]) if "tap" in act else None
            return ActivateAbility(self.obj_of(game, ref) or self.find_card(game, ref, actor, ("battlefield",)) or 0,
                                   int(act.get("ability", 0)), targets, int(act.get("x", 0)), tap)
        if "attack" in act:
            return DeclareAttackers(tuple(self.target_of(game, a, actor) for a in act["attack"] or []))
        if "block" in act:
            return DeclareBlockers(tuple((self.target_of(game, b, None), self.target_of(game, a, None))
                                         for b, a in (act["block"] or {}).items()))
        if "assign" in act:
            dmg = tuple((self.target_of(game, r, None), int(n)) for r, n in (act.get("damage") or {}).items())
            return AssignCombatDamage(self.target_of(game, act["assign"], None), dmg)
        if "legend" in act:
            return ChooseLegend(self.target_of(game, act["legend"], actor))
        if "discard" in act:
            return Discard(tuple(self.target_of(game, c, actor) for c in act["discard"]))
        raise AssertionError(act)

    def run(self) -> Result:
        res = self.result
        try:
            game = self.setup()
        except IllegalAction as exc:
            res.failures.append(Failure("setup", self.sc.data["setup"].line, "setup_illegal", rule=exc.rule,
                                        detail=illegal_text(exc, self.ui)))
            return res
        for i, act in enumerate(self.sc.data.get("actions") or []):
            where = {"place": "action", "line": act.line, "index": i + 1}
            if "checkpoint" in act:
                self.check(game, act["checkpoint"], {"place": "checkpoint", "line": act.line}, record=True)
                if res.failures:
                    return res
                continue
            if game.outcome is not None:
                res.failures.append(Failure(**where, key="game_over", actual=str(game.outcome)))
                return res
            expected_error = str(act["expect_error"]) if "expect_error" in act else None
            try:
                if "pass" in act:
                    for _ in range(int(act["pass"] or 1)):
                        self.apply(game, PassPriority(), act)
                elif "pass_until" in act:
                    self.pass_until(game, Step.from_key(act["pass_until"]), act.get("turn"), where)
                else:
                    self.apply(game, self.make_action(game, act), act)
            except IllegalAction as exc:
                if expected_error is None:
                    res.failures.append(Failure(**where, key="illegal", rule=exc.rule, detail=illegal_text(exc, self.ui)))
                    return res
                if exc.rule != expected_error:
                    res.failures.append(Failure(**where, key="other_rule", expected=expected_error, actual=exc.rule,
                                                rule=exc.rule, detail=illegal_text(exc, self.ui)))
                    return res
                continue
            except LookupError as exc:
                res.failures.append(Failure(**where, key="not_found", detail=str(exc.args[0])))
                return res
            except _Stuck as exc:
                res.failures.append(Failure(**where, key=exc.args[0], detail=exc.args[1] if len(exc.args) > 1 else None))
                return res
            if expected_error is not None:
                res.failures.append(Failure(**where, key="expected_illegal", expected=expected_error))
                return res
        if "expect" in self.sc.data:
            self.check(game, self.sc.data["expect"], {"place": "expect", "line": self.sc.data["expect"].line}, record=False)
        return res

    def apply(self, game: Game, action, act: LineDict) -> None:
        if "by" in act:
            want = PLAYERS.index(act["by"])
            pend = game.pending
            if len(pend) > 1 and pend[1] != want:
                raise IllegalAction("117.1", "not_your_decision",
                                    f"player {act['by']} acts, but the game waits for {PLAYERS[pend[1]]} ({pend[0]})")
        game.apply(action)

    def pass_until(self, game: Game, step: Step, turn: object, where: str) -> None:
        """Every player passes priority (and declares nothing) until the given step (of the given turn) begins."""
        want_turn = int(turn) if turn is not None else None
        for _ in range(500):
            s = game.state
            if s.step is step and (want_turn is None or s.turn == want_turn):
                return  # the step has begun (whatever it now waits for: priority, attackers, a discard ...)
            if game.outcome is not None:
                raise _Stuck("stuck_over")
            kind = s.pending[0] if s.pending else ""
            if kind == "priority":
                game.apply(PassPriority())
            elif kind == "attackers":
                game.apply(DeclareAttackers(()))
            elif kind == "blockers":
                game.apply(DeclareBlockers(()))
            else:
                raise _Stuck("stuck_decision", kind)
        raise _Stuck("stuck_never")

    # -- expectations --------------------------------------------------------------------------------
    def check(self, game: Game, exp: LineDict, where: dict, record: bool) -> None:
        """Compare the expectations with the board (`game.view()`) and the events since the last checkpoint."""
        res = self.result
        view = game.view()

        def fail(field: str, expected: object, actual: object, key: str = "mismatch", detail: str | None = None) -> None:
            res.failures.append(Failure(**where, key=key, field=field, expected=expected, actual=actual, detail=detail))

        if "turn" in exp and view.turn != exp["turn"]:
            fail("turn", exp["turn"], view.turn)
        if "step" in exp and view.step.key != exp["step"]:
            fail("step", exp["step"], view.step.key)
        if "active" in exp and PLAYERS[view.active] != exp["active"]:
            fail("active", exp["active"], PLAYERS[view.active])
        if "pending" in exp:
            actual = "" if view.pending.decision is Decision.NONE else view.pending.decision.value
            if actual != exp["pending"]:
                fail("pending", exp["pending"], actual)
        if "priority" in exp:
            actual = PLAYERS[view.priority] if view.priority is not None else None
            if actual != exp["priority"]:
                fail("priority", exp["priority"], actual)
        if "outcome" in exp:
            o = view.outcome
            actual = "none" if o is None else "draw" if o.winner is None else PLAYERS[o.winner]
            if actual != exp["outcome"]:
                fail("outcome", exp["outcome"], actual)
        for p_name, pe in (exp.get("players") or {}).items():
            p = view.players[PLAYERS.index(p_name)]
            for key, want in pe.items():
                if key == "life":
                    actual = p.life
                elif key == "library":
                    actual = p.library
                elif key in ("hand", "graveyard", "exile"):
                    actual = len(getattr(p, key))
                elif key in ("hand_cards", "graveyard_cards"):
                    actual = sorted(c.card for c in getattr(p, key.split("_")[0]))
                    want = sorted(want)
                elif key == "mana":
                    actual = p.mana.total
                else:
                    actual = p.lands_played
                if actual != want:
                    fail(f"players.{p_name}.{key}", want, actual)
        for alias, oe in (exp.get("objects") or {}).items():
            oid = self.obj_of(game, alias)
            # An alias always finds its card's object if it still exists; the view hides only libraries.
            zone = "gone" if oid is None else view.zone_of(oid) or "library"
            perm = view.permanent(oid) if zone == "battlefield" else None
            for key, want in oe.items():
                if key == "zone":
                    actual = zone
                elif perm is None:
                    actual = None
                elif key == "keywords":
                    actual = sorted(perm.keywords)
                    want = sorted(want)
                elif key == "attacking":
                    actual = perm.attacking is not None
                elif key == "blocking":
                    actual = perm.blocking is not None
                elif key == "controller":
                    actual = PLAYERS[perm.controller]
                elif key == "attached_to":
                    att = perm.attached_to
                    actual = next((a for a in self.alias_card if self.obj_of(game, a) == att), att)
                elif key == "counters":
                    actual = dict(perm.counters)
                    want = {str(k): v for k, v in (want or {}).items()}
                else:  # power, toughness, damage, tapped, blocked
                    actual = getattr(perm, key)
                if actual != want:
                    fail(f"objects.{alias}.{key}", want, actual)
        for p_name, ids in (exp.get("battlefield") or {}).items():
            p = PLAYERS.index(p_name)
            actual = sorted(perm.card for perm in view.permanents if perm.controller == p)
            if actual != sorted(ids or []):
                fail(f"battlefield.{p_name}", sorted(ids or []), actual)
        if "stack" in exp:
            actual = [it.card for it in view.stack]
            if actual != list(exp["stack"] or []):
                fail("stack", list(exp["stack"] or []), actual)
        new_events = game.events[self.event_mark:]
        kinds = [e.kind for e in new_events]
        if "events" in exp:
            it = iter(kinds)
            missing = [k for k in exp["events"] if k not in it]
            if missing:
                fail("events", exp["events"], kinds, key="events_order")
        for k in exp.get("no_events") or []:
            if k in kinds:
                fail("no_events", [], [e.data for e in new_events if e.kind == k], key="unexpected_event", detail=k)
        if record:
            res.checkpoints.append({"line": exp.line, "turn": view.turn, "step": view.step.key,
                                    "question": exp.get("question"), "answer": exp.get("answer"),
                                    "events": len(game.events)})
            self.event_mark = len(game.events)


class _Stuck(Exception):
    pass


def run_scenario(sc: Scenario, ui: str = "it") -> Result:
    """Play a scenario and check its expectations (`ui`: the language of refusal texts)."""
    run = _Run(sc, ui)
    result = run.run()
    result.aliases = dict(run.alias_card)
    return result
