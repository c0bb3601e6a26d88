"""The suite never touches the user's files: every test and doctest has its own home (root conftest.py), and
the doctests of every package are collected."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.conftest import ROOT


def test_each_test_has_its_own_home(isolated_home, tmp_path_factory):
    base = tmp_path_factory.getbasetemp()
    for name in ("MTG_TUTOR_HOME", "HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        assert Path(os.environ[name]).is_relative_to(base), name
    assert Path(os.environ["MTG_TUTOR_HOME"]) == isolated_home and os.environ["MTG_TUTOR_UI"] == "it"
    assert Path("~").expanduser().is_relative_to(base)
    from glossary import paths

    assert paths.data_home() == isolated_home


def test_the_doctests_of_every_package_are_collected():
    testpaths = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert {"tests", "glossary", "tutor"} <= set(testpaths["testpaths"])
    assert "--doctest-modules" in testpaths["addopts"]


def test_doctests_that_build_the_knowledge_base_leave_home_alone(tmp_path):
    """Run doctests that load the knowledge base and open the progress store in a child pytest whose HOME
    is an empty directory and which has no MTG_TUTOR_HOME: the directory stays empty."""
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "MTG_TUTOR_", "PYTEST_"))}
    env.update(HOME=str(home), USERPROFILE=str(home))
    modules = ["glossary/kb.py", "tutor/views/pages.py", "tutor/progress/__init__.py"]
    res = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "--doctest-modules", "-p", "no:cacheprovider",
                          f"--basetemp={tmp_path / 'basetemp'}", *modules],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    passed = re.search(r"(\d+) passed", res.stdout)
    assert passed and int(passed.group(1)) >= len(modules) + 3, res.stdout[-500:]  # kb.py has four doctests
    assert sorted(p.relative_to(home).as_posix() for p in home.rglob("*")) == []
