"""Real dice on the pages under AppTest: the Rule designer opens calibrating on the shipped
league, with its win-rate table and one sentence whose numbers are counted here from the file by
hand (wins of the stronger level per pair, the gap as D · log10(p / (1 − p))); the History page
shows the league's players; a small league plays live on the server's runner, the same games as
a serial league of the same seed; a league over the server's bounds is refused by the setting's
name; a bad ``source=`` falls back with a notice."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pandas as pd
from apptest_support import cells, numbers, open_page

from gammon_elo import RULES
from gammon_elo.calibrate import DEFAULT_BURN_IN, score
from gammon_elo.league import (
    SHIPPED_CUBELESS,
    SHIPPED_HISTORY,
    SHIPPED_PROVENANCE,
    play_league,
    shipped_players,
)
from gammon_elo.replay import read_history
from ui.catalogs import EL, EN

#: Strongest first, as a backgammon player ranks GNU Backgammon's presets.
ORDER = ("expert", "advanced", "intermediate", "casual", "beginner")


def _captions(at: Any) -> str:
    return "\n".join(c.value for c in at.caption)


def _markdown(at: Any) -> str:
    return "\n".join(m.value for m in at.markdown)


def _rates_tables(at: Any, language: dict[str, str] = EN) -> list[pd.DataFrame]:
    """Each league's win-rate table, its two halves (the games and win rates, then the cubeless
    rate and the gaps) side by side in one frame, a row per pair of levels."""
    header = language["league.col_levels"]
    halves = [cells(t) for t in at.table if header in numbers(t).columns]
    assert len(halves) % 2 == 0, [list(h.columns) for h in halves]
    tables = []
    for wins, gaps in zip(halves[::2], halves[1::2], strict=True):
        assert wins[header].tolist() == gaps[header].tolist()
        tables.append(pd.concat([wins, gaps.drop(columns=header)], axis=1))
    return tables


def _pair(stronger: str, weaker: str, language: dict[str, str] = EN) -> str:
    """A pair of levels as the table writes it, the stronger first: "expert – beginner"."""
    return f"{language['league.level_' + stronger]} – {language['league.level_' + weaker]}"


def _by_hand(games: pd.DataFrame) -> pd.DataFrame:
    """Every pair of levels that met, strongest pairs first: games, the stronger side's wins
    and win rate, and the gap each divisor reads from it."""
    rows = []
    for i, strong in enumerate(ORDER):
        for weak in ORDER[i + 1 :]:
            wins = int(((games.winner_level == strong) & (games.loser_level == weak)).sum())
            losses = int(((games.winner_level == weak) & (games.loser_level == strong)).sum())
            if wins + losses == 0:
                continue
            p = wins / (wins + losses)
            # A side that won every game: no finite gap gives p = 1 under any divisor.
            odds = math.inf if p == 1 else p / (1 - p)
            gaps = {d: d * math.log10(odds) if p > 0 else -math.inf for d in (400, 800, 1200)}
            rows.append((strong, weak, wins + losses, wins, p, gaps))
    return pd.DataFrame(rows, columns=["stronger", "weaker", "games", "wins", "p", "gaps"])


def _gap(value: float) -> str:
    return "∞" if value == math.inf else f"{value:.0f}".replace("-", "−")


def _expected_sentence(pairs: pd.DataFrame) -> str:
    """The English sentence on the pair that played most, written here from the counts."""
    top = pairs.iloc[int(pairs["games"].to_numpy().argmax())]  # the first such pair on a tie
    gaps = top["gaps"]
    return (
        f"wins {round(10 * top['p'])} single games of 10 against"
        f" {EN['league.object_' + top['weaker']]} with the cube (over {top['games']:,} games);"
        f" ÷1200 reads that as a {gaps[1200]:.0f}-point gap (÷800: {gaps[800]:.0f},"
        f" ÷400: {gaps[400]:.0f})."
    )


def test_the_designer_calibrates_on_the_league_and_says_its_win_rates() -> None:
    at = open_page("pages/lab/designer.py", timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    assert at.radio(key="designer.source").value == "league"
    assert EN["designer.history_league"] in _captions(at)
    games = read_history(SHIPPED_HISTORY)
    # After the win-rate tables (two): the calibration's scores, a column per rule set.
    scores = cells(at.table[2]).set_index("Measure")
    expected = score(games, RULES["1.3.1"], burn_in=DEFAULT_BURN_IN)
    # Counted as the win-rate table counts its games.
    assert scores.loc["Games", "1.3.1 (÷1200)"] == f"{expected.games:,}"
    assert scores.loc["Log-loss", "1.3.1 (÷1200)"] == f"{expected.log_loss:.4f}"

    pairs = _by_hand(games)
    (table,) = _rates_tables(at)
    assert table[EN["league.col_levels"]].tolist() == [
        _pair(a, b) for a, b in zip(pairs["stronger"], pairs["weaker"], strict=True)
    ]
    assert table[EN["league.games"]].tolist() == [f"{n:,}" for n in pairs["games"]]
    assert table[EN["league.col_won"]].tolist() == [f"{100 * p:.1f}%" for p in pairs["p"]]
    gaps_800 = table["÷800"]
    assert gaps_800.tolist() == [_gap(g[800]) for g in pairs["gaps"]]
    # Beside each pair, its win rate in the cubeless companion (the same players, no cube).
    cubeless = _by_hand(read_history(SHIPPED_CUBELESS)).set_index(["stronger", "weaker"])["p"]
    expected_cubeless = [
        f"{100 * cubeless[pair]:.1f}%"
        for pair in zip(pairs["stronger"], pairs["weaker"], strict=True)
    ]
    assert table[EN["league.col_cubeless"]].tolist() == expected_cubeless
    top = pairs.iloc[int(pairs["games"].to_numpy().argmax())]
    subject = EN["league.subject_" + top["stronger"]]
    assert f"{subject} {_expected_sentence(pairs)}" in _markdown(at)

    provenance = json.loads(Path(SHIPPED_PROVENANCE).read_text(encoding="utf-8"))
    assert f"seed {provenance['seed']}" in _captions(at)
    assert "Played by bgsage" in _captions(at)


def test_the_greek_designer_writes_the_same_numbers_in_greek() -> None:
    at = open_page("pages/lab/designer.py", timeout=180, lang="el", source="sample")
    assert not at.exception, [e.message for e in at.exception]
    pairs = _by_hand(read_history(SHIPPED_HISTORY))
    top = pairs.iloc[int(pairs["games"].to_numpy().argmax())]
    gaps = top["gaps"]
    sentence = (
        f"{EL['league.subject_' + top['stronger']]} κερδίζει {round(10 * top['p'])} στα 10"
        f" απλά παιχνίδια απέναντι σε {EL['league.object_' + top['weaker']]} με τον κύβο"
        f" (σε {top['games']:,} παιχνίδια)".replace(",", ".")
        + f"· το ÷1200 το διαβάζει ως διαφορά {gaps[1200]:.0f} βαθμών"
    )
    assert sentence in _markdown(at)
    (table,) = _rates_tables(at, EL)
    first = (pairs["stronger"][0], pairs["weaker"][0])
    assert table[EL["league.col_levels"]].tolist()[0] == _pair(*first, EL)


def test_history_shows_the_leagues_players() -> None:
    at = open_page("pages/lab/history.py", timeout=180, source="league", rules="1.3.1")
    assert not at.exception, [e.message for e in at.exception]
    games = read_history(SHIPPED_HISTORY)
    everyone = set(games["winner"].astype(str)) | set(games["loser"].astype(str))
    ratings = cells(at.dataframe[0])
    assert set(ratings["Player"]) == everyone
    # Each bot's level beside its name, as the league's players table records it.
    levels = shipped_players().set_index("player")["level"]
    assert ratings.columns.tolist()[:2] == ["Player", EN["history.level"]]
    assert ratings.set_index("Player")[EN["history.level"]].to_dict() == {
        name: EN[f"league.level_{levels[name]}"] for name in everyone
    }
    provenance = json.loads(Path(SHIPPED_PROVENANCE).read_text(encoding="utf-8"))
    assert f"seed {provenance['seed']}" in _captions(at)
    assert f"{len(games):,} rows read" in _captions(at)


def test_a_small_league_plays_live_on_the_runner() -> None:
    """150 games: two of the runner's tasks (100 games a task), gathered in order."""
    link = {"source": "sample", "live_players": "10", "live_games": "150", "live_seed": "3"}
    at = open_page("pages/lab/designer.py", timeout=300, **link)
    assert EN["league.live_waiting"] in [i.value for i in at.info]
    next(b for b in at.button if b.label == EN["league.run"]).click()
    at.run(timeout=300)
    assert not at.exception, [e.message for e in at.exception]
    played = at.session_state["designer.league"].get((10, 150, "club", 3))
    serial = play_league(players=10, games=150, weeks=4, seed=3, serial=True)
    pd.testing.assert_frame_equal(played, serial.games, check_exact=True)
    _shipped, live = _rates_tables(at)
    pairs = _by_hand(serial.games)
    assert live[EN["league.games"]].tolist() == [str(n) for n in pairs["games"]]
    gaps_1200 = live["÷1200"]
    assert gaps_1200.tolist() == [_gap(g[1200]) for g in pairs["gaps"]]
    assert sum(int(n) for n in live[EN["league.games"]]) <= 150
    assert "Your league: 150 games among 10 players" in _captions(at)
    assert _expected_sentence(pairs) in _markdown(at)
    # Each gaps table's caption says what it shows: the shipped league's names its cubeless
    # companion; the live league, played with the cube only, names none.
    keys = [c.value for c in at.caption if c.value.startswith("The same pairs")]
    assert keys == [EN["league.gaps_key"], EN["league.gaps_key_cubeful"]]
    assert "cubeless" not in EN["league.gaps_key_cubeful"]


def test_a_league_over_the_servers_bounds_is_refused_by_the_settings_name() -> None:
    at = open_page("pages/lab/designer.py", source="sample", live_games="5000")
    next(b for b in at.button if b.label == EN["league.run"]).click()
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    refusals = " ".join(w.value for w in at.warning)
    assert "5,000 games" in refusals and "(league_games)" in refusals
    assert not at.session_state["designer.league"]  # nothing kept


def test_a_bad_source_falls_back_with_a_notice() -> None:
    at = open_page("pages/lab/designer.py", source="nope")
    assert not at.exception, [e.message for e in at.exception]
    assert "`source=nope`" in " ".join(w.value for w in at.warning)
    assert at.radio(key="designer.source").value == "league"
    at = open_page("pages/lab/history.py", source="league!")
    assert not at.exception, [e.message for e in at.exception]
    assert "`source=league!`" in " ".join(w.value for w in at.warning)
    assert at.radio(key="history.source").value == "sample"
