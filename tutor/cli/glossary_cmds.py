"""Knowledge-base commands: lookup, show, rule, kb check / rebuild, import-rules."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tutor.cli.common import Usage, clean_query, console, emit_json
from tutor.cli.common import kb as load_kb
from tutor.i18n import FALLBACK_LANG, LANGS, t

__all__ = ["COMMANDS", "add_parsers"]


def add_parsers(sub, ui: str) -> None:
    """The knowledge base's subcommands and their arguments."""
    langs = (*LANGS, FALLBACK_LANG)
    lk = sub.add_parser("lookup", help=t("help_lookup", ui))
    lk.add_argument("query", help=t("help_query", ui))
    lk.add_argument("--lang", choices=langs, help=t("help_lookup_lang", ui))
    lk.add_argument("--limit", default="10", metavar="N", help=t("help_limit", ui))
    lk.add_argument("--json", action="store_true", help=t("help_json", ui))
    sh = sub.add_parser("show", help=t("help_show", ui))
    sh.add_argument("term", help=t("help_term", ui))
    sh.add_argument("--json", action="store_true", help=t("help_json", ui))
    ru = sub.add_parser("rule", help=t("help_rule", ui))
    ru.add_argument("number", help=t("help_number", ui))
    ru.add_argument("--lang", choices=langs, help=t("help_rule_lang", ui))
    ru.add_argument("--doc", metavar="ID", help=t("help_doc", ui))
    ru.add_argument("--json", action="store_true", help=t("help_json", ui))
    kb = sub.add_parser("kb", help=t("help_kb", ui))
    kb.add_argument("action", choices=("check", "rebuild"), help=t("help_kb_action", ui))
    kb.add_argument("--json", action="store_true", help=t("help_json", ui))
    im = sub.add_parser("import-rules", help=t("help_import", ui))
    im.add_argument("file", help=t("help_file", ui))


def cmd_lookup(args: argparse.Namespace, ui: str) -> int:
    """Search; when nothing is found, say so and suggest the closest names ("did you mean"); exit 1."""
    query = clean_query(args.query, ui)
    try:
        limit = int(args.limit)
    except ValueError:
        raise Usage(t("bad_limit", ui, what=args.limit)) from None
    if not 1 <= limit <= 100:
        raise Usage(t("bad_limit", ui, what=args.limit))
    result = load_kb().lookup(query, lang=args.lang, limit=limit)
    if args.json:
        emit_json(result)
    elif result["hits"]:
        from tutor.render import render_lookup

        render_lookup(console(), result, ui)
    else:
        print(t("not_found", ui, what=query), file=sys.stderr)
        if result["suggestions"]:
            print(t("search.did_you_mean", ui, names=", ".join(result["suggestions"])), file=sys.stderr)
    return 0 if result["hits"] else 1


def cmd_show(args: argparse.Namespace, ui: str) -> int:
    from glossary.kb import parse_rule_query

    query = clean_query(args.term, ui)
    if parse_rule_query(query):  # `show 113.3b` means the rule
        args.number, args.lang, args.doc = query, None, None
        return cmd_rule(args, ui)
    kb = load_kb()
    entry = kb.find(query)
    if entry is None:
        raise Usage(t("no_entry", ui, what=query), status=1)
    view = kb.entry_view(entry.id)
    if args.json:
        emit_json(view)
    else:
        from tutor.render import render_entry
        from tutor.views import entry_page

        render_entry(console(), entry_page(kb, entry.id, ui))
    return 0


def cmd_rule(args: argparse.Namespace, ui: str) -> int:
    from glossary.kb import parse_rule_query

    number = parse_rule_query(clean_query(args.number, ui))
    if number is None:
        raise Usage(t("bad_rule_number", ui, what=args.number))
    kb = load_kb()
    view = kb.rule_view(number, lang=args.lang, doc=args.doc)
    if view is None:
        raise Usage(t("no_rule", ui, what=number), status=1)
    if args.json:
        emit_json(view)
    else:
        from tutor.render import render_rule
        from tutor.views import rule_page

        render_rule(console(), rule_page(kb, number, ui, lang=args.lang, doc=args.doc))
    return 0


def cmd_kb(args: argparse.Namespace, ui: str) -> int:
    from glossary.kb import load

    if args.action == "rebuild":
        import time

        t0 = time.perf_counter()
        load(rebuild=True)
        print(t("rebuilt", ui, ms=(time.perf_counter() - t0) * 1000))
        return 0
    rep = load().check()
    if args.json:
        emit_json(rep)
    else:
        from tutor.render import render_check

        render_check(console(), rep, ui)
    return 0 if rep["consistent"] else 1


def cmd_import_rules(args: argparse.Namespace, ui: str) -> int:
    from glossary.model import ParseError
    from glossary.parsers.crtext import looks_like_rules, parse_cr
    from glossary.paths import data_home, write_atomic

    path = Path(args.file)
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        raise Usage(t("import_not_file", ui, path=path)) from None
    if not looks_like_rules(text):
        raise Usage(t("import_not_rules", ui, path=path))
    try:
        parsed = parse_cr(text, path.name)
    except ParseError as exc:
        raise Usage(t("import_bad", ui, path=path, line=exc.line, message=exc.message)) from None
    dest = data_home() / "rules" / f"{parsed.doc.id}.txt"
    write_atomic(dest, raw)
    from glossary.kb import load

    load()  # rebuild the index now, so the next lookup is fast
    rules = sum(1 for r in parsed.rules if "." in r.number)
    print(t("import_done", ui, title=parsed.doc.title, doclang=parsed.doc.lang, date=parsed.doc.effective or "?",
            rules=rules, glossary=len(parsed.glossary), dest=dest))
    return 0


COMMANDS = {"lookup": cmd_lookup, "show": cmd_show, "rule": cmd_rule, "kb": cmd_kb, "import-rules": cmd_import_rules}
