"""Lessons: the course files, the loader's errors, and the engine checks that keep lessons honest."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from glossary.yamlio import YamlError
from tutor.cardpool import load_cards
from tutor.lessons import check_lesson, load_course, load_lesson, split_text
from tutor.lessons.links import known_concepts, rule_exists, summarised_rules
from tutor.lessons.model import rules_of

ROOT = Path(__file__).resolve().parents[2]
COURSE = sorted((ROOT / "lessons" / "course").glob("*.yaml"))
FOUNDATIONS = ROOT.parent / "shared" / "data" / "MagicCompRules-en-2024-11-08.txt"
LESSON_1 = ROOT / "lessons" / "course" / "01-turn-at-a-glance.yaml"


def _load(tmp_path: Path, text: str, name: str = "l.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_lesson(path, load_cards(), name)


def _error(tmp_path: Path, text: str) -> YamlError:
    with pytest.raises(YamlError) as exc:
        _load(tmp_path, text)
    return exc.value


# ---- the course --------------------------------------------------------------------------------------------
def test_the_first_three_lessons_are_there_in_order():
    course = load_course()
    assert course.ids()[:3] == ["turn-at-a-glance", "beginning-phase", "main-phase"]
    assert [x.order for x in course.lessons] == sorted(x.order for x in course.lessons)
    for lesson in course.lessons:
        assert 3 <= lesson.minutes <= 8 and lesson.steps[-1].kind == "recap"
        kinds = {s.kind for s in lesson.steps}
        assert {"say", "do", "ask", "auto", "recap"} <= kinds, lesson.id


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.stem)
def test_every_lesson_holds_against_the_engine(path):
    lesson = load_lesson(path, load_cards(), path.name)
    problems = check_lesson(lesson)
    assert not problems, [p.text("it") for p in problems]


def test_the_course_asks_every_kind_of_question():
    kinds = {s.body["kind"] for x in load_course().lessons for s in x.steps if s.kind == "ask"}
    assert kinds == {"choice", "choices", "order", "number", "legal"}


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.stem)
def test_every_cited_rule_is_a_foundations_rule_with_a_digest_summary(path):
    lesson = load_lesson(path, load_cards(), path.name)
    cited = rules_of(lesson)
    assert cited and not [r for r in cited if r not in summarised_rules()]
    if not FOUNDATIONS.exists():
        pytest.skip("the Foundations Comprehensive Rules are not beside the project")
    text = FOUNDATIONS.read_text(encoding="utf-8-sig")
    numbers = set(re.findall(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? ", text, re.MULTILINE))
    assert not [r for r in cited if r not in numbers]


def test_course_texts_write_yo():
    """No Russian word that pymorphy3 knows only with ё is written with е (as for the catalogs and scenarios)."""
    from tutor.i18n.russian import _morph
    from tutor.lessons.model import _texts

    @functools.cache
    def skip(cards: tuple[str, ...]) -> re.Pattern:  # card names are as printed (a scenario's own cards too)
        return re.compile("|".join(re.escape(n) for n in cards) + r"|«[^»]*»|\[\[[^|\]]*\|?")

    @functools.cache
    def needs_yo(word: str) -> bool:
        spellings = {p.word for p in _morph().parse(word)}
        return "е" in word and "ё" not in word and bool(spellings) and all("ё" in s for s in spellings)

    wrong = []
    for path in COURSE:
        lesson = load_lesson(path, load_cards(), path.name)
        names = skip(tuple(sorted({c.name["ru"] for c in lesson.cards.values()}, key=len, reverse=True)))
        for where, text in _texts(lesson.doc.data):
            if where[-1] == "ru":
                wrong += [(path.name, w) for w in re.findall(r"[А-Яа-яЁё]+", names.sub(" ", text)) if needs_yo(w.lower())]
    assert not wrong, wrong[:20]


# ---- links --------------------------------------------------------------------------------------------
def test_texts_split_into_plain_text_concept_links_and_rule_links():
    parts = split_text("Nel [[upkeep-step]] la [[priority|priorità]] va al giocatore attivo (117.3a, 503); regola 500. "
                       "Ha 20 punti vita, 2024 carte, 1000 danni.", "it")
    links = [(p.kind, p.target, p.text) for p in parts if p.kind != "text"]
    assert links == [("concept", "upkeep-step", "sottofase di mantenimento"), ("concept", "priority", "priorità"),
                     ("rule", "117.3a", "117.3a"), ("rule", "503", "503"), ("rule", "500", "500")]
    assert "".join(p.text for p in parts).endswith("Ha 20 punti vita, 2024 carte, 1000 danni.")
    ru = split_text("[[step|Шаг]] заканчивается (500.2), см. правило 117", "ru")
    assert [(p.kind, p.target) for p in ru if p.kind != "text"] == [("concept", "step"), ("rule", "500.2"), ("rule", "117")]


def test_concepts_and_rules_are_known():
    assert {"priority", "upkeep-step", "active-player"} <= known_concepts()
    assert rule_exists("103.8a") and rule_exists("505.6b") and not rule_exists("999.9z")


# ---- the loader's errors ---------------------------------------------------------------------------------------
MINI = """\
id: mini
order: 50
level: 1
minutes: 3
title: {it: "Mini", ru: "Мини"}
goals: {it: "Passare", ru: "Пасовать"}
rules: ["117.3d"]
setup:
  turn: 3
  step: precombat_main
  players:
    A: {hand: [{card: forest, as: f}], battlefield: [{card: grizzly-bears, as: bears}]}
    B: {battlefield: [mountain]}
steps:
  - say: {it: "Hai la [[priority|priorità]] (117.3a).", ru: "У вас [[priority|приоритет]] (117.3a)."}
    check: {priority: A}
  - do:
      prompt: {it: "Passa.", ru: "Спасуйте."}
      accept: [{pass: 1}]
      other: {it: "Legale, ma passa.", ru: "Можно, но спасуйте."}
      wrong:
        - move: {play: f}
          say: {it: "La terra dopo: ora passa.", ru: "Землю потом: сейчас спасуйте."}
  - auto:
      actions: [{pass: 1}]
  - ask:
      kind: number
      question: {it: "Quanti punti vita ha B?", ru: "Сколько жизней у B?"}
      about: players.B.life
      answer: 20
      hints:
        - {it: "Nessuno ha inflitto danno.", ru: "Никто не наносил повреждений."}
        - {it: "I punti vita iniziali (regola 103.4).", ru: "Начальные жизни (правило 103.4)."}
        - {it: "20: nessun danno (103.4).", ru: "20: повреждений не было (103.4)."}
      explain: {it: "20.", ru: "20."}
      rules: ["103.4"]
      after: later
  - id: later
    say: {it: "Nessun danno.", ru: "Повреждений нет."}
  - recap: {it: "Fatto (117.3d).", ru: "Готово (117.3d)."}
"""


def test_a_minimal_lesson_loads_and_holds(tmp_path):
    lesson = _load(tmp_path, MINI)
    assert [s.kind for s in lesson.steps] == ["say", "do", "auto", "ask", "say", "recap"]
    assert check_lesson(lesson) == []


@pytest.mark.parametrize(("change", "key", "words"), [
    (("minutes: 3", "minutes: 12"), "minutes", "from 3 to 8"),
    (("level: 1", "level: one"), "level", "integer"),
    (("order: 50", "order: 50\ncolour: red"), "colour", "unknown key"),
    (("      other:", "      undo: maybe\n      other:"), "steps.1.do.undo", "true or false"),
    (("      actions: [{pass: 1}]\n", "      actions: [{pass: 1}]\n    say: {it: a, ru: b}\n"), "steps.2", "exactly one of"),
    (("      accept: [{pass: 1}]", "      accept: [{pass: 2}]"), "steps.1.do.accept.0.pass", "from 1 to 1"),
    (("      accept: [{pass: 1}]", "      accept: [{pass_until: end}]"), "steps.1.do.accept.0", "exactly one of"),
    (("  - recap: {it: \"Fatto (117.3d).\", ru: \"Готово (117.3d).\"}\n", ""), "steps.4", "recap"),
    (("[[priority|priorità]]", "[[priorita]]"), "steps.0.say.it", "curated concept"),
    (("(117.3a).\", ru", "(117.9z).\", ru"), "steps.0.say.it", "rule 117.9z"),
    (('rules: ["117.3d"]', 'rules: ["199.1"]'), "rules.0", "rule 199.1"),
    (('rules: ["117.3d"]', "rules: [117.3]"), "rules.0", "quotes"),
    (("about: players.B.life", "about: players.C.life"), "steps.3.ask.about", "engine quantity"),
    (("      about: players.B.life\n", ""), "steps.3.ask.about", "which quantity"),
    (("      answer: 20", "      answer: twenty"), "steps.3.ask.answer", "integer"),
    (("        - {it: \"20: nessun danno (103.4).\", ru: \"20: повреждений не было (103.4).\"}\n", ""),
     "steps.3.ask.hints", "three hints"),
    (("{it: \"20: nessun danno (103.4).\"", "{it: \"20: nessun danno.\""), "steps.3.ask.hints.2.it", "rule number"),
    (("{it: \"I punti vita iniziali (regola 103.4).\"", "{it: \"Nessuno ha inflitto danno.\""), "steps.3.ask.hints",
     "must differ"),
    (("    check: {priority: A}", "    check: {priority: A, after: nowhere}"), "steps.0.check.after", "no step"),
    (("setup:\n", "scenario: t-priority-lifo.yaml\nsetup:\n"), "setup", "exactly one of"),
    (("move: {play: f}", "move: {play: nocard}"), "steps.1.do.wrong.0.move.play", "unknown card"),
    (("    A: {hand", "    A: {life: twenty, hand"), "setup.players.A.life", "integer"),
])
def test_invalid_lessons_name_file_line_and_key(tmp_path, change, key, words):
    old, new = change
    assert old in MINI
    exc = _error(tmp_path, MINI.replace(old, new, 1))
    assert exc.file == "l.yaml" and exc.line >= 1 and exc.key == key and words in exc.message, str(exc)


@pytest.mark.parametrize(("old", "new", "key"), [
    ("kind: number\n      question: {it: \"Quanti punti vita ha B?\", ru: \"Сколько жизней у B?\"}\n"
     "      about: players.B.life\n      answer: 20",
     "kind: choice\n      question: {it: \"Chi?\", ru: \"Кто?\"}\n      options:\n"
     "        - {id: a, text: {it: x, ru: y}, check: {priority: A}}\n"
     "        - {id: b, text: {it: z, ru: w}}\n      answer: c", "steps.3.ask.answer"),
    ("kind: number", "kind: choice", "steps.3.ask.options"),
    ("kind: number\n", "kind: legal\n      action: {play: f}\n", "steps.3.ask.answer"),
    ("      about: players.B.life\n      answer: 20", "      answer: true\n      action: {play: f}\n      rule: \"305.1\"",
     "steps.3.ask.answer"),
])
def test_each_kind_of_question_needs_its_answer(tmp_path, old, new, key):
    exc = _error(tmp_path, MINI.replace(old, new, 1))
    assert exc.key == key, str(exc)


def test_a_scenario_can_give_the_setup_and_ids_must_be_unique(tmp_path):
    text = MINI.split("setup:")[0] + "scenario: t-priority-who-gets-it.yaml\n" + "steps:" + MINI.split("steps:")[1]
    text = text.replace("{play: f}", "{cast: growth}")
    lesson = _load(tmp_path, text)  # the scenario's aliases are known: B's Giant Growth is `growth`
    assert lesson.setup["players"]["B"]["hand"][0]["as"] == "growth"
    problems = [p.text("it") for p in check_lesson(lesson)]
    assert any("non è legale" in p for p in problems), problems  # A can't cast B's card: the wrong move is no move
    exc = _error(tmp_path, text.replace("scenario: t-priority-who-gets-it.yaml", "scenario: nothing-here.yaml"))
    assert exc.key == "scenario"
    dup = MINI.replace("  - auto:\n", "  - id: x\n    auto:\n").replace("  - recap:", "  - id: x\n    say: {it: a, ru: b}\n  - recap:")
    assert _error(tmp_path, dup).key == "steps.5.id"


def test_the_course_checks_ids_orders_and_requires(tmp_path):
    a = tmp_path / "a.yaml"
    a.write_text(MINI, encoding="utf-8")
    b = tmp_path / "b.yaml"
    b.write_text(MINI.replace("id: mini", "id: other").replace("order: 50", "order: 51\nrequires: [mini]"), encoding="utf-8")
    assert load_course([a, b]).ids() == ["mini", "other"]
    b.write_text(MINI.replace("id: mini", "id: other").replace("order: 50", "order: 49\nrequires: [mini]"), encoding="utf-8")
    with pytest.raises(YamlError, match="no earlier lesson"):
        load_course([a, b])
    b.write_text(MINI.replace("id: mini", "id: other"), encoding="utf-8")
    with pytest.raises(YamlError, match="order 50"):
        load_course([a, b])
    b.write_text(MINI.replace("order: 50", "order: 52"), encoding="utf-8")
    with pytest.raises(YamlError, match="lesson id"):
        load_course([a, b])


# ---- the engine checks catch lessons that teach something false ---------------------------------------------
LESSON_1_TEXT = LESSON_1.read_text(encoding="utf-8")


@pytest.mark.parametrize(("old", "new", "problem"), [
    ("answer: 18", "answer: 17", "players.B.life"),
    ("answer: [beginning, attackers, blockers, damage, end]", "answer: [beginning, blockers, attackers, damage, end]",
     "ordine"),
    ("      answer: a\n", "      answer: b\n", "opzione"),
    ("A: {hand: 2, library: 2}", "A: {hand: 3, library: 2}", "players.A.hand"),
    ("steps: [cleanup, untap, upkeep]", "steps: [untap, cleanup, upkeep]", "steps"),
    ("accept: [{attack: [bears]}]", "accept: [{attack: []}]", "azioni automatiche"),
    ("      check: {priority: B}\n", "      check: {priority: A}\n", "opzione b"),
    ("event: attackers\n", "event: first_strike_step\n", "non accade"),
])
def test_a_lesson_that_contradicts_the_engine_fails_its_check(tmp_path, old, new, problem):
    assert old in LESSON_1_TEXT
    lesson = _load(tmp_path, LESSON_1_TEXT.replace(old, new, 1))
    problems = [p.text("it") for p in check_lesson(lesson)]
    assert problems and any(problem in p for p in problems), problems
    assert all(p.startswith("l.yaml:") for p in problems)


@pytest.mark.parametrize(("old", "new", "problem"), [
    ("answer: 20", "answer: 19", "players.B.life"),
    ("check: {priority: A}", "check: {priority: B}", "priority"),
    ("accept: [{pass: 1}]", "accept: [{play: nowhere-card}]", None),
    ("move: {play: f}", "move: {pass: 1}", "accettate"),
    ("kind: number", "kind: legal\n      action: {play: f}\n      rule: \"305.2\"", "305.1"),
])
def test_the_check_names_what_is_wrong(tmp_path, old, new, problem):
    text = MINI.replace(old, new, 1)
    if "kind: legal" in new:  # in the beginning of combat a land can't be played (305.1), not 305.2
        text = text.replace("      about: players.B.life\n      answer: 20", "      answer: false")
    try:
        lesson = _load(tmp_path, text)
    except YamlError:
        assert problem is None
        return
    problems = [p.text("it") for p in check_lesson(lesson)]
    assert problems and (problem is None or any(problem in p for p in problems)), problems


# ---- never a crash -------------------------------------------------------------------------------------------
LESSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.sampled_from(
        ["A", "B", "forest", "bears", "start", "upkeep", "priority", "choice", "number", "legal", "x", "", "117.3a"])),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["id", "order", "level", "minutes", "title", "goals", "rules", "setup", "players",
                                         "A", "steps", "say", "do", "ask", "auto", "recap", "it", "ru", "accept", "kind",
                                         "answer", "options", "hints", "check", "pass", "actions", "about", "after"]),
                        inner, max_size=5)),
    max_leaves=25,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=LESSONISH)
def test_random_documents_never_crash_the_lesson_loader(tmp_path, data):
    import yaml

    try:
        lesson = _load(tmp_path, yaml.safe_dump(data, allow_unicode=True), "h.yaml")
    except YamlError as exc:
        assert exc.file == "h.yaml" and exc.line >= 1
        return
    check_lesson(lesson)


def _mutations(text: str):
    lines = text.splitlines()
    values = ["twenty", "-1", "[1]", "{a: 1}", "9" * 30, "true", "''", "~", "[A, B]", "start", "x: 1", "{pass: 1}"]
    return st.one_of(
        st.integers(0, len(lines) - 1).map(lambda i: "\n".join(lines[:i] + lines[i + 1:])),
        st.integers(0, len(lines) - 1).map(lambda i: "\n".join(lines[:i + 1] + lines[i:])),
        st.tuples(st.integers(0, len(lines) - 1), st.sampled_from(values)).map(
            lambda iv: "\n".join((line.split(":")[0] + ": " + iv[1]) if k == iv[0] and ":" in line else line
                                 for k, line in enumerate(lines))),
    )


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_lessons_never_crash(tmp_path, data):
    """A real lesson, mutated: a YamlError, or a lesson whose check reports problems (never raises)."""
    source = data.draw(st.sampled_from([MINI, *(p.read_text(encoding="utf-8") for p in COURSE)]))
    text = data.draw(_mutations(source))
    try:
        lesson = _load(tmp_path, text, "m.yaml")
    except YamlError as exc:
        assert exc.file == "m.yaml" and exc.line >= 1
        return
    for p in check_lesson(lesson):
        assert p.text("it").startswith("m.yaml") and p.text("ru")
