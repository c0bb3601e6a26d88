"""A scenario question (tutor/quiz/scenario_q.py) can be answered from its prompt: the position before the moves
that lead to its checkpoint (since the previous checkpoint, or the setup), as the lesson player's board shows it,
then those moves, then the question; never the position after the moves, nor a question whose answer the
position shows (no move since): such a checkpoint is left out of the bank."""

from __future__ import annotations

import pytest

from tutor.i18n import LANGS, t
from tutor.quiz import bank, scenario_q
from tutor.quiz.model import UnknownQuestion
from tutor.scenario_table import Table
from tutor.views.board import card_name, player_summary


def _before(sc, index: int):
    """The position at the checkpoint before action `index` (or after the setup), played independently of
    scenario_q's own replay: the runner's game at that checkpoint."""
    actions = sc.data["actions"]
    start = max((i for i in range(index) if "checkpoint" in actions[i]), default=-1)
    if start < 0:
        table = Table(sc.cards, sc.data["setup"], int(sc.data.get("seed", 0)))
        return table.setup().view()
    return scenario_q._play_to(sc, start).game.view()


def _questions():
    out = []
    for qid, _topics in scenario_q.card_ids():
        _kind, sid, n = qid.split(":")
        sc = scenario_q._scenarios()[sid]
        index = scenario_q._checkpoints(sc)[int(n) - 1]
        out.append((bank.question(qid), sc, index))
    return out


@pytest.fixture(scope="module")
def questions():
    return _questions()


def test_every_scenario_prompt_shows_the_position_before_the_moves(questions):
    assert len(questions) > 120
    for q, sc, index in questions:
        before = _before(sc, index)
        after = scenario_q._play_to(sc, index).game.view()
        for lang in LANGS:
            prompt = q.prompt[lang]
            assert t("quiz.scenario.position", lang) in prompt, (q.id, lang)
            for p in before.players:  # life totals, library, hand and graveyard sizes, as every board says them
                assert " · ".join(player_summary(p, lang)) in prompt, (q.id, lang, p.index)
                shown = " · ".join(player_summary(after.players[p.index], lang))
                if after.players[p.index].life != p.life:  # never the state after the moves
                    assert shown not in prompt, (q.id, lang, shown)
            for perm in before.permanents:  # the permanents by name
                assert f"«{card_name(sc.cards, perm.card, lang)}»" in prompt, (q.id, lang, perm.card)
            # the question is the last line, after the position and the moves
            assert prompt.rsplit("\n", 1)[1].endswith("?"), (q.id, lang)


def test_no_scenario_prompt_says_its_answer(questions):
    """gives_away on what the prompt says besides the position (the title and the moves); a state the position
    shows is asked only after a move."""
    for q, _sc, _index in questions:
        derived = {"format": q.answer_format, "answer": q.answer, "options": q.options, "form": q.data["form"]}
        assert not scenario_q.gives_away(derived, q.data["said"]), q.id
        for lang in LANGS:
            assert q.data["said"][lang].split("\n", 1)[0] in q.prompt[lang]
            for line in q.data["said"][lang].split("\n")[1:]:
                assert f"• {line}" in q.prompt[lang], (q.id, line)
        if q.data["form"] in scenario_q._READ:
            assert all(t("quiz.scenario.moves", lang) in q.prompt[lang] for lang in LANGS), q.id


def test_a_checkpoint_the_position_would_answer_is_left_out():
    """t-turn-upkeep-trigger: the game starts in the untap step and is in the upkeep, the trigger on the stack,
    before any move: every question its checkpoint allows (the stack, priority, life, step) is read off the
    position."""
    qid = "scenario:t-turn-upkeep-trigger:1"
    assert scenario_q.left_out() == frozenset({qid})
    assert qid not in [c for c, _ in scenario_q.card_ids()]
    with pytest.raises(UnknownQuestion):
        scenario_q.build(qid)


def test_garruk_ultimate_in_italian():
    q = scenario_q.build("scenario:e2-walkers-ultimate-garruk:1")
    assert q.prompt["it"] == (
        "Scenario — Il −4 di Garruk: la fedeltà arriva a 0, ma l'abilità si risolve lo stesso.\n"
        "Posizione:\n"
        "Turno 5 · giocatore attivo: A · prima fase principale · priorità: A\n"
        "Giocatore B: 20 punti vita · grimorio 0 · mano 0 · cimitero 0\n"
        "   mano: —\n"
        "   campo di battaglia: —\n"
        "Giocatore A: 20 punti vita · grimorio 0 · mano 0 · cimitero 0\n"
        "   mano: —\n"
        "   campo di battaglia:\n"
        "     «Garruk Parlaselvaggio» — 4 segnalini fedeltà\n"
        "     «Orsi Grizzly» 2/2\n"
        "Poi, nell'ordine:\n"
        "• A: Attiva l'abilità di «Garruk Parlaselvaggio» (abilità 3)\n"
        "Che cosa c'è in pila adesso (dal basso verso l'alto)?")


def test_apnap_blocks_in_russian():
    q = scenario_q.build("scenario:e-trig-apnap-blocks-and-becomes-blocked:1")
    assert q.prompt["ru"] == (
        "Сценарий — APNAP: способность неактивного игрока разрешается первой.\n"
        "Позиция:\n"
        "Ход 3 · активный игрок: A · шаг начала боя · приоритет у игрока A\n"
        "Игрок B: 20 жизней · библиотека 0 · рука 0 · кладбище 0\n"
        "   рука: —\n"
        "   поле битвы:\n"
        "     «Страж Прайда» 0/3 — защитник\n"
        "Игрок A: 20 жизней · библиотека 0 · рука 0 · кладбище 0\n"
        "   рука: —\n"
        "   поле битвы:\n"
        "     «Боец Глубокого Корня» 2/2\n"
        "Затем по порядку:\n"
        "• Все пасуют, пока не начнётся шаг назначения атакующих\n"
        "• A: Атаковать: «Боец Глубокого Корня»\n"
        "• Оба игрока по очереди пасуют\n"
        "• B: «Страж Прайда» блокирует «Бойца Глубокого Корня»\n"
        "Какой объект в стеке разрешится первым, если все спасуют?")
    assert "• Tutti passano finché non inizia la sottofase di dichiarazione delle creature attaccanti\n" in q.prompt["it"]


def test_passing_through_the_declarations_says_that_nobody_declares():
    q = scenario_q.build("scenario:c-sba-draw-from-empty-library:1")
    assert q.prompt["it"].endswith("\n• Tutti passano, senza dichiarare attaccanti né bloccanti, finché non inizia "
                                   "la sottofase di mantenimento del turno 4\nCom'è finita la partita?")
    assert q.prompt["ru"].endswith("\n• Все пасуют, не объявляя ни атакующих, ни блокирующих, пока не начнётся "
                                   "шаг поддержки хода 4\nЧем закончилась партия?")


def test_shock_and_healing_in_italian_and_the_life_after_is_not_shown():
    q = scenario_q.build("scenario:e-prev-leyline-punishment-shield-not-used:1")
    assert q.answer_format == "number" and q.answer != 20
    it = q.prompt["it"]
    assert "Giocatore B: 20 punti vita" in it and f"{q.answer} punti vita" not in it
    assert it.endswith("Poi, nell'ordine:\n"
                       "• A: Lancia «Shock» → Giocatore B\n"
                       "• A passa\n"
                       "• B: Lancia «Mani Curatrici» → Giocatore B\n"
                       "• Entrambi i giocatori passano, uno dopo l'altro\n"
                       "• Entrambi i giocatori passano, uno dopo l'altro\n"
                       "Quanti punti vita ha B adesso?")
    assert "• A пасует\n" in q.prompt["ru"] and "• B: Разыграть «Умелые руки» → игрок B\n" in q.prompt["ru"]
