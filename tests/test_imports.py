"""Import hygiene: the engine and the knowledge base are headless and independent of each other."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

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
