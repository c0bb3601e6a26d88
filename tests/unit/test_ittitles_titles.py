"""Italian rule and section titles in sentence case (glossary/curated/titles-it.yaml): Italian does not write
titles in English Title Case; the curated file may change only the case of a built-in source's title."""

from __future__ import annotations

import re
import shutil

import pytest

from glossary.build import TITLES_FILE, build
from glossary.curation import CURATED_DIR
from glossary.yamlio import YamlError

PROPER = {"Magic", "STAP", "TAP", "Free-for-All", "Grand", "Melee", "Emperor", "Two-Headed", "Giant", "Conspiracy",
          "Draft", "Planechase", "Vanguard", "Archenemy", "Commander", "Planeswalker"}


def test_no_italian_title_of_the_sources_is_in_title_case(kb):
    titles = [(k, r.title) for k, r in kb.data.rules.items() if r.lang == "it" and r.title]
    titles += [(k, s.title) for k, s in kb.data.sections.items() if s.lang == "it"]
    assert len(titles) > 100
    wrong = [(k, title) for k, title in titles
             if any(w[:1].isupper() and w not in PROPER for w in re.findall(r"[\w-]+", title)[1:])]
    assert not wrong


def test_the_corrected_titles_are_shown(kb):
    assert kb.rule_title(kb.rule("104", "it")).endswith("Terminare la partita")
    assert kb.data.sections["it-cr-2024:5"].title == "Struttura del turno"


def _curated(tmp_path, text: str):
    target = tmp_path / "curated"
    shutil.copytree(CURATED_DIR, target)
    (target / TITLES_FILE).write_text(text, encoding="utf-8")
    return target


@pytest.mark.parametrize(("text", "key", "line"), [
    ('"it-cr-2024:104": Terminare la partita\n"it-cr-2024:501": Fase finale\n', "it-cr-2024:501", 2),
    ('"it-cr-2024:999": Niente\n', "it-cr-2024:999", 1),
    ('"en-2022-04-29:104": Ending the game\n', "en-2022-04-29:104", 1),
])
def test_a_title_that_changes_more_than_its_case_is_an_error(tmp_path, text, key, line):
    with pytest.raises(YamlError) as err:
        build(curated_dir=_curated(tmp_path, text))
    assert err.value.key == key and err.value.line == line and TITLES_FILE in str(err.value)
