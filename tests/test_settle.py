"""Settle detection on synthetic tray sequences: exact event sequences for rolls, hands, noise, drift.

The scenes are drawn with OpenCV: green felt with a fixed texture, white dice with pips (sub-pixel
positions, rotation), a skin-coloured hand with its forearm, per-frame Gaussian sensor noise, and
brightness changes (global gain, a slow left-to-right shading, a lamp's flicker bands across the rows).
30 frames a second.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

from vision.settle import Phase, SettleDetector, SettleKind, SettleParams

FPS = 30
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}
SUB = 16  # cv2 drawing with shift=4: coordinates in 1/16 pixel


@dataclass(frozen=True)
class Die:
    x: float  # centre, as a fraction of the width
    y: float  # centre, as a fraction of the height
    face: int = 5
    angle: float = 0.0  # degrees


@dataclass(frozen=True)
class Scene:
    dice: tuple[Die, ...] = ()
    hand: tuple[float, float] | None = None  # palm centre as fractions; the forearm runs to the bottom
    gain: float = 1.0  # global brightness (auto exposure)
    shade: float = 0.0  # extra brightness on the right edge, fading to 0 on the left (sun, lamp)
    bands: tuple[float, float] = (0.0, 0.0)  # a flickering lamp: depth, and where its bands lie (radians)


@dataclass
class Camera:
    width: int = 320
    height: int = 240
    noise: float = 3.0
    seed: int = 1
    rng: np.random.Generator = field(init=False)
    felt: NDArray[np.uint8] = field(init=False)
    bank: NDArray[np.float32] = field(init=False)

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)
        coarse = self.rng.normal(0, 12, (6, 8, 3)).astype(np.float32)
        smooth = cv2.resize(coarse, (self.width, self.height), interpolation=cv2.INTER_CUBIC)
        fine = self.rng.normal(0, 4, (self.height, self.width, 3)).astype(np.float32)
        base = np.array([45, 95, 55], np.float32)
        self.felt = np.clip(base + smooth + fine, 0, 255).astype(np.uint8)
        self.bank = self.rng.normal(0, self.noise, (24, self.height, self.width, 3)).astype(np.float32)
        ramp = np.linspace(0, 1, self.width, dtype=np.float32)
        self.ramp = ramp[None, :, None]
        self.rows = np.arange(self.height, dtype=np.float32)[:, None, None]

    def shoot(self, scene: Scene) -> NDArray[np.uint8]:
        image = self.felt.copy()
        scale = self.width / 320
        for die in scene.dice:
            draw_die(image, die, self.width, self.height, 18 * scale)
        if scene.hand is not None:
            draw_hand(image, scene.hand, self.width, self.height)
        light = image.astype(np.float32) * np.float32(scene.gain)
        if scene.shade:
            light *= 1 + np.float32(scene.shade) * self.ramp
        depth, phase = scene.bands
        if depth:  # rows read one after another under a lamp flickering at 100 Hz: bands 0.58 frames apart
            light *= 1 + np.float32(depth) * np.sin(2 * np.pi * self.rows / (0.58 * self.height) + phase)
        light += self.bank[self.rng.integers(len(self.bank))]
        frame: NDArray[np.uint8] = np.clip(light, 0, 255).astype(np.uint8)
        return frame


def draw_die(image: NDArray[np.uint8], die: Die, width: int, height: int, side: float) -> None:
    cx, cy = die.x * width, die.y * height
    a = math.radians(die.angle)
    c, s = math.cos(a), math.sin(a)

    def at(u: float, v: float) -> tuple[int, int]:
        return (round((cx + u * c - v * s) * SUB), round((cy + u * s + v * c) * SUB))

    h = side / 2
    corners = np.array([at(-h, -h), at(h, -h), at(h, h), at(-h, h)], np.int32)
    cv2.fillConvexPoly(image, corners, (235, 238, 240), cv2.LINE_AA, 4)
    for u, v in PIPS[die.face]:
        cv2.circle(
            image,
            at(u * side * 0.27, v * side * 0.27),
            round(side * 0.1 * SUB),
            (30, 30, 35),
            -1,
            cv2.LINE_AA,
            4,
        )


def draw_hand(image: NDArray[np.uint8], palm: tuple[float, float], width: int, height: int) -> None:
    skin = (105, 145, 200)
    px, py = palm[0] * width, palm[1] * height
    arm = (
        np.array(
            [
                [px - 0.1 * width, py],
                [px + 0.1 * width, py],
                [px + 0.12 * width, height + 5],
                [px - 0.12 * width, height + 5],
            ]
        )
        * SUB
    )
    cv2.fillConvexPoly(image, arm.round().astype(np.int32), skin, cv2.LINE_AA, 4)
    axes = (round(0.17 * width * SUB), round(0.22 * height * SUB))
    cv2.ellipse(image, (round(px * SUB), round(py * SUB)), axes, 0, 0, 360, skin, -1, cv2.LINE_AA, 4)


def run(
    scenes: Sequence[Scene],
    camera: Camera | None = None,
    params: SettleParams | None = None,
    detector: SettleDetector | None = None,
) -> list[tuple[str, int]]:
    """Feed the scenes at 30 frames a second; return (event kind, frame index) pairs."""
    camera = camera if camera is not None else Camera()
    detector = detector if detector is not None else SettleDetector(params)
    events: list[tuple[str, int]] = []
    for i, scene in enumerate(scenes):
        events += [(e.kind.value, e.index) for e in detector.feed(camera.shoot(scene), i / FPS)]
    return events


def kinds(events: list[tuple[str, int]]) -> list[str]:
    return [kind for kind, _ in events]


def at_index(events: list[tuple[str, int]], kind: str, nth: int = 0) -> int:
    return [i for k, i in events if k == kind][nth]


def hold(n: int, scene: Scene) -> list[Scene]:
    return [scene] * n


def move(n: int, path: Callable[[float], Scene]) -> list[Scene]:
    """n frames of a motion; path(s) gives the scene at fraction s in (0, 1] of the way."""
    return [path((k + 1) / n) for k in range(n)]


TWO_DICE = (Die(0.3, 0.4, 3, 10), Die(0.6, 0.55, 6, -20))
HOLD_FRAMES = 12  # 0.4 s at 30 frames a second: the default hold_s


def test_noisy_still_tray_settles_once_then_goes_idle() -> None:
    scene = Scene(TWO_DICE)
    events = run(hold(330, scene), Camera(noise=8.0))
    assert kinds(events) == ["settled", "idle"]
    assert HOLD_FRAMES <= at_index(events, "settled") <= HOLD_FRAMES + 1
    assert 300 <= at_index(events, "idle") <= 301


def test_threshold_follows_the_camera_noise() -> None:
    thresholds = []
    for noise in (1.0, 8.0):
        detector = SettleDetector()
        run(hold(40, Scene(TWO_DICE)), Camera(noise=noise), detector=detector)
        thresholds.append(detector.threshold)
    assert thresholds[0] < thresholds[1]
    assert thresholds[0] == pytest.approx(SettleParams().min_threshold)


def test_exposure_drift_and_slow_shading_are_not_motion() -> None:
    n = 600  # 20 s: brightness falls by 40 % and the right side gains 50 % shading
    scenes = [Scene(TWO_DICE, gain=1.0 - 0.4 * i / n, shade=0.5 * i / n) for i in range(n)]
    events = run(scenes, Camera(noise=4.0))
    assert kinds(events) == ["settled", "idle"]


def test_flickering_exposure_is_not_motion() -> None:
    rng = np.random.default_rng(5)
    scenes = [Scene(TWO_DICE, gain=float(1 + rng.uniform(-0.04, 0.04))) for _ in range(90)]
    assert kinds(run(scenes, Camera(noise=3.0))) == ["settled"]


def test_a_lamp_s_flicker_bands_are_not_motion() -> None:
    rng = np.random.default_rng(6)  # 3 s of bands a tenth of the light deep, elsewhere in every frame
    scenes = [Scene(TWO_DICE, bands=(0.1, float(rng.uniform(0, 2 * np.pi)))) for _ in range(90)]
    assert kinds(run(scenes, Camera(noise=3.0))) == ["settled"]


def test_a_die_that_moves_under_flicker_bands_is_still_seen_to_move() -> None:
    rng = np.random.default_rng(7)
    moving = slide(20, TWO_DICE[1], 0.15, -0.1, 40)
    still = hold(40, moving[-1])
    scenes = [
        replace(scene, bands=(0.1, float(rng.uniform(0, 2 * np.pi)))) for scene in hold(20, Scene(TWO_DICE))
    ]
    scenes += [replace(scene, bands=(0.1, float(rng.uniform(0, 2 * np.pi)))) for scene in moving + still]
    assert kinds(run(scenes, Camera(noise=3.0))) == ["settled", "rolling", "settled"]


def slide(n: int, die: Die, dx: float, dy: float, turn: float) -> list[Scene]:
    """The second of TWO_DICE slides by (dx, dy) and turns, slowing down (ease-out)."""

    def at(s: float) -> Scene:
        e = 1 - (1 - s) ** 2
        moved = Die(die.x + dx * e, die.y + dy * e, die.face, die.angle + turn * e)
        return Scene((TWO_DICE[0], moved))

    return move(n, at)


def test_a_die_that_moves_then_stops() -> None:
    scenes = (
        hold(60, Scene(TWO_DICE))
        + slide(30, TWO_DICE[1], 0.25, 0.2, 200)
        + hold(60, Scene((TWO_DICE[0], Die(0.85, 0.75, 6, 180))))
    )
    events = run(scenes)
    assert kinds(events) == ["settled", "rolling", "settled"]
    assert at_index(events, "rolling") == 60
    assert 90 + HOLD_FRAMES - 1 <= at_index(events, "settled", 1) <= 90 + HOLD_FRAMES + 2


def test_the_same_at_640x480_through_the_downscale() -> None:
    camera = Camera(640, 480, noise=5.0)
    scenes = (
        hold(30, Scene(TWO_DICE))
        + slide(20, TWO_DICE[1], -0.2, 0.1, 90)
        + hold(30, Scene((TWO_DICE[0], Die(0.4, 0.65, 6, 70))))
    )
    events = run(scenes, camera)
    assert kinds(events) == ["settled", "rolling", "settled"]
    assert 50 + HOLD_FRAMES - 1 <= at_index(events, "settled", 1) <= 50 + HOLD_FRAMES + 2


def test_no_settle_while_a_die_rocks_on_an_edge() -> None:
    base = TWO_DICE[1]
    rocking = [
        Scene((TWO_DICE[0], Die(base.x, base.y, 6, base.angle + 6 * math.sin(2 * math.pi * 3 * k / FPS))))
        for k in range(75)
    ]  # 2.5 s of rocking at 3 Hz, +-6 degrees
    scenes = hold(30, Scene(TWO_DICE)) + rocking + hold(40, Scene((TWO_DICE[0], Die(base.x, base.y, 6, 15))))
    events = run(scenes)
    assert kinds(events) == ["settled", "rolling", "settled"]
    assert at_index(events, "settled", 1) >= 105 + HOLD_FRAMES - 1


def test_a_creep_too_slow_for_frame_differences_is_noticed_and_waited_out() -> None:
    base = TWO_DICE[1]
    step = 0.00015  # 0.05 px a frame for 6 s: each frame differs by less than the noise threshold
    creep = [
        Scene((TWO_DICE[0], Die(base.x + step * k, base.y, base.face, base.angle))) for k in range(1, 181)
    ]
    end = Scene((TWO_DICE[0], Die(base.x + step * 180, base.y, base.face, base.angle)))
    events = run(hold(30, Scene(TWO_DICE)) + creep + hold(30, end))
    assert kinds(events) == ["settled", "rolling", "settled"]
    assert at_index(events, "rolling") < 60
    assert at_index(events, "settled", 1) >= 210


def hand_path(
    n: int, dice: tuple[Die, ...], start: tuple[float, float], end: tuple[float, float]
) -> list[Scene]:
    return [
        Scene(
            dice,
            hand=(start[0] + (end[0] - start[0]) * (k + 1) / n, start[1] + (end[1] - start[1]) * (k + 1) / n),
        )
        for k in range(n)
    ]


OUT, IN = (0.5, 1.4), (0.45, 0.5)


def last_hand_frame(scenes: Sequence[Scene]) -> int:
    """The last frame in which some of the hand is in view (the palm reaches 0.22 h above its centre)."""
    return max(i for i, s in enumerate(scenes) if s.hand is not None and s.hand[1] - 0.22 < 1.0)


def test_a_hand_that_pauses_over_the_tray_and_leaves_changes_nothing() -> None:
    scenes = (
        hold(30, Scene(TWO_DICE))
        + hand_path(15, TWO_DICE, OUT, IN)
        + hold(24, Scene(TWO_DICE, hand=IN))  # 0.8 s still: longer than the hold, a hand at rest
        + hand_path(15, TWO_DICE, IN, OUT)
        + hold(30, Scene(TWO_DICE))
    )
    events = run(scenes)
    assert kinds(events) == ["settled", "rolling", "unchanged"]
    # the frame after the hand's last is a change (it vanishes); then 0.4 s of still frames
    assert at_index(events, "unchanged") == last_hand_frame(scenes) + 1 + HOLD_FRAMES


def test_no_settle_while_a_hand_gathers_the_dice() -> None:
    gathered = (Die(0.75, 0.3, 2, 40), Die(0.8, 0.45, 4, 5))
    scenes = (
        hold(30, Scene(TWO_DICE))
        + hand_path(15, TWO_DICE, OUT, IN)
        + hold(24, Scene((), hand=IN))  # dice taken up under the hand
        + hand_path(15, gathered, IN, OUT)
        + hold(30, Scene(gathered))
    )
    events = run(scenes)
    assert kinds(events) == ["settled", "rolling", "settled"]
    assert at_index(events, "settled", 1) == last_hand_frame(scenes) + 1 + HOLD_FRAMES


def throw(n: int, landing: tuple[Die, ...]) -> list[Scene]:
    """Dice come in from the left edge, tumbling and slowing down, and land at ``landing``."""

    def at(s: float) -> Scene:
        e = 1 - (1 - s) ** 3
        return Scene(
            tuple(
                Die(
                    -0.1 + (d.x + 0.1) * e,
                    d.y + 0.1 * (1 - e),
                    1 + int(s * 11 + i) % 6,
                    d.angle + 720 * (1 - e),
                )
                for i, d in enumerate(landing)
            )
        )

    return [at((k + 1) / n) for k in range(n)] + [Scene(landing)]


def test_two_rolls_in_a_row() -> None:
    first = (Die(0.4, 0.3, 2, 12), Die(0.55, 0.6, 5, -8), Die(0.7, 0.4, 1, 33))
    second = (Die(0.3, 0.7, 6, -30), Die(0.62, 0.25, 4, 3), Die(0.8, 0.6, 3, 71))
    gather = hand_path(12, first, OUT, IN) + hand_path(12, (), IN, OUT)
    scenes = (
        hold(30, Scene())
        + throw(24, first)
        + hold(45, Scene(first))
        + gather
        + throw(24, second)
        + hold(45, Scene(second))
    )
    events = run(scenes)
    assert kinds(events) == ["settled", "rolling", "settled", "rolling", "settled"]
    assert at_index(events, "rolling", 0) == 30
    assert 55 + HOLD_FRAMES - 1 <= at_index(events, "settled", 1) <= 55 + HOLD_FRAMES + 3
    assert 100 <= at_index(events, "rolling", 1) <= 104  # the hand comes into view
    assert at_index(events, "settled", 2) >= 149 + HOLD_FRAMES - 1


def test_idle_ends_when_things_move_again() -> None:
    detector = SettleDetector()
    camera = Camera()
    scenes = hold(320, Scene(TWO_DICE))
    events = run(scenes, camera, detector=detector)
    assert kinds(events) == ["settled", "idle"]
    assert detector.idle and detector.phase is Phase.SETTLED
    moved = slide(20, TWO_DICE[1], 0.1, -0.2, 90)
    t0 = len(scenes)
    kinds_after = []
    for k, scene in enumerate(moved + hold(20, moved[-1])):
        kinds_after += [e.kind for e in detector.feed(camera.shoot(scene), (t0 + k) / FPS)]
        if k == 0:
            assert not detector.idle and detector.phase is Phase.ROLLING
    assert kinds_after == [SettleKind.ROLLING, SettleKind.SETTLED]


def test_a_new_frame_size_starts_over() -> None:
    detector = SettleDetector()
    run(hold(20, Scene(TWO_DICE)), Camera(320, 240), detector=detector)
    assert detector.phase is Phase.SETTLED
    events = run(hold(20, Scene(TWO_DICE)), Camera(320, 180), detector=detector)
    assert kinds(events) == ["settled"]


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (np.zeros((10, 10, 3), np.float32), "uint8"),
        (np.zeros((10, 10, 4), np.uint8), "shape"),
        (np.zeros((1, 10), np.uint8), "shape"),
        ([[0, 1], [2, 3]], "list"),
    ],
)
def test_bad_frames_are_refused(frame: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SettleDetector().feed(frame, 0.0)  # type: ignore[arg-type]


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="hold_frames"):
        SettleParams(hold_frames=0)
    with pytest.raises(ValueError, match="idle_after_s"):
        SettleParams(idle_after_s=1.0)
    with pytest.raises(ValueError, match="motion_area"):
        SettleParams(motion_area=0.0)
