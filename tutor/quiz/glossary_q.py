"""Glossary questions from the curated concepts (glossary/curated/concepts.yaml) and the glossary entries.

Kinds and ids (one FSRS card per id without the ``:choice`` suffix):

* ``term`` — ``term:en-it:<concept>`` (typed: the Italian term of an English one), ``term:it-en:<concept>``,
  ``term:en-ru:<concept>``, ``term:ru-en:<concept>``: English is the bridge, each asked to learners of the other
  language of its pair. ``term:it-ru:<concept>`` and ``term:ru-it:<concept>`` (Italian ↔ Russian, for judges and
  translators) carry the topic tag :data:`OTHER_LANGUAGE` and are asked only on request (the
  ``quiz_other_language`` setting, ``--other-language``);
  ``…:choice`` is the same question with four options, the wrong ones from the concept's own category (the
  ``# --- … ---`` section of concepts.yaml). A session asks the choice form while the card is being learnt and the
  typed form once it is in review (recognition first, then recall). Typed answers are judged with the search
  normaliser (case, accents, ё), another keyboard layout and one typo forgiven, with a note saying so.
* ``definition`` — ``definition:<lang>:<concept>``: a glossary entry's definition in `lang` (never one that
  contains the term itself, nor one too short to tell the concepts of its category apart, nor one that states the
  out-of-date rule of the concept's obsolete note, nor one with a mana symbol lost from the source); which concept
  is it? A wrong answer is told the chosen concept's own definition (its first sentence).
  Asked to learners of that language (:attr:`~tutor.quiz.model.Question.data` ``["langs"]``).
* ``old-term`` — ``old-term:<concept>``: a term of the old glossaries (the obsolete-term notes): what is it
  called in today's rules? The explanation is the editor's note.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import lru_cache

from tutor.i18n import LANGS, t
from tutor.quiz.model import Question, UnknownQuestion, both
from tutor.views.texts import obsolete_since, old_term_lang, quoted

__all__ = ["ConceptInfo", "build", "card_ids", "concepts", "shown_text_problems"]

_DIRECTIONS = {"en-it": ("en", "it"), "it-en": ("it", "en"), "en-ru": ("en", "ru"), "ru-en": ("ru", "en"),
               "it-ru": ("it", "ru"), "ru-it": ("ru", "it")}
OTHER_LANGUAGE = "it-ru"  # the topic tag of the Italian <-> Russian term cards, asked only on request
_MIN_DEFINITION_WORDS = 8
LOST_SYMBOL = "{?}"  # a mana symbol lost from the source (glossary/curated/symbols.yaml): unreadable in a question
_LETTERS = {"it": re.compile(r"[a-zà-ù]", re.I), "ru": re.compile(r"[а-яё]", re.I), "en": re.compile(r"[a-z]", re.I)}


@dataclass(frozen=True)
class ConceptInfo:
    """A concept as the quiz uses it: names per language, category, rules, obsolete note; `unnamed`: the languages
    whose first name is not a term to be asked (the modern glossary's status ``none``, our own descriptive
    rendering, or ``obsolete``; English when the concept is known only by an obsolete headword)."""

    id: str
    names: dict  # lang -> [names], "en" too
    category: str  # slug of its section of concepts.yaml ("modern" for a concept of the modern glossary only)
    rules: tuple[str, ...]
    obsolete: dict | None
    unnamed: frozenset = frozenset()
    forms: dict = field(default_factory=dict)  # lang -> other forms (also, old): never in a question's text
    keys: dict = field(default_factory=dict)  # lang -> the names' keys (glossary.text.name_key), as `names`

    def key(self, lang: str, i: int = 0) -> str:
        """The key of the `i`-th name in `lang` (kept with the names: computing them is a quiz command's time)."""
        keys = self.keys.get(lang)
        if keys is None or len(keys) != len(self.names[lang]):
            from glossary.text import name_key

            return name_key(self.names[lang][i])
        return keys[i]


def _strip(name: str) -> str:
    return re.sub(r"\s*\([^)]*\)", "", name).strip()


@lru_cache(maxsize=1)
def _kb():
    """The knowledge base, loaded once for the quiz's tables (a load reads the whole compiled index)."""
    from glossary.kb import load

    return load()


MODERN_CATEGORY = "modern"  # the concepts of the modern glossary that concepts.yaml does not have


@lru_cache(maxsize=1)
def concepts() -> dict[str, ConceptInfo]:
    """Every concept of the knowledge base: the curated ones in file order, each with its category (its section of
    concepts.yaml), then those of the modern glossary only (category ``modern``), in the glossary's order; with
    the names the knowledge base merged (glossary.modern) and their status. From the quiz's cache when its inputs
    haven't changed (`tutor.quiz.bankcache`: parsing the curated YAML is most of a quiz command's time)."""
    from tutor.quiz import bankcache

    fp = bankcache.fingerprint()
    rows = bankcache.read("concepts", fp, _valid_concept_rows)
    if rows is not None:
        return {r["id"]: ConceptInfo(r["id"], r["names"], r["category"], tuple(r["rules"]), r["obsolete"],
                                     frozenset(r["unnamed"]), r["forms"], r["keys"]) for r in rows}
    out = _list_concepts()
    bankcache.write("concepts", fp, [{"id": c.id, "names": c.names, "category": c.category, "rules": list(c.rules),
                                      "obsolete": c.obsolete, "unnamed": sorted(c.unnamed), "forms": c.forms,
                                      "keys": c.keys} for c in out.values()])
    return out


def _valid_concept_rows(rows: object) -> bool:
    from tutor.quiz.bankcache import strings

    def names(d: object) -> bool:
        return isinstance(d, dict) and all(isinstance(k, str) and strings(v) for k, v in d.items())

    return isinstance(rows, list) and all(
        isinstance(r, dict) and isinstance(r.get("id"), str) and isinstance(r.get("category"), str)
        and names(r.get("names")) and all(r["names"].get(x) for x in ("it", "ru", "en")) and strings(r.get("rules"))
        and (r.get("obsolete") is None or isinstance(r["obsolete"], dict)) and strings(r.get("unnamed"))
        and names(r.get("forms")) and names(r.get("keys"))
        and all(len(r["keys"].get(x, ())) == len(v) for x, v in r["names"].items()) for r in rows)


def _list_concepts() -> dict[str, ConceptInfo]:
    from glossary.curation import CURATED_DIR, load_curation
    from glossary.text import name_key, slugify

    cur = load_curation()
    lines = (CURATED_DIR / "concepts.yaml").read_text(encoding="utf-8").splitlines()
    heads = [(i + 1, slugify(m.group(1).split("(")[0].split(",")[0]))
             for i, line in enumerate(lines) if (m := re.match(r"# --- (.*?) ---", line))]
    categories = {}
    for c in cur.concepts:
        line = cur.where.get(id(c), ("", 0))[1]
        categories[c.id] = next((slug for start, slug in reversed(heads) if start <= line), "other")
    data = _kb().data
    out = {}
    for cid in [*categories, *(x for x in data.concepts if x not in categories)]:
        c = data.concepts.get(cid)
        if c is None:
            continue
        names = {"it": list(c.it), "ru": list(c.ru), "en": list(c.en)}
        modern = data.modern.get(cid) or {}
        status = {(n["lang"], name_key(n["name"])): n["status"] for n in modern.get("names", ())
                  if n["kind"] in ("name", "headword")}
        unnamed = {lang for lang in ("it", "ru", "en") if names[lang]
                   and status.get((lang, name_key(names[lang][0]))) in ("none", "obsolete")}
        if not names["it"] or not names["ru"] or not names["en"] or not c.rules:  # every question cites its rule
            continue
        out[cid] = ConceptInfo(cid, names, categories.get(cid, MODERN_CATEGORY), tuple(c.rules), c.obsolete,
                               frozenset(unnamed), {lang: list(v) for lang, v in c.extra.items()},
                               {lang: [name_key(n) for n in v] for lang, v in names.items()})
    return out


def _askable(c: ConceptInfo, lang: str) -> bool:
    """A name one can type and recognise in `lang` (letters of its script, not the same word in both), and a term
    of that language: not our own descriptive rendering, not an obsolete name."""
    if lang in c.unnamed:
        return False
    name = c.names[lang][0]
    others = {c.key(x) for x in (*LANGS, "en") if x != lang}
    return bool(_LETTERS[lang].search(name)) and name[:1].isalnum() and c.key(lang) not in others


def _accepted(c: ConceptInfo, lang: str) -> list[str]:
    names = []
    for n in c.names[lang]:
        for form in (n, _strip(n)):
            if form and form not in names:
                names.append(form)
    return names


def _distractors(c: ConceptInfo, lang: str, rng: random.Random, n: int = 3, key=None) -> list[ConceptInfo]:
    """`n` other concepts of the same category (then of any) with a distinct name in `lang`."""
    key = key or (lambda x: x.key(lang))
    mine = key(c)
    same = [x for x in concepts().values() if x.id != c.id and x.category == c.category and _askable(x, lang)]
    rest = [x for x in concepts().values() if x.id != c.id and x.category != c.category and _askable(x, lang)]
    rng.shuffle(same)
    rng.shuffle(rest)
    chosen, seen = [], {mine}
    for x in same + rest:
        k = key(x)
        if k and k not in seen:
            chosen.append(x)
            seen.add(k)
        if len(chosen) == n:
            break
    return chosen


def _reject(c: ConceptInfo, lang: str) -> list[str]:
    """Other concepts' names one typo away from an accepted name: typing them is wrong, not a typo."""
    from rapidfuzz.distance import OSA

    from glossary.text import name_key

    mine = [name_key(n) for n in _accepted(c, lang)]
    out = []
    for x in concepts().values():
        if x.id == c.id:
            continue
        for i, n in enumerate(x.names[lang]):
            k = x.key(lang, i)
            if k and k not in mine and any(OSA.distance(k, m) <= 1 for m in mine):
                out.append(n)
    return out


@lru_cache(maxsize=1)
def _definitions() -> dict[tuple[str, str], tuple[str, str, bool]]:
    """(lang, concept) -> (entry id, definition, whether it is the modern glossary's) for definitions usable as
    questions."""
    kb = _kb()
    out: dict[tuple[str, str], tuple[str, str]] = {}
    for cid, c in concepts().items():
        kc = kb.data.concepts.get(cid)
        for eid in (kc.entries if kc else ()):
            e = kb.data.entries.get(eid)
            if e is None or e.lang not in LANGS or (e.lang, cid) in out:
                continue
            text = " ".join(e.text().split())
            names = [*c.names[e.lang], e.term, *(_strip(n) for n in c.names[e.lang])]
            if len(text.split()) < _MIN_DEFINITION_WORDS or LOST_SYMBOL in text or _mentions(text, names, e.lang):
                continue
            if _outdated(cid, eid):  # the old glossary's rule, out of date: not taught as current
                continue
            out[(e.lang, cid)] = (eid, text, False)
        for lang in LANGS:  # no usable source definition: the modern glossary's (written for today's rules)
            text = _modern_definition(cid, lang)
            if (lang, cid) in out or lang in c.unnamed or not text:
                continue
            names = [*c.names[lang], *c.forms.get(lang, ()), *(_strip(n) for n in c.names[lang])]
            if len(text.split()) < _MIN_DEFINITION_WORDS or LOST_SYMBOL in text or _mentions(text, names, lang):
                continue
            same = [x for x in (kc.entries if kc else ()) if x in kb.data.entries and kb.data.entries[x].lang == lang]
            out[(lang, cid)] = (same[0] if same else f"{lang}-mod:{cid}", text, True)
    return out


def _modern_definition(cid: str, lang: str) -> str:
    """The modern glossary's unofficial definition of concept `cid` in `lang`, on one line ("" when none)."""
    modern = _kb().data.modern.get(cid) or {}
    return " ".join(((modern.get("definition") or {}).get(lang) or "").split())


def _short(text: str, limit: int = 160) -> str:
    """`text`'s first sentence when it says enough, else `text` cut at a word before `limit` characters (with «…»)."""
    from tutor.quiz.rulesref import cut_at_word, short_sentence

    first = short_sentence(text, limit=limit)
    return first if len(first) >= 30 else cut_at_word(text, limit)


@lru_cache(maxsize=4096)
def _own_definition(cid: str, lang: str) -> str:
    """The first glossary definition in `lang` of concept `cid`, short (empty when it has none, or only one whose
    start has symbols lost from the source)."""
    kb = _kb()
    kc = kb.data.concepts.get(cid)
    for eid in (kc.entries if kc else ()):
        e = kb.data.entries.get(eid)
        if e is not None and e.lang == lang and not _outdated(cid, eid):
            text = _short(" ".join(e.text().split()))
            if text and LOST_SYMBOL not in text:
                return text
    modern = _modern_definition(cid, lang)
    return _short(modern) if modern and LOST_SYMBOL not in modern else ""


def _outdated(cid: str, eid: str) -> bool:
    """Whether the entry `eid` of concept `cid` may state an out-of-date rule: its concept has a modern-rules note
    (concepts.yaml ``obsolete``) and the editors did not rewrite its definition (a fixes.yaml ``definition``).
    Such a text is never a question nor an answer's explanation: the quiz cannot show the note beside it."""
    kb = _kb()
    concept = kb.data.concepts.get(cid)
    if concept is None or not concept.obsolete:
        return False
    notes = kb.data.notes.get(eid, {})
    return not any(fx.get("definition") for fx in notes.get("fixes", []))


_ID = re.compile(r"\b(?:it|ru|en|it-wiki|[a-z]{2}-mod|[a-z]{2}-cr-\d{4}|en-\d{4}-\d{2}-\d{2}):[a-z0-9][a-z0-9.-]*\b")


def shown_text_problems() -> list[dict]:
    """What `kb check` reports about the glossary questions' texts (prompts, options, hints, explanations and the
    notes on wrong options, in both languages): a definition the modern-rules notes mark out of date (kind
    ``outdated``), a lost-symbol placeholder (``placeholder``) or an internal id (``id``). Each problem is
    ``{"question", "kind", "text"}`` (and ``"entry"`` for an out-of-date one); none on the shipped data."""
    problems = []
    outdated = {}
    kb = _kb()
    for cid in concepts():
        kc = kb.data.concepts.get(cid)
        for eid in (kc.entries if kc else ()):
            e = kb.data.entries.get(eid)
            text = " ".join(e.text().split()) if e is not None else ""
            if len(text) >= 40 and _outdated(cid, eid):  # a shorter text ("Одна из игровых зон.") says nothing old
                outdated[text[:60]] = eid

    def shown(qid: str):
        if qid.startswith("term:"):  # a term question shows the concept's names (and its category): check those
            c = concepts()[qid.split(":")[2]]
            return [n for names in c.names.values() for n in names]
        q = build(qid)
        texts = [q.prompt, q.explanation, *(q.options or ()), *q.hints, *(n for n in q.option_notes if n)]
        return [v for m in texts for v in m.values()]

    for qid, _topics, _langs in card_ids():
        for text in shown(qid):
            if LOST_SYMBOL in text:
                problems.append({"question": qid, "kind": "placeholder", "text": text})
            if _ID.search(text):
                problems.append({"question": qid, "kind": "id", "text": text})
            for start, eid in outdated.items():
                if start in " ".join(text.split()):
                    problems.append({"question": qid, "kind": "outdated", "text": text, "entry": eid})
    return problems


def _mentions(text: str, names: list[str], lang: str) -> bool:
    """Whether `text` contains one of `names`: as it is (even inside a longer word: «rimescolare» contains
    «mescolare»), with a changed ending (its words less their last two letters: «владельцем»), or in any
    inflected form (Snowball stems, word by word). Cautious: a definition wrongly left out costs nothing."""
    from glossary.lang import stem_words
    from glossary.text import fold, name_key

    folded, stemmed, key = fold(text), None, name_key(text)
    for name in names:
        if len(name_key(name)) >= 4 and name_key(name) in key:
            return True
        words = [w for w in name_key(name).split() if len(w) >= 5]
        if words and all(w[:max(4, len(w) - 2)] in key for w in words):  # «владелец» in «владельцем»
            return True
        words = stem_words(name, lang).split()
        if not words or not all(w in folded for w in words):  # a stem is a prefix of its word: cheap test first
            continue
        stemmed = stemmed or f" {stem_words(text, lang)} "
        if f" {' '.join(words)} " in stemmed:
            return True
    return False


def card_ids() -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """Every glossary card: (card id, topics, languages it is asked in), in curriculum order."""
    out = []
    for cid, c in concepts().items():
        for direction, (src, dst) in _DIRECTIONS.items():
            if _askable(c, src) and _askable(c, dst):
                if "en" in (src, dst):  # asked to the learner of the pair's other language
                    topics, langs = ("glossary", f"glossary-{c.category}"), (src if dst == "en" else dst,)
                else:
                    topics, langs = ("glossary", f"glossary-{c.category}", OTHER_LANGUAGE), LANGS
                out.append((f"term:{direction}:{cid}", topics, langs))
    for cid, c in concepts().items():
        if c.obsolete and c.obsolete.get("old"):
            if _old_term_langs(c.obsolete):
                out.append((f"old-term:{cid}", ("glossary", "old-terms", f"glossary-{c.category}"),
                            _old_term_langs(c.obsolete)))
    order = {cid: i for i, cid in enumerate(concepts())}
    for (lang, cid) in sorted(_definitions(), key=lambda k: order[k[1]]):
        out.append((f"definition:{lang}:{cid}", ("glossary", "definitions", f"glossary-{concepts()[cid].category}"), (lang,)))
    return out


def card_shape(card: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """What the question bank needs to grade and tag a glossary card without building its questions: the
    difficulties of the forms it is asked in (a term: its choice form, then its typed one) and the rules its
    questions cite (kept in step with the builders below: a test compares them)."""
    parts = card.split(":")
    c = concepts()[parts[-1]]
    if parts[0] == "term":
        return (1, 2), c.rules
    if parts[0] == "old-term":
        return (2,), tuple((c.obsolete or {}).get("rules") or c.rules)
    return (2,), c.rules


def build(question_id: str) -> Question:
    """The glossary question `question_id` (UnknownQuestion if there is none)."""
    parts = question_id.split(":")
    kind = parts[0]
    try:
        if kind == "term" and len(parts) in (3, 4) and parts[1] in _DIRECTIONS and (
                len(parts) == 3 or parts[3] == "choice"):
            return _term(question_id, parts[1], concepts()[parts[2]], len(parts) == 4)
        if kind == "definition" and len(parts) == 3 and parts[1] in LANGS:
            return _definition(question_id, parts[1], parts[2])
        if kind == "old-term" and len(parts) == 2:
            return _old_term(question_id, concepts()[parts[1]])
    except KeyError:
        pass
    raise UnknownQuestion("quiz.error.unknown_id", id=question_id)


def _term(qid: str, direction: str, c: ConceptInfo, choice: bool) -> Question:
    src, dst = _DIRECTIONS[direction]
    if not (_askable(c, src) and _askable(c, dst)):
        raise KeyError(c.id)
    rng = random.Random(qid)
    shown = c.names[src][0]
    card = qid.removesuffix(":choice")
    reader = (src if dst == "en" else dst,) if "en" in (src, dst) else LANGS  # who is asked this card
    options, answer, fmt = None, {lang: _accepted(c, dst) for lang in LANGS}, "text"
    if choice:
        picks = [c, *_distractors(c, dst, rng)]
        rng.shuffle(picks)
        options = tuple({lang: x.names[dst][0] for lang in LANGS} for x in picks)
        answer, fmt = picks.index(c) + 1, "choice"

    def prompt(lang: str) -> str:
        return t(f"quiz.term.ask.{direction}", lang, term=shown)

    def explanation(lang: str) -> str:  # the rules are the question's own (Question.rules), shown after it
        if "en" in (src, dst):  # the reader's language and English, the bridge: never the third language
            text = t("quiz.term.explain_bridge", lang, name=c.names[lang][0], en=c.names["en"][0])
        else:
            text = t("quiz.term.explain", lang, it=c.names["it"][0], ru=c.names["ru"][0], en=c.names["en"][0])
        others = [n for n in c.names[dst][1:]]
        if others:
            text += " " + t("quiz.term.also", lang, names=", ".join(others))
        return text

    hints = (both(lambda lang: t("quiz.hint.term.category", lang, category=t(f"quiz.category.{c.category}", lang))),
             both(lambda lang: t("quiz.hint.term.start", lang, start=c.names[dst][0][:2])))
    return Question(
        id=qid, kind="term", card=card, topic=("glossary", f"glossary-{c.category}"), difficulty=1 if choice else 2,
        prompt=both(prompt), options=options, answer_format=fmt, answer=answer, explanation=both(explanation),
        rules=c.rules, concepts=(c.id,), hints=hints, expected_ms=10_000 if choice else 15_000,
        data={"reject": {lang: _reject(c, dst) for lang in LANGS}, "langs": list(reader)})


def _definition(qid: str, lang_of_text: str, cid: str) -> Question:
    c = concepts()[cid]
    entry, text, modern = _definitions()[(lang_of_text, cid)]
    rng = random.Random(qid)
    picks = [c, *_distractors(c, lang_of_text, rng)]
    rng.shuffle(picks)
    options = tuple({lang: x.names[lang][0] for lang in LANGS} for x in picks)

    def prompt(lang: str) -> str:
        key = "quiz.definition.ask" if lang == lang_of_text else "quiz.definition.ask_other"
        return t(key, lang, definition=text, src=t(f"lang_in.{lang_of_text}", lang))

    def explanation(lang: str) -> str:
        if modern:  # ours, written from the official English glossary: said so
            return t("quiz.definition.explain_modern", lang, term=c.names[lang][0])
        return t("quiz.definition.explain", lang, term=c.names[lang][0])

    def option_note(x: ConceptInfo):  # a wrong option: what it is instead (its own definition, short)
        def note(lang: str) -> str:
            own = _own_definition(x.id, lang) or _own_definition(x.id, lang_of_text)
            return t("quiz.feedback.is_instead", lang, option=x.names[lang][0], definition=own) if own else ""
        return both(note)

    return Question(
        id=qid, kind="definition", card=qid, topic=("glossary", "definitions", f"glossary-{c.category}"), difficulty=2,
        prompt=both(prompt), options=options, answer_format="choice", answer=picks.index(c) + 1,
        explanation=both(explanation), rules=c.rules, concepts=(c.id,),
        hints=(both(lambda lang: t("quiz.hint.term.category", lang, category=t(f"quiz.category.{c.category}", lang))),),
        expected_ms=25_000, data={"entry": entry, "langs": [lang_of_text]},
        option_notes=tuple(option_note(x) if x is not c else None for x in picks))


def _old_term(qid: str, c: ConceptInfo) -> Question:
    o = c.obsolete
    if not o or not o.get("old"):
        raise KeyError(c.id)
    rng = random.Random(qid)
    others = [x for x in concepts().values() if x.obsolete and x.id != c.id and not _overlap(c.id, x.id)]
    rng.shuffle(others)
    same = [x for x in others if x.category == c.category] + [x for x in others if x.category != c.category]
    picks, seen = [c], {o["modern"]["it"]}
    for x in same:
        if x.obsolete["modern"]["it"] not in seen and x.obsolete["modern"]["ru"] not in {
                p.obsolete["modern"]["ru"] for p in picks}:
            picks.append(x)
            seen.add(x.obsolete["modern"]["it"])
        if len(picks) == 4:
            break
    rng.shuffle(picks)
    options = tuple({lang: x.obsolete["modern"][lang] for lang in LANGS} for x in picks)

    def prompt(lang: str) -> str:  # the old term in the reader's language, else the English one: never the third
        src = old_term_lang(o["old"], lang)  # (a reader who is not asked this card: the prompt exists all the same)
        if src == lang:
            return t("quiz.old_term.ask", lang, old=quoted(o["old"][lang]), since=obsolete_since(o["year"], lang))
        return t("quiz.old_term.ask_other", lang, old=quoted(o["old"].get(src) or ""),
                 since=obsolete_since(o["year"], lang), src=t(f"lang_in.{src}", lang))

    def explanation(lang: str) -> str:
        return o["note"][lang]

    return Question(
        id=qid, kind="old-term", card=qid, topic=("glossary", "old-terms", f"glossary-{c.category}"), difficulty=2,
        prompt=both(prompt), options=options, answer_format="choice", answer=picks.index(c) + 1,
        explanation=both(explanation), rules=tuple(o.get("rules") or c.rules), concepts=(c.id,), expected_ms=20_000,
        data={"langs": list(_old_term_langs(o))})


def _old_term_langs(o: dict) -> tuple[str, ...]:
    """Who is asked an old-term question: the learners of a language the old term is quoted in (an Italian
    translation's change, "interfase" → "sottofase", is no question for a Russian learner, nor its English
    description); a learner is never quoted the third language."""
    return tuple(lang for lang in LANGS if o["old"].get(lang))


@lru_cache(maxsize=8192)
def _overlap(a_id: str, b_id: str) -> bool:
    """Whether the modern answer of one obsolete term could also answer the other, so that neither may be the
    other's distractor: the old or modern text of one names the other concept, in either language («Incanta
    Creatura» and «Aura con l'abilità «incanta [tipo]»», «sottotipi degli incantesimi = incanta creatura…»)."""
    a, b = concepts()[a_id], concepts()[b_id]

    def text(x: ConceptInfo, lang: str) -> str:
        return f"{x.obsolete['old'].get(lang) or ''} {x.obsolete['modern'][lang]}"

    return any(_mentions(text(x, lang), [_strip(n) for n in y.names[lang]], lang)
               for lang in LANGS for x, y in ((a, b), (b, a)))
