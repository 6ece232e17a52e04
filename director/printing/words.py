"""The words printed on the documents, per language (suit names first of all).

Add a language by adding one ``Words`` entry to ``LANGUAGES``. Ranks stay A K Q J 10 … in every
language (they are what the cards show in the clubs we print for); only words change.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    code: str
    language: str
    suits: dict[str, str]  # S H D C → suit name, also the seat's name
    game_set: str  # "Set {n}"
    deal: str  # "Deal {n}"
    deal_prefix: str  # one letter: "D" in "D2♦" (deal 2, Diamonds player)
    dealer: str  # label before the dealer's seat
    leader: str  # label before the seat that leads to the first trick
    cards: str  # "{n} cards"
    clockwise: str  # label before the seating order
    first_dealer: str
    duplication_title: str
    duplication_help: str  # how to use the sheet; {example} is a hand token such as "D2♦"
    duplication_example: str  # what the example token means
    check_title: str
    hand_record_title: str
    commitment: str  # "{n}" = number of sets the hash covers
    own: str  # per-hand statistic: cards of the seat's own suit
    partner: str  # … of the partner's suit
    game_totals: str  # heading of the per-seat totals over the four deals
    analysis: str
    no_analysis: str
    expected_net: str
    majors: str
    minors: str
    lopsided: str
    # "{side} {net}": which side the set favours, by how much; "{margin}", "{confidence}": the
    # analysis's 95 % margin and how sure it is of the side; "{tail}": share of uniformly dealt sets
    # that lean as far
    favours: str
    favours_surely: str  # appended when the analysis rests on two games or more
    lean_as_far: str
    favours_neither: str
    yes: str
    no: str
    of_sets: str  # "{n} of {total}"


ENGLISH = Words(
    code="en",
    language="English",
    suits={"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"},
    game_set="Set {n}",
    deal="Deal {n}",
    deal_prefix="D",
    dealer="Dealer",
    leader="Leads",
    cards="{n} cards",
    clockwise="Clockwise",
    first_dealer="First dealer",
    duplication_title="Duplication sheet",
    duplication_help="Sort the 208 cards by suit and rank, then put each card's four copies into the hands listed.",
    duplication_example="{example} = deal 2, {seat} player.",
    check_title="Check each hand before closing its envelope (13 cards)",
    hand_record_title="Hand record",
    commitment="Commitment (SHA-256 over the {n} sets of this session)",
    own="own",
    partner="partner",
    game_totals="Own-suit cards over the game (of 52)",
    analysis="Analysis",
    no_analysis="No analysis supplied.",
    expected_net="Expected net",
    majors="Majors",
    minors="Minors",
    lopsided="Lopsided",
    favours="Favours the {side} by {net}",
    favours_surely=" ± {margin} ({confidence} sure)",
    lean_as_far="; {tail} of uniformly dealt sets lean as far",
    favours_neither="Favours neither side",
    yes="yes",
    no="no",
    of_sets="{n} of {total}",
)

FRENCH = Words(
    code="fr",
    language="Français",
    suits={"S": "Pique", "H": "Cœur", "D": "Carreau", "C": "Trèfle"},
    game_set="Jeu {n}",
    deal="Donne {n}",
    deal_prefix="D",
    dealer="Donneur",
    leader="Entame",
    cards="{n} cartes",
    clockwise="Sens horaire",
    first_dealer="Premier donneur",
    duplication_title="Feuille de duplication",
    duplication_help="Triez les 208 cartes par couleur et par rang, puis placez les quatre exemplaires de chaque "
    "carte dans les mains indiquées.",
    duplication_example="{example} = donne 2, joueur {seat}.",
    check_title="Vérifiez chaque main avant de fermer son enveloppe (13 cartes)",
    hand_record_title="Relevé des donnes",
    commitment="Engagement (SHA-256 des {n} jeux de la séance)",
    own="sa couleur",
    partner="partenaire",
    game_totals="Cartes de sa propre couleur sur la partie (sur 52)",
    analysis="Analyse",
    no_analysis="Aucune analyse fournie.",
    expected_net="Écart attendu",
    majors="Majeures",
    minors="Mineures",
    lopsided="Déséquilibré",
    favours="Favorise les {side} de {net}",
    favours_surely=" ± {margin} (sûr à {confidence})",
    lean_as_far=" ; {tail} des jeux donnés au hasard penchent autant",
    favours_neither="Ne favorise aucun camp",
    yes="oui",
    no="non",
    of_sets="{n} sur {total}",
)

SPANISH = Words(
    code="es",
    language="Español",
    suits={"S": "Picas", "H": "Corazones", "D": "Diamantes", "C": "Tréboles"},
    game_set="Juego {n}",
    deal="Reparto {n}",
    deal_prefix="R",
    dealer="Reparte",
    leader="Sale",
    cards="{n} cartas",
    clockwise="Sentido horario",
    first_dealer="Primer repartidor",
    duplication_title="Hoja de duplicación",
    duplication_help="Ordene las 208 cartas por palo y valor; luego ponga las cuatro copias de cada carta en las "
    "manos indicadas.",
    duplication_example="{example} = reparto 2, jugador de {seat}.",
    check_title="Compruebe cada mano antes de cerrar su sobre (13 cartas)",
    hand_record_title="Registro de manos",
    commitment="Compromiso (SHA-256 de los {n} juegos de la sesión)",
    own="propias",
    partner="compañero",
    game_totals="Cartas del palo propio en la partida (de 52)",
    analysis="Análisis",
    no_analysis="Sin análisis.",
    expected_net="Neto esperado",
    majors="Mayores",
    minors="Menores",
    lopsided="Desequilibrado",
    favours="Favorece a los {side} por {net}",
    favours_surely=" ± {margin} (certeza {confidence})",
    lean_as_far="; el {tail} de los juegos al azar se inclina tanto",
    favours_neither="No favorece a ningún bando",
    yes="sí",
    no="no",
    of_sets="{n} de {total}",
)

LANGUAGES: dict[str, Words] = {words.code: words for words in (ENGLISH, FRENCH, SPANISH)}


@dataclass(frozen=True)
class EventWords:
    """Words of the event documents (scoresheets, tally cards, guide cards, results)."""

    game: str  # "Game {n}"
    table: str  # "Table {n}"
    partnership: str  # "Pair {n}"
    bye: str  # sits out this game
    scoresheet_title: str
    player: str
    calypsoes: str  # completed calypsoes (count)
    calypso_points: str
    unfinished: str  # cards in the unfinished calypso
    times_20: str
    revokes: str
    trick_pile: str  # cards in the partnership's trick pile
    opponents_revokes: str
    total: str
    net: str  # "Net for the majors (majors − minors)"
    net_short: str  # column heading
    card_check: str
    check_calypsoes: str
    check_unfinished: str
    check_piles: str
    signatures: str
    points_help: str
    out_first: str  # "out in deal 1"
    sit_out: str  # "Sit-out order"
    tally_title: str
    seat: str
    opponents: str
    running: str
    guide_title: str
    game_set: str  # column heading
    next_game: str  # where a side goes for the next game
    stays: str
    scan: str  # beside the QR code
    to_be_seated: str
    results_title: str
    standings: str
    rank: str
    games: str
    percent: str
    traveller: str  # "Traveller · Set {n}"
    top: str  # "Top {n}"
    score: str
    matchpoints: str
    chart_title: str
    zero_sum_ok: str
    zero_sum_off: str  # "{total}", "{expected}", "{difference}"
    sum_ok: str  # the totals of a night with tables of five: "{total}", "{tables}" (each a ``sum_where``)
    sum_where: str  # "{game}", "{table}", "{net}"
    sum_cancel: str  # tables of five whose nets cancel out: "{tables}" (each a ``sum_where``)
    # sheets of individual scores (a trick pile and a score per player); what only one kind of sheet
    # prints is in its folder (director/sheets/<kind>/printed.py, ``WORDS``)
    own_pile: str  # the player's own trick pile (cards)
    check_all_piles: str
    own_score_help: str  # how a player's own score is made up
    others: str  # tally card heading: the other players at the table
    histograms_title: str  # the per-game score histograms of a progressive event


EVENT_WORDS: dict[str, EventWords] = {
    "en": EventWords(
        game="Game {n}",
        table="Table {n}",
        partnership="Pair {n}",
        bye="sits out",
        scoresheet_title="Scoresheet",
        player="Player",
        calypsoes="Calypsoes",
        calypso_points="Calypso points",
        unfinished="Unfinished cards",
        times_20="× 20",
        revokes="Revokes",
        trick_pile="Trick pile: cards × 10",
        opponents_revokes="Opponents' revokes × 260",
        total="Total",
        net="Net for ♠♥ (♠♥ total − ♦♣ total)",
        net_short="Net",
        card_check="Card check",
        check_calypsoes="13 × calypsoes",
        check_unfinished="unfinished cards",
        check_piles="both trick piles",
        signatures="Agreed by",
        points_help="Calypsoes: 1st 500, 2nd 750, 3rd and later 1000 each · unfinished card 20 · trick-pile card 10"
        " · each revoke gives the other side 260",
        out_first="out in deal 1",
        sit_out="Sit-out order",
        tally_title="Tally card",
        seat="Seat",
        opponents="Opponents",
        running="Running total",
        guide_title="Table guide",
        game_set="Set",
        next_game="Next game",
        stays="stays",
        scan="Scan to enter this table's score",
        to_be_seated="to be seated by the director",
        results_title="Results",
        standings="Standings",
        rank="Rank",
        games="Games",
        percent="%",
        traveller="Traveller · Set {n}",
        top="top {n}",
        score="Score",
        matchpoints="MP",
        chart_title="Running totals",
        zero_sum_ok="Check: the totals add up to zero.",
        zero_sum_off="Sum check: the totals add up to {total}, not {expected}: a figure is wrong by {difference}"
        " somewhere.",
        sum_ok="Sum check: the totals add up to {total}, as they must. They cannot add up to 0: at a table of five"
        " each player of the side of three scores the side's net and each of the side of two its negative, so"
        " the table adds its side of three's net once ({tables}). Every other table adds up to 0.",
        sum_where="game {game} table {table}: {net}",
        sum_cancel="Sum check: the totals add up to 0, as they must, though not table by table: at a table of"
        " five each player of the side of three scores the side's net and each of the side of two its negative,"
        " so the table adds its side of three's net once ({tables}), and these cancel out. Every other table"
        " adds up to 0.",
        own_pile="Own trick pile",
        check_all_piles="all trick piles",
        own_score_help="Score = calypsoes (1st 500, 2nd 750, 3rd and later 1000 each) + unfinished card 20"
        " + own trick-pile card 10 + 260 for each revoke by another player",
        others="Other players",
        histograms_title="Scores, game by game",
    ),
    "fr": EventWords(
        game="Partie {n}",
        table="Table {n}",
        partnership="Paire {n}",
        bye="au repos",
        scoresheet_title="Feuille de marque",
        player="Joueur",
        calypsoes="Calypsos",
        calypso_points="Points de calypsos",
        unfinished="Cartes du calypso en cours",
        times_20="× 20",
        revokes="Renonces",
        trick_pile="Tas de plis : cartes × 10",
        opponents_revokes="Renonces adverses × 260",
        total="Total",
        net="Écart pour ♠♥ (total ♠♥ − total ♦♣)",
        net_short="Écart",
        card_check="Contrôle des cartes",
        check_calypsoes="13 × calypsos",
        check_unfinished="cartes en cours",
        check_piles="les deux tas de plis",
        signatures="Approuvé par",
        points_help="Calypsos : 1er 500, 2e 750, 3e et suivants 1000 chacun · carte en cours 20 · carte du tas 10"
        " · chaque renonce rapporte 260 au camp adverse",
        out_first="au repos à la donne 1",
        sit_out="Ordre de repos",
        tally_title="Carte de marque",
        seat="Place",
        opponents="Adversaires",
        running="Cumul",
        guide_title="Guide de table",
        game_set="Jeu",
        next_game="Partie suivante",
        stays="reste",
        scan="Scannez pour saisir la marque de cette table",
        to_be_seated="placement par l'arbitre",
        results_title="Résultats",
        standings="Classement",
        rank="Rang",
        games="Parties",
        percent="%",
        traveller="Feuille ambulante · Jeu {n}",
        top="top {n}",
        score="Marque",
        matchpoints="PM",
        chart_title="Cumuls",
        zero_sum_ok="Contrôle : la somme des totaux est nulle.",
        zero_sum_off="Contrôle : la somme des totaux est {total}, et non {expected} : un chiffre est faux de"
        " {difference}.",
        sum_ok="Contrôle : la somme des totaux est {total}, comme il se doit. Elle ne peut être nulle : à une table"
        " de cinq, chaque joueur du camp de trois marque l'écart du camp et chaque joueur du camp de deux son"
        " opposé, si bien que la table ajoute une fois l'écart du camp de trois ({tables}). Toute autre table"
        " fait zéro.",
        sum_where="partie {game} table {table} : {net}",
        sum_cancel="Contrôle : la somme des totaux est nulle, comme il se doit, mais pas table par table : à une"
        " table de cinq, chaque joueur du camp de trois marque l'écart du camp et chaque joueur du camp de deux"
        " son opposé, si bien que la table ajoute une fois l'écart du camp de trois ({tables}), et ces écarts"
        " s'annulent. Toute autre table fait zéro.",
        own_pile="Son tas de plis",
        check_all_piles="tous les tas de plis",
        own_score_help="Marque = calypsos (1er 500, 2e 750, 3e et suivants 1000 chacun) + carte en cours 20"
        " + carte de son tas 10 + 260 pour chaque renonce d'un autre joueur",
        others="Autres joueurs",
        histograms_title="Les marques, partie par partie",
    ),
    "es": EventWords(
        game="Partida {n}",
        table="Mesa {n}",
        partnership="Pareja {n}",
        bye="descansa",
        scoresheet_title="Hoja de anotación",
        player="Jugador",
        calypsoes="Calypsos",
        calypso_points="Puntos de calypsos",
        unfinished="Cartas del calypso en curso",
        times_20="× 20",
        revokes="Renuncios",
        trick_pile="Montón de bazas: cartas × 10",
        opponents_revokes="Renuncios rivales × 260",
        total="Total",
        net="Neto para ♠♥ (total ♠♥ − total ♦♣)",
        net_short="Neto",
        card_check="Control de cartas",
        check_calypsoes="13 × calypsos",
        check_unfinished="cartas en curso",
        check_piles="los dos montones",
        signatures="Conforme",
        points_help="Calypsos: 1.º 500, 2.º 750, 3.º y siguientes 1000 cada uno · carta en curso 20 · carta del"
        " montón 10 · cada renuncio da 260 al otro bando",
        out_first="descansa en el reparto 1",
        sit_out="Orden de descanso",
        tally_title="Tarjeta de anotación",
        seat="Puesto",
        opponents="Rivales",
        running="Acumulado",
        guide_title="Guía de mesa",
        game_set="Juego",
        next_game="Siguiente partida",
        stays="se queda",
        scan="Escanee para anotar el resultado de esta mesa",
        to_be_seated="lo asigna el director",
        results_title="Resultados",
        standings="Clasificación",
        rank="Puesto",
        games="Partidas",
        percent="%",
        traveller="Planilla · Juego {n}",
        top="top {n}",
        score="Tanteo",
        matchpoints="PM",
        chart_title="Acumulados",
        zero_sum_ok="Control: los totales suman cero.",
        zero_sum_off="Control: los totales suman {total}, no {expected}: una cifra está mal por {difference}.",
        sum_ok="Control: los totales suman {total}, como deben. No pueden sumar cero: en una mesa de cinco cada"
        " jugador del bando de tres anota la diferencia del bando y cada uno del bando de dos su contraria, así"
        " que la mesa suma una vez la diferencia del bando de tres ({tables}). Todas las demás mesas suman cero.",
        sum_where="partida {game} mesa {table}: {net}",
        sum_cancel="Control: los totales suman cero, como deben, pero no mesa por mesa: en una mesa de cinco cada"
        " jugador del bando de tres anota la diferencia del bando y cada uno del bando de dos su contraria, así"
        " que la mesa suma una vez la diferencia del bando de tres ({tables}), y estas se anulan. Todas las"
        " demás mesas suman cero.",
        own_pile="Su montón de bazas",
        check_all_piles="todos los montones",
        own_score_help="Tanteo = calypsos (1.º 500, 2.º 750, 3.º y siguientes 1000 cada uno) + carta en curso 20"
        " + carta de su montón 10 + 260 por cada renuncio de otro jugador",
        others="Otros jugadores",
        histograms_title="Tanteos, partida a partida",
    ),
}
