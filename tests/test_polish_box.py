"""The box's last English lines, said in the person's language: a bad ``[game.rules.*]`` switch in the
config, the loop's own lines in the log (teaching, checking the camera, reading the dice, keeping the
taught colours, the display), the frame sources' errors, the reader's network files, pictures that
cannot be read, and Ctrl-C. Each holds no English word in Polish and no Polish-only word in English.
"""

from __future__ import annotations

import errno
import logging
import os
import queue
import struct
import sys
import zlib
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from box_driver import drain

import firmware.cli.odds
from firmware.app import render_view
from firmware.cli import main
from firmware.devices.camera import CameraError, EndOfFrames, open_source
from firmware.devices.images import ImageError, load_image
from firmware.devices.notify import Notifier, Watchdog
from firmware.errors import told
from firmware.loop import CameraFeed, Keeper, Loop
from firmware.machine.effects import CheckFrames, KeepColours, ReadDice, TakeFrames
from firmware.machine.events import CameraChecked, ColoursNotKept, DiceRead, FacesSeen
from firmware.machine.step import Setup, start
from firmware.standins.tray import StandInDice, SyntheticSource
from firmware.storage import GameStore
from firmware.taught import TaughtColours
from rules.shut_the_box import ShutTheBox
from tests.test_polish import assert_polish, english_in
from tests.test_polish_tools import assert_english
from vision.errors import ModelError
from vision.networks import SHIPPED

LANGS = ("pl", "en")


def in_its_language(text: str, lang: str) -> None:
    """``text`` holds no English word in Polish, no Polish-only word (and some English) in English."""
    assert text.strip()
    if lang == "pl":
        assert_polish(text)
    else:
        assert_english(text)
        assert english_in(text), text


# --- a bad rule switch in the config --------------------------------------------------------------


@pytest.mark.parametrize(
    "lines",
    [
        ("[game.rules.stonoga]", 'stealing = "yes"'),
        ("[game.rules.stonoga]", "target = 3"),
        ("[game.rules.shut-the-box]", "flapz = 9"),
        ("[game.rules.shut-the-box]", "flaps = 7"),
        ("[game.rules.shut-the-box]", "rounds = 0"),
        ("[game.rules.shut-the-box]", 'one_die = "sometimes"'),
        ("[game.rules.lezard]", 'data_file = "/no/such/lezard.toml"'),
        ("[game.rules.lezard]", 'seats = "red"'),
    ],
)
def test_a_bad_rule_switch_is_said_in_the_language_of_the_config(
    lines: tuple[str, ...],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KOSTKA_RUNTIME", "dnn")
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    config = tmp_path / "kostka.toml"
    for lang, fix in (("pl", "popraw albo usuń ten przełącznik"), ("en", "fix or delete the switch")):
        config.write_text("\n".join([f'language = "{lang}"', *lines]) + "\n", encoding="utf-8")
        assert main(["run", "--config", str(config)]) == 2
        captured = capsys.readouterr()
        assert captured.err.count("\n") == 1 and fix in captured.err, captured.err
        in_its_language(captured.err.removeprefix("kostka run: "), lang)


def test_a_saved_game_whose_switches_no_longer_fit_is_said_in_polish(tmp_path: Path) -> None:
    from firmware.storage import SavedGameError

    with GameStore(tmp_path) as store:
        store.start(ShutTheBox(), ["Ala"], language="pl")
        assert store._db is not None
        store._db.execute("UPDATE games SET rules = ?", ('{"flaps": 7}',))
        with pytest.raises(SavedGameError) as caught:
            store.current()
    assert "`flaps` (liczba klapek) to jedno z: 6, 9, 10, 12, nie 7" in caught.value.message("pl")
    in_its_language(caught.value.message("pl"), "pl")
    assert "flaps must be one of 6, 9, 10, 12, not 7" in str(caught.value)


def test_a_lezard_box_given_as_switches_is_named_as_settings_in_each_language() -> None:
    from firmware.errors import told
    from firmware.games.lezard.book import _lezard_switches, shipped_lezard_text
    from firmware.games.registry import rulebook_from_switches
    from rules.lezard import Lezard
    from rules.lezard_board import parse_lezard_data

    switches = dict(_lezard_switches(Lezard(parse_lezard_data(shipped_lezard_text()))))
    with pytest.raises(Exception) as caught:
        rulebook_from_switches("lezard", {**switches, "lizards": ["red", "red", "blue", "green"]})
    polish, english = told(caught.value, "pl"), told(caught.value, "en")
    assert polish.startswith("lezard: pudełko podane w ustawieniach, `lizards`: "), polish
    assert english.startswith("lezard: the box given as settings, lizards: "), english
    assert "saved game" not in english and "wiersz" not in polish
    in_its_language(polish, "pl")


# --- the loop's own lines in the log ---------------------------------------------------------------


def missing_network() -> ModelError:
    with pytest.raises(ModelError) as caught:
        SHIPPED.open("/no/such/dice_net.onnx", "network.dice", "tools/train_dice_net.py", ModelError)
    return caught.value


@pytest.mark.parametrize("lang", LANGS)
def test_the_camera_threads_lines_are_said_in_the_boxs_language(
    lang: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Teaching, checking and reading that fail are logged in the box's language; the camera goes on."""
    events: queue.Queue[Any] = queue.Queue()
    dice = StandInDice(seed=4)

    def fails(*_: Any) -> Any:
        raise missing_network()

    feed = CameraFeed(
        lambda: SyntheticSource(dice, size=(320, 240)), events, fails, teacher=fails, fast=True, lang=lang
    )
    caplog.set_level(logging.WARNING, logger="firmware.loop")
    feed.start()
    try:
        feed.take(TakeFrames("red", 1))
        drain(events, FacesSeen)
        feed.check(CheckFrames(1))
        checked = drain(events, CameraChecked)[-1]
        feed.request(ReadDice(2, False, 2))
        dice.roll(2, colours=False, key="a")
        assert drain(events, DiceRead)[-1].reading.dice == ()
    finally:
        feed.close()
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == 3, said
    if lang == "pl":
        assert said[0].startswith("nie udało się znaleźć kostek ani kart do nauki: nie ma pliku ")
        assert "(sieć kostek); utwórz go skryptem tools/train_dice_net.py" in said[0]
        assert said[1] == "nie udało się sprawdzić kamery: ta kamera nie ma sprawdzania"
        assert said[2].startswith("nie udało się odczytać kostek (gracz wpisze je ręcznie): nie ma pliku")
    assert checked.error == said[1].split(": ", 1)[1]
    in_its_language("\n".join(said), lang)


class BrokenScreen:
    def show(self, image: Any) -> None:
        raise OSError(errno.EIO, "Remote I/O error")


class QuietCamera:
    def start(self) -> None: ...
    def request(self, ask: ReadDice) -> None: ...
    def reopen(self) -> None: ...
    def set_idle(self, idle: bool) -> None: ...


def loop_in(lang: str, store: GameStore, taught: TaughtColours | None = None, screen: Any = None) -> Loop:
    state, first = start(Setup((ShutTheBox(),)), lang=lang, players=1)
    loop = Loop(
        state,
        first,
        events=queue.Queue(),
        screen=screen or BrokenScreen(),
        render=render_view,
        keeper=Keeper(store, language=lang),
        camera=QuietCamera(),  # type: ignore[arg-type]
        notifier=Notifier(None),
        watchdog=Watchdog(None, 10.0, lambda: True),
        taught=taught,
    )
    loop.carry_out(first)
    return loop


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EACCES])
def test_taught_colours_that_cannot_be_written_and_a_dead_display_are_said_in_the_boxs_language(
    lang: str, code: int, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full, read-only or forbidden state directory (os.replace refuses: root writes through a
    chmod) keeps the old colours whole; the box says so and goes on."""
    taught = TaughtColours(tmp_path)
    faces = (("red", ((1.0, 0.0),)), ("blue", ((0.0, 1.0),)))
    taught.keep(faces)
    before = taught.path.read_bytes()

    def refuse(*_: Any) -> None:
        raise OSError(code, os.strerror(code))

    caplog.set_level(logging.WARNING, logger="firmware.loop")
    with GameStore(tmp_path / "state") as store:
        loop = loop_in(lang, store, taught)
        monkeypatch.setattr(os, "replace", refuse)
        loop.keep_colours(KeepColours((("red", ((0.5, 0.5),)),)))
    assert isinstance(loop.events.get_nowait(), ColoursNotKept)
    assert taught.path.read_bytes() == before
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == 2, said  # the display, once; the colours
    why = {
        errno.ENOSPC: "dysk jest pełny",
        errno.EROFS: "leży na systemie plików tylko do odczytu",
        errno.EACCES: "brak uprawnień",
    }
    if lang == "pl":
        assert said[0] == "ekran nie działa: błąd systemu EIO"
        assert said[1] == f"nie zapisałam nauczonych kolorów: {why[code]}"
    in_its_language("\n".join(said), lang)


# --- the frame sources, the reader's networks, pictures, Ctrl-C ------------------------------------


def source_errors(tmp_path: Path) -> list[CameraError]:
    (tmp_path / "empty").mkdir()
    (tmp_path / "a-folder.avi").mkdir()
    (tmp_path / "one").mkdir()
    cv2.imwrite(str(tmp_path / "one" / "f1.png"), np.full((48, 64, 3), 90, np.uint8))
    errors: list[CameraError] = []
    for spec in ("", "usb:lewa", "/no/such/video.mp4", str(tmp_path / "empty"), str(tmp_path / "none-*.png")):
        with pytest.raises(CameraError) as caught:
            open_source(spec)
        errors.append(caught.value)
    from firmware.devices.camera.videocapture import VideoCaptureSource

    with pytest.raises(CameraError) as caught:
        VideoCaptureSource(tmp_path / "a-folder.avi")
    errors.append(caught.value)
    with open_source(str(tmp_path / "one")) as source, pytest.raises(EndOfFrames) as ended:
        source.read()
        source.read()
    errors.append(ended.value)
    return errors


@pytest.mark.parametrize("lang", LANGS)
def test_the_frame_sources_errors_are_said_in_each_language(lang: str, tmp_path: Path) -> None:
    said = [error.message(lang) for error in source_errors(tmp_path)]
    assert len(said) == 7
    in_its_language("\n".join(said), lang)
    if lang == "pl":
        assert said[0].startswith("źródło klatek '': nie podano źródła. Źródło klatek to `picamera2`")
        ended = "przeczytano już wszystkie obrazy (1). Otwórz je ponownie albo z `loop=True`, "
        assert said[-1].endswith(ended + "żeby zaczynać od początku")


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_or_damaged_network_file_is_said_in_each_language(lang: str, tmp_path: Path) -> None:
    missing = told(missing_network(), lang)
    damaged_file = tmp_path / "dice_net.onnx"
    damaged_file.write_bytes(b"not a network")
    with pytest.raises(ModelError) as caught:
        SHIPPED.open(damaged_file, "network.face", "tools/train_face_net.py", ModelError)
    damaged = told(caught.value, lang)
    runtime_said, _, _ = damaged.rpartition("): ")  # the runtime's own reason is its own
    in_its_language(f"{missing}\n{runtime_said}", lang)
    if lang == "pl":
        assert missing == (
            "nie ma pliku /no/such/dice_net.onnx (sieć kostek); utwórz go skryptem tools/train_dice_net.py"
        )
        assert runtime_said == f"OpenCV dnn nie może wczytać pliku {damaged_file} (klasyfikator ścianek"
    assert str(caught.value).startswith(f"OpenCV dnn cannot load the face classifier {damaged_file}: ")


def test_kostka_read_with_a_damaged_network_says_it_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KOSTKA_RUNTIME", "dnn")
    for name in ("dice_net.onnx", "face_net.onnx"):
        (tmp_path / name).write_bytes(b"not a network")
    assert main(["read", "--models", str(tmp_path), "tests/data/dice/images/six_57.jpg"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nie może wczytać pliku" in err, err
    assert_polish(err.rpartition("): ")[0])


def png_of_one_colour(path: Path, width: int, height: int) -> None:
    """A whole PNG (1-bit grey, every pixel black) of ``width`` x ``height``: its pixels compress to
    some 100 kB even at 30000 x 30000, so the test writes a real picture, not just a header."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    squeeze = zlib.compressobj(9)
    row = b"\0" * (1 + (width + 7) // 8)
    rows = 1000
    pixels = b"".join(squeeze.compress(row * min(rows, height - top)) for top in range(0, height, rows))
    pixels += squeeze.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


@pytest.mark.parametrize("lang", LANGS)
def test_pictures_that_cannot_be_read_are_said_in_each_language(lang: str, tmp_path: Path) -> None:
    (tmp_path / "empty.jpg").write_bytes(b"")
    (tmp_path / "cut.jpg").write_bytes(b"\xff\xd8\xff\xe0 and nothing more")
    (tmp_path / "text.png").write_bytes(b"not a picture")
    cv2.imwrite(str(tmp_path / "tiny.png"), np.zeros((6, 8, 3), np.uint8))
    png_of_one_colour(tmp_path / "wide.png", 9000, 8000)
    names = ("none.jpg", "empty.jpg", "cut.jpg", "text.png", "tiny.png", "wide.png", ".")
    said = []
    for name in names:
        with pytest.raises(ImageError) as caught:
            load_image(tmp_path / name)
        said.append(f"{caught.value.message(lang)}. {caught.value.advice.said(lang)}")
    in_its_language("\n".join(said), lang)
    if lang == "pl":
        assert said[5].endswith("wide.png' ma 9000 x 8000 pikseli, ponad 64 Mpx. Najpierw go zmniejsz")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["odds", "shut-the-box"], "\nPrzerwano.\n"),
        (["odds", "shut-the-box", "--lang", "en"], "\nStopped.\n"),
    ],
)
def test_ctrl_c_is_said_in_the_commands_language(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(args: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(firmware.cli.odds, "run", interrupted)
    monkeypatch.setattr(sys, "argv", ["kostka", *argv])
    assert main(argv) == 130
    assert capsys.readouterr().err == said
