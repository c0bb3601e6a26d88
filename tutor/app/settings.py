"""User settings of the app (interface language, theme), kept between runs in the file `glossary.paths` names."""

from __future__ import annotations

import json

from glossary.paths import config_path, write_atomic
from tutor.i18n import DEFAULT_LANG, LANGS

__all__ = ["load_settings", "save_settings"]

DEFAULTS = {"ui": DEFAULT_LANG, "theme": "textual-dark"}


def load_settings() -> dict:
    """The saved settings merged over the defaults; an unreadable file means the defaults."""
    try:
        data = json.loads(config_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    out = dict(DEFAULTS)
    if isinstance(data, dict):
        out.update({k: v for k, v in data.items() if k in DEFAULTS and isinstance(v, str)})
    if out["ui"] not in LANGS:
        out["ui"] = DEFAULT_LANG
    return out


def save_settings(settings: dict) -> None:
    """Write the settings at once (never a half-written file); a read-only home is not an error."""
    try:
        write_atomic(config_path(), json.dumps(settings, ensure_ascii=False, indent=2).encode("utf-8"))
    except OSError:
        pass
