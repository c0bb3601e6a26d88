"""Explain a card's English (Oracle) text: every game term in it, each linked to its concept of the knowledge base.

What a text holds, in order of appearance (`explain`):

- **game terms**: a name of a concept (its English names and the Foundations glossary's headwords, the curated
  wordings of ``curated/explain/phrases.yaml``), matched word by word with English inflections (the Snowball stemmer
  and a short list of irregular forms: "dies", "died", "sacrificed", "attacking", "Elves"), the longest match first
  ("deals combat damage" is "deals" + "combat damage"; "enters the battlefield" one term);
- **subtypes and ability words** the official rules list (205.3g–205.3q, 207.2c: ``curated/explain/subtypes.txt``),
  written with a capital letter as cards write them ("Goblins", "Landfall");
- **symbols** ({T}, {Q}, {W}…{C}, {2}, {X}, hybrid and Phyrexian symbols), **power/toughness** values and changes
  (3/3, +1/+1, -X/-0), **loyalty costs** (+1:, −2:), a Saga's **chapters** (I, II —), **counters** by their name
  ("a +1/+1 counter", "a charge counter"), "counter target spell" told apart from them;
- **the card itself**: its name, its short name before a comma ("Gisa" for "Gisa, Glorious Resurrector"), ``~`` and
  ``CARDNAME`` (201.5, 201.5c);
- **reminder text**: a parenthesised passage (207.2a), whose own terms are recognised too.

The other words are either plain English (``curated/explain/plain-words.txt``: function words and ordinary words of
card templates, not game terms) or **unknown**: listed, never guessed. No UI here: `explain` returns plain data, and
`view` adds what the learner reads in their language (name, one-line definition, rules).

>>> from glossary import kb
>>> k = kb.load()
>>> e = explain(k, "When Gisa dies, exile it. Flibber.", name="Gisa, Glorious Resurrector")
>>> [(t.text, t.concept) for t in e.terms], [u.text for u in e.unknown]
([('When', 'when-whenever'), ('Gisa', 'name'), ('dies', 'dies'), ('exile', 'exile')], ['Flibber'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from glossary.lang import stem
from glossary.paths import package_data
from glossary.text import has_controls

__all__ = ["MAX_TEXT", "Explanation", "ExplainError", "Lexicon", "Term", "Unknown", "explain", "lexicon", "view"]

MAX_TEXT = 5000  # characters: the longest Oracle texts are under 1,500
MAX_NAME = 200  # a card's name (the longest printed ones are under 150 characters)

_DATA = ("curated", "explain")
_PHRASE_KEYS = {"en", "concept", "rules", "label", "note", "status"}
STATUSES = {"official", "obsolete", "community", "none", "unverified"}
SELF_RULES = ("201.5",)
SHORT_NAME_RULES = ("201.5", "201.5c")
PT_MODIFY_RULES = ("613.4c", "208.1")  # "+2/+0": a change (layer 7c)
PT_VALUE_RULES = ("208.1",)  # "a 1/1 token": a power and a toughness
PT_SET_RULES = ("613.4b", "208.1")  # "becomes a 3/3", "base power and toughness 1/1": set to a value (layer 7b)
COUNTER_SPELL_RULES = ("701.5",)
LOYALTY_RULES = ("606.1", "606.3")
CHAPTER_RULES = ("714.2", "714.2b")
COUNTER_RULES = ("122.1",)

# The concept each kind of listed name leads to (curated/explain/subtypes.txt).
SUBTYPE_CONCEPTS = {
    "artifact": "artifact-type", "enchantment": "enchantment-type", "land": "land-type",
    "planeswalker": "planeswalker-type", "spell": "spell-type", "creature": "creature-type", "planar": "plane",
    "dungeon": "dungeon", "battle": "battle", "ability-word": "ability-word",
}
# Concepts whose names are not matched in card texts: the old words ("(Obsolete)" headwords) and names that are not
# words of a card's text.
_SKIP_NAME = re.compile(r"\[|^non-$|^\*|^colon")
_TOO_COMMON = {"at"}  # names too common to mean the concept alone: curated phrases give them their context
_SYMBOLS = {
    "W": "white-mana", "U": "blue-mana", "B": "black-mana", "R": "red-mana", "G": "green-mana", "C": "colorless-mana",
    "T": "tap-symbol", "Q": "untap-symbol", "S": "snow-mana-symbol", "E": "energy-symbol", "X": "x", "Y": "y",
    "Z": "x", "P": "phyrexian-symbol", "CHAOS": "chaos-symbol", "TK": "ticket-symbol", "PW": "planeswalker-symbol",
}
_COLOURS = set("WUBRG")
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII")
# "counter" is a noun (a marker, 122) or a verb (counter a spell, 701.5): the verb is followed by its object.
# What ends a sentence or a clause before a word: the word before it says nothing of its part of speech.
_CLAUSE_END = re.compile(r"[.;:!?\n\u2014\u2022]")
# A power/toughness value that an effect sets (613.4b): "becomes a 3/3", "are 1/1", "base power and toughness 1/1".
_PT_SET_BEFORE = re.compile(r"(?:\b(?:becomes?|became|becoming|is|are)\s+(?:an?\s+)?|base\s+power\s+and\s+"
                            r"toughness\s+)$", re.IGNORECASE)
_COUNTER_OBJECT = {"target", "that", "it", "all", "each", "up", "the", "any", "this", "those", "them", "another"}
_NOUN_BEFORE = {"a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "x", "no",
                "that", "additional", "each", "another", "those", "of"}

_TOKEN = re.compile(
    r"(?P<symbol>\{[^{}\s]{1,12}\})"
    r"|(?P<loyalty>^[ \t]*[+\-\u2212\u2013]?(?:\d+|X)(?=:))"
    r"|(?P<pt>(?<![\w/])[+\-\u2212\u2013]?(?:\d+|[XY*])/[+\-\u2212\u2013]?(?:\d+|[XY*])(?![\w/]))"
    r"|(?P<word>[^\W\d_]+(?:['\u2019][^\W\d_]+)*)"
    r"|(?P<number>\d+)"
    r"|(?P<paren>[()])"
    r"|(?P<dash>[\u2014\u2013]|--)",
    re.MULTILINE,
)
_JOIN = re.compile(r"[ \t]*-?[ \t]*")  # what may stand between two words of one term: spaces, one hyphen


class ExplainError(ValueError):
    """A text that cannot be explained: `code` is ``empty``, ``too_long``, ``controls`` or ``bad_name`` (a card
    name that is empty, longer than MAX_NAME or holds a control character); the message is the caller's."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class Term:
    """A recognised piece of the text: `text` at ``[start, end)``, its `kind` (``term``, ``subtype``,
    ``ability-word``, ``symbol``, ``pt``, ``loyalty``, ``chapter``, ``counter``, ``self``, ``reminder``), the
    `concept` it is linked to, the rules that decide what it means here (before the concept's own) and, for a
    subtype, which kind (``creature``, ``land``…)."""

    text: str
    start: int
    end: int
    kind: str
    concept: str
    rules: tuple[str, ...] = ()
    subtype: str | None = None
    wording: str = ""  # the English name or phrase of the lexicon it matched (the learner's name follows it)
    phrase: int = -1  # its entry in phrases.yaml (a label and a note of its own), -1 for none
    pt: str | None = None  # a power/toughness: ``change`` (+1/+1), ``value`` (1/1) or ``set`` (becomes 3/3)


@dataclass(frozen=True, slots=True)
class Unknown:
    """A word that is neither a game term nor plain English: listed, not guessed."""

    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Explanation:
    text: str
    name: str | None
    terms: list[Term]
    unknown: list[Unknown]


@dataclass(frozen=True, slots=True)
class _Entry:
    concept: str
    kind: str = "term"
    rules: tuple[str, ...] = ()
    subtype: str | None = None
    capital: bool = False  # matched only when written with a capital letter (subtypes, ability words)
    length: int = 0  # characters of the name (of two names with one stem, the base form wins)
    wording: str = ""  # the English name or phrase it comes from
    phrase: int = -1  # its index in phrases.yaml, -1 for a concept's own name


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str
    start: int
    end: int
    text: str


# ---- words ------------------------------------------------------------------------------------------------------
def _stem(word: str) -> str:
    """The English Snowball stem (glossary.lang's stemmers: one module loaded, one stemmer a thread)."""
    return stem(word, "en")


def _surface(word: str, irregular: dict[str, str]) -> str:
    """A word as the lexicon keys it: lower case, straight apostrophe, no possessive, irregular forms made regular.

    >>> _surface("Owner\u2019s", {}), _surface("owners'", {}), _surface("Elves", {"elves": "elf"})
    ('owner', 'owners', 'elf')
    """
    w = word.lower().replace("\u2019", "'")
    if w.endswith("'s") and w not in ("it's", "that's", "let's"):
        w = w[:-2]
    w = w.rstrip("'")
    return irregular.get(w, w)


def _raw(word: str) -> str:
    """A word in lower case with a straight apostrophe, its possessive kept."""
    return word.lower().replace("\u2019", "'")


NUMBER = "#"  # in a wording of phrases.yaml, any number or X ("gain # life": "you gain 3 life", "gains X life")


def _stems(surface: str) -> tuple[str, ...]:
    """The stems a surface form may have: the stemmer's, and those of the base forms an -ed, -es or -ing may hide
    (the stemmer gives "sacrificed" and "sacrifice" different stems).

    >>> _stems("sacrificed"), _stems("creatures")
    (('sacrif', 'sacrific'), ('creatur',))
    """
    out = [_stem(surface)]
    if surface.endswith("ed") and len(surface) > 4:
        out += [_stem(surface[:-1]), _stem(surface[:-2])]
    elif surface.endswith("es") and len(surface) > 4:
        out.append(_stem(surface[:-1]))
    elif surface.endswith("ing") and len(surface) > 5:
        out += [_stem(surface[:-3] + "e"), _stem(surface[:-3])]
    return tuple(dict.fromkeys(out))


def _plurals(word: str) -> list[str]:
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return [word[:-1] + "ies"]
    if word.endswith(("s", "x", "ch", "sh")):
        return [word + "es"]
    return [word + "s"]


def _name_words(name: str) -> list[str]:
    return [m.group() for m in re.finditer(r"[^\W_]+(?:['\u2019][^\W\d_]+)*|(?<!\S)#(?!\S)", name)]


def _clean_name(name: str) -> list[str]:
    """The wordings of one English name as a card's text may say it: without the glossary's parenthesised notes,
    quotes and "(formerly: …)", each of "X, Y" apart.

    >>> _clean_name("Kicker, Kicked"), _clean_name("draw (a card)"), _clean_name("Banding, \u201cBands with Other\u201d")
    (['Kicker', 'Kicked'], ['draw'], ['Banding', 'Bands with Other'])
    """
    name = re.sub(r"\s*\((?:formerly|obsolete)[^)]*\)", "", name, flags=re.IGNORECASE)
    name = re.sub(r"\s*\([^)]*\)", "", name).replace("\u201c", "").replace("\u201d", "").replace("\u2014", "")
    if _SKIP_NAME.search(name.strip()):
        return []
    return [part.strip() for part in name.split(",") if part.strip()]


# ---- the lexicon ------------------------------------------------------------------------------------------------
class Lexicon:
    """Every English wording the matcher knows: by exact words (`surface`) and by stems (`stems`), each a mapping of
    word tuples to an entry; the plain words; the irregular forms."""

    def __init__(self) -> None:
        self.surface: dict[tuple[str, ...], _Entry] = {}
        self.whole: dict[tuple[str, ...], _Entry] = {}  # names with an apostrophe, matched whole ("Urza's")
        self.phrases: list[dict] = []  # phrases.yaml's entries (their labels and notes)
        self.stems: dict[tuple[str, ...], _Entry] = {}
        self.plain: set[str] = set()
        self.plain_stems: set[str] = set()
        self.irregular: dict[str, str] = {}
        self.longest = 1
        self._prio: dict[tuple[int, tuple[str, ...]], int] = {}  # (table, key) -> the priority of its entry

    def add(self, wording: str, entry: _Entry, priority: int, stem_priority: int | None = None) -> None:
        """Add a wording; of two concepts with one wording the lower `priority` wins (for its stems,
        `stem_priority`: a curated wording does not take the inflections of a concept's name)."""
        words = [_surface(w, {}) for w in _name_words(wording)]
        if not words:
            return
        entry = replace(entry, length=len(wording), wording=wording)
        if entry.capital and any(ch in wording for ch in "'\u2019"):  # "Urza's": not the planeswalker Urza
            self.whole[tuple(_raw(w) for w in _name_words(wording))] = entry
            self.longest = max(self.longest, len(words))
            return
        key = tuple(words)
        forms = [key] + [(*key[:-1], p) for p in _plurals(key[-1])] if entry.kind != "ability-word" else [key]
        for form in forms:
            self._put(self.surface, form, entry, priority)
        self._put(self.stems, tuple(_stem(w) for w in key), entry, priority if stem_priority is None else stem_priority)
        self.longest = max(self.longest, len(key))

    def _put(self, table: dict, key: tuple, entry: _Entry, priority: int) -> None:
        old = table.get(key)
        if old is None:
            table[key] = entry
            self._prio[id(table), key] = priority
            return
        old_priority = self._prio[id(table), key]
        if old.concept == entry.concept:
            if entry.length < old.length and priority <= old_priority:
                table[key] = entry
            return
        if (priority, entry.length) < (old_priority, old.length):
            table[key] = entry
            self._prio[id(table), key] = priority

    def is_plain(self, surface: str) -> bool:
        return surface in self.plain or any(s in self.plain_stems for s in _stems(surface))


def _read_lines(*parts: str) -> list[str]:
    text = package_data(*_DATA, *parts).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def load_phrases() -> dict:
    """``curated/explain/phrases.yaml``, validated (a YamlError names file:line and the key)."""
    from glossary.yamlio import LineDict, YamlError, load_yaml

    path = package_data(*_DATA, "phrases.yaml")
    name = "glossary/curated/explain/phrases.yaml"
    data = load_yaml(path, name)
    if not isinstance(data, LineDict) or set(data) - {"phrases", "irregular"}:
        raise YamlError(name, getattr(data, "line", 1), "expected the keys phrases and irregular")
    for i, item in enumerate(data.get("phrases") or []):
        line = getattr(item, "line", 1)
        if not isinstance(item, dict) or set(item) - _PHRASE_KEYS or not {"en", "concept"} <= set(item):
            raise YamlError(name, line, "a phrase is {en: [wordings], concept: id, rules: [numbers], label: {it, ru}, "
                            "note: {it, ru}, status: {it, ru}}", key=f"phrases.{i}")
        if not isinstance(item["en"], list) or not all(isinstance(x, str) and x.strip() for x in item["en"]):
            raise YamlError(name, line, "en is a list of wordings", key=f"phrases.{i}.en")
        if not isinstance(item.get("rules", []), list):
            raise YamlError(name, line, "rules is a list of rule numbers", key=f"phrases.{i}.rules")
        for key in ("label", "note", "status"):
            value = item.get(key)
            if value is None:
                continue
            if (not isinstance(value, dict) or set(value) != {"it", "ru"}
                    or not all(isinstance(v, str) and v.strip() and not has_controls(v) for v in value.values())):
                raise YamlError(name, getattr(value, "line", line), f"{key} is {{it: text, ru: text}}, both written",
                                key=f"phrases.{i}.{key}")
            if key == "status" and set(value.values()) - STATUSES:
                raise YamlError(name, getattr(value, "line", line), f"a status is one of {', '.join(sorted(STATUSES))}",
                                key=f"phrases.{i}.status")
        if "status" in item and "label" not in item:
            raise YamlError(name, line, "status is the label's: give a label", key=f"phrases.{i}.status")
    irregular = data.get("irregular") or {}
    if not isinstance(irregular, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in irregular.items()):
        raise YamlError(name, getattr(irregular, "line", 1), "irregular maps a form to its base form", key="irregular")
    return data


def subtype_names() -> list[tuple[str, str]]:
    """``(kind, name)`` of ``curated/explain/subtypes.txt``."""
    return [tuple(line.split("\t", 1)) for line in _read_lines("subtypes.txt")]


def plain_words() -> list[str]:
    """``curated/explain/plain-words.txt``."""
    return _read_lines("plain-words.txt")


def _obsolete_names(data) -> set[str]:
    out = set()
    for m in data.modern.values():
        for n in m["names"]:
            if n["lang"] == "en" and n.get("status") == "obsolete":
                out.add(n["name"].lower())
                out.add(re.sub(r"\s*\(obsolete\)$", "", n["name"], flags=re.IGNORECASE).lower())
    return out


def lexicon(kb) -> Lexicon:
    """The lexicon of a knowledge base (built once per knowledge base: some tens of milliseconds)."""
    cached = getattr(kb, "_explain_lexicon", None)
    if cached is None:
        cached = _build(kb.data)
        try:
            kb._explain_lexicon = cached
        except AttributeError:  # a knowledge base that takes no attributes: build each time
            pass
    return cached


def _build(data) -> Lexicon:
    lex = Lexicon()
    phrases = load_phrases()
    lex.irregular = {k.lower(): v.lower() for k, v in (phrases.get("irregular") or {}).items()}
    lex.phrases = list(phrases.get("phrases") or [])
    for index, item in enumerate(lex.phrases):
        if item["concept"] not in data.concepts:
            continue  # (a test names it)
        for wording in item["en"]:
            lex.add(wording, _Entry(item["concept"], rules=tuple(str(r) for r in item.get("rules") or ()),
                                    phrase=index), 0, 2)
    obsolete = _obsolete_names(data)
    for cid, c in data.concepts.items():
        m = data.modern.get(cid)
        if m is not None and m["headword"].lower().endswith("(obsolete)") and not c.en:
            continue
        names = list(c.en) + [n["name"] for n in (m["names"] if m else ()) if n["lang"] == "en"]
        names += list(c.extra.get("en") or ()) if isinstance(c.extra, dict) else []
        if m is not None and m["headword"].lower().endswith("(obsolete)"):
            names = [n for n in names if "formerly" in n]  # only today's wording ("can't be blocked")
        for raw in dict.fromkeys(names):
            if raw.lower() in obsolete:
                continue
            for wording in _clean_name(raw):
                if wording.lower() not in _TOO_COMMON:
                    lex.add(wording, _Entry(cid), 1)
    for kind, name in subtype_names():
        concept = SUBTYPE_CONCEPTS.get(kind)
        if concept in data.concepts:
            lex.add(name, _Entry(concept, "ability-word" if kind == "ability-word" else "subtype",
                                 subtype=None if kind == "ability-word" else kind, capital=True), 2)
    for word in plain_words():
        lex.plain.add(word)
        lex.plain_stems.add(_stem(word))
    return lex


# ---- matching ---------------------------------------------------------------------------------------------------
def _check(text: str, name: str | None) -> None:
    if name is not None and (not name.strip() or len(name) > MAX_NAME or has_controls(name) or "\n" in name):
        raise ExplainError("bad_name")
    if not text or not text.strip():
        raise ExplainError("empty")
    if len(text) > MAX_TEXT:
        raise ExplainError("too_long")
    if has_controls(text.replace("\r", "")):
        raise ExplainError("controls")


def _self_spans(text: str, name: str | None) -> list[tuple[int, int, tuple[str, ...]]]:
    """Where the text names its own card: ``(start, end, rules)``."""
    variants: list[tuple[str, tuple[str, ...]]] = [("~", SELF_RULES), ("CARDNAME", SELF_RULES)]
    for face in (name or "").split("//"):  # a double-faced or split card: "Front // Back"
        full = " ".join(face.split())
        if not full:
            continue
        variants.append((full, SELF_RULES))
        short = full.split(",", 1)[0].strip()
        if short != full and len(short) > 1:
            variants.append((short, SHORT_NAME_RULES))
    spans: list[tuple[int, int, tuple[str, ...]]] = []
    taken = [False] * (len(text) + 1)
    for value, rules in sorted(variants, key=lambda v: -len(v[0])):
        pattern = "".join("['\u2019]" if ch in "'\u2019" else re.escape(ch) for ch in value)
        edge = r"(?<![\w])" if value[0].isalnum() else ""
        tail = r"(?:['\u2019]s)?(?![\w])" if value[-1].isalnum() else ""  # "Gisa's"
        flags = re.IGNORECASE if value != "~" else 0
        for m in re.finditer(edge + pattern + tail, text, flags):
            if any(taken[m.start():m.end()]):
                continue
            spans.append((m.start(), m.end(), rules))
            for i in range(m.start(), m.end()):
                taken[i] = True
    return sorted(spans)


def _tokens(text: str, skip: list[tuple[int, int, tuple[str, ...]]]) -> list[_Tok]:
    out = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        start, end = m.span()
        if kind == "loyalty":
            start += len(m.group()) - len(m.group().lstrip())
        if any(s <= start < e for s, e, _ in skip):
            continue
        out.append(_Tok(kind, start, end, text[start:end]))
    return out


def _sign(text: str) -> bool:
    return text[:1] in "+-\u2212\u2013"


class _Matcher:
    def __init__(self, lex: Lexicon, text: str, tokens: list[_Tok]) -> None:
        self.lex, self.text, self.toks = lex, text, tokens
        self.terms: list[Term] = []
        self.unknown: list[Unknown] = []

    def joined(self, i: int) -> bool:
        """Whether token i+1 continues token i within one term (only spaces or a hyphen between them)."""
        return i + 1 < len(self.toks) and _JOIN.fullmatch(self.text[self.toks[i].end:self.toks[i + 1].start]) is not None

    def modes_follow(self, j: int) -> bool:
        """Whether the modes of a modal spell or ability follow token j ("Choose one —", "choose one or both:")."""
        return self.text[self.toks[j].end:].lstrip()[:1] in ("—", "–", "-", ":", "•")

    def match_at(self, i: int) -> tuple[int, _Entry] | None:
        """The longest wording starting at token i: (number of tokens, entry); exact words before stems."""
        lex = self.lex
        words: list[str] = []
        raws: list[str] = []
        stems: list[tuple[str, ...]] = []
        best: tuple[int, _Entry] | None = None
        j = i
        while j < len(self.toks) and len(words) < lex.longest and self.toks[j].kind in ("word", "number"):
            s = _surface(self.toks[j].text, lex.irregular)
            words.append(s)
            raws.append(_raw(self.toks[j].text))
            stems.append(_stems(s) + (NUMBER,) if self.toks[j].kind == "number" or s == "x" else _stems(s))
            n = len(words)
            entry = lex.whole.get(tuple(raws)) if lex.whole else None
            if entry is None:
                entry = lex.surface.get(tuple(words))
            if entry is None:
                entry = next((lex.stems[k] for k in _product(stems) if k in lex.stems), None)
            if entry is not None and entry.concept == "modal-mode" and not self.modes_follow(j):
                entry = None  # "chooses two of those cards", "choose one of them": a choice, not modes (700.2)
            if entry is not None and (not entry.capital or self.toks[i].text[:1].isupper()):
                best = (n, entry)
            if not self.joined(j):
                break
            j += 1
        return best

    def run(self) -> None:
        toks = self.toks
        i = 0
        while i < len(toks):
            tok = toks[i]
            if tok.kind == "symbol":
                self.symbol(tok)
            elif tok.kind == "loyalty":
                self.terms.append(Term(tok.text, tok.start, tok.end, "loyalty", "loyalty-ability", LOYALTY_RULES))
            elif tok.kind == "pt":
                self.terms.append(self.power_toughness(tok))
            elif tok.kind == "word" and self.chapter(i):
                pass
            elif tok.kind in ("word", "number"):
                found = self.match_at(i)
                if found is not None:
                    n, entry = found
                    last = toks[i + n - 1]
                    self.add_match(i, n, entry, Term(self.text[tok.start:last.end], tok.start, last.end, entry.kind,
                                                     entry.concept, entry.rules, entry.subtype, entry.wording,
                                                     entry.phrase))
                    i += n
                    continue
                if tok.kind == "word":
                    self.word(tok)
            i += 1

    def add_match(self, i: int, n: int, entry: _Entry, term: Term) -> None:
        if entry.concept in ("counter-marker", "counter-spell") and n == 1:
            if self.counter_is_verb(i):
                term = Term(term.text, term.start, term.end, "term", "counter-spell", COUNTER_SPELL_RULES)
            else:
                term = self.counter_named(i, term)
        self.terms.append(term)

    def counter_is_verb(self, i: int) -> bool:
        word = self.toks[i].text.lower()
        if word.startswith("countered") or word.startswith("countering"):
            return True
        if word not in ("counter", "counters"):
            return False
        prev = self.toks[i - 1] if i > 0 else None
        if prev is not None and _CLAUSE_END.search(self.text, prev.end, self.toks[i].start):
            prev = None  # "… becomes 3/3. Counter target spell.": a new sentence
        if prev is not None and (prev.kind in ("pt", "number") or prev.text.lower() in _NOUN_BEFORE):
            return False
        if prev is not None and prev.kind == "word" and self.unknown and self.unknown[-1].start == prev.start:
            return False  # "a charge counter"
        nxt = self.toks[i + 1] if i + 1 < len(self.toks) else None
        return nxt is not None and nxt.kind == "word" and nxt.text.lower() in _COUNTER_OBJECT

    def power_toughness(self, tok: _Tok) -> Term:
        """A power/toughness: a change ("+1/-1", 613.4c), a value an effect sets ("becomes a 3/3", 613.4b), or a
        value ("a 1/1 token", 208.1)."""
        if _sign(tok.text):
            return Term(tok.text, tok.start, tok.end, "pt", "power", PT_MODIFY_RULES, pt="change")
        line_start = self.text.rfind("\n", 0, tok.start) + 1
        if _PT_SET_BEFORE.search(self.text[max(line_start, tok.start - 40):tok.start]):
            return Term(tok.text, tok.start, tok.end, "pt", "power", PT_SET_RULES, pt="set")
        return Term(tok.text, tok.start, tok.end, "pt", "power", PT_VALUE_RULES, pt="value")

    def counter_named(self, i: int, term: Term) -> Term:
        """A counter with its name before it ("+1/+1 counter", "charge counter") is one term."""
        start = term.start
        if i > 0 and _JOIN.fullmatch(self.text[self.toks[i - 1].end:self.toks[i].start]):
            prev = self.toks[i - 1]
            if self.unknown and self.unknown[-1].start == prev.start:
                self.unknown.pop()
                start = prev.start
            elif prev.kind == "pt" and self.terms and self.terms[-1].start == prev.start:
                self.terms.pop()
                start = prev.start
        return Term(self.text[start:term.end], start, term.end, "counter", "counter-marker", COUNTER_RULES)

    def chapter(self, i: int) -> bool:
        """A Saga's chapter numeral: at the start of a line ("I —", "II, III —"), or named in a text ("after III";
        "I" alone only at the start of a line: elsewhere it is the pronoun)."""
        tok = self.toks[i]
        if tok.text not in _ROMAN:
            return False
        if tok.text != "I":
            self.terms.append(Term(tok.text, tok.start, tok.end, "chapter", "saga", CHAPTER_RULES))
            return True
        line_start = self.text.rfind("\n", 0, tok.start) + 1
        before = self.text[line_start:tok.start]
        if re.fullmatch(r"[\s,IVX]*", before) is None:
            return False
        after = self.text[tok.end:tok.end + 40]
        if re.match(r"\s*(?:,\s*[IVX]+\s*)*(?:\u2014|\u2013|--)", after) is None:
            return False
        self.terms.append(Term(tok.text, tok.start, tok.end, "chapter", "saga", CHAPTER_RULES))
        return True

    def word(self, tok: _Tok) -> None:
        lex = self.lex
        s = _surface(tok.text, lex.irregular)
        if s.startswith("non") and len(s) > 5:  # noncreature, nonblack, nontoken
            rest = s[3:]
            entry = lex.surface.get((rest,)) or next((lex.stems[(k,)] for k in _stems(rest) if (k,) in lex.stems), None)
            if entry is not None:
                self.terms.append(Term(tok.text, tok.start, tok.end, entry.kind, entry.concept, entry.rules,
                                       entry.subtype, entry.wording, entry.phrase))
                return
        if lex.is_plain(s):
            return
        self.unknown.append(Unknown(tok.text, tok.start, tok.end))

    def symbol(self, tok: _Tok) -> None:
        concept = _symbol_concept(tok.text[1:-1].upper())
        if concept is None:
            self.unknown.append(Unknown(tok.text, tok.start, tok.end))
        else:
            self.terms.append(Term(tok.text, tok.start, tok.end, "symbol", concept, ()))


def _product(stems: list[tuple[str, ...]]):
    """Every tuple of one stem per word (few: most words have one stem)."""
    out: list[tuple[str, ...]] = [()]
    for options in stems:
        out = [(*prefix, s) for prefix in out for s in options]
    return out


def _symbol_concept(sym: str) -> str | None:
    """The concept of a symbol's inside (``"T"``, ``"2"``, ``"W/U"``, ``"G/P"``, ``"2/W"``, ``"W/U/P"``).

    >>> [_symbol_concept(s) for s in ("T", "12", "W/U", "G/P", "2/W", "W/U/P", "C/W", "ZZ")]
    ['tap-symbol', 'generic-mana', 'hybrid-mana-symbols', 'phyrexian-mana-symbol', 'monocolored-hybrid-mana-symbols', 'hybrid-phyrexian-mana-symbols', 'hybrid-mana-symbols', None]
    """
    if sym.isdigit() or sym in ("\u00bd", "\u221e"):
        return "generic-mana"
    if sym in _SYMBOLS:
        return _SYMBOLS[sym]
    parts = sym.split("/")
    if len(parts) == 2:
        a, b = parts
        if b == "P" and a in _COLOURS | {"C"}:
            return "phyrexian-mana-symbol"
        if a.isdigit() and b in _COLOURS:
            return "monocolored-hybrid-mana-symbols"
        if a in _COLOURS | {"C"} and b in _COLOURS and a != b:
            return "hybrid-mana-symbols"
    if len(parts) == 3 and parts[2] == "P" and parts[0] in _COLOURS and parts[1] in _COLOURS:
        return "hybrid-phyrexian-mana-symbols"
    return None


def _reminders(text: str) -> list[Term]:
    """Each parenthesised passage (innermost pairs; a "(" without its ")" runs to the end of its line)."""
    out = []
    for m in re.finditer(r"\([^()\n]*\)?", text):
        out.append(Term(m.group(), m.start(), m.end(), "reminder", "reminder-text", ()))
    return out


def explain(kb, text: str, name: str | None = None) -> Explanation:
    """The terms of a card's English `text` and the words it does not know (see the module's docstring). `name`: the
    card's name (its short name before a comma is understood too). Raises `ExplainError` for an empty or too long
    text, or one holding control characters."""
    _check(text, name)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lex = lexicon(kb)
    selves = _self_spans(text, name)
    tokens = _tokens(text, selves)
    m = _Matcher(lex, text, tokens)
    m.run()
    terms = m.terms + [Term(text[s:e], s, e, "self", "name", rules) for s, e, rules in selves] + _reminders(text)
    terms = [t for t in terms if t.concept in kb.data.concepts]
    terms.sort(key=lambda t: (t.start, -t.end))
    return Explanation(text, name, terms, m.unknown)


# ---- what the learner reads -------------------------------------------------------------------------------------
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-ÖØ-ÞА-ЯЁ«(0-9])")
_NUMBERED = re.compile(r"^1[.)]\s+")  # a definition of several meanings: "1) … 2) …", "1. … 2. …"


def first_sentence(text: str) -> str:
    """The first sentence of a definition (a full stop inside parentheses does not end it); of a definition with
    numbered meanings, the whole first meaning without its number.

    >>> first_sentence("Tipo di carta (302). Le creature hanno forza.")
    'Tipo di carta (302).'
    >>> first_sentence("Una regola (vedi 1. e 2.) qui. Altro.")
    'Una regola (vedi 1. e 2.) qui.'
    >>> first_sentence("1. Parte del turno (sezione 5). Vedi fase. 2. Come verbo: entrare in fase (702.26).")
    'Parte del turno (sezione 5). Vedi fase.'
    >>> first_sentence("1) Testo di un oggetto. 2) Un'abilità in pila.")
    'Testo di un oggetto.'
    """
    text = " ".join(text.split())
    numbered = _NUMBERED.match(text)
    if numbered:
        mark = text[numbered.start() + 1]  # "." or ")"
        rest = text[numbered.end():]
        second = re.search(r"\s2" + re.escape(mark) + r"\s", rest)
        return (rest[:second.start()] if second else rest).strip()
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth <= 0 and ch in ".!?" and _SENTENCE_END.match(text, i + 1):
            return text[: i + 1]
    return text


def _headword_forms(headword: str) -> set[str]:
    return {w.lower() for w in _clean_name(re.sub(r"\s*\(obsolete\)$", "", headword, flags=re.IGNORECASE))}


def concept_name(kb, cid: str, lang: str, wording: str = "") -> tuple[str, str | None]:
    """A concept's name in `lang` and its status (official / community / none / unverified / obsolete), from the
    modern glossary: the name of the headword the English `wording` is (the "Deal" of "damage": «infliggere»), else
    the concept's main name (not one of an obsolete headword); the curated name otherwise."""
    d = kb.data
    m = d.modern.get(cid)
    if m is not None:
        names = [n for n in m["names"] if n["lang"] == lang and n["kind"] == "name"]
        if wording:
            key = wording.lower()
            for n in names:
                if key in _headword_forms(n["headword"]):
                    return n["name"], n.get("status")
        for n in names:
            if not n["headword"].lower().endswith("(obsolete)"):
                return n["name"], n.get("status")
    c = d.concepts[cid]
    names = getattr(c, lang, None) or c.en
    return (names[0] if names else cid), None


def concept_definition(kb, cid: str, lang: str, wording: str = "") -> str | None:
    """The first sentence (or first meaning) of a concept's unofficial definition in `lang`: that of the headword the
    English `wording` is, when it has one of its own; the modern glossary's, the curated one, or the source entry's of
    that language; None when there is none."""
    d = kb.data
    m = d.modern.get(cid)
    text = None
    if m is not None and wording:
        key = wording.lower()
        text = next((n["def"].get(lang) for n in m["names"] if n["lang"] == lang and n["kind"] == "name"
                     and isinstance(n.get("def"), dict) and key in _headword_forms(n["headword"])), None)
    if not text and m is not None:
        text = m.get("definition", {}).get(lang)
    c = d.concepts[cid]
    if not text and c.definition:
        text = c.definition.get(lang)
    if not text:
        for eid in c.entries:
            e = d.entries.get(eid)
            if e is not None and e.lang == lang and e.text():
                text = e.text()
                break
    return first_sentence(text) if text else None


def view(kb, explanation: Explanation, lang: str) -> dict:
    """The JSON contract: ``{"text", "name", "lang", "terms": [{"text", "start", "end", "kind", "concept", "name",
    "status", "definition", "rules", "subtype"?, "pt"?}], "unknown": [{"text", "start", "end"}]}`` (README.md).

    A phrase of phrases.yaml with a `label` is named by it (status official unless its `status` says otherwise) and
    defined by its `note`; a power/toughness has ``"pt": {"change": "change" | "value" | "set", "power",
    "toughness"}`` and no definition here (the interface writes it in the learner's language)."""
    lex = lexicon(kb)
    terms = []
    for t in explanation.terms:
        phrase = lex.phrases[t.phrase] if 0 <= t.phrase < len(lex.phrases) else {}
        if phrase.get("label"):
            name, status = phrase["label"][lang], (phrase.get("status") or {}).get(lang, "official")
        else:
            name, status = concept_name(kb, t.concept, lang, t.wording)
        definition = phrase["note"][lang] if phrase.get("note") else concept_definition(kb, t.concept, lang, t.wording)
        if t.kind == "pt":
            name = f"{name}/{concept_name(kb, 'toughness', lang)[0]}"
            definition = None
        rules = list(dict.fromkeys([*t.rules, *kb.data.concepts[t.concept].rules]))
        item = {"text": t.text, "start": t.start, "end": t.end, "kind": t.kind, "concept": t.concept, "name": name,
                "status": status, "definition": definition, "rules": rules}
        if t.subtype:
            item["subtype"] = t.subtype
        if t.pt:
            power, toughness = re.split(r"/", t.text, maxsplit=1)
            item["pt"] = {"change": t.pt, "power": power, "toughness": toughness}
        terms.append(item)
    return {"text": explanation.text, "name": explanation.name, "lang": lang, "terms": terms,
            "unknown": [{"text": u.text, "start": u.start, "end": u.end} for u in explanation.unknown]}
