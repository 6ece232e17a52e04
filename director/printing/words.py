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
    yes="sí",
    no="no",
    of_sets="{n} de {total}",
)

LANGUAGES: dict[str, Words] = {words.code: words for words in (ENGLISH, FRENCH, SPANISH)}
