"""bench.eval_colour_photos: its tallies and the failures it draws agree, die for die."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.reading import Die, Reading

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "dice-photos"


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"{SHARED} is absent (the labelled dice photos)")
def test_every_die_not_read_right_is_a_failure_drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first six gissur photos, with the first die of each reading made ``uncertain`` (so there
    are failures to draw): each Stonoga-coloured die not read right is one failure, with its
    label's colour and what colour mode said, and the failures picture is written."""
    from bench import eval_colour_photos
    from measure.labels import LabelledSet
    from measure.scoring import Failure, failures_picture

    read = eval_colour_photos.read_colours

    def doubting_the_first(frame: object, **kwargs: object) -> object:
        reading = read(frame, **kwargs)  # type: ignore[arg-type]
        first = replace(reading.dice[0], status="uncertain")
        return replace(reading, dice=(first, *reading.dice[1:]))

    monkeypatch.setattr(eval_colour_photos, "read_colours", doubting_the_first)
    failures: list[Failure] = []
    halves = eval_colour_photos.score_set("gissur-red-in-box", 6, failures=failures)
    tally = halves["even"] + halves["odd"]
    wrong = tally["stonoga dice"] - tally["stonoga correct"]
    assert wrong >= 6 and len([f for f in failures if f.kind != "false-ok"]) == wrong
    assert len([f for f in failures if f.kind == "false-ok"]) == tally["ok where no die"]
    doubted = [f for f in failures if f.kind == "abstain" and f.said.startswith("red uncertain")]
    assert len(doubted) >= 6 and all(f.label == "red" for f in doubted)
    picture = tmp_path / "failures.jpg"
    drawn = failures_picture(LabelledSet(SHARED / "gissur-red-in-box", {}), failures, picture)
    assert drawn == len(failures) and cv2.imread(str(picture)) is not None


@pytest.mark.parametrize("change", ["half-size", "far-60", "near-70", "turned"])
def test_a_reading_of_a_changed_photo_is_mapped_back_to_the_photo(
    change: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``measure.changes.as_taken``: a die drawn on a photo, read on the changed photo (the reader's box
    found by thresholding), lands back on its place in the photo as taken (the failures pictures are
    drawn there)."""
    from measure.changes import CHANGES, as_taken

    photo = np.full((600, 800, 3), 200, np.uint8)
    photo[250:310, 300:360] = 20  # a dark die, its centre (330, 280)
    changed = CHANGES[change](photo)
    dark = np.argwhere(changed.max(axis=2) < 110)
    (y0, x0), (y1, x1) = dark.min(axis=0), dark.max(axis=0)
    box = (int(x0), int(y0), int(x1 - x0 + 1), int(y1 - y0 + 1))
    read = Reading((Die(3, 0.9, "ok", box),), changed.shape[1], changed.shape[0])
    back = as_taken(read, change, *photo.shape[:2])
    assert (back.width, back.height) == (800, 600)
    (die,) = back.dice
    assert abs(die.centre[0] - 330) < 3 and abs(die.centre[1] - 280) < 3, die


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"{SHARED} is absent (the labelled dice photos)")
def test_a_nearer_camera_scores_only_the_dice_wholly_in_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--change near-50`` (the photo's middle half, scaled back up): a colour label is scored only
    when its die's labelled box lies wholly in that middle, as ``bench/bench_photo_changes.py`` scores
    the pips; a die the reader finds beside a die the middle cuts is no silent error."""
    import csv

    from bench import eval_colour_photos
    from measure.labels import load_set

    with (eval_colour_photos.LABELS / "gissur-red-in-box.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    images = sorted({row["image"] for row in rows})[:8]
    boxes = load_set(SHARED / "gissur-red-in-box").labels
    inside = 0
    for row in (r for r in rows if r["image"] in images):
        cx, cy = float(row["cx"]), float(row["cy"])
        pip = min(boxes[row["image"]], key=lambda p: (p.cx - cx) ** 2 + (p.cy - cy) ** 2)
        inside += all(
            low >= 0.25 and low + size <= 0.75
            for low, size in ((cx - pip.w / 2, pip.w), (cy - pip.h / 2, pip.h))
        )
    halves = eval_colour_photos.score_set("gissur-red-in-box", 8, change="near-50")
    tally = halves["even"] + halves["odd"]
    assert 0 < tally["stonoga dice"] == inside < len([r for r in rows if r["image"] in images])
    assert tally["ok where no die"] == 0


def test_the_bench_modules_examples_hold() -> None:
    """pytest collects doctests from the installed wings and tests/ only: the examples of
    bench.eval_colour_photos are run here."""
    import doctest

    from bench import eval_colour_photos

    result = doctest.testmod(eval_colour_photos)
    assert result.attempted > 0 and result.failed == 0
