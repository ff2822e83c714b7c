"""The lab's rule sets side by side: a table with a row per measure and a column per rule set,
and the sentence that compares them ("1.3.1 (÷1200): 120, against 95 under ÷400 …"), shared by
the Simulator, History and the Rule designer."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd

from ..grids import NO_VALUE, Shown
from ..i18n import t


def written(values: pd.Series, write: Callable[[Any], str]) -> list[str]:
    return [NO_VALUE if pd.isna(v) else write(v) for v in values]


def per_rule_set(
    frame: pd.DataFrame,
    labels: Mapping[str, str],
    columns: Mapping[str, tuple[str, Callable[[Any], str]]],
) -> Shown:
    """One row per rule set: its label, then each column under its header, formatted (a missing
    figure shows as a dash)."""
    shown = pd.DataFrame({t("col.rules"): frame["rules"].map(labels)})
    raw = pd.DataFrame({t("col.rules"): frame["rules"]})
    for column, (header, fmt) in columns.items():
        shown[header] = [fmt(v) if pd.notna(v) else NO_VALUE for v in frame[column]]
        raw[header] = frame[column].to_numpy()
    return Shown(shown=shown, raw=raw)


def by_measure(
    frame: pd.DataFrame,
    labels: Mapping[str, str],
    headers: Mapping[str, str],
    columns: Mapping[str, tuple[str, Callable[[Any], str]]],
) -> Shown:
    """A row per measure and a column per rule set under its short header (``headers``;
    ``labels`` name them in the CSV, a row per rule set), drawn static: a measure's name wraps
    on a phone, and only there."""
    measure = t("simulator.measure")
    shown = pd.DataFrame({measure: [header for header, _ in columns.values()]})
    for _, row in frame.iterrows():
        shown[headers[row["rules"]]] = [
            fmt(row[c]) if pd.notna(row[c]) else NO_VALUE for c, (_, fmt) in columns.items()
        ]
    raw = per_rule_set(frame, labels, columns).raw
    return Shown(shown=shown, raw=raw, static=True)


def compared(items: Sequence[tuple[str, str]], key: str, **values: object) -> str:
    """One sentence: ``key`` filled with the first rule set's ``value`` and ``rules``, then
    ", against 95 under ÷400 and 120 under ÷800" for the others (nothing when alone)."""
    (first_rules, first_value), *others = items
    against = ""
    if others:
        parts = [t("simulator.under", value=v, rules=r) for r, v in others]
        joined = (
            parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + t("simulator.and") + parts[-1]
        )
        against = t("simulator.against", items=joined)
    return t(key, value=first_value, rules=first_rules, against=against, **values)
