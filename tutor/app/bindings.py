"""Key bindings described in the interface language, with Textual's public API only.

Each binding exists once per interface language, its description from the catalog, and its action
wrapped as ``localized('<lang>', '<action>')``. :class:`LocalizedBindings` (a mixin for an App or a
Screen) hides the other languages' bindings through ``check_action`` (Textual's dynamic actions), so the
footer, the keys panel and the command palette's key speak the current language once the app calls
``refresh_bindings()`` after switching it. Bindings of one function share an ``id`` (for keymaps).
"""

from __future__ import annotations

from textual.actions import parse
from textual.binding import Binding

from tutor.i18n import LANGS, t

__all__ = ["LocalizedBindings", "localized_bindings"]


def localized_bindings(*specs: tuple) -> list[Binding]:
    """Bindings from ``(keys, action, label_key[, show[, priority]])``: one per interface language."""
    out = []
    for lang in LANGS:
        for keys, action, label, *rest in specs:
            show = rest[0] if rest else True
            priority = rest[1] if len(rest) > 1 else False
            out.append(Binding(keys, f"localized({lang!r}, {action!r})", t(label, lang), show=show,
                               priority=priority, id=parse(action)[1]))
    return out


class LocalizedBindings:
    """Mixin: shows only the bindings of the interface language (``self.app.ui``) and runs their actions."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "localized":
            lang, inner = parameters
            if lang != self.app.ui:
                return False
            _, name, args = parse(inner)
            return super().check_action(name, args)
        return super().check_action(action, parameters)

    async def action_localized(self, lang: str, action: str) -> None:
        """Run a localized binding's action in this node's namespace."""
        await self.app.run_action(action, self)
