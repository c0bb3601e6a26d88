"""The quiz statistics: due today, today's answers, right answers (every answer), retention (reviews of questions
already learnt), streak, totals, how a grade decides when a question comes back, and the answers of each of the last
30 days as a small chart (a `Sparkline`, one cell per day) with the same numbers written out, a week per line.

Everything comes from :meth:`tutor.progress.ProgressStore.quiz_stats` (:class:`~tutor.progress.QuizStats`); this
widget only lays it out, in the interface language, as plain text (nothing here is read as markup).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Sparkline, Static

from tutor.i18n import t

__all__ = ["QuizStatsView", "day_label", "stats_lines", "week_lines"]

WEEK = 7


def day_label(day, ui: str) -> str:
    """A short date in the interface language's form ("03/11", "03.11")."""
    return t("quiz.app.date", ui, dd=f"{day.day:02d}", mm=f"{day.month:02d}")


def stats_lines(stats, ui: str) -> list[str]:
    """The figures of `stats` (a :class:`~tutor.progress.QuizStats`), one a line, each saying what it counts:
    every answer (the first ones and the learning steps included), and apart the reviews of questions already
    learnt; then how an answer decides when its question comes back."""
    correct = "—" if stats.correct_share is None else f"{stats.correct_share:.0%}"
    remembered = (t("quiz.stats.retention_none", ui) if stats.retention is None else
                  t("quiz.stats.retention", ui, share=f"{stats.retention:.0%}", n=stats.retention_reviews))
    return [t("quiz.stats.due", ui, n=stats.due_today),
            t("quiz.stats.today", ui, n=stats.reviews_today, new=stats.new_today),
            t("quiz.stats.correct", ui, share=correct, correct=stats.answers_correct, n=stats.answers),
            remembered,
            t("quiz.stats.streak", ui, n=stats.streak),
            t("quiz.stats.total", ui, n=stats.total_reviews, cards=stats.cards),
            "",
            t("quiz.stats.grades", ui)]


def week_lines(stats, ui: str) -> list[str]:
    """The answers of every day, a week (oldest first) per line, with the week's total: the chart in numbers."""
    days = stats.days
    width = max(2, *(len(str(d.reviews)) for d in days)) if days else 2
    out = []
    for start in range(0, len(days), WEEK):
        week = days[start:start + WEEK]
        counts = " ".join(f"{d.reviews:>{width}}" for d in week)
        out.append(t("quiz.stats.week", ui, first=day_label(week[0].day, ui), last=day_label(week[-1].day, ui),
                     counts=counts, total=sum(d.reviews for d in week)))
    return out


class QuizStatsView(Vertical):
    """The statistics pane of the quiz screen; :meth:`show` fills it."""

    DEFAULT_CSS = """
    QuizStatsView {
        height: auto;
        padding: 0 1;
    }
    QuizStatsView #stats-title {
        text-style: bold;
        color: $accent;
        margin-bottom: 1;
    }
    QuizStatsView #stats-chart-title {
        margin-top: 1;
    }
    QuizStatsView #stats-chart {
        width: 30;
        height: 3;
        margin: 0 0;
    }
    QuizStatsView #stats-axis, QuizStatsView #stats-weeks {
        color: $text-muted;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="stats-title")
        yield Static(id="stats-figures")
        yield Static(id="stats-chart-title")
        yield Sparkline([], id="stats-chart", summary_function=max)
        yield Static(id="stats-axis")
        yield Static(id="stats-weeks")

    def show(self, stats, ui: str) -> None:
        """Show `stats` (a :class:`~tutor.progress.QuizStats`) in the language `ui`."""
        days = stats.days
        first, last = (day_label(days[0].day, ui), day_label(days[-1].day, ui)) if days else ("", "")
        self.query_one("#stats-title", Static).update(Text(t("quiz.stats.title", ui)))
        self.query_one("#stats-figures", Static).update(Text("\n".join(stats_lines(stats, ui))))
        self.query_one("#stats-chart-title", Static).update(
            Text(t("quiz.stats.chart", ui, first=first, last=last, peak=max((d.reviews for d in days), default=0))))
        chart = self.query_one("#stats-chart", Sparkline)
        chart.styles.width = max(1, len(days))
        chart.data = [float(d.reviews) for d in days]
        gap = max(1, len(days) - len(first) - len(last))
        self.query_one("#stats-axis", Static).update(Text(f"{first}{' ' * gap}{last}"))
        self.query_one("#stats-weeks", Static).update(Text("\n".join(week_lines(stats, ui))))
