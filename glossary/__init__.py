"""mtg-tutor knowledge base: sources, parsers, curated alignment, links and the compiled index.

This package never imports a UI toolkit; `import glossary` stays cheap.
"""

__version__ = "0.1.0"
