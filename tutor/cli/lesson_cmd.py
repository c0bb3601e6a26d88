"""The lesson commands: ``lesson list``, ``lesson play N|ID`` (the plain-terminal player) and ``lesson check``.
A lesson is named by its number in the course (the first column of ``lesson list``) or by its id; the list never
cuts the ids, whatever the width of the terminal (the titles wrap instead).

The player reads standard input line by line, so it works piped: at a narration any line continues; at a move
or a question a number chooses (a number question takes digits or a number word, "due", «два»), ``h`` shows
the next hint, ``u`` takes a move back, ``q`` quits (the progress is kept); end of input quits too. Bad input,
an empty line included, gets a short message and the question again (it is never judged).
"""

from __future__ import annotations

import argparse
import sys

from tutor.cli.common import Usage, console, emit_json, input_stream, read_answer, warn
from tutor.i18n import LANGS, t

__all__ = ["COMMANDS", "add_parsers"]


def add_parsers(sub, ui: str) -> None:
    """`lesson list [--json]`, `lesson play N|ID [--ui L]`, `lesson check [N|ID ...|--all] [--json]`."""
    le = sub.add_parser("lesson", help=t("help_lesson", ui))
    le.add_argument("action", choices=("list", "play", "check"), help=t("help_lesson_action", ui))
    le.add_argument("ids", nargs="*", metavar="ID", help=t("help_lesson_ids", ui))
    le.add_argument("--all", action="store_true", help=t("help_lesson_all", ui))
    le.add_argument("--json", action="store_true", help=t("help_json", ui))
    le.add_argument("--knows-basics", action="store_true", help=t("help_lesson_knows_basics", ui))
    le.add_argument("--ui", choices=LANGS, default=argparse.SUPPRESS, help=t("help_ui", ui))


def _course(ui: str):
    from glossary.yamlio import YamlError
    from tutor.lessons import load_course

    try:
        return load_course()
    except YamlError as exc:
        raise Usage(t("invalid_file", ui, error=exc)) from None


def _store(ui: str):
    from tutor.progress import ProgressError, ProgressStore

    try:
        store = ProgressStore.open()
    except ProgressError as exc:
        raise Usage(exc.message(ui)) from None
    for notice in store.notices:
        warn(notice.message(ui), prefix="")
    return store


def cmd_lesson(args: argparse.Namespace, ui: str) -> int:
    """Dispatch: list, play, check."""
    if args.action == "list":
        if args.ids or args.all:
            raise Usage(t("lesson.list_no_ids", ui))
        return _list(args, ui)
    if args.action == "check":
        return _check(args, ui)
    if len(args.ids) != 1 or args.all or args.json:
        raise Usage(t("lesson.play_one", ui))
    return _play(args.ids[0], ui, args.knows_basics)


# ==== list ============================================================================================
def _knows_basics() -> bool:
    from tutor.settings import load

    return load()[0].knows_basics


def _list(args, ui: str) -> int:
    course = _course(ui)
    with _store(ui) as store:
        states = store.lesson_states()
    basics = _knows_basics()
    rows = []
    for lesson in course.lessons:
        st = states.get(lesson.id)
        rows.append({"id": lesson.id, "course": lesson.course, "title": dict(lesson.title), "level": lesson.level,
                     "requires": list(lesson.requires), "steps": len(lesson.steps), "rules": list(lesson.rules),
                     "status": "done" if st and st.completed else st.status if st else "new",
                     "replay": bool(st) and st.shown_status == "replay", "stars": st.best_stars if st else 0,
                     "locked": not course.is_open(lesson, states, basics)})
    if args.json:
        emit_json({"lessons": rows})
        return 0
    from rich.table import Table
    from rich.text import Text

    from tutor.lessons.results import stars_text

    words = [t(f"lesson.status.{k}", ui) for k in ("new", "started", "done", "replay", "locked")]
    words.append(t("lesson.col.status", ui))
    status_width = max(len(w) for x in words for w in x.split())
    for number in sorted({x.course for x in course.lessons}):  # each course, a table under its heading
        table = Table(show_edge=False, expand=True, title=t(f"lesson.course.{number}", ui), title_justify="left",
                      title_style="bold")
        for key in ("order", "id", "title", "status", "stars"):  # ids never wrap nor get cut: titles wrap instead
            wraps = key in ("title", "status")
            table.add_column(t(f"lesson.col.{key}", ui), no_wrap=not wraps, overflow="fold" if wraps else "ignore",
                             ratio=1 if key == "title" else None,  # the status: as wide as its longest word
                             width=status_width if key == "status" else None)
        for lesson, row in zip(course.lessons, rows):
            if lesson.course != number:
                continue
            title = Text(row["title"][ui])
            title.append("\n" + t("lesson.level_minutes", ui, level=lesson.level, minutes=lesson.minutes),
                         style="dim")
            status = "locked" if row["locked"] else "replay" if row["replay"] else row["status"]
            table.add_row(str(lesson.order), lesson.id, title, t(f"lesson.status.{status}", ui),
                          stars_text(row["stars"]))
        console().print(table)
    locked = [x for x, row in zip(course.lessons, rows) if row["locked"]]
    if locked:
        console().print(_locked_note(course, states, locked[0], ui))
    return 0


def _locked_note(course, states: dict, lesson, ui: str) -> str:
    """Why the second course is closed, and how to open it now."""
    return t("lesson.locked_note", ui, n=len(course.basics_left(states)),
             how=f"mtg-tutor lesson play {lesson.order} --knows-basics")


# ==== check ===========================================================================================
def _check(args, ui: str) -> int:
    from tutor.lessons import check_lesson

    course = _course(ui)
    lessons = course.lessons
    if args.ids:
        unknown = [i for i in args.ids if course.find(i) is None]
        if unknown:
            raise Usage(t("lesson.unknown", ui, id=", ".join(unknown), n=len(course.lessons),
                                  known=", ".join(course.ids())))
        lessons = [course.find(i) for i in args.ids]
    reports = []
    for lesson in lessons:
        try:
            problems = [p.text(ui) for p in check_lesson(lesson)]
        except Exception as exc:  # a defect the checks did not foresee: one line, never a traceback
            problems = [f"{lesson.file}: " + t("lesson.problem.crash", ui, detail=f"{type(exc).__name__}: {exc}"[:300])]
        reports.append({"id": lesson.id, "ok": not problems, "problems": problems})
    status = 0 if all(r["ok"] for r in reports) else 1
    if args.json:
        emit_json({"lessons": reports})
        return status
    for r in reports:
        print(f"{t('scenario_ok' if r['ok'] else 'scenario_failed', ui)}  {r['id']}")
        for p in r["problems"]:
            print(f"  {p}")
    return status


# ==== play ============================================================================================
class _Quit(Exception):
    pass


def _terminal_width() -> int:
    import shutil

    return max(shutil.get_terminal_size().columns, 20)


def _wrapped(line: str, width: int) -> str:
    """`line` folded at words to `width` columns (a terminal folds it in the middle of a word), its
    continuation lines indented like it and two more columns."""
    if len(line) <= width:
        return line
    import textwrap

    indent = line[: len(line) - len(line.lstrip(" "))]
    return textwrap.fill(line, width, subsequent_indent=indent + "  ", break_long_words=False,
                         break_on_hyphens=False)


class _Player:
    """The plain-terminal lesson player: one `LessonSession`, standard input and output."""

    def __init__(self, session, ui: str, inp=None, out=None) -> None:
        self.s, self.ui = session, ui
        self.inp, self.out = inp or sys.stdin, out or sys.stdout
        isatty = getattr(self.inp, "isatty", None)
        self.interactive = bool(isatty and isatty())
        self.last_board = None
        isatty = getattr(self.out, "isatty", None)
        self.width = _terminal_width() if isatty and isatty() else None  # a terminal: lines wrapped at words

    def say(self, text: str = "") -> None:
        if self.width:
            text = "\n".join(_wrapped(line, self.width) for line in text.split("\n"))
        self.out.write(text + "\n")
        self.out.flush()

    def read(self, prompt: str) -> str:
        self.out.write(prompt + " ")
        self.out.flush()
        line = read_answer(self.inp)  # without control characters: it is echoed
        if line is None:
            self.say()
            raise _Quit
        if not self.interactive:  # piped: echo the answer, so that every output line stands alone
            self.out.write(line + "\n")
        if line.lower() == "q":
            raise _Quit
        return line

    def board(self, again: bool = False) -> None:
        """Print the board (unless it is the one printed last, and `again` is False)."""
        from tutor.lessons.text import board_lines

        view = self.s.board()
        if view == self.last_board and not again:
            return
        self.last_board = view
        for line in board_lines(view, self.s.lesson.cards, self.ui, self.s.lesson.learner):
            self.say(line)

    def events(self) -> bool:
        lines = self.s.new_events()
        if lines:
            self.say(t("lesson.events", self.ui))
            for e in lines:
                self.say("  · " + e.text(self.ui))
        return bool(lines)

    def run(self) -> int:

        """Play the lesson to its end (or until the learner quits); the exit status."""
        s, ui = self.s, self.ui
        self.say(f"== {s.title(ui)} ==")
        self.say(s.goals(ui))
        try:
            while not s.finished:
                self.say()
                changed = self.events()
                self.say(t("lesson.step_of", ui, n=s.index + 1, total=len(s.lesson.steps)))
                if s.kind in ("do", "ask") or (changed and s.kind != "recap"):
                    self.board()
                getattr(self, f"step_{s.kind}")()
            self.say()
            from tutor.lessons.results import stars_text

            self.say(t("lesson.finished", ui, stars=stars_text(s.stars), hints=s.hint_count,
                       mistakes=s.mistake_count))
        except _Quit:
            self.say(t("lesson.quit", ui))
            return 0
        try:
            self.free_play()
        except _Quit:
            pass
        return 0

    def narrate(self) -> None:
        """A narration, an auto step or the recap: any line goes on (u takes the last move back, q quits)."""
        self.say(self.s.text(self.ui))
        line = self.read(t("lesson.prompt.continue", self.ui))
        if line.lower() == "u" and self.s.can_undo():
            self.common(line)
            return
        self.s.advance()

    step_say = step_auto = step_recap = narrate

    def common(self, line: str) -> bool:
        """h (hint) and u (undo); True when the line was one of them."""
        s, ui = self.s, self.ui
        if line.lower() == "h":
            hint = s.hint()
            self.say(f"{hint.heading(ui)}: {hint.text(ui)}" if hint else t("lesson.no_more_hints", ui))
            return True
        if line.lower() == "u":
            if s.undo():
                self.say(t("lesson.undone", ui))
                self.board(again=True)
            else:
                self.say(t("lesson.cant_undo", ui))
            return True
        return False

    def step_do(self) -> None:

        """A move: numbered moves until one is accepted."""
        s, ui = self.s, self.ui
        self.say(s.text(ui))
        index = s.index
        while s.index == index and not s.finished and s.kind == "do":
            moves = self.numbered_moves()
            line = self.read(t("lesson.prompt.move", ui))
            if self.common(line):
                continue
            if not line.isdigit() or not 1 <= int(line) <= len(moves):
                self.say(t("lesson.bad_choice", ui, n=len(moves)))
                continue
            result = s.move(moves[int(line) - 1].action)
            self.say(result.message(ui))
            if result.accepted:
                s.advance()
                return
            if result.kind == "mana":  # a mana ability on the way to the move: its event, the pool changed
                self.events()
                self.board()

    def numbered_moves(self, groups=None) -> list:
        """Print the moves, numbered under their groups; return them in that order."""
        out = []
        for group in self.s.moves() if groups is None else groups:
            self.say(f"  {group.title(self.ui)}:")
            for m in group.moves:
                out.append(m)
                self.say(f"    {len(out)}. {m.label(self.ui)}")
        return out

    def step_ask(self) -> None:

        """A question: numbered answers (or a number) until it is solved."""
        s, ui = self.s, self.ui
        kind = s.ask_kind
        self.say(s.text(ui))
        options = s.options()
        for i, o in enumerate(options, 1):
            self.say(f"  {i}. {o.text(ui)}")
        index = s.index
        while s.index == index:
            line = self.read(t(f"lesson.prompt.{kind}", ui))
            if self.common(line):
                continue
            value = self.parse(kind, line, options)
            if value is None:
                self.say(t("lesson.bad_answer", ui, n=len(options)) if options else t("lesson.bad_number", ui))
                continue
            result = s.answer(value)
            self.say(result.message(ui))
            if result.correct or result.revealed:
                if result.revealed:
                    self.say(t("lesson.answer_is", ui, answer=result.answer_text(ui)))
                if result.explanation(ui):
                    self.say(result.explanation(ui))
                s.advance()
                return

    @staticmethod
    def parse(kind: str, line: str, options: list):
        """The answer a line gives, or None when it gives none."""
        if kind == "number":
            from tutor.numbers import parse_number

            return parse_number(line)
        parts = line.replace(",", " ").split()
        if not parts or not all(p.isdigit() and 1 <= int(p) <= len(options) for p in parts):
            return None
        picked = [options[int(p) - 1].id for p in parts]
        if kind in ("choice", "legal"):
            return picked[0] if len(picked) == 1 else None
        if kind == "order":
            return picked if sorted(map(str, picked)) == sorted(str(o.id) for o in options) else None
        return picked if len(set(picked)) == len(picked) else None

    def free_play(self) -> None:

        """After the lesson, on request: free play against the engine's agent."""
        s, ui = self.s, self.ui
        line = self.read(t("lesson.prompt.free_play", ui))
        if line.lower() != "f":
            return
        fp = s.free_play(seed=0)
        while not fp.over:
            self.say()
            for e in fp.new_events():
                self.say("  · " + e.text(ui))
            from tutor.lessons.text import board_lines

            for b in board_lines(fp.board(), s.lesson.cards, ui, s.lesson.learner):
                self.say(b)
            moves = self.numbered_moves(fp.moves())
            if not moves:
                break
            line = self.read(t("lesson.prompt.free_move", ui))
            if line.lower() == "u":
                self.say(t("lesson.undone", ui) if fp.undo() else t("lesson.cant_undo", ui))
                continue
            if not line.isdigit() or not 1 <= int(line) <= len(moves):
                self.say(t("lesson.bad_free_choice", ui, n=len(moves)))
                continue
            result = fp.move(moves[int(line) - 1].action)
            if not result.accepted:
                self.say(result.message(ui))
        for e in fp.new_events():
            self.say("  · " + e.text(ui))


def _play(lesson_id: str, ui: str, knows_basics: bool = False) -> int:
    from tutor.cli import OutputError
    from tutor.lessons import LessonSession
    from tutor.lessons.results import lessons_named, stars_text
    from tutor.progress import ProgressError

    course = _course(ui)
    lesson = course.find(lesson_id)
    if lesson is None:
        raise Usage(t("lesson.unknown", ui, id=lesson_id, n=len(course.lessons),
                                  known=", ".join(course.ids())))
    inp = input_stream(ui)  # closed (<&-): said before the lesson starts
    with _store(ui) as store:
        try:
            states = store.lesson_states()
            if not course.is_open(lesson, states, _knows_basics() or knows_basics):
                raise Usage(t("lesson.locked", ui, n=lesson.order) + " "
                            + _locked_note(course, states, lesson, ui))
            if knows_basics and lesson.course == 2 and not _knows_basics():
                from tutor.settings_file import set_setting

                print(t("lesson.basics_saved" if set_setting("knows_basics", True) else "lesson.basics_not_saved",
                        ui))
            missing = [course.get(r) for r in lesson.requires if (states.get(r) is None or not states[r].completed)
                       and course.get(r) is not None]
            session = LessonSession(lesson, store)
            player = _Player(session, ui, inp=inp)
            if session.completed_before:  # a completed lesson played again stays completed
                player.say(t("lesson.replay_note", ui, stars=stars_text(session.best_stars)))
            if missing:  # by number and title, as lesson list shows them
                player.say(t("lesson.requires", ui, ids=lessons_named(missing, ui)))
            return player.run()
        except (BrokenPipeError, KeyboardInterrupt, OutputError, Usage):
            raise  # the edge of every command says these (an output that cannot be written: 2)
        except ProgressError as exc:  # a store read-only or busy: as the other commands say it
            raise Usage(exc.message(ui)) from None
        except Exception as exc:  # a defect of the lesson or of the runtime: one line, never a traceback
            warn(t("lesson.problem.crash", ui, detail=f"{type(exc).__name__}: {exc}"[:300]))
            return 1


COMMANDS = {"lesson": cmd_lesson}
