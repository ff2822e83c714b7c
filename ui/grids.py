"""The core's DataFrames dressed for reading: translated headers, numbers written the reader's way
(64,0% in Greek, −16 with a real minus), and a CSV download of the raw numbers."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
import streamlit as st

from gammon_elo.replay import neutralize_formulas

from . import i18n, sorting
from .i18n import count as count  # re-exported: the one count formatter, as grids.count
from .i18n import number, percent, signed, t

#: Rows of a table a page shows at most (the rest are in its download): Streamlit sends a table
#: whole in one message, and refuses a message over ``server.maxMessageSize``.
SHOWN_ROWS = 1000


@dataclass(frozen=True)
class Shown:
    """A table as shown (``shown``) and as downloaded (``raw``: the numbers), same headers; not
    the core's tables (:mod:`gammon_elo.article`), which it dresses."""

    shown: pd.DataFrame
    raw: pd.DataFrame
    #: Pixel widths of some columns, set where a phone needs them (the rest size to their cells).
    widths: Mapping[str, int] = field(default_factory=dict)
    #: Lines a row shows: over 1, a cell wraps at its column's width (see :func:`grid`).
    lines: int = 1
    #: Drawn as a static table (:func:`static`): a few rows of the app's own words and figures,
    #: each row as tall as its text at whatever width the page has.
    static: bool = False


#: What a cell with no value shows, in every table: never "None", "nan" or "NaT" (a boosted or
#: tournament game's K, expected score and changes, such games never changing ELO; a podium
#: row's loser; a volatility group no player fell in).
NO_VALUE = i18n.NO_VALUE


def text(frame: pd.DataFrame) -> pd.DataFrame:
    """Every cell of ``frame`` as text, a missing one (None, NaN, NaT) as :data:`NO_VALUE`
    (``astype(str)`` would write "None" or "nan")."""
    return frame.astype(object).where(frame.notna(), NO_VALUE).astype(str)


def dress(raw: pd.DataFrame, formats: Mapping[str, Callable[[float], str]]) -> Shown:
    """``raw`` with each of ``formats``' columns written by its formatter."""
    shown = raw.copy()
    for column, fmt in formats.items():
        shown[column] = raw[column].map(lambda v, fmt=fmt: NO_VALUE if pd.isna(v) else fmt(v))
    return Shown(shown=text(shown), raw=raw)


def pair(win: float, loss: float) -> str:
    """The app's one notation for a pair of changes: "win +12 · loss −20" (one player's points
    for a win and for a loss), explained by ``tables.pair_key`` wherever it is used."""
    return t("pair.format", win=signed(win), loss=signed(loss))


#: A column of pairs ("win +12 · loss −20") two lines tall: one figure a line.
PAIR_WIDTH = 76


def _pairs(gains: Iterable[float], losses: Iterable[float]) -> list[str]:
    return [pair(g, lo) for g, lo in zip(gains, losses, strict=True)]


def expected(frame: pd.DataFrame) -> Shown:
    raw = frame.rename(columns={"difference": t("col.difference"), "expected": t("col.expected")})
    return dress(raw, {t("col.difference"): number, t("col.expected"): percent})


def changes(frame: pd.DataFrame) -> Shown:
    """Step 2 from each player's side: the favourite's and the underdog's points for a win and
    for a loss ("win +12 · loss −20")."""
    shown = pd.DataFrame(
        {
            t("col.difference"): frame["difference"].map(number),
            t("col.favourite"): _pairs(frame["favourite_wins_gain"], frame["underdog_wins_loss"]),
            t("col.underdog"): _pairs(frame["underdog_wins_gain"], frame["favourite_wins_loss"]),
        }
    )
    return Shown(shown=shown, raw=frame.rename(columns={"difference": t("col.difference")}))


def heavy(frame: pd.DataFrame, ks: tuple[int, ...]) -> Shown:
    shown = pd.DataFrame({t("col.difference"): frame["difference"].map(number)})
    raw = pd.DataFrame({t("col.difference"): frame["difference"]})
    for k in ks:
        shown[t("col.favourite_k", k=k)] = _pairs(
            frame[f"k{k}_favourite_wins"], frame[f"k{k}_favourite_loses"]
        )
        raw[t("col.favourite_wins_k", k=k)] = frame[f"k{k}_favourite_wins"]
        raw[t("col.favourite_loses_k", k=k)] = frame[f"k{k}_favourite_loses"]
    return Shown(shown=shown, raw=raw)


def cube(frame: pd.DataFrame, ks: tuple[int, ...]) -> Shown:
    """The cube's multiplier and each K's change; on show each K's column says just "Με K 32"
    in Greek (the caption above says it is the change), the CSV its full name."""
    renames = {"cube": t("col.cube"), "multiplier": t("col.multiplier")}
    renames |= {f"k{k}": t("col.change_k", k=k) for k in ks}
    raw = frame.rename(columns=renames)
    formats: dict[str, Callable[[float], str]] = {
        t("col.cube"): number,
        t("col.multiplier"): lambda v: number(v, 2),
    }
    formats |= {t("col.change_k", k=k): lambda v: "±" + number(v) for k in ks}
    shown = dress(raw, formats).shown
    shown = shown.rename(columns={t("col.change_k", k=k): t("col.change_at_k", k=k) for k in ks})
    return Shown(shown=shown, raw=raw)


def favourite_table(frame: pd.DataFrame, labels: Mapping[float, str]) -> Shown:
    """The article's "favourite by 300" table, a row per divisor so any number of them fits."""
    names = [labels.get(float(d), str(d)) for d in frame["divisor"]]
    # One line a row ("win +12 · loss −20" in full): on show the expected rate's header is
    # short enough for the three columns to fit a phone; the CSV's says it in full.
    shown = pd.DataFrame(
        {
            t("col.divisor"): names,
            t("col.expected_short"): frame["expected"].map(percent),
            t("col.favourite_points"): _pairs(frame["win"], frame["loss"]),
        }
    )
    raw = pd.DataFrame(
        {
            t("col.divisor"): frame["divisor"],
            t("col.expected"): frame["expected"],
            t("col.win"): frame["win"],
            t("col.loss"): frame["loss"],
        }
    )
    return Shown(shown=shown, raw=raw)


#: A space no line breaks at.
NBSP = "\u00a0"


def _unbroken(pairs: list[str]) -> list[str]:
    """Pairs that wrap only after their "·": "win +5 ·" over "loss −27", never a word apart from
    its number, however wide the grid makes the column."""
    kept = []
    for text in pairs:
        first, second = text.split(" · ")
        kept.append(f"{first.replace(' ', NBSP)}{NBSP}· {second.replace(' ', NBSP)}")
    return kept


def game_divisors(frame: pd.DataFrame, labels: Mapping[float, str]) -> Shown:
    """One game under each divisor, a row per divisor: your expected score, then your points and
    your opponent's as pairs ("win +12 · loss −20") under short headers that fit a phone; the
    CSV has each figure in a column of its own."""
    names = [labels.get(float(d), str(d)) for d in frame["divisor"]]
    you, opponent = t("col.you"), t("col.opponent")
    shown = pd.DataFrame(
        {
            t("col.divisor"): names,
            t("col.your_expected"): frame["expected"].map(percent),
            you: _unbroken(_pairs(frame["win"], frame["loss"])),
            opponent: _unbroken(_pairs(frame["opponent_win"], frame["opponent_loss"])),
        }
    )
    raw = pd.DataFrame(
        {
            t("col.divisor"): frame["divisor"],
            t("col.your_expected"): frame["expected"],
            t("col.your_win"): frame["win"],
            t("col.your_loss"): frame["loss"],
            t("col.opponent_win"): frame["opponent_win"],
            t("col.opponent_loss"): frame["opponent_loss"],
        }
    )
    widths = {you: PAIR_WIDTH, opponent: PAIR_WIDTH}
    return Shown(shown=shown, raw=raw, widths=widths, lines=2)


def _by_divisor(
    frame: pd.DataFrame, labels: Mapping[float, str], cell: Callable[[pd.DataFrame], list[str]]
) -> pd.DataFrame:
    differences = frame.loc[frame["divisor"] == frame["divisor"].iloc[0], "difference"].to_numpy()
    shown = pd.DataFrame({t("col.difference"): [number(d) for d in differences]})
    for divisor, block in frame.groupby("divisor", sort=False):
        shown[labels.get(float(divisor), str(divisor))] = cell(block)
    return shown


def _standard_raw(frame: pd.DataFrame, labels: Mapping[float, str]) -> pd.DataFrame:
    differences = frame.loc[frame["divisor"] == frame["divisor"].iloc[0], "difference"].to_numpy()
    raw = pd.DataFrame({t("col.difference"): differences})
    for divisor, block in frame.groupby("divisor", sort=False):
        name = labels.get(float(divisor), str(divisor))
        raw[f"{name}: {t('col.expected')}"] = block["expected"].to_numpy()
        raw[f"{name}: {t('col.win')}"] = block["win"].to_numpy()
        raw[f"{name}: {t('col.loss')}"] = block["loss"].to_numpy()
    return raw


def standard_expected(frame: pd.DataFrame, labels: Mapping[float, str]) -> Shown:
    """The favourite's expected win rate at the standard differences, a column per divisor."""
    shown = _by_divisor(frame, labels, lambda b: [percent(e) for e in b["expected"]])
    return Shown(shown=shown, raw=_standard_raw(frame, labels))


def standard_points(frame: pd.DataFrame, labels: Mapping[float, str], outcome: str) -> Shown:
    """The favourite's points for a win (``outcome`` "win") or a loss ("loss") at the standard
    differences, a column per divisor; the CSV keeps expected, win and loss in columns of their
    own. A table per outcome, of signed numbers: one line a row at every width and five
    divisors across a phone, where pairs ("win +5 · loss −27") fit a phone only wrapped over
    two lines, in rows two lines tall on a desktop too (a grid has one row height)."""
    shown = _by_divisor(frame, labels, lambda b: [signed(v) for v in b[outcome]])
    return Shown(shown=shown, raw=_standard_raw(frame, labels))


def heat_table(frame: pd.DataFrame) -> Shown:
    """The numbers behind the heat map, a row per difference and cube (three columns fit a
    phone where a column per cube did not), sorted as the map reads: by difference, then cube."""
    names = {"difference": t("col.difference"), "cube": t("col.cube"), "change": t("col.change")}
    raw = frame.sort_values(["difference", "cube"]).rename(columns=names)[list(names.values())]
    return dress(raw.reset_index(drop=True), {name: number for name in names.values()})


def data_expander(*tables: Shown) -> None:
    """The numbers behind a chart shown alone (view=chart), folded under it."""
    with st.expander(t("charts.data")):
        for table in tables:
            show(table, download=None)


def show(
    table: Shown,
    *,
    download: str | None,
    key: str | None = None,
    only_download: bool = False,
    max_rows: int = SHOWN_ROWS,
) -> None:
    """The table as text cells (names are never HTML; number columns sort by number, see
    :mod:`ui.sorting`), and a CSV download of its numbers in
    which no cell a spreadsheet would run as a formula (``=HYPERLINK(…)`` in a player's name or
    a rejected row's value) is left runnable: every download is neutralised, whatever its table.

    A table longer than ``max_rows`` (one derived from an upload can have hundreds of thousands)
    shows its first ``max_rows`` and says so, and its CSV is made only when the reader asks for
    it: no page's message grows with the file, and a rerun does not write the CSV again.
    """
    long = len(table.shown) > max_rows
    if not only_download and table.static:
        static(table.shown.head(max_rows))
    elif not only_download:
        grid(table.shown.head(max_rows), widths=table.widths, lines=table.lines, width="stretch")
        if long:
            st.caption(
                t("upload.sample", shown=count(max_rows), total=count(len(table.shown)))
                + (" " + t("upload.sample_download") if download else "")
            )
    if download:

        def csv() -> bytes:
            return neutralize_formulas(table.raw).to_csv(index=False).encode("utf-8")

        st.download_button(
            t("tables.download"),
            csv if long else csv(),
            file_name=download,
            mime="text/csv",
            key=key or f"download.{download}",
            icon=":material/download:",
        )


def static(shown: pd.DataFrame) -> None:
    """A small table as a static table (``st.table``), its rows as tall as their text.

    The grid (:func:`grid`) has one row height for every row at every width, and wraps a cell
    only in rows taller than 4 rem (:data:`WRAPPING_ROW`): a table whose longest cell needs two
    lines on a phone got rows of 68–76 px on a laptop too, around one line of text. A static
    table wraps each cell where its column is too narrow, and only there. Its cells are read
    as Markdown, so it takes only the app's own words and figures (measure names, rule-set
    names, levels, numbers), never a name from a file or a link.
    """
    st.table(shown, hide_index=True)


#: The grid wraps a cell's text only in rows taller than 4 rem (its code, Streamlit 1.67).
WRAPPING_ROW = 4 * 16 + 4
#: Rows of wrapped text a table shows all of (a longer one scrolls in its own frame).
WRAPPED_ROWS = 12


#: About how wide the grid draws a character (its 14-px sans-serif: digits 7.4 px, "w" 10) and
#: the padding either side of a cell's text.
CHAR_WIDTH, CELL_PADDING = 7.5, 8


def lines_needed(shown: pd.DataFrame, widths: Mapping[str, int], lines: int) -> int:
    """The lines (at most ``lines``) the longest cell of a column of set width wraps over at
    that width: 1 where every cell fits on one, so that a table whose text is one line never
    gets rows taller than it (a column without a set width sizes to its text)."""
    needed = 1
    for column, width in widths.items():
        if column not in shown.columns or lines <= 1:
            continue
        room = max(1.0, width - 2 * CELL_PADDING)
        longest = max((len(str(v)) for v in shown[column]), default=0)
        needed = max(needed, math.ceil(longest * CHAR_WIDTH / room))
    return min(needed, lines)


def row_height(lines: int) -> int | None:
    """Pixels a row needs to show ``lines`` lines of wrapped text (18 px a line and the cell's
    padding: 76 px holds three), or None (the grid's own height) for one line."""
    return None if lines <= 1 else max(WRAPPING_ROW, 22 + 18 * lines)


def grid(
    shown: pd.DataFrame,
    *,
    widths: Mapping[str, int] | None = None,
    lines: int = 1,
    **options: Any,
) -> None:
    """A table of written cells (one a page builds itself, or :func:`show`'s), its number
    columns sorting by number; ``widths`` sets some columns' widths in pixels (a number
    column keeps sorting by number) and ``lines`` over 1 wraps each cell at its width, in rows
    only as tall as the longest cell needs at its width (:func:`lines_needed`). A missing value
    shows :data:`NO_VALUE`, never "None"."""
    lines = lines_needed(shown, widths or {}, lines)
    options.setdefault("placeholder", NO_VALUE)
    data, config = sorting.grid_data(shown)
    for column, width in (widths or {}).items():
        config[column] = {**config.get(column, st.column_config.TextColumn()), "width": width}
    height = row_height(lines)
    if height is not None:
        options["row_height"] = height
        if len(shown) <= WRAPPED_ROWS:
            # Every row on show: the grid's own height (about ten one-line rows) would hide
            # the last few tall ones behind a scroll inside the page's.
            options.setdefault("height", "content")
    st.dataframe(data, hide_index=True, column_config=config or None, **options)
