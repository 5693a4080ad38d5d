"""The corrections to the photo sets' labels: each names a real label, and eval uses them."""

from __future__ import annotations

import csv
from pathlib import Path

import cv2
import numpy as np
import pytest

from firmware.cli import main
from measure.label_fixes import FIXES
from measure.labels import load_set

PHOTOS = Path(__file__).resolve().parents[2] / "shared" / "data" / "dice-photos"


def fixes() -> list[dict[str, str]]:
    with FIXES.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_every_fix_says_what_the_die_shows_and_changes_the_face() -> None:
    rows = fixes()
    assert rows
    for row in rows:
        assert row["was"] != row["now"] and row["why"].strip(), row


@pytest.mark.skipif(not PHOTOS.is_dir(), reason=f"{PHOTOS} is absent (the labelled dice photos)")
def test_every_fix_meets_its_label_and_only_that_one() -> None:
    for set_name in {row["set"] for row in fixes()}:
        raw = load_set(PHOTOS / set_name, as_labelled=True)
        fixed = load_set(PHOTOS / set_name)
        ours = [row for row in fixes() if row["set"] == set_name]
        assert fixed.corrected == len(ours), f"{set_name}: a fix matches no label (typo in the centre?)"
        changed = []
        for image, dice in fixed.labels.items():
            before = {(d.cx, d.cy): d.value for d in raw.labels.get(image, [])}
            after = {(d.cx, d.cy): d.value for d in dice}
            for place in before.keys() | after.keys():
                if before.get(place, "-") != after.get(place, "-"):
                    changed.append((image, before.get(place, "-"), after.get(place, "-")))
        expected = [(r["image"], _value(r["was"]), _value(r["now"])) for r in ours]
        assert sorted(changed, key=str) == sorted(expected, key=str)


def test_no_body_colour_label_lies_on_a_stray_box() -> None:
    """tests/data/colour_labels copied the sets' boxes: a box the fixes drop (it marks no die)
    must not stay there either, or colour mode is scored on a die that is not there."""
    colours = Path(__file__).parent / "data" / "colour_labels"
    strays = [r for r in fixes() if r["now"] == "-"]
    for set_name in {r["set"] for r in strays}:
        with (colours / f"{set_name}.csv").open(newline="") as handle:
            labels = [(c["image"], float(c["cx"]), float(c["cy"])) for c in csv.DictReader(handle)]
        for row in (r for r in strays if r["set"] == set_name):
            stray = (float(row["cx"]), float(row["cy"]))
            assert all(
                abs(x - stray[0]) + abs(y - stray[1]) > 1e-5 for at, x, y in labels if at == row["image"]
            ), row


def _value(text: str) -> int | str:
    return text if text == "-" else int(text)


def test_eval_says_how_many_labels_it_corrected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "byler-mixed-tray"
    (folder / "images").mkdir(parents=True)
    row = next(r for r in fixes() if r["set"] == "byler-mixed-tray")
    cv2.imwrite(str(folder / "images" / row["image"]), np.full((64, 64, 3), 200, np.uint8))
    (folder / "labels.csv").write_text(
        f"image,value,cx,cy,w,h\n{row['image']},{row['was']},{row['cx']},{row['cy']},0.05,0.05\n"
    )
    assert main(["eval", str(folder), "--failures", str(tmp_path / "f.jpg")]) == 0
    assert "labels corrected    1" in capsys.readouterr().out
    assert main(["eval", str(folder), "--as-labelled", "--failures", str(tmp_path / "f.jpg")]) == 0
    assert "labels corrected" not in capsys.readouterr().out
