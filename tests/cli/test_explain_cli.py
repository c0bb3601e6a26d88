"""`mtg-tutor explain`: the readable explanation in both languages, the JSON contract, stdin with `-`, a card of the
pool with --card, and bad input (empty, too long, control characters, unknown card) refused with exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import ROOT
from tutor.i18n import t


def run(*argv, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "tutor", *argv], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env=dict(os.environ), timeout=300)


def test_readable_output_in_italian_lists_terms_then_unknown_words():
    r = run("explain", "Flying\nWhen Gisa dies, put a +1/+1 counter on target creature. Blorp.",
            "--name", "Gisa, Glorious Resurrector")
    assert r.returncode == 1, r.stderr  # some words not recognised
    out = r.stdout
    assert "«Flying» → volare" in out and "Regole: 702.9" in out
    assert "«+1/+1 counter» → segnalino" in out and "«Gisa» → nome" in out
    assert out.index("volare") < out.index("morire") < out.index("segnalino")
    assert "\nNon riconosciute: Blorp\n" in out and " ".join(out.split()).endswith(
        " ".join(t("explain.unofficial", "it").split()))  # the closing lines, as the app has them


def test_russian_card_of_the_pool_all_known():
    r = run("--ui", "ru", "explain", "--card", "Serra Angel")
    assert r.returncode == 0, r.stderr
    assert "«Flying» → полёт" in r.stdout and "Распознаны все слова" in r.stdout


def test_json_contract_from_stdin():
    r = run("explain", "-", "--json", "--lang", "ru", stdin="Counter target spell.\n")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert set(data) == {"text", "name", "lang", "terms", "unknown"}
    assert data["text"] == "Counter target spell." and data["lang"] == "ru" and data["unknown"] == []
    first = data["terms"][0]
    assert (first["text"], first["start"], first["end"], first["concept"]) == ("Counter", 0, 7, "counter-spell")
    assert first["name"] and first["definition"] and first["rules"][0] == "701.5"
    for term in data["terms"]:
        assert data["text"][term["start"]:term["end"]] == term["text"]


def test_bad_input_exit_2_without_raw_controls():
    for argv in (("explain", ""), ("explain", "a\x1b]0;pwned\x07b"), ("explain", "x " * 3000), ("explain",),
                 ("explain", "--card", "No Such Card"), ("explain", "Draw.", "--card", "Serra Angel")):
        r = run(*argv)
        assert r.returncode == 2, argv
        assert "Traceback" not in r.stderr and "\x1b" not in r.stderr + r.stdout and "\x07" not in r.stderr
        assert r.stderr.startswith("mtg-tutor: ")


def test_names_not_official_are_marked_and_the_definitions_said_unofficial():
    r = run("--ui", "ru", "explain", "Mill two cards. Ward {2}. Flying.")
    assert r.returncode == 0, r.stderr
    assert "«Mill» → милл (неофициально: так говорят игроки)" in r.stdout
    assert "«Ward» → оберег (не подтверждено источником)" in r.stdout
    assert "«Flying» → полёт\n" in r.stdout  # official: no mark
    assert "неофициальные пересказы" in r.stdout.replace("\n", " ")
    r = run("explain", "Flying. Mill two cards.")
    assert "«Flying» → volare\n" in r.stdout and "riassunti non ufficiali" in r.stdout.replace("\n", " ")


def test_each_power_toughness_has_its_own_explanation():
    r = run("explain", "It gets -2/-0 until end of turn. It becomes a 3/3.")
    out = " ".join(r.stdout.split())
    assert "«-2/-0» → forza/costituzione -2 alla forza e -0 alla costituzione: l'effetto modifica i valori attuali (613.4c)" in out
    assert "«3/3» → forza/costituzione Forza e costituzione diventano 3 e 3" in out and "(613.4b)" in out
    assert "«until end of turn» → fino alla fine del turno L'effetto finisce nella sottofase di cancellazione" in out


def test_errors_follow_the_interface_language_not_lang():
    r = run("--ui", "it", "explain", "--lang", "ru", "")
    assert r.returncode == 2 and "Il testo è vuoto" in r.stderr, r.stderr
    r = run("--ui", "ru", "explain", "--lang", "it", "Draw.", "--name", "a\x01b")
    assert r.returncode == 2 and t("explain.error.bad_name", "ru") in r.stderr, r.stderr


def test_a_name_like_run_of_unknown_words_suggests_name(capsys):
    from tutor.cli import main

    assert main(["--ui", "ru", "explain", "When Ambush Viper enters, destroy target creature."]) == 1
    out = capsys.readouterr().out
    assert t("explain.name_hint", "ru", words="Ambush Viper") in " ".join(out.split()).replace("« ", "«")
    assert main(["explain", "When Ambush Viper enters, destroy target creature.", "--name", "Ambush Viper"]) == 0
    assert "--name" not in capsys.readouterr().out
