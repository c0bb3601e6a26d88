"""Issue 20, points 5-6, in the plain-terminal player: tapping a land on the way to the spell is no mistake, and a
wrong answer to a number question shows its reason (the classic "damage lowers toughness")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tutor.lessons import LessonSession, load_course
from tutor.lessons.moves import matches

ROOT = Path(__file__).resolve().parents[2]


def lines_to(lesson_id: str, index: int, *, mana_first_at: int | None = None) -> tuple[list[str], LessonSession]:
    """What a learner types in the terminal player to reach step `index` by the intended moves and answers
    (at step `mana_first_at`, a mana ability first)."""
    s = LessonSession(load_course().get(lesson_id))
    out: list[str] = []
    while s.index < index:
        if s.kind == "do":
            numbered = [m for g in s.moves() for m in g.moves]
            if s.index == mana_first_at:
                k = next(i for i, m in enumerate(numbered) if m.group == "mana" and m.legal)
                out.append(str(k + 1))
                assert s.move(numbered[k].action).kind == "mana"
                numbered = [m for g in s.moves() for m in g.moves]
            k = next(i for i, m in enumerate(numbered) if m.legal and matches(s.table, s.step.accept[0], m.action))
            out.append(str(k + 1))
            assert s.move(numbered[k].action).accepted
        elif s.kind == "ask":
            value = s.expected()
            options = [o.id for o in s.options()]
            if s.ask_kind == "number":
                out.append(str(value))
            elif isinstance(value, list):
                out.append(" ".join(str(options.index(v) + 1) for v in value))
            else:
                out.append(str(options.index(value) + 1))
            assert s.answer(value).correct
        else:
            out.append("")
        assert s.advance()
    return out, s


def test_mana_on_the_way_then_a_wrong_toughness_with_its_reason_in_russian(tmp_path):
    typed, s = lines_to("priority-and-stack", 13, mana_first_at=12)
    assert s.step.body["about"] == "objects.bears.toughness"
    res = subprocess.run([sys.executable, "-m", "tutor", "--ui", "ru", "lesson", "play", "priority-and-stack"],
                         input="\n".join([*typed, "3", "q"]) + "\n", capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "COLUMNS": "200", "MTG_TUTOR_HOME": str(tmp_path)}, timeout=120)
    assert res.returncode == 0 and "Traceback" not in res.stderr + res.stdout, res.stderr
    out = res.stdout
    assert "Мана добавлена в ваше хранилище маны" in out and "605.3b" in out  # the Forest tapped on the way: no ✗
    assert "хранилище маны: {G}" in out  # the board again, with the mana
    assert "Повреждения не уменьшают выносливость" in out and "120.6" in out
    assert "Не совсем так." not in out
