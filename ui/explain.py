"""What the "Explain my result" page writes: each explanation's combination, likelihood and
reasons in the reader's language."""

from __future__ import annotations

from gammon_elo import RULES, Explanation

from .i18n import number, percent, signed, t


def reasons(e: Explanation) -> list[str]:
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


def combination(e: Explanation) -> str:
    """ "Win · K 16 · cube 4" in the reader's language."""
    return t(f"explain.combo_{e.outcome}", k=e.k, cube=e.cube)


def share(likelihood: float) -> str:
    """A likelihood as a whole percentage, "< 1%" below half a percent (never "0%")."""
    return percent(likelihood, 0) if likelihood >= 0.005 else "< " + percent(0.01, 0)
