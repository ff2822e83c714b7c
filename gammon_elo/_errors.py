"""The package's errors: one small hierarchy, every message naming the field and the value.

ValueError
 └── InvalidInput            a value the rules cannot rate (field, value, reason)
      └── UnknownRules       a rule-set name that is not in RULES
"""

from __future__ import annotations

from typing import Any

__all__ = ["InvalidInput", "UnknownRules"]


class InvalidInput(ValueError):  # noqa: N818 (the issue names it)
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
