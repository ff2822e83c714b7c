"""Every lab run priced, capped and queued: the cost model against the games a run really
plays, a run over ``run_games`` refused before any work (on the Simulator and the Rule designer,
at the links that once held the server for minutes), a full queue refused by its limit's name,
one run per reader across their tabs, the Simulator in the queue like a sweep, and a left
simulation's memory given back. Page loads too: History's replays and the Rule designer's
calibration are priced and queued (a kept result is served without a place in the queue, a new
one over ``run_games`` refused by name), a rule list names each rule set once, and a replay
whose reader left ends at its next rule set, keeping nothing."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from apptest_support import open_page, refused

from gammon_elo import CURRENT, RULES
from gammon_elo.calibrate.fit import fit_tasks
from gammon_elo.league import shipped_league
from gammon_elo.replay import compare_rules, sample_history
from gammon_elo.simulate import Population, simulate
from gammon_elo.sweep import Grid, sweep
from server import cost, runs, settings
from server.settings import Settings
from ui.catalogs import EL, EN
from ui.lab import access
from ui.lab.run import Kept, Plan, kept_or_run, refusal_text, shared
from ui.params import ListParam

#: The Simulator's and the Rule designer's largest links (each input at its maximum).
SIMULATOR_MAX = {
    "players": "20000",
    "weeks": "104",
    "games_per_week": "300",
    "heavy_share": "100",
    # Every version, the current one without its heavy-week K, and a custom rule set.
    "rules": ",".join([*RULES, f"{CURRENT.name}-flat", "custom"]),
}
DESIGNER_MAX = {"players": "20000", "weeks": "104", "seeds": "50", "divisors": "400", "ks": "32"}


# ------------------------------------------------------------------------------ the cost model


def test_the_model_is_players_weeks_games_rule_sets_and_seeds() -> None:
    # 2,000 players of 15 games a week: 15,000 games a week (two players a game).
    assert cost.games(players=2000, weeks=26, per_week=15, rule_sets=3) == 15_000 * 26 * 3
    assert cost.games(players=10, weeks=1, per_week=3, rule_sets=1, seeds=4) == 15 * 4
    # The largest simulator link: 20,000 players and their 500 newcomers (one in forty), all
    # heavy (300 to 400 games a week: 350 on average), 104 weeks, five rule sets.
    population = Population(players=20_000, weeks=104, games_per_week=300, heavy_share=1.0)
    assert cost.simulation(population, [RULES["1.3.1"]] * 5).games == (20_500 * 350 // 2 * 104 * 5)


@pytest.mark.parametrize(
    "population",
    [
        Population(players=2000, weeks=6),
        Population(players=2000, weeks=3, games_per_week=300, heavy_share=1.0),
        Population(players=1000, weeks=6, heavy_share=0),
        Population(players=500, weeks=4, games_per_week=300, heavy_share=0.05),
        Population(players=1000, weeks=6, pairing="band"),
    ],
    ids=["defaults", "all-heavy", "no-heavy", "busy", "band"],
)
def test_a_simulation_s_price_is_the_games_it_plays(population: Population) -> None:
    """Within 6 % of the games the simulation plays (a player may find no opponent in a slot,
    and the players' rates are random draws): the estimate is neither blind to heavy players
    (5 % of them play 350 games a week) nor to the lognormal's mean over its median."""
    played = simulate(population, rules=["1.3.1"]).games
    priced = cost.simulation(population, [RULES["1.3.1"], RULES["1.2.0"]])
    assert priced.games / 2 == pytest.approx(played, rel=0.06)
    assert priced.tasks == 1


def test_a_sweep_s_price_is_its_tasks_games_and_a_fit_s_its_replays() -> None:
    grid = Grid(divisors=(800, 1200), ks=(16, 32), seeds=2, players=300, weeks=3)
    played = sweep(grid, serial=True)["games"].sum()  # each task's own games
    priced = cost.sweep(grid)
    assert priced.games == pytest.approx(played, rel=0.06)
    assert priced.tasks == 8
    with_history = cost.sweep(grid, history_games=1000)
    assert with_history.games == priced.games + 4 * 1000  # each rule set replays it once
    assert with_history.tasks == 8 + 4
    # 25 candidates' replays, and the best's once more for its margin over the base.
    assert cost.fit("divisor", 1000) == cost.Cost((25 + 1) * 1000, 25, "fit")
    assert fit_tasks("divisor,k") == 121
    assert cost.league(250, 100) == cost.Cost(250 * cost.ENGINE_GAME, 3, "league")


# ---------------------------------------------------------------------------- the runner


@pytest.fixture
def local_runner() -> Iterator[runs.Runner]:
    """A runner whose runs go in this process (no cluster is started by these tests)."""
    made = runs.Runner(Settings(concurrent_runs=1, queue_length=1, runs_per_reader=1))
    try:
        yield made
    finally:
        made.close()


class _Left(BaseException):
    """What Streamlit raises in the script of a reader who left: not an ``Exception``."""


def _run(games: int, tasks: int = 1) -> cost.Cost:
    return cost.Cost(games=games, tasks=tasks, kind="sweep")


def test_a_costly_run_is_refused_before_it_waits_or_starts(local_runner: runs.Runner) -> None:
    limit = local_runner.settings.run_games
    assert limit == 500_000_000
    with local_runner.slot("someone", _run(10), cluster=False):  # the only slot is taken
        began = time.monotonic()
        with (
            pytest.raises(runs.RunRefusedError) as refusal,
            local_runner.slot("reader", _run(limit + 1)),
        ):
            pytest.fail("a run over run_games was taken")
        assert time.monotonic() - began < 0.5  # not queued behind the running one first
    message = refusal_text(refusal.value)
    assert "500,000,001 games" in message and "at most 500,000,000" in message
    assert "(run_games)" in message and EN["designer.smaller_sweep"] in message
    assert local_runner._cluster is None  # nor was the cluster started for it
    with local_runner.slot("reader", _run(limit), cluster=False) as client:
        assert client is None  # at the cap itself: taken, in this process


def test_a_full_queue_refuses_by_the_limit_s_name(local_runner: runs.Runner) -> None:
    """One running, one waiting (queue_length = 1): a third reader is refused, not queued."""
    waiting_seen = threading.Event()

    def second() -> None:
        with local_runner.slot("second", _run(1), lambda ahead: waiting_seen.set(), cluster=False):
            pass

    with local_runner.slot("first", _run(1), cluster=False):
        thread = threading.Thread(target=second)
        thread.start()
        assert waiting_seen.wait(10)
        full = refused(r"1 run is already waiting \(queue_length\)")
        with full, local_runner.slot("third", _run(1), cluster=False):
            pytest.fail("a run was queued beyond queue_length")
    thread.join(10)
    assert not thread.is_alive()
    with local_runner.slot("third", _run(1), cluster=False):  # the queue moved: taken now
        assert local_runner.running == 1


def test_one_reader_one_run_whatever_the_tab(local_runner: runs.Runner) -> None:
    """The queue counts a reader's runs, not a tab's: a second run of the same reader id is
    refused while the first waits, and taken once it is over."""
    with local_runner.slot("someone", _run(1), cluster=False):
        entered = threading.Event()
        leave = threading.Event()

        def first_tab() -> None:
            def wait(ahead: int) -> None:
                entered.set()
                if leave.is_set():
                    raise _Left  # as Streamlit stops the script of a tab that closed

            with (
                contextlib.suppress(_Left),
                local_runner.slot("user:a@example.org", _run(1), wait, cluster=False),
            ):
                pytest.fail("ran while the slot was held")

        thread = threading.Thread(target=first_tab)
        thread.start()
        assert entered.wait(10)
        busy = refused(r"runs_per_reader = 1")
        with busy, local_runner.slot("user:a@example.org", _run(1), cluster=False):
            pytest.fail("a second run of one reader was taken")
        leave.set()
        thread.join(10)
    with local_runner.slot("user:a@example.org", _run(1), cluster=False):
        pass


#: A simulation at the largest population the pages allow, left after its third week as
#: Streamlit leaves a script (an exception that is not an Exception, raised in the progress
#: callback), in a thread of its own as Streamlit runs a page's script. Prints the process's RSS
#: before, at each week and after, and the exception the thread held.
_LEFT_SIMULATION = """
import json, threading, psutil
from gammon_elo import RULES
from gammon_elo.simulate import Population, simulate
from server import runs

class Left(BaseException):
    pass

process = psutil.Process()
population = Population(players=20_000, weeks=104, games_per_week=300, heavy_share=1.0)
peak, held, after = [], [], []

def progress(done):
    peak.append(process.memory_info().rss)
    if done >= 3 / 104:
        raise Left

def script():
    try:
        runs.in_process(lambda: simulate(population, rules=list(RULES), progress=progress))
    except BaseException as left:
        held.append(type(left).__name__)
        after.append(process.memory_info().rss)

before = process.memory_info().rss
thread = threading.Thread(target=script)
thread.start()
thread.join()
print(json.dumps({"before": before, "peak": peak, "held": held, "after": after}))
"""


def test_a_left_simulation_keeps_nothing_and_gives_its_memory_back() -> None:
    """The left simulation's memory is back within 60 MB of where it started, though it grew by
    more than 200 MB, and while the exception is still held. In a fresh interpreter: in this
    one, the heap's free pages from earlier tests would hide the growth."""
    done = subprocess.run(
        [sys.executable, "-c", _LEFT_SIMULATION],
        cwd=Path(__file__).parents[2],  # the project, whose ui package the script imports
        capture_output=True,
        text=True,
        timeout=600,  # three weeks: seconds, on a loaded machine minutes
        check=True,
    )
    figures = json.loads(done.stdout)
    before, peak, after = figures["before"], figures["peak"], figures["after"]
    assert figures["held"] == ["Left"] and len(peak) == 3
    assert max(peak) - before > 200 * 2**20
    assert after[0] - before < 60 * 2**20, (before, max(peak), after)


class _User(dict[str, str]):
    """st.user as Streamlit gives it to a signed-in reader: a mapping with is_logged_in."""

    is_logged_in = True


def test_a_reader_is_the_signed_in_designer_else_the_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One designer's tabs share one id; with sign-in off, one address is one reader."""
    monkeypatch.setattr(access, "sign_in_configured", lambda: True)
    monkeypatch.setattr(access.st, "user", _User(email=" Ada@Example.org "))
    assert access.reader_id() == "user:ada@example.org"
    monkeypatch.setattr(access, "sign_in_configured", lambda: False)
    monkeypatch.setattr(access, "reader_is_local", lambda: True)
    assert access.reader_id() == "local"
    monkeypatch.setattr(access, "reader_is_local", lambda: False)
    monkeypatch.setattr(access.st, "context", SimpleNamespace(ip_address="192.0.2.7"))
    assert access.reader_id() == "address:192.0.2.7"


# ------------------------------------------------------------------------------- the pages


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_simulator_s_largest_link_is_refused_with_its_cost(lang: str) -> None:
    began = time.monotonic()
    at = open_page("pages/lab/simulator.py", lang=lang, **SIMULATOR_MAX)
    assert not at.exception, [e.message for e in at.exception]
    warnings = [w.value for w in at.warning]
    mark = "," if lang == "en" else "."
    # 20,500 players (with the newcomers) × 350 games ÷ 2 × 104 weeks × each rule set.
    games = f"{20_500 * 175 * 104 * (len(RULES) + 2):,}".replace(",", mark)
    limit = f"{500_000_000:,}".replace(",", mark)
    refusal = [w for w in warnings if "(run_games)" in w]
    assert len(refusal) == 1, warnings
    assert games in refusal[0] and limit in refusal[0]
    catalog = EN if lang == "en" else EL
    assert catalog["designer.smaller_simulation"] in refusal[0]
    assert not at.get("vega_lite_chart")  # nothing ran
    assert time.monotonic() - began < 60


def test_the_designer_s_largest_sweep_is_refused_with_its_cost() -> None:
    at = open_page("pages/lab/designer.py", timeout=180, source="sample", **DESIGNER_MAX)
    runner = runs.runner()
    peak = runner.peak
    next(b for b in at.button if b.label == EN["designer.run_sweep"]).click()
    at.run(timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    refusal = [w.value for w in at.warning if "(run_games)" in w.value]
    assert len(refusal) == 1
    # 50 seeds of 20,000 players for 104 weeks, at least 15 games a week each (the median
    # player's; heavy players play more): over a billion games, twice the cap.
    figure = refusal[0].split(" games;")[0].rsplit(" ", 1)[-1]
    assert int(figure.replace(",", "")) > 20_000 * 104 * 50 * 15 // 2 > 500_000_000
    assert "at most 500,000,000" in refusal[0]
    assert not at.session_state["designer.sweep"]  # nothing kept
    assert runner.peak == peak  # never in the queue


def _queued(runner: runs.Runner) -> int:
    return len(runner._queue)


def test_the_simulator_waits_in_the_queue_and_one_reader_runs_once() -> None:
    """Two tabs of one reader (two AppTest scripts, both "local" on this machine): the first tab's
    simulation waits in the queue while another reader's run holds the only slot, the second
    tab's is refused by runs_per_reader, and the first runs once the slot is free."""
    runner = runs.runner()
    first: list[object] = []
    link = {"players": "300", "weeks": "2", "seed": str(time.time_ns() % 2**31)}
    with runner.slot("address:192.0.2.7", _run(1), cluster=False):
        tab = threading.Thread(
            target=lambda: first.append(open_page("pages/lab/simulator.py", timeout=120, **link))
        )
        tab.start()
        deadline = time.monotonic() + 60
        while _queued(runner) == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _queued(runner) == 1  # the simulation is queued, not running on a thread
        assert runner.running == 1
        other = {**link, "seed": str(int(link["seed"]) + 1)}
        second = open_page("pages/lab/simulator.py", **other)
        assert not second.exception, [e.message for e in second.exception]
        refused = [w.value for w in second.warning]
        assert any("runs_per_reader = 1" in w for w in refused), refused
    tab.join(120)
    at = first[0]
    assert not at.exception, [e.message for e in at.exception]  # type: ignore[attr-defined]
    shown = "\n".join(c.value for c in at.caption)  # type: ignore[attr-defined]
    assert "300 players" in shown
    assert runner.running == 0 and _queued(runner) == 0


# ------------------------------------------------------------------------- page loads, queued

#: The link that once cost minutes of CPU on page load: one rule set named 250 times.
LONG_RULES = ",".join(["1.3.1"] * 250)
#: Far above what the page costs (a few seconds: the calibration's replays of the shipped
#: league under one rule set, and the page), far below what that link cost when each of its
#: 250 entries replayed the league (benchmarks/README.md, "lab links").
PAGE_CPU_SECONDS = 40


def test_a_rule_list_names_each_rule_set_once() -> None:
    rules = ListParam(name="rules", default=[], choices=tuple(RULES))
    assert rules.parse(LONG_RULES) == ["1.3.1"]
    assert rules.parse("1.2.0, 1.3.1,1.2.0,1.0.5,1.3.1") == ["1.2.0", "1.3.1", "1.0.5"]


def test_the_long_rule_link_costs_little_on_page_load() -> None:
    """The Rule designer at ``rules=1.3.1,1.3.1,…`` (250 entries), with a burn-in no test asked
    for (nothing kept answers it): this process's CPU time for the whole page load (AppTest
    runs the script in a thread of this process) stays far under the bound, and the scores are
    1.3.1's alone."""
    began = time.process_time()
    at = open_page("pages/lab/designer.py", timeout=120, rules=LONG_RULES, burn_in="17")
    spent = time.process_time() - began
    assert not at.exception, [e.message for e in at.exception]
    assert spent < PAGE_CPU_SECONDS, spent
    scores = at.table[2].value.set_index("Measure")  # after the real-dice tables
    assert scores.columns.tolist() == ["1.3.1 (÷1200)"]


@pytest.fixture
def run_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The server's ``run_games`` lowered below three replays of the shipped league, from the
    next page's run; nothing kept from other tests."""
    shared.clear()
    settings.current.cache_clear()
    yield
    settings.current.cache_clear()


def test_a_replay_on_page_load_is_priced_queued_and_refused_by_name(
    run_games: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """History and the Rule designer on the shipped league (50,500 games, counted here from the
    league itself): a replay under two rule sets (about 101,000 games) runs and is kept; with
    ``run_games`` at 120,000 the kept one is still served, while one under three rule sets
    (about 151,500) is refused before any work, naming the setting, its figure and the limit."""
    league = len(shipped_league())
    two, three = "1.3.1,1.2.0", "1.3.1,1.2.0,1.0.5"
    assert 2 * league < 120_000 < 3 * league
    history = open_page("pages/lab/history.py", source="league", rules=two)
    designer = open_page("pages/lab/designer.py", burn_in="19", rules=two)
    for at in (history, designer):
        assert not at.exception and not at.warning, [w.value for w in at.warning]
    monkeypatch.setenv("GAMMON_ELO_RUN_GAMES", "120000")
    settings.current.cache_clear()
    runner = runs.runner()
    assert runner.settings.run_games == 120_000
    kept = open_page("pages/lab/history.py", source="league", rules=two)
    assert not kept.warning and kept.get("vega_lite_chart")  # served, no run
    kept = open_page("pages/lab/designer.py", burn_in="19", rules=two)
    assert not kept.warning and len(kept.table) == 3
    assert runner.peak == 0  # neither took a place in the queue
    figure, limit = f"{3 * league:,}", "120,000"
    for page, link in (
        ("pages/lab/history.py", {"source": "league", "rules": three}),
        ("pages/lab/designer.py", {"burn_in": "19", "rules": three}),
    ):
        at = open_page(page, **link)
        assert not at.exception, [e.message for e in at.exception]
        refusal = [w.value for w in at.warning if "(run_games)" in w.value]
        assert len(refusal) == 1, [w.value for w in at.warning]
        assert f"would rate {figure} games" in refusal[0] and f"at most {limit}" in refusal[0]
        assert EN["designer.smaller_replay"] in refusal[0]
        assert not at.get("vega_lite_chart")  # nothing replayed, nothing drawn
    assert runner.peak == 0


def test_a_replay_whose_reader_left_ends_at_its_next_rule_set_and_keeps_nothing() -> None:
    """The replay reports after each rule set; a reader who left (Streamlit raises there) ends
    it after the first of three, nothing is kept, and the reader's place is free again."""
    store = Kept(2)
    history = sample_history()
    rules = tuple(RULES.values())
    reported: list[int] = []

    def leave(done: int, total: int) -> None:
        reported.append(done)
        raise _Left

    def work(progress: object, client: object) -> object:
        return compare_rules(history, rules, progress=leave)

    runner = runs.runner()
    price = cost.replay(len(history), len(rules))
    with pytest.raises(_Left):
        kept_or_run(store, "left", lambda: Plan(price, work, "lab.rerating"))
    assert reported == [1]
    assert store.get("left") is None
    assert runner.running == 0 and _queued(runner) == 0
    kept = kept_or_run(store, "left", lambda: Plan(price, lambda p, c: "done", "lab.rerating"))
    assert kept == "done" and store.get("left") == "done"
