"""The population simulator: players of hidden true strength play ranked games week after week,
and every rule set asked for rates **the very same games** (common random numbers), so whatever
differs between rule sets comes from the rules alone. Deterministic for a given seed.

The model, in the order a week is simulated:

- A week has ``slots_per_week`` time slots (504: one every 20 minutes). A player takes part in a
  slot with probability rate / slots, so their games in a week are Binomial(slots, rate / slots),
  close to Poisson(rate). Within one slot a player plays at most one game, so each game is rated
  with the ratings the previous game left, as on the server; all games of a slot are rated at once.
- The players of a slot are paired at random, or within a rating band (sorted by rating plus a
  random offset of up to ``band`` points, neighbours paired); an odd one out waits for the next
  slot. Band pairing looks at the *first* rule set's ratings: the games are played under it and
  the other rule sets re-rate them, as the history replay does.
- A beats B with the true probability 1 / (1 + 10^(−(strength_A − strength_B) / true_divisor)).
- The cube comes from ``cubes``; gammons are not modelled (they change nothing since 1.0.5).
- Each rule set rates every game exactly as the server: ``round(K × (result − E) × (1 +
  log2(cube)/6))`` with Go's rounding, each player's K from their ranked games in the 7 days
  before the slot (the previous slots − 1 slots: a game exactly 7 days earlier no longer counts;
  the window starts empty, as on launch day, and newcomers' too).

Only the ratio strength_sd / true_divisor matters to who wins; at equilibrium ratings settle where
the rating curve matches the true curve, ``rating ≈ starting + strength × divisor / true_divisor``,
blurred by the luck of the last few dozen games.

The modules: :mod:`.population` (who plays), :mod:`.schedule` (when, with whom), :mod:`.weeks`
(the weeks played and rated), :mod:`.measure` (the weekly measurements) and :mod:`.result`
(:class:`Simulation`). The statistics live in :mod:`gammon_elo.stats`, the array kernel that
rates the games in :mod:`gammon_elo._core.arrays`; both are re-exported here.
"""

from .._core.arrays import go_round_array
from ..stats import half_within, spearman
from .measure import HEAVY_WEEK_GAMES, VOLATILITY_BUCKETS
from .population import TRUE_DIVISOR, Population, strongest_tenth_win_rate
from .result import HEADLINE_FIGURES, LEVEL_SHARE, Simulation
from .weeks import simulate

__all__ = [
    "HEADLINE_FIGURES",
    "HEAVY_WEEK_GAMES",
    "LEVEL_SHARE",
    "TRUE_DIVISOR",
    "VOLATILITY_BUCKETS",
    "Population",
    "Simulation",
    "go_round_array",
    "half_within",
    "simulate",
    "spearman",
    "strongest_tenth_win_rate",
]
