"""``kostka serve`` over a long history: how long a page and the JSON document take.

Run: .venv/bin/python -m bench.bench_serve [--games 100000] [--requests 5]

Plays one game of Shut the Box through the referee's keeper (its moves and marks as the box saves
them), copies it in SQLite until the history holds ``--games`` finished games (the players' names
taking turns, so the statistics have several rows), serves the folder on a free port of this machine
and fetches ``/``, ``/?page=2`` and ``/history.json`` ``--requests`` times each. Prints the first
request (the folder read and summed up) and the median of the others (nothing changed meanwhile).
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from firmware.cli.serve import make_server
from firmware.loop import Keeper
from firmware.storage import DB_NAME, GameStore
from rules.match import Match
from rules.shut_the_box import ShutTheBox

MOVES = (
    "roll 3 4",
    "shut 7",
    "roll 1 1",
    "shut 2",
    "roll 1 1",
    "roll 6 6",
    "shut 3 9",
    "roll 1 1",
    "shut 2",
    "roll 1 1",
)
PLAYERS = ('["Ala", "Olek"]', '["Ola", "Jan"]', '["Ala", "Jan"]', '["Zosia", "Olek"]')


def fill(folder: Path, games: int) -> None:
    book = ShutTheBox()
    with GameStore(folder) as store:
        keeper = Keeper(store, language="pl", goal="penalty")
        match = Match.start(book, ["Ala", "Olek"])
        for text in MOVES:
            match = match.play_text(text)
            keeper.save(match)
        keeper.finish(book.outcome(match.state))
    db = sqlite3.connect(folder / DB_NAME)
    with db:
        have = 1
        while have < games:
            add = min(have, games - have)
            db.execute(
                """INSERT INTO games (id, title, rules, players, language, seed, started, finished,
                   winners, scores, reason) SELECT id + ?, title, rules, players, language, seed, started,
                   finished, winners, scores, reason FROM games WHERE id <= ?""",
                (have, add),
            )
            db.execute(
                """INSERT INTO moves SELECT game_id + ?, number, text, played, mark FROM moves
                   WHERE game_id <= ?""",
                (have, add),
            )
            have += add
        for seat, names in enumerate(PLAYERS):
            db.execute("UPDATE games SET players = ? WHERE id % ? = ?", (names, len(PLAYERS), seat))
    db.close()


def timed(url: str, requests: int) -> tuple[float, float, int]:
    """Seconds of the first request, the median of the rest, the size of the answer."""
    seconds = []
    size = 0
    for _ in range(requests):
        begun = time.perf_counter()
        with urllib.request.urlopen(url, timeout=600) as answer:
            size = len(answer.read())
        seconds.append(time.perf_counter() - begun)
    return seconds[0], statistics.median(seconds[1:] or seconds), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        begun = time.perf_counter()
        fill(folder, args.games)
        size = (folder / DB_NAME).stat().st_size
        print(f"{args.games} games in {size / 1e6:.1f} MB, made in {time.perf_counter() - begun:.1f} s")
        server = make_server(folder, "127.0.0.1", 0, "pl")
        thread = threading.Thread(target=server.serve_forever)
        thread.start()
        try:
            base = f"http://127.0.0.1:{server.server_port}"
            for path in ("/", "/?page=2", "/history.json"):
                first, median, length = timed(base + path, args.requests)
                print(
                    f"{path:14} first {first * 1000:8.1f} ms, then median {median * 1000:8.1f} ms"
                    f" ({length / 1e3:.0f} KB)"
                )
        finally:
            server.shutdown()
            thread.join()
            server.server_close()


if __name__ == "__main__":
    main()
