"""The table a scenario (or a lesson) is played at: a game set up from a validated ``setup`` block, its
actions in scenario syntax (``cast: shock, targets: [giant]``) turned into engine actions, and
expectations compared with the board view and the events.

Cards are named by alias (``as: seeker``, which follows the physical card through zones, 400.7) or by
card id (the first such object: the acting player's hand first, then the battlefield, then the stack);
players by ``A`` / ``B``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import (
    ActivateAbility,
    AssignCombatDamage,
    CastSpell,
    Choose,
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
from tutor.engine.start import KEEP, MULLIGAN
from tutor.engine.state import Player, State

COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

__all__ = ["Mismatch", "PLAYERS", "STEPS", "Stuck", "Table"]

PLAYERS = ("A", "B")
STEPS = tuple(s.key for s in Step)


class Stuck(Exception):
    """``pass_until`` could not reach its step: args are a runner message key and a detail."""


@dataclass(frozen=True)
class Mismatch:
    """An expectation that does not hold: the field (``players.B.life``), what was expected, what is."""

    field: str
    expected: object
    actual: object
    key: str = "mismatch"  # runner message key: mismatch, events_order, unexpected_event
    detail: str | None = None


class Table:
    """A game set up from a scenario ``setup`` block; plays scenario actions and checks expectations.

    `push=True` plays every engine action with `Game.push` (so that it can be undone with `Game.pop`)."""

    def __init__(self, cards: dict, setup: dict, seed: int = 0, push: bool = False) -> None:
        self.cards = cards
        self.setup_data = setup
        self.seed = seed
        self.push = push
        self.game: Game | None = None
        self.alias_card: dict[str, int] = {}  # alias -> physical card id
        self.mark = 0  # events before this index are "before the last checkpoint"

    # -- setup ---------------------------------------------------------------------------------------
    def setup(self) -> Game:
        """Create the position and start play at its turn and step (IllegalAction if it isn't legal)."""
        s = self.setup_data
        game = Game(self.cards, State(players=[Player(0), Player(1)]), seed=self.seed)
        self.game = game
        deferred: list[tuple[int, str]] = []
        for p_name, pdata in (s.get("players") or {}).items():
            p = PLAYERS.index(p_name)
            pdata = pdata or {}
            game.state.players[p].life = int(pdata.get("life", 20))
            for zone in ("library", "hand", "battlefield", "graveyard", "exile"):
                for item in pdata.get(zone) or []:
                    attrs = dict(item) if isinstance(item, dict) else {"card": item}
                    o = game.create(attrs["card"], p, zone)
                    if zone == "battlefield":
                        o.tapped = bool(attrs.get("tapped", False))
                        o.fresh = bool(attrs.get("sick", False))
                        o.damage = int(attrs.get("damage", 0))
                        o.counters = {str(k): int(v) for k, v in (attrs.get("counters") or {}).items()}
                        if o.card.loyalty is not None and "loyalty" not in o.counters:
                            o.counters["loyalty"] = o.card.loyalty  # 306.5b: as it entered, by default
                        if "controller" in attrs:
                            o.controller = PLAYERS.index(attrs["controller"])
                        if "attached_to" in attrs:
                            deferred.append((o.id, attrs["attached_to"]))
                    if "as" in attrs:
                        self.alias_card[attrs["as"]] = o.card_id
        for oid, alias in deferred:
            game.obj(oid).attached_to = self.obj_of(alias)
        active = PLAYERS.index(s.get("active", "A"))
        starting = PLAYERS.index(s.get("starting_player", s.get("active", "A")))
        if s.get("start"):  # part 2: the start of the game (103): shuffle, opening hands, mulligans
            game.begin(starting, hand_size=int(s.get("hand_size", 7)), shuffle=bool(s.get("shuffle", True)))
            return game
        game.start(active=active, turn=int(s.get("turn", 3)), step=Step.from_key(s.get("step", "precombat_main")),
                   starting_player=starting)
        return game

    # -- names ---------------------------------------------------------------------------------------
    def obj_of(self, ref: str) -> int | None:
        """The current object of an alias (the same physical card, wherever it is now), or None."""
        game = self.game
        if ref in self.alias_card:
            cid = self.alias_card[ref]
            for oid, o in game.state.objects.items():
                if o.card_id == cid:
                    return oid
        return None

    def alias_of(self, oid: int | None) -> str | None:
        """The alias of an object, if it has one."""
        return next((a for a in self.alias_card if oid is not None and self.obj_of(a) == oid), None)

    def target_of(self, ref: str, actor: int | None) -> int:
        """The object (or player target) `ref` names now; LookupError if there is none."""
        if ref in PLAYERS:
            return player_target(PLAYERS.index(ref))
        oid = self.obj_of(ref)
        if oid is None:
            oid = self.find_card(ref, actor, ("battlefield", "stack", "hand"))
        if oid is None:
            raise LookupError(ref)
        return oid

    def find_card(self, card_id: str, actor: int | None, zones: tuple) -> int | None:
        """The first object of card `card_id` in `zones` (the acting player's hand; their permanents)."""
        s = self.game.state
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
                for it in reversed(s.stack):  # part 2: an ability on the stack, by its source's card id (Stifle)
                    if it.kind == "ability" and it.card.id == card_id:
                        return it.id
        return None

    def actor(self, act: dict | None = None) -> int | None:
        """The player an action is for: its ``by``, else the one the game waits for."""
        if act and "by" in act:
            return PLAYERS.index(act["by"])
        pend = self.game.state.pending
        return pend[1] if len(pend) > 1 else None

    def ability_index(self, source: int, ability) -> int:
        """An ability by its index, or by its keyword (``ability: equip``, 702.6a: the permanent's first equip
        ability); -1 (no such ability: the engine refuses it, 602.1) when it has none."""
        if isinstance(ability, int):
            return ability
        o = self.game.state.objects.get(source)
        abilities = o.card.abilities if o is not None else ()
        return next((i for i, ab in enumerate(abilities) if ab.keyword == ability), -1)

    # -- actions -------------------------------------------------------------------------------------
    def make_action(self, act: dict):
        """The engine action for one scenario action (not pass / pass_until / checkpoint)."""
        actor = self.actor(act)

        def ref(r: str, zones: tuple) -> int:
            return self.obj_of(r) or self.find_card(r, actor, zones) or 0

        targets = tuple(self.target_of(t, actor) for t in act.get("targets") or [])
        tap = tuple(self.target_of(t, actor) for t in act["tap"]) if "tap" in act else None
        if "play" in act:
            return PlayLand(ref(act["play"], ("hand",)))
        if "cast" in act:
            sac = act.get("sacrifice")
            return CastSpell(ref(act["cast"], ("hand",)), targets, int(act.get("x", 0)),
                             self.target_of(sac, actor) if sac else None, tap,
                             tuple(int(m) - 1 for m in act.get("modes") or ()), bool(act.get("kicked", False)),
                             bool(act.get("alternative", False)))
        if "activate" in act:
            source = ref(act["activate"], ("battlefield",))
            return ActivateAbility(source, self.ability_index(source, act.get("ability", 0)), targets,
                                   int(act.get("x", 0)), tap)
        if "attack" in act:
            attack = act["attack"] or []
            attackers = tuple(self.target_of(a, actor) for a in attack)
            if not isinstance(attack, dict):
                return DeclareAttackers(attackers)
            # 508.1b: {attacker: what it attacks}: the defending player, or a planeswalker
            defender = PLAYERS[1 - self.game.state.active]
            pairs = tuple((self.target_of(a, actor), self.target_of(v, None)) for a, v in attack.items() if v != defender)
            return DeclareAttackers(attackers, pairs)
        if "block" in act:
            return DeclareBlockers(tuple((self.target_of(b, None), self.target_of(a, None))
                                         for b, a in (act["block"] or {}).items()))
        if "assign" in act:
            dmg = tuple((self.target_of(r, None), int(n)) for r, n in (act.get("damage") or {}).items())
            return AssignCombatDamage(self.target_of(act["assign"], None), dmg)
        if "legend" in act:
            return ChooseLegend(self.target_of(act["legend"], actor))
        if "discard" in act:
            return Discard(tuple(self.target_of(c, actor) for c in act["discard"]))
        if "mulligan" in act or "keep" in act:  # part 2: a declaration (103.5)
            choice = self.game.state.pending[2] if self.game.pending[:1] == ("choice",) else None
            return Choose((MULLIGAN if "mulligan" in act else KEEP,) if choice is not None and
                          str(choice.kind) == "mulligan" else (-99,))
        if "bottom" in act:
            self._picking = []
            try:
                return Choose(tuple(self.option_of(r) for r in act["bottom"]))
            finally:
                self._picking = None
        if "choose" in act:
            refs = act["choose"] if isinstance(act["choose"], list) else [act["choose"]]
            self._picking = []
            try:
                return Choose(tuple(self.option_of(r) for r in refs))
            finally:
                self._picking = None
        raise LookupError(", ".join(map(str, act)))

    def option_values(self, ref: str) -> list[int]:
        """The values of the pending choice's options that `ref` names: ``yes`` / ``no``; ``mode-2`` (a modal
        triggered ability's second mode); ``A`` / ``B``; an alias
        (its physical card: a card, a permanent, a triggered ability's or an effect's source); a card id; a
        number (the option's position, from 1)."""
        s = self.game.state
        if not s.pending or s.pending[0] != "choice":
            return []
        options = s.pending[2].options
        if ref in ("yes", "no", "keep", "mulligan") or ref.startswith("mode-"):
            return [o.value for o in options if o.what == ref]
        if ref in PLAYERS:
            return [o.value for o in options if o.player == PLAYERS.index(ref)]
        if ref.isdigit():
            n = int(ref)
            return [options[n - 1].value] if 1 <= n <= len(options) else []
        if ref in self.alias_card:
            cid = self.alias_card[ref]
            return [o.value for o in options if o.physical == cid or (o.object is not None and self._physical(o.object) == cid)]
        return [o.value for o in options if o.card == ref]

    def option_of(self, ref: str) -> int:
        """The first option `ref` names not picked yet by this answer; LookupError if none."""
        values = self.option_values(ref)
        if not values:
            # Something that is not among the options: the engine refuses it under the choice's rule.
            try:
                return self.target_of(ref, None)
            except LookupError:
                if ref in PLAYERS or ref in ("yes", "no") or ref.isdigit():
                    return -99
                raise
        taken = getattr(self, "_picking", None)
        for v in values:
            if taken is None or v not in taken:
                if taken is not None:
                    taken.append(v)
                return v
        return values[0]

    def _physical(self, oid: int) -> int | None:
        o = self.game.state.objects.get(oid)
        return o.card_id if o is not None else self.game._lki_cards.get(oid)

    def play(self, act: dict) -> None:
        """Play one scenario action (``pass: n``, ``pass_until``, or a move). Raises IllegalAction, LookupError
        (a name that is in no zone) or Stuck."""
        if "pass" in act:
            for _ in range(int(act["pass"] or 1)):
                self.apply(PassPriority(), act)
        elif "pass_until" in act:
            self.pass_until(Step.from_key(act["pass_until"]), act.get("turn"))
        elif "mulligan" in act or "keep" in act:  # part 2: the players declare in turn order (103.5)
            who = act.get("mulligan", act.get("keep"))
            self.game.check_declaration(PLAYERS.index(who))
            self.apply(self.make_action(act), {"by": who})
        else:
            self.apply(self.make_action(act), act)

    def apply(self, action, act: dict | None = None) -> None:
        """Play an engine action, checking that the game waits for the ``by`` player (117.1)."""
        game = self.game
        if act and "by" in act:
            want = PLAYERS.index(act["by"])
            pend = game.pending
            if len(pend) > 1 and pend[1] != want:
                raise IllegalAction("117.1", "not_your_decision",
                                    f"player {act['by']} acts, but the game waits for {PLAYERS[pend[1]]} ({pend[0]})")
        if self.push:
            game.push(action)
        else:
            game.apply(action)

    def pass_until(self, step: Step, turn: object = None) -> None:
        """Every player passes priority (and declares nothing) until the given step (of the given turn) begins."""
        game = self.game
        want_turn = int(turn) if turn is not None else None
        for _ in range(500):
            s = game.state
            if s.step is step and (want_turn is None or s.turn == want_turn):
                return  # the step has begun (whatever it now waits for: priority, attackers, a discard ...)
            if game.outcome is not None:
                raise Stuck("stuck_over")
            kind = s.pending[0] if s.pending else ""
            if kind == "priority":
                self.apply(PassPriority())
            elif kind == "attackers":
                self.apply(DeclareAttackers(()))
            elif kind == "blockers":
                self.apply(DeclareBlockers(()))
            else:
                raise Stuck("stuck_decision", kind)
        raise Stuck("stuck_never")

    # -- expectations --------------------------------------------------------------------------------
    def compare(self, exp: dict, since: int | None = None) -> list[Mismatch]:
        """The expectations of `exp` that do not hold now (board: `game.view()`; ``events``, ``no_events`` and
        ``steps``: the events from index `since`, by default from the last checkpoint `mark`)."""
        game = self.game
        view = game.view()
        out: list[Mismatch] = []

        def differ(name: str, want: object, actual: object) -> None:
            if actual != want:
                out.append(Mismatch(name, want, actual))

        if "turn" in exp:
            differ("turn", exp["turn"], view.turn)
        if "step" in exp:
            differ("step", exp["step"], view.step.key)
        if "active" in exp:
            differ("active", exp["active"], PLAYERS[view.active])
        if "pending" in exp:
            differ("pending", exp["pending"] or "", "" if view.pending.decision is Decision.NONE else view.pending.decision.value)
        if "priority" in exp:
            differ("priority", exp["priority"], PLAYERS[view.priority] if view.priority is not None else None)
        if "choice" in exp:
            ch = view.pending.choice
            for key, want in (exp["choice"] or {}).items():
                if ch is None:
                    actual = None
                elif key == "player":
                    actual = PLAYERS[view.pending.player]
                elif key == "options":
                    actual = sorted(self._option_name(o) for o in ch.options)
                    want = sorted(want)
                elif key == "count":
                    actual = ch.max
                else:
                    actual = getattr(ch, key)
                differ(f"choice.{key}", want, actual)
        if "outcome" in exp:
            o = view.outcome
            differ("outcome", exp["outcome"], "none" if o is None else "draw" if o.winner is None else PLAYERS[o.winner])
        for p_name, pe in (exp.get("players") or {}).items():
            p = view.players[PLAYERS.index(p_name)]
            for key, want in (pe or {}).items():
                if key in ("hand_cards", "graveyard_cards"):
                    actual, want = sorted(c.card for c in getattr(p, key.split("_")[0])), sorted(want)
                elif key in ("hand", "graveyard", "exile"):
                    actual = len(getattr(p, key))
                elif key == "mulligans":  # part 2: the mulligans the player has taken (103.5)
                    actual = sum(1 for e in game.events if e.kind == "mulligan" and e.data.get("player") == p.index)
                elif key == "library_bottom":  # part 2: the library's bottom cards, the bottom one last
                    lib = game.state.players[p.index].library
                    actual = [game.state.objects[o].card.id for o in lib[len(lib) - len(want):]] if want else []
                else:
                    actual = {"life": p.life, "library": p.library, "mana": p.mana.total}.get(key, p.lands_played)
                differ(f"players.{p_name}.{key}", want, actual)
        for alias, oe in (exp.get("objects") or {}).items():
            oid = self.obj_of(alias)
            # An alias always finds its card's object if it still exists; the view hides only libraries.
            zone = "gone" if oid is None else view.zone_of(oid) or "library"
            perm = view.permanent(oid) if zone == "battlefield" else None
            for key, want in (oe or {}).items():
                actual = zone if key == "zone" else None if perm is None else self._permanent_field(perm, key)
                if key in ("keywords", "types", "subtypes", "abilities"):
                    want = sorted(want)
                elif key == "colors":
                    want = sorted(COLOR_LETTER[c] for c in want)
                elif key == "counters":
                    want = {str(k): v for k, v in (want or {}).items()}
                differ(f"objects.{alias}.{key}", want, actual)
        for p_name, ids in (exp.get("battlefield") or {}).items():
            p = PLAYERS.index(p_name)
            differ(f"battlefield.{p_name}", sorted(ids or []), sorted(x.card for x in view.permanents if x.controller == p))
        if "stack" in exp:
            differ("stack", list(exp["stack"] or []), [it.card for it in view.stack])
        new_events = game.events[self.mark if since is None else since:]
        kinds = [e.kind for e in new_events]
        if "events" in exp:
            it = iter(kinds)
            if [k for k in exp["events"] if k not in it]:
                out.append(Mismatch("events", list(exp["events"]), kinds, key="events_order"))
        if "steps" in exp:
            begun = [e.data.get("step") for e in new_events if e.kind == "step_begins"]
            it = iter(begun)
            if [k for k in exp["steps"] if k not in it]:
                out.append(Mismatch("steps", list(exp["steps"]), begun, key="events_order"))
        for k in exp.get("no_events") or []:
            if k in kinds:
                out.append(Mismatch("no_events", [], [e.data for e in new_events if e.kind == k], key="unexpected_event",
                                    detail=k))
        return out

    def _option_name(self, o) -> str:
        """An option as a scenario names it: yes / no, A / B, the alias of its object's card, else its card id."""
        if o.what in ("yes", "no", "keep", "mulligan") or (o.what or "").startswith("mode-"):
            return o.what
        if o.player is not None:
            return PLAYERS[o.player]
        if o.object is not None:
            cid = self._physical(o.object)
            alias = next((a for a, c in self.alias_card.items() if c == cid), None)
            if alias:
                return alias
        return o.card or o.what or str(o.value)

    def _permanent_field(self, perm, key: str) -> object:
        if key in ("keywords", "types", "subtypes"):
            return sorted(getattr(perm, key))
        if key == "colors":
            return sorted(perm.colors)
        if key == "abilities":  # its abilities other than keywords, as the layers left them: mana:G, static, ...
            return sorted(f"mana:{a.add}" if a.kind == "mana" else f"triggered:{a.when}" if a.kind == "triggered"
                          else a.kind for a in self.game.state.objects[perm.object].card.abilities)
        if key in ("attacking", "blocking"):
            return getattr(perm, key) is not None
        if key == "controller":
            return PLAYERS[perm.controller]
        if key == "attached_to":
            return self.alias_of(perm.attached_to) or perm.attached_to
        if key == "attacks":  # the player or the planeswalker it attacks (508.1b); nothing once that left (506.4c)
            if perm.attacking is None:
                return None
            what = self.game._attacked_recipient(perm.object, perm.attacking)
            return None if what is None else PLAYERS[-1 - what] if what < 0 else self.alias_of(what) or what
        if key == "counters":
            return dict(perm.counters)
        if key == "sick":
            return perm.summoning_sick
        return getattr(perm, key)  # power, toughness, damage, tapped, blocked
