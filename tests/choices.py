"""A position where the learner (A) meets one choice of each kind (tutor.engine.choices), as a scenario with its
own cards and as a lesson built on it: the target of an enters trigger (603.3d), which of two effects applies
first to damage (616.1), a discard (701.8b), a sacrifice (701.17a), the order of two attack triggers (603.3b) and
an optional draw (603.5). `write(folder)` puts both files there; `lesson(folder)` loads the lesson."""

from __future__ import annotations

from pathlib import Path

CARDS = """\
cards:
  - id: merfolk-looter
    name: {en: Merfolk Looter, it: Tritone Saccheggiatore, ru: Мерфолк-мародёр}
    unofficial: [it, ru]
    gender: {ru: m.anim}
    cost: "{1}{U}"
    types: [creature]
    subtypes: [Merfolk, Rogue]
    power: 1
    toughness: 1
    abilities:
      - kind: activated
        cost: {tap: true}
        effects: [{draw: {count: 1}}, {discard: {count: 1}}]
    text:
      en: "{T}: Draw a card, then discard a card."
      it: "{T}: Pesca una carta, poi scarta una carta."
      ru: "{T}: возьмите карту, затем сбросьте карту."
"""

SETUP = """\
setup:
  turn: 3
  active: A
  step: precombat_main
  players:
    A:
      library: [island, swamp, plains, forest]
      hand: [{card: flametongue-kavu, as: kavu}, mending-hands, {card: forest, as: forest-card}, giant-growth]
      battlefield:
        - {card: hero-of-bladehold, as: hero}
        - {card: shadowmage-infiltrator, as: mage}
        - {card: merfolk-looter, as: looter}
        - plains
        - {card: mountain, as: m1}
        - {card: mountain, as: m2}
        - {card: mountain, as: m3}
        - {card: mountain, as: m4}
    B:
      hand: [shock, diabolic-edict]
      battlefield:
        - {card: angraths-marauders, as: marauders}
        - {card: grizzly-bears, as: bears}
        - mountain
        - swamp
        - swamp
"""

# The moves between the choices, in scenario syntax (a lesson's auto steps play the same).
TO_TARGETS = """[{cast: kavu, tap: [m1, m2, m3, m4]}, {pass: 2}]"""
TO_REPLACEMENT = """[{pass: 2}, {cast: mending-hands, targets: [A]}, {pass: 2}, {pass: 1}, {cast: shock, targets: [A], by: B}, {pass: 2}]"""
TO_DISCARD = """[{activate: looter}, {pass: 2}]"""
TO_SACRIFICE = """[{pass: 1}, {cast: diabolic-edict, targets: [A], by: B}, {pass: 2}]"""
TO_MAY = """[{pass: 2}, {pass: 2}, {pass_until: combat_damage}, {pass: 2}]"""

SCENARIO = CARDS + """\
title: {it: "Ogni scelta del giocatore", ru: "Все выборы игрока"}
explanation: {it: "Le scelte che le regole danno al giocatore.", ru: "Выборы, которые правила дают игроку."}
rules: ["603.3b", "603.3d", "603.5", "616.1", "701.8b", "701.17a"]
""" + SETUP + """\
actions:
  - cast: kavu
    tap: [m1, m2, m3, m4]
  - pass: 2
  - checkpoint:
      pending: choice
      choice: {kind: targets, player: A, card: flametongue-kavu}
  - choose: bears
  - pass: 2
  - cast: mending-hands
    targets: [A]
  - pass: 2
  - pass: 1
  - cast: shock
    targets: [A]
    by: B
  - pass: 2
  - checkpoint:
      pending: choice
      choice: {kind: replacement, player: A, options: [mending-hands, marauders]}
  - choose: mending-hands
  - activate: looter
  - pass: 2
  - checkpoint:
      choice: {kind: discard, player: A, count: 1}
  - choose: forest-card
  - pass: 1
  - cast: diabolic-edict
    targets: [A]
    by: B
  - pass: 2
  - checkpoint:
      choice: {kind: sacrifice, player: A, options: [hero, mage, looter, kavu]}
  - choose: kavu
  - pass_until: declare_attackers
  - attack: [hero, mage]
  - checkpoint:
      choice: {kind: order, player: A, options: [hero, hero]}
  - choose: ["2", "1"]
  - pass: 2
  - pass: 2
  - pass_until: combat_damage
  - pass: 2
expect:
  pending: choice
  choice: {kind: may, player: A, options: ["yes", "no"], card: shadowmage-infiltrator}
"""


def _do(accept: str, it: str, ru: str, wrong: str = "") -> str:
    return f"""\
  - do:
      prompt: {{it: "{it}", ru: "{ru}"}}
      accept: {accept}
      other: {{it: "Si può, ma qui scegli come dice il passo.", ru: "Так можно, но здесь выберите, как сказано."}}
{wrong}"""


LESSON = """\
id: every-choice
order: 99
level: 3
minutes: 6
title: {it: "Ogni scelta", ru: "Все выборы"}
goals: {it: "Fare le scelte che le regole danno al giocatore.", ru: "Делать выборы, которые правила дают игроку."}
rules: ["603.3b", "603.3d", "616", "701.8b", "701.17a"]
scenario: choices.yaml
steps:
  - auto:
      actions: """ + TO_TARGETS + "\n" + _do("[{choose: bears}]", "Il Kavu bersaglia gli Orsi Grizzly.",
                                            "Каву выбирает целью Медведей-гризли.", """\
      wrong:
        - move: {choose: hero}
          say: {it: "Non la tua creatura.", ru: "Не своё существо."}
""") + """\
  - auto:
      actions: """ + TO_REPLACEMENT + "\n" + _do("[{choose: mending-hands}, {choose: marauders}]",
                                                 "Scegli l'effetto che si applica per primo.",
                                                 "Выберите эффект, который применяется первым.") + """\
  - auto:
      actions: """ + TO_DISCARD + "\n" + _do("[{choose: forest-card}]", "Scarta la Foresta.", "Сбросьте Лес.") + """\
  - auto:
      actions: """ + TO_SACRIFICE + "\n" + _do("[{choose: kavu}]", "Sacrifica il Kavu.", "Пожертвуйте Каву.") + """\
  - auto:
      actions: [{pass_until: declare_attackers}]
""" + _do("[{attack: [hero, mage]}]", "Attacca con l'Eroina e l'Incursore.", "Атакуйте Героем и Магом-шпионом.") \
    + _do('[{choose: ["2", "1"]}]', "Prima in pila il grido di guerra.", "Сначала в стек боевой клич.") + """\
  - auto:
      actions: """ + TO_MAY + "\n" + _do('[{choose: "yes"}]', "Pesca la carta.", "Возьмите карту.") + """\
  - recap: {it: "Fatto.", ru: "Готово."}
"""


def write(folder: Path) -> tuple[Path, Path]:
    """The scenario (``choices.yaml``) and the lesson (``every-choice.yaml``) in `folder`."""
    sc = folder / "choices.yaml"
    sc.write_text(SCENARIO, encoding="utf-8")
    le = folder / "every-choice.yaml"
    le.write_text(LESSON, encoding="utf-8")
    return sc, le


def lesson(folder: Path):
    """The lesson, loaded (its scenario in the same folder)."""
    from tutor.cardpool import load_cards
    from tutor.lessons import load_lesson

    _, le = write(folder)
    return load_lesson(le, load_cards(), "every-choice.yaml", scenarios=folder)


def scenario(folder: Path):
    from tutor.cardpool import load_cards
    from tutor.scenario import load_scenario

    sc, _ = write(folder)
    return load_scenario(sc, load_cards(), "choices.yaml")
