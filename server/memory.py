"""Giving the memory this process has freed back to the system: glibc keeps the pages that
Python frees in its malloc arenas (one per thread that allocated them), where they still count
as the server's resident memory until ``malloc_trim`` returns them."""

from __future__ import annotations

import ctypes


def return_memory() -> None:
    """Return the free pages of every malloc arena to the system: glibc's ``malloc_trim(0)``
    (nothing on a C library without it)."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return
    trim(0)
