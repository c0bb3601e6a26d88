"""The rules digest: validated like the other curated YAML, compiled into the knowledge base, shown on every
rule page (marked unofficial, both languages), and the Russian titles of the table of contents."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from glossary.curation import load_digest
from glossary.kb_rules import DIGEST_DOC
from glossary.yamlio import YamlError
from tests.conftest import ROOT
from tutor.cli import main
from tutor.i18n import t
from tutor.views import rule_page

DIGEST = ROOT / "glossary" / "curated" / "digest"


def write(tmp_path, name: str, text: str):
    d = tmp_path / "digest"
    d.mkdir(exist_ok=True)
    (d / name).write_text(text, encoding="utf-8")
    return d


GOOD = 'edition: "2024-11-08"\nrules:\n  "502":\n    it: "Sottofase di STAP."\n    ru: "Шаг разворота."\n'


@pytest.mark.parametrize("text, line, key", [
    (GOOD + '  "502.3":\n    it: "x"\n    ru: "y"\n    en: "z"\n', 9, "502.3.en"),  # unknown key in a summary
    (GOOD + '  "502.3":\n    it: "x"\n', 6, "502.3.ru"),  # a summary needs both languages
    (GOOD + '  502.4:\n    it: "x"\n    ru: "y"\n', 6, "502.4"),  # an unquoted number is a float
    (GOOD + '  "602.1":\n    it: "x"\n    ru: "y"\n', 6, "602.1"),  # another section's rule
    (GOOD + '  "501":\n    it: "x"\n    ru: "y"\n', 6, "501"),  # out of rule order
    (GOOD + '  "502.3":\n    it: ""\n    ru: "y"\n', 7, "502.3.it"),  # empty text
    (GOOD + '  "5x2":\n    it: "x"\n    ru: "y"\n', 6, "5x2"),  # not a rule number
    (GOOD + 'notes: "x"\n', 6, "notes"),  # unknown top-level key
    ('edition: "2022-04-29"\nrules: {}\n', 1, "edition"),  # another edition
])
def test_a_bad_digest_file_is_named_with_line_column_and_key(tmp_path, text, line, key):
    d = write(tmp_path, "5.yaml", text)
    with pytest.raises(YamlError) as err:
        load_digest(d)
    e = err.value
    assert e.file == "glossary/curated/digest/5.yaml" and e.line == line and e.key == key, str(e)
    assert e.column is not None and re.match(r"glossary/curated/digest/5\.yaml:\d+:\d+: ", str(e))


def test_the_russian_titles_file_is_validated(tmp_path):
    d = write(tmp_path, "toc-ru.yaml", 'edition: "2024-11-08"\nsections:\n  "1": "Основные понятия игры"\n'
                                       'rules:\n  "100": "Общие положения"\n  "1000": "?"\n')
    with pytest.raises(YamlError) as err:
        load_digest(d)
    assert err.value.line == 6 and err.value.key == "rules.1000"
    d = write(tmp_path, "toc-ru.yaml", 'edition: "2024-11-08"\nsections: {}\n')
    with pytest.raises(YamlError, match="required key") as err:
        load_digest(d)
    assert err.value.key == "rules"


def test_the_shipped_digest_is_complete_and_ordered():
    dig = load_digest(DIGEST)
    heads = [n for n in (ROOT / "glossary" / "curated" / "foundations-rules.txt").read_text(encoding="utf-8").split()
             if n.isdigit()]  # the rules that head the sections of Foundations (100-905)
    assert len(dig.summaries) >= 470 and list(dig.titles_ru) == heads  # a Russian title for each, in order
    assert list(dig.sections_ru) == list(dict.fromkeys(n[0] for n in heads))  # and for each section (1-9)
    assert all(s["it"] and s["ru"] for s in dig.summaries.values())
    assert dig.where["509.2"].startswith("glossary/curated/digest/5.yaml:")


def test_the_knowledge_base_has_the_summaries_and_russian_titles(kb):
    s = kb.summary("510.1c")
    assert set(s) == {"it", "ru"} and "divide" in s["it"] and "делит" in s["ru"]
    assert kb.summary("999.9") is None and kb.summary_source("510.1c").startswith("glossary/curated/digest/5.yaml")
    assert kb.toc_title("5", "ru") == "Структура хода" and kb.toc_title("509", "ru").startswith("Шаг назначения")
    assert kb.toc_title("509", "it").startswith("Sottofase di dichiarazione")
    tree = kb.rules_tree("it", titles="ru")
    assert tree[4]["title"] == "Структура хода"
    r509 = next(r for r in tree[4]["rules"] if r["number"] == "509")
    assert r509["title"].startswith("Шаг назначения") and r509["summary"] and "509.1a" in r509["summarised"]
    assert kb.rules_tree("it")[4]["title"] != "Структура хода"  # Italian titles by default


def test_the_json_of_a_rule_keeps_its_keys_and_gains_the_summary(capsys):
    old_keys = {"number", "title", "text", "examples", "children", "links", "lang", "doc", "doc_title",
                "effective", "has_text", "source", "parent", "rule_title", "backlinks", "editions"}
    assert main(["rule", "113.3b", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert old_keys <= set(data) and data["text"].startswith("Le abilità attivate")
    assert set(data["summary"]) == {"it", "ru"} and data["same_rule_in"] == []
    assert main(["rule", "113.1a", "--json"]) == 0  # official Italian text and no summary
    assert json.loads(capsys.readouterr().out)["summary"] is None


def test_a_rule_known_only_by_its_summary_reads_as_a_page(kb, capsys):
    view = kb.rule_view("510.1c")
    assert view["doc"] == DIGEST_DOC and view["summary"] and view["rule_title"].startswith("Sottofase di danno")
    page = rule_page(kb, "510.1c", "it")
    assert page.no_text is None and page.summary.heading == t("summary_heading", "it", date="2024-11-08")
    assert "import-rules" in page.get_text
    assert main(["rule", "510.1c"]) == 0
    out = capsys.readouterr().out
    assert "non è nelle fonti (né" not in out and "Riassunto non ufficiale" in out


def test_the_summary_comes_in_the_interface_language_first_then_the_other(capsys):
    assert main(["rule", "510.1c"]) == 0
    out = capsys.readouterr().out
    it = out.index("Riassunto non ufficiale (dalle Regole Complete in inglese, 2024-11-08)")
    ru = out.index("Неофициальное изложение (по английским Комплексным правилам от 2024-11-08)")
    assert it < ru
    assert main(["--ui", "ru", "rule", "510.1c"]) == 0
    out = capsys.readouterr().out
    assert out.index("Неофициальное изложение") < out.index("Riassunto non ufficiale")


def test_the_exact_labels_of_a_summary():
    assert t("summary_heading", "it", date="2024-11-08") == \
        "Riassunto non ufficiale (dalle Regole Complete in inglese, 2024-11-08)"
    assert t("summary_heading", "ru", date="2024-11-08") == \
        "Неофициальное изложение (по английским Комплексным правилам от 2024-11-08)"


def test_a_rule_with_neither_text_nor_summary_says_how_to_get_the_text(kb, capsys):
    assert kb.in_foundations("100.1a") and kb.summary("100.1a") is None and not kb.rule_versions("100.1a")
    page = rule_page(kb, "100.1a", "ru")
    assert page.no_text == t("rule_get_text", "ru") and "mtg-tutor import-rules" in page.no_text
    assert "magic.wizards.com/en/rules" in t("rule_get_text", "it")
    assert main(["rule", "100.1a"]) == 0
    assert "import-rules" in capsys.readouterr().out
    assert main(["rule", "999.9"]) == 1  # not a rule at all


def test_every_summary_is_a_foundations_rule(kb):
    assert not [n for n in kb.data.summaries if not kb.in_foundations(n)]


@pytest.mark.slow  # child processes: in the full suite, not in `-m fast`
def test_loading_the_cache_needs_no_yaml_for_the_digest(isolated_home):
    import os

    env = dict(os.environ, MTG_TUTOR_HOME=str(isolated_home))
    subprocess.run([sys.executable, "-c", "from glossary.kb import load; load()"], env=env, cwd=ROOT, check=True)
    code = ("import sys; from glossary.kb import load; kb = load(); assert kb.summary('509.2')['ru']; "
            "assert kb.toc_title('509', 'ru'); kb.rule_view('509.2'); "
            "print(sorted(m for m in ('yaml', 'glossary.curation', 'glossary.build', 'glossary.editions', 'rapidfuzz') "
            "if m in sys.modules))")
    res = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    assert res.stdout.strip() == "[]"
