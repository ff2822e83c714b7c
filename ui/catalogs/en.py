"""English: every visible string of the app, by key."""

from __future__ import annotations

EN: dict[str, str] = {
    # App frame
    "app.language": "Language",
    "app.footer": (
        "Gammon42 ELO rules {current} ({current_since}), computed exactly as the server does."
    ),
    "date.months": (
        "January|February|March|April|May|June|July|August|September|October|November|December"
    ),
    "date.month_year": "{month} {year}",
    # The two doors: the calculator's link to the lab, and the lab's admission
    "frame.lab_title": "Designers' lab",
    "frame.lab_elsewhere": (
        "The designers' tools (History, Simulator, Rule designer) are in the designers' lab, "
        "not in this public calculator. Here is the calculator's home page."
    ),
    "lab.title": "Gammon42 ELO designers' lab",
    "lab.closed_remote": (
        "This lab serves readers on its own machine only. To open it to designers elsewhere, "
        "its operator turns on sign-in: an [auth] table in .streamlit/secrets.toml (Streamlit's"
        " OpenID Connect sign-in) and the designers it serves, [gammon_elo] lab_allow ="
        ' ["name@example.org"] (or "*" for anyone the sign-in provider signs in).'
    ),
    "lab.sign_in_needed": "The lab serves designers who have signed in.",
    "lab.sign_in": "Sign in",
    "lab.sign_in_with": "Sign in with {name}",
    "lab.sign_out": "Sign out",
    "lab.signed_in": "Signed in as {email}",
    "lab.refused": (
        "{email} is not on this lab's list of designers (lab_allow). Sign out and sign in with "
        "another account, or ask the lab's operator to add this address."
    ),
    "lab.unverified": (
        "The sign-in provider has not said it verified {email} (email_verified is {value}; the"
        " lab serves an address only when it is true). Sign out and sign in with another"
        " account."
    ),
    "lab.claims_missing": (
        "The sign-in provider's token has no {claim} claim, which names a sign-in: the lab"
        " cannot tell this sign-in from one that signed out. Sign out and sign in again."
    ),
    "lab.rerating": "Re-rating the games… {percent}",
    "lab.secrets_unreadable": (
        "The lab is closed: a secrets file of its operator (Streamlit's secrets.files option,"
        " .streamlit/secrets.toml by default) exists but cannot be read as TOML in UTF-8 (the"
        " server's log names the file and why). The lab stays closed until the file is fixed."
    ),
    "lab.misplaced": (
        "The lab is closed: {key} is not where the lab reads it. The lab's settings, lab_allow"
        " among them, go in the [gammon_elo] table of the secrets."
    ),
    "lab.settings_invalid": "The lab is closed: {problem}.",
    "lab.allow_missing": (
        "The lab is closed: sign-in is turned on but [gammon_elo] lab_allow does not say who"
        ' may come in: a list of addresses, lab_allow = ["name@example.org"], or lab_allow ='
        ' "*" for anyone the sign-in provider signs in.'
    ),
    "lab.auth_incomplete": (
        "The lab is closed: sign-in is turned on but {key} is missing or empty in the "
        "secrets (Streamlit's st.login needs redirect_uri, cookie_secret, client_id, "
        "client_secret and server_metadata_url)."
    ),
    "lab.auth_redirect": (
        "The lab is closed: [auth] redirect_uri must be the lab's own address followed by "
        "/oauth2callback (https://lab.example.org/oauth2callback); it is {value}."
    ),
    "lab.allow_not_list": (
        "The lab is closed: [gammon_elo] lab_allow must be a list of e-mail addresses, "
        '["name@example.org", …], or "*" for anyone the sign-in provider signs in; it holds'
        " {value}."
    ),
    # URL parameters
    "url.bad_value": (
        "The link's {setting} is not valid ({expects}); using the default, {default}."
    ),
    "url.view_elsewhere": (
        "This page has no {setting} to embed (it has {choices}): here are its inputs and result."
    ),
    "url.expects_int": "a whole number from {low} to {high}",
    "url.expects_number": "a number from {low:g} to {high:g}",
    "url.expects_choice": "one of {choices}",
    "url.expects_bool": "1 or 0",
    "url.expects_list": "a comma-separated list of {choices}",
    # Rule sets
    "rules.label": "Rule set",
    "rules.help": (
        "The rating formula of each Gammon42 version. Old games were never re-rated: "
        "each rule set applies to the games played under it."
    ),
    "rules.version": "{name} (÷{divisor})",
    "rules.custom": "Custom…",
    "rules.custom_values": "Custom rule set",
    "rules.divisor": "Divisor D",
    "rules.divisor_help": (
        "Chess uses 400; Gammon42 used {earlier_divisors}, and {current_divisor} since {current}."
    ),
    "list.then": ", then ",
    "rules.k": "K",
    "rules.heavy_k": "Heavy-week K",
    "rules.heavy_games": "Heavy week from (ranked games in 7 days)",
    "rules.heavy_games_help": (
        "From this many ranked games in the last 7 days on, the heavy-week K applies."
    ),
    # Game types and endings
    "type.ranked": "Ranked",
    "type.boosted": "Boosted",
    "type.tournament": "Tournament",
    "type.podium": "Podium prize",
    "ending.normal": "Single game",
    "ending.gammon": "Gammon",
    "ending.backgammon": "Backgammon",
    "ending.resigned": "Resigned",
    "ending.left": "Left the game",
    "ending.disconnected": "Disconnected",
    "ending.timed_out": "Timed out",
    # K
    "k.normal": (
        "{games:,} ranked {games:game|games} in the last 7 days < {threshold:,} → K = {k}"
    ),
    "k.heavy": ("{games:,} ranked {games:game|games} in the last 7 days ≥ {threshold:,} → K = {k}"),
    "k.no_heavy": "no heavy-week rule in this rule set → K = {k}",
    # Home
    "home.nav": "What is a win worth?",
    "home.title": "What is a win worth?",
    "home.intro": (
        "Enter both ratings, the cube and each player's ranked games in the last 7 days: "
        "see what a win gives and what a loss costs, and every step of the calculation."
    ),
    "home.rating": "Your rating",
    "home.opponent": "Your opponent's rating",
    "home.games": "Your ranked games in the last 7 days",
    "home.opponent_games": "Your opponent's ranked games in the last 7 days",
    "home.games_help": (
        "Not counting this game. From {current_heavy_games} games on, K is {current_heavy_k}"
        " instead of {current_k} ({current})."
    ),
    "home.cube": "Doubling cube at the end of the game",
    "home.cube_help": "Each doubling adds one sixth: the change is multiplied by 1.00 up to 2.00.",
    "home.type": "Game type",
    "home.type_help": "Boosted games were called Casual before 1.3.0.",
    "home.ending": "How it ended",
    "home.ending_help": (
        "Single game: played out, 1 point. Gammon: 2 points; backgammon: 3. Disconnected: a"
        " long disconnect. Timed out: out of time on 3 moves."
    ),
    "home.expected": "Your expected win chance",
    "home.expected_help": "E = 1 / (1 + 10^((opponent − you) / D)), Step 1 of the article.",
    "home.multiplier": "Cube multiplier",
    "home.break_even": "Break-even win rate",
    "home.break_even_help": (
        "The share of games against this opponent you must win for your rating to stay put, "
        "with the rounded points you gain and lose at this cube."
    ),
    "home.if_win": "If you win",
    "home.if_lose": "If you lose",
    "home.you_after": "You",
    "home.opponent_after": "Your opponent",
    "home.your_k": "Your K: {reason}",
    "home.their_k": "Your opponent's K: {reason}",
    "home.headline_opponent": "Your opponent {change}",
    # Under each divisor (the home page's curves and table)
    "home.divisors_title": "Under each divisor",
    "home.divisors_numbers": "This win is worth {wins}, and this loss costs {losses}.",
    "home.under_divisor": "{change} under {divisor}",
    "home.and": " and ",
    "home.curves_title": (
        "Your expected score by rating difference (you − opponent), one line per divisor"
    ),
    "home.curves_y": "Your expected score",
    "home.curves_text": (
        "Each line is one divisor's expected score for you at every rating difference; the "
        "dashed line marks your gap, {gap} ({rating} − {opponent}), where {values}."
    ),
    "home.curve_value": "{divisor} gives {expected}",
    "home.curves_hover": (
        "Point at the dashed line or a dot: the tooltip lists every divisor's value at your gap."
    ),
    "home.curves_alt": (
        "Line chart: your expected score against the rating difference (you − opponent), one "
        "line per divisor ({divisors}); a dashed rule and a dot on each line mark your gap."
    ),
    "home.table_title": "This game's points under each divisor",
    "home.table_text": (
        "A row per divisor, everything else as {rules} says: your expected score, "
        "then your points and your opponent's for a win and for a loss (you at K {k}, your "
        "opponent at K {opponent_k}, cube {cube})."
    ),
    "home.divisors_unrated": (
        "This game is not ranked, so it changes no ELO: the table shows what a ranked game "
        "with the same ratings, cube and weeks would bring."
    ),
    "home.rules_version": "rule set {name}",
    "home.rules_custom": "your custom rule set",
    "home.divisors_custom": "The {divisor} row is your custom rule set's own divisor.",
    # Notices
    "notice.boosted_unrated": (
        "Boosted games never change ELO: they count for the Boosted and Sparks rankings only."
    ),
    "notice.tournament_unrated": (
        "Games inside a tournament do not change ELO. Public tournaments award fixed ELO prizes "
        "on the podium instead: +50, +25 and +15 for places 1 to 3."
    ),
    "notice.gammon_one_win": (
        "A gammon or backgammon scores more points in the match, but for ELO it is one win, "
        "like any other (since 1.0.5)."
    ),
    "notice.early_end_is_loss": (
        "Resigning, leaving, a long disconnect or running out of time on 3 moves is rated as an "
        "ordinary loss for the player who ended the game, at the cube's value at that moment."
    ),
    "notice.unequal_k": (
        "The winner's gain and the loser's loss differ because one of you had a heavy week "
        "(50 or more ranked games in 7 days) and so a K of 16: each player has their own K."
    ),
    # Steps
    "steps.title": "Every step, with your numbers",
    "steps.unrated": "This game is not rated, so there is nothing to calculate.",
    "steps.step1": "Step 1: how likely was your win?",
    "steps.step1_text": "The expected score, from 0 to 1, from the two ratings and the divisor D:",
    "steps.step1_result": "So you were expected to win {expected} of games like this one.",
    "steps.step2": "Step 2: how far did the result beat the prediction?",
    "steps.step2_text": (
        "change = K × (result − expected) × cube multiplier; the result is 1 for a win and 0 "
        "for a loss, rounded to a whole number (halves away from zero, as the server does)."
    ),
    "steps.if_win": "If you win",
    "steps.if_lose": "If you lose",
    "steps.half_rounding": (
        "Exactly half way: the server's rounding goes away from zero (a plain round-half-to-even "
        "would give a different answer here)."
    ),
    "steps.step3": "Step 3: how much did each of you play this week?",
    "steps.step3_text": (
        "Each player's K comes from their own ranked games in the 7 days before this game."
    ),
    "steps.no_heavy_rule": "Rule set {rules} has no heavy-week K: everyone plays at full K.",
    "steps.cube": "The doubling cube",
    "steps.multiplier_word": "multiplier",
    "steps.old_rules_note": (
        "Rule set {rules}: before 1.0.5 the cube multiplied the points directly and gammons "
        "earned extra ELO; the article does not give that formula, so it is not offered here."
    ),
    # Embed
    "embed.title": "Embed this",
    "embed.text": (
        "Paste this into a help-center article: it shows this view with the current inputs "
        "and language, in a frame 600 pixels wide."
    ),
    "embed.show": "Show the code",
    "embed.copy": "Copy the code",
    "embed.copied": "Copied",
    "embed.view": "What to embed",
    "embed.view_compact": "Inputs and result",
    "embed.view_chart": "The chart only",
    "embed.view_table": "The table only",
    "embed.fits": (
        "The two script lines make the frame as tall as its content and follow it as it grows or "
        "shrinks; without scripts it keeps the height written in the code and scrolls inside."
    ),
    "embed.text_short": (
        "Paste this into a help-center article: it shows this view with the current inputs and "
        "language."
    ),
    "embed.theme": "Colours",
    "embed.theme_light": "Light",
    "embed.theme_dark": "Dark",
    "embed.theme_auto": "The reader's setting",
    "embed.theme_light_suits": "Dark text, for a white or light article",
    "embed.theme_dark_suits": "Light text, for a dark article only: on white it cannot be read",
    "embed.theme_auto_suits": "Follows the reader's device, for an article that turns dark too",
    "embed.theme_help": (
        "The frame has no background of its own: the article shows through. Choose the reader's "
        "setting only for an article that turns dark with the reader's device too."
    ),
    # Divisors
    "divisors.nav": "Divisors",
    "divisors.title": "Divisors side by side",
    "divisors.intro": (
        "How sure each divisor is that the stronger player wins, and what a win and a loss are "
        "worth, at K {k} and cube {cube}."
    ),
    "divisors.difference": "Rating difference (you − opponent)",
    "divisors.custom_on": "Add a custom divisor",
    "divisors.custom": "Custom divisor",
    "divisors.fibs_on": "Add FIBS (1-point match, ÷2000)",
    "divisors.fibs_help": "FIBS's formula for a 1-point match: divisor 2000.",
    "divisors.k": "K",
    "divisors.cube": "Cube",
    "divisors.span": "Differences shown (±)",
    "divisors.curve_title": (
        "Your expected score by rating difference (you − opponent), one line per divisor"
    ),
    "divisors.curve_alt": (
        "Line chart: your expected score against the rating difference (you − opponent), one "
        "line per divisor ({divisors}); a vertical rule marks the difference you chose."
    ),
    "divisors.curve_alt_at": (
        "Line chart: your expected score against the rating difference (you − opponent), one "
        "line per divisor ({divisors}); a vertical rule marks the difference {difference}."
    ),
    "divisors.points_alt": (
        "Line chart: your points for a {outcome} against the rating difference, one "
        "colour per divisor ({divisors})."
    ),
    "divisors.table_title": "At the standard differences",
    "divisors.favourite_title": "Favourite by {difference}",
    "divisors.fibs": "FIBS ÷2000",
    "divisors.label": "÷{divisor}",
    "divisors.outcome_win": "win",
    "divisors.outcome_loss": "loss",
    "divisors.win_title": "Your points for a win, by rating difference (you − opponent)",
    "divisors.loss_title": "Your points for a loss, by rating difference (you − opponent)",
    "divisors.expected_title": "Expected win rate of the favourite",
    "divisors.standard_win_title": "The favourite's points for a win",
    "divisors.standard_loss_title": "The favourite's points for a loss",
    "divisors.hover": (
        "Point anywhere on a chart: the line shows every divisor's value at that difference."
    ),
    # Tables
    "tables.nav": "Tables",
    "tables.title": "The article's tables, for any K, cube and rule set",
    "tables.k": "K",
    "tables.heavy_k": "Heavy-week K",
    "tables.cube": "Cube",
    "tables.difference": "Difference for the divisor table",
    "tables.expected": "Step 1: expected win rate of the favourite",
    "tables.changes": "Step 2: changes when the favourite or the underdog wins",
    "tables.heavy": "Step 3: the favourite at K {k} and at the heavy-week K {heavy_k}",
    "tables.heavy_none": "Step 3: no heavy-week K under {rules}",
    "tables.heavy_none_text": (
        "Rule set {rules} has no heavy-week K: every ranked game counts at K {k}, however "
        "many a player plays in a week."
    ),
    "tables.divisors": "The favourite by {difference} under each divisor",
    "tables.cube_table": "The doubling cube (two players at 1500)",
    "tables.heatmap": "Change for the favourite's win by rating difference and cube",
    "tables.heatmap_alt": (
        "Heat map: the favourite's points for a win, by rating difference (0 to 600) and cube "
        "(1 to 64), at K {k} under {rules}."
    ),
    "tables.download": "Download CSV",
    # Column headers
    "col.difference": "Rating difference",
    "col.difference_short": "Difference",
    "col.expected": "Expected win rate",
    "col.expected_short": "Expected",
    "col.divisor": "Divisor",
    "col.win": "Points for a win",
    "col.loss": "Points for a loss",
    "col.favourite_points": "Points",
    "col.you": "You",
    "col.opponent": "Opponent",
    "col.your_expected": "Expected",
    "col.favourite": "Favourite",
    "col.underdog": "Underdog",
    "col.favourite_k": "Favourite at K {k}",
    "col.pair_win": "Win",
    "col.pair_loss": "Loss",
    "tables.cube_key": (
        "The points the winner gains and the loser loses (±) at each cube, at each K."
    ),
    "tables.pair_key": "Under each player, the points they gain for a win and lose for a loss.",
    "col.cube": "Cube",
    "col.multiplier": "Multiplier",
    "col.change_k": "Change at K {k}",
    "col.change_at_k": "At K {k}",
    "col.change": "Change",
    "col.outcome": "Outcome",
    "col.rules": "Rule set",
    "col.rule": "Divisor",
    # Classic
    "classic.nav": "Classic Elo",
    "classic.title": "Classic Elo calculator",
    "classic.intro": (
        "The chess-style calculator: two players or two teams, win, draw or loss, any K. "
        "Expected A = 1 / (1 + 10^((B − A) / D)); new A = A + K × (score − expected)."
    ),
    "classic.teams": "Teams (a team's rating is the average of its players')",
    "classic.rating_a": "Player A's rating",
    "classic.rating_b": "Player B's rating",
    "classic.team_a": "Team A's ratings (comma-separated)",
    "classic.team_b": "Team B's ratings (comma-separated)",
    "classic.score": "Result for A",
    "classic.score_1": "A wins (1)",
    "classic.score_0_5": "Draw (½)",
    "classic.score_0": "A loses (0)",
    "classic.k_preset": "K factor",
    "classic.k_custom": "Custom K",
    "classic.k_custom_option": "Custom…",
    "classic.k_option": "K = {k}",
    "classic.divisor": "Divisor",
    "classic.expected_a": "Expected score of A",
    "classic.expected_b": "Expected score of B",
    "classic.new_a": "A's new rating",
    "classic.new_b": "B's new rating",
    "classic.new_team_a": "Team A's new average rating",
    "classic.new_team_b": "Team B's new average rating",
    "classic.examples": "Worked examples",
    "classic.example_upset": "Surprise win: {a} beats {b}",
    "classic.example_expected": "Expected win: {a} beats {b}",
    "classic.example_draw": "Draw: {a} draws with {b}",
    "classic.example_gap": "A 400-point gap: {a} beats {b}",
    "classic.example_shows": "{a} was expected to score ≈ {expected}: {change} → {new}",
    "classic.step1": "Step 1: how likely was each result?",
    "classic.step1_text": (
        "A's expected score, from 0 to 1, from the two ratings and the divisor D; B's is the rest:"
    ),
    "classic.step2": "Step 2: the new ratings",
    "classic.step2_text": (
        "Each rating moves by K times the result (1 a win, 0.5 a draw, 0 a loss) less the "
        "expected score, unrounded:"
    ),
    "classic.steps_teams": (
        "With teams, A and B are the teams' average ratings; every member gets the team's change."
    ),
    "classic.guidance": "Choosing K",
    "classic.guide_for": "For",
    "classic.guide_effect": "Effect",
    "classic.bad_team": "{field}: “{value}” is not a list of numbers ({reason}).",
    "classic.teams_help": (
        "How a team is rated, as the seed advises: the team plays as one player at its "
        "players' average rating, and its change goes in full to every member. So the "
        "team's new average is exactly its new rating, and each member keeps their "
        "distance from it. (Sharing the change out would move a team of four a quarter as "
        "much as one player for the same surprise.)"
    ),
    "classic.faq_title": "Questions",
    "classic.faq_how_q": "How is the new rating calculated?",
    "classic.faq_how_a": (
        "New rating = old rating + K × (actual score − expected score). The expected score comes"
        " from the rating difference; K scales how far one game moves the rating."
    ),
    "classic.faq_k_q": "What is the K factor?",
    "classic.faq_k_a": (
        "It sets how volatile ratings are: a high K (40) for new players who must find their "
        "level quickly, a lower K (10–20) for established players whose rating should be stable."
    ),
    "classic.faq_stronger_q": "Why do I gain more for beating a stronger player?",
    "classic.faq_stronger_a": (
        "Because the result was less expected: Elo gives points in proportion to how surprising "
        "the result is, so upsets move ratings more."
    ),
    "classic.faq_teams_q": "Can Elo rate teams?",
    "classic.faq_teams_a": (
        "Yes: rate each team as one, or average its players' ratings, as this calculator does. "
        "Many ranking systems in football and e-sports are built on Elo."
    ),
    "classic.faq_gap_q": "What does a 400-point difference mean?",
    "classic.faq_gap_a": (
        "The higher-rated player is expected to score about 91% (odds of roughly 10 : 1). Every "
        "400 points multiply the expected odds by ten."
    ),
    "classic.limits_title": "What this calculator does not do",
    "classic.limits": (
        "It makes one head-to-head update with the basic Elo formula, one game at a time. Elo "
        "does not model the margin of victory, home advantage, rating floors or multiplayer "
        "(free-for-all) games. Variants such as Glicko and TrueSkill also track how uncertain "
        "each rating is, which plain Elo does not."
    ),
    "classic.members_title": "Each player's new rating (the team's change, to every member)",
    "classic.member_a": "Team A, player {n}",
    "classic.member_b": "Team B, player {n}",
    "classic.col_player": "Player",
    "classic.col_before": "Rating",
    "classic.col_change": "Change",
    "classic.col_after": "New rating",
    "classic.guide_note": (
        "Higher K, more volatility; lower K, more stability. Keep one K within a pool."
    ),
    "k.guide.40": "New / provisional players",
    "k.guide.20": "Most amateur play",
    "k.guide.10": "Masters / established ratings",
    "k.guide_effect.40": "Ratings find their level quickly",
    "k.guide_effect.20": "Balanced response",
    "k.guide_effect.10": "Stable, changes slowly",
    # Simulator
    "simulator.nav": "Simulator",
    "simulator.title": "What each rule does to a whole community",
    "simulator.intro": (
        "Simulated players with a hidden true strength play ranked games week after week; every "
        "rule set rates the same games, so the differences come from the rules alone."
    ),
    "simulator.players": "Players",
    "simulator.weeks": "Weeks",
    "simulator.seed": "Seed",
    "simulator.seed_help": "The same seed gives the same games: a link reproduces the run.",
    "simulator.strength": "True strengths",
    "simulator.strength_help": (
        "Normal: a bell curve. Uniform: every strength in the spread as likely. Skewed: a tail of"
        " strong players."
    ),
    "simulator.strength_normal": "Normal",
    "simulator.strength_uniform": "Uniform",
    "simulator.strength_skewed": "Skewed",
    "simulator.strength_sd": "Spread of true strength (points)",
    "simulator.true_divisor": "How much luck decides (divisor of the true win curve)",
    "simulator.true_divisor_help": (
        "How much the dice decide. The default makes the strongest tenth win about 57–58 % of "
        "their games against the field, as the article reports."
    ),
    "simulator.games_per_week": "Ranked games a week (median player)",
    "simulator.heavy_share": "Heavy players, % of all (300+ games a week)",
    "simulator.heavy_share_help": "Heavy players play 300 to 400 ranked games a week.",
    "simulator.pairing": "Pairing",
    "simulator.pairing_help": (
        "Random: any active player. Rating band: an opponent of a rating close to the player's."
    ),
    "simulator.pairing_random": "Random",
    "simulator.pairing_band": "Rating band",
    "simulator.rules": "Rule sets to compare",
    "simulator.rules_flat": "{current}, no heavy-week K",
    "simulator.rules_custom": "Custom (choose its divisor and K)",
    "simulator.divisor": "Custom divisor",
    "simulator.k": "Custom K",
    "simulator.settings": "Simulation settings: players, weeks, luck, rule sets",
    "simulator.custom_label": "Custom (÷{divisor}, K {k})",
    "simulator.run": "Run",
    "simulator.running": "Simulating… {percent}",
    "simulator.invalid": "These inputs cannot be simulated: {message}",
    "simulator.ran": (
        "{games:,} {games:game|games} among {players:,} {players:player|players} over {weeks:,}"
        " {weeks:week|weeks}, seed {seed}; every rule set rated these same games."
    ),
    "simulator.summary": "At the end",
    "simulator.iqr": "Interquartile range",
    "simulator.half_within": "Half the players within (points)",
    "simulator.spread": "Top to bottom",
    "simulator.spearman": "Rank correlation with true strength",
    "simulator.top_expected": "Top tenth: expected win rate",
    "simulator.top_actual": "Top tenth: actual win rate",
    "simulator.newcomer_games": "Newcomer's games to 90 % of level",
    "simulator.measure": "Measure",
    "simulator.columns": "A column per rule set, in order: {rules}.",
    "simulator.flat_header": "{current} flat",
    "simulator.custom_header": "÷{divisor} K {k}",
    "simulator.spearman_short": "Rank correlation",
    "simulator.half_within_help": (
        "How wide the ratings spread is measured one way throughout: the narrowest band "
        "of ratings holding half the active players. (The interquartile range, the band "
        "from the 25th to the 75th percentile, also holds half of them but is never "
        "narrower; the table gives it under the first.)"
    ),
    "simulator.percentile": "Percentile",
    "simulator.nth": "{n}th",
    "simulator.under": "{value} under {rules}",
    "simulator.and": " and ",
    "simulator.against": ", against {items}",
    "simulator.spread_sentence": (
        "In week {week}, half of the active players lie within {value} points of each "
        "other under {rules}{against}."
    ),
    "simulator.accuracy_sentence": (
        "In week {week}, {rules} ranks true strength best: rank correlation {value}{against}."
    ),
    "simulator.volatility_sentence": (
        "In a week of {group} ranked games, a rating typically moves {value} points under "
        "{rules}{against}."
    ),
    "simulator.distribution_sentence": (
        "From the 10th to the 90th percentile, final ratings run {value} under {rules}{against}."
    ),
    "simulator.week": "Week",
    "simulator.spread_title": "How wide the ratings spread",
    "simulator.spread_alt": (
        "Line chart: the narrowest rating window holding half the active players, week by week, "
        "one line per rule set ({rules})."
    ),
    "simulator.spread_table": "Half the players within, by week",
    "simulator.accuracy_title": "How well ratings rank true strength",
    "simulator.accuracy_alt": (
        "Line chart: the rank correlation between ratings and true strength, week by week, one "
        "line per rule set ({rules})."
    ),
    "simulator.accuracy_table": "Rank correlation, by week",
    "simulator.volatility_title": "Weekly rating swings by games played",
    "simulator.volatility_alt": (
        "Bar chart: the standard deviation of a player's weekly rating change, by ranked games "
        "played that week, one bar per rule set ({rules})."
    ),
    "simulator.games_week": "Ranked games that week",
    "simulator.sd_change": "Typical weekly change (sd, points)",
    "simulator.heavy_title": "The article's heavy week",
    "simulator.heavy_text": (
        "Weeks of 300+ ranked games won 2–3 points under the expected rate: what they cost, "
        "against the estimate K × games × shortfall."
    ),
    "simulator.player_weeks": "Such weeks",
    "simulator.games": "Games",
    "simulator.shortfall": "Under expectation",
    "simulator.week_change": "Change over the week",
    "simulator.estimate": "K × games × shortfall",
    "simulator.distribution_title": "Final ratings",
    "simulator.distribution_alt": (
        "Histogram: how many players end at each rating, one outline per rule set ({rules})."
    ),
    "simulator.distribution_table": "Final ratings by percentile",
    "simulator.rating": "Rating",
    "simulator.players_count": "Players",
    "simulator.volatility_table": "Typical weekly change, by games that week",
    "charts.data": "The numbers behind the chart",
    # History
    "history.nav": "History",
    "history.title": "Your games, re-rated game by game",
    "history.intro": (
        "A CSV of games in (columns time, winner, loser, and optionally cube, type, prize): every "
        "rating after every game out, each player with their own rolling 7-day K, under one rule "
        "set or several side by side."
    ),
    "history.source": "Games",
    "history.source_sample": "Sample history (12 players, 3 weeks)",
    "history.source_upload": "Upload a CSV or Parquet file",
    "history.rules": "Rule sets to compare",
    "history.upload": "CSV or Parquet file of games",
    "history.upload_help": (
        "Columns: time (ISO 8601, UTC when no offset), winner, loser; optional cube (1–64), "
        "type (ranked, boosted, tournament, podium) and prize (podium rows)."
    ),
    "history.skip_invalid": "Rate the valid rows and list the rejected ones",
    "history.skip_help": (
        "Off: a file with any bad row is not rated, and every problem is listed. On: the valid "
        "rows are rated and the bad ones listed beside; rated plus rejected is always the rows "
        "read."
    ),
    "history.waiting": "Choose a CSV or Parquet file of games to re-rate.",
    "history.invalid": (
        "{rejected:,} of {rows:,} {rows:row|rows} cannot be rated, so nothing was rated. Each "
        "problem is listed "
        "below with its row number as your file counts rows (the header is row 1). Fix them, or "
        "switch on “Rate the valid rows”."
    ),
    "history.unreadable": "This file cannot be read: {message}",
    "history.summary": (
        "{rows:,} {rows:row|rows} read: {rated:,} rated or counted, {rejected:,} rejected; "
        "{players:,} {players:player|players}."
    ),
    "history.players": "Players on the chart",
    "history.players_help": "The busiest players by default; choose any.",
    "history.player": "Player",
    "history.game": "Player's game",
    "history.opponent": "Opponent",
    "history.result": "Result",
    "history.chart_title": "Rating after each of the player's games, a chart per rule set",
    "history.chart_stretch": (
        "Each point is a player's mean rating over a stretch of {games:,} of their games, drawn at"
        " its last game: a point for every game would fill the chart."
    ),
    "history.chart_sentence": (
        "Final ratings of the players on the chart: {value} under {rules}{against}."
    ),
    "history.spread_sentence": (
        "Half of the active players end within {value} points of each other under {rules}{against}."
    ),
    "history.every_games": "Every game, under each rule set",
    "history.unrated_note": (
        "Only ranked games change ratings: a boosted or tournament game shows — for its K,"
        " expected score and changes, since it never changes ELO; a podium row (a prize to one"
        " player) has no loser."
    ),
    "history.every_players": "Every player, under each rule set",
    "history.chart_alt": (
        "Line charts, one per rule set ({rules}): the rating of {players} after each of "
        "their games, one colour per player."
    ),
    "history.final_title": "Final ratings",
    "history.games": "Games",
    "history.level": "Level",
    "history.final_caption": (
        "Each player's ranked games and rating after their last game, under each rule set: {rules}."
    ),
    "history.spread_caption": (
        "For each rule set: its active players, half within (the narrowest band of ratings "
        "that holds half of them, in points) and top to bottom (the highest rating less the "
        "lowest)."
    ),
    "history.col_half_within": "Half within",
    "history.col_spread": "Top to bottom",
    "history.spread_title": "How far apart the ratings end",
    "history.active_players": "Players",
    "history.rejected_title": "Rejected {rejected:row|rows} ({rejected:,})",
    "history.col_row": "Row",
    "history.col_column": "Column",
    "history.col_value": "Value",
    "history.col_reason": "Problem",
    # History table headers (replay's columns)
    "data.row": "Row",
    "data.ending": "Ending",
    "data.winner_level": "Winner's level",
    "data.loser_level": "Loser's level",
    "data.time": "Time (UTC)",
    "data.winner": "Winner",
    "data.loser": "Loser",
    "data.cube": "Cube",
    "data.type": "Type",
    "data.prize": "Prize",
    "data.winner_before": "Winner before",
    "data.loser_before": "Loser before",
    "data.winner_recent_games": "Winner's ranked games (7 days)",
    "data.loser_recent_games": "Loser's ranked games (7 days)",
    "data.winner_k": "Winner's K",
    "data.loser_k": "Loser's K",
    "data.cube_multiplier": "Cube multiplier",
    "data.expected_winner": "Winner's expected score",
    "data.winner_change": "Winner's change",
    "data.loser_change": "Loser's change",
    "data.winner_after": "Winner after",
    "data.loser_after": "Loser after",
    "data.player": "Player",
    "data.initial": "Start",
    "data.final": "Final",
    "data.peak": "Peak",
    "data.lowest": "Lowest",
    "data.ranked_games": "Ranked games",
    "data.wins": "Wins",
    "data.losses": "Losses",
    "data.games_at_heavy_k": "Games at heavy-week K",
    "data.unrated_games": "Unrated games",
    "data.prizes": "Podium prizes",
    "data.last_game": "Last game",
    "error.invalid": "{message}",
    # Planner, explain, performance
    "planner.nav": "Planner",
    "planner.title": "How many games to reach my target?",
    "planner.intro": (
        "A thousand simulated paths of 2,000 games each under the exact rules: the rounded points, "
        "the 7-day K that drops in a heavy week, the cube. Your games are spread evenly over "
        "the week."
    ),
    "planner.rating": "Your rating",
    "planner.target": "Target rating",
    "planner.opponent": "Your opponents' typical rating",
    "planner.as_expected": "I win as expected",
    "planner.as_expected_help": (
        "Your win rate is your expected score against your opponents' typical rating, at your "
        "rating today: where you are is where you stay. Off: type your own win rate."
    ),
    "planner.win_rate": "Your win rate (%)",
    "planner.win_rate_help": "The share of your games you win against such opponents.",
    "planner.per_week": "Ranked games a week",
    "planner.per_week_help": (
        "K drops to the heavy-week K once that many ranked games fall in the 7 days before a "
        "game ({current_heavy_games} under {current})."
    ),
    "planner.this_week": "Ranked games in the last 7 days",
    "planner.this_week_help": (
        "The ranked games you played in the 7 days before your next game, taken as spread evenly"
        " over those days: each counts towards your K until it is 7 days old. Empty: a week at"
        " your usual rate."
    ),
    "planner.this_week_placeholder": "≈ {games:,}",
    "planner.this_week_empty": "a usual week at your weekly rate",
    "planner.cube": "Typical cube at the end",
    "planner.cube_mix": "A usual mix",
    "planner.cube_help": (
        "A usual mix: cube 1 in 50% of games, 2 in 30%, 4 in 13%, 8 in 5%, 16 in 2%."
    ),
    "planner.invalid": "These inputs cannot be planned: {message}",
    "planner.answer_label": "Games to reach {target}, on average",
    "planner.median_label": "Games to reach {target} (half the paths take fewer)",
    "planner.answer_line": (
        "At a win rate of {rate}: about {weeks} weeks at {per_week} games a week"
    ),
    "planner.rate_given": "{win_rate}",
    "planner.rate_expected": "{win_rate} (your expected score against {opponent})",
    "planner.unreached_label": "{target} at a win rate of {rate}",
    "planner.unreached": "Not reached on average",
    "planner.unreached_settle": "At that rate you settle around {settle}.",
    "planner.reaching_up": "A win rate above {needed} reaches {target}.",
    "planner.reaching_down": "A win rate below {needed} takes you down to {target}.",
    "planner.unreached_share": (
        "By luck alone, {share} of the paths touch {target} at some point within {games:,}"
        " {games:game|games}, and do not stay there."
    ),
    "planner.band": "8 paths in 10 take {low:,} to {high:,} {high:game|games}",
    "planner.band_open": (
        "1 path in 10 takes {low:,} {low:game|games} or fewer; {missed} do not get there within"
        " {games:,}"
    ),
    "planner.share_label": "Paths that reach {target} within {games:,} {games:game|games}",
    "planner.share_line": "Fewer than half get there: see where you settle below.",
    "planner.settle": (
        "You settle around {settle}: the rating at which your win rate of {win_rate} is your "
        "expected score against {opponent}. {target} is on the way there."
    ),
    "planner.settle_beyond": (
        "You settle around {settle}: the rating at which your win rate of {win_rate} is your "
        "expected score against {opponent}. {target} is beyond where you settle: paths touch it "
        "only by luck ({share} of them within {games:,} {games:game|games}) and do not stay."
    ),
    "planner.never_settle": (
        "At a win rate of {win_rate} you never settle: your rating keeps moving the same way."
    ),
    "planner.settling": "Where you settle",
    "planner.settling_help": (
        "R + D·log10(p / (1 − p)): opponents' rating R, divisor D, win rate p."
    ),
    "planner.reached": "Reach it within {games:,} {games:game|games}",
    "planner.touched": "Touch it by luck within {games:,} {games:game|games}",
    "planner.win_rate_used": "Win rate",
    "planner.win_rate_used_help": (
        "Your share of wins, or your expected score when you win as expected."
    ),
    "planner.chart_title": "Your rating over the coming games",
    "planner.chart_caption": (
        "The line is the average of {paths:,} simulated {paths:path|paths} from {rating}: {mean}"
        " after {games:,} {games:game|games}, when 8 paths in 10 lie between {low} and {high} (the"
        " band, 10th to 90th percentile). The dashed line is your target, {target}."
    ),
    "planner.chart_heavy_strip": (
        "The gold strip under the band marks the games played at the heavy-week K."
    ),
    "planner.chart_alt": (
        "Line chart: your projected rating over the coming games, with its band (10th to 90th"
        " percentile) and your target as a dashed line."
    ),
    "planner.chart_games": "Games from now",
    "planner.chart_rating": "Rating",
    "planner.chart_mean": "Average rating",
    "planner.chart_low": "10th percentile",
    "planner.chart_high": "90th percentile",
    "planner.chart_heavy": "K drops in a heavy week",
    "planner.chart_heavy_title": "Heavy week",
    "planner.heavy_weeks": (
        "From week {first} on, {threshold:,} or more ranked games fall in the 7 days before a"
        " game: K is {k} there."
    ),
    "planner.first_k": (
        "Your K at game 1 is {k}: the 7 days before it hold {games:,} ranked {games:game|games}"
        " ({threshold:,} or more make a heavy week)."
    ),
    "planner.k_always": "Your K is {k} at every game: {rules} has no heavy-week K.",
    "planner.heavy_all": "It stays {k}: the 7 days before every game hold {threshold:,} or more.",
    "planner.heavy_until": (
        "The heavy week wears off after game {last} (week {week}): from then on K is {usual}."
    ),
    "planner.hold_title": "The win rate that holds your rating",
    "planner.hold_caption": (
        "Against each opponent rating: your expected score at {rating}, and the share of wins at "
        "which your rating stays put on average with the rounded changes at this cube and your K"
        " of {k} ({games:,} ranked {games:game|games} in the 7 days before your next game)."
        " Against {opponent} you hold with {hold}."
    ),
    "planner.col_opponent": "Opponent",
    "planner.col_expected": "Expected score",
    "planner.col_hold": "Win rate to hold",
    "planner.col_hold_short": "Win rate to hold",
    "planner.performance_title": "Performance rating over a set of results",
    "planner.results": "Opponents and results: RATING RESULT, one game per line or ; (1, 0, 0.5)",
    "planner.performance": "Performance rating",
    "planner.performance_caption": (
        "A player rated {rating} would expect exactly your score of {score} in"
        " {games:this|these} {games:,} {games:game|games} (÷{divisor}, the rule set above)."
    ),
    "planner.performance_convention": "Performance rating (convention)",
    "planner.performance_all_wins": (
        "Every game won: no finite rating expects that score. By the usual convention, the best "
        "opponent plus one divisor ({divisor}): {rating}."
    ),
    "planner.performance_all_losses": (
        "Every game lost: no finite rating expects that score. By the usual convention, the "
        "weakest opponent minus one divisor ({divisor}): {rating}."
    ),
    "explain.nav": "Explain my result",
    "explain.title": "Why did I get that change?",
    "explain.intro": (
        "Every K, cube and outcome under the rules that gives exactly your change, the most "
        "likely first."
    ),
    "explain.rating": "Your rating",
    "explain.when": "That rating is",
    "explain.when_before": "before the game",
    "explain.when_after": "after the game",
    "explain.change": "The change you got",
    "explain.opponent": "Your opponent's rating",
    "explain.cube": "Cube at the end",
    "explain.cube_any": "I don't know",
    "explain.invalid": "This result cannot be explained: {message}",
    "explain.answer_label": "Most likely behind your {change}",
    "explain.answer_line": (
        "{share} of the combinations that give it, weighed by how often each happens"
    ),
    "explain.none_label": "Your {change} against {opponent}",
    "explain.none_figure": "No exact match under these rules",
    "explain.none_line": "No K, cube and outcome under these rules gives exactly this change.",
    "explain.combo_win": "Win · K {k} · cube {cube}",
    "explain.combo_loss": "Loss · K {k} · cube {cube}",
    "explain.likelihood": "{share} of the likely explanations",
    "explain.all_title": "Every explanation",
    "explain.all_caption": (
        "Each combination of K, cube and outcome that gives exactly {change} under {rules}, "
        "the most likely first."
    ),
    "explain.reason_win": "You won, with an expected score of {expected}.",
    "explain.reason_loss": "You lost, with an expected score of {expected}.",
    "explain.reason_heavy": (
        "You had {threshold:,} or more ranked games in the 7 days before this game, so your K "
        "was {k}."
    ),
    "explain.reason_normal": (
        "You had fewer than {threshold:,} ranked games in the 7 days before this game, so your K "
        "was {k}."
    ),
    "explain.reason_k": "Your K was {k}.",
    "explain.reason_cube": "The cube ended at {cube}, which multiplies the change by {multiplier}.",
    "explain.reason_other": (
        "Under {name} (÷{divisor}, no heavy-week K) the same game was worth {change}."
    ),
    "explain.none": (
        "Against {opponent}, no K, cube and outcome under {rules} gives exactly {change}."
    ),
    "explain.other_unrated": "A boosted or tournament game changes nothing: that gives {change}.",
    "explain.other_podium": "A podium prize: place {detail} of a public tournament gives {change}.",
    "explain.other_other_rules": "A game under another rule set: {detail} gives {change}.",
    "explain.also": "It could also be this: {reason}",
    "explain.nearest_title": "The nearest explanations",
    "explain.nearest_caption": "The combinations whose change comes closest to yours.",
    "explain.nearest_off": "{change} away from yours",
    # Rule designer: calibration and sweeps
    "explain.exact_at": (
        "{change} would be exact as {combination} against an opponent rated {opponents} ({gap})."
    ),
    "explain.range": "{low}–{high}",
    "explain.range_up": "{low} or higher",
    "explain.range_down": "{high} or lower",
    "explain.range_any": "any rating",
    "explain.gap_below": "{near}–{far} points below you",
    "explain.gap_below_one": "{near} points below you",
    "explain.gap_below_open": "{near} or more points below you",
    "explain.gap_above": "{near}–{far} points above you",
    "explain.gap_above_one": "{near} points above you",
    "explain.gap_above_open": "{near} or more points above you",
    "explain.gap_around": "from {below} below you to {above} above",
    "explain.where_title": "Where your {change} would be exact",
    "explain.where_caption": (
        "Each row: an outcome, K and cube, and the opponent ratings at which {rating} changes by"
        " exactly {change} under {rules} (rounded as the server rounds), nearest to the opponent"
        " you typed first. “Against you”: their rating minus yours; a dash: no end that way."
    ),
    "explain.where_none": (
        "No opponent rating gives exactly {change} under {rules} with the K and cube tried."
    ),
    "explain.col_game": "Game",
    "explain.col_opponent": "Opponent rated",
    "explain.col_against": "Against you",
    "explain.col_from": "From",
    "explain.col_to": "To",
    "designer.nav": "Rule designer",
    "designer.title": "Rule designer: sweeps and calibration",
    "designer.intro": (
        "See what real dice say (a league played by a backgammon engine), sweep a grid of rule"
        " sets over simulated communities, and see how well each rule set predicted a history"
        " of games: the fit finds the divisor that would have predicted it best."
    ),
    "designer.upload": "History of games (CSV or Parquet)",
    "designer.upload_help": (
        "Columns time, winner, loser, and optionally cube, type and prize, as on the History page."
    ),
    # What an upload may be, and tables too long to show whole (ui/uploads.py, ui/grids.py).
    "upload.limits": (
        "At most {size} MB, {rows:,} {rows:game|games}, and {length:,}"
        " {length:character|characters} in any cell; the file's type is read from its contents,"
        " whatever its name."
    ),
    "upload.held": (
        "This session already holds {files} uploaded files, the most it may (upload_files):"
        " remove a file from an uploader, or reload the page, before uploading another."
    ),
    "upload.not_admitted": (
        "This browser has not opened the lab in the last {minutes} minutes, or the lab refused"
        " it: reload the lab's page (signing in if it asks) before uploading."
    ),
    "upload.no_xsrf": (
        "The lab takes uploads only from a browser holding Streamlit's XSRF cookie: reload the"
        " lab's page (the server needs server.enableXsrfProtection = true)."
    ),
    "upload.none": "This calculator takes no uploads: the designers' lab does.",
    "upload.sample": "The first {shown} of {total} rows are shown.",
    "upload.sample_download": "The download holds them all.",
    "designer.cluster_local": (
        "Sweeps and fits run on this server's own cluster of {workers:,} worker"
        " {workers:process|processes}, at most {runs:,} at a time for all readers; the others wait"
        " their turn."
    ),
    "designer.cluster_configured": (
        "Sweeps and fits run on the cluster this server's operator configured, at most {runs:,}"
        " at a time for all readers; the others wait their turn."
    ),
    "designer.cluster_unavailable": (
        "The cluster this server is configured with did not answer within {seconds} s"
        " (handshake_timeout). Try again later."
    ),
    "designer.queue_waiting_one": "Waiting for a free slot: 1 run ahead of yours.",
    "designer.queue_waiting": (
        "Waiting for a free slot: {ahead:,} {ahead:run|runs} ahead of yours."
    ),
    "designer.queue_too_many": (
        "This run asks for {tasks:,} {tasks:task|tasks}; this server takes at most {limit:,} a run"
        " (tasks_per_run). Choose fewer divisors, K values or seeds."
    ),
    "designer.queue_reader": (
        "You already have a run queued or running, in this tab or another"
        " (runs_per_reader = {limit:,}): wait for it to finish."
    ),
    "designer.queue_full": (
        "The queue is full: {limit:,} {limit:run is|runs are} already waiting (queue_length)."
        " Try again in a few minutes."
    ),
    "designer.run_too_costly": (
        "This run would rate {games:,} games; this server takes at most {limit:,} a run"
        " (run_games)."
    ),
    "designer.smaller_simulation": "Choose fewer players, weeks, games a week or rule sets.",
    "designer.smaller_sweep": "Choose fewer players, weeks, divisors, K values or seeds.",
    "designer.smaller_replay": "Choose fewer rule sets, or a shorter history.",
    "designer.smaller_fit": "Fit the divisor alone, or fit a shorter history.",
    "designer.smaller_league": (
        "Each game the engine plays counts as {weight:,} rated games: choose fewer games."
    ),
    "designer.sweep_title": "Sweep a grid of rule sets",
    "designer.divisors": "Divisors D",
    "designer.ks": "K values",
    "designer.seeds": "Seeds per rule set",
    "designer.players": "Players",
    "designer.weeks": "Weeks",
    "designer.with_history": "Also replay the history",
    "designer.heavy_on": "Heavy-week K",
    "designer.heavy_k": "Heavy-week K value",
    "designer.heavy_games": "From ranked games in 7 days",
    "designer.run_sweep": "Run the sweep",
    "designer.progress": "{done:,} of {total:,} {total:task|tasks} finished",
    "designer.sweep_waiting": "Choose a grid and run the sweep: its heat maps appear here.",
    "designer.sweep_ran": (
        "{rows:,} {rows:run|runs}: {rule_sets:,} {rule_sets:rule set|rule sets}, each under"
        " {seeds:,} {seeds:seed|seeds}; every rule set of a seed rates the same games."
    ),
    "designer.heatmap_title": "{metric}, mean over the seeds",
    "designer.heat_higher": (
        "{metric}: higher is better; the darker the cell, the higher. Best at ÷{best_divisor}, K"
        " {best_k} ({best}); worst at ÷{worst_divisor}, K {worst_k} ({worst})."
    ),
    "designer.heat_lower": (
        "{metric}: lower is better; the darker the cell, the lower. Best at ÷{best_divisor}, K"
        " {best_k} ({best}); worst at ÷{worst_divisor}, K {worst_k} ({worst})."
    ),
    "designer.heat_wider": (
        "{metric}: a wider band separates the players more; the darker the cell, the wider. Best"
        " (widest) at ÷{best_divisor}, K {best_k} ({best}); narrowest at ÷{worst_divisor}, K"
        " {worst_k} ({worst})."
    ),
    "designer.heat_zero": (
        "{metric}: closer to 0% is better (the top tenth then win what the curve expects); the"
        " darker the cell, the closer. Best at ÷{best_divisor}, K {best_k} ({best}); farthest from"
        " 0% at ÷{worst_divisor}, K {worst_k} ({worst})."
    ),
    "designer.metric_spearman": "Ranking accuracy (Spearman)",
    "designer.metric_volatility": "Weekly volatility (points)",
    "designer.metric_top_tenth": "Top tenth: won minus expected",
    "designer.metric_log_loss": "Log-loss on the history",
    "designer.metric_brier": "Brier score on the history",
    "designer.divisor": "Divisor D",
    "designer.k": "K",
    "designer.sweep_table": "Every run of the sweep",
    "designer.download_csv": "Download CSV",
    "designer.download_parquet": "Download Parquet",
    "designer.calibration_title": "How well each rule set predicted the history",
    "designer.rules": "Rule sets (the newest is the fit's starting point)",
    "designer.burn_in": "Burn-in (games)",
    "designer.burn_in_help": (
        "Each player's first ranked games are left out: a game counts once both players have"
        " this many ranked games behind them. 0 keeps every ranked game."
    ),
    "designer.history_sample": (
        "Scoring the synthetic sample history (choose the shipped league or your own file above)."
    ),
    "designer.history_upload": "Scoring the uploaded history.",
    "designer.scores_title": "Scores of each rule set's predictions",
    "designer.games": "Games",
    "designer.log_loss": "Log-loss",
    "designer.brier": "Brier score",
    "designer.top_expected": "Top tenth: expected",
    "designer.top_actual": "Top tenth: won",
    "designer.scores_sentence": (
        "Over {games:,} {games:game|games}, {best} predicted best (log-loss {best_loss}) and"
        " {worst} worst ({worst_loss}); a coin toss scores {coin}."
    ),
    "designer.verdict_clear": "a clear difference (more than two standard errors).",
    "designer.verdict_unclear": (
        "no clear difference (the margin is within two standard errors: inside the noise)."
    ),
    "designer.top_sentence": (
        "Under {rules} the top tenth by rating were expected to win {expected} of their"
        " {games:,} {games:game|games} and won {actual}."
    ),
    "designer.no_games": "No ranked game is left after the burn-in.",
    "designer.calibration_chart": "Favourite's expected against actual win rate",
    "designer.calibration_table": "Calibration under {rules}",
    "designer.col_band": "Band",
    "designer.calibration_key": (
        "Each band of the favourite's expected score: the games' mean expected score, the share "
        "the favourite won and its 95 % interval, from low to high."
    ),
    "designer.expected": "Expected",
    "designer.actual": "Won",
    "designer.interval": "Won: 95 % interval",
    "designer.calibration_sentence": (
        "Under {rules} the favourite's expected score lies inside the 95 % interval of the actual"
        " win rate in {inside:,} of {bins:,} {bins:bin|bins}; over all {games:,} {games:game|games}"
        " favourites were expected to win {expected} and won {actual}."
    ),
    "designer.fit_title": "The divisor that fits the history",
    "designer.fit": "Fit",
    "designer.fit_divisor": "the divisor",
    "designer.fit_divisor_k": "the divisor and K",
    "designer.run_fit": "Fit",
    "designer.fit_stale": (
        "The fit you ran was for another history, rule set, burn-in or choice of what to fit:"
        " run it again for the inputs above."
    ),
    "designer.sweep_stale": (
        "The sweep you ran was for other inputs (its grid, or the history and burn-in it"
        " scored): run it again for these."
    ),
    "designer.fit_progress": (
        "Replaying the history under each candidate: {done:,} of {total:,} finished"
    ),
    "designer.fit_waiting": (
        "The fit replays the history under a grid of divisors (from {base}) and keeps the one"
        " with the lowest log-loss."
    ),
    "designer.fit_chart": "Log-loss of each candidate",
    "designer.fit_best": (
        "÷{divisor} with K {k} predicts these {games:,} {games:game|games} best (log-loss {loss}; a"
        " coin toss scores {coin}): {gain} ± {se} a game below {base}'s {base_loss}, paired game by"
        " game, {judgement}"
    ),
    "designer.fit_edge": "It lies at the end of the searched range, so the best may lie beyond.",
    "designer.fit_ratio": "That is K/D = {ratio}.",
    "designer.fit_ratio_only": (
        "For every K the best divisor keeps K/D between {low} and {high}: for prediction only"
        " K/D matters."
    ),
    "designer.fit_ratio_both": (
        "The best K/D runs from {low} to {high} across K, so K and D matter separately here."
    ),
    "designer.invalid": "{message}",
    "designer.bad_history": (
        "{rejected:,} of {rows:,} {rows:row|rows} cannot be rated; the History page lists them"
        " with reasons."
    ),
    # Real dice: leagues played by the engine (ui/league.py), on the Rule designer and History
    "designer.source": "History to calibrate on",
    "designer.source_league": "Shipped league (engine, real dice)",
    "designer.source_sample": "Synthetic sample",
    "designer.source_upload": "My own file",
    "designer.history_league": (
        "Scoring the shipped league: single money games with the cube, played by the engine"
        " (the Real dice section above says how)."
    ),
    "designer.fit_interior": (
        "It lies inside the searched range, not at its end: these games point to that divisor"
        " rather than past the search."
    ),
    "history.source_league": "Shipped league (engine, real dice)",
    "league.title": "Real dice: a league played by the engine",
    "league.games": "Games",
    "league.interval": "95 % interval",
    "league.low": "Low",
    "league.high": "High",
    "league.col_levels": "Levels",
    "league.pair": "{stronger} – {weaker}",
    "league.col_won": "Won",
    "league.col_low": "95 % low",
    "league.col_high": "95 % high",
    "league.col_cubeless": "No cube",
    "league.wins_key": (
        "Each pair of levels, the stronger first: the games they played with the cube, the "
        "share the stronger won and its 95 % interval."
    ),
    "league.gaps_key": (
        "The same pairs: the share the stronger won without the cube, in the cubeless league played"
        " among the same players, and the rating gap each divisor reads into the share with the"
        " cube."
    ),
    "league.level_beginner": "beginner",
    "league.level_casual": "casual",
    "league.level_intermediate": "intermediate",
    "league.level_advanced": "advanced",
    "league.level_expert": "expert",
    "league.subject_beginner": "A beginner",
    "league.subject_casual": "A casual player",
    "league.subject_intermediate": "An intermediate",
    "league.subject_advanced": "An advanced player",
    "league.subject_expert": "An expert",
    "league.object_beginner": "a beginner",
    "league.object_casual": "a casual player",
    "league.object_intermediate": "an intermediate",
    "league.object_advanced": "an advanced player",
    "league.object_expert": "an expert",
    "league.sentence": (
        "{stronger} wins {tenths} single games of 10 against {weaker} with the cube (over"
        " {games:,} {games:game|games}); ÷{divisor} reads that as a {gap}-point gap ({others})."
    ),
    "league.gap_under": "÷{divisor}: {gap}",
    "league.sentence_all": (
        "{stronger} won all {games:,} {games:game|games} against {weaker} (or lost all): no finite"
        " rating gap gives that under any divisor."
    ),
    "league.no_pairs": "No two different levels met in these games.",
    "league.provenance": (
        "Played by {engine} {version} at GNU Backgammon's levels ({levels}); {players:,}"
        " {players:player|players}, {games:,} {games:game|games} over {weeks} weeks; seed {seed};"
        " made {made}."
    ),
    "league.not_shipped": (
        "The shipped league history is not in this installation; the synthetic sample is used."
    ),
    "league.live_title": "Play a small league now",
    "designer.live_players": "Players",
    "designer.live_games": "Games",
    "designer.live_levels": "Levels",
    "designer.live_levels_help": (
        "Club: beginner 40 %, intermediate 30 %, advanced 20 %, expert 10 %. All five: 20 % each."
        " Intermediate and expert: 50 % each."
    ),
    "league.preset_club": "Club (4 levels)",
    "league.preset_five": "All five, 20 % each",
    "league.preset_two": "Intermediate and expert",
    "designer.live_seed": "Seed",
    "league.run": "Play the league",
    "league.live_limits": (
        "At most {players:,} {players:player|players} and {games:,} {games:game|games} a league on"
        " this server; the same seed plays the same dice."
    ),
    "league.progress": "{done:,} of {total:,} {total:game|games} played",
    "league.live_waiting": "Choose a league and play it: its win-rate table appears here.",
    "league.live_ran": (
        "Your league: {games:,} {games:game|games} among {players:,} {players:player|players},"
        " with the cube."
    ),
    "league.too_many_players": (
        "This league asks for {players:,} {players:player|players}; this server plays at most"
        " {limit:,}"
        " (league_players). Choose fewer players."
    ),
    "league.too_many_games": (
        "This league asks for {games:,} {games:game|games}; this server plays at most {limit:,} a"
        " league (league_games). Choose fewer games."
    ),
    "league.no_engine": "Playing a league needs the backgammon engine: {install}",
    "designer.smaller_systems": (
        "Compare on a shorter history: every system rates every game, some several times."
    ),
    "designer.scores_worse": (
        "Over {games:,} {games:game|games}, every rule set predicted worse than a coin toss"
        " (log-loss from {best_loss} under {best} to {worst_loss} under {worst}; a coin toss scores"
        " {coin})."
    ),
    "designer.fit_worse": (
        "No divisor predicts these {games:,} {games:game|games} better than a coin toss: the least"
        " bad, ÷{divisor} with K {k}, scores log-loss {loss} where a coin toss scores {coin}, so"
        " none is named best. It is {gain} ± {se} a game below {base}'s {base_loss}, paired game by"
        " game, {judgement}"
    ),
    "designer.fit_in_sample": (
        "The fit chose it on the very games it is scored on, which flatters it; the ranking above"
        " chooses its divisor on the first half of the games and scores it on the second."
    ),
    "systems.title": "Rule sets and rating systems, ranked on the same games",
    "systems.running": "Scoring every rule set and rating system on these games: {percent}",
    "systems.split_half": (
        "Scored on the second half of the ranked games by time ({games:,} {games:game|games} in"
        " which both players have {burn_in} ranked games behind them); settings chosen on the first"
        " half ({fit_games:,} {fit_games:game|games})."
    ),
    "systems.split_all": (
        "Scored on {games:,} {games:game|games} (both players with {burn_in} ranked games behind"
        " them); settings chosen on the same games."
    ),
    "systems.chart_title": (
        "Log-loss of each system, with ± 2 standard errors of its margin over {current}"
    ),
    "systems.chart_key": (
        "Each dot is a system's log-loss on the {games:,} games scored: lower, further left, is"
        " better. Its bar spans ± 2 standard errors of its margin over {current}, paired game by"
        " game: a bar that does not reach {current}'s dot is a clear difference. The dashed lines:"
        " a coin toss and, where the players' true levels are known, the floor (each pair of"
        " levels' actual win rate), the best any rating could do."
    ),
    "systems.axis": "Log-loss (lower is better)",
    "systems.group_rules": "Rule sets and divisors",
    "systems.group_uncertainty": "Systems that track uncertainty",
    "systems.coin_toss": "Coin toss",
    "systems.floor": "Floor",
    "systems.fitted": "fitted ÷{divisor}",
    "systems.custom": "÷{divisor}, K {k}",
    "systems.glicko2": "Glicko-2",
    "systems.weng_lin": "Weng-Lin BT",
    "systems.best_of": "{name}, best of {count}",
    "systems.period_minute": "{count:,}-minute periods",
    "systems.period_hour": "{count:,}-hour periods",
    "systems.period_day": "{count:,}-day periods",
    "systems.period_week": "{count:,}-week periods",
    "systems.period_seconds": "{seconds}-second periods",
    "systems.rating": "rating {value}",
    "systems.volatility": "volatility {value}",
    "systems.yes": "yes",
    "systems.no": "no",
    "systems.col_system": "System",
    "systems.col_log_loss": "Log-loss",
    "systems.col_brier": "Brier score",
    "systems.col_slope": "Calibration slope",
    "systems.col_margin": "Margin per 1,000 games",
    "systems.col_margin_tip": "Margin over the current rules, per 1,000 games",
    "systems.col_se": "Standard error per 1,000",
    "systems.col_clear": "Clear",
    "systems.col_fitted": "Fitted on these games",
    "systems.col_share": "Coin toss → floor",
    "systems.col_spearman": "Spearman with level",
    "systems.col_seconds": "Seconds",
    "systems.table_key": (
        "Lower log-loss and Brier score are better; a calibration slope of 1 is calibrated (below"
        " 1, too sure of itself). The margin is {current}'s log-loss minus the row's, per 1,000"
        " games (positive: better than {current}), with its standard error; clear: beyond two of"
        " them. Fitted: settings chosen on the very games the row is scored on."
    ),
    "systems.table_levels": (
        "Coin toss → floor: the share of that way the row covers; Spearman: its final ratings"
        " against the players' true levels."
    ),
    "systems.verdict_all_worse": (
        "Every system predicts these {games:,} {games:game|games} worse than a coin toss: the least"
        " bad, {system}, scores log-loss {log_loss} where a coin toss scores ln 2 = {coin}, so none"
        " is named best."
    ),
    "systems.verdict_best": (
        "{system} predicts these {games:,} {games:game|games} best: log-loss {log_loss} (a coin"
        " toss scores {coin})."
    ),
    "systems.verdict_ahead_clear": (
        "It beats {other} by {per_1000} in log-loss per 1,000 games ({margin} ± {se} a game): a"
        " clear difference."
    ),
    "systems.verdict_ahead_unclear": (
        "It beats {other} by {per_1000} in log-loss per 1,000 games ({margin} ± {se} a game): no"
        " clear difference."
    ),
    "systems.verdict_floor": (
        "It covers {share} of the way from a coin toss to the floor, where each pair of levels'"
        " actual win rate on these games scores {floor}."
    ),
    "systems.verdict_floor_only": (
        "The floor, each pair of levels' actual win rate on these games, scores {floor}."
    ),
    "systems.verdict_divisor_gap": (
        "It closes {share} of the way from the best divisor, {divisor}, to the floor."
    ),
    "systems.verdict_worse": "Clearly worse than {current}: {systems}.",
    "systems.verdict_chosen_half": (
        "Settings chosen on the first half of the games by time ({games:,} {games:game|games}) and"
        " scored on the second: {systems}."
    ),
    "systems.verdict_chosen_all": (
        "Settings chosen on the very games they are scored on, which flatters them: {systems}."
    ),
    "systems.col_settings": "Settings",
    "league.gaps_key_cubeful": (
        "The same pairs: the rating gap each divisor reads into the share the stronger won."
    ),
    "systems.table_title": "Every system's scores",
    "systems.mark": (
        "{name}, log-loss {log_loss}, margin over the current rules per 1,000 games {margin}"
    ),
}
