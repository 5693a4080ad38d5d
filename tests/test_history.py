"""The history: records, statistics, best moves, Shut the Box's luck, old files, damaged rows, a
reader beside a writer, and ``kostka history``'s text, CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import threading
from fractions import Fraction
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.history.marks import cost
from firmware.history.records import read_records
from firmware.history.stats import best_moves, standings
from firmware.loop import Keeper
from firmware.storage import APPLICATION_ID, MIGRATIONS, GameStore, read_archive
from rules.match import Match
from rules.shut_the_box import ShutTheBox
from rules.shut_the_box_advisor import position

GAME = (
    "roll 3 4",
    "shut 1 6",  # Ala: not the best (shut 7 is)
    "roll 6 6",
    "shut 3 9",  # Ala: the best
    "roll 1 2",  # nothing to shut: Ala's turn ends, 2+4+5+7+8 = 26
    "roll 4 5",
    "shut 9",  # Olek: the best
    "roll 1 1",
    "shut 2",  # forced: not a choice
    "roll 6 6",
    "shut 5 7",  # Olek: not the best (shut 4 8 is)
    "roll 1 1",  # nothing to shut: 1+3+4+6+8 = 22, Olek wins
)
"""A whole game whose every move is known, played by hand."""


def played(store: GameStore, moves: tuple[str, ...] = GAME, goal: str = "penalty") -> Match:  # type: ignore[type-arg]
    """Play ``moves`` through the referee's keeper (marks and all) and finish the game."""
    book = ShutTheBox()
    keeper = Keeper(store, language="pl", goal=goal)
    match = Match.start(book, ["Ala", "Olek"])
    for text in moves:
        match = match.play_text(text)
        keeper.save(match)
    keeper.finish(book.outcome(match.state))
    return match


def test_a_known_game_adds_up(tmp_path: Path) -> None:
    with GameStore(tmp_path) as store:
        match = played(store)
        (record,), skipped = read_records(store.archive())
    assert skipped == []
    assert record.scores == (26, 22) and record.winners == ("Olek",) and record.moves == len(GAME)
    assert best_moves(record, 0) == (1, 2) and best_moves(record, 1) == (1, 2)
    assert [r.shut for r in record.turns] == [False, False]
    assert record.rolls == (
        ("pips", (3, 4)),
        ("pips", (6, 6)),
        ("pips", (1, 2)),
        ("pips", (4, 5)),
        ("pips", (1, 1)),
        ("pips", (6, 6)),
        ("pips", (1, 1)),
    )
    # Ala's one mistake, "shut 1 6" for "shut 7", costs what the two boards left are worth
    every = tuple(range(1, 10))
    after = {
        shut: position(match.book, [f for f in every if f not in shut], False) for shut in ((7,), (1, 6))
    }
    ala = next(m for m in record.marks if m.seat == 0 and not m.matched)
    assert cost(ala)["p_shut"] == after[(7,)].p_shut - after[(1, 6)].p_shut
    assert cost(ala)["expected_penalty"] == after[(1, 6)].expected_penalty - after[(7,)].expected_penalty


def test_luck_is_what_the_rolls_brought_beyond_best_play(tmp_path: Path) -> None:
    """Ala's luck, roll by roll: the best chance after the roll less the chance before it."""
    with GameStore(tmp_path) as store:
        played(store)
        records, _ = read_records(store.archive())
    ala = standings(records)[0]
    book = ShutTheBox()

    def p(open_flaps: list[int]) -> Fraction:
        return position(book, open_flaps, False).p_shut

    start = p(list(range(1, 10)))
    rolls = [
        p([1, 2, 3, 4, 5, 6, 8, 9]) - start,  # 3 4: best was shut 7
        max(p([2, 4, 5, 7, 8]), p([2, 3, 4, 8, 9]), p([2, 3, 5, 7, 9])) - p([2, 3, 4, 5, 7, 8, 9]),  # 6 6
        Fraction(0) - p([2, 4, 5, 7, 8]),  # 1 2: the turn is over
    ]
    assert ala.player == "Ala" and ala.turns == 1 and ala.shuts == 0 and ala.p_perfect == start
    assert ala.luck == sum(rolls)
    assert ala.luck == -start + ala.given["p_shut"]


def test_statistics_per_player_and_game(tmp_path: Path) -> None:
    with GameStore(tmp_path) as store:
        played(store)
        played(store)
        records, _ = read_records(store.archive())
    rows = {row.player: row for row in standings(records)}
    assert (rows["Olek"].games, rows["Olek"].wins, rows["Olek"].win_rate, rows["Olek"].best) == (2, 2, 1, 22)
    assert (rows["Ala"].wins, rows["Ala"].average, rows["Ala"].choices, rows["Ala"].matched) == (0, 26, 4, 2)


def test_the_keeper_marks_each_choice_as_it_is_confirmed(tmp_path: Path) -> None:
    with GameStore(tmp_path) as store:
        played(store, goal="shut")
        (stored,) = store.archive()
    marks = [json.loads(mark) for _, _, _, mark in stored.moves if mark is not None]
    assert [(m["seat"], m["matched"], m["goal"]) for m in marks] == [
        (0, False, "shut"),
        (0, True, "shut"),
        (1, True, "shut"),
        (1, False, "shut"),
    ]
    assert marks[0]["best_move"] == "shut 7" and marks[0]["legal"] == 5


def old_database(folder: Path) -> Path:
    """A games.db as the first schema made it, with one finished game (no marks yet)."""
    path = folder / "games.db"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    for statement in MIGRATIONS[0]:
        db.execute(statement)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    rules = json.dumps({"flaps": 9}, sort_keys=True)
    db.execute(
        "INSERT INTO games VALUES (1, 'shut-the-box', ?, '[\"Ala\", \"Olek\"]', 'pl', NULL,"
        " '2026-03-01T18:00:00.000+00:00', '2026-03-01T18:04:30.000+00:00', '[1]', '[26, 22]',"
        " 'rounds-played')",
        (rules,),
    )
    for number, text in enumerate(GAME, start=1):
        db.execute("INSERT INTO moves VALUES (1, ?, ?, '2026-03-01T18:01:00.000+00:00')", (number, text))
    db.close()
    return path


def test_a_database_of_the_first_schema_is_upgraded_and_read(tmp_path: Path) -> None:
    path = old_database(tmp_path)
    (record,), skipped = read_records(read_archive(tmp_path))
    assert skipped == [] and record.seconds == 270 and record.winners == ("Olek",)
    assert best_moves(record, 0) == (1, 2)  # judged on reading: no mark was kept then
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    assert "mark" in [row[1] for row in db.execute("PRAGMA table_info(moves)")]


def test_damaged_rows_are_skipped_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with GameStore(tmp_path) as store:
        played(store)
        played(store)
    db = sqlite3.connect(tmp_path / "games.db")
    db.execute("UPDATE games SET players = 'not json' WHERE id = 1")
    db.commit()
    db.close()
    assert main(["history", "--state", str(tmp_path), "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert err.startswith("game 1 skipped: unreadable record") and len(err.splitlines()) == 1
    assert "Olek won" in out


def test_reading_beside_a_writer_sees_whole_games(tmp_path: Path) -> None:
    """A writer (another thread, its own connection) plays and forgets games; every read is a
    snapshot: each finished game there with all its moves."""
    GameStore(tmp_path).close()
    stop = threading.Event()
    errors: list[BaseException] = []

    def write() -> None:
        try:
            with GameStore(tmp_path, keep_finished=2) as store:
                while not stop.is_set():
                    played(store)
        except BaseException as error:
            errors.append(error)

    writer = threading.Thread(target=write)
    writer.start()
    reads = 0
    try:
        while reads < 60:
            for stored in read_archive(tmp_path):
                assert [n for n, _, _, _ in stored.moves] == list(range(1, len(GAME) + 1))
            reads += 1
    finally:
        stop.set()
        writer.join()
    assert not errors


def test_the_command_prints_games_statistics_and_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with GameStore(tmp_path) as store:
        played(store)
    assert main(["history", "--state", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "wygrywa Olek" in out and "Ala: najlepsze ruchy 1 z 2" in out and "1 tura" in out
    assert main(["history", "--state", str(tmp_path), "--stats", "--lang", "en"]) == 0
    assert "Shut the Box, Olek: 1 game, 1 win (100.0%)" in capsys.readouterr().out
    assert main(["history", "--state", str(tmp_path), "--dice", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    # 14 faces, 7/3 expected of each: chi-square (64 + 3 * 16 + 1 + 25) / 9 / (7/3) = 138/21
    assert "1:5 2:1 3:1 4:2 5:1 6:4; chi-square 6.57," in out and "too few rolls to tell: 14 rolls" in out


def test_csv_and_json_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with GameStore(tmp_path) as store:
        played(store)
    assert main(["history", "--state", str(tmp_path), "--csv"]) == 0
    (row,) = csv.DictReader(io.StringIO(capsys.readouterr().out))
    assert (row["game"], row["players"], row["scores"], row["winners"], row["best_moves"]) == (
        "shut-the-box",
        "Ala;Olek",
        "26;22",
        "Olek",
        "1;1",
    )
    assert main(["history", "--state", str(tmp_path), "--csv", "--dice"]) == 0
    (dice,) = csv.DictReader(io.StringIO(capsys.readouterr().out))
    assert (dice["rolls"], dice["face_1"], dice["face_6"]) == ("14", "5", "4")
    assert float(dice["chi_square"]) == pytest.approx(138 / 21)
    assert main(["history", "--state", str(tmp_path), "--json", "--player", "Ala"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["schema_version"] == 1 and [g["winners"] for g in doc["games"]] == [["Olek"]]
    assert doc["games"][0]["play"]["Ala"]["best_moves"] == 1
    assert main(["history", "--state", str(tmp_path), "--json", "--player", "Ewa"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == []


def test_no_games_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--state", str(tmp_path), "--lang", "en"]) == 0
    assert capsys.readouterr().out == "No finished games.\n"
    assert not (tmp_path / "games.db").exists()


def test_nogi_stonogi_choices_cost_boots() -> None:
    """A keep that is not the best gives away boots expected this turn: the best keep's less its own."""
    from firmware.history.marks import judge
    from rules.stonoga import Stonoga
    from rules.stonoga_advisor import advise

    book = Stonoga()
    match = Match.replay(book, ["Ala", "Olek"], ["r r * b"])
    advice = advise(book, match.state)
    worst = advice[-1]
    mark = judge(book, match.state, worst.move.text(), "penalty")
    assert mark is not None and not mark.matched and mark.seat == 0 and mark.legal == len(advice)
    given = advice[0].figure("expected_boots") - worst.figure("expected_boots")
    assert given > 0 and cost(mark) == {"expected_boots": given}
    best = judge(book, match.state, advice[0].move.text(), "penalty")
    assert best is not None and best.matched and cost(best) == {"expected_boots": 0}


def test_a_state_folder_without_the_right_to_read_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The service keeps its folder to itself (mode 0700): another user is told how to read it."""
    with GameStore(tmp_path) as store:
        played(store)
    monkeypatch.setattr("firmware.storage.os.access", lambda path, mode: False)
    assert main(["history", "--state", str(tmp_path), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kostka: cannot read ") and "sudo -u kostka kostka history" in err
    assert len(err.splitlines()) == 1
