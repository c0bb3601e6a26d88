"""`mtg-tutor serve` in a real browser: Debian's chromium, headless, driven by Playwright (issue 25).

A real ``python -m tutor serve --port 0`` (a free port the system chooses; the server prints the URL) with the
test's home (the index already built: the ``shared_index`` of the app tier); chromium opens the page, the app's
first screen appears, a search typed in the glossary shows its result, a second tab is a session of its own, every
request the pages make goes to the local server (anything else is refused and recorded), a closed tab's app quits.
Ctrl+C (SIGINT to the process group, as a terminal sends it) stops the server and every tab's app.

The terminal's text is read from xterm.js's buffer: textual.js keeps its ``Terminal`` in a local object, so a
script run before the page's own records the object it is given as ``terminal`` (the page is not changed).

Needs the Python package ``playwright`` (the test extras) and Debian's ``chromium`` (``apt-get install chromium``;
Playwright's own browser download is not used): without them the test is skipped, saying what to install.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tutor.i18n import t

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
STARTUP_SECONDS = 60.0  # the server's first line; the first screen (a busy machine: 9 agents on 2 cores)
SCREEN_SECONDS = 90.0
POLL = 0.2

# Run before the page's scripts: the first object given a `terminal` that has a buffer (xterm.js's Terminal, which
# textual.js keeps as `this.terminal`) is recorded in window.__xterms; the property then becomes the object's own.
RECORD_TERMINAL = """
(() => {
  window.__xterms = [];
  Object.defineProperty(Object.prototype, "terminal", {
    configurable: true,
    get() { return undefined; },
    set(value) {
      if (value && value.buffer && value.buffer.active) window.__xterms.push(value);
      Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
    },
  });
})();
"""
SCREEN_TEXT = """() => {
  const term = window.__xterms && window.__xterms[0];
  if (!term) return null;
  const buffer = term.buffer.active, lines = [];
  for (let i = 0; i < buffer.length; i++) {
    const line = buffer.getLine(i);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
}"""


def _chromium() -> str:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("the Python package playwright is missing: pip install playwright (in the test extras: "
                    "pip install -e '.[test]'); the browser is Debian's chromium, no `playwright install` needed")
    path = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    if path is None:
        pytest.skip("Debian's chromium is missing: apt-get install chromium (.ci/run installs it when it can)")
    return path


class Server:
    """`python -m tutor serve --port 0` in a session of its own; its output read by a thread."""

    def __init__(self, log: Path, *args: str) -> None:
        self.log = log
        self.err = log.open("w", encoding="utf-8")
        self.proc = subprocess.Popen([sys.executable, "-m", "tutor", "serve", "--port", "0", *args], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=self.err, text=True, encoding="utf-8",
                                     start_new_session=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.out: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)

    def line(self, pattern: str, timeout: float) -> re.Match:
        """The first match of `pattern` in the next lines printed (a failure, with what was printed, if none)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=POLL)
            except queue.Empty:
                if self.proc.poll() is not None:
                    break
                continue
            self.out.append(line)
            if found := re.search(pattern, line):
                return found
        pytest.fail(f"the server did not print {pattern!r} (exit {self.proc.poll()}); stdout: {self.out!r}; "
                    f"stderr: {self.log.read_text(encoding='utf-8')[-2000:]!r}")

    def apps(self) -> list[int]:
        """The server's child processes (one app per tab)."""
        pids: list[int] = []
        for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
            pids += [int(p) for p in (task / "children").read_text().split()]
        return pids

    def kill(self, apps: list[int]) -> None:
        """The end of the test, whatever happened: the server's process group killed, and the tabs' apps."""
        for pid in apps:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(timeout=30)
        self.err.close()


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


def _all_gone(pids: list[int], timeout: float = 30) -> bool:
    """Whether every process of `pids` has ended within `timeout` seconds."""
    end = time.monotonic() + timeout
    while not all(_gone(pid) for pid in pids) and time.monotonic() < end:
        time.sleep(POLL)
    return all(_gone(pid) for pid in pids)


def _results(text: str) -> list[str]:
    """The glossary's list of results: the left pane's lines under the search box, stripped."""
    lines = text.splitlines()
    return [line.split("│")[0].strip() for line in lines[3:] if "│" in line and line.split("│")[0].strip()]


def _wait_for_text(page, wanted, timeout: float = SCREEN_SECONDS) -> str:
    """The terminal's text once `wanted(text)` holds (polled); a failure showing the last text otherwise."""
    end, text = time.monotonic() + timeout, None
    while time.monotonic() < end:
        text = page.evaluate(SCREEN_TEXT)
        if text and wanted(text):
            return text
        time.sleep(POLL)
    pytest.fail(f"the terminal never showed what was expected; last text:\n{text}")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the server's children in /proc (Linux)")
def test_the_app_in_chromium_first_screen_search_two_tabs_offline_and_ctrl_c(tmp_path, isolated_home):
    chromium = _chromium()
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    server = Server(tmp_path / "serve.err")
    apps: list[int] = []
    try:
        url = server.line(r"(http://127\.0\.0\.1:\d+)\s", STARTUP_SECONDS).group(1)
        server.line(re.escape(t("serve_data", "it", home=str(isolated_home))), 10)
        base = urlsplit(url)
        foreign: list[str] = []
        requests: list[str] = []
        sockets: list[str] = []

        def local(address: str) -> bool:
            parts = urlsplit(address)
            return parts.scheme in ("data", "blob") or (parts.hostname, parts.port) == (base.hostname, base.port)

        def route(r):
            if local(r.request.url):
                r.continue_()
            else:  # recorded, and never sent: the test itself reaches nothing outside
                foreign.append(r.request.url)
                r.abort()

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
            try:
                context = browser.new_context(viewport={"width": 1100, "height": 700})
                context.add_init_script(RECORD_TERMINAL)
                context.route("**/*", route)
                context.on("request", lambda r: requests.append(r.url))
                first, second = context.new_page(), context.new_page()
                for page in (first, second):
                    page.on("websocket", lambda ws: sockets.append(ws.url))

                opened = time.monotonic()
                first.goto(url)
                welcome = " ".join(t("welcome", "it").split()[:5])  # "Scrivi per cercare un termine" (unwrapped)
                screen = _wait_for_text(first, lambda text: welcome in text)
                first_screen = time.monotonic() - opened
                assert t("search_placeholder", "it") in screen
                assert first.title() == "mtg-tutor"
                assert first.evaluate("document.documentElement.lang") == "it"
                assert "-first-byte" in first.evaluate("document.body.className")  # the terminal is shown

                [first_app] = server.apps()
                second.goto(url)
                _wait_for_text(second, lambda text: welcome in text)
                apps = server.apps()
                assert len(apps) == 2 and first_app in apps  # one app per tab
                [second_app] = set(apps) - {first_app}
                for pid in apps:  # each the program's app, with the learner's data folder
                    assert Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[1:3] == [b"-m", b"tutor"]
                    environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
                    assert f"MTG_TUTOR_HOME={isolated_home}".encode() in environ

                before = first.screenshot()
                first.bring_to_front()
                first.evaluate("window.__xterms[0].focus()")  # the keys go to the app (its search box has focus)
                first.keyboard.type("cimitero", delay=30)
                found = _wait_for_text(first, lambda text: "en: graveyard" in _results(text))
                assert _results(found)[:2] == ["Cimitero it", "en: graveyard"], found  # the first result
                assert before != first.screenshot()
                assert t("search_placeholder", "it") in second.evaluate(SCREEN_TEXT)  # the other tab: untouched
                searched = time.monotonic() - opened
                second.close()  # a closed tab: its app quits, the other tab's goes on
                assert _all_gone([second_app]) and not _gone(first_app)
            finally:
                browser.close()

        assert foreign == []
        assert requests and all(local(r) for r in requests), requests
        assert any(r.endswith(".ttf") for r in requests)  # the font, from this server
        assert len(sockets) == 2 and all(local(s) and s.startswith("ws://") for s in sockets), sockets

        os.killpg(server.proc.pid, signal.SIGINT)  # Ctrl+C in a terminal: the server's whole process group
        assert server.proc.wait(timeout=60) == 0
        server.line(re.escape(t("serve_stopped", "it")), 10)
        said = "".join(server.out) + server.log.read_text(encoding="utf-8")  # the apps' errors are shown there too
        assert "Traceback" not in said and t("interrupted", "it") not in said, said
        assert _all_gone(apps)
        print(f"\nfirst screen {first_screen:.1f} s after opening the page; search shown at {searched:.1f} s; "
              f"whole test {time.monotonic() - started:.1f} s")
    finally:
        server.kill(apps)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the server's children in /proc (Linux)")
def test_a_tabs_app_quits_when_its_server_is_killed(tmp_path, isolated_home):
    """kill -9 of the server alone (no Ctrl+C it could pass on): the tab's app sees it is orphaned and quits, instead
    of waiting for ever for a browser that cannot reach it. A websocket client stands for the tab (no browser)."""
    import asyncio

    import aiohttp

    server = Server(tmp_path / "serve.err")
    apps: list[int] = []
    try:
        url = server.line(r"(http://127\.0\.0\.1:\d+)\s", STARTUP_SECONDS).group(1)

        async def tab() -> None:
            async with aiohttp.ClientSession() as session, session.ws_connect(f"{url}/ws?width=80&height=24") as ws:
                end = time.monotonic() + STARTUP_SECONDS
                while not server.apps() and time.monotonic() < end:
                    await asyncio.sleep(POLL)
                apps.extend(server.apps())
                assert len(apps) == 1
                shown = b""
                while b"Scrivi" not in shown and time.monotonic() < end:  # the app's first screen, sent to the tab
                    message = await ws.receive(timeout=STARTUP_SECONDS)
                    if message.type == aiohttp.WSMsgType.BINARY:
                        shown += message.data
                    elif message.type == aiohttp.WSMsgType.TEXT:
                        shown += message.data.encode()
                    else:
                        break
                assert b"Scrivi" in shown  # (the app is up: killed sooner, it would fail on its own closed pipe)
                os.kill(server.proc.pid, signal.SIGKILL)  # the server only, not its group
                await asyncio.to_thread(_all_gone, apps)
                await ws.close()

        asyncio.run(tab())
        assert _all_gone(apps, 0)
    finally:
        server.kill(apps)
