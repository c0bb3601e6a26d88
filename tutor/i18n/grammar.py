"""Templates with agreement: the small language in which the catalogs (``it.py``, ``ru.py``) are written.

A catalog text is a ``str.format`` template. A field holds a number, a noun (:class:`Noun`) or plain
text, and what follows its colon (the *spec*) asks for a grammatical form:

- ``{life}``: a number; negative numbers get the real minus sign: ``−1``.
- ``{life:# жизнь}``: a word agreed with the number, ``#`` standing for the number (ru: the form for 1,
  agreed by pymorphy3): 1 жизнь, 2 жизни, 5 жизней, 11 жизней, 21 жизнь, −1 жизнь; adjectives too:
  ``{n:# боевое повреждение}`` → 2 боевых повреждения.
- ``{n:# danno|danni}``: explicit forms, one per plural category of the language (it: one|other;
  ru: one|few|many); a leading ``# `` is shared by all of them, otherwise each form places ``#`` or
  leaves it out: ``{n:il prossimo danno|i prossimi # danni}``.
- ``{card}``: a noun phrase as it is (ru: nominative): ``creatura «Orsi Grizzly»``.
- ``{card:il}``, ``{card:al}``, ``del``, ``dal``, ``nel``, ``sul`` (it): with the definite article, alone or
  joined to a / di / da / in / su: ``la creatura``, ``all'artefatto``, ``del Giocatore A``, ``dallo scudo``.
- ``{card:datv}`` (ru): in a case (``nomn gent datv accs ablt loct``): ``существу «Медведи-гризли»``; only
  the head declines, with its adjectives; a name after its head noun never does. A name alone (a noun
  without a head: ``tutor.events_text.name_noun``, or ``~``) declines inside its «», by the card's data
  (animacy, ``declension``) or pymorphy3, and what follows the «» stays: ``Разыграть {card:accs}`` →
  ``Разыграть «Ллановарских эльфов»``, ``«Медведей-гризли» игрока B``. ``nomn`` says the nominative.
- ``{card:наносит}`` (ru): words agreed with a noun by pymorphy3 (number; gender in the past tense and in
  adjectives; third-person pronouns): ``{card:нанёс бы}`` → нанёс бы / нанесла бы / нанесло бы / нанесли бы,
  ``{player:он}`` → он / она / оно / они.
- ``{card:esiliato|esiliata}``: explicit forms by the noun: m|f, or m.sg|f.sg|m.pl|f.pl (it); m|f|n|pl (ru).
- ``^`` capitalises the first letter of the result: ``{card:^il}`` → ``La creatura…``, ``{player:^}`` → ``Игрок A``.
- ``~`` takes the name alone (the noun's tail) with its own gender and number: ``{card:~}`` →
  ``«Медведи-гризли»``, ``{card:~наносит}`` → ``наносят`` (the noun ``существо`` would want ``наносит``).
  The name's gender and number come from the data when it has them (:meth:`Noun.with_tail_gender`: a card's
  ``gender`` in lessons/cards.yaml), else as for any noun: ``{c:~TAPpato|TAPpata|TAPpati|TAPpate}`` →
  ``TAPpati`` for «Orsi Grizzly» (``m.pl``).
- a :class:`Nouns` field: each noun takes the spec, joined by ", " and the conjunction; a word agreed with
  several nouns is plural.
- ``{share:.1%}``: any other spec is ``str.format``'s own.
- Russian prepositions take their vowel where the next word asks for it, whatever the field brings:
  ``с {k:ablt}`` → со смертельным касанием, ``в {s:loct}`` → во второй главной фазе (ко мне, со всеми).

Literal braces are doubled (``{{T}}``). A noun's gender and number come from the catalog (a ``noun.*``
text may start with ``m:``, ``f:``, ``n:``, ``m.pl:`` ...; a name's from its data) or, in Russian, from
pymorphy3; Italian guesses the gender from the ending of the first word when nothing is said (a guess: it
never finds a plural, so names give theirs as data). A language without special rules uses :class:`Grammar`
(plural one|other, explicit forms only): a third language needs a catalog, not code.

>>> fmt("{n:# danno|danni} {p:al}", "it", n=2, p=Noun("Giocatore", "B", "m"))
'2 danni al Giocatore B'
>>> fmt("{c:^il} viene {c:esiliato|esiliata}", "it", c=Noun("creatura", "«Orsi Grizzly»", "f"))
'La creatura «Orsi Grizzly» viene esiliata'
>>> fmt("{life}", "it", life=-1)
'−1'
"""

from __future__ import annotations

import functools
import re
import string

__all__ = ["Grammar", "Noun", "Nouns", "TemplateError", "check_template", "fmt", "grammar", "minus",
           "parse_gender", "parse_noun_text", "template_fields"]

MINUS = "\u2212"
# str.format's own specs ([[fill]align][sign][z][#][0][width][grouping][.precision][type]).
_STANDARD = re.compile(r"(?:.?[<>=^])?[+\- ]?z?#?0?\d*[,_]?(?:\.\d+)?[bcdeEfFgGnosxX%]?")
_NOUN_TAGS = re.compile(r"^(m|f|n)(\.pl)?:")
_GENDER = re.compile(r"(m|f|n)(\.pl)?(?:\.(?:anim|inan))?")


class TemplateError(ValueError):
    """A template asks for something its language cannot do (wrong number of forms, unknown case)."""


def minus(text: str) -> str:
    """``-1`` → ``−1``: the real minus sign in a number's text."""
    return text.replace("-", MINUS)


class Noun:
    """A noun phrase: `head` declines and carries the article ("creatura", "игрок", "шаг взятия карты"),
    `tail` never changes (a name in «», a letter). `gender` ("m", "f", "n") and `plural` are for
    agreement; empty / None: the language finds them (Russian: pymorphy3; Italian: from the ending).
    `tail_gender` and `tail_plural` are the same for the tail alone (the ``~`` spec), when the data
    knows them; `tail_animate` (Russian: None when pymorphy3 knows) and `tail_forms` (a name's cases, as
    ``(("gent", "Акромы, Ангела Гнева"), ...)``, for the names pymorphy3 declines wrong) too.

    A noun without a head is a name (``{card:~…}``, or a name given alone): in Russian the name in «»
    declines (``«Акрому, Ангела Гнева»``), what follows it (``игрока B``) does not. (A plain class rather
    than a dataclass: the grammar must import fast.)"""

    __slots__ = ("head", "tail", "gender", "plural", "tail_gender", "tail_plural", "tail_animate", "tail_forms")

    def __init__(self, head: str = "", tail: str = "", gender: str = "", plural: bool | None = None,
                 tail_gender: str = "", tail_plural: bool | None = None, tail_animate: bool | None = None,
                 tail_forms: tuple = ()) -> None:
        self.head, self.tail, self.gender, self.plural = head, tail, gender, plural
        self.tail_gender, self.tail_plural = tail_gender, tail_plural
        self.tail_animate, self.tail_forms = tail_animate, tuple(tail_forms)

    def with_tail_gender(self, spec: str, forms: dict | None = None) -> Noun:
        """This noun, its tail (a name) having the gender and number `spec` (``m``, ``f.pl``, Russian
        ``m.anim`` as a card's ``gender`` gives them) and the cases `forms` (a card's ``declension``);
        an empty spec changes nothing.

        >>> fmt("{c:~TAPpato|TAPpata|TAPpati|TAPpate}", "it", c=Noun("creatura", "«Orsi Grizzly»", "f")
        ...     .with_tail_gender("m.pl"))
        'TAPpati'
        """
        if not spec and not forms:
            return self
        gender, plural = parse_gender(spec) if spec else ("", None)
        animate = {"anim": True, "inan": False}.get(spec.rsplit(".", 1)[-1]) if spec else None
        return Noun(self.head, self.tail, self.gender, self.plural, gender, plural, animate,
                    tuple(sorted((forms or {}).items())))

    def name(self) -> Noun:
        """The name alone (the tail, with its own grammar); a noun without a tail, or already a name (no
        head), is its own name."""
        if not self.head and not self.tail_gender:
            return self
        if not self.tail:
            return Noun("", self.head, self.gender, self.plural)
        return Noun("", self.tail, self.tail_gender, self.tail_plural, "", None, self.tail_animate, self.tail_forms)

    def _key(self) -> tuple:
        return (self.head, self.tail, self.gender, self.plural, self.tail_gender, self.tail_plural, self.tail_animate,
                self.tail_forms)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Noun) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Noun{self._key()!r}"

    def __str__(self) -> str:
        return " ".join(x for x in (self.head, self.tail) if x)


class Nouns:
    """Several nouns as one field: each takes the spec, joined by commas and `conjunction` (Italian "e",
    Russian "и")."""

    __slots__ = ("items", "conjunction")

    def __init__(self, items: tuple, conjunction: str = "") -> None:
        self.items, self.conjunction = tuple(items), conjunction

    def __repr__(self) -> str:
        return f"Nouns({self.items!r}, {self.conjunction!r})"

    def join(self, parts: list[str]) -> str:
        if len(parts) < 2 or not self.conjunction:
            return ", ".join(parts)
        return ", ".join(parts[:-1]) + f" {self.conjunction} " + parts[-1]


class Grammar:
    """The rules of a language without special ones: plural one|other, explicit forms only."""

    plural_forms = 2
    cases: tuple[str, ...] = ()
    gender_forms = (2, 4)  # m|f, m.sg|f.sg|m.pl|f.pl

    def plural_index(self, n: int) -> int:
        """The plural category of `n` (index into the forms of a number spec)."""
        return 0 if abs(n) == 1 else 1

    def agree_number(self, words: str, n: int) -> str:
        raise TemplateError(f"give {self.plural_forms} forms separated by '|': {words!r}")

    def agree(self, words: str, noun: Noun) -> str:
        raise TemplateError(f"give the forms m|f separated by '|': {words!r}")

    def decline(self, noun: Noun, case: str) -> str:
        raise TemplateError(f"unknown case or article {case!r}")

    def features(self, noun: Noun) -> tuple[str, bool]:
        """(gender, plural) of a noun."""
        return noun.gender or "m", bool(noun.plural)

    def gender_form(self, forms: list[str], noun: Noun) -> str:
        gender, plural = self.features(noun)
        if len(forms) == 2:
            return forms[gender == "f"]
        if len(forms) == 4:
            return forms[(gender == "f") + 2 * plural]
        raise TemplateError(f"give 2 or 4 forms (m|f or m.sg|f.sg|m.pl|f.pl), not {len(forms)}: {'|'.join(forms)!r}")

    def agrees_words(self) -> bool:
        """Whether one form is enough (the language agrees words by itself)."""
        return False

    def finish(self, text: str) -> str:
        """The formatted text, touched up where words meet (nothing to do in most languages)."""
        return text


class Italian(Grammar):
    """Italian: definite articles joined to prepositions; gender from the catalog or the ending."""

    cases = ("il", "al", "del", "dal", "nel", "sul")
    _PREP = {"il": "", "al": "a", "del": "de", "dal": "da", "nel": "ne", "sul": "su"}
    _FEMININE_E = {"fase", "sottofase", "fonte", "parte", "mente", "morte", "notte", "chiave", "classe",
                   "legge", "mano", "immagine", "riserva"}

    def features(self, noun: Noun) -> tuple[str, bool]:
        """The noun's gender and number as given; else the gender guessed from the ending of its first word
        (-a, -à, -tù, -zione/-sione/-gione/-stione/-nione and a few words in -e and -o are feminine; the other
        words in -ione are masculine: il campione, il milione), singular."""
        if noun.gender:
            return noun.gender, bool(noun.plural)
        words = (noun.head or noun.tail).split()
        word = words[0].strip("«»\"'.,;:!?()").lower() if words else ""
        fem = word.endswith(("a", "à", "tù", "zione", "sione", "gione", "stione", "nione")) or word in self._FEMININE_E
        return ("f" if fem else "m"), bool(noun.plural)

    @staticmethod
    def article(word: str, gender: str, plural: bool) -> str:
        """The definite article before `word`: il, lo, l', la, i, gli, le."""
        w = word.lstrip("«\"'").lower()
        vowel = w[:1] in "aeiouàèéìòùh"
        lo = bool(re.match(r"s[^aeiouàèéìòù]|z|gn|ps|pn|x|y|i[aeiou]", w))
        if gender == "f":
            return "le" if plural else ("l'" if vowel else "la")
        if plural:
            return "gli" if vowel or lo else "i"
        return "l'" if vowel else ("lo" if lo else "il")

    def decline(self, noun: Noun, case: str) -> str:
        if case not in self._PREP:
            return super().decline(noun, case)
        gender, plural = self.features(noun)
        text = str(noun)
        art = self.article(text, gender, plural)
        base = self._PREP[case]
        if base:  # a + il = al, di + lo = dello, in + l' = nell', su + i = sui ...
            art = base + {"il": "l", "lo": "llo", "l'": "ll'", "la": "lla", "i": "i", "gli": "gli", "le": "lle"}[art]
        return art + text if art.endswith("'") else f"{art} {text}"


_CONSONANT = "бвгджзклмнпрстфхцчшщ"
# с → со, в → во, к → ко before the words that ask for the vowel: со смертельным, со страхом, со щитом, во второй,
# во время, ко мне, со всеми (the rules of the written language; no pymorphy3 needed).


@functools.cache
def _vowel_prepositions() -> re.Pattern:
    """Compiled on the first Russian text (not at import: an Italian command never needs it)."""
    return re.compile("|".join(
        rf"(?<![\w-])({prep}) (?=[«\"„(]?(?:{follows}))" for prep, follows in (
            ("с", rf"[сзшж][{_CONSONANT}]|щ|мн|вс|вт"), ("в", rf"[вф][{_CONSONANT}]|мн"), ("к", "мн|вс|вт"))),
        re.IGNORECASE)


def _vowel_preposition(m: re.Match) -> str:
    return next(g for g in m.groups() if g) + "о "


class Russian(Grammar):
    """Russian: one|few|many, six cases and agreement by pymorphy3 (loaded on first need).

    >>> fmt("с {k:ablt}, в {s:loct}", "ru", k=Noun("смертельное касание"), s=Noun("вторая главная фаза"))
    'со смертельным касанием, во второй главной фазе'
    """

    plural_forms = 3
    cases = ("nomn", "gent", "datv", "accs", "ablt", "loct")
    gender_forms = (4,)

    def plural_index(self, n: int) -> int:
        n = abs(n)
        if n % 10 == 1 and n % 100 != 11:
            return 0
        return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2

    def agrees_words(self) -> bool:
        return True

    def finish(self, text: str) -> str:
        return _vowel_prepositions().sub(_vowel_preposition, text) if " " in text else text

    def agree_number(self, words: str, n: int) -> str:
        from tutor.i18n import russian

        return russian.agree_with_number(words, abs(n))

    def agree(self, words: str, noun: Noun) -> str:
        from tutor.i18n import russian

        return russian.agree_with(words, *self.features(noun))

    def decline(self, noun: Noun, case: str) -> str:
        if case not in self.cases:
            return super().decline(noun, case)
        from tutor.i18n import russian

        if not noun.head:  # a name: the name in «» declines, what follows it does not
            return russian.decline_name(noun.tail, case, *self.features(noun), noun.tail_animate, noun.tail_forms)
        head = russian.decline(noun.head, case, *self.features(noun))
        return " ".join(x for x in (head, noun.tail) if x)

    def features(self, noun: Noun) -> tuple[str, bool]:
        if noun.gender and noun.plural is not None:
            return noun.gender, noun.plural
        from tutor.i18n import russian

        gender, plural = russian.features(noun.head) if noun.head else russian.name_features(noun.tail)
        return noun.gender or gender, plural if noun.plural is None else noun.plural

    def gender_form(self, forms: list[str], noun: Noun) -> str:
        if len(forms) != 4:
            raise TemplateError(f"give 4 forms m|f|n|pl, not {len(forms)}: {'|'.join(forms)!r}")
        gender, plural = self.features(noun)
        return forms[3] if plural else forms["mfn".index(gender or "m")]


_GRAMMARS: dict[str, Grammar] = {"it": Italian(), "ru": Russian()}


def grammar(lang: str) -> Grammar:
    """The grammar of `lang` (the plain :class:`Grammar` for a language without special rules)."""
    return _GRAMMARS.get(lang) or _GRAMMARS.setdefault(lang, Grammar())


class _Formatter(string.Formatter):
    def __init__(self, g: Grammar) -> None:
        self.g = g

    def format_field(self, value: object, spec: str) -> str:
        mods = re.match(r"[\^~]*", spec).group(0)
        if "~" in mods:  # the name alone, with its own gender and number
            value = _name_only(value)
        out = self._field(value, spec[len(mods):])
        return out[:1].upper() + out[1:] if "^" in mods else out

    def _field(self, value: object, spec: str) -> str:
        g = self.g
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if not spec or _STANDARD.fullmatch(spec):
                return minus(format(value, spec))
            shared = "# " if spec.startswith("# ") else ""  # "# danno|danni" = "# danno|# danni"
            forms = spec[len(shared):].split("|")
            if len(forms) == 1 and g.agrees_words():
                text = g.agree_number(spec, int(value))
            elif len(forms) == g.plural_forms:
                text = shared + forms[g.plural_index(int(value))]
            else:
                raise TemplateError(f"{len(forms)} forms for a number; this language has {g.plural_forms}: {spec!r}")
            return text.replace("#", minus(str(value)))
        if isinstance(value, Nouns):
            if spec and spec not in g.cases and len(value.items) > 1:  # a word agreed with several nouns
                genders = {g.features(x)[0] for x in value.items}
                value = Noun(gender="m" if "m" in genders or len(genders) > 1 else genders.pop(), plural=True)
            else:
                return value.join([self._field(item, spec) for item in value.items])
        if isinstance(value, Noun):
            if not spec:
                return str(value)
            if spec in g.cases:
                return g.decline(value, spec)
            forms = spec.split("|")
            if len(forms) == 1:
                return g.agree(spec, value)
            return g.gender_form(forms, value)
        return format(value, spec)


_FORMATTERS: dict[str, _Formatter] = {}


def _name_only(value: object) -> object:
    """The ``~`` of a field: the tail alone, with the tail's own grammar if the noun has it."""
    if isinstance(value, Nouns):
        return Nouns(tuple(_name_only(x) for x in value.items), value.conjunction)
    if isinstance(value, Noun):
        return value.name()
    return value


def fmt(template: str, lang: str, /, **fields: object) -> str:
    """Format a catalog template in `lang` (see the module docstring for the specs)."""
    if "{" not in template and "}" not in template:
        return template
    formatter = _FORMATTERS.get(lang)
    if formatter is None:
        formatter = _FORMATTERS[lang] = _Formatter(grammar(lang))
    return formatter.g.finish(formatter.vformat(template, (), fields))


def template_fields(template: str) -> set[str]:
    """The field names a template uses (``{card:il}`` → ``card``)."""
    out = set()
    for _, name, _, _ in string.Formatter().parse(template):
        if name is not None:
            out.add(re.split(r"[.\[]", name, maxsplit=1)[0])
    return out


def parse_gender(spec: str) -> tuple[str, bool]:
    """A gender and number as the data writes them → (gender, plural): ``"m.pl"`` → ``("m", True)``,
    ``"f"`` → ``("f", False)``; anything else is a ValueError."""
    m = _GENDER.fullmatch(spec)
    if not m:
        raise ValueError(f"a gender is m, f or n, with .pl for a plural (m.pl) and .anim or .inan for an animacy: "
                         f"not {spec!r}")
    return m.group(1), bool(m.group(2))


def parse_noun_text(text: str) -> tuple[str, bool | None, str]:
    """A ``noun.*`` catalog text → (gender, plural, template): ``"f:creatura «{name}»"`` →
    ``("f", False, "creatura «{name}»")``; no tags → ``("", None, text)``."""
    m = _NOUN_TAGS.match(text)
    if not m:
        return "", None, text
    return m.group(1), bool(m.group(2)), text[m.end():]


def check_template(template: str, lang: str) -> list[str]:
    """Problems of a template in `lang`: specs its grammar cannot do (for the catalog tests)."""
    g = grammar(lang)
    problems = []
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as exc:
        return [f"not a template: {exc}"]
    for _, name, spec, _ in parsed:
        if name is None or not spec:
            continue
        spec = spec.lstrip("^~")
        if not spec or _STANDARD.fullmatch(spec) or spec in g.cases:
            continue
        n = len(spec.removeprefix("# ").split("|"))
        ok = n in (g.plural_forms, *g.gender_forms) or (n == 1 and g.agrees_words())
        if not ok:
            problems.append(f"{{{name}:{spec}}}: {n} forms; {lang} takes {g.plural_forms} (numbers) or "
                            f"{' or '.join(map(str, g.gender_forms))} (nouns)" + (" or 1" if g.agrees_words() else ""))
        elif n == 1 and g.agrees_words():
            from tutor.i18n import russian

            problems.extend(f"{{{name}:{spec}}}: {w!r} is unknown to pymorphy3" for w in russian.unknown_words(spec))
    return problems
