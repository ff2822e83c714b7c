"""Reading a history: CSV files as bytes, paths or open files (UTF-8 with or without a BOM, either
line ending), what is wrong with a file that cannot be read, blank lines; and the sample history
the package ships, which a script in ``scripts/`` writes.
"""

from __future__ import annotations

import importlib.util
import io
from datetime import timedelta
from pathlib import Path

import pytest
from replay_support import (
    replay_module,
)

from gammon_elo import InvalidInput, read_history, sample_history
from gammon_elo.replay import replay

# ---------------------------------------------------------------------------------------------
# Reading CSV files


GOOD_CSV = "time,winner,loser,cube\n2026-10-05T20:00:00Z,Eleni,Nikos,2\n"


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_read_history_utf8_with_or_without_bom(bom: bytes, newline: str) -> None:
    frame = read_history(bom + GOOD_CSV.replace("\n", newline).encode())
    assert list(frame.columns) == ["time", "winner", "loser", "cube"]
    assert replay(frame).games.winner_change.tolist() == [19]  # cube 2: ±19 (the article)


def test_read_history_from_a_path_or_a_file(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    path.write_text(GOOD_CSV, encoding="utf-8")
    for source in (path, str(path), io.BytesIO(GOOD_CSV.encode()), io.StringIO(GOOD_CSV)):
        assert read_history(source).loc[2, "winner"] == "Eleni"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "is empty"),
        (b"time,winner\n2026-10-05T20:00:00Z,Eleni\n", "missing loser"),
        (b"time,winner,loser\n2026-10-05T20:00:00Z,\xff\xfe,Nikos\n", "UTF-8"),
        (b"time,winner,loser\n2026-10-05T20:00:00Z,Eleni,Nikos,oops\n", "more cells"),
        (b'time,winner,loser\n2026-10-05T20:00:00Z,"Eleni,Nikos\n', "well-formed"),
    ],
)
def test_read_history_says_what_is_wrong_with_the_file(data: bytes, message: str) -> None:
    with pytest.raises(InvalidInput, match=message) as raised:
        read_history(data)
    assert raised.value.field in ("file", "columns")


def test_read_history_of_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="cannot be read"):
        read_history(tmp_path / "nothing.csv")


def test_blank_lines_are_not_rows_but_keep_the_numbering() -> None:
    data = (
        "time,winner,loser,cube\n"  # row 1
        "2026-10-05T20:00:00Z,Eleni,Nikos,1\n"  # row 2
        "\n"  # row 3: blank
        ",,,\n"  # row 4: only commas
        '2026-10-05T21:00:00Z,"Maria\nthe second",Nikos,3\n'  # row 5, over two lines
        "2026-10-05T22:00:00Z,Eleni,Maria,2\n"  # row 6
    )
    frame = read_history(data.encode())
    assert frame.index.tolist() == [2, 5, 6]
    result = replay(frame, skip_invalid=True)
    assert result.rows_read == 3
    assert result.rejected[["row", "column", "value"]].values.tolist() == [[5, "cube", "3"]]


def test_header_only() -> None:
    result = replay(read_history(b"time,winner,loser\n"))
    assert result.rows_read == 0 and result.games.empty


# ---------------------------------------------------------------------------------------------
# The shipped sample history


def test_the_sample_history_is_what_its_script_writes() -> None:
    script = Path(__file__).resolve().parents[3] / "scripts" / "make_sample_history.py"
    spec = importlib.util.spec_from_file_location("make_sample_history", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    shipped = Path(replay_module.SAMPLE_HISTORY).read_text(encoding="utf-8")
    assert shipped == module.sample_history()


def test_the_sample_history_has_what_the_page_shows() -> None:
    result = replay(sample_history())
    games, players = result.games, result.players
    assert len(players) == 12 and 300 <= len(games) <= 500
    assert games.time.max() - games.time.min() < timedelta(days=21)
    assert set(games.type) == {"ranked", "boosted", "tournament", "podium"}
    assert set(games.cube) == {1, 2, 4, 8, 16, 32, 64}
    assert (players.games_at_heavy_k > 0).sum() == 1  # Nikos's heavy week
    assert players.set_index("player").loc["Nikos", "games_at_heavy_k"] > 0
