"""The terminal lesson player folds its lines at words on a terminal (a terminal folds a long line in the middle
of a word: "perché c" / "hi inizia"); piped, the lines stay whole."""

from __future__ import annotations

import io

from tutor.cli.lesson_cmd import _Player
from tutor.lessons import LessonSession, load_course


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _said(out) -> list[str]:
    player = _Player(LessonSession(load_course().get("turn-at-a-glance")), "it", io.StringIO(""), out)
    player.say("Ogni turno ha la stessa struttura, e questa lezione te la fa percorrere tutta una sottofase "
               "dopo l'altra, con la priorità che passa da un giocatore all'altro.")
    return out.getvalue().splitlines()


def test_on_a_terminal_long_lines_fold_at_words(monkeypatch):
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a, **k: __import__("os").terminal_size((40, 24)))
    lines = _said(_Terminal())
    assert len(lines) > 1 and all(len(line) <= 40 for line in lines)
    words = " ".join(lines).split()
    assert "dopo" in words and "l'altra," in words and lines[1].startswith("  ")  # whole words, indented


def test_piped_lines_stay_whole():
    lines = _said(io.StringIO())
    assert len(lines) == 1
