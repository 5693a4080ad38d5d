"""The synthetic renderer (measure/synth/frames.py): same seed same frame, truth that matches the pixels,
each light and camera effect doing what it says, cards, cocked dice, the presets and rolls."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from dataclasses import replace

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

from firmware.profiles import board_data
from measure.synth import (
    COLOUR_FACES,
    EASY,
    FOREIGN_COLOURS,
    HARDEST,
    MODES,
    PRESETS,
    CardFace,
    Difficulty,
    Glare,
    HandShadow,
    Light,
    Plan,
    compose,
    draw,
    plan_scene,
    render,
    render_roll,
)
from measure.synth.geometry import Camera, Cube, apart, rotation_z
from measure.synth.light import kelvin_to_bgr
from measure.synth.paint import LEZARD_COLOURS, LIZARD_COLOURS, NOMINAL_KIT
from measure.synth.things import ColourDie, PipDie
from measure.synth.tray import draw_tray
from vision.cards.reader import DEFAULT_LIZARD_COLOURS

SMALL = (640, 480)
CALM = replace(
    EASY,
    name="calm",
    floors=("grey felt",),
    pip_bodies=("white",),
    noise_sigma=(0.0, 0.0),
    defocus_sigma=(0.0, 0.0),
    vignette=(0.0, 0.0),
    tilt_deg=0.0,
)
"""Plain grey felt, white pip dice, no noise or blur: effects can be seen one at a time."""


def plan(seed: int, difficulty: Difficulty = CALM, mode: str = "pips", **kw: object) -> Plan:
    return plan_scene(np.random.default_rng(seed), difficulty, mode, size=SMALL, **kw)  # type: ignore[arg-type]


def region(
    frame: NDArray[np.uint8], box: tuple[int, int, int, int], shrink: float = 0.3
) -> NDArray[np.float64]:
    """The middle of a box (``shrink`` of each side cut away), as float pixels."""
    x, y, w, h = box
    dx, dy = int(w * shrink), int(h * shrink)
    return frame[y + dy : y + h - dy, x + dx : x + w - dx].reshape(-1, 3).astype(np.float64)


# --- the same seed gives the same frame ------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_same_seed_same_frame_bit_for_bit(mode: str) -> None:
    a, scene_a = render(np.random.default_rng(11), HARDEST, mode, size=SMALL)  # type: ignore[arg-type]
    b, scene_b = render(11, HARDEST, mode, size=SMALL)  # type: ignore[arg-type]
    assert a.tobytes() == b.tobytes()
    assert scene_a == scene_b
    c, _ = render(12, HARDEST, mode, size=SMALL)  # type: ignore[arg-type]
    assert a.tobytes() != c.tobytes()


def test_same_seed_same_frame_in_another_process() -> None:
    code = (
        "import hashlib, sys; from measure.synth import render; "
        "frame, _ = render(5, 'hardest', 'colours', size=(320, 240)); "
        "sys.stdout.write(hashlib.sha256(frame.tobytes()).hexdigest())"
    )
    env = {**os.environ, "PYTHONHASHSEED": "123"}
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    frame, _ = render(5, "hardest", "colours", size=(320, 240))
    assert other.stdout == hashlib.sha256(frame.tobytes()).hexdigest()


def test_a_full_size_frame_is_bgr_uint8_of_the_asked_size() -> None:
    frame, scene = render(3, "hardest", "colours")
    assert frame.shape == (960, 1280, 3) and frame.dtype == np.uint8 and frame.flags.c_contiguous
    assert (scene.width, scene.height) == (1280, 960)


# --- the truth matches the pixels ------------------------------------------------------------


@pytest.mark.parametrize(("preset", "mode"), [(p, m) for p in PRESETS for m in MODES])
def test_boxes_lie_in_the_frame_around_what_was_drawn(preset: str, mode: str) -> None:
    for seed in range(3):
        p = plan(seed, PRESETS[preset], mode)
        assert p.things, "every scene shows something"
        background = draw_tray(p.tray, p.camera, p.light.light_from())
        for thing, truth in zip(p.things, p.scene().things, strict=True):
            x, y, w, h = truth.box
            assert x >= 0 and y >= 0 and x + w <= SMALL[0] and y + h <= SMALL[1] and w > 8 and h > 8
            alone = compose(p, background, [thing], shadows=False)
            changed = np.abs(alone - background).max(axis=2) > 0.5
            ys, xs = np.nonzero(changed)
            drawn = (xs.min(), ys.min(), xs.max() + 1 - xs.min(), ys.max() + 1 - ys.min())
            assert all(abs(a - b) <= 3 for a, b in zip(drawn, truth.box, strict=True)), (drawn, truth.box)
            assert changed[y : y + h, x : x + w].mean() > 0.5


def test_the_dice_differ_from_the_tray_in_the_finished_frame() -> None:
    p = plan(4, EASY, "pips")
    with_dice, without = draw(p), draw(replace(p, things=()))
    for truth in p.scene().things:
        inside = np.abs(region(with_dice, truth.box, 0.15) - region(without, truth.box, 0.15)).max(axis=1)
        assert (inside > 20).mean() > 0.8


def test_forced_faces_are_drawn_and_told() -> None:
    faces = [1, 6, "star", "yellow", CardFace("lizard", ("green",))]
    p = plan(5, CALM, "pips", faces=faces)
    assert [t.face for t in p.scene().things] == faces
    assert [t.kind for t in p.scene().things] == ["pips", "pips", "colour", "colour", "card"]


def test_foreign_colour_dice_can_be_asked_for() -> None:
    scene = plan(3, replace(CALM, foreign=1.0, dice=(4, 4)), "colours").scene()
    assert len(scene.things) == 4 and all(t.face in FOREIGN_COLOURS for t in scene.things)
    assert {t.face for t in plan(3, replace(CALM, dice=(6, 6)), "colours").scene().things} <= set(
        COLOUR_FACES
    )


def test_scenes_write_labels_in_the_photo_sets_format() -> None:
    scene = plan(2, replace(CALM, cocked=0.5, dice=(6, 6))).scene()
    rows = scene.labels("x.png")
    assert len(rows) == len(scene.things)
    for row, truth in zip(rows, scene.things, strict=True):
        assert row[1] == ("0" if truth.cocked else str(truth.face))
        assert all(0 < v < 1 for v in row[2:])


def test_solid_colour_faces_show_their_colour_in_daylight() -> None:
    kit = replace(NOMINAL_KIT, style="solid")
    expected = {"red": 2, "green": 1, "blue": 0}
    p = plan(6, CALM, "colours", faces=list(expected), kit=kit)
    frame = draw(p)
    for truth in p.scene().things:
        mean = region(frame, truth.box, 0.35).mean(axis=0)
        assert int(np.argmax(mean)) == expected[str(truth.face)], (truth.face, mean)


def test_a_glossy_die_shows_a_highlight_towards_the_lamp() -> None:
    p = plan(17, replace(CALM, pip_bodies=("black",), gloss=(0.0, 0.0)), faces=[1])
    die = p.things[0]
    assert isinstance(die, PipDie)
    shiny = replace(p, things=(replace(die, look=replace(die.look, gloss=0.6)),))
    matte, glossy = (
        region(draw(p), p.scene().things[0].box, 0.1),
        region(draw(shiny), p.scene().things[0].box, 0.1),
    )
    assert (glossy - matte).max() > 40
    assert np.median(np.abs(glossy - matte)) < 3, "only a small spot changes"


def test_pips_are_darker_than_a_white_body() -> None:
    frame, scene = render(7, CALM, "pips", faces=[6], size=SMALL)
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    x, y, w, h = scene.things[0].box
    values = grey[y + h // 4 : y + 3 * h // 4, x + w // 4 : x + 3 * w // 4].ravel()
    assert np.percentile(values, 95) > 180 and np.percentile(values, 5) < 90


# --- each light and camera effect ------------------------------------------------------------


def die_pixels(p: Plan) -> NDArray[np.float64]:
    return region(draw(p), p.scene().things[0].box, 0.3)


def test_a_warm_bulb_raises_red_over_blue_on_a_white_die() -> None:
    p = plan(8, faces=[2])
    day = die_pixels(replace(p, light=Light(kelvin=6500.0)))
    warm = die_pixels(replace(p, light=Light(kelvin=2700.0, white_balance_left=0.6)))

    def ratio(px: NDArray[np.float64]) -> float:
        return float(np.median(px[:, 2]) / np.median(px[:, 0]))

    assert 0.85 < ratio(day) < 1.15
    assert ratio(warm) > 1.4 * ratio(day)
    corrected = die_pixels(replace(p, light=Light(kelvin=2700.0, white_balance_left=0.0)))
    assert abs(ratio(corrected) - ratio(day)) < 0.05


def test_another_light_or_kit_keeps_the_same_dice_in_the_same_places() -> None:
    base = plan(16, PRESETS["hardest"], "colours")
    lit = plan(16, PRESETS["hardest"], "colours", light=Light(kelvin=3000.0, brightness=0.5))
    kit = plan(16, PRESETS["hardest"], "colours", kit=NOMINAL_KIT)

    def where(p: Plan) -> list[tuple[object, ...]]:
        return [(t.kind, t.face, t.box, t.cocked) for t in p.scene().things]

    assert where(base) == where(lit) == where(kit)
    assert lit.light.kelvin == 3000.0 and kit.things[0].kit == NOMINAL_KIT  # type: ignore[union-attr]


def test_colour_temperature_follows_the_planck_locus() -> None:
    assert [round(v, 3) for v in kelvin_to_bgr(6500.0)] == [1.0, 1.0, 1.0]
    warm, cool = kelvin_to_bgr(2700.0), kelvin_to_bgr(9000.0)
    assert warm[2] > 1 > warm[0] and cool[0] > 1 > cool[2]


def test_dim_light_lowers_the_mean_and_bright_light_raises_it() -> None:
    p = plan(9)
    mean = {b: float(draw(replace(p, light=Light(brightness=b))).mean()) for b in (0.4, 1.0, 1.4)}
    assert mean[0.4] < 0.8 * mean[1.0] < 0.8 * mean[1.4]


def test_a_glare_spot_brightens_only_around_itself() -> None:
    p = plan(10, faces=[])
    plain = draw(p).astype(np.float64)
    glared = draw(replace(p, light=replace(p.light, glare=Glare(320.0, 240.0, 40.0, 0.8)))).astype(np.float64)
    assert glared[230:250, 310:330].mean() > plain[230:250, 310:330].mean() + 60
    assert np.abs(glared[:100, :100] - plain[:100, :100]).max() == 0


def test_a_hands_shadow_darkens_under_the_hand() -> None:
    p = plan(11, faces=[])
    plain = draw(p).astype(np.float64)
    shaded = draw(replace(p, light=replace(p.light, hand=HandShadow(320.0, 240.0, 0.0, 90.0, 0.6)))).astype(
        np.float64
    )
    assert shaded[220:260, 300:340].mean() < 0.8 * plain[220:260, 300:340].mean()
    assert abs(shaded[:60, :60].mean() - plain[:60, :60].mean()) < 2


def sharpness(frame: NDArray[np.uint8]) -> float:
    return float(cv2.Laplacian(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), cv2.CV_64F).var())


def test_defocus_and_motion_blur_soften_the_frame() -> None:
    p = plan(12, faces=[5, 6, 4])
    sharp = sharpness(draw(p))
    assert sharpness(draw(replace(p, capture=replace(p.capture, defocus_sigma=2.0)))) < 0.5 * sharp
    assert sharpness(draw(replace(p, capture=replace(p.capture, motion_px=9.0)))) < 0.7 * sharp


def test_sensor_noise_grows_with_its_sigma_and_jpeg_changes_the_frame_a_little() -> None:
    p = plan(13, faces=[])

    def flat(f: NDArray[np.uint8]) -> float:
        return float(cv2.Laplacian(f[150:330, 200:440].astype(np.float64), cv2.CV_64F).std())

    quiet, noisy = draw(p), draw(replace(p, capture=replace(p.capture, noise_sigma=6.0)))
    assert flat(noisy) > 3 * flat(quiet)
    squeezed = draw(replace(p, capture=replace(p.capture, noise_sigma=6.0, jpeg_quality=40)))
    difference = np.abs(squeezed.astype(np.int16) - noisy.astype(np.int16))
    assert 0.5 < difference.mean() < 12


# --- cards ---------------------------------------------------------------------------------


def test_cards_show_their_kind_and_colours_from_the_lezard_board() -> None:
    for seed in range(4):
        scene = plan(seed, PRESETS["hardest"], "cards").scene()
        for truth in scene.things:
            assert truth.kind == "card" and isinstance(truth.face, CardFace)
            assert set(truth.face.colours) <= set(LEZARD_COLOURS)
            assert truth.face.kind in ("square", "squares", "lizard")


def test_lizard_cards_show_only_the_lizards_colours() -> None:
    """The box's four lizard cards show its four lizards: no orange lizard is drawn, and the
    renderer's lizard colours are the shipped data file's and the card reader's default."""
    lizards = [
        truth.face.colours[0]
        for seed in range(60)
        for truth in plan(seed, PRESETS["hardest"], "cards").scene().things
        if isinstance(truth.face, CardFace) and truth.face.kind == "lizard"
    ]
    assert len(lizards) >= 10 and set(lizards) <= set(LIZARD_COLOURS)
    assert LIZARD_COLOURS == board_data().lizards == DEFAULT_LIZARD_COLOURS


def test_two_squares_are_drawn_left_first() -> None:
    card = CardFace("squares", ("red", "blue"))
    frame, scene = render(14, CALM, "cards", faces=[card], size=SMALL, kit=NOMINAL_KIT)
    x, y, w, h = scene.things[0].box
    left = frame[y + h // 3 : y + 2 * h // 3, x + w // 5 : x + 2 * w // 5].reshape(-1, 3).mean(axis=0)
    right = frame[y + h // 3 : y + 2 * h // 3, x + 3 * w // 5 : x + 4 * w // 5].reshape(-1, 3).mean(axis=0)
    assert left[2] > left[0] + 40 and right[0] > right[2] + 40
    assert card.json() == {"kind": "squares", "colours": ["red", "blue"]}


def test_a_lizard_card_is_mostly_paper_with_a_coloured_lizard() -> None:
    frame, scene = render(
        15, CALM, "cards", faces=[CardFace("lizard", ("green",))], size=SMALL, kit=NOMINAL_KIT
    )
    px = region(frame, scene.things[0].box, 0.2)
    green = (px[:, 1] > px[:, 2] + 40) & (px[:, 1] > px[:, 0] + 40)
    assert 0.05 < green.mean() < 0.5


def test_bad_cards_and_faces_are_refused() -> None:
    with pytest.raises(ValueError, match="needs 2 colour"):
        CardFace("squares", ("red",))
    with pytest.raises(ValueError, match="1-6"):
        plan(1, faces=[7])
    with pytest.raises(ValueError, match="colour face"):
        plan(1, faces=["plaid"])
    with pytest.raises(ValueError, match="mode"):
        plan(1, mode="runes")
    with pytest.raises(ValueError, match="could not place"):
        plan(1, faces=[CardFace("square", ("red",))] * 40)
    with pytest.raises(ValueError, match="preset"):
        render(1, "impossible")


# --- cocked and touching dice ----------------------------------------------------------------


def test_cocked_dice_lean_on_a_wall_and_show_two_faces() -> None:
    leaning = replace(CALM, cocked=1.0, dice=(3, 3))
    shares = []
    for seed in range(4):
        p = plan(seed, leaning)
        for thing, truth in zip(p.things, p.scene().things, strict=True):
            assert isinstance(thing, PipDie) and truth.cocked
            assert 24.0 < thing.cube.tilt_deg() < 43.0
            foot = thing.cube.footprint()
            gaps = [
                p.tray.size[0] / 2 - abs(foot[:, 0] - p.tray.centre[0]).max(),
                p.tray.size[1] / 2 - abs(foot[:, 1] - p.tray.centre[1]).max(),
            ]
            assert -0.01 < min(gaps) < 0.2, "it touches a wall"
            areas = sorted(
                (
                    abs(cv2.contourArea(p.camera.project(thing.cube.face_corners(f)).astype(np.float32)))
                    for f in thing.cube.visible_faces(p.camera.position)
                ),
                reverse=True,
            )
            assert len(areas) >= 2 and areas[1] > 0.01 * areas[0], "a second face shows"
            shares.append(areas[1] / areas[0])
    assert np.mean(shares) > 0.15


def test_flat_dice_are_not_cocked_and_lie_flat() -> None:
    for truth in plan(2, replace(CALM, dice=(6, 6))).scene().things:
        assert not truth.cocked


def test_touching_dice_touch_but_never_overlap() -> None:
    crowd = replace(CALM, touching=1.0, dice=(6, 6))
    near = 0
    for seed in range(3):
        p = plan(seed, crowd)
        feet = [t.cube.footprint() for t in p.things if isinstance(t, PipDie | ColourDie)]
        for i in range(len(feet)):
            for j in range(i):
                assert apart(feet[i], feet[j], 0.0)
                near += not apart(feet[i], feet[j], 1.0)
    assert near >= 3


# --- presets, rolls, geometry ------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_the_hardest_preset_renders_full_size_frames(mode: str) -> None:
    frame, scene = render(21, "hardest", mode)  # type: ignore[arg-type]
    assert frame.shape == (960, 1280, 3) and scene.difficulty == "hardest"
    assert scene.capture.jpeg_quality is not None and 45 <= scene.capture.jpeg_quality <= 90
    assert 2700 <= scene.light.kelvin <= 6500
    assert frame.std() > 10


def test_presets_grow_harder() -> None:
    easy, hard = PRESETS["easy"], PRESETS["hardest"]
    assert hard.brightness[0] < easy.brightness[0] and hard.noise_sigma[1] > easy.noise_sigma[1]
    assert (
        hard.glare > easy.glare
        and hard.cocked > easy.cocked
        and hard.white_balance_left[1] > easy.white_balance_left[1]
    )
    assert set(COLOUR_FACES) == {"yellow", "red", "green", "blue", "black", "star"}


def test_a_roll_moves_then_rests_on_its_truth() -> None:
    roll = render_roll(3, CALM, "pips", frames=30, throw_frames=12, size=(320, 240))
    assert len(roll.frames) == 30 and roll.moving[0] and not roll.moving[-1]
    assert roll.settled_at == 12

    def step(i: int) -> float:
        return float(np.abs(roll.frames[i].astype(np.int16) - roll.frames[i - 1]).mean())

    assert step(3) > 1.0 and step(25) == 0.0, "the dice move, then only the (absent) noise could change"
    resting = draw(roll.plan)
    assert resting.tobytes() == roll.frames[-1].tobytes()
    assert roll.scene == roll.plan.scene() and len(roll.scene.things) >= 1
    empty = draw(replace(roll.plan, things=()))
    for truth in roll.scene.things:
        assert np.abs(region(roll.frames[-1], truth.box, 0.2) - region(empty, truth.box, 0.2)).max() > 40


def test_a_noisy_roll_changes_only_by_noise_once_at_rest() -> None:
    roll = render_roll(4, HARDEST, "colours", frames=20, throw_frames=8, size=(320, 240), hand=False)
    rest = [float(np.abs(roll.frames[i].astype(np.int16) - roll.frames[i - 1]).mean()) for i in range(12, 20)]
    moving = [float(np.abs(roll.frames[i].astype(np.int16) - roll.frames[i - 1]).mean()) for i in range(1, 5)]
    assert max(rest) < min(moving)


def test_settle_detection_sees_a_rendered_roll_come_to_rest() -> None:
    from vision.settle import SettleDetector

    roll = render_roll(1, HARDEST, "pips", frames=60, throw_frames=24, size=(640, 480))
    detector = SettleDetector()
    events = [(i, e.kind.value) for i, f in enumerate(roll.frames) for e in detector.feed(f, i / roll.fps)]
    kinds = [k for _, k in events]
    assert kinds[0] == "rolling" and "settled" in kinds
    settled = next(i for i, k in events if k == "settled")
    assert roll.settled_at <= settled <= roll.settled_at + roll.fps


def test_the_camera_projects_and_unprojects_the_floor() -> None:
    camera = Camera(640, 480, 600.0, 350.0, (2.0, -3.0))
    u, v = camera.project(np.array([[12.0, -30.0, 0.0]]))[0]
    x, y = camera.floor_point(float(u), float(v))
    assert abs(x - 12.0) < 1e-6 and abs(y + 30.0) < 1e-6
    cube = Cube((0.0, 0.0), 16.0, rotation_z(0.3))
    assert cube.top_face() == 0 and cube.visible_faces(camera.position) == [0]
