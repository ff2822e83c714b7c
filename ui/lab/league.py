"""Real dice on the Rule designer: the win-rate table of a league played by the engine (every
pair of levels: games, the stronger side's win rate with its 95 % interval, the gap it implies
under ÷400, ÷800 and ÷1200), its one sentence in the reader's language, the shipped league's
provenance in one caption, and a small league played live on the server's one runner; and the
lab pages' choice of games (the shipped league, the synthetic sample or the reader's file)."""

from __future__ import annotations

import math
import os
from collections.abc import Hashable, Mapping
from typing import Any, Final

import pandas as pd
import streamlit as st

from gammon_elo import CURRENT
from gammon_elo.extras import MissingExtra, require
from gammon_elo.league import SHIPPED_HISTORY, SHIPPED_PROVENANCE, parse_levels
from gammon_elo.league.table import DIVISORS, win_rates
from server import cost
from server import settings as server_settings
from server.runs import RunRefusedError

from .. import grids
from ..i18n import count, number, percent, t
from ..params import ChoiceParam, Where
from ..plain import Outside
from ..scaffold import Page
from . import uploads
from .run import Plan, Progress, in_session, kept_or_run

#: The live league's mixes of levels (each level's share of the players, in percent).
PRESETS: Final[Mapping[str, str]] = {
    "club": "beginner:40,intermediate:30,advanced:20,expert:10",
    "five": "beginner:20,casual:20,intermediate:20,advanced:20,expert:20",
    "two": "intermediate:50,expert:50",
}
#: Weeks a live league's games spread over (the win rates do not depend on it).
LIVE_WEEKS: Final = 4
#: Live leagues a session keeps, by their parameters (each at most ``league_games`` games): a
#: designer going back to a seed or a mix played before sees it again without playing it.
LEAGUES_KEPT: Final = 8
#: What the reader installs when the engine is missing.
INSTALL: Final = "pip install 'gammon-elo[engine]'"


def shipped() -> bool:
    """Whether the shipped league's files are there (a checkout without them still opens)."""
    return os.path.exists(SHIPPED_HISTORY) and os.path.exists(SHIPPED_PROVENANCE)


def level(name: str) -> str:
    """A level's name in the reader's language."""
    return t(f"league.level_{name}")


def gap(value: float) -> str:
    """An implied gap in points; ∞ where the stronger side won (or lost) every game."""
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    return number(value)


def rates_tables(rates: pd.DataFrame) -> tuple[grids.Table, grids.Table]:
    """The win-rate table for reading, as two tables that each fit a phone, a row per pair of
    levels ("expert – beginner", strongest pairs first, from the games with the cube): the games
    and the stronger side's win rate with its 95 % interval; then its win rate without the cube
    (where a cubeless league was played too: a strong player passes, and loses, games it would
    have played on to the end) and the gap each divisor reads into the rate with the cube."""
    cubeful = _with_the_cube(rates)
    levels = t("league.col_levels")
    pairs = [
        t("league.pair", stronger=level(a), weaker=level(b))
        for a, b in zip(cubeful["stronger"], cubeful["weaker"], strict=True)
    ]
    wins = pd.DataFrame(
        {
            levels: pairs,
            t("league.games"): cubeful["games"].to_numpy(),
            t("league.col_won"): cubeful["win_rate"].to_numpy(),
            t("league.col_low"): cubeful["low"].to_numpy(),
            t("league.col_high"): cubeful["high"].to_numpy(),
        }
    )
    formats: dict[Hashable, grids.Writer] = {t("league.games"): count}
    formats |= {column: percent for column in wins.columns[2:]}
    gaps = pd.DataFrame({levels: pairs})
    cubeless = rates[rates["mode"] == "cubeless"]
    if len(cubeless) and rates["mode"].nunique() > 1:
        by_pair = cubeless.set_index(["stronger", "weaker"])["win_rate"]
        ordered = zip(cubeful["stronger"], cubeful["weaker"], strict=True)
        gaps[t("league.col_cubeless")] = [by_pair.get(pair, math.nan) for pair in ordered]
    gap_formats: dict[Hashable, grids.Writer] = dict.fromkeys(gaps.columns[1:], percent)
    for divisor in DIVISORS:
        gaps[t("divisors.label", divisor=divisor)] = cubeful[f"gap_{divisor}"].to_numpy()
        gap_formats[t("divisors.label", divisor=divisor)] = gap
    return (
        grids.Table(wins, formats, static=True),
        grids.Table(gaps, gap_formats, static=True),
    )


def show_rates(rates: pd.DataFrame, *, download: str, key: str | None = None) -> None:
    """The two win-rate tables, each under the sentence saying what it shows (the cubeless
    rates named only where the table has them); under the first, the download of both side by
    side."""
    wins, gaps = rates_tables(rates)
    st.caption(t("league.wins_key"))
    grids.draw(wins)
    both = pd.concat([wins.frame, gaps.frame.iloc[:, 1:]], axis=1)
    grids.show(grids.Table(both), download=download, key=key, only_download=True)
    cubeless = t("league.col_cubeless") in gaps.frame.columns
    st.caption(t("league.gaps_key" if cubeless else "league.gaps_key_cubeful"))
    grids.draw(gaps)


def _with_the_cube(rates: pd.DataFrame) -> pd.DataFrame:
    """The rows of the league played with the cube (all rows, for a table of one league)."""
    if rates["mode"].nunique() > 1:
        return rates[rates["mode"] == "cubeful"].reset_index(drop=True)
    return rates


def headline(rates: pd.DataFrame) -> pd.Series | None:
    """The pair the sentence speaks of: the one that played most (the strongest such pair on a
    tie), or None when no two different levels met."""
    if rates.empty:
        return None
    cubeful = _with_the_cube(rates)
    return cubeful.loc[cubeful["games"].idxmax()]


def rates_sentence(rates: pd.DataFrame) -> str:
    """One plain sentence on the pair that played most, from its numbers."""
    row = headline(rates)
    if row is None:
        return t("league.no_pairs")
    values: dict[str, Any] = {
        "stronger": t(f"league.subject_{row['stronger']}"),
        "weaker": t(f"league.object_{row['weaker']}"),
        "games": int(row["games"]),
        "tenths": number(round(10 * row["win_rate"])),
    }
    current = int(CURRENT.divisor)
    if not math.isfinite(row[f"gap_{current}"]):
        return t("league.sentence_all", **values)
    # The current divisor's reading first, then the others', newest first.
    others = ", ".join(
        t("league.gap_under", divisor=d, gap=gap(row[f"gap_{d}"]))
        for d in reversed(DIVISORS)
        if d != current
    )
    return t(
        "league.sentence", **values, divisor=current, gap=gap(row[f"gap_{current}"]), others=others
    )


def provenance_caption(provenance: Mapping[str, Any], games: int, players: int) -> str:
    """How the shipped league was made, in one caption: engine and version, levels, seed, date."""
    levels = provenance.get("levels", "")
    shares = parse_levels(levels) if isinstance(levels, str) else tuple(dict(levels).items())
    mix = ", ".join(
        f"{level(name)} {share} %" if isinstance(levels, str) else level(name)
        for name, share in shares
    )
    return t(
        "league.provenance",
        engine=Outside(provenance.get("engine", "?")),
        version=Outside(provenance.get("engine_version", "?")),
        levels=mix,
        seed=Outside(provenance.get("seed", "?")),
        made=Outside(str(provenance.get("made", "?"))[:10]),
        games=games,
        players=players,
        weeks=Outside(provenance.get("weeks", "?")),
    )


# ------------------------------------------------------------------------- a league played live


def engine_missing() -> str | None:
    """The one line that says how to install the engine, or None when it is installed."""
    try:
        require("bgsage", "engine", "a live league")
    except MissingExtra:
        return t("league.no_engine", install=INSTALL)
    return None


def live_league(
    players: int, games: int, preset: str, seed: int, limits: server_settings.Settings
) -> Plan[pd.DataFrame]:
    """A live league's run, its games played on the cluster (:func:`~ui.lab.run.kept_or_run`
    runs it); refused over the server's bounds, naming the setting."""
    from gammon_elo.league import play_league
    from gammon_elo.league.league import BATCH

    if players > limits.league_players:
        raise RunRefusedError(
            "league.too_many_players", players=players, limit=limits.league_players
        )
    if games > limits.league_games:
        raise RunRefusedError("league.too_many_games", games=games, limit=limits.league_games)

    def work(progress: Progress, client: Any) -> pd.DataFrame:
        league = play_league(
            players=players,
            games=games,
            weeks=LIVE_WEEKS,
            seed=seed,
            levels=PRESETS[preset],
            client=client,
            progress=progress,
        )
        return league.games

    price = cost.league(games, BATCH)
    return Plan(price, work, "league.progress", cluster=True, total=games)


def live_section(page: Any) -> None:
    """The form, the run and its table with its sentence (the one kept for these parameters)."""
    st.subheader(t("league.live_title"))
    missing = engine_missing()
    if missing is not None:
        st.info(missing, icon=":material/extension:")
        return
    limits = server_settings.current()
    # The run starts from the form's button only: with Enter, Streamlit writes "Press Enter to
    # submit form" in an edited field, over a narrow field's value and in English.
    with st.form(page.key("league_form"), border=True, enter_to_submit=False):
        for name, column in zip(
            ("live_players", "live_games", "live_levels", "live_seed"),
            st.columns([1, 1, 2, 1]),
            strict=True,
        ):
            page.input(name, column)
        st.caption(
            t(
                "league.live_limits",
                players=limits.league_players,
                games=limits.league_games,
            )
        )
        play = st.form_submit_button(t("league.run"), type="primary", icon=":material/casino:")
    players, games = page["live_players"], page["live_games"]
    inputs = (players, games, page["live_levels"], page["live_seed"])
    leagues = in_session(page.key("league"), LEAGUES_KEPT)
    if play:
        kept_or_run(leagues, inputs, lambda: live_league(*inputs, limits))
    played = leagues.get(inputs)
    if played is None:
        st.info(t("league.live_waiting"), icon=":material/casino:")
        return
    rates = win_rates({"cubeful": played})
    st.caption(t("league.live_ran", games=len(played), players=players))
    show_rates(rates, download="live_league_win_rates.csv", key=page.key("live_rates"))
    st.markdown(rates_sentence(rates))


#: Where a lab page's games come from: a shipped history by name, or the reader's file.
SOURCES = ("league", "sample", "upload")


def source_param(default: str) -> ChoiceParam:
    """A lab page's choice of games, as radio buttons: ``default`` first, the other shipped
    history next, the reader's file last (each named by the page's catalog: :class:`Page`)."""
    choices = (default, *(source for source in SOURCES if source != default))
    return ChoiceParam(name="source", default=default, choices=choices, kind="radio")


def games_from(page: Page, source: str, where: Where) -> tuple[str, Any]:
    """The games a page's ``source`` stands for: the source and, for the reader's file, the
    uploader drawn in ``where`` (its file, or None until one comes). Without the shipped league's
    files (a checkout without them) a warning says so and the sample stands in."""
    upload = None
    if source == "upload":
        upload = uploads.uploader(
            where, f"{page.name}.upload", f"{page.name}.upload_help", page.key("file")
        )
    if source == "league" and not shipped():
        where.warning(t("league.not_shipped"), icon=":material/warning:")
        source = "sample"
    return source, upload
