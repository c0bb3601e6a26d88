"""Scenario questions: the checkpoint questions of lessons/scenarios/*.yaml in gradable form.

A checkpoint with a ``question`` (and its ``answer`` text) becomes ``scenario:<scenario id>:<n>`` (the n-th such
checkpoint of the file). The scenario is played up to that checkpoint with the scenario runner
(:func:`tutor.scenario.run_scenario` on the actions up to it); the gradable question is derived from what the
checkpoint expects and from the position there: the first that applies, and whose answer the scenario's own text
(its title and the checkpoint's question) does not already say (:func:`gives_away`), of:

1. the game waits for attackers — which creatures can attack? (choices, each tried on the engine);
2. it waits for blockers — which blocks are legal? (choices; pairs too against menace);
3. it waits for a trample damage assignment — how much damage at most to the player? (number);
4. it waits for a discard — how many cards? (number);
5. a life total is expected — that life total (number);
6. the stack is expected — the object that resolves first, or what is on the stack (choice);
7. a zone is expected — in which zone is that card? (choice);
8. power/toughness, tapped, who has priority, the outcome, a card count, the step (choice or number);
9. in a combat with blocks: what happens in the combat damage step, played on (choices: which die;
   number: a life total that changes);
10. who must decide what (priority, attackers, blockers, damage, legend, discard, or a choice the rules give a
    player: its kind and rule, tutor.engine.choices), the step, or, last, the step that begins if everyone passes
    now.

The prompt shows the position before the moves that lead to the checkpoint (at the previous checkpoint, or after
the setup) as the lesson player's board shows it (:func:`tutor.lessons.text.board_lines`), then those moves as
the lesson player labels them (:mod:`tutor.lessons.moves`), then the question: never the position after the moves
nor their events (the explanation's). A state the position shows (forms in ``_READ``) is asked only when a move came
since; a checkpoint with nothing else to ask is left out of the bank (:func:`left_out`).

A question about an object that shares its name with another ("the Elves" among two Llanowar Elves) is not
asked, nor one whose options differ only in a controller the text need not say.

Never free text. The explanation is the checkpoint's ``answer`` text, then the events that led there and those the
derivation played, each with its rules.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import re
from functools import lru_cache

from tutor.engine import DeclareAttackers, DeclareBlockers, PassPriority, Step
from tutor.engine.events import EventKind
from tutor.engine.keywords import NEEDS_BLOCKERS
from tutor.engine.view import Player
from tutor.events_text import render_event
from tutor.i18n import LANGS, pick, t
from tutor.quiz.describe import bullets, card_name, name_of, option_creature, step_text
from tutor.quiz.model import Question, UnknownQuestion, both

__all__ = ["build", "card_ids", "gives_away"]

_ZONES = ("battlefield", "graveyard", "hand", "exile", "library", "stack")
_SHOWN = frozenset({EventKind.PASS, EventKind.STEP_BEGINS, EventKind.NO_PRIORITY, EventKind.MANA_EMPTIES})


@lru_cache(maxsize=1)
def _scenarios() -> dict[str, object]:
    """Every shipped scenario by id (loaded and validated once)."""
    from tutor.cardpool import load_cards
    from tutor.resources import display_name, scenario_files
    from tutor.scenario import load_scenario

    cards = load_cards()
    out = {}
    for path in scenario_files():
        sc = load_scenario(path, cards, display_name(path))
        out[sc.id] = sc
    return out


def _checkpoints(sc) -> list[int]:
    """Indexes in the action list of the checkpoints that ask a question."""
    return [i for i, act in enumerate(sc.data.get("actions") or [])
            if "checkpoint" in act and act["checkpoint"].get("question")]


def card_ids() -> list[tuple[str, tuple[str, ...]]]:
    """Every scenario question that can be asked with its position (:func:`left_out`: those that cannot):
    (id, topics)."""
    out = []
    for sid, sc in _scenarios().items():
        topics = card_topics(sid)
        for n, _ in enumerate(_checkpoints(sc), 1):
            qid = f"scenario:{sid}:{n}"
            if qid not in left_out():
                out.append((qid, topics))
    return out


_LEFT_OUT: list = [None, frozenset()]  # the scenarios it was computed for (`_scenarios()`), the ids


def left_out() -> frozenset[str]:
    """The checkpoints whose question cannot be asked from a position and the moves since: every gradable
    question they allow is either said by the scenario's text or read off the position shown (no move since).
    Computed once for the scenarios `_scenarios()` holds (again when they are loaded again)."""
    scenarios = _scenarios()
    if _LEFT_OUT[0] is scenarios:
        return _LEFT_OUT[1]
    out = set()
    for sid, sc in scenarios.items():
        for n, _ in enumerate(_checkpoints(sc), 1):
            try:
                _build(sc, f"scenario:{sid}:{n}", n)
            except UnknownQuestion:
                out.add(f"scenario:{sid}:{n}")
    _LEFT_OUT[:] = [scenarios, frozenset(out)]
    return _LEFT_OUT[1]


def _play_to(sc, index: int):
    """The scenario played up to (and including) its action `index`: the runner's result."""
    from tutor.scenario import run_scenario

    data = copy.copy(sc.data)
    data["actions"] = list(sc.data["actions"][:index + 1])
    data.pop("expect", None)
    result = run_scenario(dataclasses.replace(sc, data=data), "it")  # its cards: the pool and its own
    if not result.ok or result.game is None:
        raise UnknownQuestion("quiz.error.unknown_id", id=sc.id)
    return result


def build(question_id: str) -> Question:
    """The scenario question `question_id` (UnknownQuestion if there is none)."""
    parts = question_id.split(":")
    if len(parts) != 3 or not parts[2].isdigit():
        raise UnknownQuestion("quiz.error.unknown_id", id=question_id)
    sc = _scenarios().get(parts[1])
    points = _checkpoints(sc) if sc else []
    n = int(parts[2])
    if not 1 <= n <= len(points):
        raise UnknownQuestion("quiz.error.unknown_id", id=question_id)
    return _build(sc, question_id, n)


def _build(sc, question_id: str, n: int) -> Question:
    index = _checkpoints(sc)[n - 1]
    result = _play_to(sc, index)
    checkpoint = sc.data["actions"][index]["checkpoint"]
    previous = result.checkpoints[-2]["events"] if len(result.checkpoints) > 1 else 0
    game = result.game
    cards = sc.cards
    title = sc.data.get("title") or {"it": sc.id, "ru": sc.id}
    story = _story(sc, index)
    # what the prompt says besides the position: the title and the moves (and the scenario's own question,
    # which the explanation answers); the position is the one before the moves, a state the question asks
    # about only when a move came since (else the position would show the answer)
    said = {lang: "\n".join([pick(title, lang), *story.moves[lang]]) for lang in LANGS}
    context = {lang: f"{said[lang]}\n{pick(checkpoint['question'], lang)}" for lang in LANGS}
    derived = next((d for d in _derivations(result, checkpoint, random.Random(question_id))
                    if not gives_away(d, context) and (story.moved or d["form"] not in _READ)), None)
    if derived is None:
        raise UnknownQuestion("quiz.error.unknown_id", id=question_id)
    before = [e for e in game.events[previous:] if e.kind not in _SHOWN]

    def prompt(lang: str) -> str:
        # the scenario's own question is its context, answered in the explanation: only the graded one is asked
        ask = derived["ask"](lang)
        text = t("quiz.scenario.prompt", lang, title=pick(title, lang), ask=ask[:1].upper() + ask[1:])
        head, _, question = text.rpartition("\n")
        lines = [head, t("quiz.scenario.position", lang), *story.board[lang]]
        if story.moves[lang]:
            lines += [t("quiz.scenario.moves", lang), bullets(story.moves[lang])]
        return "\n".join([*lines, question])

    def explanation(lang: str) -> str:
        lines = [render_event(e, cards, lang, game.object_cards) for e in before]
        text = f'{pick(checkpoint["question"], lang)}\n{pick(checkpoint["answer"], lang)}'
        if lines:
            text += "\n" + t("quiz.scenario.explain", lang, events=bullets(lines))
        if derived.get("events"):
            text += "\n" + t("quiz.scenario.then", lang, events=bullets(
                [render_event(e, cards, lang, derived["names"]) for e in derived["events"] if e.kind not in _SHOWN]))
        return text + "\n" + derived["answer_text"](lang)

    rules = [*(str(r) for r in sc.data.get("rules") or ()), *derived.get("rules", ())]
    return Question(
        id=question_id, kind="scenario", card=question_id, topic=card_topics(sc.id), difficulty=2,
        prompt=both(prompt), options=derived.get("options"), answer_format=derived["format"],
        answer=derived["answer"], explanation=both(explanation), rules=tuple(dict.fromkeys(rules)),
        expected_ms=60_000, data={"scenario": sc.file, "checkpoint_line": checkpoint.line, "form": derived["form"],
                                  "said": said})


# forms whose answer is a state the position shows (read off it when no move came since)
_READ = frozenset({"life", "stack", "stack-top", "zone", "pt", "tapped", "priority", "outcome", "hand", "library",
                   "graveyard", "controls", "decision", "step"})


@dataclasses.dataclass(frozen=True)
class _Story:
    """The position before the moves that lead to a checkpoint (`board`: lang -> its lines, as the terminal
    lesson player shows a board), the moves since (lang -> a line each), and whether any move was made."""

    board: dict
    moves: dict
    moved: bool


def _story(sc, index: int) -> _Story:
    """The scenario at its previous checkpoint (or its setup) and its actions from there to the checkpoint
    `index`, each labelled as the lesson player labels a move (tutor.lessons.moves), its player first; passes
    are said together. An action the rules refuse (``expect_error``) changes nothing and is not said."""
    from tutor.engine import IllegalAction
    from tutor.lessons.moves import label
    from tutor.lessons.text import board_lines
    from tutor.scenario import PLAYERS
    from tutor.scenario_table import Table

    actions = sc.data["actions"]
    start = max((i for i in range(index) if "checkpoint" in actions[i]), default=-1)
    table = Table(sc.cards, sc.data["setup"], int(sc.data.get("seed", 0)))
    game = table.setup()

    def play(act) -> bool:
        try:
            table.play(act)
        except IllegalAction:
            if act.get("expect_error") is None:
                raise
            return False
        return True

    for act in actions[:start + 1]:
        if "checkpoint" not in act:
            play(act)
    view = game.view()
    board = {lang: board_lines(view, sc.cards, lang, None) for lang in LANGS}
    moves: dict[str, list[str]] = {lang: [] for lang in LANGS}
    passes: list[int] = []  # the players passing in a row, said together

    def said_passes() -> None:
        if not passes:
            return
        for lang in LANGS:
            if len(passes) == 2 and passes[0] != passes[1]:
                moves[lang].append(t("quiz.scenario.move.both_pass", lang))
            else:
                moves[lang] += [t("quiz.scenario.move.pass", lang, player=PLAYERS[p]) for p in passes]
        passes.clear()

    moved = False
    for act in actions[start + 1:index]:
        if "pass" in act:
            for _ in range(int(act["pass"] or 1)):
                if len(passes) == 2:
                    said_passes()
                pend = game.state.pending
                passes.append(pend[1] if len(pend) > 1 else game.state.active)
                if not play({"pass": 1, **({"expect_error": act["expect_error"]} if "expect_error" in act else {})}):
                    passes.pop()
                moved = True
            continue
        said_passes()
        if "pass_until" in act:
            mark = len(game.events)
            if play(act):
                # "without declaring attackers nor blockers" when a declaration step began on the way (508.1, 509.1)
                begun = [e.data["step"] for e in game.events[mark:] if e.kind == EventKind.STEP_BEGINS][:-1]
                key = "pass_until_declaring" if {"declare_attackers", "declare_blockers"} & set(begun) else "pass_until"
                texts = {lang: t(f"quiz.scenario.move.{key}", lang, step=step_text(act["pass_until"], lang))
                         + (t("quiz.scenario.move.of_turn", lang, turn=act["turn"]) if act.get("turn") else "")
                         for lang in LANGS}
                moved = True
                for lang in LANGS:
                    moves[lang].append(texts[lang])
            continue
        who = act.get("mulligan", act.get("keep"))
        if who is None:
            actor = table.actor(act)
            who = PLAYERS[actor] if actor is not None else None
        try:
            action = table.make_action(act)
        except LookupError:  # a card in no zone: the runner reports it
            action = None
        texts = {lang: label(game, action, lang) if action is not None else "" for lang in LANGS}
        if play(act):
            moved = True
            for lang in LANGS:
                moves[lang].append(t("quiz.scenario.move.by", lang, player=who, move=texts[lang])
                                   if who else texts[lang])
    said_passes()
    return _Story(board, moves, moved)


# a scenario's topic tags from its file name: its first two parts ("e-repl", "c-sba") or its first ("stack"), and
# whole words anywhere in it ("apnap", "legend-rule"); the rules it cites add theirs (tutor.quiz.bank)
_PREFIX_TOPICS = {
    "c-attack": ("combat",), "c-block": ("combat", "blocking"), "c-damage": ("combat", "damage"), "c-sba": ("sba",),
    "e-prev": ("prevention",), "e-repl": ("replacement",), "e-trig": ("triggers",), "e2-counter": ("stack",),
    "e2-equip": ("equipment",), "e2-walkers": ("planeswalkers", "loyalty"), "e2-layers": ("layers",),
    "e2-mulligan": ("mulligan", "game-start"), "e2-copy": ("copies",), "e2-control": ("control", "layers"),
    "e2-spells": ("casting",), "t-casting": ("casting",), "t-priority": ("priority",), "t-targets": ("targeting",),
    "t-timing": ("timing",), "t-turn": ("turn", "steps"), "stack": ("stack", "priority"),
}
_WORD_TOPICS = {
    "apnap": ("apnap",), "intervening-if": ("triggers",), "legend-rule": ("sba",), "ward": ("ward",),
    "hexproof": ("hexproof",), "shroud": ("shroud",), "protection": ("protection",), "token": ("tokens",),
    "tokens": ("tokens",), "aura": ("auras",), "equip": ("equipment",), "kicker": ("kicker",), "modal": ("modal",),
    "x-cost": ("x-spells",), "layer-7": ("layer-7",), "layer-6": ("layer-6",), "copy": ("copies",),
    "copies": ("copies",), "control": ("control",), "prevention": ("prevention",), "regeneration": ("replacement",),
    "trigger": ("triggers",), "triggers": ("triggers",),
}


def card_topics(scenario_id: str) -> tuple[str, ...]:
    """A scenario question's topic tags from its file name: ``scenarios``, then its prefix's (``c-sba-*``: sba,
    ``e-repl-*``: replacement, ``e-trig-*``: triggers, ``e2-layers-*``: layers …) and its words' (``…-apnap-…``:
    apnap).

    >>> card_topics("e-trig-apnap-blocks-and-becomes-blocked")
    ('scenarios', 'triggers', 'apnap')
    """
    parts = scenario_id.split("-")
    found = list(_PREFIX_TOPICS.get("-".join(parts[:2])) or _PREFIX_TOPICS.get(parts[0]) or ())
    for word, tags in _WORD_TOPICS.items():
        if f"-{word}-" in f"-{scenario_id}-":  # whole words: "ward", not "warden"
            found.extend(tags)
    return ("scenarios", *dict.fromkeys(found))


# ---- deriving the gradable question ----------------------------------------------------------------------------
_WHY = {"it": r"\bperch[ée]\b", "ru": r"\bпочему\b"}
# forms whose answer is yes/no or a set of names: the words that, in the scenario's own text (its title and the
# checkpoint's question), already tell it. A yes/no form is given away by its word alone ("Il Cavaliere Bianco è
# TAPpato" → "è TAPpato?"); a set of names by its word in a why-question ("Perché gli Orsi non possono
# bloccare…?") or beside a right option ("A controlla il Gigante…").
_ATTACK = {"it": r"attacc", "ru": r"атак"}
_DEATH = {"it": r"\bmuor|\b[eè] mort|\bsono mort", "ru": r"\bумер|\bумира|\bгибнет|\bпогиб"}
_TOPIC = {
    "tapped": {"it": r"tapp", "ru": r"поверн|повёрн|разверн|развёрн"},
    "attack-one": _ATTACK, "attackers": _ATTACK,
    "blockers": {"it": r"blocc", "ru": r"блок"},
    "controls": {"it": r"controll", "ru": r"контрол"},
    "combat-dead": _DEATH, "combat-alive": _DEATH,
    "priority": {"it": r"priorit", "ru": r"приоритет"},
}
_WORD_ALONE = frozenset({"tapped", "attack-one", "priority", "combat-dead", "combat-alive"})  # by their word alone
# a step's name without the word "step" ("sottofase di mantenimento" is given away by "nel suo mantenimento")
_STEP_WORD = {"it": r"^(?:prima |seconda )?(?:sottofase|fase)(?: di| del| della| delle)? ", "ru": r"^шаг(?:а)? "}


def gives_away(derived: dict, context: dict) -> bool:
    """Whether the scenario's own text (`context`: lang -> its title and the checkpoint's question) already says
    the answer of the gradable question `derived`: its number ("B è a 19" → "quanti punti vita ha B?"), its right
    option's words ("sono 3/2", "A ha la priorità"), or, for a yes/no or a names question, its topic (see
    _TOPIC)."""
    for lang in LANGS:
        text = context[lang].casefold()
        form = derived["form"]
        if derived["format"] == "number":
            number = str(abs(derived["answer"]))
            if re.search(rf"(?<![\d/{{+\-\u2212]){number}(?![\d/}}])", text):
                return True
            continue
        right = [derived["answer"]] if derived["format"] == "choice" else list(derived["answer"])
        said = [derived["options"][i - 1][lang].casefold() for i in right]
        topic = _TOPIC.get(form, {}).get(lang)
        if form in ("step", "next-step"):
            said = [re.sub(_STEP_WORD[lang], "", x) for x in said]
        if form in _WORD_ALONE:
            if re.search(topic, text):
                return True
        elif topic and re.search(topic, text) and (re.search(_WHY[lang], text) or any(x in text for x in said)):
            return True
        elif form not in _TOPIC and any(re.search(rf"(?<!\w){re.escape(x)}(?!\w)", text) for x in said):
            return True
    return False


def _choice(candidates: list, right, render, ask, answer_text, form: str, rng: random.Random, **extra) -> dict:
    """A choice among `right` and up to three other `candidates` that read differently."""
    options = [right]
    for c in candidates:
        if c not in options and render(c, "it") not in {render(o, "it") for o in options}:
            options.append(c)
        if len(options) == 4:
            break
    rng.shuffle(options)
    return {"format": "choice", "options": tuple(both(lambda lang, o=o: render(o, lang)) for o in options),
            "answer": options.index(right) + 1, "ask": ask,
            "answer_text": lambda lang: answer_text(render(right, lang), lang), "form": form, **extra}


def _number(value: int, ask, answer_text, form: str, **extra) -> dict:
    return {"format": "number", "options": None, "answer": value, "ask": ask,
            "answer_text": lambda lang: answer_text(str(value).replace("-", "\u2212"), lang), "form": form, **extra}


def _choices(labels: list, right: list[int], ask, form: str, **extra) -> dict:
    return {"format": "choices", "options": tuple(labels), "answer": right, "ask": ask,
            "answer_text": lambda lang: t("quiz.scenario.answer_choices", lang, answer=", ".join(
                labels[i - 1][lang] for i in right)), "form": form, **extra}


def _legal(game, action) -> bool:
    return action in game.legal_actions()


def _derivations(result, exp, rng: random.Random):
    """Every gradable question the checkpoint allows, in the order of preference of the module's docstring (a
    generator: the caller takes the first that does not give its answer away)."""
    game = result.game
    view = game.view()
    cards = result.scenario.cards
    pending = view.pending.decision.value
    aliases = result.aliases

    def alias_obj(alias):
        cid = aliases.get(alias)
        return next((oid for oid, o in game.state.objects.items() if o.card_id == cid), None)

    def named_once(oid) -> bool:
        """Whether the object is the only one of its card, so that its name says which it is (two Llanowar
        Elves: "the Elves" is not a question)."""
        card = game.state.objects[oid].card.id
        return sum(1 for o in game.state.objects.values() if o.card.id == card) == 1

    if pending == "attackers":
        mine = [p for p in view.permanents if p.controller == view.active and p.is_creature]
        if len(mine) == 1 and named_once(mine[0].object):
            can = _legal(game, DeclareAttackers((mine[0].object,)))
            yield _choice([can, not can], can, lambda v, lang: t("quiz.yes" if v else "quiz.no", lang),
                          lambda lang: t("quiz.scenario.ask_can_attack", lang, card=card_name(cards, mine[0].card, lang)),
                          lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "attack-one", rng,
                          rules=("508.1a",))
        if len(mine) >= 2:
            right = [i + 1 for i, p in enumerate(mine) if _legal(game, DeclareAttackers((p.object,)))]
            if right:
                labels = [both(lambda lang, p=p: option_creature(p, cards, lang)) for p in mine]
                yield _choices(labels, right, lambda lang: t("quiz.scenario.ask_attack", lang), "attackers",
                               rules=("508.1a",))
    if pending == "blockers":
        attackers = [p for p in view.permanents if p.attacking is not None]
        defenders = [p for p in view.permanents if p.controller != view.active and p.is_creature]
        groups = [(d,) for d in defenders]
        if any(k.name in a.keywords for a in attackers for k in NEEDS_BLOCKERS):  # 702.111b: blocked by two
            groups += [(x, y) for i, x in enumerate(defenders) for y in defenders[i + 1:]]
        pairs, seen = [], set()
        for a in attackers:
            for g in groups:
                key = (tuple(b.card for b in g), a.card)  # two copies of a card read the same: ask once
                if key not in seen:
                    seen.add(key)
                    pairs.append((g, a))
        if 2 <= len(pairs) <= 8:
            right = [i + 1 for i, (g, a) in enumerate(pairs)
                     if _legal(game, DeclareBlockers(tuple((b.object, a.object) for b in g)))]
            labels = [both(lambda lang, g=g, a=a: t("quiz.scenario.block_option", lang, blockers=" + ".join(
                card_name(cards, b.card, lang) for b in g), attacker=card_name(cards, a.card, lang)))
                for g, a in pairs]
            if right:
                yield _choices(labels, right, lambda lang: t("quiz.scenario.ask_block", lang), "blockers",
                               rules=("509.1a",))
    if pending == "damage" and "trample" in view.permanent(view.pending.attacker).keywords:
        att = view.permanent(view.pending.attacker)
        best = game.max_trample_damage(att.object)  # 702.19b: lethal damage to each blocker first
        yield _number(best, lambda lang: t("quiz.scenario.ask_trample", lang, attacker=card_name(cards, att.card, lang)),
                      lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "trample", rules=("702.19b",))
    if pending == "discard":
        yield _number(view.pending.count, lambda lang: t("quiz.scenario.ask_discard", lang,
                                                         player=Player(view.pending.player).letter),
                      lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "discard", rules=("514.1",))
    for p_name, pe in (exp.get("players") or {}).items():
        if "life" in pe:
            p = Player.from_letter(p_name)
            yield _number(view.players[p].life, lambda lang, who=p_name: t("quiz.scenario.ask_life", lang, player=who),
                          lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "life")
    if exp.get("stack"):
        yield _stack_choice(view, cards, rng)
    for alias, oe in (exp.get("objects") or {}).items():
        oid = alias_obj(alias)
        if "zone" in oe and oid is not None and named_once(oid):
            zone = view.zone_of(oid) or "library"
            yield _choice([zone, *(z for z in _ZONES if z != zone)], zone,
                          lambda z, lang: t(f"quiz.zone.{z}", lang),
                          lambda lang, oid=oid: t("quiz.scenario.ask_zone", lang, card=name_of(
                              cards, game.state.objects[oid].card.id, lang)),
                          lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "zone", rng)
    for alias, oe in (exp.get("objects") or {}).items():
        oid = alias_obj(alias)
        perm = view.permanent(oid) if oid is not None else None
        if perm is None or not named_once(oid):
            continue
        name = perm.card
        if "power" in oe or "toughness" in oe:
            right = f"{perm.power}/{perm.toughness}"
            base = cards[perm.card]
            others = [f"{perm.power + 1}/{perm.toughness + 1}", f"{perm.power - 1}/{perm.toughness}",
                      f"{perm.power}/{perm.toughness + 2}"]
            # the printed P/T, when the card has one (not a characteristic-defining ability's, 604.3, nor a
            # noncreature card's made a creature)
            if base.power is not None and base.toughness is not None:
                others.insert(0, f"{base.power}/{base.toughness}")
            yield _choice([right, *others], right, lambda v, lang: v.replace("-", "\u2212"),
                          lambda lang, c=name: t("quiz.scenario.ask_pt", lang, card=card_name(cards, c, lang)),
                          lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "pt", rng)
        if "tapped" in oe:
            yield _choice([perm.tapped, not perm.tapped], perm.tapped,
                          lambda v, lang: t("quiz.yes" if v else "quiz.no", lang),
                          lambda lang, c=name: t("quiz.scenario.ask_tapped", lang, card=card_name(cards, c, lang)),
                          lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "tapped", rng)
    if "priority" in exp and view.priority is not None:
        yield _choice([view.priority, 1 - view.priority], view.priority,
                      lambda p, lang: t("quiz.stack.player", lang, player=Player(p).letter),
                      lambda lang: t("quiz.scenario.ask_priority", lang),
                      lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "priority", rng,
                      rules=("117.3",))
    if "outcome" in exp:
        o = view.outcome
        right = "none" if o is None else "draw" if o.winner is None else Player(o.winner).letter
        yield _choice([right, "none", "draw", "A", "B"], right, lambda v, lang: t(f"quiz.scenario.outcome.{v}", lang),
                      lambda lang: t("quiz.scenario.ask_outcome", lang),
                      lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "outcome", rng,
                      rules=("104.1",))
    for p_name, pe in (exp.get("players") or {}).items():
        for key in ("hand", "library", "graveyard"):
            if key in pe:
                p = view.players[Player.from_letter(p_name)]
                value = p.library if key == "library" else len(getattr(p, key))
                yield _number(value, lambda lang, key=key, who=p_name: t(f"quiz.scenario.ask_{key}", lang, player=who),
                              lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), key)
    for p_name in exp.get("battlefield") or {}:
        p = Player.from_letter(p_name)
        mine = sorted({perm.card for perm in view.permanents if perm.controller == p and "land" not in perm.types})
        theirs = sorted({perm.card for perm in view.permanents if perm.controller != p and "land" not in perm.types}
                        - set(mine))
        if mine and theirs:
            shown = sorted(mine + theirs[:3])
            labels = [both(lambda lang, c=c: card_name(cards, c, lang)) for c in shown]
            yield _choices(labels, [i + 1 for i, c in enumerate(shown) if c in mine],
                           lambda lang, who=p_name: t("quiz.scenario.ask_controls", lang, player=who), "controls")
    if view.stack:
        yield _stack_choice(view, cards, rng)
    yield from _play_combat(game, cards, rng)
    if pending not in ("priority", "none", "game_over"):
        yield _decision(view, cards, rng)
    step = view.step.key
    i = [s.key for s in Step].index(step)
    near = [s.key for s in Step]
    yield _choice([step, near[(i + 1) % len(near)], near[i - 1], near[(i + 2) % len(near)]], step,
                  lambda s, lang: str(step_text(s, lang)), lambda lang: t("quiz.scenario.ask_step", lang),
                  lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "step", rng,
                  rules=(Step.from_key(step).rule,))
    yield from _next_step(game, rng)


def _next_step(game, rng: random.Random) -> list[dict]:
    """With the stack empty and a player holding priority: if everyone passes now, which step (or main phase)
    begins? (117.4: the step ends; 500.1: the order of steps), played on the engine and undone."""
    from tutor.quiz.position import Trial

    if game.pending[0] != "priority" or game.state.stack or game.outcome is not None:
        return []
    start = len(game.events)
    with Trial(game) as play:
        while game.pending[0] == "priority" and not any(e.kind == EventKind.STEP_BEGINS
                                                        for e in game.events[start:]):
            play(PassPriority())
        begun = next((e for e in game.events[start:] if e.kind == EventKind.STEP_BEGINS), None)
    if begun is None:
        return []
    nxt = begun.data["step"]
    keys = [s.key for s in Step]
    i = keys.index(nxt)
    return [_choice([nxt, keys[(i + 1) % len(keys)], keys[i - 1], keys[(i + 2) % len(keys)]], nxt,
                    lambda s, lang: str(step_text(s, lang)), lambda lang: t("quiz.scenario.ask_next_step", lang),
                    lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "next-step", rng,
                    rules=("117.4", "500.1", Step.from_key(nxt).rule))]


_DECISION_RULES = {"priority": "117.1", "attackers": "508.1", "blockers": "509.1", "damage": "510.1c",
                   "legend": "704.5j", "discard": "514.1"}  # a choice: the rule of its kind (ChoiceView.rule)


def _decision(view, cards, rng: random.Random) -> dict:
    """Who must decide what now (the decision the game waits for; a choice by its kind, tutor.engine.choices:
    the other player making the same choice is one of the wrong options)."""
    right = (view.pending.decision.value, view.pending.player)
    choice = view.pending.choice
    candidates = [(k, p) for k in ("priority", "attackers", "blockers", "damage") for p in (0, 1)]
    rng.shuffle(candidates)
    if choice is not None:
        candidates.insert(0, ("choice", 1 - right[1]))

    def render(d, lang):
        if d[0] == "choice":
            return t("quiz.decision.choice", lang, player=Player(d[1]).letter, what=t(f"lesson.choice.{choice.kind}", lang))
        return t(f"quiz.decision.{d[0]}", lang, player=Player(d[1]).letter)

    return _choice(candidates, right, render, lambda lang: t("quiz.scenario.ask_decision", lang),
                   lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "decision", rng,
                   rules=(choice.rule if choice is not None else _DECISION_RULES.get(right[0], "117.1"),))


def _stack_choice(view, cards, rng: random.Random) -> dict:
    items = view.stack
    if len(items) >= 2:
        return _choice(list(range(len(items))), len(items) - 1, lambda i, lang: t(
            "quiz.scenario.stack_pos", lang, item=_item(items[i], cards, lang), n=i + 1),
            lambda lang: t("quiz.scenario.ask_top", lang),
            lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "stack-top", rng, rules=("405.2", "608.1"))
    # options differ in what is there, never only in who controls it (which the scenario's text may not say)
    variants = [("actual",), ("empty",), ("other-kind",)]
    return _choice(variants, ("actual",), lambda v, lang: _stack_variant(v, items[0], cards, lang),
                   lambda lang: t("quiz.stack.ask_state", lang),
                   lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "stack", rng, rules=("405.1",))


def _item(item, cards, lang: str) -> str:
    name = card_name(cards, item.card, lang)
    if item.kind.value != "spell":
        name = t("quiz.stack.trigger_of" if item.trigger else "quiz.stack.ability_of", lang, name=name)
    return t("quiz.option_creature", lang, name=name, player=Player(item.controller).letter)


def _stack_variant(v: tuple, item, cards, lang: str) -> str:
    name = card_name(cards, item.card, lang)
    who = Player(item.controller).letter
    kind = item.kind.value
    if v[0] == "empty":
        return t("quiz.stack.state_empty", lang)
    if v[0] == "other-kind":
        kind = "spell" if kind != "spell" else "trigger"
    label = name if kind == "spell" else t("quiz.stack.trigger_of" if kind == "trigger" or item.trigger
                                           else "quiz.stack.ability_of", lang, name=name)
    return t("quiz.option_creature", lang, name=label, player=who)


def _play_combat(game, cards, rng: random.Random) -> list[dict]:
    """In a combat with blocks and nothing else to decide: play to the end of combat (and back) and ask what
    happened — a life total that changes, or which creatures die (the preferred one first); none otherwise."""
    from tutor.quiz.position import Trial

    view = game.view()
    s = game.state
    if not s.blocks or view.step.key not in ("declare_blockers", "first_strike_damage") or view.stack:
        return []
    combatants = [p for p in view.permanents if p.attacking is not None or p.blocking is not None]
    start = len(game.events)
    with Trial(game) as play:
        while game.outcome is None and game.state.step is not Step.END_OF_COMBAT:
            if game.pending[0] != "priority":
                return []  # a decision the checkpoint does not state
            play(PassPriority())
        end = game.view()
        events = game.events[start:]
        names = dict(game.object_cards)
    dead = [i + 1 for i, p in enumerate(combatants) if end.permanent(p.object) is None]
    rules = tuple(dict.fromkeys(r for e in events if e.kind in (EventKind.DAMAGE, EventKind.SBA, EventKind.DIES, EventKind.LIFE_GAIN) for r in e.rules))
    changed = [p for p in (0, 1) if end.players[p].life != view.players[p].life]
    if not changed and any(e.kind == EventKind.DAMAGE_PREVENTED for e in events):
        changed = [1 - view.active]
    out = []
    if changed:
        p = changed[-1]
        out.append(_number(end.players[p].life, lambda lang: t("quiz.scenario.ask_life_after", lang,
                                                               player=Player(p).letter),
                           lambda v, lang: t("quiz.scenario.answer_is", lang, answer=v), "combat-life",
                           events=events, names=names, rules=rules))
    labels = [both(lambda lang, p=p: option_creature(p, cards, lang)) for p in combatants]
    if not dead:
        alive = [i + 1 for i in range(len(combatants))]
        out.append(_choices(labels, alive, lambda lang: t("quiz.scenario.ask_alive", lang), "combat-alive",
                            events=events, names=names, rules=rules))
    else:
        out.append(_choices(labels, dead, lambda lang: t("quiz.scenario.ask_dead", lang), "combat-dead",
                            events=events, names=names, rules=rules))
        if changed and rng.random() >= 0.5:
            out.reverse()
    return out
