"""Chunked replay: the file replayed a chunk at a time gives exactly the whole replay's games and
players, whatever the chunk size, with equal times across chunk edges and games exactly 7 days
apart; Parquet histories read as CSV ones do; time out of order across chunks is refused."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from gammon_elo import InvalidHistory, InvalidInput, Rules
from gammon_elo.replay import (
    history_chunks,
    neutralize_formulas,
    read_history,
    replay,
    replay_chunks,
)

#: A heavy week from 5 ranked games, so the 7-day counts decide K often.
RULES = Rules.parse("1200/32/16@5")


def random_history(seed: int, rows: int = 300, players: int = 9) -> pd.DataFrame:
    """Games on whole hours of 21 days, several at each hour (equal times across any chunk edge),
    many pairs of a player's games exactly 7 days apart; cubes, boosted, tournament and podium
    rows, and a column of notes carried through."""
    rng = np.random.default_rng(seed)
    hours = np.sort(rng.integers(0, 21 * 24, rows // 4))
    # Every hour used is also used 7 days (168 h) later, where it exists.
    hours = np.sort(np.concatenate((hours, hours + 168, hours + 336)))[:rows]
    times = pd.Timestamp("2026-10-01", tz="UTC") + pd.to_timedelta(np.sort(hours), unit="h")
    names = np.array([f"player {i}" for i in range(players)], dtype=object)
    winner = rng.integers(0, players, len(times))
    loser = (winner + rng.integers(1, players, len(times))) % players
    kind = rng.choice(["ranked"] * 12 + ["boosted", "tournament", "podium"], len(times))
    cube = rng.choice(["1", "2", "4", "8", "64"], len(times))
    frame = pd.DataFrame(
        {
            "time": [t.strftime("%Y-%m-%dT%H:%M:%SZ") for t in times],
            "winner": names[winner],
            "loser": np.where(kind == "podium", "", names[loser]),
            "cube": np.where(kind == "podium", "", cube),
            "type": kind,
            "prize": np.where(kind == "podium", rng.choice(["5", "20", "60"], len(times)), ""),
            "note": [f"game {i}" for i in range(len(times))],
        }
    )
    return frame


def written(frame: pd.DataFrame, folder: Path, kind: str) -> Path:
    path = folder / f"history.{kind}"
    if kind == "csv":
        frame.to_csv(path, index=False)
    else:
        frame.to_parquet(path, index=False)
    return path


def whole_games(history: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    result = replay(read_history(history), rules=RULES)
    games = result.games.copy()
    games.insert(0, "rules", RULES.label)
    for column in ("winner", "loser", "type"):
        games[column] = games[column].astype(object)
    return games, result.players


@pytest.mark.parametrize(("source", "sizes"), [("csv", (1, 7, 1000, None)), ("parquet", (7, None))])
def test_chunked_replay_equals_the_whole_replay_for_any_chunk_size(
    tmp_path: Path, source: str, sizes: tuple[int | None, ...]
) -> None:
    history = written(random_history(1, rows=120), tmp_path, source)
    games, players = whole_games(history)
    assert (games["winner_k"] == 16).any() and (games["winner_k"] == 32).any()
    for size in sizes:
        rows = size or len(games)
        for kind in ("csv", "parquet") if rows > 1 else ("csv",):
            out = tmp_path / f"rated.{kind}"
            done = replay_chunks(history, out, chunk_rows=rows, rules=RULES)
            assert done.chunks == -(-len(games) // rows)
            assert done.rows_read == done.rows_replayed == len(games)
            pd.testing.assert_frame_equal(done.players, players, check_dtype=False)
            if kind == "csv":
                expected = neutralize_formulas(games).to_csv(index=False)
                assert out.read_text() == expected, rows
            else:
                back = pd.read_parquet(out)
                for column in ("winner", "loser", "type"):
                    back[column] = back[column].astype(object)
                pd.testing.assert_frame_equal(back, games, check_dtype=False)


def test_games_exactly_seven_days_apart_across_chunks_no_longer_count(tmp_path: Path) -> None:
    """Hand calculation: 5 ranked games of A on day 0 make A's week heavy on day 0, but a game
    exactly 7 × 24 h later no longer counts them: K 32 again, at a chunk edge or not."""
    lines = [f"2026-10-01T12:00:00Z,A,B{i}\n" for i in range(5)]
    lines += ["2026-10-01T12:00:00Z,A,C\n", "2026-10-08T12:00:00Z,A,D\n"]
    history = tmp_path / "week.csv"
    history.write_text("time,winner,loser\n" + "".join(lines))
    for rows in (1, 5, 6, 7):
        replay_chunks(history, tmp_path / "out.csv", chunk_rows=rows, rules=RULES)
        k = pd.read_csv(tmp_path / "out.csv")["winner_k"].tolist()
        assert k == [32, 32, 32, 32, 32, 16, 32], rows


def test_time_out_of_order_across_chunks_is_refused_with_the_row(tmp_path: Path) -> None:
    history = tmp_path / "late.csv"
    history.write_text(
        "time,winner,loser\n2026-10-02T10:00:00Z,A,B\n2026-10-03T10:00:00Z,A,C\n"
        "2026-10-01T10:00:00Z,B,C\n2026-10-04T10:00:00Z,A,B\n"
    )
    out = tmp_path / "out.parquet"
    with pytest.raises(InvalidInput, match="row 4 is earlier than row 3's, in an earlier chunk"):
        replay_chunks(history, out, chunk_rows=2)
    assert not out.exists() and not Path(str(out) + ".partial").exists()
    # Within one chunk it is rated in time order, as the whole replay rates it.
    done = replay_chunks(history, out, chunk_rows=4)
    assert pd.read_parquet(out)["row"].tolist() == [2, 3, 4, 5] and done.chunks == 1


def test_bad_rows_strict_or_skipped_as_in_the_whole_replay(tmp_path: Path) -> None:
    frame = random_history(2, rows=60)
    frame.loc[10, "cube"] = "3"
    frame.loc[40, "time"] = "yesterday"
    history = written(frame, tmp_path, "csv")
    whole = replay(read_history(history), rules=RULES, skip_invalid=True)
    with pytest.raises(InvalidHistory, match="row 12: cube"):
        replay_chunks(history, tmp_path / "out.csv", chunk_rows=25, rules=RULES)
    done = replay_chunks(history, tmp_path / "out.csv", chunk_rows=25, rules=RULES,
                         skip_invalid=True)  # fmt: skip
    pd.testing.assert_frame_equal(done.rejected, whole.rejected)
    assert done.rows_rejected == 2 and done.rows_replayed == len(whole.games)
    assert done.rows_read == whole.rows_read == len(whole.games) + 2
    pd.testing.assert_frame_equal(done.players, whole.players, check_dtype=False)


def test_initial_ratings_carry_through_chunks(tmp_path: Path) -> None:
    history = written(random_history(3, rows=40), tmp_path, "csv")
    initial = {"player 1": 1700, "player 2": 1350, "nobody": 900}
    whole = replay(read_history(history), rules=RULES, initial_ratings=initial)
    done = replay_chunks(history, tmp_path / "o.csv", chunk_rows=3, rules=RULES,
                         initial_ratings=initial)  # fmt: skip
    pd.testing.assert_frame_equal(done.players, whole.players, check_dtype=False)


def test_parquet_reads_as_the_same_csv_does(tmp_path: Path) -> None:
    frame = random_history(4, rows=50)
    from_csv = replay(read_history(written(frame, tmp_path, "csv")), rules=RULES)
    parquet = written(frame, tmp_path, "parquet")
    from_parquet = replay(read_history(parquet.read_bytes()), rules=RULES)  # as uploaded
    pd.testing.assert_frame_equal(from_parquet.games, from_csv.games, check_dtype=False,
                                  check_categorical=False)  # fmt: skip
    sizes = [len(c) for c in history_chunks(parquet, 20)]
    assert sizes[:-1] == [20] * (len(sizes) - 1) and sum(sizes) == len(frame) > 20


def test_a_file_that_is_not_parquet_inside_says_so(tmp_path: Path) -> None:
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(b"PAR1 and then nothing a Parquet reader understands")
    with pytest.raises(InvalidInput, match="is not a readable Parquet file"):
        read_history(broken)
    with pytest.raises(InvalidInput, match="chunk_rows must be a whole number"):
        replay_chunks(broken, tmp_path / "o.csv", chunk_rows=0)


def test_command_line_chunked_replay_writes_what_the_whole_replay_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gammon_elo.cli import main

    history = str(written(random_history(5, rows=60), tmp_path, "parquet"))
    whole, chunked = str(tmp_path / "whole.parquet"), str(tmp_path / "chunked.parquet")
    assert main(["replay", history, "--rules", "1200/32/16@5", "--out", whole]) == 0
    assert main(["replay", history, "--rules", "1200/32/16@5", "--chunk-rows", "9", "--out",
                 chunked]) == 0  # fmt: skip
    printed = capsys.readouterr().out
    assert "rows read in 5 chunks" in printed and f"games written to {chunked}" in printed
    expected, got = pd.read_parquet(whole), pd.read_parquet(chunked)
    for column in ("winner", "loser", "type"):
        expected[column] = expected[column].astype(object)
        got[column] = got[column].astype(object)
    pd.testing.assert_frame_equal(got, expected, check_dtype=False)


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ([], "--out is needed with --chunk-rows"),
        (["--out", "x.csv", "--rules", "1.3.1", "1.0.5"], "must name one rule set"),
        (["--out", "x.csv", "--chunk-rows", "0"], "chunk_rows must be a whole number"),
    ],
)
def test_command_line_chunked_replay_refusals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], words: str
) -> None:
    from gammon_elo.cli import main

    history = str(written(random_history(6, rows=20), tmp_path, "csv"))
    argv = ["replay", history, "--chunk-rows", "5", *extra]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_a_first_chunk_with_no_good_row_still_writes_the_rest(tmp_path: Path, kind: str) -> None:
    history = tmp_path / "bad_start.csv"
    history.write_text(
        "time,winner,loser,note\nyesterday,A,B,\nnow,B,C,\n2026-10-01T10:00:00Z,A,B,x\n"
        "2026-10-01T11:00:00Z,Zoë,=1+1,y\n"
    )
    out = tmp_path / f"out.{kind}"
    done = replay_chunks(history, out, chunk_rows=2, skip_invalid=True)
    assert (done.rows_read, done.rows_rejected, done.rows_replayed) == (4, 2, 2)
    back = pd.read_csv(out) if kind == "csv" else pd.read_parquet(out)
    assert back["row"].tolist() == [4, 5]
    assert back["loser"].astype(str).tolist() == ["B", "'=1+1" if kind == "csv" else "=1+1"]
    assert back["winner_change"].tolist() == [16, 16]
