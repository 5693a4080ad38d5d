"""``kostka teach --mode cards``: the player's own Lezard cards taught under one light, read under another."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from firmware.app import make_reader
from firmware.cli import main
from firmware.machine.step import ReadDice
from firmware.profiles import read_profile_file
from firmware.taught import TaughtColours
from measure.synth import CardFace, Kit, Light, render
from measure.synth.paint import NOMINAL_KIT
from vision.cards.reader import card_features, read_cards
from vision.colours.reader import read_colours
from vision.errors import ProfileError
from vision.profile import Profile

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English lines

COLOURS = ("orange", "red", "yellow", "blue", "green")  # the shipped board's
TEACH_LIGHT = Light(kelvin=3000.0, white_balance_left=0.6, brightness=0.8)
READ_LIGHT = Light(kelvin=6000.0, white_balance_left=0.3, brightness=1.0)
AMBER = replace(
    NOMINAL_KIT,
    paints=tuple(
        (name, (25.0, 170.0, 245.0) if name == "yellow" else bgr) for name, bgr in NOMINAL_KIT.paints
    ),
)
"""A copy of the game whose yellow is amber: on its own paper its hue (about 19.8) lies between the
built-in bands of orange and yellow, so the built-in colours leave its yellow cards uncertain."""


def teach(folder: Path, kit: Kit, names: tuple[str, ...] = COLOURS) -> Path:
    """A cards profile taught by the CLI from 3 frames a colour (two one-square cards each)."""
    number = 0
    for colour in names:
        for _ in range(3):
            shown = [CardFace("square", (colour,))] * 2
            frame, _ = render(300 + number, "easy", "cards", faces=shown, kit=kit, light=TEACH_LIGHT)
            cv2.imwrite(str(folder / f"shot{number:02d}.png"), frame)
            number += 1
    out = folder / "cards.json"
    code = main(
        ["teach", "--mode", "cards", "--out", str(out), "--source", str(folder), "--names", ",".join(names)]
    )
    assert code == 0
    return out


@pytest.fixture(scope="module")
def amber_profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return teach(tmp_path_factory.mktemp("amber"), AMBER)


def read_all(profile: Profile | None, kit: Kit, faces: list[CardFace], seed: int) -> list[tuple[str, str]]:
    frame, scene = render(seed, "easy", "cards", faces=faces, kit=kit, light=READ_LIGHT)
    reading = read_cards(frame, profile=profile)
    out = []
    for truth in scene.things:
        x, y, w, h = truth.box
        near = [
            d for d in reading.dice if math.hypot(d.centre[0] - x - w / 2, d.centre[1] - y - h / 2) < 0.35 * w
        ]
        want = f"{truth.face.kind}:{'+'.join(truth.face.colours)}"  # type: ignore[union-attr]
        out.append((want, f"{near[0].face} {near[0].status}" if near else "missed"))
    return out


def test_teach_cards_writes_a_cards_profile(amber_profile: Path) -> None:
    profile = read_profile_file(str(amber_profile), "cards")
    assert profile.mode == "cards"
    assert set(profile.names) == set(COLOURS)
    assert all(stats.count == 6 for _, stats in profile.classes)  # two cards in each of 3 frames
    with pytest.raises(ProfileError, match="taught for cards, not colours"):
        read_profile_file(str(amber_profile), "colours")


def test_a_copy_whose_yellow_lies_between_the_built_in_bands_reads_yellow_once_taught(
    amber_profile: Path,
) -> None:
    profile = read_profile_file(str(amber_profile), "cards")
    cards = [CardFace("square", ("yellow",)), CardFace("squares", ("orange", "yellow"))]
    built_in = [said for seed in range(3) for _, said in read_all(None, AMBER, cards, 900 + seed)]
    assert built_in and all(said.endswith("uncertain") for said in built_in), built_in
    for seed in range(3):
        for want, said in read_all(profile, AMBER, cards, 900 + seed):
            assert said == f"{want} ok"


def test_taught_cards_read_every_kind_under_another_light(amber_profile: Path) -> None:
    profile = read_profile_file(str(amber_profile), "cards")
    shown = [
        [CardFace("square", ("red",)), CardFace("lizard", ("green",))],
        [CardFace("squares", ("blue", "red")), CardFace("lizard", ("orange",))],
        [CardFace("squares", ("green", "yellow")), CardFace("square", ("blue",))],
    ]
    for seed, faces in enumerate(shown):
        for want, said in read_all(profile, AMBER, faces, 950 + seed):
            assert said == f"{want} ok"


def test_a_colour_left_untaught_is_uncertain(tmp_path: Path) -> None:
    profile = read_profile_file(
        str(teach(tmp_path, NOMINAL_KIT, ("red", "yellow", "green", "blue"))), "cards"
    )
    for want, said in read_all(profile, NOMINAL_KIT, [CardFace("square", ("orange",))], 990):
        assert said.endswith("uncertain"), (want, said)


def test_the_cli_reads_cards_with_the_profile_and_refuses_it_for_dice(
    amber_profile: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frame, _ = render(
        960, "easy", "cards", faces=[CardFace("square", ("yellow",))], kit=AMBER, light=READ_LIGHT
    )
    image = tmp_path / "card.png"
    cv2.imwrite(str(image), frame)
    capsys.readouterr()
    assert main(["read", "--mode", "cards", "--profile", str(amber_profile), "--json", str(image)]) == 0
    cards = json.loads(capsys.readouterr().out)["dice"]
    assert [(c["face"], c["status"]) for c in cards] == [({"kind": "square", "colours": ["yellow"]}, "ok")]
    assert main(["read", "--mode", "colours", "--profile", str(amber_profile), str(image)]) == 2
    assert "taught for cards, not colours" in capsys.readouterr().err
    with pytest.raises(ProfileError, match="cannot read colour dice"):
        read_colours(frame, read_profile_file(str(amber_profile)))


def test_teach_cards_refuses_a_colour_the_board_does_not_have(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "p.json"
    code = main(
        ["teach", "--mode", "cards", "--out", str(out), "--source", str(tmp_path), "--names", "red,purple"]
    )
    assert code == 2
    assert "purple is not a colour of the board (orange, red, yellow, blue, green)" in capsys.readouterr().err
    assert not out.exists()


def test_only_a_card_of_one_colour_teaches() -> None:
    frame, _ = render(970, "easy", "cards", faces=[CardFace("squares", ("red", "blue"))], light=READ_LIGHT)
    assert card_features(frame) == []
    frame, _ = render(971, "easy", "cards", faces=[CardFace("square", ("blue",))], light=READ_LIGHT)
    assert len(card_features(frame)) == 1
    assert card_features(np.zeros((480, 640, 3), np.uint8)) == []


def test_teach_cards_at_the_terminal_asks_again_for_a_colour_the_board_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for number in range(3):
        frame, _ = render(
            400 + number, "easy", "cards", faces=[CardFace("lizard", ("green",))], light=TEACH_LIGHT
        )
        cv2.imwrite(str(tmp_path / f"shot{number}.png"), frame)
    answers = iter(["Purple", "green", ""])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    out = tmp_path / "green.json"
    assert main(["teach", "--mode", "cards", "--out", str(out), "--source", str(tmp_path)]) == 0
    said = capsys.readouterr()
    assert "'purple' is not a colour of the board (orange, red, yellow, blue, green)" in said.err
    assert "green: 3 cards seen in 3 frames" in said.out
    assert read_profile_file(str(out), "cards").names == ("green",)


def test_the_box_reads_its_lezard_cards_with_a_cards_profile_in_its_state_directory(
    amber_profile: Path, tmp_path: Path
) -> None:
    frame, _ = render(
        961, "easy", "cards", faces=[CardFace("square", ("yellow",))], kit=AMBER, light=READ_LIGHT
    )
    ask = ReadDice(1, False, 1, COLOURS)  # a Lezard card drawn, read with the board's colours
    built_in = make_reader(None, vision=True, taught_cards=TaughtColours(tmp_path, "cards"))(frame, ask)
    assert [d.status for d in built_in.dice] == ["uncertain"]  # amber: between orange and yellow
    (tmp_path / "cards.json").write_text(amber_profile.read_text(encoding="utf-8"), encoding="utf-8")
    kept = TaughtColours(tmp_path, "cards")  # as the box loads it when it starts
    assert kept.profile is not None and kept.notice is None
    taught = make_reader(None, vision=True, taught_cards=kept)(frame, ask)
    assert [(str(d.face), d.status) for d in taught.dice] == [("square:yellow", "ok")]


@pytest.mark.parametrize(
    ("text", "said"),
    [("{not json", "the file is damaged"), (None, "it was taught in the other mode")],
)
def test_a_cards_profile_the_box_cannot_use_is_said_and_the_built_in_colours_read(
    tmp_path: Path, text: str | None, said: str
) -> None:
    colours = Profile.teach({"red": [(1.0, 0.0)], "blue": [(-1.0, 0.0)]})  # a dice profile, misplaced
    (tmp_path / "cards.json").write_text(text if text is not None else colours.to_json(), encoding="utf-8")
    kept = TaughtColours(tmp_path, "cards")
    assert kept.profile is None
    assert kept.notice is not None and said in kept.notice.said("en")
    assert "the built-in colours are used until the cards are taught again" in kept.notice.said("en")
