"""Textual's footer, composed again only when the keys it would show change.

Textual's `Footer` recomposes itself (a dozen keys removed, mounted and styled again) after every refresh of
its screen's bindings: a focus change, the screen stack changing, the app's focus. Opening the lesson player
did it five times for the same keys, a third of the time the screen took to appear. `SteadyFooter` keeps
Textual's footer as it is and skips a recompose whose keys (key, label, action, enabled, tooltip, in order)
are those already shown; a language switch, a key enabled or disabled, a keymap change still recompose it.
"""

from __future__ import annotations

from textual.widgets import Footer

__all__ = ["SteadyFooter"]


class SteadyFooter(Footer):
    """A `Footer` that recomposes only when what it shows changes."""

    _shown: tuple | None = None

    def _keys(self) -> tuple:
        """What `Footer.compose` builds the keys from, in order."""
        app = self.app
        active = self.screen.active_bindings
        keys = tuple((key, binding.key, app.get_key_display(binding), binding.description, binding.action,
                      binding.show, binding.group, binding.tooltip, enabled, tooltip)
                     for key, (_, binding, enabled, tooltip) in active.items())  # the palette's key too
        return keys, self.show_command_palette, app.ENABLE_COMMAND_PALETTE, app.COMMAND_PALETTE_BINDING

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        keys = self._keys()
        if keys == self._shown:
            return
        self._shown = keys
        await super().recompose()
