"""The dearest links known of the public pages cost the server well under a second of CPU each.

Each link opens a new session as a browser does, every cache emptied first (a stranger can always
ask for a value no one asked for yet), and the CPU time of the run that draws the page is
measured (AppTest runs the script in a thread of this process; CPU time, not wall time, so that a
loaded machine's waits do not count). ``benchmarks/public_pages.py`` searches every page's inputs
for its dearest link and gives each one's figure (``benchmarks/README.md``); these are the
dearest it found and the ones that once cost many times the bound, before the Planner rated its
far games all at once. The bound is generous, for a machine other work loads.
"""

from __future__ import annotations

import pytest

from tests.ui.apptest_support import cold_run_cpu, new_session

#: CPU seconds a link's page may cost here: "well under a second" with room for a loaded machine.
BOUND_S = 2.5

CUSTOM = {"rules": "custom", "heavy_k": "1000", "heavy_games": "0"}
LINKS = {
    # Every game thousands of points beyond the change lookup: once a Python call a game.
    "far climb": {
        "rating": "1238", "target": "1529", "opponent": "1500", "per_week": "2000",
        "cube": "64", "win_rate": "99.9", **CUSTOM, "divisor": "100000", "k": "1000",
    },
    # The same walk and the drift estimate over 98,500 points, once point by point.
    "longest drift": {
        "rating": "1500", "target": "100000", "opponent": "1500", "win_rate": "100",
        "cube": "64", **CUSTOM, "divisor": "100000", "k": "1000",
    },
    # The benchmark's dearest: saturated far games under every cube, K 999 on a half-integer.
    "saturated fall": {
        "rating": "100000", "target": "-100000", "opponent": "0", "win_rate": "99.9",
        "cube": "mix", **CUSTOM, "divisor": "3", "k": "1", "heavy_k": "999",
    },
    # Every game a change next to a half-integer (4.5 × (1 − E), E about 10^-12): once each
    # went through Go's 10^x in Python.
    "near halves": {
        "rating": "-46500", "target": "-40000", "opponent": "1500", "win_rate": "100",
        "cube": "8", **CUSTOM, "divisor": "4000", "k": "3", "heavy_k": "3",
    },
}  # fmt: skip


@pytest.fixture(scope="module")
def warm() -> None:
    """The Planner opened once: its first run in a process imports the page's modules, which
    no reader's link pays for."""
    cold_run_cpu(new_session("pages/planner.py"))


@pytest.mark.parametrize("name", LINKS)
def test_a_dear_planner_link_costs_well_under_a_second(warm: None, name: str) -> None:
    params = LINKS[name]
    at = new_session("pages/planner.py", **params)
    cpu = cold_run_cpu(at)
    assert not at.exception
    assert at.session_state["planner.rating"] == int(params["rating"])  # the link was taken
    assert at.session_state["planner.divisor"] == float(params["divisor"])
    assert cpu < BOUND_S, f"{name}: {cpu:.2f} s of CPU"
