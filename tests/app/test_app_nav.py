"""The app's navigation, driven with Pilot: the interface language asked for on the command line or by the
environment, links that open at the top, the focus and the Tab order, one history across screens, the rules
jump box, and the glossary entries' rule references (issue 13, items 1, 2, 3, 4, 7 and 10)."""

from __future__ import annotations

import asyncio
import json

import pytest

textual = pytest.importorskip("textual")

from tests.pilot import run_app  # noqa: E402
from tutor.app.app import TutorApp  # noqa: E402
from tutor.app.settings import load_settings  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.views.locations import EntryLocation, RuleLocation  # noqa: E402


def run(coro_fn, ui: str = "it", size=(80, 24), override: str | None = None):
    return run_app(coro_fn, ui, size, override=override)


def rendered(app, wid: str, screen=None) -> str:
    return str((screen or app.screen).query_one(wid).render())


# ---- 1. the language asked for on this run wins over the saved one ------------------------------------
def _save(home, ui: str) -> None:
    from glossary.paths import config_path

    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text(json.dumps({"ui": ui, "theme": "textual-dark"}), encoding="utf-8")


def _app_language(monkeypatch, argv: list[str]) -> str:
    """The interface language the app opens in when `mtg-tutor argv` starts it (the app is not run)."""
    import tutor.cli

    seen = []
    monkeypatch.setattr(TutorApp, "run", lambda self, *a, **k: seen.append(self.ui))
    assert tutor.cli.main(argv) == 0
    return seen[0]


@pytest.mark.parametrize("route", ["--ui", "MTG_TUTOR_UI", "LANG"])
def test_the_language_of_the_command_line_or_environment_wins_over_the_saved_one(route, isolated_home, monkeypatch):
    _save(isolated_home, "it")
    monkeypatch.delenv("MTG_TUTOR_UI", raising=False)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    argv = []
    if route == "--ui":
        argv = ["--ui", "ru"]
    elif route == "MTG_TUTOR_UI":
        monkeypatch.setenv("MTG_TUTOR_UI", "ru")
    else:
        monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert _app_language(monkeypatch, argv) == "ru"
    assert load_settings()["ui"] == "it"  # the saved setting is left as it was


def test_without_a_choice_the_saved_language_is_used(isolated_home, monkeypatch):
    _save(isolated_home, "ru")
    monkeypatch.delenv("MTG_TUTOR_UI", raising=False)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert _app_language(monkeypatch, []) == "ru"


def test_the_language_of_this_run_is_saved_only_by_ctrl_l(isolated_home):
    _save(isolated_home, "it")

    async def main():
        app = TutorApp(ui="ru")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            title, placeholder = app.title, app.screen.query_one("#search").placeholder
            app.theme = "textual-light"  # saving another setting keeps the saved language
            await pilot.pause()
            before = load_settings()
            await pilot.press("ctrl+l")
            await pilot.pause()
            return title, placeholder, before, load_settings(), app.ui

    title, placeholder, before, after, ui = asyncio.run(main())
    assert title == t("app_title", "ru") and placeholder == t("search_placeholder", "ru")
    assert before["ui"] == "it" and before["theme"] == "textual-light"
    assert ui == "it" and after["ui"] == "it"  # Ctrl+L from Russian: Italian, the learner's choice, saved


def test_ctrl_l_saves_the_language_it_switches_to(isolated_home):
    _save(isolated_home, "ru")

    async def main():
        app = TutorApp(ui="it")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            before = load_settings()["ui"]
            await pilot.press("ctrl+l")
            await pilot.pause()
            return before, app.ui, load_settings()["ui"]

    assert asyncio.run(main()) == ("ru", "ru", "ru")


# ---- 4. one history across the screens; every screen follows the language ---------------------------------
def test_the_rules_screen_opens_on_the_entry_just_opened_not_on_the_welcome_text():
    async def go(app, pilot):
        await pilot.press(*"travolgere", "enter")
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"
        body = rendered(app, "#doc-body")
        assert t("welcome", "it")[:30] not in body
        assert "Travolgere" in rendered(app, "#doc-title") and "Travolgere" in rendered(app, "#breadcrumb")
        return True
    assert run(go)


def test_a_rule_typed_in_the_jump_box_is_in_the_trail_back_in_the_glossary():
    async def go(app, pilot):
        app.navigate(EntryLocation("it:travolgere"))
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press(*"500.1")  # shown as it is typed: 500, then 500.1 — one place in the history
        await pilot.pause()
        assert app.history.current == RuleLocation("digest", "500.1")
        await pilot.press("ctrl+g")
        await pilot.pause()
        trail = [x.label(app.kb) for x in app.history.trail()]
        assert trail == ["Travolgere", "500.1"], trail
        assert "500.1" in rendered(app, "#breadcrumb") and "500.1" in rendered(app, "#doc-title")
        await pilot.press("alt+left")  # back: the entry, not the 500 typed on the way to 500.1
        await pilot.pause()
        assert app.history.current == EntryLocation("it:travolgere")
        return True
    assert run(go)


def test_enter_in_the_jump_box_keeps_the_rule_and_the_next_one_typed_adds_a_place():
    async def go(app, pilot):
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press(*"500", "enter")
        await pilot.pause()
        jump = app.screen.query_one("#jump")
        jump.value = ""
        await pilot.press(*"702")
        await pilot.pause()
        return [x.label(app.kb) for x in app.history.trail()]
    assert run(go) == ["500", "702"]


def test_after_ctrl_l_the_screens_below_speak_the_new_language_too():
    async def go(app, pilot):
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press(*"500")
        await pilot.pause()
        rules = app.screen
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("ctrl+l")  # Russian, with the glossary on top
        await pilot.pause()
        # The rules screen, not on top, already speaks Russian: its box, its tree, its document.
        assert rules.query_one("#jump").placeholder == t("jump_placeholder", "ru")
        tree = rules.query_one("#toc")
        assert tree.root.label.plain == t("toc_title", "ru")
        sections = [str(n.label) for n in tree.root.children]
        assert any("Структура хода" in s for s in sections), sections[:6]
        assert "действует" in rendered(app, "#doc-source", rules)  # the rule page, laid out again in Russian
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.screen is rules and "Путь" in rendered(app, "#breadcrumb")
        return True
    assert run(go)


# ---- 2. a link opens its target at the top --------------------------------------------------------------
def _title_on_screen(app) -> bool:
    document = app.screen.query_one("#document")
    title = app.screen.query_one("#doc-title")
    return document.scroll_y == 0 and title.region.height > 0 and document.region.contains_region(title.region)


def test_a_link_in_the_list_opens_its_target_at_the_top():
    """Search `travolgere`, open it, Tab to its links (past the modern-rules note's rule links), Enter: "Danno da
    Combattimento" from its title."""
    async def go(app, pilot):
        await pilot.press(*"travolgere", "enter")
        await pilot.pause()
        for _ in range(4):
            await pilot.press("tab")
            if app.focused.id == "doc-links":
                break
        links = app.focused
        assert links.id == "doc-links"
        await pilot.press(*["down"] * [o.location for o in links._options].index(EntryLocation("it:danno-da-combattimento")))
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.history.current == EntryLocation("it:danno-da-combattimento")
        assert "Danno da Combattimento" in rendered(app, "#doc-title")
        assert _title_on_screen(app), app.screen.query_one("#document").scroll_y
        assert app.focused.id == "search"  # the new page from its start: Tab again reaches its first link
        await pilot.press("tab")
        await pilot.pause()
        document, focused = app.screen.query_one("#document"), app.focused
        assert document in focused.ancestors  # the first link of the page (in the editor's note)
        line = focused.region.y + focused.styles.gutter.top + focused.link_line()
        assert document.region.y <= line < document.region.bottom  # scrolled just enough to show it
        return True
    assert run(go)


def test_a_rule_number_in_a_text_opens_the_sub_rule_at_its_title():
    async def go(app, pilot):
        app.navigate(EntryLocation("it:vincere-la-partita"))
        await pilot.pause()
        await pilot.press("tab", "enter")  # the definition's first rule number: 104.2
        await pilot.pause()
        await pilot.pause()
        assert app.history.current.number == "104.2"
        assert rendered(app, "#doc-title").startswith("104.2") and _title_on_screen(app)
        await pilot.press("alt+left")  # back: the entry from its top too
        await pilot.pause()
        await pilot.pause()
        return app.history.current == EntryLocation("it:vincere-la-partita") and _title_on_screen(app)
    assert run(go, size=(80, 16))


# ---- 3. a visible focus, and a natural Tab order -----------------------------------------------------------
def _links_in_reading_order(app) -> list[str]:
    """The document's focus stops in reading order: texts with links, the folded original's toggle, the lists."""
    document = app.screen.query_one("#document")
    return [w.id for w in document.query("LinkedText, OptionList, CollapsibleTitle")
            if w.display and w.focusable and w.parent.display]  # a fold's toggle when the fold is shown


def test_one_tab_from_the_search_box_reaches_the_first_link_and_shift_tab_the_results():
    async def go(app, pilot):
        await pilot.press(*"vincere la partita")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.history.current == EntryLocation("it:vincere-la-partita")
        links = _links_in_reading_order(app)
        assert "doc-body" in links
        await pilot.press("tab")
        assert app.focused.id == links[0]
        assert app.focused.current == 0  # its first link highlighted
        order = [app.focused.id]
        for _ in range(10):
            await pilot.press("tab")
            order.append(app.focused.id)
            if app.focused.id == "search":
                break
        assert order == [*links, "document", "results", "search"], order
        await pilot.press("shift+tab")
        assert app.focused.id == "results"
        return True
    assert run(go)


def test_in_the_rules_screen_one_tab_from_the_jump_box_reaches_the_first_link():
    async def go(app, pilot):
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press(*"104", "enter")
        await pilot.pause()
        await pilot.press("tab")
        first = app.focused
        assert first.id != "toc" and app.screen.query_one("#document") in first.ancestors, first
        await pilot.press("shift+tab", "shift+tab")
        return app.focused.id == "toc"
    assert run(go)


def test_the_focus_is_visible_on_every_stop_of_the_chain():
    """Each widget Tab stops at looks different focused: a highlighted link, a tinted background."""
    async def go(app, pilot):
        app.navigate(EntryLocation("it:fase-iniziale"))  # rule numbers in the text, and a list of links
        await pilot.pause()
        seen = []
        for _ in range(10):
            await pilot.press("tab")
            await pilot.pause()
            w = app.focused
            if w.id == "search":
                break
            focused_look = (w.styles.background, w.styles.background_tint)
            w.blur()
            await pilot.pause()
            blurred_look = (w.styles.background, w.styles.background_tint)
            w.focus()
            await pilot.pause()
            assert focused_look != blurred_look, w.id
            if hasattr(w, "highlighted") and w.option_count:  # a list: its first link is highlighted at once
                assert w.highlighted is not None, w.id
            seen.append(w.id)
        assert seen == [*_links_in_reading_order(app), "document", "results"], seen
        return True
    assert run(go, size=(100, 30))


def test_the_help_says_how_tab_moves():
    for ui, shift in (("it", "Maiusc+Tab"), ("ru", "Shift+Tab")):
        body = t("help_body", ui)
        assert shift in body and "Tab  " in body


# ---- 10. the rules of an entry's concept are links ---------------------------------------------------------
def test_the_rules_of_the_entrys_concept_are_links_as_the_command_line_lists_them(kb):
    from tutor.views import entry_page

    page = entry_page(kb, "it:travolgere", "it")
    assert page.concept.rules == ("702.19",)  # what `mtg-tutor show` prints as "Regole: 702.19"

    async def go(app, pilot):
        app.navigate(EntryLocation("it:travolgere"))
        await pilot.pause()
        links = app.screen.query_one("#doc-links")
        options = [links.get_option_at_index(i) for i in range(links.option_count)]
        rule = next(o for o in options if "702.19" in str(o.prompt))
        assert rule.location.number == "702.19" and not rule.disabled
        assert "Regole: 702.19" in rendered(app, "#doc-source")
        for _ in range(4):  # past the modern-rules note's own rule links (702.19b, 702.2c) to the page's links
            await pilot.press("tab")
            if app.focused is links:
                break
        await pilot.press(*["down"] * options.index(rule), "enter")
        await pilot.pause()
        return app.history.current
    assert run(go).number == "702.19"


# ---- 7. a section number in the jump box opens the section ----------------------------------------------------
@pytest.mark.parametrize("ui", ["it", "ru"])
def test_a_section_number_in_the_jump_box_opens_the_section(ui):
    async def go(app, pilot):
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("5", "enter")
        await pilot.pause()
        await pilot.pause()
        title = rendered(app, "#doc-title")
        assert title.startswith("5. ") and t("no_rule", ui, what="5")[:10] not in rendered(app, "#doc-body")
        assert t("nav.section_rules", ui, number="5") in rendered(app, "#links-label")
        links = app.screen.query_one("#doc-links")
        numbers = [links.get_option_at_index(i).location for i in range(links.option_count)]
        assert any(x is not None and x.number == "500" for x in numbers)
        tree = app.screen.query_one("#toc")
        node = tree.cursor_node
        assert node is not None and str(node.label).startswith("5. ") and node.is_expanded
        await pilot.press("tab", "enter")  # one Tab: its first rule; Enter opens it
        await pilot.pause()
        return app.history.current.number
    assert run(go, ui=ui) == "500"
