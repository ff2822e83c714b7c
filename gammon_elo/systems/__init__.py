"""Rating systems beyond Elo, compared with the rule sets on the same games: which predicts a
history best, by how much, and how far that is from what any rating could do.

- :mod:`.glicko2`: Glicko-2 (Glickman's example paper), one player's period and a history;
- :mod:`.weng_lin`: Weng-Lin Bradley-Terry for two players, as openskill rates it;
- :mod:`.specs`: the systems' settings, read from text, and the defaults compared;
- :mod:`.measures`: the calibration slope and the floor;
- :mod:`.compare`: :func:`compare_systems`, every system scored on the same games;
- :mod:`.verdict`: what the comparison says, as numbers and in words.
"""

from .compare import FIT_ON, KINDS, ROW_COLUMNS, SystemsComparison, compare_systems
from .glicko2 import Glicko2Rating, glicko2_period
from .measures import calibration_slope, history_levels
from .specs import (
    DEFAULT_SYSTEMS,
    Chosen,
    FittedDivisor,
    Glicko2,
    Setting,
    System,
    WengLin,
    parse_system,
    system_label,
)
from .verdict import COIN_TOSS, FLOOR, TEMPLATES, Verdict, verdict_text
from .weng_lin import win_probability

__all__ = [
    "COIN_TOSS",
    "DEFAULT_SYSTEMS",
    "FIT_ON",
    "FLOOR",
    "KINDS",
    "ROW_COLUMNS",
    "TEMPLATES",
    "Chosen",
    "FittedDivisor",
    "Glicko2",
    "Glicko2Rating",
    "Setting",
    "System",
    "SystemsComparison",
    "Verdict",
    "WengLin",
    "calibration_slope",
    "compare_systems",
    "glicko2_period",
    "history_levels",
    "parse_system",
    "system_label",
    "verdict_text",
    "win_probability",
]
