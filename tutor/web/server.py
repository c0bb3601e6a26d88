"""textual-serve's server for the app (`mtg-tutor serve`): one app process per browser tab, this program's page.

What it changes in textual-serve's `Server`:

- the page (``app_index.html``, package data of ``tutor.web``) loads only files from this server (the original
  asks Google Fonts for its font), has the program's title and speaks the interface language; its addresses are
  those the browser used (``Host``), so a server listening on every interface works from another machine too;
- a server on the loopback address answers only requests addressed to a loopback name (no DNS rebinding), and a
  websocket opened by a page of another site is refused (a page cannot drive the app of a tab it did not load);
- Ctrl+C and SIGTERM stop the server cleanly: it closes every tab's connection, each app is told to quit and
  waited for (its writes finished); an app that does not quit in time is killed, none is left behind (the apps
  ignore the terminal's Ctrl+C themselves, see `tutor.cli.serve_cmd`, and stay in the server's process group, so
  that a signal to the whole group, a closed terminal's hangup, still reaches them);
- the messages are the command's own (`run` returns once the port is open, `ready` says where), no access log.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import logging
import signal
from collections.abc import Callable

import aiohttp_jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from tutor.resources import web_file

__all__ = ["TutorServer", "is_loopback_name"]

log = logging.getLogger("textual-serve")
SHUTDOWN_SECONDS = 10.0  # how long Ctrl+C waits for the tabs' apps to quit before they are killed


def is_loopback_name(host: str) -> bool:
    """Whether `host` (a ``Host`` header's name, without the port) names this machine's loopback interface.

    >>> [is_loopback_name(h) for h in ("localhost", "127.0.0.1", "127.0.0.2", "::1", "[::1]", "10.0.0.1", "evil.example")]
    [True, True, True, True, True, False, False]
    """
    host = host.strip("[]").lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class _OneLine(logging.Handler):
    """aiohttp's report of a request it could not handle (a malformed one, from any client that reaches the port):
    one line on standard error, no traceback."""

    def emit(self, record: logging.LogRecord) -> None:
        import sys

        error = record.exc_info[1] if record.exc_info else None
        text = f"{record.getMessage()}: {error}" if error else record.getMessage()
        try:
            sys.stderr.write("mtg-tutor serve: " + " ".join(text.split())[:300] + "\n")
        except (OSError, ValueError):
            pass


def _quiet_bad_requests() -> None:
    server_log = logging.getLogger("aiohttp.server")
    if not any(isinstance(h, _OneLine) for h in server_log.handlers):
        server_log.addHandler(_OneLine())
    server_log.propagate = False


class _Session(AppService):
    """One tab's app process (textual-serve's), its exit waited for when it stops."""

    async def stop(self) -> None:
        """textual-serve's stop (the app told to quit, its output read to the end), then the process waited
        for (killed after SHUTDOWN_SECONDS): its exit status collected here, not left to a race at the end."""
        await super().stop()
        process = self._process
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), SHUTDOWN_SECONDS)
            except TimeoutError:
                process.kill()
                await process.wait()


class TutorServer(Server):
    """textual-serve's `Server` for `command` (the app), with the program's page and the checks above."""

    def __init__(self, command: str, *, host: str, port: int, title: str, loopback: bool, page: dict[str, str]) -> None:
        super().__init__(command, host=host, port=port, title=title, templates_path=web_file(""))
        self.loopback = loopback  # listening on the loopback interface only: requests must name it
        self.page = page  # the page's texts (lang, loading, start, ended, restart), in the interface language
        self._sockets: set[web.WebSocketResponse] = set()  # the open tabs' connections
        self._sessions: list[_Session] = []  # every app started and not seen to end (killed if left at the end)

    # ---- the page -----------------------------------------------------------------------------------------
    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict:
        """The page, its addresses relative to the one the browser used."""
        scheme = "wss" if request.scheme == "https" else "ws"
        return {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{scheme}://{request.host}/ws",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
            "page": self.page,
        }

    @web.middleware
    async def _guard(self, request: web.Request, handler):
        """Refuse a request addressed to another name while on loopback (DNS rebinding) and a websocket opened
        by another site's page (cross-site websocket hijacking)."""
        name = request.url.host or ""
        if not self._known_name(name):
            raise web.HTTPMisdirectedRequest(text=f"mtg-tutor serve: {self.page.get('refused_host', '')}\n")
        origin = request.headers.get("Origin")
        if request.path == "/ws" and origin is not None and origin not in (f"http://{request.host}",
                                                                            f"https://{request.host}"):
            raise web.HTTPForbidden(text=f"mtg-tutor serve: {self.page.get('refused_origin', '')}\n")
        return await handler(request)

    def _known_name(self, name: str) -> bool:
        """Whether a request addressed to `name` is for this server. On loopback: a loopback name. On another
        address: also an IP address, the `--host` given, or this machine's own names — never another site's name
        (DNS rebinding: a page of evil.example made to resolve to this address must not reach the app)."""
        if is_loopback_name(name) or name.strip("[]").lower() == self.host.strip("[]").lower():
            return True
        if self.loopback:
            return False
        try:
            ipaddress.ip_address(name.strip("[]"))
            return True
        except ValueError:
            pass
        return name.lower().rstrip(".") in self._own_names()

    @functools.cache  # noqa: B019 - one server a process; getfqdn may wait on DNS: once, not on every request
    def _own_names(self) -> frozenset[str]:
        """This machine's own names (its host name, its full name, their .local form)."""
        import socket

        own = {socket.gethostname().lower(), socket.getfqdn().lower()}
        return frozenset(own | {f"{n.split('.')[0]}.local" for n in own})

    # ---- one tab: textual-serve's handler, with the tab's app known to the server (to stop it) --------------
    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        await websocket.prepare(request)
        session = _Session(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                           close=websocket.close, download_manager=self.download_manager, debug=self.debug)
        self._sockets.add(websocket)
        self._sessions = [s for s in self._sessions if s._process is None or s._process.returncode is None]
        self._sessions.append(session)
        try:
            await session.start(width, height)
            await self._process_messages(websocket, session)
        except asyncio.CancelledError:
            pass
        except Exception as error:  # textual-serve's own behaviour: logged, the tab closed
            log.exception(error)
        finally:
            try:
                await session.stop()  # the app is told to quit, and waited for
            finally:
                self._sockets.discard(websocket)
                await websocket.close()
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        """Nothing printed here (textual-serve's banner): the command says where to go once the port is open."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab's connection: each handler then asks its app to quit and waits for it."""
        await asyncio.gather(*(ws.close(code=WSCloseCode.GOING_AWAY) for ws in list(self._sockets)),
                             return_exceptions=True)

    def _kill_left(self) -> None:
        """The apps that did not quit in time (SHUTDOWN_SECONDS): killed, not left behind."""
        for session in self._sessions:
            process = session._process
            if process is not None and process.returncode is None:
                try:
                    process.kill()
                except ProcessLookupError:
                    pass

    # ---- running ------------------------------------------------------------------------------------------
    def run(self, ready: Callable[[int], None]) -> None:
        """Listen, call `ready(port)` (the port the system gave for 0), serve until Ctrl+C or SIGTERM, then stop
        every app. A port that cannot be opened raises the OSError (nothing printed before it)."""
        asyncio.run(self._serve(ready))

    async def application(self) -> web.Application:
        """textual-serve's aiohttp application (the page, the websocket, the static files), with the checks."""
        app = await self._make_app()
        app.middlewares.append(self._guard)
        return app

    async def _serve(self, ready: Callable[[int], None]) -> None:
        _quiet_bad_requests()
        app = await self.application()
        runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=SHUTDOWN_SECONDS)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
            port = runner.addresses[0][1]
            self.port = port
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                try:
                    loop.add_signal_handler(signum, stop.set)
                except (NotImplementedError, AttributeError, ValueError):  # Windows: Ctrl+C is KeyboardInterrupt
                    pass
            ready(port)
            await stop.wait()
        finally:
            try:
                await runner.cleanup()
            finally:
                self._kill_left()
