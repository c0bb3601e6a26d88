"""The course map as a learner reads it (issue 20, point 8): a completed lesson played again stays completed and
says it is a replay; hints only on lessons opened; what earns the stars said under the title; "complete lesson N
first" instead of "⚠ prima: N"; the same status words as `lesson list`."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from textual.widgets import OptionList  # noqa: E402

from tests.pilot import run_app  # noqa: E402
from tutor.progress import ProgressStore  # noqa: E402


async def _map(app, pilot):
    await pilot.press("f2")
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    screen = app.screen
    listing = screen.query_one("#course-list", OptionList)
    options = [listing.get_option_at_index(i) for i in range(listing.option_count)]
    lessons = [o for o in options if not o.id.startswith("course-")]  # (each course's heading left out)
    rows = [str(o.prompt) for o in lessons]
    return str(screen.query_one("#course-title").render()), rows, lessons.index(options[listing.highlighted])


def _progress(replay: bool) -> None:
    with ProgressStore.open() as store:
        store.record_lesson_event("turn-at-a-glance", "start")
        store.complete_lesson("turn-at-a-glance", 2)
        if replay:
            store.reset_lesson("turn-at-a-glance")
            store.record_lesson_event("turn-at-a-glance", "step", 3)
        store.record_lesson_event("beginning-phase", "hint", 1)


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_map_explains_the_stars_and_hides_hints_of_lessons_never_opened(lang):
    title, rows, _ = run_app(_map, lang, (120, 36))
    legend = {"it": "Stelle: ★★★ senza suggerimenti né errori", "ru": "Звёзды: ★★★ — без подсказок и ошибок"}
    assert legend[lang] in title and "★☆☆" in title
    hints = {"it": "suggerimenti", "ru": "подсказок"}[lang]
    assert not any(hints in row for row in rows)
    needs = {"it": "⚠ completa prima la lezione 1", "ru": "⚠ сначала пройдите урок 1"}[lang]
    assert needs in rows[1] and "prima:" not in rows[1] and "сначала:" not in rows[1]


def test_a_completed_lesson_replayed_stays_completed_on_the_map():
    _progress(replay=True)
    _, rows, highlighted = run_app(_map, "it", (120, 36))
    assert "completata · la stai rifacendo" in rows[0] and "★★☆" in rows[0] and "suggerimenti" not in rows[0]  # best stars, not a run's hints
    assert "in corso" in rows[1] and "suggerimenti: 1" in rows[1]  # opened: its hints
    assert "⚠" not in rows[1]  # lesson 1 is still completed: lesson 2's prerequisite is met
    assert highlighted == 1  # the first lesson not completed
    assert "suggerimenti" not in rows[2]


def test_the_russian_map_says_a_replay_too():
    _progress(replay=True)
    _, rows, _ = run_app(_map, "ru", (120, 36))
    assert "пройден · проходите заново" in rows[0] and "начат" in rows[1]


def test_opening_a_completed_lesson_says_it_is_a_replay_and_it_stays_completed():
    _progress(replay=False)

    async def go(app, pilot):
        await _map(app, pilot)
        await pilot.press("home", "enter")  # lesson 1, completed with ★★☆ (the map highlights lesson 2)
        await pilot.pause()
        texts = " ".join(str(w.render()) for w in app.screen.query("#feedback"))  # the player's notes
        await pilot.press("escape")
        await pilot.pause()
        return texts, (await _map(app, pilot))[1][0]

    texts, row = run_app(go, "ru", (120, 36))
    assert "Вы уже прошли этот урок (★★☆)" in " ".join(texts.split())
    assert "пройден · проходите заново" in row and "★★☆" in row


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_a_completed_lesson_asks_for_no_lesson_first_and_a_warning_is_never_cut_at_80_columns(lang):
    with ProgressStore.open() as store:  # lesson 9 completed without lesson 8
        store.record_lesson_event("combat-damage", "start")
        store.complete_lesson("combat-damage", 1)
    _, rows, _ = run_app(_map, lang, (80, 24))
    assert "⚠" not in rows[8]
    needs = {"it": "⚠ completa prima la lezione 7", "ru": "⚠ сначала пройдите урок 7"}[lang]
    assert rows[7].splitlines()[-1].strip() == needs  # lesson 8 needs lesson 7: the number on its own line


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_player_names_the_lesson_to_complete_first_by_number_and_title_in_quotes(lang):
    from tests.app.test_app_lessons import feedback, open_lesson
    from tutor.lessons import load_course

    async def go(app, pilot):
        return feedback(await open_lesson(app, pilot, 2))

    first = load_course().lessons[0]
    said = {"it": f"presuppone la lezione 1 («{first.title['it']}»)", "ru": f"прошли урок 1 («{first.title['ru']}»)"}
    assert said[lang] in run_app(go, lang, (120, 36))
