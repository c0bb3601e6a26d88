"""A Textual stylesheet that parses each CSS source once for a given set of theme variables.

Textual's `Stylesheet.reparse` (run by `App.refresh_css` when a screen is first shown, and on a theme
change) parses every source again in a fresh stylesheet with an empty parse cache, and `set_variables`
empties the cache even when the variables have not changed. At startup that parses styles.tcss and every
widget's DEFAULT_CSS three times over (a third of the time to the first frame). Here the variables are set
(and the cache emptied) only when they really change (a new theme): parsed rules depend on nothing else; and
`reparse` is this stylesheet's own `parse()`, which parses only the sources not in its cache. Like Textual's
`reparse`, `parse()` leaves the rules as they were when a source is invalid (it raises before replacing them).
Only public methods of `Stylesheet` are used.
"""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

__all__ = ["KeptStylesheet"]


class KeptStylesheet(Stylesheet):
    """A `Stylesheet` whose parsed sources are kept until the CSS variables change."""

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self.kept_variables = dict(variables or {})  # the variables the parsed sources were parsed with

    def set_variables(self, variables: dict[str, str]) -> None:
        """Set the CSS variables; the parsed sources are kept when they are the same."""
        if variables != self.kept_variables:
            super().set_variables(variables)
            self.kept_variables = dict(variables)

    def reparse(self) -> None:
        """Parse the sources again, reusing what is already parsed with the same variables."""
        self.parse()
