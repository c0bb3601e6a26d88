"""Time in the progress store: aware UTC datetimes in the API, ISO text or epoch milliseconds on disk, and the
learner's day (:class:`DayPolicy`) for "today", per-day counts and streaks.

>>> from datetime import datetime, timezone, timedelta
>>> iso(datetime(2025, 1, 31, 18, 4, 5, 123456, tzinfo=timezone.utc))
'2025-01-31T18:04:05.123Z'
>>> parse_iso('2025-01-31T18:04:05.123Z')
datetime.datetime(2025, 1, 31, 18, 4, 5, 123000, tzinfo=datetime.timezone.utc)
>>> days = DayPolicy(tz=timezone.utc, rollover_hour=4)
>>> days.day_of(datetime(2025, 1, 31, 3, 59, tzinfo=timezone.utc))   # before 4:00 it is still the day before
datetime.date(2025, 1, 30)
>>> days.start_of(days.day_of(datetime(2025, 1, 31, 12, tzinfo=timezone.utc)))
datetime.datetime(2025, 1, 31, 4, 0, tzinfo=datetime.timezone.utc)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

__all__ = ["DayPolicy", "from_ms", "iso", "parse_iso", "to_ms", "utc"]

UTC = UTC


def utc(moment: datetime | None) -> datetime:
    """`moment` as an aware UTC datetime truncated to the millisecond (now when None); naive datetimes are refused."""
    if moment is None:
        moment = datetime.now(UTC)
    elif moment.tzinfo is None or moment.tzinfo.utcoffset(moment) is None:
        raise ValueError(f"a timezone-aware datetime is required, not {moment!r}")
    moment = moment.astimezone(UTC)
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def to_ms(moment: datetime) -> int:
    """Epoch milliseconds of an aware datetime."""
    return (utc(moment) - _EPOCH) // timedelta(milliseconds=1)


_MAX_MS = 253_402_214_400_000 - 86_400_000 * 366  # 9998-12-31: a datetime, with a year to spare for arithmetic
_MIN_MS = -62_135_596_800_000 + 86_400_000 * 366  # 0002-01-01


def from_ms(ms: int) -> datetime:
    """The aware UTC datetime of epoch milliseconds `ms`; a value no datetime can hold (a store edited by hand)
    is taken as the nearest one that can, so that no card of the store becomes unreadable.

    >>> from_ms(0).year, from_ms(10**19).year, from_ms(-10**19).year
    (1970, 9998, 2)
    """
    return _EPOCH + timedelta(milliseconds=min(max(ms, _MIN_MS), _MAX_MS))


def iso(moment: datetime) -> str:
    """UTC ISO 8601 text with milliseconds and a ``Z`` (sorts like the instants it names)."""
    return utc(moment).strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc(moment).microsecond // 1000:03d}Z"


def parse_iso(text: str | None) -> datetime | None:
    """The aware UTC datetime of :func:`iso` text (None stays None)."""
    return None if text is None else datetime.fromisoformat(text).astimezone(UTC)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class DayPolicy:
    """What the learner calls a day: local days (``tz=None`` = the system's time zone, daylight saving included,
    or any ``tzinfo``) that start at ``rollover_hour`` o'clock, as in Anki (4:00 by default), so a review after
    midnight still counts for the evening before. Tests pass ``tz=timezone.utc``."""

    tz: tzinfo | None = None
    rollover_hour: int = 4

    def __post_init__(self) -> None:
        if not (isinstance(self.rollover_hour, int) and 0 <= self.rollover_hour <= 23):
            raise ValueError(f"rollover_hour must be an hour from 0 to 23, not {self.rollover_hour!r}")

    def day_of(self, moment: datetime) -> date:
        """The learner's day that contains the instant `moment`."""
        stamp = utc(moment).timestamp()
        local = datetime.fromtimestamp(stamp, self.tz) if self.tz else datetime.fromtimestamp(stamp)
        return (local - timedelta(hours=self.rollover_hour)).date()

    def start_of(self, day: date) -> datetime:
        """The instant (aware UTC) at which the learner's `day` begins."""
        local = datetime.combine(day, time(self.rollover_hour), tzinfo=self.tz)
        return datetime.fromtimestamp(local.timestamp(), UTC)  # a naive local time goes through the C library

    def bounds(self, moment: datetime) -> tuple[date, datetime, datetime]:
        """The day containing `moment`, its start and the start of the next day (both aware UTC)."""
        day = self.day_of(moment)
        return day, self.start_of(day), self.start_of(day + timedelta(days=1))
