"""Guided lessons: the course format, its validation against the engine, and a UI-agnostic runtime.

- `tutor.lessons.model` — `load_lesson`, `load_course`: the typed schema and the loaded `Lesson` (format:
  ``lessons/README.md``);
- `tutor.lessons.session` — `LessonSession`: steps, board, events, grouped moves, answers, hints, undo, stars,
  progress and resume;
- `tutor.lessons.freeplay` — `FreePlay`: the learner against the engine's agent, from any position;
- `tutor.lessons.check` — `check_lesson`: play a lesson headlessly and hold every statement to the engine;
- `tutor.lessons.moves` — grouped, labelled moves and the matching of moves against lesson patterns;
- `tutor.lessons.links` — ``[[concept]]`` and rule-number links in texts;
- `tutor.lessons.text` — plain-text rendering of a board (the terminal player).

Nothing here prints or imports a UI toolkit; every text is asked for in a language.
"""

from tutor.lessons.check import check_lesson
from tutor.lessons.freeplay import FreePlay
from tutor.lessons.links import TextPart, split_text
from tutor.lessons.model import Course, Lesson, load_course, load_lesson
from tutor.lessons.moves import Move, MoveGroup, legal_moves
from tutor.lessons.results import AnswerResult, EventLine, Hint, MoveResult, Option, Problem
from tutor.lessons.session import LessonSession, stars_for

__all__ = [
    "AnswerResult", "Course", "EventLine", "FreePlay", "Hint", "Lesson", "LessonSession", "Move", "MoveGroup",
    "MoveResult", "Option", "Problem", "TextPart", "check_lesson", "legal_moves", "load_course", "load_lesson",
    "split_text", "stars_for",
]
