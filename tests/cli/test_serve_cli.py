"""`mtg-tutor serve`'s arguments, in process: bad values are one line naming the argument, exit 2, no traceback
and no server; a port in use and an address of no interface here likewise; the URL, the data folder and, for
another address than loopback, the warning, in the interface language. (The server itself, in a browser:
tests/app/test_serve_browser.py; its page and its checks: tests/unit/test_web_server.py.)"""

from __future__ import annotations

import os
import socket

import pytest

from tutor.cli import main
from tutor.i18n import t


@pytest.fixture
def no_server(monkeypatch):
    """The server's run replaced: it says where it listens (`ready`) and returns, as after Ctrl+C; the calls
    recorded (none: the arguments were refused before anything listened)."""
    from tutor.web import server

    calls = []

    def run(self, ready):
        calls.append({"host": self.host, "port": self.port, "command": self.command, "loopback": self.loopback,
                      "home": os.environ.get("MTG_TUTOR_HOME")})
        ready(self.port or 54321)

    monkeypatch.setattr(server.TutorServer, "run", run)
    return calls


def _one_line_error(capsys, *needles: str) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("mtg-tutor: ") and "Traceback" not in err, err
    for needle in needles:
        assert needle in err, err
    return err


@pytest.mark.parametrize("port", ["abc", "80.5", "70000", "65536", "-1", "", " ", "1_000", "٨٠٨٠", "+80", "000008000"])
def test_a_bad_port_is_refused_naming_the_argument(no_server, capsys, port):
    assert main(["serve", "--port", port]) == 2
    _one_line_error(capsys, "--port", "0", "65535")
    assert no_server == []


def test_a_bad_port_in_russian(no_server, capsys):
    assert main(["--ui", "ru", "serve", "--port", "x"]) == 2
    assert _one_line_error(capsys) == "mtg-tutor: " + t("serve_bad_port", "ru", port="x") + "\n"


@pytest.mark.parametrize("host", ["nosuch.invalid", "", "exa mple", "999.1.1.1"])
def test_an_unknown_host_is_refused_naming_the_argument(no_server, capsys, host):
    assert main(["serve", "--host", host]) == 2
    _one_line_error(capsys, "--host", f"«{host}»")
    assert no_server == []


def test_a_port_in_use_is_refused_naming_it(capsys):
    """A real bind on a port another socket listens on (nothing replaced: the server's own error is translated)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    assert _one_line_error(capsys, "--port", str(port)) == "mtg-tutor: " + t("serve_port_in_use", "it", port=port,
                                                                                host="127.0.0.1") + "\n"


def test_an_address_of_no_interface_here_is_refused_naming_the_host(capsys):
    """192.0.2.1 (TEST-NET-1, documentation only) is no address of this machine: nothing can listen there."""
    assert main(["serve", "--host", "192.0.2.1", "--port", "0"]) == 2
    _one_line_error(capsys, "--host", "192.0.2.1")


@pytest.mark.parametrize("kind", ["file", "under a file"])
def test_a_home_that_cannot_be_a_folder_is_refused(no_server, capsys, tmp_path, kind):
    f = tmp_path / "notes.txt"
    f.write_text("x")
    home = f if kind == "file" else f / "learner"
    assert main(["serve", "--home", str(home)]) == 2
    _one_line_error(capsys, "--home", str(home))
    assert no_server == []


def test_loopback_by_default_the_url_and_the_data_folder_are_printed(no_server, capsys, isolated_home):
    assert main(["serve"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines() == [t("serve_open", "it", url="http://127.0.0.1:8000"),
                                t("serve_data", "it", home=str(isolated_home)), t("serve_stop_hint", "it"),
                                t("serve_stopped", "it")]
    [call] = no_server
    assert call["host"] == "127.0.0.1" and call["port"] == 8000 and call["loopback"]
    assert call["command"].endswith("-m tutor")  # the app, as `python -m tutor` with no command
    assert call["command"].startswith("trap '' INT; exec ")  # Ctrl+C is the server's to handle


def test_home_chooses_the_learners_folder_for_every_tab_and_ui_is_passed_on(no_server, capsys, tmp_path):
    learner = tmp_path / "club" / "anna"
    assert main(["--ui", "ru", "serve", "--home", str(learner), "--port", "8101"]) == 0
    out, _ = capsys.readouterr()
    assert learner.is_dir()  # made
    assert t("serve_data", "ru", home=str(learner.resolve())) in out.splitlines()
    assert t("serve_open", "ru", url="http://127.0.0.1:8101") in out.splitlines()
    [call] = no_server
    assert call["home"] == str(learner.resolve())  # the apps inherit it
    assert call["command"].endswith("-m tutor --ui ru")


@pytest.mark.parametrize("host, url", [("0.0.0.0", "http://127.0.0.1:8000"), ("localhost", "http://localhost:8000")])
def test_another_address_than_loopback_is_warned_about(no_server, capsys, isolated_home, host, url):
    assert main(["serve", "--host", host]) == 0
    out, err = capsys.readouterr()
    assert t("serve_open", "it", url=url) in out.splitlines()
    if host == "localhost":  # loopback by name: no warning
        assert err == "" and no_server[0]["loopback"]
    else:
        assert err == "mtg-tutor: " + t("serve_public_warning", "it", host=host, port=8000, home=str(isolated_home)) + "\n"
        assert not no_server[0]["loopback"]


def test_the_command_does_not_import_textual_serve_before_it_runs():
    """The help and every other command stay fast: textual-serve and aiohttp are imported by `cmd_serve` only."""
    import subprocess
    import sys

    code = ("import sys; from tutor.cli import _parser; _parser('it'); "
            "print(sorted(m for m in sys.modules if m.startswith(('textual_serve', 'aiohttp', 'tutor.web'))))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert res.stdout.strip() == "[]"


def test_a_bracketed_ipv6_loopback_is_a_host(no_server, capsys):
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    assert main(["serve", "--host", "[::1]", "--port", "0"]) == 0
    [call] = no_server
    assert call["host"] == "::1" and call["loopback"]


def test_a_home_where_nothing_can_be_written_is_refused(no_server, capsys, tmp_path, monkeypatch):
    home = tmp_path / "ro"
    home.mkdir()
    monkeypatch.setattr(os, "access", lambda path, mode: False)  # (as root, permissions would not stop a write)
    assert main(["serve", "--home", str(home)]) == 2
    _one_line_error(capsys, "--home")
    assert no_server == []


def test_a_data_folder_with_a_control_character_is_shown_escaped(no_server, capsys, tmp_path):
    home = tmp_path / "h\x1b[31mx"
    assert main(["serve", "--home", str(home)]) == 0
    out, _ = capsys.readouterr()
    assert "\x1b" not in out and "\\x1b" in out
