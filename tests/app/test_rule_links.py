"""Rule numbers in texts: found in Italian, Russian and English (and not in years, P/T, pages, life totals),
resolved to the page of the cited rule, listed under the text in the CLI, followed in the app and back."""

from __future__ import annotations

import asyncio

import pytest

from glossary.kb_rules import DIGEST_DOC
from glossary.rule_refs import find_rule_refs, rule_numbers
from tutor.views import entry_page, rule_page
from tutor.views.links import linked_lines, rule_target, text_links
from tutor.views.locations import EntryLocation, RuleLocation


@pytest.mark.parametrize("text, numbers", [
    ("113.3b", ["113.3b"]),
    ("Vedi regola 609, «Effetti».", ["609"]),
    ("(regola 510)", ["510"]),
    ("(regole 501–504)", ["501", "504"]),
    ("regole 510 e 511", ["510", "511"]),
    ("правило 702.19", ["702.19"]),
    ("правилами 510.4 и 702.7", ["510.4", "702.7"]),
    ("см. правила 702.19b, 702.19c", ["702.19b", "702.19c"]),
    ("п. 704.5a", ["704.5a"]),
    ("rules 510.4 and 702.7", ["510.4", "702.7"]),
    ("See rule 117, \"Timing and Priority.\"", ["117"]),
    ("rules 510.4, 510.5, and 702.7", ["510.4", "510.5", "702.7"]),
    ("510.1c–d", ["510.1c", "510.1d"]),
    ("(500.7–500.10)", ["500.7", "500.10"]),
    ("rules 509.1-3", ["509.1", "509.3"]),
    ("CR 509.1: declare blockers.", ["509.1"]),
    ("la sottofase di STAP (502) e quella di cancellazione (514)", ["502", "514"]),
    ("(vedi 702.26)", ["702.26"]),
    ("T2 combattimento: Le creature si infliggono danno. [510.2, 120.3e]", ["510.2", "120.3e"]),
    ("Inizia la sottofase di acquisizione. [504]", ["504"]),
    ("la regola 113.3b.", ["113.3b"]),
])
def test_the_forms_a_reference_takes(text, numbers):
    assert rule_numbers(text) == numbers


@pytest.mark.parametrize("text", [
    "Nel 2009 il danno da combattimento ha smesso di usare la pila.",
    "С Magic 2010 (2009) правило изменилось.",
    "Una creatura 3/3 contro una 2/2.",
    "Orso 2/2 (P/T 3/3)",
    "Ogni giocatore inizia con 20 punti vita.",
    "У каждого игрока 20 жизней.",
    "Vedi pagina 120 del manuale.",
    "a pagina 100, riga 12",
    "1.5 mana, 10.000 carte, versione 1.113.3",
    "Effective 2024-11-08, Foundations.",
    "il 100% delle volte, 300 carte",
    "header = handle.read(100); rows[250]; f(x)[300]",
])
def test_what_is_not_a_reference(text):
    assert find_rule_refs(text) == []


def test_spans_point_at_the_numbers():
    text = "Vedi 510.1c–d e (regola 702)."
    spans = [(r.number, text[r.start:r.end]) for r in find_rule_refs(text)]
    assert spans == [("510.1c", "510.1c"), ("510.1d", "d"), ("702", "702")]


def test_a_number_leads_to_the_page_of_the_cited_rule(kb):
    assert rule_target(kb, "113.3b") == RuleLocation("it-cr-2024", "113.3b")  # the Italian text
    assert rule_target(kb, "609") == RuleLocation("it-cr-2024", "609")  # title and summary
    assert rule_target(kb, "510.1c") == RuleLocation(DIGEST_DOC, "510.1c")  # summary only
    assert rule_target(kb, "999.9") is None
    links = text_links(kb, "regole 510.1c e 999.9")
    assert [(x.number, x.target is not None) for x in links] == [("510.1c", True), ("999.9", False)]


def test_pages_list_the_rules_their_texts_mention(kb):
    entry = entry_page(kb, "it:fase-iniziale", "it")
    assert [m.number for m in entry.mentioned] == ["501", "504"]
    assert entry.mentioned[0].title == "501. Fase iniziale" and entry.mentioned[0].target is not None
    page = rule_page(kb, "509.2", "it")  # its summary cites 509.1 and 509.2a (a sub-rule: listed as such)
    assert "509.1" in [m.number for m in page.mentioned] and "509.2" not in [m.number for m in page.mentioned]


def test_the_cli_lists_the_rules_under_the_text(capsys):
    from tutor.cli import main

    assert main(["show", "Fase iniziale"]) == 0
    out = capsys.readouterr().out
    assert "Regole citate nel testo" in out and "→ 501" in out and "→ 504" in out


# ---- the app -------------------------------------------------------------------------------------------
textual = pytest.importorskip("textual")


def test_a_rule_number_in_a_glossary_definition_is_followed_and_back_returns():
    from tutor.app.app import TutorApp

    async def main():
        app = TutorApp(settings={"ui": "it", "theme": "textual-dark"})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.navigate(EntryLocation("it:fase-iniziale"))
            await pilot.pause()
            body = app.screen.query_one("#doc-body")
            assert [x.number for x in body.links] == ["501", "504"]
            body.focus()
            await pilot.press("right")  # the second link
            await pilot.press("enter")
            await pilot.pause()
            assert app.history.current == rule_target(app.kb, "504")
            assert "504" in str(app.screen.query_one("#doc-title").render())
            await pilot.press("alt+left")
            await pilot.pause()
            return app.history.current
    assert asyncio.run(main()) == EntryLocation("it:fase-iniziale")


def test_a_rule_number_in_an_event_log_line_is_followed_and_back_returns(kb):
    """The widget that the lesson player and the quiz will show event logs with: lines of a scenario's log."""
    from pathlib import Path

    from textual.app import App

    from tutor.app.history import History
    from tutor.app.widgets.linked_text import LinkedText
    from tutor.cardpool import load_cards
    from tutor.events_text import render_log
    from tutor.scenario import load_scenario, run_scenario

    path = Path(__file__).resolve().parents[2] / "lessons" / "scenarios" / "c-damage-simultaneous-trade.yaml"
    result = run_scenario(load_scenario(path, load_cards(), path.name))
    game = result.game
    lines = render_log(game.events, result.scenario.cards, "it", game.object_cards)
    text, links = linked_lines(kb, lines)
    assert any(x.number == "510.2" for x in links)

    class LogApp(App):
        def __init__(self):
            super().__init__()
            self.history = History()
            self.history.visit("log")

        def compose(self):
            yield LinkedText(text, links, id="log")

        def on_linked_text_link_chosen(self, event):
            self.history.visit(event.location)

        def key_backspace(self):
            self.history.back()

    async def main():
        app = LogApp()
        async with app.run_test(size=(120, 60)) as pilot:
            log = app.query_one("#log", LinkedText)
            log.focus()
            await pilot.pause()
            wanted = next(i for i, x in enumerate(log.links) if x.number == "510.2")
            for _ in range(wanted):
                await pilot.press("right")
            await pilot.press("enter")
            await pilot.pause()
            followed = app.history.current
            await pilot.press("backspace")
            await pilot.pause()
            return followed, app.history.current, log.current
    followed, back, current = asyncio.run(main())
    assert followed == rule_target(kb, "510.2") and back == "log" and current >= 0


def test_a_click_on_a_rule_number_follows_it():
    from rich.text import Text
    from textual.app import App

    from tutor.app.widgets.linked_text import LinkedText
    from tutor.views.links import TextLink

    chosen = []

    class ClickApp(App):
        def compose(self):
            yield LinkedText(Text("Vedi 113.3b e 510.1c."), [TextLink(5, 11, "113.3b", RuleLocation("it-cr-2024", "113.3b")),
                                                          TextLink(14, 20, "510.1c", RuleLocation(DIGEST_DOC, "510.1c")),
                                                          TextLink(0, 4, "999", None)], id="t")

        def on_linked_text_link_chosen(self, event):
            chosen.append(event.location)

    async def main():
        app = ClickApp()
        async with app.run_test(size=(40, 4)) as pilot:
            await pilot.pause()
            widget = app.query_one("#t", LinkedText)
            assert [x.number for x in widget.links] == ["113.3b", "510.1c"]  # a number that leads nowhere is plain
            await pilot.click("#t", offset=(16, 0))
            await pilot.pause()
    asyncio.run(main())
    assert chosen == [RuleLocation(DIGEST_DOC, "510.1c")]


@pytest.mark.parametrize("module", ["tutor.views.links", "tutor.views.pages", "tutor.citations"])
def test_doctests(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted and not result.failed
