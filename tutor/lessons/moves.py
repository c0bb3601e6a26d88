"""The learner's moves: the legal actions now, grouped and labelled in either language, the tempting moves
the rules forbid (so that the engine can say why), and matching a move against a lesson's patterns.

Groups, in this order: ``land`` (play a land, 305.1), ``cast`` (cast a spell, 601.2), ``activate`` (an
activated ability, 602), ``mana`` (a mana ability, 605), ``attack`` (508.1), ``block`` (509.1), ``damage``
(divide combat damage, 510.1c-d), ``legend`` (704.5j), ``discard`` (514.1), ``choose`` (a choice the rules give
the player: `tutor.engine.choices`, its rule by its kind: 603.3b, 603.3d, 603.5, 616.1, 701.8b, 701.17a),
``pass`` (117.3d). Cards are named by their names in the language asked for (``pick(card.name, lang)``);
targets that are permanents say whose.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from tutor.engine import (
    ActivateAbility,
    AssignCombatDamage,
    CastSpell,
    Choose,
    ChooseLegend,
    DeclareAttackers,
    DeclareBlockers,
    Discard,
    IllegalAction,
    PassPriority,
    PlayLand,
    player_target,
)
from tutor.engine.view import Player
from tutor.i18n import Nouns, t
from tutor.scenario import PLAYERS

__all__ = ["GROUPS", "GROUP_RULES", "Move", "MoveGroup", "group_of", "label", "legal_moves", "matches", "move_rule"]

GROUPS = ("land", "cast", "activate", "mana", "attack", "block", "damage", "legend", "discard", "choose", "pass")
GROUP_RULES = {"land": "305.1", "cast": "601.2", "activate": "602.1", "mana": "605.1a", "attack": "508.1",
               "block": "509.1", "damage": "510.1c", "legend": "704.5j", "discard": "514.1",
               "pass": "117.3d"}  # choose: the rule of the pending choice's kind (`MoveGroup.rule`, `move_rule`)
MAX_MOVES = 60  # per group: the terminal shows numbered options


@dataclass(frozen=True)
class Move:
    """One move: the engine action, its group, and whether the rules allow it now (if not, `refusal` says
    why, with its rule). `label(lang)` names it."""

    action: object
    group: str
    legal: bool = True
    refusal: IllegalAction | None = None
    _names: tuple = ()

    def label(self, lang: str) -> str:
        """The move in words: ``Lancia «Shock» → «Gigante delle Colline» (B)``."""
        return _label(self, lang)

    @property
    def rule(self) -> str | None:
        """The rule a refused move breaks."""
        return self.refusal.rule if self.refusal else None


@dataclass(frozen=True)
class MoveGroup:
    """The moves of one group (``cast``, ``attack``, …); `title(lang)` names the group. A ``choose`` group
    also holds what the choice is about (`_about`, read when the group was made)."""

    group: str
    moves: tuple[Move, ...]
    _about: tuple = ()

    def title(self, lang: str) -> str:

        """The group's name in `lang`: ``Lanciare una magia`` / ``Разыграть заклинание``; a choice says what is
        decided and by which rule: ``Scegli l'ordine delle tue abilità innescate (603.3b)``."""
        if self.group == "choose" and self._about:
            return _choice_title(dict(self._about), lang)
        return t(f"lesson.group.{self.group}", lang)

    @property
    def rule(self) -> str:
        """The rule that lets a player make moves of this group (a choice: the rule of its kind)."""
        if self.group == "choose":
            return dict(self._about).get("rule", "")
        return GROUP_RULES[self.group]


def group_of(game, action) -> str:
    """The group of an engine action (``mana`` for an activated mana ability)."""
    if isinstance(action, ActivateAbility):
        o = game.state.objects.get(action.source)
        ab = o.card.abilities[action.index] if o and 0 <= action.index < len(o.card.abilities) else None
        return "mana" if ab is not None and ab.kind == "mana" else "activate"
    return {PlayLand: "land", CastSpell: "cast", DeclareAttackers: "attack", DeclareBlockers: "block",
            AssignCombatDamage: "damage", ChooseLegend: "legend", Discard: "discard", Choose: "choose",
            PassPriority: "pass"}.get(type(action), "pass")


def move_rule(game, action) -> str:
    """The rule that lets a player make this kind of move (a choice: the rule of the pending choice's kind)."""
    group = group_of(game, action)
    if group == "choose":
        choice = _pending_choice(game)
        return choice.rule if choice is not None else "603.3b"
    return GROUP_RULES[group]


def _pending_choice(game):
    """The choice the game waits for (`tutor.engine.choices.Choice`), or None."""
    pend = game.state.pending
    return pend[2] if len(pend) > 2 and pend[0] == "choice" else None


def _snapshot(game, action) -> tuple:
    """What a label needs, read now (object ids change when cards move): (kind, data) pairs."""
    s = game.state

    def name_of(oid):
        if oid < 0:
            return ("player", PLAYERS[-1 - oid])
        o = s.objects.get(oid)
        if o is None:
            return ("card", None, None, str(oid))
        return ("card", o.card, PLAYERS[o.controller] if o.zone == "battlefield" else None)

    if isinstance(action, (PlayLand, CastSpell)):
        out = [("card", name_of(action.card))]
        if isinstance(action, CastSpell):
            out += [("targets", tuple(name_of(x) for x in action.targets)), ("x", action.x)]
            if action.sacrifice is not None:
                out.append(("sacrifice", name_of(action.sacrifice)))
        return tuple(out)
    if isinstance(action, ActivateAbility):
        o = s.objects.get(action.source)
        ab = o.card.abilities[action.index] if o and 0 <= action.index < len(o.card.abilities) else None
        mana = "{" + ab.add + "}" if ab is not None and ab.kind == "mana" and getattr(ab, "add", None) else ""
        return (("card", name_of(action.source)), ("targets", tuple(name_of(x) for x in action.targets)),
                ("x", action.x), ("mana", mana), ("index", action.index), ("count", _ability_count(o)))
    if isinstance(action, DeclareAttackers):
        if action.planeswalkers:  # 508.1b: which planeswalker some attack
            return (("cards", tuple(name_of(x) for x in action.attackers)),
                    ("walkers", tuple((name_of(a), name_of(w)) for a, w in action.planeswalkers)))
        return (("cards", tuple(name_of(x) for x in action.attackers)),)
    if isinstance(action, DeclareBlockers):
        return (("blocks", tuple((name_of(b), name_of(a)) for b, a in action.blocks)),)
    if isinstance(action, AssignCombatDamage):
        return (("card", name_of(action.attacker)), ("parts", tuple((name_of(r), n) for r, n in action.assignment)))
    if isinstance(action, ChooseLegend):
        return (("card", name_of(action.keep)),)
    if isinstance(action, Discard):
        return (("cards", tuple(name_of(x) for x in action.cards)),)
    if isinstance(action, Choose):
        return _choice_snapshot(game, action, name_of)
    return ()


# ==== choices (tutor.engine.choices): what an answer says, read while the game waits for it ==========
def _choice_snapshot(game, action: Choose, name_of) -> tuple:
    """A `Choose` answer: the choice's kind and each pick, in order, as a label names it (a triggered ability
    by its source and what it is; a target, a card or a permanent by name; yes / no with what it does; an effect
    by its card and what it does)."""
    choice = _pending_choice(game)
    if choice is None:
        return (("kind", ""), ("picks", ()))
    kind = str(choice.kind)
    options = {o.value: o for o in choice.options}
    picks = [options[v] for v in action.picks if v in options]
    cards = game.cards
    if kind == "order":
        refs = _trigger_refs(game, choice)
        out = tuple(refs.get(o.value, ("ability", cards.get(o.card), ("other",))) for o in picks)
    elif kind == "pay":  # part 2: 118.12a, yes / no
        out = tuple(o.what for o in picks)
    elif kind == "may":
        out = tuple(o.what for o in picks)
        return (("kind", kind), ("picks", out), ("does", _does(game)), ("card", cards.get(choice.card)))
    elif kind == "replacement":
        out = tuple(("effect", cards.get(o.card) if o.card else None, o.what) for o in picks)
    elif kind == "mode":
        out = tuple(("mode", int(o.what.rpartition("-")[2]), cards.get(choice.card)) for o in picks)
    elif kind == "mulligan":  # part 2: keep or mulligan (103.5)
        out = tuple(o.what for o in picks)
    else:  # targets, discard, sacrifice: players and objects
        out = tuple(name_of(o.value if o.object is None else o.object) if o.player is None
                    else ("player", PLAYERS[o.player]) for o in picks)
    return (("kind", kind), ("picks", out))


def _trigger_refs(game, choice) -> dict:
    """The options of an order choice, by value: (``ability``, its source's card, what it is): a keyword
    that is a triggered ability (battle cry, 702.91a), a delayed triggered ability, else its trigger event (the
    option's `what`); with its number among the card's abilities when two options would read the same."""
    from tutor.engine.keywords import KEYWORDS

    refs = {}
    for o in choice.options:
        word = o.what or "other"
        what = ("keyword", word) if word in KEYWORDS else ("delayed",) if word == "delayed" else ("trigger", word)
        refs[o.value] = ("ability", game.cards.get(o.card), what, o.ability)

    def said(ref):
        return (getattr(ref[1], "id", None), ref[2])

    seen: dict = {}
    for ref in refs.values():
        seen[said(ref)] = seen.get(said(ref), 0) + 1
    return {v: ref if seen[said(ref)] > 1 else ref[:3] for v, ref in refs.items()}


def _does(game) -> tuple:
    """What an optional triggered ability that is resolving does (603.5), as (effect, number) pairs, when each of
    its effects is one a label can say ("draw a card"); else () (the label names the ability)."""
    r = game.state.resolving
    item = getattr(r, "item", None)
    if item is None:
        return ()
    out = []
    for name, params in item.effects:
        params = dict(params)
        n = params.get("count", 1) if name in ("draw", "create_token") else params.get("amount")
        who = params.get("who", "you")
        if name not in _DOES or not isinstance(n, int) or (name != "damage" and who != "you"):
            return ()
        out.append((name, n))
    return tuple(out)


_DOES = ("draw", "gain_life", "lose_life", "damage", "create_token")


def _choice_about(game) -> tuple:
    """What the pending choice is about, for its group's title: kind, rule, the card it belongs to, how many to
    pick, and for a 616.1 choice the damaged player or permanent and the damage."""
    choice = _pending_choice(game)
    if choice is None:
        return ()
    about = None
    if str(choice.kind) == "replacement" and choice.about is not None:
        rec = choice.about
        if rec < 0:
            about = ("player", PLAYERS[-1 - rec])
        else:
            o = game.state.objects.get(rec)
            about = ("card", o.card if o else None, PLAYERS[o.controller] if o else None, str(rec))
    return (("kind", str(choice.kind)), ("rule", choice.rule), ("card", game.cards.get(choice.card)),
            ("count", choice.count[0]), ("about", about), ("amount", choice.amount))


def _choice_title(d: dict, lang: str) -> str:
    kind, rule = d["kind"], d["rule"]
    card = _name(("card", d["card"], None), lang) if d.get("card") is not None else ""
    if kind == "replacement":
        if d.get("about") is None or d.get("amount") is None:
            return t("lesson.group.choose.replacement_any", lang, rule=rule)
        return t("lesson.group.choose.replacement", lang, n=d["amount"], to=_name(d["about"], lang), rule=rule)
    if kind in ("discard", "sacrifice", "bottom"):
        return t(f"lesson.group.choose.{kind}", lang, card=card, n=d["count"], rule=rule)
    return t(f"lesson.group.choose.{kind}", lang, card=card, rule=rule)


def _ability_text(ref: tuple, lang: str) -> str:
    """A triggered ability in an order choice: ``«Eroina di Rifugio delle Lame» (grido di guerra)``."""
    from tutor.i18n import catalog

    card, what = ref[1], ref[2]
    if what[0] == "keyword":
        from tutor.i18n.terms import keyword_noun

        said = str(keyword_noun(what[1], lang))
    elif what[0] == "trigger" and f"lesson.choose.trigger.{what[1]}" in catalog(lang):
        said = t(f"lesson.choose.trigger.{what[1]}", lang)
    else:
        said = t(f"lesson.choose.trigger.{'delayed' if what[0] == 'delayed' else 'other'}", lang)
    text = f"{_name(('card', card, None), lang)} ({said})"
    if len(ref) > 3 and ref[3] is not None:
        text += t("lesson.move.ability_n", lang, n=ref[3] + 1)
    return text


def _choice_label(d: dict, lang: str) -> str:
    kind, picks = d["kind"], d["picks"]
    if kind == "order":
        parts = [_ability_text(ref, lang) for ref in picks]
        return t("lesson.move.choose.order", lang, first=parts[0],
                 rest=t("lesson.move.choose.then", lang).join(parts[1:]))
    if kind == "pay":  # part 2: 118.12a
        return t(f"lesson.move.choose.pay.{picks[0] if picks else 'no'}", lang)
    if kind in ("targets", "copy_targets"):
        return t("lesson.move.choose.targets", lang, targets=_names(picks, lang, joined=False))
    if kind == "may":
        if picks and picks[0] == "yes":
            does = d.get("does") or ()
            card = _name(("card", d.get("card"), None), lang)
            said = [t(f"lesson.choose.does.{name}", lang, n=n) for name, n in does] or \
                [t("lesson.choose.does.ability", lang, card=card)]
            return t("lesson.move.choose.yes", lang, does=", ".join(said))
        return t("lesson.move.choose.no", lang)
    if kind == "replacement":
        _, card, what = picks[0]
        key = what if what in ("double_damage", "prevent", "shield", "protection") else "other"
        said = t(f"lesson.choose.effect.{key}", lang)
        if card is None:
            return t("lesson.move.choose.replacement_rule", lang, what=said)
        return t("lesson.move.choose.replacement", lang, card=_name(("card", card, None), lang), what=said)
    if kind == "mode":
        _, n, card = picks[0]
        text = _mode_text(card, n, lang)
        return t("lesson.move.choose.mode", lang, n=n, text=text) if text else t("lesson.move.choose.mode_n", lang, n=n)
    if kind == "discard":
        return t("lesson.move.discard", lang, cards=_names(picks, lang, False))
    if kind == "sacrifice":
        return t("lesson.move.choose.sacrifice", lang, cards=_names(picks, lang, False))
    if kind == "mulligan":  # part 2 (103.5)
        return t(f"lesson.move.choose.{picks[0] if picks else 'keep'}", lang)
    if kind == "bottom":
        return t("lesson.move.choose.bottom", lang, cards=_names(picks, lang, False))
    return kind


def _mode_text(card, n: int, lang: str) -> str:
    """The text of a modal card's mode `n` (from 1) in `lang`: its rules text's n-th bullet (700.2), or ""."""
    if card is None:
        return ""
    text = card.text.get(lang) or ""
    bullets = [line.strip().lstrip("•").strip() for line in text.split("\n") if line.strip().startswith("•")]
    return bullets[n - 1] if 0 < n <= len(bullets) else ""


def _ability_count(o) -> int:
    return sum(1 for ab in o.card.abilities if ab.kind in ("activated", "mana")) if o else 0


def _name(ref: tuple, lang: str, owner: bool = True):
    """A player, or a card by its name in «» (with whose it is, if `owner`), as a noun with its grammar: the
    templates decline it (``Разыграть {card:accs}``) and agree with it (``{blocker:блокирует}``)."""
    from tutor.events_text import name_noun, player_noun

    if ref[0] == "player":
        return player_noun(Player.from_letter(ref[1]), lang)
    return name_noun(ref[1], lang, owner=ref[2] if owner else None, missing=ref[3] if len(ref) > 3 else "?")


def _names(refs, lang: str, owner: bool = True, joined: bool = True):
    """Several players or cards as one field: ``«A», «B» и «C»`` (`joined`: with the conjunction), else
    ``«A», «B», «C»`` (the targets of a spell, each its own)."""
    return Nouns(tuple(_name(x, lang, owner) for x in refs), t("word.and", lang) if joined else "")


def _label(move: Move, lang: str) -> str:
    d = dict(move._names)
    g = move.group
    if g == "pass":
        return t("lesson.move.pass", lang)
    if g in ("land", "cast", "activate", "mana", "legend"):
        text = t(f"lesson.move.{g}", lang, card=_name(d["card"], lang, owner=False), mana=d.get("mana", ""))
        if g == "activate" and d.get("count", 1) > 1:
            text += t("lesson.move.ability_n", lang, n=d["index"] + 1)
        if d.get("targets"):
            text += t("lesson.move.targets", lang, targets=_names(d["targets"], lang, joined=False))
        if d.get("x"):
            text += t("lesson.move.x", lang, x=d["x"])
        if d.get("sacrifice"):
            text += t("lesson.move.sacrifice", lang, card=_name(d["sacrifice"], lang))
        return text
    if g == "attack":
        cards = d["cards"]
        if not cards:
            return t("lesson.move.no_attack", lang)
        return t("lesson.move.attack", lang, cards=_names(cards, lang, False)) + "".join(
            t("lesson.move.attack_planeswalker", lang, attacker=_name(a, lang, False), planeswalker=_name(w, lang, False))
            for a, w in d.get("walkers", ()))
    if g == "block":
        blocks = d["blocks"]
        if not blocks:
            return t("lesson.move.no_block", lang)
        return "; ".join(t("lesson.move.block", lang, blocker=_name(b, lang, False), attacker=_name(a, lang, False))
                         for b, a in blocks)
    if g == "damage":
        parts = ", ".join(t("lesson.move.damage_part", lang, n=n, to=_name(r, lang)) for r, n in d["parts"])
        return t("lesson.move.damage", lang, card=_name(d["card"], lang, False), parts=parts)
    if g == "discard":
        return t("lesson.move.discard", lang, cards=_names(d["cards"], lang, False))
    if g == "choose":
        return _choice_label(d, lang)
    return g


def label(game, action, lang: str) -> str:
    """An engine action in words, now."""
    return Move(action, group_of(game, action), _names=_snapshot(game, action)).label(lang)


def _make(game, action, legal: bool = True, refusal: IllegalAction | None = None) -> Move:
    return Move(action, group_of(game, action), legal, refusal, _snapshot(game, action))


def legal_moves(game, attempts: bool = True) -> list[MoveGroup]:
    """The moves of the player the game waits for, grouped (in `GROUPS` order; empty groups left out).
    With `attempts`, each group also lists moves the rules forbid now that a learner might try — a card in
    hand that can't be played or cast, an ability that can't be activated, a creature that can't attack, a
    block that can't be made (a flyer, a menace attacker blocked by one creature, a tapped blocker) —
    with the engine's refusal (`Move.legal` is False)."""
    if game.outcome is not None or not game.pending:
        return []
    seen: dict[str, list[Move]] = {g: [] for g in GROUPS}
    labels: set[str] = set()
    for action in itertools.islice(game.legal_actions(), 2000):
        move = _make(game, action)
        key = move.label("it")
        if key in labels or len(seen[move.group]) >= MAX_MOVES:
            continue
        labels.add(key)
        seen[move.group].append(move)
    if attempts:
        playable = {_what(m.action) for ms in seen.values() for m in ms}
        for action in _attempts(game):
            if _what(action) in playable:  # its legal forms are listed: no bare form refused for its targets
                continue
            try:
                game.validate(action)
            except IllegalAction as exc:
                move = _make(game, action, legal=False, refusal=exc)
                key = move.label("it")
                if key not in labels:
                    labels.add(key)
                    seen[move.group].append(move)
    order = {g: i for i, g in enumerate(GROUPS)}
    groups = [MoveGroup(g, tuple(ms), _choice_about(game) if g == "choose" else ()) for g, ms in seen.items() if ms]
    return sorted(groups, key=lambda grp: order[grp.group])


def _what(action) -> tuple:
    """The card or ability an action uses (a cast and an activation whatever their targets)."""
    if isinstance(action, CastSpell):
        return ("cast", action.card)
    if isinstance(action, ActivateAbility):
        return ("activate", action.source, action.index)
    return (type(action).__name__, action)


def _attempts(game):
    """Tempting moves for the deciding player: every card in hand, every ability of their permanents,
    (when attackers are declared) each of their creatures attacking alone, and (when blockers are declared)
    each of their creatures blocking one attacker alone."""
    s = game.state
    kind, player = s.pending[0], s.pending[1] if len(s.pending) > 1 else None
    if player is None:
        return
    if kind == "priority":
        for oid in s.players[player].hand:
            o = s.objects[oid]
            yield PlayLand(oid) if "land" in o.card.types else CastSpell(oid)
        for oid in s.battlefield:
            o = s.objects[oid]
            if o.controller == player:
                for i, ab in enumerate(o.card.abilities):
                    if ab.kind in ("activated", "mana"):
                        yield ActivateAbility(oid, i)
    elif kind == "attackers":
        for oid in s.battlefield:
            o = s.objects[oid]
            if o.controller == player and "creature" in o.card.types:
                yield DeclareAttackers((oid,))
                for walker in game.planeswalkers_of(1 - player):  # 508.1b: or a planeswalker
                    yield DeclareAttackers((oid,), ((oid, walker),))
    elif kind == "blockers":  # each of their creatures blocking one attacker alone (flying, menace…)
        for oid in s.battlefield:
            o = s.objects[oid]
            if o.controller == player and "creature" in o.card.types:
                for attacker in list(s.attackers)[:1] if o.tapped else s.attackers:  # tapped: one says it
                    yield DeclareBlockers(((oid, attacker),))


# ==== matching a move against a lesson's patterns (scenario action syntax) ===========================
def _ref_is(table, ref: str, oid: int) -> bool:
    """Whether scenario name `ref` (an alias, a card id, or A / B) names object (or player target) `oid`."""
    if ref in PLAYERS:
        return oid == player_target(PLAYERS.index(ref))
    if ref in table.alias_card:
        return table.obj_of(ref) == oid
    o = table.game.state.objects.get(oid)
    return o is not None and o.card.id == ref


def _refs_are(table, refs: list, oids: tuple, ordered: bool = True) -> bool:
    if len(refs) != len(oids):
        return False
    if ordered:
        return all(_ref_is(table, r, o) for r, o in zip(refs, oids))
    left = list(oids)
    for r in refs:
        hit = next((o for o in left if _ref_is(table, r, o)), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


def matches(table, pattern: dict, action) -> bool:
    """Whether an engine action is the move a lesson pattern describes. Unstated details match anything
    (which mana pays, X when no ``x`` is given); a card id matches any card of that name, an alias only its card;
    attackers, blocks and discards match in any order."""
    if "pass" in pattern:
        return isinstance(action, PassPriority)
    if "play" in pattern:
        return isinstance(action, PlayLand) and _ref_is(table, pattern["play"], action.card)
    if "cast" in pattern or "activate" in pattern:
        cls, ref = (CastSpell, pattern["cast"]) if "cast" in pattern else (ActivateAbility, pattern["activate"])
        if not isinstance(action, cls):
            return False
        source = action.card if cls is CastSpell else action.source
        if not _ref_is(table, ref, source):
            return False
        if cls is ActivateAbility and action.index != table.ability_index(action.source, pattern.get("ability", 0)):
            return False
        if "targets" in pattern and not _refs_are(table, list(pattern["targets"]), action.targets):
            return False
        if "x" in pattern and action.x != pattern["x"]:
            return False
        if "sacrifice" in pattern and (action.sacrifice is None or not _ref_is(table, pattern["sacrifice"], action.sacrifice)):
            return False
        return True
    if "attack" in pattern:
        if not (isinstance(action, DeclareAttackers) and _refs_are(table, list(pattern["attack"] or []),
                                                                    action.attackers, ordered=False)):
            return False
        wants = pattern["attack"] if isinstance(pattern["attack"], dict) else {}
        walkers = dict(action.planeswalkers)  # 508.1b: what each attacks (not named: the player)
        for attacker, walker in walkers.items():
            want = next((v for a, v in wants.items() if _ref_is(table, a, attacker)), None)
            if want is None or want in PLAYERS or not _ref_is(table, want, walker):
                return False
        return all(v in PLAYERS or any(_ref_is(table, a, att) for att in walkers) for a, v in wants.items())
    if "block" in pattern:
        if not isinstance(action, DeclareBlockers):
            return False
        want = list((pattern["block"] or {}).items())
        if len(want) != len(action.blocks):
            return False
        left = list(action.blocks)
        for b, a in want:
            hit = next((p for p in left if _ref_is(table, b, p[0]) and _ref_is(table, a, p[1])), None)
            if hit is None:
                return False
            left.remove(hit)
        return True
    if "assign" in pattern:
        if not isinstance(action, AssignCombatDamage) or not _ref_is(table, pattern["assign"], action.attacker):
            return False
        want = sorted((r, n) for r, n in (pattern.get("damage") or {}).items())
        return len(want) == len(action.assignment) and all(
            any(_ref_is(table, r, rec) and n == amount for rec, amount in action.assignment) for r, n in want)
    if "legend" in pattern:
        return isinstance(action, ChooseLegend) and _ref_is(table, pattern["legend"], action.keep)
    if "discard" in pattern:
        return isinstance(action, Discard) and _refs_are(table, list(pattern["discard"]), action.cards, ordered=False)
    if "choose" in pattern:
        return isinstance(action, Choose) and _picks_are(table, pattern["choose"], action.picks)
    if "mulligan" in pattern or "keep" in pattern:  # part 2: a mulligan declaration (103.5)
        return isinstance(action, Choose) and _picks_are(table, "mulligan" if "mulligan" in pattern else "keep", action.picks)
    if "bottom" in pattern:
        return isinstance(action, Choose) and _picks_are(table, list(pattern["bottom"]), action.picks)
    return False


def _picks_are(table, refs, picks: tuple) -> bool:
    """Whether a choice's answer is the one ``choose:`` names (its syntax: `Table.option_values`): an order in
    that order, other choices in any order."""
    refs = list(refs) if isinstance(refs, list) else [refs]
    if len(refs) != len(picks):
        return False
    choice = _pending_choice(table.game)
    if choice is None:
        return False
    named = [set(table.option_values(str(r))) for r in refs]
    if choice.ordered:
        return all(p in n for p, n in zip(picks, named))
    return any(all(p in n for p, n in zip(order, named)) for order in itertools.permutations(picks))
