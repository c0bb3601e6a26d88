"""The app's look (issue 13, items 6, 8, 9, 11): columns and breadcrumb sized to the terminal, the command
palette in the interface language, editor's notes that lead with the corrected text, readable themes."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from tests.pilot import run_app  # noqa: E402
from tutor.views.links import rule_target  # noqa: E402
from tutor.views.locations import EntryLocation  # noqa: E402
from tutor.views.texts import obsolete_since  # noqa: E402


def run(coro_fn, ui: str = "it", size=(80, 24), theme: str = "textual-dark"):
    return run_app(coro_fn, ui, size, theme=theme)


def screen_lines(app) -> list[str]:
    """The text of the screen as drawn, one string per terminal line."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


# ---- 6: the left column and the breadcrumb follow the terminal's width ------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
def test_left_column_follows_the_width(size):
    async def go(app, pilot):
        await pilot.press("ctrl+r")
        await pilot.pause()
        tree = app.screen.query_one("#toc")
        next(n for n in tree.root.children if str(n.label).startswith("5.")).expand()
        await pilot.pause()
        left = app.screen.query_one("#left")
        return left.size.width, screen_lines(app)
    width, lines = run(go, size=size)
    if size[0] == 80:
        assert 24 <= width <= 34  # the document keeps most of a small terminal
    else:
        assert width >= 50  # a wide terminal shows whole titles
        assert any("503. Sottofase di mantenimento" in line for line in lines), lines


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
def test_breadcrumb_always_shows_the_current_page(size):
    async def go(app, pilot):
        pages = [EntryLocation("it:cimitero"), rule_target(app.kb, "702.19"), EntryLocation("it:attacco-improvviso"),
                 rule_target(app.kb, "510.1"), EntryLocation("it:danno-da-combattimento")]
        for page in pages:
            app.navigate(page)
            await pilot.pause()
        crumb = app.screen.query_one("#breadcrumb")
        line = next(x for x in screen_lines(app) if x.strip().startswith("Percorso"))
        return line.rstrip(), pages[-1].label(app.kb), crumb.size.width
    line, current, width = run(go, size=size)
    assert line.endswith(current), line
    assert len(line) <= size[0]
    if size[0] == 80:
        assert "…" in line  # the oldest pages give way


# ---- 8: the command palette speaks the interface language ---------------------------------------------------
async def _palette(app, pilot, query: str = "") -> tuple[str, list[str]]:
    """Open the palette, type `query`; the search box's placeholder and the commands listed."""
    from textual.command import CommandInput, CommandList

    await pilot.press("ctrl+p")
    await pilot.pause()
    if query:
        await pilot.press(*query)
    await pilot.pause(0.7)  # the "no matches" line comes after half a second
    palette = app.screen
    placeholder = palette.query_one(CommandInput).placeholder
    commands = palette.query_one(CommandList)
    listed = [str(commands.get_option_at_index(i).prompt) for i in range(commands.option_count)]
    return placeholder, listed


@pytest.mark.parametrize("ui, query, placeholder, title", [
    ("it", "tema", "Cerca un comando…", "Tema"),
    ("ru", "тема", "Поиск команды…", "Тема"),
])
def test_palette_in_the_interface_language(ui, query, placeholder, title):
    async def go(app, pilot):
        return await _palette(app, pilot, query)
    shown, listed = run(go, ui=ui)
    assert shown == placeholder
    assert listed and listed[0].startswith(title), listed
    assert not any("Change the current theme" in x for x in listed)


def test_palette_follows_ctrl_l_and_says_no_matches():
    async def go(app, pilot):
        await pilot.press("ctrl+l")  # Italian -> Russian
        await pilot.pause()
        placeholder, listed = await _palette(app, pilot, "тема")
        await pilot.press("escape")
        await pilot.pause()
        _, nothing = await _palette(app, pilot, "qqqqzz")
        return placeholder, listed, nothing
    placeholder, listed, nothing = run(go)
    assert placeholder == "Поиск команды…"
    assert listed and listed[0].startswith("Тема")
    assert any("Ничего не найдено" in x for x in nothing), nothing


def test_theme_picker_in_the_interface_language():
    from textual.command import CommandInput

    async def go(app, pilot):
        app.action_change_theme()
        await pilot.pause()
        return app.screen.query_one(CommandInput).placeholder
    assert run(go) == "Cerca un tema…"
    assert run(go, ui="ru") == "Поиск темы…"


# ---- 9: an editor's note leads with the corrected text; dates in words ----------------------------------------
CORRECTED = "L'abilità di una creatura che le fa"  # the first line of the corrected definition, at 80x24
ORIGINAL = "il modo in cui le tue creature infliggono danno"


def test_corrected_text_leads_and_the_original_is_folded():
    from textual.widgets import Collapsible

    async def go(app, pilot):
        app.navigate(EntryLocation("it:attacco-improvviso"))
        await pilot.pause()
        first_screen = "\n".join(screen_lines(app))
        folded = app.screen.query_one("#doc-original", Collapsible)
        was_collapsed = folded.collapsed
        folded.collapsed = False  # the reader opens it
        await pilot.pause()
        opened = str(app.screen.query_one("#doc-original-text").render())
        app.navigate(EntryLocation("it:cimitero"))  # another page: nothing folded to show
        await pilot.pause()
        return first_screen, was_collapsed, folded.title, opened, folded.display
    first_screen, was_collapsed, title, opened, shown_elsewhere = run(go, size=(80, 24))
    assert CORRECTED in first_screen
    assert "il modo in cui" not in first_screen  # the source's wrong text is not on the first screen
    assert was_collapsed and title == "Testo originale della fonte"
    assert ORIGINAL in opened.replace("\n", " ")
    assert not shown_elsewhere


def test_modern_rules_say_the_date_in_words():
    async def go(app, pilot):
        app.navigate(EntryLocation("it:turno"))
        await pilot.pause()
        return str(app.screen.query_one("#doc-modern").render())
    modern = run(go, ui="it")
    assert "Nelle regole moderne (già nel 2011)" in modern and "≤" not in modern
    assert obsolete_since("≤ 2011", "ru") == "уже в 2011 году"


def test_a_russian_reader_is_not_told_of_an_italian_translations_change():
    """«interfase» → «sottofase» changed the Italian translation only: the Russian page of the turn has no note."""
    async def go(app, pilot):
        app.navigate(EntryLocation("ru-mod:turn"))
        await pilot.pause()
        return app.screen.query_one("#doc-modern").display, str(app.screen.query_one("#doc-body").render())
    shown, body = run(go, ui="ru")
    assert not shown and "interfase" not in body and "Ход" in body


# ---- 11: titles and links readable in the dark and the light theme --------------------------------------------
def _luminance(c) -> float:
    def channel(v: int) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)


def contrast(widget) -> float:
    """The WCAG contrast ratio of a widget's text on its background, as rendered (translucent text blended)."""
    style = widget.visual_style
    fg, bg = style.foreground, style.background
    fg = bg + fg if fg.a < 1 else fg
    light, dark = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


READABLE = ("#doc-title", "#breadcrumb", "#doc-body", "#doc-links", "#links-label", "#doc-source")


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
def test_titles_and_links_are_readable(theme):
    async def go(app, pilot):
        app.navigate(EntryLocation("it:attacco-improvviso"))  # a title, links, a breadcrumb, a source line
        await pilot.pause()
        return {wid: contrast(app.screen.query_one(wid)) for wid in READABLE}
    ratios = run(go, theme=theme)
    assert all(r >= 4.5 for r in ratios.values()), ratios


def test_titles_are_readable_in_every_theme_with_colours():
    async def go(app, pilot):
        app.navigate(EntryLocation("it:cimitero"))
        await pilot.pause()
        ratios = {}
        for theme in sorted(app.available_themes):
            if theme.startswith("ansi-"):  # the terminal's own palette: no colours to measure
                continue
            app.theme = theme
            await pilot.pause()
            ratios[theme] = contrast(app.screen.query_one("#doc-title"))
        return ratios
    ratios = run(go)
    assert len(ratios) > 10 and all(r >= 4.5 for r in ratios.values()), ratios


# ---- timings: nothing before the first frame waits for the knowledge base ---------------------------------------
def test_the_knowledge_base_loads_off_the_first_frame(monkeypatch):
    import threading

    import glossary.kb

    threads = []
    real_load = glossary.kb.load

    def load(*args, **kwargs):
        threads.append(threading.current_thread() is threading.main_thread())
        return real_load(*args, **kwargs)

    monkeypatch.setattr(glossary.kb, "load", load)

    async def go(app, pilot):
        await pilot.pause(0.3)
        await pilot.press(*"cimitero")  # a search right away still finds it
        await pilot.pause()
        return app.screen.query_one("#results").option_count
    assert run(go) >= 1
    assert threads == [False]  # loaded once, in the background
