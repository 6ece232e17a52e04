"""The words of a results message, in the languages the printed documents have (printing.words):
the event's language is that of its latest printed documents, English by default."""

from __future__ import annotations

WORDS = {
    "en": {
        "subject": "{event}: your results",
        "corrected_subject": "{event}: corrected results",
        "hello": "Hello {name},",
        "intro": "your results at {event} ({club}, {date}):",
        "corrected": "The results were corrected after we wrote to you; these are the figures now.",
        "place": "Place",
        "of": "of",
        "game": "Game",
        "total": "Total",
        "standings": "The standings",
        "card": "Your score card is attached (PDF).",
        "unsubscribe": "To stop receiving results by e-mail",
    },
    "fr": {
        "subject": "{event} : vos résultats",
        "corrected_subject": "{event} : résultats corrigés",
        "hello": "Bonjour {name},",
        "intro": "vos résultats à {event} ({club}, {date}) :",
        "corrected": "Les résultats ont été corrigés depuis notre message ; voici les chiffres actuels.",
        "place": "Place",
        "of": "sur",
        "game": "Partie",
        "total": "Total",
        "standings": "Le classement",
        "card": "Votre feuille de marque est jointe (PDF).",
        "unsubscribe": "Pour ne plus recevoir les résultats par e-mail",
    },
    "es": {
        "subject": "{event}: sus resultados",
        "corrected_subject": "{event}: resultados corregidos",
        "hello": "Hola, {name}:",
        "intro": "sus resultados en {event} ({club}, {date}):",
        "corrected": "Los resultados se corrigieron después de nuestro mensaje; estas son las cifras actuales.",
        "place": "Puesto",
        "of": "de",
        "game": "Partida",
        "total": "Total",
        "standings": "La clasificación",
        "card": "Su tarjeta de puntuación va adjunta (PDF).",
        "unsubscribe": "Para dejar de recibir los resultados por correo",
    },
}


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])
