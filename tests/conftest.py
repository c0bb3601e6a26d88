"""Shared fixtures: the package's sources, the third-party English rules beside the project.

The isolated home of every test and doctest (``isolated_home``) is in the project's root ``conftest.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]

# No time limit on one example (the suite runs in parallel, on a machine that may be busy): a slow example is not
# a failure. The number of examples stays each test's own.
settings.register_profile("mtg-tutor", deadline=None)
settings.load_profile("mtg-tutor")
SOURCES = ROOT / "glossary" / "sources"
EN_RULES = ROOT.parent / "shared" / "data" / "MagicCompRules-en-2022-04-29.txt"


def source_text(name: str) -> str:
    return (SOURCES / name).read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def kb():
    """The knowledge base built from the packaged sources and curated data (no imported rules)."""
    from glossary.build import build
    from glossary.kb import KnowledgeBase

    return KnowledgeBase(build([]))


@pytest.fixture
def en_rules() -> Path:
    if not EN_RULES.exists():
        pytest.skip("the English Comprehensive Rules (../shared/data) are not beside the project")
    return EN_RULES
