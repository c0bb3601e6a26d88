"""Part 2: the start of the game (103): opening hands, the London mulligan (103.5), the first turn (103.8)."""

from __future__ import annotations

import pytest

from tutor.cardpool import load_cards
from tutor.engine import Choose, Game, IllegalAction
from tutor.engine.start import KEEP, MULLIGAN
from tutor.engine.view import BoardView
from tutor.events_text import render_event
from tutor.lessons.text import board_lines


@pytest.fixture(scope="module")
def cards():
    return load_cards()


def _game(cards, seed=1, **kw) -> Game:
    return Game.new(cards, [["forest"] * 10 + ["grizzly-bears"] * 10, ["plains"] * 20], seed=seed, mulligans=True, **kw)


def test_the_view_shows_the_mulligan_process_and_round_trips(cards):
    game = _game(cards)
    game.apply(Choose((MULLIGAN,)))
    game.apply(Choose((KEEP,)))
    view = game.view()
    assert view.turn == 0 and view.pending.choice.kind == "bottom" and view.pending.choice.max == 1
    assert view.opening.mulligans == (1, 0) and view.opening.kept == (False, True)
    assert BoardView.from_dict(view.to_dict()) == view
    lines = board_lines(view, cards, "it", learner=None)
    assert any("1 mulligan" in line for line in lines) and any("mano tenuta" in line for line in lines)
    assert any("1 муллиган" in line for line in board_lines(view, cards, "ru", learner=None))
    game.apply(Choose((game.state.players[0].hand[0],)))
    game.apply(Choose((KEEP,)))
    assert game.view().opening is None and game.state.turn == 1


def test_a_player_whose_hand_would_be_zero_cards_keeps_without_being_asked(cards):
    game = _game(cards, hand_size=1)
    game.apply(Choose((MULLIGAN,)))  # A: one mulligan with a hand size of one
    game.apply(Choose((KEEP,)))      # B keeps
    # A drew one card and puts it on the bottom (the only answer: not asked); then A may take no further mulligan.
    assert game.state.turn == 1 and len(game.state.players[0].hand) == 0 and len(game.state.players[1].hand) == 1
    assert [e.kind for e in game.events].count("keep") == 2


def test_undo_during_the_mulligans(cards):
    game = _game(cards)
    before = (len(game.events), sorted(game.state.objects), game.pending[:2])
    game.push(Choose((MULLIGAN,)))
    game.push(Choose((MULLIGAN,)))
    game.pop()
    game.pop()
    assert (len(game.events), sorted(game.state.objects), game.pending[:2]) == before


def test_the_wrong_number_of_cards_and_a_declaration_out_of_turn_are_refused(cards):
    game = _game(cards)
    with pytest.raises(IllegalAction) as exc:
        game.check_declaration(1)
    assert exc.value.rule == "103.5" and exc.value.reason == "mulligan_order"
    game.apply(Choose((MULLIGAN,)))
    game.apply(Choose((KEEP,)))
    hand = game.state.players[0].hand
    refusal = game.refusal(Choose((hand[0], hand[1])))
    assert refusal is not None and refusal.rule == "103.5" and refusal.reason == "choice_count"


def test_every_event_of_the_start_has_a_sentence_in_both_languages(cards):
    game = _game(cards)
    game.apply(Choose((MULLIGAN,)))
    game.apply(Choose((KEEP,)))
    game.apply(Choose((game.state.players[0].hand[0],)))
    game.apply(Choose((KEEP,)))
    kinds = {"starting_player", "shuffle", "hand_drawn", "keep", "mulligan", "bottom", "game_begins", "choice"}
    seen = set()
    for e in game.events:
        if e.kind in kinds:
            seen.add(e.kind)
            for lang in ("it", "ru"):
                text = render_event(e, cards, lang, game.object_cards)
                assert not text.startswith(e.kind) and "{" not in text, text
    assert seen == kinds
