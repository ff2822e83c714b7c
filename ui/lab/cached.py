"""The lab's cached results: simulations, histories as read and replayed, the shipped league
and calibrations, shared by every designer's session and bounded in count and age."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, cast

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

from ..cached import MAX_ENTRIES, TTL
from . import uploads


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


#: Simulations kept: each holds a few MB of weekly tables and final ratings.
SIMULATIONS_KEPT = 16


@st.cache_resource(ttl=TTL)
def _simulations() -> _BoundedStore:
    return _BoundedStore(SIMULATIONS_KEPT)


def kept_simulation(population: Population, rules: tuple[Rules, ...]) -> Simulation | None:
    """The simulation of these inputs if a reader already ran it (no run, no slot needed)."""
    return cast(Simulation | None, _simulations().get((population, rules)))


def simulation(
    population: Population,
    rules: tuple[Rules, ...],
    progress: Callable[[float], None] | None = None,
) -> Simulation:
    """simulate(population, rules), kept for every reader once it has run to its end: a run
    left early (``progress`` raised, as Streamlit does in the script of a reader who left)
    keeps nothing. The caller holds a run slot (:meth:`ui.lab.runs.Runner.slot`)."""
    store = _simulations()
    key = (population, rules)
    cached = store.get(key)
    if cached is None:
        cached = simulate(population, rules=rules, progress=progress)
        store.put(key, cached)
    return cast(Simulation, cached)


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


@st.cache_data(max_entries=4, ttl=TTL, show_spinner=False)
def history(data: History, rules: tuple[Rules, ...], skip_invalid: bool) -> RulesComparison:
    """The uploaded file (or a shipped history, named as :func:`games` names it) under each
    rule set.

    Keyed by the file's bytes, so a rerun does not replay it again. At most 4 kept: a
    comparison holds every game's changes under each rule set, several times the upload's own
    size, and the cache keeps a pickled copy of each (its size for a full upload:
    benchmarks/README.md). The upload is read within the server's budget
    (:func:`ui.uploads.read`).
    """
    return compare_rules(games(data), rules, skip_invalid=skip_invalid)


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


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL, show_spinner=False)
def calibration(data: History, rules: tuple[Rules, ...], burn_in: int) -> dict[str, Scores]:
    """How well each rule set predicted the uploaded history (a shipped one, named as
    :func:`games` names it): a score
    per rule set's label, computed once per (file, rule sets, burn-in) across all sessions.

    A few kilobytes a result (a calibration table and a few figures), so many can be kept.
    """
    frame = games(data)
    return {r.label: score(frame, r, burn_in=burn_in) for r in rules}
