"""Ελληνικά: every visible string of the app, by key, in the article's own terms (αναμενόμενο
σκορ, συντελεστής K, κύβος διπλασιασμού, παιχνίδια κατάταξης, φαβορί, αουτσάιντερ)."""

from __future__ import annotations

EL: dict[str, str] = {
    # App frame
    "app.language": "Γλώσσα",
    "app.footer": (
        "Κανόνες ELO του Gammon42 1.3.1 (Οκτώβριος 2026), υπολογισμένοι ακριβώς όπως στον server."
    ),
    # The two doors: the calculator's link to the lab, and the lab's admission
    "frame.lab_title": "Εργαστήριο σχεδιαστών",
    "frame.lab_elsewhere": (
        "Τα εργαλεία των σχεδιαστών (Ιστορικό, Προσομοιωτής, Σχεδιαστής κανόνων) βρίσκονται στο"
        " εργαστήριο των σχεδιαστών, όχι σε αυτόν τον δημόσιο υπολογιστή. Εδώ είναι η αρχική "
        "σελίδα του υπολογιστή."
    ),
    "lab.title": "Εργαστήριο σχεδιαστών ELO του Gammon42",
    "lab.closed_remote": (
        "Αυτό το εργαστήριο εξυπηρετεί μόνο αναγνώστες στο δικό του μηχάνημα. Για να ανοίξει σε"
        " σχεδιαστές από αλλού, ο διαχειριστής του ενεργοποιεί τη σύνδεση: έναν πίνακα [auth] "
        "στο .streamlit/secrets.toml (η σύνδεση OpenID Connect του Streamlit), προαιρετικά με "
        'λίστα επιτρεπόμενων, [gammon_elo] lab_allow = ["name@example.org"].'
    ),
    "lab.sign_in_needed": "Το εργαστήριο εξυπηρετεί σχεδιαστές που έχουν συνδεθεί.",
    "lab.sign_in": "Σύνδεση",
    "lab.sign_out": "Αποσύνδεση",
    "lab.signed_in": "Συνδεδεμένος ως {email}",
    "lab.refused": (
        "Το {email} δεν είναι στη λίστα σχεδιαστών αυτού του εργαστηρίου (lab_allow). "
        "Αποσυνδεθείτε και συνδεθείτε με άλλο λογαριασμό ή ζητήστε από τον διαχειριστή να "
        "προσθέσει αυτή τη διεύθυνση."
    ),
    # URL parameters
    "url.bad_value": (
        "Η τιμή {setting} του συνδέσμου δεν είναι έγκυρη ({expects}). "
        "Χρησιμοποιείται η προεπιλογή, {default}."
    ),
    "url.expects_int": "ακέραιος από {low} έως {high}",
    "url.expects_number": "αριθμός από {low:g} έως {high:g}",
    "url.expects_choice": "ένα από: {choices}",
    "url.expects_bool": "1 ή 0",
    "url.expects_list": "λίστα με κόμματα από: {choices}",
    # Rule sets
    "rules.label": "Κανόνες",
    "rules.help": (
        "Ο τύπος του ELO σε κάθε έκδοση του Gammon42. Τα παλιά παιχνίδια δεν "
        "ξαναϋπολογίστηκαν: κάθε σύνολο κανόνων ισχύει για τα παιχνίδια που παίχτηκαν με αυτό."
    ),
    "rules.version": "{name} (÷{divisor})",
    "rules.custom": "Προσαρμοσμένοι…",
    "rules.custom_values": "Προσαρμοσμένοι κανόνες",
    "rules.divisor": "Διαιρέτης D",
    "rules.divisor_help": (
        "Το σκάκι χρησιμοποιεί το 400· το Gammon42 χρησιμοποίησε το 400, μετά το 800 και από "
        "την έκδοση 1.3.1 το 1200."
    ),
    "rules.k": "Συντελεστής K",
    "rules.heavy_k": "K βαριάς εβδομάδας",
    "rules.heavy_games": "Βαριά εβδομάδα από (παιχνίδια κατάταξης σε 7 ημέρες)",
    "rules.heavy_games_help": (
        "Από τόσα παιχνίδια κατάταξης τις τελευταίες 7 ημέρες και πάνω ισχύει το K βαριάς "
        "εβδομάδας."
    ),
    # Game types and endings
    "type.ranked": "Κατάταξης",
    "type.boosted": "Boosted (Casual πριν από την 1.3.0)",
    "type.tournament": "Παιχνίδι τουρνουά",
    "ending.normal": "Κανονικό τέλος",
    "ending.gammon": "Διπλό (2 πόντοι)",
    "ending.backgammon": "Τριπλό (3 πόντοι)",
    "ending.resigned": "Παραίτηση",
    "ending.left": "Αποχώρηση από το παιχνίδι",
    "ending.disconnected": "Πολλή ώρα χωρίς σύνδεση",
    "ending.timed_out": "Τέλος χρόνου σε 3 κινήσεις",
    # K
    "k.normal": (
        "{games:,} {games:παιχνίδι|παιχνίδια} κατάταξης τις τελευταίες 7 ημέρες < {threshold:,}"
        " → K = {k}"
    ),
    "k.heavy": (
        "{games:,} {games:παιχνίδι|παιχνίδια} κατάταξης τις τελευταίες 7 ημέρες ≥ {threshold:,}"
        " → K = {k}"
    ),
    "k.no_heavy": "χωρίς κανόνα βαριάς εβδομάδας σε αυτούς τους κανόνες → K = {k}",
    # Home
    "home.nav": "Πόσο αξίζει μια νίκη;",
    "home.title": "Πόσο αξίζει μια νίκη;",
    "home.intro": (
        "Βάλε τα δύο rating, τον κύβο και τα παιχνίδια κατάταξης του καθενός τις τελευταίες "
        "7 ημέρες: δες τι δίνει μια νίκη, τι κοστίζει μια ήττα και κάθε βήμα του υπολογισμού."
    ),
    "home.rating": "Το rating σου",
    "home.opponent": "Το rating του αντιπάλου",
    "home.games": "Τα παιχνίδια κατάταξής σου τις τελευταίες 7 ημέρες",
    "home.opponent_games": "Τα παιχνίδια κατάταξης του αντιπάλου τις τελευταίες 7 ημέρες",
    "home.games_help": (
        "Χωρίς αυτό το παιχνίδι. Από τα 50 παιχνίδια και πάνω το K είναι 16 αντί για 32 (1.3.1)."
    ),
    "home.cube": "Κύβος διπλασιασμού στο τέλος του παιχνιδιού",
    "home.cube_help": (
        "Κάθε διπλασιασμός προσθέτει ένα έκτο: η αλλαγή πολλαπλασιάζεται με 1,00 έως 2,00."
    ),
    "home.type": "Είδος παιχνιδιού",
    "home.ending": "Πώς τελείωσε",
    "home.expected": "Πιθανότητα νίκης σου",
    "home.expected_help": (
        "αναμενόμενο = 1 / (1 + 10^((αντίπαλος − εσύ) / D)), Βήμα 1 του άρθρου."
    ),
    "home.multiplier": "Συντελεστής κύβου",
    "home.break_even": "Ποσοστό νίκης ισορροπίας",
    "home.break_even_help": (
        "Το ποσοστό των παιχνιδιών με αυτόν τον αντίπαλο που πρέπει να κερδίζεις για να μη "
        "μετακινηθεί το rating σου, με τους στρογγυλεμένους πόντους σε αυτόν τον κύβο."
    ),
    "home.if_win": "Αν κερδίσεις",
    "home.if_lose": "Αν χάσεις",
    "home.you_after": "Εσύ",
    "home.opponent_after": "Ο αντίπαλος",
    "home.your_k": "Το K σου: {reason}",
    "home.their_k": "Το K του αντιπάλου: {reason}",
    "home.headline_opponent": "Ο αντίπαλος {change}",
    # Notices
    "notice.boosted_unrated": (
        "Τα παιχνίδια Boosted δεν αγγίζουν ποτέ το ELO: δίνουν πόντους μόνο για την κατάταξη "
        "Boosted και Sparks."
    ),
    "notice.tournament_unrated": (
        "Τα παιχνίδια μέσα σε τουρνουά δεν αλλάζουν το ELO. Αντί γι’ αυτό, τα δημόσια τουρνουά "
        "δίνουν σταθερά έπαθλα ELO στο βάθρο: +50, +25 και +15 για τις θέσεις 1 έως 3."
    ),
    "notice.gammon_one_win": (
        "Το διπλό και το τριπλό δίνουν περισσότερους πόντους στο αποτέλεσμα, αλλά για το ELO "
        "μετράνε ως μία νίκη, όπως κάθε άλλη (από την 1.0.5)."
    ),
    "notice.early_end_is_loss": (
        "Η παραίτηση, η αποχώρηση, η πολύωρη αποσύνδεση ή το τέλος χρόνου σε 3 κινήσεις "
        "βαθμολογείται ως κανονική ήττα γι’ αυτόν που τελείωσε το παιχνίδι, με την τιμή του "
        "κύβου εκείνη τη στιγμή."
    ),
    "notice.unequal_k": (
        "Ο νικητής δεν κερδίζει όσα χάνει ο ηττημένος, επειδή ένας από τους δυο σας έχει βαριά "
        "εβδομάδα (50 ή περισσότερα παιχνίδια κατάταξης σε 7 ημέρες) και άρα K 16: κάθε παίκτης "
        "έχει το δικό του K."
    ),
    # Steps
    "steps.title": "Κάθε βήμα, με τους δικούς σου αριθμούς",
    "steps.unrated": "Αυτό το παιχνίδι δεν βαθμολογείται, οπότε δεν υπάρχει τίποτα να υπολογιστεί.",
    "steps.step1": "Βήμα 1: πόσο πιθανό ήταν να κερδίσεις;",
    "steps.step1_text": ("Το αναμενόμενο σκορ, από 0 έως 1, από τα δύο rating και τον διαιρέτη D:"),
    "steps.step1_result": "Άρα αναμενόταν να κερδίζεις το {expected} τέτοιων παιχνιδιών.",
    "steps.step2": "Βήμα 2: πόσο ξεπέρασε το αποτέλεσμα την πρόβλεψη;",
    "steps.step2_text": (
        "αλλαγή = K × (αποτέλεσμα − αναμενόμενο) × συντελεστής κύβου· το αποτέλεσμα είναι 1 για "
        "νίκη και 0 για ήττα, στρογγυλεμένο σε ακέραιο (τα μισά μακριά από το μηδέν, όπως ο "
        "server)."
    ),
    "steps.if_win": "Αν κερδίσεις",
    "steps.if_lose": "Αν χάσεις",
    "steps.half_rounding": (
        "Ακριβώς στη μέση: η στρογγυλοποίηση του server πηγαίνει μακριά από το μηδέν (η "
        "στρογγυλοποίηση προς το άρτιο θα έδινε άλλη απάντηση εδώ)."
    ),
    "steps.step3": "Βήμα 3: πόσο έπαιξε ο καθένας σας αυτή την εβδομάδα;",
    "steps.step3_text": (
        "Το K κάθε παίκτη βγαίνει από τα δικά του παιχνίδια κατάταξης τις 7 ημέρες πριν από "
        "αυτό το παιχνίδι."
    ),
    "steps.no_heavy_rule": (
        "Οι κανόνες {rules} δεν έχουν K βαριάς εβδομάδας: όλοι παίζουν με ολόκληρο το K."
    ),
    "steps.cube": "Ο κύβος διπλασιασμού",
    "steps.multiplier_word": "συντελεστής",
    "steps.old_rules_note": (
        "Κανόνες {rules}: πριν από την 1.0.5 ο κύβος πολλαπλασίαζε απευθείας τους πόντους και "
        "το διπλό έδινε επιπλέον ELO· το άρθρο δεν δίνει αυτόν τον τύπο, γι’ αυτό δεν "
        "προσφέρεται εδώ."
    ),
    # Embed
    "embed.title": "Ενσωμάτωση",
    "embed.text": (
        "Επικόλλησε αυτόν τον κώδικα σε ένα άρθρο του κέντρου βοήθειας: δείχνει αυτή την προβολή "
        "με τις τρέχουσες τιμές και γλώσσα, σε πλαίσιο πλάτους 600 pixel."
    ),
    "embed.show": "Δείξε τον κώδικα",
    "embed.view": "Τι να ενσωματωθεί",
    "embed.view_compact": "Τιμές και αποτέλεσμα",
    "embed.view_chart": "Μόνο το γράφημα",
    "embed.view_table": "Μόνο ο πίνακας",
    "embed.fits": (
        "Οι δύο γραμμές script κάνουν το πλαίσιο όσο ψηλό είναι το περιεχόμενό του και το "
        "ακολουθούν όταν μεγαλώνει ή μικραίνει· χωρίς scripts κρατά το ύψος που γράφει ο κώδικας "
        "και κυλά μέσα του."
    ),
    "embed.text_short": (
        "Επικόλλησε αυτόν τον κώδικα σε ένα άρθρο του κέντρου βοήθειας: δείχνει αυτή την προβολή "
        "με τις τρέχουσες τιμές και γλώσσα."
    ),
    "embed.theme": "Χρώματα",
    "embed.theme_light": "Ανοιχτά",
    "embed.theme_dark": "Σκούρα",
    "embed.theme_auto": "Η ρύθμιση του αναγνώστη",
    "embed.theme_light_suits": "Σκούρα γράμματα, για λευκό ή ανοιχτόχρωμο άρθρο",
    "embed.theme_dark_suits": "Ανοιχτά γράμματα, μόνο για σκούρο άρθρο: σε λευκό δεν διαβάζονται",
    "embed.theme_auto_suits": (
        "Ακολουθεί τη συσκευή του αναγνώστη, για άρθρο που σκουραίνει κι αυτό"
    ),
    "embed.theme_help": (
        "Το πλαίσιο δεν έχει δικό του φόντο: φαίνεται το άρθρο από πίσω. Διάλεξε τη ρύθμιση του "
        "αναγνώστη μόνο για άρθρο που σκουραίνει κι αυτό με τη συσκευή του αναγνώστη."
    ),
    # Divisors
    "divisors.nav": "Διαιρέτες",
    "divisors.title": "Οι διαιρέτες δίπλα δίπλα",
    "divisors.intro": (
        "Πόσο σίγουρος είναι κάθε διαιρέτης ότι θα κερδίσει ο δυνατότερος παίκτης και πόσο "
        "αξίζει μια νίκη και μια ήττα, με K {k} και κύβο {cube}."
    ),
    "divisors.difference": "Διαφορά rating (εσύ − αντίπαλος)",
    "divisors.custom_on": "Πρόσθεσε δικό σου διαιρέτη",
    "divisors.custom": "Δικός σου διαιρέτης",
    "divisors.fibs_on": "Πρόσθεσε το FIBS (αγώνας ενός πόντου, ÷2000)",
    "divisors.k": "Συντελεστής K",
    "divisors.cube": "Κύβος",
    "divisors.range": "Εύρος διαφορών (±)",
    "divisors.curve_title": (
        "Αναμενόμενο σκορ του παίκτη που προηγείται, ανά διαφορά rating, μία γραμμή ανά διαιρέτη"
    ),
    "divisors.curve_alt": (
        "Γράφημα γραμμών: το αναμενόμενο σκορ του παίκτη που προηγείται ανά διαφορά rating, μία "
        "γραμμή ανά διαιρέτη ({divisors}); μια κάθετη γραμμή σημειώνει τη διαφορά {difference}."
    ),
    "divisors.points_alt": (
        "Γράφημα γραμμών: οι πόντοι σου για {outcome} ανά διαφορά rating, ένα χρώμα ανά "
        "διαιρέτη ({divisors}), με K {k} και κύβο {cube}."
    ),
    "divisors.table_title": "Στις συνηθισμένες διαφορές",
    "divisors.favourite_title": "Φαβορί με {difference} πόντους διαφορά",
    "divisors.fibs": "FIBS ÷2000",
    "divisors.label": "÷{divisor}",
    "divisors.outcome_win": "νίκη",
    "divisors.outcome_loss": "ήττα",
    "divisors.win_title": "Πόντοι για νίκη, ανά διαφορά rating",
    "divisors.loss_title": "Πόντοι για ήττα, ανά διαφορά rating",
    "divisors.expected_title": "Αναμενόμενο ποσοστό νικών του φαβορί",
    "divisors.standard_points_title": "Οι πόντοι του φαβορί για νίκη και για ήττα",
    "divisors.hover": (
        "Δείξε οπουδήποτε σε ένα γράφημα: η γραμμή δείχνει την τιμή κάθε διαιρέτη σε "
        "εκείνη τη διαφορά."
    ),
    # Tables
    "tables.nav": "Πίνακες",
    "tables.title": "Οι πίνακες του άρθρου, για κάθε K, κύβο και κανόνες",
    "tables.k": "Συντελεστής K",
    "tables.heavy_k": "K βαριάς εβδομάδας",
    "tables.cube": "Κύβος",
    "tables.difference": "Διαφορά για τον πίνακα διαιρετών",
    "tables.expected": "Βήμα 1: αναμενόμενο ποσοστό νίκης του φαβορί",
    "tables.changes": "Βήμα 2: αλλαγές όταν κερδίζει το φαβορί ή το αουτσάιντερ",
    "tables.heavy": "Βήμα 3: το φαβορί με K {k} και με το K βαριάς εβδομάδας {heavy_k}",
    "tables.heavy_none": "Βήμα 3: χωρίς K βαριάς εβδομάδας με τους κανόνες {rules}",
    "tables.heavy_none_text": (
        "Οι κανόνες {rules} δεν έχουν K βαριάς εβδομάδας: κάθε βαθμολογημένο παιχνίδι "
        "μετράει με K {k}, όσα κι αν παίξει κάποιος σε μια εβδομάδα."
    ),
    "tables.cube_column": "Κύβος {cube}",
    "tables.divisors": "Φαβορί με {difference} πόντους διαφορά, με κάθε διαιρέτη",
    "tables.cube_table": "Ο κύβος διπλασιασμού (δύο παίκτες στο 1500)",
    "tables.heatmap": "Αλλαγή για νίκη του φαβορί ανά διαφορά rating και κύβο",
    "tables.heatmap_alt": (
        "Χάρτης θερμότητας: οι πόντοι του φαβορί για νίκη, ανά διαφορά rating (0 έως 600) και "
        "κύβο (1 έως 64), με K {k} και κανόνες {rules}."
    ),
    "tables.download": "Λήψη CSV",
    # Column headers
    "col.difference": "Διαφορά rating",
    "col.expected": "Αναμενόμενο ποσοστό νίκης",
    "col.favourite_wins_k": "K = {k}: κερδίζει το φαβορί",
    "col.favourite_loses_k": "K = {k}: χάνει το φαβορί",
    "col.divisor": "Διαιρέτης",
    "col.win": "Πόντοι για νίκη",
    "col.loss": "Πόντοι για ήττα",
    "col.favourite_points": "Πόντοι",
    "col.favourite": "Φαβορί",
    "col.underdog": "Αουτσάιντερ",
    "col.favourite_k": "Φαβορί με K {k}",
    "pair.format": "νίκη {win} · ήττα {loss}",
    "tables.cube_key": (
        "Πόσους πόντους κερδίζει ο νικητής και χάνει ο ηττημένος (±) σε κάθε κύβο, με κάθε K."
    ),
    "tables.pair_key": (
        "«νίκη +12 · ήττα −20»: οι πόντοι που κερδίζει ο παίκτης με μια νίκη και χάνει με μια ήττα."
    ),
    "col.cube": "Κύβος",
    "col.multiplier": "Συντελεστής",
    "col.change_k": "Αλλαγή με K = {k}",
    "col.change_at_k": "Με K {k}",
    "col.change": "Αλλαγή",
    "col.outcome": "Αποτέλεσμα",
    "col.rules": "Κανόνες",
    "col.rule": "Διαιρέτης",
    # Classic
    "classic.nav": "Κλασικό Elo",
    "classic.title": "Κλασικός υπολογιστής Elo",
    "classic.intro": (
        "Ο υπολογιστής του σκακιού: δύο παίκτες ή δύο ομάδες, νίκη, ισοπαλία ή ήττα, "
        "οποιοδήποτε K. Αναμενόμενο A = 1 / (1 + 10^((B − A) / D)); νέο A = A + K × "
        "(σκορ − αναμενόμενο)."
    ),
    "classic.teams": "Ομάδες (το rating μιας ομάδας είναι ο μέσος όρος των παικτών της)",
    "classic.rating_a": "Rating του παίκτη A",
    "classic.rating_b": "Rating του παίκτη B",
    "classic.team_a": "Rating της ομάδας A (χωρισμένα με κόμμα)",
    "classic.team_b": "Rating της ομάδας B (χωρισμένα με κόμμα)",
    "classic.score": "Αποτέλεσμα για τον A",
    "classic.score_1": "Κερδίζει ο A (1)",
    "classic.score_05": "Ισοπαλία (½)",
    "classic.score_0": "Χάνει ο A (0)",
    "classic.k_preset": "Συντελεστής K",
    "classic.k_custom": "Δικό σου K",
    "classic.k_custom_option": "Δικό σου…",
    "classic.k_option": "K = {k}: {for_whom}",
    "classic.divisor": "Διαιρέτης",
    "classic.expected_a": "Αναμενόμενο σκορ του A",
    "classic.expected_b": "Αναμενόμενο σκορ του B",
    "classic.new_a": "Νέο rating του A",
    "classic.new_b": "Νέο rating του B",
    "classic.new_team_a": "Νέο μέσο rating της ομάδας A",
    "classic.new_team_b": "Νέο μέσο rating της ομάδας B",
    "classic.examples": "Λυμένα παραδείγματα",
    "classic.example_upset": "Έκπληξη: το 1500 νικά το 1600",
    "classic.example_expected": "Αναμενόμενη νίκη: το 1600 νικά το 1500",
    "classic.example_draw": "Ισοπαλία: 1600 και 1500",
    "classic.example_gap": "Διαφορά 400 πόντων",
    "classic.guidance": "Η επιλογή του K",
    "classic.guide_for": "Για",
    "classic.guide_effect": "Αποτέλεσμα",
    "classic.bad_team": "{field}: το «{value}» δεν είναι λίστα αριθμών ({reason}).",
    "classic.teams_help": (
        "Πώς βαθμολογείται μια ομάδα, όπως προτείνει η πηγή: η ομάδα παίζει σαν ένας "
        "παίκτης με τον μέσο όρο των rating των παικτών της, και η αλλαγή της πάει "
        "ολόκληρη σε κάθε μέλος. Έτσι ο νέος μέσος όρος της ομάδας είναι ακριβώς το νέο "
        "της rating, και κάθε μέλος κρατά την απόστασή του από αυτόν. (Αν η αλλαγή "
        "μοιραζόταν, μια τετράδα θα κινούνταν το ένα τέταρτο από έναν παίκτη για την ίδια "
        "έκπληξη.)"
    ),
    "classic.members_title": "Το νέο rating κάθε παίκτη (η αλλαγή της ομάδας, σε κάθε μέλος)",
    "classic.member_a": "Ομάδα Α, παίκτης {n}",
    "classic.member_b": "Ομάδα Β, παίκτης {n}",
    "classic.col_player": "Παίκτης",
    "classic.col_before": "Rating",
    "classic.col_change": "Αλλαγή",
    "classic.col_after": "Νέο rating",
    "classic.guide_note": (
        "Μεγαλύτερο K, περισσότερη αστάθεια· μικρότερο K, περισσότερη σταθερότητα. Κράτα "
        "ένα K μέσα σε κάθε ομάδα παικτών."
    ),
    "k.preset.40": "Νέοι / προσωρινοί παίκτες",
    "k.preset.32": "Οι περισσότεροι ερασιτέχνες",
    "k.preset.20": "Οι περισσότεροι ερασιτέχνες",
    "k.preset.16": "Μάστερ / σταθερά rating",
    "k.preset.10": "Μάστερ / σταθερά rating",
    "k.guide.40": "Νέοι / προσωρινοί παίκτες",
    "k.guide.20": "Οι περισσότεροι ερασιτέχνες",
    "k.guide.10": "Μάστερ / σταθερά rating",
    "k.guide_effect.40": "Τα rating βρίσκουν γρήγορα το επίπεδό τους",
    "k.guide_effect.20": "Ισορροπημένη αντίδραση",
    "k.guide_effect.10": "Σταθερά, αλλάζουν αργά",
    # Simulator
    "simulator.nav": "Προσομοίωση",
    "simulator.title": "Τι κάνει κάθε κανόνας σε μια ολόκληρη κοινότητα",
    "simulator.intro": (
        "Προσομοιωμένοι παίκτες με κρυφή πραγματική δύναμη παίζουν παιχνίδια κατάταξης εβδομάδα "
        "με εβδομάδα· κάθε σύνολο κανόνων βαθμολογεί τα ίδια παιχνίδια, οπότε οι διαφορές "
        "έρχονται μόνο από τους κανόνες."
    ),
    "simulator.players": "Παίκτες",
    "simulator.weeks": "Εβδομάδες",
    "simulator.seed": "Σπόρος",
    "simulator.seed_help": (
        "Ο ίδιος σπόρος δίνει τα ίδια παιχνίδια: ένας σύνδεσμος αναπαράγει την προσομοίωση."
    ),
    "simulator.strength": "Πραγματικές δυνάμεις",
    "simulator.shape_normal": "Κανονική (καμπάνα)",
    "simulator.shape_uniform": "Ομοιόμορφη",
    "simulator.shape_skewed": "Ασύμμετρη (ουρά δυνατών παικτών)",
    "simulator.strength_sd": "Διασπορά της πραγματικής δύναμης (πόντοι)",
    "simulator.true_divisor": "Πόσο αποφασίζει η τύχη (διαιρέτης της πραγματικής καμπύλης νίκης)",
    "simulator.true_divisor_help": (
        "Πόσο αποφασίζουν τα ζάρια. Η προεπιλογή κάνει το δυνατότερο δέκατο να κερδίζει περίπου "
        "το 57–58 % των παιχνιδιών του, όπως αναφέρει το άρθρο."
    ),
    "simulator.games_per_week": "Παιχνίδια κατάταξης την εβδομάδα (τυπικός παίκτης)",
    "simulator.heavy_share": "Βαριοί παίκτες, % του συνόλου (300+ παιχνίδια την εβδομάδα)",
    "simulator.heavy_help": "Αυτοί παίζουν 300 έως 400 παιχνίδια κατάταξης την εβδομάδα.",
    "simulator.pairing": "Ζευγάρωμα",
    "simulator.pairing_random": "Τυχαίοι αντίπαλοι",
    "simulator.pairing_band": "Αντίπαλοι σε κοντινό rating",
    "simulator.rules": "Κανόνες για σύγκριση",
    "simulator.rules_flat": "1.3.1, χωρίς K βαριάς εβδομάδας",
    "simulator.rules_custom": "Δικοί σου (διάλεξε διαιρέτη και K)",
    "simulator.custom_divisor": "Δικός σου διαιρέτης",
    "simulator.custom_k": "Δικό σου K",
    "simulator.settings": "Ρυθμίσεις προσομοίωσης: παίκτες, εβδομάδες, τύχη, κανόνες",
    "simulator.custom_label": "Δικοί σου (÷{divisor}, K {k})",
    "simulator.run": "Εκτέλεση",
    "simulator.running": "Προσομοίωση… {percent}",
    "simulator.invalid": "Αυτές οι τιμές δεν προσομοιώνονται: {message}",
    "simulator.ran": (
        "{games:,} {games:παιχνίδι|παιχνίδια} ανάμεσα σε {players:,} {players:παίκτη|παίκτες}"
        " σε {weeks:,} {weeks:εβδομάδα|εβδομάδες},"
        " σπόρος {seed}· "
        "όλοι οι κανόνες βαθμολόγησαν αυτά τα ίδια παιχνίδια."
    ),
    "simulator.summary": "Στο τέλος",
    "simulator.iqr": "Ενδοτεταρτημοριακό εύρος",
    "simulator.half_within": "Οι μισοί παίκτες μέσα σε (πόντους)",
    "simulator.spread": "Από τον πρώτο ως τον τελευταίο",
    "simulator.spearman": "Συσχέτιση σειράς με την πραγματική δύναμη",
    "simulator.top_expected": "Κορυφαίο δέκατο: αναμενόμενο ποσοστό νίκης",
    "simulator.top_actual": "Κορυφαίο δέκατο: πραγματικό ποσοστό νίκης",
    "simulator.newcomer_games": "Παιχνίδια νεοφερμένου ως το 90 % του επιπέδου",
    "simulator.measure": "Μέτρο",
    "simulator.columns": "Μία στήλη ανά σύνολο κανόνων, με τη σειρά: {rules}.",
    "simulator.flat_header": "1.3.1 σταθερό",
    "simulator.custom_header": "÷{divisor} K {k}",
    "simulator.spearman_short": "Συσχέτιση κατάταξης",
    "simulator.half_within_help": (
        "Το άπλωμα των rating μετριέται παντού με έναν τρόπο: η στενότερη ζώνη rating που "
        "χωράει τους μισούς ενεργούς παίκτες. (Το ενδοτεταρτημοριακό εύρος, από το 25ο ως "
        "το 75ο εκατοστημόριο, χωράει κι αυτό τους μισούς αλλά ποτέ δεν είναι στενότερο· "
        "μένει στο CSV.)"
    ),
    "simulator.percentile": "Εκατοστημόριο",
    "simulator.nth": "{n}ο",
    "simulator.under": "{value} με τους κανόνες {rules}",
    "simulator.and": " και ",
    "simulator.against": ", έναντι {items}",
    "simulator.spread_sentence": (
        "Την εβδομάδα {week}, οι μισοί ενεργοί παίκτες απέχουν μεταξύ τους έως {value} "
        "πόντους με τους κανόνες {rules}{against}."
    ),
    "simulator.accuracy_sentence": (
        "Την εβδομάδα {week}, οι κανόνες {rules} κατατάσσουν καλύτερα την πραγματική "
        "δύναμη: συσχέτιση κατάταξης {value}{against}."
    ),
    "simulator.volatility_sentence": (
        "Σε μια εβδομάδα με {group} βαθμολογημένα παιχνίδια, ένα rating κινείται τυπικά "
        "{value} πόντους με τους κανόνες {rules}{against}."
    ),
    "simulator.distribution_sentence": (
        "Από το 10ο ως το 90ό εκατοστημόριο, τα τελικά rating πάνε {value} με τους "
        "κανόνες {rules}{against}."
    ),
    "simulator.week": "Εβδομάδα",
    "simulator.spread_title": "Πόσο απλώνονται τα rating",
    "simulator.spread_alt": (
        "Γράφημα γραμμών: το στενότερο εύρος rating που χωράει τους μισούς ενεργούς παίκτες, "
        "εβδομάδα με εβδομάδα, μία γραμμή ανά σύνολο κανόνων ({rules})."
    ),
    "simulator.spread_table": "Οι μισοί παίκτες μέσα σε, ανά εβδομάδα",
    "simulator.accuracy_title": "Πόσο σωστά κατατάσσουν τα rating την πραγματική δύναμη",
    "simulator.accuracy_alt": (
        "Γράφημα γραμμών: η συσχέτιση σειράς ανάμεσα σε rating και πραγματική δύναμη, εβδομάδα "
        "με εβδομάδα, μία γραμμή ανά σύνολο κανόνων ({rules})."
    ),
    "simulator.accuracy_table": "Συσχέτιση σειράς, ανά εβδομάδα",
    "simulator.volatility_title": "Εβδομαδιαίες διακυμάνσεις ανά αριθμό παιχνιδιών",
    "simulator.volatility_alt": (
        "Ραβδόγραμμα: η τυπική απόκλιση της εβδομαδιαίας αλλαγής rating ενός παίκτη, ανά "
        "παιχνίδια κατάταξης εκείνης της εβδομάδας, μία ράβδος ανά σύνολο κανόνων ({rules})."
    ),
    "simulator.games_week": "Παιχνίδια κατάταξης εκείνη την εβδομάδα",
    "simulator.sd_change": "Τυπική εβδομαδιαία αλλαγή (τ.α., πόντοι)",
    "simulator.heavy_title": "Η βαριά εβδομάδα του άρθρου",
    "simulator.heavy_text": (
        "Εβδομάδες με 300+ παιχνίδια κατάταξης και ποσοστό νίκης 2–3 μονάδες κάτω από το "
        "αναμενόμενο: πόσο κόστισαν, δίπλα στην εκτίμηση K × παιχνίδια × υστέρηση."
    ),
    "simulator.player_weeks": "Τέτοιες εβδομάδες",
    "simulator.games": "Παιχνίδια",
    "simulator.shortfall": "Κάτω από το αναμενόμενο",
    "simulator.week_change": "Αλλαγή στην εβδομάδα",
    "simulator.estimate": "K × παιχνίδια × υστέρηση",
    "simulator.distribution_title": "Τελικά rating",
    "simulator.distribution_alt": (
        "Ιστόγραμμα: πόσοι παίκτες καταλήγουν σε κάθε rating, ένα περίγραμμα ανά σύνολο "
        "κανόνων ({rules})."
    ),
    "simulator.distribution_table": "Τελικά rating ανά εκατοστημόριο",
    "simulator.rating": "Rating",
    "simulator.players_count": "Παίκτες",
    "simulator.volatility_table": "Τυπική εβδομαδιαία αλλαγή, ανά παιχνίδια της εβδομάδας",
    "charts.data": "Οι αριθμοί πίσω από το γράφημα",
    # History
    "history.nav": "Ιστορικό",
    "history.title": "Τα παιχνίδια σου, με νέο rating ένα\u00a0ένα",
    "history.intro": (
        "Ένα CSV με παιχνίδια (στήλες time, winner, loser και προαιρετικά cube, type, prize): "
        "κάθε rating μετά από κάθε παιχνίδι, ο καθένας με το δικό του K των τελευταίων 7 ημερών, "
        "με ένα ή περισσότερα σύνολα κανόνων δίπλα δίπλα."
    ),
    "history.source": "Παιχνίδια",
    "history.source_sample": "Δείγμα ιστορικού (12 παίκτες, 3 εβδομάδες)",
    "history.source_upload": "Ανέβασε αρχείο CSV ή Parquet",
    "history.rules": "Κανόνες για σύγκριση",
    "history.upload": "Αρχείο CSV ή Parquet με παιχνίδια",
    "history.upload_help": (
        "Στήλες: time (ISO 8601, UTC χωρίς ζώνη), winner, loser· προαιρετικά cube (1–64), "
        "type (ranked, boosted, tournament, podium) και prize (γραμμές βάθρου)."
    ),
    "history.skip_invalid": "Βαθμολόγησε τις έγκυρες γραμμές και δείξε τις απορριφθείσες",
    "history.skip_help": (
        "Κλειστό: ένα αρχείο με έστω μία λάθος γραμμή δεν βαθμολογείται και δείχνονται όλα τα "
        "προβλήματα. Ανοιχτό: βαθμολογούνται οι έγκυρες γραμμές και οι λάθος δείχνονται δίπλα· "
        "βαθμολογημένες και απορριφθείσες είναι πάντα όσες διαβάστηκαν."
    ),
    "history.waiting": "Διάλεξε ένα αρχείο CSV ή Parquet με παιχνίδια για να ξαναβαθμολογηθούν.",
    "history.rating": "Ξαναβαθμολόγηση των παιχνιδιών…",
    "history.invalid": (
        "{rejected:,} από {rows:,} {rows:γραμμή|γραμμές} δεν {rejected:μπορεί να βαθμολογηθεί|"
        "μπορούν να βαθμολογηθούν}, οπότε δεν βαθμολογήθηκε "
        "τίποτα. Κάθε πρόβλημα φαίνεται παρακάτω με τον αριθμό γραμμής όπως τον μετράει το αρχείο "
        "σου (η επικεφαλίδα είναι η γραμμή 1). Διόρθωσέ τα ή άνοιξε το «Βαθμολόγησε τις έγκυρες "
        "γραμμές»."
    ),
    "history.unreadable": "Αυτό το αρχείο δεν διαβάζεται: {message}",
    "history.summary": (
        "{rows:,} {rows:γραμμή|γραμμές}: {rated:,} {rated:βαθμολογήθηκε ή μετρήθηκε|"
        "βαθμολογήθηκαν ή μετρήθηκαν}, {rejected:,} {rejected:απορρίφθηκε|απορρίφθηκαν}· "
        "{players:,} {players:παίκτης|παίκτες}."
    ),
    "history.players": "Παίκτες στο γράφημα",
    "history.players_help": "Οι πιο δραστήριοι παίκτες αρχικά· διάλεξε όποιους θέλεις.",
    "history.player": "Παίκτης",
    "history.game": "Παιχνίδι του παίκτη",
    "history.opponent": "Αντίπαλος",
    "history.result": "Αποτέλεσμα",
    "history.chart_title": "Rating μετά από κάθε παιχνίδι του παίκτη, ένα γράφημα ανά κανόνες",
    "history.chart_sentence": (
        "Τελικά rating των παικτών του γραφήματος: {value} με τους κανόνες {rules}{against}."
    ),
    "history.spread_sentence": (
        "Οι μισοί ενεργοί παίκτες τελειώνουν σε απόσταση έως {value} πόντων μεταξύ τους "
        "με τους κανόνες {rules}{against}."
    ),
    "history.every_games": "Κάθε παιχνίδι, με κάθε σύνολο κανόνων",
    "history.every_players": "Κάθε παίκτης, με κάθε σύνολο κανόνων",
    "history.chart_alt": (
        "Γραφήματα γραμμών, ένα ανά σύνολο κανόνων ({rules}): το rating των {players} "
        "μετά από κάθε παιχνίδι τους, ένα χρώμα ανά παίκτη."
    ),
    "history.final_title": "Τελικά rating",
    "history.games": "Παιχνίδια",
    "history.final_caption": (
        "Τα παιχνίδια κατάταξης κάθε παίκτη και το rating του μετά το τελευταίο του παιχνίδι, "
        "με κάθε σύνολο κανόνων: {rules}."
    ),
    "history.spread_caption": (
        "Για κάθε σύνολο κανόνων: οι ενεργοί παίκτες, οι μισοί μέσα σε (η στενότερη ζώνη "
        "rating που χωρά τους μισούς, σε πόντους) και το εύρος (το υψηλότερο rating μείον το "
        "χαμηλότερο)."
    ),
    "history.col_half_within": "Οι μισοί μέσα σε",
    "history.col_spread": "Εύρος",
    "history.spread_title": "Πόσο απέχουν τα rating στο τέλος",
    "history.active_players": "Παίκτες",
    "history.rejected_title": "{rejected:Απορριφθείσα γραμμή|Απορριφθείσες γραμμές} ({rejected:,})",
    "history.col_row": "Γραμμή",
    "history.col_column": "Στήλη",
    "history.col_value": "Τιμή",
    "history.col_reason": "Πρόβλημα",
    # History table headers (replay's columns)
    "data.row": "Γραμμή",
    "data.time": "Ώρα (UTC)",
    "data.winner": "Νικητής",
    "data.loser": "Ηττημένος",
    "data.cube": "Κύβος",
    "data.type": "Είδος",
    "data.prize": "Έπαθλο",
    "data.winner_before": "Νικητής πριν",
    "data.loser_before": "Ηττημένος πριν",
    "data.winner_recent_games": "Παιχνίδια κατάταξης νικητή (7 ημέρες)",
    "data.loser_recent_games": "Παιχνίδια κατάταξης ηττημένου (7 ημέρες)",
    "data.winner_k": "K νικητή",
    "data.loser_k": "K ηττημένου",
    "data.cube_multiplier": "Συντελεστής κύβου",
    "data.expected_winner": "Αναμενόμενο σκορ νικητή",
    "data.winner_change": "Αλλαγή νικητή",
    "data.loser_change": "Αλλαγή ηττημένου",
    "data.winner_after": "Νικητής μετά",
    "data.loser_after": "Ηττημένος μετά",
    "data.player": "Παίκτης",
    "data.initial": "Αρχή",
    "data.final": "Τελικό",
    "data.peak": "Υψηλότερο",
    "data.lowest": "Χαμηλότερο",
    "data.ranked_games": "Παιχνίδια κατάταξης",
    "data.wins": "Νίκες",
    "data.losses": "Ήττες",
    "data.games_at_heavy_k": "Παιχνίδια με K βαριάς εβδομάδας",
    "data.unrated_games": "Μη βαθμολογημένα παιχνίδια",
    "data.prizes": "Έπαθλα βάθρου",
    "data.last_game": "Τελευταίο παιχνίδι",
    "error.invalid": "{message}",
    # Planner, explain, performance
    "planner.nav": "Στόχος rating",
    "planner.title": "Πόσα παιχνίδια για να φτάσω τον στόχο μου;",
    "planner.intro": (
        "Χίλιες προσομοιωμένες πορείες των 2.000 παιχνιδιών με τους ακριβείς κανόνες: οι "
        "στρογγυλεμένοι πόντοι, το K των 7 ημερών που πέφτει σε βαριά εβδομάδα, ο κύβος. Τα "
        "παιχνίδια σου μοιράζονται ομοιόμορφα μέσα στην εβδομάδα."
    ),
    "planner.rating": "Το rating σου",
    "planner.target": "Rating-στόχος",
    "planner.opponent": "Συνήθες rating αντιπάλων",
    "planner.as_expected": "Κερδίζω όσο αναμένεται",
    "planner.as_expected_help": (
        "Το ποσοστό νικών σου είναι το αναμενόμενο σκορ σου απέναντι στο συνήθες rating των"
        " αντιπάλων σου, με το σημερινό σου rating: όπου είσαι, εκεί μένεις. Κλειστό: γράψε το"
        " δικό σου ποσοστό νικών."
    ),
    "planner.win_rate": "Ποσοστό νικών σου (%)",
    "planner.win_rate_help": (
        "Το μερίδιο των παιχνιδιών που κερδίζεις απέναντι σε τέτοιους αντιπάλους."
    ),
    "planner.per_week": "Παιχνίδια κατάταξης την εβδομάδα",
    "planner.per_week_help": (
        "Το K πέφτει στο K βαριάς εβδομάδας μόλις τόσα παιχνίδια κατάταξης πέσουν στις 7 ημέρες "
        "πριν από ένα παιχνίδι (50 στους κανόνες 1.3.1)."
    ),
    "planner.this_week": "Παιχνίδια κατάταξης τις τελευταίες 7 ημέρες",
    "planner.this_week_help": (
        "Τα παιχνίδια κατάταξης που έπαιξες στις 7 ημέρες πριν από το επόμενο παιχνίδι σου,"
        " απλωμένα ομοιόμορφα σε αυτές: το καθένα μετρά για το K σου ώσπου να γίνει 7 ημερών."
        " Κενό: μια εβδομάδα με τον συνήθη ρυθμό σου."
    ),
    "planner.this_week_placeholder": "Μια συνηθισμένη εβδομάδα: {games:,}",
    "planner.this_week_empty": "μια συνηθισμένη εβδομάδα με τον ρυθμό σου",
    "planner.cube": "Συνήθης κύβος στο τέλος",
    "planner.cube_mix": "Ένα συνηθισμένο μείγμα (1: 50%, 2: 30%, 4: 13%, 8: 5%, 16: 2%)",
    "planner.invalid": "Δεν γίνεται σχεδιασμός με αυτές τις τιμές: {message}",
    "planner.answer_label": "Παιχνίδια ως το {target}, κατά μέσο όρο",
    "planner.median_label": "Παιχνίδια ως το {target} (οι μισές πορείες θέλουν λιγότερα)",
    "planner.answer_line": (
        "Με ποσοστό νικών {rate}: περίπου {weeks} εβδομάδες με {per_week} παιχνίδια την εβδομάδα"
    ),
    "planner.rate_given": "{win_rate}",
    "planner.rate_expected": "{win_rate} (το αναμενόμενο σκορ σου απέναντι στο {opponent})",
    "planner.unreached_label": "Το {target} με ποσοστό νικών {rate}",
    "planner.unreached": "Δεν το φτάνεις κατά μέσο όρο",
    "planner.unreached_settle": "Με αυτό το ποσοστό σταθεροποιείσαι γύρω στο {settle}.",
    "planner.reaching_up": "Ποσοστό νικών πάνω από {needed} φτάνει το {target}.",
    "planner.reaching_down": "Ποσοστό νικών κάτω από {needed} σε φέρνει ως το {target}.",
    "planner.unreached_share": (
        "Μόνο από τύχη, το {share} των πορειών αγγίζει το {target} κάποια στιγμή μέσα σε"
        " {games:,} {games:παιχνίδι|παιχνίδια}, χωρίς να μείνει εκεί."
    ),
    "planner.band": "8 πορείες στις 10 θέλουν από {low:,} ως {high:,} {high:παιχνίδι|παιχνίδια}",
    "planner.band_open": (
        "1 πορεία στις 10 θέλει {low:,} {low:παιχνίδι|παιχνίδια} ή {low:λιγότερο|λιγότερα}· το"
        " {missed} δεν φτάνει μέσα σε {games:,}"
    ),
    "planner.share_label": (
        "Πορείες που φτάνουν το {target} μέσα σε {games:,} {games:παιχνίδι|παιχνίδια}"
    ),
    "planner.share_line": "Λιγότερες από τις μισές φτάνουν: δες πιο κάτω πού σταθεροποιείσαι.",
    "planner.settle": (
        "Σταθεροποιείσαι γύρω στο {settle}: το rating όπου το ποσοστό νικών σου, {win_rate}, "
        "είναι το αναμενόμενο σκορ σου απέναντι στο {opponent}. Το {target} είναι στον δρόμο."
    ),
    "planner.settle_beyond": (
        "Σταθεροποιείσαι γύρω στο {settle}: το rating όπου το ποσοστό νικών σου, {win_rate}, είναι"
        " το αναμενόμενο σκορ σου απέναντι στο {opponent}. Το {target} είναι πέρα από εκεί: μόνο"
        " ένα σερί τύχης το φτάνει ({share} των πορειών μέσα σε {games:,}"
        " {games:παιχνίδι|παιχνίδια})."
    ),
    "planner.never_settle": (
        "Με ποσοστό νικών {win_rate} δεν σταθεροποιείσαι ποτέ: το rating σου κινείται συνέχεια "
        "προς την ίδια κατεύθυνση."
    ),
    "planner.settling": "Πού σταθεροποιείσαι",
    "planner.settling_help": (
        "R + D·log10(p / (1 − p)): rating αντιπάλων R, διαιρέτης D, ποσοστό νικών p."
    ),
    "planner.reached": "Το φτάνουν μέσα σε {games:,} {games:παιχνίδι|παιχνίδια}",
    "planner.win_rate_used": "Ποσοστό νικών",
    "planner.win_rate_used_help": (
        "Το μερίδιο νικών σου, ή το αναμενόμενο σκορ σου όταν κερδίζεις όσο αναμένεται."
    ),
    "planner.chart_title": "Το rating σου στα επόμενα παιχνίδια",
    "planner.chart_caption": (
        "Η γραμμή είναι ο μέσος όρος {paths:,} {paths:προσομοιωμένης πορείας|προσομοιωμένων"
        " πορειών} από το {rating}: {mean} μετά από {games:,} {games:παιχνίδι|παιχνίδια}, όταν 8"
        " πορείες στις 10 βρίσκονται ανάμεσα στο {low} και στο {high} (η ζώνη, από το 10ο ως το 90ό"
        " εκατοστημόριο). Η διακεκομμένη γραμμή είναι ο στόχος σου, {target}· η χρυσή λωρίδα κάτω"
        " από τη ζώνη σημειώνει τα παιχνίδια με το K βαριάς εβδομάδας."
    ),
    "planner.chart_alt": (
        "Προβλεπόμενο rating από {rating} σε {games:,} {games:παιχνίδι|παιχνίδια} με τη ζώνη του,"
        " και ο στόχος {target}."
    ),
    "planner.chart_games": "Παιχνίδια από τώρα",
    "planner.chart_rating": "Rating",
    "planner.chart_mean": "Μέσο rating",
    "planner.chart_low": "10ο εκατοστημόριο",
    "planner.chart_high": "90ό εκατοστημόριο",
    "planner.chart_heavy": "Το K πέφτει σε βαριά εβδομάδα",
    "planner.chart_heavy_title": "Βαριά εβδομάδα",
    "planner.heavy_weeks": (
        "Από την εβδομάδα {first} και μετά, {threshold:,} ή περισσότερα παιχνίδια κατάταξης"
        " πέφτουν στις 7 ημέρες πριν από κάθε παιχνίδι: εκεί το K είναι {k}."
    ),
    "planner.first_k": (
        "Το K σου στο 1ο παιχνίδι είναι {k}: οι 7 ημέρες πριν από αυτό έχουν {games:,}"
        " {games:παιχνίδι|παιχνίδια} κατάταξης ({threshold:,} ή περισσότερα κάνουν βαριά εβδομάδα)."
    ),
    "planner.k_always": (
        "Το K σου είναι {k} σε κάθε παιχνίδι: το {rules} δεν έχει K βαριάς εβδομάδας."
    ),
    "planner.heavy_all": (
        "Μένει {k}: οι 7 ημέρες πριν από κάθε παιχνίδι έχουν {threshold:,} ή περισσότερα."
    ),
    "planner.heavy_until": (
        "Η βαριά εβδομάδα περνά μετά το παιχνίδι {last} (εβδομάδα {week}): από εκεί και πέρα"
        " το K είναι {usual}."
    ),
    "planner.hold_title": "Το ποσοστό νικών που κρατά το rating σου",
    "planner.hold_caption": (
        "Για κάθε rating αντιπάλου: το αναμενόμενο σκορ σου στο {rating}, και το ποσοστό "
        "ισορροπίας, το μερίδιο νικών με το οποίο το rating σου μένει κατά μέσο όρο ίδιο, με "
        "τις στρογγυλεμένες μεταβολές σε αυτόν τον κύβο και με K {k} ({games:,}"
        " {games:παιχνίδι|παιχνίδια} κατάταξης στις 7 ημέρες πριν από το επόμενο παιχνίδι σου)."
        " Απέναντι στο {opponent} μένεις ίδιος με {hold}."
    ),
    "planner.col_opponent": "Αντίπαλος",
    "planner.col_expected": "Αναμενόμενο σκορ",
    "planner.col_hold": "Ποσοστό νικών για να μείνεις ίδιος",
    "planner.col_hold_short": "Ποσοστό ισορροπίας",
    "planner.performance_title": "Rating απόδοσης σε μια σειρά αποτελεσμάτων",
    "planner.results": (
        "Αντίπαλοι και αποτελέσματα: ΒΑΘΜΟΛΟΓΙΑ ΑΠΟΤΕΛΕΣΜΑ, ένα παιχνίδι ανά γραμμή ή ;"
        " (1, 0 ή 0,5)"
    ),
    "planner.performance": "Rating απόδοσης",
    "planner.performance_caption": (
        "Ένας παίκτης με rating {rating} θα περίμενε ακριβώς το σκορ σου, {score}, σε"
        " {games:αυτό το|αυτά τα} {games:,} {games:παιχνίδι|παιχνίδια} (÷{divisor}, οι κανόνες"
        " πιο πάνω)."
    ),
    "planner.performance_convention": "Rating απόδοσης (σύμβαση)",
    "planner.performance_all_wins": (
        "Όλα τα παιχνίδια νίκες: κανένα πεπερασμένο rating δεν αναμένει αυτό το σκορ. Κατά τη "
        "συνήθη σύμβαση, ο καλύτερος αντίπαλος συν έναν διαιρέτη ({divisor}): {rating}."
    ),
    "planner.performance_all_losses": (
        "Όλα τα παιχνίδια ήττες: κανένα πεπερασμένο rating δεν αναμένει αυτό το σκορ. Κατά τη "
        "συνήθη σύμβαση, ο πιο αδύναμος αντίπαλος μείον έναν διαιρέτη ({divisor}): {rating}."
    ),
    "explain.nav": "Εξήγησε το αποτέλεσμά μου",
    "explain.title": "Γιατί πήρα αυτή τη μεταβολή;",
    "explain.intro": (
        "Κάθε K, κύβος και έκβαση που δίνουν με τους κανόνες ακριβώς τη μεταβολή σου, η πιο "
        "πιθανή πρώτη."
    ),
    "explain.rating": "Το rating σου",
    # Short options: "μετά το παιχνίδι" was cut in the control's third of a 1280-px page.
    "explain.when": "Αυτό το rating είναι πριν ή μετά το παιχνίδι;",
    "explain.when_before": "πριν",
    "explain.when_after": "μετά",
    "explain.change": "Η μεταβολή που πήρες",
    "explain.opponent": "Το rating του αντιπάλου σου",
    "explain.cube": "Κύβος στο τέλος",
    "explain.cube_any": "Δεν ξέρω",
    "explain.invalid": "Αυτό το αποτέλεσμα δεν εξηγείται: {message}",
    "explain.answer_label": "Το πιο πιθανό πίσω από το {change}",
    "explain.answer_line": (
        "{share} των συνδυασμών που το δίνουν, ζυγισμένων με το πόσο συχνά συμβαίνει ο καθένας"
    ),
    "explain.none_label": "Το {change} σου απέναντι στο {opponent}",
    "explain.none_figure": "Καμία ακριβής αντιστοιχία με αυτούς τους κανόνες",
    "explain.none_line": (
        "Κανένα K, κύβος και έκβαση με αυτούς τους κανόνες δεν δίνει ακριβώς αυτή τη μεταβολή."
    ),
    "explain.combo_win": "Νίκη · K {k} · κύβος {cube}",
    "explain.combo_loss": "Ήττα · K {k} · κύβος {cube}",
    "explain.likelihood": "{share} των πιθανών εξηγήσεων",
    "explain.all_title": "Όλες οι εξηγήσεις",
    "explain.all_caption": (
        "Κάθε συνδυασμός K, κύβου και έκβασης που δίνει ακριβώς {change} με τους κανόνες {rules}, "
        "ο πιο πιθανός πρώτος."
    ),
    "explain.reason_win": "Κέρδισες, με αναμενόμενο σκορ {expected}.",
    "explain.reason_loss": "Έχασες, με αναμενόμενο σκορ {expected}.",
    "explain.reason_heavy": (
        "Είχες {threshold:,} ή περισσότερα παιχνίδια κατάταξης στις 7 ημέρες πριν από αυτό το "
        "παιχνίδι, άρα το K σου ήταν {k}."
    ),
    "explain.reason_normal": (
        "Είχες λιγότερα από {threshold:,} παιχνίδια κατάταξης στις 7 ημέρες πριν από αυτό το "
        "παιχνίδι, άρα το K σου ήταν {k}."
    ),
    "explain.reason_k": "Το K σου ήταν {k}.",
    "explain.reason_cube": (
        "Ο κύβος έκλεισε στο {cube}, που πολλαπλασιάζει τη μεταβολή επί {multiplier}."
    ),
    "explain.reason_other": (
        "Με τους κανόνες {name} (÷{divisor}, χωρίς K βαριάς εβδομάδας) το ίδιο "
        "παιχνίδι άξιζε {change}."
    ),
    "explain.none": (
        "Απέναντι στο {opponent}, κανένα K, κύβος και έκβαση με τους κανόνες {rules} δεν δίνει"
        " ακριβώς {change}."
    ),
    "explain.other_unrated": (
        "Ένα ενισχυμένο ή τουρνουά παιχνίδι δεν αλλάζει τίποτα: δίνει {change}."
    ),
    "explain.other_podium": "Ένα έπαθλο βάθρου: η θέση {detail} δημόσιου τουρνουά δίνει {change}.",
    "explain.other_older_rules": (
        "Ένα παιχνίδι με παλαιότερους κανόνες: οι {detail} δίνουν {change}."
    ),
    "explain.also": "Θα μπορούσε να είναι και αυτό: {reason}",
    "explain.nearest_title": "Οι πλησιέστερες εξηγήσεις",
    "explain.nearest_caption": (
        "Οι συνδυασμοί που η μεταβολή τους πλησιάζει περισσότερο τη δική σου."
    ),
    "explain.nearest_off": "{change} από τη δική σου",
    # Rule designer: calibration and sweeps
    "explain.exact_at": (
        "Το {change} θα ήταν ακριβές ως {combination} απέναντι σε αντίπαλο {opponents} ({gap})."
    ),
    "explain.range": "{low}–{high}",
    "explain.range_up": "{low} ή περισσότερο",
    "explain.range_down": "{high} ή λιγότερο",
    "explain.range_any": "οποιονδήποτε",
    "explain.gap_below": "{near}–{far} πόντους κάτω από σένα",
    "explain.gap_below_one": "{near} πόντους κάτω από σένα",
    "explain.gap_below_open": "{near} ή περισσότερους πόντους κάτω από σένα",
    "explain.gap_above": "{near}–{far} πόντους πάνω από σένα",
    "explain.gap_above_one": "{near} πόντους πάνω από σένα",
    "explain.gap_above_open": "{near} ή περισσότερους πόντους πάνω από σένα",
    "explain.gap_around": "από {below} κάτω από σένα ως {above} πάνω",
    "explain.gap_below_short": "{near}–{far} κάτω",
    "explain.gap_below_one_short": "{near} κάτω",
    "explain.gap_below_open_short": "{near}+ κάτω",
    "explain.gap_above_short": "{near}–{far} πάνω",
    "explain.gap_above_one_short": "{near} πάνω",
    "explain.gap_above_open_short": "{near}+ πάνω",
    "explain.gap_around_short": "{below} κάτω – {above} πάνω",
    "explain.where_title": "Πού το {change} σου θα ήταν ακριβές",
    "explain.where_caption": (
        "Κάθε γραμμή: μια έκβαση, ένα K και ένας κύβος, και οι αντίπαλοι με τους οποίους το"
        " {rating} αλλάζει ακριβώς κατά {change} με τους κανόνες {rules} (με τη στρογγυλοποίηση"
        " του server), πρώτα όσοι είναι πιο κοντά στον αντίπαλο που έγραψες."
    ),
    "explain.where_none": (
        "Κανένας αντίπαλος δεν δίνει ακριβώς {change} με τους κανόνες {rules}, με τα K και"
        " τους κύβους που δοκιμάστηκαν."
    ),
    "explain.col_game": "Παιχνίδι",
    "explain.col_opponent": "Αντίπαλος",
    "explain.col_against": "Απόσταση",
    "explain.col_lowest": "Χαμηλότερος αντίπαλος",
    "explain.col_highest": "Υψηλότερος αντίπαλος",
    "designer.nav": "Σχεδιαστής κανόνων",
    "designer.title": "Σχεδιαστής κανόνων: σαρώσεις και βαθμονόμηση",
    "designer.intro": (
        "Δες τι λένε τα πραγματικά ζάρια (ένα πρωτάθλημα που έπαιξε μια μηχανή τάβλι), σάρωσε"
        " ένα πλέγμα κανόνων σε προσομοιωμένες κοινότητες και δες πόσο καλά προέβλεψε κάθε"
        " σύνολο κανόνων ένα ιστορικό παιχνιδιών: η προσαρμογή βρίσκει τον διαιρέτη που θα το"
        " είχε προβλέψει καλύτερα."
    ),
    "designer.upload": "Ιστορικό παιχνιδιών (CSV ή Parquet)",
    "designer.upload_help": (
        "Στήλες time, winner, loser, και προαιρετικά cube, type και prize, όπως στη σελίδα"
        " Ιστορικό."
    ),
    # Τι μπορεί να είναι ένα αρχείο, και πίνακες πολύ μεγάλοι για να φανούν ολόκληροι.
    "upload.limits": (
        "Έως {size} MB, {rows:,} {rows:παιχνίδι|παιχνίδια} και {length:,}"
        " {length:χαρακτήρα|χαρακτήρες} σε κάθε κελί· το είδος του αρχείου διαβάζεται από το"
        " περιεχόμενό του, όποιο κι αν είναι το όνομά του."
    ),
    "upload.sample": "Φαίνονται οι πρώτες {shown} από τις {total} γραμμές.",
    "upload.button": "Ανέβασμα",
    "upload.instructions": "Έως {size} MB ανά αρχείο • CSV, Parquet",
    "upload.sample_download": "Η λήψη τις περιέχει όλες.",
    "designer.cluster_local": (
        "Οι σαρώσεις και οι προσαρμογές εκτελούνται στο δικό σύμπλεγμα αυτού του διακομιστή, με"
        " {workers:,} {workers:διεργασία|διεργασίες} εργασίας, έως {runs:,} τη φορά για όλους τους"
        " αναγνώστες· οι υπόλοιπες περιμένουν τη σειρά τους."
    ),
    "designer.cluster_configured": (
        "Οι σαρώσεις και οι προσαρμογές εκτελούνται στο σύμπλεγμα που έχει ορίσει ο διαχειριστής"
        " αυτού του διακομιστή, έως {runs:,} τη φορά για όλους τους αναγνώστες· οι υπόλοιπες"
        " περιμένουν τη σειρά τους."
    ),
    "designer.cluster_unavailable": (
        "Το σύμπλεγμα που έχει οριστεί για αυτόν τον διακομιστή δεν απάντησε μέσα σε {seconds} δ"
        " (handshake_timeout). Δοκιμάστε ξανά αργότερα."
    ),
    "designer.queue_waiting_one": "Αναμονή για ελεύθερη θέση: 1 εκτέλεση πριν από τη δική σας.",
    "designer.queue_waiting": (
        "Αναμονή για ελεύθερη θέση: {ahead:,} {ahead:εκτέλεση|εκτελέσεις} πριν από τη δική σας."
    ),
    "designer.queue_too_many": (
        "Αυτή η εκτέλεση ζητά {tasks:,} {tasks:εργασία|εργασίες}· ο διακομιστής δέχεται έως"
        " {limit:,} ανά εκτέλεση"
        " (tasks_per_run). Επιλέξτε λιγότερους διαιρέτες, τιμές K ή σπόρους."
    ),
    "designer.queue_session": (
        "Έχετε ήδη μια εκτέλεση σε αναμονή ή σε εξέλιξη (runs_per_session = {limit:,}):"
        " περιμένετε να τελειώσει."
    ),
    "designer.sweep_title": "Σάρωση πλέγματος κανόνων",
    "designer.divisors": "Διαιρέτες D",
    "designer.ks": "Τιμές K",
    "designer.seeds": "Σπόροι ανά σύνολο κανόνων",
    "designer.players": "Παίκτες",
    "designer.weeks": "Εβδομάδες",
    "designer.with_history": "Αναπαραγωγή και του ιστορικού",
    "designer.heavy_on": "K βαριάς εβδομάδας",
    "designer.heavy_k": "Τιμή K βαριάς εβδομάδας",
    "designer.heavy_games": "Από βαθμολογημένα παιχνίδια σε 7 ημέρες",
    "designer.run_sweep": "Εκτέλεση σάρωσης",
    "designer.progress": (
        "{done:Ολοκληρώθηκε|Ολοκληρώθηκαν} {done:,} από {total:,} {total:εργασία|εργασίες}"
    ),
    "designer.sweep_waiting": (
        "Διάλεξε πλέγμα και εκτέλεσε τη σάρωση: οι θερμικοί χάρτες θα φανούν εδώ."
    ),
    "designer.sweep_ran": (
        "{rows:,} {rows:εκτέλεση|εκτελέσεις}: {rule_sets:,} {rule_sets:σύνολο|σύνολα} κανόνων,"
        " το καθένα με {seeds:,} {seeds:σπόρο|σπόρους}· όλα τα σύνολα κανόνων ενός σπόρου"
        " βαθμολογούν τα ίδια παιχνίδια."
    ),
    "designer.heatmap_title": "{metric}, μέσος όρος των σπόρων",
    "designer.heatmap_sentence": (
        "{metric}: υψηλότερο στο ÷{high_divisor}, K {high_k} ({high}) και χαμηλότερο στο"
        " ÷{low_divisor}, K {low_k} ({low})."
    ),
    "designer.metric_iqr": "Διασπορά (ενδοτεταρτημοριακό εύρος)",
    "designer.metric_spearman": "Ακρίβεια κατάταξης (Spearman)",
    "designer.metric_volatility": "Εβδομαδιαία μεταβλητότητα (πόντοι)",
    "designer.metric_top_tenth": "Κορυφαίο δέκατο: νίκες μείον αναμενόμενο",
    "designer.metric_log_loss": "Λογαριθμική απώλεια στο ιστορικό",
    "designer.divisor": "Διαιρέτης D",
    "designer.k": "K",
    "designer.sweep_table": "Όλες οι εκτελέσεις της σάρωσης",
    "designer.download_csv": "Λήψη CSV",
    "designer.download_parquet": "Λήψη Parquet",
    "designer.calibration_title": "Πόσο καλά προέβλεψε κάθε σύνολο κανόνων το ιστορικό",
    "designer.rules": "Σύνολα κανόνων (το τελευταίο είναι η αφετηρία της προσαρμογής)",
    "designer.burn_in": "Προθέρμανση (παιχνίδια)",
    "designer.burn_in_help": (
        "Τα πρώτα βαθμολογημένα παιχνίδια κάθε παίκτη εξαιρούνται: ένα παιχνίδι μετρά όταν"
        " και οι δύο έχουν ήδη τόσα. Το 0 κρατά όλα τα βαθμολογημένα παιχνίδια."
    ),
    "designer.history_sample": (
        "Βαθμολογείται το συνθετικό δείγμα (διάλεξε παραπάνω το έτοιμο πρωτάθλημα ή δικό σου"
        " αρχείο)."
    ),
    "designer.history_upload": "Βαθμολογείται το ιστορικό που ανέβηκε.",
    "designer.scores_title": "Βαθμοί των προβλέψεων κάθε συνόλου κανόνων",
    "designer.games": "Παιχνίδια",
    "designer.log_loss": "Λογαριθμική απώλεια",
    "designer.brier": "Βαθμός Brier",
    "designer.top_expected": "Κορυφαίο δέκατο: αναμενόμενο",
    "designer.top_actual": "Κορυφαίο δέκατο: νίκες",
    "designer.scores_sentence": (
        "Σε {games:,} {games:παιχνίδι|παιχνίδια}, το {best} προέβλεψε καλύτερα (απώλεια"
        " {best_loss}) και το {worst} χειρότερα ({worst_loss})· ένα στρίψιμο νομίσματος δίνει"
        " {coin}."
    ),
    "designer.top_sentence": (
        "Με το {rules}, το κορυφαίο δέκατο κατά rating αναμενόταν να κερδίσει το"
        " {expected} {games:του|των} {games:,} {games:παιχνιδιού|παιχνιδιών} του και κέρδισε το"
        " {actual}."
    ),
    "designer.no_games": "Μετά την προθέρμανση δεν μένει κανένα βαθμολογημένο παιχνίδι.",
    "designer.calibration_chart": "Αναμενόμενο και πραγματικό ποσοστό νικών του φαβορί",
    "designer.calibration_table": "Βαθμονόμηση με το {rules}",
    "designer.col_band": "Ζώνη",
    "designer.calibration_key": (
        "Κάθε ζώνη του αναμενόμενου σκορ του φαβορί: το μέσο αναμενόμενο σκορ των παιχνιδιών της,"
        " το ποσοστό νικών του φαβορί και το διάστημα 95 % του (το CSV μετρά και τα παιχνίδια "
        "κάθε ζώνης)."
    ),
    "designer.bin": "Αναμενόμενο σκορ του φαβορί",
    "designer.expected": "Αναμενόμενο",
    "designer.actual": "Νίκες",
    "designer.interval": "Νίκες: διάστημα 95 %",
    "designer.calibration_sentence": (
        "Με το {rules}, το αναμενόμενο σκορ του φαβορί πέφτει μέσα στο διάστημα 95 % του"
        " πραγματικού ποσοστού σε {inside:,} από {bins:,} {bins:ομάδα|ομάδες}· στο σύνολο"
        " {games:του|των} {games:,} {games:παιχνιδιού|παιχνιδιών}"
        " τα φαβορί αναμενόταν να κερδίσουν το {expected} και κέρδισαν το {actual}."
    ),
    "designer.fit_title": "Ο διαιρέτης που ταιριάζει στο ιστορικό",
    "designer.fit": "Προσαρμογή",
    "designer.fit_divisor": "του διαιρέτη",
    "designer.fit_divisor_k": "του διαιρέτη και του K",
    "designer.run_fit": "Προσαρμογή",
    "designer.fit_stale": (
        "Η προσαρμογή που έτρεξες αφορούσε άλλο ιστορικό, σύνολο κανόνων, προθέρμανση ή άλλη"
        " επιλογή του τι προσαρμόζεται: τρέξ' την ξανά για τα παραπάνω στοιχεία."
    ),
    "designer.sweep_stale": (
        "Η σάρωση που έτρεξες αφορούσε άλλα στοιχεία (το πλέγμα της, ή το ιστορικό και την"
        " προθέρμανση που βαθμολόγησε): τρέξ' την ξανά για αυτά."
    ),
    "designer.fit_progress": (
        "Αναπαραγωγή του ιστορικού με κάθε υποψήφιο: {done:έτοιμος|έτοιμοι} {done:,} από {total:,}"
    ),
    "designer.fit_waiting": (
        "Η προσαρμογή αναπαράγει το ιστορικό με ένα πλέγμα διαιρετών (από το {base}) και κρατά"
        " αυτόν με τη μικρότερη λογαριθμική απώλεια."
    ),
    "designer.fit_chart": "Λογαριθμική απώλεια κάθε υποψηφίου",
    "designer.fit_best": (
        "Το ÷{divisor} με K {k} προβλέπει καλύτερα αυτά τα παιχνίδια (απώλεια {loss}, {gain}"
        " κάτω από το {base_loss} του {base}· ένα στρίψιμο νομίσματος δίνει {coin})."
    ),
    "designer.fit_edge": "Βρίσκεται στο άκρο του εύρους αναζήτησης: το καλύτερο ίσως είναι πέρα.",
    "designer.fit_ratio": "Δηλαδή K/D = {ratio}.",
    "designer.fit_ratio_only": (
        "Για κάθε K ο καλύτερος διαιρέτης κρατά το K/D από {low} έως {high}: για την πρόβλεψη"
        " μετράει μόνο το K/D."
    ),
    "designer.fit_ratio_both": (
        "Το καλύτερο K/D κυμαίνεται από {low} έως {high} ανάλογα με το K: εδώ τα K και D"
        " μετράνε χωριστά."
    ),
    "designer.invalid": "{message}",
    "designer.bad_history": (
        "{rejected:,} από {rows:,} {rows:γραμμή|γραμμές} δεν {rejected:βαθμολογείται|"
        "βαθμολογούνται}· η σελίδα Ιστορικό {rejected:τη|τις} δείχνει με τους λόγους."
    ),
    # Πραγματικά ζάρια: πρωταθλήματα που έπαιξε η μηχανή (ui/league.py)
    "designer.source": "Ιστορικό για τη βαθμονόμηση",
    "designer.source_league": "Έτοιμο πρωτάθλημα (μηχανή, πραγματικά ζάρια)",
    "designer.source_sample": "Συνθετικό δείγμα",
    "designer.source_upload": "Δικό μου αρχείο",
    "designer.history_league": (
        "Βαθμολογείται το έτοιμο πρωτάθλημα: απλά παιχνίδια με χρήματα και με τον κύβο, που τα"
        " έπαιξε η μηχανή (η ενότητα «Πραγματικά ζάρια» παραπάνω λέει πώς)."
    ),
    "designer.fit_interior": (
        "Βρίσκεται μέσα στο εύρος αναζήτησης, όχι στο άκρο του: αυτά τα παιχνίδια δείχνουν αυτόν"
        " τον διαιρέτη και όχι κάποιον πέρα από την αναζήτηση."
    ),
    "history.source_league": "Έτοιμο πρωτάθλημα (μηχανή, πραγματικά ζάρια)",
    "league.title": "Πραγματικά ζάρια: ένα πρωτάθλημα που έπαιξε η μηχανή",
    "league.stronger": "Ισχυρότερο επίπεδο",
    "league.weaker": "Ασθενέστερο επίπεδο",
    "league.games": "Παιχνίδια",
    "league.win_rate": "Νίκες του ισχυρότερου",
    "league.interval": "Διάστημα 95 %",
    "league.cubeless": "Χωρίς κύβο",
    "league.col_levels": "Επίπεδα",
    "league.pair": "{stronger} – {weaker}",
    "league.col_won": "Νίκες",
    "league.col_cubeless": "Χωρίς κύβο",
    "league.wins_key": (
        "Κάθε ζεύγος επιπέδων, πρώτα το ισχυρότερο: τα παιχνίδια που έπαιξαν με τον κύβο, το "
        "ποσοστό νικών του ισχυρότερου και το διάστημα 95 % του."
    ),
    "league.gaps_key": (
        "Τα ίδια ζεύγη: το ποσοστό νικών του ισχυρότερου χωρίς κύβο (όπου παίχτηκε και "
        "πρωτάθλημα χωρίς κύβο) και η διαφορά rating που διαβάζει κάθε διαιρέτης στο ποσοστό "
        "με τον κύβο."
    ),
    "league.gap": "Διαφορά ÷{divisor}",
    "league.level_beginner": "αρχάριος",
    "league.level_casual": "περιστασιακός",
    "league.level_intermediate": "μέσος",
    "league.level_advanced": "προχωρημένος",
    "league.level_expert": "έμπειρος",
    "league.subject_beginner": "Ένας αρχάριος παίκτης",
    "league.subject_casual": "Ένας περιστασιακός παίκτης",
    "league.subject_intermediate": "Ένας παίκτης μέσου επιπέδου",
    "league.subject_advanced": "Ένας προχωρημένος παίκτης",
    "league.subject_expert": "Ένας έμπειρος παίκτης",
    "league.object_beginner": "έναν αρχάριο",
    "league.object_casual": "έναν περιστασιακό παίκτη",
    "league.object_intermediate": "έναν παίκτη μέσου επιπέδου",
    "league.object_advanced": "έναν προχωρημένο",
    "league.object_expert": "έναν έμπειρο",
    "league.sentence": (
        "{stronger} κερδίζει {tenths} στα 10 απλά παιχνίδια απέναντι σε {weaker} με τον κύβο (σε"
        " {games:,} {games:παιχνίδι|παιχνίδια})· το ÷1200 το διαβάζει ως διαφορά {gap_1200} βαθμών"
        " (÷800: {gap_800}, ÷400: {gap_400})."
    ),
    "league.sentence_all": (
        "{stronger} κέρδισε (ή έχασε) και {games:το|τα} {games:,} {games:παιχνίδι|παιχνίδια}"
        " απέναντι σε {weaker}: καμία πεπερασμένη διαφορά rating δεν το δίνει, με κανέναν διαιρέτη."
    ),
    "league.no_pairs": "Δύο διαφορετικά επίπεδα δεν συναντήθηκαν σε αυτά τα παιχνίδια.",
    "league.provenance": (
        "Το έπαιξε το {engine} {version} στα επίπεδα του GNU Backgammon ({levels})· {players:,}"
        " {players:παίκτης|παίκτες}, {games:,} {games:παιχνίδι|παιχνίδια} σε {weeks} εβδομάδες·"
        " σπόρος {seed}· φτιάχτηκε {made}."
    ),
    "league.not_shipped": (
        "Το έτοιμο ιστορικό πρωταθλήματος λείπει από αυτή την εγκατάσταση· χρησιμοποιείται το"
        " συνθετικό δείγμα."
    ),
    "league.live_title": "Παίξε τώρα ένα μικρό πρωτάθλημα",
    "league.players": "Παίκτες",
    "league.games_input": "Παιχνίδια",
    "league.levels": "Επίπεδα",
    "league.preset_club": "Σύλλογος: αρχάριοι 40 %, μέσοι 30 %, προχωρημένοι 20 %, έμπειροι 10 %",
    "league.preset_five": "Και τα πέντε επίπεδα, 20 % το καθένα",
    "league.preset_two": "Μέσοι 50 %, έμπειροι 50 %",
    "league.seed": "Σπόρος",
    "league.run": "Παίξε το πρωτάθλημα",
    "league.live_limits": (
        "Το πολύ {players:,} {players:παίκτης|παίκτες} και {games:,} {games:παιχνίδι|παιχνίδια}"
        " ανά πρωτάθλημα σε αυτόν τον διακομιστή· ο ίδιος σπόρος ρίχνει τα ίδια ζάρια."
    ),
    "league.progress": "Παίχτηκαν {played:,} από {total:,} {total:παιχνίδι|παιχνίδια}",
    "league.live_waiting": (
        "Διάλεξε ένα πρωτάθλημα και παίξ' το: ο πίνακας με τα ποσοστά νικών εμφανίζεται εδώ."
    ),
    "league.live_ran": (
        "Το πρωτάθλημά σου: {games:,} {games:παιχνίδι|παιχνίδια} ανάμεσα σε {players:,}"
        " {players:παίκτη|παίκτες}, με τον κύβο."
    ),
    "league.too_many_players": (
        "Αυτό το πρωτάθλημα ζητά {players:,} {players:παίκτη|παίκτες}· αυτός ο διακομιστής παίζει"
        " το πολύ {limit:,}"
        " (league_players). Διάλεξε λιγότερους παίκτες."
    ),
    "league.too_many_games": (
        "Αυτό το πρωτάθλημα ζητά {games:,} {games:παιχνίδι|παιχνίδια}· αυτός ο διακομιστής παίζει"
        " το πολύ {limit:,}"
        " ανά πρωτάθλημα (league_games). Διάλεξε λιγότερα παιχνίδια."
    ),
    "league.no_engine": "Για να παιχτεί πρωτάθλημα χρειάζεται η μηχανή τάβλι: {install}",
}
