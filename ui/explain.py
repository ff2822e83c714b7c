"""What the "Explain my result" page writes: each explanation's combination, likelihood and
reasons in the reader's language."""

from __future__ import annotations

import pandas as pd

from gammon_elo import RULES, Cause, OpponentRange

from .grids import Table
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


def combination(e: Cause | OpponentRange) -> str:
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


def gap(r: OpponentRange) -> str:
    """Where the range lies from you: "664–878 points below you", "52 or more points above
    you"."""
    low, high = r.gaps
    if high is not None and high < 0:  # every such opponent is weaker
        near, far = -high, None if low is None else -low
        key = "explain.gap_below_open" if far is None else "explain.gap_below"
    elif low is not None and low > 0:  # every such opponent is stronger
        near, far = low, high
        key = "explain.gap_above_open" if far is None else "explain.gap_above"
    else:
        return t("explain.gap_around", below=number(-(low or 0)), above=number(high or 0))
    if far == near:
        key = key.replace("_open", "") + "_one"
    return t(key, near=number(near), far=number(far or 0))


def exact_at(r: OpponentRange) -> str:
    """One sentence: the combination and the opponents at which the change is exact."""
    return t(
        "explain.exact_at",
        change=signed(r.change),
        combination=combination(r),
        opponents=opponents(r),
        gap=gap(r),
    )


def ranges_grid(ranges: tuple[OpponentRange, ...]) -> Table:
    """One row per outcome, K and cube: the lowest and the highest opponent at which the change
    is exact, and the same as their rating minus yours (no end that way: a dash)."""
    start, end = t("explain.col_from"), t("explain.col_to")
    opponent, against = t("explain.col_opponent"), t("explain.col_against")
    frame = pd.DataFrame({("", t("explain.col_game")): [combination(r) for r in ranges]})
    for header, values in (
        ((opponent, start), [r.lowest for r in ranges]),
        ((opponent, end), [r.highest for r in ranges]),
        ((against, start), [r.gaps[0] for r in ranges]),
        ((against, end), [r.gaps[1] for r in ranges]),
    ):
        frame[header] = pd.array(values, dtype="Int64")
    return Table(frame, {(against, start): signed, (against, end): signed})
