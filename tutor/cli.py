"""The ``mtg-tutor`` command: thin argument handling over the knowledge base.

Exit status: 0 success; 1 nothing found / knowledge base inconsistent; 2 bad input (arguments,
files). User mistakes get a one-line message naming the argument or file:line, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tutor.i18n import FALLBACK_LANG, LANGS, t, ui_lang

__all__ = ["main"]

class _Usage(Exception):
    """A user mistake: message already in the interface language; exit status 2 (or the given one)."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def _clean_query(raw: str, ui: str) -> str:
    """Drop control characters and surplus spaces; refuse an empty query; cut an overlong one (with a warning)."""
    from glossary.search import MAX_QUERY, clean_query

    text = clean_query(raw)
    if not text:
        raise _Usage(t("empty_query", ui))
    if len(" ".join(raw.split())) > MAX_QUERY:
        print(t("query_truncated", ui, n=MAX_QUERY), file=sys.stderr)
    return text


def _emit_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _console():
    from rich.console import Console

    return Console(highlight=False)


def _kb():
    from glossary.kb import load

    return load()


def cmd_lookup(args: argparse.Namespace, ui: str) -> int:
    query = _clean_query(args.query, ui)
    try:
        limit = int(args.limit)
    except ValueError:
        raise _Usage(t("bad_limit", ui, what=args.limit)) from None
    if not 1 <= limit <= 100:
        raise _Usage(t("bad_limit", ui, what=args.limit))
    result = _kb().lookup(query, lang=args.lang, limit=limit)
    if args.json:
        _emit_json(result)
    elif result["hits"]:
        from tutor.render import render_lookup

        render_lookup(_console(), result, ui)
    else:
        print(t("not_found", ui, what=query), file=sys.stderr)
    return 0 if result["hits"] else 1


def cmd_show(args: argparse.Namespace, ui: str) -> int:
    from glossary.kb import parse_rule_query

    query = _clean_query(args.term, ui)
    if parse_rule_query(query):  # `show 113.3b` means the rule
        args.number, args.lang, args.doc = query, None, None
        return cmd_rule(args, ui)
    kb = _kb()
    entry = kb.find(query)
    if entry is None:
        raise _Usage(t("no_entry", ui, what=query), status=1)
    view = kb.entry_view(entry.id)
    if args.json:
        _emit_json(view)
    else:
        from tutor.render import render_entry
        from tutor.views import entry_page

        render_entry(_console(), entry_page(kb, entry.id, ui))
    return 0


def cmd_rule(args: argparse.Namespace, ui: str) -> int:
    from glossary.kb import parse_rule_query

    number = parse_rule_query(_clean_query(args.number, ui))
    if number is None:
        raise _Usage(t("bad_rule_number", ui, what=args.number))
    kb = _kb()
    view = kb.rule_view(number, lang=args.lang, doc=args.doc)
    if view is None:
        raise _Usage(t("no_rule", ui, what=number), status=1)
    if args.json:
        _emit_json(view)
    else:
        from tutor.render import render_rule
        from tutor.views import rule_page

        render_rule(_console(), rule_page(kb, number, ui, lang=args.lang, doc=args.doc))
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
        _emit_json(rep)
    else:
        from tutor.render import render_check

        render_check(_console(), rep, ui)
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
        raise _Usage(t("import_not_file", ui, path=path)) from None
    if not looks_like_rules(text):
        raise _Usage(t("import_not_rules", ui, path=path))
    try:
        parsed = parse_cr(text, path.name)
    except ParseError as exc:
        raise _Usage(t("import_bad", ui, path=path, line=exc.line, message=exc.message)) from None
    dest = data_home() / "rules" / f"{parsed.doc.id}.txt"
    write_atomic(dest, raw)
    from glossary.kb import load

    load()  # rebuild the index now, so the next lookup is fast
    rules = sum(1 for r in parsed.rules if "." in r.number)
    print(t("import_done", ui, title=parsed.doc.title, doclang=parsed.doc.lang, date=parsed.doc.effective or "?",
            rules=rules, glossary=len(parsed.glossary), dest=dest))
    return 0


# argparse's own words (usage, help, errors) -> catalog keys (texts: argparse.* in tutor/i18n/<lang>.py).
_ARGPARSE = {
    "usage: ": "argparse.usage",
    "positional arguments": "argparse.positional",
    "options": "argparse.options",
    "show this help message and exit": "argparse.help",
    "%(prog)s: error: %(message)s\n": "argparse.error",
    "the following arguments are required: %s": "argparse.required",
    "one of the arguments %s is required": "argparse.one_required",
    "invalid choice: %(value)r (choose from %(choices)s)": "argparse.invalid_choice",
    "invalid %(type)s value: %(value)r": "argparse.invalid_value",
    "unrecognized arguments: %s": "argparse.unrecognized",
    "expected one argument": "argparse.expected_one",
    "expected at most one argument": "argparse.expected_at_most_one",
    "expected at least one argument": "argparse.expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "argparse.ambiguous",
    "argument %(argument_name)s: %(message)s": "argparse.argument",
    "ignored explicit argument %r": "argparse.ignored_explicit",
    "not allowed with argument %s": "argparse.not_allowed_with",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "argparse.unknown_parser",
}


def _localize_argparse(ui: str) -> None:
    argparse._ = lambda text: t(_ARGPARSE[text], ui) if text in _ARGPARSE else text  # type: ignore[attr-defined]


def _parser(ui: str) -> argparse.ArgumentParser:
    langs = (*LANGS, FALLBACK_LANG)
    p = argparse.ArgumentParser(prog="mtg-tutor", description=t("prog_description", ui))
    p.add_argument("--ui", choices=LANGS, help=t("help_ui", ui))
    sub = p.add_subparsers(dest="command", help=t("help_command", ui))
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
    sc = sub.add_parser("scenario", help=t("help_scenario", ui))
    sc.add_argument("action", choices=("run",), help=t("help_scenario_action", ui))
    sc.add_argument("files", nargs="+", help=t("help_files", ui))
    sc.add_argument("--json", action="store_true", help=t("help_json", ui))
    sc.add_argument("-v", "--verbose", action="store_true", help=t("help_verbose", ui))
    return p


def cmd_scenario(args: argparse.Namespace, ui: str) -> int:
    """Run scenario files: 0 when every expectation holds, 1 when one fails, 2 when a file is invalid."""
    from glossary.yamlio import YamlError
    from tutor.cardpool import load_cards
    from tutor.events_text import render_log
    from tutor.scenario import load_scenario, run_scenario

    try:
        cards = load_cards()
    except YamlError as exc:
        raise _Usage(t("invalid_file", ui, error=exc)) from None
    files: list[Path] = []
    for f in args.files:
        p = Path(f)
        files.extend(sorted(p.glob("*.yaml")) if p.is_dir() else [p])
    reports, status = [], 0
    for path in files:
        if not path.is_file():
            raise _Usage(t("import_not_file", ui, path=path))
        try:
            sc = load_scenario(path, cards, str(path))
        except YamlError as exc:
            raise _Usage(t("invalid_file", ui, error=exc)) from None
        res = run_scenario(sc, ui)
        game = res.game
        log = render_log(game.events, cards, ui, game.object_cards) if game else []
        reports.append({"file": str(path), "id": sc.id, "ok": res.ok, "failures": [f.as_dict(ui) for f in res.failures],
                        "checkpoints": res.checkpoints, "log": log,
                        "title": sc.data.get("title"), "explanation": sc.data.get("explanation"),
                        "board": game.view().to_dict() if game else None})  # the final position (BoardView)
        status = max(status, 0 if res.ok else 1)
    if args.json:
        _emit_json(reports[0] if len(reports) == 1 else reports)
        return status
    from tutor.render import render_scenario

    console = _console()
    for rep in reports:
        render_scenario(console, rep, ui, verbose=args.verbose or not rep["ok"])
    return status


COMMANDS = {"lookup": cmd_lookup, "show": cmd_show, "rule": cmd_rule, "kb": cmd_kb, "import-rules": cmd_import_rules,
            "scenario": cmd_scenario}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--ui", choices=LANGS)
    known, _ = pre.parse_known_args(argv)
    ui = ui_lang(known.ui)
    _localize_argparse(ui)
    parser = _parser(ui)
    args = parser.parse_args(argv)
    if args.command is None:
        from tutor.app.app import TutorApp

        TutorApp().run()
        return 0
    try:
        return COMMANDS[args.command](args, ui)
    except _Usage as exc:
        print(f"mtg-tutor: {exc}", file=sys.stderr)
        return exc.status
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a curated-data or cache problem is reported, not dumped
        from glossary.yamlio import YamlError

        if isinstance(exc, YamlError):
            print(f"mtg-tutor: {t('curated_error', ui, error=exc)}", file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":
    raise SystemExit(main())
