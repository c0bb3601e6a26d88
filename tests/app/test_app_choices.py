"""Choices in the app's lesson player (tutor.engine.choices): each kind the rules give a player — the target of
a triggered ability (603.3d), which effect applies first (616.1), a discard (701.8b), a sacrifice (701.17a), the
order of triggered abilities (603.3b), "you may" (603.5) — is a group of selectable moves titled by what is
decided and its rule, made by keyboard at 80×24, in Italian and Russian."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from textual.widgets import OptionList  # noqa: E402

from tests import choices  # noqa: E402
from tests.pilot import run_app  # noqa: E402
from tutor.lessons.moves import matches  # noqa: E402

KINDS = {"it": {"targets": "Scegli il bersaglio dell'abilità innescata di «Kavu Lingua Fiammeggiante» (603.3d)",
                "replacement": "2 danni al Giocatore A: scegli quale effetto si applica per primo (616.1)",
                "discard": "«Tritone Saccheggiatore»: scegli la carta da scartare (701.8b)",
                "sacrifice": "«Editto Diabolico»: scegli il permanente da sacrificare (701.17a)",
                "order": "Scegli l'ordine delle tue abilità innescate: la prima messa in pila si risolve per ultima (603.3b)",
                "may": "Scegli se usare l'abilità facoltativa di «Incursore Mago d'Ombra» (603.5)"},
         "ru": {"targets": "Выберите цель срабатывающей способности «Огнеязыкого Каву» (603.3d)",
                "replacement": "Выберите, какой эффект первым применяется к 2 повреждениям, наносимым игроку A (616.1)",
                "discard": "«Мерфолк-мародёр»: выберите 1 карту, чтобы сбросить (701.8b)",
                "sacrifice": "«Дьявольский Указ»: выберите 1 перманент, чтобы пожертвовать (701.17a)",
                "order": "Выберите порядок своих срабатывающих способностей: положенная в стек первой разрешится "
                         "последней (603.3b)",
                "may": "Выберите, использовать ли необязательную способность «Мага-шпиона из Тени» (603.5)"}}
PICKED = {"it": {"targets": "Bersaglio: «Orsi Grizzly» di B", "replacement": "Prima l'effetto di «Mani Curatrici» "
                 "(previene il danno)", "discard": "Scarta «Foresta»", "sacrifice": "Sacrifica «Kavu Lingua Fiammeggiante»",
                 "order": "Prima in pila «Eroina di Rifugio delle Lame» (grido di guerra), poi «Eroina di Rifugio "
                          "delle Lame» (quando attacca)", "may": "Sì: pesca una carta"},
          "ru": {"targets": "Цель: «Медведи-гризли» игрока B", "replacement": "Сначала эффект «Умелых рук» "
                 "(предотвращает повреждения)", "discard": "Сбросить «Лес»", "sacrifice": "Пожертвовать «Огнеязыкого Каву»",
                 "order": "Сначала в стек «Герой Блэйдхолда» (боевой клич), затем «Герой Блэйдхолда» (когда атакует)",
                 "may": "Да: взять 1 карту"}}


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_one_choice_of_each_kind_by_keyboard_at_80x24(tmp_path, ui):
    lesson = choices.lesson(tmp_path)

    async def go(app, pilot):
        from tutor.app.screens.lesson_player import LessonScreen

        screen = LessonScreen(lesson)
        await app.push_screen(screen)
        await pilot.pause()
        s = screen.session
        seen = {}
        for _ in range(40):
            if s.finished:
                break
            if screen.mode() == "move":
                listing = screen.query_one("#choices", OptionList)
                prompts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
                pattern = s.step.accept[0]
                k = next(i for i, m in enumerate(screen.choice_moves) if matches(s.table, pattern, m.action))
                move = screen.choice_moves[k]
                if move.group == "choose":
                    kind = s.game.pending[2].kind
                    seen[str(kind)] = (prompts, move.label(ui), listing.region)
                target = f"m{k}"
            else:
                target = "next"
            listing = screen.query_one("#choices", OptionList)
            listing.focus()
            enabled = [listing.get_option_at_index(i).id for i in range(listing.option_count)
                       if not listing.get_option_at_index(i).disabled]
            await pilot.press("home", *["down"] * enabled.index(target), "enter")
            await pilot.pause()
        return seen, s.finished, s.game.state.players[0].hand, app.size

    seen, finished, hand, size = run_app(go, ui, size=(80, 24))
    assert finished and size == (80, 24)
    assert sorted(seen) == sorted(KINDS[ui])
    for kind, (prompts, label, region) in seen.items():
        assert KINDS[ui][kind] in prompts, (kind, prompts)
        assert label == PICKED[ui][kind] and "  " + label in prompts
        assert region.right <= 80 and region.bottom <= 24
