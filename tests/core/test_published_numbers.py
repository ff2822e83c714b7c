"""Golden values from outside the code: every number the Gammon42 article publishes, the classic
calculator's worked examples and FIBS (the cases where Go's rounding decides are in
test_go_rounding.py).

Sources, cited in each test:

- ARTICLE: the Gammon42 help-center article "Πώς υπολογίζεται το ELO στο Gammon42" (version
  1.3.1), the first seed; section names are the article's, translated.
- CLASSIC: the Czech classic Elo calculator page ("Kalkulačka Elo hodnocení"), the second seed.
- FIBS: FIBS's rating formula as quoted in issue 2 (FIBS's own help text).
- HAND: arithmetic done by hand (or with a 30-digit decimal calculator), shown in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from gammon_elo import (
    FIBS_DIVISOR,
    K_PRESETS,
    RULES,
    Game,
    break_even_win_rate,
    change_table,
    classic_update,
    cube_multiplier,
    cube_table,
    divisor_table,
    expected_score,
    expected_table,
    fibs_change,
    fibs_k,
    fibs_underdog_probability,
    heavy_week_table,
    podium_prize,
    rate_game,
    rating_change,
    team_rating,
    what_if,
)

#: The rules the article publishes its numbers for.
ARTICLE = RULES["1.3.1"]
#: Any base rating works: only the difference matters. 1500 is the article's starting rating.
BASE = 1500
#: A number of ranked games in the last 7 days that gives K = 16 under 1.3.1 (≥ 50).
HEAVY_WEEK = 60


def changes(winner: int, loser: int, **options: Any) -> tuple[int, int]:
    """The winner's and the loser's change, as a pair."""
    change = rating_change(winner, loser, **{"rules": ARTICLE, **options})
    return change.winner, change.loser


def percent(x: float) -> float:
    """A probability as the article prints it: a percentage with one decimal."""
    return round(100 * x, 1)


# --------------------------------------------------------------------------------------------
# ARTICLE, Step 1: "expected win rate of the favourite" by rating difference, ÷1200.

EXPECTED_PERCENT = {
    0: 50.0,
    50: 52.4,
    100: 54.8,
    150: 57.1,
    200: 59.5,
    300: 64.0,
    400: 68.3,
    500: 72.3,
}


@pytest.mark.parametrize(("difference", "published"), EXPECTED_PERCENT.items())
def test_step1_expected_win_rate_of_the_favourite(difference: int, published: float) -> None:
    # ARTICLE, Step 1 table.
    assert percent(expected_score(BASE + difference, BASE, divisor=ARTICLE.divisor)) == published
    # The underdog's expectation is the complement.
    assert percent(expected_score(BASE, BASE + difference, divisor=ARTICLE.divisor)) == round(
        100 - published, 1
    )


def test_step1_table_as_a_frame() -> None:
    # ARTICLE, Step 1 table, through the table builder the app shows.
    frame = expected_table(rules=ARTICLE)
    assert frame["difference"].tolist() == list(EXPECTED_PERCENT)
    assert [percent(e) for e in frame["expected"]] == list(EXPECTED_PERCENT.values())


def test_equal_players_expect_half() -> None:
    # ARTICLE, Step 1: "the same rating as your opponent: expected score 0.5, heads or tails".
    assert expected_score(1500, 1500, divisor=ARTICLE.divisor) == 0.5
    assert expected_score(2317, 2317, divisor=400) == 0.5


# --------------------------------------------------------------------------------------------
# ARTICLE, Step 2: K = 32, cube 1 — favourite wins / underdog wins (±, mirror images).

FAVOURITE_WINS = {0: 16, 100: 14, 200: 13, 300: 12, 400: 10}
UNDERDOG_WINS = {0: 16, 100: 18, 200: 19, 300: 20, 400: 22}


@pytest.mark.parametrize("difference", FAVOURITE_WINS)
def test_step2_k32_changes(difference: int) -> None:
    # ARTICLE, Step 2 table: "favourite wins +g / −g, underdog wins +h / −h".
    g, h = FAVOURITE_WINS[difference], UNDERDOG_WINS[difference]
    favourite, underdog = BASE + difference, BASE
    assert changes(favourite, underdog) == (g, -g)
    assert changes(underdog, favourite) == (h, -h)


def test_step2_k32_table_as_a_frame() -> None:
    # ARTICLE, Step 2 table, through the table builder.
    frame = change_table(rules=ARTICLE)
    assert frame["difference"].tolist() == list(FAVOURITE_WINS)
    assert frame["favourite_wins_gain"].tolist() == list(FAVOURITE_WINS.values())
    assert frame["favourite_wins_loss"].tolist() == [-g for g in FAVOURITE_WINS.values()]
    assert frame["underdog_wins_gain"].tolist() == list(UNDERDOG_WINS.values())
    assert frame["underdog_wins_loss"].tolist() == [-h for h in UNDERDOG_WINS.values()]


def test_step2_two_players_at_1500() -> None:
    # ARTICLE, Step 2: "two players at 1500: the winner gets 32 × (1 − 0.5) = +16, the loser −16".
    # Also the FAQ: "+16 against an opponent of the same rating, with the cube at 1".
    assert changes(1500, 1500) == (16, -16)


def test_step2_staying_put_as_a_favourite_by_200_takes_about_60_percent() -> None:
    # ARTICLE, Step 2: "if you are 200 points above your opponent, you must win about 60 % of
    # the games against them just to stay where you are". +13 a win, −19 a loss (the K = 32
    # table): p · 13 = (1 − p) · 19 ⇒ p = 19 / 32 = 0.59375 (HAND).
    assert break_even_win_rate(1700, 1500, rules=ARTICLE) == 19 / 32
    assert break_even_win_rate(1700, 1500, rules=ARTICLE) == pytest.approx(0.60, abs=0.01)


# --------------------------------------------------------------------------------------------
# ARTICLE, Step 3: K = 32 vs K = 16 (50 or more ranked games in the last 7 days).

HEAVY_TABLE = {  # difference: (K32 win, K32 loss, K16 win, K16 loss) for the favourite
    0: (16, -16, 8, -8),
    150: (14, -18, 7, -9),
    300: (12, -20, 6, -10),
}


@pytest.mark.parametrize("difference", HEAVY_TABLE)
def test_step3_k32_vs_k16(difference: int) -> None:
    # ARTICLE, Step 3 table "K = 32 (favourite wins / loses), K = 16 (favourite wins / loses)";
    # K = 16 reached the way the server reaches it: both players with a heavy week.
    win32, loss32, win16, loss16 = HEAVY_TABLE[difference]
    favourite, underdog = BASE + difference, BASE
    assert rating_change(favourite, underdog, rules=ARTICLE).winner == win32
    assert rating_change(underdog, favourite, rules=ARTICLE).loser == loss32
    heavy = {"winner_recent_games": HEAVY_WEEK, "loser_recent_games": HEAVY_WEEK}
    assert rating_change(favourite, underdog, rules=ARTICLE, **heavy).winner == win16
    assert rating_change(underdog, favourite, rules=ARTICLE, **heavy).loser == loss16


def test_step3_table_as_a_frame() -> None:
    # ARTICLE, Step 3 table, through the table builder.
    frame = heavy_week_table(rules=ARTICLE)
    assert frame.values.tolist() == [[d, *row] for d, row in HEAVY_TABLE.items()]


@pytest.mark.parametrize(
    ("games", "k"), [(0, 32), (10, 32), (49, 32), (50, 16), (60, 16), (300, 16)]
)
def test_step3_k_from_the_week(games: int, k: int) -> None:
    # ARTICLE, Step 3: "fewer than 50 games: K is 32; 50 games or more: K is 16".
    heavy = changes(1500, 1500, winner_recent_games=games, loser_recent_games=games)
    assert heavy == (k // 2, -(k // 2))


@pytest.mark.parametrize("rating", [1500, 1873, 912])
def test_step3_sixty_games_against_ten(rating: int) -> None:
    # ARTICLE, Step 3: "if you have played 60 ranked games this week and your opponent, with the
    # same rating, has played 10, a win gives you +8 while they lose −16. If they win, they get
    # +16 and you lose −8."
    you_win = changes(rating, rating, winner_recent_games=60, loser_recent_games=10)
    assert you_win == (8, -16)
    they_win = changes(rating, rating, winner_recent_games=10, loser_recent_games=60)
    assert they_win == (16, -8)

    both = what_if(Game(rating, rating, games=60, opponent_games=10, rules=ARTICLE))
    assert (both.win.you.change, both.win.opponent.change) == (8, -16)
    assert (both.loss.you.change, both.loss.opponent.change) == (-8, 16)
    assert both.win.you.new_rating == rating + 8
    assert both.loss.opponent.new_rating == rating + 16


# --------------------------------------------------------------------------------------------
# ARTICLE, "Why we divide by 1200 and not 400": a favourite by 300 under each divisor.

DIVISOR_TABLE = {  # rule set: (divisor, expected %, win, loss)
    "1.0.5": (400, 84.9, 5, -27),
    "1.2.0": (800, 70.3, 9, -23),
    "1.3.1": (1200, 64.0, 12, -20),
}


@pytest.mark.parametrize("name", DIVISOR_TABLE)
def test_favourite_by_300_under_each_divisor(name: str) -> None:
    # ARTICLE, the divisor table ("before 1.2.0 (÷400) / 1.2.0 to 1.3.0 (÷800) / from 1.3.1").
    divisor, expected, win, loss = DIVISOR_TABLE[name]
    assert RULES[name].divisor == divisor
    assert percent(expected_score(1800, 1500, divisor=divisor)) == expected
    assert rating_change(1800, 1500, rules=name).winner == win
    assert rating_change(1500, 1800, rules=name).loser == loss


def test_divisor_table_as_a_frame() -> None:
    # ARTICLE, the divisor table, through the table builder.
    frame = divisor_table(300, divisors=(400, 800, 1200))
    assert frame["divisor"].tolist() == [400, 800, 1200]
    assert [percent(e) for e in frame["expected"]] == [84.9, 70.3, 64.0]
    assert frame["win"].tolist() == [5, 9, 12]
    assert frame["loss"].tolist() == [-27, -23, -20]


def test_under_400_staying_put_at_300_ahead_took_about_85_percent() -> None:
    # ARTICLE: "with 400, a player 300 points above the opponent got +5 for a win and lost 27
    # for a loss. To stay put they had to win 85 % of these games". HAND: 27 / (5 + 27) = 0.844.
    assert break_even_win_rate(1800, 1500, rules="1.0.5") == 27 / 32
    assert break_even_win_rate(1800, 1500, rules="1.0.5") == pytest.approx(0.85, abs=0.01)


# --------------------------------------------------------------------------------------------
# ARTICLE, "The doubling cube": multiplier 1 + log2(cube) / 6 and two players at 1500.

CUBE_TABLE = {  # cube: (multiplier to 2 decimals, ± at K = 32, ± at K = 16)
    1: (1.00, 16, 8),
    2: (1.17, 19, 9),
    4: (1.33, 21, 11),
    8: (1.50, 24, 12),
    16: (1.67, 27, 13),
    32: (1.83, 29, 15),
    64: (2.00, 32, 16),
}


@pytest.mark.parametrize("cube", CUBE_TABLE)
def test_cube_table(cube: int) -> None:
    # ARTICLE, cube table: "cube, multiplier, two players at 1500 K = 32, K = 16".
    multiplier, k32, k16 = CUBE_TABLE[cube]
    assert round(cube_multiplier(cube), 2) == multiplier
    assert changes(1500, 1500, cube=cube) == (k32, -k32)
    heavy = {"winner_recent_games": HEAVY_WEEK, "loser_recent_games": HEAVY_WEEK}
    assert changes(1500, 1500, cube=cube, **heavy) == (k16, -k16)


def test_cube_table_as_a_frame() -> None:
    # ARTICLE, cube table, through the table builder.
    frame = cube_table()
    assert frame["cube"].tolist() == list(CUBE_TABLE)
    assert frame["multiplier"].round(2).tolist() == [m for m, _, _ in CUBE_TABLE.values()]
    assert frame["k32"].tolist() == [k for _, k, _ in CUBE_TABLE.values()]
    assert frame["k16"].tolist() == [k for _, _, k in CUBE_TABLE.values()]


def test_the_cube_at_most_doubles_the_change() -> None:
    # ARTICLE: "even at the highest cube, 64, the change is at most twice the normal one".
    assert cube_multiplier(1) == 1.0
    assert cube_multiplier(64) == 2.0


# --------------------------------------------------------------------------------------------
# ARTICLE, which games count, gammons, ending early, tournaments; the starting rating.


def test_only_ranked_games_change_elo() -> None:
    # ARTICLE, "Which games count": boosted games and games inside a tournament never change ELO.
    for game_type in ("boosted", "tournament"):
        outcome = rate_game(Game(1500, 1700, type=game_type, rules=ARTICLE))
        assert (outcome.you.change, outcome.opponent.change) == (0, 0)
        assert not outcome.rated
    assert rate_game(Game(1500, 1500, rules=ARTICLE)).you.change == 16


def test_podium_prizes() -> None:
    # ARTICLE: public tournaments award fixed ELO prizes on the podium, "for example +50, +25,
    # +15".
    assert [podium_prize(place, rules=ARTICLE) for place in (1, 2, 3)] == [50, 25, 15]


@pytest.mark.parametrize("ending", ["gammon", "backgammon"])
def test_gammons_are_one_win(ending: str) -> None:
    # ARTICLE, "Why gammons and backgammons do not count": a gammon is a bigger win, but one
    # win; the K = 32 table's 300-point favourite still gets +12.
    outcome = rate_game(Game(1800, 1500, ending=ending, rules=ARTICLE))
    assert (outcome.you.change, outcome.opponent.change) == (12, -12)


@pytest.mark.parametrize("ending", ["resigned", "left", "disconnected", "timed_out"])
def test_ending_early_is_an_ordinary_loss_at_the_cube_of_that_moment(ending: str) -> None:
    # ARTICLE, "Leaving, disconnecting and the move timer": rated as an ordinary loss at the
    # cube's value at that moment. Cube 4 between equal players: ±21 (the cube table).
    outcome = rate_game(Game(1500, 1500, cube=4, ending=ending, you_won=False, rules=ARTICLE))
    assert (outcome.you.change, outcome.opponent.change) == (-21, 21)


def test_everyone_starts_at_1500() -> None:
    # ARTICLE: "Everyone starts at 1500" (and the Go code's const Starting = 1500).
    assert ARTICLE.starting == 1500


def test_fibs_divisor_for_one_point_matches() -> None:
    # ARTICLE: "FIBS ... uses 2000 for one-point matches".
    assert FIBS_DIVISOR == 2000


# --------------------------------------------------------------------------------------------
# CLASSIC: the second seed's worked examples, K presets and teams (divisor 400 by default).


def test_classic_surprise_win() -> None:
    # CLASSIC, "Překvapivá výhra": 1500 beats 1600 (K = 32), expected ~36 %, the win adds about
    # +20, to 1520. HAND: E = 1 / (1 + 10^(100/400)) = 1 / (1 + 1.778279) = 0.359935;
    # 32 × (1 − 0.359935) = 20.482.
    result = classic_update(1500, 1600, 1, k=32)
    assert round(100 * result.expected_a) == 36
    assert round(result.new_a - 1500) == 20
    assert round(result.new_a) == 1520
    assert result.new_a == pytest.approx(1520.482, abs=1e-3)
    # B loses what A wins (one K for both), and the two expectations add up to one.
    assert result.new_b == pytest.approx(1600 - 20.482, abs=1e-3)
    assert result.expected_a + result.expected_b == pytest.approx(1)


def test_classic_expected_win() -> None:
    # CLASSIC, "Očekávaná výhra": 1600 beating 1500 gains only about +12.
    # HAND: 32 × (1 − 0.640065) = 11.518.
    result = classic_update(1600, 1500, 1)
    assert round(result.new_a - 1600) == 12
    assert result.new_a - 1600 == pytest.approx(11.518, abs=1e-3)


def test_classic_draw_moves_the_two_toward_each_other() -> None:
    # CLASSIC, "Remíza": a draw still brings the ratings closer when one player was the
    # favourite. HAND: A gains 32 × (0.5 − 0.359935) = 4.482, B loses as much.
    result = classic_update(1500, 1600, 0.5)
    assert result.new_a > 1500
    assert result.new_b < 1600
    assert result.new_b - result.new_a < 100
    assert result.new_a - 1500 == pytest.approx(4.482, abs=1e-3)
    assert result.new_b - 1600 == pytest.approx(-4.482, abs=1e-3)
    # Between equals a draw changes nothing.
    level = classic_update(1700, 1700, 0.5)
    assert (level.new_a, level.new_b) == (1700, 1700)


def test_classic_400_points_is_about_91_percent() -> None:
    # CLASSIC: "a 400-point difference means the stronger side is expected to score about 91 %
    # (roughly a 10-to-1 favourite). Every 400 points is a tenfold change of the expected odds."
    # HAND: 1 / (1 + 10^(−1)) = 10 / 11 = 0.909.
    result = classic_update(1900, 1500, 1)
    assert round(100 * result.expected_a) == 91
    assert result.expected_a / result.expected_b == pytest.approx(10)
    odds_800 = classic_update(2300, 1500, 1)
    assert odds_800.expected_a / odds_800.expected_b == pytest.approx(100)


def test_classic_divisor_is_400_by_default() -> None:
    # CLASSIC, "Použitý vzorec": Expected A = 1 ÷ (1 + 10^((B − A) ÷ 400)).
    assert classic_update(1500, 1600, 1) == classic_update(1500, 1600, 1, divisor=400)
    assert (
        classic_update(1500, 1600, 1, divisor=1200).expected_a
        != classic_update(1500, 1600, 1).expected_a
    )


def test_classic_loss_mirrors_the_win() -> None:
    # CLASSIC: New A = A + K × (score A − expected A) with score 0 for a loss.
    # HAND: 1500 loses to 1600: 32 × (0 − 0.359935) = −11.518.
    result = classic_update(1500, 1600, 0)
    assert result.new_a - 1500 == pytest.approx(-11.518, abs=1e-3)
    assert result.new_b - 1600 == pytest.approx(11.518, abs=1e-3)


def test_classic_teams_are_averaged() -> None:
    # CLASSIC, "Nastavení hodnoticího poolu": for teams, average the players' ratings.
    # HAND: (1400 + 1600) / 2 = 1500; (1550 + 1650) / 2 = 1600.
    assert team_rating([1400, 1600]) == 1500
    team = classic_update([1400, 1600], [1550, 1650], 1)
    single = classic_update(1500, 1600, 1)
    assert (team.expected_a, team.new_a, team.new_b) == (
        single.expected_a,
        single.new_a,
        single.new_b,
    )


def test_classic_k_presets() -> None:
    # CLASSIC, "Volba faktoru K": 40 new / provisional; 20–32 most amateur play; 10–16 masters /
    # established ratings.
    by_k = {preset.k: preset.for_whom.lower() for preset in K_PRESETS}
    assert sorted(by_k, reverse=True) == [40, 32, 20, 16, 10]
    assert "new" in by_k[40] and "provisional" in by_k[40]
    assert "amateur" in by_k[32] and "amateur" in by_k[20]
    assert "master" in by_k[16] and "master" in by_k[10]
    # CLASSIC, "Higher K means more volatility": the same surprise win moves more at K 40.
    gains = [classic_update(1500, 1600, 1, k=k).change_a for k in sorted(by_k)]
    assert gains == sorted(gains)


# --------------------------------------------------------------------------------------------
# FIBS: P = 1 / (10^(D·√N / 2000) + 1); ±4·K·√N·P (P if the favourite won, 1 − P if not);
# K = max(1, 5 − experience / 100).


def test_fibs_experienced_equals_one_point_match() -> None:
    # FIBS, issue 2: "two experienced players of equal rating in a 1-point match: ±2.00".
    # HAND: P = 1 / (10^0 + 1) = 0.5; 4 × 1 × √1 × 0.5 = 2.
    change = fibs_change(1500, 1500, match_length=1, winner_experience=500, loser_experience=900)
    assert (round(change.winner, 2), round(change.loser, 2)) == (2.00, -2.00)


def test_fibs_hand_computed_four_point_match() -> None:
    # FIBS, HAND: favourite 2000 beats underdog 1000 (D = 1000) in a 4-point match (√N = 2).
    #   D·√N / 2000 = 1000 × 2 / 2000 = 1, so P(underdog wins) = 1 / (10^1 + 1) = 1 / 11.
    #   The favourite won, so the swing is 4 × √N × P = 4 × 2 / 11 = 8 / 11 = 0.7273 per K.
    #   Winner's experience 400 → K = max(1, 5 − 4) = 1 → +8/11 = +0.7273.
    #   Loser's experience 250 → K = 5 − 2.5 = 2.5 → −2.5 × 8/11 = −20/11 = −1.8182.
    assert fibs_underdog_probability(1000, match_length=4) == pytest.approx(1 / 11)
    assert fibs_k(250) == 2.5
    change = fibs_change(2000, 1000, match_length=4, winner_experience=400, loser_experience=250)
    assert change.winner == pytest.approx(8 / 11)
    assert change.loser == pytest.approx(-20 / 11)
    #   Had the underdog won: 4 × 2 × (1 − 1/11) = 80/11 = 7.2727 for K = 1; a newcomer
    #   (experience 0, K = 5) on the losing side drops 5 × 80/11 = 400/11 = 36.3636.
    upset = fibs_change(1000, 2000, match_length=4, winner_experience=400, loser_experience=0)
    assert upset.winner == pytest.approx(80 / 11)
    assert upset.loser == pytest.approx(-400 / 11)


def test_fibs_nine_point_match_between_equals() -> None:
    # FIBS, HAND: equal ratings, N = 9 (√N = 3): 4 × 3 × 0.5 = 6 per K; experienced ±6.00;
    # FIBS's K for 120 points of experience is 5 − 1.2 = 3.8 → 22.8.
    change = fibs_change(1700, 1700, match_length=9, winner_experience=120)
    assert change.winner == pytest.approx(22.8)
    assert change.loser == pytest.approx(-6.0)
