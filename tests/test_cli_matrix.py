"""Bad input over every ``kostka`` command: unknown options, bad numbers, missing, empty or corrupt
files, folders where files belong, out-of-range values, unknown games. Each case must end with exit
code 2 and one line on stderr (argparse's usage and its one error line, in either language, count as
that), never a traceback. The commands run in this process, so the whole matrix takes seconds."""

from __future__ import annotations

import argparse
import io
import shlex

import pytest

from firmware.cli import build_parser, main
from firmware.messages.i18n import LANGUAGES, catalogue

USAGE = tuple(catalogue(lang)["argparse.usage"] for lang in LANGUAGES)
"""argparse's first word, ``użycie: `` or ``usage: `` (the language comes from the environment)."""
ERROR = tuple(catalogue(lang)["argparse.error"] % {"prog": "", "message": ""} for lang in LANGUAGES)
"""What stands between the command and argparse's error: ``: błąd: `` or ``: error: ``."""

CASES: tuple[str, ...] = (
    "--bogus",
    "nosuchverb",
    # run
    "run --bogus",
    "run --config {missing}",
    "run --config {folder}",
    "run --config {corrupt}",
    "run --config {badtoml}",
    "run --config {notdir}",
    "run --profile {missing}",
    "run --profile {corrupt}",
    "run --profile {folder}",
    # demo
    "demo --auto --seed x",
    "demo --auto --players 0",
    "demo --auto --players 99",
    "demo --auto --game chess",
    "demo --auto --pace -1 --json",
    "demo --auto --pace x",
    "demo --auto --json --state {empty}",
    "demo --auto --json --frames-out {empty}",
    # play
    "play",
    "play chess",
    "play shut-the-box --players ,",
    "play shut-the-box --players Ala,Ala",
    "play shut-the-box --bots 9",
    "play shut-the-box --flaps 7",
    "play shut-the-box --rounds -1",
    "play shut-the-box --penalty-limit x",
    "play shut-the-box --full-shut-bonus -1",
    "play shut-the-box --lang xx",
    "play shut-the-box --save {folder}",
    "play shut-the-box --save {notdir}",
    "play stonoga --players A",
    "play stonoga --seed x",
    "play lezard --board {missing}",
    "play lezard --board {folder}",
    "play lezard --board {empty}",
    "play lezard --board {corrupt}",
    "play lezard --board {badtoml}",
    "play lezard --lizards Ala",
    "play lezard --players Ala,Olek --lizards Ala=purple+green",
    "play lezard --players Ala,Olek,Ewa --lizards Ala=green,Olek=green",
    "play --resume {missing}",
    "play --resume {folder}",
    "play --resume {empty}",
    "play --resume {corrupt}",
    "play --resume {badtoml}",
    "play --resume {missing} stonoga",
    # odds
    "odds",
    "odds chess",
    "odds shut-the-box --flaps 7",
    "odds shut-the-box --flaps x",
    "odds shut-the-box --one-die sometimes",
    "odds shut-the-box --full-shut-bonus -1",
    "odds stonoga",
    "odds stonoga --at-least 0",
    "odds stonoga --at-least 5",
    "odds stonoga --at-least x",
    "odds stonoga --at-least 3 --lang xx",
    # advise
    "advise chess",
    "advise shut-the-box",
    "advise shut-the-box --roll 9,9",
    "advise shut-the-box --roll x",
    "advise shut-the-box --roll 3,4 --open 0",
    "advise shut-the-box --roll 3,4 --open 1,1",
    "advise shut-the-box --roll 3,4 --goal win",
    "advise shut-the-box --roll 3,4 --lang xx",
    "advise shut-the-box --roll 3,4 --full-shut-bonus -1",
    "advise stonoga",
    "advise stonoga --moves 'x x x x'",
    "advise stonoga --moves 'r r * b; keep q'",
    "advise stonoga --players A --moves ''",
    "advise lezard --moves purple",
    "advise lezard --board {missing} --moves red",
    "advise lezard --board {corrupt} --moves red",
    "advise lezard --lizards x --moves red",
    # read
    "read",
    "read --mode xx {empty}",
    "read --mode cards --board {corrupt} {empty}",
    "read --mode cards --board {folder} {empty}",
    "read --profile {corrupt} {empty}",
    "read --mode colours --profile {corrupt} {empty}",
    "read --mode colours --profile {folder} {empty}",
    "read --models {folder} {empty}",
    "read --lang xx {empty}",
    "read --board {missing} {empty}",
    "read --mode colours --profile {missing} {empty}",
    # eval
    "eval",
    "eval {missing}",
    "eval {folder}",
    "eval {empty}",
    "eval {folder} --every x",
    # check
    "check --frames 0",
    "check --frames x",
    "check --source {missing}",
    "check --source {folder}",
    "check --source {empty}",
    "check --source {notdir}",
    "check --config {badtoml}",
    "check --config {missing}",
    "check --lang xx",
    "check --source synthetic --frames 3 --picture {notdir}",
    # teach
    "teach --source synthetic",
    "teach --out {out} --source {missing} --names red",
    "teach --out {out} --source synthetic --frames 0",
    "teach --out {out} --source synthetic --names ,",
    "teach --out {out} --source synthetic --names red --board {empty}",
    "teach --out {out} --source synthetic --mode cards --board {corrupt}",
    "teach --out {out} --source synthetic --mode cards --board {folder}",
    "teach --out {out} --source synthetic --mode cards --names purple",
    "teach --out {folder} --source synthetic --names red --frames 1",
    "teach --out {out} --source synthetic --config {badtoml}",
    "teach --out {out} --source synthetic --lang xx",
    "teach --out {out} --source synthetic --mode cards --names purple,brown",
    "teach --out {out} --source synthetic --mode cards --board {missing}",
    # learn
    "learn",
    "learn {folder}",
    "learn {missing} --out {out}",
    "learn {folder} --out {out}",
    "learn {empty} --out {out}",
    "learn {folder} --out {out} --limit 0",
    "learn {folder} --out {out} --limit x",
    "learn {folder} --out {out} --mode colours",
    "learn {folder} --out {out} --mode dots",
    "learn {folder} --out {folder}",
    "learn {folder} --out {notdir}",
    "learn {folder} --out {out} --lang xx",
    "read --profile {missing} {empty}",
    "read --profile {folder} {empty}",
    "read --profile {empty} {empty}",
    "eval {folder} --profile {corrupt}",
    # wiring
    "wiring --timeout x",
    "wiring --timeout 0",
    "wiring --timeout -1 --keyboard",
    "wiring --config {badtoml}",
    "wiring --config {missing}",
    "wiring --keyboard --lang xx",
    # board
    "board --board {missing}",
    "board --board {folder}",
    "board --board {empty}",
    "board --board {corrupt}",
    "board --board {badtoml}",
    "board --out {folder}",
    "board --out {notdir}/b.png",
    "board --out {out}.unknown",
    "board --config {badtoml}",
    "board --lang xx",
    # history
    "history --state {missing}",
    "history --state {empty}",
    "history --state {notdir}",
    "history --state {folder} --game chess",
    "history --state {folder} --json --csv",
    "history --state {folder} --stats --dice",
    "history --lang xx",
    # serve
    "serve --state {missing}",
    "serve --state {empty}",
    "serve --port x",
    "serve --port 70000 --state {folder}",
    "serve --port -1 --state {folder}",
    "serve --host no.such.host.invalid --port 0 --state {folder}",
    "serve --lang xx",
)
"""Each case's command line; ``{missing}`` and the others name the files of ``files``."""


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A missing file, a folder, an empty file, binary garbage, broken TOML, a path under a file."""
    root = tmp_path_factory.mktemp("bad-input")
    (root / "folder").mkdir()
    (root / "empty.txt").write_bytes(b"")
    (root / "corrupt.bin").write_bytes(b"\xff\xfe\x00garbage\x89PNG")
    (root / "bad.toml").write_text("[display\ndriver =", encoding="utf-8")
    return {
        "missing": str(root / "missing.toml"),
        "folder": str(root / "folder"),
        "empty": str(root / "empty.txt"),
        "corrupt": str(root / "corrupt.bin"),
        "badtoml": str(root / "bad.toml"),
        "notdir": str(root / "empty.txt" / "inside"),
        "out": str(root / "out.json"),
    }


def verbs() -> set[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return set(sub.choices)


def test_every_command_is_in_the_matrix() -> None:
    covered = {case.split()[0] for case in CASES}
    assert verbs() <= covered, sorted(verbs() - covered)


@pytest.mark.parametrize("case", CASES)
def test_bad_input_is_one_line_and_exit_2(
    case: str, files: dict[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    argv = shlex.split(case.format(**files))
    code: int | str | None
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own errors
        code = exit_.code
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert code == 2, (case, err)
    if lines and lines[0].startswith(USAGE):
        assert any(error in lines[-1] for error in ERROR), err
    else:
        assert len(lines) == 1 and lines[0].strip(), err
