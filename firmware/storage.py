"""Saved games: every confirmed move is on disk before the screen moves on (SQLite, state directory).

One file, ``games.db``, in the state directory, and nothing written anywhere else (the root file
system may be read-only). A game is its title, its rule switches (``firmware.games.rulebooks``), the
players, the language, a seed and the time it began; then one row per confirmed move, each saved
in its own transaction. ``current()`` rebuilds the unfinished game with ``Match.replay``, so after a
crash or a power cut Kostka carries on at the last confirmed move. A finished game keeps its moves
and gains its outcome: that is the history, of the last ``keep_finished`` games (so the file, and
the check it gets at every start, stay small).
The same file keeps the few settings the player chooses on the box (``setting``,
``keep_setting``: the language), so they too survive a power cut.

Durability: WAL journal with ``synchronous=FULL`` fsyncs the journal at every commit, so a move
whose ``save_move`` returned survives a power cut; temporary tables stay in memory
(``temp_store=MEMORY``) so SQLite never writes to /tmp or the working directory.

>>> import tempfile
>>> from pathlib import Path
>>> from rules.shut_the_box import ShutTheBox
>>> with tempfile.TemporaryDirectory() as folder, GameStore(Path(folder)) as store:
...     _ = store.start(ShutTheBox(), ["Ala"], language="pl")
...     store.save_move(1, "roll 3 5")
...     store.save_move(2, "shut 8")
...     store.undo()
...     store.current().match.moves
'shut 8'
('roll 3 5',)
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from firmware.errors import KostkaError, Words, why_os
from firmware.files import sync_folder
from firmware.games.registry import rulebook_from_json, rulebook_to_json
from firmware.games.rulebooks import Book, RulebookError
from rules.game import Outcome, RulesError
from rules.match import Match

log = logging.getLogger(__name__)

DB_NAME = "games.db"
SCHEMA_VERSION = 2
"""The schema this code writes (``PRAGMA user_version``); ``MIGRATIONS[v]`` goes from v to v + 1."""
APPLICATION_ID = 0x4B6F7374
"""``PRAGMA application_id``: 'Kost' in ASCII, marks the file as Kostka's."""
ABANDONED = "abandoned"
"""``Outcome.reason`` of a game left unfinished when another one was started."""
UNREADABLE = "unreadable"
"""``Outcome.reason`` of a game set aside because it could not be rebuilt."""
SETTING = "setting."
"""Prefix of the player's settings in the ``meta`` table (``setting.language``)."""
KEEP_FINISHED = 1000
"""Finished games kept by default: about 6 MB, checked in some 25 ms at every start here."""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            rules TEXT NOT NULL,
            players TEXT NOT NULL,
            language TEXT NOT NULL,
            seed INTEGER,
            started TEXT NOT NULL,
            finished TEXT,
            winners TEXT,
            scores TEXT,
            reason TEXT,
            CHECK ((finished IS NULL) = (reason IS NULL))
        )""",
        "CREATE UNIQUE INDEX one_game_running ON games ((finished IS NULL)) WHERE finished IS NULL",
        """CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            text TEXT NOT NULL,
            played TEXT NOT NULL,
            PRIMARY KEY (game_id, number)
        ) WITHOUT ROWID""",
    ),
    # 2: each move's mark, the advisor's figures of the move chosen and of the best (JSON, or NULL
    # where no one chose: a roll, a forced move, a game without advice, a move saved before this)
    ("ALTER TABLE moves ADD COLUMN mark TEXT",),
)

_CORRUPT = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
_UNWRITABLE = {sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH}
_FIX_DIR = Words("storage.fix")


class StorageError(KostkaError):
    """Saved games cannot be read or written; the message (a catalogue key and its fields) says what
    happened and what to do.

    ``screen_key`` names the catalogue message a screen shows for it.
    """

    screen_key = "storage.failed"


class StateDirError(StorageError):
    """The state directory is missing and cannot be made, or cannot be written (read-only, rights)."""

    screen_key = "storage.unwritable"


class SchemaVersionError(StorageError):
    """``games.db`` was written by a newer Kostka with a schema this one does not know."""

    screen_key = "storage.newer"


class CorruptStoreError(StorageError):
    """``games.db`` turned out damaged while in use (on opening, it is moved aside instead)."""

    screen_key = "storage.corrupt"


class SavedGameError(StorageError):
    """The unfinished game cannot be rebuilt (a saved move no longer applies, unknown rules)."""

    screen_key = "storage.bad_game"

    def __init__(self, key: str, /, **fields: Any) -> None:
        super().__init__(key, **fields)
        self.game_id: int = fields["game"]


class _Unusable(Exception):
    """The file cannot serve as Kostka's database (not Kostka's, or damaged): ``why`` says it for a
    person, the text (SQLite's details) for the log."""

    def __init__(self, why: Words, detail: str) -> None:
        super().__init__(detail)
        self.why = why


def _utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class SavedGame:
    """The unfinished game as saved: the match rebuilt from its moves, and when each was played."""

    id: int
    match: Match[Any, Any]
    language: str
    seed: int | None
    started: datetime
    move_times: tuple[datetime, ...]

    @property
    def title(self) -> str:
        return str(self.match.book.title)


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A game of the history: who played what, how many moves, and how it ended."""

    id: int
    title: str
    rules: dict[str, Any]
    players: tuple[str, ...]
    language: str
    seed: int | None
    started: datetime
    finished: datetime
    moves: int
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class ArchivedGame:
    """A finished game's rows as stored: ``game`` (id, title, rules, players, language, seed,
    started, finished, winners, scores, reason) and ``moves`` (number, text, played, mark)."""

    game: tuple[Any, ...]
    moves: tuple[tuple[Any, ...], ...]


class GameStore:
    """The saved games of one state directory (see the module docstring); a context manager.

    Opening makes the directory if needed, proves that it can be written, and upgrades an older
    schema. A damaged ``games.db`` is renamed ``games-damaged-<UTC time>.db`` and a new one begun:
    ``moved_aside`` then names the old file and ``notice`` says so (``Words``, said in the person's
    language). Use the store from the thread that opened it (the game loop's).
    """

    def __init__(
        self,
        state_dir: Path,
        *,
        keep_finished: int = KEEP_FINISHED,
        clock: Callable[[], datetime] = _utc_now,
    ) -> None:
        if keep_finished < 1:
            raise ValueError(f"keep_finished must be 1 or more, not {keep_finished}")
        self.state_dir = Path(state_dir)
        self.keep_finished = keep_finished
        self.path = self.state_dir / DB_NAME
        self.moved_aside: Path | None = None
        self.notice: Words | None = None
        self._clock = clock
        self._db: sqlite3.Connection | None = None
        self._make_dir()
        self._db = self._open()

    # --- opening and closing ------------------------------------------------------------------

    def __enter__(self) -> GameStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the database (again: nothing happens)."""
        if self._db is not None:
            db, self._db = self._db, None
            db.close()

    def _make_dir(self) -> None:
        try:
            self.state_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StateDirError(
                "storage.dir.create", folder=self.state_dir, why=why_os(error), fix=_FIX_DIR
            ) from None
        if not self.state_dir.is_dir():
            raise StateDirError("storage.dir.not_folder", folder=self.state_dir, fix=_FIX_DIR)
        if not os.access(self.state_dir, os.W_OK | os.X_OK):
            why = _why_unwritable(self.state_dir)
            raise StateDirError("storage.dir.unwritable", folder=self.state_dir, why=why, fix=_FIX_DIR)

    def _open(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except (sqlite3.DatabaseError, _Unusable) as error:
            if not (isinstance(error, _Unusable) or _code(error) in _CORRUPT):
                raise self._error(error, Words("storage.doing.open")) from None
            why = error.why if isinstance(error, _Unusable) else Words("storage.why.damaged")
            log.info("%s: %s", self.path, error)
        self.moved_aside = self._move_aside()
        self.notice = Words(
            "storage.moved_aside.notice", {"path": self.path, "why": why, "aside": self.moved_aside.name}
        )
        try:
            return self._connect()
        except (sqlite3.DatabaseError, _Unusable) as error:
            log.info("%s cannot be made afresh: %s", self.path, error)
            raise StorageError("storage.afresh", path=self.path, fix=_FIX_DIR) from None

    def _connect(self) -> sqlite3.Connection:
        created = not self.path.exists()
        if not created:
            self._inspect()
        db = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("PRAGMA synchronous = FULL")
            db.execute("PRAGMA temp_store = MEMORY")
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StorageError("storage.no_wal", path=self.path, mode=repr(mode))
            self._upgrade(db)
            with _transaction(db):  # proves the directory can be written, before the first move
                db.execute("INSERT OR REPLACE INTO meta VALUES ('opened', ?)", (self._now(),))
        except BaseException:
            db.close()
            raise
        if created:
            sync_folder(self.state_dir)
        return db

    def _inspect(self) -> None:
        """Check an existing file read-only, so that a damaged one (and its journal) stays as found."""
        db = sqlite3.connect(f"{self.path.as_uri()}?mode=ro", uri=True, timeout=5.0)
        try:
            check = [row[0] for row in db.execute("PRAGMA quick_check")]
            if check != ["ok"]:
                raise _Unusable(
                    Words("storage.why.damaged"), f"SQLite's quick_check: {'; '.join(map(str, check[:3]))}"
                )
            app = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            db.close()
        if app != APPLICATION_ID and (app != 0 or tables):
            why = Words("storage.why.not_kostka", {"app": f"{app:#x}", "tables": tables})
            raise _Unusable(why, "not Kostka's")
        if version > SCHEMA_VERSION:
            raise SchemaVersionError(
                "storage.newer_schema", path=self.path, version=version, known=SCHEMA_VERSION
            )

    def _upgrade(self, db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version >= SCHEMA_VERSION:
            return
        with _transaction(db):
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _move_aside(self) -> Path:
        stamp = self._clock().astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
        target = self.state_dir / f"games-damaged-{stamp}.db"
        number = 1
        while target.exists():
            number += 1
            target = self.state_dir / f"games-damaged-{stamp}-{number}.db"
        try:
            for suffix in ("", "-wal", "-shm"):  # the journal goes with its database
                source = Path(f"{self.path}{suffix}")
                if source.exists():
                    source.rename(f"{target}{suffix}")
        except OSError as error:
            raise StateDirError(
                "storage.cannot_move_aside", path=self.path, why=why_os(error), fix=_FIX_DIR
            ) from None
        sync_folder(self.state_dir)
        return target

    # --- playing --------------------------------------------------------------------------------

    def start(
        self, book: Book, players: Sequence[str], *, language: str, seed: int | None = None
    ) -> SavedGame:
        """Save a new game and make it the current one.

        A game still unfinished goes to the history as abandoned (``Outcome((), (), "abandoned")``).
        """
        names = tuple(players)
        if not names or not all(isinstance(name, str) for name in names):
            raise ValueError(f"players must be a list of names, got {players!r}")
        if seed is not None and not -(2**63) <= seed < 2**63:
            raise ValueError(f"a seed must fit in 64 bits, got {seed}")
        rules = rulebook_to_json(book)
        match = Match.start(book, names)  # the rule book refuses a wrong number of players here
        now = self._now()
        with self._writing(Words("storage.doing.start")) as db:
            self._end_running(db, Outcome((), (), ABANDONED), now)
            cursor = db.execute(
                "INSERT INTO games (title, rules, players, language, seed, started) VALUES (?,?,?,?,?,?)",
                (book.title, rules, json.dumps(names, ensure_ascii=False), language, seed, now),
            )
        game_id = cursor.lastrowid
        assert game_id is not None
        return SavedGame(game_id, match, language, seed, datetime.fromisoformat(now), ())

    def save_move(self, number: int, text: str, mark: str | None = None) -> None:
        """Save the current game's move ``number`` (1 for the first) on disk, then return; ``mark``:
        the advisor's figures of the choice (``firmware.history.marks``), None where no one chose.

        ``number`` must follow the last saved move: a move saved twice or one missing is a
        ``StorageError``, never a silent gap.
        """
        with self._writing(Words("storage.doing.move")) as db:
            game_id, count = self._running(db)
            if number != count + 1:
                raise StorageError(
                    "storage.move_number",
                    number=number,
                    text=repr(text),
                    game=game_id,
                    count=count,
                    next=count + 1,
                )
            db.execute(
                "INSERT INTO moves (game_id, number, text, played, mark) VALUES (?,?,?,?,?)",
                (game_id, number, text, self._now(), mark),
            )

    def undo(self) -> str | None:
        """Delete the current game's last move; its text, or None when there is none to delete."""
        with self._writing(Words("storage.doing.undo")) as db:
            game_id, count = self._running(db)
            if count == 0:
                return None
            row = db.execute(
                "DELETE FROM moves WHERE game_id = ? AND number = ? RETURNING text", (game_id, count)
            ).fetchone()
        return str(row[0])

    def finish(self, outcome: Outcome) -> int:
        """Move the current game to the history with its ``outcome``; the game's id."""
        with self._writing(Words("storage.doing.finish")) as db:
            game_id, _ = self._running(db)
            self._end_running(db, outcome, self._now())
        return game_id

    def abandon(self, reason: str = ABANDONED) -> int | None:
        """Move the current game (if any) to the history unfinished, e.g. after a ``SavedGameError``.

        ``reason`` is ``"abandoned"`` or ``"unreadable"``; the id of the game, None if none ran.
        """
        with self._writing(Words("storage.doing.set_aside")) as db:
            row = db.execute("SELECT id FROM games WHERE finished IS NULL").fetchone()
            self._end_running(db, Outcome((), (), reason), self._now())
        return int(row[0]) if row else None

    # --- the player's settings ------------------------------------------------------------------

    def setting(self, name: str) -> str | None:
        """A setting the player chose on the box (e.g. ``language``), or None if never chosen."""
        with self._reading(Words("storage.doing.read_setting", {"name": name})) as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (SETTING + name,)).fetchone()
        return None if row is None else str(row[0])

    def keep_setting(self, name: str, value: str) -> None:
        """Keep a setting on disk (committed and synced, as a move) before returning."""
        with self._writing(Words("storage.doing.keep_setting", {"name": name})) as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (SETTING + name, value))

    # --- reading --------------------------------------------------------------------------------

    def current(self) -> SavedGame | None:
        """The unfinished game rebuilt move by move, or None; ``SavedGameError`` if it cannot be."""
        with self._reading(Words("storage.doing.current")) as db:
            return _current(db)

    def history(self, limit: int = 20) -> list[FinishedGame]:
        """The last ``limit`` finished games, the most recent first.

        Ordered by when they were begun (one game at a time, so also by when they ended), not by
        the clock: a Pi has no real-time clock, and without network its time may jump back.
        """
        with self._reading(Words("storage.doing.history")) as db:
            rows = db.execute(
                """SELECT id, title, rules, players, language, seed, started, finished, winners, scores,
                          reason, (SELECT count(*) FROM moves WHERE game_id = games.id)
                   FROM games WHERE finished IS NOT NULL ORDER BY id DESC LIMIT ?""",
                (limit,),
            ).fetchall()
        return [
            FinishedGame(
                id=row[0],
                title=row[1],
                rules=json.loads(row[2]),
                players=tuple(json.loads(row[3])),
                language=row[4],
                seed=row[5],
                started=datetime.fromisoformat(row[6]),
                finished=datetime.fromisoformat(row[7]),
                moves=row[11],
                outcome=Outcome(tuple(json.loads(row[8])), tuple(json.loads(row[9])), row[10]),
            )
            for row in rows
        ]

    def archive(self) -> list[ArchivedGame]:
        """Every finished game as stored (rows not yet checked), oldest first, with its moves."""
        with self._reading(Words("storage.doing.history")) as db:
            return _archive(db, 0)[1]

    # --- helpers --------------------------------------------------------------------------------

    def _now(self) -> str:
        return self._clock().astimezone(UTC).isoformat(timespec="milliseconds")

    def _running(self, db: sqlite3.Connection) -> tuple[int, int]:
        row = db.execute(
            """SELECT id, (SELECT count(*) FROM moves WHERE game_id = games.id)
               FROM games WHERE finished IS NULL"""
        ).fetchone()
        if row is None:
            raise StorageError("storage.no_game")
        return int(row[0]), int(row[1])

    def _end_running(self, db: sqlite3.Connection, outcome: Outcome, now: str) -> None:
        """Move the running game (if any) to the history; forget the oldest beyond ``keep_finished``."""
        db.execute(
            "UPDATE games SET finished = ?, winners = ?, scores = ?, reason = ? WHERE finished IS NULL",
            (now, json.dumps(list(outcome.winners)), json.dumps(list(outcome.scores)), outcome.reason),
        )
        db.execute(  # their moves go too (ON DELETE CASCADE)
            """DELETE FROM games WHERE finished IS NOT NULL AND id NOT IN
               (SELECT id FROM games WHERE finished IS NOT NULL ORDER BY id DESC LIMIT ?)""",
            (self.keep_finished,),
        )

    @contextlib.contextmanager
    def _reading(self, what: Words) -> Iterator[sqlite3.Connection]:
        if self._db is None:
            raise StorageError("storage.closed", what=what)
        try:
            yield self._db
        except sqlite3.Error as error:
            raise self._error(error, what) from None

    @contextlib.contextmanager
    def _writing(self, what: Words) -> Iterator[sqlite3.Connection]:
        with self._reading(what) as db, _transaction(db):
            yield db

    def _error(self, error: sqlite3.Error, what: Words) -> StorageError:
        code = _code(error)
        log.info("%s: %s: %s", what.said("en"), self.path, error)
        if code in _CORRUPT:
            return CorruptStoreError("storage.damaged", what=what, path=self.path)
        if code in _UNWRITABLE or "readonly" in str(error) or "unable to open" in str(error):
            return StateDirError("storage.cannot_write", what=what, path=self.path, fix=_FIX_DIR)
        if code == sqlite3.SQLITE_FULL:
            return StorageError("storage.disk_full", what=what, path=self.path)
        if code == sqlite3.SQLITE_BUSY:
            return StorageError("storage.busy", what=what, path=self.path)
        return StorageError("storage.other", what=what, path=self.path, detail=str(error))


def read_archive(state_dir: Path) -> list[ArchivedGame]:
    """The finished games of ``state_dir``, read without writing (a referee may be playing):
    nothing when no game was ever saved there. A file of an older schema is upgraded first; a
    damaged one is left as found (``CorruptStoreError``), for the box to set aside.
    """
    return read_archive_since(state_dir, 0)[1]


def read_archive_since(state_dir: Path, after: int) -> tuple[int, list[ArchivedGame]]:
    """As ``read_archive``, only the games whose id is above ``after``; first the lowest id of a
    finished game still kept (0 when none): those below it were forgotten (``keep_finished``)."""
    path = Path(state_dir) / DB_NAME
    what = Words("storage.doing.history")
    if Path(state_dir).is_dir() and not os.access(state_dir, os.R_OK | os.X_OK):
        raise StorageError("history.cannot_read", path=path)
    if not path.is_file():
        return 0, []
    try:
        db = _read_only(path)
    except sqlite3.Error as error:
        raise StorageError("history.cannot_read", path=path) from error
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            raise CorruptStoreError("storage.damaged", what=what, path=path)
        if version > SCHEMA_VERSION:
            raise SchemaVersionError("storage.newer_schema", path=path, version=version, known=SCHEMA_VERSION)
        if version < SCHEMA_VERSION:
            db.close()
            with GameStore(Path(state_dir)) as store:
                every = store.archive()
            return min((g.game[0] for g in every), default=0), [g for g in every if g.game[0] > after]
        return _archive(db, after)
    except sqlite3.DatabaseError as error:
        log.info("%s: %s: %s", what.said("en"), path, error)
        if _code(error) == sqlite3.SQLITE_BUSY:
            raise StorageError("storage.busy", what=what, path=path) from None
        if _code(error) in _UNWRITABLE:  # no right to the file or its journal: not damage
            raise StorageError("history.cannot_read", path=path) from None
        raise CorruptStoreError("storage.damaged", what=what, path=path) from None
    finally:
        db.close()


def read_current(state_dir: Path) -> SavedGame | None:
    """The unfinished game of ``state_dir`` (``GameStore.current``) read without writing, for a page
    that shows the table while a referee plays: None when there is none or no file yet."""
    path = Path(state_dir) / DB_NAME
    if not path.is_file():
        return None
    try:
        db = _read_only(path)
    except sqlite3.Error as error:
        raise StorageError("history.cannot_read", path=path) from error
    try:
        db.execute("BEGIN")
        try:
            return _current(db)
        finally:
            db.execute("COMMIT")
    except sqlite3.DatabaseError as error:
        log.info("%s: %s", path, error)
        raise StorageError("history.cannot_read", path=path) from None
    finally:
        db.close()


def _read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write. In a folder this process may not write (kostka-serve.service
    mounts it read-only) a WAL file opens only while its journal exists; when the box closed it
    cleanly there is none, the file alone is the whole of it, and it is read as it is (``immutable``)."""
    db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=5.0, isolation_level=None)
    try:
        db.execute("PRAGMA user_version").fetchone()
    except sqlite3.OperationalError:
        db.close()
        if path.with_name(path.name + "-wal").exists() or os.access(path.parent, os.W_OK):
            raise
        db = sqlite3.connect(f"{path.as_uri()}?immutable=1", uri=True, timeout=5.0, isolation_level=None)
    return db


def _current(db: sqlite3.Connection) -> SavedGame | None:
    row = db.execute(
        "SELECT id, title, rules, players, language, seed, started FROM games WHERE finished IS NULL"
    ).fetchone()
    if row is None:
        return None
    moves = db.execute(
        "SELECT number, text, played FROM moves WHERE game_id = ? ORDER BY number", (row[0],)
    ).fetchall()
    game_id, title, rules, players, language, seed, started = row
    where = {"game": game_id, "title": title, "started": started[:16].replace("T", " ")}
    if [number for number, _, _ in moves] != list(range(1, len(moves) + 1)):
        raise SavedGameError("storage.saved_game", **where, reason=Words("storage.saved_game.numbers"))
    try:
        book = rulebook_from_json(title, rules)
        match = Match.replay(book, json.loads(players), [text for _, text, _ in moves])
    except (RulebookError, RulesError, ValueError) as error:
        reason = Words("storage.saved_game.rules", {"detail": error})  # said in the person's language
        raise SavedGameError("storage.saved_game", **where, reason=reason) from error
    times = tuple(datetime.fromisoformat(played) for _, _, played in moves)
    return SavedGame(game_id, match, language, seed, datetime.fromisoformat(started), times)


def _archive(db: sqlite3.Connection, after: int) -> tuple[int, list[ArchivedGame]]:
    """Read in one transaction (the finished games whose id is above ``after``): a snapshot that a
    referee writing at the same time (another process, WAL) neither tears nor blocks."""
    db.execute("BEGIN")
    try:
        (oldest,) = db.execute("SELECT coalesce(min(id), 0) FROM games WHERE finished IS NOT NULL").fetchone()
        games = db.execute(
            """SELECT id, title, rules, players, language, seed, started, finished, winners,
                      scores, reason FROM games WHERE finished IS NOT NULL AND id > ? ORDER BY id""",
            (after,),
        ).fetchall()
        moves: dict[int, list[tuple[Any, ...]]] = {}
        for row in db.execute(
            """SELECT game_id, number, text, played, mark FROM moves WHERE game_id IN
               (SELECT id FROM games WHERE finished IS NOT NULL AND id > ?) ORDER BY game_id, number""",
            (after,),
        ):
            moves.setdefault(row[0], []).append(tuple(row[1:]))
    finally:
        db.execute("COMMIT")
    return int(oldest), [ArchivedGame(tuple(row), tuple(moves.get(row[0], ()))) for row in games]


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """One write transaction: committed (and, with synchronous=FULL, on disk) or rolled back, also when
    the commit itself fails (a full disk), so that the next transaction can begin."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise


def _code(error: BaseException) -> int | None:
    """The primary SQLite result code of an error (extended codes folded), or None."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _why_unwritable(folder: Path) -> Words:
    """Why ``folder`` refuses writes: a read-only file system, or this user's rights."""
    if os.statvfs(folder).f_flag & os.ST_RDONLY:
        return Words("storage.why.read_only")
    return Words("storage.why.user", {"uid": os.geteuid()})


