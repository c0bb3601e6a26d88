"""Lessons: the course files (``lessons/course/*.yaml``), their typed schema and the loaded model.

The format is documented in ``lessons/README.md`` ("Lesson format"). `load_lesson` checks a file against
`LESSON` (types, ranges, required and unknown keys: `tutor.schema`) and then its meaning: cards and aliases
exist, step ids are unique and every ``after`` / ``since`` names one, each question has the answer its kind
needs, hints climb in three distinct steps (the third cites a rule), every ``[[concept]]`` is a curated concept
and every rule number exists. The first problem is a `YamlError` (file:line:column, dotted key). What the
lesson says about the game is checked against the engine by `tutor.lessons.check.check_lesson`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from glossary.yamlio import YamlError
from tutor.lessons.links import CONCEPT_LINK, known_concepts, rule_exists, rule_links
from tutor.scenario import (
    ACTION_KEYS,
    EVENT_KIND,
    EXPECT_FIELDS,
    PLAYERS,
    SETUP,
    STEPS,
    ActionSchema,
    check_action_refs,
    check_expect_refs,
    check_setup_refs,
    load_scenario,
)
from tutor.schema import Any_, Bool, Document, Int, List, Map, Maybe, RuleNumber, Str, Text, load_document

__all__ = ["ASK_KINDS", "LESSON", "STEP_KINDS", "Ask", "Auto", "Course", "Do", "Lesson", "Recap", "Say", "Step",
           "YamlError", "load_course", "load_lesson", "rules_of"]

ASK_KINDS = ("choice", "choices", "order", "number", "legal")
STEP_KINDS = ("say", "do", "ask", "auto", "recap")
MOVE_VERBS = ("play", "cast", "activate", "attack", "block", "assign", "legend", "discard", "choose", "pass",
              "mulligan", "keep", "bottom")  # part 2: the mulligan process (103.5), as the scenario actions say it
ABOUT = re.compile(r"^(?:turn|players\.[AB]\.(?:life|hand|library|graveyard|exile|mana|lands_played)"
                   r"|objects\.[A-Za-z0-9][\w+/'-]*\.(?:power|toughness|damage))$")

# ==== the schema ======================================================================================
ID = Str(pattern=r"^[a-z0-9][a-z0-9-]*$", max_len=80, what="an id (lowercase letters, digits, -)")
TEXT = Text()
HINTS = List(TEXT, min_len=3, max_len=3, what="three hints (a nudge, the rule area, the answer with its rule)")
CHECK = Map({**EXPECT_FIELDS, "after": ID, "since": ID}, what="a check (scenario expectations, after, since)")
_MOVE_KEYS = {v: {k: s for k, s in ACTION_KEYS[v].items() if k != "by"} for v in MOVE_VERBS}
_MOVE_KEYS["pass"] = {"pass": Maybe(Int(1, 1))}
MOVE = ActionSchema(_MOVE_KEYS, common={})
AUTO_ACTION = ActionSchema({v: k for v, k in ACTION_KEYS.items() if v != "checkpoint"}, common={})
OPTION = Map({"id": ID, "text": TEXT, "check": CHECK, "why": TEXT, "step": Str(STEPS), "event": EVENT_KIND}, required=("id", "text"))
SAY = TEXT
DO = Map({"prompt": TEXT, "accept": List(MOVE, 1, 10), "other": TEXT,
          "wrong": List(Map({"move": MOVE, "say": TEXT}, required=("move", "say")), max_len=10),
          "undo": Bool(), "hints": HINTS, "explain": TEXT}, required=("prompt", "accept", "other"))
WRONG = Map({"value": Any_(), "before": List(ID, 2, 2, what="two option ids [put first, put later]"), "why": TEXT},
            required=("why",), what="a known wrong answer (value or before) and its why")
ASK = Map({"kind": Str(ASK_KINDS), "question": TEXT, "options": List(OPTION, 2, 8), "answer": Any_(),
           "about": Str(pattern=ABOUT.pattern, what="an engine quantity (players.B.life, objects.ALIAS.damage, turn)"),
           "action": MOVE, "rule": RuleNumber(), "after": ID, "since": ID, "general": Bool(), "hints": HINTS,
           "explain": TEXT, "rules": List(RuleNumber(), 1, 20), "why": TEXT, "wrong": List(WRONG, 1, 10)},
          required=("kind", "question", "answer", "hints", "explain", "rules"))
AUTO = Map({"actions": List(AUTO_ACTION, 1, 50), "say": TEXT}, required=("actions",))


class _StepSchema(Map):
    """A step: exactly one of say / do / ask / auto / recap, with an optional ``id`` and ``check``."""

    what = "a step (say, do, ask, auto or recap)"

    def __init__(self) -> None:
        kinds = {"say": SAY, "do": DO, "ask": ASK, "auto": AUTO, "recap": TEXT}
        self.by_kind = {k: Map({k: s, "id": ID, "check": CHECK}, required=(k,)) for k, s in kinds.items()}
        super().__init__({})

    def validate(self, value, path, doc):
        if not isinstance(value, dict):
            raise self.fail(value, path, doc)
        kinds = [k for k in value if k in self.by_kind]
        if len(kinds) != 1:
            raise doc.error(path, f"a step has exactly one of: {', '.join(STEP_KINDS)}")
        self.by_kind[kinds[0]].validate(value, path, doc)


LESSON = Map({"id": ID, "order": Int(1, 999), "course": Int(1, 2), "level": Int(1, 5), "title": TEXT, "goals": TEXT, "minutes": Int(3, 8),
              "requires": List(ID, max_len=20), "rules": List(RuleNumber(), 1, 50), "learner": Str(PLAYERS),
              "seed": Int(0, 2**32 - 1), "scenario": Str(pattern=r"^[\w.-]+\.yaml$", max_len=120,
                                                         what="a scenario file name (t-turn-step-order.yaml)"),
              "setup": SETUP, "steps": List(_StepSchema(), 2, 80)},
             required=("id", "order", "level", "title", "goals", "minutes", "rules", "steps"))


# ==== the model =======================================================================================
@dataclass
class Step:
    """A step of a lesson: its position, kind, optional id, the raw mapping and its optional check."""

    index: int
    kind: str
    id: str | None
    raw: dict
    check: dict | None
    line: int

    @property
    def body(self):
        """What the kind key holds: a text (say, recap) or a mapping (do, ask, auto)."""
        return self.raw[self.kind]


@dataclass
class Say(Step):
    """Narration ``{it, ru}``."""


@dataclass
class Recap(Step):
    """The final summary ``{it, ru}``."""


@dataclass
class Do(Step):
    """The learner makes a move: ``accept`` (scenario actions; the first is the intended one), ``other``
    (what to say for a legal but different move), ``wrong`` (messages for specific legal moves), ``undo``."""

    @property
    def accept(self) -> list[dict]:
        """The accepted move patterns, the intended one first."""
        return list(self.body["accept"])

    @property
    def undo(self) -> bool:
        """Whether the learner may take this step's move back (default true)."""
        return bool(self.body.get("undo", True))


@dataclass
class Ask(Step):
    """A question: ``choice``, ``choices``, ``order``, ``number`` or ``legal``."""

    @property
    def ask_kind(self) -> str:
        """choice, choices, order, number or legal."""
        return self.body["kind"]


@dataclass
class Auto(Step):
    """Scripted moves or passes (scenario actions, ``pass_until``), every event shown."""


_STEP_CLASSES = {"say": Say, "do": Do, "ask": Ask, "auto": Auto, "recap": Recap}


@dataclass
class Lesson:
    """A loaded, statically valid lesson. `setup` is the starting position (a scenario ``setup`` block);
    `learner` is the player the learner plays (0 = A, 1 = B)."""

    file: str
    id: str
    order: int
    level: int
    title: dict
    goals: dict
    minutes: int
    requires: tuple[str, ...]
    rules: tuple[str, ...]
    learner: int
    setup: dict
    seed: int
    steps: tuple[Step, ...]
    cards: dict
    doc: Document
    ids: dict[str, int] = field(default_factory=dict)  # step id -> step index
    course: int = 1  # 1: the turn's structure; 2: beyond the turn (opens when course 1 is done)

    def step_index(self, ref: str | None, default: int) -> int:
        """The index of step id `ref` (``start`` is -1), or `default` when `ref` is None."""
        if ref is None:
            return default
        return -1 if ref == "start" else self.ids[ref]

    def where(self, step: Step | None = None, *path) -> str:
        """``file:line`` of a step (or of a key inside it), for problem reports."""
        full = ("steps", step.index, *path) if step is not None else path
        line, _ = self.doc.locate(tuple(full))
        return f"{self.file}:{line}"


# ==== loading =========================================================================================
def load_lesson(path: Path, cards: dict, name: str | None = None, scenarios: Path | None = None) -> Lesson:
    """Read and validate a lesson file (schema and meaning); raise YamlError naming file:line:column and key.
    `scenarios` is the folder ``scenario:`` names a file in (default: the shipped ``lessons/scenarios``)."""
    name = name or str(path)
    doc = load_document(path, name)
    top = LESSON.check(doc)
    if ("setup" in top) == ("scenario" in top):
        raise doc.error(("setup",) if "setup" in top else (), "a lesson has exactly one of setup and scenario")
    seed = int(top.get("seed", 0))
    if "scenario" in top:
        from tutor.resources import lessons_root

        folder = scenarios or lessons_root() / "scenarios"
        sc_path = folder / top["scenario"]
        if not sc_path.is_file():
            raise doc.error(("scenario",), f"no scenario {top['scenario']!r} in lessons/scenarios")
        sc = load_scenario(sc_path, cards, f"lessons/scenarios/{top['scenario']}")
        cards = sc.cards  # the pool and the cards the scenario defines itself
        setup, seed = sc.data["setup"], int(top.get("seed", sc.data.get("seed", 0)))
        aliases = {it["as"] for p in (setup["players"] or {}).values() for z in (p or {}).values()
                   if isinstance(z, list) for it in z if isinstance(it, dict) and "as" in it}
    else:
        setup = top["setup"]
        aliases = check_setup_refs(doc, setup, ("setup",), cards)
    steps, ids = [], {}
    for i, raw in enumerate(top["steps"]):
        kind = next(k for k in raw if k in STEP_KINDS)
        if "id" in raw:
            if raw["id"] in ids or raw["id"] == "start":
                raise doc.error(("steps", i, "id"), f"step id {raw['id']!r} is used twice (or is 'start')")
            ids[raw["id"]] = i
        steps.append(_STEP_CLASSES[kind](i, kind, raw.get("id"), raw, raw.get("check"), getattr(raw, "line", 1)))
    lesson = Lesson(name, top["id"], top["order"], top["level"], top["title"], top["goals"], top["minutes"],
                    tuple(top.get("requires") or ()), tuple(top["rules"]), PLAYERS.index(top.get("learner", "A")),
                    setup, seed, tuple(steps), cards, doc, ids, top.get("course", 1))
    _check_meaning(lesson, doc, aliases)
    return lesson


def _check_meaning(lesson: Lesson, doc: Document, aliases: set) -> None:
    cards = lesson.cards
    steps = lesson.steps
    if steps[-1].kind != "recap" or sum(s.kind == "recap" for s in steps) != 1:
        raise doc.error(("steps", len(steps) - 1), "the last step, and only it, is the recap")
    for step in steps:
        at = ("steps", step.index)
        body = step.body
        if step.check is not None:
            _check_refs_in_check(lesson, doc, step, step.check, (*at, "check"), aliases)
        if step.kind == "do":
            for j, act in enumerate(body["accept"]):
                check_action_refs(doc, act, (*at, "do", "accept", j), cards, aliases)
            for j, w in enumerate(body.get("wrong") or []):
                check_action_refs(doc, w["move"], (*at, "do", "wrong", j, "move"), cards, aliases)
            _check_hints(doc, body, (*at, "do"))
        elif step.kind == "auto":
            for j, act in enumerate(body["actions"]):
                check_action_refs(doc, act, (*at, "auto", "actions", j), cards, aliases)
        elif step.kind == "ask":
            _check_ask(lesson, doc, step, aliases)
    for path, text in _texts(doc.data):
        _check_links(doc, path, text)
    cited = [(("rules", j), r) for j, r in enumerate(lesson.rules)]
    for step in steps:
        if step.kind == "ask":
            cited += [(("steps", step.index, "ask", "rules", j), r) for j, r in enumerate(step.body["rules"])]
            if "rule" in step.body:
                cited.append((("steps", step.index, "ask", "rule"), step.body["rule"]))
    for path, number in cited:
        if not rule_exists(number):
            raise doc.error(path, f"rule {number} is neither in the rules digest nor in the knowledge base")


def _check_refs_in_check(lesson: Lesson, doc: Document, step: Step, check: dict, path: tuple, aliases: set) -> None:
    check_expect_refs(doc, check, path, lesson.cards, aliases)
    for key, later in (("after", True), ("since", False)):
        ref = check.get(key)
        if ref is None or (ref == "start" and not later):
            continue
        if ref not in lesson.ids:
            raise doc.error((*path, key), f"no step has the id {ref!r}")
        if (lesson.ids[ref] <= step.index) if later else (lesson.ids[ref] > step.index):
            raise doc.error((*path, key), f"{key} must name a step {'after' if later else 'before'} this one")


def _check_hints(doc: Document, body: dict, path: tuple) -> None:
    hints = body.get("hints")
    if hints is None:
        return
    for lang in ("it", "ru"):
        texts = [h[lang].strip() for h in hints]
        if len(set(texts)) != 3:
            raise doc.error((*path, "hints"), f"the three hints must differ ({lang})")
        if not rule_links(texts[2]):
            raise doc.error((*path, "hints", 2, lang), "the third hint gives the answer with its rule number")


def _check_ask(lesson: Lesson, doc: Document, step: Step, aliases: set) -> None:
    at = ("steps", step.index, "ask")
    body = step.body
    kind, answer = body["kind"], body["answer"]
    options = body.get("options") or []
    ids = [o["id"] for o in options]
    _check_hints(doc, body, at)
    for key in ("after", "since"):
        if key in body:
            _check_refs_in_check(lesson, doc, step, {key: body[key]}, at, aliases)
    needs_options = kind in ("choice", "choices", "order")
    if needs_options != bool(options):
        raise doc.error((*at, "options"), f"a {kind} question {'needs' if needs_options else 'has no'} options")
    if len(set(ids)) != len(ids):
        raise doc.error((*at, "options"), "option ids must differ")
    for j, opt in enumerate(options):
        if "check" in opt:
            _check_refs_in_check(lesson, doc, step, opt["check"], (*at, "options", j, "check"), aliases)
    general = body.get("general", False)
    if kind == "choice":
        if not isinstance(answer, str) or answer not in ids:
            raise doc.error((*at, "answer"), "a choice question's answer is one option id")
        if not general and "check" not in options[ids.index(answer)]:
            raise doc.error((*at, "options", ids.index(answer)), "the right option needs a check (or general: true)")
    elif kind == "choices":
        if not isinstance(answer, list) or not answer or not all(isinstance(a, str) and a in ids for a in answer) \
                or len(set(answer)) != len(answer):
            raise doc.error((*at, "answer"), "a choices question's answer is a list of option ids")
        if not general and not all("check" in options[ids.index(a)] for a in answer):
            raise doc.error((*at, "options"), "every right option needs a check (or general: true)")
    elif kind == "order":
        if not isinstance(answer, list) or sorted(map(str, answer)) != sorted(ids):
            raise doc.error((*at, "answer"), "an order question's answer lists every option id once")
        if not general and not all(("step" in o) != ("event" in o) for o in options):
            raise doc.error((*at, "options"), "every option of an order question names one step or event (or general: true)")
    elif kind == "number":
        if not isinstance(answer, int) or isinstance(answer, bool) or not -999 <= answer <= 999:
            raise doc.error((*at, "answer"), "a number question's answer is an integer")
        if "about" not in body:
            raise doc.error((*at, "about"), "a number question says which quantity it asks about (about: players.B.life)")
        parts = body["about"].split(".")
        if parts[0] == "objects" and parts[1] not in aliases:
            raise doc.error((*at, "about"), f"unknown alias {parts[1]!r}")
    elif kind == "legal":
        if not isinstance(answer, bool):
            raise doc.error((*at, "answer"), "a legal question's answer is true or false")
        if "action" not in body:
            raise doc.error((*at, "action"), "a legal question names the action (action: {cast: shock, targets: [B]})")
        check_action_refs(doc, body["action"], (*at, "action"), lesson.cards, aliases)
    _check_wrong(doc, body, at)
    for key in ("about", "action"):
        if key in body and kind != {"about": "number", "action": "legal"}[key]:
            raise doc.error((*at, key), f"{key} belongs to a {'number' if key == 'about' else 'legal'} question")


def _check_wrong(doc: Document, body: dict, at: tuple) -> None:
    """``wrong``: known wrong answers of a number question (``value``: an integer or a list, never the answer)
    or of an order question (``before: [x, y]``: x put before y, where the answer has y first)."""
    kind, answer = body["kind"], body["answer"]
    ids = [o["id"] for o in body.get("options") or []]
    for j, entry in enumerate(body.get("wrong") or []):
        here = (*at, "wrong", j)
        if kind == "number":
            values = entry.get("value")
            values = values if isinstance(values, list) else [values]
            if "before" in entry or not values or not all(isinstance(v, int) and not isinstance(v, bool)
                                                          and v != answer for v in values):
                raise doc.error(here, "a number question's wrong answer is value: an integer or a list of them "
                                      "(not the answer)")
        elif kind == "order":
            pair = entry.get("before")
            if "value" in entry or not pair or len(set(pair)) != 2 or not set(pair) <= set(ids) \
                    or answer.index(pair[0]) < answer.index(pair[1]):
                raise doc.error(here, "an order question's wrong answer is before: [x, y], two option ids "
                                      "the answer puts the other way round")
        else:
            raise doc.error(here, f"wrong belongs to a number or order question (a {kind} question's options "
                                  "have their own why)")


def _texts(node: object, path: tuple = ()):
    """Every bilingual text of a document, with its path (each language separately)."""
    if isinstance(node, dict):
        if set(node) == {"it", "ru"} and all(isinstance(v, str) for v in node.values()):
            for lang in ("it", "ru"):
                yield (*path, lang), node[lang]
            return
        for k, v in node.items():
            yield from _texts(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _texts(v, (*path, i))


def _check_links(doc: Document, path: tuple, text: str) -> None:
    for m in CONCEPT_LINK.finditer(text):
        if m.group(1).strip() not in known_concepts():
            raise doc.error(path, f"[[{m.group(1)}]] is not a curated concept (glossary/curated/concepts.yaml)")
    for number in rule_links(text):
        if not rule_exists(number):
            raise doc.error(path, f"rule {number} is neither in the rules digest nor in the knowledge base")


# ==== the course ======================================================================================
@dataclass
class Course:
    """Every lesson, in course order."""

    lessons: list[Lesson]

    def get(self, lesson_id: str) -> Lesson | None:

        """The lesson with this id, or None."""
        return next((x for x in self.lessons if x.id == lesson_id), None)

    def find(self, key: str) -> Lesson | None:
        """The lesson named by its id or by its number in the course (``2``, as ``lesson list`` shows it)."""
        key = key.strip()
        if key.isdigit():
            return next((x for x in self.lessons if x.order == int(key)), None)
        return self.get(key)

    def ids(self) -> list[str]:

        """The lesson ids in course order."""
        return [x.id for x in self.lessons]

    def basics_left(self, states: dict) -> list[Lesson]:
        """The first course's lessons not completed yet (`states`: lesson id -> its progress, with ``completed``)."""
        return [x for x in self.lessons if x.course == 1 and not getattr(states.get(x.id), "completed", False)]

    def is_open(self, lesson: Lesson, states: dict, knows_basics: bool) -> bool:
        """Whether `lesson` can be played: the first course always; the second once the first is completed, or at
        once for a learner who says they know the basics (the ``knows_basics`` setting)."""
        return lesson.course == 1 or knows_basics or not self.basics_left(states)


def load_course(files: list[Path] | None = None, cards: dict | None = None) -> Course:
    """Load every lesson (default: the shipped ``lessons/course``); ids and orders are unique and every
    ``requires`` names an earlier lesson. The first problem is a YamlError."""
    from tutor.cardpool import load_cards
    from tutor.resources import course_files, display_name

    cards = cards if cards is not None else load_cards()
    lessons = [load_lesson(f, cards, display_name(f)) for f in (course_files() if files is None else files)]
    by_id: dict[str, Lesson] = {}
    orders: dict[int, Lesson] = {}
    for x in lessons:
        if x.id in by_id:
            raise x.doc.error(("id",), f"lesson id {x.id!r} is also used by {by_id[x.id].file}")
        if x.order in orders:
            raise x.doc.error(("order",), f"order {x.order} is also used by {orders[x.order].file}")
        by_id[x.id], orders[x.order] = x, x
    for x in lessons:
        if x.course == 1 and any(y.course == 2 and y.order < x.order for y in lessons):
            raise x.doc.error(("order",), "a lesson of the first course comes before every lesson of the second")
        for j, req in enumerate(x.requires):
            if req not in by_id or by_id[req].order >= x.order:
                raise x.doc.error(("requires", j), f"requires names {req!r}, which is no earlier lesson")
    return Course(sorted(lessons, key=lambda x: x.order))


def rules_of(lesson: Lesson) -> list[str]:
    """Every rule number the lesson cites (its ``rules``, the questions' ``rules`` and the texts), sorted."""
    from glossary.model import rule_sort_key

    found = set(lesson.rules)
    for step in lesson.steps:
        if step.kind == "ask":
            found.update(step.body["rules"])
    for _, text in _texts(lesson.doc.data):
        found.update(rule_links(text))
    return sorted(found, key=rule_sort_key)

