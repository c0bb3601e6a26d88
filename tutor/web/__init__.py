"""The app in a browser (`mtg-tutor serve`): textual-serve's web server, started by the command, with the
program's own page (``app_index.html``: only files from this server, nothing from the internet).

`tutor.web.server` imports textual-serve and aiohttp: only the ``serve`` command imports it.
"""
