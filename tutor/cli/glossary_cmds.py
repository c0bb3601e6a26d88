"""Knowledge-base commands: lookup, show, rule, kb check / rebuild, import-rules."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from tutor.cli.common import Usage, clean_query, console, emit_json, report_rules_problems, rules_problem_text, warn
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
    im.add_argument("--force", action="store_true", help=t("help_force", ui))


def cmd_lookup(args: argparse.Namespace, ui: str) -> int:
    """Search; when nothing is found, say so and suggest the closest names ("did you mean"); exit 1."""
    query = clean_query(args.query, ui)
    try:
        limit = int(args.limit)
    except ValueError:
        raise Usage(t("bad_limit", ui, what=args.limit)) from None
    if not 1 <= limit <= 100:
        raise Usage(t("bad_limit", ui, what=args.limit))
    result = load_kb(ui).lookup(query, lang=args.lang, limit=limit, ui=ui)
    if args.json:
        emit_json(result)
    elif result["hits"]:
        from tutor.render import render_lookup

        render_lookup(console(), result, ui)
    else:
        warn(t("not_found", ui, what=query), prefix="")
        if result["suggestions"]:
            warn(t("search.did_you_mean", ui, names=", ".join(result["suggestions"])), prefix="")
    return 0 if result["hits"] else 1


def cmd_show(args: argparse.Namespace, ui: str) -> int:
    from glossary.kb import parse_rule_query

    query = clean_query(args.term, ui)
    if parse_rule_query(query):  # `show 113.3b` means the rule
        args.number, args.lang, args.doc = query, None, None
        return cmd_rule(args, ui)
    kb = load_kb(ui)
    entry = kb.find(query, ui)
    if entry is None:
        raise Usage(t("no_entry", ui, what=query), status=1)
    # The concept's page in the learner's language (a source's entry, else the modern glossary's page), unless
    # an entry was asked for by its id.
    eid = entry.id if query == entry.id else kb.primary_entry(entry.id, ui)
    view = kb.entry_view(eid)
    if args.json:
        emit_json(view)
    else:
        from tutor.render import render_entry
        from tutor.views import entry_page

        render_entry(console(), entry_page(kb, eid, ui))
    return 0


def cmd_rule(args: argparse.Namespace, ui: str) -> int:
    from glossary.kb import parse_rule_query

    number = parse_rule_query(clean_query(args.number, ui))
    if number is None:
        raise Usage(t("bad_rule_number", ui, what=args.number))
    kb = load_kb(ui)
    view = kb.rule_view(number, lang=args.lang, doc=args.doc)
    if view is None and not args.doc and (section := kb.section_view(number)) is not None:
        if args.json:  # a section ("5"): its title and its rules, as the app's rules tree shows it
            emit_json(section)
        else:
            from tutor.render import render_section

            render_section(console(), section, ui)
        return 0
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
    from glossary import index
    from glossary.kb import load

    if args.action == "rebuild":
        import time

        t0 = time.perf_counter()
        load(rebuild=True)
        report_rules_problems(ui)
        print(t("rebuilt", ui, ms=(time.perf_counter() - t0) * 1000))
        return 0
    from tutor.citations import cited_rules

    kb = load()
    report_rules_problems(ui)
    rep = kb.check(cited=cited_rules())
    unusable = index.problems()
    rep["unusable_rules_files"] = [p.as_dict() for p in unusable]
    from tutor.quiz.glossary_q import shown_text_problems

    rep["quiz_texts"] = shown_text_problems()  # out-of-date definitions, placeholders or ids a question would show
    rep["consistent"] = rep["consistent"] and not unusable and not rep["quiz_texts"]
    if args.json:
        emit_json(rep)
    else:
        from tutor.render import render_check

        out = console()
        render_check(out, rep, ui)
        if unusable:
            out.print(t("check_unusable", ui, n=len(unusable)))
            for p in unusable:
                out.print(f"  {rules_problem_text(p, ui)}", markup=False, highlight=False)
    return 0 if rep["consistent"] else 1


_IMPORT_REFUSALS = {  # glossary.rulesfile problem codes -> catalog keys
    "missing": "import_not_file", "dangling-link": "import_not_file", "unreadable": "import_not_file",
    "directory": "import_not_regular", "not-regular": "import_not_regular", "too-large": "import_too_large",
    "empty": "import_empty", "not-utf8": "import_not_utf8",
}


def cmd_import_rules(args: argparse.Namespace, ui: str) -> int:
    """Copy a Comprehensive Rules text into the rules directory (UTF-8 unchanged, UTF-16 as UTF-8) and rebuild.

    Refused (exit 2, nothing changed): not a regular file, over `glossary.rulesfile.MAX_BYTES`, not UTF-8 or
    UTF-16 text, not a rules document, an edition already imported with other content (unless ``--force``), a
    write that fails. A document that ends early (no glossary or credits) is imported with a warning.
    """
    from glossary.model import ParseError
    from glossary.parsers.crtext import ends_early, looks_like_rules, parse_cr
    from glossary.paths import clean_temporary, rules_dir, write_atomic
    from glossary.rulesfile import MAX_BYTES, UnusableFile, decode, read_bounded

    path = Path(args.file)
    dest_dir = rules_dir()
    clean_temporary(dest_dir)  # what an import killed before its rename left
    try:
        raw = read_bounded(path)
        text = decode(raw)
    except UnusableFile as exc:
        key = _IMPORT_REFUSALS.get(exc.code, "import_not_file")
        raise Usage(t(key, ui, path=path, mib=MAX_BYTES // (1024 * 1024), detail=exc.detail)) from None
    if not text.strip():
        raise Usage(t("import_empty", ui, path=path))
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not looks_like_rules(text):
        raise Usage(t("import_not_rules", ui, path=path))
    try:
        parsed = parse_cr(text, path.name)
    except ParseError as exc:
        raise Usage(t("import_bad", ui, path=path, line=exc.line, message=exc.message)) from None
    missing = ends_early(parsed)
    if missing:
        warn(t("import_ends_early", ui, path=path, part=t(f"import_part.{missing}", ui)))
    dest = dest_dir / f"{parsed.doc.id}.txt"
    # UTF-8 is kept byte for byte (the user's copy, BOM and line ends included); UTF-16 is stored as UTF-8.
    data = raw if raw[:2] not in (b"\xff\xfe", b"\xfe\xff") else text.encode("utf-8")
    if os.path.lexists(dest):
        try:
            same = dest.is_file() and read_bounded(dest, max(len(data), MAX_BYTES)) == data
        except UnusableFile:
            same = False
        if same:
            print(t("import_unchanged", ui, dest=dest))
            return 0
        if not args.force:
            raise Usage(t("import_exists", ui, doc=parsed.doc.id, dest=dest))
    try:
        write_atomic(dest, data)
    except OSError as exc:
        raise Usage(t("import_write_error", ui, path=exc.filename or dest, error=exc.strerror or exc)) from None
    load_kb(ui)  # rebuild the index now, so the next lookup is fast (a cache that cannot be written is no error)
    rules = sum(1 for r in parsed.rules if "." in r.number)
    print(t("import_done", ui, title=parsed.doc.title, doclang=parsed.doc.lang, date=parsed.doc.effective or "?",
            rules=rules, glossary=len(parsed.glossary), dest=dest))
    return 0


COMMANDS = {"lookup": cmd_lookup, "show": cmd_show, "rule": cmd_rule, "kb": cmd_kb, "import-rules": cmd_import_rules}
