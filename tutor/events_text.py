"""The engine's events as sentences in the interface language, with the rules that justify them.

The texts are the ``event.*`` templates of the catalogs (tutor/i18n/it.py, ru.py); this module only turns
an event's data into their fields:

- ``player``, ``winner``, ``controller``: the player (:class:`~tutor.i18n.Noun` "Giocatore A" / "игрок A");
- ``card``: the object, named with what it is ("creatura «Orsi Grizzly»" / "существо «Медведи-гризли»");
  for ``damage`` and ``damage_prevented`` the source; ``spell``: the card as a spell;
  ``resolving``: the spell or ability that resolves; ``to``: the player or object dealt damage or attached to
  (for a prevention effect, the object or player it protects, or the source whose damage it prevents);
  ``by``: the card of the effect that replaces, prevents, forbids or skips (``{by:~}``: its name alone);
- ``step``: the step or main phase (its concept's name); ``keywords``: the keywords (a
  :class:`~tutor.i18n.Nouns`); ``attackers``; ``blocks`` and ``targets`` (ready-made phrases);
- a choice (``event.choice.<kind>``): ``picks`` (what was chosen: objects and players; the cards' names for a
  discard or a sacrifice), ``order`` (the triggered abilities in the order they went on the stack), ``effect``
  (the replacement or prevention effect chosen to apply first);
- numbers: ``turn``, ``life``, ``amount``, ``count``, ``removed``, ``before`` and ``after`` (what a replacement
  effect changed); texts: ``color`` ({G}), ``pt`` (+3/+3), ``kind`` (the counter, +1/+1), ``counters`` (the
  counters a returned permanent has).

>>> from tutor.engine import Event
>>> render_event(Event("step_begins", ("504",), {"step": "draw"}), {}, "it")
'Inizia la sottofase di acquisizione. [504]'
>>> render_event(Event("step_begins", ("504",), {"step": "draw"}), {}, "ru")
'Начинается шаг взятия карты. [504]'
>>> render_event(Event("sba_life", ("704.5a",), {"player": 0, "life": -1}), {}, "ru")
'У игрока A −1 жизнь (0 или меньше): он проигрывает. [704.5a]'
"""

from __future__ import annotations

from tutor.engine.events import EventKind
from tutor.i18n import Nouns, catalog, t
from tutor.i18n.grammar import minus
from tutor.i18n.terms import keyword_noun, step_noun
from tutor.nouns_text import card_noun, keyword_name, name_noun, player_name, player_noun, step_name

__all__ = ["card_noun", "counter_name", "event_key", "name_noun", "keyword_name", "player_name", "player_noun", "render_event", "render_log",
           "step_name"]

# Events whose card is named as a card in hand or as a spell, whatever its type.
_KIND_BY_EVENT = {EventKind.DISCARD: "card", EventKind.DRAW: "card", EventKind.CAST: "spell", EventKind.COUNTERED: "spell",
                  EventKind.COPY_CREATED: "token"}
# Events with a sentence for each value of one of their data keys (``event.replaced.double_damage``).
_VARIANT_BY = {EventKind.REPLACED: "effect", EventKind.RULE_EFFECT: "effect", EventKind.CHOICE: "kind"}


def _signed(n: int) -> str:
    return minus(f"{n:+d}")


def event_key(e, lang: str = "it") -> str:
    """The catalog key of an event's sentence (some events have variants by their data: a replacement or rule
    effect by its ``effect``, a choice by its ``kind``, "you may" by its answer, an effect of the card itself)."""
    d = e.data
    cat = catalog(lang)
    if e.kind in _VARIANT_BY:
        key = f"event.{e.kind}.{d.get(_VARIANT_BY[e.kind])}"
        if e.kind == EventKind.CHOICE and d.get("kind") in ("may", "pay"):
            key += ".yes" if any(o.get("what") == "yes" for o in d.get("order", ())) else ".no"
        if e.kind == EventKind.CHOICE and d.get("kind") == "mulligan":  # part 2: keep or mulligan (103.5)
            key += ".mulligan" if any(o.get("what") == "mulligan" for o in d.get("order", ())) else ".keep"
        if d.get("by") and d.get("by") == d.get("card") and f"{key}.self" in cat:
            key += ".self"
        if key in cat:
            return key
    if e.kind == EventKind.DAMAGE and "loyalty" in d:
        return "event.damage_loyalty"
    if e.kind == EventKind.ATTACKERS and d.get("planeswalkers"):
        return "event.attackers_planeswalkers"
    if e.kind == EventKind.DAMAGE and d.get("combat"):
        return "event.damage_combat"
    if e.kind == EventKind.DAMAGE_UNPREVENTABLE and not d.get("by"):
        return "event.damage_unpreventable_anon"
    if e.kind == EventKind.PREVENTION_EFFECT and d.get("scope") in ("prevent_all_to", "prevent_all_from"):
        return f"event.{d['scope'].replace('prevent_', 'prevention_')}"
    if e.kind == EventKind.PREVENTION_EFFECT and "target" in d:
        return "event.prevention_next"
    if e.kind == EventKind.STEP_SKIPPED and d.get("by"):
        return "event.step_skipped_by"
    if e.kind == EventKind.GAME_WON and "104.2b" in e.rules:
        return "event.game_won_by" if d.get("by") else "event.game_won_effect"
    if e.kind == EventKind.TOKEN_CREATED and (d.get("tapped") or d.get("attacking")):
        return "event.token_created" + "_tapped" * bool(d.get("tapped")) + "_attacking" * bool(d.get("attacking"))
    if e.kind == EventKind.RETURNED and any(d.get("counters", {}).values()):
        return "event.returned_counters"
    if e.kind == EventKind.ATTACKERS and not d.get("attackers"):
        return "event.attackers_none"
    if e.kind == EventKind.REGENERATED and d.get("removed_from_combat"):
        return "event.regenerated_combat"
    if e.kind == EventKind.COST_CHANGED and not d.get("more"):
        return "event.cost_changed_less"
    if e.kind == EventKind.SBA and e.rules and f"event.sba.{e.rules[0]}" in catalog(lang):
        return f"event.sba.{e.rules[0]}"
    return f"event.{e.kind}"


def render_event(e, cards: dict, lang: str, names: dict | None = None) -> str:
    """One event as a sentence in `lang`, followed by its rule numbers.

    `cards` maps card ids to card definitions; `names` maps object ids to card ids (for the objects an
    event names only by id: targets, attackers, blockers)."""
    names = names or {}
    d = e.data
    conj = t("word.and", lang)

    def player(i: int):
        return player_noun(i, lang)

    def named(card_id, kind: str | None = None):
        return card_noun(cards.get(card_id) if card_id else None, lang, kind, missing=card_id or "?")

    def object_noun(ref, card_id=None, kind=None):
        if isinstance(ref, int) and ref < 0:
            return player(-1 - ref)
        return named(card_id or names.get(ref), kind)

    f: dict[str, object] = {"turn": d.get("turn", e.turn)}
    for key in ("life", "amount", "count", "removed", "before", "after", "mulligans"):
        if key in d:
            f[key] = d[key]
    for key in ("player", "winner", "controller"):
        if d.get(key) is not None:
            f[key] = player(d[key])
    if d.get("by"):
        f["by"] = named(d["by"])
    if d.get("card"):
        f["card"] = named(d["card"], _KIND_BY_EVENT.get(e.kind))
        f["spell"] = named(d["card"], "spell")
        f["resolving"] = named(d["card"], "ability" if d.get("what") == "ability" else "spell")
    to = d.get("to", d.get("target"))
    if to is not None:
        f["to"] = object_noun(to, d.get("target_card"))
    if d.get("step"):
        f["step"] = step_noun(d["step"], lang)
    if "color" in d:
        f["color"] = "{" + d["color"] + "}"
    if "cost" in d:  # part 2: a mana cost paid ("{3}")
        f["cost"] = d["cost"]
    if "power" in d or "toughness" in d:
        f["pt"] = f"{_signed(d.get('power', 0))}/{_signed(d.get('toughness', 0))}"
    if isinstance(d.get("kind"), str):
        f["kind"] = counter_name(d["kind"], lang)
    if "loyalty" in d:
        f["loyalty"] = d["loyalty"]
    if d.get("planeswalkers"):
        f["walkers"] = "; ".join(t("event.attacks_planeswalker", lang, attacker=object_noun(a), planeswalker=object_noun(w))
                                 for a, w in d["planeswalkers"])
    f["keywords"] = Nouns(tuple(keyword_noun(k, lang) for k in d.get("keywords", ())), conj)
    targets = d.get("targets") or ()
    kinds, on_stack = d.get("target_kinds") or ("",) * len(targets), d.get("target_cards") or ("",) * len(targets)
    f["targets"] = t("event.targets", lang, count=len(targets), targets=Nouns(tuple(
        object_noun(x, c or None, k or None) for x, k, c in zip(targets, kinds, on_stack)), conj)) if targets else ""
    f["attackers"] = Nouns(tuple(object_noun(a) for a in d.get("attackers", ())), conj)
    if "blocks" in d:
        f["blocks"] = "; ".join(t("event.block", lang, blocker=object_noun(b), attacker=object_noun(a))
                                for b, a in d["blocks"]) or t("event.no_blocks", lang)
    if e.kind == EventKind.CHOICE:
        f.update(_choice_fields(d, lang, cards, named, object_noun))
    if d.get("counters"):
        f["counters"] = Nouns(tuple(t("event.with_counter", lang, count=n, kind=counter_name(k, lang))
                                    for k, n in d["counters"].items() if n), conj)
    if e.kind in _LAYERED:
        f.update(_layer_fields(e, d, lang, f, named, object_noun))
    if "modes" in d:  # part 2: spells with modes and costs
        f["modes"], f["modes_count"] = ", ".join(map(str, d["modes"])), len(d["modes"])
    if "cost" in d:
        f["cost"] = d["cost"]
    key = event_key(e, lang)
    text = t(key, lang, **f) if key in catalog(lang) else e.kind
    return f"{text} [{', '.join(e.rules)}]"


# part 2: presenting continuous effects (layers): the events of `becomes`, `gain_control`, `create_copy`
_LAYERED = frozenset({EventKind.BECOMES, EventKind.GAIN_CONTROL, EventKind.COPY_CREATED})


def _layer_fields(e, d: dict, lang: str, f: dict, named, object_noun) -> dict:
    """The fields of a continuous effect's sentence (tutor.layers_text): ``changes`` (what the permanent
    does, agreeing with it), ``until`` (how long, with its leading space), ``original`` (what a token copies)."""
    from tutor.layers_text import becomes_clauses, until_text

    out: dict = {}
    source = named(d["source"]) if d.get("source") else None
    out["until"] = until_text(d.get("until", "end_of_turn"), lang, source)
    if e.kind == EventKind.BECOMES:
        out["changes"] = becomes_clauses(d.get("changes", ()), lang, f.get("card"))
    if e.kind == EventKind.COPY_CREATED and d.get("original") is not None:
        out["original"] = object_noun(d["original"])
    return out


def counter_name(kind: str, lang: str) -> str:
    """A kind of counter as a sentence names it: +1/+1 (with a real minus sign: −1/−1), or its name (``fedeltà``,
    ``верности``: ``counter.<kind>`` in the catalogs)."""
    key = f"counter.{kind}"
    return t(key, lang) if key in catalog(lang) else minus(kind)


def _choice_fields(d: dict, lang: str, cards: dict, named, object_noun) -> dict:
    """The fields of a choice's sentence, from what was picked (``order``: the options in the order picked,
    each an object, a player, a card and what it is): ``picks`` (the objects or players, or the cards' names
    for a discard or a sacrifice), ``order`` (the triggered abilities in the order they go on the stack),
    ``effect`` (the replacement or prevention effect applied first)."""
    chosen = d.get("order") or d.get("options") or ()
    conj = t("word.and", lang)

    def pick(o: dict):
        if o.get("player") is not None:
            return object_noun(-1 - o["player"])
        if d.get("kind") in ("discard", "sacrifice"):
            return name_noun(cards.get(o.get("card")), lang, missing=o.get("card") or "?")
        return named(o.get("card"))

    def effect(o: dict) -> str:
        what = o.get("what", "")
        if what == "protection":
            return t("event.effect.protection", lang)
        if not o.get("card"):
            return t("event.effect.anon", lang)
        key = f"event.effect.{what}" if f"event.effect.{what}" in catalog(lang) else "event.effect.other"
        return t(key, lang, card=named(o["card"]))

    return {"picks": Nouns(tuple(pick(o) for o in chosen), conj),
            "order": t("event.choice.then", lang).join(t("event.choice.ability", lang, card=named(o.get("card")))
                                                       for o in chosen),
            "effect": effect(chosen[0]) if chosen else "",
            "mode": chosen[0].get("what", "").rpartition("-")[2] if chosen and d.get("kind") == "mode" else ""}


def render_log(events: list, cards: dict, lang: str, names: dict | None = None) -> list[str]:
    """Events as lines "T<turn> <step>: sentence [rules]"."""
    return [f"T{e.turn} {step_name(e.step, lang) if e.step and e.turn else ''}: {render_event(e, cards, lang, names)}"
            for e in events]


# part 2: equipment — "doesn't move" has a sentence for "already attached there" (701.3b)
_VARIANT_BY[EventKind.ATTACH_UNCHANGED] = "why"
