"""Every rule a quiz question cites — its `rules` and the rule numbers in its prompt, options and explanation —
is readable by an Italian and a Russian learner (Italian official text or a summary in both languages) and
exists in Foundations: `kb check` scans the sources' literals, but the quiz also cites rules it takes at run time
from the glossary's concepts and the engine's events."""

from __future__ import annotations

from glossary.rule_refs import find_rule_refs
from tests.engine.test_quiz_questions import _sample


def _cited(questions) -> dict[str, list[str]]:
    cited: dict[str, list[str]] = {}
    for q in questions:
        for number in q.rules:
            cited.setdefault(number, []).append(q.id)
        for text in (q.prompt, q.explanation, *(q.options or ())):
            for lang in ("it", "ru"):
                for ref in find_rule_refs(text[lang]):
                    cited.setdefault(ref.number, []).append(f"{q.id} ({lang})")
    return cited


def test_every_rule_a_question_cites_is_readable_and_in_foundations(kb):
    cited = _cited(_sample())
    assert len(cited) > 100
    report = kb.citation_check(cited)
    assert report["foundations_rules"] > 3000
    assert report["without_text"] == [], report["without_text"][:5]
    assert report["not_in_foundations"] == [], report["not_in_foundations"][:5]


def test_the_check_would_see_a_question_citing_an_unreadable_rule(kb):
    """The test above can fail: a rule with no Italian text and no summary (800.1), and one that Foundations
    abolished (509.6, damage assignment order in 2022), are reported."""
    report = kb.citation_check({"800.1": ["term:x"], "509.6": ["term:y"]})
    assert [x["number"] for x in report["without_text"]] == ["509.6", "800.1"]
    assert [x["number"] for x in report["not_in_foundations"]] == ["509.6"]
