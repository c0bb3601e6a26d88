"""The quiz: questions on rulings, scheduled with spaced repetition.

:mod:`tutor.quiz.scheduler` schedules cards with FSRS over the progress store (:mod:`tutor.progress`). This package
imports nothing itself, so importing a submodule stays cheap.
"""
