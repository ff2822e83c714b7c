"""The systems a history can be scored under, as frozen settings: a rule set
(:class:`~gammon_elo.Rules`), a divisor fitted to the games (:class:`FittedDivisor`),
:class:`Glicko2`, :class:`WengLin`, and the candidate among several that predicts the fitting
games best (:class:`Chosen`); each read from text by :func:`parse_system` as the command line
writes it, and :data:`DEFAULT_SYSTEMS`, what ``gammon-elo systems`` compares.

>>> parse_system("glicko2:period=1h,rd=100,volatility=0.01").label
'Glicko-2 (1-hour periods, RD 100, volatility 0.01, τ 0.5)'
>>> parse_system("weng-lin:beta=4x,tau=0").label
'Weng-Lin BT (σ 8.333, β 16.67, τ 0)'
>>> len(parse_system("weng-lin:beta=1x|2x,tau=0|1x").candidates)
4
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Final, TypeAlias

from .._core import checks
from .._core.errors import InvalidInput
from ..rules import CURRENT, RULES, Rules
from . import weng_lin

__all__ = [
    "DEFAULT_SYSTEMS",
    "Chosen",
    "FittedDivisor",
    "Glicko2",
    "Setting",
    "System",
    "WengLin",
    "parse_system",
    "system_label",
]


def _number(value: float) -> str:
    """A setting as a label writes it: four significant figures, no trailing zeros."""
    return f"{value:.4g}"


def _period(length: timedelta) -> str:
    for unit, seconds in (("week", 604_800), ("day", 86_400), ("hour", 3_600), ("minute", 60)):
        count = length.total_seconds() / seconds
        if count >= 1 and count.is_integer():
            return f"{int(count)}-{unit}"
    return f"{length.total_seconds():g}-second"


@dataclass(frozen=True, slots=True)
class Glicko2:
    """Glicko-2's settings: the rating period and every newcomer's rating, RD and volatility,
    and τ; by default the paper's (1500, 350, 0.06; τ 0.5, within its 0.3 to 1.2), in periods
    of a day."""

    period: timedelta = timedelta(days=1)
    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06
    tau: float = 0.5

    def __post_init__(self) -> None:
        if not isinstance(self.period, timedelta) or self.period <= timedelta(0):
            raise InvalidInput("period", self.period, "must be a positive length of time")
        object.__setattr__(self, "rating", checks.finite("rating", self.rating))
        for name in ("deviation", "volatility", "tau"):
            object.__setattr__(self, name, checks.positive(name, getattr(self, name)))

    @property
    def label(self) -> str:
        rating = "" if self.rating == 1500 else f"rating {_number(self.rating)}, "
        return (
            f"Glicko-2 ({_period(self.period)} periods, {rating}RD {_number(self.deviation)},"
            f" volatility {_number(self.volatility)}, τ {_number(self.tau)})"
        )


@dataclass(frozen=True, slots=True)
class WengLin:
    """Weng-Lin Bradley-Terry's settings: every newcomer's μ and σ, the performance noise β,
    the additive dynamics τ and the floor κ; by default openskill's."""

    mu: float = weng_lin.MU
    sigma: float = weng_lin.SIGMA
    beta: float = weng_lin.BETA
    tau: float = weng_lin.TAU
    kappa: float = weng_lin.KAPPA

    def __post_init__(self) -> None:
        object.__setattr__(self, "mu", checks.finite("mu", self.mu))
        for name in ("sigma", "beta"):
            object.__setattr__(self, name, checks.positive(name, getattr(self, name)))
        tau = checks.finite("tau", self.tau)
        if tau < 0:
            raise InvalidInput("tau", self.tau, "must be 0 or more")
        kappa = checks.finite("kappa", self.kappa)
        if not 0 < kappa <= 1:
            raise InvalidInput("kappa", self.kappa, "must be above 0 and at most 1")
        object.__setattr__(self, "tau", tau)
        object.__setattr__(self, "kappa", kappa)

    @property
    def label(self) -> str:
        mu = "" if self.mu == weng_lin.MU else f"μ {_number(self.mu)}, "
        kappa = "" if self.kappa == weng_lin.KAPPA else f", κ {_number(self.kappa)}"
        return (
            f"Weng-Lin BT ({mu}σ {_number(self.sigma)}, β {_number(self.beta)},"
            f" τ {_number(self.tau)}{kappa})"
        )


#: A system whose settings are given.
Setting: TypeAlias = Rules | Glicko2 | WengLin


@dataclass(frozen=True, slots=True)
class FittedDivisor:
    """The divisor that predicts the fitting games best, with ``base``'s K and heavy week: the
    calibration's search (a coarse grid from ÷200 to ÷6400, then a finer one around its best)."""

    base: Rules = CURRENT

    @property
    def label(self) -> str:
        return f"divisor fitted to the games (K as {self.base.label})"


@dataclass(frozen=True, slots=True)
class Chosen:
    """The candidate with the lowest log-loss on the fitting games (the first of equals)."""

    candidates: tuple[Setting, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if not self.candidates:
            raise InvalidInput("candidates", self.candidates, "must name at least one system")

    @property
    def label(self) -> str:
        return f"the best of {len(self.candidates)}: " + ", ".join(
            system_label(c) for c in self.candidates
        )


#: Any system :func:`~gammon_elo.compare_systems` scores.
System: TypeAlias = Setting | FittedDivisor | Chosen


def system_label(system: System) -> str:
    """A system's name, unique for its settings: a rule set with its divisor."""
    if isinstance(system, Rules):
        divisor = _number(system.divisor)
        return f"{system.name} ÷{divisor}" if system.name in RULES else system.label
    return system.label


#: ``KEY=VALUE`` of each family, by the names the command line uses: the field and its reader.
_KEYS: Final = {
    "glicko2": {"period": "period", "rating": "rating", "rd": "deviation",
                "volatility": "volatility", "tau": "tau"},
    "weng-lin": {"mu": "mu", "sigma": "sigma", "beta": "beta", "tau": "tau", "kappa": "kappa"},
}  # fmt: skip
_FAMILIES: Final = {"glicko2": Glicko2, "weng-lin": WengLin}
_KINDS: Final = (
    "must be a rule set (" + ", ".join(RULES) + " or DIVISOR/K[/HEAVY_K@GAMES]), fit[:RULES],"
    " glicko2[:KEY=VALUE,…] or weng-lin[:KEY=VALUE,…]"
)
_LENGTH: Final = re.compile(r"(?P<count>\d+(?:\.\d+)?)(?P<unit>m|h|d|w)")
_UNITS: Final = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
#: At most this many candidates in one :class:`Chosen`: each costs a pass over the games.
MAX_CANDIDATES: Final = 64


def _length(text: str, key: str) -> timedelta:
    """A rating period written ``30m``, ``1h``, ``1d`` or ``1w``."""
    found = _LENGTH.fullmatch(text)
    if found is None:
        raise InvalidInput(key, text, "must be a length such as 30m, 1h, 1d or 1w")
    return timedelta(**{_UNITS[found["unit"]]: float(found["count"])})


def _value(text: str, key: str, default: float) -> float:
    """A number, or a multiple of the default written ``4x``."""
    try:
        return float(text[:-1]) * default if text.endswith("x") else float(text)
    except ValueError:
        reason = "must be a number, or a multiple of the default: 4x"
        raise InvalidInput(key, text, reason) from None


def parse_system(text: str) -> System:
    """A system from text: a rule set (``1.3.1``, ``DIVISOR/K[/HEAVY_K@GAMES]``), ``fit``
    (a divisor fitted with the current K; ``fit:RULES`` with that rule set's), or ``glicko2``
    / ``weng-lin``, optionally with ``:KEY=VALUE,…`` settings (glicko2: period, rating, rd,
    volatility, tau; weng-lin: mu, sigma, beta, tau, kappa). A value ``4x`` is 4 × the default;
    values joined by ``|`` are candidates, the best of every combination chosen on the games.
    """
    family, _, settings = str(text).strip().partition(":")
    family = family.strip().lower()
    try:
        if family == "fit":
            return FittedDivisor(Rules.parse(settings.strip()) if settings else CURRENT)
        if family not in _FAMILIES:
            return Rules.parse(str(text).strip())
    except InvalidInput:
        raise InvalidInput("systems", text, _KINDS) from None
    keys, defaults = _KEYS[family], _FAMILIES[family]()
    options: dict[str, list[object]] = {}
    for part in filter(None, (p.strip() for p in settings.split(","))):
        key, equals, values = part.partition("=")
        key = key.strip().lower()
        if key not in keys or not equals:
            raise InvalidInput("systems", text, f"must set {family}'s " + ", ".join(keys))
        if keys[key] in options:
            raise InvalidInput("systems", text, f"sets {key} twice")
        name, default = keys[key], getattr(defaults, keys[key])
        options[name] = [
            _length(v.strip(), key) if name == "period" else _value(v.strip(), key, default)
            for v in values.split("|")
        ]
    combinations = list(itertools.product(*options.values()))
    if len(combinations) > MAX_CANDIDATES:
        reason = f"may have at most MAX_CANDIDATES = {MAX_CANDIDATES} candidates"
        raise InvalidInput("systems", f"{text} ({len(combinations)} candidates)", reason)
    made: list[Setting] = [
        replace(defaults, **dict(zip(options, values, strict=True))) for values in combinations
    ]
    return made[0] if len(made) == 1 else Chosen(tuple(made))


#: What ``gammon-elo systems`` compares by default: the rule sets, a fitted divisor, and each
#: system with uncertainty at its defaults and with its width chosen on the games.
DEFAULT_SYSTEMS: Final[tuple[System, ...]] = (
    *RULES.values(),
    FittedDivisor(),
    Glicko2(),
    parse_system("glicko2:period=1h,rd=50|100|200|350,volatility=0.01|0.06"),
    WengLin(),
    parse_system("weng-lin:beta=1x|2x|4x|8x,tau=0|1x"),
)
