"""Engine questions: every generator's answer agrees with the engine when the position is replayed independently
(written as a scenario and played by the scenario runner), and at least 10,000 distinct engine questions exist."""

from __future__ import annotations

import itertools
import random
from concurrent.futures import ProcessPoolExecutor

import pytest
import yaml

from tutor.cardpool import load_cards
from tutor.engine import CastSpell, DeclareBlockers, card_from_dict
from tutor.engine.actions import player_target
from tutor.engine.view import Player
from tutor.quiz import bank, blocking_q, casting_q, combat_q, rules_q, stack_q
from tutor.scenario import load_scenario, run_scenario

SEEDS = range(25)


def replay(q, tmp_path, extra_actions=(), expect=None):
    """Play the question's position (``data["position"]``) with the scenario runner, plus `extra_actions`, and
    check `expect` there: the runner's result."""
    cards = dict(load_cards())
    for d in q.data.get("test_cards", ()):
        cards[d["id"]] = card_from_dict(d)
    spec = q.data["position"]
    doc = {"id": "replay", "setup": spec["setup"], "actions": [*spec["actions"], *extra_actions]}
    if expect:
        doc["expect"] = expect
    path = tmp_path / f"{q.id.replace(':', '_').replace('@', '_')}.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    result = run_scenario(load_scenario(path, cards))
    assert result.game is not None
    return result


def obj(result, alias):
    """The current object id of an alias in a replayed game."""
    card = result.aliases[alias]
    return next(oid for oid, o in result.game.state.objects.items() if o.card_id == card)


@pytest.mark.parametrize("family", sorted(combat_q.FAMILIES))
def test_combat_answers_agree_with_a_replay(family, tmp_path):
    for seed in SEEDS:
        q = bank.question(f"{family}@{seed}")
        dead = q.data["result"]["dead"]
        at_question = replay(q, tmp_path)
        view = at_question.game.view()
        combatants = [p for p in view.permanents if p.attacking is not None or p.blocking is not None]
        aliases = {obj(at_question, a): a for a in at_question.aliases}
        life = dict(zip((p.letter for p in Player), q.data["result"]["life"]))
        expect = {"players": {p: {"life": life[p]} for p in life},
                  "objects": {a: {"zone": "graveyard" if a in dead else "battlefield"} for a in at_question.aliases}}
        after = replay(q, tmp_path, q.data["then"], expect)
        assert after.ok, (q.id, [f.as_dict() for f in after.failures])
        assert after.game.view().step.key == "end_of_combat" or after.game.outcome is not None
        if q.answer_format == "choices":
            assert {aliases[combatants[i - 1].object] for i in q.answer} == set(dead), q.id
            assert len(q.options) == len(combatants)
        else:
            assert q.answer == life[q.data["form"][-1].translate({48: "A", 49: "B"})], q.id
        assert dead or q.answer_format == "number"
        assert any(p.blocked for p in view.permanents), "no creature is blocked: trivial"


@pytest.mark.parametrize("family", sorted(blocking_q.FAMILIES))
def test_blocking_answers_agree_with_a_replay(family, tmp_path):
    for seed in SEEDS:
        q = bank.question(f"{family}@{seed}")
        result = replay(q, tmp_path)
        game = result.game
        assert game.pending[0] == "blockers"
        legal = []
        for i, group in enumerate(q.data["candidates"], 1):
            if family in ("can-block:landwalk", "can-block:unblockable"):
                blocks = ((obj(result, group[0]), obj(result, group[1])),)
            else:
                blocks = tuple((obj(result, b), obj(result, q.data["attacker"])) for b in group)
            if DeclareBlockers(blocks) in game.legal_actions():
                legal.append(i)
        assert legal == q.answer, q.id
        assert 0 < len(legal) < len(q.data["candidates"]), "every candidate, or none: trivial"


def _castable_by_brute_force(game, oid) -> bool:
    s = game.state
    card = s.objects[oid].card
    pool = [*s.battlefield, *(it.id for it in s.stack), player_target(0), player_target(1)]
    sacrifices = [None, *s.battlefield]
    legal = set(game.legal_actions())
    # part 2: spells with modes and costs: every set of modes, kicked or not, with its alternative cost or not
    mode_sets = [()] if not card.spell_modes else [
        c for k in range(card.spell_choose[0], card.spell_choose[1] + 1)
        for c in itertools.combinations(range(len(card.spell_modes)), k)]
    for modes in mode_sets:
        n = len(game._spell_shape(card, modes)[0])
        for targets in itertools.product(pool, repeat=n):
            for x in range(4):
                for sac in sacrifices:
                    for kicked, alt in ((False, False), (True, False), (False, True)):
                        if CastSpell(oid, tuple(targets), x, sac, None, modes, kicked, alt) in legal:
                            return True
    return False


@pytest.mark.parametrize("family", sorted(casting_q.FAMILIES))
def test_casting_answers_agree_with_a_replay(family, tmp_path):
    for seed in range(12):
        q = bank.question(f"{family}@{seed}")
        result = replay(q, tmp_path)
        game = result.game
        assert game.pending == ("priority", Player.from_letter(q.data["asker"]))
        castable = [i for i, alias in enumerate(q.data["hand"], 1) if _castable_by_brute_force(game, obj(result, alias))]
        assert castable == q.answer, q.id


@pytest.mark.parametrize("family", sorted(stack_q.FAMILIES))
def test_stack_answers_agree_with_a_replay(family, tmp_path):
    for seed in SEEDS:
        q = bank.question(f"{family}@{seed}")
        result = replay(q, tmp_path)
        view = result.game.view()
        if family != "stack:lifo":
            actual = [["spell" if it.kind.value == "spell" else "trigger" if it.trigger else "ability", it.card,
                       it.controller] for it in view.stack]
            assert actual == q.data["stack"], q.id
            continue
        items = [[it.card, Player(it.controller).letter] for it in view.stack]
        assert items == q.data["items"]
        after = replay(q, tmp_path, q.data["then"])
        end = after.game.view()
        assert not end.stack
        form = q.data["form"]
        resolved = [e.data["card"] for e in after.game.events if e.kind == "resolve"
                    and e.data.get("what") == "spell"][-sum(f == "resolved" for f in q.data["fate"]):]
        if form == "order":
            shown = q.data["shown"]
            assert [items[shown[i - 1]][0] for i in q.answer] == resolved, q.id
        elif form == "resolves":
            assert sorted(items[i - 1][0] for i in q.answer) == sorted(resolved), q.id
        elif form == "dead":
            graveyard = {c.card for p in end.players for c in p.graveyard}
            dead = {q.data["creatures"][i - 1] for i in q.answer}
            assert dead <= graveyard and all(end.permanent(p.object) is None for p in view.permanents
                                             if p.card in dead)
        else:
            assert end.players[int(form[-1]) if form[-1].isdigit() else Player.from_letter(form[-1])].life == q.answer, q.id


@pytest.mark.parametrize("family", rules_q.RULE_AREAS)
def test_which_rule_answers_are_the_engines_refusals(family, tmp_path):
    for seed in range(15):
        q = bank.question(f"{family}@{seed}")
        rule = q.options[q.answer - 1]["it"].split(" — ")[0]
        result = replay(q, tmp_path, [{**q.data["attempt"], "expect_error": rule}])
        assert result.ok, (q.id, [f.as_dict() for f in result.failures])


def test_next_step_answers_agree_with_a_replay(tmp_path):
    from tutor.engine import PassPriority

    for qid, _ in rules_q.fixed_ids():
        if not qid.startswith("next-step:"):
            continue
        q = bank.question(qid)
        game = replay(q, tmp_path).game
        start = q.data["position"]["setup"]["step"] if not q.data["position"]["actions"] else None
        seen = []
        for _ in range(30):
            if game.pending[0] != "priority":
                break
            before = len(game.events)
            game.apply(PassPriority())
            seen += [e for e in game.events[before:] if e.kind in ("step_begins", "first_strike_step")]
            if seen:
                break
        first = seen[0].data["step"]
        if len(seen) > 1 and seen[1].kind == "first_strike_step":
            first = "first_strike_damage"
        assert first == q.data["next"] or start in ("untap", "cleanup"), qid


# ---- how many distinct engine questions ---------------------------------------------------------------------------
def _content(args):
    family, seeds = args
    return {bank.question(f"{family}@{seed}").content_key() for seed in seeds}


@pytest.mark.slow  # some 20 s of two processes: in the full suite, not in `-m fast`
def test_at_least_ten_thousand_distinct_engine_questions():
    """Counted by content (the prompt, options and answer), not by id: the cheapest families, in two processes."""
    families = sorted(combat_q.FAMILIES) + sorted(blocking_q.FAMILIES)
    per_family = 10_400 // len(families) + 1
    jobs = [(f, range(start, start + 100)) for f in families for start in range(0, per_family, 100)]
    random.Random(0).shuffle(jobs)
    with ProcessPoolExecutor(max_workers=2) as pool:
        keys = set().union(*pool.map(_content, jobs, chunksize=8))
    assert len(keys) >= 10_000, len(keys)
