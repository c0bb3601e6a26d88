"""The page and the checks of `mtg-tutor serve`'s server (tutor/web/server.py), in process with aiohttp's test
client: the page loads nothing from outside, has the program's title and language; a loopback server answers
only to loopback names; a websocket from another site's page is refused. The private parts of textual-serve that
the server overrides are pinned here with its version range (pyproject.toml)."""

from __future__ import annotations

import asyncio
import re
from importlib.metadata import version

import pytest
from aiohttp.test_utils import TestClient, TestServer

from tutor.cli.serve_cmd import page_texts
from tutor.i18n import t
from tutor.web.server import TutorServer


def _server(loopback: bool = True, ui: str = "it") -> TutorServer:
    page = page_texts(ui)
    return TutorServer("true", host="127.0.0.1" if loopback else "0.0.0.0", port=0, title="mtg-tutor",
                       loopback=loopback, page=page)


def _get(server: TutorServer, path: str, headers: dict | None = None) -> tuple[int, str]:
    async def go():
        async with TestClient(TestServer(await server.application())) as client:
            res = await client.get(path, headers=headers or {})
            return res.status, (await res.read()).decode("utf-8", "replace")

    return asyncio.run(go())


def test_the_page_loads_only_this_servers_files():
    status, html = _get(_server(), "/")
    assert status == 200
    without_comments = re.sub(r"<!--.*?-->", "", html, flags=re.S)
    assert "googleapis" not in html and "http://" not in without_comments.replace("ws://", "")
    assert "https://" not in without_comments
    links = re.findall(r'(?:src|href)="([^"]*)"|url\("([^"]*)"\)', without_comments)
    addresses = [a or b for a, b in links]
    assert addresses and all(a.startswith("/static/") or a == "data:," for a in addresses), addresses
    assert {"/static/js/textual.js", "/static/css/xterm.css", "/static/fonts/RobotoMono-VariableFont_wght.ttf"} <= set(addresses)
    assert "Copyright (c) 2024 Textualize" in html  # textual-serve's MIT notice kept


def test_the_fonts_and_scripts_the_page_names_are_served():
    server = _server()
    for path in ("/static/js/textual.js", "/static/css/xterm.css", "/static/fonts/RobotoMono-VariableFont_wght.ttf",
                 "/static/fonts/RobotoMono-Italic-VariableFont_wght.ttf", "/static/images/background.png"):
        assert _get(server, path)[0] == 200, path


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_the_page_has_the_programs_title_and_the_interface_language(ui):
    _, html = _get(_server(ui=ui), "/")
    assert "<title>mtg-tutor</title>" in html and f'<html lang="{ui}">' in html
    assert t("serve_page_ended", ui) in html and t("serve_page_restart", ui) in html


def test_the_websocket_address_is_the_one_the_browser_used():
    _, html = _get(_server(loopback=False), "/", {"Host": "192.168.1.20:8000"})
    assert 'data-session-websocket-url="ws://192.168.1.20:8000/ws"' in html


@pytest.mark.parametrize("host", ["evil.example:8000", "evil.example", "192.168.1.20:8000"])
def test_a_loopback_server_answers_only_to_loopback_names(host):
    status, _ = _get(_server(), "/", {"Host": host})
    assert status == 421
    # listening on every interface: an address is answered, another site's name is not (DNS rebinding)
    assert _get(_server(loopback=False), "/", {"Host": host})[0] == (421 if "evil" in host else 200)


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000"])
def test_loopback_names_are_answered(host):
    assert _get(_server(), "/", {"Host": host})[0] == 200


def test_a_websocket_from_another_sites_page_is_refused():
    server = _server()
    assert _get(server, "/ws", {"Host": "127.0.0.1:8000", "Origin": "http://evil.example"}) == (
        403, f"mtg-tutor serve: {t('serve_refused_origin', 'it')}\n")  # in the interface language
    assert _get(_server(ui="ru"), "/", {"Host": "evil.example"}) == (421, f"mtg-tutor serve: {t('serve_refused_host', 'ru')}\n")
    assert _get(server, "/ws", {"Host": "127.0.0.1:8000", "Origin": "http://127.0.0.1:9999"})[0] == 403
    # the page's own origin passes the check (then fails as no websocket upgrade was asked for)
    assert _get(server, "/ws", {"Host": "127.0.0.1:8000", "Origin": "http://127.0.0.1:8000"})[0] == 400


def test_the_textual_serve_internals_the_server_overrides_are_there():
    """tutor/web/server.py overrides these (no public API for them); pyproject.toml pins textual-serve to 1.1.x."""
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    major, minor, *_ = (int(x) for x in version("textual-serve").split(".")[:3])
    assert (major, minor) == (1, 1)
    for name in ("start", "stop", "send_meta"):
        assert callable(getattr(AppService, name)), name
    for name in ("_make_app", "_process_messages", "handle_index", "handle_websocket", "on_startup", "on_shutdown"):
        assert callable(getattr(Server, name)), name
    assert "_process" in AppService.__init__.__code__.co_names  # the app's process, which _Session waits for


def test_on_another_address_a_request_for_another_sites_name_is_refused():
    """DNS rebinding: evil.example made to resolve to the club's server must not reach the app; the address
    itself, this machine's name and loopback names are answered."""
    import socket

    server = _server(loopback=False)
    assert _get(server, "/", {"Host": "evil.example:8000"})[0] == 421
    assert _get(server, "/ws", {"Host": "evil.example:8000", "Origin": "http://evil.example:8000"})[0] == 421
    for host in ("192.0.2.7:8000", "[2001:db8::1]:8000", f"{socket.gethostname()}:8000", "localhost:8000"):
        assert _get(server, "/", {"Host": host})[0] == 200, host
