"""A position where the learner (A) meets one choice of each kind (tutor.engine.choices), as a scenario with its
own cards and as a lesson built on it: the target of an enters trigger (603.3d), which of two effects applies
first to damage (616.1), a discard (701.8b), a sacrifice (701.17a), the order of two attack triggers (603.3b) and
an optional draw (603.5). `write(folder)` puts both files there; `lesson(folder)` loads the lesson."""

from __future__ import annotations

from pathlib import Path

CARDS = """\
cards:
  - id: hero-of-bladehold
    name: {en: Hero of Bladehold, it: Eroina di Rifugio delle Lame, ru: Герой Блэйдхолда}
    gender: {it: f, ru: m.anim}
    cost: "{2}{W}{W}"
    types: [creature]
    subtypes: [Human, Knight]
    power: 3
    toughness: 4
    keywords: [battle cry]
    abilities:
      - kind: triggered
        when: attacks
        effects: [{create_token: {token: soldier-token, count: 2, tapped: true, attacking: true}}]
    text:
      en: "Battle cry\\nWhenever this creature attacks, create two 1/1 white Soldier creature tokens that are tapped and attacking."
      it: "Grido di guerra\\nOgniqualvolta l'Eroina di Rifugio delle Lame attacca, crea due pedine creatura Soldato 1/1 bianche TAPpate e attaccanti."
      ru: "Боевой клич\\nКаждый раз когда Герой Блэйдхолда атакует, создайте две фишки существа 1/1 белый Солдат, повернутые и атакующие."
  - id: flametongue-kavu
    name: {en: Flametongue Kavu, it: Kavu Lingua Fiammeggiante, ru: Огнеязыкий Каву}
    unofficial: [ru]
    gender: {ru: m.anim}
    declension: {ru: {gent: Огнеязыкого Каву, datv: Огнеязыкому Каву, accs: Огнеязыкого Каву,
                      ablt: Огнеязыким Каву, loct: Огнеязыком Каву}}
    cost: "{3}{R}"
    types: [creature]
    subtypes: [Kavu]
    power: 4
    toughness: 2
    abilities:
      - kind: triggered
        when: enters
        targets: [{type: creature}]
        effects: [{damage: {amount: 4, to: {target: 0}}}]
    text:
      en: "When this creature enters, it deals 4 damage to target creature."
      it: "Quando il Kavu Lingua Fiammeggiante entra nel campo di battaglia, infligge 4 danni a una creatura bersaglio."
      ru: "Когда Огнеязыкий Каву выходит на поле битвы, он наносит 4 повреждения целевому существу."
  - id: shadowmage-infiltrator
    name: {en: Shadowmage Infiltrator, it: Incursore Mago d'Ombra, ru: Маг-шпион из Тени}
    gender: {ru: m.anim}
    cost: "{1}{U}{B}"
    types: [creature]
    subtypes: [Human, Wizard]
    power: 1
    toughness: 3
    keywords: [fear]
    abilities:
      - kind: triggered
        when: deals_damage
        to: player
        combat: true
        may: true
        effects: [{draw: {count: 1}}]
    text:
      en: "Fear\\nWhenever Shadowmage Infiltrator deals combat damage to a player, you may draw a card."
      it: "Paura\\nOgniqualvolta l'Incursore Mago d'Ombra infligge danno da combattimento a un giocatore, puoi pescare una carta."
      ru: "Страх\\nКаждый раз, когда Маг-шпион из Тени наносит боевые повреждения игроку, вы можете взять карту."
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
  - id: angraths-marauders
    name: {en: Angrath's Marauders, it: Predatori di Angrath, ru: Мародеры Анграта}
    gender: {it: m.pl, ru: m.pl.anim}
    cost: "{5}{R}{R}"
    types: [creature]
    subtypes: [Human, Pirate]
    power: 6
    toughness: 6
    abilities:
      - kind: replacement
        replace: double_damage
        params: {source: {controller: you}}
    text:
      en: "If a source you control would deal damage to a permanent or player, it deals double that damage to that permanent or player instead."
      it: "Se una fonte che controlli sta per infliggere danno a un permanente o a un giocatore, infligge invece il doppio di quel danno."
      ru: "Если источник под вашим контролем должен нанести повреждения перманенту или игроку, вместо этого он наносит вдвое больше повреждений."
  - id: diabolic-edict
    name: {en: Diabolic Edict, it: Editto Diabolico, ru: Дьявольский Указ}
    cost: "{1}{B}"
    types: [instant]
    spell:
      targets: [{type: player}]
      effects: [{sacrifice: {who: {target: 0}}}]
    text:
      en: "Target player sacrifices a creature."
      it: "Un giocatore bersaglio sacrifica una creatura."
      ru: "Целевой игрок приносит в жертву существо."
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
