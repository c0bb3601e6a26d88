"""The wheel and the sdist carry everything the program reads, and the program reads its data through the
import system, never by a path into the source tree (pyproject.toml, setup.py, tutor/resources.py)."""

from __future__ import annotations

import importlib.resources
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _shipped_data() -> dict[str, Path]:
    """Every data file the program reads, by its path inside an installed package -> the repository file."""
    out: dict[str, Path] = {}
    for p in (ROOT / "lessons").rglob("*"):
        if p.is_file() and p.suffix in (".yaml", ".md"):
            out["tutor/lessons_data/" + p.relative_to(ROOT / "lessons").as_posix()] = p
    for pattern in ("glossary/sources/*.txt", "glossary/curated/**/*.yaml", "glossary/curated/**/*.md", "glossary/curated/**/*.txt",
                    "tutor/app/**/*.tcss", "tutor/web/*.html"):
        for p in ROOT.glob(pattern):
            out[p.relative_to(ROOT).as_posix()] = p
    return out


def _modules() -> set[str]:
    return {p.relative_to(ROOT).as_posix() for d in ("glossary", "tutor") for p in (ROOT / d).rglob("*.py")
            if "__pycache__" not in p.parts} | {"tutor/lessons_data/__init__.py"}


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict[str, Path]:
    """The sdist, and the wheel built from that sdist (so the wheel proves the sdist complete)."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], check=True,
                   capture_output=True, timeout=600)
    return {"sdist": next(out.glob("*.tar.gz")), "wheel": next(out.glob("*.whl"))}


def test_the_wheel_carries_every_module_and_data_file(dists):
    names = set(zipfile.ZipFile(dists["wheel"]).namelist())
    data = _shipped_data()
    assert {"tutor/lessons_data/cards.yaml", "tutor/app/styles.tcss", "glossary/curated/digest/1.yaml",
            "tutor/web/app_index.html"} <= set(data)
    assert any(n.startswith("tutor/lessons_data/scenarios/") for n in data)
    assert sorted(set(data) - names) == []
    assert sorted(_modules() - names) == []
    assert not [n for n in names if n.startswith(("lessons/", "tests/", "bench/"))]  # no stray top-level packages
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_the_sdist_carries_the_data_the_tests_and_the_build_files(dists):
    with tarfile.open(dists["sdist"]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    repo_paths = {p.relative_to(ROOT).as_posix() for p in _shipped_data().values()}
    assert sorted(repo_paths - names) == []
    assert {"setup.py", "pyproject.toml", "README.md", "lessons/__init__.py", "tests/packaging/test_packaging.py",
            "tests/conftest.py", ".ci/run", ".ci/smoke_app.py"} <= names


def test_the_wheel_works_outside_the_source_tree(dists, tmp_path):
    """The wheel's files alone (dependencies from this environment), from another directory: the packages come
    from the wheel, the data too, and every shipped scenario runs."""
    target = tmp_path / "site"
    with zipfile.ZipFile(dists["wheel"]) as whl:
        whl.extractall(target)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, PYTHONPATH=str(target), MTG_TUTOR_HOME=str(tmp_path / "home"), MTG_TUTOR_UI="it")
    probe = ("import tutor, glossary, tutor.resources as r, tutor.app.app as a; "
             "print(tutor.__file__); print(glossary.__file__); print(r.cards_file()); print(a.TutorApp.CSS_PATH)")
    res = subprocess.run([sys.executable, "-c", probe], env=env, cwd=elsewhere, capture_output=True, text=True,
                         check=True)
    for line in res.stdout.splitlines():
        assert Path(line).resolve().is_relative_to(target), line
    res = subprocess.run([sys.executable, "-m", "tutor", "scenario", "run", "--all", "--json"], env=env,
                         cwd=elsewhere, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    import json

    reports = json.loads(res.stdout)
    assert len(reports) == len(list((ROOT / "lessons" / "scenarios").glob("*.yaml")))
    assert all(Path(r["file"]).resolve().is_relative_to(target) for r in reports)
    res = subprocess.run([sys.executable, "-m", "tutor", "lookup", "cimitero", "--json"], env=env, cwd=elsewhere,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0 and '"it:cimitero"' in res.stdout


def test_resources_are_found_through_the_import_system():
    from glossary.paths import package_data
    from tutor import resources
    from tutor.app.app import TutorApp

    assert resources.lessons_root() == Path(str(importlib.resources.files("tutor.lessons_data")))
    assert package_data() == Path(str(importlib.resources.files("glossary")))
    assert resources.cards_file().is_file() and resources.scenario_files()
    assert Path(TutorApp.CSS_PATH) == Path(str(importlib.resources.files("tutor.app"))) / "styles.tcss"
    assert resources.display_name(resources.cards_file()) == "lessons/cards.yaml"


def test_no_module_builds_a_path_from_its_own_file():
    """Runtime data is found with tutor.resources or glossary.paths.package_data, never `__file__` arithmetic."""
    offenders = []
    for p in sorted((ROOT / "tutor").rglob("*.py")) + sorted((ROOT / "glossary").rglob("*.py")):
        if p == ROOT / "glossary" / "paths.py":
            continue  # the one place: the glossary package's own folder (see package_data)
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\b__file__\b", line) and not line.lstrip().startswith("#"):
                offenders.append(f"{p.relative_to(ROOT)}:{i}: {line.strip()}")
    assert offenders == []


def test_nothing_in_the_tree_stops_python_caching_bytecode():
    """A *file* named __pycache__ in a package (once committed by mistake in tutor/i18n) keeps Python from
    writing that package's bytecode: every start compiled the catalogs again (some 20 ms)."""
    root = Path(__file__).resolve().parents[2]
    blocked = [str(p.relative_to(root)) for top in ("glossary", "tutor") for p in (root / top).rglob("__pycache__")
               if not p.is_dir()]
    assert blocked == []
