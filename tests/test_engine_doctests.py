"""The engine's doctests (the engine's modules are outside pytest's doctest collection, pyproject.toml)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import tutor.engine

MODULES = sorted(m.name for m in pkgutil.iter_modules(tutor.engine.__path__, "tutor.engine."))


def test_the_engine_doctests_pass():
    attempted = 0
    for name in MODULES:
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
        attempted += result.attempted
    assert attempted >= 10, attempted
