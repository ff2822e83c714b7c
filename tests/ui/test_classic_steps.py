"""The Classic Elo page: each worked example says in words what it shows, the steps are filled
in with the reader's own numbers, and the seed's questions and limits are there in English and
Greek. Every expected figure is worked by hand below."""

from __future__ import annotations

import pytest
from apptest_support import open_page
from streamlit.testing.v1 import AppTest

MINUS = "\u2212"

#: By hand, K 32, ÷400. 1500 beats 1600: E = 1 / (1 + 10^(100/400)) = 1 / 2.7783 = 0.35993,
#: 32 × (1 − 0.35993) = +20.48 → 1520.5. 1600 beats 1500: E = 0.64007, 32 × 0.35993 = +11.52.
#: 1600 draws with 1500: 32 × (0.5 − 0.64007) = −4.48. 1900 beats 1500: E = 1 / (1 + 10^−1) =
#: 0.90909, 32 × 0.09091 = +2.91.
EXAMPLES = {
    "en": [
        ("Surprise win: 1500 beats 1600", "1500 was expected to score ≈ 36%: +20.5 → 1520.5"),
        ("Expected win: 1600 beats 1500", "1600 was expected to score ≈ 64%: +11.5 → 1611.5"),
        ("Draw: 1600 draws with 1500", f"1600 was expected to score ≈ 64%: {MINUS}4.5 → 1595.5"),
        ("A 400-point gap: 1900 beats 1500", "1900 was expected to score ≈ 91%: +2.9 → 1902.9"),
    ],
    "el": [
        ("Έκπληξη: το 1500 νικά το 1600", "Αναμενόμενο σκορ του 1500 ≈ 36%: +20,5 → 1520,5"),
        (
            "Αναμενόμενη νίκη: το 1600 νικά το 1500",
            "Αναμενόμενο σκορ του 1600 ≈ 64%: +11,5 → 1611,5",
        ),
        ("Ισοπαλία: 1600 και 1500", f"Αναμενόμενο σκορ του 1600 ≈ 64%: {MINUS}4,5 → 1595,5"),
        (
            "Διαφορά 400 πόντων: το 1900 νικά το 1500",
            "Αναμενόμενο σκορ του 1900 ≈ 91%: +2,9 → 1902,9",
        ),
    ],
}


def ran(at: AppTest) -> AppTest:
    assert not at.exception, [e.message for e in at.exception]
    return at


def steps(at: AppTest) -> str:
    found = [m.value for m in at.markdown if "E(A) = 1 / (1 + 10^(" in m.value]
    assert len(found) == 1, [m.value[:80] for m in at.markdown]
    return found[0]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_each_worked_example_says_what_it_shows(lang: str) -> None:
    at = ran(open_page("pages/classic.py", lang=lang))
    labels = [b.label for b in at.button if b.key and b.key.startswith("classic.classic.")]
    assert labels == [button for button, _ in EXAMPLES[lang]]
    captions = [c.value for c in at.caption]
    for _, shows in EXAMPLES[lang]:
        assert shows in captions


def test_an_example_s_button_fills_the_steps_with_its_numbers() -> None:
    at = ran(open_page("pages/classic.py", a="1700", b="1400"))
    at.button(key="classic.classic.example_upset").click().run()
    said = steps(ran(at))
    assert f"E(A) = 1 / (1 + 10^((1600 {MINUS} 1500) / 400))" in said
    assert "= 1 / (1 + 10^0.2500)" in said and "= 1 / (1 + 1.7783)" in said
    assert "= **0.3599**" in said and f"E(B) = 1 {MINUS} E(A) = **0.6401**" in said
    assert f"A′ = 1500 + 32 × (1 {MINUS} 0.3599)" in said
    assert "= 1500 + 20.5" in said and "= **1520.5**" in said
    assert f"B′ = 1600 + 32 × (0 {MINUS} 0.6401)" in said and "= **1579.5**" in said


def test_the_steps_use_the_reader_s_own_numbers_in_greek() -> None:
    """1700 draws with 1500 at a custom K 20: E = 1 / (1 + 10^(−200/400)) = 1 / 1.31623 =
    0.75975; 20 × (0.5 − 0.75975) = −5.195 → 1694.8, and B 1500 + 5.2 = 1505.2."""
    link = {"a": "1700", "b": "1500", "score": "0.5", "k": "custom", "k_custom": "20"}
    at = ran(open_page("pages/classic.py", lang="el", **link))
    said = steps(at)
    assert f"= 1 / (1 + 10^({MINUS}0,5000))" in said and "= 1 / (1 + 0,3162)" in said
    assert "= **0,7597**" in said
    assert f"A′ = 1700 + 20 × (0,5 {MINUS} 0,7597)" in said
    assert f"= 1700 {MINUS} 5,2" in said and "= **1694,8**" in said
    assert "= 1500 + 5,2" in said and "= **1505,2**" in said


def test_teams_steps_use_the_averages_and_say_so() -> None:
    # Averages 1550 and 1500: E = 1 / (1 + 10^(−50/400)) = 1 / 1.74989 = 0.57146.
    at = ran(open_page("pages/classic.py", teams="1", team_a="1500,1600", team_b="1550,1450"))
    said = steps(at)
    assert f"10^((1500 {MINUS} 1550) / 400))" in said and "= **0.5715**" in said
    assert "every member gets the team's change" in said


@pytest.mark.parametrize(
    ("lang", "phrases"),
    [
        (
            "en",
            [
                "What does a 400-point difference mean?",
                "about 91% (odds of roughly 10 : 1)",
                "margin of victory, home advantage, rating floors or multiplayer",
                "Glicko and TrueSkill also track how uncertain",
            ],
        ),
        (
            "el",
            [
                "Τι σημαίνει διαφορά 400 πόντων;",
                "περίπου 91% (πιθανότητες περίπου 10 : 1)",
                "τη διαφορά στο σκορ, το πλεονέκτημα έδρας, κατώτατα όρια rating ούτε παιχνίδια",
                "το Glicko και το TrueSkill παρακολουθούν και πόσο αβέβαιο",
            ],
        ),
    ],
)
def test_the_seed_s_questions_and_limits_are_there(lang: str, phrases: list[str]) -> None:
    at = ran(open_page("pages/classic.py", lang=lang))
    text = " ".join(m.value for m in at.markdown)
    for phrase in phrases:
        assert phrase in text
