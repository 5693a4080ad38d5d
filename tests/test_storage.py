"""Saved games (firmware/storage.py) and rule books as switches (firmware/games/rulebooks.py).

Each game is played with random legal moves, saved move by move, and rebuilt from a store opened
afresh; a child process is killed with SIGKILL between two saves and while saving; damaged,
foreign, newer and unwritable databases are met with a clear error or moved aside; and under
strace every file the store creates lies inside the state directory.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from firmware.games.lezard.book import shipped_lezard_text
from firmware.games.registry import (
    rulebook_from_json,
    rulebook_from_switches,
    rulebook_to_json,
    rulebook_to_switches,
)
from firmware.games.rulebooks import RulebookError
from firmware.storage import (
    ABANDONED,
    APPLICATION_ID,
    DB_NAME,
    SCHEMA_VERSION,
    CorruptStoreError,
    GameStore,
    SavedGameError,
    SchemaVersionError,
    StateDirError,
    StorageError,
)
from rules.game import CHANCE, TERMINAL, Outcome
from rules.lezard import Lezard
from rules.lezard_board import EXAMPLE, parse_lezard_data
from rules.match import Match
from rules.shut_the_box import ShutTheBox
from rules.stonoga import Options, Stonoga, Tile


class Clock:
    """A clock that moves one second at every reading."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def play(book: Any, players: list[str], seed: int, limit: int = 10_000) -> Match[Any, Any]:
    """A game of random legal moves (chance drawn from its outcomes), up to ``limit`` moves."""
    rng = random.Random(seed)
    match: Match[Any, Any] = Match.start(book, players)
    while len(match.moves) < limit and book.to_act(match.state) != TERMINAL:
        state = match.state
        if book.to_act(state) == CHANCE:
            move = rng.choice([m for m, _ in book.chance_outcomes(state)])
        else:
            move = rng.choice(book.legal_moves(state))
        match = match.play(move)
    return match


def save_all(store: GameStore, match: Match[Any, Any]) -> None:
    for number, text in enumerate(match.moves, start=1):
        store.save_move(number, text)


BOOKS: dict[str, tuple[Any, list[str]]] = {
    "shut-the-box": (ShutTheBox(flaps=12, one_die="low", double_chance=True, rounds=2),
                     ["Ala", "Olek", "Zoë"]),
    "stonoga": (Stonoga(Options(stealing=True, may_decline=True), target=Tile(1, 3)), ["Łucja", "Bartek"]),
    "lezard": (Lezard(parse_lezard_data(shipped_lezard_text()), seats=(("red",), ("green",), ("yellow",))),
               ["Ala", "Bob", "Cezary"]),
}  # fmt: skip


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore(tmp_path / "state", clock=Clock()) as opened:
        yield opened


# --- rule books as switches --------------------------------------------------------------------


@pytest.mark.parametrize("title", BOOKS)
def test_rulebook_switches_round_trip(title: str) -> None:
    book, _ = BOOKS[title]
    text = rulebook_to_json(book)
    assert json.loads(text) == rulebook_to_switches(book)
    assert rulebook_from_json(title, text) == book


def test_lezard_box_keeps_its_deck_order_and_reads_a_data_file(tmp_path: Path) -> None:
    example = Lezard(parse_lezard_data(EXAMPLE))
    switches = rulebook_to_switches(example)
    assert switches["deck"] == [["red", 2], ["red blue", 1], ["lizard green", 1], ["lizard pink", 1]]
    (tmp_path / "box.toml").write_text(EXAMPLE, encoding="utf-8")
    assert rulebook_from_switches("lezard", {"data_file": str(tmp_path / "box.toml")}) == example
    shipped = rulebook_from_switches("lezard", {})
    assert isinstance(shipped, Lezard) and shipped.data == parse_lezard_data(shipped_lezard_text())


@pytest.mark.parametrize(
    ("title", "switches", "says"),
    [
        ("shut-the-box", {"flap": 9}, "no rule switch 'flap'; the switches are flaps,"),
        ("shut-the-box", {"flaps": 9.0}, "flaps = 9.0 is not a whole number"),
        ("shut-the-box", {"flaps": 7}, "flaps must be one of 6, 9, 10, 12, not 7"),
        ("shut-the-box", {"rounds": "2"}, "rounds = '2' is not a whole number or null"),
        ("stonoga", {"stealing": 1}, "stealing = 1 is not true or false"),
        ("stonoga", {"target": "z9"}, "no tile is 'z9'"),
        ("lezard", {"seats": "red"}, "seats = 'red' must list each seat's lizard colours"),
        ("lezard", {"board": ["red"]}, "the box lacks lizards, deck, dominoes, guess"),
        ("lezard", {"data_file": "/no/such/box.toml"}, "data_file '/no/such/box.toml' cannot be read"),
        ("chess", {}, "'chess' is not a game Kostka knows"),
    ],
)
def test_bad_switches_name_the_switch(title: str, switches: dict[str, Any], says: str) -> None:
    with pytest.raises(RulebookError) as caught:
        rulebook_from_switches(title, switches)
    assert says in str(caught.value)


def test_a_bad_box_is_refused_with_the_data_files_own_message() -> None:
    switches = rulebook_to_switches(Lezard(parse_lezard_data(EXAMPLE)))
    switches["deck"] = [["red", 2], ["purple", 1]]
    with pytest.raises(RulebookError, match="the board has no square coloured 'purple'"):
        rulebook_from_switches("lezard", switches)


# --- saving and resuming -----------------------------------------------------------------------


@pytest.mark.parametrize("title", BOOKS)
def test_each_game_comes_back_at_the_same_point(tmp_path: Path, title: str) -> None:
    book, players = BOOKS[title]
    match = play(book, players, seed=len(title), limit=60)
    assert len(match.moves) == 60
    with GameStore(tmp_path, clock=Clock()) as store:
        started = store.start(book, players, language="pl", seed=1234)
        assert started.match.moves == () and started.title == title
        save_all(store, match)
    with GameStore(tmp_path) as again:
        saved = again.current()
    assert saved is not None
    assert saved.id == started.id and saved.title == title
    assert saved.match.book == book
    assert saved.match.players == tuple(players)
    assert saved.match.moves == match.moves
    assert saved.match.state == match.state
    assert (saved.language, saved.seed, saved.started) == ("pl", 1234, started.started)
    assert len(saved.move_times) == 60 and list(saved.move_times) == sorted(saved.move_times)
    assert saved.started < saved.move_times[0]


def test_durability_settings_and_schema(store: GameStore) -> None:
    db = store._db  # the store's own connection: synchronous and foreign_keys are per connection
    assert db is not None
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert db.execute("PRAGMA foreign_keys").fetchone() == (1,)
    assert db.execute("PRAGMA temp_store").fetchone() == (2,)  # MEMORY: no temporary files
    other = sqlite3.connect(store.path)
    try:
        assert other.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert other.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
    finally:
        other.close()


def test_undo_goes_back_one_confirmed_move_at_a_time(store: GameStore) -> None:
    book, players = BOOKS["shut-the-box"]
    match = play(book, players, seed=3, limit=5)
    store.start(book, players, language="en")
    assert store.undo() is None
    save_all(store, match)
    assert store.undo() == match.moves[4]
    assert store.undo() == match.moves[3]
    saved = store.current()
    assert saved is not None
    assert saved.match.moves == match.moves[:3]
    assert saved.match.state == match.undo().undo().state
    store.save_move(4, match.moves[3])
    assert store.current().match.moves == match.moves[:4]  # type: ignore[union-attr]


def test_a_move_out_of_turn_is_refused_and_not_saved(store: GameStore) -> None:
    with pytest.raises(StorageError, match="No game is being played: start one first"):
        store.save_move(1, "roll 3 5")
    store.start(ShutTheBox(), ["Ala"], language="pl")
    store.save_move(1, "roll 3 5")
    for number in (1, 3):
        with pytest.raises(StorageError, match=r"game \d+ has 1 saved moves, so the next is move 2"):
            store.save_move(number, "shut 8")
    assert store.current().match.moves == ("roll 3 5",)  # type: ignore[union-attr]


def test_a_finished_game_goes_to_the_history(store: GameStore) -> None:
    book = ShutTheBox()
    for seed, players in enumerate((["Ala", "Olek"], ["Ola"], ["Jan", "Ewa", "Iza"])):
        match = play(book, players, seed)
        assert book.to_act(match.state) == TERMINAL
        store.start(book, players, language="en", seed=seed)
        save_all(store, match)
        outcome = book.outcome(match.state)
        assert outcome is not None
        store.finish(outcome)
        assert store.current() is None
    with pytest.raises(StorageError, match="No game is being played"):
        store.finish(Outcome((0,), (0,), "rounds-played"))
    history = store.history()
    assert [game.players for game in history] == [("Jan", "Ewa", "Iza"), ("Ola",), ("Ala", "Olek")]
    last = play(book, ["Jan", "Ewa", "Iza"], 2)
    assert history[0].outcome == book.outcome(last.state)
    assert history[0].moves == len(last.moves) and history[0].seed == 2
    assert history[0].rules == rulebook_to_switches(book) and history[0].title == "shut-the-box"
    assert history[0].started < history[0].finished
    assert [game.players for game in store.history(limit=1)] == [("Jan", "Ewa", "Iza")]


def test_only_the_last_finished_games_are_kept(tmp_path: Path) -> None:
    book = ShutTheBox()
    with GameStore(tmp_path, keep_finished=2) as store:
        for seed in range(4):
            match = play(book, ["Ala"], seed)
            store.start(book, [f"Ala {seed}"], language="pl")
            save_all(store, match)
            store.finish(book.outcome(match.state))  # type: ignore[arg-type]
        assert [game.players for game in store.history()] == [("Ala 3",), ("Ala 2",)]
        db = store._db
        assert db is not None
        kept = {row[0] for row in db.execute("SELECT id FROM games")}
        assert {row[0] for row in db.execute("SELECT DISTINCT game_id FROM moves")} == kept
    with pytest.raises(ValueError, match="keep_finished must be 1 or more"):
        GameStore(tmp_path, keep_finished=0)


def test_starting_a_game_sets_the_unfinished_one_aside(store: GameStore) -> None:
    first = store.start(Stonoga(), ["Ala", "Olek"], language="pl")
    store.save_move(1, "roll r r * b")
    second = store.start(ShutTheBox(), ["Ala"], language="pl")
    current = store.current()
    assert current is not None and current.id == second.id and current.match.moves == ()
    [old] = store.history()
    assert (old.id, old.moves, old.outcome) == (first.id, 1, Outcome((), (), ABANDONED))


def test_the_rule_book_refuses_wrong_players_before_anything_is_saved(store: GameStore) -> None:
    with pytest.raises(ValueError, match="Nogi Stonogi is for 2 to 4 players"):
        store.start(Stonoga(), ["Ala"], language="pl")
    assert store.current() is None and store.history() == []


# --- bad data ----------------------------------------------------------------------------------


def test_a_saved_move_that_no_longer_applies(tmp_path: Path) -> None:
    with GameStore(tmp_path) as store:
        game = store.start(ShutTheBox(), ["Ala"], language="pl")
        for number, text in enumerate(["roll 3 5", "shut 8", "roll 1 1"], start=1):
            store.save_move(number, text)
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        db.execute("UPDATE moves SET text = 'shut 9' WHERE number = 2")
    db.close()
    with GameStore(tmp_path) as store:
        with pytest.raises(SavedGameError) as caught:
            store.current()
        message = str(caught.value)
        assert f"Saved game {game.id} (shut-the-box, begun " in message
        assert "saved move 2 'shut 9' does not apply" in message
        assert "choose a new game" in message
        assert caught.value.game_id == game.id
        assert store.abandon("unreadable") == game.id
        assert store.current() is None
        [old] = store.history()
        assert old.outcome.reason == "unreadable" and old.moves == 3


def test_saved_rules_that_no_longer_build(tmp_path: Path) -> None:
    with GameStore(tmp_path) as store:
        store.start(ShutTheBox(), ["Ala"], language="pl")
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        db.execute("""UPDATE games SET rules = '{"flaps": 11}'""")
    db.close()
    with (
        GameStore(tmp_path) as store,
        pytest.raises(SavedGameError, match="flaps must be one of 6, 9, 10, 12"),
    ):
        store.current()


def _store_with_history(folder: Path, games: int = 3) -> None:
    book = ShutTheBox()
    with GameStore(folder) as store:
        assert store._db is not None
        store._db.execute("PRAGMA synchronous = OFF")  # only to set the scene quickly
        for seed in range(games):
            match = play(book, ["Ala", "Olek"], seed)
            store.start(book, ["Ala", "Olek"], language="pl")
            save_all(store, match)
            store.finish(book.outcome(match.state))  # type: ignore[arg-type]


def _finished_in(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("SELECT count(*) FROM games WHERE finished IS NOT NULL").fetchone()[0])
    finally:
        db.close()


def test_a_file_that_is_not_a_database_is_moved_aside(tmp_path: Path) -> None:
    junk = os.urandom(3000)
    (tmp_path / DB_NAME).write_bytes(junk)
    with GameStore(tmp_path, clock=Clock()) as store:
        assert store.moved_aside == tmp_path / "games-damaged-20261130T100001Z.db"
        assert store.moved_aside.read_bytes() == junk
        assert store.notice is not None and "moved aside to games-damaged-" in store.notice.said("en")
        assert store.current() is None and store.history() == []
        store.start(ShutTheBox(), ["Ala"], language="pl")
        store.save_move(1, "roll 3 5")
    with GameStore(tmp_path) as again:
        assert again.moved_aside is None and again.notice is None
        assert again.current().match.moves == ("roll 3 5",)  # type: ignore[union-attr]


def test_a_damaged_database_is_moved_aside_with_its_games(tmp_path: Path) -> None:
    _store_with_history(tmp_path, games=30)
    data = bytearray((tmp_path / DB_NAME).read_bytes())
    page = 4096
    assert len(data) > 4 * page
    data[2 * page : 4 * page] = b"\xa5" * (2 * page)  # two pages of the tables' b-trees
    (tmp_path / DB_NAME).write_bytes(bytes(data))
    with GameStore(tmp_path, clock=Clock()) as store:
        assert store.moved_aside is not None and store.moved_aside.read_bytes() == bytes(data)
        assert store.notice is not None and "is damaged" in store.notice.said("en")
        assert store.history() == []
    # a second damaged file in the same second keeps the first one
    (tmp_path / DB_NAME).write_bytes(b"not sqlite at all" * 100)
    with GameStore(tmp_path, clock=Clock()) as store:
        assert store.moved_aside == tmp_path / "games-damaged-20261130T100001Z-2.db"
    assert len(list(tmp_path.glob("games-damaged-*.db"))) == 2


def test_a_damaged_database_keeps_its_write_ahead_log(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"\0" * 5000)
    (tmp_path / f"{DB_NAME}-wal").write_bytes(b"journal")
    with GameStore(tmp_path, clock=Clock()) as store:
        assert store.moved_aside is not None
        assert Path(f"{store.moved_aside}-wal").read_bytes() == b"journal"


def test_another_programs_database_is_moved_aside_not_changed(tmp_path: Path) -> None:
    other = sqlite3.connect(tmp_path / DB_NAME)
    other.execute("CREATE TABLE photos (name TEXT)")
    other.execute("INSERT INTO photos VALUES ('tray.jpg')")
    other.commit()
    other.close()
    with GameStore(tmp_path, clock=Clock()) as store:
        assert store.moved_aside is not None
        assert store.notice is not None and "is not Kostka's" in store.notice.said("en")
    moved = sqlite3.connect(store.moved_aside)
    assert moved.execute("SELECT name FROM photos").fetchall() == [("tray.jpg",)]
    moved.close()


def test_damage_found_while_playing_is_a_clear_error(tmp_path: Path) -> None:
    _store_with_history(tmp_path, games=30)
    with GameStore(tmp_path) as store:
        store.start(ShutTheBox(), ["Ala"], language="pl")
        db = store._db  # the disk goes bad under the running store: pages on disk, none in memory
        assert db is not None
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        with open(store.path, "r+b") as raw:
            raw.seek(2 * 4096)
            raw.write(b"\xa5" * 8192)
        db.execute("PRAGMA shrink_memory")
        with pytest.raises(CorruptStoreError, match=r"is damaged; restart Kostka: it moves the file aside"):
            store.history(limit=1000)


def test_a_newer_schema_is_refused_and_left_alone(tmp_path: Path) -> None:
    _store_with_history(tmp_path, games=2)
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("PRAGMA user_version = 7")
    db.close()
    before = (tmp_path / DB_NAME).read_bytes()
    with pytest.raises(SchemaVersionError) as caught:
        GameStore(tmp_path)
    assert f"written by a newer Kostka (schema 7; this one knows up to {SCHEMA_VERSION})" in str(caught.value)
    assert "update Kostka" in str(caught.value)
    assert (tmp_path / DB_NAME).read_bytes() == before
    assert list(tmp_path.glob("games-damaged-*")) == []


def test_an_empty_file_is_given_the_schema(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"")
    with GameStore(tmp_path) as store:
        assert store.moved_aside is None
        store.start(ShutTheBox(), ["Ala"], language="pl")
    db = sqlite3.connect(tmp_path / DB_NAME)
    assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    db.close()


def test_closing_twice_is_fine_and_a_closed_store_says_so(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    store.close()
    store.close()
    with pytest.raises(StorageError, match="the saved games are closed"):
        store.current()


# --- the state directory -----------------------------------------------------------------------


def test_a_state_dir_that_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "state").write_text("oops")
    with pytest.raises(
        StateDirError, match=r"cannot be created \(a file stands in its place\).*set state_dir in the config"
    ):
        GameStore(tmp_path / "state")
    with pytest.raises(StateDirError, match=r"cannot be created \(a file stands in its place\)"):
        GameStore(tmp_path / "state" / "kostka")


OPEN_AND_REPORT = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from firmware.storage import GameStore, StateDirError
    try:
        with GameStore(Path(sys.argv[1])) as store:
            store.start(__import__("rules.shut_the_box").shut_the_box.ShutTheBox(), ["Ala"], language="pl")
    except StateDirError as error:
        print("StateDirError:", error)
    else:
        print("opened")
    """
)


def test_a_state_dir_without_write_permission(tmp_path: Path) -> None:
    prefix: list[str] = []
    if os.geteuid() == 0:  # root writes anywhere: drop the capabilities that let it
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: permissions cannot be tested")
        prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner"]
    state = tmp_path / "state"
    state.mkdir()
    state.chmod(0o555)
    try:
        for folder in (state, state / "kostka"):
            result = subprocess.run(
                [*prefix, sys.executable, "-c", OPEN_AND_REPORT, str(folder)],
                capture_output=True, text=True, timeout=60,
            )  # fmt: skip
            assert result.returncode == 0, result.stderr
            assert result.stdout.startswith(f"StateDirError: The state directory {folder} cannot be")
            assert "may not write there" in result.stdout or "(permission denied)" in result.stdout
            assert "set state_dir in the config" in result.stdout
        assert list(state.iterdir()) == []
    finally:
        state.chmod(0o755)


def _unshare() -> list[str]:
    """A command prefix that runs in a private mount namespace, or skips the test."""
    tool = shutil.which("unshare")
    prefix = [tool, "--mount"] if os.geteuid() == 0 else [tool, "--map-root-user", "--mount"]
    if tool is None or subprocess.run([*prefix, "true"], capture_output=True).returncode != 0:  # type: ignore[list-item]
        pytest.skip("no private mount namespace here (unshare): cannot make a read-only file system")
    return prefix  # type: ignore[return-value]


@pytest.mark.parametrize("with_games", [False, True])
def test_a_read_only_file_system(tmp_path: Path, with_games: bool) -> None:
    prefix = _unshare()
    state = tmp_path / "state"
    state.mkdir()
    if with_games:
        _store_with_history(state, games=1)
    script = (
        f'mount --bind "{state}" "{state}" && mount -o remount,ro,bind "{state}" && '
        f'exec "{sys.executable}" -c \'{OPEN_AND_REPORT}\' "{state}"'
    )
    result = subprocess.run([*prefix, "sh", "-c", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("StateDirError: "), result.stdout
    assert f"{state} cannot be written (it is on a read-only file system)" in result.stdout
    assert "set state_dir in the config" in result.stdout


# --- power cuts and kill -9 --------------------------------------------------------------------

PLAYER = textwrap.dedent(
    """
    import random, sys
    from pathlib import Path
    from firmware.storage import GameStore
    from rules.game import CHANCE
    from rules.match import Match
    from rules.shut_the_box import ShutTheBox

    state_dir, pause = Path(sys.argv[1]), sys.argv[2] == "pause"
    book = ShutTheBox(rounds=60)
    rng = random.Random(5)
    with GameStore(state_dir) as store:
        game = store.start(book, ["Ala", "Olek"], language="pl", seed=5)
        match = game.match
        while True:
            state = match.state
            if book.to_act(state) == CHANCE:
                move = rng.choice([m for m, _ in book.chance_outcomes(state)])
            else:
                move = rng.choice(book.legal_moves(state))
            match = match.play(move)
            store.save_move(len(match.moves), match.moves[-1])
            print("saved", len(match.moves), match.moves[-1], flush=True)
            if pause:
                sys.stdin.readline()
    """
)


def _run_and_kill(state_dir: Path, pause: bool, confirmed: int) -> list[str]:
    """Start the player, read ``confirmed`` saved moves, SIGKILL it; the texts it confirmed."""
    child = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(state_dir), "pause" if pause else "run"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert child.stdout is not None and child.stdin is not None
    texts: list[str] = []
    try:
        for number in range(1, confirmed + 1):
            line = child.stdout.readline()
            match = re.fullmatch(rf"saved {number} (.+)\n", line)
            assert match, f"{line!r}; stderr: {child.stderr.read() if child.stderr else ''}"
            texts.append(match[1])
            if pause and number < confirmed:
                child.stdin.write("next\n")
                child.stdin.flush()
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.wait(timeout=30)
        for stream in (child.stdin, child.stdout, child.stderr):
            if stream is not None:
                stream.close()
    assert child.returncode == -signal.SIGKILL
    return texts


def test_killed_between_two_saves_it_comes_back_with_exactly_the_confirmed_moves(tmp_path: Path) -> None:
    texts = _run_and_kill(tmp_path, pause=True, confirmed=7)
    assert (tmp_path / f"{DB_NAME}-wal").exists()  # killed: nobody checkpointed or closed
    with GameStore(tmp_path) as store:
        saved = store.current()
        assert saved is not None and saved.seed == 5
        assert list(saved.match.moves) == texts
        book = saved.match.book
        move = (book.chance_outcomes(saved.match.state) or [(book.legal_moves(saved.match.state)[0],)])[0][0]
        store.save_move(8, saved.match.play(move).moves[-1])  # and the game carries on
        assert len(store.current().match.moves) == 8  # type: ignore[union-attr]


def test_killed_while_saving_it_keeps_every_confirmed_move_and_no_torn_one(tmp_path: Path) -> None:
    for _ in range(3):  # each run starts a new game and abandons the one before
        texts = _run_and_kill(tmp_path, pause=False, confirmed=40)
        with GameStore(tmp_path) as store:
            saved = store.current()
        assert saved is not None
        moves = list(saved.match.moves)  # replayed through the rules: every saved move applies
        assert moves[: len(texts)] == texts  # the confirmed ones all there; maybe some more after
        assert len(moves) >= len(texts)


# --- only the state directory is written -------------------------------------------------------

EVERYTHING = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from firmware.storage import GameStore
    from rules.shut_the_box import ShutTheBox
    state = Path(sys.argv[1])
    (state / "games.db").write_bytes(b"damaged" * 1000)  # the recovery writes too
    with GameStore(state) as store:
        store.start(ShutTheBox(), ["Ala"], language="pl")
        store.save_move(1, "roll 3 5")
        store.save_move(2, "shut 8")
        store.undo()
        store.start(ShutTheBox(), ["Ola"], language="en")
        store.abandon()
        store.history()
    """
)
_WRITES = re.compile(r'^\d+ +(openat|open|creat|mkdir|mkdirat|rename|renameat2?|unlink|unlinkat|link|symlink'
                     r'|truncate|chmod|fchmodat)\((.*)$')  # fmt: skip


def test_it_writes_only_inside_the_state_directory(tmp_path: Path) -> None:
    strace = shutil.which("strace")
    if strace is None:
        pytest.skip("strace is not installed")
    state, cwd, tmp = (tmp_path / name for name in ("state", "cwd", "tmp"))
    for folder in (state, cwd, tmp):
        folder.mkdir()
    log = tmp_path / "strace.log"
    environment = {**os.environ, "TMPDIR": str(tmp), "HOME": str(cwd), "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run(
        [strace, "-f", "-qq", "-o", str(log), "-e", "trace=%file",
         sys.executable, "-c", EVERYTHING, str(state)],
        capture_output=True, text=True, timeout=120, cwd=cwd, env=environment,
    )  # fmt: skip
    if result.returncode != 0 and "ptrace" in result.stderr:
        pytest.skip(f"strace cannot trace here: {result.stderr.strip()}")
    assert result.returncode == 0, result.stderr
    written = []
    for line in log.read_text().splitlines():
        found = _WRITES.match(line)
        if not found:
            continue
        call, arguments = found.groups()
        if call.startswith("open") and not re.search(r"O_WRONLY|O_RDWR|O_CREAT|O_TRUNC", arguments):
            continue
        if "= -1 " in arguments:
            continue  # refused: nothing was written
        written += re.findall(r'"([^"]*)"', arguments)
    assert written, "strace saw no file being written at all"
    outside = [path for path in written if not Path(path).is_relative_to(state)]
    assert outside == [], outside
    names = sorted(p.name for p in state.iterdir())
    assert DB_NAME in names and any(re.fullmatch(r"games-damaged-\d{8}T\d{6}Z\.db", n) for n in names)
    assert {Path(path).name for path in written} >= {DB_NAME, f"{DB_NAME}-wal"}
    assert list(cwd.iterdir()) == [] and list(tmp.iterdir()) == []


def test_a_setting_is_kept_on_disk_and_read_after_reopening(tmp_path: Path) -> None:
    with GameStore(tmp_path) as store:
        assert store.setting("language") is None
        store.keep_setting("language", "en")
        store.keep_setting("language", "pl")  # the last choice wins
        store.start(ShutTheBox(), ["Ala"], language="en")
    with GameStore(tmp_path) as store:
        assert store.setting("language") == "pl"
        assert store.current() is not None  # settings live beside the games, not instead of them
    raw = sqlite3.connect(tmp_path / "games.db")
    assert raw.execute("SELECT value FROM meta WHERE key = 'setting.language'").fetchone() == ("pl",)
    raw.close()
