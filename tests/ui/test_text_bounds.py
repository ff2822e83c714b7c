"""Free text on the public pages is bounded where it is typed as where it is linked: the Classic
page's teams and the Planner's list of results take at most their 500 characters
(``TextParam.limit``), however much a reader pastes, so a run's work stays small. Streamlit cuts a
longer value on the server as well as in the field, so a hand-made message gets no further."""

from __future__ import annotations

from apptest_support import open_page

from ui.params import TextParam

#: The declared bound of a text parameter (ui/params.py).
LIMIT = TextParam.limit
#: 50,000 characters: a team of 12,500 ratings, 100 times what the page may be given.
PASTED_TEAM = ",".join(["999"] * 12_500)


def test_a_pasted_team_is_cut_to_the_limit() -> None:
    at = open_page("pages/classic.py", teams="true")
    field = at.text_input(key="classic.team_a")
    assert field.max_chars == LIMIT  # the browser's field takes no more
    # A value past the field's limit, as a hand-made message would send it.
    field.set_value(PASTED_TEAM).run()
    assert not at.exception
    kept = at.session_state["classic.team_a"]
    assert kept == PASTED_TEAM[:LIMIT]
    assert len(kept) == 500


def test_a_pasted_list_of_results_is_cut_to_the_limit() -> None:
    pasted = "\n".join(["1500 1"] * 10_000)  # 69,999 characters
    at = open_page("pages/planner.py")
    field = at.text_area(key="planner.results")
    assert field.max_chars == LIMIT
    field.set_value(pasted).run()
    assert not at.exception
    assert at.session_state["planner.results"] == pasted[:500]
    # 500 characters hold 71 whole games of "1500 1" and a cut one ("1500 " is no game).
    assert [e.value for e in at.error if "game 72" in e.value]
