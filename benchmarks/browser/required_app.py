"""The second baseline of bench_app.py and bench_load.py: the home page's content, written as a
plain Streamlit page, with nothing else and no package behind it.

Its outputs first (your points for a win and for a loss, large and side by side in one styled
markdown bar, each with the opponent's mirror figure), then its inputs (two ratings, two game
counts, the cube as seven buttons, the rule set, the game type, the ending) and the other outputs
(the expected win chance, the cube multiplier and the break-even rate as metrics; "if you win"
and "if you lose" side by side, each with both new ratings as metrics and both K with a reason;
under each divisor, a sentence, the three expected-score curves with the players' gap marked and
the table of both players' points; Steps 1–3 as text) carry the home page's labels, so that the
benchmarks drive it exactly as they drive the home page. The numbers come from the article's
formula computed inline, with no validation, no explanation text, no translation, no URL state,
no sidebar, no notices and no embed section. Whatever a Streamlit page that shows this content
costs, this page costs too: the home page's time over this page's is what the app adds, and this
page's time over the one-widget page's is what the content costs in Streamlit itself.
"""

import math

import altair as alt
import numpy as np
import pandas as pd
import streamlit as st

CUBES = [1, 2, 4, 8, 16, 32, 64]
DIVISORS = {"1.3.1 (÷1200)": 1200, "1.2.0 (÷800)": 800, "1.0.5 (÷400)": 400}
STYLE = """<style>
.bar { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.75rem; }
.bar div { border: 1px solid; border-radius: 0.75rem; padding: 0.5rem 0.85rem; }
.bar span { display: block; }
.big { font-size: clamp(3.25rem, 2rem + 4vw, 4.75rem); font-weight: 700; }
</style>"""


def changes(rating: int, opponent: int, divisor: float, k: int, opponent_k: int, cube: int):
    """(expected, your win, your loss, their win, their loss): Python's round, not Go's (a
    baseline for timing, not a calculator)."""
    expected = 1 / (1 + 10 ** ((opponent - rating) / divisor))
    multiplier = 1 + math.log2(cube) / 6
    win = round(k * (1 - expected) * multiplier)
    loss = round(k * expected * multiplier)
    their_loss = round(opponent_k * (1 - expected) * multiplier)
    their_win = round(opponent_k * expected * multiplier)
    return expected, win, -loss, their_win, -their_loss


# The bar comes first, so it is computed from the widgets' state as the run starts.
state = st.session_state
rating, opponent = state.get("rating", 1500), state.get("opponent", 1500)
games, opponent_games = state.get("games", 0), state.get("opponent_games", 0)
cube = state.get("cube", 1)
divisor = DIVISORS[state.get("rules", "1.3.1 (÷1200)")]
k, opponent_k = (16 if games >= 50 else 32), (16 if opponent_games >= 50 else 32)
multiplier = 1 + math.log2(cube) / 6
expected, win, loss, their_win, their_loss = changes(rating, opponent, divisor, k, opponent_k, cube)

st.markdown(
    f"{STYLE}\n\n<div class='bar'>"
    f"<div><span>If you win</span><span class='big'>{win:+}</span>"
    f"<span>Your opponent {their_loss:+}</span></div>"
    f"<div><span>If you lose</span><span class='big'>{loss:+}</span>"
    f"<span>Your opponent {their_win:+}</span></div></div>",
    unsafe_allow_html=True,
)

with st.container(border=True):
    you, them = st.columns(2)
    you.number_input("Your rating", value=1500, step=1, key="rating")
    them.number_input("Your opponent's rating", value=1500, step=1, key="opponent")
    you.number_input("Your ranked games in the last 7 days", value=0, step=1, key="games")
    them.number_input(
        "Your opponent's ranked games in the last 7 days", value=0, step=1, key="opponent_games"
    )
    st.segmented_control(
        "Doubling cube at the end of the game", CUBES, default=1, required=True, key="cube"
    )
    left, middle, right = st.columns(3)
    left.selectbox("Rule set", list(DIVISORS), key="rules")
    middle.selectbox("Game type", ["Ranked", "Boosted", "Tournament"])
    right.selectbox("How it ended", ["Normal", "Gammon", "Backgammon", "Resigned"])

first, second, third = st.columns(3)
first.metric("Your expected win chance", f"{100 * expected:.1f}%")
second.metric("Cube multiplier", f"{multiplier:.2f}")
third.metric("Break-even win rate", f"{100 * -loss / (win - loss or 1):.1f}%")

for column, title, change in zip(
    st.columns(2), ("If you win", "If you lose"), (win, loss), strict=True
):
    with column.container(border=True):
        st.header(title)
        mine, theirs = st.columns(2)
        mine.metric("You", rating + change, change)
        theirs.metric("Your opponent", opponent - change, -change)
        st.caption(
            f"Your K = {k} ({games} games)  \nTheir K = {opponent_k} ({opponent_games} games)"
        )

# Under each divisor: the three curves with the gap marked, and the table beside them.
gap = rating - opponent
span = max(800, math.ceil(abs(gap) * 1.25 / 100) * 100)
rows = {d: changes(rating, opponent, d, k, opponent_k, cube) for d in (400, 800, 1200)}
st.header("Under each divisor")
st.markdown(
    "This win is worth "
    + ", ".join(f"{r[1]:+} under ÷{d}" for d, r in rows.items())
    + "; this loss costs "
    + ", ".join(f"{r[2]:+} under ÷{d}" for d, r in rows.items())
    + "."
)
differences = np.union1d(np.linspace(-span, span, 201), [gap])
curves = pd.DataFrame(
    [
        {"difference": x, "expected": 1 / (1 + 10 ** (-x / d)), "series": f"÷{d}"}
        for d in rows
        for x in differences
    ]
)
marks = pd.DataFrame(
    [{"difference": gap, "expected": r[0], "series": f"÷{d}"} for d, r in rows.items()]
)
chart_col, table_col = st.columns(2)
with chart_col:
    st.markdown(f"**Your expected score under each divisor** at {gap:+}")
    lines = alt.Chart(curves).mark_line().encode(x="difference:Q", y="expected:Q", color="series:N")
    rule = alt.Chart(marks).mark_rule(strokeDash=[4, 4]).encode(x="difference:Q")
    dots = (
        alt.Chart(marks)
        .mark_point(filled=True)
        .encode(x="difference:Q", y="expected:Q", color="series:N")
    )
    st.altair_chart(alt.layer(lines, rule, dots).properties(height=340))
with table_col:
    st.markdown("**Your game under each divisor**")
    st.caption(f"K = {k}, your opponent's K = {opponent_k}, cube {cube}.")
    st.dataframe(
        pd.DataFrame(
            {
                "Divisor": [f"÷{d}" for d in rows],
                "Your expected": [f"{100 * r[0]:.1f}%" for r in rows.values()],
                "You": [f"win {r[1]:+} · loss {r[2]:+}" for r in rows.values()],
                "Opponent": [f"win {r[3]:+} · loss {r[4]:+}" for r in rows.values()],
            }
        ),
        hide_index=True,
    )

power = 10 ** ((opponent - rating) / divisor)
st.markdown(
    "## How it is calculated\n\n"
    f"### Step 1\n\nE = 1 / (1 + 10^(({opponent} − {rating}) / {divisor}))\\\n"
    f"\u2003= 1 / (1 + {power:.4f})\\\n\u2003= **{expected:.4f}**\n\n"
    f"### Step 2\n\n{k} × (1 − {expected:.4f}) × {multiplier:.4f} → **{win:+}**\\\n"
    f"{k} × (0 − {expected:.4f}) × {multiplier:.4f} → **{loss:+}**\n\n"
    f"### Step 3\n\n- Your K = {k}\n- Their K = {opponent_k}"
)
