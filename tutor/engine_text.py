"""The engine's refusals (IllegalAction reasons) and the scenario runner's findings in the interface
language: thin wrappers over the catalog keys ``reason.*`` and ``runner.*`` (tutor/i18n/<lang>.py).

>>> from tutor.engine import IllegalAction
>>> illegal_text(IllegalAction("305.2", "second_land", "one land per turn"), "it")
'puoi giocare una sola terra per turno (regola 305.2)'
>>> runner_text("mismatch", "ru", field="objects.bears.zone")
'objects.bears.zone не совпадает'
"""

from __future__ import annotations

from tutor.i18n import catalog, t

__all__ = ["illegal_text", "runner_text"]


def illegal_text(exc, ui: str) -> str:
    """Why an action is illegal, in the interface language, with its rule (the engine's English detail
    for a reason the catalog does not know)."""
    key = f"reason.{exc.reason}"
    reason = t(key, ui) if key in catalog(ui) else (exc.detail or exc.reason)
    return t("reason_with_rule", ui, reason=reason, rule=exc.rule)


def runner_text(key: str, ui: str, **fields) -> str:
    """A scenario runner's finding (``runner.<key>``), formatted with `fields`."""
    return t(f"runner.{key}", ui, **fields)
