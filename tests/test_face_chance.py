"""The face-chance model (``vision.pips.chance``), its fitting (``tools.fit_face_chance``), the
calibration figures of ``kostka eval`` (``measure.calibration``) and the tuning / held-out split
of the photo sets (``measure.split``)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from measure.calibration import bins, expected_calibration_error, reliability_diagram
from measure.split import chosen, part_of
from tools.fit_face_chance import fit_logistic
from vision.errors import FaceModelError
from vision.pips.chance import FEATURES, MODEL, load_chance


def test_ece_of_a_hand_made_case() -> None:
    # bin 0.8-0.9: 4 dice at 0.8, 3 right (0.75): gap 0.05; bin 0.3-0.4: 2 dice at 0.3, both wrong: gap 0.3
    pairs = [(0.8, True)] * 3 + [(0.8, False)] + [(0.3, False)] * 2
    assert expected_calibration_error(pairs) == pytest.approx((4 * 0.05 + 2 * 0.3) / 6)
    assert [n for n, _, _ in bins(pairs)] == [0, 0, 0, 2, 0, 0, 0, 0, 4, 0]


def test_ece_is_zero_when_each_bin_is_right_as_often_as_it_says() -> None:
    pairs = [(0.95, True)] * 19 + [(0.95, False)] + [(0.55, True)] * 11 + [(0.55, False)] * 9
    assert expected_calibration_error(pairs) == pytest.approx(0.0)
    assert expected_calibration_error([(1.0, True)]) == 0.0  # 1.0 falls in the last bin
    assert np.isnan(expected_calibration_error([]))


def test_reliability_diagram_is_written(tmp_path: Path) -> None:
    import cv2

    path = tmp_path / "diagram.png"
    reliability_diagram([(0.9, True), (0.2, False)], path, "hand-made")
    assert cv2.imread(str(path)).shape == (500, 500, 3)


def test_new_sets_are_split_by_photo_name_alone() -> None:
    names = [f"photo_{k:03d}.jpg" for k in range(200)]
    held = chosen("rune55-cup-stacked", names, "held-out")
    tuning = chosen("rune55-cup-stacked", names, "tuning")
    assert sorted(held + tuning) == names and not set(held) & set(tuning)
    assert 70 < len(held) < 130  # about half
    # a photo's part does not depend on its place in the set or on the other photos
    assert chosen("rune55-cup-stacked", list(reversed(names[:50])), "held-out") == list(
        reversed([n for n in held if n in names[:50]])
    )
    assert all(part_of("dice3-oblique-translucent", 0, n) == part_of("casino", 99, n) for n in names)


def test_development_sets_hold_out_their_odd_numbered_photos() -> None:
    names = [f"IMG_{k}.jpg" for k in range(10)]
    assert chosen("matteo-white-on-wood", names, "held-out") == names[1::2]
    assert chosen("byler-mixed-tray", names, "tuning") == names[0::2]


def test_logistic_fit_finds_the_weights_that_made_the_data() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=(4000, 2))
    chance = 1 / (1 + np.exp(-(1.5 * x[:, 0] - 2.0 * x[:, 1] + 0.5)))
    y = (rng.random(4000) < chance).astype(np.float64)
    w = fit_logistic(x, y, ridge=0.0)
    assert w == pytest.approx([1.5, -2.0, 0.5], abs=0.2)


def test_shipped_model_fits_the_features_and_its_threshold_is_a_chance() -> None:
    model = load_chance()
    assert model is not None and model.names == FEATURES
    assert 0.5 <= model.threshold < 1.0


def test_a_model_fitted_to_other_features_is_refused(tmp_path: Path) -> None:
    data = json.loads(MODEL.read_text(encoding="utf-8"))
    data["features"] = data["features"][:-1]
    path = tmp_path / "face_chance.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FaceModelError, match="other features"):
        load_chance(path)
