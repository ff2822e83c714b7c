"""The Rule designer page under AppTest: it opens on the sample history with each rule set's
scores as the core computes them, runs a tiny sweep on the server's one Dask cluster (the same
table as the serial sweep, a heat map per metric) and the fit, and refuses bad links with a
notice.

No view of the page connects to an address a reader supplies (a fake scheduler on loopback
records every connection), the configured one is used and never shown, and the runner's queue
keeps its bounds across readers: one run at a time, two worker processes whose every socket is
on loopback, and a reader who leaves cancels their tasks on the cluster. The lab's own cluster
trusts no one: its scheduler runs outside the server's process and speaks only TLS with a
certificate of its own, so a plain ``tcp://`` client and a TLS client without that certificate
are both refused while the server's runs go on; an operator's ``tls://`` scheduler is reached
with the certificates the operator names."""

from __future__ import annotations

import contextlib
import itertools
import math
import os
import shutil
import socket
import stat
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import distributed
import pandas as pd
import psutil
import pytest
from apptest_support import cells, numbers, open_page, refused
from streamlit.runtime.scriptrunner_utils.exceptions import StopException

from gammon_elo import RULES, Rules
from gammon_elo.calibrate import DEFAULT_BURN_IN, fit, score
from gammon_elo.league import shipped_league
from gammon_elo.parallel import run_tasks
from gammon_elo.replay import read_history, sample_history
from gammon_elo.sweep import Grid, sweep
from server import cost, runs, settings
from server.cost import Cost
from server.settings import Settings
from tests.core.worker_support import COUNTED_ROUNDS, PAGES, malloc_report, profiling
from ui.catalogs import EL, EN
from ui.lab.run import cluster_caption

ROOT = Path(__file__).resolve().parents[2]


def _captions(at: object) -> str:
    return "\n".join(c.value for c in at.caption)  # type: ignore[attr-defined]


def test_scores_the_sample_history_as_the_core_does() -> None:
    at = open_page("pages/lab/designer.py", source="sample")
    assert not at.exception, [e.message for e in at.exception]
    history = sample_history()
    scores = {name: score(history, rules, burn_in=DEFAULT_BURN_IN) for name, rules in RULES.items()}
    best = min(scores, key=lambda name: scores[name].log_loss)
    shown = _captions(at)
    # The sample's games are close to coin tosses: every rule set predicts them worse.
    assert scores[best].log_loss > math.log(2)
    assert "every rule set predicted worse than a coin toss (log-loss from" in shown
    assert f"{scores[best].log_loss:.4f} under {best} (÷{RULES[best].divisor:g})" in shown
    # After the real-dice tables (two): a row per measure, a column per rule set.
    table = cells(at.table[2]).set_index("Measure")
    assert table.columns.tolist() == [f"{n} (÷{r.divisor:g})" for n, r in RULES.items()]
    assert table.loc["Log-loss"].tolist() == [f"{s.log_loss:.4f}" for s in scores.values()]
    assert table.loc["Games"].tolist() == [str(s.games) for s in scores.values()]
    (calibration,) = [cells(d) for d in at.dataframe if "Band: From" in numbers(d).columns]
    assert calibration.columns.tolist() == [
        "Band: From",
        "Band: To",
        "Expected",
        "Won",
        "95 % interval: Low",
        "95 % interval: High",
    ]
    # The games the bands hold, all of 1.3.1's scored games, in the sentence under the table.
    assert f"over all {scores['1.3.1'].games:,} games" in shown
    assert EN["designer.sweep_waiting"] in [i.value for i in at.info]


@pytest.mark.parametrize(
    ("lang", "mark", "scored", "calibrated"),
    [
        ("en", ",", "Over {} games, ", "over all {} games favourites"),
        ("el", ".", "Σε {} παιχνίδια, ", "στο σύνολο των {} παιχνιδιών"),
    ],
)
def test_the_league_s_counts_carry_the_thousands_mark(
    lang: str, mark: str, scored: str, calibrated: str
) -> None:
    """The shipped league scores tens of thousands of games: its sentences and its scores
    table wrote "48576" where every other count of the app reads 48,576 (48.576 in Greek)."""
    catalog = EN if lang == "en" else EL
    at = open_page("pages/lab/designer.py", timeout=180, lang=lang)
    assert not at.exception, [e.message for e in at.exception]
    games = score(shipped_league(), RULES["1.3.1"], burn_in=DEFAULT_BURN_IN).games
    assert games >= 1000
    written = f"{games:,}".replace(",", mark)
    shown = _captions(at)
    assert scored.format(written) in shown
    assert calibrated.format(written) in shown
    # The scores table's row of games too (after the real-dice tables), every rule set's.
    table = cells(at.table[2]).set_index(catalog["simulator.measure"])
    games_row = table.loc[catalog["designer.games"]].tolist()
    assert written in games_row
    assert all(mark in cell for cell in games_row), table


def test_runs_a_sweep_on_a_local_cluster_and_the_fit() -> None:
    link = {"divisors": "800,1200", "ks": "16,32", "seeds": "1", "players": "20", "weeks": "1"}
    link["source"] = "sample"
    at = open_page("pages/lab/designer.py", timeout=180, **link)
    next(b for b in at.button if b.label == EN["designer.run_sweep"]).click()
    at.run(timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    expected = sweep(Grid(divisors=(800, 1200), ks=(16, 32), players=20, weeks=1), serial=True)
    (kept,) = at.session_state["designer.sweep"].values()
    pd.testing.assert_frame_equal(kept, expected, check_exact=True)
    # Four heat maps, the ranking of the rating systems, the calibration chart.
    assert len(at.get("vega_lite_chart")) == 4 + 1 + 1
    assert "4 runs: 4 rule sets, each under 1 seed" in _captions(at)
    labels = [b.proto.label for b in at.get("download_button")]
    assert EN["designer.download_csv"] in labels and EN["designer.download_parquet"] in labels
    next(b for b in at.button if b.label == EN["designer.run_fit"]).click()
    at.run(timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    result = fit(sample_history(), base="1.3.1", serial=True)
    # The sample's games are close to coin tosses: even the flattest curve predicts them worse
    # than one, and its margin over 1.3.1, paired game by game, is within the noise.
    assert result.log_loss > math.log(2)
    fitted = Rules.custom(result.divisor, 32, heavy_k=16, heavy_games=50)
    base = score(sample_history(), "1.3.1", burn_in=DEFAULT_BURN_IN).losses
    best = score(sample_history(), fitted, burn_in=DEFAULT_BURN_IN).losses
    d = base - best
    mean, se = d.mean(), d.std(ddof=1) / math.sqrt(len(d))
    assert abs(mean) < 2 * se
    said = _captions(at)
    assert (
        f"No divisor predicts these {len(d)} games better than a coin toss: the least bad,"
        f" ÷{result.divisor:g} with K 32, scores log-loss {result.log_loss:.4f}" in said
    )
    assert f"{mean:.5f} ± {se:.5f} a game below 1.3.1 (÷1200)'s" in said
    assert EN["designer.verdict_unclear"] in said and EN["designer.fit_in_sample"] in said


def test_a_bad_link_falls_back_with_a_notice() -> None:
    at = open_page("pages/lab/designer.py", burn_in="-3", divisors="7", fit="k")
    assert not at.exception
    notices = " ".join(w.value for w in at.warning)
    for name in ("burn_in", "divisors", "fit"):
        assert f"`{name}=" in notices
    assert f"first {DEFAULT_BURN_IN}" not in notices


# ------------------------------------------------- the cluster: the operator's, bounded, shared


class _FakeScheduler:
    """A TCP server on loopback that records every connection and never answers."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.1)
        self.address = f"tcp://127.0.0.1:{self.server.getsockname()[1]}"
        self.connections: list[socket.socket] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            with contextlib.suppress(TimeoutError):
                self.connections.append(self.server.accept()[0])

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        for connection in self.connections:
            connection.close()
        self.server.close()


@pytest.fixture
def fake_scheduler() -> Iterator[_FakeScheduler]:
    fake = _FakeScheduler()
    try:
        yield fake
    finally:
        fake.close()


#: Every URL parameter the page reads, and the names an address was once (or might be) read from.
PARAMS = (
    *("divisors", "ks", "heavy_on", "heavy_k", "heavy_games", "seeds", "players", "weeks"),
    *("with_history", "rules", "burn_in", "fit", "scheduler", "cluster_on", "address"),
    *("source", "live_players", "live_games", "live_levels", "live_seed"),
)


@pytest.mark.parametrize("view", [None, "compact", "chart", "table", "embed"])
def test_no_view_connects_to_an_address_a_reader_supplies(
    view: str | None, fake_scheduler: _FakeScheduler
) -> None:
    link = {name: fake_scheduler.address for name in PARAMS}
    if view == "embed":
        link["embed"] = "true"
    elif view is not None:
        link["view"] = view
    at = open_page("pages/lab/designer.py", timeout=180, **link)
    assert not at.exception, [e.message for e in at.exception]
    assert len(at.text_input) == 0  # nowhere to type an address
    assert not [t for t in at.toggle if t.label == "Run on an existing Dask cluster"]
    for area in at.text_area:
        area.set_value(fake_scheduler.address)
    run = [b for b in at.button if b.label == EN["designer.run_sweep"]]
    if view is None:  # the full page runs the sweep the link describes (its defaults)
        assert run
        run[0].click()
    at.run(timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    if view is None:
        assert at.session_state["designer.sweep"]
    assert fake_scheduler.connections == []
    assert fake_scheduler.address not in _captions(at)


def test_the_runner_uses_the_configured_scheduler_and_never_shows_it(
    monkeypatch: pytest.MonkeyPatch, fake_scheduler: _FakeScheduler
) -> None:
    monkeypatch.setenv("GAMMON_ELO_SCHEDULER", fake_scheduler.address)
    monkeypatch.setenv("GAMMON_ELO_HANDSHAKE_TIMEOUT", "1.5")
    settings.current.cache_clear()
    try:
        runner = runs.runner()
        assert runner.settings.scheduler == fake_scheduler.address
        assert fake_scheduler.address not in cluster_caption(runner)
        began = time.monotonic()
        silent = refused(r"within 1\.5 s \(handshake_timeout\)")
        with silent, runner.slot("reader", _tasks(1)):
            pytest.fail("a silent scheduler gave a client")
        assert time.monotonic() - began < 1.5 + 0.5
        assert len(fake_scheduler.connections) == 1  # it was the one tried
        assert runner.running == 0  # and the slot is free again
        at = open_page("pages/lab/designer.py")
        assert EN["designer.cluster_configured"].format(runs=1) in _captions(at)
        assert fake_scheduler.address not in _captions(at)
    finally:
        settings.current.cache_clear()


def _tasks(tasks: int) -> Cost:
    """A sweep of ``tasks`` tasks, of a handful of games each."""
    return Cost(games=tasks, tasks=tasks, kind="sweep")


def _workers_of(runner: runs.Runner) -> int:
    """This process's children that are workers of ``runner``'s own scheduler."""
    address = runner.client().scheduler.address
    return sum(
        address in " ".join(child.cmdline()) and "dask_worker" in " ".join(child.cmdline())
        for child in psutil.Process().children(recursive=True)
    )


@pytest.fixture
def runner() -> Iterator[runs.Runner]:
    made = runs.Runner(Settings(workers=2, concurrent_runs=1, runs_per_reader=1))
    try:
        yield made
    finally:
        made.close()


def test_three_readers_run_one_at_a_time_on_two_workers(runner: runs.Runner) -> None:
    spans: dict[int, tuple[float, float]] = {}
    ahead: dict[int, list[int]] = {0: [], 1: [], 2: []}
    workers_seen: list[int] = []
    results: dict[int, list[None]] = {}

    def reader(i: int) -> None:
        with runner.slot(f"reader-{i}", _tasks(6), ahead[i].append) as client:
            began = time.monotonic()
            results[i] = run_tasks(time.sleep, [0.1] * 6, client=client)
            spans[i] = (began, time.monotonic())

    runner.client()  # started once, before the readers arrive
    threads = [threading.Thread(target=reader, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        workers_seen.append(_workers_of(runner))
        time.sleep(0.05)
    assert results == {i: [None] * 6 for i in range(3)}
    assert runner.peak == 1 and runner.running == 0
    ordered = sorted(spans.values())
    assert all(end <= next_start for (_, end), (next_start, _) in itertools.pairwise(ordered))
    assert max(workers_seen) == 2  # the same two workers for every run, never more
    waits = sorted(ahead.values())
    # Told again every half second while waiting: the second reader 1 ahead, the third 2 then 1.
    assert waits[0] == [] and set(waits[1]) == {1} and waits[2][0] == 2 and waits[2][-1] == 1


def test_limits_are_named_and_one_run_per_reader(runner: runs.Runner) -> None:
    too_many = refused(r"241 tasks; .* 240 .*\(tasks_per_run\)")
    with too_many, runner.slot("reader", _tasks(241)):
        pytest.fail("a run of too many tasks was taken")
    busy = refused(r"runs_per_reader = 1")
    with runner.slot("reader", _tasks(1)), busy, runner.slot("reader", _tasks(1)):
        pytest.fail("a second run of one reader was taken")
    assert runner.running == 0


def test_the_servers_workers_allocate_as_the_server_does(runner: runs.Runner) -> None:
    """No glibc malloc threshold in the ``dask worker`` processes (a Nanny would add one):
    each reuses a freed array without faulting its pages in again, as this process does."""
    client = runner.client()
    here = malloc_report()
    reports = [
        client.submit(malloc_report, pure=False, workers=[address]).result()
        for address in client.scheduler_info()["workers"]
    ]
    assert len(reports) == 2
    assert here[0] is None and here[1] < COUNTED_ROUNDS * PAGES // 4
    assert [setting for setting, _ in reports] == [None, None]
    assert all(faults < COUNTED_ROUNDS * PAGES // 4 for _, faults in reports), reports
    # Nor do they sample their tasks' stacks for Dask's dashboard (gammon_elo.parallel).
    profiled = [
        client.submit(profiling, pure=False, workers=[address]).result()
        for address in client.scheduler_info()["workers"]
    ]
    assert profiled == [False, False]


def test_a_reader_who_leaves_cancels_their_tasks(runner: runs.Runner) -> None:
    client = runner.client()

    def ours(dask_scheduler: Any) -> list[str]:
        return [str(key) for key in dask_scheduler.tasks if str(key).startswith("gammon-elo-")]

    def leave(done: int, total: int) -> None:
        raise StopException()  # what Streamlit raises in the script of a session that ended

    with pytest.raises(StopException), runner.slot("reader", _tasks(40)) as held:
        run_tasks(time.sleep, [0.1] * 40, client=held, progress=leave)
    deadline = time.monotonic() + 10
    while client.run_on_scheduler(ours) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert client.run_on_scheduler(ours) == []
    assert runner.running == 0
    # A reader who leaves while still queued gives their place back too.
    with (
        runner.slot("first", _tasks(1)),
        pytest.raises(StopException),
        runner.slot("2nd", _tasks(1), leave_waiting),
    ):
        pytest.fail("ran while another held the only slot")
    with runner.slot("third", _tasks(1)) as held:
        assert run_tasks(time.sleep, [0.01], client=held) == [None]


def test_closing_lets_the_workers_end_by_themselves(runner: runs.Runner) -> None:
    """The scheduler tells its workers to close; a worker signalled while it was closing did
    not end promptly (and was killed anyway), so the server waits for them to end on their own
    first."""
    with runner.slot("reader", _tasks(4)) as held:
        assert run_tasks(time.sleep, [0.05] * 4, client=held) == [None] * 4
    cluster = runner._cluster
    assert cluster is not None
    processes = [cluster.scheduler, *cluster.processes]
    runner.close()  # the fixture's close after it finds nothing left to close
    assert [process.returncode for process in processes] == [0, 0, 0]
    assert not cluster.folder.exists()  # nor are its credentials left behind


def test_the_embedded_cluster_listens_on_loopback_only(runner: runs.Runner) -> None:
    """Every listening socket of the scheduler and the workers (Dask's own, and the HTTP server
    each runs even without a dashboard, on every interface unless told) is on 127.0.0.1."""
    runner.client()
    cluster = runner._cluster
    assert cluster is not None and len(cluster.processes) == 2
    for process in [cluster.scheduler, *cluster.processes]:
        sockets = [
            (c.laddr.ip, c.laddr.port)
            for c in psutil.Process(process.pid).net_connections(kind="inet")
            if c.status == psutil.CONN_LISTEN
        ]
        assert len(sockets) == 2, (process.pid, sockets)  # Dask's port and the HTTP server's
        assert {ip for ip, _ in sockets} == {"127.0.0.1"}, (process.pid, sockets)


def test_the_lab_s_cluster_trusts_no_one(runner: runs.Runner) -> None:
    """The scheduler and the workers are processes of their own, not this one (a task never
    sees the server's memory, its secrets among them); the scheduler speaks TLS only, so a
    plain tcp:// client, and a TLS client whose certificate the cluster did not make, are
    refused, and its HTTP server answers no route; the credentials lie in a folder only this
    user may open. The server's own runs go on: a sweep gives the serial sweep's table."""
    client = runner.client()
    cluster = runner._cluster
    assert cluster is not None
    address = client.scheduler.address
    assert address.startswith("tls://127.0.0.1:")
    here = os.getpid()
    assert client.run_on_scheduler(os.getpid) == cluster.scheduler.pid != here
    assert here not in client.run(os.getpid).values()
    plain = address.replace("tls://", "tcp://")
    with pytest.raises(OSError):
        distributed.Client(plain, timeout="5s", set_as_default=False)
    stranger = distributed.security.Security.temporary()
    with pytest.raises(OSError, match="TLS certificate does not match"):
        distributed.Client(address, security=stranger, timeout="5s", set_as_default=False)
    port = client.scheduler_info()["services"]["dashboard"]
    for route in ("/info/main/workers.html", "/json/counts.json", "/metrics", "/health"):
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{route}", timeout=10)
        assert answer.value.code == 404, route
    assert stat.S_IMODE(cluster.folder.stat().st_mode) == 0o700
    assert {stat.S_IMODE(os.stat(path).st_mode) for path in cluster.credentials} == {0o600}
    grid = Grid(divisors=(800, 1200), ks=(32,), players=20, weeks=1)
    with runner.slot("reader", cost.sweep(grid)) as held:
        ran = sweep(grid, client=held)
    pd.testing.assert_frame_equal(ran, sweep(grid, serial=True), check_exact=True)


def test_an_operator_s_tls_scheduler_is_reached_with_their_certificates(
    runner: runs.Runner, caplog: pytest.LogCaptureFixture
) -> None:
    """The lab's own cluster stands in for an operator's: named with its certificate authority,
    certificate and key (``scheduler_ca``, ``scheduler_cert``, ``scheduler_key``), the runner
    runs on it; named without them, it is refused by the handshake's limit, within it."""
    client = runner.client()
    cluster = runner._cluster
    assert cluster is not None
    ca, cert, key = cluster.credentials
    address = client.scheduler.address
    named = runs.Runner(
        Settings(scheduler=address, scheduler_ca=ca, scheduler_cert=cert, scheduler_key=key)
    )
    try:
        with named.slot("reader", _tasks(2)) as held:
            assert run_tasks(abs, [-3, 4], client=held) == [3, 4]
    finally:
        named.close()
    bare = runs.Runner(Settings(scheduler=address, handshake_timeout=2))
    try:
        began = time.monotonic()
        uncertified = refused(r"within 2\.0 s \(handshake_timeout\)")
        with uncertified, bare.slot("reader", _tasks(1)):
            pytest.fail("a scheduler that requires a certificate took a client without one")
        assert time.monotonic() - began < 2 + 1
        assert "is a tls:// address, and no TLS certificate is set" in caplog.text
    finally:
        bare.close()
    assert run_tasks(abs, [-5], client=client) == [5]  # the cluster itself carries on


#: A server that starts its cluster and is killed at once (SIGKILL: no atexit, no close).
_KILLED_SERVER = """
import os
from server.cluster import Cluster
cluster = Cluster(1)
print(cluster.scheduler.pid, cluster.processes[0].pid, cluster.folder, flush=True)
os.kill(os.getpid(), 9)
"""


def _server_of(script: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """Run ``script`` (a server's process that starts a cluster of one worker and prints its
    scheduler's PID, its worker's and its folder) to its end; what it printed, split."""
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    return done, done.stdout.split()


def test_a_killed_server_leaves_no_cluster_running() -> None:
    """The scheduler reads its standard input until the server's end closes: a server that is
    killed leaves no scheduler running, and its worker follows it."""
    _, (scheduler, worker, folder) = _server_of(_KILLED_SERVER)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and any(_running(int(p)) for p in (scheduler, worker)):
            time.sleep(0.2)
        assert not _running(int(scheduler)) and not _running(int(worker))
    finally:
        shutil.rmtree(folder, ignore_errors=True)  # what the killed server could not remove


_EXITING_SERVER = """
from server.cluster import Cluster
cluster = Cluster(1)
print(cluster.scheduler.pid, cluster.processes[0].pid, cluster.folder, flush=True)
"""


def test_a_server_that_exits_closes_its_cluster_first() -> None:
    """A server's process that ends (its script done, Streamlit stopped) has closed its
    cluster by then: no scheduler or worker of it still running, its credentials gone."""
    done, (scheduler, worker, folder) = _server_of(_EXITING_SERVER)
    try:
        assert done.returncode == 0, done.stderr[-2000:]
        assert not _running(int(scheduler)) and not _running(int(worker))
        assert not Path(folder).exists()
    finally:
        for pid in (scheduler, worker):
            with contextlib.suppress(psutil.NoSuchProcess):
                psutil.Process(int(pid)).kill()
        shutil.rmtree(folder, ignore_errors=True)


def _running(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def leave_waiting(ahead: int) -> None:
    assert ahead == 1
    raise StopException()


def _fit_caption(at: object) -> str | None:
    """The fit's sentence (it names the divisor that predicts best, or the least bad, and says
    it was fitted on the games it is scored on), if shown."""
    found = [c for c in _captions(at).splitlines() if EN["designer.fit_in_sample"] in c]
    assert len(found) <= 1, found
    return found[0] if found else None


def test_the_fit_shown_is_the_history_beside_it_or_none() -> None:
    """Fit the sample (A), then upload another history (B): A's fit goes, a notice says why;
    fitted again, the figures are B's as the core computes them from B's games."""
    sample = sample_history()
    other = sample.iloc[:200].to_csv(index=False).encode()  # B: a different history
    fit_a = fit(sample, base="1.3.1", serial=True)
    fit_b = fit(read_history(other), base="1.3.1", serial=True)
    assert f"{fit_a.log_loss:.4f}" != f"{fit_b.log_loss:.4f}"  # else the test could not tell
    at = open_page("pages/lab/designer.py", timeout=180, source="sample", rules="1.3.1")
    next(b for b in at.button if b.label == EN["designer.run_fit"]).click()
    at.run(timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    assert f"log-loss {fit_a.log_loss:.4f}" in (_fit_caption(at) or "")

    at.radio(key="designer.source").set_value("upload").run(timeout=180)
    # No file yet: the sample is still the history scored, and says so; its fit stays.
    assert EN["designer.history_sample"] in _captions(at)
    at.file_uploader[0].upload("b.csv", other, "text/csv").run(timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    assert _fit_caption(at) is None
    assert EN["designer.fit_stale"] in [w.value for w in at.warning]

    next(b for b in at.button if b.label == EN["designer.run_fit"]).click()
    at.run(timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    shown = _fit_caption(at) or ""
    assert f"÷{fit_b.divisor:g} with K {fit_b.k}" in shown
    assert f"log-loss {fit_b.log_loss:.4f}" in shown
    assert EN["designer.fit_stale"] not in [w.value for w in at.warning]


def test_a_sweep_with_the_history_goes_when_the_history_changes() -> None:
    """A sweep that scored the sample's games is not shown beside the shipped league: its
    history columns would be the sample's. Without the history in it, it stays."""
    link = {"divisors": "1200", "ks": "32", "seeds": "1", "players": "20", "weeks": "1"}
    at = open_page("pages/lab/designer.py", timeout=180, source="sample", with_history="1", **link)
    next(b for b in at.button if b.label == EN["designer.run_sweep"]).click()
    at.run(timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    assert "1 run: 1 rule set," in _captions(at)
    at.radio(key="designer.source").set_value("league").run(timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    assert "1 run: 1 rule set," not in _captions(at)
    assert EN["designer.sweep_stale"] in [w.value for w in at.warning]
    assert EN["designer.sweep_waiting"] in [i.value for i in at.info]
    # The same sweep without the history does not depend on it.
    at = open_page("pages/lab/designer.py", timeout=180, source="sample", **link)
    next(b for b in at.button if b.label == EN["designer.run_sweep"]).click()
    at.run(timeout=180)
    at.radio(key="designer.source").set_value("league").run(timeout=180)
    assert "1 run: 1 rule set," in _captions(at)
