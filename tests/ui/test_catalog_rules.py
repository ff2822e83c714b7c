"""Rules every catalog text keeps, in English and in Greek: one Greek word for the rating (the
article's own "rating"), menu names a player cannot confuse, page titles whose words fit a
phone's line, counts written one way with the singular and plural forms right, and the file
uploader's own words in the reader's language."""

from __future__ import annotations

import re
import string
import unicodedata

import pytest
from apptest_support import open_page

from ui import i18n, navigation
from ui.catalogs import EL, EN

CATALOGS = {"en": EN, "el": EL}
#: A plural choice in a catalog text: ``{rows:row|rows}``.
CHOICE = re.compile(r"\{(\w+):([^{}|]*)\|([^{}|]*)\}")


def test_greek_says_rating_as_the_article_does_never_vathmologia() -> None:
    """The Greek article writes "rating" in Latin script; "βαθμολογία" (in any case) was the
    other term, on the Planner and Explain pages. The verb (βαθμολογείται, "is rated") stays."""
    noun = re.compile(r"[βΒ]αθμολογ(ία|ίας|ίες|ιών)\b")
    assert {key: text for key, text in EL.items() if noun.search(text)} == {}


def _stems(title: str) -> set[str]:
    plain = unicodedata.normalize("NFD", title.lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return {word[:5] for word in re.findall(r"\w+", plain) if len(word) >= 5}


@pytest.mark.parametrize("lang", CATALOGS)
def test_no_two_menu_names_share_a_word(lang: str) -> None:
    """The Greek "Σχεδιασμός" (Planner) beside "Σχεδιαστής κανόνων" (Rule designer) read as one
    page: no two menu names share a word's stem (its first five letters, accents aside)."""
    names = [CATALOGS[lang][entry.title] for entry in navigation.LAB.pages]
    shared = {(a, b) for i, a in enumerate(names) for b in names[i + 1 :] if _stems(a) & _stems(b)}
    assert shared == set()


#: At 390 px an h1 holds about 14 letters a line: a longer word is broken inside it.
LONGEST_TITLE_WORD = 13


@pytest.mark.parametrize("lang", CATALOGS)
def test_every_title_word_fits_a_phone_line(lang: str) -> None:
    """History's Greek title broke "ξαναβαθμολογημένα" (17 letters) in two on a phone."""
    catalog = CATALOGS[lang]
    long = {
        key: word
        for key, text in catalog.items()
        if key.endswith(".title")
        for word in re.split(r"[\s\u00a0]+", text)
        if len(word.strip(",.:;?!")) > LONGEST_TITLE_WORD
    }
    assert long == {}


def _choices(text: str) -> set[str]:
    return {match.group(1) for match in CHOICE.finditer(text)}


def test_a_plural_choice_in_one_language_is_made_in_the_other() -> None:
    """A noun that agrees with a count in English does in Greek too (where verbs agree as
    well: "1 βαθμολογήθηκε", "2 βαθμολογήθηκαν")."""
    assert {key for key in EN if not _choices(EN[key]) <= _choices(EL[key])} == set()


def test_counted_fields_are_written_one_way() -> None:
    """A field whose word agrees with it is a count, written with the thousands mark."""
    loose = {}
    for lang, catalog in CATALOGS.items():
        for key, text in catalog.items():
            fields = {(name, spec) for _, name, spec, _ in string.Formatter().parse(text) if name}
            for name in _choices(text):
                if (name, "") in fields:
                    loose[lang, key] = name
    assert loose == {}


#: Fields that hold a count wherever they appear: the catalog writes them with the thousands mark
#: (a page that handed in "48576", already written, bypassed it: "48576 games").
COUNTED_FIELDS = frozenset(
    {
        *("ahead", "bins", "done", "games", "inside", "length", "limit", "paths", "players"),
        *("played", "rated", "rejected", "rows", "rule_sets", "runs", "seeds", "tasks"),
        *("threshold", "workers"),
    }
)
#: Where such a name holds something else: the chosen players' names.
NOT_COUNTS = frozenset({("history.chart_alt", "players")})


def test_counts_are_written_by_the_catalog_with_the_thousands_mark() -> None:
    plain = {
        (lang, key): name
        for lang, catalog in CATALOGS.items()
        for key, text in catalog.items()
        for _, name, spec, _ in string.Formatter().parse(text)
        if name in COUNTED_FIELDS and (key, name) not in NOT_COUNTS and not spec
    }
    assert plain == {}


@pytest.mark.parametrize(
    ("lang", "key", "games", "players", "expected"),
    [
        ("en", "simulator.ran", 48_576, 1, "48,576 games among 1 player over 1 week"),
        ("el", "simulator.ran", 48_576, 1, "48.576 παιχνίδια ανάμεσα σε 1 παίκτη σε 1 εβδομάδα"),
        ("en", "league.live_ran", 1, 2_000, "Your league: 1 game among 2,000 players"),
        ("el", "league.live_ran", 1, 2_000, "Το πρωτάθλημά σου: 1 παιχνίδι ανάμεσα σε 2.000"),
    ],
)  # fmt: skip
def test_a_count_is_grouped_and_agrees_with_its_noun(
    monkeypatch: pytest.MonkeyPatch, lang: str, key: str, games: int, players: int, expected: str
) -> None:
    monkeypatch.setattr(i18n, "language", lambda: lang)
    assert i18n.t(key, games=games, players=players, weeks=1, seed=7).startswith(expected)


@pytest.mark.parametrize(
    ("lang", "rows", "players", "expected"),
    [
        ("en", 1, 1, "1 row read: 1 rated or counted, 0 rejected; 1 player."),
        ("en", 20_000, 12, "20,000 rows read: 20,000 rated or counted, 0 rejected; 12 players."),
        ("el", 1, 1, "1 γραμμή: 1 βαθμολογήθηκε ή μετρήθηκε, 0 απορρίφθηκαν· 1 παίκτης."),
        ("el", 20_000, 12, "20.000 γραμμές: 20.000 βαθμολογήθηκαν ή μετρήθηκαν, 0 απορρίφθηκαν· "
         "12 παίκτες."),
    ],
)  # fmt: skip
def test_counts_agree_with_their_words(
    monkeypatch: pytest.MonkeyPatch, lang: str, rows: int, players: int, expected: str
) -> None:
    monkeypatch.setattr(i18n, "language", lambda: lang)
    assert i18n.t("history.summary", rows=rows, rated=rows, rejected=0, players=players) == expected


def test_a_rating_passed_to_a_text_stays_plain() -> None:
    """Counts get the thousands mark only where the text asks: a rating is 1650, not 1,650."""
    assert f"{i18n.Count(1650)}" == "1650"


@pytest.mark.parametrize("page", ["pages/lab/history.py", "pages/lab/designer.py"])
def test_no_style_hides_or_replaces_the_uploader_s_own_words(page: str) -> None:
    """A style that hid Streamlit's uploader texts (``font-size: 0``) and drew the catalog's in
    their place (``content:``) drew them over the chosen file's name too: the uploader's own
    words stay Streamlit's (docs/app.md), and no page sends a style aimed at them."""
    at = open_page(page, lang="el", source="upload")
    assert not at.exception
    assert at.get("file_uploader")
    bodies = [h.proto.body for h in at.get("html")]
    assert not [b for b in bodies if "FileUploader" in b or "content:" in b], bodies


@pytest.mark.parametrize(("lang", "dark"), [("en", "dark article only"), ("el", "σκούρο άρθρο")])
def test_each_embed_colour_says_which_article_it_suits(lang: str, dark: str) -> None:
    """ "Dark" in a white article made the frame's text invisible: each choice says which
    article background it suits."""
    at = open_page("app.py", lang=lang)
    at.session_state["home.embed_open"] = True  # the foot's "Embed this", unfolded
    at.run()
    theme = at.radio(key="home.embed_theme")
    captions = list(theme.proto.captions)
    assert len(captions) == len(theme.options) == 3
    assert dark in captions[theme.options.index(CATALOGS[lang]["embed.theme_dark"])]


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        ("en", "1 ranked game in the last 7 days", "1,200 ranked games in the last 7 days"),
        ("el", "1 παιχνίδι κατάταξης", "1.200 παιχνίδια κατάταξης"),
    ],
)
def test_the_home_page_s_k_step_counts_the_games_in_words_that_agree(
    lang: str, one: str, many: str
) -> None:
    at = open_page("app.py", lang=lang, games="1", opponent_games="1200")
    assert not at.exception
    shown = " ".join(m.value for m in at.markdown)
    assert one in shown
    assert many in shown
