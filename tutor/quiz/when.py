"""When a question is due again, in words: the same sentence in the CLI and the app."""

from __future__ import annotations

from datetime import datetime

from tutor.i18n import t

__all__ = ["due_text"]


def due_text(due: datetime, now: datetime, ui: str, tz=None) -> str:
    """"Prossima revisione: 2025-03-11 12:00 (tra 10 minuti)." — the CLI's wording, in `tz` (local when None)."""
    seconds = max(0.0, (due - now).total_seconds())
    if seconds < 3600:
        rel = t("quiz.in_minutes", ui, n=max(1, round(seconds / 60)))
    elif seconds < 86400:
        rel = t("quiz.in_hours", ui, n=round(seconds / 3600))
    else:
        rel = t("quiz.in_days", ui, n=round(seconds / 86400))
    return t("quiz.due", ui, when=due.astimezone(tz).strftime("%Y-%m-%d %H:%M"), rel=rel)
