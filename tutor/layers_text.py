"""Continuous effects in words (613): what one change does, in Italian and Russian.

The engine describes a continuous effect as parts (`tutor.engine.layers.Mod`: an ``op`` and its value) and a
permanent's characteristics as the steps applied to it in layer order (`tutor.engine.view.LayerStep`). This
module says them, with the texts of the catalogs (``layer.*`` in tutor/i18n/it.py and ru.py):

- `change_text`: one change as a phrase of the explanation of a permanent ("forza e costituzione base 1/1",
  "базовые сила и выносливость 1/1");
- `becomes_clauses`: the changes of a ``becomes`` event as what its permanent does, agreeing with it
  ("perde tutte le abilità e diventa una Rana blu con forza e costituzione base 1/1");
- `step_line`: one step ("layer 7b — Tramutare in Rana: forza e costituzione base 1/1 (613.4b)");
- `explanation_lines`: why a permanent is what it is (its printed and current power and toughness, then its
  steps, one a line) — the CLI's ``scenario run -v`` and the app's detail of a permanent.

The words are unofficial summaries of what the rules apply; type and colour names come from the glossary's
concepts and the catalogs (``noun.color_*``, ``subtype.*``).

>>> change_text("base_pt", [1, 1], "it")
'forza e costituzione base 1/1'
>>> change_text("switch_pt", True, "ru")
'сила и выносливость меняются местами'
>>> change_text("counters", -1, "it")
'segnalini +1/+1 e −1/−1: −1/−1'
"""

from __future__ import annotations

from tutor.i18n import Noun, Nouns, catalog, noun, pick, t
from tutor.i18n.grammar import minus
from tutor.nouns_text import name_noun, player_noun

__all__ = ["becomes_clauses", "board_explanation", "change_text", "copy_of", "explanation_lines", "layer_name", "step_line", "subtype_noun",
           "type_name", "until_text"]

_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_MANA_OF = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_TYPE_CONCEPTS = {"artifact": "artifact", "battle": "battle", "creature": "creature", "enchantment": "enchantment",
                  "instant": "instant", "kindred": "kindred", "land": "land", "planeswalker": "planeswalker",
                  "sorcery": "sorcery"}


def _signed(n: int) -> str:
    return minus(f"{n:+d}")


def _pt(p: int, tough: int, signed: bool = False) -> str:
    return f"{_signed(p)}/{_signed(tough)}" if signed else minus(f"{p}/{tough}")


def layer_name(layer: str, lang: str) -> str:
    """"layer 7b" / "слой 7b"."""
    return t("layer.name", lang, layer=layer)


def type_name(card_type: str, lang: str) -> str:
    """A card type by its glossary concept: "creatura" / "существо" (the engine's name when it has none)."""
    from tutor.i18n.terms import concept_name

    try:
        return concept_name(_TYPE_CONCEPTS.get(card_type, card_type), lang)
    except KeyError:
        return card_type


def subtype_noun(subtype: str, lang: str) -> Noun:
    """A subtype ("Frog", "Forest") as a noun with its gender: "Rana" / "Лягушка" (the English name when the
    catalogs have none)."""
    key = f"subtype.{subtype}"
    return noun(key, lang) if key in catalog(lang) else Noun(subtype)


def _color_nouns(letters, lang: str) -> list[Noun]:
    return [noun(f"noun.color_{_COLOR_NAMES[c]}", lang) for c in "WUBRG" if c in letters]


def _it_adjective(word: str, gender: str) -> str:
    """An Italian colour adjective agreeing with a feminine noun: rosso → rossa (blu, verde stay)."""
    return word[:-1] + "a" if gender.startswith("f") and word.endswith("o") else word


def _it_indefinite(n: Noun) -> str:
    """"una Rana", "un'Isola", "un artefatto", "uno ..."."""
    text = str(n)
    f = (n.gender or "").startswith("f")
    if f:
        return ("un'" if text[:1].lower() in "aeiou" else "una ") + text
    low = text.lower()
    if low[:1] == "z" or low[:2] in ("gn", "ps", "pn", "x") or (low[:1] == "s" and low[1:2] not in "aeiou"):
        return "uno " + text
    return "un " + text


def _joined(words: list[str], lang: str) -> str:
    """"rossa e verde", "белый, синий и красный"."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {t('word.and', lang)} " + words[-1]


def _become(subtypes: list[str], colors, lang: str) -> object:
    """What a permanent becomes, as an Italian phrase with its article ("una Rana blu") or a Russian noun
    phrase to decline ("синяя Лягушка")."""
    from tutor.i18n.russian import agree_with

    sub = [subtype_noun(s, lang) for s in subtypes]
    cols = _color_nouns(colors or (), lang)
    if lang == "ru":
        head = " ".join(str(s) for s in sub)
        gender = sub[0].gender if sub and sub[0].gender else ""
        if not gender and sub:
            from tutor.i18n.russian import features
            gender = features(str(sub[0]))[0]
        adj = _joined([agree_with(str(c), gender or "m", False) for c in cols], lang)
        return Noun(f"{adj} {head}".strip())
    first = sub[0] if sub else None
    gender = (first.gender if first is not None else "") or "m"
    adj = _joined([_it_adjective(str(c), gender) for c in cols], lang)
    words = " ".join(str(s) for s in sub[1:])
    base = _it_indefinite(first) if first is not None else ""
    return " ".join(x for x in (base, words, adj) if x)


def change_text(op: str, value: object, lang: str, cards: dict | None = None, controller: int | None = None) -> str:
    """One change (an op of `tutor.engine.layers.LAYER_OF` and its value, as the view gives it) as a phrase:
    "forza e costituzione base 1/1". `cards` names a copy's original; `controller` is the player a control
    change gives the permanent to (unknown: the effect's controller)."""
    from tutor.i18n.terms import keyword_noun

    conj = t("word.and", lang)
    v = value
    if op == "copy":
        return t("layer.op.copy", lang, name=name_noun((cards or {}).get(v), lang, missing=str(v)))
    if op == "control":
        if controller is None:
            return t("layer.op.control_effect", lang)
        return t("layer.op.control", lang, player=player_noun(controller, lang))
    if op == "add_types":
        names = list(v)
        return t("layer.op.add_types", lang, n=len(names), types=", ".join(type_name(x, lang) for x in names))
    if op in ("creature_types", "add_subtypes"):
        names = list(v)
        key = "layer.op.add_land_types" if op == "add_subtypes" and any(x in _MANA_OF for x in names) else f"layer.op.{op}"
        return t(key, lang, n=len(names), subtypes=", ".join(str(subtype_noun(x, lang)) for x in names))
    if op == "land_type":
        return t("layer.op.land_type", lang, subtype=subtype_noun(v, lang), mana="{" + _MANA_OF.get(v, "C") + "}")
    if op == "color":
        cols = _color_nouns(v, lang)
        if not cols:
            return t("layer.op.colorless", lang)
        return t("layer.op.color", lang, n=len(cols), colors=Nouns(tuple(cols), conj))
    if op in ("keywords", "lose_keywords"):
        return t(f"layer.op.{op}", lang, keywords=Nouns(tuple(keyword_noun(k, lang) for k in v), conj))
    if op == "lose_abilities":
        return t("layer.op.lose_abilities", lang)
    if op == "cda":
        return t("layer.op.cda", lang, pt=_pt(*v))
    if op == "base_pt":
        return t("layer.op.base_pt", lang, pt=_pt(*v))
    if op == "pump":
        return t("layer.op.pump", lang, pt=_pt(*v, signed=True))
    if op == "pump_each":
        p, tough, n = v[0], v[1], v[2]
        each = _pt(p // n, tough // n, signed=True) if isinstance(n, int) and n else None
        if each is None:
            return t("layer.op.pump_each_none", lang, pt=_pt(p, tough, signed=True) if isinstance(n, int) else "")
        return t("layer.op.pump_each", lang, pt=_pt(p, tough, signed=True), each=each, n=n)
    if op == "counters":
        return t("layer.op.counters", lang, pt=_pt(v, v, signed=True))
    if op == "switch_pt":
        return t("layer.op.switch_pt", lang)
    return f"{op} {v}"


def until_text(until: str, lang: str, source=None) -> str:
    """How long an effect lasts, as the end of a sentence (with its leading space; "" for ever):
    " fino alla fine del turno", " до конца хода"."""
    if until == "forever":
        return ""
    if until == "source_leaves":
        return t("layer.until.source_leaves", lang, source=source) if source is not None else ""
    return t("layer.until.end_of_turn", lang)


def becomes_clauses(changes: list, lang: str, card) -> str:
    """The changes of a ``becomes`` event ([[op, value], ...]) as what `card` (the permanent as a noun, for
    agreement) does: "perde tutte le abilità e diventa una Rana blu con forza e costituzione base 1/1"."""
    from tutor.i18n.terms import keyword_noun

    conj = t("word.and", lang)
    ch = {op: v for op, v in changes}
    clauses: list[str] = []
    if ch.get("lose_abilities"):
        clauses.append(t("layer.does.lose_abilities", lang, card=card))
    if ch.get("lose_keywords"):
        clauses.append(t("layer.does.lose_keywords", lang, card=card,
                         keywords=Nouns(tuple(keyword_noun(k, lang) for k in ch["lose_keywords"]), conj)))
    base = ch.get("base_pt")
    with_pt = t("layer.does.with_base_pt", lang, pt=_pt(*base)) if base else ""
    becomes = None
    if "creature_types" in ch:
        becomes = _become(list(ch["creature_types"]), ch.get("color"), lang)
    elif "land_type" in ch:
        becomes = _become([ch["land_type"]], ch.get("color"), lang)
    if becomes is not None:
        clauses.append(t("layer.does.become", lang, card=card, what=becomes) + with_pt)
        if "land_type" in ch:
            clauses[-1] += t("layer.does.land_type_note", lang)
    else:
        if "color" in ch:
            cols = _color_nouns(ch["color"], lang)
            clauses.append(t("layer.does.color", lang, card=card, colors=Nouns(tuple(cols), conj)) if cols
                           else t("layer.does.colorless", lang, card=card))
        if base:
            clauses.append(t("layer.does.base_pt", lang, card=card, pt=_pt(*base)))
    if ch.get("add_types"):
        clauses.append(t("layer.does.add_types", lang, card=card,
                         types=", ".join(type_name(x, lang) for x in ch["add_types"])))
    if ch.get("add_subtypes"):
        clauses.append(t("layer.does.add_subtypes", lang, card=card,
                         what=", ".join(str(subtype_noun(x, lang)) for x in ch["add_subtypes"])))
    if ch.get("keywords"):
        clauses.append(t("layer.does.keywords", lang, card=card,
                         keywords=Nouns(tuple(keyword_noun(k, lang) for k in ch["keywords"]), conj)))
    if "pump" in ch:
        clauses.append(t("layer.does.pump", lang, card=card, pt=_pt(*ch["pump"], signed=True)))
    if "pump_each" in ch:
        v = ch["pump_each"]
        clauses.append(t("layer.does.pump_each", lang, card=card, pt=_pt(v[0], v[1], signed=True)))
    if ch.get("switch_pt"):
        clauses.append(t("layer.does.switch_pt", lang, card=card))
    if len(clauses) < 2:
        return "".join(clauses)
    return ", ".join(clauses[:-1]) + f" {conj} " + clauses[-1]


def step_line(step, lang: str, cards: dict, controller: int | None = None) -> str:
    """One step of a permanent's explanation (a `tutor.engine.view.LayerStep`): "layer 7b — Tramutare in
    Rana: forza e costituzione base 1/1 (613.4b)"."""
    change = change_text(step.op, step.value, lang, cards, controller)
    card = cards.get(step.card) if step.card else None
    source = pick(card.name, lang) if card is not None else step.card
    key = "layer.step" if source else "layer.step_anon"
    return t(key, lang, layer=layer_name(step.layer, lang), source=source, change=change, rule=step.rule)


def copy_of(perm) -> str | None:
    """The card a permanent is a copy of (its last copy effect, layer 1; 707.2), or None."""
    copies = [st.value for st in perm.layers if st.op == "copy"]
    return copies[-1] if copies else None


def explanation_lines(perm, cards: dict, lang: str) -> list[str]:
    """Why permanent `perm` (a PermanentView) is what it is: a head line (its name; the printed card of a copy;
    its printed and current power and toughness; its owner when another player controls it), then each step
    in layer order, indented. Empty when no continuous effect applies to it."""
    if not perm.layers:
        return []

    card = cards.get(perm.card)
    name = pick(card.name, lang) if card is not None else perm.card
    parts = []
    copied = copy_of(perm)
    if copied:
        original = cards.get(copied)
        parts.append(t("layer.head.copy_of", lang, name=pick(original.name, lang) if original else copied))
    if perm.power is not None:
        parts.append(t("layer.head.pt", lang, printed=_pt(perm.printed_power or 0, perm.printed_toughness or 0),
                       now=_pt(perm.power, perm.toughness)))
    if perm.controller != perm.owner:
        parts.append(t("layer.head.control", lang, controller=player_noun(perm.controller, lang),
                       owner=player_noun(perm.owner, lang)))
    head = f"«{name}»" + (": " + "; ".join(parts) if parts else "")
    controls = [i for i, st in enumerate(perm.layers) if st.op == "control"]
    lines = [head]
    for i, st in enumerate(perm.layers):
        who = perm.controller if controls and i == controls[-1] else None
        lines.append("  " + step_line(st, lang, cards, who))
    return lines


def board_explanation(view, cards: dict, lang: str, oid: int | None = None) -> str:
    """The explanation of permanent `oid` of `view` (a BoardView), or of every permanent that continuous
    effects change when `oid` is None or not on the battlefield: a title, then `explanation_lines` of each
    (the app's detail of the board, key E); a sentence when nothing changes them."""
    perm = view.permanent(oid) if oid is not None else None
    perms = [perm] if perm is not None else [p for p in view.permanents if p.layers]
    lines: list[str] = []
    for p in perms:
        lines += explanation_lines(p, cards, lang)
    if not lines:
        if perm is not None:
            card = cards.get(perm.card)
            return f"«{pick(card.name, lang) if card else perm.card}»: " + t("layer.none", lang)
        return t("layer.none_board", lang)
    return "\n".join([t("layer.title", lang)] + ["  " + x for x in lines])
