"""What the "Explain my result" page writes: each explanation's combination, likelihood and
reasons in the reader's language."""

from __future__ import annotations

import pandas as pd

from gammon_elo import RULES, Cause, OpponentRange

from .grids import Shown
from .i18n import number, percent, signed, t


def reasons(e: Cause) -> list[str]:
    """One explanation's reasons in the reader's language."""
    said = [
        t(
            f"explain.reason_{e.outcome}",
            expected=percent(e.expected),
        )
    ]
    if e.heavy:
        said.append(t("explain.reason_heavy", threshold=e.threshold, k=e.k))
    elif e.threshold is not None:
        said.append(t("explain.reason_normal", threshold=e.threshold, k=e.k))
    else:
        said.append(t("explain.reason_k", k=e.k))
    said.append(t("explain.reason_cube", cube=e.cube, multiplier=number(e.cube_multiplier, 2)))
    for name, change in e.other_rules:
        divisor = number(RULES[name].divisor)
        said.append(t("explain.reason_other", name=name, divisor=divisor, change=signed(change)))
    return said


def combination(e: Cause) -> str:
    """ "Win · K 16 · cube 4" in the reader's language."""
    return t(f"explain.combo_{e.outcome}", k=e.k, cube=e.cube)


def share(likelihood: float) -> str:
    """A likelihood as a whole percentage, "< 1%" below half a percent (never "0%")."""
    return percent(likelihood, 0) if likelihood >= 0.005 else "< " + percent(0.01, 0)


def opponents(r: OpponentRange) -> str:
    """The opponent ratings of a range: "772–986", "3290 or higher", "−290 or lower"."""
    if r.lowest is None and r.highest is None:
        return t("explain.range_any")
    if r.lowest is None:
        return t("explain.range_down", high=number(r.highest or 0))
    if r.highest is None:
        return t("explain.range_up", low=number(r.lowest))
    if r.lowest == r.highest:
        return number(r.lowest)
    return t("explain.range", low=number(r.lowest), high=number(r.highest))


def gap(r: OpponentRange, *, short: bool = False) -> str:
    """Where the range lies from you: "664–878 points below you", "52 or more points above
    you" (``short``, for a table's cell on a phone: "664–878 below", "52+ above")."""
    low, high = r.gaps
    if high is not None and high < 0:  # every such opponent is weaker
        near, far = -high, None if low is None else -low
        key = "explain.gap_below_open" if far is None else "explain.gap_below"
    elif low is not None and low > 0:  # every such opponent is stronger
        near, far = low, high
        key = "explain.gap_above_open" if far is None else "explain.gap_above"
    else:
        key = "explain.gap_around_short" if short else "explain.gap_around"
        return t(key, below=number(-(low or 0)), above=number(high or 0))
    if far == near:
        key = key.replace("_open", "") + "_one"
    if short:
        key += "_short"
    return t(key, near=number(near), far=number(far or 0))


def exact_at(r: OpponentRange) -> str:
    """One sentence: the combination and the opponents at which the change is exact."""
    return t(
        "explain.exact_at",
        change=signed(r.change),
        combination=t(f"explain.combo_{r.outcome}", k=r.k, cube=r.cube),
        opponents=opponents(r),
        gap=gap(r),
    )


def ranges_grid(ranges: tuple[OpponentRange, ...]) -> Shown:
    """One row per outcome, K and cube: the opponents at which the change is exact."""
    game, opponent, against = (t(f"explain.col_{c}") for c in ("game", "opponent", "against"))
    shown = pd.DataFrame(
        {
            game: [t(f"explain.combo_{r.outcome}", k=r.k, cube=r.cube) for r in ranges],
            opponent: [opponents(r) for r in ranges],
            against: [gap(r, short=True) for r in ranges],
        }
    )
    low, high = t("explain.col_lowest"), t("explain.col_highest")
    raw = pd.DataFrame(
        {
            game: shown[game],
            low: pd.array([r.lowest for r in ranges], dtype="Int64"),
            high: pd.array([r.highest for r in ranges], dtype="Int64"),
        }
    )
    return Shown(shown=shown, raw=raw)
