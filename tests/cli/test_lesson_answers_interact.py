"""`lesson play` (the plain-terminal player): a number answer typed as a word ("diciotto", «восемнадцать») is
understood; an empty line or a word that is not a number gets a short note naming what is expected and the keys
that work there, and is never judged (the lesson still ends with three stars); free play names only its keys."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_lessons_cli import cli
from tests.unit.test_number_words_interact import number_word

LESSON = "turn-at-a-glance"


def right_answers(ui: str, before_number: tuple[str, ...] = ()) -> tuple[str, int]:
    """The lines that play lesson 1 right in the terminal player, each number answered in words (after the lines
    `before_number`, at the first number question); and the number of number questions."""
    from tutor.lessons import LessonSession, load_course
    from tutor.lessons.moves import matches

    s = LessonSession(load_course().get(LESSON), None)
    lines, numbers = [], 0
    while not s.finished:
        if s.kind == "do":
            moves = [m for group in s.moves() for m in group.moves]
            i = next(i for i, m in enumerate(moves) if matches(s.table, s.step.accept[0], m.action))
            lines.append(str(i + 1))
            assert s.move(moves[i].action).accepted
        elif s.kind == "ask":
            expected, ids = s.expected(), [o.id for o in s.options()]
            if s.ask_kind == "number":
                lines += [*(() if numbers else before_number), number_word(expected, ui)]
                numbers += 1
            else:
                picked = expected if isinstance(expected, list) else [expected]
                lines.append(" ".join(str(ids.index(x) + 1) for x in picked))
            assert s.answer(expected).correct
        else:
            lines.append("")  # a narration: Enter
        s.advance()
    return "\n".join(lines) + "\n", numbers


@pytest.mark.parametrize("ui, note, stars", [
    ("it", "Qui serve solo un numero, in cifre o in lettere (oppure h: suggerimento, q: esci).",
     "Lezione completata! ★★★"),
    ("ru", "Здесь нужно только число — цифрами или словами (или h — подсказка, q — выход).",
     "Урок пройден! ★★★"),
])
def test_a_number_word_is_an_answer_and_an_empty_or_other_line_is_not_judged(ui, note, stars):
    answers, numbers = right_answers(ui, before_number=("", "boh"))
    assert numbers >= 1
    res = cli("lesson", "play", LESSON, "--ui", ui, stdin=answers)
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert out.count(note) == 2  # the empty line, then "boh"
    assert stars in out  # no mistake counted
    listed = json.loads(cli("lesson", "list", "--json").stdout)["lessons"][0]
    assert listed["status"] == "done" and listed["stars"] == 3


def test_the_number_prompt_says_a_word_is_welcome():
    res = cli("lesson", "play", LESSON, stdin=right_answers("it")[0])
    assert "La tua risposta (un numero, in cifre o in lettere · h: suggerimento · q: esci):" in res.stdout


def test_free_play_names_only_the_keys_it_takes():
    # after the lesson, free play ("f"): "h" is not one of its keys (no hints there)
    res = cli("lesson", "play", LESSON, stdin=right_answers("it")[0] + "f\nh\nq\n")
    assert res.returncode == 0, res.stderr
    refusal = next(line for line in res.stdout.splitlines() if "Scrivi il numero di una mossa" in line)
    assert refusal.endswith("(oppure u, q).")
