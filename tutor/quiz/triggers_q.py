"""Triggered-ability questions computed by the engine: APNAP order (101.4, 603.3b), intervening "if" clauses
(603.4) and leaves-the-battlefield abilities that look back in time (603.10a).

``trigger:apnap`` — both players' abilities trigger at once (a creature enters, a creature blocks and becomes
blocked, creatures die to a sweeper): in which order do they resolve? The active player's go on the stack first,
so the nonactive player's resolve first; a player with several puts them in the order the prompt states.
``trigger:intervening-if`` — Scholar of Stars ("when it enters, if you control an artifact, draw a card") enters,
maybe while B bounces the artifact or the Scholar: does the ability trigger, and does A draw? Or: a Howling Mine,
tapped or not, at the beginning of A's draw step: how many cards does A draw?
``trigger:leaves`` — a sweeper destroys or damages creatures with "dies" and "leaves" abilities: how many abilities
go on the stack (the dying Vindictive Vampire still sees the others die, 603.10a), or a life total at the end.

Every answer is read from the engine's play (``push`` / ``pop``); the explanation is its event log.
"""

from __future__ import annotations

import random

from tutor.engine import ActivateAbility, CastSpell, IllegalAction, PassPriority, Step
from tutor.engine.actions import Choose, player_target
from tutor.engine.choices import ChoiceKind
from tutor.engine.events import EventKind
from tutor.engine.view import Player
from tutor.events_text import render_event
from tutor.i18n import t
from tutor.quiz.describe import bullets, card_name, creature_text, lives_text, name_of, step_text
from tutor.quiz.model import Question, Rejected, both, draw
from tutor.quiz.position import Position, Trial, pool

__all__ = ["FAMILIES", "build"]

FAMILIES: dict[str, tuple[int, tuple[str, ...]]] = {
    "trigger:apnap": (2, ("triggers", "apnap", "stack")),
    "trigger:intervening-if": (2, ("triggers",)),
    "trigger:leaves": (3, ("triggers",)),
}
QUIET = frozenset({EventKind.PASS, EventKind.STEP_BEGINS, EventKind.NO_PRIORITY, EventKind.MANA, EventKind.MANA_EMPTIES,
                   EventKind.MANA_ABILITY})
_LANDS = ("plains", "island", "swamp", "mountain", "forest")


def build(family: str, seed: int) -> Question:
    """The question ``family@seed``."""
    make = {"trigger:apnap": _apnap, "trigger:intervening-if": _intervening_if, "trigger:leaves": _leaves}[family]
    return draw(family, seed, make)


# ---- shared by the trigger and replacement questions --------------------------------------------------------
def plain_creatures() -> list[str]:
    """Pool creatures without abilities or a characteristic-defining P/T (nothing of theirs triggers)."""
    return sorted(cid for cid, c in pool().items() if "creature" in c.types and not c.token and not c.abilities
                  and not c.cda and c.power is not None and not c.keywords)


def add_lands(pos: Position, player: int, n: int, colors: str = "") -> None:
    """`n` basic lands for `player` (of the colours `colors`, "WUBRG" letters, first; then any)."""
    for i in range(n):
        land = _LANDS["WUBRG".index(colors[i])] if i < len(colors) else _LANDS[i % 5]
        pos.add(land, player, alias=f"{'ab'[player]}-land{i + 1}")


def target_of(pos: Position, ref: str) -> int:
    return player_target("AB".index(ref)) if ref in ("A", "B") else pos.ids[ref]


def cast(pos: Position, alias: str, targets=(), x: int = 0) -> None:
    """The player with priority casts `alias` (targets: aliases or "A" / "B"); recorded in the scenario."""
    by = Player(pos.game.state.priority).letter
    try:
        pos.game.apply(CastSpell(pos.ids[alias], tuple(target_of(pos, r) for r in targets), x))
    except IllegalAction as exc:
        raise Rejected(f"can't cast {alias}: {exc}") from None
    record: dict = {"cast": alias, "by": by}
    if targets:
        record["targets"] = list(targets)
    if x:
        record["x"] = x
    pos.actions.append(record)
    pos.refresh()


def activate(pos: Position, alias: str, index: int, targets=()) -> None:
    """The player with priority activates ability `index` of `alias`."""
    by = Player(pos.game.state.priority).letter
    try:
        pos.game.apply(ActivateAbility(pos.ids[alias], index, tuple(target_of(pos, r) for r in targets)))
    except IllegalAction as exc:
        raise Rejected(f"can't activate {alias}: {exc}") from None
    record: dict = {"activate": alias, "ability": index, "by": by}
    if targets:
        record["targets"] = list(targets)
    pos.actions.append(record)
    pos.refresh()


def choose(pos: Position, positions: list[int]) -> None:
    """Answer the pending choice with the options at `positions` (0-based), recorded by position ("2")."""
    choice = pos.game.pending[2]
    pos.game.apply(Choose(tuple(choice.options[i].value for i in positions)))
    pos.actions.append({"choose": [str(i + 1) for i in positions], "by": Player(choice.player).letter})
    pos.refresh()


def play_out(pos: Position, answer_choice=None):
    """Everyone passes until the stack is empty (or the game ends), on a copy (:class:`Trial`): the events and
    the view at the end, and the actions played (scenario format); a game that ends is rejected. `answer_choice(choice)` gives the positions
    (0-based) that answer a pending choice; without it, or when it returns None, the draw is rejected."""
    game = pos.game
    start, then = len(game.events), []
    with Trial(game) as play:
        for _ in range(60):
            if game.outcome is not None or (not game.state.stack and game.pending[0] == "priority"
                                            and game.state.triggers == []):
                break
            pending = game.pending
            if pending[0] == "priority":
                play(PassPriority())
                if then and "pass" in then[-1]:
                    then[-1]["pass"] += 1
                else:
                    then.append({"pass": 1})
            elif pending[0] == "choice" and answer_choice is not None:
                choice = pending[2]
                picks = answer_choice(choice)
                if picks is None:
                    raise Rejected(f"an unstated choice: {choice.kind}")
                play(Choose(tuple(choice.options[i].value for i in picks)))
                then.append({"choose": [str(i + 1) for i in picks], "by": Player(choice.player).letter})
            else:
                raise Rejected(f"an unstated decision: {pending[0]}")
        else:
            raise Rejected("the stack never empties")
        if game.outcome is not None:
            raise Rejected("the game ends")
        return game.events[start:], game.view(), then


def board_lines(pos: Position, view, lang: str) -> list[str]:
    """Life totals, each player's creatures (with their state) and other nonland permanents."""
    lines = [lives_text(view, lang)]
    for p in (0, 1):
        mine = [x for x in view.permanents if x.controller == p]
        creatures = [creature_text(x, pos.cards, lang) for x in mine if x.is_creature]
        lines.append(t("quiz.cast.creatures", lang, player=Player(p).letter, list=", ".join(creatures))
                     if creatures else t("quiz.cast.no_creatures", lang, player=Player(p).letter))
        others = [creature_text(x, pos.cards, lang) for x in mine if not x.is_creature and "land" not in x.types]
        if others:
            lines.append(t("quiz.trig.others", lang, player=Player(p).letter, list=", ".join(others)))
    texts = card_texts(pos, lang)
    if texts:
        lines += [t("quiz.trig.texts", lang), bullets(texts)]
    return lines


def card_texts(pos: Position, lang: str) -> list[str]:
    """The rules texts of the position's cards that have one (not lands), each once, in the order they were
    added: what the prompt's cards do, as on the cards."""
    seen, out = set(), []
    for cid in pos.card_of.values():
        card = pos.cards[cid]
        text = (card.text or {}).get(lang) if isinstance(card.text, dict) else None
        if cid in seen or "land" in card.types or not text:
            continue
        seen.add(cid)
        lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
        joined = " ".join(x if x[-1] in ".!?)»" else f"{x}." for x in lines)  # "Difensore. Quando…"
        out.append(f"{card_name(pos.cards, cid, lang)}: {joined}")
    return out


def target_text(pos: Position, ref: str, lang: str) -> str:
    """A target in an action line: "Giocatore B" / "игрок B", or a permanent with its controller."""
    if ref in ("A", "B"):
        return t("quiz.stack.player", lang, player=ref)
    return t("quiz.option_creature", lang, name=card_name(pos.cards, pos.card_of[ref], lang),
             player=Player(pos.owner[ref]).letter)


def action_line(pos: Position, record: dict, lang: str) -> str:
    """One recorded action (cast / activate / pass) in words."""
    player = record.get("by", "A")
    if "cast" in record or "activate" in record:
        alias = record.get("cast") or record.get("activate")
        name = name_of(pos.cards, pos.card_of[alias], lang)
        targets = record.get("targets", [])
        target = ", ".join(target_text(pos, r, lang) for r in targets)
        n = len(targets)
        if "activate" in record:
            return t("quiz.trig.activate_target", lang, player=player, name=name, target=target, n=n)
        if "x" in record:
            return t("quiz.trig.cast_x", lang, player=player, name=name, target=target, x=record["x"], n=n)
        return t("quiz.trig.cast_target" if targets else "quiz.trig.cast", lang, player=player, name=name,
                 target=target, n=n)
    raise ValueError(record)


def explain(pos: Position, events, lang: str) -> str:
    return bullets([render_event(e, pos.cards, lang, pos.game.object_cards) for e in events if e.kind not in QUIET])


def rules_of(events, kinds) -> list[str]:
    return [r for e in events if e.kind in kinds for r in e.rules]


def ability_text(card: str, controller: int, pos: Position, lang: str) -> str:
    """"abilità innescata di «X» (A)"."""
    return t("quiz.option_creature", lang, name=t("quiz.stack.trigger_of", lang, name=card_name(pos.cards, card, lang)),
             player=Player(controller).letter)


# ---- trigger:apnap ------------------------------------------------------------------------------------------
_ENTERS_OWN = ("venerable-monk", "inquisitor-exarch")
_DIES = ("roc-egg", "zulaport-cutthroat", "vindictive-vampire", "circuit-mender")


def _apnap(family: str, seed: int, rng: random.Random) -> Question:
    variant = rng.choice(("enters", "block", "dies", "dies"))
    plain = plain_creatures()
    pos = Position(Step.DECLARE_ATTACKERS if variant == "block" else Step.PRECOMBAT_MAIN,
                   life=(rng.randint(8, 20), rng.randint(8, 20)))
    story: list = []  # ("key", fields) lines of the situation
    for p in (0, 1):
        for i in range(3):
            pos.add("forest", p, "library", alias=f"{'ab'[p]}-lib{i + 1}")
    if variant == "enters":
        new = rng.choice((*_ENTERS_OWN, "soul-warden", *rng.sample(plain, 2)))
        if new == "inquisitor-exarch":
            new = "venerable-monk"  # a modal trigger would need its mode stated
        watchers = {0: [], 1: ["soul-warden"]}
        if new not in _ENTERS_OWN and new != "soul-warden":
            watchers[0].append("soul-warden")
        elif rng.random() < 0.4:
            watchers[0].append("soul-warden")  # A has two different abilities: A orders them (stated)
        for p in (0, 1):
            for i, cid in enumerate(watchers[p]):
                pos.add(cid, p, alias=f"{'ab'[p]}-w{i + 1}")
            for i, cid in enumerate(rng.sample(plain, rng.randint(0, 1))):
                pos.add(cid, p, alias=f"{'ab'[p]}-c{i + 1}")
        pos.add(new, 0, "hand", alias="new")
        add_lands(pos, 0, 5, "WW")
        pos.start()
        view0 = pos.game.view()
        cast(pos, "new")
        mark = len(pos.game.events)
        story.append(("quiz.trig.cast_resolves", {"name": lambda lang: name_of(pos.cards, new, lang)}))
        pos.passes(2)
        why = ["603.6a"]
    elif variant == "block":
        pos.add("deeproot-warrior", 0, alias="warrior")
        pos.add("pride-guardian", 1, alias="guardian")
        for p in (0, 1):
            for i, cid in enumerate(rng.sample(plain, rng.randint(0, 1))):
                pos.add(cid, p, alias=f"{'ab'[p]}-c{i + 1}")
        pos.start()
        view0 = pos.game.view()
        pos.attack(["warrior"])
        pos.passes(2)
        mark = len(pos.game.events)
        pos.block([("guardian", "warrior")])
        story.append(("quiz.trig.apnap.block", {"attacker": lambda lang: name_of(pos.cards, "deeproot-warrior", lang),
                                                "blocker": lambda lang: name_of(pos.cards, "pride-guardian", lang)}))
        why = ["509.3a", "509.3c"]
    else:
        sweeper = rng.choice(("wrath-of-god", "pyroclasm"))
        for p in (0, 1):
            for i, cid in enumerate(rng.sample(_DIES, rng.randint(1, 2))):
                pos.add(cid, p, alias=f"{'ab'[p]}-d{i + 1}")
            for i, cid in enumerate(rng.sample(plain, rng.randint(0, 2))):
                pos.add(cid, p, alias=f"{'ab'[p]}-c{i + 1}")
        pos.add(sweeper, 0, "hand", alias="sweeper")
        add_lands(pos, 0, 4, "WWWW" if sweeper == "wrath-of-god" else "RR")
        pos.start()
        view0 = pos.game.view()
        cast(pos, "sweeper")
        mark = len(pos.game.events)
        story.append(("quiz.trig.cast_resolves", {"name": lambda lang: name_of(pos.cards, sweeper, lang)}))
        pos.passes(2)
        why = ["603.6c", "603.10a", "700.4"]
    game = pos.game
    orders: list[tuple[int, list[str]]] = []  # (player, cards in the order they go on the stack)
    while game.pending[0] == "choice":
        choice = game.pending[2]
        if choice.kind is not ChoiceKind.ORDER:
            raise Rejected(f"an unstated choice: {choice.kind}")
        order = list(range(len(choice.options)))
        rng.shuffle(order)
        orders.append((choice.player, [choice.options[i].card for i in order]))
        choose(pos, order)
    if game.pending[0] != "priority":
        raise Rejected("no priority")
    view = game.view()
    items = [it for it in view.stack if it.trigger]
    if len(items) != len(view.stack) or len({it.controller for it in items}) < 2:
        raise Rejected("not both players' abilities")
    keys = [(it.card, it.controller) for it in items]
    if len(set(keys)) != len(keys):
        raise Rejected("two identical abilities: the options would be the same")
    # the order of resolution, played by the engine: each ability as it leaves the stack
    resolved: list[int] = []
    ids = [it.id for it in items]
    with Trial(game) as play:
        for _ in range(40):
            if game.outcome is not None:
                raise Rejected("the game ends")
            if not any(i in {x.id for x in game.state.stack} for i in ids):
                break
            if game.pending[0] != "priority":
                raise Rejected("a decision while resolving")
            if game.outcome is not None:
                raise Rejected("the game ends")
            top = game.state.stack[-1].id
            play(PassPriority())
            if top in ids and top not in {x.id for x in game.state.stack} and top not in resolved:
                resolved.append(top)
        end_events = game.events[mark:]
    if sorted(resolved) != sorted(ids):
        raise Rejected("not every ability resolved")
    shown = list(range(len(items)))
    rng.shuffle(shown)
    answer = [shown.index(ids.index(i)) + 1 for i in resolved]
    if answer == list(range(1, len(items) + 1)):
        rng.shuffle(shown)
        answer = [shown.index(ids.index(i)) + 1 for i in resolved]
    options = tuple(both(lambda lang, i=i: ability_text(items[i].card, items[i].controller, pos, lang)) for i in shown)

    def prompt(lang: str) -> str:
        step = "declare_blockers" if variant == "block" else "precombat_main"
        lines = [t("quiz.cast.turn_step", lang, step=step_text(step, lang)), *board_lines(pos, view0, lang)]
        for key, fields in story:
            lines.append(t(key, lang, **{k: v(lang) for k, v in fields.items()}))
        for player, cards in orders:
            order = t("quiz.trig.then", lang).join(t("quiz.stack.trigger_of", lang, name=card_name(pos.cards, c, lang))
                                                   for c in cards)
            lines.append(t("quiz.trig.order_stated", lang, player=Player(player).letter, order=order))
        lines.append(t("quiz.trig.apnap.ask", lang))
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        return t("quiz.explain.trig.apnap", lang, events=explain(pos, end_events, lang))

    rules = ["603.3b", "101.4", "603.3", "405.5", *why]
    rules += rules_of(end_events, (EventKind.TRIGGER, EventKind.CHOICE))
    return Question(
        id=f"{family}@{seed}", kind="trigger", card=family, family=family, seed=seed, topic=FAMILIES[family][1],
        difficulty=FAMILIES[family][0] + (len(items) >= 3), prompt=both(prompt), options=options,
        answer_format="order", answer=answer, explanation=both(explanation), rules=tuple(dict.fromkeys(rules)),
        concepts=("triggered-ability", "stack", "active-player-nonactive-player-order"),
        hints=(both(lambda lang: t("quiz.hint.trig.apnap", lang)),),
        expected_ms=40_000,
        data={"position": pos.spec(), "test_cards": [], "items": [[c, Player(p).letter] for c, p in keys],
              "shown": shown, "resolved": [ids.index(i) for i in resolved]})



# ---- trigger:intervening-if ---------------------------------------------------------------------------------
_ARTIFACTS = ("darksteel-myr", "howling-mine", "serum-tank", "bonesplitter")
_IF_OUTCOMES = ("no_trigger", "draws", "nothing")


def _intervening_if(family: str, seed: int, rng: random.Random) -> Question:
    if rng.random() < 0.3:
        return _howling_mine(family, seed, rng)
    pos = Position(Step.PRECOMBAT_MAIN, life=(rng.randint(8, 20), rng.randint(8, 20)))
    artifacts = rng.sample(_ARTIFACTS, rng.choice((0, 1, 1, 1, 2)))
    for i, cid in enumerate(artifacts):
        pos.add(cid, 0, alias=f"art{i + 1}")
    for p in (0, 1):
        for i, cid in enumerate(rng.sample(plain_creatures(), rng.randint(0, 1))):
            pos.add(cid, p, alias=f"{'ab'[p]}-c{i + 1}")
    pos.add("scholar-of-stars", 0, "hand", alias="scholar")
    pos.add("forest", 0, "library", alias="a-lib1")
    pos.add("forest", 0, "library", alias="a-lib2")
    add_lands(pos, 0, 4, "UUUU")
    response = rng.choice(("none", "artifact", "artifact", "scholar")) if artifacts else rng.choice(("none", "scholar"))
    if response != "none":
        pos.add("boomerang", 1, "hand", alias="boomerang")
        add_lands(pos, 1, 2, "UU")
    game = pos.start()
    view0 = game.view()
    cast(pos, "scholar")
    mark = len(game.events)
    pos.passes(2)  # the Scholar resolves and enters
    if game.state.priority != 0 or game.state.step is not Step.PRECOMBAT_MAIN:
        raise Rejected("A doesn't have priority after the Scholar")
    target = None
    if response != "none":
        pos.passes(1)  # A passes: B receives priority (the ability, if any, is on the stack)
        target = rng.choice([a for a in pos.ids if a.startswith("art")]) if response == "artifact" else "scholar"
        if game.state.priority != 1:
            raise Rejected("B has no priority")
        cast(pos, "boomerang", [target])
    events, end, then = play_out(pos)
    events = game.events[mark:len(game.events)] + events
    kinds = [e.kind for e in events]
    triggered = any(e.kind == EventKind.TRIGGER and e.data.get("card") == "scholar-of-stars" for e in events)
    drew = any(e.kind == EventKind.DRAW for e in events)
    outcome = "no_trigger" if not triggered else "nothing" if EventKind.CONDITION_FALSE in kinds else "draws"
    if outcome == "draws" and not drew or outcome != "draws" and drew:
        raise Rejected("a draw the outcome doesn't say")
    scholar = lambda lang: name_of(pos.cards, "scholar-of-stars", lang)  # noqa: E731

    def prompt(lang: str) -> str:
        lines = [t("quiz.cast.turn_step", lang, step=step_text("precombat_main", lang)), *board_lines(pos, view0, lang),
                 t("quiz.trig.cast_resolves", lang, name=scholar(lang))]
        if target is None:
            lines.append(t("quiz.trig.if.no_response", lang))
        else:
            lines.append(t("quiz.trig.if.response", lang, spell=name_of(pos.cards, "boomerang", lang),
                           target=target_text(pos, target, lang)))
        lines.append(t("quiz.trig.if.ask", lang, name=scholar(lang)))
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        return t("quiz.explain.trig.if", lang, events=explain(pos, events, lang))

    rules = ["603.4", "603.6a"]
    if target == "scholar" and triggered:
        rules.append("113.7a")
    rules += rules_of(events, (EventKind.CONDITION_FALSE, EventKind.DRAW, EventKind.BOUNCE))
    options = tuple(both(lambda lang, o=o: t(f"quiz.trig.if.{o}", lang)) for o in _IF_OUTCOMES)
    return Question(
        id=f"{family}@{seed}", kind="trigger", card=family, family=family, seed=seed, topic=FAMILIES[family][1],
        difficulty=FAMILIES[family][0] + (outcome == "nothing"), prompt=both(prompt), options=options,
        answer_format="choice", answer=_IF_OUTCOMES.index(outcome) + 1, explanation=both(explanation),
        rules=tuple(dict.fromkeys(rules)), concepts=("triggered-ability", "intervening-if-clause"),
        hints=(both(lambda lang: t("quiz.hint.trig.if", lang)),), expected_ms=30_000,
        data={"position": pos.spec(), "then": then, "test_cards": [], "form": "scholar", "outcome": outcome})


def _howling_mine(family: str, seed: int, rng: random.Random) -> Question:
    """A Howling Mine, tapped or untapped, at the beginning of A's draw step: how many cards does A draw?"""
    pos = Position(Step.UPKEEP, life=(rng.randint(8, 20), rng.randint(8, 20)))
    owner = rng.choice((0, 1))
    tapped = rng.random() < 0.5
    pos.add("howling-mine", owner, alias="mine", tapped=tapped)
    for p in (0, 1):
        for i, cid in enumerate(rng.sample(plain_creatures(), rng.randint(0, 2))):
            pos.add(cid, p, alias=f"{'ab'[p]}-c{i + 1}")
    for i in range(4):
        pos.add("forest", 0, "library", alias=f"a-lib{i + 1}")
    game = pos.start()
    view0 = game.view()
    mark = len(game.events)
    pos.passes(2)  # the upkeep ends: the draw step begins, A draws (504.1), the Mine triggers (603.2b) or not
    if game.state.step is not Step.DRAW:
        raise Rejected("not in the draw step")
    events, end, then = play_out(pos)
    events = game.events[mark:] + events
    drawn = view0.players[0].library - end.players[0].library
    triggered = any(e.kind == EventKind.TRIGGER for e in events)
    if triggered == tapped:
        raise Rejected("the engine disagrees with the state")

    def prompt(lang: str) -> str:
        lines = [t("quiz.cast.turn_step", lang, step=step_text("upkeep", lang)), *board_lines(pos, view0, lang),
                 t("quiz.trig.if.mine_ask", lang)]
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        return t("quiz.explain.trig.if", lang, events=explain(pos, events, lang))

    rules = ["603.4", "603.2b", "504.1", *rules_of(events, (EventKind.TRIGGER, EventKind.DRAW))]
    return Question(
        id=f"{family}@{seed}", kind="trigger", card=family, family=family, seed=seed, topic=FAMILIES[family][1],
        difficulty=FAMILIES[family][0] - 1, prompt=both(prompt), options=None, answer_format="number",
        answer=drawn, explanation=both(explanation), rules=tuple(dict.fromkeys(rules)),
        concepts=("triggered-ability", "intervening-if-clause"),
        hints=(both(lambda lang: t("quiz.hint.trig.if", lang)),), expected_ms=25_000,
        data={"position": pos.spec(), "then": then, "test_cards": [], "form": "mine", "drawn": drawn})


# ---- trigger:leaves -----------------------------------------------------------------------------------------
def _leaves(family: str, seed: int, rng: random.Random) -> Question:
    sweeper = rng.choice(("wrath-of-god", "wrath-of-god", "pyroclasm"))
    pos = Position(Step.PRECOMBAT_MAIN, life=(rng.randint(6, 20), rng.randint(6, 20)))
    for p in (0, 1):
        dying = rng.sample(_DIES + ("festering-goblin",), rng.randint(0 if p else 1, 2))
        for i, cid in enumerate(dying):
            pos.add(cid, p, alias=f"{'ab'[p]}-d{i + 1}")
        for i, cid in enumerate(rng.sample(plain_creatures(), rng.randint(0, 2))):
            pos.add(cid, p, alias=f"{'ab'[p]}-c{i + 1}")
    for i in range(3):
        pos.add("forest", 0, "library", alias=f"a-lib{i + 1}")
        pos.add("forest", 1, "library", alias=f"b-lib{i + 1}")
    pos.add(sweeper, 0, "hand", alias="sweeper")
    add_lands(pos, 0, 4, "WWWW" if sweeper == "wrath-of-god" else "RR")
    game = pos.start()
    view0 = game.view()
    cast(pos, "sweeper")
    mark = len(game.events)

    def any_order(choice):
        return list(range(len(choice.options))) if choice.kind is ChoiceKind.ORDER else None

    events, end, then = play_out(pos, any_order)
    events = game.events[mark:] + events
    stacked = sum(e.kind == EventKind.TRIGGER_ON_STACK for e in events)
    if not stacked:
        raise Rejected("nothing triggers")
    forms = ["count", "count"]
    before = [view0.players[p].life for p in (0, 1)]
    after = [end.players[p].life for p in (0, 1)]
    forms += [f"life{p}" for p in (0, 1) if before[p] != after[p]]
    form = rng.choice(forms)
    answer = stacked if form == "count" else after[int(form[-1])]
    spell = lambda lang: name_of(pos.cards, sweeper, lang)  # noqa: E731

    def prompt(lang: str) -> str:
        lines = [t("quiz.cast.turn_step", lang, step=step_text("precombat_main", lang)), *board_lines(pos, view0, lang),
                 t("quiz.trig.cast_resolves", lang, name=spell(lang))]
        if form == "count":
            lines.append(t("quiz.trig.leaves.ask_count", lang, name=spell(lang)))
        else:
            lines += [t("quiz.trig.leaves.any_order", lang),
                      t("quiz.stack.ask_life", lang, player=Player(int(form[-1])).letter)]
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        return t("quiz.explain.trig.leaves", lang, events=explain(pos, events, lang))

    rules = ["603.10a", "603.6c", "700.4", "603.2c", "603.3"]
    rules += rules_of(events, (EventKind.TRIGGER_REMOVED, EventKind.DIES, EventKind.DESTROYED))
    if any(e.kind == EventKind.TRIGGER and e.data.get("card") == "vindictive-vampire" for e in events):
        rules.append("113.7a")
    return Question(
        id=f"{family}@{seed}", kind="trigger", card=family, family=family, seed=seed, topic=FAMILIES[family][1],
        difficulty=FAMILIES[family][0], prompt=both(prompt), options=None, answer_format="number", answer=answer,
        explanation=both(explanation), rules=tuple(dict.fromkeys(rules)),
        concepts=("triggered-ability", "leaves-the-battlefield", "dies", "zone-change-triggers"),
        hints=(both(lambda lang: t("quiz.hint.trig.leaves", lang)),), expected_ms=45_000,
        data={"position": pos.spec(), "then": then, "test_cards": [], "form": form, "stacked": stacked,
              "life": after})
