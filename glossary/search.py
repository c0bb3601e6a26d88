"""Search that finds what the learner meant, in Italian, Russian or English, within one frame.

The index (`SearchIndex`) is built once with the knowledge base and cached with it; a query never
scans every name. What it holds, for every name of every entry, concept and rule title:

- exact keys (case, accents, apostrophes, hyphens and spaces folded; ``ё`` = ``е``), and the same
  without spaces (``passaterre``);
- word-form keys: Snowball stems (Italian, Russian, English) and pymorphy3 lemmas (Russian);
- for Russian names, a romanisation skeleton that several transliteration schemes share;
- a sorted key list for prefixes and a trigram index that proposes candidates for fuzzy matching,
  whose OSA edit distance is then computed (glossary.edits) (typos: one or two wrong, missing or swapped letters);
- an inverted index of definition and rule-text words for full-text hits;
- derived words (`glossary.derive`): a noun of action or a participle indexed as another name of the
  verb's entry (отмена -> Отменить, rimosso dal gioco -> Rimuovere dal gioco), ranked just below it;
- concept names: the curated Italian, Russian and English names of an entry's concept lead to the entry
  (стек -> Pila, whose concept has no Russian entry); a concept without any entry leads to the rule it cites.

A query typed as a question or with a reference phrase ("cos'è la pila", "что такое стек", "vedi regola
510", "см. …") searches what follows (`glossary.lang.strip_question`). When nothing is found,
`SearchIndex.suggest` gives the closest names in both languages ("did you mean").

Ranking (score out of 100, in the JSON): exact name 100 (another script or keyboard layout 96), word
form 92, prefix 80–89, fuzzy 55–79, full text 30–50; a rule number asked for directly 100, an entry whose
concept cites it 90, the nearest rule above a number the sources lack 88. A concept's name counts 1
(same language) or 2 (another) below the entry's own headword, a derived word 3 more. On equal scores: a
glossary entry before a rule, the query's language first, then the shorter name.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from glossary.kb_rules import RuleQueries
from glossary.lang import layout_to_latin, layout_to_russian, lemma_key, script, skeleton, stem_words, strip_question
from glossary.model import parse_rule_query
from glossary.text import fold, name_key, translit_ru

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a few ms of every lookup)

if TYPE_CHECKING:
    from glossary.derive import Derivations
    from glossary.model import KBData, Rule

__all__ = ["MAX_QUERY", "SearchIndex", "Target", "clean_query", "name_key"]

MAX_QUERY = 200
S_EXACT, S_COMPACT, S_OTHER_SCRIPT, S_FORM, S_PREFIX, S_FUZZY_MIN, S_FUZZY_MAX = 100.0, 99.0, 96.0, 92.0, 89.0, 55.0, 79.0
S_PHRASE, S_PART, S_WORDS = 50.0, 48.0, 35.0
S_RULE_CONCEPT, S_RULE_PARENT = 90.0, 88.0
RULE_TITLE_RANK = 9  # a rule title counts one tier below a glossary headword
DERIVED_RANK = 3  # a derived word counts this much below the name it comes from
ACTION_BONUS = 5.0  # in a phrase that matches no name, an entry named by a verb comes first
_VERB = re.compile(r"(?:are|ere|ire|arsi|ersi|irsi|ть|ться|тись|чь)$", re.IGNORECASE)  # an infinitive
OTHER_LANG_PENALTY, ENGLISH_PENALTY = 5.0, 12.0  # with a learner's language: how much later other languages come
SUGGESTIONS = 5
SUGGEST_MIN, SUGGEST_MIN_OTHER = 35.0, 45.0  # similarity (rapidfuzz ratio) below which a name is not worth suggesting


def clean_query(text: str) -> str:
    """A query as typed, made safe: control and format characters dropped, spaces collapsed, at most MAX_QUERY characters."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in text)
    return " ".join(text.split())[:MAX_QUERY]


def _fuzzy_score(edits: int, length: int) -> float:
    """79 for one edit, 71 for two; a little less for short keys, where an edit weighs more.

    >>> _fuzzy_score(1, 10), _fuzzy_score(2, 10), _fuzzy_score(1, 4)
    (79.0, 71.0, 77.0)
    """
    return max(S_FUZZY_MIN, S_FUZZY_MAX - 8.0 * (edits - 1) - max(0.0, 6.0 - length))


def _trigrams(key: str) -> set[str]:
    s = f"  {key} "
    return {s[i : i + 3] for i in range(len(s) - 2)}


@dataclass(slots=True)
class Target:
    """Something a search can find: a glossary entry or a rule."""

    id: str
    kind: str  # "term" | "rule"
    lang: str
    label: str
    concept: str | None = None  # a term's concept; for a rule, the concept (without entries) whose name leads to it


@dataclass
class _Keyspace:
    """Exact, prefix and fuzzy lookup over a set of keys, each naming some targets."""

    exact: dict[str, dict[int, int]] = field(default_factory=dict)  # key -> {target: rank}
    sorted_keys: list[str] = field(default_factory=list)
    grams: dict[str, list[int]] = field(default_factory=dict)  # trigram -> key numbers
    keys: list[str] = field(default_factory=list)
    display: dict[str, str] = field(default_factory=dict)  # key -> a name as written, for suggestions
    display_rank: dict[str, int] = field(default_factory=dict)  # the rank of that name (a headword wins)

    def add(self, key: str, target: int, rank: int = 0, display: str | None = None) -> None:
        if not key:
            return
        ids = self.exact.setdefault(key, {})
        ids[target] = min(rank, ids.get(target, rank))
        if display and rank < self.display_rank.get(key, 1_000):
            self.display[key], self.display_rank[key] = display, rank

    def freeze(self) -> None:
        self.display_rank = {}  # needed while names are added only
        self.keys = sorted(self.exact)
        self.sorted_keys = self.keys
        grams: dict[str, list[int]] = {}
        for n, key in enumerate(self.keys):
            for g in _trigrams(key):
                grams.setdefault(g, []).append(n)
        self.grams = grams

    def prefixed(self, key: str, limit: int = 64) -> Iterable[str]:
        i = bisect.bisect_left(self.sorted_keys, key)
        for k in self.sorted_keys[i : i + limit]:
            if not k.startswith(key):
                break
            yield k

    def fuzzy(self, key: str, limit: int = 24) -> list[tuple[str, int]]:
        """Keys within one (short keys) or two edits of `key` — a wrong, missing, extra or swapped
        letter each — as (key, edits): trigram candidates, then their OSA distance (glossary.edits)."""
        grams = _trigrams(key)
        counts: Counter[int] = Counter()
        for g in grams:
            posting = self.grams.get(g)
            if posting is not None:
                counts.update(posting)
        if not counts:
            return []
        need = max(1, len(grams) // 3)
        cands = [self.keys[n] for n, c in counts.most_common(200) if c >= need]
        from glossary.edits import closest  # OSA distance, as rapidfuzz computes it, without its import cost

        max_edits = 1 if len(key) <= 5 else 2
        return [(k, d) for k, d in closest(key, cands, max_edits, limit) if d > 0]

    def closest(self, key: str, limit: int = 12, scan: int = 20_000) -> list[tuple[str, float]]:
        """The keys most similar to `key` (rapidfuzz ratio, 0–100), however far, best first: candidates
        sharing a trigram, or every key of a small keyspace when none does (for "did you mean")."""
        from rapidfuzz import fuzz, process

        counts: Counter[int] = Counter()
        for g in _trigrams(key):
            counts.update(self.grams.get(g, ()))
        cands = [self.keys[n] for n, _ in counts.most_common(300)]
        if not cands and len(self.keys) <= scan:
            cands = self.keys
        found = process.extract(key, cands, scorer=fuzz.ratio, limit=limit)
        return [(k, float(sc)) for k, sc, _ in found]


@dataclass
class SearchIndex:
    """The prepared search structures (plain data, pickled with the knowledge base)."""

    targets: list[Target] = field(default_factory=list)
    names: _Keyspace = field(default_factory=_Keyspace)
    skeletons: _Keyspace = field(default_factory=_Keyspace)
    forms: dict[str, dict[int, int]] = field(default_factory=dict)  # "it|stem", "ru|...", "en|...", "lemma|..." -> {target: rank}
    words: dict[str, list[int]] = field(default_factory=dict)  # full-text word stem -> targets
    texts: list[str] = field(default_factory=list)  # normalised full text per target ("" when none)
    rule_numbers: dict[str, list[int]] = field(default_factory=dict)
    rule_concepts: dict[str, list[int]] = field(default_factory=dict)  # rule number -> targets whose concept cites it
    # (concept, language) -> the concept's first term target in that language (a source entry, else its modern
    # page): where a learner is led by a hit of the other language
    concept_pages: dict[tuple[str, str], int] = field(default_factory=dict)

    # ---- building ------------------------------------------------------------------------------
    def add_target(self, target: Target, names: Iterable[tuple], text: str = "") -> int:
        """Add a target with its names as (name, language of the name, rank[, shown as]) and its full text.

        Rank 0 is the target's own name (headword, alias), 1 a name of its concept in the same
        language, 2 in another language, 9 a rule title, 3 more for a derived word: the rank is taken
        off the score, so that on the same kind of match a headword comes before a translation, and
        both before a rule. "Shown as" is the name a suggestion gives for the key (a derived word
        suggests the name it comes from); the name itself by default.
        """
        n = len(self.targets)
        self.targets.append(target)
        if target.kind == "term" and target.concept:
            self.concept_pages.setdefault((target.concept, target.lang), n)
        for name, lang, rank, *shown in names:
            key = name_key(name)
            if not key:
                continue
            display = shown[0] if shown else name
            self.names.add(key, n, rank, display)
            self.names.add(key.replace(" ", ""), n, rank)
            self._add_forms(key, lang, n, rank)
            if script(key) == "ru":
                self.skeletons.add(skeleton(translit_ru(key)), n, rank, display)
        self.texts.append(name_key(text) if text else "")
        if text:
            lang = "ru" if script(text) == "ru" else target.lang if target.lang in ("it", "en") else "it"
            for w in set(stem_words(text, lang).split()):
                if len(w) > 2:
                    self.words.setdefault(w, []).append(n)
        return n

    def _add_forms(self, key: str, lang: str, n: int, rank: int) -> None:
        if script(key) == "ru":
            keys = [f"ru|{stem_words(key, 'ru')}", f"lemma|{lemma_key(key)}"]
        else:
            keys = [f"{lg}|{stem_words(key, lg)}" for lg in (("it", "en") if lang not in ("it", "en") else (lang,))]
        for k in keys:
            ids = self.forms.setdefault(k, {})
            ids[n] = min(rank, ids.get(n, rank))

    def freeze(self) -> SearchIndex:
        self.names.freeze()
        self.skeletons.freeze()
        return self

    # ---- searching -----------------------------------------------------------------------------
    def search(self, query: str, lang: str | None = None, limit: int = 10,
               prefer: str | None = None) -> list[tuple[Target, float]]:
        """The best targets for `query`, best first, as (target, score); one hit per target id.

        With `prefer` (the learner's language), hits in that language come first: another language's hit counts
        `OTHER_LANG_PENALTY` less, an English one (an imported rules glossary, an English rule)
        `ENGLISH_PENALTY` less (the score given is the one it is ranked by); and a concept is one hit per
        language (its best page)."""
        q = self.core_query(query)
        scores: dict[int, tuple[float, str]] = {}  # target -> (score, language of the query form that matched)

        def add(ids: dict[int, int] | Iterable[int], score: float, via: str) -> None:
            ranked = ids.items() if isinstance(ids, dict) else ((n, 0) for n in ids)
            for n, rank in ranked:
                if lang and self.targets[n].lang != lang:
                    continue
                if score - rank > scores.get(n, (-1.0, ""))[0]:
                    scores[n] = (score - rank, via)

        number = parse_rule_query(q)
        key = name_key(q)
        qscript = script(key)
        qlang = "ru" if qscript == "ru" else "it"
        if number:
            self._rule_number(number, lambda ids, sc: add(ids, sc, qlang))
        elif key:
            self._match(key, qscript, 0.0, lambda ids, sc: add(ids, sc, qlang))
            # The same keys typed on the other keyboard layout, or Russian typed in Latin letters.
            if qscript == "lat":
                ru = name_key(layout_to_russian(q.lower()))
                self._match(ru, "ru", S_EXACT - S_OTHER_SCRIPT, lambda ids, sc: add(ids, sc, "ru"), fuzzy=False)
                self._translit(key, lambda ids, sc: add(ids, sc, "ru"))
            elif qscript == "ru":
                lat = name_key(layout_to_latin(q.lower()))
                self._match(lat, "lat", S_EXACT - S_OTHER_SCRIPT, lambda ids, sc: add(ids, sc, "it"), fuzzy=False)
            self._fulltext(key, qscript, lambda ids, sc: add(ids, sc, qlang))
            if " " in key and not any(sc >= S_FUZZY_MIN for sc, _ in scores.values()):
                self._words(key, qscript, lambda ids, sc: add(ids, sc, qlang))
        t = self.targets

        def order(sc: float, n: int) -> float:
            if prefer is None or t[n].lang == prefer:
                return sc
            return sc - (ENGLISH_PENALTY if t[n].lang == "en" else OTHER_LANG_PENALTY)

        ranked = sorted(
            scores.items(),
            key=lambda it: (-order(it[1][0], it[0]), t[it[0]].kind != "term", t[it[0]].lang != (prefer or it[1][1]),
                            t[it[0]].lang != it[1][1], len(t[it[0]].label), t[it[0]].label),
        )
        if prefer in ("it", "ru") and lang is None:  # a term of the other language: its concept's page in the
            # learner's language (unless the hits are asked in a given language)
            pages = self.concept_pages
            ranked = [(pages.get((t[n].concept, prefer), n) if t[n].kind == "term" and t[n].concept
                       and t[n].lang in ("it", "ru") and t[n].lang != prefer else n, v) for n, v in ranked]
        out: list[tuple[Target, float]] = []
        seen: set = set()
        for n, (sc, _) in ranked:
            if len(out) >= limit:
                break
            same_concept = (t[n].concept, t[n].lang) if prefer and t[n].kind == "term" and t[n].concept else None
            if t[n].id not in seen and (same_concept is None or same_concept not in seen):
                seen.add(t[n].id)
                if same_concept is not None:
                    seen.add(same_concept)
                out.append((t[n], round(order(sc, n), 1)))
        return out

    def core_query(self, query: str) -> str:
        """The query as searched: cleaned (`clean_query`), and without a leading question or reference
        phrase ("cos'è", "что такое", "vedi", "см.") unless the whole query is a name."""
        q = clean_query(query)
        if q and name_key(q) not in self.names.exact:
            q = strip_question(q)
        return q

    def _rule_number(self, number: str, add) -> None:
        """A rule number asked for: that rule, the entries whose concept cites it, and, when the sources do
        not have it, the nearest rule above it (702.19 -> 702)."""
        own = self.rule_numbers.get(number)
        if own:
            add(own, S_EXACT)
        add(self.rule_concepts.get(number, ()), S_RULE_CONCEPT)
        parent = number
        while not own and parent:
            parent = parent[:-1] if parent[-1].isalpha() else parent.rpartition(".")[0]
            own = self.rule_numbers.get(parent)
            if own:
                add(own, S_RULE_PARENT)

    def _match(self, key: str, qscript: str | None, penalty: float, add, fuzzy: bool = True, prefix: bool = True) -> None:
        """Exact, word-form, (optionally) prefix and fuzzy matches of `key`; `fuzzy` off also skips
        the lemmatiser (used for keyboard-layout conversions, which are exact or nothing)."""
        if not key:
            return
        names = self.names
        add(names.exact.get(key, ()), S_EXACT - penalty)
        add(names.exact.get(key.replace(" ", ""), ()), S_COMPACT - penalty)
        if qscript == "ru":
            forms = [f"ru|{stem_words(key, 'ru')}"]
            if fuzzy and not any(f in self.forms for f in forms):
                forms.append(f"lemma|{lemma_key(key)}")  # pymorphy3, loaded only when the stem finds nothing
        else:
            forms = [f"it|{stem_words(key, 'it')}", f"en|{stem_words(key, 'en')}"]
        for f in forms:
            add(self.forms.get(f, ()), S_FORM - penalty)
        if prefix and len(key) >= 2:
            for k in names.prefixed(key):
                add(names.exact[k], S_PREFIX - min(9.0, (len(k) - len(key)) / 2) - penalty)
        if fuzzy and len(key) >= 3:
            for k, edits in names.fuzzy(key):
                add(names.exact[k], _fuzzy_score(edits, len(key)) - penalty)

    def _words(self, key: str, qscript: str | None, add) -> None:
        """A phrase that matches no name ("отмены заклинания", "carta rimossa dal gioco"): the names that its
        shorter runs of words match, ranked between a phrase and a scattered-words full-text hit — longer
        runs first, then earlier ones; an action (an entry named by a verb) before the words that say to
        what it happens ("magia neutralizzata" asks about neutralizzare)."""
        words = key.split()[:5]
        n = len(words)
        for size in range(n - 1, 0, -1):
            for start in range(n - size + 1):
                part = " ".join(words[start : start + size])
                if len(part) < 4:
                    continue
                best: dict[int, float] = {}

                def collect(ids, sc, best=best) -> None:
                    for t, rank in (ids.items() if isinstance(ids, dict) else ((t, 0) for t in ids)):
                        best[t] = max(best.get(t, 0.0), sc - rank)

                self._match(part, qscript, 0.0, collect, fuzzy=size == 1 and len(part) >= 5, prefix=False)
                for t, sc in best.items():
                    action = ACTION_BONUS if _VERB.search(self.targets[t].label.split(" ", 1)[0]) else 0.0
                    add({t: 0}, S_PART - (S_EXACT - sc) / 4 - 1.5 * start - 2 * (n - size) + action)

    def _translit(self, key: str, add) -> None:
        sk = skeleton(key)
        pen = S_EXACT - S_OTHER_SCRIPT
        add(self.skeletons.exact.get(sk, ()), S_EXACT - pen)
        add(self.skeletons.exact.get(sk.replace(" ", ""), ()), S_COMPACT - pen)
        if len(sk) >= 4:
            for k in self.skeletons.prefixed(sk):
                add(self.skeletons.exact[k], S_PREFIX - min(9.0, (len(k) - len(sk)) / 2) - pen)
            for k, edits in self.skeletons.fuzzy(sk):
                add(self.skeletons.exact[k], _fuzzy_score(edits, len(sk)) - pen)

    def _fulltext(self, key: str, qscript: str | None, add) -> None:
        if len(key) < 3:
            return
        lang = "ru" if qscript == "ru" else "it"
        stems = [w for w in stem_words(key, lang).split() if len(w) > 2]
        if lang == "it":
            stems_en = [w for w in stem_words(key, "en").split() if len(w) > 2]
        else:
            stems_en = []
        for ws in (stems, stems_en):
            if not ws:
                continue
            postings = [self.words.get(w) for w in ws]
            if not all(postings):
                continue
            common = set(min(postings, key=len)).intersection(*postings)
            add((n for n in common if key in self.texts[n]), S_PHRASE if len(ws) == 1 or " " in key else S_WORDS)
            add(common, S_WORDS)


    # ---- "did you mean" -------------------------------------------------------------------------------
    def suggest(self, query: str, lang: str | None = None, limit: int = SUGGESTIONS,
                prefer: str | None = None) -> list[str]:
        """Names close to a query that found nothing, in both languages, best first, without repeats:
        the query's own script first, then the other (Russian typed in Latin letters or on the wrong
        layout; Russian romanised to compare with Italian and English names). With `prefer` ``"it"`` (an
        Italian learner) no Russian name is suggested."""
        q = self.core_query(query)
        key = name_key(q)
        if len(key.replace(" ", "")) < 2:
            return []
        own = self._closest(self.names, key, lang)
        if script(key) == "ru":
            other = self._closest(self.names, name_key(translit_ru(key)), lang)
            other += self._closest(self.names, name_key(layout_to_latin(q.lower())), lang)
        else:
            other = self._closest(self.skeletons, skeleton(key), lang)
            other += self._closest(self.names, name_key(layout_to_russian(q.lower())), lang)
        same = script(key) or "lat"
        other = [c for c in other if (script(c[1]) or "lat") != same]
        out: list[str] = []
        seen, covered = {fold(q)}, set()

        def take(items: list[tuple[float, str, frozenset]], n: int) -> None:
            for _, name, targets in sorted(items, key=lambda x: (-x[0], len(x[1]), x[1])):
                if len(out) >= limit or n <= 0:
                    return
                if fold(name) not in seen and not targets <= covered:
                    seen.add(fold(name))
                    covered.update(targets)
                    out.append(name)
                    n -= 1

        own = [c for c in own if c[0] >= SUGGEST_MIN]
        other = [c for c in other if c[0] >= SUGGEST_MIN_OTHER]  # a romanisation compares less closely
        good = own + other
        if prefer == "it":  # the learner reads Italian (and English, the cards'): not the third language
            own, other, good = ([c for c in x if script(c[1]) != "ru"] for x in (own, other, good))
        take(own, limit - min(2, limit // 2) if other else limit)
        take(other, limit)
        take(good, limit)
        return out

    def _closest(self, space: _Keyspace, key: str, lang: str | None) -> list[tuple[float, str, frozenset]]:
        """(similarity, name to suggest, target ids) of the keys of `space` closest to `key`; a rule
        title weighs a little less than a glossary name."""
        if not key:
            return []
        out = []
        for k, sc in space.closest(key):
            name = space.display.get(k)
            ids = space.exact[k]
            if name is None or (lang and not any(self.targets[n].lang == lang for n in ids)):
                continue
            penalty = 5.0 if min(ids.values()) >= RULE_TITLE_RANK else 0.0
            out.append((sc - penalty, name, frozenset(self.targets[n].id for n in ids)))
        return out


def build_index(d: KBData, derivations: Derivations | None = None) -> SearchIndex:
    """The search index of the compiled data: entries (with aliases, concept names and the words derived
    from them), rules (by number and title), and the concepts that have no entry (leading to their rule)."""
    from glossary.derive import derived_keys, load_derivations  # the build's only (it reads YAML)

    table = derivations if derivations is not None else load_derivations()
    kb = RuleQueries(d)
    index = SearchIndex()

    def expand(names: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
        """Each name, also without its parenthesis ("разыграть (заклинание)"), and the derived words."""
        out = []
        for name, lang, rank in names:
            bare = _PAREN.sub(" ", name).strip()
            for variant in dict.fromkeys(v for v in (name, bare) if name_key(v)):
                out.append((variant, lang, rank, name))
                key = name_key(variant)
                lg = "ru" if script(key) == "ru" else lang
                out.extend((v, lg, rank + DERIVED_RANK, name) for v in derived_keys(key, lg, table))
        return out

    for eid, e in d.entries.items():
        # A headword the curation replaced ("TAPpare" of the {T} symbol entry) counts as a concept name.
        names = [(n, e.lang, 1 if n == e.raw_term else 0) for n in d.names.get(eid, [e.term])]
        cid = d.entry_concept.get(eid)
        if cid:
            c = d.concepts[cid]
            names += [(n, lg, 1 if lg == e.lang else 2) for lg in ("en", "it", "ru")
                      for n in (*getattr(c, lg), *c.extra.get(lg, ()))]
        # A modern glossary page is found by its names, not by the words of its short definition (a phrase of
        # it would outrank the entries a phrase's words name: «изгнанная карта» is about exile, not suspend).
        text = "" if e.doc in ("it-modern", "ru-modern") else e.text()
        n = index.add_target(Target(eid, "term", e.lang, e.term, cid), expand(names), text)
        for number in d.concepts[cid].rules if cid else ():
            index.rule_concepts.setdefault(number, []).append(n)
    for key, r in d.rules.items():
        n = index.add_target(Target(key, "rule", r.lang, kb.rule_title(r)),
                             [(r.title, r.lang, RULE_TITLE_RANK)] if r.title else [],
                             " ".join([r.text, *r.examples]) if r.text else "")
        index.rule_numbers.setdefault(r.number, []).append(n)
    for cid, c in d.concepts.items():
        if any(x in d.entries for x in c.entries) or any(f"{lg}-mod:{cid}" in d.entries for lg in ("it", "ru")):
            continue
        rule = _concept_rule(kb, c.rules)
        if rule is None:
            continue
        names = [(n, lg, 2) for lg in ("en", "it", "ru") for n in getattr(c, lg)]
        n = index.add_target(Target(f"{rule.doc}:{rule.number}", "rule", rule.lang, kb.rule_title(rule), cid),
                             expand(names))
        for number in c.rules:
            index.rule_concepts.setdefault(number, []).append(n)
    return index.freeze()


_PAREN = re.compile(r"\s*\([^)]*\)")
FOUNDATIONS = "2024-11-08"  # rule numbers of the curated concepts are those of this edition and later


def _concept_rule(kb: RuleQueries, numbers: list[str]) -> Rule | None:
    """The rule a concept without entries leads to: its first rule with text in a document of the
    Foundations numbering, otherwise the three-digit rule above it (whose number and title are stable)."""
    for number in numbers:
        for r in kb.rule_versions(number):
            if r.text and (kb.data.docs[r.doc].effective or "") >= FOUNDATIONS:
                return r
    for number in numbers:
        r = kb.rule(number.split(".")[0])
        if r is not None:
            return r
    return None
