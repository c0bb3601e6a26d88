"""The lesson runtime (tutor/lessons/session.py, freeplay.py): moves, answers, hints, undo, stars, progress,
resume, languages and free play, on the shipped lessons."""

from __future__ import annotations

import pytest

from tutor.engine import DeclareAttackers, PassPriority, PlayLand
from tutor.lessons import FreePlay, LessonSession, load_course, stars_for
from tutor.lessons.links import rule_links
from tutor.lessons.moves import GROUPS, matches
from tutor.progress import ProgressStore


@pytest.fixture(scope="module")
def course():
    return load_course()


@pytest.fixture
def store(tmp_path):
    with ProgressStore.open(tmp_path / "progress.db") as s:
        yield s


def intended(session):
    """The intended move (an engine action) of the current do step."""
    pattern = session.step.accept[0]
    return PassPriority() if "pass" in pattern else session.table.make_action(pattern)


def right_answer(session):
    return session.expected()


def play_to(session, index):
    """Play the intended path until step `index` is the current step."""
    while session.index < index:
        if session.kind == "do":
            assert session.move(intended(session)).accepted
        elif session.kind == "ask":
            assert session.answer(right_answer(session)).correct
        assert session.advance()


def first(lesson, kind, ask_kind=None):
    return next(s.index for s in lesson.steps
                if s.kind == kind and (ask_kind is None or s.body["kind"] == ask_kind))


def hand_land(session):
    s = session.game.state
    return next(oid for oid in s.players[0].hand if "land" in s.objects[oid].card.types)


# ---- moves ------------------------------------------------------------------------------------------------
def test_a_move_is_accepted_other_or_illegal_with_its_rule(course):
    lesson = course.get("turn-at-a-glance")
    s = LessonSession(lesson)
    play_to(s, first(lesson, "do"))  # pass priority in the upkeep
    board = s.board()
    illegal = s.move(PlayLand(hand_land(s)))  # a land in the upkeep
    assert illegal.kind == "illegal" and illegal.rule == "305.1"
    assert "regola 305.1" in illegal.message("it") and "правило 305.1" in illegal.message("ru")
    assert s.board() == board and not s.can_advance()  # nothing changed, the lesson waits
    mana = next(m for g in s.moves() if g.group == "mana" for m in g.moves)
    idle = s.move(mana.action)  # mana this step has no use for: not added, no mistake (605.3a, 500.4)
    assert idle.kind == "mana_idle" and "605.3a" in idle.message("it") and s.mistake_count == 0
    assert s.board() == board
    ok = s.move(PassPriority())
    assert ok.accepted and [e.kind for e in ok.events] == ["pass"] and ok.events[0].rules == ("117.3d",)
    assert "117.3d" in ok.message("it") and s.can_advance()
    assert s.move(PassPriority()).kind == "not_now"  # the step is solved: no second move


def test_a_specific_message_for_a_specific_wrong_move(course):
    lesson = course.get("main-phase")
    s = LessonSession(lesson)
    play_to(s, first(lesson, "do"))  # play the Forest
    mountain = s.table.obj_of("a-mountain")
    result = s.move(PlayLand(mountain))
    assert result.kind == "other" and "Montagna" in result.message("it") and "Гору" in result.message("ru")


def test_an_illegal_attack_says_summoning_sickness(course):
    lesson = course.get("main-phase")
    s = LessonSession(lesson)
    index = next(st.index for st in lesson.steps if st.kind == "do" and "attack" in st.accept[0])
    play_to(s, index)
    bears = s.table.obj_of("bears")
    attack_group = next(g for g in s.moves() if g.group == "attack")
    refused = [m for m in attack_group.moves if not m.legal]
    assert refused and all(m.rule == "302.6" for m in refused)
    result = s.move(DeclareAttackers((bears,)))
    assert result.kind == "illegal" and result.rule == "302.6" and "302.6" in result.message("ru")


def test_moves_are_grouped_and_named_in_both_languages(course):
    s = LessonSession(course.get("main-phase"))
    play_to(s, first(s.lesson, "do"))
    groups = s.moves()
    assert [g.group for g in groups] == [g for g in GROUPS if g in {x.group for x in groups}]
    labels_it = [m.label("it") for g in groups for m in g.moves]
    labels_ru = [m.label("ru") for g in groups for m in g.moves]
    assert "Gioca «Foresta»" in labels_it and "Сыграть «Лес»" in labels_ru and "Passa la priorità" in labels_it
    assert any(label.startswith("Lancia «Fiamme Fameliche» → «Leoni della Savana» di B, Giocatore B") for label in labels_it)
    assert groups[0].title("it") == "Giocare una terra" and groups[0].title("ru") == "Сыграть землю"
    legal = [m for g in groups for m in g.moves if m.legal]
    assert legal and all(m.action in s.game.legal_actions() for m in legal)
    assert all(not s.game.is_legal(m.action) and m.rule for g in groups for m in g.moves if not m.legal)


# ---- questions --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("lesson_id", "ask_kind", "wrong"), [
    ("turn-at-a-glance", "choice", "b"),
    ("beginning-phase", "choices", ["forest", "mountain"]),
    ("turn-at-a-glance", "order", ["attackers", "beginning", "blockers", "damage", "end"]),
    ("turn-at-a-glance", "number", 20),
    ("beginning-phase", "legal", True),
])
def test_each_kind_of_answer_right_and_wrong(course, lesson_id, ask_kind, wrong):
    lesson = course.get(lesson_id)
    s = LessonSession(lesson)
    play_to(s, first(lesson, "ask", ask_kind))
    assert s.ask_kind == ask_kind
    bad = s.answer(wrong)
    assert not bad.correct and not bad.revealed and bad.explanation("it") == "" and not s.can_advance()
    for lang, bare in (("it", "Non è così."), ("ru", "Не совсем так.")):  # a reason, with the rule that decides
        assert bad.message(lang) != bare and rule_links(bad.message(lang)), bad.message(lang)
    good = s.answer(s.expected())
    assert good.correct and good.explanation("it") and good.explanation("ru") and s.can_advance()
    assert s.mistake_count == 1


def test_a_wrong_option_says_why(course):
    lesson = course.get("turn-at-a-glance")
    s = LessonSession(lesson)
    play_to(s, first(lesson, "ask", "choice"))
    assert "502.4" in s.answer("none").message("it")


def test_answers_of_the_wrong_shape_are_refused(course):
    lesson = course.get("turn-at-a-glance")
    s = LessonSession(lesson)
    play_to(s, first(lesson, "ask", "choice"))
    for value in ("zzz", 3, None, ["a"]):
        with pytest.raises(ValueError):
            s.answer(value)
    assert s.mistake_count == 0


def test_three_wrong_answers_reveal_the_answer_and_let_the_lesson_go_on(course):
    lesson = course.get("turn-at-a-glance")
    s = LessonSession(lesson)
    play_to(s, first(lesson, "ask", "number"))
    assert not s.answer(1).revealed and not s.answer(2).revealed
    third = s.answer(3)
    assert third.revealed and third.expected == 18 and third.explanation("it").startswith("18")
    assert s.can_advance() and s.advance()


def test_a_legal_question_is_judged_by_the_engine(course):
    lesson = course.get("main-phase")
    s = LessonSession(lesson)
    play_to(s, first(lesson, "ask", "legal"))
    action = s.table.make_action(s.step.body["action"])
    assert s.expected() is s.game.is_legal(action) is False
    assert [o.text("it") for o in s.options()] == ["Sì", "No"] and [o.text("ru") for o in s.options()] == ["Да", "Нет"]


# ---- hints --------------------------------------------------------------------------------------------
def test_three_different_hints_then_no_more(course):
    lesson = course.get("turn-at-a-glance")
    s = LessonSession(lesson)
    play_to(s, first(lesson, "ask"))
    hints = [s.hint() for _ in range(3)]
    assert [h.level for h in hints] == [1, 2, 3] and len({h.text("it") for h in hints}) == 3
    assert hints[0].heading("it") == "Suggerimento 1/3" and hints[2].heading("ru") == "Подсказка 3/3"
    assert "117.3a" in hints[2].text("it") and any(p.kind == "rule" for p in hints[2].parts("ru"))
    assert s.hint() is None and s.hint() is None and s.hint_count == 3


def test_a_move_without_hints_gets_the_default_ladder(course):
    lesson = course.get("turn-at-a-glance")
    s = LessonSession(lesson)
    play_to(s, first(lesson, "do"))
    hints = [s.hint() for _ in range(3)]
    texts = [h.text("it") for h in hints]
    assert len(set(texts)) == 3 and "117.3d" in texts[1] and "Passa la priorità" in texts[2] and "117.3d" in texts[2]
    assert "правило 117.3d" in hints[2].text("ru")
    assert s.hint() is None


def test_no_hints_at_a_narration(course):
    s = LessonSession(course.get("turn-at-a-glance"))
    assert s.kind == "say" and s.hint() is None and s.hint_count == 0


# ---- undo, stars, languages ------------------------------------------------------------------------------
def test_undo_takes_the_move_back(course):
    lesson = course.get("main-phase")
    s = LessonSession(lesson)
    index = first(lesson, "do")
    play_to(s, index)
    before = s.board()
    assert not s.can_undo()
    assert s.move(intended(s)).accepted and s.advance()
    assert s.board() != before and s.can_undo()
    assert s.undo() and s.index == index and s.board() == before and not s.can_advance()
    assert not s.undo()
    assert s.move(intended(s)).accepted  # and the lesson goes on from there


def test_stars():
    assert [stars_for(0, 0), stars_for(1, 0), stars_for(1, 1), stars_for(0, 2), stars_for(3, 0), stars_for(2, 1)] == \
           [3, 2, 2, 2, 1, 1]


@pytest.mark.parametrize(("hints", "stars"), [(0, 3), (2, 2), (3, 1)])
def test_a_lesson_ends_with_stars_and_never_grows(course, hints, stars):
    lesson = course.get("turn-at-a-glance")
    steps = len(lesson.steps)
    s = LessonSession(lesson)
    play_to(s, first(lesson, "ask"))
    for _ in range(hints):
        s.hint()
    play_to(s, steps - 1)
    assert s.kind == "recap" and s.advance() and s.finished and s.stars == stars
    assert len(lesson.steps) == steps and s.index == steps - 1 and not s.advance()


def test_every_text_in_either_language_at_the_same_position(course):
    lesson = course.get("beginning-phase")
    s = LessonSession(lesson)
    play_to(s, first(lesson, "ask", "choice"))
    board = s.board()
    it, ru = s.text("it"), s.text("ru")
    assert it != ru and it.startswith("Perché") and ru.startswith("Почему")
    assert [o.text("ru") for o in s.options()][1] == "Ваша библиотека пуста"
    assert s.board() == board and s.title("ru").startswith("Начальная фаза")
    lines = s.step_events()
    assert lines == [] and all(e.text("ru") for e in s.new_events())


def test_narration_parts_are_links(course):
    s = LessonSession(course.get("turn-at-a-glance"))
    parts = s.parts("ru")
    assert ("concept", "phase") in [(p.kind, p.target) for p in parts]
    assert ("rule", "500.1") in [(p.kind, p.target) for p in parts]
    assert "[[" not in s.text("it")


# ---- progress and resume -------------------------------------------------------------------------------------
def test_progress_is_recorded_and_the_lesson_resumes(course, store):
    lesson = course.get("turn-at-a-glance")
    s = LessonSession(lesson, store)
    assert store.lesson_state(lesson.id).status == "started"
    play_to(s, first(lesson, "ask", "number"))
    s.hint()
    assert not s.answer(17).correct
    board, index = s.board(), s.index
    state = store.lesson_state(lesson.id)
    assert state.step == index and state.hints_used == 1
    again = LessonSession(lesson, store)
    assert again.index == index and again.board() == board
    assert again.hints_shown() == 1 and again.hint().level == 2 and again.mistake_count == 1
    assert again.answer(18).correct and again.advance()
    play_to(again, len(lesson.steps) - 1)
    assert again.advance() and again.finished and again.stars == 1
    done = store.lesson_state(lesson.id)
    assert done.status == "done" and done.stars == 1 and done.best_stars == 1 and done.completions == 1
    fresh = LessonSession(lesson, store)  # a finished lesson starts over
    assert fresh.index == 0 and store.lesson_state(lesson.id).status == "started"


def test_resume_replays_the_move_recorded(course, store):
    lesson = course.get("main-phase")
    s = LessonSession(lesson, store)
    play_to(s, first(lesson, "do") + 1)
    again = LessonSession(lesson, store)
    assert again.index == s.index and again.board() == s.board()


# ---- free play --------------------------------------------------------------------------------------------
def test_free_play_from_the_end_of_a_lesson(course):
    lesson = course.get("main-phase")
    s = LessonSession(lesson)
    play_to(s, len(lesson.steps) - 1)
    assert s.advance() and s.finished
    fp = s.free_play(seed=3)
    assert fp.learner_decides() and fp.board() == s.board()
    refused = fp.move(PlayLand(s.table.obj_of("a-mountain")))
    assert refused.kind == "illegal" and refused.rule == "305.2" and "305.2" in refused.message("it")
    moves = 0
    while not fp.over and moves < 40:
        legal = [m for g in fp.moves() for m in g.moves if m.legal]
        assert legal and all(m.action in fp.game.legal_actions() for m in legal)
        pick = next((m for m in legal if m.group == "pass"), legal[0])
        assert fp.move(pick.action).accepted
        moves += 1
    events = fp.new_events()
    assert events and all(e.rules and e.text("ru") for e in events)
    assert s.board().turn == 3  # the lesson's own game is left as it was


def test_free_play_from_a_scenario_for_both_sides():
    from tutor.cardpool import load_cards
    from tutor.resources import lessons_root
    from tutor.scenario import load_scenario

    sc = load_scenario(lessons_root() / "scenarios" / "t-priority-lifo.yaml", load_cards())
    fp = FreePlay.from_scenario(sc, learner=None, seed=1)
    assert fp.learner_decides()
    seen = set()
    for _ in range(30):
        if fp.over:
            break
        seen.add(fp.deciding)
        legal = [m for g in fp.moves() for m in g.moves if m.legal]
        assert fp.move(legal[-1].action).accepted
    assert seen == {0, 1} and fp.agent_moves == 0
    assert fp.can_undo() and fp.undo()


def test_the_agent_answers_with_legal_moves_only():
    from tutor.cardpool import load_cards
    from tutor.resources import lessons_root
    from tutor.scenario import load_scenario

    sc = load_scenario(lessons_root() / "scenarios" / "t-timing-sorcery-speed.yaml", load_cards())
    fp = FreePlay.from_scenario(sc, learner=0, seed=7)
    for _ in range(25):
        if fp.over or not fp.learner_decides():
            break
        assert fp.deciding == 0
        legal = [m for g in fp.moves() for m in g.moves if m.legal]
        pick = next((m for m in legal if m.group == "pass"), legal[0])
        result = fp.move(pick.action)
        assert result.accepted and all(e.rules for e in result.events)
    assert fp.agent_moves > 0


def test_the_session_matches_card_ids_and_aliases(course):
    lesson = course.get("main-phase")
    s = LessonSession(lesson)
    play_to(s, first(lesson, "do"))
    forest_alias = s.table.obj_of("a-forest")
    assert matches(s.table, {"play": "a-forest"}, PlayLand(forest_alias))
    assert matches(s.table, {"play": "forest"}, PlayLand(forest_alias))
    assert not matches(s.table, {"play": "a-mountain"}, PlayLand(forest_alias))
