"""The scenario command: run declarative YAML scenarios on the rules engine."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tutor.cli.common import Usage, console, emit_json, warn
from tutor.i18n import t

__all__ = ["COMMANDS", "add_parsers"]


def add_parsers(sub, ui: str) -> None:
    """`scenario run FILE|DIR ...` or `scenario run --all`."""
    sc = sub.add_parser("scenario", help=t("help_scenario", ui))
    sc.add_argument("action", choices=("run",), help=t("help_scenario_action", ui))
    sc.add_argument("files", nargs="*", help=t("help_files", ui))
    sc.add_argument("--all", action="store_true", help=t("help_scenario_all", ui))
    sc.add_argument("--json", action="store_true", help=t("help_json", ui))
    sc.add_argument("-v", "--verbose", action="store_true", help=t("help_verbose", ui))


def _targets(args: argparse.Namespace, ui: str) -> list[tuple[Path, str | None]]:
    """The files to run, in order, each with None or the reason it cannot be run (a message)."""
    from tutor.resources import scenario_files

    if args.all and args.files:
        raise Usage(t("scenario_all_and_files", ui))
    if not args.all and not args.files:
        raise Usage(t("scenario_no_files", ui))
    if args.all:
        return [(p, None) for p in scenario_files()]
    out: list[tuple[Path, str | None]] = []
    for f in args.files:
        p = Path(f)
        if p.is_dir():
            found = sorted(x for x in p.glob("*.yaml") if x.is_file())
            out.extend((x, None) for x in found)
            if not found:
                out.append((p, t("scenario_empty_dir", ui, path=p)))
        elif p.is_file():
            out.append((p, None))
        else:
            out.append((p, t("import_not_file", ui, path=p)))
    return out


def cmd_scenario(args: argparse.Namespace, ui: str) -> int:
    """Run scenario files: 0 when every expectation holds, 1 when one fails, 2 when a file is invalid.

    An invalid file (or a folder without scenarios) is reported and the others still run; the exit status is
    the worst of all (2 > 1 > 0). ``--json`` gives each file's result (one object for a single file), an invalid
    file as ``{"file", "ok": false, "error"}``.
    """
    from glossary.yamlio import YamlError
    from tutor.cardpool import load_cards
    from tutor.events_text import render_log
    from tutor.scenario import load_scenario, run_scenario

    targets = _targets(args, ui)
    try:
        cards = load_cards()
    except YamlError as exc:
        raise Usage(t("invalid_file", ui, error=exc)) from None
    reports, status, waiting, layered = [], 0, {}, {}
    for path, problem in targets:
        if problem is None:
            try:
                sc = load_scenario(path, cards, str(path))
            except YamlError as exc:
                problem = t("invalid_file", ui, error=exc)
        if problem is not None:
            reports.append({"file": str(path), "ok": False, "error": problem})
            status = 2
            continue
        res = run_scenario(sc, ui)
        game = res.game
        log = render_log(game.events, sc.cards, ui, game.object_cards) if game else []  # the pool and its own cards
        reports.append({"file": str(path), "id": sc.id, "ok": res.ok, "failures": [f.as_dict(ui) for f in res.failures],
                        "checkpoints": res.checkpoints, "log": log,
                        "title": sc.data.get("title"), "explanation": sc.data.get("explanation"),
                        "board": game.view().to_dict() if game else None})  # the final position (BoardView)
        if not args.json:
            waiting[len(reports) - 1] = _waiting(game, ui)
            layered[len(reports) - 1] = _layers(game, sc.cards, ui)
        status = max(status, 0 if res.ok else 1)
    if args.json:
        emit_json(reports[0] if len(reports) == 1 and not args.all else reports)
        return status
    from tutor.render import render_scenario

    out = console()
    for i, rep in enumerate(reports):
        if "error" in rep:
            sys.stdout.flush()
            warn(rep["error"])
        else:
            render_scenario(out, rep, ui, verbose=args.verbose or not rep["ok"], waiting=waiting.get(i),
                            layers=layered.get(i))
    if len(reports) > 1:
        counts = {"ok": sum(1 for r in reports if r["ok"]), "failed": sum(1 for r in reports if not r["ok"] and "error" not in r),
                  "invalid": sum(1 for r in reports if "error" in r)}
        out.print(t("scenario_summary", ui, total=len(reports), **counts))
    return status


def _layers(game, cards: dict, ui: str) -> list[str]:
    """Why each permanent of the final position is what it is, when continuous effects change it (613): its
    printed and current power and toughness, then each effect in layer order with its source and rule
    (`tutor.layers_text.explanation_lines`)."""
    from tutor.layers_text import explanation_lines

    if game is None:
        return []
    lines: list[str] = []
    for perm in game.view().permanents:
        lines += explanation_lines(perm, cards, ui)
    return lines


def _waiting(game, ui: str) -> list[str]:
    """When the final position waits for a choice (`tutor.engine.choices`): the turn line, what is chosen and by
    which rule, and the possible answers, numbered as the lesson player numbers them (the JSON board has it as
    ``pending.choice``)."""
    if game is None or game.outcome is not None or not game.pending or game.pending[0] != "choice":
        return []
    from tutor.lessons.moves import legal_moves
    from tutor.lessons.text import status_line

    lines = [status_line(game.view(), ui)]
    for group in legal_moves(game, attempts=False):
        lines.append(f"  {group.title(ui)}:")
        lines += [f"    {n}. {move.label(ui)}" for n, move in enumerate(group.moves, 1)]
    return lines


COMMANDS = {"scenario": cmd_scenario}
