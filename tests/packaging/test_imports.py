"""Import hygiene: the engine and the knowledge base are headless and independent of each other."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Import every module of a package in a fresh interpreter and list the top-level packages then loaded.
PROBE = """
import importlib, json, pkgutil, sys
package = importlib.import_module({package!r})
modules = [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
for name in modules:
    importlib.import_module(name)
print(json.dumps({{"modules": modules, "loaded": sorted({{m.split(".")[0] for m in sys.modules}})}}))
"""


def _probe(package: str) -> dict:
    res = subprocess.run([sys.executable, "-c", PROBE.format(package=package)], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    return json.loads(res.stdout)


def test_the_engine_loads_neither_textual_nor_the_knowledge_base():
    found = _probe("tutor.engine")
    assert {"tutor.engine.game", "tutor.engine.view", "tutor.engine.effects", "tutor.engine.sba"} <= set(found["modules"])
    assert "textual" not in found["loaded"] and "rich" not in found["loaded"]
    assert "glossary" not in found["loaded"]
    assert "yaml" not in found["loaded"]  # the engine reads no files; the tutor layer loads YAML


def test_the_knowledge_base_loads_neither_textual_nor_the_tutor():
    found = _probe("glossary")
    assert "glossary.search" in found["modules"] and "glossary.kb" in found["modules"]
    assert "textual" not in found["loaded"]
    assert "tutor" not in found["loaded"]


# A command in a fresh interpreter, as `run` starts it (the collector off until the command is known); then
# whether the collector is on and which command groups were imported.
COMMAND = """
import gc, io, json, sys
gc.disable()  # what tutor.cli.run does first
from tutor import cli
out, sys.stdout = sys.stdout, io.StringIO()
status = cli.main({argv!r})
sys.stdout = out
print(json.dumps({{"status": status, "gc": gc.isenabled(),
                   "groups": sorted(m for m in sys.modules if m.startswith("tutor.cli.")
                             and m not in ("tutor.cli.common", "tutor.cli.compat"))}}))
"""


def _command(tmp_path, *argv: str) -> dict:
    env = {"PATH": "/usr/bin:/bin", "MTG_TUTOR_HOME": str(tmp_path), "MTG_TUTOR_UI": "it"}
    res = subprocess.run([sys.executable, "-c", COMMAND.format(argv=list(argv))], capture_output=True, text=True,
                         cwd=ROOT, env=env, check=True)
    return json.loads(res.stdout)


def test_a_lookup_imports_only_its_own_command_group_and_leaves_the_collector_off(tmp_path):
    found = _command(tmp_path, "lookup", "cimitero")
    assert found["status"] == 0
    assert found["groups"] == ["tutor.cli.glossary_cmds"]  # no quiz, lessons or scenarios for a lookup
    assert found["gc"] is False  # a short read-only process: nothing to collect


def test_every_other_command_turns_the_collector_back_on(tmp_path):
    found = _command(tmp_path, "progress", "--json")
    assert found["status"] == 0 and found["gc"] is True
    assert found["groups"] == ["tutor.cli.quiz_cmd"]


def test_the_whole_help_lists_every_command_even_before_a_command_name(tmp_path):
    for argv in (["-h"], ["-h", "lookup"], ["--ui", "ru", "--help", "quiz"]):
        env = {"PATH": "/usr/bin:/bin", "MTG_TUTOR_HOME": str(tmp_path)}
        res = subprocess.run([sys.executable, "-m", "tutor", *argv], capture_output=True, text=True, cwd=ROOT,
                             env=env)
        assert res.returncode == 0, res.stderr
        for name in ("lookup", "show", "rule", "kb", "import-rules", "scenario", "lesson", "quiz", "progress"):
            assert name in res.stdout, (argv, name)
