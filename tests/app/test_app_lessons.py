"""The lessons in the app (F2): the course map and the lesson player, driven by keyboard with Pilot, and
snapshots of the player at 80×24 and 120×36 in Italian and Russian."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT

textual = pytest.importorskip("textual")

from textual.widgets import OptionList  # noqa: E402

from tests.pilot import drawn, run_app  # noqa: E402
from tutor.lessons import load_course  # noqa: E402
from tutor.lessons.moves import matches  # noqa: E402
from tutor.views.locations import RuleLocation  # noqa: E402


def run(coro_fn, ui: str = "it", size=(120, 36)):
    return run_app(coro_fn, ui, size)


async def open_map(app, pilot):
    await pilot.press("f2")
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    return app.screen


async def open_lesson(app, pilot, order: int = 1):
    await open_map(app, pilot)
    await pilot.press(*["down"] * (order - 1), "enter")
    await pilot.pause()
    return app.screen


def options(screen) -> list[tuple[str | None, str]]:
    listing = screen.query_one("#choices", OptionList)
    return [(listing.get_option_at_index(i).id, str(listing.get_option_at_index(i).prompt))
            for i in range(listing.option_count)] if listing.display else []


def feedback(screen) -> str:
    return str(screen.query_one("#feedback").render())


def outcome(screen) -> str:
    """What the last step's move or answer brought, shown above the new step's text."""
    return str(screen.query_one("#outcome").render())


def step_text(screen) -> str:
    return str(screen.query_one("#step-text").render())


async def choose(pilot, screen, option_id: str) -> None:
    """Highlight an option with the arrow keys (from the first) and press Enter."""
    listing = screen.query_one("#choices", OptionList)
    listing.focus()
    enabled = [listing.get_option_at_index(i).id for i in range(listing.option_count)
               if not listing.get_option_at_index(i).disabled]
    await pilot.press("home", *["down"] * enabled.index(option_id), "enter")
    await pilot.pause()


def move_id(screen, pattern: dict) -> str:
    """The option of the move a lesson pattern describes."""
    table = screen.session.table
    return next(f"m{i}" for i, m in enumerate(screen.choice_moves) if matches(table, pattern, m.action))


def illegal_move_id(screen) -> str:
    return next(f"m{i}" for i, m in enumerate(screen.choice_moves) if not m.legal)


def option_id(screen, value) -> str:
    return next(f"o{i}" for i, o in enumerate(screen.session.options()) if o.id == value)


async def play_step(pilot, screen) -> None:
    """Play the current step the intended way, by keyboard."""
    s = screen.session
    mode = screen.mode()
    if mode == "next":
        await choose(pilot, screen, "next")
    elif mode == "move":
        await choose(pilot, screen, move_id(screen, s.step.accept[0]))
    elif mode == "number":
        await pilot.press(*str(s.expected()), "enter")
        await pilot.pause()
    elif s.ask_kind in ("choice", "legal"):
        await choose(pilot, screen, option_id(screen, s.expected()))
    elif s.ask_kind == "choices":
        for value in s.expected():
            await choose(pilot, screen, option_id(screen, value))
        await choose(pilot, screen, "submit")
    else:  # order: each option in turn, then "confirm"
        for value in s.expected():
            await choose(pilot, screen, option_id(screen, value))
        await choose(pilot, screen, "submit")


# ---- the course map ---------------------------------------------------------------------------------------
def test_f2_opens_the_course_map_in_course_order_with_status():
    async def go(app, pilot):
        screen = await open_map(app, pilot)
        listing = screen.query_one("#course-list", OptionList)
        rows = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        ids = [listing.get_option_at_index(i).id for i in range(listing.option_count)]
        return app.current_mode, rows, ids, str(screen.query_one("#course-detail").render())
    mode, rows, ids, detail = run(go)
    assert mode == "lessons"
    files = sorted((ROOT / "lessons" / "course").glob("*.yaml"))  # numbered: the course's order
    assert ids[0] == "course-1" and "course-2" in ids  # each course under its heading
    rows = [r for r, i in zip(rows, ids) if not i.startswith("course-")]
    ids = [i for i in ids if not i.startswith("course-")]
    assert ids == load_course().ids() and len(rows) == len(files) > 1 and ids[0] == "turn-at-a-glance"
    assert [f.stem.split("-", 1)[1] for f in files] == ids  # each lesson named as its file
    assert rows[0].startswith(" 1. Il turno in breve") and "livello 1" in rows[0] and "da fare" in rows[0]
    assert "⚠" not in rows[0] and "⚠ completa prima la lezione 1" in rows[1]  # lesson 2 needs lesson 1: marked, still openable
    assert "Regole: 500.1" in detail


def test_a_started_lesson_is_marked_and_resumes_where_it_stopped():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot)
        for _ in range(4):  # say, say, the question, the first move
            await play_step(pilot, screen)
        index, session = screen.session.index, screen.session
        await pilot.press("escape")  # back to the map: the progress is kept
        await pilot.pause()
        listing = app.screen.query_one("#course-list", OptionList)
        row = str(listing.get_option_at_index(1).prompt)  # (0: the first course's heading)
        await pilot.press("enter")
        await pilot.pause()
        again = app.screen
        return index, row, again.session is not session, again.session.index, feedback(again)
    index, row, from_the_store, resumed_at, notes = run(go)
    assert index == 4 and "in corso" in row
    steps = len(load_course().get("turn-at-a-glance").steps)
    assert from_the_store and resumed_at == 4 and f"passo 5 di {steps}" in notes  # a new session, from the store


def test_the_command_palette_opens_the_lessons():
    async def go(app, pilot):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        command = next(c for c in app.get_system_commands(app.screen) if c.title == "Lezioni")
        command.callback()
        await pilot.pause()
        return titles, app.current_mode
    titles, mode = run(go)
    assert "Lezioni" in titles and mode == "lessons"


# ---- the player: one whole lesson by keyboard -----------------------------------------------------------
def test_a_whole_lesson_by_keyboard_with_mistakes_hints_undo_links_and_language():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot)
        s = screen.session
        seen = {}
        await play_step(pilot, screen)  # two narrations
        await play_step(pilot, screen)
        assert s.kind == "ask" and s.ask_kind == "choice"
        # a question answered wrong, then three different hints, then right
        await choose(pilot, screen, option_id(screen, "b"))
        seen["wrong"] = feedback(screen)
        for _ in range(3):
            await pilot.press("h")
            await pilot.pause()
        seen["hints"] = feedback(screen)
        await pilot.press("h")  # a fourth: none left
        await pilot.pause()
        seen["no_more"] = feedback(screen)
        await choose(pilot, screen, option_id(screen, "a"))
        seen["right"] = (s.index, outcome(screen))
        # a move the rules forbid: refused with its rule, the lesson waits
        assert screen.mode() == "move"
        bad = illegal_move_id(screen)
        refusal_rule = screen.choice_moves[int(bad[1:])].rule
        await choose(pilot, screen, bad)
        seen["illegal"] = (s.index, feedback(screen), refusal_rule)
        # the intended move, then an undo
        await play_step(pilot, screen)
        seen["after_move"] = (s.index, s.game.undo_depth)
        await pilot.press("u")
        await pilot.pause()
        seen["undone"] = (s.index, s.kind, 3 in s.solved, feedback(screen))
        await play_step(pilot, screen)
        # a rule link in the event log: followed, then back to the same point
        where = (s.index, s.board(), screen.query_one("#board").text)
        log = screen.query_one("#log")
        log.focus()
        await pilot.pause()
        target = log.links[log.current].target
        await pilot.press("enter")
        await pilot.pause()
        seen["opened"] = (app.current_mode, app.history.current, target)
        await pilot.press("escape")
        await pilot.pause()
        seen["back"] = (app.current_mode, app.screen is screen, (s.index, s.board(), screen.query_one("#board").text)
                        == where, app.focused is screen.query_one("#choices"))
        # the same with Alt+Left
        log.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("alt+left")
        await pilot.pause()
        seen["back2"] = (app.current_mode, app.screen is screen, s.index == where[0])
        # "why?" on the selected event
        await pilot.press("question_mark")
        await pilot.pause()
        seen["why"] = feedback(screen)
        # the language mid-lesson: the same step and board, the texts in Russian
        await pilot.press("ctrl+l")
        await pilot.pause()
        seen["russian"] = (s.index, s.board() == where[1], step_text(screen), screen.query_one("#board").text,
                           str(screen.query_one("#lesson-title").render()), app.ui)
        # play on to the end
        while not s.finished:
            before = (s.index, s.finished)
            await play_step(pilot, screen)
            assert (s.index, s.finished) != before, f"stuck at step {s.index}"
        seen["end"] = (step_text(screen), options(screen), s.stars, s.hint_count, s.mistake_count)
        with app._lesson_store as store:
            seen["state"] = store.lesson_state("turn-at-a-glance")
        return seen

    seen = run(go)
    assert seen["wrong"].startswith("✗ B riceverà la priorità") and "117.3a" in seen["wrong"]  # why, and the rule
    hints = [line for line in seen["hints"].splitlines() if line.startswith("Suggerimento")]
    assert [h[:18] for h in hints] == ["Suggerimento 1/3: ", "Suggerimento 2/3: ", "Suggerimento 3/3: "]
    assert len(set(hints)) == 3 and "117.3a" in hints[2]
    assert "tutti e tre i suggerimenti" in seen["no_more"]
    assert seen["right"][0] == 3 and "✓ Giusto!" in seen["right"][1] and "117.3a" in seen["right"][1]
    index, text, rule = seen["illegal"]
    assert index == 3 and "✗ Non si può" in text and f"regola {rule}" in text
    assert seen["after_move"][0] == 4
    assert seen["undone"][:3] == (3, "do", False) and "Mossa annullata" in seen["undone"][3]
    mode, current, target = seen["opened"]
    assert mode == "rules" and current == target and isinstance(target, RuleLocation)
    assert seen["back"] == ("lessons", True, True, True)
    assert seen["back2"] == ("lessons", True, True)
    why = seen["why"][seen["why"].index("Perché?"):]  # the newest note: the event whose rule was followed
    assert f"\n  {target.number} (" in why and "(riassunto non ufficiale)" in why
    index, same_board, text, board, title, ui = seen["russian"]
    assert ui == "ru" and index == seen["after_move"][0] and same_board
    assert "B тоже пасует" in text and "Игрок A (вы)" in board and title.startswith(f"Шаг 5 из {len(load_course().get('turn-at-a-glance').steps)}")
    end_text, end_options, stars, hints_used, mistakes = seen["end"]
    assert "Урок пройден!" in end_text
    assert [o[0] for o in end_options] == ["free1", "free2", "map"]
    assert hints_used == 3 and mistakes == 1 and stars == 1  # the wrong answer; the illegal move tried is no mistake
    assert "★★★ — без подсказок и ошибок" in end_text  # what the stars mean
    assert seen["state"].status == "done" and seen["state"].best_stars == 1


def test_select_all_and_number_questions_and_the_zones():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=2)
        s = screen.session
        out = {}
        while s.ask_kind != "number":
            await play_step(pilot, screen)
        out["number_box"] = (screen.query_one("#number").display, app.focused.id)
        await pilot.press("h", "enter")  # in the number box a letter is typed: "h" then Enter is a hint
        await pilot.pause()
        out["hint"] = feedback(screen)
        await pilot.press(*str(s.expected() + 1), "enter")
        await pilot.pause()
        out["wrong"] = feedback(screen)
        await pilot.press(*str(s.expected()), "enter")
        await pilot.pause()
        while s.ask_kind != "choices":
            await play_step(pilot, screen)
        wrong = next(o.id for o in s.options() if o.id not in s.expected())
        await choose(pilot, screen, option_id(screen, s.expected()[0]))
        await choose(pilot, screen, option_id(screen, wrong))
        out["toggled"] = options(screen)
        await choose(pilot, screen, "submit")  # a wrong one among them: not right
        out["partial"] = feedback(screen)
        await play_step(pilot, screen)
        out["solved"] = screen.mode()
        await pilot.press("g")
        await pilot.pause()
        out["zones"] = screen.query_one("#board").text
        return out
    out = run(go, size=(80, 24))
    assert out["number_box"] == (True, "number")
    assert out["hint"].startswith("Suggerimento 1/3")
    assert "✗ Non è 3: il numero giusto è più basso. La regola che decide è la 504.1." in out["wrong"]
    assert any(prompt.startswith("[x] ") for _, prompt in out["toggled"])
    assert "✗ Risposta sbagliata scelta: La tua Foresta sul campo di battaglia. La regola che decide è la 502.3." \
        in out["partial"]
    assert out["solved"] in ("move", "next")
    assert "Cimitero:" in out["zones"] and "Esilio:" in out["zones"]


def test_free_play_after_the_lesson_explains_refusals():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot)
        s = screen.session
        while not s.finished:
            await play_step(pilot, screen)
        await choose(pilot, screen, "free1")
        out = {"mode": screen.mode(), "text": step_text(screen), "title": str(screen.query_one("#lesson-title").render())}
        bad = next((f"m{i}" for i, m in enumerate(screen.choice_moves) if not m.legal), None)
        if bad is not None:
            await choose(pilot, screen, bad)
            out["refusal"] = feedback(screen)
        legal = next(f"m{i}" for i, m in enumerate(screen.choice_moves) if m.legal)
        events = len(screen.free.game.events)
        await choose(pilot, screen, legal)
        out["played"] = len(screen.free.game.events) > events
        await pilot.press("u")
        await pilot.pause()
        out["undone"] = len(screen.free.game.events) == events
        await choose(pilot, screen, "end_free")
        out["ended"] = screen.mode()
        return out
    out = run(go)
    assert out["mode"] == "free" and "Gioco libero" in out["text"] and "gioco libero" in out["title"]
    assert "refusal" not in out or ("Non si può" in out["refusal"] and "regola" in out["refusal"])
    assert out["played"] and out["undone"] and out["ended"] == "finished"


def test_the_layout_fits_80x24_and_120x36():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=3)
        for _ in range(4):
            await play_step(pilot, screen)
        regions = {w: screen.query_one(f"#{w}").region for w in ("board-box", "talk", "choices", "log-box", "tracker")}
        return app.size, regions, screen.has_class("narrow")
    for size, narrow in (((80, 24), True), ((120, 36), False)):
        (w, h), regions, is_narrow = run(go, size=size)
        assert is_narrow == narrow
        for name, region in regions.items():
            assert region.height >= 1 and region.right <= w and region.bottom <= h - 1, (size, name, region)
        assert regions["log-box"].height >= 2


# ---- snapshots ------------------------------------------------------------------------------------------------
SNAP_APP = str(ROOT / "tests" / "snapshot_lessons.py")


def _before(order: int, steps: int, russian: bool = False):
    async def run_before(pilot):
        app = pilot.app
        if russian:
            await pilot.press("ctrl+l")
        screen = await open_lesson(app, pilot, order)
        for _ in range(steps):
            await play_step(pilot, screen)
        await pilot.pause()
        await drawn(pilot)
    return run_before


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
@pytest.mark.parametrize("russian", [False, True], ids=["it", "ru"])
def test_snapshot_player(snap_compare, size, russian):
    assert snap_compare(SNAP_APP, terminal_size=size, run_before=_before(3, 11, russian))


def test_snapshot_course_map(snap_compare):
    async def run_before(pilot):
        await open_map(pilot.app, pilot)
    assert snap_compare(SNAP_APP, terminal_size=(120, 36), run_before=run_before)


def test_a_concept_link_in_the_narration_opens_the_glossary_entry_and_back():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot)
        text = screen.query_one("#step-text")
        text.focus()
        await pilot.pause()
        first = text.links[0]
        await pilot.press("enter")
        await pilot.pause()
        opened = (app.current_mode, app.history.current)
        await pilot.press("alt+left")  # (Backspace types in the glossary's search box, which has the focus)
        await pilot.pause()
        return first, opened, app.current_mode, app.screen is screen, screen.session.index
    first, opened, mode, same, index = run(go)
    from tutor.views.locations import EntryLocation

    assert first.number == "phase" and isinstance(first.target, EntryLocation)
    assert opened == ("glossary", first.target)
    assert (mode, same, index) == ("lessons", True, 0)


# part 2: presenting continuous effects (layers)
def test_key_e_explains_the_permanents_that_continuous_effects_change():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot)
        await pilot.press("e")
        await pilot.press("e")  # again: the latest explanation takes the place of the earlier one
        await pilot.pause()
        seen = {"none": feedback(screen)}
        from tutor.engine.layers import Mod

        game = screen.game
        creature = next((oid for oid in game.state.battlefield
                         if "creature" in game.state.objects[oid].card.types), None)
        if creature is None:  # a board without creatures: a land becomes a 1/1 creature
            creature = game.state.battlefield[0]
            game._add_continuous((Mod("add_types", frozenset({"creature"})), Mod("base_pt", (1, 1))), [creature],
                                 "turn-to-frog", None, 0)
        else:
            game._add_continuous((Mod("base_pt", (1, 1)),), [creature], "turn-to-frog", None, 0)
        screen.query_one("#choices").focus()
        await pilot.press("e")
        await pilot.pause()
        seen["frog"] = feedback(screen)
        return seen
    seen = run(go)
    assert seen["none"].count("Nessun effetto continuo modifica i permanenti") == 1
    assert "Effetti continui (613), layer per layer" in seen["frog"]
    assert "layer 7b — Tramutare in Rana: forza e costituzione base 1/1 (613.4b)" in seen["frog"]
