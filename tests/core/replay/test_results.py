"""What a replay returns: its columns (pinned), an empty history's result, results that survive
pickling (the app caches them); each player's trajectory in long form; and tables made safe to
open in a spreadsheet (CSV export).
"""

from __future__ import annotations

import importlib
import pickle

import pandas as pd
import pytest
from replay_support import (
    T0,
    fillers,
    history,
    pairs,
    replay_module,
)

from gammon_elo import (
    RULES,
    InvalidInput,
    compare_rules,
    neutralize_formulas,
    sample_history,
    trajectories,
)
from gammon_elo.replay import GAME_COLUMNS, PLAYER_COLUMNS, REJECTED_COLUMNS, replay

# ---------------------------------------------------------------------------------------------
# Results' shape


def test_the_columns_are_pinned() -> None:
    result = replay(sample_history())
    columns = list(result.games.columns)
    assert columns[:7] == ["row", "time", "winner", "loser", "cube", "type", "prize"]
    assert columns[7:19] == list(GAME_COLUMNS)
    assert columns[19:] == ["ending"]  # the sample's own column, carried through
    assert list(result.players.columns) == list(PLAYER_COLUMNS)
    assert list(result.rejected.columns) == list(REJECTED_COLUMNS)


def test_an_empty_history() -> None:
    result = replay(pd.DataFrame({"time": [], "winner": [], "loser": []}))
    assert result.games.empty and result.players.empty and result.rows_read == 0
    assert list(result.games.columns)[7:] == list(GAME_COLUMNS)


def test_results_survive_pickling() -> None:
    # The app caches results with st.cache_data, which pickles them.
    comparison = compare_rules(sample_history(), ["1.3.1", "1.2.0"])
    copy = pickle.loads(pickle.dumps(comparison))
    pd.testing.assert_frame_equal(copy.results["1.2.0"].games, comparison.results["1.2.0"].games)
    assert copy.results["1.3.1"].rules == RULES["1.3.1"]


@pytest.fixture(params=["plain", "compiled"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The pass run as plain Python, or compiled, whatever the history's size."""
    engine = importlib.import_module("gammon_elo.replay.engine")
    threshold = 0 if request.param == "compiled" else 2**62
    monkeypatch.setattr(engine, "COMPILED_FROM", threshold)
    return str(request.param)


def test_the_games_table_is_built_once_on_first_use(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[int] = []
    table = importlib.import_module("gammon_elo.replay.results").game_table

    def counted(*args: object) -> pd.DataFrame:
        built.append(1)
        return table(*args)

    monkeypatch.setattr(importlib.import_module("gammon_elo.replay.results"), "game_table", counted)
    result = replay(sample_history())
    assert built == []
    games = result.games
    assert result.games is games and built == [1]
    assert len(games) == result.rows_read


def test_a_result_pickled_before_or_after_its_table_is_built(path: str) -> None:
    """Before its first use the table is built on the other side; after it, it travels built,
    without the arrays it came from."""
    result = replay(sample_history())
    unread = pickle.loads(pickle.dumps(result))
    games = result.games
    pd.testing.assert_frame_equal(unread.games, games)
    travelled = pickle.loads(pickle.dumps(result))
    assert travelled.build_games is None
    pd.testing.assert_frame_equal(travelled.games, games)
    assert travelled.players.equals(result.players) and travelled.rows_read == result.rows_read


# ---------------------------------------------------------------------------------------------
# Trajectories


def test_trajectories_in_long_form() -> None:
    rows, _ = pairs("You", fillers("F", 2), T0)
    result = replay(history(rows), rules="1.3.1")
    you = trajectories(result, ["You"])
    assert you[["game", "result", "change", "rating"]].values.tolist() == [
        [1, "win", 16, 1516],
        [2, "loss", -16, 1500],
        [3, "win", 16, 1516],
        [4, "loss", -16, 1500],
    ]
    assert set(you.rules) == {"1.3.1"} and list(you.columns) == list(
        replay_module.TRAJECTORY_COLUMNS
    )
    busiest = trajectories(result, busiest=1)
    assert set(busiest.player) == {"You"}
    comparison = compare_rules(history(rows), ["1.3.1", "1.0.5"])
    both = trajectories(comparison, "You")
    assert both.groupby("rules").size().to_dict() == {"1.0.5": 4, "1.3.1": 4}
    with pytest.raises(InvalidInput, match="Nobody"):
        trajectories(result, ["Nobody"])


def test_trajectory_of_a_player_who_never_won() -> None:
    """Nikos only loses: his line is his losses alone (16 points each between equals, K 32)."""
    history = pd.DataFrame(
        {
            "time": ["2026-10-05T20:00:00Z", "2026-10-05T21:00:00Z"],
            "winner": ["Eleni", "Maria"],
            "loser": ["Nikos", "Nikos"],
        }
    )
    line = trajectories(replay(history), ["Nikos"])
    # Hand: 1500 − 16 = 1484; then Maria (1500) beats Nikos (1484): E = 1/(1 + 10^(16/1200))
    # = 0.50768, 32 × 0.50768 = 16.25 → −16 → 1468.
    assert line["result"].tolist() == ["loss", "loss"]
    assert line["rating"].tolist() == [1484, 1468]
    assert str(line["time"].dt.tz) == "UTC"


# ---------------------------------------------------------------------------------------------
# CSV export


def test_neutralize_formulas() -> None:
    frame = pd.DataFrame(
        {
            "player": ["=1+1", "+1", "-cmd", "@SUM(A1)", "\tx", "Eleni", "a=b"],
            "change": [-16, 8, 0, 1, 2, 3, 4],
            "=bad name": pd.Categorical(["=x", "y", "y", "y", "y", "y", "y"]),
        }
    )
    safe = neutralize_formulas(frame)
    assert safe.player.tolist() == ["'=1+1", "'+1", "'-cmd", "'@SUM(A1)", "'\tx", "Eleni", "a=b"]
    assert safe.change.tolist() == [-16, 8, 0, 1, 2, 3, 4]  # numbers stay numbers
    assert safe["'=bad name"].tolist()[:2] == ["'=x", "y"]
    assert frame.player.iloc[0] == "=1+1"  # the original is untouched
    # Quoting a category must not merge it with another: then the cells are quoted instead.
    clash = pd.DataFrame({"player": pd.Categorical(["=x", "'=x", "y"])})
    assert neutralize_formulas(clash).player.tolist() == ["'=x", "'=x", "y"]


def test_full_width_formula_starts_are_neutralized() -> None:
    """A spreadsheet may read the full-width ＝ (U+FF1D), ＋, －, ＠ as their ASCII twins, as
    NFKC normalisation does: such a cell is quoted like one starting with =, +, -, @."""
    cells = ["＝1+1", "＋1", "－1", "＠SUM(A1)", "﹦1", "Ελένη", "a＝b"]
    frame = pd.DataFrame({"player": cells, "level": pd.Categorical(cells), "＝name": 0})
    safe = neutralize_formulas(frame)
    quoted = ["'＝1+1", "'＋1", "'－1", "'＠SUM(A1)", "'﹦1", "Ελένη", "a＝b"]
    assert safe.player.tolist() == quoted
    assert safe.level.tolist() == quoted
    assert list(safe.columns) == ["player", "level", "'＝name"]
