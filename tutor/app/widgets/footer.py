"""The footer of the keys, rebuilt only when the keys it shows change.

Textual's `Footer` rebuilds all its keys (a widget each, styled one by one) every time the screen's bindings
may have changed: a focus moved, a screen was resumed, the bindings were refreshed. At startup that is three
rebuilds of the same keys before and just after the first frame, at about a tenth of the startup each. Here
the signals are coalesced into one rebuild at the next refresh, and the rebuild is skipped when the keys
would be the same (what Footer.compose shows depends on nothing else).

Each key is also styled once instead of three times: a `FooterKey` starts compact (its watcher adds the
class and restyles it), then the footer's own `compact` is bound onto it (the class removed, restyled again).
A key bound to the footer here starts with the footer's value, so that neither restyle happens.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["KeysFooter"]


class KeysFooter(Footer):
    """A `Footer` that recomposes only when its keys, their labels or their state change."""

    _shown: tuple | None = None  # what the keys showed when last composed

    def _keys(self) -> tuple:
        """Everything Footer.compose reads: the shown bindings (key, label, action, state, group), the
        palette key, the footer's options."""
        app = self.app
        active = self.screen.active_bindings  # computed anew on every read
        keys = tuple(
            (binding.key, app.get_key_display(binding), binding.description, binding.action, enabled, tooltip,
             binding.tooltip, (binding.group.description, binding.group.compact) if binding.group else None)
            for _, binding, enabled, tooltip in active.values() if binding.show)
        palette = active.get(app.COMMAND_PALETTE_BINDING) if app.ENABLE_COMMAND_PALETTE else None
        if palette is not None:
            _, binding, enabled, tooltip = palette
            palette = (binding.key, app.get_key_display(binding), binding.description, binding.action, enabled,
                       binding.tooltip)
        return keys, palette, self.show_command_palette, self.combine_groups, self._bindings_ready

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.set_reactive(Footer._bindings_ready, True)  # the keys in the first frame, not in the next one

    def compose(self) -> ComposeResult:
        self._shown = self._keys()
        for widget in super().compose():
            if isinstance(widget, FooterKey) and "compact" in (widget._reactive_connect or {}):
                widget.set_reactive(FooterKey.compact, self.compact)  # the value the binding will give it
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's bindings may have changed: rebuild at the next refresh (once for many signals)."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.refresh(recompose=True)

    async def recompose(self) -> None:
        """Rebuild the keys, unless they would be the same as the ones shown."""
        if not self.is_attached:
            return
        keys = self._keys()  # what compose will show
        if keys == self._shown:
            return
        await super().recompose()
