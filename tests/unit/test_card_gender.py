"""Words agreed with a card's name alone (the app board's tags: «Orsi Grizzly» TAPpati · bloccati), from the
name's gender and number in lessons/cards.yaml (`gender: {it: m.pl}`), and the loader's check of that field."""

from __future__ import annotations

import dataclasses
import re

import pytest

from glossary.yamlio import YamlError
from tutor.app.widgets.board import board_text
from tutor.cardpool import CARDS_FILE, load_cards, load_cards_from
from tutor.events_text import name_noun
from tutor.i18n import t
from tutor.i18n.grammar import Noun, fmt, parse_gender
from tutor.lessons.text import board_lines, card_noun
from tutor.scenario_table import Table

# Every card of the pool: its Italian name, and the board's tags when it is tapped and blocked, decided by the
# head noun of the name (a character's name by the character). Written by hand: a new card goes here too.
M, F, MPL, FPL = ("TAPpato", "bloccato"), ("TAPpata", "bloccata"), ("TAPpati", "bloccati"), ("TAPpate", "bloccate")
EXPECTED_IT = {
    "glory-seeker": ("Cacciatore di Gloria", M),
    "savannah-lions": ("Leoni della Savana", MPL),
    "venerable-monk": ("Monaco Venerabile", M),
    "crossbow-infantry": ("Fante Balestriere", M),
    "white-knight": ("Cavaliere Bianco", M),
    "fencing-ace": ("Campione di Scherma", M),
    "samite-healer": ("Guaritore Bianco", M),
    "master-decoy": ("Maestro d'Astuzia", M),
    "roc-egg": ("Uovo di Roc", M),
    "serra-angel": ("Angelo di Serra", M),
    "akroma-angel-of-wrath": ("Akroma, Angelo dell'Ira", F),
    "holy-strength": ("Forza Sacra", F),
    "holy-day": ("Giorno Sacro", M),
    "mending-hands": ("Mani Curatrici", FPL),
    "demystify": ("Demistificare", M),
    "erase": ("Cancellare", M),
    "inspirit": ("Infondere Coraggio", M),
    "raise-the-alarm": ("Dare l'Allarme", M),
    "inspired-charge": ("Carica Ispirata", F),
    "wrath-of-god": ("Ira di Dio", F),
    "phantom-warrior": ("Guerriero Fantasma", M),
    "air-elemental": ("Elementale dell'Aria", M),
    "counterspell": ("Contromagia", F),
    "boomerang": ("Boomerang", M),
    "evacuation": ("Evacuazione", F),
    "concentrate": ("Concentrare", M),
    "festering-goblin": ("Goblin in Putrefazione", M),
    "royal-assassin": ("Assassino Reale", M),
    "severed-legion": ("Legione Mutilata", F),
    "bog-wraith": ("Necrospettro delle Paludi", M),
    "blood-glutton": ("Ingordo di Sangue", M),
    "greed": ("Avidità", F),
    "phyrexian-arena": ("Arena di Phyrexia", F),
    "dark-banishing": ("Esilio Oscuro", M),
    "instill-infection": ("Instillare Infezione", M),
    "bone-splinters": ("Schegge d'Osso", FPL),
    "mind-rot": ("Marciume Mentale", M),
    "soul-feast": ("Banchetto dell'Anima", M),
    "raging-goblin": ("Goblin Furioso", M),
    "mogg-fanatic": ("Mogg Fanatico", M),
    "canyon-wildcat": ("Lince dei Canyon", F),
    "goblin-king": ("Re dei Goblin", M),
    "boggart-brute": ("Bruto Boggart", M),
    "hill-giant": ("Gigante delle Colline", M),
    "shock": ("Shock", M),
    "fervent-strike": ("Colpo Fervente", M),
    "inferno": ("Inferno", M),
    "pyroclasm": ("Piroclasma", M),
    "flame-rift": ("Squarcio di Fiamme", M),
    "blaze": ("Fiammata", F),
    "hungry-flames": ("Fiamme Fameliche", FPL),
    "relentless-assault": ("Assalto Implacabile", M),
    "llanowar-elves": ("Elfi di Llanowar", MPL),
    "shanodin-dryads": ("Driadi di Shanodin", FPL),
    "bond-beetle": ("Scarabeo del Legame", M),
    "grizzly-bears": ("Orsi Grizzly", MPL),
    "river-boa": ("Boa di Fiume", M),
    "ambush-viper": ("Vipera in Agguato", F),
    "giant-spider": ("Ragno Gigante", M),
    "craw-wurm": ("Wurm Devastatore", M),
    "regeneration": ("Rigenerazione", F),
    "giant-growth": ("Crescita Gigante", F),
    "darksteel-myr": ("Myr di Darksteel", M),
    "plains": ("Pianura", F),
    "island": ("Isola", F),
    "swamp": ("Palude", F),
    "mountain": ("Montagna", F),
    "forest": ("Foresta", F),
    "hero-of-bladehold": ("Eroina di Rifugio delle Lame", F),
    "ajanis-pridemate": ("Compagno di Ajani", M),
    "soul-warden": ("Guardiana dell'Anima", F),
    "inquisitor-exarch": ("Esarca Inquisitore", M),
    "pride-guardian": ("Guardiano del Branco", M),
    "rhox-faithmender": ("Rhox Rigenerafede", M),
    "boon-reflection": ("Riflesso di Guarigione", M),
    "shielded-passage": ("Passaggio Protetto", M),
    "otherworldly-journey": ("Viaggio Extramondo", M),
    "scholar-of-stars": ("Studioso delle Stelle", M),
    "laboratory-maniac": ("Maniaco da Laboratorio", M),
    "vindictive-vampire": ("Vampira Rancorosa", F),
    "zulaport-cutthroat": ("Tagliagole di Zulaport", M),
    "underworld-dreams": ("Sogni del Mondo Sotterraneo", MPL),
    "exquisite-blood": ("Sangue Squisito", M),
    "diabolic-edict": ("Editto Diabolico", M),
    "goblin-wardriver": ("Pilota di Guerra Goblin", M),
    "guttersnipe": ("Cecchino", M),
    "flametongue-kavu": ("Kavu Lingua Fiammeggiante", M),
    "ball-lightning": ("Fulmine Globulare", M),
    "angraths-marauders": ("Predatori di Angrath", MPL),
    "skullcrack": ("Spaccacranio", M),
    "magma-spray": ("Spruzzo di Magma", M),
    "scorching-dragonfire": ("Fuoco Draconico Ustionante", M),
    "fog": ("Nebbia", F),
    "deeproot-warrior": ("Guerriero di Fondalinfa", M),
    "emperor-crocodile": ("Coccodrillo Imperatore", M),
    "shadowmage-infiltrator": ("Incursore Mago d'Ombra", M),
    "adaptive-shimmerer": ("Scintillante Adattivo", M),
    "circuit-mender": ("Riparatore di Circuiti", M),
    "howling-mine": ("Miniera Ululante", F),
    "azorius-guildgate": ("Cancello della Gilda Azorius", M),
    # part 2: spells with modes and costs
    "burst-lightning": ("Fulmine Improvviso", M),
    "thalia-guardian-of-thraben": ("Thalia, Protettrice di Thraben", F),
    "blasphemous-act": ("Atto Blasfemo", M),
    "soldier-token": ("Soldato", M),
    "bird-token": ("Uccello", M),
    # part 2: continuous effects in layers
    "tarmogoyf": ("Tarmogoyf", M),
    "turn-to-frog": ("Tramutare in Rana", M),
    "jump": ("Salto Prodigioso", M),
    "twisted-image": ("Immagine Distorta", F),
    "act-of-treason": ("Atto di Tradimento", M),
    "mind-control": ("Controllo Mentale", M),
    "blood-moon": ("Luna Insanguinata", F),
    "urborg-tomb-of-yawgmoth": ("Urborg, Tomba di Yawgmoth", M),
    "spreading-seas": ("Mari Infiniti", MPL),
    "blanchwood-armor": ("Armatura di Boscopallido", F),
    "rite-of-replication": ("Rito di Replicazione", M),
    # part 2: planeswalkers and counters
    "garruk-wildspeaker": ("Garruk Parlaselvaggio", M),
    "vampire-hexmage": ("Vampiro Maleficatore", M),
    "serum-tank": ("Serbatoio di Siero", M),
    "beast-token": ("Bestia", F),
    # part 2: counterspells, hexproof, copies of spells
    "mana-leak": ("Fuga di Mana", F),
    "negate": ("Negare", M),
    "essence-scatter": ("Dispersione dell'Essenza", F),
    "twincast": ("Lancio Gemello", M),
    "carnage-tyrant": ("Tiranno della Carneficina", M),
    # part 2: equipment
    "loxodon-warhammer": ("Martello da Guerra Lossodonte", M),
    "bonesplitter": ("Spaccaossa", M),
    "vulshok-morningstar": ("Mazza Ferrata Vulshok", F),
    "behemoth-sledge": ("Maglio del Behemoth", M),
    "black-knight": ("Cavaliere Nero", M),
    "tel-jilad-chosen": ("Prescelto di Tel-Jilad", M),
    "goblin-war-paint": ("Pittura di Guerra dei Goblin", F),
    "red-ward": ("Sigillo Rosso", M),
    "green-ward": ("Sigillo Verde", M),
    "spirit-mantle": ("Manto dello Spirito", M),
}


def test_the_table_has_every_card_of_the_pool():
    cards = load_cards()
    assert set(EXPECTED_IT) == set(cards), "add the new cards to EXPECTED_IT (and their gender to cards.yaml)"
    assert {cid: name for cid, (name, _) in EXPECTED_IT.items()} == {cid: c.name["it"] for cid, c in cards.items()}


def _entering_counters(card) -> dict:
    """The counters a permanent enters with (614.1c: a 0/0 such as Adaptive Shimmerer is put there with them)."""
    return {kind: n for ab in card.abilities if ab.kind == "replacement" and ab.replace == "enters_with_counters"
            for kind, n in dict(dict(ab.params)["counters"]).items()}


def _board_chips(lang: str) -> dict[str, list[str]]:
    """Every card of the pool as a chip of the app's board, tapped (for real, on the battlefield), attacking
    and blocked: the chip's tags by card id. Instants, sorceries and Auras get a chip made like a permanent's
    (nothing in the board's code depends on the type)."""
    cards = load_cards()
    permanents = [c for c in cards if cards[c].is_permanent]
    setup = {"turn": 3, "active": "A", "step": "precombat_main",
             "players": {"A": {"battlefield": [{"card": c, "tapped": True, "counters": _entering_counters(cards[c])}
                                               for c in permanents]}}}
    view = Table(cards, setup).setup().view()
    assert view.pending is None or view.pending.decision.value != "choice", view.pending  # nothing died, nothing asks
    on_field = {p.card for p in view.permanents}  # an Aura enchanting nothing went to the graveyard (704.5m)
    assert len(on_field) >= 40
    template = view.permanents[0]
    others = [dataclasses.replace(template, object=1000 + i, card=c, types=tuple(sorted(cards[c].types)), power=None,
                                  toughness=None) for i, c in enumerate(x for x in cards if x not in on_field)]
    perms = tuple(dataclasses.replace(p, blocked=True, attacking=1, summoning_sick=False, damage=0, keywords=(),
                                      attached_to=None) for p in view.permanents + tuple(others))
    text = board_text(dataclasses.replace(view, permanents=perms), cards, lang, width=100_000).plain
    chips = re.findall(r"\[([^\[\]]*)\]", text)
    out = {}
    in_board_order = [p for p in perms if "land" in p.types] + [p for p in perms if "land" not in p.types]  # lands first
    for perm, chip in zip(in_board_order, chips, strict=True):
        name, *tags = chip.split(" · ")
        assert name.startswith(cards[perm.card].name[lang]), (name, perm.card)
        out[perm.card] = tags
    return out


def test_every_card_agrees_on_the_italian_board():
    chips = _board_chips("it")
    wrong = {}
    for cid, (name, (tapped, blocked)) in EXPECTED_IT.items():
        attacks = "attaccano" if tapped.endswith(("i", "e")) else "attacca"  # the verb agrees too (TAPpati → plural)
        want = [tapped, f"{attacks} il Giocatore B", blocked]
        got = [tag for tag in chips[cid] if "segnalin" not in tag]  # (its counters: "3 segnalini +1/+1")
        if got != want:
            wrong[f"{cid} «{name}»"] = chips[cid]
    assert not wrong, wrong


@pytest.mark.parametrize(("card", "host", "tag"), [
    ("holy-strength", "grizzly-bears", "assegnata agli «Orsi Grizzly»"),
    ("regeneration", "river-boa", "assegnata al «Boa di Fiume»"),
    ("mending-hands", "river-boa", "assegnate al «Boa di Fiume»"),  # not an Aura: the four forms are there
    ("grizzly-bears", "forest", "assegnati alla «Foresta»"),
])
def test_attached_agrees_with_the_name(card, host, tag):
    cards = load_cards()
    assert t("board.attached", "it", card=card_noun(cards[card], "it"), name=name_noun(cards[host], "it")) == tag


def test_russian_board_tags_agree_by_pymorphy3():
    """pymorphy3 agrees the Russian names (checked by hand, card by card); a `ru` gender only where it cannot tell
    (a first word it does not know) or is wrong (an animate creature it thinks inanimate: «Искателя славы»)."""
    cards = load_cards()
    assert {c.id for c in cards.values() if c.gender.get("ru", "").endswith(".anim")} == {
        "glory-seeker", "air-elemental", "boggart-brute", "craw-wurm", "darksteel-myr", "goblin-wardriver",
        "flametongue-kavu", "rhox-faithmender", "tarmogoyf", "garruk-wildspeaker", "vampire-hexmage"}
    chips = _board_chips("ru")
    assert chips["grizzly-bears"][0] == "повёрнуты" and chips["grizzly-bears"][-1] == "заблокированы"
    assert chips["akroma-angel-of-wrath"][0] == "повёрнута" and chips["swamp"][0] == "повёрнуто"
    assert chips["river-boa"][0] == "повёрнут" and chips["canyon-wildcat"][0] == "повёрнута"


def test_a_ru_gender_overrides_pymorphy3():
    cards = load_cards()
    card = dataclasses.replace(cards["river-boa"], gender={"ru": "f"})
    assert t("board.tapped", "ru", card=card_noun(cards["river-boa"], "ru")) == "повёрнут"
    assert t("board.tapped", "ru", card=card_noun(card, "ru")) == "повёрнута"


def test_the_terminal_board_agrees_with_what_it_shows():
    """The terminal board names a permanent by its name alone, as the app's board does ("«Orsi Grizzly»"): its
    tags agree with the name, not with what the card is ("creatura", "terra", "incantesimo")."""
    cards = load_cards()
    setup = {"turn": 3, "active": "A", "step": "precombat_main", "players": {"A": {"battlefield": [
        {"card": "grizzly-bears", "tapped": True}, {"card": "swamp", "tapped": True},
        {"card": "phyrexian-arena", "tapped": True}]}}}
    lines = [x.strip() for x in board_lines(Table(cards, setup).setup().view(), cards, "it")]
    assert "«Orsi Grizzly» 2/2 — TAPpati" in lines
    assert "«Palude» — TAPpata" in lines
    assert "«Arena di Phyrexia» — TAPpata" in lines


def test_the_name_alone_keeps_the_gender_of_the_data():
    bears = Noun("creatura", "«Orsi Grizzly»", "f", False).with_tail_gender("m.pl")
    assert fmt("{c:il} {c:TAPpato|TAPpata|TAPpati|TAPpate}", "it", c=bears) == "la creatura «Orsi Grizzly» TAPpata"
    assert fmt("{c:~} {c:~TAPpato|TAPpata|TAPpati|TAPpate}", "it", c=bears) == "«Orsi Grizzly» TAPpati"
    assert bears != Noun("creatura", "«Orsi Grizzly»", "f", False)
    assert Noun("a", "b").with_tail_gender("") == Noun("a", "b")
    assert parse_gender("f.pl") == ("f", True) and parse_gender("n") == ("n", False)
    with pytest.raises(ValueError):
        parse_gender("plural")


@pytest.mark.parametrize(("name", "tag"), [
    ("«Campione di Scherma»", "TAPpato"),  # -ione after p: masculine (il campione, il milione)
    ("«Legione Mutilata»", "TAPpata"),  # -gione, -zione, -sione, -stione, -nione: feminine
    ("«Evacuazione»", "TAPpata"),
    ("«Visione»", "TAPpata"),
    ("«Questione di Tempo»", "TAPpata"),
    ("«Unione»", "TAPpata"),
    ("«Akroma, Angelo dell'Ira»", "TAPpata"),  # the comma is not part of the word
    ("«Ragno Gigante»", "TAPpato"),
])
def test_the_guess_without_data(name, tag):
    """A name without data: the gender from the ending of its first word (a guess, always singular)."""
    assert fmt("{c:~TAPpato|TAPpata|TAPpati|TAPpate}", "it", c=Noun("creatura", name, "f")) == tag


@pytest.mark.parametrize(("change", "key", "message"), [
    ("gender: {it: plural}", "gender.it", "one of m, f, m.pl, f.pl, not 'plural'"),
    ("gender: {it: n}", "gender.it", "not 'n'"),  # Italian has no neuter
    ("gender: {ru: f.sg}", "gender.ru", "one of m, m.anim, m.inan, m.pl"),
    ("gender: {en: m}", "gender.en", "unknown key 'en'"),
    ("gender: m.pl", "gender", "expected a mapping"),
    ("gender: {it: }", "gender.it", "not None"),
])
def test_a_malformed_gender_is_a_load_error(tmp_path, change, key, message):
    text = CARDS_FILE.read_text(encoding="utf-8")
    lions = "  name: {en: Savannah Lions, it: Leoni della Savana, ru: Львы саванны}\n  gender: {it: m.pl}\n"
    assert lions in text
    bad_text = text.replace(lions, lions.replace("gender: {it: m.pl}", change), 1)
    bad = tmp_path / "cards.yaml"
    bad.write_text(bad_text, encoding="utf-8")
    with pytest.raises(YamlError) as exc:
        load_cards_from(bad, "cards.yaml")
    err = exc.value
    assert (err.file, err.key) == ("cards.yaml", key) and message in err.message
    assert bad_text.splitlines()[err.line - 1].startswith("  gender:")
    assert str(err).startswith(f"cards.yaml:{err.line}: ") and "\n" not in str(err)


def test_the_quiz_describes_a_creature_in_agreement_with_its_name():
    """The quiz's position text: "Orsi Grizzly 2/2 (TAPpati, debolezza da evocazione)", as the board's chips agree."""
    from tutor.cardpool import load_cards
    from tutor.quiz.describe import creature_text
    from tutor.quiz.position import test_creature

    cards = load_cards()
    probe, _ = test_creature(2, 2)
    cards = {**cards, probe.id: probe}

    class Permanent:  # the fields of a PermanentView that creature_text reads
        keywords, power, toughness, damage, tapped, summoning_sick, colors, types = (), 2, 2, 0, True, True, (), ()
        counters, attacking, blocking, blocked, attached_to = (), None, None, False, None
        owner = controller = 0  # (a creature under another player's control says so)

        def __init__(self, card: str) -> None:
            self.card = card

    said = {(c, lang): creature_text(Permanent(c), cards, lang) for c in ("grizzly-bears", "akroma-angel-of-wrath",
                                                                          "shanodin-dryads", probe.id)
            for lang in ("it", "ru")}
    assert said["grizzly-bears", "it"] == "Orsi Grizzly 2/2 (TAPpati, debolezza da evocazione)"
    assert said["grizzly-bears", "ru"] == "Медведи-гризли 2/2 (повёрнуты, болезнь вызова)"
    assert "(TAPpata, debolezza" in said["akroma-angel-of-wrath", "it"] and "(повёрнута, болезнь" in said[
        "akroma-angel-of-wrath", "ru"]
    assert "(TAPpate, debolezza" in said["shanodin-dryads", "it"]
    assert said[probe.id, "it"].endswith("(TAPpata, debolezza da evocazione)")  # la creatura
    assert said[probe.id, "ru"].endswith("(повёрнуто, болезнь вызова)")  # тестовое существо
