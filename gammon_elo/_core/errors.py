"""The package's errors: one small hierarchy, every message naming the field and the value.

ValueError
 └── InvalidInput            a value the rules cannot rate (field, value, reason)
      ├── UnknownRules       a rule-set name that is not in RULES
      └── InvalidHistory     a history with bad rows (report: row, column, value, reason)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["InvalidHistory", "InvalidInput", "UnknownRules"]


class InvalidInput(ValueError):  # noqa: N818 (a public name: callers catch it by this name)
    """A value the rules cannot rate; ``field`` and ``value`` say which and what.

    >>> str(InvalidInput("cube", 3, "must be a power of two from 1 to 64"))
    'cube must be a power of two from 1 to 64, got 3'
    """

    def __init__(self, field: str, value: Any, reason: str) -> None:
        self.field = field
        self.value = value
        self.reason = reason
        super().__init__(f"{field} {reason}, got {value!r}")


class UnknownRules(InvalidInput):
    """A rule-set name that is not one of ``RULES``."""

    def __init__(self, value: Any, known: tuple[str, ...]) -> None:
        super().__init__("rules", value, "must be one of " + ", ".join(known))


class InvalidHistory(InvalidInput):
    """A history of games with bad rows; ``report`` lists every problem of every row.

    ``report`` has the columns row, column, value and reason (rows numbered as in the CSV
    file: the header is row 1); ``field``, ``value`` and ``reason`` are its first problem's.
    """

    def __init__(self, report: pd.DataFrame, rows_read: int) -> None:
        self.report = report
        self.rows_read = rows_read
        self.rows_rejected = int(report["row"].nunique())
        first = report.iloc[0]
        super().__init__(str(first["column"]), first["value"], str(first["reason"]))
        problems = len(report)
        self.args = (
            f"{self.rows_rejected:,} of {rows_read:,} row{'s' if rows_read != 1 else ''}"
            f" {'is' if self.rows_rejected == 1 else 'are'} invalid ({problems:,} problem"
            f"{'s' if problems != 1 else ''}); first, row {first['row']}: {self}",
        )
