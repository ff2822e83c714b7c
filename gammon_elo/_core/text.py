"""The package's one way of writing a change in words: the sign always shown, except on zero."""

from __future__ import annotations

__all__ = ["signed"]


def signed(change: int) -> str:
    """+12, -9, and 0 without a sign (a change of nothing is neither gain nor loss).

    >>> signed(12), signed(-9), signed(0)
    ('+12', '-9', '0')
    """
    return f"{change:+d}" if change else "0"
