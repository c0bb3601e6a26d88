"""The rules a question cites, in words: the bilingual digest's unofficial summaries
(glossary/curated/digest/*.yaml, written from the Foundations edition) and, for a three-digit rule, its title.

>>> headline("702.9b", "it").startswith("Una creatura con volare")
True
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["cut_at_word", "headline", "short_sentence", "summary"]

_MAX = 160
# The end of the first sentence: ";" or "." before a capital ("(vedi 302.6)", "(см. 302.6)" go on).
_SENTENCE_END = re.compile(r"(?<=;)\s+|(?<=\.)\s+(?=[«(\"]?[A-ZÀ-ÖØ-ÞА-ЯЁ])")


@lru_cache(maxsize=1)
def _digest() -> dict[str, dict[str, str]]:
    """number -> {it, ru} from every digest file there is (none when the digest is not installed)."""
    from glossary.curation import CURATED_DIR
    from glossary.yamlio import load_yaml

    out: dict[str, dict[str, str]] = {}
    folder = CURATED_DIR / "digest"
    for path in sorted(folder.glob("[0-9].yaml")) if folder.is_dir() else ():
        data = load_yaml(path, f"glossary/curated/digest/{path.name}") or {}
        for number, texts in (data.get("rules") or {}).items():
            if isinstance(texts, dict) and all(isinstance(texts.get(x), str) for x in ("it", "ru")):
                out[str(number)] = {"it": texts["it"], "ru": texts["ru"]}
    return out


def summary(number: str, lang: str) -> str | None:
    """The digest's unofficial summary of rule `number` in `lang`, or None."""
    texts = _digest().get(number)
    return texts[lang] if texts else None


def headline(number: str, lang: str, sentence: int = 0) -> str:
    """A short unofficial summary of the rule (its first sentence, or the `sentence`-th counting from 0 when that
    is the one a question needs, at most about 160 characters), or "" when the digest has none.

    >>> headline("117.1a", "it", sentence=1).startswith("Una magia non istantaneo")
    True
    """
    return short_sentence(summary(number, lang) or "", sentence)


def short_sentence(text: str, sentence: int = 0, limit: int = _MAX) -> str:
    """The `sentence`-th sentence of `text` (the first when it has fewer), cut at a word before `limit`
    characters (with «…»)."""
    sentences = _SENTENCE_END.split(text)
    return cut_at_word(sentences[sentence] if sentence < len(sentences) else sentences[0], limit)


def cut_at_word(text: str, limit: int = _MAX) -> str:
    """`text`, or when longer than `limit` characters, cut at a word before it (with «…»)."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[:cut if cut > 0 else limit].rstrip(",;:") + "…"
