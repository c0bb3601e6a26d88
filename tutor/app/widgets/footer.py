"""The footer of the keys, rebuilt only when the keys it shows change.

Textual's `Footer` rebuilds all its keys (a widget each, styled one by one) every time the screen's bindings
may have changed: a focus moved, a screen was resumed, the bindings were refreshed. At startup that is three
rebuilds of the same keys before and just after the first frame, at about a tenth of the startup each. Here
the signals are coalesced into one rebuild at the next refresh, and the rebuild is skipped when the keys
would be the same (what Footer.compose shows depends on nothing else).

Each key is also styled once instead of three times: a `FooterKey` starts compact (its watcher adds the
class and restyles it), then the footer's own `compact` is bound onto it (the class removed, restyled again).
A key bound to the footer here starts with the footer's value, so that neither restyle happens.

When the keys don't fit the terminal's width, the footer first closes them up (Textual's compact style), then
also leaves out the keys whose binding id the app or the screen lists in ``FOOTER_WIDE_ONLY`` (the keys that
switch screens, a screen's least needed ones: F1's keys panel and the command palette still list them), so
that every other key of a screen fits at 80 columns in both languages.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from tutor.app.compat import (
    FooterKey,
    footer_keys_ready,
    key_follows_footer_compact,
    note_footer_bindings_ready,
    show_footer_keys_at_once,
)

__all__ = ["KeysFooter"]

FULL, COMPACT, SHORT = 0, 1, 2  # how the keys are drawn: as Textual draws them, closed up, closed up and fewer


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
        return (keys, palette, self.show_command_palette, self.combine_groups, footer_keys_ready(self),
                self._level(active))

    def _level(self, active: dict) -> int:
        """The first of FULL, COMPACT, SHORT whose keys (the screen's `active_bindings`) fit the terminal's
        width (one key per action, as the footer shows them; the palette's key docked on the right)."""
        from rich.cells import cell_len

        app = self.app
        width = app.size.width
        if width <= 0:
            return FULL
        shown: dict[str, int] = {}  # action -> the cells of its key and description
        for _, binding, _, _ in active.values():
            if binding.show and binding.action not in shown:
                shown[binding.action] = cell_len(app.get_key_display(binding)) + cell_len(binding.description)
        palette = active.get(app.COMMAND_PALETTE_BINDING) if app.ENABLE_COMMAND_PALETTE else None
        right = 0
        if palette is not None and self.show_command_palette:
            binding = palette[1]
            right = cell_len(app.get_key_display(binding)) + cell_len(binding.description) + 4
        for level, extra in ((FULL, 3), (COMPACT, 2)):
            if sum(n + extra for n in shown.values()) + right <= width:
                return level
        return SHORT

    def _wide_only(self) -> set[str]:
        """The actions of the keys left out of a narrow footer (binding ids the app and the screen list)."""
        ids = (*getattr(self.app, "FOOTER_WIDE_ONLY", ()), *getattr(self.screen, "FOOTER_WIDE_ONLY", ()))
        return {binding.action for _, binding, _, _ in self.screen.active_bindings.values() if binding.id in ids}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        show_footer_keys_at_once(self)  # the keys in the first frame, not in the next one

    def compose(self) -> ComposeResult:
        self._shown = self._keys()
        level = self._shown[-1]
        self.set_reactive(Footer.compact, level != FULL)
        self.set_class(level != FULL, "-compact")
        hidden = self._wide_only() if level == SHORT else set()
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if widget.action in hidden:
                    continue
                if key_follows_footer_compact(widget):
                    widget.set_reactive(FooterKey.compact, self.compact)  # the value the binding will give it
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's bindings may have changed: rebuild at the next refresh (once for many signals)."""
        note_footer_bindings_ready(self)
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.refresh(recompose=True)

    def on_resize(self) -> None:
        """When the keys fit differently, they are composed again (compact or not, some left out or not)."""
        if self._shown is not None and self._shown[-1] != self._level(self.screen.active_bindings):
            self.refresh(recompose=True)

    async def recompose(self) -> None:
        """Rebuild the keys, unless they would be the same as the ones shown."""
        if not self.is_attached:
            return
        keys = self._keys()  # what compose will show
        if keys == self._shown:
            return
        await super().recompose()
