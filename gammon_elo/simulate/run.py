"""Kept for one release; use :mod:`gammon_elo.simulate.weeks`."""

from .weeks import (
    Progress,
    simulate,
)

__all__ = [
    "Progress",
    "simulate",
]
