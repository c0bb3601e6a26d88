"""Choices in the lesson runtime (tutor.engine.choices): a lesson whose moves are choices (``choose:`` patterns,
checked by ``lesson check``), free play through a choice, and the agent answering one — on the lesson and the
scenario of tests/choices.py (its own cards)."""

from __future__ import annotations

import random

import pytest

from tests import choices
from tutor.engine import Choose, PassPriority
from tutor.engine.play import random_action
from tutor.lessons import FreePlay, LessonSession, check_lesson
from tutor.lessons.moves import matches


@pytest.fixture
def lesson(tmp_path):
    return choices.lesson(tmp_path)


def _play_to_choice(session):
    while session.kind != "do" or session.game.pending[0] != "choice":
        if session.kind == "do":
            pattern = session.step.accept[0]
            assert session.move(PassPriority() if "pass" in pattern else session.table.make_action(pattern)).accepted
        assert session.advance()


def test_the_lesson_checks_clean(lesson):
    assert check_lesson(lesson) == []


def test_a_choice_is_a_move_accepted_other_or_wrong(lesson):
    s = LessonSession(lesson)
    _play_to_choice(s)
    groups = s.moves()
    assert [g.group for g in groups] == ["choose"] and groups[0].rule == "603.3d"
    moves = groups[0].moves
    assert all(isinstance(m.action, Choose) and m.legal for m in moves)
    by_label = {m.label("it"): m for m in moves}
    wrong = s.move(by_label["Bersaglio: «Eroina di Rifugio delle Lame» di A"].action)
    assert wrong.kind == "other" and "Non la tua creatura" in wrong.message("it")
    other = s.move(by_label["Bersaglio: «Predatori di Angrath» di B"].action)
    assert other.kind == "other"
    right = s.move(by_label["Bersaglio: «Orsi Grizzly» di B"].action)
    assert right.accepted and any(e.event.kind == "choice" for e in right.events)
    assert s.game.state.stack[-1].targets == (s.table.obj_of("bears"),)
    assert s.mistake_count == 1  # the first answer was not the one asked for


def test_a_choice_is_undone_and_made_again(lesson):
    s = LessonSession(lesson)
    _play_to_choice(s)
    index = s.index
    assert s.move(s.table.make_action({"choose": "bears"})).accepted
    assert s.undo() and s.index == index and s.game.pending[0] == "choice"
    assert s.move(s.table.make_action({"choose": "bears"})).accepted


def test_hints_name_the_choice_and_its_rule(lesson):
    s = LessonSession(lesson)
    _play_to_choice(s)
    s.advance()
    hints = [s.hint() for _ in range(3)]
    assert "603.3d" in hints[1].text("it") and "Bersaglio: «Orsi Grizzly» di B" in hints[2].text("it")
    assert "Цель: «Медведи-гризли» игрока B" in hints[2].text("ru")


def test_lesson_check_refuses_a_choose_pattern_no_option_has(tmp_path):
    from tutor.cardpool import load_cards
    from tutor.lessons import load_lesson

    choices.write(tmp_path)
    path = tmp_path / "every-choice.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("[{choose: forest-card}]", "[{choose: looter}]"),
                    encoding="utf-8")
    problems = check_lesson(load_lesson(path, load_cards(), "every-choice.yaml", scenarios=tmp_path))
    # A permanent that is not among the discard choice's options: the engine refuses it under 701.8b.
    assert [p.key for p in problems] == ["pattern_illegal"] and "701.8b" in problems[0].text("it")


def test_free_play_makes_the_choices_of_both_sides(tmp_path):
    from tutor.scenario import Table

    sc = choices.scenario(tmp_path)
    table = Table(sc.cards, sc.data["setup"], push=True)
    table.setup()
    for act in sc.data["actions"]:
        if "choose" in act:
            break
        if "checkpoint" not in act:
            table.play(act)
    fp = FreePlay.from_game(table.game, sc.cards, learner=None, seed=1)
    groups = fp.moves()
    assert [g.group for g in groups] == ["choose"] and fp.deciding == 0
    assert fp.move(groups[0].moves[0].action).accepted and fp.game.pending[0] == "priority"
    assert fp.undo() and fp.game.pending[0] == "choice"
    fp = FreePlay.from_game(table.game, sc.cards, learner=1, seed=1)  # the agent makes A's choice
    assert fp.agent_moves > 0 and fp.game.pending[1] == 1 or fp.over


@pytest.mark.parametrize("seed", range(6))
def test_the_agent_answers_every_kind_of_choice(tmp_path, seed):
    """The agent's random legal action (tutor.engine.play.random_action) at each choice of the scenario."""
    from tutor.scenario import Table

    sc = choices.scenario(tmp_path)
    table = Table(sc.cards, sc.data["setup"])
    table.setup()
    rng = random.Random(seed)
    answered = set()
    for act in sc.data["actions"]:
        if "checkpoint" in act:
            continue
        game = table.game
        if "choose" in act:
            answered.add(str(game.pending[2].kind))
            action = random_action(game, rng)
            assert isinstance(action, Choose) and game.is_legal(action)
            game.push(action)
            game.pop()
        table.play(act)
    assert answered == {"targets", "replacement", "discard", "sacrifice", "order"}
    game = table.game
    assert game.pending[0] == "choice" and isinstance(random_action(game, rng), Choose)


def test_the_session_matches_choose_patterns(lesson):
    s = LessonSession(lesson)
    _play_to_choice(s)
    action = s.table.make_action({"choose": "bears"})
    assert matches(s.table, {"choose": ["bears"]}, action) and not matches(s.table, {"choose": "hero"}, action)
    assert not matches(s.table, {"discard": ["bears"]}, action)
