"""The private names of Textual, Rich and argparse live in tutor/app/compat.py (and argparse's words in
tutor/cli/compat.py) only: each override is exercised here on the installed versions, which must be the ones
pyproject.toml allows, and a scan of tutor/ fails when a private name of the frameworks appears elsewhere."""

from __future__ import annotations

import argparse
import ast
import asyncio
import hashlib
import inspect
import re
import tomllib
from importlib.metadata import version

import pytest

textual = pytest.importorskip("textual")

from packaging.requirements import Requirement  # noqa: E402
from rich.text import Text  # noqa: E402
from textual.app import App  # noqa: E402
from textual.command import CommandList, CommandPalette  # noqa: E402
from textual.content import Content  # noqa: E402
from textual.screen import Screen  # noqa: E402
from textual.widget import Widget  # noqa: E402
from textual.widgets import Footer, Input, OptionList  # noqa: E402

from tests.conftest import ROOT  # noqa: E402
from tests.pilot import count_layouts  # noqa: E402
from tutor.app import compat  # noqa: E402
from tutor.cli import compat as cli_compat  # noqa: E402
from tutor.i18n import t  # noqa: E402

# tutor/web/server.py overrides textual-serve's Server (no public API for its page, its tabs' processes or its
# stop): textual-serve is pinned to 1.1.x and tests/unit/test_web_server.py checks every private name it relies on.
COMPAT_MODULES = {ROOT / "tutor" / "app" / "compat.py", ROOT / "tutor" / "cli" / "compat.py",
                  ROOT / "tutor" / "web" / "server.py"}


# ---- the versions ---------------------------------------------------------------------------------------------
def _pinned(name: str) -> Requirement:
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    return next(r for r in map(Requirement, deps) if r.name == name)


@pytest.mark.parametrize("name", ["textual", "rich"])
def test_the_installed_frameworks_are_in_the_range_pyproject_allows(name):
    requirement = _pinned(name)
    assert requirement.specifier.contains(version(name)), (name, version(name), str(requirement.specifier))


def test_textual_is_pinned_to_one_minor_version():
    """The overrides are checked on one minor version: a wider range needs them checked again."""
    spec = _pinned("textual").specifier
    assert any(s.operator == "<" for s in spec) and any(s.operator in (">=", "==", "~=") for s in spec)


# ---- the footer -------------------------------------------------------------------------------------------------
class _RecordingFooter(Footer):
    composed: list = []

    def compose(self):
        widgets = list(super().compose())  # as KeysFooter reads them: before they are mounted
        self.composed = [(w.description, w.has_class("-command-palette"), compat.key_follows_footer_compact(w))
                         for w in widgets if isinstance(w, compat.FooterKey)]
        yield from widgets


class _FooterApp(App):
    BINDINGS = [("a", "bell", "Ring"), ("b", "focus_next", "Next")]

    def compose(self):
        yield _RecordingFooter()


def _run(app: App, coro_fn, size=(60, 10)):
    async def main():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return await coro_fn(app, pilot)
    return asyncio.run(main())


def test_footer_keys_wait_for_the_private_ready_flag_and_it_lets_them_show():
    footer = Footer()
    assert not compat.footer_keys_ready(footer)
    assert list(footer.compose()) == []  # Textual's footer shows nothing before the flag
    compat.show_footer_keys_at_once(footer)
    assert compat.footer_keys_ready(footer)
    footer = Footer()
    compat.note_footer_bindings_ready(footer)
    assert compat.footer_keys_ready(footer)


def test_footer_keys_are_footerkeys_bound_to_the_footers_compact_but_the_palettes():
    """What `KeysFooter.compose` relies on: the keys `Footer.compose` yields (before they are mounted, when the
    binding is still recorded) are `FooterKey`s, each bound to the footer's `compact` but the palette's."""
    async def go(app, pilot):
        footer = app.query_one(Footer)
        return compat.footer_keys_ready(footer), len(app.query(compat.FooterKey)), footer.composed

    ready, mounted, keys = _run(_FooterApp(), go)
    assert ready and mounted == 3
    assert ("Ring", False, True) in keys and ("Next", False, True) in keys
    assert [follows for _, palette, follows in keys if palette] == [False]  # the palette's key: not bound
    assert issubclass(compat.FooterKey, Widget) and "compact" in dir(compat.FooterKey)


# ---- the command palette ------------------------------------------------------------------------------------------
# Textual's `CommandPalette._start_no_matches_countdown`, which `NoMatchesPalette` copies with its line changed:
# when Textual's changes, the copy must be checked against it (and this digest updated).
_COUNTDOWN_SHA256 = "0bc07d1794718e89d73d75d9d5cff5123c4dde7ffc68e68ffe0b6bf133ae53f2"


def test_the_palettes_countdown_is_the_one_copied():
    source = inspect.getsource(CommandPalette._start_no_matches_countdown)
    assert hashlib.sha256(source.encode()).hexdigest() == _COUNTDOWN_SHA256, source
    assert "No matches found" in source  # Textual's own line, with no public way to change it
    for name in ("_stop_no_matches_countdown", "_NO_MATCHES", "_NO_MATCHES_COUNTDOWN", "_list_visible"):
        assert hasattr(CommandPalette, name), name
    assert "self._no_matches_timer" in inspect.getsource(CommandPalette.__init__)


class _Niente(compat.NoMatchesPalette):
    def no_matches_text(self) -> str:
        return "Niente da fare"


def test_the_palette_says_its_own_no_matches_line():
    async def go(app, pilot):
        app.push_screen(_Niente())
        await pilot.pause()
        await pilot.press(*"zqxjzqxj")
        await pilot.pause(0.8)  # Textual's countdown: half a second
        await pilot.pause()
        results = app.screen.query_one(CommandList)
        return [str(results.get_option_at_index(i).prompt.renderable) for i in range(results.option_count)]

    shown = _run(App(), go)
    assert any("Niente da fare" in line for line in shown), shown
    assert not any("No matches" in line for line in shown)


# ---- scrolling without a layout -----------------------------------------------------------------------------------
def test_virtual_size_is_a_layout_reactive_and_scroll_update_applies_a_size():
    assert Widget.virtual_size._layout  # what SearchBox and ResultList redefine without layout
    assert not compat.layout_free_virtual_size()._layout
    assert list(inspect.signature(Widget._scroll_update).parameters) == ["self", "virtual_size"]
    assert "self.virtual_size = " in inspect.getsource(Input._watch_value)  # the box's text sets it
    assert "self._scroll_update(virtual_size)" in inspect.getsource(OptionList)  # the list applies it itself


def test_the_search_box_scrolls_with_its_text_without_a_layout_of_the_screen(monkeypatch):
    from tutor.app.widgets.search_box import SearchBox

    class BoxApp(App):
        CSS = "SearchBox { width: 12; }"

        def compose(self):
            yield SearchBox()

    async def go(app, pilot):
        box = app.query_one(SearchBox)
        box.focus()
        await pilot.pause()
        layouts = count_layouts(monkeypatch)
        await pilot.press(*"abcdefghijklmnopqrstuvwxyz")
        await pilot.pause()
        typed = (box.value, box.virtual_size.width, box.scroll_x, box.max_scroll_x)
        layouts_typing = len([s for s in layouts if s is app.screen])
        box.value = ""
        await pilot.pause()
        return typed, layouts_typing, (box.virtual_size.width, box.scroll_x)

    typed, layouts_typing, cleared = _run(BoxApp(), go)
    value, width, scroll_x, max_scroll_x = typed
    assert value == "abcdefghijklmnopqrstuvwxyz" and width > 12
    assert 0 < scroll_x <= max_scroll_x  # the cursor kept in view: the box scrolled with the text
    assert layouts_typing <= 1  # at most the one layout for the (zero-width) scroll bar that came
    assert cleared[1] == 0  # emptied: the offset kept within the new size


# ---- wrapping -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("width", [1, 7, 20, 33])
def test_wrap_offsets_are_where_textual_breaks_the_lines(width):
    import rich._wrap
    import textual.content

    assert textual.content.divide_line is rich._wrap.divide_line  # Textual wraps with the same function
    paragraph = "Regola 601.2: per lanciare una magia, il giocatore la sposta in pila  (vedi 601.2a) xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx."
    offsets = compat.wrap_offsets(paragraph, width)
    lines = Content(paragraph).wrap(width)
    assert len(lines) == len(offsets) + 1
    for line, start, end in zip(lines, [0, *offsets], [*offsets, len(paragraph)], strict=True):
        assert line.plain.rstrip() == paragraph[start:end].rstrip()


# ---- argparse's words ---------------------------------------------------------------------------------------------
def test_argparse_still_words_each_translated_message_through_its_gettext_alias():
    tree = ast.parse(inspect.getsource(argparse))
    worded = {node.args[0].value for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
              and node.args and isinstance(node.args[0], ast.Constant)}
    missing = set(cli_compat.ARGPARSE_WORDS) - worded
    assert not missing, missing
    assert callable(argparse._)


def test_localize_argparse_changes_argparses_words(monkeypatch, capsys):
    monkeypatch.setattr(argparse, "_", argparse._)  # put back after the test
    cli_compat.localize_argparse("ru")
    parser = argparse.ArgumentParser(prog="x")
    parser.add_argument("name")
    text = parser.format_help()
    assert t("argparse.usage", "ru").strip() in text and t("argparse.options", "ru") in text
    assert t("argparse.positional", "ru") in text and t("argparse.help", "ru") in text
    with pytest.raises(SystemExit):
        parser.parse_args([])
    assert t("argparse.required", "ru").split("%")[0].strip() in capsys.readouterr().err


# ---- the public replacements -------------------------------------------------------------------------------------
_TEXTUAL_COMMANDS = [("Theme", "Change the current theme"), ("Quit", "Quit the application as soon as possible"),
                     ("Keys", "Show help for the focused widget and a summary of available keys"),
                     ("Screenshot", "Save an SVG 'screenshot' of the current screen")]


def test_the_apps_palette_commands_are_textuals_own_in_its_order(isolated_home):
    """TutorApp yields Textual's system commands itself (translated): the same actions, the same order."""
    from tutor.app.app import TutorApp

    app = TutorApp(settings={"ui": "it", "theme": "textual-dark"})
    screen = Screen()
    theirs = list(App.get_system_commands(app, screen))
    assert [(c.title, c.help) for c in theirs] == _TEXTUAL_COMMANDS  # nothing added or removed by Textual
    ours = list(app.get_system_commands(screen))[-len(theirs):]
    assert [c.callback for c in ours[:-1]] == [c.callback for c in theirs[:-1]]
    assert [c.title for c in ours] == [t(k, "it") for k in ("palette.theme", "palette.quit", "palette.keys",
                                                            "palette.screenshot")]
    assert inspect.getsource(ours[-1].callback).count("deliver_screenshot") == 1
    assert "deliver_screenshot" in inspect.getsource(App.get_system_commands)
    # The other branches of Textual's commands: the keys panel open, a widget to maximize or minimize.
    source = inspect.getsource(App.get_system_commands)
    for part in ('screen.query("HelpPanel")', "self.action_hide_help_panel", "screen.maximized is not None",
                 "screen.action_minimize", "screen.focused.allow_maximize", "screen.action_maximize"):
        assert part in source, part


def test_a_number_box_types_every_letter_and_lets_no_key_through():
    from tutor.app.screens.lesson_panes import NumberInput

    class NumberApp(App):
        BINDINGS = [("h", "hint", "hint")]
        hints = 0

        def compose(self):
            yield NumberInput(type="integer")  # (asked for: still a box that takes words)

        def action_hint(self) -> None:
            self.hints += 1

    async def go(app, pilot):
        box = app.query_one(NumberInput)
        box.focus()
        await pilot.press("1", "h", "2", "x")
        await pilot.pause()
        return box.value, app.hints

    assert _run(NumberApp(), go) == ("1h2x", 0)  # (a number word: "due", «два»)


# ---- no private name elsewhere -----------------------------------------------------------------------------------
_FRAMEWORKS = ("textual", "rich", "argparse")
_PRIVATE_OF: dict[type, frozenset] = {}


def _private_of(cls: type) -> frozenset:
    """The private names (one leading underscore) that the framework classes among `cls`'s bases define: their
    methods and class attributes, and the attributes their code sets or reads on ``self``."""
    if cls not in _PRIVATE_OF:
        names: set[str] = set()
        for klass in cls.__mro__:
            if klass.__module__.split(".")[0] not in _FRAMEWORKS:
                continue
            names.update(n for n in vars(klass) if n.startswith("_") and not n.startswith("__"))
            try:
                names.update(re.findall(r"\bself\.(_[A-Za-z]\w*)", inspect.getsource(klass)))
            except (OSError, TypeError):
                pass
        _PRIVATE_OF[cls] = frozenset(n for n in names if not n.startswith("__"))
    return _PRIVATE_OF[cls]


def _all_private() -> frozenset:
    """The private names of every framework class the app and the command line build on."""
    from textual.containers import Vertical, VerticalScroll
    from textual.css.stylesheet import Stylesheet
    from textual.scroll_view import ScrollView
    from textual.widgets import Label, Static, Tree

    roots = [App, Screen, Widget, Footer, compat.FooterKey, Input, OptionList, Static, Label, Tree, CommandPalette,
             CommandList, Stylesheet, ScrollView, Vertical, VerticalScroll, Text, argparse.ArgumentParser,
             argparse.HelpFormatter]
    return frozenset().union(*map(_private_of, roots))


def private_uses(source: str, resolve, everything: frozenset, filename: str = "<source>") -> list[str]:
    """Where `source` uses a private name of Textual, Rich or argparse: an import from a private module or of a
    private name; ``argparse._…``; a method or an attribute on ``self`` that a class defines while a framework
    base of it (`resolve(class name)` gives the class) has that private name; an attribute (or ``getattr``) with
    a private name of the frameworks (`everything`) that the file does not define itself."""
    tree = ast.parse(source, filename)
    found, own, modules = [], set(), set()
    for node in ast.walk(tree):
        where = f"{filename}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in _FRAMEWORKS:
            if any(part.startswith("_") for part in node.module.split(".")):
                found.append(f"{where}: from {node.module}")
            found += [f"{where}: import {a.name}" for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] in _FRAMEWORKS and any(p.startswith("_") for p in a.name.split(".")):
                    found.append(f"{where}: import {a.name}")
                elif a.name.split(".")[0] not in _FRAMEWORKS:
                    modules.add(a.asname or a.name.split(".")[0])  # os._exit is the os module's
        elif isinstance(node, ast.ClassDef):
            cls = resolve(node.name)
            private = _private_of(cls) if cls is not None else frozenset()
            defined = {item.name: item.lineno for item in node.body
                       if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name.startswith("_")}
            for item in node.body:  # the class's own attributes
                targets = item.targets if isinstance(item, ast.Assign) else [item.target] if isinstance(
                    item, ast.AnnAssign) else []
                defined.update({x.id: item.lineno for x in targets if isinstance(x, ast.Name) and x.id.startswith("_")})
            for sub in ast.walk(node):  # what the class's methods set on self
                if (isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and isinstance(sub.value, ast.Name)
                        and sub.value.id == "self" and sub.attr.startswith("_")):
                    defined.setdefault(sub.attr, sub.lineno)
            for name, line in defined.items():
                if name.startswith("__"):
                    continue
                if name in private:
                    found.append(f"{filename}:{line}: {node.name}.{name} (a private name of its framework base)")
                else:
                    own.add(name)
    for node in ast.walk(tree):
        where = f"{filename}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            if isinstance(node.value, ast.Name) and node.value.id in _FRAMEWORKS:
                found.append(f"{where}: {node.value.id}.{node.attr}")
            elif (node.attr in everything and node.attr not in own
                  and not (isinstance(node.value, ast.Name) and node.value.id in modules)):
                found.append(f"{where}: .{node.attr}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) > 1
              and isinstance(node.args[1], ast.Constant) and node.args[1].value in everything
              and node.args[1].value not in own):
            found.append(f"{where}: {node.func.id}(…, {node.args[1].value!r})")
    return sorted(set(found))


@pytest.fixture(scope="module")
def everything():
    return _all_private()


def test_the_scan_finds_the_private_names_it_looks_for(everything):
    """The scan is not blind: each kind of private use that tutor/ once had is found, and a class's own
    private names are not."""
    sample = '''
import argparse
import os
import rich._wrap
from textual.widgets._footer import FooterKey
from textual.command import _private_thing
argparse._ = lambda text: text

class Box(Input):
    async def _on_key(self, event):
        pass

class Keys(Footer):
    def bindings_changed(self, screen):
        self._bindings_ready = True

class Palette(CommandPalette):
    def _start_no_matches_countdown(self, value):
        pass

class Mine(Widget):
    def _lines(self):
        self._kept = 1
        return self._kept, self._lines(), os._exit

def f(app, widget, size):
    widget._scroll_update(size)
    return getattr(app, "_screen_stacks", None), widget._render(), "compact" in widget._reactive_connect
'''
    bases = {"Box": Input, "Keys": Footer, "Palette": CommandPalette, "Mine": Widget}
    found = "\n".join(private_uses(sample, bases.get, everything))
    for expected in ("import rich._wrap", "from textual.widgets._footer", "import _private_thing", "argparse._",
                     "Box._on_key", "Keys._bindings_ready", "Palette._start_no_matches_countdown",
                     "._scroll_update", "'_screen_stacks'", "._render", "._reactive_connect"):
        assert expected in found, expected
    assert "_kept" not in found and "_lines" not in found and "_exit" not in found, found


def test_no_private_framework_name_outside_the_compat_modules(everything):
    import importlib

    found = []
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        if path in COMPAT_MODULES:
            continue
        source = path.read_text(encoding="utf-8")
        module = None
        if re.search(r"^\s*(from|import) (textual|rich|argparse)\b", source, re.M):  # classes built on them
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            module = importlib.import_module(name)

        def resolve(class_name, module=module):
            cls = getattr(module, class_name, None)
            return cls if isinstance(cls, type) else None

        found += private_uses(source, resolve, everything, str(path.relative_to(ROOT)))
    assert not found, "\n".join(found)
