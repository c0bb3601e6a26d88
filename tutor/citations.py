"""Every rule number the program cites — the engine, the texts of the tutor, the lessons, the curated data —
for `mtg-tutor kb check`, which reports those a learner could not read (no Italian text, no summary) and
those that do not exist in the Foundations edition.

>>> "509.1" in cited_rules()
True
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from glossary.citations import cited_in_files
from glossary.curation import CURATED_DIR
from tutor.resources import lessons_root

__all__ = ["cited_rules"]

_TUTOR = Path(str(files("tutor")))  # the installed package: its modules are what it cites


def cited_rules() -> dict[str, list[str]]:
    """``number -> ["file:line", ...]`` over ``tutor/**/*.py``, ``lessons/**/*.yaml`` and
    ``glossary/curated/*.yaml`` (not the digest: it is what the check reads)."""
    files = [(p, f"tutor/{p.relative_to(_TUTOR).as_posix()}") for p in sorted(_TUTOR.rglob("*.py"))]
    root = lessons_root()
    files += [(p, f"lessons/{p.relative_to(root).as_posix()}") for p in sorted(root.rglob("*.yaml"))]
    files += [(p, f"glossary/curated/{p.name}") for p in sorted(CURATED_DIR.glob("*.yaml"))]
    return cited_in_files(files, constants=("tutor/engine/",))
