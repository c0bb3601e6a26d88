"""Every user-facing text of mtg-tutor, in one message catalog per language.

The CLI, the app, the engine's refusals, the scenario runner and the event log all call
``t(key, lang, **fields)``. Each language's texts are one plain dict in ``tutor/i18n/<lang>.py``
(``MESSAGES``), imported on first use; the templates and their agreement specs are described in
:mod:`tutor.i18n.grammar`. The tests check that every key exists in every language with the same fields.

Adding a language: write ``tutor/i18n/<lang>.py`` with every key and add the code to ``LANGS``.

>>> t("not_found", "ru", what="xyz")
'Ничего не найдено: xyz'
>>> t("event.sba_life", "ru", player=noun("noun.player", "ru", player="A"), life=-1)
'У игрока A −1 жизнь (0 или меньше): он проигрывает.'
>>> pick({"it": "pila", "ru": "стек"}, "ru"), pick({"en": "stack"}, "ru")
('стек', 'stack')
"""

from __future__ import annotations

import importlib
import os

__all__ = ["DEFAULT_LANG", "FALLBACK_LANG", "LANGS", "LANG_NAMES", "MESSAGES", "Noun", "Nouns", "catalog", "chosen_ui",
           "next_lang", "noun", "pick", "t", "ui_lang"]

LANGS = ("it", "ru")  # the interface languages, each with a complete catalog tutor/i18n/<lang>.py
DEFAULT_LANG = "it"
FALLBACK_LANG = "en"  # data texts ({it: ..., ru: ..., en: ...}) fall back to English, then to LANGS in order

_CATALOGS: dict[str, dict[str, str]] = {}


def catalog(lang: str) -> dict[str, str]:
    """The messages of `lang` (an interface language; others get the default language's)."""
    lang = lang if lang in LANGS else DEFAULT_LANG
    cat = _CATALOGS.get(lang)
    if cat is None:
        cat = _CATALOGS[lang] = importlib.import_module(f"tutor.i18n.{lang}").MESSAGES
    return cat


def _text(key: str, lang: str) -> str:
    try:
        return catalog(lang)[key]
    except KeyError:
        if lang == DEFAULT_LANG or lang not in LANGS:
            raise
        return catalog(DEFAULT_LANG)[key]


def t(key: str, lang: str, /, **fields: object) -> str:
    """The message `key` in `lang`, formatted with `fields` (numbers, :class:`Noun` s, texts)."""
    text = _text(key, lang)
    if "{" not in text and "}" not in text:  # most texts: no template machinery at all (fast startup)
        return text
    from tutor.i18n.grammar import fmt

    return fmt(text, lang if lang in LANGS else DEFAULT_LANG, **fields)


def noun(key: str, lang: str, /, **fields: object):
    """A ``noun.*`` message as a :class:`Noun`: the text before the first field is the head that
    declines (``creatura``, ``игрок``), the rest (a name, a letter) is the tail."""
    from tutor.i18n.grammar import Noun, fmt, parse_noun_text

    gender, plural, text = parse_noun_text(_text(key, lang))
    cut = text.find("{")
    if cut < 0:
        return Noun(text, "", gender, plural)
    space = text.rfind(" ", 0, cut)  # "creatura «{name}»": the head ends at the last space before the field
    head, rest = text[:max(space, 0)].rstrip(), text[space + 1:]
    return Noun(head, fmt(rest, lang, **fields), gender, plural)


def pick(texts: dict[str, str] | str | None, lang: str) -> str:
    """A data text (``{it: ..., ru: ..., en: ...}`` from YAML) in `lang`; else English, else the
    interface languages in order; a plain string is returned as it is, nothing as ""."""
    if texts is None:
        return ""
    if isinstance(texts, str):
        return texts
    for cand in (lang, FALLBACK_LANG, *LANGS):
        text = texts.get(cand)
        if isinstance(text, str) and text.strip():
            return text
    return ""


def ui_lang(explicit: str | None = None) -> str:
    """The interface language: explicit choice, then ``MTG_TUTOR_UI``, then the locale, then Italian."""
    return chosen_ui(explicit) or DEFAULT_LANG


def chosen_ui(explicit: str | None = None) -> str | None:
    """The interface language the command line (`explicit`), ``MTG_TUTOR_UI`` or the locale ask for, in that
    order; None when none of them names one of LANGS (the app then uses its saved setting)."""
    for cand in (explicit, os.environ.get("MTG_TUTOR_UI")):
        if cand in LANGS:
            return cand
    loc = (os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG") or "").lower()
    return next((lang for lang in LANGS if loc.startswith(lang)), None)


def next_lang(lang: str) -> str:
    """The interface language after `lang` (the language key cycles through LANGS)."""
    return LANGS[(LANGS.index(lang) + 1) % len(LANGS)] if lang in LANGS else DEFAULT_LANG


def __getattr__(name: str):
    if name in ("Noun", "Nouns"):  # the grammar loads on first use
        from tutor.i18n import grammar

        return getattr(grammar, name)
    if name == "MESSAGES":  # the old shape {key: {lang: text}}, derived from the catalogs (read-only use)
        return {key: {lang: catalog(lang).get(key, text) for lang in LANGS} for key, text in catalog(DEFAULT_LANG).items()}
    if name == "LANG_NAMES":  # {ui: {lang: name as it follows "in" / "на"}}, built on first use
        names = {ui: {x: catalog(ui)[f"lang_in.{x}"] for x in (*LANGS, FALLBACK_LANG)} for ui in LANGS}
        globals()["LANG_NAMES"] = names
        return names
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
