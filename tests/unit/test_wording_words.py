"""The words the two learner trials corrected (issue 21, ../shared/reviews/*-learner-trial.md, section (b)) stay
corrected: in the catalogs, the lessons and scenarios, the digest and the curated concepts.

Russian: a player's move is «действие» (a course about the turn can't call it «ход»); lands are played («сыграть
землю»), never «разыграны»; combat damage is distributed («распределить»), «назначить» being the word for
declaring attackers and blockers (TERMINOLOGY.md); «planeswalker-у» with a hyphen as on Russian cards; fight is
«драться» as on Russian cards (Dominaria 2018: «Затем оно дерётся с целевым существом»). Italian: the blockers are
feminine (le creature bloccanti), no questions inverted after English, «Frammenti di Alara»."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tutor.i18n import catalog, t
from tutor.quiz import bank

ROOT = Path(__file__).resolve().parents[2]
YAML_FILES = sorted([*ROOT.glob("lessons/course/*.yaml"), *ROOT.glob("lessons/scenarios/*.yaml"),
                     ROOT / "lessons" / "cards.yaml", *ROOT.glob("glossary/curated/digest/*.yaml"),
                     ROOT / "glossary" / "curated" / "concepts.yaml", ROOT / "glossary" / "curated" / "fixes.yaml"])


def _texts(node, lang: str):
    """Every string under a `lang` key of a YAML tree."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == lang and isinstance(v, str):
                yield v
            elif k == lang and isinstance(v, list):
                yield from (x for x in v if isinstance(x, str))
            else:
                yield from _texts(v, lang)
    elif isinstance(node, list):
        for x in node:
            yield from _texts(x, lang)


def _all_texts(lang: str) -> list[tuple[str, str]]:
    out = [(f"tutor/i18n/{lang}.py:{key}", text) for key, text in catalog(lang).items() if isinstance(text, str)]
    for path in YAML_FILES:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        out += [(str(path.relative_to(ROOT)), text) for text in _texts(data, lang)]
    if lang == "ru":  # the digest's summaries are {number: {it, ru}}; toc-ru.yaml holds bare Russian titles
        toc = yaml.safe_load((ROOT / "glossary/curated/digest/toc-ru.yaml").read_text(encoding="utf-8"))
        out += [("toc-ru.yaml", v) for part in ("sections", "rules") for v in toc[part].values()]
    return out


RU = _all_texts("ru")
IT = _all_texts("it")


def _found(texts, pattern: str, flags=re.IGNORECASE) -> list[str]:
    rx = re.compile(pattern, flags)
    return [f"{where}: …{m.group(0)}…" for where, text in texts for m in [rx.search(text)] if m]


def test_the_texts_are_read():
    """The walk above reaches the lessons, the catalogs and the digest (else every test below passes vacuously)."""
    wheres = {w.split(":")[0] for w, _ in RU}
    assert "tutor/i18n/ru.py" in wheres and "lessons/course/09-combat-damage.yaml" in wheres
    assert "glossary/curated/digest/7.yaml" in wheres and len(RU) > 2000 and len(IT) > 2000


# ---- Russian ----------------------------------------------------------------------------------------------

# The catalog keys that name a learner's move: «действие», never «ход» (which is the turn).
MOVE_KEYS = ("lesson.prompt.move", "lesson.prompt.free_move", "lesson.bad_choice", "lesson.bad_free_choice",
             "lesson.undone", "lesson.hint.default1", "lesson.hint.default3", "lesson.no_move_now",
             "lesson.problem.pattern_illegal", "lesson.problem.wrong_is_accepted", "lesson.problem.move_refused",
             "app.lessons.busy", "app.lessons.free_text_one", "app.lessons.free_text_both", "app.lessons.free_stuck",
             "app.lessons.how_number")
_HOD = r"(?<![а-яё])ход(?:а|у|ом|е|ы|ов|ам|ами|ах)?(?![а-яё])"


@pytest.mark.parametrize("key", MOVE_KEYS)
def test_a_move_is_not_called_a_turn(key):
    text = catalog("ru")[key]
    assert not re.search(_HOD, text, re.IGNORECASE), (key, text)


def test_the_prompts_say_action():
    assert t("lesson.prompt.move", "ru").startswith("Ваше действие")
    assert "номер варианта" in t("lesson.bad_choice", "ru", n=3)
    assert t("lesson.undone", "ru").startswith("Действие отменено")


def test_no_lesson_calls_a_move_a_turn():
    assert not _found(RU, r"допустим\w* ход\b|ход допустим|ошибочн\w* ход\b|лучший ход\b|(?<![а-яё])(?<!дополнительные )ходы,? которые"
                          r"|недопустим\w* ход|ходы главной фазы|ваш ход \(номер")


def test_lands_are_played_not_cast():
    """(A scenario may still say that A *tries* to cast a Forest as a spell: that is its point.)"""
    assert not _found(RU, r"розыгрыш\w*\s+земл|разыгрыван\w*\s+земл|разыгра\w*\s+(?:землю|земли)\b")


def test_assigning_combat_damage_is_distributing():
    """«назначить» is declaring (attackers, blockers); damage is «распределить». A step list («шаги назначения
    блокирующих и боевых повреждений») is not an assignment."""
    rx = re.compile(r"назнач\w*(?:\s+\S+){0,3}?\s+(?:боев\w+\s+)?повреждени", re.IGNORECASE)
    bad = [f"{w}: {m.group(0)}" for w, text in RU for m in rx.finditer(text)
           if not re.search(r"(?:атакующ|блокирующ)\w*(?:\s+и|,)\s+(?:шаг\w*\s+)?боев", m.group(0))]
    assert not bad, bad


def test_the_blocking_order_does_not_sound_like_a_damage_assignment_order():
    assert not _found(RU, r"назначив [^.]{0,30}первым|назначил [^.]{0,30}первым")
    lesson = (ROOT / "lessons/course/09-combat-damage.yaml").read_text(encoding="utf-8")
    assert "сначала «Холмовым великаном», потом «Искателем славы»" in lesson


def test_planeswalker_is_inflected_with_a_hyphen():
    assert not _found(RU, r"planeswalker'[а-яё]", re.IGNORECASE)
    assert not _found(RU, r"(?:игроку|игроком|атаковать оппонента|наносить также),? planeswalker(?![-\w])")


def test_fight_is_drat_as_on_russian_cards():
    """701.12 (fight): «драться», as Dominaria's Russian cards print it; «сражаться» only as the spoken variant."""
    digest = yaml.safe_load((ROOT / "glossary/curated/digest/7.yaml").read_text(encoding="utf-8"))
    summary = digest["rules"]["701.12"]["ru"]
    assert summary.startswith("Драться (fight") and "дерётся" in summary and "сражаться" in summary


def test_russian_phrasing_fixed_by_the_trial():
    assert not _found(RU, r"опустени\w* стека|В ходу пять фаз|В ходе пять фаз|Контролирующий игрок атакующего"
                          r"|Если к распределению|^Не понял:")
    assert ":" not in t("quiz.stack.state_empty", "ru")
    assert "сейчас нужно «Внесение заразы»" not in (ROOT / "lessons/course/11-state-based-actions.yaml").read_text(
        encoding="utf-8")


# ---- both languages ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["it", "ru"])
def test_no_reason_ends_in_a_parenthesis(lang):
    """A refusal's reason is followed by its rule in parentheses ("(regola 302.6)"): two parentheses in a row read
    badly («(и у него нет ускорения) (правило 302.6)»)."""
    bad = {k: v for k, v in catalog(lang).items() if k.startswith("reason.") and v.rstrip().endswith(")")}
    assert not bad, bad


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_a_card_without_any_legal_target_says_so(lang):
    """can-cast: the engine tried every target, so the card has none («nessun bersaglio legale»), rather than the
    lesson's «bersaglio non legale», which suggests a wrong choice."""
    seen = 0
    for family in bank.families("can-cast"):
        for seed in range(40):
            text = bank.question(f"{family}@{seed}").explanation[lang]
            if "601.2c" in text:
                seen += 1
                assert t("quiz.cast.no_legal_target", lang) in text, text
                assert t("reason.illegal_target", lang) not in text, text
    assert seen


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_modern_term_line_is_not_a_sentence_after_a_colon(lang):
    text = " ".join(v for _, v in (IT if lang == "it" else RU))
    assert "nessuno: regola abolita" not in text and "нет: правило отменено" not in text


# ---- Italian ----------------------------------------------------------------------------------------------

def test_shards_of_alara_is_frammenti_di_alara_in_italian():
    assert not _found(IT, r"Shards of Alara")
    assert _found(IT, r"Frammenti di Alara")


def test_blockers_are_feminine_in_italian():
    """Le (creature) bloccanti, as in the lessons and the rules' «creature bloccanti»."""
    assert not _found(IT, r"\b(?:[iI]|dei|ai|tra i|dichiarare i) bloccanti\b|\bi bloccanti sono stati\b")


def test_italian_questions_are_not_inverted_after_english():
    assert not _found(IT, r"^(?:Possono|Può) (?:gli|i|le|il|la|lo|l') ?«", re.MULTILINE)


def test_italian_phrasing_fixed_by_the_trial():
    assert not _found(IT, r"\bte colpiscono\b|(?i:tutti e due avete passato)|prima c'è la \[\[first-strike"
                          r"|uccide lui\b|Di solito sarebbe così|è un termine delle vecchie regole"
                          r"|non hai abbastanza mana|passa la priorità solo A")
    lessons = [(w, x) for w, x in IT + RU if w.startswith("lessons/")]  # the screen and the prompt say it already
    assert not _found(lessons, r"Scegli tutte (?:le risposte giuste|quelle giuste)|Выберите все верные варианты")
