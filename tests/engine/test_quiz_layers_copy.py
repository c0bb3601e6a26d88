"""Layer, control and copy questions (tutor/quiz/layers_q.py, tutor/quiz/copy_q.py): over many seeds of every
family, the answer agrees with the position replayed by the scenario runner and with the rule computed here by
hand (613.4's sublayers, 613.1f's timestamp order, 707.2's copiable values, 707.10's controller of a copy); the
options are distinct, the prompt never says the answer, the rules that decide are cited and exist, both
languages are there, and the id alone rebuilds the question."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tutor.cardpool import load_cards
from tutor.i18n import LANGS
from tutor.quiz import bank, copy_q, layers_q
from tutor.scenario import load_scenario, run_scenario

SEEDS = range(200)
CARDS = load_cards()
RULES_FILE = Path(__file__).resolve().parents[3] / "shared" / "data" / "MagicCompRules-en-2024-11-08.txt"
DECIDING = {"layers:pt": "613.4", "layers:abilities": "613.1f", "control:who": "613.1b", "copy:stack": "707.10",
            "copy:token": "707.2"}
FAMILIES = sorted([*layers_q.FAMILIES, *layers_q.CONTROL_FAMILIES, *copy_q.FAMILIES])
# what each spell does to power and toughness (the sublayer, the change) and the keywords it grants
PT = {"turn-to-frog": ("7b", (1, 1)), "giant-growth": ("7c", (3, 3)), "inspirit": ("7c", (2, 4)),
      "fervent-strike": ("7c", (1, 0)), "inspired-charge": ("7c", (2, 1)), "twisted-image": ("7d", None)}
GRANTS = {"jump": {"flying"}, "fervent-strike": {"first strike", "haste"}, "act-of-treason": {"haste"}}


@pytest.fixture(scope="module")
def known_rules() -> set[str] | None:
    if not RULES_FILE.exists():
        return None
    text = RULES_FILE.read_text(encoding="utf-8-sig")
    return {m.group(1).rstrip(".") for m in re.finditer(r"^(\d{3}\.\d+[a-z]?\.?) ", text, re.M)}


def replay(q, tmp_path):
    spec = q.data["position"]
    doc = {"id": "replay", "setup": spec["setup"], "actions": spec["actions"]}
    path = tmp_path / "replay.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    result = run_scenario(load_scenario(path, dict(CARDS)))
    assert result.game is not None and result.ok, (q.id, [f.as_dict() for f in result.failures])
    return result


def obj(result, alias):
    card = result.aliases[alias]
    return next(oid for oid, o in result.game.state.objects.items() if o.card_id == card)


def casts(q) -> list[str]:
    """The cards cast, in order (an alias is the card id for the spells of these positions)."""
    setup = q.data["position"]["setup"]["players"]
    by_alias = {i["as"]: i["card"] for p in setup.values() for z in ("hand",) for i in p.get(z, [])}
    return [by_alias[a["cast"]] for a in q.data["position"]["actions"] if "cast" in a]


def creature_setup(q) -> dict:
    setup = q.data["position"]["setup"]["players"]
    return next(i for p in setup.values() for i in p.get("battlefield", []) if i.get("as") == "creature")


def by_hand_pt(q) -> tuple[int, int]:
    """613.4: 7b (set), then 7c (modify; counters), then 7d (switch), whatever the order the spells resolved."""
    item = creature_setup(q)
    card = CARDS[item["card"]]
    p, t = card.power, card.toughness
    spells = casts(q)
    for s in spells:
        if PT[s][0] == "7b":
            p, t = PT[s][1]
    n = item.get("counters", {}).get("+1/+1", 0)
    p, t = p + n, t + n
    for s in spells:
        if PT[s][0] == "7c":
            p, t = p + PT[s][1][0], t + PT[s][1][1]
    for s in spells:
        if PT[s][0] == "7d":
            p, t = t, p
    return p, t


def by_hand_keywords(q) -> set[str]:
    """613.1f, 613.7b: layer 6 in timestamp order (the order the spells resolved)."""
    kws = set(CARDS[creature_setup(q)["card"]].keywords)
    for s in casts(q):
        kws = set() if s == "turn-to-frog" else kws | GRANTS.get(s, set())
    return kws


def by_hand_controller(q) -> str:
    """613.1b: the latest control effect still in force; "until end of turn" ends in the cleanup (514.2), an
    Aura's when it leaves (611.3b); none: the owner."""
    v, when = q.data["variant"], q.data["when"]
    if v == "mind-destroyed":
        return "B"
    if v in ("treason", "stolen-treason"):
        return "A" if when == "now" else "B"
    return "A"


@pytest.mark.parametrize("family", FAMILIES)
def test_generated_questions(family, tmp_path, known_rules):
    seen_forms = set()
    for seed in SEEDS:
        q = bank.question(f"{family}@{seed}")
        assert q.id == f"{family}@{seed}" and q.family == family and q.kind == family.split(":")[0]
        # both languages, different texts
        for text in (q.prompt, q.explanation, *(q.options or ())):
            assert all(text[lang].strip() for lang in LANGS), q.id
        assert q.prompt["it"] != q.prompt["ru"]
        # distinct options
        if q.options:
            for lang in LANGS:
                texts = [o[lang] for o in q.options]
                assert len(set(texts)) == len(texts), (q.id, lang, texts)
        # the rule that decides, and every cited rule exists
        assert DECIDING[family] in q.rules, (q.id, q.rules)
        if known_rules is not None:
            assert set(q.rules) <= known_rules, (q.id, set(q.rules) - known_rules)
        # the id alone rebuilds it
        again = bank.question(q.id)
        assert again.answer == q.answer and all(again.content_key(lang) == q.content_key(lang) for lang in LANGS)

        result = replay(q, tmp_path)
        game = result.game
        view = game.view()
        if family == "layers:pt":
            perm = view.permanent(obj(result, "creature"))
            now = (perm.power, perm.toughness)
            assert now == by_hand_pt(q) == tuple(q.data["pt"]), q.id
            assert q.answer == now[0 if q.data["form"] == "power" else 1], q.id
            for lang in LANGS:
                assert f"{now[0]}/{now[1]}" not in q.prompt[lang], (q.id, lang)
            seen_forms.add(q.data["form"])
        elif family == "layers:abilities":
            perm = view.permanent(obj(result, "creature"))
            assert set(perm.keywords) == by_hand_keywords(q) == set(q.data["keywords"]), q.id
            for lang in LANGS:
                right = q.options[q.answer - 1][lang]
                assert right == layers_q.keywords_text(perm.keywords, lang)
                # the prompt shows the printed abilities only: never the current ones, unless they are the same
                creature_line = q.prompt[lang].split("\n")[1]
                printed = set(CARDS[creature_setup(q)["card"]].keywords)
                assert set(perm.keywords) == printed or f": {right}." not in creature_line, (q.id, lang)
                assert "Abilità adesso" not in q.prompt[lang] and "Способности сейчас" not in q.prompt[lang]
            seen_forms.add(len(perm.keywords) > 0)
        elif family == "control:who":
            perm = view.permanent(obj(result, "creature"))
            letter = "AB"[perm.controller]
            assert letter == by_hand_controller(q) == q.data["controller"], q.id
            assert q.answer == perm.controller + 1
            assert q.prompt["it"].count("sotto il controllo") == 0 and "под контролем" not in q.prompt["ru"]
            seen_forms.add((q.data["variant"], q.data["when"]))
        elif family == "copy:stack":
            stack = [[bool(it.copy), it.card.id, it.controller] for it in game.state.stack]
            assert stack == [x[:3] for x in q.data["stack"]], q.id
            twincast = next(a for a in q.data["position"]["actions"] if a.get("cast") == "twincast")
            copier = "AB".index(twincast["by"])
            # 707.10: the original below, its copy on top, controlled by who put it there; Twincast is gone
            assert stack[0][0] is False and stack[1] == [True, stack[0][1], copier], q.id
            for lang in LANGS:
                right = q.options[q.answer - 1][lang]
                assert right.count("→") == 2 and right not in q.prompt[lang], (q.id, lang)
            seen_forms.add(copier)
        else:
            item = creature_setup(q)
            card = CARDS[item["card"]]
            originals = {obj(result, a) for a in result.aliases if a != "creature"} | {obj(result, "creature")}
            tokens = [p for p in view.permanents if p.is_creature and p.object not in originals]
            assert len(tokens) == 1, q.id
            token = tokens[0]
            # 707.2: the copiable values (printed), no counters, no other effect; 111.2: its creator controls it
            assert (token.card, token.power, token.toughness, set(token.keywords), token.controller) == (
                card.id, card.power, card.toughness, set(card.keywords), 0), q.id
            assert not dict(token.counters).get("+1/+1")
            assert q.data["token"] == [card.id, card.power, card.toughness, sorted(card.keywords), "A"]
            for lang in LANGS:
                assert q.options[q.answer - 1][lang] not in q.prompt[lang]
            seen_forms.add(item["card"])
    assert len(seen_forms) >= 2, (family, seen_forms)  # the seeds reach more than one kind of position


def test_kinds_are_registered():
    for kind in ("layers", "control", "copy"):
        assert kind in bank.KINDS
        assert bank.families(kind)
    assert set(bank.families("layers")) == set(layers_q.FAMILIES)
    assert set(bank.families("control")) == set(layers_q.CONTROL_FAMILIES)
    assert set(bank.families("copy")) == set(copy_q.FAMILIES)
    assert {"layers", "layer-6", "layer-7", "control", "copies", "tokens"} <= set(bank.topics())
    from tutor.i18n import catalog

    for lang in LANGS:  # the name of the kind the quiz shows in its header
        assert {f"quiz.kind.{k}" for k in ("layers", "control", "copy")} <= set(catalog(lang))
