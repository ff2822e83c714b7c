"""The lab's kept results: simulations, histories as read and replayed, the shipped league,
calibrations and comparisons of rating systems, shared by every designer's session and bounded
in count and age.

Every computation that rates games (a simulation, History's replays, the Rule designer's
calibration and its ranking of rating systems) is priced and queued, page loads included:
:func:`kept_or_run` serves a result some reader already computed as it is, and otherwise runs
it in this process in the reader's place in the lab's queue (:meth:`server.runs.Runner.slot`:
refused over its limits before any work), noticing a reader who left at its next progress
report."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

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
from server import cost, runs

from ..cached import TTL
from ..i18n import percent, t
from . import access, uploads
from .run import waiting_note

T = TypeVar("T")
#: Told a run's progress, as a fraction done; Streamlit raises there when the reader left.
Progress = Callable[[float], object]


class _BoundedStore:
    """A small least-recently-used store shared by all sessions (thread-safe), for results whose
    computation reports progress and so cannot run inside st.cache_data."""

    def __init__(self, max_entries: int) -> None:
        self._max = max_entries
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any | None:
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._max:
                self._items.popitem(last=False)


def kept_or_run(
    store: _BoundedStore, key: Hashable, price: cost.Cost, work: Callable[[Progress], T], text: str
) -> T:
    """The result kept in ``store`` under ``key``, as it is (no run, no place in the queue);
    else ``work(progress)`` run in this process once the reader holds a place in the lab's
    queue for a run of ``price`` (:class:`~server.runs.RunRefusedError` over a limit, before
    any work), with a progress bar (``text``: its catalog key, with ``{percent}``), and kept
    for every reader once it has run to its end. A run left early (``progress`` raised, as
    Streamlit does in the script of a reader who left or reran) keeps nothing."""
    kept = store.get(key)
    if kept is not None:
        return cast(T, kept)
    note, bar = st.empty(), st.empty()

    def progress(fraction: float) -> None:
        bar.progress(min(1.0, fraction), text=t(text, percent=percent(fraction, 0)))

    with runs.runner().slot(access.reader_id(), price, waiting_note(note), cluster=False):
        note.empty()
        kept = store.get(key)  # another reader's run of the same may have ended meanwhile
        if kept is None:
            progress(0.0)
            kept = runs.in_process(lambda: work(progress))
            store.put(key, kept)
    bar.empty()
    return cast(T, kept)


#: Simulations kept: each holds a few MB of weekly tables and final ratings.
SIMULATIONS_KEPT = 16


@st.cache_resource(ttl=TTL)
def _simulations() -> _BoundedStore:
    return _BoundedStore(SIMULATIONS_KEPT)


def simulation(population: Population, rules: tuple[Rules, ...]) -> Simulation:
    """simulate(population, rules), kept for every reader (:func:`kept_or_run`)."""
    return kept_or_run(
        _simulations(),
        (population, rules),
        cost.simulation(population, rules),
        lambda progress: simulate(population, rules=rules, progress=progress),
        "simulator.running",
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


@st.cache_resource(ttl=TTL)
def _comparisons() -> _BoundedStore:
    return _BoundedStore(COMPARISONS_KEPT)


def history(data: History, rules: tuple[Rules, ...], skip_invalid: bool) -> RulesComparison:
    """The uploaded file (or a shipped history, named as :func:`games` names it) under each
    rule set: read once per file within the server's budget (:func:`ui.uploads.read`), its
    replay priced as its games × rule sets and kept by the file's bytes (:func:`kept_or_run`).
    """
    frame = games(data)

    def work(progress: Progress) -> RulesComparison:
        return compare_rules(
            frame,
            rules,
            skip_invalid=skip_invalid,
            progress=lambda done, total: progress(done / total),
        )

    price = cost.replay(len(frame), len(rules))
    key = (history_id(data), rules, skip_invalid)
    return kept_or_run(_comparisons(), key, price, work, "lab.rerating")


#: Histories kept as read (the Rule designer's fit and sweep use the same frame): each is at most
#: the upload budget, a few hundred MB at the very most.
HISTORIES_KEPT = 2


@st.cache_resource(ttl=TTL)
def _histories() -> _BoundedStore:
    return _BoundedStore(HISTORIES_KEPT)


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
    store = _histories()
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


@st.cache_resource(ttl=TTL)
def _calibrations() -> _BoundedStore:
    return _BoundedStore(CALIBRATIONS_KEPT)


def calibration(data: History, rules: tuple[Rules, ...], burn_in: int) -> dict[str, Scores]:
    """How well each rule set predicted the uploaded history (a shipped one, named as
    :func:`games` names it): a score per rule set's label, each a replay of the history, priced
    as its games × rule sets and kept by (file, rule sets, burn-in) (:func:`kept_or_run`)."""
    frame = games(data)

    def work(progress: Progress) -> dict[str, Scores]:
        scores = {}
        for done, each in enumerate(rules, start=1):
            scores[each.label] = score(frame, each, burn_in=burn_in)
            progress(done / len(rules))
        return scores

    price = cost.replay(len(frame), len(rules))
    return kept_or_run(
        _calibrations(), (history_id(data), rules, burn_in), price, work, "lab.rerating"
    )


#: Comparisons of rating systems kept: each holds a table of a dozen rows.
SYSTEMS_KEPT = 16


@st.cache_resource(ttl=TTL)
def _systems() -> _BoundedStore:
    return _BoundedStore(SYSTEMS_KEPT)


def systems(data: History, burn_in: int) -> SystemsComparison:
    """Every rule set and rating system of
    :data:`~gammon_elo.systems.DEFAULT_SYSTEMS` scored on the uploaded history (a shipped one,
    named as :func:`games` names it), with its players' levels where it names them (the
    shipped league): settings chosen on the first half of its games by time, every system
    scored on the second. Priced as its passes over the games (:func:`server.cost.systems`),
    kept by (file, burn-in), and told at each system scored whether its reader left."""
    frame = games(data)

    def work(progress: Progress) -> SystemsComparison:
        return compare_systems(
            frame,
            DEFAULT_SYSTEMS,
            burn_in=burn_in,
            levels=history_levels(frame),
            progress=lambda done, total: progress(done / total),
        )

    price = cost.systems(len(frame), DEFAULT_SYSTEMS)
    return kept_or_run(_systems(), (history_id(data), burn_in), price, work, "systems.running")
