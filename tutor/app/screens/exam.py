"""The exam screen: 25 questions across the Level 1 exam's areas (:mod:`tutor.quiz.exam`), one after the other,
untimed, with no hint and no verdict until the end; then the report (score, pass or fail, each area, every wrong
answer with its explanation and rules), the exam stored in the progress store and its weak areas' questions queued
for review (the quiz, F3, asks them first).

Reached from the quiz screen (``e``) and the command palette ("Esame" / "Экзамен"); Esc closes it (an exam left
before its end is not recorded). Every question is answered in the box as the CLI reads it: ``2``, ``1,3``,
``3,1,2``, ``16``, a name; ``-`` skips a question (it counts wrong); an empty or malformed answer is said under the
box and asked again. The exam's options come from ``app.quiz_options`` when the app has them: ``exam_seed`` (else
``seed``), ``exam_level``, ``now`` (a callable giving the aware UTC time of the record).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Input, Static

from tutor.app.bindings import LocalizedBindings, localized_bindings
from tutor.app.widgets.footer import KeysFooter
from tutor.i18n import t
from tutor.render import safe_text

__all__ = ["ExamScreen"]


class ExamScreen(LocalizedBindings, Screen):
    """An exam, from its first question to its report."""

    DEFAULT_CSS = """
    ExamScreen #exam-header {
        height: auto;
        padding: 0 1;
        color: $text-muted;
        background: $boost;
    }
    ExamScreen #exam-switcher {
        height: 1fr;
    }
    ExamScreen #exam-pane, ExamScreen #exam-report-pane {
        height: 1fr;
        padding: 0 1;
    }
    ExamScreen #exam-prompt, ExamScreen #exam-how {
        margin: 1 0 0 0;
    }
    ExamScreen #exam-note {
        height: auto;
    }
    """

    BINDINGS = localized_bindings(
        ("escape", "close", "quiz.exam.key.close"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.exam = None
        self.answers: list[str | None] = []
        self.report = None
        self.saved: bool | None = None   # None: not yet (or no report); then whether the store took it
        self.save_error = ""
        self.error: str | None = None

    @property
    def options(self) -> dict:
        return getattr(self.app, "quiz_options", None) or {}

    # ---- layout ------------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="exam-header")
        with ContentSwitcher(initial="exam-pane", id="exam-switcher"):
            with VerticalScroll(id="exam-pane"):
                yield Static(id="exam-prompt")
                yield Static(id="exam-options")
                yield Static(id="exam-how")
                yield Input(id="exam-input")
                yield Static(id="exam-note")
            with VerticalScroll(id="exam-report-pane"):
                yield Static(id="exam-report")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_texts()
        self.run_worker(self._prepare, thread=True, exclusive=True, group="exam")

    def _prepare(self) -> None:
        """In a thread: the exam's 25 questions (a second or two: every card is built to see where it fits)."""
        from tutor.quiz.exam import DEFAULT_LEVEL, build_exam
        from tutor.quiz.model import QuizError

        o = self.options
        try:
            exam = build_exam(o.get("exam_level", DEFAULT_LEVEL), o.get("exam_seed", o.get("seed")))
        except QuizError as exc:
            self.app.call_from_thread(self._failed, exc.message(self.app.ui))
            return
        self.app.call_from_thread(self._ready, exam)

    def _failed(self, message: str) -> None:
        self.error = message
        self.refresh_texts()

    def _ready(self, exam) -> None:
        if not self.is_attached:
            return
        self.exam = exam
        self.refresh_texts()
        self.query_one("#exam-input", Input).focus()

    # ---- answering -------------------------------------------------------------------------------------------
    @property
    def question(self):
        if self.exam is None or self.report is not None or len(self.answers) >= len(self.exam.items):
            return None
        return self.exam.items[len(self.answers)].question

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """An answer: kept without a verdict (``-``: skipped), and the next question; empty or malformed: said."""
        from tutor.quiz.exam import SKIP
        from tutor.quiz.model import AnswerError, judge

        event.stop()
        q = self.question
        if q is None:
            return
        ui = self.app.ui
        text = event.value.strip()
        box = event.input
        if not text:
            self._note(t("quiz.error.empty", ui))
            return
        if text != SKIP:
            try:
                judge(q, text, ui)  # only whether it is an answer: the verdict waits for the end
            except AnswerError as exc:
                self._note(exc.message(ui))
                box.select_all()
                return
        self.answers.append(None if text == SKIP else text)
        box.value = ""
        self._note("")
        if len(self.answers) == len(self.exam.items):
            self._finish()
        else:
            self.refresh_texts()
            self.query_one("#exam-pane", VerticalScroll).scroll_home(animate=False)

    def _finish(self) -> None:
        """Every question answered: judge them all, show the report, store it (in a thread)."""
        from tutor.quiz.exam import judge_exam

        self.report = judge_exam(self.exam, self.answers, self.app.ui)
        self.query_one("#exam-switcher", ContentSwitcher).current = "exam-report-pane"
        self.query_one("#exam-report-pane").focus()
        self.refresh_texts()
        self.run_worker(self._record, thread=True, group="exam-record")

    def _record(self) -> None:
        from tutor.progress import ProgressError, open_store
        from tutor.quiz.exam import record_exam

        clock = self.options.get("now")
        try:
            with open_store() as store:
                report = record_exam(store, self.report, clock() if clock else None)
        except ProgressError as exc:
            self.app.call_from_thread(self._recorded, None, exc.message(self.app.ui))
            return
        self.app.call_from_thread(self._recorded, report, "")

    def _recorded(self, report, error: str) -> None:
        if report is not None:
            self.report = report
        self.saved, self.save_error = report is not None, error
        if not self.is_attached:
            return
        if error:
            self.app.notify(t("quiz.exam.not_saved", self.app.ui, error=error), severity="error", markup=False,
                            timeout=15)
        self.refresh_texts()

    def action_close(self) -> None:
        """Esc: back to where the exam was opened from."""
        self.dismiss()

    # ---- texts ------------------------------------------------------------------------------------------------
    def _note(self, text: str) -> None:
        self.query_one("#exam-note", Static).update(Text(text, style="bold"))

    def refresh_texts(self) -> None:
        """Everything in the interface language (switching it mid-exam loses nothing)."""
        ui = self.app.ui
        header = self.query_one("#exam-header", Static)
        prompt = self.query_one("#exam-prompt", Static)
        if self.error is not None:
            header.update(Text(t("quiz.exam.key.exam", ui)))
            prompt.update(Text(self.error))
            return
        if self.exam is None:
            header.update(Text(t("quiz.exam.key.exam", ui)))
            prompt.update(Text(t("quiz.exam.app.preparing", ui)))
            return
        if self.report is not None:
            self._report_texts(ui, header)
            return
        q = self.question
        total = len(self.exam.items)
        header.update(Text(t("quiz.exam.app.header", ui, level=self.exam.level, number=len(self.answers) + 1,
                             total=total)))
        prompt.update(safe_text(q.prompt[ui]))
        self.query_one("#exam-options", Static).update(
            safe_text("\n".join(f"{i}) {o[ui]}" for i, o in enumerate(q.options or (), 1))))
        self.query_one("#exam-options").display = bool(q.options)
        self.query_one("#exam-how", Static).update(
            Text(f"{t(f'quiz.how.{q.answer_format}', ui, n=len(q.options or ()))}\n{t('quiz.exam.app.skip', ui)}"))

    def _report_texts(self, ui: str, header: Static) -> None:
        from tutor.quiz.exam import report_lines

        report = self.report
        header.update(Text(t("quiz.exam.app.report_header", ui, level=report.exam.level)))
        lines = report_lines(report, ui, review_hint=t("quiz.exam.app.review_hint", ui))
        if self.saved:
            lines += ["", t("quiz.exam.app.saved", ui)]
        elif self.saved is False:
            lines += ["", t("quiz.exam.not_saved", ui, error=self.save_error)]
        self.query_one("#exam-report", Static).update(safe_text("\n".join(lines)))
