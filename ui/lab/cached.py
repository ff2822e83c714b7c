"""The lab's kept results: simulations, histories as read and replayed, the shipped league,
calibrations and comparisons of rating systems, shared by every designer's session and bounded
in count and age.

Every computation that rates games (a simulation, History's replays, the Rule designer's
calibration and its ranking of rating systems) is priced and queued, page loads included,
through :func:`ui.lab.run.kept_or_run`: a result some reader already computed is served as it
is, any other runs in this process in the reader's place in the lab's queue, and a refusal or a
bad file is said on the page, where the function returns None."""

from __future__ import annotations

import hashlib
from typing import cast

import pandas as pd
import streamlit as st

import gammon_elo as g
from gammon_elo import Rules
from gammon_elo.calibrate import Scores, score
from gammon_elo.league import (
    shipped_cubeless,
    shipped_league,
    shipped_players,
    shipped_provenance,
)
from gammon_elo.league.table import win_rates
from gammon_elo.replay import RulesComparison, compare_rules, sample_history
from gammon_elo.simulate import Population, Simulation, simulate
from gammon_elo.systems import DEFAULT_SYSTEMS, SystemsComparison, compare_systems, history_levels
from server import cost

from . import uploads
from .run import Plan, Progress, kept_or_run, shared

#: Simulations kept: each holds a few MB of weekly tables and final ratings.
SIMULATIONS_KEPT = 16


def simulation(population: Population, rules: tuple[Rules, ...]) -> Simulation | None:
    """simulate(population, rules), kept for every reader (:func:`kept_or_run`); None where
    it did not run (the page says why)."""

    def work(progress: Progress, _: object) -> Simulation:
        return simulate(population, rules=rules, progress=lambda done: progress(done, 1))

    return kept_or_run(
        shared("simulations", SIMULATIONS_KEPT),
        (population, rules),
        lambda: Plan(cost.simulation(population, rules), work, "simulator.running"),
    )


#: A history as the pages name it: a file's bytes, ``None`` or ``"sample"`` for the synthetic
#: sample, ``"league"`` for the shipped league.
History = bytes | str | None


def history_id(data: History) -> str:
    """A history's identity for keeping results by it: ``league``, ``sample``, or the SHA-256
    of the file's bytes (two uploads of the same bytes are the same history, whatever their
    names; two files of one name are not)."""
    if data == "league":
        return "league"
    if not isinstance(data, bytes):
        return "sample"
    return "sha256:" + hashlib.sha256(data).hexdigest()


#: Replayed histories kept: a comparison holds every game's changes under each rule set, several
#: times the upload's own size (benchmarks/README.md, "bench_cache_size").
COMPARISONS_KEPT = 4


def history(data: History, rules: tuple[Rules, ...], skip_invalid: bool) -> RulesComparison | None:
    """History's replay: the uploaded file (or a shipped history, named as :func:`games` names
    it) under each rule set, read once per file within the server's budget
    (:func:`ui.uploads.read`), priced as its games × rule sets and kept by the file's bytes
    (:func:`kept_or_run`); None where it did not run (the page says why: a file that cannot be
    read, its bad rows listed)."""

    def plan() -> Plan[RulesComparison]:
        frame = games(data)

        def work(progress: Progress, _: object) -> RulesComparison:
            return compare_rules(frame, rules, skip_invalid=skip_invalid, progress=progress)

        return Plan(cost.replay(len(frame), len(rules)), work, "lab.rerating")

    key = (history_id(data), rules, skip_invalid)
    return kept_or_run(
        shared("comparisons", COMPARISONS_KEPT),
        key,
        plan,
        invalid="history.unreadable",
        bad_history="history.invalid",
    )


#: Histories kept as read (the Rule designer's fit and sweep use the same frame): each is at most
#: the upload budget, a few hundred MB at the very most.
HISTORIES_KEPT = 2


class ShippedLeague:
    """The shipped league as the pages read it: its games, players, provenance and win-rate
    table (every pair of levels), read and computed once per process."""

    def __init__(self) -> None:
        self.games = shipped_league()
        self.players = shipped_players()
        self.provenance = shipped_provenance()
        self.cubeless = shipped_cubeless()
        self.rates = win_rates({"cubeful": self.games, "cubeless": self.cubeless})


@st.cache_resource(show_spinner=False)
def league() -> ShippedLeague:
    """The shipped league, read once per server process (a few MB, the same for every reader)."""
    return ShippedLeague()


def games(data: History) -> pd.DataFrame:
    """The uploaded file's games (the sample history's for None or ``"sample"``, the shipped
    league's for ``"league"``), read once per distinct file across all sessions, within the
    server's budget; a refused file's refusal is kept too, so a rerun does not read it again.
    Shared: callers must not change the frame."""
    if data == "league":
        return league().games
    store = shared("histories", HISTORIES_KEPT)
    upload = data if isinstance(data, bytes) else None
    key = "sample" if upload is None else hashlib.sha256(upload).digest()
    kept = store.get(key)
    if kept is None:
        try:
            kept = sample_history() if upload is None else uploads.read(upload)
        except g.InvalidInput as error:
            kept = error
        store.put(key, kept)
    if isinstance(kept, g.InvalidInput):
        raise kept.with_traceback(None)  # each rerun's frames not piled on the kept one
    return cast(pd.DataFrame, kept)


#: Calibrations kept: each holds a calibration table and the log-loss of every scored game under
#: each rule set (the verdict's paired margins), a few MB for the largest upload.
CALIBRATIONS_KEPT = 16


def calibration(data: History, rules: tuple[Rules, ...], burn_in: int) -> dict[str, Scores] | None:
    """How well each rule set predicted the uploaded history (a shipped one, named as
    :func:`games` names it): a score per rule set's label, each a replay of the history, priced
    as its games × rule sets and kept by (file, rule sets, burn-in) (:func:`kept_or_run`);
    None where it did not run (the page says why)."""

    def plan() -> Plan[dict[str, Scores]]:
        frame = games(data)

        def work(progress: Progress, _: object) -> dict[str, Scores]:
            scores = {}
            for done, each in enumerate(rules, start=1):
                scores[each.label] = score(frame, each, burn_in=burn_in)
                progress(done, len(rules))
            return scores

        return Plan(cost.replay(len(frame), len(rules)), work, "lab.rerating")

    key = (history_id(data), rules, burn_in)
    return kept_or_run(
        shared("calibrations", CALIBRATIONS_KEPT), key, plan, bad_history="designer.bad_history"
    )


#: Comparisons of rating systems kept: each holds a table of a dozen rows.
SYSTEMS_KEPT = 16


def systems(data: History, burn_in: int) -> SystemsComparison | None:
    """Every rule set and rating system of
    :data:`~gammon_elo.systems.DEFAULT_SYSTEMS` scored on the uploaded history (a shipped one,
    named as :func:`games` names it), with its players' levels where it names them (the
    shipped league): settings chosen on the first half of its games by time, every system
    scored on the second. Priced as its passes over the games (:func:`server.cost.systems`),
    kept by (file, burn-in), and told at each system scored whether its reader left; None
    where it did not run (the page says why)."""

    def plan() -> Plan[SystemsComparison]:
        frame = games(data)

        def work(progress: Progress, _: object) -> SystemsComparison:
            levels = history_levels(frame)
            return compare_systems(
                frame, DEFAULT_SYSTEMS, burn_in=burn_in, levels=levels, progress=progress
            )

        return Plan(cost.systems(len(frame), DEFAULT_SYSTEMS), work, "systems.running")

    return kept_or_run(shared("systems", SYSTEMS_KEPT), (history_id(data), burn_in), plan)
