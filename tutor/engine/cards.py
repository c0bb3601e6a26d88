"""Card definitions in the engine's declarative vocabulary (see lessons/CARDS.md).

`card_from_dict` validates a plain mapping (as read from YAML by the tutor layer) and raises
CardDefinitionError naming the key path for anything outside the vocabulary. Effects are validated
against the effect registry (`tutor.engine.effects.EFFECTS`), keywords against
`tutor.engine.characteristics.KEYWORDS`, targets and filters against `tutor.engine.targets`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tutor.engine.characteristics import KEYWORDS, WALKS
from tutor.engine.effects import EFFECTS, Context, ParamError
from tutor.engine.errors import CardDefinitionError
from tutor.engine.layers import DECLARED, INTRINSIC, cda_error, mods_error, mods_from
from tutor.engine.loyalty import counter_costs, printed_loyalty
from tutor.engine.mana import COLOR_NAMES, ManaCost
from tutor.engine.targets import TARGET_TYPES, filter_error

__all__ = ["Ability", "CardDef", "KEYWORDS", "WALKS", "card_from_dict"]

CARD_TYPES = ("land", "creature", "artifact", "enchantment", "instant", "sorcery", "planeswalker")
SUPERTYPES = ("basic", "legendary")
LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
EQUIP = {"kind": "activated", "targets": [{"type": "creature", "filter": {"controller": "you"}}],
         "effects": [{"attach": {"to": 0}}]}  # 702.6a: "[Cost]: Attach this permanent to target
#                                                           creature you control. Activate only as a sorcery."
BATTLE_CRY = {"kind": "triggered", "when": "attacks", "effects": [
    {"pump": {"power": 1, "toughness": 0, "on": {"all": {"attacking": True, "other": True, "types": ["creature"]}}}}]}
WARD = {"kind": "triggered", "when": "becomes_target", "who": "opponent"}  # part 2: ward (702.21a), its effects by cost
# Vocabulary the engine does not model yet: a card that uses it is refused by name, with the rule it would need.
NOT_MODELLED = {
    "keywords": {"kicker": "702.33",
                 "flanking": "702.25", "bushido": "702.45", "rampage": "702.23", "prowess": "702.108",
                 "cycling": "702.29", "convoke": "702.51", "cascade": "702.85", "storm": "702.40",
                 "infect": "702.90", "wither": "702.80", "toxic": "702.164", "exalted": "702.83"},
    "types": {"battle": "310", "kindred": "308"},
}
# The grammatical gender and number of a card's name, by language (the catalogs' noun tags): Italian has no
# neuter; Russian names are agreed by pymorphy3, and the field corrects it where it is wrong.
# A Russian name also says its animacy where pymorphy3 gets it wrong (``m.anim``: the accusative is the genitive,
# «Искателя славы»), and a name pymorphy3 declines wrong gives its cases (``declension``).
NAME_GENDERS = {"it": ("m", "f", "m.pl", "f.pl"),
                "ru": tuple(g + pl + anim for g in ("m", "f", "n") for pl in ("", ".pl") for anim in ("", ".anim", ".inan"))}
DECLINED_CASES = {"ru": ("gent", "datv", "accs", "ablt", "loct")}  # the nominative is the name itself


@dataclass(frozen=True)
class Ability:
    """One ability of a permanent: mana, activated, triggered or static."""

    kind: str
    cost: dict = field(default_factory=dict)  # {"mana": ManaCost, "tap": bool, "sacrifice_self": bool, "life": int}
    #   and, when the ability has them: "loyalty": +N / -N / 0 (a loyalty ability, 606), "remove_counters": {kind: n}
    add: str = ""  # mana abilities: the colour letter produced
    targets: tuple = ()
    effects: tuple = ()
    when: str = ""  # triggered abilities: the trigger event (tutor.engine.triggers.TRIGGER_EVENTS)
    affects: dict = field(default_factory=dict)  # static abilities
    pump: tuple = (0, 0)
    keywords: frozenset = frozenset()
    # Triggered abilities (tutor.engine.triggers): the object filter (None: this object), whose event, which step,
    # which spells, damage to whom and whether combat only, the intervening "if" (603.4), "you may" (603.5).
    what: tuple | None = None
    who: str = ""
    step: str = ""
    spell: tuple = ()
    to: str = ""
    combat: bool = False
    condition: tuple = ()
    may: bool = False
    # Replacement abilities (``replace``) and rule effects of static abilities (``prohibit``), with their
    # parameters (tutor.engine.replacement).
    replace: str = ""
    prohibit: str = ""
    params: tuple = ()
    keyword: str = ""  # the keyword ability it is (702.91a battle cry gives a triggered ability)
    modes: tuple = ()  # a modal triggered ability ("choose one —", 700.2): ((targets, effects), ...)
    mods: tuple = ()  # a static ability's continuous effect, by layer (tutor.engine.layers.Mod)
    sorcery: bool = False  # "Activate only as a sorcery" (602.5d; equip, 702.6a)

    def __deepcopy__(self, memo: dict) -> Ability:
        return self  # immutable: shared by game snapshots (Game.push)


INTRINSIC.update({t: Ability("mana", {"tap": True, "mana": ManaCost()}, add=c) for t, c in LAND_TYPES.items()})


@dataclass(frozen=True)
class CardDef:
    """A card (or token) definition."""

    id: str
    name: dict  # {"en", "it", "ru"}
    cost: ManaCost
    types: frozenset
    supertypes: frozenset = frozenset()
    subtypes: frozenset = frozenset()
    power: int | None = None
    toughness: int | None = None
    keywords: frozenset = frozenset()
    abilities: tuple = ()
    spell_targets: tuple = ()
    spell_effects: tuple = ()
    enchant: str = ""
    additional_cost: dict = field(default_factory=dict)
    token: bool = False
    colors: frozenset = frozenset()
    text: dict = field(default_factory=dict)
    unofficial: frozenset = frozenset()
    gender: dict = field(default_factory=dict)  # {"it": "m.pl"}: the gender and number of the name (NAME_GENDERS)
    declension: dict = field(default_factory=dict)  # {"ru": {"gent": "Акромы, Ангела Гнева", ...}} (DECLINED_CASES)
    cda: tuple = ()  # power and toughness defined by a characteristic-defining ability (604.3, 613.4a)
    loyalty: int | None = None  # a planeswalker's printed loyalty (209.1, 306.5a)
    # part 2: spells with modes and costs (tutor.engine.spells): a modal spell's modes ((targets, effects), ...) and
    # how many to choose (min, max) (700.2); its kicker cost (702.33) and its effects when kicked (instead of
    # spell_effects); its alternative cost ({"life": n, "if": condition}, 118.9); "costs {1} less for each" (a
    # frozen filter of permanents on the battlefield, 601.2f)
    spell_modes: tuple = ()
    spell_choose: tuple = (1, 1)
    kicker: ManaCost | None = None
    kicked_effects: tuple | None = None
    alternative_cost: dict = field(default_factory=dict)
    cost_reduction: tuple | None = None
    # Derived from the abilities (hot in action generation): the kinds of its activated abilities ("activated",
    # "mana"), and the colours of its free {T} mana abilities (305.6 for basic land types).
    activated_kinds: frozenset = field(init=False, repr=False, compare=False, default=frozenset())
    tap_mana: str = field(init=False, repr=False, compare=False, default="")  # its colour letters: "G", "RG"
    graveyard_trigger: bool = field(init=False, repr=False, compare=False, default=False)  # "put into a graveyard from anywhere"
    static_mods: bool = field(init=False, repr=False, compare=False, default=False)  # a static ability with layer effects

    def __post_init__(self) -> None:
        object.__setattr__(self, "graveyard_trigger", any(ab.kind == "triggered" and ab.when == "graveyard"
                                                          and ab.what is None for ab in self.abilities))
        object.__setattr__(self, "static_mods", any(ab.kind == "static" and ab.mods for ab in self.abilities))
        object.__setattr__(self, "activated_kinds",
                           frozenset(ab.kind for ab in self.abilities if ab.kind in ("activated", "mana")))
        object.__setattr__(self, "tap_mana", "".join(
            ab.add for ab in self.abilities if ab.kind == "mana" and ab.cost.get("tap")
            and not (ab.cost.get("mana") and ab.cost["mana"].mana_value()) and not ab.cost.get("life")))

    def __deepcopy__(self, memo: dict) -> CardDef:
        return self  # immutable: shared by game snapshots (Game.push)

    @property
    def is_permanent(self) -> bool:
        """Rule 110.4: artifacts, creatures, enchantments, lands (and planeswalkers, battles)."""
        return not ({"instant", "sorcery"} & self.types)


def _fail(card: str, path: str, message: str):
    raise CardDefinitionError(card, path, message)


def _keys(card: str, path: str, d: object, allowed: set, required: set = frozenset()) -> dict:
    if not isinstance(d, dict):
        _fail(card, path, "expected a mapping")
    for k in d:
        if k not in allowed:
            _fail(card, f"{path}.{k}" if path else str(k), f"unknown key {k!r}")
    for k in required:
        if k not in d:
            _fail(card, f"{path}.{k}" if path else k, "required key missing")
    return d


def _strings(card: str, path: str, value: object, what: str = "texts") -> list:
    """An optional list of strings (subtypes, colours, languages): anything else is a definition error."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        _fail(card, path, f"expected a list of {what}")
    return value


def _texts(card: str, path: str, value: object, allowed: set, required: set = frozenset(),
           empty: bool = False) -> dict:
    """A mapping of languages to strings (a name; a rules text, which may be empty: a vanilla creature)."""
    _keys(card, path, value, allowed, required)
    for lang, text in value.items():
        if not isinstance(text, str) or not (empty or text.strip()):
            _fail(card, f"{path}.{lang}", "expected a text")
    return value


def _filter(card: str, path: str, flt: object) -> dict:
    error = filter_error(flt)
    if error:
        _fail(card, f"{path}.{error[0]}" if error[0] else path, error[1])
    return flt


def _keywords(card: str, path: str, value: object) -> frozenset:
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        _fail(card, path, "expected a list of keywords")
    for i, k in enumerate(value):
        if k not in KEYWORDS:
            _fail(card, f"{path}.{i}", f"unknown keyword {k!r}")
    return frozenset(value)


def _targets(card: str, path: str, value: object) -> tuple:
    if value is None:
        return ()
    if not isinstance(value, list):
        _fail(card, path, "expected a list of targets")
    out = []
    for i, t in enumerate(value):
        _keys(card, f"{path}.{i}", t, {"type", "filter"}, {"type"})
        if t["type"] not in TARGET_TYPES:
            _fail(card, f"{path}.{i}.type", f"unknown target type {t['type']!r}")
        flt = _filter(card, f"{path}.{i}.filter", t.get("filter") or {})
        out.append((t["type"], tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in flt.items()))))
    return tuple(out)


def _effects(card: str, path: str, value: object, targets: tuple, tokens: set[str]) -> tuple:
    """A list of effects, each validated against the effect registry (its parameters may name the targets)."""
    if not isinstance(value, list):
        _fail(card, path, "expected a list of effects")
    ctx = Context(tuple(t[0] for t in targets), frozenset(tokens))
    out = []
    for i, e in enumerate(value):
        p = f"{path}.{i}"
        if not isinstance(e, dict) or len(e) != 1:
            _fail(card, p, "each effect is a mapping with exactly one key")
        (name, params), = e.items()
        if name not in EFFECTS:
            _fail(card, f"{p}.{name}", f"unknown effect {name!r}")
        params = params or {}
        if not isinstance(params, dict):
            _fail(card, f"{p}.{name}", "expected a mapping of parameters")
        try:
            EFFECTS[name].validate(params, ctx)
        except ParamError as exc:
            _fail(card, f"{p}.{name}.{exc.key}", exc.message)
        out.append((name, _freeze(params)))
    return tuple(out)


def _freeze(v: object) -> object:
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v


def _ability(card: str, path: str, a: object, tokens: set[str]) -> Ability:
    from tutor.engine.replacement import PROHIBITIONS, replacement_error
    from tutor.engine.triggers import DAMAGE_TO, TRIGGER_EVENTS, TRIGGER_STEPS, WHO, condition_error

    _keys(card, path, a, {"kind", "cost", "add", "targets", "effects", "when", "affects", "what", "who", "step", "spell",
                          "to", "combat", "if", "may", "replace", "prohibit", "params", "modes", "more", "spells", *DECLARED}, {"kind"})
    kind = a["kind"]
    if not isinstance(kind, str):
        _fail(card, f"{path}.kind", "expected a kind: mana, activated, triggered, static or replacement")
    for key in ("when", "who", "step", "to", "replace", "prohibit"):
        if key in a and not isinstance(a[key], str):
            _fail(card, f"{path}.{key}", "expected a word (see lessons/CARDS.md)")
    allowed = {"mana": {"kind", "cost", "add"}, "activated": {"kind", "cost", "targets", "effects"},
               "triggered": {"kind", "targets", "effects", "when", "what", "who", "step", "spell", "to", "combat", "if",
                             "may", "modes"},
               "static": {"kind", "affects", "prohibit", "who", *DECLARED},
               "replacement": {"kind", "replace", "params"},
               "cost": {"kind", "more", "who", "spells"}}
    if kind in allowed:
        for k in a:
            if k not in allowed[kind]:
                _fail(card, f"{path}.{k}", f"a {kind} ability has no {k!r}")
    cost = {}
    if "cost" in a:
        c = _keys(card, f"{path}.cost", a["cost"], {"mana", "tap", "sacrifice_self", "life", "loyalty", "remove_counters"})
        try:
            cost = {"mana": ManaCost.parse(c.get("mana")), "tap": bool(c.get("tap", False)),
                    "sacrifice_self": bool(c.get("sacrifice_self", False)), "life": int(c.get("life", 0))}
        except ValueError as exc:
            _fail(card, f"{path}.cost.mana", str(exc))
        cost.update(counter_costs(card, f"{path}.cost", c, kind))
    if kind == "mana":
        add = str(a.get("add", ""))
        if add.strip("{}") not in "WUBRGC" or len(add.strip("{}")) != 1:
            _fail(card, f"{path}.add", "a mana ability adds one mana symbol such as {G}")
        return Ability("mana", cost, add=add.strip("{}"))
    targets = _targets(card, f"{path}.targets", a.get("targets"))
    if kind == "activated":
        return Ability("activated", cost, targets=targets,
                       effects=_effects(card, f"{path}.effects", a.get("effects", []), targets, tokens))
    if kind == "triggered":
        when = a.get("when")
        if when not in TRIGGER_EVENTS:
            _fail(card, f"{path}.when", f"trigger must be one of {', '.join(TRIGGER_EVENTS)}")
        about = TRIGGER_EVENTS[when].about
        what = None
        if "what" in a:
            if about != "object":
                _fail(card, f"{path}.what", f"'what' narrows an object's event, not {when!r}")
            what = _freeze(_filter(card, f"{path}.what", a["what"] or {}))
        who = a.get("who", "")
        if who and (who not in WHO or (about not in ("player", "step") and when != "becomes_target")):
            _fail(card, f"{path}.who", f"'who' is one of {', '.join(WHO)}, for a player's event, a step or becomes_target")
        step = a.get("step", "")
        if (when == "step") != bool(step) or (step and step not in TRIGGER_STEPS):
            _fail(card, f"{path}.step", f"when: step needs 'step', one of {', '.join(TRIGGER_STEPS)}")
        spell = ()
        if "spell" in a:
            if when != "cast":
                _fail(card, f"{path}.spell", "'spell' narrows when: cast")
            spell = _freeze(_keys(card, f"{path}.spell", a["spell"], {"types"}))
            types = dict(spell).get("types", ())
            if not isinstance(a["spell"].get("types", []), list) or any(x not in CARD_TYPES for x in types):
                _fail(card, f"{path}.spell.types", f"spell types among {', '.join(CARD_TYPES)}")
        to = a.get("to", "")
        if to and (to not in DAMAGE_TO or when != "deals_damage"):
            _fail(card, f"{path}.to", f"'to' is one of {', '.join(DAMAGE_TO)}, for when: deals_damage")
        if "combat" in a and (not isinstance(a["combat"], bool) or when != "deals_damage"):
            _fail(card, f"{path}.combat", "'combat' is true or false, for when: deals_damage")
        condition = ()
        if "if" in a:
            err = condition_error(a["if"])
            if err:
                _fail(card, f"{path}.if.{err[0]}" if err[0] else f"{path}.if", err[1])
            condition = _freeze(a["if"])
        elif when == "state":
            _fail(card, f"{path}.if", "a state trigger (603.8) needs the state: 'if'")
        if "may" in a and not isinstance(a["may"], bool):
            _fail(card, f"{path}.may", "expected true or false")
        modes = ()
        if "modes" in a:
            # 700.2 / 603.3c: "choose one —": each mode its own targets and effects.
            if "targets" in a or "effects" in a:
                _fail(card, f"{path}.modes", "a modal ability has its targets and effects in its modes")
            if not isinstance(a["modes"], list) or len(a["modes"]) < 2:
                _fail(card, f"{path}.modes", "a modal ability has two or more modes")
            built_modes = []
            for m, mode in enumerate(a["modes"]):
                mp = f"{path}.modes.{m}"
                _keys(card, mp, mode, {"targets", "effects"}, {"effects"})
                mt = _targets(card, f"{mp}.targets", mode.get("targets"))
                built_modes.append((mt, _effects(card, f"{mp}.effects", mode["effects"], mt, tokens)))
            modes = tuple(built_modes)
        return Ability("triggered", targets=targets, when=when, what=what, who=who, step=step, spell=spell, to=to,
                       combat=bool(a.get("combat", False)), condition=condition, may=bool(a.get("may", False)),
                       effects=_effects(card, f"{path}.effects", a.get("effects", []), targets, tokens), modes=modes)
    if kind == "static":
        prohibit = a.get("prohibit", "")
        if prohibit and prohibit not in PROHIBITIONS:
            _fail(card, f"{path}.prohibit", f"expected one of {', '.join(PROHIBITIONS)}")
        who = a.get("who", "")
        if who and (who not in WHO or prohibit != "cant_gain_life"):
            _fail(card, f"{path}.who", f"'who' is one of {', '.join(WHO)}, for prohibit: cant_gain_life")
        affects = a.get("affects")
        if affects in ("enchanted", "equipped", "self"):
            affects = {affects: True}
        else:
            affects = dict(_filter(card, f"{path}.affects", affects or {}))
        layer_keys = {k: v for k, v in a.items() if k in DECLARED}
        err = mods_error(layer_keys, KEYWORDS)
        if err:
            _fail(card, f"{path}.{err[0]}", err[1])
        pump = a.get("pump", [0, 0])
        return Ability("static", affects=affects, pump=tuple(pump), keywords=frozenset(a.get("keywords", [])),
                       prohibit=prohibit, params=(("who", who or "each"),) if prohibit else (),
                       mods=mods_from(layer_keys))
    if kind == "cost":
        return cost_ability(card, path, a)
    if kind == "replacement":
        replace = a.get("replace")
        params = a.get("params") or {}
        if not isinstance(params, dict):
            _fail(card, f"{path}.params", "expected a mapping of parameters")
        err = replacement_error(replace, params)
        if err:
            _fail(card, f"{path}.replace" if err[0] == "replace" else f"{path}.params.{err[0]}", err[1])
        return Ability("replacement", replace=replace, params=_freeze(params))
    _fail(card, f"{path}.kind", f"unknown ability kind {kind!r}")
    raise AssertionError  # pragma: no cover


def _gender(card: str, value: object) -> dict:
    """The optional ``gender`` of a card's name, by language: ``{it: m.pl, ru: f}``."""
    _keys(card, "gender", value, set(NAME_GENDERS))
    for lang, spec in value.items():
        if spec not in NAME_GENDERS[lang]:
            _fail(card, f"gender.{lang}", f"the gender of the {lang} name is one of {', '.join(NAME_GENDERS[lang])}, "
                                          f"not {spec!r}")
    return dict(value)


def _declension(card: str, value: object) -> dict:
    """The optional ``declension`` of a card's name: every case but the nominative, by language
    (``{ru: {gent: ..., datv: ..., accs: ..., ablt: ..., loct: ...}}``), for the names pymorphy3 declines wrong."""
    _keys(card, "declension", value, set(DECLINED_CASES))
    out = {}
    for lang, forms in value.items():
        cases = DECLINED_CASES[lang]
        _keys(card, f"declension.{lang}", forms, set(cases), set(cases))
        for case, form in forms.items():
            if not isinstance(form, str) or not form.strip():
                _fail(card, f"declension.{lang}.{case}", f"the {case} of the name is a non-empty text")
        out[lang] = {case: forms[case].strip() for case in cases}
    return out


def _not_modelled(cid: str, d: dict) -> None:
    """Refuse a card that uses vocabulary the engine does not model yet, naming it and the rule it would need
    (it is never half-played)."""
    for key, known in NOT_MODELLED.items():
        values = d.get(key)
        if isinstance(values, list):
            for i, v in enumerate(values):
                if isinstance(v, str) and v in known:
                    _fail(cid, f"{key}.{i}", f"{v} is not modelled by the engine yet (rule {known[v]})")


def card_from_dict(d: dict, tokens: set[str] = frozenset()) -> CardDef:
    """Validate and build a card definition; `tokens` are the token ids effects may create."""
    cid = d.get("id") if isinstance(d, dict) else None
    if not isinstance(cid, str) or not cid:
        _fail(str(cid), "id", "every card needs an id")
    _keys(cid, "", d, {"id", "name", "unofficial", "cost", "types", "supertypes", "subtypes", "power", "toughness",
                       "keywords", "enchant", "abilities", "spell", "additional_cost", "text", "token", "colors",
                       "gender", "declension", "cda", "loyalty", "kicker", "alternative_cost",
                       "cost_reduction", "equip"},
          {"id", "name", "types"})
    name = _texts(cid, "name", d["name"], {"en", "it", "ru"}, {"en", "it", "ru"})
    _not_modelled(cid, d)
    types = d["types"]
    if not isinstance(types, list) or not types or any(t not in CARD_TYPES for t in types):
        _fail(cid, "types", f"types must be a non-empty list of {', '.join(CARD_TYPES)}")
    sup = d.get("supertypes") or []
    if not isinstance(sup, list) or any(s not in SUPERTYPES for s in sup):
        _fail(cid, "supertypes", f"supertypes must be among {', '.join(SUPERTYPES)}")
    if d.get("cost") is not None and not isinstance(d["cost"], str):
        _fail(cid, "cost", 'a mana cost is a text in quotes ("{1}{W}")')
    if not isinstance(d.get("token", False), bool):
        _fail(cid, "token", "token is true or false")
    try:
        cost = ManaCost.parse(d.get("cost"))
    except ValueError as exc:
        _fail(cid, "cost", str(exc))
    if "cda" in d:
        err = cda_error(d["cda"])
        if err:
            _fail(cid, "cda", err)
        if "power" in d or "toughness" in d:
            _fail(cid, "cda", "power and toughness come from the characteristic-defining ability: give no numbers")
    elif "creature" in types and not (isinstance(d.get("power"), int) and isinstance(d.get("toughness"), int)):
        _fail(cid, "power", "a creature needs integer power and toughness")
    loyalty = printed_loyalty(cid, d, types)
    spell = d.get("spell")
    targets: tuple = ()
    effects: tuple = ()
    if spell is not None:
        if not ({"instant", "sorcery"} & set(types)):
            _fail(cid, "spell", "only instants and sorceries have a spell part")
        _keys(cid, "spell", spell, {"targets", "effects", "modes", "choose", "kicked"})
        targets = _targets(cid, "spell.targets", spell.get("targets"))
        effects = _effects(cid, "spell.effects", spell.get("effects", []), targets, tokens)
        extras = spell_extras(cid, d, spell, targets, tokens)
    elif {"instant", "sorcery"} & set(types):
        _fail(cid, "spell", "an instant or sorcery needs a spell part")
    else:
        extras = spell_extras(cid, d, {}, (), tokens)
    abilities = d.get("abilities") or []
    if not isinstance(abilities, list):
        _fail(cid, "abilities", "expected a list")
    enchant = d.get("enchant", "")
    subtypes = frozenset(_strings(cid, "subtypes", d.get("subtypes"), "subtypes"))
    if ("Aura" in subtypes) != bool(enchant):
        _fail(cid, "enchant", "an Aura needs 'enchant' and only Auras have it")
    if enchant and enchant not in ("creature", "land", "permanent"):
        _fail(cid, "enchant", "enchant creature, land or permanent")
    if "Equipment" in subtypes and "artifact" not in types:
        _fail(cid, "subtypes", "Equipment is an artifact subtype (301.5)")
    if "equip" in d and "Equipment" not in subtypes:
        _fail(cid, "equip", "equip is an ability of Equipment (702.6a): add subtypes: [Equipment]")
    add_cost = _keys(cid, "additional_cost", d.get("additional_cost") or {}, {"sacrifice", "life", "discard"})
    if "sacrifice" in add_cost and add_cost["sacrifice"] not in ("creature", "land", "artifact"):
        _fail(cid, "additional_cost.sacrifice", "sacrifice a creature, land or artifact")
    colors = frozenset(_strings(cid, "colors", d.get("colors"), "colours"))
    if any(c not in COLOR_NAMES.values() for c in colors):
        _fail(cid, "colors", "colours are white, blue, black, red, green")
    letters = {v: k for k, v in COLOR_NAMES.items()}
    built = tuple(_ability(cid, f"abilities.{i}", a, tokens) for i, a in enumerate(abilities))
    for i, ab in enumerate(built):
        if "loyalty" in ab.cost and "planeswalker" not in types:
            _fail(cid, f"abilities.{i}.cost.loyalty", "only a planeswalker has loyalty abilities here (606.2)")
    if "battle cry" in (d.get("keywords") or []):
        # 702.91a: "Whenever this creature attacks, each other attacking creature gets +1/+0 until end of turn."
        built += (replace(_ability(cid, "keywords", BATTLE_CRY, tokens), keyword="battle cry"),)
    for kw in d.get("keywords") or ():
        if isinstance(kw, str) and kw.startswith("ward ") and kw in KEYWORDS:
            # 702.21a: "Whenever this permanent becomes the target of a spell or ability an opponent controls,
            # counter that spell or ability unless that player pays [cost]."
            ward = {**WARD, "effects": [{"counter": {"that": "triggering", "unless_pays": "{" + kw[5:] + "}"}}]}
            built += (replace(_ability(cid, "keywords", ward, tokens), keyword=kw),)
    if "equip" in d:
        # 702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you control. Activate only
        # as a sorcery."
        if not isinstance(d["equip"], str):
            _fail(cid, "equip", 'equip has a mana cost in quotes (equip: "{3}")')
        built += (replace(_ability(cid, "equip", {**EQUIP, "cost": {"mana": d["equip"]}}, tokens), keyword="equip",
                          sorcery=True),)
    if "land" in types:
        # 305.6: a land with a basic land type has "{T}: Add [its mana]" (intrinsic, listed first).
        built = tuple(Ability("mana", {"tap": True, "mana": ManaCost()}, add=LAND_TYPES[t])
                      for t in sorted(subtypes) if t in LAND_TYPES) + built
    return CardDef(
        id=cid, name=dict(name), cost=cost, types=frozenset(types), supertypes=frozenset(sup), subtypes=subtypes,
        power=d.get("power"), toughness=d.get("toughness"),
        keywords=_keywords(cid, "keywords", d.get("keywords") or []),
        abilities=built,
        spell_targets=targets, spell_effects=effects, enchant=enchant, additional_cost=dict(add_cost),
        token=bool(d.get("token", False)), colors=frozenset(letters[c] for c in colors) or cost.colors(),
        text=dict(_texts(cid, "text", d.get("text") or {}, {"en", "it", "ru"}, empty=True)),
        unofficial=frozenset(_strings(cid, "unofficial", d.get("unofficial"), "languages")),
        gender=_gender(cid, d["gender"]) if "gender" in d else {},
        declension=_declension(cid, d["declension"]) if "declension" in d else {},
        cda=_freeze(d["cda"]) if "cda" in d else (),
        loyalty=loyalty,
        **extras,
    )


# ==== part 2: the vocabulary of spells with modes and costs (the engine: tutor.engine.spells) ================================================================================
def spell_extras(cid: str, d: dict, spell: dict, targets: tuple, tokens) -> dict:
    """The CardDef fields of a card's modes, kicker, alternative cost and cost reduction (validated)."""
    out: dict = {}
    if "modes" in spell:
        if "targets" in spell or "effects" in spell:
            _fail(cid, "spell.modes", "a modal spell has its targets and effects in its modes")
        modes = spell["modes"]
        if not isinstance(modes, list) or len(modes) < 2:
            _fail(cid, "spell.modes", "a modal spell has two or more modes (700.2)")
        built = []
        for m, mode in enumerate(modes):
            mp = f"spell.modes.{m}"
            _keys(cid, mp, mode, {"targets", "effects"}, {"effects"})
            mt = _targets(cid, f"{mp}.targets", mode.get("targets"))
            built.append((mt, _effects(cid, f"{mp}.effects", mode["effects"], mt, tokens)))
        out["spell_modes"] = tuple(built)
        choose = spell.get("choose", 1)
        if isinstance(choose, int) and not isinstance(choose, bool):
            choose = [choose, choose]
        if not (isinstance(choose, list) and len(choose) == 2 and all(isinstance(n, int) and not isinstance(n, bool)
                                                                      for n in choose)
                and 1 <= choose[0] <= choose[1] <= len(built)):
            _fail(cid, "spell.choose", "choose is how many modes: a number (1, 2) or [least, most], at most the modes")
        out["spell_choose"] = tuple(choose)
    elif "choose" in spell:
        _fail(cid, "spell.choose", "only a modal spell (with modes) says how many to choose")
    if "kicker" in d:
        try:
            kicker = ManaCost.parse(d["kicker"]) if isinstance(d["kicker"], str) else None
        except ValueError as exc:
            _fail(cid, "kicker", str(exc))
        if kicker is None or not kicker.mana_value():
            _fail(cid, "kicker", 'a kicker cost is a mana cost in quotes ("{4}")')
        out["kicker"] = kicker
    if "kicked" in spell:
        if "kicker" not in d:
            _fail(cid, "spell.kicked", "only a spell with kicker has effects when kicked")
        if "modes" in spell:
            _fail(cid, "spell.kicked", "a modal spell with kicker is not modelled")
        out["kicked_effects"] = _effects(cid, "spell.kicked", spell["kicked"], targets, tokens)
    if "alternative_cost" in d:
        from tutor.engine.triggers import condition_error

        alt = _keys(cid, "alternative_cost", d["alternative_cost"], {"life", "mana", "if"})
        cost: dict = {}
        if "life" in alt:
            if not isinstance(alt["life"], int) or isinstance(alt["life"], bool) or alt["life"] < 1:
                _fail(cid, "alternative_cost.life", "the life to pay: a number, 1 or more")
            cost["life"] = alt["life"]
        try:
            cost["mana"] = ManaCost.parse(alt.get("mana")) if isinstance(alt.get("mana", ""), str) else None
        except ValueError as exc:
            _fail(cid, "alternative_cost.mana", str(exc))
        if cost["mana"] is None:
            _fail(cid, "alternative_cost.mana", 'a mana cost in quotes ("{R}")')
        if "if" in alt:
            err = condition_error(alt["if"])
            if err:
                _fail(cid, f"alternative_cost.if.{err[0]}" if err[0] else "alternative_cost.if", err[1])
            cost["if"] = _freeze(alt["if"])
        if not alt.get("life") and not alt.get("mana"):
            _fail(cid, "alternative_cost", "an alternative cost pays life and/or mana")
        out["alternative_cost"] = cost
    if "cost_reduction" in d:
        red = _keys(cid, "cost_reduction", d["cost_reduction"], {"for_each"}, {"for_each"})
        out["cost_reduction"] = _freeze(_filter(cid, "cost_reduction.for_each", red["for_each"] or {}))
    return out


def _type_list(cid: str, path: str, v: object) -> tuple:
    if not isinstance(v, list) or any(t not in CARD_TYPES for t in v):
        _fail(cid, path, f"expected a list of card types among {', '.join(CARD_TYPES)}")
    return tuple(v)


def cost_ability(cid: str, path: str, a: dict) -> Ability:
    """``{kind: cost, more: 1, who: each|opponents, spells: {types, not_types}}``: a static ability of a permanent
    that makes spells cost more to cast (601.2f: a cost increase, generic mana)."""
    more = a.get("more")
    if not isinstance(more, int) or isinstance(more, bool) or more < 1:
        _fail(cid, f"{path}.more", "how much generic mana more: a number, 1 or more")
    who = a.get("who", "each")
    if who not in ("each", "opponents"):
        _fail(cid, f"{path}.who", "whose spells: each or opponents")
    spells = _keys(cid, f"{path}.spells", a.get("spells") or {}, {"types", "not_types"})
    flt = {k: _type_list(cid, f"{path}.spells.{k}", v) for k, v in spells.items()}
    return Ability("cost", params=(("more", more), ("who", who), *sorted(flt.items())))
