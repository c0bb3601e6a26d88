"""Replacement and prevention questions computed by the engine (614-616).

``replacement:apply`` — replacement effects that double: Rhox Faithmender and Boon Reflection ("if you would gain
life, you gain twice that much life instead", 119.10, 614.1a; two of them: each applies once, 614.5; none while
Skullcrack says players can't gain life, 119.7), Angrath's Marauders (a source you control deals double damage,
to any permanent or player, its controller too): a life total when the stack is empty.
``replacement:order`` — a doubling and a prevention shield both want to modify the same damage (616.1): who
chooses the order (the affected player, or the affected permanent's controller), and how much damage is dealt
when the order stated is chosen.
``replacement:prevent`` — prevention shields (615.7: "prevent the next N damage"), "prevent all damage" (615.1),
Holy Day (combat damage only) and Skullcrack ("damage can't be prevented this turn", 615.12): how much damage is
dealt.

Every answer is read from the engine's play (``push`` / ``pop``); the explanation is its event log.
"""

from __future__ import annotations

import random

from tutor.engine import Step
from tutor.engine.choices import ChoiceKind
from tutor.engine.events import EventKind
from tutor.engine.view import Player
from tutor.i18n import t
from tutor.quiz.describe import card_name, name_of, step_text
from tutor.quiz.model import Question, Rejected, both, draw
from tutor.quiz.position import Position, Trial
from tutor.quiz.triggers_q import (
    action_line,
    activate,
    add_lands,
    board_lines,
    cast,
    explain,
    plain_creatures,
    play_out,
    rules_of,
    target_of,
)

__all__ = ["FAMILIES", "build"]

FAMILIES: dict[str, tuple[int, tuple[str, ...]]] = {
    "replacement:apply": (2, ("replacement",)),
    "replacement:order": (3, ("replacement", "prevention")),
    "replacement:prevent": (2, ("prevention", "replacement")),
}
_BURN = {"shock": 2, "blaze": None}  # None: X


def build(family: str, seed: int) -> Question:
    """The question ``family@seed``."""
    make = {"replacement:apply": _apply, "replacement:order": _order, "replacement:prevent": _prevent}[family]
    return draw(family, seed, make)


def _setting(rng: random.Random, creatures: tuple[int, int] = (0, 2)) -> Position:
    pos = Position(Step.PRECOMBAT_MAIN, life=(rng.randint(6, 20), rng.randint(6, 20)))
    for p in (0, 1):
        for i, cid in enumerate(rng.sample(plain_creatures(), rng.randint(*creatures))):
            pos.add(cid, p, alias=f"{'ab'[p]}-c{i + 1}")
    return pos


def _prompt(pos: Position, view0, actions: list[dict], tail: list, lang: str) -> str:
    """The board, the actions in order (each spell cast while the ones before are still on the stack, unless a
    "resolves" line says otherwise), then `tail` (keys with fields)."""
    lines = [t("quiz.cast.turn_step", lang, step=step_text("precombat_main", lang)), *board_lines(pos, view0, lang),
             t("quiz.repl.sequence", lang)]
    steps = []
    for a in actions:
        if "pass" in a:
            steps.append(t("quiz.repl.resolves", lang, name=name_of(pos.cards, a["resolves"], lang)))
        else:
            steps.append(action_line(pos, a, lang))
    lines += [f"{i}. {s}" for i, s in enumerate(steps, 1)]
    for key, fields in tail:
        lines.append(t(key, lang, **{k: (v(lang) if callable(v) else v) for k, v in fields.items()}))
    return "\n".join(lines)


def _story(pos: Position) -> list[dict]:
    """The recorded actions as the prompt tells them: casts and activations, and "it resolves" where both
    players passed and a spell resolved (the marks `_resolved` left)."""
    return [a for a in pos.actions if "cast" in a or "activate" in a or "resolves" in a]


def _resolve_now(pos: Position, card: str) -> None:
    """Both players pass: the top of the stack (`card`) resolves; the prompt says so."""
    pos.passes(2)
    pos.actions[-1]["resolves"] = card  # a note for the prompt (the scenario runner ignores no key: removed below)


def _spec(pos: Position) -> dict:
    spec = pos.spec()
    for a in spec["actions"]:
        a.pop("resolves", None)
    return spec


def _damage_to(events, ref: int) -> int:
    return sum(e.data.get("amount", 0) for e in events if e.kind == EventKind.DAMAGE and e.data.get("to") == ref)


# ---- replacement:apply --------------------------------------------------------------------------------------
_DOUBLERS = ("rhox-faithmender", "boon-reflection")


def _apply(family: str, seed: int, rng: random.Random) -> Question:
    pos = _setting(rng, (0, 1))
    variant = rng.choice(("life", "damage"))
    skullcrack = rng.random() < 0.25
    if variant == "life":
        for i in range(rng.choice((1, 1, 2))):
            pos.add(rng.choice(_DOUBLERS), 0, alias=f"doubler{i + 1}")
        if rng.random() < 0.3:
            pos.add(rng.choice(_DOUBLERS), 1, alias="b-doubler")
        spell = rng.choice(("venerable-monk", "soul-feast"))
        pos.add(spell, 0, "hand", alias="spell")
        add_lands(pos, 0, 5 + 2 * skullcrack, "WBBRR" if spell == "soul-feast" else "WRR")
        asked = 0
    else:
        for i in range(rng.choice((1, 1, 2))):
            pos.add("angraths-marauders", 0, alias=f"marauders{i + 1}")
        if rng.random() < 0.3:
            pos.add("angraths-marauders", 1, alias="b-marauders")
        spell = rng.choice(("shock", "shock", "blaze", "flame-rift"))
        pos.add(spell, 0, "hand", alias="spell")
        add_lands(pos, 0, 6, "RRR")
        asked = 1 if spell != "flame-rift" else rng.choice((0, 1))
        skullcrack = False
    if skullcrack:
        pos.add("skullcrack", 0, "hand", alias="skullcrack")
    game = pos.start()
    view0 = game.view()
    if skullcrack:
        cast(pos, "skullcrack", ["B"])
        _resolve_now(pos, "skullcrack")
    mark = len(game.events)
    if spell in ("soul-feast",):
        cast(pos, "spell", ["B"])
    elif spell in _BURN:
        cast(pos, "spell", ["B"], x=rng.randint(1, 3) if spell == "blaze" else 0)
    else:
        cast(pos, "spell")
    events, end, then = play_out(pos)
    events = game.events[mark:] + events
    if variant == "life":
        form = "gain0"
        answer = sum(e.data.get("amount", 0) for e in events if e.kind == EventKind.LIFE_GAIN
                     and e.data.get("player") == 0)
        ask = ("quiz.repl.ask_gain", {"player": "A"})
    else:
        form = f"life{asked}"
        answer = end.players[asked].life
        if answer == view0.players[asked].life:
            raise Rejected("the life total doesn't change: the prompt would show the answer")
        ask = ("quiz.stack.ask_life", {"player": Player(asked).letter})
    actions = _story(pos)

    def prompt(lang: str) -> str:
        return _prompt(pos, view0, actions, [("quiz.stack.all_pass", {}), ask], lang)

    def explanation(lang: str) -> str:
        return t("quiz.explain.repl", lang, events=explain(pos, events, lang))

    rules = ["614.1a", *rules_of(events, (EventKind.REPLACED, EventKind.NO_LIFE_GAIN, EventKind.LIFE_GAIN,
                                          EventKind.DAMAGE))]
    if sum(e.kind == EventKind.REPLACED for e in events) >= 2:
        rules.append("614.5")
    if skullcrack:
        rules.append("119.7")
    return Question(
        id=f"{family}@{seed}", kind="replacement", card=family, family=family, seed=seed,
        topic=FAMILIES[family][1], difficulty=FAMILIES[family][0] + (skullcrack or len(pos.ids) > 12),
        prompt=both(prompt), options=None, answer_format="number", answer=answer, explanation=both(explanation),
        rules=tuple(dict.fromkeys(rules)), concepts=("replacement-effect",),
        hints=(both(lambda lang: t("quiz.hint.repl.apply", lang)),), expected_ms=40_000,
        data={"position": _spec(pos), "then": then, "test_cards": [], "form": form, "life": [
            end.players[0].life, end.players[1].life]})


# ---- replacement:order --------------------------------------------------------------------------------------
def _order(family: str, seed: int, rng: random.Random) -> Question:
    pos = _setting(rng, (0, 1))
    caster = rng.choice((0, 1))
    other = 1 - caster
    pos.add("angraths-marauders", caster, alias="marauders")
    spell = rng.choice(tuple(_BURN) if caster == 0 else ("shock",))  # Blaze: a sorcery
    pos.add(spell, caster, "hand", alias="spell")
    add_lands(pos, caster, 4, "RRR")
    at_creature = rng.random() < 0.5
    victim = "X"
    if at_creature:
        victim = "victim"
        pos.add(rng.choice(("hill-giant", "craw-wurm", "grizzly-bears", "glory-seeker", "serra-angel")), other,
                alias="victim")
    shield = rng.choice(("samite-healer", "mending-hands"))
    if shield == "samite-healer":
        pos.add("samite-healer", other, alias="shield")
    else:
        pos.add("mending-hands", other, "hand", alias="shield")
        add_lands(pos, other, 1, "W")
    game = pos.start()
    view0 = game.view()
    if victim == "X":
        victim = Player(other).letter
    if caster == 1:
        pos.passes(1)
    cast(pos, "spell", [victim], x=rng.randint(2, 5) if spell == "blaze" else 0)
    pos.passes(1)
    if game.state.priority != other:
        raise Rejected("the other player has no priority")
    if shield == "samite-healer":
        activate(pos, "shield", 0, [victim])
    else:
        cast(pos, "shield", [victim])
    actions = _story(pos)
    mark = len(game.events)
    chooser: int | None = None
    options_seen: list = []
    with Trial(game) as play:
        from tutor.engine import PassPriority

        for _ in range(8):
            if game.pending[0] == "choice":
                choice = game.pending[2]
                if choice.kind is not ChoiceKind.REPLACEMENT:
                    raise Rejected("another choice")
                chooser = choice.player
                options_seen = [(o.card, o.what) for o in choice.options]
                break
            if not game.state.stack:
                break
            play(PassPriority())
    if chooser is None or len(options_seen) != 2:
        raise Rejected("the order doesn't matter here")
    form = rng.choice(("who", "amount", "amount"))
    first = rng.randrange(2)
    then: list = []
    if form == "amount":
        def pick(choice):
            return [first] if choice.kind is ChoiceKind.REPLACEMENT else None

        events, end, then = play_out(pos, pick)
    else:
        def pick(choice):
            return [0] if choice.kind is ChoiceKind.REPLACEMENT else None

        events, end, then = play_out(pos, pick)
    events = game.events[mark:] + events
    ref = target_of(pos, victim)
    dealt = _damage_to(events, ref)
    if form == "amount" and dealt == 0 and rng.random() < 0.6:
        raise Rejected("no damage again")
    spell_name = lambda lang: name_of(pos.cards, pos.card_of["spell"], lang)  # noqa: E731
    effect_card = options_seen[first][0]
    if form == "who":
        answer_format, answer = "choice", chooser + 1
        options = tuple(both(lambda lang, p=p: t("quiz.repl.order.who_option", lang, player=Player(p).letter))
                        for p in (0, 1))
        tail = [("quiz.stack.all_pass", {}), ("quiz.repl.order.ask_who", {"spell": spell_name})]
    else:
        answer_format, answer, options = "number", dealt, None
        tail = [("quiz.stack.all_pass", {}),
                ("quiz.repl.order.stated", {"player": Player(chooser).letter,
                                            "name": lambda lang: name_of(pos.cards, effect_card, lang)}),
                ("quiz.repl.ask_damage_player" if not at_creature else "quiz.repl.ask_damage_creature",
                 {"player": Player(other).letter, "name": lambda lang: card_name(pos.cards, pos.card_of.get("victim", ""),
                                                                                 lang) if at_creature else ""})]

    def prompt(lang: str) -> str:
        return _prompt(pos, view0, actions, tail, lang)

    def explanation(lang: str) -> str:
        return t("quiz.explain.repl", lang, events=explain(pos, events, lang))

    rules = ["616.1", "616.1e", "616.1f", "614.1a", "615.7", "614.5",
             *rules_of(events, (EventKind.DAMAGE, EventKind.DAMAGE_PREVENTED, EventKind.SBA, EventKind.DIES))]
    return Question(
        id=f"{family}@{seed}", kind="replacement", card=family, family=family, seed=seed,
        topic=FAMILIES[family][1], difficulty=FAMILIES[family][0] - (form == "who"), prompt=both(prompt),
        options=options, answer_format=answer_format, answer=answer, explanation=both(explanation),
        rules=tuple(dict.fromkeys(rules)), concepts=("replacement-effect", "prevention-effect"),
        hints=(both(lambda lang: t("quiz.hint.repl.order", lang)),), expected_ms=40_000,
        data={"position": _spec(pos), "then": then, "test_cards": [], "form": form, "chooser": Player(chooser).letter,
              "victim": victim, "dealt": dealt, "first": options_seen[first][1]})


# ---- replacement:prevent ------------------------------------------------------------------------------------
_SHIELDS = ("mending-hands", "samite-healer", "shielded-passage", "holy-day")


def _prevent(family: str, seed: int, rng: random.Random) -> Question:
    pos = _setting(rng, (0, 1))
    at_creature = rng.random() < 0.4
    victim = "B"
    if at_creature:
        victim = "victim"
        pos.add(rng.choice(("hill-giant", "craw-wurm", "serra-angel", "air-elemental")), 1, alias="victim")
    shields = [s for s in _SHIELDS if at_creature or s != "shielded-passage"]
    shield = rng.choice(shields)
    if shield == "samite-healer":
        pos.add("samite-healer", 1, alias="shield")
    else:
        pos.add(shield, 1, "hand", alias="shield")
        add_lands(pos, 1, 1, "W")
    spells = rng.sample(("shock", "blaze", "hungry-flames") if not at_creature
                        else ("shock", "blaze"), rng.choice((1, 1, 2)))
    skullcrack = not at_creature and rng.random() < 0.3
    if skullcrack:
        spells = ["skullcrack", *spells[:1]] if rng.random() < 0.5 else spells[:1] + ["skullcrack"]
    for i, s in enumerate(spells):
        pos.add(s, 0, "hand", alias=f"spell{i + 1}")
    add_lands(pos, 0, 8, "RRRR")
    game = pos.start()
    view0 = game.view()
    mark = len(game.events)
    for i, s in enumerate(spells):
        if s == "hungry-flames":
            creatures = [a for a in pos.ids if a.startswith("b-c")]
            if not creatures:
                raise Rejected("Hungry Flames needs a creature")
            targets = [creatures[0], victim]
        else:
            targets = [victim]
        cast(pos, f"spell{i + 1}", targets, x=rng.randint(1, 4) if s == "blaze" else 0)
        if i + 1 < len(spells) and rng.random() < 0.5:
            _resolve_now(pos, s)
    pos.passes(1)
    if game.state.priority != 1:
        raise Rejected("B has no priority")
    if shield == "samite-healer":
        activate(pos, "shield", 0, [victim])
    elif shield == "holy-day":
        cast(pos, "shield")
    else:
        cast(pos, "shield", [victim])
    actions = _story(pos)

    def no_choice(choice):
        return None

    events, end, then = play_out(pos, no_choice)
    events = game.events[mark:] + events
    ref = target_of(pos, victim)
    dealt = _damage_to(events, ref)
    tail = [("quiz.stack.all_pass", {}),
            ("quiz.repl.ask_damage_player" if not at_creature else "quiz.repl.ask_damage_creature",
             {"player": "B", "name": lambda lang: card_name(pos.cards, pos.card_of.get("victim", ""), lang)
              if at_creature else ""})]

    def prompt(lang: str) -> str:
        return _prompt(pos, view0, actions, tail, lang)

    def explanation(lang: str) -> str:
        return t("quiz.explain.repl", lang, events=explain(pos, events, lang))

    rules = ["615.1", *rules_of(events, (EventKind.DAMAGE_PREVENTED, EventKind.PREVENTION_EFFECT, EventKind.DAMAGE))]
    if shield in ("mending-hands", "samite-healer"):
        rules.append("615.7")
    if skullcrack:
        rules.append("615.12")
    return Question(
        id=f"{family}@{seed}", kind="replacement", card=family, family=family, seed=seed,
        topic=FAMILIES[family][1], difficulty=FAMILIES[family][0] + (skullcrack or len(spells) > 1),
        prompt=both(prompt), options=None, answer_format="number", answer=dealt, explanation=both(explanation),
        rules=tuple(dict.fromkeys(rules)), concepts=("prevention-effect",),
        hints=(both(lambda lang: t("quiz.hint.repl.prevent", lang)),), expected_ms=40_000,
        data={"position": _spec(pos), "then": then, "test_cards": [], "form": "damage", "victim": victim,
              "dealt": dealt})
