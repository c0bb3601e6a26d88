"""The moves that answer a choice (tutor.engine.choices) in words, in Italian and Russian, one test per kind: the
group's title says what is decided and by which rule, each move names what it picks (tutor.lessons.moves)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import choices
from tutor.scenario import Table

# How far the scenario of tests/choices.py plays to reach each choice: its actions before the choice's checkpoint.
_CHECKPOINTS = ("targets", "replacement", "discard", "sacrifice", "order")


@pytest.fixture(scope="module")
def positions(tmp_path_factory):
    """Each kind of choice: the game waiting for it (played from the scenario, a fresh table each)."""
    sc = choices.scenario(Path(tmp_path_factory.mktemp("choices")))
    out = {}
    actions = sc.data["actions"]
    for kind in (*_CHECKPOINTS, "may"):
        table = Table(sc.cards, sc.data["setup"], 0)
        table.setup()
        for act in actions:
            if "checkpoint" in act:
                if (act["checkpoint"].get("choice") or {}).get("kind") == kind:
                    break
                continue
            table.play(act)
        out[kind] = table
    return out


def _group(table):
    from tutor.lessons.moves import legal_moves

    groups = legal_moves(table.game)
    assert [g.group for g in groups] == ["choose"]
    return groups[0]


def _labels(table, lang):
    return [m.label(lang) for m in _group(table).moves]


def test_targets(positions):
    table = positions["targets"]
    group = _group(table)
    assert group.rule == "603.3d"
    assert group.title("it") == "Scegli il bersaglio dell'abilità innescata di «Kavu Lingua Fiammeggiante» (603.3d)"
    assert group.title("ru") == "Выберите цель срабатывающей способности «Огнеязыкого Каву» (603.3d)"
    assert "Bersaglio: «Orsi Grizzly» di B" in _labels(table, "it")
    assert "Цель: «Медведи-гризли» игрока B" in _labels(table, "ru")
    assert "Bersaglio: «Kavu Lingua Fiammeggiante» di A" in _labels(table, "it")  # itself: any creature (115.1)


def test_replacement(positions):
    table = positions["replacement"]
    group = _group(table)
    assert group.rule == "616.1"
    assert group.title("it") == "2 danni al Giocatore A: scegli quale effetto si applica per primo (616.1)"
    assert group.title("ru") == "Выберите, какой эффект первым применяется к 2 повреждениям, наносимым игроку A (616.1)"
    assert sorted(_labels(table, "it")) == ["Prima l'effetto di «Mani Curatrici» (previene il danno)",
                                           "Prima l'effetto di «Predatori di Angrath» (raddoppia il danno)"]
    assert sorted(_labels(table, "ru")) == ["Сначала эффект «Мародёров Анграта» (удваивает повреждения)",
                                           "Сначала эффект «Умелых рук» (предотвращает повреждения)"]


def test_discard(positions):
    table = positions["discard"]
    group = _group(table)
    assert group.rule == "701.8b"
    assert group.title("it") == "«Tritone Saccheggiatore»: scegli la carta da scartare (701.8b)"
    assert group.title("ru") == "«Мерфолк-мародёр»: выберите 1 карту, чтобы сбросить (701.8b)"
    assert _labels(table, "it") == ["Scarta «Foresta»", "Scarta «Crescita Gigante»", "Scarta «Isola»"]
    assert _labels(table, "ru") == ["Сбросить «Лес»", "Сбросить «Гигантский рост»", "Сбросить «Остров»"]


def test_two_cards_to_discard_are_named_together():
    from tutor.cardpool import load_cards
    from tutor.engine import Choose
    from tutor.lessons.moves import label, legal_moves
    from tutor.scenario import load_scenario

    sc = load_scenario(Path(__file__).resolve().parents[2] / "lessons" / "scenarios" / "c-effect-draw-and-discard.yaml",
                       load_cards(), "c")
    table = Table(sc.cards, sc.data["setup"], 0)
    table.setup()
    for act in sc.data["actions"]:
        if "choose" in act:
            break
        if "checkpoint" not in act:
            table.play(act)
    group = legal_moves(table.game)[0]
    assert group.title("it") == "«Marciume Mentale»: scegli le 2 carte da scartare (701.8b)"
    assert group.title("ru") == "«Гниение разума»: выберите 2 карты, чтобы сбросить (701.8b)"
    action = table.make_action({"choose": ["shock", "forest"]})
    assert isinstance(action, Choose)
    assert label(table.game, action, "it") == "Scarta «Shock» e «Foresta»"
    assert label(table.game, action, "ru") == "Сбросить «Шок» и «Лес»"


def test_sacrifice(positions):
    table = positions["sacrifice"]
    group = _group(table)
    assert group.rule == "701.17a"
    assert group.title("it") == "«Editto Diabolico»: scegli il permanente da sacrificare (701.17a)"
    assert group.title("ru") == "«Дьявольский Указ»: выберите 1 перманент, чтобы пожертвовать (701.17a)"
    assert "Sacrifica «Eroina di Rifugio delle Lame»" in _labels(table, "it")
    assert "Пожертвовать «Героя Блэйдхолда»" in _labels(table, "ru")  # the accusative of an animate name


def test_order(positions):
    table = positions["order"]
    group = _group(table)
    assert group.rule == "603.3b"
    assert group.title("it") == ("Scegli l'ordine delle tue abilità innescate: la prima messa in pila si risolve per "
                                 "ultima (603.3b)")
    assert group.title("ru") == ("Выберите порядок своих срабатывающих способностей: положенная в стек первой "
                                 "разрешится последней (603.3b)")
    hero_it, hero_ru = "«Eroina di Rifugio delle Lame»", "«Герой Блэйдхолда»"
    assert sorted(_labels(table, "it")) == [
        f"Prima in pila {hero_it} (grido di guerra), poi {hero_it} (quando attacca)",
        f"Prima in pila {hero_it} (quando attacca), poi {hero_it} (grido di guerra)"]
    assert sorted(_labels(table, "ru")) == [
        f"Сначала в стек {hero_ru} (боевой клич), затем {hero_ru} (когда атакует)",
        f"Сначала в стек {hero_ru} (когда атакует), затем {hero_ru} (боевой клич)"]


def test_may(positions):
    table = positions["may"]
    group = _group(table)
    assert group.rule == "603.5"
    assert group.title("it") == "Scegli se usare l'abilità facoltativa di «Incursore Mago d'Ombra» (603.5)"
    assert group.title("ru") == "Выберите, использовать ли необязательную способность «Мага-шпиона из Тени» (603.5)"
    assert _labels(table, "it") == ["Sì: pesca una carta", "No: l'abilità non fa nulla"]
    assert _labels(table, "ru") == ["Да: взять 1 карту", "Нет: способность ничего не сделает"]


@pytest.mark.parametrize("kind", [*_CHECKPOINTS, "may"])
def test_the_board_says_what_the_game_waits_for(positions, kind):
    from tutor.lessons.text import board_lines

    table = positions[kind]
    view = table.game.view()
    rule = view.pending.choice.rule
    head_it = board_lines(view, table.cards, "it")[0]
    head_ru = board_lines(view, table.cards, "ru")[0]
    assert "decide A: scegliere " in head_it and head_it.endswith(f"({rule})")
    assert "решает игрок A: выбор — " in head_ru and head_ru.endswith(f"({rule})")


def test_a_choose_pattern_matches_its_answer(positions):
    from tutor.lessons.moves import matches

    table = positions["order"]
    moves = _group(table).moves
    first = [m for m in moves if matches(table, {"choose": ["2", "1"]}, m.action)]
    assert len(first) == 1 and "(grido di guerra), poi" in first[0].label("it")
    table = positions["discard"]
    hits = [m for m in _group(table).moves if matches(table, {"choose": "forest-card"}, m.action)]
    assert [m.label("it") for m in hits] == ["Scarta «Foresta»"]
    table = positions["may"]
    assert [m.label("it") for m in _group(table).moves if matches(table, {"choose": "yes"}, m.action)] == \
        ["Sì: pesca una carta"]
