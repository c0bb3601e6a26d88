"""Smoke test of an installed mtg-tutor: the app's first screen, headless (run by .ci/run with the installed
interpreter, from a directory outside the source tree). Exits non-zero with a message when something is missing."""

import asyncio
import sys
from pathlib import Path

import tutor
from tutor.app.app import TutorApp


async def main() -> None:
    here = Path(tutor.__file__).resolve().parent
    css = Path(TutorApp.CSS_PATH)
    assert css.is_file(), f"no stylesheet at {css}"
    assert css.resolve().is_relative_to(here), f"the stylesheet {css} is not the installed package's ({here})"
    app = TutorApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#search")
        assert app.focused is box, f"the search box is not focused ({app.focused!r})"
        sources = [str(key[0]) if isinstance(key, tuple) else str(key) for key in app.stylesheet.source]
        assert any(Path(s).resolve() == css.resolve() for s in sources), f"{css} not loaded: {sources}"
        left = app.screen.query_one("#left")
        assert left.styles.width is not None and left.styles.width.value > 0, "the stylesheet's rules are not applied"
        await pilot.press(*"cimitero")
        await pilot.pause(0.5)
        results = app.screen.query_one("#results")
        assert results.option_count > 0, "typing «cimitero» found nothing"
    print(f"app smoke test: first screen, stylesheet {css.name}, {results.option_count} results for «cimitero»")


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except AssertionError as exc:
        print(f"app smoke test failed: {exc}", file=sys.stderr)
        sys.exit(1)
