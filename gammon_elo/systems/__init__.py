"""Rating systems beyond Elo, beside the rule sets: which predicts a history best, by how much,
and how far that is from what any rating could do.

- :mod:`.glicko2`: Glicko-2 (Glickman's example paper), one player's period and a history;
- :mod:`.weng_lin`: Weng-Lin Bradley-Terry for two players, as openskill rates it.
"""

from .glicko2 import Glicko2Rating, glicko2_period
from .weng_lin import win_probability

__all__ = ["Glicko2Rating", "glicko2_period", "win_probability"]
