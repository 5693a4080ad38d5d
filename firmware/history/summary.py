"""The box's History screen in short: the last games and each player's wins, from the stored rows
alone (no replay, so it is quick on a Pi even with a thousand games kept).

>>> from firmware.storage import ArchivedGame
>>> row = (1, "stonoga", "{}", '["Ala", "Olek"]', "pl", None, "t0", "t1", "[1]", "[9, 12]", "centre-empty")
>>> summary = summarise([ArchivedGame(row, ()), ArchivedGame((2, *row[1:3], "oops", *row[4:]), ())])
>>> summary.games[0].winners, summary.wins
(('Olek',), (('Olek', 1, 1), ('Ala', 0, 1)))
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from firmware.storage import ABANDONED, UNREADABLE, ArchivedGame

UNFINISHED = (ABANDONED, UNREADABLE)
"""Outcomes of games not played to the end: left out of the history, their rolls still count."""
LAST = 5
"""How many of the last games the History screen shows."""


@dataclass(frozen=True, slots=True)
class Finished:
    """One game in short: its title, the players, the winners' names and the final scores."""

    title: str
    players: tuple[str, ...]
    winners: tuple[str, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Summary:
    """The last games (the most recent first) and every player's wins and games, most wins first."""

    games: tuple[Finished, ...]
    wins: tuple[tuple[str, int, int], ...]


def summarise(archive: Iterable[ArchivedGame], last: int = LAST) -> Summary:
    """The summary of the stored games (oldest first, as ``GameStore.archive`` gives them); a row
    that cannot be read is left out (``kostka history`` names it)."""
    games: list[Finished] = []
    for stored in archive:
        _id, title, _rules, players, _lang, _seed, _start, _end, winners, scores, reason = stored.game
        if reason in UNFINISHED:
            continue
        try:
            names = tuple(str(name) for name in json.loads(players))
            won = tuple(names[int(seat)] for seat in json.loads(winners))
            final = tuple(int(score) for score in json.loads(scores))
        except (ValueError, TypeError, IndexError):
            continue
        games.append(Finished(str(title), names, won, final))
    tally: dict[str, list[int]] = {}
    for played in games:
        for name in played.players:
            row = tally.setdefault(name, [0, 0])
            row[0] += name in played.winners
            row[1] += 1
    wins = sorted(((name, w, n) for name, (w, n) in tally.items()), key=lambda r: (-r[1], -r[2], r[0]))
    return Summary(tuple(reversed(games[-last:])) if last else (), tuple(wins))
