"""The quiz: rules questions in Italian and Russian, many of them computed by the rules engine, scheduled with
spaced repetition (FSRS). UI-agnostic: nothing here prints or imports Textual.

The API a screen needs (see each module for details):

* :class:`tutor.quiz.model.Question` — one question: ``id``, ``kind``, ``card`` (what FSRS schedules),
  ``topic``, ``difficulty``, ``prompt`` / ``options`` / ``explanation`` / ``hints`` (``{"it", "ru"}`` texts,
  rendered when read), ``answer_format`` (``choice|choices|order|number|text``), ``answer``, ``rules``,
  ``concepts``, ``expected_ms``; ``to_public()`` is the ``quiz next --json`` shape; ``data["position"]`` the
  position of an engine question as a scenario (to show a board: replay it with :mod:`tutor.scenario`).
* :func:`tutor.quiz.model.judge` — ``judge(question, typed, lang) -> Verdict(correct, expected, note, given)``;
  :class:`~tutor.quiz.model.AnswerError` for a malformed answer (ask again: it is not a wrong answer).
* :func:`tutor.quiz.bank.question` — ``question(id)``: any question rebuilt from its id alone
  (:class:`~tutor.quiz.model.UnknownQuestion` if none); :func:`~tutor.quiz.bank.pick` — ``pick(seed, topic,
  kind, lang)``: one question, the same for the same seed; :func:`~tutor.quiz.bank.cards` /
  :func:`~tutor.quiz.bank.topics` / :data:`~tutor.quiz.bank.KINDS` — what can be asked.
* :class:`tutor.quiz.session.QuizSession` — ``QuizSession(store, lang=…, topic=…, kind=…, size=…, seed=…,
  retention=…)``: ``items`` (the scheduler's session), ``questions()`` (each question, built when asked),
  ``answer(question, typed, duration_ms=…, hint_used=…) -> AnswerOutcome`` (verdict, rating, due),
  ``summary()``.
* :func:`tutor.quiz.session.answer_question` — judge, record and schedule an answer to a question id;
  :func:`~tutor.quiz.session.progress_report` — the ``progress --json`` shape; :func:`~tutor.quiz.session.
  quiz_settings` — ``quiz_retention``, ``quiz_new_per_day``, ``quiz_session_size`` from settings.json.
* :mod:`tutor.quiz.scheduler` — FSRS over the progress store (:mod:`tutor.progress`).

This package imports nothing itself, so importing a submodule stays cheap.
"""
