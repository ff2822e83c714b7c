"""The rule-set picker shared by the pages: a named version, or custom values of D, K, heavy K and
the heavy-week threshold, all in the URL; and the one way a rule-set choice is named."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gammon_elo import CURRENT, RULES, Rules

from .i18n import t
from .params import ChoiceParam, FloatParam, IntParam, Param, Where
from .scaffold import Page, row

CUSTOM = "custom"
#: The custom rule set's parameters, in the order the reader fills them in.
CUSTOM_VALUES = ("divisor", "k", "heavy_k", "heavy_games")
RULE_CHOICES = (*RULES, CUSTOM)
#: Catalog keys of the choices that are not versions, on the home and tables pages.
SPECIAL = {CUSTOM: "rules.custom"}


def rules_label(choice: str, special: Mapping[str, str] = SPECIAL) -> str:
    """The reader's name of a rule-set choice: "1.3.1 (÷1200)", or a catalog text for the
    choices in ``special`` (choice → catalog key)."""
    if choice in special:
        return t(special[choice])
    return t("rules.version", name=choice, divisor=f"{RULES[choice].divisor:g}")


def in_history_order(chosen: Iterable[str], choices: Sequence[str] = tuple(RULES)) -> list[str]:
    """The chosen rule sets in the rule history's order (1.0.5, 1.2.0, 1.3.1, then a page's
    other choices as ``choices`` lists them), whatever order the reader picked them in: every
    page lists rule sets in one order."""
    picked = set(chosen)
    return [choice for choice in choices if choice in picked]


def params() -> list[Param]:
    return [
        ChoiceParam(
            name="rules",
            default=CURRENT.name,
            choices=RULE_CHOICES,
            label="rules.label",
            help="rules.help",
            option=rules_label,
            shared="rules",
        ),
        _custom(FloatParam, "divisor", default=1000.0, low=1.0, high=1e5, step=100.0, helped=True),
        _custom(IntParam, "k", default=32, low=1, high=1000),
        _custom(IntParam, "heavy_k", default=16, low=1, high=1000),
        _custom(IntParam, "heavy_games", default=50, low=0, high=100_000, helped=True),
    ]


def _custom(kind: type[Param], name: str, *, helped: bool = False, **fields: Any) -> Param:
    """One of the custom rule set's values: labelled, explained (``helped``: the catalog's
    ``rules.<name>_help``) and carried between pages under its own name, ``rules.<name>``."""
    text = f"rules.{name}"
    return kind(
        name=name, label=text, help=f"{text}_help" if helped else None, shared=text, **fields
    )


def custom_row(page: Page, where: Where) -> Rules:
    """Under a picker drawn in a column (``page.input("rules", column)``): the custom rule
    set's four values in one full-width row of ``where``, under the picker's row, only when the
    picker says custom (a phone stacks the four); returns the chosen rule set."""
    if page["rules"] == CUSTOM:
        # Aligned at the bottom: a label that wraps on two lines keeps its box in line.
        columns = row(len(CUSTOM_VALUES), where, vertical_alignment="bottom")
        for name, column in zip(CUSTOM_VALUES, columns, strict=True):
            page.input(name, column)
    return from_state(page)


def custom(divisor: float, k: int, heavy_k: int, heavy_games: int) -> Rules:
    """The home and tables pages' custom rule set: all four values the reader chose."""
    return Rules.custom(divisor, int(k), heavy_k=int(heavy_k), heavy_games=int(heavy_games))


def from_state(page: Page) -> Rules:
    """The rule set the page's parameters name (views without the picker read it too)."""
    name = page["rules"]
    if name != CUSTOM:
        return RULES[name]
    return custom(*(page[n] for n in CUSTOM_VALUES))
