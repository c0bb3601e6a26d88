"""The quiz in the app (F3): a whole session driven with Pilot, every answer format, hints, links to the rules and
back, the language switched mid-question, the store's review log, the statistics; snapshots of the quiz and
statistics screens in both languages; the app and a CLI subprocess writing to the store at once."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from datetime import UTC, datetime, timedelta

import pytest

from tests.conftest import ROOT

textual = pytest.importorskip("textual")

from tests.pilot import run_app  # noqa: E402
from tutor.progress import DayPolicy, open_store  # noqa: E402
from tutor.views.locations import EntryLocation  # noqa: E402

NOW = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)


def quiz_options(**extra) -> dict:
    # every topic (not only the first lesson's, the default of a learner with no lesson completed): these tests
    # drive a session through every answer format; the default is tested in test_app_quiz_filters.py
    return {"seed": 1, "now": lambda: NOW, "fuzzing": False, "day_policy": DayPolicy(tz=UTC),
            "tz": UTC, "all_topics": True, **extra}


def run(coro_fn, ui: str = "it", size=(80, 24), **options):
    def prepare(app):
        app.quiz_options = quiz_options(**options)
    return run_app(coro_fn, ui, size, prepare=prepare)


async def open_quiz(app, pilot):
    await pilot.press("f3")
    await app.workers.wait_for_complete()
    await pilot.pause()
    screen = app.screen
    assert screen.__class__.__name__ == "QuizScreen" and screen.question is not None
    return screen


def text_of(screen, wid: str) -> str:
    widget = screen.query_one(wid)
    return str(widget.render()) if widget.display else ""


async def answer_right(screen, pilot, q):
    """Answer `q` correctly with the keys of its format."""
    fmt = q.answer_format
    if fmt == "choice":
        await pilot.press(str(q.answer))
    elif fmt == "choices":
        await pilot.press(*(str(n) for n in q.answer), "enter")
    elif fmt == "order":
        await pilot.press("tab", *",".join(map(str, q.answer)), "enter")
    else:
        value = q.answer if fmt == "number" else q.answer[screen.app.ui][0]
        await pilot.press(*str(value), "enter")
    await pilot.pause()


def test_a_whole_session(isolated_home):
    """Seeded session of 10 (choice, select-all, order): a hint, a wrong answer, a link to the rules and back to
    the same point, Ctrl+L mid-question, arrows, Space, Backspace; the log has every answer; the summary."""
    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        total = len(screen.session.items)
        asked, formats = [], set()
        # 1: a hint (h), then a wrong answer by number key
        q = screen.question
        assert q.hints and q.answer_format == "choice"
        await pilot.press("h")
        await pilot.pause()
        assert q.hints[0]["it"] in text_of(screen, "#quiz-hints")
        wrong = next(n for n in range(1, len(q.options) + 1) if n != q.answer)
        await pilot.press(str(wrong))
        await pilot.pause()
        assert screen.outcome is not None and not screen.outcome.correct
        verdict = text_of(screen, "#quiz-verdict")
        assert "Sbagliato" in verdict and str(q.answer) in verdict
        assert "Prossima revisione: 2025-03-10 12:" in text_of(screen, "#quiz-due")
        asked.append((q.id, False, True))
        formats.add(q.answer_format)
        # follow the first link of the explanation, come back with Escape: same question, same feedback
        shown = text_of(screen, "#quiz-explanation")
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused.id == "quiz-explanation"
        target = app.focused.links[0].target
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.current_mode in ("rules", "glossary") and app.history.current == target
        await pilot.press("escape")
        await pilot.pause()
        assert app.current_mode == "quiz" and app.screen is screen
        assert screen.question is q and text_of(screen, "#quiz-explanation") == shown
        assert "Sbagliato" in text_of(screen, "#quiz-verdict")
        assert app.focused.id == "quiz-pane"  # the focus is back on the main action: Enter goes on
        # again, back with Alt+Left this time
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused.id == "quiz-explanation", app.focused
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.current_mode != "quiz"
        await pilot.press("alt+left")
        await pilot.pause()
        assert app.current_mode == "quiz" and screen.question is q
        await pilot.press("tab", "enter")  # and once more, back with Backspace
        await pilot.pause(0.3)
        assert app.current_mode != "quiz"
        await pilot.press("backspace")
        await pilot.pause()
        assert app.current_mode == "quiz" and screen.question is q
        assert app.focused.id == "quiz-pane"
        await pilot.press("n")  # next question (Enter as well: the focus is back on the main action)
        await pilot.pause()
        # 2: Ctrl+L mid-question keeps the question; answer with the arrows and Enter
        q = screen.question
        assert q.answer_format == "choice"
        await pilot.press("down")
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert app.ui == "ru" and screen.question is q
        assert q.prompt["ru"].split("\n")[0] in text_of(screen, "#quiz-prompt")
        assert "вопрос 2 из" in text_of(screen, "#quiz-header")
        options = screen.query_one("#quiz-options")
        options.highlighted = 0
        await pilot.press(*["down"] * (q.answer - 1), "enter")
        await pilot.pause()
        assert screen.outcome.correct and "Верно" in text_of(screen, "#quiz-verdict")
        asked.append((q.id, True, False))
        formats.add(q.answer_format)
        await pilot.press("ctrl+l", "n")
        await pilot.pause()
        # the rest: select-all with Space and numbers, order with Space and Backspace then typed
        while screen.question is not None:
            q = screen.question
            formats.add(q.answer_format)
            if q.answer_format == "choices":
                await pilot.press("space")  # toggles the highlighted (first) option
                await pilot.pause()
                assert 1 in screen.selected
                await pilot.press("space")
                assert not screen.selected
            if q.answer_format == "order":
                await pilot.press("space")  # places the highlighted (first) option
                await pilot.pause()
                assert screen.picked == [1]
                await pilot.press("backspace")  # and takes it back
                await pilot.pause()
                assert screen.picked == []
            await answer_right(screen, pilot, q)
            assert screen.outcome is not None and screen.outcome.correct, (q.id, screen.outcome)
            asked.append((q.id, True, False))
            await pilot.press("enter")
            await pilot.pause()
        assert {"choice", "choices", "order"} <= formats
        summary = text_of(screen, "#quiz-prompt")
        assert "Sessione finita." in summary
        assert f"Risposte: {total} ({total - 1} giuste," in summary
        assert "Suggerimenti usati: 1." in summary
        return asked, total
    # seed 2: a session whose stack question asks an order (what each seed draws follows the card pool)
    asked, total = run(go, seed=2)
    assert len(asked) == total == 10
    with open_store() as store:
        rows = store.reviews()
    assert [(r.question_id, r.correct, r.hint_used) for r in rows] == asked
    assert all(r.duration_ms is not None and r.reviewed == NOW for r in rows)
    assert rows[0].rating == 1 and all(r.rating >= 2 for r in rows[1:])


def test_number_and_text_answers_a_malformed_one_and_the_hint_in_the_box(isolated_home):
    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        from tutor.quiz import bank

        # a number question (combat), typed in the box; a malformed answer first is explained, not recorded
        screen._show_question(_number_question())
        await pilot.pause()
        q = screen.question
        assert q.answer_format == "number" and app.focused.id == "quiz-input"
        await pilot.press(*"abc", "enter")
        await pilot.pause()
        assert screen.outcome is None and "numero" in text_of(screen, "#quiz-box-note")  # under the box
        await pilot.press(*["backspace"] * 3, "question_mark", "enter")  # "?" in the box: a hint
        await pilot.pause()
        assert screen.hints_shown == 1
        await pilot.press(*str(q.answer), "enter")
        await pilot.pause()
        assert screen.outcome.correct
        # a text answer with a typo: accepted, with the note
        screen._show_question(bank.for_card("term:ru-it:cleanup-step", 0, review=True))
        await pilot.pause()
        q = screen.question
        assert q.answer_format == "text"
        await pilot.press(*"sottofase di cancelazione", "enter")
        await pilot.pause()
        assert screen.outcome.correct and "errore di battitura" in text_of(screen, "#quiz-verdict")
        await pilot.press("ctrl+l")  # the note follows the language
        await pilot.pause()
        assert "опечатк" in text_of(screen, "#quiz-verdict").lower()
        # the glossary concept of the explanation: its entry in the glossary mode, and back
        await pilot.press("tab")
        await pilot.pause()
        links = app.focused.links
        assert app.focused.id == "quiz-explanation" and isinstance(links[-1].target, EntryLocation)
        await pilot.press(*["right"] * (len(links) - 1), "enter")
        await pilot.pause()
        await pilot.pause()
        assert app.current_mode == "glossary" and app.history.current == links[-1].target
        await pilot.press("escape")
        await pilot.pause()
        assert app.current_mode == "quiz" and screen.question is q and screen.outcome.correct
        return True
    assert run(go)
    with open_store() as store:
        rows = store.reviews()
    assert [r.question_id.split("@")[0] for r in rows] == [_number_question().id.split("@")[0],
                                                           "term:ru-it:cleanup-step"]
    assert rows[0].hint_used and not rows[1].hint_used


def _number_question():
    from tutor.quiz import bank

    for seed in range(50):
        q = bank.pick(seed, None, "combat", "it")
        if q.answer_format == "number":
            return q
    raise AssertionError("no number question")


def test_statistics_from_the_store(isolated_home):
    prepare_store(days=12)
    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        await pilot.press("s")
        await pilot.pause()
        stats = screen.query_one("#quiz-stats")
        figures = str(stats.query_one("#stats-figures").render())
        chart = stats.query_one("#stats-chart")
        weeks = str(stats.query_one("#stats-weeks").render())
        assert screen.query_one("#quiz-switcher").current == "stats-pane"
        await pilot.press("s")
        await pilot.pause()
        back = screen.query_one("#quiz-switcher").current
        return figures, list(chart.data), weeks, back
    figures, data, weeks, back = run(go)
    assert back == "quiz-pane"
    with open_store() as store:
        stats = store.quiz_stats(NOW, day_policy=DayPolicy(tz=UTC))
    assert data == [float(d.reviews) for d in stats.days] and len(data) == 30
    assert f"Risposte in tutto: {stats.total_reviews}" in figures
    assert f"Giorni di fila con almeno una risposta: {stats.streak}" in figures and stats.streak == 12
    assert f"{stats.retention:.0%}" in figures
    assert weeks.count("\n") == 4  # five lines: four weeks and two days
    assert f"(in tutto {sum(d.reviews for d in stats.days[-2:])})" in weeks.splitlines()[-1]


def prepare_store(days: int = 12, per_day: int = 3) -> None:
    """Reviews on the last `days` days before NOW (cards that no session asks: `demo:*`)."""
    from tutor.quiz.scheduler import QuizScheduler

    with open_store() as store:
        quiz = QuizScheduler(store, fuzzing=False, day_policy=DayPolicy(tz=UTC))
        for d in range(days, 0, -1):
            for i in range((d % per_day) + 1):
                when = NOW - timedelta(days=d - 1, hours=i + 1)
                quiz.record_answer(f"demo:q{d}-{i}", f"demo:card-{i}", (d + i) % 4 != 0, 9_000, answer_text="1",
                                   now=when)


# ---- the app and the CLI writing at once --------------------------------------------------------------------
CLI_LOOP = textwrap.dedent("""
    import sys, time
    from tutor.cli import main
    from tutor.quiz import bank
    qid = bank.pick(11, None, "which-step", "it").id
    print("ready", qid, flush=True)
    sys.stdin.readline()
    for n in range(int(sys.argv[1])):
        if main(["quiz", "answer", qid, "1", "--json"]) != 0:
            sys.exit(1)
        time.sleep(0.05)  # spread over the app's session
""")


def test_the_app_and_the_cli_write_at_once(isolated_home):
    """A CLI process answers in a loop (the `quiz answer` command's code) while the app answers its session: no
    error on either side, every answer in the log (the two interleaved), the database sound; and three
    `python -m tutor quiz answer` commands started while the app answers."""
    env = dict(os.environ)
    loops, commands = 25, []
    proc = subprocess.Popen([sys.executable, "-c", CLI_LOOP, str(loops)], cwd=ROOT, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        ready = proc.stdout.readline().split()
        assert ready and ready[0] == "ready", proc.stderr.read()
        cli_id = ready[1]

        async def go(app, pilot):
            screen = await open_quiz(app, pilot)
            proc.stdin.write("go\n")
            proc.stdin.flush()
            commands.extend(subprocess.Popen([sys.executable, "-m", "tutor", "quiz", "answer", cli_id, "2"], cwd=ROOT,
                                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                            for _ in range(3))
            ids = []
            while screen.question is not None:
                q = screen.question
                await answer_right(screen, pilot, q)
                assert screen.outcome is not None, "the app's answer was not recorded"
                ids.append(q.id)
                await pilot.press("enter")
                await pilot.pause()
            return ids

        app_ids = run(go, now=None)  # the real clock: both write "now"
        out, err = proc.communicate(timeout=120)
        results = [c.communicate(timeout=120) for c in commands]
    finally:
        for p in (proc, *commands):
            if p.poll() is None:
                p.kill()
    assert proc.returncode == 0, err
    assert out.count('"correct"') == loops
    assert [c.returncode for c in commands] == [0, 0, 0], [r[1] for r in results]
    with open_store() as store:
        rows = store.reviews()
        assert store.integrity_check() == ["ok"]
    assert sum(r.question_id == cli_id for r in rows) == loops + 3
    writers = "".join("c" if r.question_id == cli_id else "a" for r in rows)
    assert "ac" in writers and "ca" in writers, writers  # they did write at the same time
    assert [r.question_id for r in rows if r.question_id != cli_id] == app_ids


# ---- snapshots ----------------------------------------------------------------------------------------------
QUIZ_APP = str(ROOT / "tests" / "snapshot_quiz.py")


async def _to_quiz(pilot, *keys):
    await pilot.press("f3")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    for key in keys:  # None: wait for the session (a change of language plans it again)
        if key is None:
            await pilot.pause()
            await pilot.app.workers.wait_for_complete()
        else:
            await pilot.press(key)
        await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize(("keys", "size"), [
    (("h",), (80, 24)),  # a question with its first hint, in Italian
    (("ctrl+l", None, "1"), (120, 36)),  # the feedback on an answer, in Russian (today's session in Russian)
    (("s",), (80, 24)),  # the statistics, in Italian
    (("ctrl+l", None, "s"), (80, 24)),  # the statistics, in Russian
], ids=["quiz_italian", "quiz_feedback_russian", "statistics_italian", "statistics_russian"])
def test_snapshot(snap_compare, keys, size):
    async def run_before(pilot):
        await _to_quiz(pilot, *keys)
    assert snap_compare(QUIZ_APP, terminal_size=size, run_before=run_before)
