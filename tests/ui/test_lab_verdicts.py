"""What the lab's pages conclude, as a designer reads them: each heat map's sentence says which
way is better and names the best cell, which it draws the darkest; the top tenth's gap is in
percent; the spread has one measure under one name on the Simulator and the Rule designer; no
table shows "None" or "nan". (The Rule designer's verdict on the rule sets and the rating
systems: tests/ui/test_designer_systems.py.)"""

from __future__ import annotations

import json
from typing import Any

import pandas as pd
import pytest
from apptest_support import cells, numbers, open_page
from streamlit import dataframe_util

from gammon_elo.replay import replay, sample_history
from gammon_elo.sweep import Grid, sweep
from ui.catalogs import EL, EN
from ui.lab import designer

#: What a shown cell must never read.
UNREADABLE = {"None", "nan", "NaN", "<NA>", "NaT", "none", ""}
#: A small sweep: 2 divisors × 2 K, one seed of 20 players for a week.
SWEEP = {"divisors": "800,1200", "ks": "16,32", "seeds": "1", "players": "20", "weeks": "1"}
#: Which way is better, in the words of each heat map's sentence.
BETTER = {
    "simulator.half_within": "a wider band separates the players more; the darker the cell,"
    " the wider. Best (widest) at",
    "designer.metric_spearman": "higher is better; the darker the cell, the higher. Best at",
    "designer.metric_volatility": "lower is better; the darker the cell, the lower. Best at",
    "designer.metric_top_tenth": "closer to 0% is better",
    "designer.metric_log_loss": "lower is better; the darker the cell, the lower. Best at",
    "designer.metric_brier": "lower is better; the darker the cell, the lower. Best at",
}


def _shown_cells(at: Any) -> list[str]:
    """Every cell of every table on the page, as written: grids and static tables. A grid's
    missing number is drawn as its placeholder (the app sets a dash)."""
    found: list[str] = []
    for grid in at.dataframe:
        values = cells(grid).to_numpy().ravel()
        found += [grid.proto.placeholder if pd.isna(v) else str(v) for v in values]
    for table in at.table:
        found += [str(v) for v in cells(table).to_numpy().ravel()]
    return found


def _captions(at: Any) -> list[str]:
    return [c.value for c in at.caption]


def _cell(divisor: float, k: int) -> str:
    return f"÷{divisor:.0f}, K {k}"


@pytest.fixture(scope="module")
def swept() -> Any:
    """The Rule designer after a small sweep of the sample history's grid, history included."""
    at = open_page("pages/lab/designer.py", timeout=240, source="sample", **SWEEP)
    at.toggle(key="designer.with_history").set_value(True)
    next(b for b in at.button if b.label == EN["designer.run_sweep"]).click()
    at.run(timeout=240)
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_every_heat_map_says_which_way_is_better_and_names_its_best_cell(swept: Any) -> None:
    grid = Grid(divisors=(800, 1200), ks=(16, 32), players=20, weeks=1)
    table = sweep(grid, history=sample_history(), serial=True)
    table["top_tenth_gap"] = table["top_tenth_actual"] - table["top_tenth_expected"]
    means = table.groupby(["divisor", "k"])
    captions = _captions(swept)
    for key, better in BETTER.items():
        column = next(m.column for m in designer.METRICS if m.key == key)
        mean = means[column].mean()
        (sentence,) = [c for c in captions if c.startswith(f"{EN[key]}: ")]
        assert better in sentence, sentence
        # The best cell by the measure's own direction, named first after "Best".
        if key == "designer.metric_top_tenth":
            best = mean.abs().idxmin()
        elif better.startswith("lower"):
            best = mean.idxmin()
        else:
            best = mean.idxmax()
        after = sentence.split("Best", 1)[1]
        assert after.split(";")[0].split(" at ", 1)[1].startswith(_cell(*best)), sentence


def _luminance(hex_colour: str) -> float:
    """WCAG 2's relative luminance of ``#rrggbb``."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _drawn_colour(value: float, scale: dict[str, Any]) -> str:
    """The colour a piecewise-linear RGB scale (Vega's, with ``domain`` and ``range``) gives
    ``value``: a plain reading of the spec."""
    domain, colours = scale["domain"], scale["range"]
    for i in range(1, len(domain)):
        if value <= domain[i] or i == len(domain) - 1:
            share = (value - domain[i - 1]) / (domain[i] - domain[i - 1])
            ends = [[int(c[j : j + 2], 16) for j in (1, 3, 5)] for c in colours[i - 1 : i + 1]]
            rgb = [round(a + (b - a) * share) for a, b in zip(*ends, strict=True)]
            return "#" + "".join(f"{c:02x}" for c in rgb)
    raise AssertionError(scale)


def test_every_heat_map_s_best_cell_is_its_darkest(swept: Any) -> None:
    """Darker is better on every map, weekly volatility's (lower is better) and the top
    tenth's (closer to 0 %) included: the cell the sentence names best is drawn the darkest."""
    captions = _captions(swept)
    charts = [(json.loads(c.proto.spec), c.proto) for c in swept.get("vega_lite_chart")]
    maps = [(spec, proto) for spec, proto in charts if spec["layer"][0]["mark"]["type"] == "rect"]
    assert len(maps) == len(BETTER)
    for spec, proto in maps:
        color = spec["layer"][0]["encoding"]["color"]
        column = color["field"]
        metric = next(m for m in designer.METRICS if m.column == column)
        cells = dataframe_util.convert_arrow_bytes_to_pandas_df(proto.datasets[0].data.data)
        luminance = {
            (row.divisor, row.k): _luminance(_drawn_colour(getattr(row, column), color["scale"]))
            for row in cells.itertuples()
        }
        (sentence,) = [c for c in captions if c.startswith(f"{EN[metric.key]}: ")]
        best = sentence.split("Best", 1)[1].split(" at ", 1)[1]
        darkest = min(luminance, key=luminance.__getitem__)
        assert best.startswith(_cell(*darkest)), (sentence, luminance)
    # Each sentence says which way is darker.
    for metric in designer.METRICS:
        (sentence,) = [c for c in captions if c.startswith(f"{EN[metric.key]}: ")]
        assert "the darker the cell" in sentence, sentence


def test_a_heat_map_of_values_either_side_of_zero_is_darkest_at_zero() -> None:
    """Closer to 0 is better: −2 % and +2 % alike, 0 the darkest, ±5 % the lightest."""
    gap = next(m for m in designer.METRICS if m.better == "zero")
    means = pd.DataFrame(
        {"divisor": [400, 800, 1200, 1600, 2000], "k": 32,
         "top_tenth_gap": [-0.05, -0.02, 0.0, 0.02, 0.05]}
    )  # fmt: skip
    scale = designer.heatmap(means, gap, "gap").to_dict()["layer"][0]["encoding"]["color"]
    seen = [_luminance(_drawn_colour(v, scale["scale"])) for v in means["top_tenth_gap"]]
    assert seen[2] == min(seen) and seen[0] == seen[4] == max(seen)
    assert seen[1] == pytest.approx(seen[3])


def test_the_top_tenth_is_written_in_percent(swept: Any) -> None:
    grid = Grid(divisors=(800, 1200), ks=(16, 32), players=20, weeks=1)
    table = sweep(grid, serial=True)
    gap = (
        (table["top_tenth_actual"] - table["top_tenth_expected"])
        .groupby([table["divisor"], table["k"]])
        .mean()
    )
    best = gap.abs().idxmin()
    written = f"{100 * gap[best]:+.1f}%".replace("-", "\u2212")
    (sentence,) = [c for c in _captions(swept) if c.startswith(EN["designer.metric_top_tenth"])]
    assert f"Best at {_cell(*best)} ({written})" in sentence
    # The heat map's cells and legend in percent too, and the sweep's table.
    proto = swept.get("vega_lite_chart")[3].proto
    chart = json.loads(proto.spec)
    data = dataframe_util.convert_arrow_bytes_to_pandas_df(proto.datasets[0].data.data)
    texts = data["text"].tolist()
    assert all(text.endswith("%") for text in texts) and written in texts
    assert chart["layer"][0]["encoding"]["color"]["legend"]["format"] == "+.1%"
    every = cells(swept.dataframe[0])
    assert all(v.endswith("%") for v in every["top_tenth_expected"]), every


def test_heat_maps_write_their_divisors_level(swept: Any) -> None:
    for chart in swept.get("vega_lite_chart")[:4]:
        spec = json.loads(chart.proto.spec)
        assert spec["layer"][0]["encoding"]["x"]["axis"]["labelAngle"] == 0


def test_one_spread_measure_under_one_name_on_both_pages(swept: Any) -> None:
    """The Rule designer's spread heat map is the Simulator's "half the players within": the
    same column of the sweep (the narrowest band holding half the players), the same name."""
    spread = designer.METRICS[0]
    assert spread.column == "half_within" and spread.key == "simulator.half_within"
    titles = [m.value for m in swept.markdown if m.value.startswith("**")]
    assert (
        f"**{EN['designer.heatmap_title'].format(metric=EN['simulator.half_within'])}**" in titles
    )
    assert not any("interquartile" in t.lower() for t in titles)
    for catalog, lang in ((EN, "en"), (EL, "el")):
        assert not any(k.startswith("designer.metric_iqr") for k in catalog)
        at = open_page("pages/lab/simulator.py", players="100", weeks="2", lang=lang)
        measures = at.table[0].value[catalog["simulator.measure"]].tolist()
        assert catalog["simulator.half_within"] in measures
        # The interquartile range, never narrower, under its own name after the half within.
        iqr = catalog["simulator.iqr"]
        assert measures.index(catalog["simulator.half_within"]) < measures.index(iqr)


def test_no_table_of_the_rule_designer_shows_none_or_nan(swept: Any) -> None:
    shown = _shown_cells(swept)
    assert shown and not UNREADABLE & set(shown)


def test_history_writes_a_boosted_game_s_k_as_a_dash_and_says_why() -> None:
    at = open_page("pages/lab/history.py", rules="1.3.1")
    assert not at.exception, [e.message for e in at.exception]
    assert EN["history.unrated_note"] in _captions(at)
    table = next(d for d in at.dataframe if "winner_k" in numbers(d).columns)
    per_game = numbers(table)
    # The games the table shows: its first rows (the rest are in its download).
    games = replay(sample_history(), rules="1.3.1").games.head(len(per_game))
    boosted = games.index[games["type"] == "boosted"]
    assert len(boosted)
    # A boosted game's K is missing, sent as such (the column sorts by number) and drawn as the
    # grid's placeholder, a dash.
    assert per_game.loc[boosted, "winner_k"].isna().all()
    assert table.proto.placeholder == "—"
    ranked = games.index[games["type"] == "ranked"]
    assert per_game.loc[ranked, "winner_k"].tolist() == [k for k in games.loc[ranked, "winner_k"]]
    assert not UNREADABLE & set(_shown_cells(at))


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_simulator_s_tables_show_no_none_or_nan(lang: str) -> None:
    at = open_page("pages/lab/simulator.py", players="100", weeks="2", lang=lang)
    assert not at.exception, [e.message for e in at.exception]
    shown = _shown_cells(at)
    assert shown and not UNREADABLE & set(shown)


def test_a_frame_of_missing_figures_is_written_with_dashes() -> None:
    """A missing name or number stays missing in the frame (a number column sorts by number),
    for the grid to draw as its placeholder, a dash."""
    frame = pd.DataFrame({"winner_k": pd.array([32, None], dtype="Int64"), "loser": ["A", None]})
    from ui.lab.history import replay_frame

    table = replay_frame(frame)
    assert table.frame["loser"].iloc[0] == "A" and pd.isna(table.frame["loser"].iloc[1])
    assert table.frame["winner_k"].iloc[0] == 32 and pd.isna(table.frame["winner_k"].iloc[1])
    assert pd.api.types.is_integer_dtype(table.frame["winner_k"])


def test_a_wide_grid_names_every_divisor_level_and_short() -> None:
    """Eleven divisors on a phone's 28-px cells: each named (Vega drops every other label that
    would overlap unless told not to), level, in thousands past 1000; rates in whole percent."""
    divisors = [200, 300, 400, 600, 800, 1000, 1200, 1600, 2000, 2400, 3200]
    means = pd.DataFrame(
        {"divisor": divisors, "k": 32, "top_tenth_gap": [-0.01 * i for i in range(11)]}
    )
    gap = next(m for m in designer.METRICS if m.column == "top_tenth_gap")
    spec = designer.heatmap(means, gap, "gap").to_dict()
    axis = spec["layer"][0]["encoding"]["x"]["axis"]
    assert axis["labelAngle"] == 0 and axis["labelOverlap"] is False
    assert "/ 1000" in axis["labelExpr"] and "'k'" in axis["labelExpr"]
    texts = next(iter(spec["datasets"].values()))
    assert [row["text"] for row in texts][:3] == ["0%", "\u22121%", "\u22122%"]
    narrow = designer.heatmap(means.head(2), gap, "gap").to_dict()
    assert "labelExpr" not in narrow["layer"][0]["encoding"]["x"]["axis"]
