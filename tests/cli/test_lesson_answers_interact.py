"""`lesson play` (the plain-terminal player): a number answer typed as a word ("diciotto", «восемнадцать») is
understood; an empty line or a word that is not a number gets a short note naming what is expected and the keys
that work there, and is never judged (the lesson still ends with three stars); free play names only its keys."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_lessons_cli import cli

# Lesson 1 played right (as test_lessons_cli's whole lesson), the number question (B's life: 18) answered as
# `{number}` after `{before}` (lines that are not a number: not judged).
LESSON_1 = "\n\n1\n3\n\n3\n\n3\n\n3\n\n2\n3\n\n3\n\n{before}{number}\n\n3\n\n2 4 1 5 3\n\n"


@pytest.mark.parametrize("ui, number, note, stars", [
    ("it", "Diciotto", "Qui serve solo un numero, in cifre o in lettere (oppure h: suggerimento, q: esci).",
     "Lezione completata! ★★★"),
    ("ru", "восемнадцать", "Здесь нужно только число — цифрами или словом (или h — подсказка, q — выход).",
     "Урок пройден! ★★★"),
])
def test_a_number_word_is_an_answer_and_an_empty_or_other_line_is_not_judged(ui, number, note, stars):
    res = cli("lesson", "play", "turn-at-a-glance", "--ui", ui, stdin=LESSON_1.format(before="\nboh\n", number=number))
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert out.count(note) == 2  # the empty line, then "boh"
    assert stars in out  # no mistake counted
    assert "18" not in note
    listed = json.loads(cli("lesson", "list", "--json").stdout)["lessons"][0]
    assert listed["status"] == "done" and listed["stars"] == 3


def test_the_number_prompt_says_a_word_is_welcome():
    res = cli("lesson", "play", "turn-at-a-glance", stdin=LESSON_1.format(before="", number="18"))
    assert "La tua risposta (un numero, in cifre o in lettere · h: suggerimento · q: esci):" in res.stdout


def test_free_play_names_only_the_keys_it_takes():
    # after the lesson, free play ("f"): "h" is not one of its keys (no hints there)
    res = cli("lesson", "play", "turn-at-a-glance", stdin=LESSON_1.format(before="", number="18") + "f\nh\nq\n")
    assert res.returncode == 0, res.stderr
    refusal = next(line for line in res.stdout.splitlines() if "Scrivi il numero di una mossa" in line)
    assert refusal.endswith("(oppure u, q).")
