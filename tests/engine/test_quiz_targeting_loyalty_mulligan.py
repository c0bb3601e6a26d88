"""The targeting, loyalty and mulligan questions (issue 24): over many seeds of every family, the answer agrees with
the engine when the position is replayed independently by the scenario runner (and with the rule's arithmetic),
the options are the right ones and distinct, no prompt gives its answer away, the rule that decides is cited, both
languages are there, and the id rebuilds the same question."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest
import yaml

from tests.conftest import ROOT
from tutor.cardpool import load_cards
from tutor.engine import ActivateAbility, CastSpell, card_from_dict
from tutor.i18n import LANGS, t
from tutor.quiz import bank, loyalty_q, mulligan_q, targeting_q
from tutor.scenario import load_scenario, run_scenario

SEEDS = range(200)
VERDICT = {"it": "bersaglio legale", "ru": "допустимая цель"}  # the words of a legal target in the explanations
FOUNDATIONS = ROOT.parent / "shared" / "data" / "MagicCompRules-en-2024-11-08.txt"


@lru_cache(maxsize=1)
def _cards() -> dict:
    return dict(load_cards())


def replay(q, tmp_path, extra_actions=(), expect=None):
    """Play ``data["position"]`` (with its seed, if any) and `extra_actions` with the scenario runner."""
    cards = _cards()
    for d in q.data.get("test_cards", ()):
        if d["id"] not in cards:
            cards = {**cards, d["id"]: card_from_dict(d)}
    spec = q.data["position"]
    doc = {"id": "replay", "setup": spec["setup"], "actions": [*spec["actions"], *extra_actions]}
    if "seed" in spec:
        doc["seed"] = spec["seed"]
    if expect:
        doc["expect"] = expect
    path = tmp_path / "replay.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    result = run_scenario(load_scenario(path, cards))
    assert result.game is not None
    assert result.ok, (q.id, [f.as_dict() for f in result.failures])
    return result


def obj(result, alias):
    card = result.aliases[alias]
    return next(oid for oid, o in result.game.state.objects.items() if o.card_id == card)


@lru_cache(maxsize=1)
def _rule_numbers() -> set[str] | None:
    if not FOUNDATIONS.exists():
        return None
    return {m.group(1) for line in FOUNDATIONS.read_text(encoding="utf-8-sig").splitlines()
            if (m := re.match(r"(\d{3}(?:\.\d+[a-z]?)?)\.? ", line))}


def _common(q, deciding: set[str]) -> None:
    """Both languages everywhere, distinct options, the deciding rules cited (and every cited rule real), and the
    id rebuilds the same question."""
    for text in (q.prompt, q.explanation, *q.hints, *(q.options or ())):
        for lang in LANGS:
            assert text[lang].strip(), (q.id, lang)
            assert not re.search(r"\{[a-z_]+[:}]", text[lang]), (q.id, text[lang])  # no field left unfilled
    for lang in LANGS:
        names = [o[lang] for o in q.options or ()]
        assert len(set(names)) == len(names), (q.id, names)
    assert deciding <= set(q.rules), (q.id, deciding, q.rules)
    known = _rule_numbers()
    if known is not None:
        assert set(q.rules) <= known, (q.id, set(q.rules) - known)
    again = bank.question(q.id)
    assert again == q and again.data == q.data, q.id
    for lang in LANGS:
        assert again.prompt[lang] == q.prompt[lang] and again.explanation[lang] == q.explanation[lang]


# ---- targeting ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("family", sorted(targeting_q.FAMILIES))
def test_targeting_answers_are_the_engines_legal_targets(family, tmp_path):
    walls = {"702.11b": 0, "702.18a": 0, "702.16b": 0, "702.11d": 0, "ward": 0}
    for seed in SEEDS:
        q = bank.question(f"{family}@{seed}")
        assert q.kind == "targeting" and q.answer_format == "choices"
        candidates = q.data["candidates"]
        assert len(q.options) == len(candidates)
        # every tenth position is replayed by the scenario runner; the others set up by its table (no actions)
        result = replay(q, tmp_path) if seed % 10 == 0 else None
        if result is not None:
            game, lookup = result.game, (lambda alias, r=result: obj(r, alias))
        else:
            table = _table(q)
            game, lookup = table.setup(), table.obj_of
        src = lookup(q.data["source"])
        legal, rules = [], {}
        for i, alias in enumerate(candidates, 1):
            target = lookup(alias)
            action = ActivateAbility(src, 0, (target,)) if family == "targeting:ability" else CastSpell(src, (target,))
            if action in game.legal_actions():
                legal.append(i)
            else:
                exc = game.refusal(action)
                rules[alias] = exc.rule
        assert legal == q.answer, q.id
        assert 0 < len(legal) < len(candidates), q.id
        assert rules == q.data["refused"], q.id
        deciding = {"602.2b" if family == "targeting:ability" else "601.2c", *rules.values()}
        if q.data["ward"]:
            deciding.add("702.21a")
            walls["ward"] += 1
        for r in rules.values():
            walls[r] = walls.get(r, 0) + 1
        assert set(rules.values()) & set(targeting_q.REFUSAL_KEYS), q.id
        _common(q, deciding)
        for lang in LANGS:  # the prompt never says which creatures are legal targets
            prompt = q.prompt[lang]
            assert not any(r in prompt for r in ("702.", "601.2c", "602.2b")), (q.id, lang)
            assert VERDICT[lang] not in prompt, (q.id, lang)
    assert all(n > 5 for n in walls.values()), walls  # every kind of protection is met


def _table(q):
    """The scenario runner's table for the question's position (its setup, the same cards)."""
    from tutor.scenario_table import Table

    cards = {**_cards(), **{d["id"]: card_from_dict(d) for d in q.data.get("test_cards", ())}}
    return Table(cards, q.data["position"]["setup"])


# ---- loyalty --------------------------------------------------------------------------------------------------
_BURN = {"shock": 2, "burst-lightning": 2}


@pytest.mark.parametrize("family", sorted(loyalty_q.FAMILIES))
def test_loyalty_answers_agree_with_a_replay_and_the_rules(family, tmp_path):
    gone_seen = left_seen = 0
    for seed in SEEDS:
        q = bank.question(f"{family}@{seed}")
        assert q.kind == "loyalty" and q.answer_format == "number"
        gone = q.data["gone"]
        expect = ({"objects": {"garruk": {"zone": "graveyard"}}} if gone
                  else {"objects": {"garruk": {"zone": "battlefield", "loyalty": q.answer}}})
        if seed % 4 == 0:
            replay(q, tmp_path, q.data["then"], expect)
        start = q.data["start"]
        position = q.data["position"]
        if family == "loyalty:left":
            cast = next(a for a in position["actions"] if a.get("cast") == "burn")
            burn = next(x["card"] for x in position["setup"]["players"]["B"]["hand"] if x["as"] == "burn")
            damage = _BURN.get(burn, cast.get("x", 0))
            assert q.answer == max(0, start + q.data["cost"] - damage), q.id  # 606.4, 120.3c
            deciding = {"606.4", "120.3c"}
        else:
            attack = next(a["attack"] for a in position["actions"] if "attack" in a)
            blocked = {a for x in position["actions"] if "block" in x for a in x["block"].values()}
            bf = {x["as"]: x["card"] for x in position["setup"]["players"]["A"]["battlefield"]}
            cards = _cards()
            damage = 0
            for a, where in attack.items():
                if where == "garruk" and a not in blocked:
                    c = cards[bf[a]]
                    damage += c.power * (2 if "double strike" in c.keywords else 1)
            assert q.answer == max(0, start - damage), q.id  # 510.1b, 120.3c
            deciding = {"510.1b", "120.3c"}
        assert gone == (q.answer == 0)
        if gone:
            deciding.add("704.5i")
            gone_seen += 1
        else:
            left_seen += 1
        _common(q, deciding)
        assert q.answer != start, q.id
        for lang in LANGS:  # the prompt says the loyalty before, never the one after
            assert t("quiz.loyalty.answer_left", lang, n=q.answer) not in q.prompt[lang]
            said = re.findall(r"\d+", t("quiz.loyalty.walker", lang, player="A", card="", n=start))
            assert said == [str(start)]
    assert gone_seen > 20 and left_seen > 100


# ---- mulligan -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("family", sorted(mulligan_q.FAMILIES))
def test_mulligan_answers_agree_with_a_replay_and_the_rules(family, tmp_path):
    for seed in SEEDS:
        q = bank.question(f"{family}@{seed}")
        assert q.kind == "mulligan" and q.answer_format == "number"
        who = q.data["asked"]
        k = q.data["plan"][who]
        assert q.answer == (7 - k if family == "mulligan:hand" else k), q.id  # 103.5
        if seed % 5 == 0:
            expect = {"turn": 1, "players": {p: {"mulligans": n} for p, n in q.data["plan"].items()}}
            if family == "mulligan:hand":
                expect["players"][who]["hand"] = q.answer
            game = replay(q, tmp_path, (), expect).game
            if family == "mulligan:bottom":
                index = "AB".index(who)
                assert [e.data["count"] for e in game.events
                        if e.kind == "bottom" and e.data["player"] == index][-1] == q.answer
        _common(q, {"103.5"})
        for lang in LANGS:
            assert str(q.answer) not in re.findall(r"\d+", q.prompt[lang]), (q.id, lang)


def test_the_new_kinds_are_in_the_bank_and_the_cli(capsys):
    from tutor.cli import main

    for kind, module in (("targeting", targeting_q), ("loyalty", loyalty_q), ("mulligan", mulligan_q)):
        assert kind in bank.KINDS
        assert {c.card for c in bank.cards(kind=kind)} == set(module.FAMILIES)
        for family, (difficulty, topics) in module.FAMILIES.items():
            info = bank.card_info(family)
            assert info.generated and set(topics) <= set(info.topics) and 1 <= difficulty <= 3
        assert main(["quiz", "next", "--kind", kind, "--json", "--seed", "3"]) == 0
        out = capsys.readouterr().out
        assert f'"kind": "{kind}"' in out
