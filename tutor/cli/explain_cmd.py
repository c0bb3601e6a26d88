"""`mtg-tutor explain`: a card's English text, every game term in it explained in Italian or Russian.

The matching is the knowledge layer's (`glossary.explain`); this module reads the text (an argument, or standard input
with ``-``), finds a card of the pool by name (``--card``: its English text and name), and prints the terms in order
of appearance, each concept once, with its name in the learner's language, its one-line definition and its rules,
then the words it does not know. Exit status: 0 every word understood, 1 some words not recognised, 2 bad input.
"""

from __future__ import annotations

import argparse
import sys

from tutor.cli.common import Usage, console, emit_json, input_stream
from tutor.i18n import LANGS, t

__all__ = ["COMMANDS", "add_parsers", "explain_text"]


def add_parsers(sub, ui: str) -> None:
    p = sub.add_parser("explain", help=t("explain.help", ui))
    p.add_argument("text", nargs="?", help=t("explain.help_text", ui))
    p.add_argument("--name", help=t("explain.help_name", ui))
    p.add_argument("--card", help=t("explain.help_card", ui))
    p.add_argument("--lang", choices=LANGS, help=t("explain.help_lang", ui))
    p.add_argument("--json", action="store_true", help=t("help_json", ui))


def _card(name: str, ui: str) -> tuple[str, str]:
    """The English text and name of the pool's card `name` (English, Italian or Russian name, or id)."""
    from glossary.text import name_key
    from tutor.cardpool import load_cards

    key = name_key(name)
    for card in load_cards().values():
        if any(name_key(n) == key for n in (card.id, *card.name.values()) if n):
            text = card.text.get("en", "")
            if not text.strip():
                raise Usage(t("explain.card_no_text", ui, name=name))
            return text, card.name.get("en", card.id)
    raise Usage(t("explain.card_unknown", ui, name=name))


def _read(args: argparse.Namespace, ui: str) -> tuple[str, str | None]:
    if args.card is not None:
        if args.text is not None:
            raise Usage(t("explain.text_and_card", ui))
        text, name = _card(args.card, ui)
        return text, args.name or name
    if args.text is None:
        raise Usage(t("explain.no_text", ui))
    text = args.text
    if text == "-":
        from glossary.explain import MAX_TEXT

        text = input_stream(ui).read(MAX_TEXT * 4 + 1).rstrip("\n")
    return text, args.name


def explain_text(text: str, name: str | None, lang: str, kb=None, ui: str | None = None) -> dict:
    """The JSON contract of one text (`glossary.explain.view`, its powers/toughnesses explained in `lang`); raises
    `Usage` for a text that cannot be explained, in the interface language `ui` (by default `lang`)."""
    from glossary.explain import ExplainError
    from tutor.views.explain import error_text, explained

    ui = ui or lang
    if kb is None:
        from tutor.cli.common import kb as load_kb

        kb = load_kb(lang)
    try:
        return explained(kb, text, name, lang)
    except ExplainError as exc:
        raise Usage(error_text(exc.code, ui)) from None


def lines(data: dict, ui: str) -> list[str]:
    """The readable explanation: each concept once under each of its names, in order of first appearance, with the
    phrases that said it (each power/toughness apart); names that are not official marked; a line saying that the
    definitions are unofficial."""
    from tutor.views.explain import status_mark

    groups: dict[tuple[str, ...], dict] = {}
    for term in data["terms"]:
        key = (term["concept"], term["kind"] if term["kind"] in ("self", "reminder", "pt", "counter") else "",
               term["name"], term["definition"] or "")
        group = groups.setdefault(key, {"term": term, "phrases": []})
        phrase = " ".join(term["text"].split())
        if len(phrase) > 60:
            phrase = phrase[:57] + "…"
        if phrase not in group["phrases"]:
            group["phrases"].append(phrase)
    out = [t("explain.header", ui, n=len(data["terms"]), concepts=len({k[0] for k in groups}))]
    for i, group in enumerate(groups.values(), 1):
        term = group["term"]
        said = ", ".join(f"«{p}»" for p in group["phrases"])
        mark = status_mark(term["status"], ui)
        out.append(f"{i:>2}. {said} → {term['name']}" + (f" {mark}" if mark else ""))
        if term["kind"] == "self":
            out.append("    " + t("explain.self", ui))
        if term.get("subtype"):
            out.append("    " + t(f"explain.subtype.{term['subtype']}", ui))
        if term["definition"]:
            out.append("    " + term["definition"])
        if term["rules"]:
            out.append("    " + t("explain.rules", ui, rules=", ".join(term["rules"])))
    from tutor.views.explain import closing_lines

    return [*out, "", *closing_lines(data, ui, "explain.name_hint")]


def cmd_explain(args: argparse.Namespace, ui: str) -> int:
    lang = args.lang or ui
    text, name = _read(args, ui)
    data = explain_text(text, name, lang, ui=ui)
    if args.json:
        emit_json(data)
    else:
        out = console()
        for line in lines(data, lang):
            out.print(line, soft_wrap=False)
    return 1 if data["unknown"] else 0


COMMANDS = {"explain": cmd_explain}

if __name__ == "__main__":  # pragma: no cover
    sys.exit("run: python -m tutor explain")
