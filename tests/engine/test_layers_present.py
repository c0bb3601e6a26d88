"""The explanation of a permanent's characteristics (613) in words: the steps of a final board in layer order
with their sources and rules (tutor.layers_text), the CLI's `scenario run -v`, the boards' printed power and
toughness, controller and copy, and the sentences of the continuous effects' events."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cardpool import load_cards
from tutor.engine import Event
from tutor.events_text import render_event
from tutor.layers_text import change_text, explanation_lines
from tutor.lessons.text import board_lines
from tutor.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "lessons" / "scenarios"


def _final(path: Path):
    sc = load_scenario(path, load_cards(), path.name)
    res = run_scenario(sc)
    assert res.ok, [f.as_dict("it") for f in res.failures]
    return res.game.view(), sc.cards


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _perm(view, card: str):
    return next(p for p in view.permanents if p.card == card)


def test_the_frog_explained_in_layer_order_with_sources_and_rules():
    view, cards = _final(SCENARIOS / "e2-layers-frog-then-jump.yaml")
    angel = _perm(view, "serra-angel")
    assert [(st.layer, st.op) for st in angel.layers] == [
        ("4", "creature_types"), ("5", "color"), ("6", "lose_abilities"), ("6", "keywords"), ("7b", "base_pt")]
    assert explanation_lines(angel, cards, "it") == [
        "«Angelo di Serra»: sulla carta 4/4, ora 1/1",
        "  layer 4 — Tramutare in Rana: tipo di creatura: Rana, al posto degli altri (205.1a)",
        "  layer 5 — Tramutare in Rana: colore: blu (613.1e)",
        "  layer 6 — Tramutare in Rana: perde tutte le abilità (613.1f)",
        "  layer 6 — Salto Prodigioso: acquisisce volare (613.1f)",
        "  layer 7b — Tramutare in Rana: forza e costituzione base 1/1 (613.4b)",
    ]
    assert explanation_lines(angel, cards, "ru") == [
        "«Ангел Серры»: по карте 4/4, сейчас 1/1",
        "  слой 4 — Превращение в лягушку: тип существа: Лягушка вместо прежних (205.1a)",
        "  слой 5 — Превращение в лягушку: цвет: синий (613.1e)",
        "  слой 6 — Превращение в лягушку: теряет все способности (613.1f)",
        "  слой 6 — Прыжок: получает полёт (613.1f)",
        "  слой 7b — Превращение в лягушку: базовые сила и выносливость 1/1 (613.4b)",
    ]


SWITCH = """
id: t-switch
title: {it: "t", ru: "t"}
explanation: {it: "t", ru: "t"}
setup:
  step: precombat_main
  players:
    A:
      library: [island, island]
      battlefield: [island]
      hand: [twisted-image]
    B:
      battlefield: [{card: roc-egg, as: egg, counters: {"+1/+1": 2, "-1/-1": 1}}]
actions:
  - cast: twisted-image
    targets: [egg]
  - pass: 2
expect:
  objects:
    egg: {power: 4, toughness: 1}
"""


def test_counters_then_switch(tmp_path):
    view, cards = _final(_write(tmp_path, "t-switch.yaml", SWITCH))
    egg = _perm(view, "roc-egg")
    assert (egg.power, egg.toughness, egg.printed_power, egg.printed_toughness) == (4, 1, 0, 3)
    assert [(st.layer, st.op, st.value) for st in egg.layers] == [("7c", "counters", 1), ("7d", "switch_pt", True)]
    assert explanation_lines(egg, cards, "it")[1:] == [
        "  layer 7c — segnalini +1/+1 e −1/−1: +1/+1 (613.4c)",
        "  layer 7d — Immagine Distorta: forza e costituzione scambiate (613.4d)",
    ]
    assert explanation_lines(egg, cards, "ru")[1:] == [
        "  слой 7c — жетоны +1/+1 и −1/−1: +1/+1 (613.4c)",
        "  слой 7d — Искажённый образ: сила и выносливость меняются местами (613.4d)",
    ]
    line = next(x for x in board_lines(view, cards, "it") if "Uovo" in x or "roc" in x.lower())
    assert "4/1 (sulla carta 0/3)" in line
    line = next(x for x in board_lines(view, cards, "ru") if "4/1" in x)
    assert "4/1 (по карте 0/3)" in line


THREATEN = """
id: t-act-of-treason
title: {it: "t", ru: "t"}
explanation: {it: "t", ru: "t"}
setup:
  step: precombat_main
  players:
    A:
      battlefield: [mountain, mountain, mountain]
      hand: [act-of-treason]
    B:
      battlefield: [{card: grizzly-bears, as: bears, tapped: true}]
actions:
  - cast: act-of-treason
    targets: [bears]
  - pass: 2
expect:
  objects:
    bears: {controller: A, tapped: false}
"""


def test_control_changed_is_explained_and_shown_on_the_board(tmp_path):
    view, cards = _final(_write(tmp_path, "t-act-of-treason.yaml", THREATEN))
    bears = _perm(view, "grizzly-bears")
    assert (bears.owner, bears.controller) == (1, 0)
    lines = explanation_lines(bears, cards, "it")
    assert lines[0] == "«Orsi Grizzly»: sulla carta 2/2, ora 2/2; sotto il controllo del Giocatore A (proprietario: Giocatore B)"
    assert "  layer 2 — Atto di Tradimento: controllo: Giocatore A (613.1b)" in lines
    assert "  layer 6 — Atto di Tradimento: acquisisce rapidità (613.1f)" in lines
    ru = explanation_lines(bears, cards, "ru")
    assert ru[0] == "«Медведи-гризли»: по карте 2/2, сейчас 2/2; под контролем игрока A (владелец — игрок B)"
    text = "\n".join(board_lines(view, cards, "it"))
    assert "«Orsi Grizzly» 2/2 — sotto il controllo del Giocatore A" in text
    assert "(stampata" not in text  # the same power and toughness as printed
    text = "\n".join(board_lines(view, cards, "ru"))
    assert "под контролем игрока A" in text


COPY = """
id: t-copy
title: {it: "t", ru: "t"}
explanation: {it: "t", ru: "t"}
cards:
  - id: cackling-counterpart
    name: {en: Cackling Counterpart, it: Controparte Sghignazzante, ru: Хохочущий двойник}
    gender: {it: f, ru: m}
    unofficial: [it, ru]
    cost: "{1}{U}{U}"
    types: [instant]
    spell:
      targets: [{type: creature}]
      effects: [{create_copy: {of: 0}}]
    text:
      en: "Create a token that's a copy of target creature."
      it: "Crea una pedina che è una copia di una creatura bersaglio."
      ru: "Создайте фишку — копию целевого существа."
setup:
  step: precombat_main
  players:
    A:
      battlefield: [island, island, island]
      hand: [cackling-counterpart]
    B:
      battlefield: [{card: serra-angel, as: angel}]
actions:
  - cast: cackling-counterpart
    targets: [angel]
  - pass: 2
"""


def test_a_copy_says_what_it_copies(tmp_path):
    view, cards = _final(_write(tmp_path, "t-copy.yaml", COPY))
    token = next(p for p in view.permanents if p.card == "serra-angel" and p.owner == 0)
    assert [st.op for st in token.layers] == ["copy"]
    lines = explanation_lines(token, cards, "it")
    assert lines == ["«Angelo di Serra»: copia di «Angelo di Serra»; sulla carta 4/4, ora 4/4",
                     "  layer 1 — Controparte Sghignazzante: copia di «Angelo di Serra» (707.2)"]
    assert explanation_lines(token, cards, "ru")[1] == (
        "  слой 1 — Хохочущий двойник: копия «Ангела Серры» (707.2)")
    assert "copia di «Angelo di Serra»" in "\n".join(board_lines(view, cards, "it"))
    original = next(p for p in view.permanents if p.card == "serra-angel" and p.owner == 1)
    assert explanation_lines(original, cards, "it") == []  # nothing changes it


def test_the_cli_prints_the_explanation_after_the_log(capsys):
    from tutor.cli import main

    assert main(["scenario", "run", str(SCENARIOS / "e2-layers-frog-then-jump.yaml"), "-v"]) == 0
    out = capsys.readouterr().out
    assert "Effetti continui (613), layer per layer" in out
    i = out.index("layer 6 — Salto Prodigioso")
    assert out.index("layer 6 — Tramutare in Rana") < i < out.index("layer 7b — Tramutare in Rana")
    assert out.index("Registro degli eventi") < out.index("Effetti continui")


@pytest.mark.parametrize(("lang", "text"), [
    ("it", "La creatura «Orsi Grizzly» perde tutte le abilità e diventa una Rana blu con forza e costituzione base "
           "1/1 fino alla fine del turno. [611.2a, 613.1]"),
    ("ru", "Существо «Медведи-гризли» теряет все способности и становится синей Лягушкой с базовыми силой и "
           "выносливостью 1/1 до конца хода. [611.2a, 613.1]"),
])
def test_the_becomes_sentence_says_what_changes(lang, text):
    e = Event("becomes", ("611.2a", "613.1"), {
        "object": 5, "card": "grizzly-bears", "until": "end_of_turn", "source": "turn-to-frog",
        "changes": [["creature_types", ["Frog"]], ["color", ["U"]], ["lose_abilities", True], ["base_pt", [1, 1]]]})
    assert render_event(e, load_cards(), lang) == text


def test_control_and_copy_sentences():
    cards = load_cards()
    e = Event("gain_control", ("613.1b", "611.2a"), {"object": 5, "card": "grizzly-bears", "player": 0, "was": 1,
                                                    "until": "end_of_turn"})
    assert render_event(e, cards, "it").startswith(
        "Il Giocatore A acquisisce il controllo della creatura «Orsi Grizzly» fino alla fine del turno.")
    assert render_event(e, cards, "ru").startswith(
        "Игрок A получает контроль над существом «Медведи-гризли» до конца хода.")
    e = Event("copy_created", ("707.2", "111.1"), {"object": 9, "card": "serra-angel", "original": 5,
                                                  "controller": 0})
    assert render_event(e, cards, "it", {5: "serra-angel"}).startswith(
        "Il Giocatore A crea la pedina «Angelo di Serra», copia della creatura «Angelo di Serra».")
    assert render_event(e, cards, "ru", {5: "serra-angel"}).startswith(
        "Игрок A создаёт фишку «Ангел Серры» — копию существа «Ангел Серры».")


@pytest.mark.parametrize(("op", "value", "it", "ru"), [
    ("pump", [2, -1], "prende +2/−1", "получает +2/−1"),
    ("pump_each", [3, 3, 3], "prende +1/+1 × 3: +3/+3", "получает +1/+1 × 3: +3/+3"),
    ("land_type", "Mountain", "tipo di terra: Montagna, al posto degli altri; perde le abilità del suo testo e ha "
                              "«{T}: Aggiungi {R}.»",
     "тип земли: Гора вместо прежних; теряет способности из своего текста и получает «{T}: добавьте {R}.»"),
    ("add_subtypes", ["Swamp"], "tipo di terra in aggiunta: Palude, con la sua abilità di mana",
     "дополнительный тип земли: Болото, с его мана-способностью"),
    ("cda", [3, 4], "3/4 (abilità che definisce le caratteristiche)",
     "3/4 (способность, определяющая характеристики)"),
    ("color", ["R", "G"], "colori: rosso e verde", "цвета: красный и зелёный"),
])
def test_each_change_in_words(op, value, it, ru):
    assert change_text(op, value, "it") == it
    assert change_text(op, value, "ru") == ru
