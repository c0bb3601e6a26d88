"""The serve command: the app in a browser (textual-serve), one app process per browser tab.

``mtg-tutor serve [--host 127.0.0.1] [--port 8000] [--home DIR]``. Every tab runs ``python -m tutor`` (the app,
as with no command) with the same data folder: ``--home``, else ``$MTG_TUTOR_HOME``, else the user's folder. On
the loopback address by default; another address is warned about (no login: whoever reaches the port uses that
data folder). Bad arguments, a port in use, an unknown host: exit 2 with one line naming the argument.
textual-serve is imported only here, when the command runs (`tutor.web.server`).
"""

from __future__ import annotations

import argparse
import errno
import os
import sys

from tutor.cli.common import Usage, shown, warn
from tutor.i18n import t

__all__ = ["COMMANDS", "add_parsers"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def add_parsers(sub, ui: str) -> None:
    """`serve [--host HOST] [--port PORT] [--home DIR]`."""
    sv = sub.add_parser("serve", help=t("help_serve", ui))
    sv.add_argument("--host", default=DEFAULT_HOST, help=t("help_serve_host", ui, host=DEFAULT_HOST))
    sv.add_argument("--port", default=str(DEFAULT_PORT), help=t("help_serve_port", ui, port=DEFAULT_PORT))
    sv.add_argument("--home", metavar="DIR", help=t("help_serve_home", ui))


def parse_port(text: str, ui: str) -> int:
    """The port number, 0 to 65535 (0: a free port chosen by the system); otherwise a usage error.

    >>> parse_port("8000", "it"), parse_port(" 0 ", "it")
    (8000, 0)
    >>> parse_port("80a", "it")
    Traceback (most recent call last):
    tutor.cli.common.Usage: --port: «80a» non è un numero di porta (da 0 a 65535; 0: una porta libera scelta dal sistema).
    """
    digits = text.strip()
    port = int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 5 else -1  # not 1_000, ٨٠, +80
    if not 0 <= port <= 65535:
        raise Usage(t("serve_bad_port", ui, port=text))
    return port


def _addresses(host: str, port: int, ui: str) -> list[str]:
    """The addresses `host` names (a usage error when it names none)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM) if host.strip() else []
    except (OSError, UnicodeError):
        infos = []
    if not infos:
        raise Usage(t("serve_bad_host", ui, host=host))
    return list(dict.fromkeys(info[4][0] for info in infos))


def _is_loopback(addresses: list[str]) -> bool:
    import ipaddress

    return all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in addresses)


def _url(host: str, port: int) -> str:
    """The address to open: a wildcard host (every interface) is opened on this machine as 127.0.0.1 / [::1].

    >>> _url("127.0.0.1", 8000), _url("0.0.0.0", 80), _url("::", 8000), _url("fe80::1", 8000), _url("localhost", 1)
    ('http://127.0.0.1:8000', 'http://127.0.0.1:80', 'http://[::1]:8000', 'http://[fe80::1]:8000', 'http://localhost:1')
    """
    host = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def _home(path: str | None, ui: str) -> str:
    """The data folder every tab's app uses: `--home` (made if missing) put in ``$MTG_TUTOR_HOME`` for the apps,
    else the one the program uses anyway."""
    from glossary.paths import HOME_VARIABLE, data_home

    if path is not None:
        from pathlib import Path

        folder = Path(path).expanduser()
        if not path.strip():
            raise Usage(t("serve_bad_home", ui, path=path, error=t("serve_empty_value", ui)))
        if folder.exists() and not folder.is_dir():
            raise Usage(t("serve_bad_home", ui, path=path, error=t("serve_home_not_dir", ui)))
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise Usage(t("serve_bad_home", ui, path=path, error=exc.strerror or exc)) from None
        if not os.access(folder, os.W_OK | os.X_OK):  # the apps could save no progress there
            raise Usage(t("serve_bad_home", ui, path=path, error=os.strerror(errno.EACCES)))
        os.environ[HOME_VARIABLE] = str(folder.resolve())
    return str(data_home())


def _app_command(ui: str | None) -> str:
    """The shell command textual-serve runs for each tab: this Python, the app (``--ui`` when one was given)."""
    argv = [sys.executable, "-m", "tutor", *(["--ui", ui] if ui else [])]
    if sys.platform == "win32":
        import subprocess

        return subprocess.list2cmdline(argv)
    import shlex

    # Ctrl+C in the terminal goes to the server's whole process group: the apps ignore it (an ignored signal stays
    # ignored through exec; Python then installs no KeyboardInterrupt), the server asks each to quit. `exec`: the
    # process textual-serve stops is the app itself, not a shell.
    return "trap '' INT; exec " + shlex.join(argv)


def _listen_error(exc: OSError, host: str, port: int, ui: str) -> Usage:
    """The message for a port that could not be opened, naming the argument at fault."""

    if exc.errno == errno.EADDRINUSE:
        return Usage(t("serve_port_in_use", ui, port=port, host=host))
    if exc.errno == errno.EACCES:
        return Usage(t("serve_port_denied", ui, port=port))
    if exc.errno == errno.EADDRNOTAVAIL:
        return Usage(t("serve_host_not_here", ui, host=host))
    return Usage(t("serve_cannot_listen", ui, host=host, port=port, error=exc.strerror or exc))


def page_texts(ui: str) -> dict[str, str]:
    """The texts of the served page and of the server's refusals, in the interface language."""
    return {"lang": ui, "loading": t("serve_page_loading", ui), "start": t("serve_page_start", ui),
            "ended": t("serve_page_ended", ui), "restart": t("serve_page_restart", ui),
            "refused_host": t("serve_refused_host", ui), "refused_origin": t("serve_refused_origin", ui)}


def cmd_serve(args: argparse.Namespace, ui: str) -> int:
    """Serve the app until Ctrl+C (exit 0); a usage error (2) for a bad argument or a port that cannot be opened."""
    port = parse_port(args.port, ui)
    host = args.host[1:-1] if args.host.startswith("[") and args.host.endswith("]") else args.host
    addresses = _addresses(host, port, ui)
    if port == 0 and len(addresses) > 1:
        host = addresses[0]  # one free port: on every address of a name it would be another one
    loopback = _is_loopback(addresses)
    home = _home(args.home, ui)
    from pathlib import Path

    from glossary.paths import config_path

    settings = config_path()

    from glossary.paths import APP_NAME
    from tutor.web.server import TutorServer  # textual-serve and aiohttp: only now

    server = TutorServer(_app_command(args.ui), host=host, port=port, title=APP_NAME, loopback=loopback,
                         page=page_texts(ui))

    def ready(bound: int) -> None:
        url = _url(host, bound)
        if not loopback:
            warn(t("serve_public_warning", ui, host=host, port=bound, home=shown(home)))
        print(t("serve_open", ui, url=url), flush=True)
        print(t("serve_data", ui, home=shown(home)), flush=True)
        if settings.parent != Path(home):  # the platform keeps the settings elsewhere (no --home, no MTG_TUTOR_HOME)
            print(t("serve_settings", ui, path=str(settings)), flush=True)
        print(t("serve_stop_hint", ui), flush=True)

    try:
        server.run(ready)
    except OSError as exc:
        raise _listen_error(exc, host, port, ui) from None
    except KeyboardInterrupt:  # where Ctrl+C cannot be caught as a signal (Windows)
        pass
    print(t("serve_stopped", ui), flush=True)
    return 0


COMMANDS = {"serve": cmd_serve}
