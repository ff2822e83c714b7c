"""Leagues: the same on a real LocalCluster of 2 workers as in serial, heavy weeks in the
schedule, the shipped history valid, replayable and carrying skill signal, and the command's
one-line refusal without the engine."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from gammon_elo.calibrate import score
from gammon_elo.league import LEAGUE_COLUMNS, play_league
from gammon_elo.league.players import assign_levels, parse_levels
from gammon_elo.replay import compare_rules, read_history, replay

DATA = Path(__file__).resolve().parents[3] / "gammon_elo" / "data"
SHIPPED = DATA / "league_history.parquet"


def test_a_league_on_two_workers_equals_the_serial_league() -> None:
    options = {"players": 16, "games": 240, "weeks": 1, "seed": 9}
    serial = play_league(**options, serial=True)
    cluster = play_league(**options, workers=2)
    pd.testing.assert_frame_equal(serial.games, cluster.games)
    pd.testing.assert_frame_equal(serial.players, cluster.players)
    assert list(serial.games.columns) == list(LEAGUE_COLUMNS)
    assert (serial.games["winner"] != serial.games["loser"]).all()


def test_rating_pairing_pairs_within_the_week() -> None:
    league = play_league(players=12, games=120, weeks=2, seed=4, pairing="rating", serial=True)
    assert len(league.games) == 120
    assert (league.games["winner"] != league.games["loser"]).all()
    replay(league.games)  # a valid history


def test_levels_shares_by_hand() -> None:
    shares = parse_levels("beginner:40,intermediate:30,advanced:20,expert:10")
    levels = assign_levels(11, shares)
    # 4.4, 3.3, 2.2, 1.1 → 4, 3, 2, 1 and the one left to the largest remainder (0.4, beginner)
    assert [levels.count(lv) for lv in ("beginner", "intermediate", "advanced", "expert")] == [
        5, 3, 2, 1,
    ]  # fmt: skip
    with pytest.raises(Exception, match=r"sum to 90"):
        parse_levels("beginner:50,expert:40")


def test_the_shipped_history_is_valid_and_replays() -> None:
    games = read_history(SHIPPED)
    assert len(games) >= 50_000
    assert (games["type"].astype(str) == "ranked").all()
    assert set(games["ending"].astype(str)) <= {"normal", "gammon", "backgammon", "resigned"}
    assert (games["cube"] > 1).any()
    names = pd.concat([games["winner"].astype(str), games["loser"].astype(str)])
    assert names.nunique() >= 200
    times = pd.to_datetime(games["time"], utc=True)
    assert times.max() - times.min() >= pd.Timedelta(days=21)
    compared = compare_rules(games, ["1.3.1", "1.2.0", "1.0.5"])
    assert len(compared.ratings) >= 200
    # Heavy weeks: some player with 50 or more ranked games in 7 days.
    long = pd.DataFrame({"player": names.to_numpy(), "time": pd.concat([times, times]).to_numpy()})
    week = long.groupby(["player", long["time"].dt.tz_localize(None).dt.to_period("W")]).size()
    assert week.max() >= 50
    provenance = json.loads((DATA / "league_history.json").read_text())
    assert provenance["engine"] == "bgsage" and provenance["seed"] == 20261005


def test_the_cubeless_companion_is_the_same_players_without_the_cube() -> None:
    games = read_history(DATA / "league_cubeless.parquet")
    league = read_history(SHIPPED)
    assert len(games) >= 10_000
    assert (games["cube"] == 1).all()
    # Nobody is offered a double, so nobody passes one: every game is played to its end.
    assert set(games["ending"].astype(str)) <= {"normal", "gammon", "backgammon"}
    levels = dict(
        zip(league["winner"].astype(str), league["winner_level"].astype(str), strict=True)
    )
    levels |= dict(zip(league["loser"].astype(str), league["loser_level"].astype(str), strict=True))
    for side in ("winner", "loser"):
        named = [levels[name] for name in games[side].astype(str)]
        assert named == games[f"{side}_level"].astype(str).tolist()
    provenance = json.loads((DATA / "league_history.json").read_text())
    assert provenance["files"]["cubeless"] == "league_cubeless.parquet"
    assert provenance["cubeless"]["games"] == len(games)


def test_the_shipped_history_carries_skill_signal() -> None:
    games = read_history(SHIPPED)
    s = score(games, "1.3.1")
    # The log-loss's standard error: the spread of −ln(expected) over the games, / √n.
    frame = replay(games, rules="1.3.1").games
    e = frame.loc[frame["expected_winner"].notna(), "expected_winner"].astype(float)
    se = float((-e.map(math.log)).std() / math.sqrt(len(e)))
    assert math.log(2) - s.log_loss > se, (s.log_loss, se)


def test_league_without_the_engine_exits_2_with_the_install_line(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['bgsage'] = None; from gammon_elo.cli import main;"
        f" sys.exit(main(['league', '--players', '10', '--games', '20', '--out',"
        f" {str(tmp_path / 'l.csv')!r}]))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "error: gammon-elo league needs the 'engine' extra: pip install 'gammon-elo[engine]'"
    )
    assert "Traceback" not in done.stderr
