"""The scenario command: run declarative YAML scenarios on the rules engine."""

from __future__ import annotations

import argparse
from pathlib import Path

from tutor.cli.common import Usage, console, emit_json
from tutor.i18n import t

__all__ = ["COMMANDS", "add_parsers"]


def add_parsers(sub, ui: str) -> None:
    """`scenario run FILE|DIR ...`."""
    sc = sub.add_parser("scenario", help=t("help_scenario", ui))
    sc.add_argument("action", choices=("run",), help=t("help_scenario_action", ui))
    sc.add_argument("files", nargs="+", help=t("help_files", ui))
    sc.add_argument("--json", action="store_true", help=t("help_json", ui))
    sc.add_argument("-v", "--verbose", action="store_true", help=t("help_verbose", ui))


def cmd_scenario(args: argparse.Namespace, ui: str) -> int:
    """Run scenario files: 0 when every expectation holds, 1 when one fails, 2 when a file is invalid."""
    from glossary.yamlio import YamlError
    from tutor.cardpool import load_cards
    from tutor.events_text import render_log
    from tutor.scenario import load_scenario, run_scenario

    try:
        cards = load_cards()
    except YamlError as exc:
        raise Usage(t("invalid_file", ui, error=exc)) from None
    files: list[Path] = []
    for f in args.files:
        p = Path(f)
        files.extend(sorted(p.glob("*.yaml")) if p.is_dir() else [p])
    reports, status = [], 0
    for path in files:
        if not path.is_file():
            raise Usage(t("import_not_file", ui, path=path))
        try:
            sc = load_scenario(path, cards, str(path))
        except YamlError as exc:
            raise Usage(t("invalid_file", ui, error=exc)) from None
        res = run_scenario(sc, ui)
        game = res.game
        log = render_log(game.events, cards, ui, game.object_cards) if game else []
        reports.append({"file": str(path), "id": sc.id, "ok": res.ok, "failures": [f.as_dict(ui) for f in res.failures],
                        "checkpoints": res.checkpoints, "log": log,
                        "title": sc.data.get("title"), "explanation": sc.data.get("explanation"),
                        "board": game.view().to_dict() if game else None})  # the final position (BoardView)
        status = max(status, 0 if res.ok else 1)
    if args.json:
        emit_json(reports[0] if len(reports) == 1 else reports)
        return status
    from tutor.render import render_scenario

    out = console()
    for rep in reports:
        render_scenario(out, rep, ui, verbose=args.verbose or not rep["ok"])
    return status


COMMANDS = {"scenario": cmd_scenario}
