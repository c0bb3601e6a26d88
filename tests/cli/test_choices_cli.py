"""Choices on the command line (tutor.engine.choices): the terminal lesson player numbers a choice's answers under
a title that says what is decided and by which rule, in Italian and Russian; ``scenario run`` shows a final
position that waits for a choice (text) and has it as ``board.pending.choice`` (``--json``)."""

from __future__ import annotations

import io
import json

import pytest

from tests import choices
from tutor.cli import main
from tutor.engine import PassPriority
from tutor.lessons import LessonSession
from tutor.lessons.model import Course
from tutor.lessons.moves import matches


def _numbers(lesson) -> list[str]:
    """The lines a learner types to play the lesson the intended way: any line at a narration, the number of the
    intended move at a move (as the player numbers them), then no free play."""
    s = LessonSession(lesson)
    lines = []
    while not s.finished:
        if s.kind == "do":
            moves = [m for g in s.moves() for m in g.moves]
            k = next(i for i, m in enumerate(moves) if matches(s.table, s.step.accept[0], m.action))
            lines.append(str(k + 1))
            pattern = s.step.accept[0]
            assert s.move(PassPriority() if "pass" in pattern else s.table.make_action(pattern)).accepted
        else:
            lines.append("")
        s.advance()
    return lines + ["n"]


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_the_terminal_player_numbers_every_kind_of_choice(capsys, monkeypatch, tmp_path, ui):
    lesson = choices.lesson(tmp_path)
    monkeypatch.setattr("tutor.lessons.load_course", lambda: Course([lesson]))
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(_numbers(lesson)) + "\n"))
    assert main(["--ui", ui, "lesson", "play", "every-choice"]) == 0
    out = capsys.readouterr().out
    if ui == "it":
        assert "decide A: scegliere il bersaglio di un'abilità innescata (603.3d)" in out
        assert "  Scegli il bersaglio dell'abilità innescata di «Kavu Lingua Fiammeggiante» (603.3d):\n" in out
        assert "    5. Bersaglio: «Orsi Grizzly» di B\n" in out
        assert "2 danni al Giocatore A: scegli quale effetto si applica per primo (616.1):" in out
        assert ". Prima l'effetto di «Mani Curatrici» (previene il danno)\n" in out
        assert ". Scarta «Foresta»\n" in out and ". Sacrifica «Kavu Lingua Fiammeggiante»\n" in out
        assert ". Prima in pila «Eroina di Rifugio delle Lame» (grido di guerra), poi «Eroina di Rifugio delle " \
               "Lame» (quando attacca)\n" in out
        assert "    1. Sì: pesca una carta\n    2. No: l'abilità non fa nulla\n" in out
        assert "★★★" in out
    else:
        assert "решает игрок A: выбор — цель срабатывающей способности (603.3d)" in out
        assert "    5. Цель: «Медведи-гризли» игрока B\n" in out
        assert ". Сначала эффект «Умелых рук» (предотвращает повреждения)\n" in out
        assert ". Сбросить «Лес»\n" in out and ". Пожертвовать «Огнеязыкого Каву»\n" in out
        assert ". Сначала в стек «Герой Блэйдхолда» (боевой клич), затем «Герой Блэйдхолда» (когда атакует)\n" in out
        assert "    1. Да: взять 1 карту\n    2. Нет: способность ничего не сделает\n" in out
    assert "Traceback" not in out


def test_scenario_run_shows_the_choice_it_waits_for(capsys, tmp_path):
    path, _ = choices.write(tmp_path)
    assert main(["scenario", "run", str(path)]) == 0
    out = capsys.readouterr().out
    assert "decide A: scegliere se usare un'abilità facoltativa (603.5)" in " ".join(out.split())
    assert "Scegli se usare l'abilità facoltativa di «Incursore Mago d'Ombra» (603.5):" in " ".join(out.split())
    assert "1. Sì: pesca una carta" in out and "2. No: l'abilità non fa nulla" in out
    assert main(["--ui", "ru", "scenario", "run", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1. Да: взять 1 карту" in out and "2. Нет: способность ничего не сделает" in out
    assert main(["scenario", "run", str(path), "--json"]) == 0
    pending = json.loads(capsys.readouterr().out)["board"]["pending"]
    assert pending["decision"] == "choice" and pending["player"] == 0
    choice = pending["choice"]
    assert choice["kind"] == "may" and choice["rule"] == "603.5" and choice["card"] == "shadowmage-infiltrator"
    assert [o["what"] for o in choice["options"]] == ["yes", "no"]


def test_scenario_run_shows_nothing_more_when_no_choice_waits(capsys):
    from tests.conftest import ROOT

    assert main(["scenario", "run", str(ROOT / "lessons" / "scenarios" / "c-effect-draw-and-discard.yaml")]) == 0
    out = capsys.readouterr().out
    assert "Scegli" not in out and "decide" not in out
