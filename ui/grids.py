"""Tables as a reader meets them: one frame of numbers under the reader's headers (a
:class:`Table`), written the reader's way only where it is drawn (a pandas Styler: "−16", "+12",
"64,0%" in Greek), so that a header click sorts by value and the CSV download holds the same
frame; and the calculator's tables built from the core's (:mod:`gammon_elo.article`).

Every table's numbers are the Styler's text, long ones included: the grid's own column formats
write an ASCII "-16" and a percentage in the browser's locale, not the page's language, and
Streamlit has no other documented way to show text over numbers that sort by value. A Styler
writes its cells one by one as the page runs, so a table shows only as many rows as fit
:data:`STYLED_CELLS`, the rest in its download, and its writers read the reader's language once
for the whole table (:func:`ui.i18n.held_language`), not at every cell."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
import streamlit as st

from gammon_elo.replay import neutralize_formulas

from . import i18n
from .i18n import count, number, percent, signed, t

#: Rows of a table a page shows at most (the rest are in its download): Streamlit sends a table
#: whole in one message, and refuses a message over ``server.maxMessageSize``.
SHOWN_ROWS = 1000
#: Cells at most a Styler writes for one table: it writes them one by one as the page runs (the
#: cost a cell: benchmarks/README.md, "styled cells"), so a table with more shows its first rows
#: that fit and says the rest are in its download. A page's rows of a replay's games (19
#: columns) fit whole, as they were shown before they were styled.
STYLED_CELLS = 20_000
#: What a cell with no value shows, in every table: never "None", "nan" or "NaT" (a boosted or
#: tournament game's K, expected score and changes, such games never changing ELO; a podium
#: row's loser; a volatility group no player fell in).
NO_VALUE = i18n.NO_VALUE

#: Writes one value of a column as the reader reads it ("−16", "64,0%").
Writer = Callable[[Any], str]


@dataclass(frozen=True)
class Table:
    """A table of numbers as shown and downloaded.

    ``frame`` holds the numbers under their headers (two-level headers group a pair of columns:
    a player's points for a win and for a loss under the player's name); ``formats`` write a
    column's values (or, keyed by a row's label, a row's: a table of a row per measure) where
    the table is drawn; ``columns`` are Streamlit column configurations by header (by its last
    level), laid over each column's own: a shorter label with the full header as its help, a
    pinned column. ``static`` tables are drawn whole (``st.table``): each row as tall as its
    text, for a few rows of the app's own words and figures (its cells are read as Markdown, so
    never a name from a file or a link).
    """

    frame: pd.DataFrame
    formats: Mapping[Hashable, Writer] = field(default_factory=dict)
    columns: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    static: bool = False


def short(label: str, full: str) -> Mapping[str, Any]:
    """A column shown under ``label``, its full header ``full`` (the CSV's) as the header's
    help: for a phone, where the full one would widen the column past the screen."""
    return st.column_config.Column(label, help=full)


def styled(frame: pd.DataFrame, formats: Mapping[Hashable, Writer]) -> Any:
    """``frame`` with each of ``formats``' columns (or rows) written by its writer, any other
    number column plain (1500), a missing value as :data:`NO_VALUE`."""
    numbers = frame.select_dtypes("number").columns
    by_column: dict[Hashable, Writer] = {c: number for c in numbers}
    by_column |= {key: write for key, write in formats.items() if key in frame.columns}
    styler = frame.style.format(by_column, na_rep=NO_VALUE)
    for key, write in formats.items():
        if key not in frame.columns:
            styler = styler.format(write, subset=pd.IndexSlice[[key], numbers], na_rep=NO_VALUE)
    return styler


def grid_config(frame: pd.DataFrame, columns: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Each column's configuration by header (a two-level header's last level): number columns
    aligned left as the text columns are, then ``columns`` laid over them."""
    config: dict[str, Any] = {}
    for column in frame.columns:
        name = str(column[-1] if isinstance(column, tuple) else column)
        if pd.api.types.is_numeric_dtype(frame[column].dtype):
            config[name] = st.column_config.NumberColumn(alignment="left")
    for name, override in columns.items():
        given = {k: v for k, v in override.items() if v is not None}
        config[name] = {**config.get(name, {}), **given}
    return config


def shown_rows(table: Table, max_rows: int = SHOWN_ROWS) -> int:
    """How many of the table's first rows are drawn: ``max_rows`` at most, and, of a table a
    Styler writes (one with formats, or a static one), no more than fit :data:`STYLED_CELLS`."""
    rows = min(len(table.frame), max_rows)
    if table.formats or table.static:
        rows = min(rows, max(1, STYLED_CELLS // max(1, len(table.frame.columns))))
    return rows


def draw(table: Table, max_rows: int = SHOWN_ROWS, *, in_download: bool = False) -> None:
    """The table's first rows (:func:`shown_rows`): a grid (``st.dataframe``, sortable by a
    header click), or a static table. A table longer than that says so, and, ``in_download``,
    that its download holds every row."""
    rows = shown_rows(table, max_rows)
    shown = table.frame.head(rows)
    data = styled(shown, table.formats) if table.formats or table.static else shown
    # Streamlit has the Styler write its cells inside these calls.
    with i18n.held_language():
        if table.static:
            st.table(data, hide_index=True)
        else:
            st.dataframe(
                data,
                hide_index=True,
                width="stretch",
                column_config=grid_config(shown, table.columns),
                placeholder=NO_VALUE,
            )
    if len(table.frame) > rows:
        st.caption(
            t("upload.sample", shown=count(rows), total=count(len(table.frame)))
            + (" " + t("upload.sample_download") if in_download else "")
        )


def csv(frame: pd.DataFrame) -> bytes:
    """``frame`` as a CSV file, a two-level header as one ("Favourite: win"), no cell a
    spreadsheet would run as a formula (``=HYPERLINK(…)`` in a player's name, a rejected row's
    value): every download is neutralised, whatever its table."""
    if isinstance(frame.columns, pd.MultiIndex):
        flat = [": ".join(str(level) for level in c if str(level)) for c in frame.columns]
        frame = frame.set_axis(flat, axis="columns")
    return neutralize_formulas(frame).to_csv(index=False).encode("utf-8")


def show(
    table: Table,
    *,
    download: str | None,
    key: str | None = None,
    only_download: bool = False,
    max_rows: int = SHOWN_ROWS,
) -> None:
    """The table (:func:`draw`) and, for ``download``, a button for its frame as a CSV file
    (:func:`csv`).

    A table longer than it shows (one derived from an upload can have hundreds of thousands of
    rows) has its CSV made only when the reader asks for it: no page's message grows with the
    file, and a rerun does not write the CSV again.
    """
    if not only_download:
        draw(table, max_rows, in_download=bool(download))
    if download:
        long = len(table.frame) > shown_rows(table, max_rows)
        st.download_button(
            t("tables.download"),
            (lambda: csv(table.frame)) if long else csv(table.frame),
            file_name=download,
            mime="text/csv",
            key=key or f"download.{download}",
            icon=":material/download:",
        )


def data_expander(*tables: Table) -> None:
    """The numbers behind a chart shown alone (view=chart), folded under it."""
    with st.expander(t("charts.data")):
        for table in tables:
            draw(table)


# ------------------------------------------------------------------- the calculator's tables


def pair(who: str, wins: Any, losses: Any) -> dict[tuple[str, str], Any]:
    """One player's points for a win and for a loss: two columns under ``who`` (in a table of
    two-level headers, a column of its own has an empty upper level)."""
    return {(who, t("col.pair_win")): wins, (who, t("col.pair_loss")): losses}


def _pair_formats(frame: pd.DataFrame) -> dict[Hashable, Writer]:
    """Every paired column's points signed ("+12", "−20")."""
    return {c: signed for c in frame.columns if c[0]}


def _short_difference() -> dict[str, Mapping[str, Any]]:
    """The difference's header short enough for the Tables page's steps to fit a 320-pixel frame
    (beside two pairs, four columns of points: a grid's column is at least 50 pixels wide)."""
    return {t("col.difference"): short(t("col.difference_short"), t("col.difference"))}


def expected(frame: pd.DataFrame) -> Table:
    """Step 1: the favourite's expected win rate by rating difference."""
    raw = frame.rename(columns={"difference": t("col.difference"), "expected": t("col.expected")})
    return Table(raw, {t("col.expected"): percent}, _short_difference())


def changes(frame: pd.DataFrame) -> Table:
    """Step 2 from each player's side: the favourite's and the underdog's points for a win and
    for a loss."""
    table = pd.DataFrame(
        {
            ("", t("col.difference")): frame["difference"],
            **pair(t("col.favourite"), frame["favourite_wins_gain"], frame["underdog_wins_loss"]),
            **pair(t("col.underdog"), frame["underdog_wins_gain"], frame["favourite_wins_loss"]),
        }
    )
    return Table(table, _pair_formats(table), _short_difference())


def heavy(frame: pd.DataFrame, ks: tuple[int, ...]) -> Table:
    """Step 3: the favourite's points for a win and for a loss at each K."""
    columns: dict[tuple[str, str], Any] = {("", t("col.difference")): frame["difference"]}
    for k in ks:
        columns |= pair(
            t("col.favourite_k", k=k), frame[f"k{k}_favourite_wins"], frame[f"k{k}_favourite_loses"]
        )
    table = pd.DataFrame(columns)
    return Table(table, _pair_formats(table), _short_difference())


def cube(frame: pd.DataFrame, ks: tuple[int, ...]) -> Table:
    """The cube's multiplier and each K's change, each K's column shown under a short header
    ("At K 32": the caption above says it is the change)."""
    renames = {"cube": t("col.cube"), "multiplier": t("col.multiplier")}
    renames |= {f"k{k}": t("col.change_k", k=k) for k in ks}
    formats: dict[Hashable, Writer] = {t("col.multiplier"): lambda v: number(v, 2)}
    formats |= {t("col.change_k", k=k): lambda v: "±" + number(v) for k in ks}
    columns = {
        t("col.change_k", k=k): short(t("col.change_at_k", k=k), t("col.change_k", k=k)) for k in ks
    }
    return Table(frame.rename(columns=renames), formats, columns)


def _divisor_writer(labels: Mapping[float, str]) -> Writer:
    """A divisor by its name ("÷1200", "FIBS (÷2000)"), its number beneath (sorting by it)."""
    return lambda d: labels.get(float(d), number(d))


def _per_divisor(
    frame: pd.DataFrame,
    labels: Mapping[float, str],
    players: Mapping[str, tuple[str, str]],
    expected_label: str,
) -> Table:
    """A row per divisor: its name, the expected rate (shown under ``expected_label``, the full
    header its help), and each of ``players``' points for a win and for a loss (their columns
    of ``frame``)."""
    divisor, expected = t("col.divisor"), t("col.expected")
    columns = {("", divisor): frame["divisor"], ("", expected): frame["expected"]}
    for who, (win, loss) in players.items():
        columns |= pair(who, frame[win], frame[loss])
    table = pd.DataFrame(columns)
    formats = _pair_formats(table)
    formats |= {("", divisor): _divisor_writer(labels), ("", expected): percent}
    return Table(table, formats, {expected: short(expected_label, expected)})


def favourite_table(frame: pd.DataFrame, labels: Mapping[float, str]) -> Table:
    """The article's "favourite by 300" table, a row per divisor so any number of them fits: the
    favourite's expected rate, and its points for a win and for a loss."""
    points = {t("col.favourite_points"): ("win", "loss")}
    return _per_divisor(frame, labels, points, t("col.expected_short"))


def game_divisors(frame: pd.DataFrame, labels: Mapping[float, str]) -> Table:
    """One game under each divisor, a row per divisor: your expected score (six columns across a
    phone: its header in one short word), then your points and your opponent's, each for a win
    and for a loss."""
    points = {t("col.you"): ("win", "loss"), t("col.opponent"): ("opponent_win", "opponent_loss")}
    return _per_divisor(frame, labels, points, t("col.your_expected"))


def _by_divisor(frame: pd.DataFrame, labels: Mapping[float, str], column: str) -> pd.DataFrame:
    """One of ``frame``'s columns at the standard differences, a column per divisor."""
    wide = frame.pivot(index="difference", columns="divisor", values=column)
    wide = wide[list(dict.fromkeys(frame["divisor"]))]
    wide.columns = [labels.get(float(d), str(d)) for d in wide.columns]
    return wide.rename_axis(t("col.difference")).reset_index()


def standard_expected(frame: pd.DataFrame, labels: Mapping[float, str]) -> Table:
    """The favourite's expected win rate at the standard differences, a column per divisor."""
    table = _by_divisor(frame, labels, "expected")
    return Table(table, {c: percent for c in table.columns[1:]})


def standard_points(frame: pd.DataFrame, labels: Mapping[float, str], outcome: str) -> Table:
    """The favourite's points for a win (``outcome`` "win") or a loss ("loss") at the standard
    differences, a column per divisor: one line a row, five divisors across a phone."""
    table = _by_divisor(frame, labels, outcome)
    return Table(table, {c: signed for c in table.columns[1:]})


def standard_download(frame: pd.DataFrame, labels: Mapping[float, str]) -> Table:
    """The three standard tables side by side, for one download: a column per measure and
    divisor ("Expected win rate: ÷400")."""
    parts = {
        t("col.expected"): standard_expected(frame, labels).frame,
        t("col.win"): standard_points(frame, labels, "win").frame,
        t("col.loss"): standard_points(frame, labels, "loss").frame,
    }
    difference = t("col.difference")
    columns = {("", difference): next(iter(parts.values()))[difference]}
    for measure, part in parts.items():
        columns |= {(measure, c): part[c] for c in part.columns if c != difference}
    return Table(pd.DataFrame(columns))


def heat_table(frame: pd.DataFrame) -> Table:
    """The numbers behind the heat map, a row per difference and cube (three columns fit a
    phone where a column per cube did not), sorted as the map reads: by difference, then cube."""
    names = {"difference": t("col.difference"), "cube": t("col.cube"), "change": t("col.change")}
    raw = frame.sort_values(["difference", "cube"]).rename(columns=names)[list(names.values())]
    return Table(raw.reset_index(drop=True), {name: number for name in names.values()})
