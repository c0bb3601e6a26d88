"""The Textual application (the only package that imports Textual)."""

from tutor.memory import collect_later

collect_later()  # until the first frame (tutor/memory.py): before Textual and the screens are imported
