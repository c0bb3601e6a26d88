"""The edge of every command (tutor/cli/__init__.py `main`): output that cannot be written, signals, encodings
without the characters, crashes of the app and unexpected errors — a short message and a conventional exit
status, never a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tutor.cli as cli
from tutor.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    """A home with the index already built (so that each command below starts fast)."""
    h = tmp_path_factory.mktemp("out-home")
    subprocess.run([sys.executable, "-m", "tutor", "kb", "rebuild"], env=dict(os.environ, MTG_TUTOR_HOME=str(h)),
                   cwd=ROOT, check=True, capture_output=True)
    return h


def _env(home: Path, **extra: str) -> dict:
    env = dict(os.environ, MTG_TUTOR_HOME=str(home), MTG_TUTOR_UI="it")
    env.pop("MTG_TUTOR_DEBUG", None)
    env.update(extra)
    return env


def _tutor(home: Path, *args: str, shell_tail: str = "", **extra: str) -> subprocess.CompletedProcess:
    """Run `python -m tutor ARGS` through bash, so that a redirection (`>&-`, `>/dev/full`) can be added."""
    quoted = " ".join(f"'{a}'" for a in args)
    return subprocess.run(["bash", "-c", f'"$0" -m tutor {quoted} {shell_tail}', sys.executable], env=_env(home, **extra),
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_stdout_closed(home):
    res = _tutor(home, "lookup", "cimitero", shell_tail=">&-")
    assert res.returncode == 2
    assert res.stderr.strip() == "mtg-tutor: impossibile scrivere il risultato: lo standard output è chiuso"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", [("lookup", "cimitero"), ("lookup", "cimitero", "--json"), ("--help",),
                                  ("rule", "113.3b")])
def test_stdout_on_a_full_device(home, args):
    res = _tutor(home, *args, shell_tail=">/dev/full")
    assert res.returncode == 2
    assert res.stderr.strip() == "mtg-tutor: impossibile scrivere il risultato: No space left on device"


def test_a_closed_pipe_is_a_quiet_success(home):
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "lookup", "cimitero", "--json"], env=_env(home), cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before the first byte (`| head -c0`)
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0 and err == ""


def test_a_pipe_closed_after_the_first_line(home):
    res = _tutor(home, "rule", "113", shell_tail="| head -n1; exit ${PIPESTATUS[0]}")
    assert res.returncode == 0 and res.stderr == "" and len(res.stdout.splitlines()) == 1


@pytest.mark.parametrize("settings", [{"PYTHONIOENCODING": "ascii"}, {"LANG": "C", "LC_ALL": "C"},
                                      {"PYTHONIOENCODING": "latin-1"}])
def test_an_encoding_without_the_characters(home, settings):
    res = _tutor(home, "lookup", "кладбище", **settings)
    assert res.returncode == 0 and "Traceback" not in res.stderr and res.stderr == ""
    assert "term" in res.stdout or "termine" in res.stdout
    # JSON stays exact: escapes instead of lost characters
    res = _tutor(home, "--ui", "ru", "lookup", "кладбище", "--json", **settings)  # a Russian learner's hits first
    assert res.returncode == 0
    assert json.loads(res.stdout)["hits"][0]["term"] == "Кладбище"
    res = _tutor(home, "--ui", "ru", "lookup", "zzzzqqqq", **settings)  # a Russian message on stderr
    assert res.returncode == 1 and "Traceback" not in res.stderr and res.stderr.strip()


def _started(proc: subprocess.Popen, timeout: float = 30.0) -> None:
    """Wait until the command is running its main (it catches SIGTERM: `tutor.cli._terminate_cleanly`), not a
    fixed delay, which a loaded machine may spend still starting the interpreter (the signal then kills it
    before the program can handle it: status -15, a test of nothing). Without /proc, a fixed delay."""
    status = Path(f"/proc/{proc.pid}/status")
    if not status.exists():
        time.sleep(0.6)
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            caught = next(int(line.split()[1], 16) for line in status.read_text().splitlines()
                          if line.startswith("SigCgt:"))
        except (OSError, StopIteration, ValueError):
            break
        if caught & (1 << (signal.SIGTERM - 1)):
            return
        time.sleep(0.01)


def test_ctrl_c_during_a_rebuild(tmp_path):
    env = _env(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "kb", "rebuild"], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _started(proc)  # started, building (a build takes about a second)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    if proc.returncode == 0:
        pytest.skip("the rebuild finished before the signal")
    assert proc.returncode == 130
    assert err.strip() == "mtg-tutor: interrotto." and out == ""
    assert not [p for p in tmp_path.rglob("*") if p.name.startswith(".mtg-tutor-tmp-")]


def test_ctrl_c_in_a_command(monkeypatch, capsys):
    def interrupted(args, ui):
        raise KeyboardInterrupt

    monkeypatch.setitem(cli.COMMANDS, "lookup", interrupted)
    assert main(["lookup", "x"]) == 130
    assert capsys.readouterr().err == "mtg-tutor: interrotto.\n"


def test_sigterm_ends_through_the_normal_exit_path(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "kb", "rebuild"], env=_env(tmp_path), cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _started(proc)
    proc.terminate()
    out, err = proc.communicate(timeout=60)
    assert proc.returncode in (0, 143) and "Traceback" not in err


def test_an_unexpected_error_is_one_line(monkeypatch, capsys):
    def broken(args, ui):
        raise RuntimeError("something\nthat should not happen")

    monkeypatch.setitem(cli.COMMANDS, "lookup", broken)
    assert main(["lookup", "x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("mtg-tutor: errore interno: RuntimeError: something that should not happen.")
    assert "MTG_TUTOR_DEBUG=1" in err
    assert main(["--ui", "ru", "lookup", "x"]) == 2
    assert capsys.readouterr().err.startswith("mtg-tutor: внутренняя ошибка: RuntimeError")
    monkeypatch.setenv("MTG_TUTOR_DEBUG", "1")
    assert main(["lookup", "x"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" in err and "errore interno" in err


def test_an_os_error_of_a_command_is_not_called_an_output_error(monkeypatch, capsys):
    def broken(args, ui):
        raise PermissionError(13, "Permission denied", "/somewhere")

    monkeypatch.setitem(cli.COMMANDS, "lookup", broken)
    assert main(["lookup", "x"]) == 2
    assert "errore interno: PermissionError" in capsys.readouterr().err


def test_stdout_is_restored_after_main(capsys):
    before = sys.stdout
    main(["lookup", "cimitero", "--json"])
    assert sys.stdout is before


def test_a_crash_of_the_app_exits_non_zero(monkeypatch, capsys):
    """Any exception inside the app (the audit's reproduction raised an AttributeError) gives status 1."""
    import tutor.app.app as app_module

    class CrashingApp(app_module.TutorApp):
        def on_mount(self) -> None:
            super().on_mount()
            self.set_timer(0.05, self.crash)

        def crash(self) -> None:
            raise AttributeError("'NoneType' object has no attribute 'show_location'")

        def run(self, **kwargs):
            return super().run(headless=True, size=(100, 30))

    monkeypatch.setattr(app_module, "TutorApp", CrashingApp)
    assert main([]) == 1


def test_an_app_that_quits_normally_exits_zero(monkeypatch):
    import tutor.app.app as app_module

    class QuittingApp(app_module.TutorApp):
        def on_mount(self) -> None:
            super().on_mount()
            self.set_timer(0.05, self.exit)

        def run(self, **kwargs):
            return super().run(headless=True, size=(100, 30))

    monkeypatch.setattr(app_module, "TutorApp", QuittingApp)
    assert main([]) == 0
