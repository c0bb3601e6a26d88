"""The code is lint-clean: ruff (pycodestyle, pyflakes, import sorting, bugbear, pyupgrade; see pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys

from tests.conftest import ROOT


def test_ruff_check_passes():
    ruff = shutil.which("ruff") or shutil.which("ruff", path=str(ROOT / ".venv" / "bin"))
    cmd = [ruff] if ruff else [sys.executable, "-m", "ruff"]
    proc = subprocess.run([*cmd, "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
