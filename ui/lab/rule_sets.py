"""The lab's rule sets side by side: a table with a row per measure and a column per rule set,
and the sentence that compares them ("1.3.1 (÷1200): 120, against 95 under ÷400 …"), shared by
the Simulator, History and the Rule designer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from ..grids import Table, Writer
from ..i18n import t


def by_measure(
    frame: pd.DataFrame,
    headers: Mapping[str, str],
    columns: Mapping[str, tuple[str, Writer]],
) -> Table:
    """A row per measure (``columns``: each one's column of ``frame``, its name and how its
    figures read) and a column per rule set under its short header (``headers``), drawn static:
    a measure's name wraps on a phone, and only there."""
    table = pd.DataFrame({t("simulator.measure"): [name for name, _ in columns.values()]})
    for _, row in frame.iterrows():
        table[headers[row["rules"]]] = pd.to_numeric(
            pd.Series([row[c] for c in columns]), errors="coerce"
        ).astype("float64")
    formats = {place: write for place, (_, write) in enumerate(columns.values())}
    return Table(table, formats, static=True)


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
