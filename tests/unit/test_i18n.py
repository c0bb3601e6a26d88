"""The message catalog: complete in every language, templates its grammar can do, agreement with numbers
and nouns in Italian and Russian, data texts, and no language pairs left in the code."""

from __future__ import annotations

import doctest
import functools
import importlib
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tutor.i18n import LANGS, Noun, Nouns, catalog, next_lang, noun, pick, t, ui_lang
from tutor.i18n.grammar import TemplateError, check_template, fmt, grammar, parse_noun_text, template_fields

PLACEHOLDER = re.compile(r"%\(\w+\)[sr]|%[sr]")


# ---- the catalogs --------------------------------------------------------------------------------------
def test_every_key_exists_in_every_language():
    keys = {lang: set(catalog(lang)) for lang in LANGS}
    for lang in LANGS:
        for other in LANGS:
            assert not keys[other] - keys[lang], f"missing in {lang}: {sorted(keys[other] - keys[lang])}"


@pytest.mark.parametrize("key", sorted(catalog(LANGS[0])))
def test_every_key_has_the_same_fields_in_every_language(key):
    fields = {lang: template_fields(parse_noun_text(catalog(lang)[key])[2]) for lang in LANGS}
    assert len({frozenset(f) for f in fields.values()}) == 1, fields
    placeholders = {lang: sorted(PLACEHOLDER.findall(catalog(lang)[key])) for lang in LANGS}
    assert len({tuple(p) for p in placeholders.values()}) == 1, placeholders


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_is_one_its_grammar_can_do(lang):
    problems = {key: p for key, text in catalog(lang).items() if (p := check_template(text, lang))}
    assert not problems


def test_italian_nouns_say_their_gender():
    """Articles and agreement need it; a catalog entry ``noun.*`` starts with ``m:`` or ``f:``."""
    for key, text in catalog("it").items():
        if key.startswith("noun."):
            assert parse_noun_text(text)[0] in ("m", "f"), key


def test_the_existing_keys_are_kept():
    """Other modules (render.py, the app's widgets) call these keys by name."""
    for key in ("not_found", "definition", "symbols_restored", "check_refs", "key_back", "help_body", "toc_title",
                "status_title_only", "kind_term", "kind_rule", "scenario_ok", "event_log", "rule_doc"):
        assert key in catalog("it") and key in catalog("ru")
    assert t("reason.already_tapped", "it").count("{T}") == 1  # literal braces come out single
    assert t("check_refs", "ru", total=10, share=0.5, detail="x") == "Ссылки: 10, разрешено 50.0% (x)"


def test_lang_names_and_language_cycle():
    from tutor.i18n import LANG_NAMES

    assert LANG_NAMES["it"]["ru"] == "russo" and LANG_NAMES["ru"]["it"] == "итальянском"
    assert [next_lang(x) for x in LANGS] == [*LANGS[1:], LANGS[0]]
    assert ui_lang("ru") == "ru" and ui_lang("xx") in LANGS


def test_pick_chooses_the_language_then_falls_back():
    assert pick({"it": "pila", "ru": "стек", "en": "stack"}, "ru") == "стек"
    assert pick({"it": "pila", "en": "stack"}, "ru") == "stack"
    assert pick({"it": "pila", "ru": "  "}, "ru") == "pila"
    assert pick({"ru": "стек"}, "de") == "стек"
    assert pick("plain", "it") == "plain" and pick(None, "it") == ""


def test_an_unknown_language_speaks_the_default_one():
    assert t("not_found", "de", what="x") == t("not_found", "it", what="x")


# ---- numbers -------------------------------------------------------------------------------------------
NUMBERS = (1, 2, 5, 11, 21, -1)


@pytest.mark.parametrize(("n", "word"), zip(NUMBERS, ["жизнь", "жизни", "жизней", "жизней", "жизнь", "жизнь"]))
def test_russian_life_agrees_with_the_number(n, word):
    text = t("event.sba_life", "ru", player=noun("noun.player", "ru", player="A"), life=n)
    assert text == f"У игрока A {str(n).replace('-', '−')} {word} (0 или меньше): он проигрывает."


@pytest.mark.parametrize(("n", "words"), zip(NUMBERS, ["punto vita", "punti vita", "punti vita", "punti vita",
                                                        "punti vita", "punto vita"]))
def test_italian_life_agrees_with_the_number(n, words):
    text = t("event.sba_life", "it", player=noun("noun.player", "it", player="A"), life=n)
    assert text == f"Il Giocatore A ha {str(n).replace('-', '−')} {words} (0 o meno): perde la partita."


@pytest.mark.parametrize(("n", "it", "ru"), [
    (1, "1 danno", "1 боевое повреждение"), (2, "2 danni", "2 боевых повреждения"),
    (5, "5 danni", "5 боевых повреждений"), (11, "11 danni", "11 боевых повреждений"),
    (21, "21 danni", "21 боевое повреждение"), (-1, "−1 danno", "−1 боевое повреждение"),
])
def test_damage_agrees_with_the_number(n, it, ru):
    assert fmt("{n:# danno|danni}", "it", n=n) == it
    assert fmt("{n:# боевое повреждение}", "ru", n=n) == ru


@pytest.mark.parametrize(("n", "it", "ru"), [(1, "1 segnalino", "1 жетон"), (2, "2 segnalini", "2 жетона"),
                                             (5, "5 segnalini", "5 жетонов"), (11, "11 segnalini", "11 жетонов"),
                                             (21, "21 segnalini", "21 жетон"), (-1, "−1 segnalino", "−1 жетон")])
def test_counters_agree_with_the_number(n, it, ru):
    assert fmt("{n:# segnalino|segnalini}", "it", n=n) == it
    assert fmt("{n:# жетон}", "ru", n=n) == ru


def test_explicit_forms_and_the_real_minus_sign():
    assert [fmt("{n:# жизнь|жизни|жизней}", "ru", n=n) for n in (1, 3, 12, 22, 111)] == [
        "1 жизнь", "3 жизни", "12 жизней", "22 жизни", "111 жизней"]
    assert fmt("{n:il prossimo danno|i prossimi # danni}", "it", n=3) == "i prossimi 3 danni"
    assert fmt("{n}/{m}", "it", n=-1, m=2) == "−1/2"
    assert fmt("{x:.1%}", "it", x=0.5) == "50.0%"


def test_a_template_with_the_wrong_number_of_forms_is_refused():
    with pytest.raises(TemplateError):
        fmt("{n:danno}", "it", n=2)  # Italian needs both forms
    assert check_template("{n:a|b|c}", "it") and check_template("{n:a|b}", "ru")
    assert check_template("{n:# жызнь}", "ru")  # a word pymorphy3 would only guess


# ---- nouns: cases, articles, agreement ------------------------------------------------------------------
@pytest.mark.parametrize(("word", "gender", "plural", "article"), [
    ("creatura", "f", False, "la"), ("abilità", "f", False, "l'"), ("artefatto", "m", False, "l'"),
    ("scudo", "m", False, "lo"), ("zombie", "m", False, "lo"), ("Giocatore", "m", False, "il"),
    ("orsi", "m", True, "gli"), ("goblin", "m", True, "i"), ("creature", "f", True, "le"),
])
def test_italian_articles(word, gender, plural, article):
    assert grammar("it").article(word, gender, plural) == article


def test_italian_articles_join_prepositions():
    bears = Noun("creatura", "«Orsi Grizzly»", "f")
    player = noun("noun.player", "it", player="B")
    shield = Noun("scudo", "", "m")
    assert fmt("{c:al}|{p:del}|{s:dal}|{a:nel}|{o:sul}", "it", c=bears, p=player, s=shield,
               a=Noun("artefatto", "", "m"), o=Noun("orsi", "", "m", True)) == \
        "alla creatura «Orsi Grizzly»|del Giocatore B|dallo scudo|nell'artefatto|sugli orsi"
    assert fmt("{c:^il} viene {c:esiliato|esiliata}", "it", c=bears) == "La creatura «Orsi Grizzly» viene esiliata"


def test_russian_cases_decline_the_head_only():
    bears = noun("noun.creature", "ru", name="Медведи-гризли")
    assert fmt("{c:datv}|{c:accs}|{c:gent}", "ru", c=bears) == \
        "существу «Медведи-гризли»|существо «Медведи-гризли»|существа «Медведи-гризли»"
    assert fmt("{s:gent}", "ru", s=Noun("первая главная фаза")) == "первой главной фазы"
    assert fmt("{s:accs}", "ru", s=Noun("защита от чёрного")) == "защиту от чёрного"
    assert fmt("{p:^}: {p:datv}", "ru", p=noun("noun.player", "ru", player="B")) == "Игрок B: игроку B"


@pytest.mark.parametrize(("name", "verb", "past"), [
    ("Медведи-гризли", "наносят", "нанесли бы"), ("Гоблины", "наносят", "нанесли бы"),
    ("Ллановарские эльфы", "наносят", "нанесли бы"), ("Шок", "наносит", "нанёс бы"),
    ("Пирокластика", "наносит", "нанесла бы"), ("Голодное пламя", "наносит", "нанесло бы"),
    ("Поднять тревогу", "наносит", "нанесло бы"), ("Акрома, Ангел Гнева", "наносит", "нанесла бы"),
])
def test_russian_verbs_agree_with_card_names(name, verb, past):
    card = noun("noun.creature", "ru", name=name)
    assert fmt("{c:~} {c:~наносит}; {c:~нанёс бы}", "ru", c=card) == f"«{name}» {verb}; {past}"
    assert fmt("{c:^} {c:наносит}", "ru", c=card) == f"Существо «{name}» наносит"  # the noun decides here


def test_russian_agreement_with_several_nouns_and_pronouns():
    goblins = Nouns((Noun("", "«Гоблины»"), Noun("", "«Шок»")), "и")
    assert fmt("{g:~} {g:атакует}", "ru", g=goblins) == "«Гоблины» и «Шок» атакуют"
    assert fmt("{c:оно}/{c:прикреплено}", "ru", c=noun("noun.token", "ru", name="x")) == "она/прикреплена"
    assert fmt("{c:оно}/{c:прикреплено}", "ru", c=noun("noun.enchantment", "ru", name="x")) == "они/прикреплены"


def _russian_card_names() -> set[str]:
    """The Russian names of the pool's cards and of the cards the shipped scenarios define themselves."""
    from tutor.scenario import shipped_cards

    return {c.name["ru"] for c in shipped_cards()}


def test_every_russian_card_name_has_a_known_gender_and_number():
    """pymorphy3 must know a name's first word, or the card must say its gender in the pool (lessons/cards.yaml
    ``gender: {ru: …}``; a scenario's own cards too)."""
    from tutor.i18n.russian import name_features, name_is_clear
    from tutor.scenario import shipped_cards

    names = _russian_card_names()
    unclear = sorted(c.name["ru"] for c in shipped_cards() if not name_is_clear(c.name["ru"]) and "ru" not in c.gender)
    assert not unclear, f"give these cards gender: {{ru: …}} in lessons/cards.yaml: {unclear}"
    plural = sorted(n for n in names if name_features(f"«{n}»")[1])
    assert plural == ["Врата Гильдии Азориусов", "Костяные осколки", "Ллановарские эльфы", "Лучи Наказания",
                      "Лучи Пустоты", "Львы саванны", "Мародёры Анграта", "Медведи-гризли",
                      "Растекающиеся моря", "Сны Подземелья", "Умелые руки", "Шанодинские дриады"]


# ---- the code: one catalog, no language pairs ------------------------------------------------------------
SOURCES = sorted(p for p in (ROOT / "tutor").rglob("*.py") if p.parent.name != "i18n" or p.stem not in LANGS)
PAIRS = [
    (re.compile(r"\b0 if [\w.\[\]'\"]+ == ['\"](it|ru)['\"] else 1\b"), "0 if … == 'it' else 1"),
    (re.compile(r"\[\s*0 if [^\]]*['\"](it|ru)['\"]"), "[0 if … 'it' …]"),
    (re.compile(r"\bli == [01]\b"), "li == 0"),
    (re.compile(r"['\"][^'\"\n]*['\"] if [\w.]+ == ['\"](it|ru)['\"] else ['\"]"), "'…' if lang == 'it' else '…'"),
    (re.compile(r"\._bindings\b"), "Textual's private _bindings"),
]


def _text_pairs(source: str) -> list[int]:
    """Lines of the code (not of docstrings) holding a tuple of an Italian-looking and a Russian text."""
    import ast

    latin, cyrillic = re.compile(r"[a-zà-ù]"), re.compile(r"[А-Яа-яЁё]")
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple) and len(node.elts) >= 2 and all(
                isinstance(x, ast.Constant) and isinstance(x.value, str) for x in node.elts[:2]):
            a, b = node.elts[0].value, node.elts[1].value
            if latin.search(a) and not cyrillic.search(a) and cyrillic.search(b):
                lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_language_pairs_or_private_bindings_in_the_code(path):
    text = path.read_text(encoding="utf-8")
    found = [(what, text.count("\n", 0, m.start()) + 1) for rx, what in PAIRS for m in rx.finditer(text)]
    found += [("(it, ru) tuple of texts", line) for line in _text_pairs(text)]
    assert not found, found


def test_the_grep_finds_what_it_looks_for():
    samples = ['i = 0 if lang == "it" else 1', 'x = pair[0 if ui == "it" else 1]', "if li == 0:",
               '("Giocatore " if lang == "it" else "Игрок ")', "table = self._bindings.key_to_bindings"]
    for sample, (rx, _) in zip(samples, PAIRS):
        assert rx.search(sample), sample
    assert _text_pairs('NAMES = {"flying": ("volare", "полёт")}') == [1]
    assert _text_pairs('"""Doc.\n>>> f()\n(\'volare\', \'полёт\')\n"""') == []


# ---- startup stays light --------------------------------------------------------------------------------
def test_the_cli_loads_only_its_language_and_no_pymorphy3():
    code = ("import sys; from tutor.cli import _parser; _parser('it').format_help(); "
            "print(sorted(m for m in ('pymorphy3', 'tutor.i18n.ru', 'tutor.i18n.russian', 'glossary.curation') "
            "if m in sys.modules))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert res.stdout.strip() == "[]"


def test_russian_help_needs_no_pymorphy3():
    code = "import sys; from tutor.cli import _parser; _parser('ru').format_help(); print('pymorphy3' in sys.modules)"
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert res.stdout.strip() == "False"


# ---- doctests of the tutor modules (the suite's doctest run covers glossary/ only) --------------------
@pytest.mark.parametrize("module", ["tutor.i18n", "tutor.i18n.grammar", "tutor.i18n.russian", "tutor.i18n.terms",
                                    "tutor.events_text", "tutor.engine_text"])
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted and not result.failed


# ---- Russian spelling: ё where it belongs -------------------------------------------------------------
def _russian_texts():
    import yaml

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "ru":
                    yield from ([v] if isinstance(v, str) else [x for x in v if isinstance(x, str)] if isinstance(v, list) else [])
                else:
                    yield from walk(v)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v)

    yield "tutor/i18n/ru.py", list(catalog("ru").values())
    files = [*sorted((ROOT / "lessons" / "scenarios").glob("*.yaml")), ROOT / "lessons" / "cards.yaml",
             *sorted((ROOT / "glossary" / "curated").rglob("*.yaml"))]
    for f in files:
        yield str(f.relative_to(ROOT)), list(walk(yaml.safe_load(f.read_text(encoding="utf-8"))))


def test_russian_texts_write_yo():
    """No word that pymorphy3 knows only with ё is written with е (card names are as printed); the source
    texts that symbols.yaml must find verbatim are not ours to respell."""

    from tutor.i18n.russian import _morph

    names = sorted(_russian_card_names(), key=len, reverse=True)
    skip = re.compile("|".join(re.escape(n) for n in names) + r"|«[^»]*»")

    @functools.cache
    def needs_yo(word: str) -> bool:
        spellings = {p.word for p in _morph().parse(word)}
        return "е" in word and "ё" not in word and bool(spellings) and all("ё" in s for s in spellings)

    wrong = [(where, w) for where, texts in _russian_texts() for text in texts
             for w in re.findall(r"[А-Яа-яЁё]+", skip.sub(" ", text)) if needs_yo(w.lower())]
    assert not wrong, wrong[:20]


def test_no_catalog_key_is_written_twice():
    """A key written twice in a catalog's dict keeps only its last text, silently (two features once both wrote
    'help_quiz_level'): every key once."""
    import ast
    from pathlib import Path

    import tutor.i18n

    for lang in ("it", "ru"):
        tree = ast.parse((Path(tutor.i18n.__file__).parent / f"{lang}.py").read_text(encoding="utf-8"))
        keys = [k.value for node in ast.walk(tree) if isinstance(node, ast.Dict)
                for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
        assert len(keys) > 1000
        twice = sorted({k for k in keys if keys.count(k) > 1})
        assert not twice, (lang, twice)


def test_every_quiz_kind_has_its_name():
    from tutor.i18n import catalog
    from tutor.quiz.bank import KINDS

    for lang in ("it", "ru"):
        assert not [k for k in KINDS if f"quiz.kind.{k}" not in catalog(lang)], lang
