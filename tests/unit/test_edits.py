"""The edit distance of typo search (glossary.edits) is rapidfuzz's OSA distance, and the closest keys are what
rapidfuzz.process.extract gives: the search lost an import, not a result."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

_WORDS = st.text(alphabet="abcdeé кл", max_size=9)


@settings(max_examples=3000, deadline=None)
@given(_WORDS, _WORDS, st.integers(min_value=0, max_value=3))
def test_the_bounded_edit_distance_is_rapidfuzz_osa(a, b, k):
    from rapidfuzz.distance import OSA

    from glossary.edits import osa_within

    d = OSA.distance(a, b)
    assert osa_within(a, b, k) == (d if d <= k else k + 1)


@settings(max_examples=300, deadline=None)
@given(_WORDS, st.lists(_WORDS, max_size=40), st.integers(min_value=1, max_value=2), st.integers(min_value=1, max_value=30))
def test_closest_keys_are_what_rapidfuzz_extract_gives(key, candidates, max_edits, limit):
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    from glossary.edits import closest

    expected = process.extract(key, candidates, scorer=OSA.distance, score_cutoff=max_edits, limit=limit)
    assert closest(key, candidates, max_edits, limit) == [(c, int(d)) for c, d, _ in expected]
