"""The quiz commands: ``quiz`` (today's session in the terminal, answers read line by line from standard input),
``quiz next`` (a question without its answer), ``quiz answer ID ANSWER`` (judge, record, schedule), ``quiz exam``
(25 questions across the Level 1 exam's areas, judged at the end: :mod:`tutor.quiz.exam`) and ``progress``
(lessons and quiz statistics from the progress store).

Nothing heavy is imported to build the parsers (the help stays fast); the store, FSRS and the question
generators are loaded when a command runs.
"""

from __future__ import annotations

import argparse
import sys
import time

from tutor.cli.common import Usage, emit_json, input_stream, read_answer, shown, warn
from tutor.debug import enabled as debug_enabled
from tutor.i18n import LANGS, t

__all__ = ["COMMANDS", "add_parsers"]

MAX_COUNT = 200


def _bounded(name: str, kind: type, low, high, ui: str):
    """An argparse type: a number of `kind` within [low, high]; anything else is refused with a message that
    names the bounds (argparse adds the argument's name): ``--retention 1e-300``, ``--time-ms`` with 23 digits."""

    def parse(text: str):
        try:  # a decimal comma is what an Italian or a Russian types first ("0,9")
            value = kind(text.replace(",", ".", 1) if kind is float else text)
        except (ValueError, OverflowError):
            raise argparse.ArgumentTypeError(t("arg.not_number" if kind is float else "arg.not_integer", ui,
                                               value=repr(text))) from None
        if not (low <= value <= high):  # NaN too
            raise argparse.ArgumentTypeError(t("arg.out_of_bounds", ui, value=repr(text), low=str(low),
                                               high=str(high)))
        return value

    parse.__name__ = name
    return parse


def add_parsers(sub, ui: str) -> None:
    """``quiz [next | answer]`` and ``progress``; every number is bounded where it enters (the bounds of the
    settings are `tutor.settings.SPECS`)."""
    from tutor.settings import MAX_ANSWER_MS, SPECS

    retention = SPECS["quiz_retention"]
    _count = _bounded("count", int, 1, MAX_COUNT, ui)
    _retention = _bounded("retention", float, retention.low, retention.high, ui)
    _duration = _bounded("ms", int, 0, MAX_ANSWER_MS, ui)
    q = sub.add_parser("quiz", help=t("help_quiz", ui), description=t("help_quiz_long", ui))
    _selection(q, ui)
    q.add_argument("--count", type=_count, help=t("help_quiz_count", ui, max=MAX_COUNT))
    q.add_argument("--retention", type=_retention, help=t("help_quiz_retention", ui))
    q.add_argument("--more", action="store_true", help=t("help_quiz_more", ui))
    actions = q.add_subparsers(dest="quiz_action", help=t("help_quiz_action", ui))
    nxt = actions.add_parser("next", help=t("help_quiz_next", ui))
    _selection(nxt, ui)
    nxt.add_argument("--json", action="store_true", help=t("help_json", ui))
    ans = actions.add_parser("answer", help=t("help_quiz_answer", ui))
    _ui(ans, ui)
    ans.add_argument("id", help=t("help_quiz_id", ui))
    ans.add_argument("answer", help=t("help_quiz_given", ui))
    ans.add_argument("--json", action="store_true", help=t("help_json", ui))
    ans.add_argument("--time-ms", type=_duration, dest="time_ms", help=t("help_quiz_time", ui))
    ans.add_argument("--hint", action="store_true", help=t("help_quiz_hint", ui))
    ans.add_argument("--retention", type=_retention, help=t("help_quiz_retention", ui))
    ex = actions.add_parser("exam", help=t("help_quiz_exam", ui))
    _ui(ex, ui)
    ex.add_argument("--level", type=_bounded("level", int, 0, 3, ui), default=2, help=t("help_quiz_exam_level", ui))
    ex.add_argument("--seed", type=_bounded("seed", int, 0, 2**32 - 1, ui), help=t("help_quiz_seed", ui))
    ex.add_argument("--json", action="store_true", help=t("help_json", ui))
    pr = sub.add_parser("progress", help=t("help_progress", ui))
    _ui(pr, ui)
    pr.add_argument("--json", action="store_true", help=t("help_json", ui))


def _ui(p: argparse.ArgumentParser, ui: str) -> None:
    """``--ui`` after the command too (``mtg-tutor quiz --ui ru``): the language is read before parsing."""
    p.add_argument("--ui", choices=LANGS, dest="ui_here", help=t("help_ui", ui))


def _selection(p: argparse.ArgumentParser, ui: str) -> None:
    _ui(p, ui)
    p.add_argument("--topic", help=t("help_quiz_topic", ui))
    p.add_argument("--kind", help=t("help_quiz_kind", ui))
    p.add_argument("--level", type=_bounded("level", int, 0, 3, ui), help=t("help_quiz_level", ui))
    p.add_argument("--rule", help=t("help_quiz_rule", ui))
    p.add_argument("--all-topics", action="store_true", dest="all_topics", help=t("help_quiz_all_topics", ui))
    p.add_argument("--seed", type=_bounded("seed", int, 0, 2**32 - 1, ui), help=t("help_quiz_seed", ui))
    p.add_argument("--other-language", action="store_true", dest="other_language",
                   help=t("help_quiz_other_language", ui))


def _other_language(args) -> bool:
    """Italian <-> Russian term questions too: ``--other-language``, else the ``quiz_other_language`` setting."""
    from tutor.quiz.session import quiz_settings

    return bool(args.other_language) or quiz_settings()[0]["quiz_other_language"]


# ---- shared --------------------------------------------------------------------------------------------------
def _open_store(ui: str):
    from tutor.progress import ProgressError, open_store

    try:
        store = open_store()
    except ProgressError as exc:
        raise Usage(exc.message(ui)) from None
    for notice in store.notices:
        warn(notice.message(ui))
    return store


def _check_selection(args, ui: str) -> None:
    from tutor.quiz import bank
    from tutor.quiz.topics import valid_rule

    if args.kind is not None and args.kind not in bank.KINDS:
        raise Usage(t("quiz.error.kind", ui, kind=args.kind, kinds=", ".join(bank.KINDS)))
    if args.topic is not None and args.topic not in bank.topics():
        raise Usage(t("quiz.error.topic", ui, topic=args.topic, topics=", ".join(bank.topics())))
    if args.rule is not None:
        if not valid_rule(args.rule):
            raise Usage(t("quiz.error.rule", ui, rule=args.rule))
        args.rule = args.rule.strip().rstrip(".")


def _studied(args, store):
    """"Only what I have studied" (the default): the topics of the completed lessons, unless ``--all-topics`` or
    the selection names its subject (``--topic``, ``--kind``, ``--rule``); None for every topic."""
    if args.all_topics or args.topic is not None or args.kind is not None or args.rule is not None:
        return None
    from tutor.quiz.session import studied

    return studied(store)


def _selection_words(args) -> str:
    """The selection as it was typed (``--level 3 --kind which-step``), for a message."""
    words = [f"--{name} {value}" for name, value in (("topic", args.topic), ("kind", args.kind),
                                                    ("level", args.level), ("rule", args.rule)) if value is not None]
    return " ".join(words)


def _no_match(args, ui: str, studied) -> Usage:
    """No question matches the selection: say which, and that --all-topics widens "only what I have studied"."""
    key = "quiz.error.no_match_studied" if studied is not None else "quiz.error.no_match"
    return Usage(t(key, ui, selection=_selection_words(args) or "—"))


def _warn_settings(ui: str) -> None:
    from tutor.quiz.session import quiz_settings
    from tutor.settings import problem_text

    for problem in quiz_settings()[1]:
        warn(problem_text(problem, ui))


def _quiz_error(exc, ui: str) -> Usage:
    return Usage(exc.message(ui))


def _when(due, ui: str) -> str:
    """"2025-03-11 12:00 (tra 10 minuti)" in local time."""
    from datetime import UTC, datetime

    from tutor.quiz.when import due_text

    return due_text(due, datetime.now(UTC), ui)


def _question_text(q, ui: str, number: str = "", *, with_id: bool = False) -> str:
    """A question as the terminal shows it; its internal id only for ``quiz next`` (``quiz answer`` needs it) and
    with the debug variable."""
    kind = t(f"quiz.kind.{q.kind}", ui)
    lines = [f"{number}{kind} · {q.id}" if with_id else f"{number}{kind}", q.prompt[ui]]
    for i, option in enumerate(q.options or (), 1):
        lines.append(f"  {i}) {option[ui]}")
    lines.append(t(f"quiz.how.{q.answer_format}", ui, n=len(q.options or ())))
    return "\n".join(lines)


def _outcome_text(outcome, ui: str) -> str:
    from tutor.quiz.feedback import answer_lines, expected_words

    v = outcome.verdict
    lines = [t("quiz.right", ui, expected=v.expected) if v.correct else
             t("quiz.wrong", ui, expected=expected_words(outcome.question, ui))]
    if v.note:
        lines.append(v.note)
    lines.extend(answer_lines(outcome.question, v, ui))
    lines.append(outcome.question.explanation[ui])
    if outcome.question.rules:
        lines.append(t("quiz.rules", ui, rules=", ".join(outcome.question.rules)))
    lines.append(outcome.grade_text(ui))
    lines.append(_when(outcome.due, ui))
    return "\n".join(lines)


# ---- commands ---------------------------------------------------------------------------------------------------
def cmd_quiz(args: argparse.Namespace, ui: str) -> int:
    """`quiz`: today's session; `quiz next`; `quiz answer`."""
    if args.quiz_action == "next":
        return _next(args, ui)
    if args.quiz_action == "answer":
        return _answer(args, ui)
    if args.quiz_action == "exam":
        return _exam(args, ui)
    return _session(args, ui)


def _next(args, ui: str) -> int:
    """A question without its answer: with --seed always the same; otherwise the first card of today's session
    (a random one when nothing is due or new)."""
    from tutor.quiz import bank
    from tutor.quiz.model import QuizError

    _check_selection(args, ui)
    _warn_settings(ui)  # today's session reads the quiz's settings, a seeded question quiz_other_language
    filters = {"level": args.level, "rule": args.rule}
    try:
        if args.seed is not None:
            studied = None
            if not (args.all_topics or args.topic is not None or args.kind is not None or args.rule is not None):
                with _open_store(ui) as store:  # (only then: the completed lessons)
                    studied = _studied(args, store)
            if not bank.cards(args.topic, args.kind, ui, other_language=_other_language(args), studied=studied,
                              **filters):
                raise _no_match(args, ui, studied)
            q = bank.pick(args.seed, args.topic, args.kind, ui, other_language=_other_language(args),
                          studied=studied, **filters)
        else:
            from tutor.quiz.session import QuizSession

            with _open_store(ui) as store:
                studied = _studied(args, store)
                session = QuizSession(store, lang=ui, topic=args.topic, kind=args.kind, size=1,
                                      other_language=_other_language(args), studied=studied, **filters)
                if not session.has_candidates():
                    raise _no_match(args, ui, studied)
                q = next(session.questions(), None)
            if q is None:
                import secrets

                q = bank.pick(secrets.randbits(32), args.topic, args.kind, ui, other_language=_other_language(args),
                              studied=studied, **filters)
    except QuizError as exc:
        raise _quiz_error(exc, ui) from None
    if q.family is not None:  # an engine's question: kept for the `quiz answer` that follows (no engine there)
        from tutor.quiz import qcache

        qcache.put(q)
    if args.json:
        emit_json(q.to_public())
    else:
        print(_question_text(q, ui, with_id=True))
    return 0


def _answer(args, ui: str) -> int:
    from tutor.progress import ProgressError
    from tutor.quiz.model import QuizError
    from tutor.quiz.session import answer_question

    _warn_settings(ui)
    try:
        with _open_store(ui) as store:
            outcome = answer_question(store, args.id, args.answer, ui, duration_ms=args.time_ms,
                                      hint_used=args.hint, retention=args.retention)
    except QuizError as exc:
        raise _quiz_error(exc, ui) from None
    except ProgressError as exc:
        raise Usage(exc.message(ui)) from None
    from tutor.cli import OutputError

    try:
        if args.json:
            emit_json(outcome.to_json())
        else:
            print(_outcome_text(outcome, ui))
        sys.stdout.flush()
    except OutputError as exc:  # recorded, but not shown: say so (a script must not answer again)
        exc.note = t("quiz.answer_recorded", ui)
        raise
    return 0


def _session(args, ui: str) -> int:
    """Today's session: each question, an answer read from standard input (a line), the verdict, the explanation
    and the next due date; "?" shows a hint; an empty line asks again; end of input ends the session."""
    from tutor.progress import ProgressError
    from tutor.quiz.model import AnswerError, QuizError
    from tutor.quiz.session import QuizSession

    _check_selection(args, ui)
    inp = input_stream(ui)  # closed (<&-): said before anything is asked
    _warn_settings(ui)
    out = sys.stdout
    try:
        with _open_store(ui) as store:
            studied = _studied(args, store)
            session = QuizSession(store, lang=ui, topic=args.topic, kind=args.kind, size=args.count,
                                  seed=args.seed, retention=args.retention, more=args.more,
                                  other_language=_other_language(args), level=args.level, rule=args.rule,
                                  studied=studied)
            if not session.has_candidates():
                raise _no_match(args, ui, studied)
            items = session.items
            if not items:
                if not _more_note(session, ui):
                    print(t("quiz.session.nothing", ui))
                return 0
            due = sum(not item.is_new for item in items)
            print(t("quiz.session.start", ui, n=len(items), due=due, new=len(items) - due))
            print(t("quiz.session.keys", ui))
            ended, debug = False, debug_enabled()
            for number, q in enumerate(session.questions(), 1):
                print()
                print(_question_text(q, ui, f"[{number}/{len(items)}] ", with_id=debug))
                hints, started = 0, time.monotonic()
                while True:
                    out.write("> ")
                    out.flush()
                    text = read_answer(inp)  # without control characters: echoed, and kept as the answer
                    if text is None:
                        ended = True
                        break
                    if not inp.isatty():
                        print(text)  # piped: show what was answered
                    if not text:
                        continue
                    if text == "?":
                        if hints < len(q.hints):
                            print(t("quiz.hint", ui, n=hints + 1, text=q.hints[hints][ui]))
                            hints += 1
                        else:  # none at all: not «no more»
                            print(t("quiz.no_more_hints" if q.hints else "quiz.no_hints", ui))
                        continue
                    try:
                        outcome = session.answer(q, text, duration_ms=round((time.monotonic() - started) * 1000),
                                                 hint_used=hints > 0)
                    except AnswerError as exc:
                        print(exc.message(ui))
                        continue
                    print(_outcome_text(outcome, ui))
                    break
                if ended:
                    break
            capped = session.capped()  # said after the summary (an interrupted session too)
    except QuizError as exc:
        raise _quiz_error(exc, ui) from None
    except ProgressError as exc:
        raise Usage(exc.message(ui)) from None
    s = session.summary()
    print()
    if ended:
        print(t("quiz.session.interrupted", ui))
    share = f"{s.correct / s.answered:.0%}" if s.answered else "—"
    print(t("quiz.session.summary", ui, answered=s.answered, correct=s.correct, share=share, new=s.new))
    if s.next_due is not None:
        print(_when(s.next_due, ui))
    _more_note(session, ui, capped)
    return 0


def _exam(args, ui: str) -> int:
    """The exam: each question, an answer read from standard input (a line), no hint and no verdict until the
    end; then the report (or, with --json, the report as JSON and nothing else on standard output: the questions
    go to standard error when the input is a terminal, nowhere when it is piped).

    A line answers the current question; ``-`` skips it (unanswered, counted wrong). Interactive (a terminal): an
    empty line or a malformed answer (``x`` for a choice) is asked again. Piped: every line answers the next
    question, an empty line leaves it unanswered and a malformed one counts wrong (the report shows it with why
    it could not be read). End of input ends the exam: the questions left count wrong. The exam is stored and the
    weak areas' questions queued for review; a store that fails is said after the report (exit status 1)."""
    from tutor.progress import ProgressError
    from tutor.quiz.exam import SKIP, build_exam, judge_exam, pass_mark, record_exam, report_lines
    from tutor.quiz.model import AnswerError, QuizError, judge

    inp = input_stream(ui)  # closed (<&-): said before anything is asked
    interactive = inp.isatty()
    store = _open_store(ui)  # a store that cannot be opened is said before the exam, not after it
    try:
        try:
            exam = build_exam(args.level, args.seed)
        except QuizError as exc:
            raise _quiz_error(exc, ui) from None
        out = sys.stdout if not args.json else (sys.stderr if interactive else None)

        def say(text: str = "", end: str = "\n") -> None:
            if out is not None:
                out.write(text + end)
                out.flush()

        total = len(exam.items)
        say(t("quiz.exam.start", ui, level=exam.level, n=total, mark=pass_mark(total)))
        say(t("quiz.exam.keys", ui))
        answers: list[str | None] = []
        debug = debug_enabled()
        for number, item in enumerate(exam.items, 1):
            q = item.question
            say()
            say(_question_text(q, ui, f"[{number}/{total}] ", with_id=debug))
            while True:
                say("> ", end="")
                text = read_answer(inp)  # without control characters: echoed, and kept as the answer
                if text is None:
                    break
                if not interactive:
                    say(text)  # piped: show what was answered
                if text == SKIP or (not text and not interactive):
                    answers.append(None)
                    say(t("quiz.exam.skipped", ui))
                    break
                if not text:
                    continue
                try:
                    judge(q, text, ui)  # only whether it is an answer: the verdict waits for the end
                except AnswerError as exc:
                    if interactive:
                        say(exc.message(ui))
                        continue
                    say(t("quiz.exam.counted_wrong", ui, note=exc.message(ui)))
                answers.append(text)
                break
            if text is None:
                say()
                say(t("quiz.exam.ended", ui, n=total - len(answers)))
                break
        report = judge_exam(exam, answers, ui)
        problem = None
        try:
            report = record_exam(store, report)
        except ProgressError as exc:
            problem = exc.message(ui)
    finally:
        store.close()
    if args.json:
        emit_json(report.to_json())
    else:
        print()
        print("\n".join(report_lines(report, ui, review_hint=t("quiz.exam.review_cli", ui))))
    if problem is not None:
        sys.stdout.flush()
        raise Usage(t("quiz.exam.not_saved", ui, error=problem), status=1)
    return 0


def _more_note(session, ui: str, capped: bool | None = None) -> bool:
    """When the day's cap of new questions holds some back: the cap, where to change it, and how to go on now
    (whether it was said)."""
    from glossary.paths import config_path

    if capped is None:
        capped = session.capped()
    if capped:
        print(t("quiz.more.capped", ui, cap=session.new_cap, path=shown(str(config_path()))))
        print(t("quiz.more.cli", ui))
    return bool(capped)


def cmd_progress(args: argparse.Namespace, ui: str) -> int:
    """The progress store: lessons and quiz statistics."""
    from tutor.progress import ProgressError
    from tutor.quiz.session import progress_report

    try:
        with _open_store(ui) as store:
            report = progress_report(store)
    except ProgressError as exc:
        raise Usage(exc.message(ui)) from None
    if args.json:
        emit_json(report)
        return 0
    quiz = report["quiz"]
    print(t("progress_cmd.store", ui, path=shown(report["store"])))  # a path with control characters: escaped
    lessons = report["lessons"]
    done = sum(1 for x in lessons.values() if x["status"] == "done")
    print(t("progress_cmd.lessons", ui, n=len(lessons), done=done))
    for lid, x in lessons.items():
        status = t(f"lesson.status.{'replay' if x['replay'] else x['status']}", ui)  # the words of lesson list
        print(f"  • {lid}: {status}, {t('progress_cmd.stars', ui, n=x['best_stars'])}")
    correct = "—" if quiz["correct_share"] is None else f"{quiz['correct_share']:.0%}"
    print(t("progress_cmd.quiz", ui, reviews=quiz["reviews"], due=quiz["due_today"], correct=correct,
            streak=quiz["streak_days"]))
    return 0


COMMANDS = {"quiz": cmd_quiz, "progress": cmd_progress}
