"""The audit log read as sentences: what an entry says happened, in the director's words, built
from its action and the ``before``/``after`` values its service wrote — never the raw values.

``read(entry)`` gives the sentence and, for an entry that carries a scoresheet (a table's sheet,
a disputing side's proposal), that sheet to lay out as sheet history does. Every action in
``services.ACTIONS`` has a sentence here; an unknown action or a value of an unexpected shape
still reads as words ("x: 1"), never as a dict.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scoring.cards import SIDE_SYMBOLS

SIDES = {side: f"{symbols} pair" for side, symbols in SIDE_SYMBOLS.items()}
SWITCHES = {
    "standings_released": "the standings",
    "scorecards_released": "the scorecards",
    "travellers_released": "the travellers",
    "hands_released": "the hands",
}
PLAYER_FIELDS = {
    "name": "name",
    "external_id": "membership number",
    "active": "active",
    "email": "e-mail address",
    "email_consent": "consent to results by e-mail",
    "email_consent_how": "how they consented",
}
STATUS_WORDS = {
    "submitted": "waiting for the opponents",
    "confirmed": "confirmed",
    "disputed": "disputed",
    "superseded": "replaced",
}


@dataclass(frozen=True)
class Reading:
    sentence: str
    sheet: dict | None = None  # a scoresheet to lay out under the sentence
    sheet_label: str = ""
    note_in_sentence: bool = False  # the note is the service's own words, already said


def _d(value) -> dict:
    return value if isinstance(value, dict) else {}


def _side(side) -> str:
    return SIDES.get(side, f"{side} side" if side else "a side")


def _signed(value) -> str:
    if isinstance(value, int) and value > 0:
        return f"+{value}"
    return f"−{-value}" if isinstance(value, int) and value < 0 else str(value)


def _scores(values: dict) -> str:
    """ "♠♥ 1400 · ♦♣ 1250 · net +150 to ♠♥" from a version's numbers (empty when it has none)."""
    parts = []
    if values.get("majors") is not None:
        parts.append(f"{SIDE_SYMBOLS['majors']} {values['majors']}")
    if values.get("minors") is not None:
        parts.append(f"{SIDE_SYMBOLS['minors']} {values['minors']}")
    if values.get("net") is not None:
        parts.append(f"net {_signed(values['net'])} to {SIDE_SYMBOLS['majors']}")
    return " · ".join(parts)


def _place(values: dict, table: str = "") -> str:
    """ "table 3, game 1" (either may be missing)."""
    where = []
    if values.get("table") is not None:
        where.append(f"table {values['table']}")
    elif table:
        where.append(table)
    if values.get("round") is not None:
        where.append(f"game {values['round']}")
    return ", ".join(where)


def _version(values: dict) -> str:
    return f"version {values['version']}" if values.get("version") is not None else ""


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def _with_scores(text: str, values: dict) -> str:
    scores = _scores(values)
    return f"{text}: {scores}." if scores else f"{text}."


def _words(value) -> str:
    """Any JSON value as words: lists joined, mappings as "name: value" pairs."""
    if isinstance(value, dict):
        return "; ".join(f"{str(k).replace('_', ' ')}: {_words(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_words(v) for v in value)
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return "—" if value is None else str(value)


def _listing(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# --- one function per action -------------------------------------------------------------------


def _enter_sheet(e) -> Reading:
    a = _d(e.after)
    status = STATUS_WORDS.get(a.get("status"), a.get("status") or "")
    head = _join(
        "Entered the sheet of",
        _place(a) or "a table",
        f"({', '.join(p for p in (_version(a), status) if p)})" if a else "",
    )
    return Reading(_with_scores(head, a))


def _results_confirm(e) -> Reading:
    a = _d(e.after)
    return Reading(_with_scores(_join("Confirmed the sheet of", _place(a) or "a table", f"({_version(a)})"), a))


def _results_dispute(e) -> Reading:
    a = _d(e.after)
    text = _join("Disputed the sheet of", _place(a) or "a table", f"({_version(a)})" if a.get("version") else "")
    return Reading(text + ": it waits for the director's correction or confirmation.")


def _results_withdraw(e) -> Reading:
    a = _d(e.after)
    count = a.get("superseded")
    text = _join("Withdrew the result of", _place(a) or "a table")
    if isinstance(count, int):
        text += f" ({count} version{'s' * (count != 1)} set aside; nothing deleted)"
    return Reading(text + ".")


def _table_submit(e) -> Reading:
    a, b = _d(e.after), _d(e.before)
    text = _join(f"The {_side(a.get('side'))} sent the sheet of", _place(a) or "this game", f"({_version(a)})")
    if b.get("version") is not None:
        text += f", replacing version {b['version']} ({STATUS_WORDS.get(b.get('status'), b.get('status'))})"
    sheet = a.get("sheet") if isinstance(a.get("sheet"), dict) else None
    return Reading(_with_scores(text, a), sheet, "Sheet sent")


def _table_confirm(e) -> Reading:
    a = _d(e.after)
    where = _place(a) or "this game"
    return Reading(
        _join(f"The {_side(a.get('side'))} confirmed the opponents' sheet of", where, f"({_version(a)})") + "."
    )


def _table_dispute(e) -> Reading:
    a = _d(e.after)
    text = _join(f"The {_side(a.get('side'))} disputed the opponents' sheet of", _place(a) or "this game")
    text += f" ({_version(a)})" if a.get("version") is not None else ""
    proposal = a.get("proposal")
    sheet = proposal.get("sheet") if isinstance(proposal, dict) else None
    if isinstance(sheet, dict):
        return Reading(text + " and proposed the sheet below.", sheet, "Their sheet")
    return Reading(text + ".")


def _release_hands(e) -> Reading:
    released = _d(e.after).get("hands_released")
    if released is False:
        return Reading("Withdrew the hands from the public pages.")
    return Reading("Released the hands to the public pages.")


def _reveal_seed(e) -> Reading:
    return Reading("Revealed the game sets' seed: anyone can now check the deals against the announced commitment.")


def _deal_auction(e) -> Reading:
    a = _d(e.after)
    rounds = a.get("rounds")
    count = f"{rounds} round{'' if rounds == 1 else 's'}" if isinstance(rounds, int) else "the rounds"
    what = "the draft and the first hand" if a.get("draft") is True else "the first hand"
    return Reading(f"Dealt {count} of the Auction team match ({what}, the same at both tables) from a new secret seed.")


def _apply_plan(e) -> Reading:
    a = _d(e.after)
    first, games, seatings = a.get("from_round"), a.get("games"), a.get("seatings")
    if isinstance(first, int) and isinstance(games, int) and games > 0:
        last = first + games - 1
        which = f"game {first}" if last == first else f"games {first}–{last}"
    else:
        which = "the games"
    text = f"Seated {which}"
    if isinstance(seatings, int):
        text += f" ({seatings} places at tables)"
    return Reading(text + ".")


def _public_switches(e) -> Reading:
    a, b = _d(e.after), _d(e.before)
    shown = [SWITCHES.get(k, k) for k, v in a.items() if v is True and b.get(k) is not True]
    hidden = [SWITCHES.get(k, k) for k, v in a.items() if v is False and b.get(k) is not False]
    parts = []
    if shown:
        parts.append(f"published {_listing(shown)}")
    if hidden:
        parts.append(f"hid {_listing(hidden)}")
    if not parts:
        kept = [f"{SWITCHES.get(k, k)} {'published' if v else 'hidden'}" for k, v in a.items()]
        return Reading("Saved the public switches unchanged" + (f" ({_listing(kept)})." if kept else "."))
    text = "; ".join(parts)
    return Reading(text[0].upper() + text[1:] + " on the public pages.")


def _coop_bands(e) -> Reading:
    """``after`` is the event's bands, ``[[floor, name], ...]`` (``[]``: the defaults)."""
    bands = [
        f"{band[1]} from {band[0]}"
        for band in (e.after if isinstance(e.after, list) else [])
        if isinstance(band, list | tuple) and len(band) == 2
    ]
    if not bands:
        return Reading("Set the coöperative grade bands to the defaults.")
    return Reading(f"Set the coöperative grade bands: {_listing(bands)}.")


def _embers_short_game(e) -> Reading:
    """``after`` is the Embers game's hands and fire hands; the note is the director's reason."""
    hands = _d(e.after).get("embers_hands")
    length = f"{hands} hand{'s' * (hands != 1)}" if isinstance(hands, int) else "fewer hands"
    reason = f": “{e.note}”" if e.note else ""
    return Reading(
        f"Allowed an Embers game of {length}, under the rules' bare minimum of four{reason}.", note_in_sentence=True
    )


def _reissue_token(e) -> Reading:
    table = (e.object_repr or "a table").replace("Table", "table")
    return Reading(f"Issued a new entry link for {table}: its old link and QR code no longer open the table page.")


def _reissue_code(e) -> Reading:
    who = (e.object_repr or "a player").removeprefix("code of ").split(" in ")[0]
    return Reading(f"Issued a new code for {who}: the old code on their card no longer opens their page.")


def _update_player(e) -> Reading:
    a, b = _d(e.after), _d(e.before)
    name = e.object_repr or a.get("name") or "a player"
    changes = []
    for key in a:
        label = PLAYER_FIELDS.get(key, key.replace("_", " "))
        if key == "active":
            changes.append("made active" if a[key] else "made inactive")
        elif b.get(key) in (None, ""):
            changes.append(f"{label} set to “{_words(a[key])}”")
        elif a[key] in (None, ""):
            changes.append(f"{label} “{_words(b[key])}” removed")
        else:
            changes.append(f"{label} changed from “{_words(b[key])}” to “{_words(a[key])}”")
    if not changes:
        return Reading(f"Saved player {name} unchanged.")
    return Reading(f"Changed player {name}: {_listing(changes)}.")


def _game(e) -> str:
    return (e.object_repr or "a game").replace("Game", "game")


def _start(e) -> Reading:
    return Reading("Started the event: game 1 is under way.")


def _finish(e) -> Reading:
    return Reading("Finished the event: every game is closed.")


def _reopen(e) -> Reading:
    return Reading("Re-opened the finished event: its results can change again.")


def _close_round(e) -> Reading:
    return Reading(f"Closed {_game(e)}: no more sheets from the tables for it.")


def _reopen_round(e) -> Reading:
    return Reading(f"Reopened {_game(e)}.")


def _finish_forced(e) -> Reading:
    unfinished = _d(e.after).get("unfinished") or []
    items = [_words(u) for u in unfinished] if isinstance(unfinished, list) else [_words(unfinished)]
    if not items:
        return Reading("Finished the event on purpose with results unfinished.")
    return Reading(f"Finished the event on purpose with results unfinished: {'; '.join(items)}.")


def _start_without_sets(e) -> Reading:
    return Reading("Started the duplicate event on purpose with no game sets dealt, imported or recorded.")


def _artificial(e) -> Reading:
    a = _d(e.after)
    where = _join("at", _place({"table": a.get("table"), "round": a.get("game")})) if a.get("table") else ""
    return Reading(
        _join(f"Gave an artificial score {a.get('code', '')}".rstrip(), f"to the {_side(a.get('direction'))}", where)
        + "."
    )


def _withdraw_artificial(e) -> Reading:
    b = _d(e.before)
    return Reading(
        _join(f"Withdrew the artificial score {b.get('code', '')}".rstrip(), f"of the {_side(b.get('direction'))}")
        + "."
    )


def _groups(groups) -> str:
    if not isinstance(groups, list):
        return _words(groups)
    words = []
    for group in groups:
        try:
            words.append(_listing([f"table {t} in game {r}" for r, t in group]))
        except (TypeError, ValueError):
            words.append(_words(group))
    return "; ".join(f"group {n}: {w}" for n, w in enumerate(words, start=1))


def _fouled(e) -> Reading:
    a = _d(e.after)
    text = f"Declared game set {a.get('game_set', '?')} fouled: each group is matchpointed on its own"
    return Reading(f"{text} ({_groups(a.get('groups'))})." if a.get("groups") else f"{text}.")


def _withdraw_fouled(e) -> Reading:
    return Reading(f"Withdrew the ruling that game set {_d(e.before).get('game_set', '?')} was fouled.")


def _movement_build(e) -> Reading:
    a = _d(e.after)
    kind = str(a.get("kind") or "").replace("-", " ")
    text = _join("Built the", kind, "movement")
    counts = [f"{a[k]} {k}" for k in ("tables", "games") if isinstance(a.get(k), int)]
    return Reading(text + (f": {' and '.join(counts)}." if counts else "."))


def _movement_change(what: str) -> Callable[[Any], Reading]:
    def read(e) -> Reading:
        # These services write the change out in full as the entry's note: that is the sentence.
        if e.note:
            return Reading(e.note, note_in_sentence=True)
        first = _d(e.after).get("from_round")
        return Reading(f"{what} from game {first}." if first else f"{what}.")

    return read


def _next_round(e) -> Reading:
    if e.note:
        return Reading(e.note, note_in_sentence=True)
    return Reading(f"Drew game {_d(e.after).get('round', '?')} from the results of the game before.")


def _correction(what: str) -> Callable[[Any], Reading]:
    def read(e) -> Reading:
        if e.note:  # the service writes what the correction means for the seating as the note
            return Reading(e.note, note_in_sentence=True)
        return Reading(f"{what} (game {_d(e.after).get('game', '?')}).")

    return read


def _delete_event(e) -> Reading:
    after = _d(e.after)
    return Reading(f"Deleted the event {after.get('name', '?')} of {after.get('date', '?')}.")


def _count(value, one: str, many: str) -> str:
    number = value if isinstance(value, int) else 0
    return f"{number} {one if number == 1 else many}"


def _send_results(e) -> Reading:
    after = _d(e.after)
    going = _count(after.get("sending"), "message", "messages")
    return Reading(f"Sent the results by e-mail: {going} to go.")


def _send_corrections(e) -> Reading:
    after = _d(e.after)
    return Reading(f"Sent corrected results by e-mail to {_count(after.get('corrected'), 'player', 'players')}.")


CLUB_SETTINGS = {"send_results_on_release": "send results by e-mail when the standings are released"}


def _club_settings(e) -> Reading:
    a, b = _d(e.after), _d(e.before)
    changes = [
        f"{'turned on' if a[key] else 'turned off'} “{CLUB_SETTINGS.get(key, key.replace('_', ' '))}”"
        for key in a
        if a[key] != b.get(key)
    ]
    if not changes:
        return Reading("Saved the club settings unchanged.")
    return Reading(f"Changed the club settings: {_listing(changes)}.")


def _player_sentence(text: str) -> Callable[[Any], Reading]:
    def sentence(e) -> Reading:
        return Reading(f"{text} {e.object_repr or 'a player'}.")

    return sentence


SENTENCES: dict[str, Callable[[Any], Reading]] = {
    "results.enter_sheet": _enter_sheet,
    "results.confirm": _results_confirm,
    "results.dispute": _results_dispute,
    "results.withdraw": _results_withdraw,
    "table.submit": _table_submit,
    "table.confirm": _table_confirm,
    "table.dispute": _table_dispute,
    "deals.release_hands": _release_hands,
    "deals.reveal_seed": _reveal_seed,
    "deals.deal_auction": _deal_auction,
    "events.apply_plan": _apply_plan,
    "events.public_switches": _public_switches,
    "events.reissue_table_token": _reissue_token,
    "events.reissue_player_code": _reissue_code,
    "events.coop_bands": _coop_bands,
    "events.embers_short_game": _embers_short_game,
    "clubs.update_player": _update_player,
    "clubs.settings": _club_settings,
    "mail.send_results": _send_results,
    "mail.send_corrections": _send_corrections,
    "mail.unsubscribe": _player_sentence("Withdrew consent to results by e-mail (the link in a message):"),
    "mail.export_player": _player_sentence("Exported the personal data of"),
    "mail.erase_player": _player_sentence("Erased the personal data of"),
    "events.start": _start,
    "events.finish": _finish,
    "events.reopen": _reopen,
    "events.close_round": _close_round,
    "events.finish_forced": _finish_forced,
    "events.reopen_round": _reopen_round,
    "events.start_without_sets": _start_without_sets,
    "standings.artificial": _artificial,
    "standings.withdraw_artificial": _withdraw_artificial,
    "standings.fouled": _fouled,
    "standings.withdraw_fouled": _withdraw_fouled,
    "movements.build": _movement_build,
    "movements.swap": _movement_change("Swapped two places in the movement"),
    "movements.latecomer": _movement_change("Seated a latecomer"),
    "movements.next_round": _next_round,
    "movements.correction_seating": _correction("Corrected a sheet that later seating was drawn from"),
    "movements.correction_kept": _correction("Kept the seating as played after a correction"),
    "movements.correction_reseat": _correction("Re-seated the next game after a correction"),
    "events.delete": _delete_event,
}


def read(entry) -> Reading:
    """What ``entry`` (an ``AuditEntry``, or anything with its fields) says happened."""
    reader = SENTENCES.get(entry.action)
    if reader is not None:
        try:
            return reader(entry)
        except (TypeError, ValueError, AttributeError, KeyError):
            pass  # a value of a shape this reader does not expect: fall back to plain words
    from .services import describe

    text = describe(entry.action)
    text = text[0].upper() + text[1:]
    details = [f"{_words(entry.before)} before" if entry.before else "", _words(entry.after) if entry.after else ""]
    details = [d for d in details if d]
    return Reading(f"{text}: {'; '.join(details)}." if details else f"{text}.")
