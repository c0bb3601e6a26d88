"""What an export holds: the items of the glossary, the quiz or the rules' digest, built from the knowledge base
and the question bank (headless: no UI, no file written here).

* :func:`glossary_items`: one :class:`GlossaryItem` per concept, with its names in English, Italian and Russian
  (each with its kind and status), our unofficial definitions, its rules and their unofficial summaries, and the
  source's old term with its note (``Concept.obsolete``). A format picks the learner's language with
  :func:`glossary_row`, or writes every language (TBX).
* :func:`quiz_items`: one :class:`Row` per question of the bank in the learner's language: every fixed question (a
  term card in its typed form) and, for each family of generated questions, its sampled seeds (the
  ``bank.SAMPLES`` questions the bank grades: ``family@0`` … ``family@7``), each with its stable id.
* :func:`rule_items`: one :class:`Row` per rule that has an unofficial summary in the digest.

Every row has the same columns for its kind (:data:`COLUMNS`), each a plain text (no empty item: a concept always
has a name in each language; a definition or a summary that we lack is left empty and counted by
:func:`gaps`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.i18n import LANGS, t

__all__ = ["COLUMNS", "GlossaryItem", "Name", "Row", "gaps", "glossary_items", "glossary_row", "items",
           "quiz_items", "rule_items", "rule_title"]

# The columns of each kind of row, in order (catalog key of a column's header: export.col.<name>).
COLUMNS = {
    "glossary": ("term", "status", "english", "definition", "rules", "other_names", "old_term", "id"),
    "quiz": ("question", "answer", "explanation", "rules", "kind", "level", "id"),
    "rules": ("number", "title", "summary", "id"),
}


@dataclass(frozen=True)
class Name:
    """One name of a concept in one language: its kind (``headword``, ``name``, ``also``, ``old``; ``alignment``:
    a name of the curated alignment that the modern glossary does not list), its status (official, obsolete,
    community, none, unverified; None: not recorded) and what is known of it (since, until, source)."""

    name: str
    kind: str
    status: str | None
    source: str | None = None
    since: int | None = None
    until: int | None = None


@dataclass(frozen=True)
class GlossaryItem:
    """A concept, in every language."""

    id: str
    headword: str  # the Foundations headword (English), or the concept's first English name
    names: dict  # lang ("en", "it", "ru") -> [Name], the main name first
    definition: dict  # lang -> our unofficial definition, or None
    rules: tuple[str, ...]
    summaries: dict  # rule number -> {it, ru} (the digest's unofficial summaries of its rules)
    obsolete: dict | None = None  # Concept.obsolete: {"year", "old": {..}, "modern": {..}, "note": {it, ru}}
    see: tuple[str, ...] = ()


@dataclass(frozen=True)
class Row:
    """One exported item in one language: a stable id and its columns' texts (`COLUMNS`)."""

    id: str
    fields: dict = field(default_factory=dict)


def _names(concept, modern: dict | None, lang: str) -> list[Name]:
    """The concept's names in `lang`, the main one first, each once (case and accents as written)."""
    recorded = [n for n in (modern or {}).get("names", []) if n["lang"] == lang]
    out: list[Name] = []
    seen: set[str] = set()

    def add(n: Name) -> None:
        key = n.name.casefold()
        if key not in seen:
            seen.add(key)
            out.append(n)

    def status_of(name: str) -> Name:
        for n in recorded:
            if n["name"] == name or n["name"].casefold() == name.casefold():
                return Name(name, n["kind"], n["status"], n.get("source"), n.get("since"), n.get("until"))
        return Name(name, "alignment", None)

    for name in getattr(concept, lang):  # the alignment's names: the main one first (as the app shows it)
        add(status_of(name))
    for n in recorded:  # then every other name the modern glossary records: kind name, also, old
        add(Name(n["name"], n["kind"], n["status"], n.get("source"), n.get("since"), n.get("until")))
    return out


def glossary_items(kb) -> list[GlossaryItem]:
    """Every concept of the knowledge base, ordered by its English headword."""
    d = kb.data
    out = []
    for cid, c in d.concepts.items():
        modern = d.modern.get(cid)
        names = {lang: _names(c, modern, lang) for lang in ("en", *LANGS)}
        definition = {lang: ((modern or {}).get("definition") or {}).get(lang) or None for lang in LANGS}
        summaries = {n: dict(d.summaries[n]) for n in c.rules if d.summaries.get(n)}
        headword = (modern or {}).get("headword") or (c.en[0] if c.en else cid)
        out.append(GlossaryItem(cid, headword, names, definition, tuple(c.rules), summaries,
                                c.obsolete or None, tuple((modern or {}).get("see", ()))))
    out.sort(key=lambda i: (i.headword.casefold(), i.id))
    return out


def _status_words(n: Name, lang: str) -> str:
    from tutor.views.pages import status_words

    if n.status is None:
        return t("export.status.unrecorded", lang)
    return status_words({"status": n.status, "since": n.since, "until": n.until, "source": n.source}, lang)


def old_term_text(item: GlossaryItem, lang: str) -> str:
    """The source's old term and its note (``Concept.obsolete``) in `lang`: "Until 2009: in gioco → …. Note"."""
    o = item.obsolete
    if not o:
        return ""
    from tutor.i18n import pick
    from tutor.views.texts import obsolete_since, old_term_lang, quoted

    olds = o.get("old") or {}
    src = old_term_lang(olds, lang)
    fields = {"old": quoted(olds.get(src) or ""), "modern": quoted(pick(o.get("modern"), lang)),
              "since": obsolete_since(o.get("year", ""), lang), "note": pick(o.get("note"), lang)}
    if src == lang:  # the old term in the reader's language; else in another one, which the text names
        return t("export.old_term", lang, **fields)
    return t("export.old_term_other", lang, src=t(f"lang_in.{src}", lang), **fields)


def glossary_row(item: GlossaryItem, lang: str) -> Row:
    """A concept in the learner's language (`lang`): its main name and status, the English headword, our
    definition, its rules, its other names with their statuses and the old term with its note."""
    main, *others = item.names[lang]
    other = "; ".join(f"{n.name} ({_kind_words(n, lang)}{_status_words(n, lang)})" for n in others)
    return Row(item.id, {
        "term": main.name,
        "status": _status_words(main, lang),
        "english": item.headword,
        "definition": item.definition.get(lang) or "",
        "rules": ", ".join(item.rules),
        "other_names": other,
        "old_term": old_term_text(item, lang),
        "id": item.id,
    })


def _kind_words(n: Name, lang: str) -> str:
    return f"{t(f'modern.kind.{n.kind}', lang)}, " if n.kind in ("also", "old") else ""


def rule_title(kb, number: str, lang: str) -> str:
    """``"509. Dichiarazione dei bloccanti"``: the title of a three-digit rule (a sub-rule: of its rule, a
    section: its own) in `lang`; "" when we have none in that language."""
    head = number.split(".")[0]
    title = kb.toc_title(head, lang)
    return f"{head}. {title}" if title else ""


def rule_items(kb, lang: str) -> list[Row]:
    """Every rule with an unofficial summary in `lang`, in rule order."""
    from glossary.model import rule_sort_key

    out = []
    for number in sorted(kb.data.summaries, key=rule_sort_key):
        text = (kb.data.summaries[number] or {}).get(lang)
        if not text:
            continue
        out.append(Row(number, {"number": number, "title": rule_title(kb, number, lang), "summary": text,
                                "id": number}))
    return out


def question_ids(lang: str) -> list[str]:
    """The ids of the questions exported for `lang`: every fixed question of the bank asked in `lang` (a term
    card in its typed form), and every sampled seed of each family, in the order the bank introduces cards."""
    from tutor.quiz import bank

    ids = []
    for c in bank.cards(lang=lang):
        if c.generated:
            ids += [f"{c.card}@{seed}" for seed in range(bank.SAMPLES)]
        else:
            ids.append(c.card)
    return ids


def question_row(q, lang: str) -> Row:
    """A question in `lang`: its text with the options numbered, the answer in words, the explanation, the
    rules it cites, its kind and level."""
    from tutor.quiz.feedback import option_label
    from tutor.quiz.model import expected_text

    lines = [q.prompt[lang]]
    lines += [option_label(q, i, lang) for i in range(1, len(q.options or ()) + 1)]
    if q.answer_format == "choice":
        answer = option_label(q, q.answer, lang)
    elif q.answer_format in ("choices", "order"):
        answer = "\n".join(option_label(q, i, lang) for i in q.answer)
    else:
        answer = expected_text(q, lang)
    return Row(q.id, {
        "question": "\n".join(lines) + "\n" + t(f"quiz.how.{q.answer_format}", lang, n=len(q.options or ())),
        "answer": answer,
        "explanation": q.explanation[lang],
        "rules": ", ".join(q.rules),
        "kind": t(f"quiz.kind.{q.kind}", lang),
        "level": str(q.level),
        "id": q.id,
    })


def quiz_items(lang: str) -> list[Row]:
    """Every question of :func:`question_ids`, in `lang`."""
    from tutor.quiz import bank

    return [question_row(bank.question(qid), lang) for qid in question_ids(lang)]


def items(what: str, lang: str, kb=None) -> list:
    """The items of `what` (``glossary``: :class:`GlossaryItem`; ``quiz``, ``rules``: :class:`Row` in `lang`)."""
    if what == "quiz":
        return quiz_items(lang)
    if kb is None:
        from glossary.kb import load

        kb = load()
    if what == "glossary":
        return glossary_items(kb)
    if what == "rules":
        return rule_items(kb, lang)
    raise ValueError(f"unknown export content {what!r}")


def rows(what: str, lang: str, found: list) -> list[Row]:
    """The items as rows in `lang` (a glossary item becomes its row in that language)."""
    return [glossary_row(i, lang) for i in found] if what == "glossary" else list(found)


def gaps(found: list[GlossaryItem]) -> dict:
    """What the glossary lacks, per language: concepts without our definition, names without a recorded
    status (counted, never filled in)."""
    return {lang: {"no_definition": sorted(i.id for i in found if not i.definition.get(lang)),
                   "unrecorded_status": sum(1 for i in found for n in i.names[lang] if n.status is None)}
            for lang in LANGS}
