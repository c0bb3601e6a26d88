"""The mtg-tutor command: JSON contracts, exit statuses and bad input."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tutor.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_lookup_json_contract(capsys):
    code, out, _ = run(capsys, "lookup", "cimitero", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["query"] == "cimitero"
    hit = data["hits"][0]
    assert set(hit) == {"kind", "id", "lang", "term", "score", "translations", "concept"}
    assert hit["concept"] == {"id": "graveyard", "rules": ["404"]} and data["suggestions"] == []
    assert (hit["kind"], hit["id"], hit["lang"], hit["term"]) == ("term", "it:cimitero", "it", "Cimitero")
    assert set(hit["translations"]) == {"it", "ru", "en"} and all(isinstance(v, list) for v in hit["translations"].values())
    assert isinstance(hit["score"], float)
    scores = [h["score"] for h in data["hits"]]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize(("query", "number"), [("113.3b", "113.3b"), ("regola 202.3", "202.3"), ("правило 702", "702"), ("r 510", "510")])
def test_lookup_rule_numbers(capsys, query, number):
    code, out, _ = run(capsys, "lookup", query, "--json")
    hit = json.loads(out)["hits"][0]
    assert code == 0 and hit["kind"] == "rule" and hit["term"].split(".")[0:1] == [number.split(".")[0]]
    assert hit["id"].endswith(":" + number)


def test_lookup_lang_filter_and_limit(capsys):
    code, out, _ = run(capsys, "lookup", "abilità", "--lang", "ru", "--limit", "3", "--json")
    hits = json.loads(out)["hits"]
    assert len(hits) <= 3 and all(h["lang"] == "ru" for h in hits)


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["lookup", ""], 2, "vuota"),
        (["lookup", "   \t "], 2, "vuota"),
        (["lookup", "\x00\x01\x02"], 2, "vuota"),
        (["lookup", "cimitero", "--limit", "zero"], 2, "--limit"),
        (["lookup", "cimitero", "--limit", "0"], 2, "--limit"),
        (["rule", "abc"], 2, "non è un numero di regola"),
        (["rule", "999.9z"], 1, "non è nelle fonti"),
        (["show", "zzzzqqqqxxxx"], 1, "Nessuna voce"),
        (["--ui", "ru", "rule", "abc"], 2, "не номер правила"),
    ],
)
def test_bad_input_is_a_clear_message(capsys, argv, status, message):
    code, out, err = run(capsys, *argv)
    assert code == status
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("query", "cleaned", "warning"),
    [
        ("x" * 10_000, "x" * 200, "primi 200 caratteri"),  # cut, with a warning
        ("'\"«»’", "'\"«»’", ""),
    ],
)
def test_long_and_odd_queries_find_nothing_and_say_so(capsys, query, cleaned, warning):
    code, out, err = run(capsys, "lookup", query, "--json")
    assert code == 1, "nothing found is exit status 1"
    assert json.loads(out) == {"query": cleaned, "hits": [], "suggestions": []}
    assert (warning in err) if warning else err == ""
    assert "Traceback" not in err


def test_a_query_glued_by_an_emoji_finds_its_words(capsys):
    """The search reads the parts of a phrase: "кладбище🙂cimitero" is the graveyard, not an error."""
    code, out, err = run(capsys, "lookup", "кладбище🙂cimitero", "--json")
    data = json.loads(out)
    assert code == 0 and err == "" and data["query"] == "кладбище🙂cimitero"
    assert data["hits"][0]["translations"]["en"] == ["graveyard"]


def test_a_query_of_invisible_characters_is_empty(capsys):
    code, out, err = run(capsys, "lookup", "\u202e\u200b", "--json")
    assert (code, out) == (2, "")
    assert err.startswith("mtg-tutor: La ricerca è vuota") and err.count("\n") == 1


def test_rule_json_contract(capsys):
    code, out, _ = run(capsys, "rule", "113.3b", "--json")
    data = json.loads(out)
    assert code == 0
    assert {"number", "title", "text", "examples", "children", "links", "lang"} <= set(data)
    assert data["number"] == "113.3b" and data["lang"] == "it" and data["text"].startswith("Le abilità attivate")
    assert [link["number"] for link in data["links"]] == ["602"]
    assert data["links"][0]["status"] == "title_only"


def test_rule_known_only_by_title(capsys):
    code, out, _ = run(capsys, "rule", "609", "--json")
    data = json.loads(out)
    assert code == 0 and data["title"] == "Effetto" and data["text"] == "" and not data["has_text"]


def test_rule_renumbered_between_editions(capsys):
    """210 is "Difesa" today; the older Italian text's 210 (hand modifier) is shown as another edition."""
    code, out, _ = run(capsys, "rule", "210", "--json")
    data = json.loads(out)
    assert data["title"] == "Difesa" and data["doc"] == "it-cr-2024"
    assert any(e["doc"] == "it-cr-old" and e["title"] == "Modificatore di carte in mano" for e in data["editions"])
    code, out, _ = run(capsys, "rule", "210.1", "--json")
    data = json.loads(out)
    assert data["doc"] == "it-cr-old" and data["current_title"]["title"] == "Difesa"


def test_human_output_in_both_languages(capsys):
    code, out, _ = run(capsys, "show", "Cimitero")
    assert code == 0 and "Cimitero" in out and "Fonte: glossario 8ª ed." in out
    code, out, _ = run(capsys, "--ui", "ru", "show", "Кладбище")
    assert code == 0 and "Кладбище" in out and "Источник: глоссарий, 10-е изд." in out


def test_import_rules_rejects_a_non_rules_file(capsys, tmp_path, isolated_home):
    bad = tmp_path / "notes.txt"
    bad.write_text("Just some notes.\nNothing numbered here.\n", encoding="utf-8")
    code, _, err = run(capsys, "import-rules", str(bad))
    assert code == 2 and "notes.txt" in err
    assert not (isolated_home / "rules").exists()
    code, _, err = run(capsys, "import-rules", str(tmp_path / "missing.txt"))
    assert code == 2 and "missing.txt" in err


def test_import_rules_english(capsys, en_rules, isolated_home):
    code, out, _ = run(capsys, "import-rules", str(en_rules))
    assert code == 0 and "2022-04-29" in out
    assert (isolated_home / "rules" / "en-2022-04-29.txt").read_bytes() == en_rules.read_bytes()
    code, out, _ = run(capsys, "rule", "704.5j", "--json")
    data = json.loads(out)
    assert data["summary"]["it"] and data["text"] == ""  # no Italian text: the summary, then the English text
    english = data["english"]
    assert english["effective"] == "2022-04-29" and "legend rule" in english["text"] and english["number"] == "704.5j"
    code, out, _ = run(capsys, "lookup", "graveyard", "--json")
    hits = json.loads(out)["hits"]
    assert any(h["lang"] == "en" and h["term"] == "Graveyard" for h in hits)


def test_python_m_tutor_and_import_hygiene():
    """`python -m tutor` works, and the knowledge base never loads a UI toolkit."""
    code = ("import sys, glossary, glossary.kb, glossary.build, glossary.search, tutor.cli; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; print(bad)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert res.stdout.strip() == "[]"
    res = subprocess.run([sys.executable, "-m", "tutor", "--help"], capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 0 and "lookup" in res.stdout


RAW_CODES = ("duplicate-definition", "count-mismatch", "edition-numbering", "copied-definition", "missing-section",
             "see_section", "see_page", "title_only", "resolved ", "{'", "(other)")


@pytest.mark.parametrize(("ui", "words"), [
    ("it", ["il testo annuncia 6 voci, l'elenco ne ha 7", "rimando a una sezione «6: Leghe e Tornei»",
            "solo il titolo: 55", "la regola 210 ha titoli diversi nelle edizioni"]),
    ("ru", ["в тексте обещано 6 пунктов, в списке 7", "в тексте обещано 2 пункта, в списке 3",
            "ссылка на раздел «6: Leghe e Tornei»", "только название: 55"]),
])
def test_kb_check_speaks_words_not_codes(capsys, monkeypatch, ui, words):
    monkeypatch.setenv("COLUMNS", "300")  # one finding a line
    code, out, _ = run(capsys, "--ui", ui, "kb", "check")
    assert code == 0
    for w in words:  # a count of references may grow with the data: its words, then a number
        assert re.search(re.escape(w).replace("55", r"\d+"), out), w
    for raw in RAW_CODES:
        assert raw not in out, raw


@pytest.mark.parametrize(("ui", "term", "words"), [
    ("it", "Attacco Improvviso", ["Nota della redazione (definizione copiata da un'altra voce)", "Testo originale"]),
    ("ru", "it:attacco-improvviso", ["Примечание редакции (определение скопировано из другой статьи)"]),
    ("it", "Mazzo", ["Nota della redazione (sezione non presente nelle fonti)", "(non presente nelle fonti: Il rimando"]),
    ("ru", "it:mazzo", ["Примечание редакции (раздела нет в источниках)", "(отсутствует в источниках: Ссылка"]),
    ("it", "Turno", ["  1. Fase iniziale", "      1. Interfase di STAP", "Nelle regole moderne (già nel 2011)"]),
    ("it", "Tipo di Carta", ["Nota della redazione (il numero annunciato non corrisponde all'elenco)"]),
])
def test_show_notes_and_statuses_in_words(capsys, monkeypatch, ui, term, words):
    monkeypatch.setenv("COLUMNS", "300")
    code, out, _ = run(capsys, "--ui", ui, "show", term)
    assert code == 0
    for w in words:
        assert w in out
    for raw in RAW_CODES:
        assert raw not in out, raw


def test_rule_human_output(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")
    code, out, _ = run(capsys, "rule", "210.1")
    assert code == 0 and "210.1  (210. Difesa)" in out and "la regola 210 è «Difesa»" in out
    code, out, _ = run(capsys, "--ui", "ru", "rule", "113.3b")
    assert "→ 602. Attivare abilità attivate  (только название: текста нет в источниках)" in out
    assert "Документ: " in out


def test_a_section_number_shows_the_section_and_its_rules(capsys, monkeypatch):
    """`rule 5` (and `show 5`) opens section 5 as the app's jump box does: its title and its rules."""
    monkeypatch.setenv("COLUMNS", "120")
    code, out, _ = run(capsys, "rule", "5", "--json")
    data = json.loads(out)
    assert code == 0 and data["section"] == "5"
    assert data["title"]["it"] == "Struttura del turno" and data["title"]["ru"] == "Структура хода"
    numbers = [r["number"] for r in data["rules"]]
    assert numbers == [str(n) for n in range(500, 515)]
    assert data["rules"][9]["title"]["it"] == "Sottofase di dichiarazione delle creature bloccanti"
    assert all(r["title"]["ru"] for r in data["rules"])  # every three-digit rule has its Russian title
    code, out, _ = run(capsys, "rule", "5")
    assert code == 0 and "5. Struttura del turno" in out and "509. Sottofase di dichiarazione" in out
    assert "mtg-tutor rule 500" in out
    code, out, _ = run(capsys, "--ui", "ru", "show", "1")
    assert code == 0 and "1. Основные понятия игры" in out and "101. Золотые правила Magic" in out
    code, _, err = run(capsys, "rule", "0")
    assert code == 1 and "0" in err
