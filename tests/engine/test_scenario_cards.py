"""Cards a scenario defines itself (its ``cards:``): they exist in that scenario only, everything that shows the
scenario names them, bad ones are load errors naming file:line:column and the key, and a new keyword needs
only its registry entry, its concept's names and one scenario whose card has it (issue 19: at most 3 files)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from glossary.yamlio import YamlError
from tutor.cardpool import load_cards
from tutor.cli import main
from tutor.engine import keywords as keywords_module
from tutor.engine.keywords import Keyword, KeywordKind
from tutor.engine_text import illegal_text
from tutor.events_text import render_log
from tutor.i18n import LANGS
from tutor.scenario import Table, load_scenario, run_scenario

RIDERS = """\
cards:
  - id: marsh-riders
    name: {en: Marsh Riders, it: Cavalieri della Palude, ru: Болотные всадники}
    unofficial: [it, ru]
    gender: {it: m.pl}
    cost: "{1}{B}"
    types: [creature]
    subtypes: [Human, Knight]
    power: 2
    toughness: 2
    keywords: [swampwalk]
    text: {en: "Swampwalk", it: "Passa-paludi", ru: "Знание болот"}
"""

SCENARIO = RIDERS + """\
title: {it: "Una carta propria dello scenario", ru: "Собственная карта сценария"}
explanation: {it: "Passa-paludi (702.14c).", ru: "Знание болот (702.14c)."}
rules: ["702.14c"]
setup:
  turn: 3
  step: beginning_of_combat
  players:
    A:
      battlefield: [{card: marsh-riders, as: riders}]
    B:
      battlefield: [swamp, {card: grizzly-bears, as: bears}]
actions:
  - pass_until: declare_attackers
  - attack: [riders]
  - pass: 2
  - block: {bears: riders}
    expect_error: "702.14c"
  - block: {}
  - pass: 2
expect:
  step: combat_damage
  players:
    B: {life: 18}
  objects:
    riders: {tapped: true, blocked: false}
"""


def _write(folder: Path, text: str, name: str = "s.yaml") -> Path:
    p = folder / name
    p.write_text(text, encoding="utf-8")
    return p


# ---- a scenario with its own card ----------------------------------------------------------------------------
def test_a_scenario_plays_its_own_card_and_only_it_has_it(tmp_path):
    sc = load_scenario(_write(tmp_path, SCENARIO), load_cards(), "s.yaml")
    assert sc.local == ("marsh-riders",) and "swampwalk" in sc.cards["marsh-riders"].keywords
    assert "marsh-riders" not in load_cards() and set(load_cards()) < set(sc.cards)  # merged over the pool
    result = run_scenario(sc)
    assert result.ok, [f.as_dict() for f in result.failures]
    log = {lang: "\n".join(render_log(result.game.events, sc.cards, lang, result.game.object_cards))
           for lang in LANGS}
    assert "Cavalieri della Palude" in log["it"] and "Болотные всадники" in log["ru"]
    # another scenario loaded afterwards from the same pool does not see it
    other = _write(tmp_path, SCENARIO.replace(RIDERS, ""), "o.yaml")
    with pytest.raises(YamlError, match="unknown card 'marsh-riders'"):
        load_scenario(other, load_cards(), "o.yaml")


def test_scenario_run_names_the_local_card_in_both_languages(tmp_path, capsys):
    path = _write(tmp_path, SCENARIO)
    for lang, name in (("it", "Cavalieri della Palude"), ("ru", "Болотные всадники")):
        assert main(["--ui", lang, "scenario", "run", "-v", str(path)]) == 0
        out = capsys.readouterr().out
        assert name in out and "marsh-riders" not in out, out
    assert main(["scenario", "run", "--json", str(path)]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["ok"] and any("Cavalieri della Palude" in line for line in rep["log"])
    (riders,) = [p for p in rep["board"]["permanents"] if p["card"] == "marsh-riders"]
    assert riders["tapped"] and riders["controller"] == 0


def test_the_italian_board_agrees_with_a_local_cards_gender(tmp_path):
    """`gender: {it: m.pl}` of a local card is read as in cards.yaml: «Cavalieri della Palude» TAPpati."""
    from tutor.lessons.text import board_lines

    sc = load_scenario(_write(tmp_path, SCENARIO), load_cards(), "s.yaml")
    game = run_scenario(sc).game
    line = next(x for x in board_lines(game.view(), sc.cards, "it") if "Cavalieri della Palude" in x)
    assert "TAPpati" in line, line
    singular = load_scenario(_write(tmp_path, SCENARIO.replace("    gender: {it: m.pl}\n", "")), load_cards(), "s.yaml")
    line = next(x for x in board_lines(run_scenario(singular).game.view(), singular.cards, "it")
                if "Cavalieri della Palude" in x)
    assert "TAPpato" in line, line  # without the data the gender is guessed (singular): the field is what agrees


LESSON = """\
id: local-riders
order: 1
level: 1
title: {it: "Cavalieri", ru: "Всадники"}
goals: {it: "Vedere il passa-paludi.", ru: "Увидеть знание болот."}
minutes: 3
rules: ["702.14c"]
scenario: s.yaml
steps:
  - say: {it: "I Cavalieri della Palude sono in campo.", ru: "Болотные всадники на поле битвы."}
    check: {battlefield: {A: [marsh-riders]}}
  - recap: {it: "Fatto.", ru: "Готово."}
"""


def test_a_lesson_built_on_the_scenario_uses_its_cards(tmp_path):
    """A lesson's ``scenario:`` brings the scenario's own cards with it: its checks may name them, its session
    plays them and names them."""
    from tutor.lessons.model import load_lesson
    from tutor.lessons.text import board_lines

    folder = tmp_path / "scenarios"
    folder.mkdir()
    _write(folder, SCENARIO)
    lesson = load_lesson(_write(tmp_path, LESSON, "lesson.yaml"), load_cards(), "lesson.yaml", scenarios=folder)
    assert lesson.cards["marsh-riders"].name["ru"] == "Болотные всадники"
    view = Table(lesson.cards, lesson.setup, lesson.seed).setup().view()
    assert any("Болотные всадники" in line for line in board_lines(view, lesson.cards, "ru"))
    with pytest.raises(YamlError, match="unknown card 'marsh-riders'"):  # without the scenario's cards
        load_lesson(_write(tmp_path, LESSON.replace("scenario: s.yaml\n", "").replace(
            "steps:", "setup: {players: {A: {}, B: {}}}\nsteps:"), "bare.yaml"), load_cards(), "bare.yaml")


def test_the_quizs_checkpoint_question_names_the_local_card(tmp_path, monkeypatch):
    """A scenario's checkpoint question (tutor/quiz/scenario_q.py) is played and explained with its own cards."""
    from tutor import resources
    from tutor.quiz import scenario_q

    text = SCENARIO.replace("  - block: {bears: riders}\n", """\
  - checkpoint:
      pending: blockers
      question: {it: "Chi può bloccare i Cavalieri?", ru: "Кто может заблокировать всадников?"}
      answer: {it: "Nessuno (702.14c).", ru: "Никто (702.14c)."}
  - block: {bears: riders}
""")
    path = _write(tmp_path, text, "c-local-riders.yaml")
    monkeypatch.setattr(resources, "scenario_files", lambda: [path])
    scenario_q._scenarios.cache_clear()
    try:
        assert [qid for qid, _ in scenario_q.card_ids()] == ["scenario:c-local-riders:1"]
        q = scenario_q.build("scenario:c-local-riders:1")
    finally:
        scenario_q._scenarios.cache_clear()
    assert "«Cavalieri della Palude»" in q.explanation["it"] and "«Болотные всадники»" in q.explanation["ru"]
    assert "marsh-riders" not in q.explanation["it"] + q.explanation["ru"]


# ---- errors: file:line:column and the key, exit 2 ------------------------------------------------------------
@pytest.mark.parametrize(("change", "line", "key", "message"), [
    (("id: marsh-riders", "id: grizzly-bears"), 2, "cards.0.id", "already in the card pool"),
    (("keywords: [swampwalk]", "keywords: [swampwalk, teleport]"), 11, "cards.0.keywords.1", "unknown keyword 'teleport'"),
    (("types: [creature]", "types: [creature, wizardry]"), 7, "cards.0.types", "types must be"),
    (("    power: 2\n", ""), 2, "cards.0.power", "integer power and toughness"),
    (("gender: {it: m.pl}", "gender: {it: n}"), 5, "cards.0.gender.it", "gender"),
    (("cards:\n", "cards:\n  - plains-ish\n"), 2, "cards.0", "a card"),
    (("subtypes: [Human, Knight]", "subtypes: Knight"), 8, "cards.0.subtypes", "a list of subtypes"),
    (('cost: "{1}{B}"', "cost: 2"), 6, "cards.0.cost", "mana cost"),
    (('text: {en: "Swampwalk"', "text: {en: [Swampwalk]"), 12, "cards.0.text.en", "a text"),
    (("unofficial: [it, ru]", "unofficial: [[it]]"), 4, "cards.0.unofficial", "languages"),
    (("    toughness: 2\n", "    toughness: 2\n    token: [yes]\n"), 11, "cards.0.token", "true or false"),
    (("name: {en: Marsh Riders, it: Cavalieri della Palude, ru: Болотные всадники}",
      "name: {en: Marsh Riders, it: Cavalieri della Palude}"), 3, "cards.0.name.ru", "required key missing"),
])
def test_a_bad_local_card_is_a_load_error_at_its_key(tmp_path, capsys, change, line, key, message):
    assert change[0] in SCENARIO
    path = _write(tmp_path, SCENARIO.replace(change[0], change[1], 1))
    with pytest.raises(YamlError) as exc:
        load_scenario(path, load_cards(), "s.yaml")
    assert (exc.value.file, exc.value.line, exc.value.key) == ("s.yaml", line, key), str(exc.value)
    assert exc.value.column is not None and message in str(exc.value)
    assert main(["scenario", "run", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:{line}:" in err and f"{key}" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_local_card_defined_twice_is_an_error(tmp_path):
    twice = SCENARIO.replace("title:", RIDERS.split("\n", 1)[1] + "title:", 1)
    with pytest.raises(YamlError) as exc:
        load_scenario(_write(tmp_path, twice), load_cards(), "s.yaml")
    assert (exc.value.line, exc.value.key) == (13, "cards.1.id") and "used twice" in str(exc.value)


def test_a_local_token_may_be_created_by_a_local_card(tmp_path):
    text = SCENARIO.replace(RIDERS, RIDERS + """\
  - id: marsh-spirit
    name: {en: Marsh Spirit, it: Spirito della Palude, ru: Болотный дух}
    types: [creature]
    subtypes: [Spirit]
    power: 1
    toughness: 1
    colors: [black]
    token: true
  - id: call-the-marsh
    name: {en: Call the Marsh, it: Richiamo della Palude, ru: Зов болот}
    cost: "{B}"
    types: [sorcery]
    spell: {effects: [{create_token: {token: marsh-spirit, count: 2}}]}
""")
    sc = load_scenario(_write(tmp_path, text), load_cards(), "s.yaml")
    assert sc.local == ("marsh-riders", "marsh-spirit", "call-the-marsh") and sc.cards["marsh-spirit"].token
    with pytest.raises(YamlError) as exc:  # a token neither the pool nor the scenario defines
        load_scenario(_write(tmp_path, text.replace("token: marsh-spirit", "token: marsh-ghost")), load_cards(), "s.yaml")
    assert exc.value.key.startswith("cards.2.spell.effects.0") and exc.value.line == 25


# ---- a new keyword: a registry entry, its names and a scenario -----------------------------------------------
HORSEMEN = """\
title: {it: "Cavalleria", ru: "Конница"}
rules: ["702.31b"]
cards:
  - id: steppe-horsemen
    name: {en: Steppe Horsemen, it: Cavalieri della Steppa, ru: Степные всадники}
    unofficial: [it, ru]
    gender: {it: m.pl}
    cost: "{2}{R}"
    types: [creature]
    power: 2
    toughness: 2
    keywords: [horsemanship]
setup:
  turn: 3
  step: beginning_of_combat
  players:
    A:
      battlefield: [{card: steppe-horsemen, as: horsemen}]
    B:
      battlefield: [{card: grizzly-bears, as: bears}, {card: steppe-horsemen, as: guard}]
actions:
  - pass_until: declare_attackers
  - attack: [horsemen]
  - pass: 2
  - block: {bears: horsemen}
    expect_error: "702.31b"
  - block: {guard: horsemen}
  - pass: 2
expect:
  step: combat_damage
  objects:
    horsemen: {zone: graveyard}
    guard: {zone: graveyard}
"""


@pytest.fixture
def horsemanship(monkeypatch):
    """Horsemanship (702.31b) added to the registry as one entry, as keywords.py would have it: the modules that
    took the registry's derived values at import see the new ones; its concept's names as concepts.yaml would
    give them. No other change."""
    from tutor.i18n import terms

    entry = Keyword("horsemanship", ("702.31", "702.31b"), KeywordKind.EVASION,
                    can_block=lambda game, attacker, blocker: "horsemanship" in game.keywords(blocker))
    old = {name: getattr(keywords_module, name) for name in ("REGISTRY", "KEYWORD", "KEYWORDS", "EVASION")}
    new = {"REGISTRY": (*old["REGISTRY"], entry), "KEYWORD": {**old["KEYWORD"], entry.name: entry}}
    new["KEYWORDS"] = frozenset(new["KEYWORD"])
    new["EVASION"] = tuple(k for k in new["REGISTRY"] if k.can_block is not None)
    for module in [m for name, m in sys.modules.items() if name == "tutor" or name.startswith("tutor.")]:
        for name, value in old.items():
            if getattr(module, name, None) is value:
                monkeypatch.setattr(module, name, new[name])
    concepts = terms._concepts()
    assert "horsemanship" not in concepts
    concept = SimpleNamespace(id="horsemanship", en=["horsemanship"], it=["Equitazione"], ru=["Верховая езда"])
    monkeypatch.setattr(terms, "_concepts", lambda: {**concepts, "horsemanship": concept})
    terms.keyword_noun.cache_clear()
    yield entry
    terms.keyword_noun.cache_clear()


def test_a_new_keyword_needs_only_its_entry_its_names_and_a_scenario(tmp_path, capsys, horsemanship):
    from tutor.events_text import keyword_name

    path = _write(tmp_path, HORSEMEN)
    sc = load_scenario(path, load_cards(), "h.yaml")
    result = run_scenario(sc)
    assert result.ok, [f.as_dict() for f in result.failures]
    assert keyword_name("horsemanship", "it") == "equitazione" and keyword_name("horsemanship", "ru") == "верховая езда"
    # the refusal: a creature without horsemanship can't block it, worded in both languages with its rule
    table = Table(sc.cards, sc.data["setup"], 0)
    game = table.setup()
    for act in sc.data["actions"][:3]:
        table.play(act)
    refusal = game.block_refusal([(table.obj_of("bears"), table.obj_of("horsemen"))])
    assert (refusal.rule, refusal.reason) == ("702.31b", "evasion")
    for lang in LANGS:
        assert "702.31b" in illegal_text(refusal, lang)
    # and the command line plays it, naming the scenario's card
    assert main(["--ui", "ru", "scenario", "run", "-v", str(path)]) == 0
    assert "Степные всадники" in capsys.readouterr().out


def test_without_the_registry_entry_the_scenario_is_refused(tmp_path, capsys):
    """The other way round: the same scenario without the entry is a load error at its card's keyword."""
    path = _write(tmp_path, HORSEMEN)
    with pytest.raises(YamlError) as exc:
        load_scenario(path, load_cards(), "h.yaml")
    assert exc.value.key == "cards.0.keywords.0" and exc.value.line == 12 and "horsemanship" in str(exc.value)
    assert main(["scenario", "run", str(path)]) == 2
    assert f"{path}:12:" in capsys.readouterr().err
