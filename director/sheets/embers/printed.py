"""The Embers score pad on paper: one page per table per game of an Embers night (docs/variants.md,
"Embers at the club").

A row a hand, up to the night's hands a game (``Kind.hands``): per seat the calypsoes completed in
the hand and the cards in the player's calypso in progress at its end (the green room), the two
trick piles of the hand (the sin bin), the revokes, each side's points for the hand and its running
total; then the cards in progress after the last hand (20 a card) and the final totals; the hand's
card check written out as a sum the table can do; the night's packs, its fire hand(s) and what is
kept from the first ember hand on (``procedure``); a line for each side to sign. The boxes are the
phone's and the director's page's, in the same order.
"""

from __future__ import annotations

from director.printing import layout
from director.printing.canvas import Batch
from director.printing.data import DIRECTIONS, Play
from director.printing.event_sheet import header, help_lines, pair_symbols, side_label, signatures, write_box
from director.printing.options import PrintOptions
from scoring.cards import SUITS
from scoring.embers import HAND_CARDS
from scoring.scores import CALYPSO_CARDS, TRICK_PILE_POINTS, UNFINISHED_POINTS

WORDS = {
    "en": {
        "title": "Embers score pad",
        "hand": "Hand",
        "calypsoes": "Cal.",
        "progress": "In prog.",
        "pile": "Pile",
        "revokes": "Revokes",
        "points": "Points",
        "total": "Total",
        "end": "Cards in progress after the last hand, {points} a card",
        "final": "Final totals",
        "check": "Each hand: {calypso} × calypsoes completed + (cards in progress now − after the hand before)"
        " + both trick piles = {cards}. Points: {pile} a trick-pile card; a player's calypsoes 500, 750, then"
        " 1000 each over the game; 260 to the other side a revoke.",
        "packs": "{packs} packs ({deck} cards), shuffled together once before hand 1.",
        "fire_one": "Hand 1 is the fire, played as usual: its trick piles stay in front of the sides and its"
        " completed calypsoes are set aside; hand 2 is dealt from the cards not yet dealt.",
        "fire_many": "Hands 1 to {fire} are the fire hands, played as usual: their trick piles stay in front of"
        " the sides, their completed calypsoes are set aside, and each next hand is dealt from the cards not yet"
        " dealt.",
        "keeping": "From the end of hand {first} (the first ember hand) on, at the end of each hand: keep each"
        " player's calypso in progress face up in front of them (the green room): it is never dealt again. The"
        " completed calypsoes go back to the pack. Every trick pile on the table goes face down beside the"
        " dealer (the sin bin), sits out the next hand, then is shuffled back in. At every hand's end the"
        " {deck} cards are all in the pack, the green room, the sin bin or the piles and calypsoes set aside.",
    },
    "fr": {
        "title": "Feuille de marque Embers",
        "hand": "Donne",
        "calypsoes": "Cal.",
        "progress": "En cours",
        "pile": "Tas",
        "revokes": "Renonces",
        "points": "Points",
        "total": "Total",
        "end": "Cartes en cours après la dernière donne, {points} la carte",
        "final": "Totaux finaux",
        "check": "Chaque donne : {calypso} × calypsos réalisés + (cartes en cours maintenant − après la donne"
        " précédente) + les deux tas de plis = {cards}. Points : {pile} la carte du tas ; les calypsos d'un joueur"
        " 500, 750, puis 1000 chacun sur la partie ; 260 au camp adverse par renonce.",
        "packs": "{packs} paquets ({deck} cartes), mélangés ensemble une fois avant la donne 1.",
        "fire_one": "La donne 1 est le feu, jouée normalement : ses tas de plis restent devant les camps et ses"
        " calypsos réalisés sont mis de côté ; la donne 2 est distribuée avec les cartes pas encore distribuées.",
        "fire_many": "Les donnes 1 à {fire} sont les donnes de feu, jouées normalement : leurs tas de plis restent"
        " devant les camps, leurs calypsos réalisés sont mis de côté, et chaque donne suivante est distribuée avec"
        " les cartes pas encore distribuées.",
        "keeping": "À partir de la fin de la donne {first} (la première donne de braises), à la fin de chaque"
        " donne : chaque joueur garde son calypso en cours face visible devant lui (le salon vert) : il n'est"
        " jamais redistribué. Les calypsos réalisés retournent au paquet. Tous les tas de plis sur la table vont"
        " face cachée à côté du donneur (le banc des pénalités), restent hors jeu la donne suivante, puis sont"
        " remélangés. À la fin de chaque donne, les {deck} cartes sont toutes dans le paquet, le salon vert, le"
        " banc des pénalités ou les tas et calypsos mis de côté.",
    },
    "es": {
        "title": "Hoja de anotación Embers",
        "hand": "Mano",
        "calypsoes": "Cal.",
        "progress": "En curso",
        "pile": "Montón",
        "revokes": "Renuncios",
        "points": "Puntos",
        "total": "Total",
        "end": "Cartas en curso tras la última mano, {points} por carta",
        "final": "Totales finales",
        "check": "Cada mano: {calypso} × calypsos completados + (cartas en curso ahora − tras la mano anterior)"
        " + los dos montones = {cards}. Puntos: {pile} por carta del montón; los calypsos de un jugador 500, 750"
        " y luego 1000 cada uno en la partida; 260 al otro bando por renuncio.",
        "packs": "{packs} barajas ({deck} cartas), mezcladas juntas una vez antes de la mano 1.",
        "fire_one": "La mano 1 es el fuego, jugada como siempre: sus montones se quedan delante de los bandos y"
        " sus calypsos completados se apartan; la mano 2 se reparte con las cartas aún no repartidas.",
        "fire_many": "Las manos 1 a {fire} son las manos de fuego, jugadas como siempre: sus montones se quedan"
        " delante de los bandos, sus calypsos completados se apartan, y cada mano siguiente se reparte con las"
        " cartas aún no repartidas.",
        "keeping": "Desde el final de la mano {first} (la primera mano de brasas), al final de cada mano: cada"
        " jugador deja su calypso en curso boca arriba ante sí (la sala verde): nunca se vuelve a repartir. Los"
        " calypsos completados vuelven a la baraja. Todos los montones de la mesa van boca abajo junto al"
        " repartidor (el banquillo), no entran en la mano siguiente y luego se vuelven a barajar. Al final de"
        " cada mano las {deck} cartas están todas en la baraja, la sala verde, el banquillo o los montones y"
        " calypsos apartados.",
    },
}
"""The pad's title, the columns' headings, the end's rows ("end": {points} a card in progress), the
card check ({calypso} cards a calypso, {cards} a hand, {pile} points a trick-pile card), the packs
({packs}, {deck} cards), the fire hand(s) first ({fire} of them) and how the green room and sin bin
are kept from the end of the first ember hand ({first}), per print language."""

# column widths as fractions: hand, 4 × (calypsoes, in progress), 2 piles, revokes, 2 points, 2 totals
FRACTIONS = (0.055, *(0.052, 0.062) * 4, 0.07, 0.07, 0.075, 0.085, 0.085, 0.095, 0.095)
MIN_ROW = 20.0


def draw(kind, batch: Batch, play: Play, options: PrintOptions) -> None:
    """One table's pad for one game, in the print language."""
    ew, said, hands = options.event_words, WORDS[options.lang], kind.hands
    end = said["end"].format(points=UNFINISHED_POINTS)
    lay = layout.EVENT_SHEET
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    y = header(batch, f"{said['title']} · {ew.table.format(n=play.table)}", ew.game.format(n=play.round), options.event)
    for direction in DIRECTIONS:  # who is who: each side's names
        y -= lay.heading_size + 4
        side_label(batch, play.side(direction), direction, ew, left, right, y)
    y -= 12
    total = sum(FRACTIONS)
    xs, x = [], left
    for fraction in FRACTIONS:
        xs.append((x, room * fraction / total))
        x += room * fraction / total
    y = _headings(batch, xs, y, said)
    row = max(MIN_ROW, min(lay.row, (y - 260) / max(hands, 1)))
    inset = lay.box_inset
    for number in range(1, hands + 1):
        bottom = y - row
        hx, hw = xs[0]
        batch.text(hx + hw / 2, bottom + row / 2 - 4, str(number), layout.BOLD, lay.name_size, align="centre")
        for bx, bw in xs[1:]:
            write_box(batch, bx + inset, bottom + inset, bw - 2 * inset, row - 2 * inset)
        y = bottom
    batch.line(left, y - 3, right, y - 3, color=layout.BLACK, weight=0.9)
    y -= 10
    for text, columns, bold in ((end, xs[-4:-2], False), (said["final"], xs[-2:], True)):
        bottom = y - lay.row
        first = columns[0][0]
        size = batch.fit(text, layout.BOLD, lay.label_size + 1.5, first - left - 8)
        batch.text(first - 6, bottom + lay.row / 2 - 3, text, layout.BOLD, size, align="right")
        for bx, bw in columns:
            write_box(batch, bx + inset, bottom + inset, bw - 2 * inset, lay.row - 2 * inset, bold=bold)
        y = bottom - 2
    y -= 8
    check = said["check"].format(calypso=CALYPSO_CARDS, cards=HAND_CARDS, pile=TRICK_PILE_POINTS)
    for paragraph in (check, *procedure(kind.settings, said)):
        y = help_lines(batch, paragraph, left, room, y, lay.help_size) - 4
    signatures(batch, ew, left, right, y - 16)


def procedure(game, said: dict) -> tuple[str, ...]:
    """How the night's game goes, in the print language: its packs, then the fire hand(s) first, then
    what is kept from the end of the first ember hand (``game``: the kind's ``EmbersSettings``)."""
    figures = {"packs": game.packs, "deck": game.deck, "fire": game.fire_hands, "first": game.first_ember_hand}
    fire = said["fire_one"] if game.fire_hands == 1 else said["fire_many"]
    return tuple(text.format(**figures) for text in (said["packs"], fire, said["keeping"]))


def _headings(batch: Batch, xs: list[tuple[float, float]], y: float, said: dict) -> float:
    """Two heading rows: the seats (and sides) over their columns, then what each column holds."""
    lay = layout.EVENT_SHEET
    size = lay.label_size
    top = y - size - 2
    for i, suit in enumerate(SUITS):
        (x1, w1), (_, w2) = xs[1 + 2 * i], xs[2 + 2 * i]
        batch.symbol(x1 + (w1 + w2) / 2 - size / 2, top, suit, size + 2, layout.BOLD)
    for (x, w), direction in zip(xs[9:11], DIRECTIONS, strict=True):
        pair_symbols(batch, x + w / 2 - size, top, direction, size + 1)
    for columns in (xs[12:14], xs[14:16]):
        for (x, w), direction in zip(columns, DIRECTIONS, strict=True):
            pair_symbols(batch, x + w / 2 - size, top, direction, size + 1)
    pile, points, total = said["pile"], said["points"], said["total"]
    labels = [said["hand"], *(said["calypsoes"], said["progress"]) * 4, pile, pile, said["revokes"], points, points]
    labels += [total, total]
    low = top - size - 4
    for (x, w), label in zip(xs, labels, strict=True):
        fitted = batch.fit(label, layout.REGULAR, size, w - 2)
        batch.text(x + w / 2, low, label, layout.REGULAR, fitted, layout.GREY, align="centre")
    return low - 6
