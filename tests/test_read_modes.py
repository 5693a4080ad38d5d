"""One entry point, three modes: ``read_dice(frame, mode)`` and ``kostka read/eval --mode``.

Frames come from the renderer (``measure.synth``, easy preset) with their truth. Colour mode
asks the pip reader's dice network, and its own colour network, when their files are installed;
these tests check how the modes are wired with colour mode's classical finder and naming, the
same whatever networks are shipped at the time (as tests/test_teach.py does).
"""

from __future__ import annotations

import csv
import json
import math
import re
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from firmware.cli import main
from firmware.profiles import board_colours
from measure.synth import CardFace, Scene, Truth, render
from vision.colours.reader import face_features
from vision.networks import Networks
from vision.profile import Profile
from vision.reader import MODES, read_dice
from vision.reading import Die, Reading

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English lines

COLOURS = {"yellow", "red", "green", "blue", "black", "star"}
# easy frames the colour reader reads without a silent error (seed, faces shown)
COLOUR_SCENES = [
    (0, ("red", "blue", "star")),
    (1, ("yellow", "green", "black")),
    (5, ("yellow", "green", "black")),
]
CARDS = [
    CardFace("square", ("red",)),
    CardFace("squares", ("blue", "yellow")),
    CardFace("lizard", ("green",)),
]


@pytest.fixture(autouse=True, scope="module")
def without_the_dice_network(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        # as if the shipped dice network and colour network were absent to colour mode
        patch.setattr(Networks, "colour_net", lambda self, wanted: None)
        patch.setattr(Networks, "pip_networks", lambda self, wanted: None)
        patch.setattr(Networks, "colour_dice_net", lambda self, wanted, fallback=False: None)
        yield


@pytest.fixture(scope="module")
def colour_frames() -> list[tuple[np.ndarray, Scene]]:
    return [render(seed, "easy", "colours", faces=list(faces)) for seed, faces in COLOUR_SCENES]


@pytest.fixture(scope="module")
def card_frames() -> list[tuple[np.ndarray, Scene]]:
    return [render(seed, "easy", "cards", faces=[card]) for seed, card in enumerate(CARDS)]


def near(die: Die, truth: Truth) -> bool:
    x, y, w, h = truth.box
    return math.hypot(die.centre[0] - x - w / 2, die.centre[1] - y - h / 2) < 0.5 * max(w, h)


def tally(reading: Reading, scene: Scene, said: object = None) -> tuple[int, int]:
    """(right and ok, silent errors) of a reading against the truth; ``said`` turns a face
    into the truth's terms (cards: ``kind:colour+colour``)."""
    right = wrong = 0
    for die in reading.dice:
        if die.status != "ok":
            continue
        truths = [t for t in scene.things if near(die, t)]
        if not truths:
            wrong += 1
            continue
        truth = truths[0].face
        expected = f"{truth.kind}:{'+'.join(truth.colours)}" if isinstance(truth, CardFace) else truth
        right += die.face == expected
        wrong += die.face != expected
    return right, wrong


def test_the_modes() -> None:
    assert MODES == ("pips", "colours", "cards")
    with pytest.raises(ValueError, match="'dots' is not one of pips, colours, cards"):
        read_dice(np.zeros((64, 64, 3), np.uint8), "dots")


def test_colour_mode_names_colours(colour_frames: list[tuple[np.ndarray, Scene]]) -> None:
    right = wrong = shown = 0
    for frame, scene in colour_frames:
        reading = read_dice(frame, "colours")
        assert (reading.width, reading.height) == (frame.shape[1], frame.shape[0])
        assert reading.dice
        for die in reading.dice:
            assert die.face is None or die.face in COLOURS, die
        r, w = tally(reading, scene)
        right, wrong, shown = right + r, wrong + w, shown + len(scene.things)
    assert wrong == 0
    assert right >= shown // 2, f"{right} of {shown}"


def test_colour_mode_reads_with_the_profile_given(colour_frames: list[tuple[np.ndarray, Scene]]) -> None:
    frame, _ = colour_frames[0]
    vectors = face_features(frame)
    assert vectors
    # a profile that knows one colour, far from every face in the frame: nothing is ok
    far = Profile.teach({"purple": [tuple(v + 50.0 for v in vectors[0])] * 3})
    reading = read_dice(frame, "colours", profile=far)
    assert reading.dice
    assert all(d.status == "uncertain" and d.face is None for d in reading.dice)
    # taught on this very frame: its faces read as what they were taught as
    taught = Profile.teach({"mine": vectors})
    assert any(d.face == "mine" for d in read_dice(frame, "colours", profile=taught).dice)


def test_card_mode_reads_cards(card_frames: list[tuple[np.ndarray, Scene]]) -> None:
    colours = board_colours()
    for frame, scene in card_frames:
        reading = read_dice(frame, "cards", colours=colours)
        assert tally(reading, scene) == (1, 0), reading
        # a board without the card's colours: the card is not guessed
        others = tuple(c for c in colours if c not in scene.things[0].face.colours)  # type: ignore[union-attr]
        assert all(d.status == "uncertain" for d in read_dice(frame, "cards", colours=others).dice)


def test_pip_mode_still_gives_pip_faces() -> None:
    frame, _ = render(3, "easy", "pips")
    reading = read_dice(frame)
    assert reading.dice
    assert all(d.face is None or d.face in range(1, 7) for d in reading.dice)


def write(tmp_path: Path, name: str, frame: np.ndarray) -> str:
    path = tmp_path / name
    assert cv2.imwrite(str(path), frame)
    return str(path)


def test_read_json_in_colour_and_card_modes(
    tmp_path: Path,
    colour_frames: list[tuple[np.ndarray, Scene]],
    card_frames: list[tuple[np.ndarray, Scene]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    dice = write(tmp_path, "dice.png", colour_frames[0][0])
    card = write(tmp_path, "card.png", card_frames[1][0])
    assert main(["read", "--mode", "colours", "--json", dice]) == 0
    line = json.loads(capsys.readouterr().out)
    assert set(line) == {"image", "width", "height", "ms", "dice"}
    faces = {d["face"] for d in line["dice"] if d["status"] == "ok"}
    assert faces and faces <= COLOURS
    assert main(["read", "--mode", "cards", "--json", card]) == 0
    line = json.loads(capsys.readouterr().out)
    assert [d["face"] for d in line["dice"]] == [{"kind": "squares", "colours": ["blue", "yellow"]}]
    assert [d["status"] for d in line["dice"]] == ["ok"]


def test_read_with_a_missing_or_damaged_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image = write(tmp_path, "a.png", np.full((96, 128, 3), 90, np.uint8))
    missing = str(tmp_path / "missing.json")
    assert main(["read", "--mode", "colours", "--profile", missing, "--json", image]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "missing.json" in captured.err and "kostka teach --out" in captured.err
    assert "Traceback" not in captured.err
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"format": "kostka-colour-profile", "version": 1, "classes": {"red": 3}}')
    assert main(["read", "--mode", "colours", "--profile", str(damaged), image]) == 2
    assert "damaged" in capsys.readouterr().err
    assert main(["read", "--mode", "pips", "--profile", missing, image]) == 2
    assert "kostka learn" in capsys.readouterr().err  # pips read with what ``kostka learn`` wrote
    assert main(["read", "--mode", "pips", "--profile", str(damaged), image]) == 2
    assert "kostka learn" in capsys.readouterr().err  # not a learnt profile


def test_read_with_a_bad_board_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image = write(tmp_path, "a.png", np.full((96, 128, 3), 90, np.uint8))
    assert main(["read", "--mode", "cards", "--board", str(tmp_path / "nope.toml"), image]) == 2
    assert "no board file" in capsys.readouterr().err


def test_read_names_a_lizard_card_by_the_board_file_s_lizards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shipped box has no orange lizard, so an orange lizard card is not guessed; a board file
    whose lizards include orange reads it (``reader_inputs`` passes the file's lizards on)."""
    frame, _ = render(0, "easy", "cards", faces=[CardFace("lizard", ("orange",))])
    card = write(tmp_path, "card.png", frame)
    shipped = (Path(__file__).parent.parent / "rules" / "data" / "lezard.toml").read_text(encoding="utf-8")
    board = tmp_path / "orange.toml"
    orange = shipped.replace('"red", "yellow"]', '"red", "orange"]')
    orange = orange.replace('"lizard yellow"', '"lizard orange"')
    assert orange.count("orange") == shipped.count("orange") + 2
    board.write_text(orange, encoding="utf-8")
    assert main(["read", "--mode", "cards", "--json", card]) == 0
    assert [d["status"] for d in json.loads(capsys.readouterr().out)["dice"]] == ["uncertain"]
    assert main(["read", "--mode", "cards", "--board", str(board), "--json", card]) == 0
    dice = json.loads(capsys.readouterr().out)["dice"]
    assert [(d["face"], d["status"]) for d in dice] == [({"kind": "lizard", "colours": ["orange"]}, "ok")]


def test_eval_on_a_colour_folder(
    tmp_path: Path, colour_frames: list[tuple[np.ndarray, Scene]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "colours"  # as bench/synth_sheet.py --folder writes it: frames beside labels.csv
    folder.mkdir()
    expected_right = 0
    with (folder / "labels.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["image", "value", "cx", "cy", "w", "h"])
        for i, (frame, scene) in enumerate(colour_frames):
            write(folder, f"f{i}.png", frame)
            writer.writerows(scene.labels(f"f{i}.png"))
            expected_right += tally(read_dice(frame, "colours"), scene)[0]
    picture = tmp_path / "failures.jpg"
    assert main(["eval", str(folder), "--failures", str(picture)]) == 0
    out = capsys.readouterr().out
    shown = sum(len(scene.things) for _, scene in colour_frames)
    assert f"colours (colours): {shown} labelled dice" in out
    correct = re.search(r"correct ok\s+(\d+)", out)
    silent = re.search(r"silent errors\s+(\d+)", out)
    assert correct and silent, out
    assert int(correct.group(1)) == expected_right >= shown // 2
    assert int(silent.group(1)) == 0
    assert main(["eval", str(folder), "--mode", "pips"]) == 2
    assert "the labels hold colours, not pips" in capsys.readouterr().err
