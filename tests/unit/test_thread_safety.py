"""Objects that threads share are safe to share: the app builds the index in one thread (glossary/search.py ->
glossary/lang.py stems every word) while the quiz builds its bank in another; a Snowball stemmer keeps its
state in the object (not thread-safe: IndexError inside snowballstemmer, or a wrong stem, one first run in
three when F3 was pressed at once). Each test races threads and compares with the serial results."""

from __future__ import annotations

from collections import Counter

import pytest

from glossary import lang
from tests.conftest import source_text
from tests.threads import run_together

THREADS = 8


def _words(language: str) -> list[str]:
    text = source_text("ru_glossary_10ed.txt" if language == "ru" else "it_glossary_8ed.txt")
    return sorted(Counter(lang._WORD.findall(lang.fold(text))))[:3000]


def _race(work, inputs: list) -> tuple[list, list[BaseException]]:
    """`work` run over `inputs` by THREADS threads at once (each its own slice, rotated, so that they stem
    different words at the same moment); the results in input order and the errors."""
    results: dict[int, object] = {}
    errors: list[BaseException] = []

    def run(n: int) -> None:
        offset = n * len(inputs) // THREADS
        try:
            for i in range(offset, offset + len(inputs)):
                index = i % len(inputs)
                value = work(inputs[index])
                if results.setdefault(index, value) != value:
                    errors.append(AssertionError(f"{inputs[index]!r}: {value!r} != {results[index]!r}"))
        except BaseException as exc:  # noqa: BLE001 - the test reports it
            errors.append(exc)

    run_together(THREADS, run)
    return [results.get(i) for i in range(len(inputs))], errors


@pytest.mark.parametrize("language", ["it", "ru"])
def test_stemming_from_many_threads_gives_the_serial_stems(language):
    words = _words(language)
    serial = [lang._stemmer(language).stemWord(w) for w in words]
    stem = lang._stem.__wrapped__  # uncached: every call stems
    raced, errors = _race(lambda w: stem(language, w), words)
    assert not errors, errors[:3]
    assert raced == serial


def test_russian_lemmas_from_many_threads_give_the_serial_lemmas():
    words = [w for w in _words("ru") if lang.script(w) == "ru"][:1500]
    lemma = lang._lemma.__wrapped__
    serial = [lemma(w) for w in words]
    raced, errors = _race(lemma, words)
    assert not errors, errors[:3]
    assert raced == serial


def test_the_analyser_is_built_once_when_threads_ask_for_it_together(monkeypatch):
    built = []
    real = lang._new_morph

    def slow():
        built.append(1)
        import time

        time.sleep(0.05)
        return real()

    monkeypatch.setattr(lang, "_new_morph", slow)
    monkeypatch.setattr(lang, "_MORPH", [])
    _, errors = _race(lambda _: id(lang._morph()), list(range(THREADS)))
    assert not errors and len(built) == 1
