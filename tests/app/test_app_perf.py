"""What keeps the app's first screen and its typing fast (issue 13): structural checks, never timings
(bench/bench_app.py measures those). Each would fail if the work it spares came back."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from textual.css import stylesheet as stylesheet_module  # noqa: E402
from textual.widgets._footer import FooterKey  # noqa: E402

from tests.pilot import count_layouts, run_app  # noqa: E402
from tutor.views.locations import EntryLocation  # noqa: E402

PARTS = ["doc-modern", "doc-fixes", "doc-original", "doc-glossary", "doc-summary", "doc-english", "doc-other-fold",
         "links-label", "doc-links", "backlinks-label", "doc-backlinks"]


def run(coro_fn, size=(100, 30), settings=None):
    return run_app(coro_fn, "it", size, settings=settings)


def test_each_css_source_is_parsed_once_at_startup(monkeypatch):
    """Textual's reparse (when the first screen is shown) would parse styles.tcss and every DEFAULT_CSS again."""
    parsed: list = []
    original = stylesheet_module.parse  # what Stylesheet._parse_rules calls when its cache has not the source

    def counting(scope, css, read_from, *args, **kwargs):
        parsed.append(read_from)
        return original(scope, css, read_from, *args, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", counting)

    async def go(app, pilot):
        return app.screen.query_one("#search").has_focus

    assert run(go)
    # (A widget's DEFAULT_CSS is parsed again when a subclass gives it another tie-breaker: Textual's rule.)
    ours = [path for path, _ in parsed if path.endswith("styles.tcss")]
    screens = [where for where in parsed if where[1] in ("App.DEFAULT_CSS", "Screen.DEFAULT_CSS")]
    assert len(ours) == 1 and len(screens) == 2, parsed


def test_a_new_theme_parses_again():
    """The parsed rules depend on the theme's variables: a theme change is applied (not kept from the cache)."""
    async def go(app, pilot):
        box = app.screen.query_one("#search")
        before = box.styles.background
        app.theme = "textual-light"
        await pilot.pause()
        return before, box.styles.background

    before, after = run(go)
    assert before != after


def test_the_first_screen_has_its_footer_keys_and_no_hidden_page_parts():
    async def go(app, pilot):
        screen = app.screen
        keys = list(screen.query(FooterKey))
        labels = " ".join(k.description for k in keys)
        missing = [p for p in PARTS if not screen.query(f"#{p}")]
        compact = [k for k in keys if k.has_class("-compact") and not k.has_class("-command-palette")]
        return keys, labels, missing, compact

    keys, labels, missing, compact = run(go)
    assert keys and "Glossario" in labels  # the keys are there from the first frame, in the interface language
    assert missing == PARTS  # the welcome text needs none of them
    assert compact == []  # the footer is not compact: neither are its keys


def test_the_page_parts_come_with_the_first_page_in_reading_order():
    async def go(app, pilot):
        app.navigate(EntryLocation("it:cimitero"))
        await pilot.pause()
        document = app.screen.query_one("#document")
        order = [w.id for w in document.children]
        original = app.screen.query_one("#doc-original-text")
        other = str(app.screen.query_one("#doc-other").render())
        return order, original.parent.parent.id, other

    order, folded_in, other = run(go)
    assert order == ["doc-title", "doc-modern", "doc-body", *PARTS[1:], "doc-source"]
    assert folded_in == "doc-original"  # the source's wrong text sits in the fold
    assert "Кладбище" in other


def test_the_footer_is_not_rebuilt_when_its_keys_are_the_same():
    async def go(app, pilot):
        first = list(app.screen.query(FooterKey))
        app.screen.query_one("#results").focus()
        await pilot.pause()
        app.screen.query_one("#search").focus()
        await pilot.pause()
        same = list(app.screen.query(FooterKey))
        await pilot.press("ctrl+l")  # another language: other labels, so new keys
        await pilot.pause()
        relabelled = " ".join(k.description for k in app.screen.query(FooterKey))
        return first, same, relabelled

    first, same, relabelled = run(go)
    assert same == first  # the very same widgets
    assert "Глоссарий" in relabelled


def test_typing_does_not_lay_out_the_screen_and_the_list_scrolls_right(monkeypatch):
    """The box's growing text and the list's new length are applied to their own scrolling; the screen is laid
    out again only when the list's scroll bar comes or goes."""
    async def go(app, pilot):
        await pilot.press(*"ma")
        await pilot.pause()
        await pilot.pause()
        results = app.screen.query_one("#results")
        assert results.show_vertical_scrollbar  # a long list
        layouts = count_layouts(monkeypatch)
        await pilot.press(*"na")
        await pilot.pause()
        long_list = (results.virtual_size.height, len(results._lines), results.show_vertical_scrollbar)
        laid_out = len(layouts)
        await pilot.press(*"xyzzyq")  # nothing found: a short list, the scroll bar goes
        await pilot.pause()
        await pilot.pause()
        short_list = (results.virtual_size.height, len(results._lines), results.show_vertical_scrollbar, results.scroll_y)
        box = app.screen.query_one("#search")
        return laid_out, long_list, short_list, box.value, box.virtual_size.width

    laid_out, long_list, short_list, value, box_width = run(go)
    assert laid_out == 0
    assert long_list[0] == long_list[1] and long_list[2]
    assert short_list[0] == short_list[1] and not short_list[2] and short_list[3] == 0
    assert value == "manaxyzzyq" and box_width >= len(value)
