"""Anki: an ``.apkg`` deck (made with genanki) with one note per item, for learners who already study in Anki.

A note type (Anki's "model") per content and language, with ASCII field names and front/back templates whose
labels are in the learner's language; the fields hold HTML-escaped text (line breaks as ``<br>``). Everything
Anki matches on is derived from our ids, never from the clock or a counter, so that importing a newer export
updates the notes instead of duplicating them:

* a note's GUID: ``genanki.guid_for("mtg-tutor", what, lang, id)`` (a concept's id, a question's id, a rule number);
* a note type's and a deck's id: :func:`stable_id` of ("model" | "deck", what, lang), a number in Anki's range.

The package is written without any file of genanki's own (the collection is built in memory and zipped here).
"""

from __future__ import annotations

import hashlib
import html

from tutor.i18n import t

__all__ = ["EXTENSION", "TEXT", "WHATS", "deck_id", "model_id", "note_guid", "render", "stable_id"]

EXTENSION = "apkg"
WHATS = ("glossary", "quiz", "rules")
TEXT = False  # a zip: never to standard output
MODEL_VERSION = 1  # part of the note types' ids: bump it when a note type's fields change

# Each content's note type: its fields (the first is Anki's sort field, the last our id).
FIELDS = {
    "glossary": ("Term", "Status", "English", "Definition", "Rules", "Digest", "OtherNames", "OldTerm", "Id"),
    "quiz": ("Question", "Answer", "Explanation", "Rules", "Kind", "Level", "Id"),
    "rules": ("Number", "Title", "Summary", "Id"),
}

CSS = """.card { font-family: sans-serif; font-size: 20px; text-align: left; color: black; background-color: white; }
.term { font-size: 28px; font-weight: bold; }
.label { font-size: 14px; color: #666; text-transform: uppercase; margin-top: 12px; }
.small { font-size: 15px; }
.note { font-size: 13px; color: #666; font-style: italic; }
"""


def stable_id(*parts: object) -> int:
    """A number from 2^30 to 2^31 - 1 derived from `parts` (the same in every run and on every machine)."""
    digest = hashlib.sha256("\x1f".join(map(str, ("mtg-tutor", *parts))).encode("utf-8")).digest()
    return (1 << 30) + int.from_bytes(digest[:8], "big") % (1 << 30)


def model_id(what: str, lang: str) -> int:
    """The id of the note type of `what` in `lang`."""
    return stable_id("model", what, lang, MODEL_VERSION)


def deck_id(what: str, lang: str) -> int:
    """The id of the deck of `what` in `lang`."""
    return stable_id("deck", what, lang)


def note_guid(what: str, lang: str, item_id: str) -> str:
    """A note's GUID, from our id of its item."""
    import genanki

    return genanki.guid_for("mtg-tutor", what, lang, item_id)


def _html(text: str) -> str:
    return html.escape(text or "", quote=False).replace("\r\n", "\n").replace("\n", "<br>")


def _section(field: str, label: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f'{{{{#{field}}}}}<div class="label">{_html(label)}</div><div{cls}>{{{{{field}}}}}</div>{{{{/{field}}}}}'


def _templates(what: str, lang: str) -> tuple[str, str]:
    """The front and back templates of `what`, labelled in `lang`."""
    def label(key: str) -> str:
        return t(f"export.anki.{key}", lang)

    if what == "glossary":
        front = '<div class="term">{{Term}}</div><div class="small">{{Status}}</div>'
        back = "\n".join((
            '{{FrontSide}}<hr id="answer">',
            _section("English", label("english")),
            _section("Definition", label("definition")),
            '{{#Definition}}<div class="note">' + _html(label("unofficial")) + "</div>{{/Definition}}",
            _section("Rules", label("rules"), "small"),
            _section("Digest", label("digest"), "small"),
            _section("OtherNames", label("other_names"), "small"),
            _section("OldTerm", label("old_term"), "small"),
        ))
    elif what == "quiz":
        front = '<div class="label">{{Kind}}</div><div>{{Question}}</div>'
        back = "\n".join((
            '{{FrontSide}}<hr id="answer">',
            _section("Answer", label("answer"), "term"),
            _section("Explanation", label("explanation"), "small"),
            _section("Rules", label("rules"), "small"),
        ))
    else:
        front = '<div class="term">{{Number}}</div><div class="small">{{Title}}</div>'
        back = "\n".join((
            '{{FrontSide}}<hr id="answer">',
            _section("Summary", label("summary")),
            '<div class="note">' + _html(label("unofficial")) + "</div>",
        ))
    return front, back


def _fields(what: str, lang: str, item) -> list[str]:
    """A note's fields (HTML) for one item."""
    from tutor.export.items import COLUMNS, glossary_row

    if what == "glossary":
        f = glossary_row(item, lang).fields
        digest = "<br>".join(f"<b>{_html(n)}</b>: {_html(s[lang])}" for n, s in item.summaries.items() if s.get(lang))
        return [_html(f["term"]), _html(f["status"]), _html(f["english"]), _html(f["definition"]), _html(f["rules"]),
                digest, _html(f["other_names"]), _html(f["old_term"]), _html(item.id)]
    return [_html(item.fields[k]) for k in COLUMNS[what]]


def _tags(what: str, item) -> list[str]:
    tags = ["mtg-tutor", f"mtg-tutor::{what}"]
    if what == "quiz":
        tags.append(f"mtg-tutor::quiz::{item.id.split(':', 1)[0]}")
    return tags


def build(what: str, lang: str, found: list):
    """The genanki deck of the items."""
    import genanki

    front, back = _templates(what, lang)
    model = genanki.Model(
        model_id(what, lang), t(f"export.anki.model.{what}", lang),
        fields=[{"name": name} for name in FIELDS[what]],
        templates=[{"name": t(f"export.anki.card.{what}", lang), "qfmt": front, "afmt": back}],
        css=CSS, sort_field_index=0)
    deck = genanki.Deck(deck_id(what, lang), t(f"export.anki.deck.{what}", lang),
                        description=_html(t("export.anki.description", lang)))
    for item in found:
        deck.add_note(genanki.Note(model=model, fields=_fields(what, lang, item), guid=note_guid(what, lang, item.id),
                                   tags=_tags(what, item)))
    return deck


def render(what: str, lang: str, found: list, *, stream: bool = False) -> bytes:
    """The ``.apkg`` file's bytes: a zip holding ``collection.anki2`` (Anki's SQLite collection) and ``media``."""
    import io
    import itertools
    import sqlite3
    import time
    import zipfile

    import genanki

    package = genanki.Package(build(what, lang, found))
    conn = sqlite3.connect(":memory:")
    try:
        now = time.time()
        package.write_to_db(conn.cursor(), now, itertools.count(int(now * 1000)))
        conn.commit()
        collection = conn.serialize()
    finally:
        conn.close()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("collection.anki2", collection)
        z.writestr("media", "{}")
    return out.getvalue()
