"""The Textual app, driven headlessly with Pilot: search, open, follow links, history, language, rules."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

textual = pytest.importorskip("textual")

from tests.pilot import run_app  # noqa: E402
from tutor.app.app import TutorApp  # noqa: E402
from tutor.views import entry_page, rule_page  # noqa: E402
from tutor.views.locations import EntryLocation, RuleLocation  # noqa: E402
from tutor.views.model import OtherLanguage, Summary  # noqa: E402


def run(coro_fn, ui: str = "it", size=(80, 24)):
    return run_app(coro_fn, ui, size)


def test_search_as_you_type_and_open(kb):
    async def go(app, pilot):
        assert app.focused.id == "search"  # focused at start
        await pilot.press(*"cimiterio")  # a typo
        await pilot.pause()
        results = app.screen.query_one("#results")
        assert results.option_count >= 1
        first = results.get_option_at_index(0)
        assert first.location == EntryLocation("it:cimitero")
        assert "en: graveyard" in str(first.prompt) and "Кладбище" not in str(first.prompt)  # English, the bridge
        await pilot.press("enter")
        await pilot.pause()
        assert app.history.current == EntryLocation("it:cimitero")
        body = str(app.screen.query_one("#doc-body").render())
        assert "pila degli scarti" in body
        other = str(app.screen.query_one("#doc-other").render())
        assert "Кладбище" in other  # the Russian entry beside it
        return True
    assert run(go)


def test_primary_language_comes_first():
    """With the Russian interface an Italian hit opens with the Russian definition first, Italian below."""
    async def go(app, pilot):
        app.navigate(EntryLocation("it:cimitero"))
        await pilot.pause()
        title = str(app.screen.query_one("#doc-title").render())
        other = str(app.screen.query_one("#doc-other").render())
        return "Кладбище" in title and "Cimitero" in other and "Источник" in str(app.screen.query_one("#doc-source").render())
    assert run(go, ui="ru")


def test_arrows_choose_a_result():
    async def go(app, pilot):
        await pilot.press(*"creatura")
        await pilot.pause()
        results = app.screen.query_one("#results")
        second = results.get_option_at_index(1).location
        await pilot.press("down", "enter")
        await pilot.pause()
        return app.history.current == second
    assert run(go)


def test_follow_link_back_forward_and_breadcrumb():
    async def go(app, pilot):
        app.navigate(EntryLocation("it:abilita"))
        await pilot.pause()
        links = app.screen.query_one("#doc-links")
        assert links.option_count >= 3
        links.focus()
        links.highlighted = 0
        target = links.get_option_at_index(0).location
        await pilot.press("enter")
        await pilot.pause()
        assert app.history.current == target == EntryLocation("it:abilita-attivata")
        assert "Abilità › Abilità Attivata" in str(app.screen.query_one("#breadcrumb").render())
        await pilot.press("alt+left")
        await pilot.pause()
        assert app.history.current == EntryLocation("it:abilita")
        await pilot.press("alt+right")
        await pilot.pause()
        assert app.history.current == EntryLocation("it:abilita-attivata")
        app.screen.query_one("#doc-links").focus()
        await pilot.press("backspace")  # outside the search box, backspace goes back
        await pilot.pause()
        return app.history.current == EntryLocation("it:abilita")
    assert run(go)


def test_obsolete_note_and_editor_note_are_shown():
    async def go(app, pilot):
        app.navigate(EntryLocation("it:in-gioco"))
        await pilot.pause()
        modern = app.screen.query_one("#doc-modern")
        assert modern.display and "campo di battaglia" in str(modern.render())
        app.navigate(EntryLocation("it:attacco-improvviso"))
        await pilot.pause()
        fixes = app.screen.query_one("#doc-fixes")
        return fixes.display and "Attacco" in str(fixes.render())
    assert run(go)


def test_switch_language_is_remembered(isolated_home):
    async def go(app, pilot):
        app.navigate(EntryLocation("it:cimitero"))
        await pilot.pause()
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert app.ui == "ru"
        assert "Поиск" in app.screen.query_one("#search").placeholder
        assert "Источник" in str(app.screen.query_one("#doc-source").render())
        return True
    assert run(go)
    saved = json.loads((isolated_home / "settings.json").read_text(encoding="utf-8"))
    assert saved["ui"] == "ru"
    assert TutorApp().ui == "ru"  # the next run starts in Russian


def test_rules_browser_jump_and_title_only():
    async def go(app, pilot):
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.current_mode == "rules"
        tree = app.screen.query_one("#toc")
        assert len(tree.root.children) == 9
        await pilot.press(*"113.3b", "enter")
        await pilot.pause()
        assert app.history.current == RuleLocation("it-cr-2024", "113.3b")
        assert "Le abilità attivate" in str(app.screen.query_one("#doc-body").render())
        app.screen.query_one("#jump").value = ""
        await pilot.press(*"609", "enter")  # known by its title only, and summarised: the summary is the page
        await pilot.pause()
        summary = app.screen.query_one("#doc-summary")
        assert summary.display and "Riassunto non ufficiale" in str(summary.render())
        assert "import-rules" in str(app.screen.query_one("#doc-source").render())
        assert app.history.current == RuleLocation("it-cr-2024", "609")
        app.screen.query_one("#jump").value = ""
        await pilot.press(*"900", "enter")  # neither text nor summary: how to get the text
        await pilot.pause()
        body = str(app.screen.query_one("#doc-body").render())
        return "non è nelle fonti" in body and "import-rules" in body and not summary.display
    assert run(go)


def test_rules_tree_holds_typed_locations():
    async def go(app, pilot):
        await pilot.press("ctrl+r")
        await pilot.pause()
        tree = app.screen.query_one("#toc")
        rule_node = next(n for s in tree.root.children for n in s.children if str(n.label).startswith("113."))
        assert rule_node.data == RuleLocation("it-cr-2024", "113")
        assert rule_node.children[0].data == RuleLocation("it-cr-2024", "113.1")
        app.navigate(RuleLocation("it-cr-old", "210.1"))  # an older edition's sub-rule opens its branch
        await pilot.pause()
        node = tree.cursor_node
        return node.data == RuleLocation("it-cr-old", "210.1") == app.history.current
    assert run(go)


def test_document_view_lays_out_a_summary_and_several_missing_languages():
    async def go(app, pilot):
        doc = app.screen.query_one("#document")
        page = rule_page(app.kb, "113.3b", "it")
        doc.show_page(dataclasses.replace(page, summary=Summary("In breve", "Si attivano pagando.", "non ufficiale")))
        await pilot.pause()
        summary = app.screen.query_one("#doc-summary")
        assert summary.display and "In breve" in str(summary.render()) and "non ufficiale" in str(summary.render())
        app.navigate(EntryLocation("it:cimitero"))  # an entry has no summary
        await pilot.pause()
        assert not app.screen.query_one("#doc-summary").display
        entry = entry_page(app.kb, "it:a-caso", "it")
        doc.show_page(dataclasses.replace(entry, other=entry.other + (OtherLanguage("en", (), "Second sentence."),)))
        await pilot.pause()
        other = str(app.screen.query_one("#doc-other").render())
        return other.endswith("случайным образом\nSecond sentence.")
    assert run(go)


def test_help_and_command_palette():
    async def go(app, pilot):
        app.screen.query_one("#results").focus()
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Regole" in titles and "Glossario" in titles and any("russo" in x for x in titles)
        await pilot.press("ctrl+p")  # the command palette opens from anywhere
        await pilot.pause()
        return app.screen.__class__.__name__ in ("CommandPalette", "LocalizedPalette")  # Textual's, localized
    assert run(go)


def test_headless_layers_do_not_import_textual():
    code = ("import sys, glossary.kb, glossary.search, tutor.engine, tutor.scenario, tutor.cli; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'glossary'} if False else "
            "[m for m in ('textual',) if m in sys.modules]))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert res.stdout.strip() == "[]"
    code = "import sys, tutor.engine; print([m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'glossary')])"
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert res.stdout.strip() == "[]"


# ---- snapshots of the main screens at 80x24 (pytest-textual-snapshot) --------------------------------
APP = str(ROOT / "tests" / "snapshot_app.py")


def test_snapshot_welcome(snap_compare):
    assert snap_compare(APP, terminal_size=(80, 24))


def test_snapshot_entry(snap_compare):
    async def run_before(pilot):
        await pilot.press(*"graveyard", "enter")
        await pilot.pause()
    assert snap_compare(APP, terminal_size=(80, 24), run_before=run_before)


def test_snapshot_rule_russian(snap_compare):
    async def run_before(pilot):
        await pilot.press("ctrl+l", "ctrl+r", *"113.1a", "enter")
        await pilot.pause()
    assert snap_compare(APP, terminal_size=(80, 24), run_before=run_before)


# ---- the digest in the app (helper `digest`) -----------------------------------------------------------
def test_the_summary_is_marked_and_ctrl_t_shows_the_other_language():
    async def go(app, pilot):
        app.navigate(RuleLocation("digest", "510.1c"))
        await pilot.pause()
        summary = app.screen.query_one("#doc-summary")
        first = str(summary.render())
        assert first.startswith("Riassunto non ufficiale (dalle Regole Complete in inglese, 2024-11-08)")
        assert "Ctrl+T" in first
        app.screen.query_one("#document").action_toggle_summary()
        await pilot.pause()
        other = str(summary.render())
        assert other.startswith("Неофициальное изложение (по английским Комплексным правилам от 2024-11-08)")
        app.screen.query_one("#document").action_toggle_summary()
        await pilot.pause()
        return str(summary.render()) == first
    assert run(go, size=(100, 40))


def test_ctrl_t_from_the_rules_screen():
    async def go(app, pilot):
        await pilot.press("ctrl+r", *"510.1c", "enter")
        await pilot.pause()
        assert app.focused.id == "jump"  # typing in the jump box
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert str(app.screen.query_one("#doc-summary").render()).startswith("Неофициальное изложение")
        app.screen.query_one("#doc-summary").focus()  # a text with links (509.1 …) takes the focus
        await pilot.press("ctrl+t")
        await pilot.pause()
        return str(app.screen.query_one("#doc-summary").render()).startswith("Riassunto non ufficiale")
    assert run(go, size=(100, 40))


def test_the_rules_tree_in_russian_marks_summaries_and_unofficial_titles():
    async def go(app, pilot):
        await pilot.press("ctrl+r")
        await pilot.pause()
        tree = app.screen.query_one("#toc")
        sections = [str(n.label) for n in tree.root.children]
        assert sections[4] == "5. Структура хода"
        combat = next(n for n in tree.root.children[4].children if "509." in str(n.label))
        assert str(combat.label).startswith("≈ 509. Шаг назначения блокирующих")
        assert any(str(c.label) == "≈ 509.2" and c.data == RuleLocation("digest", "509.2") for c in combat.children)
        nothing = next(n for s in tree.root.children for n in s.children if " 900." in f" {n.label}")
        assert str(nothing.label).startswith("∅ 900.")
        legend = str(app.screen.query_one("#toc-legend").render())
        return "неофициальный перевод" in legend and "≈" in legend
    assert run(go, ui="ru", size=(100, 40))
