"""Trigger and replacement questions (tutor/quiz/triggers_q.py, replacement_q.py): over many seeds of every
family, the answer agrees with the engine when the position is replayed independently (written as a scenario and
played by the scenario runner) and, where it can be, with the rule recomputed another way (APNAP order, 603.4,
616.1, the Howling Mine's draw); the options hold exactly the right ones, with no duplicates; no prompt contains its
answer; the rule that decides is cited; every text exists in Italian and Russian; an id rebuilds the same question;
``quiz next --kind trigger --json`` works."""

from __future__ import annotations

import json
import re

import pytest

from tests.engine.test_quiz_engine import replay
from tutor.cardpool import load_cards
from tutor.i18n import LANGS
from tutor.quiz import bank, replacement_q, triggers_q

FAMILIES = sorted(triggers_q.FAMILIES) + sorted(replacement_q.FAMILIES)
SEEDS = range(200)  # every family: the texts, options and ids
REPLAYED = range(0, 200, 8)  # 25 seeds of each: replayed by the scenario runner
DECIDES = {"trigger:apnap": "603.3b", "trigger:intervening-if": "603.4", "trigger:leaves": "603.10a",
           "replacement:apply": "614.1a", "replacement:order": "616.1", "replacement:prevent": "615.1"}


def _questions(family):
    return [bank.question(f"{family}@{seed}") for seed in SEEDS]


@pytest.fixture(scope="module")
def questions():
    return {f: _questions(f) for f in FAMILIES}


@pytest.mark.parametrize("family", FAMILIES)
def test_texts_options_rules_and_ids(family, questions):
    forms = set()
    for q in questions[family]:
        assert q.kind == family.split(":")[0] and q.family == family and set(q.topic) <= set(bank.card_info(family).topics)
        assert DECIDES[family] in q.rules, (q.id, q.rules)
        assert all(re.fullmatch(r"\d{3}\.\d+[a-z]?", r) for r in q.rules), q.rules
        assert 1 <= q.difficulty <= 3
        for lang in LANGS:
            texts = [q.prompt[lang], q.explanation[lang], *(h[lang] for h in q.hints), *(o[lang] for o in q.options or ())]
            # every text rendered (mana symbols such as {T} or {3} are the cards' own)
            assert all(isinstance(x, str) and x.strip() and not re.search(r"\{[a-z_]", x) for x in texts), (q.id, lang)
            if q.options:
                assert len({o[lang] for o in q.options}) == len(q.options), (q.id, lang, "duplicate options")
            _no_answer_in_prompt(q, lang)
        if q.answer_format == "choice":
            assert 1 <= q.answer <= len(q.options)
        elif q.answer_format == "order":
            assert sorted(q.answer) == list(range(1, len(q.options) + 1))
        else:
            assert q.answer_format == "number" and isinstance(q.answer, int)
        forms.add(q.data.get("form"))
        forms.add(json.dumps(q.answer))
    assert len(forms) >= 3, forms  # not one question over and over
    for q in questions[family][:20]:
        again = bank.question(q.id)
        assert again == q and again.prompt["ru"] == q.prompt["ru"] and again.data == q.data


def _no_answer_in_prompt(q, lang):
    prompt = q.prompt[lang]
    ask = prompt.rsplit("\n", 1)[-1]
    if q.answer_format == "number":
        assert str(q.answer) not in re.findall(r"\d+", ask), (q.id, lang)
        if q.data.get("form", "").startswith("life"):
            player = int(q.data["form"][-1])
            life = q.data["position"]["setup"]["players"]["AB"[player]]["life"]
            assert q.answer != life, (q.id, "the prompt shows that life total")
    elif q.answer_format == "choice":
        # the right option is not in the prompt (unless every option is: the players, whom every prompt names)
        said = [o[lang].casefold().rstrip(".") in prompt.casefold() for o in q.options]
        assert not said[q.answer - 1] or all(said), (q.id, lang)
        if q.data.get("form") == "who":  # nothing says who chooses the order
            assert "sceglie" not in prompt.split("\n")[-1].replace("Quale giocatore sceglie", "") if lang == "it" else True
    else:  # order: the prompt never lists the abilities in the order they resolve
        names = [q.options[i - 1][lang] for i in q.answer]
        assert "; ".join(names) not in prompt and ", ".join(names) not in prompt


def _then(q):
    return q.data.get("then", [])


def _events_after(result, start):
    return result.game.events[start:]


# ---- agreement with the engine (replayed by the scenario runner) and with the rules --------------------------------
def test_apnap_agrees_with_a_replay(tmp_path):
    seen_three = 0
    for seed in REPLAYED:
        q = bank.question(f"trigger:apnap@{seed}")
        result = replay(q, tmp_path)
        view = result.game.view()
        items = [[it.card, "AB"[it.controller]] for it in view.stack]
        assert items == q.data["items"], q.id
        # the rule, recomputed: the stack resolves from the top (405.5), and the active player's abilities went on it
        # first (603.3b), so every one of B's resolves before any of A's
        order = [q.data["shown"][i - 1] for i in q.answer]
        assert order == list(range(len(items)))[::-1], q.id
        controllers = [items[i][1] for i in order]
        assert controllers == sorted(controllers, key=lambda p: p != "B"), (q.id, controllers)
        # the engine, replayed: the abilities resolve in that order
        start = len(result.game.events)
        from tutor.engine import PassPriority

        for _ in range(len(items) * 2):
            if result.game.state.stack and result.game.pending[0] == "priority":
                result.game.apply(PassPriority())
        resolved = [e.data.get("card") for e in _events_after(result, start) if e.kind == "resolve"][:len(items)]
        assert resolved == [items[i][0] for i in order], q.id
        seen_three += len(items) >= 3
    assert seen_three >= 1


def test_intervening_if_agrees_with_a_replay_and_603_4(tmp_path):
    cards = load_cards()
    outcomes = set()
    for seed in REPLAYED:
        q = bank.question(f"trigger:intervening-if@{seed}")
        setup = q.data["position"]["setup"]["players"]
        result = replay(q, tmp_path, _then(q))
        events = result.game.events
        if q.data["form"] == "mine":
            mine = next(p for side in setup.values() for p in side.get("battlefield", []) if p["card"] == "howling-mine")
            expected = 1 + (not mine["tapped"])  # 504.1, and the Mine's ability only if it is untapped (603.4)
            drawn = sum(1 for e in events if e.kind == "draw" and e.data.get("player") == 0)
            assert q.answer == expected == drawn, (q.id, q.answer, expected, drawn)
            outcomes.add(f"mine{expected}")
            continue
        artifacts = [p["as"] for p in setup["A"].get("battlefield", []) if "artifact" in cards[p["card"]].types]
        bounced = next((a["targets"][0] for a in q.data["position"]["actions"] if a.get("cast") == "boomerang"), None)
        if not artifacts:
            expected = "no_trigger"
        elif bounced in artifacts and len(artifacts) == 1:
            expected = "nothing"
        else:
            expected = "draws"
        assert triggers_q._IF_OUTCOMES[q.answer - 1] == expected, (q.id, expected)
        drew = any(e.kind == "draw" for e in events)
        assert drew == (expected == "draws"), q.id
        assert any(e.kind == "condition_false" for e in events) == (expected == "nothing"), q.id
        outcomes.add(expected)
    assert outcomes >= {"no_trigger", "nothing", "draws", "mine1", "mine2"}, outcomes


def test_leaves_agrees_with_a_replay(tmp_path):
    for seed in REPLAYED:
        q = bank.question(f"trigger:leaves@{seed}")
        at = replay(q, tmp_path)
        start = len(at.game.events)
        after = replay(q, tmp_path, _then(q))
        assert not after.game.state.stack and after.game.outcome is None, q.id
        stacked = sum(1 for e in after.game.events[start:] if e.kind == "trigger_on_stack")
        life = [p.life for p in after.game.view().players]
        if q.data["form"] == "count":
            assert q.answer == stacked, q.id
        else:
            assert q.answer == life[int(q.data["form"][-1])], q.id


def test_replacement_apply_agrees_with_a_replay(tmp_path):
    for seed in REPLAYED:
        q = bank.question(f"replacement:apply@{seed}")
        at = replay(q, tmp_path)
        start = len(at.game.events)
        after = replay(q, tmp_path, _then(q))
        assert not after.game.state.stack, q.id
        if q.data["form"] == "gain0":
            gained = sum(e.data["amount"] for e in after.game.events[start:] if e.kind == "life_gain"
                         and e.data.get("player") == 0)
            assert q.answer == gained, q.id
        else:
            assert q.answer == after.game.view().players[int(q.data["form"][-1])].life, q.id


def _victim(result, q):
    v = q.data["victim"]
    if v in ("A", "B"):
        return -1 - "AB".index(v)
    card = result.aliases[v]
    return next(oid for oid, o in result.game.state.objects.items() if o.card_id == card)


def test_replacement_order_agrees_with_a_replay_and_616_1(tmp_path):
    from tutor.engine import PassPriority

    forms = set()
    for seed in REPLAYED:
        q = bank.question(f"replacement:order@{seed}")
        at = replay(q, tmp_path)
        game = at.game
        victim = _victim(at, q)
        # 616.1: the affected player, or the affected permanent's controller, chooses
        chooser = -1 - victim if victim < 0 else game.state.objects[victim].controller
        for _ in range(8):
            if game.pending[0] != "priority":
                break
            game.apply(PassPriority())
        assert game.pending[0] == "choice" and game.pending[1] == chooser, q.id
        assert q.data["chooser"] == "AB"[chooser], q.id
        if q.data["form"] == "who":
            assert q.options[q.answer - 1]["it"].rstrip(".").endswith("AB"[chooser]), q.id
        else:
            at = replay(q, tmp_path)
            victim = _victim(at, q)
            start = len(at.game.events)
            after = replay(q, tmp_path, _then(q))
            assert q.answer == _dealt(after.game.events[start:], victim), q.id
        forms.add(q.data["form"])
    assert forms == {"who", "amount"}


def _dealt(events, to: int) -> int:
    return sum(e.data["amount"] for e in events if e.kind == "damage" and e.data.get("to") == to)


def test_replacement_prevent_agrees_with_a_replay(tmp_path):
    answers = set()
    for seed in REPLAYED:
        q = bank.question(f"replacement:prevent@{seed}")
        at = replay(q, tmp_path)
        victim = _victim(at, q)
        after = replay(q, tmp_path, _then(q))
        assert not after.game.state.stack, q.id
        assert q.answer == _dealt(after.game.events, victim), q.id  # every spell of the story: "in total"
        answers.add(q.answer)
    assert 0 in answers and len(answers) >= 3


# ---- the command line ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["trigger", "replacement"])
def test_quiz_next_by_kind(kind, tmp_path, monkeypatch):
    import subprocess
    import sys

    from tests.conftest import ROOT

    env = {**__import__("os").environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    out = subprocess.run([sys.executable, "-m", "tutor", "quiz", "next", "--kind", kind, "--json"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["kind"] == kind and data["id"].startswith(f"{kind}:") and data["prompt"]["ru"]
