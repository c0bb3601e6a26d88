"""A Textual stylesheet that parses each CSS source once for a given set of theme variables.

Textual's `Stylesheet.reparse` (run by `App.refresh_css` when a screen is first shown, and on a theme
change) parses every source again in a fresh stylesheet with an empty parse cache, and `set_variables`
empties the cache even when the variables have not changed. At startup that parses styles.tcss and every
widget's DEFAULT_CSS three times over (a third of the time to the first frame). Here the fresh
stylesheet shares the parse cache, which is emptied only when the variables really change (a new theme):
parsed rules depend on nothing else.
"""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

__all__ = ["KeptStylesheet"]


class KeptStylesheet(Stylesheet):
    """A `Stylesheet` whose parsed sources are kept until the CSS variables change."""

    def set_variables(self, variables: dict[str, str]) -> None:
        """Set the CSS variables; the parsed sources are kept when they are the same."""
        if variables != self._variables:
            super().set_variables(variables)

    def reparse(self) -> None:
        """Parse the sources again (as Textual does: in a fresh stylesheet, so that an error leaves this
        one intact), reusing what is already parsed with the same variables."""
        stylesheet = Stylesheet(variables=self._variables)
        stylesheet._parse_cache = self._parse_cache  # the same variables: the same rules
        for read_from, (css, is_defaults, tie_breaker, scope) in self.source.items():
            stylesheet.add_source(css, read_from=read_from, is_default_css=is_defaults, tie_breaker=tie_breaker,
                                  scope=scope)
        try:
            stylesheet.parse()
        except Exception:
            self._invalid_css.update(stylesheet._invalid_css)
            raise
        self._rules = stylesheet.rules
        self._rules_map = None
        self.source = stylesheet.source
        self._require_parse = False
