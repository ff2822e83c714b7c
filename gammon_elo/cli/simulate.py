"""``gammon-elo simulate``: the population simulator on the command line, under one
or more rule sets (names or :meth:`~gammon_elo.Rules.parse` text), as a table or JSON."""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from ..rules import RULES, Rules
from ..simulate import HEADLINE_FIGURES, Population, Simulation, simulate
from .options import Subparsers, add_population_arguments, counted, number, whole

__all__ = ["build_simulate"]


def _json_number(value: Any) -> Any:
    """JSON has no NaN: a missing figure is null."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


def _payload(run: Simulation) -> dict[str, Any]:
    summary = run.summary().drop(columns=["divisor", "k", "heavy_k", "heavy_games"])
    population = run.population
    return {
        "players": population.players,
        "weeks": population.weeks,
        "seed": population.seed,
        "pairing": population.pairing,
        "games": run.games,
        "rule_sets": {
            rules.label: {
                "divisor": rules.divisor,
                "k": rules.k,
                "heavy_k": rules.heavy_k,
                "heavy_games": rules.heavy_games,
                **{column: _json_number(float(value)) for column, value in figures.items()},
            }
            for rules, figures in zip(
                run.rules, summary.drop(columns="rules").to_dict("records"), strict=True
            )
        },
    }


def _cmd_simulate(args: argparse.Namespace) -> int:
    population = Population(
        players=args.players,
        weeks=args.weeks,
        seed=args.seed,
        pairing=args.pairing,
        heavy_share=args.heavy_share,
    )
    run = simulate(population, rules=[Rules.parse(r) for r in args.rules])
    if args.json:
        print(json.dumps(_payload(run), ensure_ascii=False, indent=2))
        return 0
    print(
        f"{counted(population.players, 'player')}, {counted(population.weeks, 'week')},"
        f" seed {population.seed}, {population.pairing} pairing: {counted(run.games, 'game')},"
        " rated under each rule set"
    )
    summary = run.summary().set_index("rules")
    columns = [*HEADLINE_FIGURES, "newcomer_games_to_level"]
    print(summary[columns].T.to_string(float_format=lambda x: f"{x:.3f}"))
    return 0


def build_simulate(sub: Subparsers) -> None:
    p = sub.add_parser(
        "simulate", help="a population of players under several rule sets, the same games"
    )
    defaults = Population()
    add_population_arguments(p, players=defaults.players, weeks=defaults.weeks)
    p.add_argument(
        "--seed", type=whole, default=defaults.seed, help="random seed (same seed, same run)"
    )
    p.add_argument(
        "--rules",
        nargs="+",
        default=list(RULES),
        help="rule sets: names (" + ", ".join(RULES) + ") or DIVISOR/K[/HEAVY_K@GAMES]",
    )
    p.add_argument("--pairing", choices=("random", "band"), default=defaults.pairing)
    p.add_argument(
        "--heavy-share",
        type=number,
        default=defaults.heavy_share,
        help="share of players with 300–400 ranked games a week",
    )
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=_cmd_simulate)
