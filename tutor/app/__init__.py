"""The Textual application (the only package that imports Textual)."""

from tutor.app.memory import collect_later

collect_later()  # until the first frame (tutor/app/memory.py): before Textual and the screens are imported
