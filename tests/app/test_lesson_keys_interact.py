"""The lesson player's input cannot surprise (issue 20, points 4 and 7): in the number box every letter is typed
(a number may be a word: "due", «два»), none reaches the player's keys, and the footer does not offer them there;
a line that is not a number, or nothing, is not judged; back from a rule or an entry a link opened, Enter goes on
with the lesson; "put in order" keeps the cursor, never unpicks silently and waits for "Conferma"; a select-all
confirmed with nothing ticked is not judged, and a question opens on its first option."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from textual.widgets import OptionList  # noqa: E402

from tests.app.test_app_lessons import choose, feedback, open_lesson, option_id, outcome, play_step, step_text  # noqa: E402
from tests.pilot import run_app  # noqa: E402
from tests.unit.test_number_words_interact import number_word  # noqa: E402
from tutor.lessons import load_course  # noqa: E402


def _first(order: int, kind: str) -> int:
    """The index of the first question of `kind` in the lesson of course order `order`."""
    lesson = next(x for x in load_course().lessons if x.order == order)
    return next(i for i, step in enumerate(lesson.steps) if step.kind == "ask" and step.body["kind"] == kind)


async def _at(pilot, screen, index: int) -> None:
    while screen.session.index < index:
        await play_step(pilot, screen)
    assert screen.session.index == index


def _footer_actions(screen) -> set[str]:
    """The actions the footer shows now (a localized binding's inner action)."""
    from textual.actions import parse

    out = set()
    for _, binding, _, _ in screen.active_bindings.values():
        if binding.show:
            name, args = parse(binding.action)[1:]
            out.add(parse(args[1])[1] if name == "localized" else name)
    return out


def _highlighted(screen) -> str | None:
    listing = screen.query_one("#choices", OptionList)
    return None if listing.highlighted is None else listing.get_option_at_index(listing.highlighted).id


# ---- the number box -----------------------------------------------------------------------------------------------
def test_due_typed_in_the_number_box_is_a_number_not_an_undo_nor_a_hint():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 9)  # lesson 9's first number question: "how much damage will …?"
        s = screen.session
        await _at(pilot, screen, _first(9, "number"))
        index = s.index
        out = {"mode": screen.mode(), "focused": app.focused.id, "footer": _footer_actions(screen)}
        wrong, right = ("tre" if s.expected() == 2 else "due"), number_word(s.expected(), "it")
        before = (s.index, s.game.undo_depth, s.hint_count, s.mistake_count)
        await pilot.press(*wrong)
        await pilot.pause()
        out["typed"] = (screen.query_one("#number").value == wrong, (s.index, s.game.undo_depth, s.hint_count, s.mistake_count)
                        == before)
        await pilot.press("enter")  # judged: a number, and the wrong one
        await pilot.pause()
        out["wrong"] = (s.index - index, s.mistake_count - before[3], feedback(screen))
        await pilot.press(*right, "enter")
        await pilot.pause()
        out["right"] = (s.index - index, outcome(screen))
        out["footer_after"] = _footer_actions(screen)  # the list has the focus again: the keys are back
        return out

    out = run_app(go, "it", (80, 24))
    assert out["mode"] == "number" and out["focused"] == "number"
    assert not {"hint", "undo", "why", "toggle_zones"} & out["footer"]  # typed here: not offered
    assert out["typed"] == (True, True)  # seen: "u" of "due" undid the attack, "d" and "e" were dropped
    moved, mistakes, text = out["wrong"]
    assert moved == 0 and mistakes == 1 and "✗" in text
    assert out["right"][0] == 1 and "✓" in out["right"][1]
    assert {"hint", "undo"} <= out["footer_after"]


def test_a_russian_number_word_answers_in_the_russian_player():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 2)  # lesson 2's number question
        index = _first(2, "number")
        await _at(pilot, screen, index)
        how = step_text(screen)
        box = screen.query_one("#number")
        await pilot.press(*"двадцать", "space", *"два")  # Space is the box's too (not "pick")
        await pilot.pause()
        typed, box.value = box.value, ""
        await pilot.press(*number_word(screen.session.expected(), "ru").capitalize(), "enter")
        await pilot.pause()
        return how, screen.session.index - index, screen.session.mistake_count, outcome(screen), typed

    how, moved, mistakes, text, typed = run_app(go, "ru", (80, 24))
    assert typed == "двадцать два"
    assert "Введите число цифрами или словами и нажмите Enter (h и Enter — подсказка" in how
    assert moved == 1 and mistakes == 0 and "✓" in text


def test_an_empty_box_or_a_word_that_is_no_number_is_not_judged_and_h_or_u_then_enter_act():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 1)  # lesson 1's number question: B's life
        s = screen.session
        at = _first(1, "number")
        await _at(pilot, screen, at)
        out = {"how": step_text(screen), "answer": str(s.expected())}
        await pilot.press("enter")
        await pilot.pause()
        out["empty"] = (s.index, s.mistake_count, feedback(screen))
        await pilot.press(*"boh", "enter")
        await pilot.pause()
        out["word"] = (s.index, s.mistake_count, feedback(screen), screen.query_one("#number").value)
        screen.query_one("#number").value = ""
        await pilot.press("h", "enter")
        await pilot.pause()
        out["hint"] = (s.hint_count, feedback(screen).splitlines()[-1], screen.query_one("#number").value)
        await pilot.press("u", "enter")
        await pilot.pause()
        out["undo"] = (s.index, feedback(screen))
        await _at(pilot, screen, at)
        await pilot.press(*number_word(s.expected(), "it"), "enter")
        await pilot.pause()
        out["right"] = (s.index - at, s.mistake_count, outcome(screen))
        out["at"] = at
        return out

    out = run_app(go, "it", (80, 24))
    at = out["at"]
    assert "Scrivi il numero, in cifre o in lettere, e premi Invio (h e Invio: un suggerimento" in out["how"]
    assert out["empty"][:2] == (at, 0) and "Scrivi un numero, in cifre o in lettere, poi premi Invio." in out["empty"][2]
    index, mistakes, text, value = out["word"]
    assert (index, mistakes) == (at, 0) and value == "boh"
    assert "Qui serve solo un numero, in cifre o in lettere: questa risposta non conta come errore." in text
    assert "(oppure h, q)" not in text and out["answer"] not in text  # q does nothing here
    assert out["hint"][0] == 1 and out["hint"][1].startswith("Suggerimento 1/3") and out["hint"][2] == ""
    assert out["undo"][0] < at and "Mossa annullata" in out["undo"][1]
    assert out["right"][:2] == (1, 0) and "✓" in out["right"][2]


# ---- focus back from a link ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("pane", ["#log", "#step-text"])
def test_escape_from_a_page_a_link_opened_gives_enter_back_to_the_lesson(pane):
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 1)
        s = screen.session
        while not (screen.mode() == "next" and screen.query_one(pane).links):
            await play_step(pilot, screen)
        index = s.index
        links = screen.query_one(pane)
        links.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        opened = app.current_mode
        await pilot.press("escape")
        await pilot.pause()
        back = (app.current_mode, app.focused.id if app.focused else None)
        await pilot.press("enter")  # "Avanti", not the page again
        await pilot.pause()
        return opened, back, app.current_mode, s.index - index

    opened, back, mode, moved = run_app(go, "it", (80, 24))
    assert opened in ("rules", "glossary")
    assert back == ("lessons", "choices")  # seen: the log's link kept the focus, and Enter opened the rule again
    assert mode == "lessons" and moved == 1


# ---- put in order ---------------------------------------------------------------------------------------------------
def test_an_order_question_keeps_the_cursor_never_unpicks_and_waits_for_confirm():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 1)  # lesson 1's order question
        s = screen.session
        at = _first(1, "order")
        await _at(pilot, screen, at)
        out = {"how": step_text(screen)}
        first = option_id(screen, s.expected()[0])
        await choose(pilot, screen, first)
        out["after_pick"] = (_highlighted(screen), list(screen.picked))
        await pilot.press("enter")  # Enter again on the picked one
        await pilot.pause()
        out["again"] = (list(screen.picked), feedback(screen), s.mistake_count, _highlighted(screen))
        for value in s.expected()[1:]:
            await choose(pilot, screen, option_id(screen, value))
        out["all_picked"] = (s.index - at, s.mistake_count, len(screen.picked) == len(s.options()))
        await choose(pilot, screen, "submit")
        out["confirmed"] = (s.index - at, s.mistake_count, outcome(screen))
        return out

    out = run_app(go, "it", (80, 24))
    assert "dalla prima all'ultima, poi «Conferma»" in out["how"]
    first_id, picked = out["after_pick"]
    assert len(picked) == 1 and first_id is not None and first_id.startswith("o")  # seen: the cursor on the first
    picked_again, text, mistakes, still = out["again"]
    assert picked_again == picked and mistakes == 0 and still == first_id
    assert "Questa l'hai già messa al 1° posto: per cambiare l'ordine, scegli «Ricomincia l'ordine»." in text
    assert out["all_picked"] == (0, 0, True)  # seen: the last pick answered at once
    assert out["confirmed"][:2] == (1, 0) and "✓" in out["confirmed"][2]


# ---- select all ------------------------------------------------------------------------------------------------------
def test_a_select_all_confirmed_with_nothing_ticked_is_not_judged():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 8)  # lesson 8's select-all question, right after a move
        s = screen.session
        at = _first(8, "choices")
        await _at(pilot, screen, at)
        out = {"opens_on": _highlighted(screen), "kind": s.ask_kind, "after_move": s.lesson.steps[at - 1].kind}
        await choose(pilot, screen, "submit")
        out["empty"] = (s.index - at, s.mistake_count, feedback(screen))
        return out

    out = run_app(go, "ru", (80, 24))
    assert out["kind"] == "choices" and out["after_move"] == "do" and out["opens_on"] == "o0"
    moved, mistakes, text = out["empty"]
    assert (moved, mistakes) == (0, 0)  # seen: "✗ Не совсем так." and a mistake counted
    assert "Вы не выбрали ни одного ответа: отметьте хотя бы один (Enter или пробел), затем нажмите «Подтвердить»." in text
