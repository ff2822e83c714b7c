"""The population simulator, checked against theory rather than against its own output:

- the games it plays are rated exactly as ``rating_change`` rates them one by one, with each
  player's K from a 7-day window recomputed here from the game times;
- equal K makes every game zero-sum (Go's rounding is symmetric), so the mean never moves;
- at equilibrium ratings settle where the rating curve meets the true curve: rating ≈ 1500 +
  strength × D / true_divisor, so the spread is proportional to D;
- the rank correlation at equilibrium is what signal and luck predict, and grows towards it;
- a heavy week's change is K × (wins − expected wins), within the rounding of each game: the
  article's "2–3 points under expectation over 300 games cost about 200 points at K 32";
- the strongest tenth win what the integral of the true curve says.

Small populations and fixed seeds keep the whole file to a few seconds.
"""

from __future__ import annotations

import dataclasses
import math
from collections import deque

import numpy as np
import pandas as pd
import pytest

from gammon_elo import RULES, InvalidInput, Rules, rating_change
from gammon_elo.simulate import (
    TRUE_DIVISOR,
    Population,
    half_within,
    simulate,
    spearman,
    strongest_tenth_win_rate,
)
from gammon_elo.simulate.weeks import _RuleSetTables as _Tables
from tests.oracles import rate_simulated_games

LN10 = math.log(10)

#: Undoubled games only, where a formula must not carry the cube's multiplier.
NO_CUBE = ((1, 1.0),)

#: Rule sets with one K for everyone, so every game is zero-sum: the article's two older ones and
#: a custom one with an odd K and a fractional divisor, where Go's rounding of halves shows.
EQUAL_K = [RULES["1.0.5"], RULES["1.2.0"], Rules(divisor=937.5, k=7)]


def test_tables_match_rating_change_for_every_cube_and_k() -> None:
    # The tables are what the simulator rates with; every entry must be the scalar function's.
    near_tie = Rules(divisor=5685.8633427860295, k=1)  # Go and C's pow differ at 418 vs −2004
    rule_sets = [*RULES.values(), near_tie, Rules(divisor=937.5, k=7, heavy_k=3, heavy_games=5)]
    cubes = (1, 2, 4, 8, 16, 32, 64)
    tables = _Tables(rule_sets, np.array([1 + math.log2(c) / 6 for c in cubes]))
    rng = np.random.default_rng(1)
    differences = [0, 1, -1, -2422, 2422, *rng.integers(-3000, 3000, 60).tolist()]
    for s, rules in enumerate(rule_sets):
        for heavy, games in ((0, 0), (1, 500)):
            if heavy and rules.heavy_k is None:
                continue
            for c, cube in enumerate(cubes):
                for d in differences:
                    index = int(tables.rows[s, 0]) + heavy * int(tables.heavy_stride[s, 0])
                    index += c * tables.width + d
                    want = rating_change(
                        0, d, cube=cube, winner_recent_games=games, loser_recent_games=games,
                        rules=rules,
                    )  # fmt: skip
                    got = (tables.changes[index], tables.changes[index + tables.loser_offset])
                    assert got == (want.winner, want.loser), (rules.label, cube, d, heavy)


def _recent_games_from_times(log: pd.DataFrame, slots_per_week: int) -> tuple[list[int], ...]:
    """Each player's ranked games in the 7 days before each game, counted from the slots alone
    (a game exactly 7 days, i.e. slots_per_week slots, earlier no longer counts)."""
    seen: dict[int, deque[int]] = {}
    winner_recent, loser_recent = [], []
    for slot, winner, loser in log[["slot", "winner", "loser"]].itertuples(index=False):
        for player, out in ((winner, winner_recent), (loser, loser_recent)):
            times = seen.setdefault(player, deque())
            while times and times[0] <= slot - slots_per_week:
                times.popleft()
            out.append(len(times))
        for player in (winner, loser):
            seen[player].append(slot)
    return winner_recent, loser_recent


def test_simulated_ratings_are_rating_change_game_by_game() -> None:
    # A small league with heavy players who cross 50 games in a 7-day window (so 1.3.1's K 16
    # applies) and cubes up to 64; replayed one game at a time through rating_change.
    population = Population(
        players=40, weeks=3, seed=11, slots_per_week=84, games_per_week=12, heavy_share=0.25,
        heavy_games_per_week=(60, 80), cubes=((1, 3), (2, 2), (8, 1), (64, 1)), newcomers=4,
    )  # fmt: skip
    rule_sets = [*RULES.values(), Rules(divisor=937.5, k=7, heavy_k=3, heavy_games=5)]
    run = simulate(population, rules=rule_sets, record_games=True)
    log = run.log
    assert log is not None and len(log) == run.games > 1000
    assert log["slot"].is_monotonic_increasing

    winner_recent, loser_recent = _recent_games_from_times(log, population.slots_per_week)
    assert log["winner_recent_games"].tolist() == winner_recent
    assert log["loser_recent_games"].tolist() == loser_recent
    assert max(winner_recent) >= 50  # the heavy-week K really is exercised

    for rules in rule_sets:
        ratings = rate_simulated_games(log, len(run.ratings), rules)
        assert run.ratings[rules.label].tolist() == ratings, rules.label


def test_same_seed_same_run_and_every_rule_set_rates_the_same_games() -> None:
    population = Population(players=150, weeks=2, seed=5, slots_per_week=60, heavy_share=0)
    alone = simulate(population, rules=["1.2.0"], record_games=True)
    together = simulate(population, rules=["1.0.5", "1.2.0", "1.3.1"], record_games=True)
    assert alone.log is not None and together.log is not None
    pd.testing.assert_frame_equal(alone.log, together.log)  # common random numbers
    assert alone.ratings["1.2.0"].tolist() == together.ratings["1.2.0"].tolist()
    again = simulate(population, rules=["1.2.0"])
    pd.testing.assert_frame_equal(alone.weekly, again.weekly)
    other = simulate(Population(players=150, weeks=2, seed=6, slots_per_week=60, heavy_share=0))
    assert other.games != alone.games


@pytest.mark.parametrize("rules", EQUAL_K, ids=[r.label for r in EQUAL_K])
def test_equal_strengths_and_equal_k_keep_the_mean_exactly(rules: Rules) -> None:
    # Same K both sides: the loser's change is round(−x) = −round(x) (Go rounds halves away from
    # zero, symmetrically), so every game is zero-sum and the sum of ratings never moves.
    population = Population(
        players=120, weeks=3, seed=2, strength_sd=0, slots_per_week=60, heavy_share=0.1,
        heavy_games_per_week=(40, 60), cubes=((1, 1), (2, 1), (32, 1)), newcomers=0,
    )  # fmt: skip
    run = simulate(population, rules=[rules], record_games=True)
    assert run.games > 1000
    assert int(run.ratings[rules.label].sum()) == rules.starting * population.players
    # and no game was a draw in disguise: the players did move
    assert run.ratings[rules.label].std() > 0


def _stationary_noise(k: float, divisor: float) -> float:
    """The spread of luck in a rating at equilibrium, undoubled games: each game moves it by
    K(result − E), variance ≈ K²/4, and pulls it back by K × ln10 / (4D) of its error, so the
    stationary variance of the AR(1) process is (K²/4) / (2 × K ln10 / 4D) = K D / (2 ln 10)."""
    return math.sqrt(k * divisor / (2 * LN10))


def test_equilibrium_spread_is_proportional_to_the_divisor() -> None:
    # Ratings settle where D's curve matches the true curve: rating = 1500 + s × D / T, so the
    # least-squares slope of rating on strength is D / T and the spread grows in proportion to D.
    # To second order the luck in both players' ratings (variance 2 × K D / (2 ln 10)) flattens
    # D's curve by 1 / √(1 + π v / 8), v = that variance × (ln 10 / D)² = K ln 10 / D (the
    # probit approximation of a logistic averaged over normal noise); the slope makes up for it.
    population = Population(
        players=1000, weeks=16, seed=4, slots_per_week=60, games_per_week=40, games_spread=0,
        heavy_share=0, cubes=NO_CUBE, newcomers=0,
    )  # fmt: skip
    rule_sets = [Rules(divisor=d, k=32) for d in (400.0, 800.0, 1200.0)]
    run = simulate(population, rules=rule_sets)
    late = run.weekly[run.weekly["week"] > 12].groupby("rules", sort=False)["slope"].mean()

    def theory(divisor: float) -> float:
        return divisor / TRUE_DIVISOR * math.sqrt(1 + math.pi * 32 * LN10 / (8 * divisor))

    for rules in rule_sets:
        # The slope's standard error: luck's spread over the strengths' spread, over √n.
        error = _stationary_noise(32, rules.divisor) / (100 * math.sqrt(population.players))
        assert late[rules.label] == pytest.approx(theory(rules.divisor), abs=3 * error), rules
    ratio = late[rule_sets[2].label] / late[rule_sets[0].label]
    assert ratio == pytest.approx(theory(1200) / theory(400), rel=0.05)  # ≈ 3


def test_ranking_accuracy_grows_with_games_towards_what_luck_allows() -> None:
    population = Population(
        players=1000, weeks=12, seed=8, slots_per_week=60, games_per_week=40, games_spread=0,
        heavy_share=0, cubes=NO_CUBE, newcomers=0,
    )  # fmt: skip
    run = simulate(population, rules=[Rules(divisor=1200, k=32)])
    rho = run.weekly.set_index("week")["spearman"]
    assert rho[1] < rho[2] < rho[4] < rho[8:].mean()
    # At equilibrium rating = signal + luck: Pearson r = signal / √(signal² + luck²), and for
    # normal variables Spearman's rho = (6/π) asin(r / 2).
    signal = 100 * 1200 / TRUE_DIVISOR
    r = signal / math.hypot(signal, _stationary_noise(32, 1200))
    theory = 6 / math.pi * math.asin(r / 2)
    assert rho[8:].mean() == pytest.approx(theory, abs=0.04)  # ≈ 2 standard errors


def test_heavy_week_change_is_k_times_games_times_shortfall() -> None:
    # Σ round(K × (result − E)) over a week is K × (wins − Σ E) up to each game's rounding, an
    # error within ±0.5 that averages out like a uniform one (sd √(games / 12)). At K 32 a
    # 300-game week 2–3 points under expectation costs 32 × 300 × 0.025 ≈ 200 points; at K 16
    # (1.3.1's heavy week, from the second week on, when the 7-day window is full) half.
    population = Population(
        players=300, weeks=3, seed=3, heavy_share=1.0, cubes=NO_CUBE, newcomers=0
    )
    run = simulate(population, rules=["1.2.0", "1.3.1"])
    weeks = run.heavy_weeks[run.heavy_weeks["week"] >= 2]
    for name, k in (("1.2.0", 32), ("1.3.1", 16)):
        rows = weeks[weeks["rules"] == name]
        assert len(rows) > 400
        shortfall = (rows["expected"] - rows["wins"]) / rows["games"]
        residual = rows["change"] + k * rows["games"] * shortfall
        rounding = np.sqrt(rows["games"] / 12)
        assert (residual.abs() <= 5 * rounding).all(), name
        assert abs(residual.mean()) <= 4 * rounding.mean() / math.sqrt(len(rows)), name

    # The article's weeks: 300+ games, 2–3 points under expectation (all weeks, K as it was).
    claim = run.heavy_week_claim().set_index("rules")
    losses = {}
    for name, k in (("1.2.0", 32), ("1.3.1", 16)):
        row = claim.loc[name]
        assert row["player_weeks"] >= 5
        spread = 5 * math.sqrt(row["games"] / 12) / math.sqrt(row["player_weeks"])
        assert -row["change"] == pytest.approx(k * row["games"] * row["shortfall"], abs=spread)
        assert 0.02 * 300 * k - spread <= -row["change"] <= 0.03 * 400 * k + spread
        losses[name] = -row["change"]
    assert 0.4 <= losses["1.3.1"] / losses["1.2.0"] <= 0.6  # about half


def test_strongest_tenth_win_what_the_true_curve_says() -> None:
    # The calibration: the integral of the default true curve over the strengths gives the
    # article's 57–58 %; a simulated league at random pairing reproduces it within sampling.
    assert 0.57 <= strongest_tenth_win_rate() <= 0.58
    assert strongest_tenth_win_rate(Population(strength_sd=0)) == pytest.approx(0.5)
    population = Population(players=4000, weeks=4, seed=9, slots_per_week=60, heavy_share=0)
    run = simulate(population, rules=["1.2.0"])
    weekly = run.weekly
    actual = weekly["strongest_tenth_actual"].mean()
    # Binomial spread of ~400 players' ~80 games, and the drawn strengths' (the top tenth's mean
    # strength varies by about 100 × √(0.2 / 400) points, × ln 10 / (4 T) in win rate).
    games = 400 * 80
    sampling = math.hypot(math.sqrt(0.25 / games), 100 * math.sqrt(0.2 / 400) * LN10 / (4 * 1325))
    assert actual == pytest.approx(strongest_tenth_win_rate(population), abs=4 * sampling)
    # Picked by rating, luck included, the top tenth is expected to win more than it does.
    late = weekly[weekly["week"] >= 2]
    assert (late["top_tenth_expected"] > late["top_tenth_actual"]).all()


def test_newcomers_reach_their_level_slower_under_flatter_curves() -> None:
    # Each game closes about K × ln10 / (4D) of the gap to the level, so the games needed to get
    # most of the way grow with D (50, 100, 150 games to 90 % at K 32; the population itself
    # still spreading out, and weekly steps, blur the numbers but not the order).
    population = Population(
        players=1000, weeks=14, seed=12, slots_per_week=60, games_per_week=20, heavy_share=0,
        cubes=NO_CUBE, newcomers=150, newcomer_week=2,
    )  # fmt: skip
    run = simulate(population, rules=["1.0.5", "1.2.0", "1.3.1"])
    games = run.summary().set_index("rules")["newcomer_games_to_level"]
    assert games["1.0.5"] < games["1.2.0"] < games["1.3.1"]
    assert games["1.0.5"] == pytest.approx(LN10 / (32 * LN10 / (4 * 400)), rel=0.25)


def test_defaults_are_pinned() -> None:
    # The calibration and the article's numbers behind the defaults; change them on purpose only.
    assert TRUE_DIVISOR == 1325.0
    assert Population() == Population(
        players=2000, weeks=26, seed=0, strength="normal", strength_sd=100.0,
        true_divisor=1325.0, games_per_week=15.0, games_spread=0.8, heavy_share=0.05,
        heavy_games_per_week=(300.0, 400.0), slots_per_week=504,
        cubes=((1, 0.50), (2, 0.30), (4, 0.13), (8, 0.05), (16, 0.02)), pairing="random",
        band=200.0, newcomers=None, newcomer_strength=200.0, newcomer_week=None,
        newcomer_games_per_week=20.0,
    )  # fmt: skip
    assert Population().cohort == 50
    assert Population(weeks=26).join_week == 13


def test_distribution_is_the_final_ratings_long() -> None:
    run = simulate(Population(players=30, weeks=1, slots_per_week=20, heavy_share=0, newcomers=2))
    frame = run.distribution()
    assert list(frame.columns) == ["rules", "player", "strength", "rating"]
    assert len(frame) == 30 * len(run.rules)
    for name in run.names:
        mine = frame[frame["rules"] == name].set_index("player")["rating"]
        assert mine.tolist() == run.ratings[name].iloc[:30].tolist()


def test_helpers() -> None:
    assert half_within([1, 2, 3, 100]) == 1.0
    assert math.isnan(half_within([]))
    assert math.isnan(spearman([1, 1, 1], [1, 2, 3]))
    # ties share their average rank: x ranks (1, 2.5, 2.5, 4)
    assert spearman([1, 2, 2, 3], [1, 2, 3, 4]) == pytest.approx(0.9486832980505138)


def test_progress_is_reported_every_week() -> None:
    seen: list[float] = []
    simulate(
        Population(players=50, weeks=4, slots_per_week=30, heavy_share=0), progress=seen.append
    )
    assert seen == [0.25, 0.5, 0.75, 1.0]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": 1}, "players"),
        ({"weeks": 0}, "weeks"),
        ({"cubes": ((3, 1.0),)}, "cubes"),
        ({"cubes": ((1, 0.0),)}, "cubes"),
        ({"heavy_games_per_week": (300, 600)}, "heavy_games_per_week"),
        ({"heavy_share": 1.5}, "heavy_share"),
        ({"strength": "bimodal"}, "strength"),
        ({"pairing": "swiss"}, "pairing"),
        ({"true_divisor": 0}, "true_divisor"),
        ({"newcomer_week": 26}, "newcomer_week"),
    ],
)
def test_bad_population_names_the_field(changes: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidInput) as error:
        Population(**changes)  # type: ignore[arg-type]
    assert error.value.field == field


def test_whole_numbers_given_as_floats_are_kept_as_ints() -> None:
    population = Population(players=30.0, weeks=1.0, slots_per_week=20.0, heavy_share=0)  # type: ignore[arg-type]
    assert (population.players, population.weeks, population.slots_per_week) == (30, 1, 20)
    assert isinstance(population.players, int)
    assert simulate(population).games > 0


def test_the_same_rule_set_twice_is_refused() -> None:
    with pytest.raises(InvalidInput, match="rules"):
        simulate(Population(players=10, weeks=1), rules=["1.2.0", "1.2.0"])


def test_ratings_beyond_the_tables_reach_are_rated_exactly() -> None:
    """A custom rule set with a huge K pushes ratings tens of thousands of points apart, past
    the lookup tables: those games take the exact path, and every rating stays the sum of
    rounded changes (zero-sum: K equal for both players, no heavy-week K)."""
    rules = dataclasses.replace(
        RULES["1.3.1"], name="custom", k=365, divisor=98602, heavy_k=None, heavy_games=None
    )
    run = simulate(
        Population(players=120, weeks=2, seed=0, strength_sd=300, heavy_share=0.2), rules=[rules]
    )
    ratings = run.ratings[rules.label]
    assert ratings.max() - ratings.min() > 2 * 8192  # beyond the tables' reach of ±8 192
    assert ratings.sum() == 1500 * len(ratings)
