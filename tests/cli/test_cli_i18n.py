"""The command line speaks the interface language: help of every argument, argparse's own words, errors."""

from __future__ import annotations

import pytest

from tutor.cli import _ARGPARSE, main
from tutor.i18n import LANGS, t


def _help(ui: str, command: str, capsys) -> str:
    with pytest.raises(SystemExit):
        main(["--ui", ui, command, "--help"])
    return capsys.readouterr().out


@pytest.mark.parametrize("ui", LANGS)
@pytest.mark.parametrize(("command", "keys"), [
    ("lookup", ["help_query", "help_lookup_lang", "help_limit", "help_json"]),
    ("show", ["help_term"]), ("rule", ["help_number", "help_rule_lang", "help_doc"]),
    ("kb", ["help_kb_action"]), ("import-rules", ["help_file"]), ("scenario", ["help_scenario_action", "help_files"]),
])
def test_every_argument_is_explained(ui, command, keys, capsys):
    text = " ".join(_help(ui, command, capsys).split())
    for key in keys:
        assert " ".join(t(key, ui).split()) in text, key
    assert t("argparse.usage", ui).strip() in text and t("argparse.options", ui) in text
    assert "show this help" not in text and "usage:" not in text.replace(t("argparse.usage", ui), "")


def test_the_main_help_names_the_commands(capsys):
    with pytest.raises(SystemExit):
        main(["--ui", "ru", "--help"])
    out = capsys.readouterr().out
    assert t("help_command", "ru") in " ".join(out.split()) and t("help_lookup", "ru") in out


def test_argparse_words_all_have_texts():
    for msgid, key in _ARGPARSE.items():
        for ui in LANGS:
            assert t(key, ui) and t(key, ui) != msgid


@pytest.mark.parametrize(("ui", "words"), [("it", "mancano argomenti obbligatori"),
                                           ("ru", "не хватает обязательных аргументов")])
def test_errors_in_the_interface_language(ui, words, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--ui", ui, "lookup"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "query" in err and "Traceback" not in err


def test_invalid_choice_in_russian(capsys):
    with pytest.raises(SystemExit):
        main(["--ui", "ru", "kb", "nope"])
    err = capsys.readouterr().err
    assert "недопустимое значение: 'nope'" in err and "ошибка" in err
