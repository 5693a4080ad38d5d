"""The pip reader on real photos with known faces, on empty frames, and on bad input.

tests/data/dice/ holds a few photos of the MIT/BSD sets of ../shared/data/dice-photos with
their labels (labels.csv) and licence files.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from firmware.devices.onnx_runtime import choose_runtime
from measure.labels import LabelledDie, load_set
from measure.scoring import match
from vision.errors import ModelError
from vision.frame import as_bgr
from vision.networks import Networks
from vision.pips.settings import PIPS
from vision.reader import read_dice
from vision.reading import Die, Reading

DICE = Path(__file__).parent / "data" / "dice"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "dice-photos"
PHOTOS = load_set(DICE)


@pytest.mark.parametrize("name", PHOTOS.images)
def test_real_photo_reads_every_labelled_die(name: str) -> None:
    frame = cv2.imread(str(PHOTOS.path(name)), cv2.IMREAD_COLOR)
    reading = read_dice(frame)
    labels = PHOTOS.labels[name]
    pairs = dict(match(labels, list(reading.dice), reading.width, reading.height))
    said = [
        (reading.dice[pairs[i]].face, reading.dice[pairs[i]].status) if i in pairs else None
        for i in range(len(labels))
    ]
    assert said == [(label.value, "ok") for label in labels]
    assert len([d for d in reading.dice if d.status == "ok"]) == len(labels), reading


def test_a_die_the_first_classifier_doubts_is_ok_when_the_closer_one_names_it() -> None:
    """A purple translucent four (held-out photo): the first classifier's views disagree, the
    closer classifier's (96x96, die 60 px) name the same face surely, so the die is ok."""
    frame = cv2.imread(str(PHOTOS.path("IMG_20191209_100237.jpg")), cv2.IMREAD_COLOR)
    with_closer = read_dice(frame)
    without = read_dice(frame, settings=replace(PIPS, closer_look=False))
    pairs = zip(with_closer.dice, without.dice, strict=True)
    assert [(a.face, a.status, b.status) for a, b in pairs if a != b] == [(4, "ok", "uncertain")]


def test_the_closer_look_does_not_overrule_a_view_that_names_another_face(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A black four with a glare spot between its pips (held-out photo, darkened to 60 %): the
    first classifier's views say five (0.81) and four (0.53), the closer classifier five. That is
    no mere doubt for the closer look to settle: the die stays uncertain, where a closer look free
    to overrule it made it a five ``ok``."""
    import vision.pips.trust

    frame = cv2.imread(str(DICE / "doubtful" / "IMG_20191209_100023.jpg"), cv2.IMREAD_COLOR)
    dark = (frame * 0.6).astype(np.uint8)

    def the_four(reading: Reading) -> list[tuple[int | None, str]]:
        w, h = reading.width, reading.height
        near = [
            d for d in reading.dice if math.hypot(d.centre[0] / w - 0.671, d.centre[1] / h - 0.435) < 0.03
        ]
        return [(d.face, d.status) for d in near]

    assert the_four(read_dice(dark)) == [(5, "uncertain")]
    monkeypatch.setattr(vision.pips.trust, "contradicted", lambda *_: False)
    assert the_four(read_dice(dark)) == [(5, "ok")]


def test_the_closer_look_settles_views_that_name_two_faces_when_all_four_of_its_own_agree() -> None:
    """A three (a byler photo the networks were trained on: this is about the rule): one view of the
    first classifier says three (0.82), the other two (0.53). Shown to the closer classifier four
    times, turned by 90 degrees each, it is a three every time (0.98 or more): the die is ``ok``
    (``vision.pips.trust.arbitrates``); without that it stays uncertain. Every other die reads alike."""
    frame = cv2.imread(str(DICE / "disputed" / "IMG_20191208_111642.jpg"), cv2.IMREAD_COLOR)
    settled = read_dice(frame)
    disputed = read_dice(frame, settings=replace(PIPS, arbiter_views=0))
    pairs = zip(settled.dice, disputed.dice, strict=True)
    assert [(a.face, a.status, b.status) for a, b in pairs if a != b] == [(3, "ok", "uncertain")]
    assert [d.status for d in settled.dice] == ["ok"] * 21


def test_a_face_the_first_classifier_names_not_quite_surely_may_be_vetoed_by_the_closer_one() -> None:
    """A held-out byler photo at 60 % of its light: the first classifier names a red translucent three a
    five, less surely than ``PipSettings.veto_below``, and nothing else doubts it. The closer classifier,
    asked for a second opinion, sees a three: the die is ``uncertain`` (``vision.pips.trust.vetoes``);
    without the second opinion it is a five ``ok``, a silent error. Every other die reads alike (its
    confidence may differ: the closer classifier's say is one of the face-chance model's features)."""
    frame = cv2.imread(str(DICE / "vetoed" / "IMG_20191208_112933.jpg"), cv2.IMREAD_COLOR)
    dark = np.asarray(np.clip(frame.astype(np.float32) * 0.6, 0, 255), np.uint8)
    checked = read_dice(dark)
    alone = read_dice(dark, settings=replace(PIPS, veto_below=None))
    changed = [(a, b) for a, b in zip(checked.dice, alone.dice, strict=True) if a.status != b.status]
    assert [(a.face, a.status, b.status) for a, b in changed] == [(5, "uncertain", "ok")]
    assert [(d.face, d.box) for d in checked.dice] == [(d.face, d.box) for d in alone.dice]
    x, y = changed[0][0].centre
    assert math.hypot(x / checked.width - 0.643, y / checked.height - 0.696) < 0.02  # the labelled three


def test_a_die_cut_by_the_frame_edge_is_uncertain() -> None:
    """A die whose centre lies within ``PipSettings.edge`` dice of the frame's edge is not stood
    by (part of its face is out of view); every other die reads as without that rule. (Without it the
    face-chance model holds this three back too: under half its face shows.)"""
    from dataclasses import replace

    from vision.pips.settings import PIPS

    name = "IMG_20191208_112510.jpg"
    frame = cv2.imread(str(PHOTOS.path(name)), cv2.IMREAD_COLOR)
    frame = cv2.resize(frame, (684, 684), interpolation=cv2.INTER_AREA)
    three = PHOTOS.labels[name][4]
    top = round(three.cy * 684) - 4  # the photo cut 4 pixels above the three's centre
    cut = np.ascontiguousarray(frame[top:])
    loose = read_dice(cut, settings=replace(PIPS, edge=0.0))
    strict = read_dice(cut)
    edge = [d for d in strict.dice if d.box[1] == 0]
    assert [(d.face, d.status) for d in edge] == [(3, "uncertain")], strict  # the three, at the top edge
    assert [(d.face, d.status) for d in loose.dice if d.box[1] > 0] == [
        (d.face, d.status) for d in strict.dice if d.box[1] > 0
    ]


def test_two_touching_dice_under_one_find_of_the_first_look_are_both_read() -> None:
    """A held-out byler photo as a 1280x960 camera frame (scaled, padded with its edge): its first
    look sees two touching sixes as one bigger die. The closer look at that find keeps the second
    six's peak as well (``PipSettings.touching``): both are read ``ok``; without it one is missed."""
    photo = cv2.imread(str(DICE / "touching" / "IMG_20191208_112143.jpg"), cv2.IMREAD_COLOR)
    side = 960
    frame = cv2.copyMakeBorder(
        cv2.resize(photo, (side, side), interpolation=cv2.INTER_AREA), 0, 0, 160, 160, cv2.BORDER_REPLICATE
    )
    sixes = [(160 + 0.424525 * side, 0.620797 * side), (160 + 0.406981 * side, 0.577120 * side)]

    def said(reading: Reading) -> list[list[tuple[int | None, str]]]:
        return [[(d.face, d.status) for d in reading.dice if math.dist(d.centre, six) < 15] for six in sixes]

    assert said(read_dice(frame)) == [[(6, "ok")], [(6, "ok")]]
    assert sorted(said(read_dice(frame, settings=replace(PIPS, touching=None)))) == [[], [(6, "ok")]]


def test_a_die_half_hidden_behind_another_is_kept_as_the_first_look_saw_it() -> None:
    """A held-out byler photo: a brown translucent four half hidden behind the three above it. The
    closer look at the four's find merges the two and keeps no peak at the four; the first look's
    find is kept as it is (``PipSettings.lost_heat``) and both are read ``ok``; without it the four
    is missed."""
    frame = cv2.imread(str(DICE / "hidden" / "IMG_20191208_111858.jpg"), cv2.IMREAD_COLOR)
    side = frame.shape[1]
    four, three = (0.635965 * side, 0.523757 * side), (0.626645 * side, 0.479715 * side)

    def said(reading: Reading) -> list[list[tuple[int | None, str]]]:
        return [
            [(d.face, d.status) for d in reading.dice if math.dist(d.centre, die) < 0.02 * side]
            for die in (four, three)
        ]

    assert said(read_dice(frame)) == [[(4, "ok")], [(3, "ok")]]
    assert said(read_dice(frame, settings=replace(PIPS, lost_heat=None))) == [[], [(3, "ok")]]


def test_the_dice_size_is_not_set_by_specks_the_classifier_names_no_face_for() -> None:
    """One die (heat 0.76, 109 px) among specks of lint half taken for small dice: its size."""
    from vision.pips.dice_net import Candidate
    from vision.pips.face_net import FACE_CLASSES
    from vision.pips.reader import die_size

    def find(heat: float, size: float) -> Candidate:
        return Candidate(0.0, 0.0, size, heat, (0,) * 7, (0,) * 7)

    def seen(face: int | None, chance: float) -> np.ndarray:
        view = np.full(len(FACE_CLASSES), (1 - chance) / (len(FACE_CLASSES) - 1), np.float32)
        view[FACE_CLASSES.index(face)] = chance
        return view

    def classifier(die: np.ndarray, specks: np.ndarray) -> Callable[[list[Candidate]], list[np.ndarray]]:
        return lambda finds: [die if f.size > 60 else specks for f in finds]

    finds = [find(0.76, 109), find(0.56, 27), find(0.45, 45), find(0.41, 28), find(0.35, 31), find(0.29, 46)]
    assert die_size(finds, PIPS) == 31  # the specks' median, without the classifier
    assert die_size(finds, PIPS, classifier(seen(5, 0.99), seen(None, 0.9))) == 109  # no dice
    assert die_size(finds, PIPS, classifier(seen(5, 0.99), seen(6, 0.7))) == 109  # faces named unsurely
    # a die named less surely (too big for this look) speaks against specks the classifier takes
    # for no die, not against specks it names unsurely
    assert die_size(finds, PIPS, classifier(seen(5, 0.8), seen(None, 0.9))) == 109
    assert die_size(finds, PIPS, classifier(seen(5, 0.8), seen(6, 0.7))) == 31
    # the classifier takes the big hot find for no die (a tray's hole), or the small ones for dice
    assert die_size(finds, PIPS, classifier(seen(None, 0.9), seen(None, 0.9))) == 31
    assert die_size(finds, PIPS, classifier(seen(5, 0.99), seen(6, 0.95))) == 31
    # without ``named_face`` only the classifier's "no die" speaks against the specks
    assert die_size(finds, replace(PIPS, named_face=0.0), classifier(seen(5, 0.99), seen(6, 0.7))) == 31
    assert die_size(finds[5:], PIPS) is None  # no sure find


def test_a_die_filling_a_third_of_the_frame_is_read_not_its_pips() -> None:
    """A held-out matteo photo cut to its middle half and scaled back up (a camera twice as close):
    the six is 230 px of a 640 px frame, too big for the first look, which takes its pips for six
    dice of two (the face-chance model stands by none). The look at half the size sees the die
    (``PipSettings.big_dice``)."""
    photo = cv2.imread(str(DICE / "near" / "six_5.jpg"), cv2.IMREAD_COLOR)
    height, width = photo.shape[:2]
    middle = photo[height // 4 : height - height // 4, width // 4 : width - width // 4]
    frame = cv2.resize(middle, (width, height), interpolation=cv2.INTER_CUBIC)
    assert [(d.face, d.status) for d in read_dice(frame).dice] == [(6, "ok")]
    pips = read_dice(frame, settings=replace(PIPS, big_dice=None)).dice
    assert len(pips) > 1 and all(d.face != 6 and d.status != "ok" for d in pips)  # pips, none stood by


def test_many_small_dice_are_looked_for_again_at_twice_the_size() -> None:
    """A held-out byler photo of 22 dice framed by its own edge, 0.3 of its size on each side (a
    camera 1.6 times higher, as far-60 of bench/bench_photo_changes.py): the first look sees the
    dice at about 20 px, near the smallest the dice network knows, and misses some of those that
    touch. With seven finds or more that small (heat 0.5 or more) it looks again at twice the size
    (``PipSettings.crowded_first_look``), and every die is read right ``ok``."""
    crowded = load_set(DICE / "crowded")
    photo = cv2.imread(str(crowded.path("IMG_20191208_111316.jpg")), cv2.IMREAD_COLOR)
    height, width = photo.shape[:2]
    dy, dx = round(0.3 * height), round(0.3 * width)
    frame = cv2.copyMakeBorder(photo, dy, dy, dx, dx, cv2.BORDER_REPLICATE)
    labels = [
        LabelledDie(d.value, (dx + d.cx * width) / frame.shape[1], (dy + d.cy * height) / frame.shape[0],
                    d.w * width / frame.shape[1], d.h * height / frame.shape[0])
        for d in crowded.labels["IMG_20191208_111316.jpg"]
    ]  # fmt: skip
    assert len(labels) == 22

    def right(reading: Reading) -> tuple[int, int]:
        """(labelled dice read right ``ok``, dice read ``ok`` that are not)"""
        pairs = dict(match(labels, list(reading.dice), reading.width, reading.height))
        ok = [d for d in reading.dice if d.status == "ok"]
        hits = sum(i in pairs and reading.dice[pairs[i]] in ok and reading.dice[pairs[i]].face == label.value
                   for i, label in enumerate(labels))  # fmt: skip
        return hits, len(ok) - hits

    assert right(read_dice(frame)) == (22, 0)
    once, wrong = right(read_dice(frame, settings=replace(PIPS, crowded_first_look=0.0)))
    assert once < 22 and wrong == 0


def test_the_half_look_must_see_one_die_the_classifier_reads() -> None:
    """``bigger_dice``: the first look's finds are pips (30 px) of a die the half look sees as 200 px."""
    from vision.pips.dice_net import Candidate
    from vision.pips.reader import bigger_dice

    def find(heat: float, size: float) -> Candidate:
        return Candidate(0.0, 0.0, size, heat, (0,) * 7, (0,) * 7)

    pips = [find(0.76, 30), find(0.7, 33), find(0.65, 31)]
    six = (5, 0.98)  # FACE_CLASSES index of a six, and the classifier's chance

    def size_of(finds: list[Candidate]) -> float:
        return sorted(c.size for c in finds)[len(finds) // 2]

    def judged(half: list[Candidate], face: tuple[int, float] = six, scale: float = 0.7) -> bool:
        return bigger_dice(half, pips, 31, scale, PIPS, size_of, lambda _: face) is not None

    assert judged([find(0.7, 200)])
    assert not judged([find(0.7, 200)], scale=0.45)  # 90 px at the first look: it would have seen it
    assert not judged([find(0.7, 200)], face=(5, 0.78))  # six dice seen as one: no face read
    assert not judged([find(0.7, 200)], face=(7, 0.99))  # the classifier sees no die there
    assert not judged([find(0.6, 200)])  # less sure than the first look's pips
    assert not judged([find(0.7, 200), find(0.4, 120), find(0.4, 130)])  # unlike the other finds
    assert not judged([])
    assert (
        bigger_dice([find(0.7, 200)], pips, 31, 0.7, replace(PIPS, big_dice=None), size_of, lambda _: six)
        is None
    )


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"{SHARED} is absent (the labelled dice photos)")
def test_a_red_die_on_felt_with_lint_is_read() -> None:
    """A held-out gissur photo (read from ../shared: its licence keeps it out of the repo): one red
    one on dark felt strewn with lint, which the first look half takes for small dice."""
    photos = load_set(SHARED / "gissur-red-in-box")
    name = "8964b6ff-WIN_20231226_19_55_43_Pro_scaled_600px.jpg"
    assert photos.images.index(name) % 2 == 1  # odd: never trained on
    frame = cv2.imread(str(photos.path(name)), cv2.IMREAD_COLOR)
    labels = photos.labels[name]

    def said(reading: Reading) -> list[tuple[int | None, str] | None]:
        pairs = dict(match(labels, list(reading.dice), reading.width, reading.height))
        return [(reading.dice[pairs[0]].face, reading.dice[pairs[0]].status) if 0 in pairs else None]

    assert said(read_dice(frame)) == [(1, "ok")] == [(labels[0].value, "ok")]
    assert said(read_dice(frame, settings=replace(PIPS, alike_sizes=False))) != [(1, "ok")]


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"{SHARED} is absent (the labelled dice photos)")
def test_four_red_dice_beside_a_lamps_streak_on_the_felt_are_read() -> None:
    """A held-out gissur photo of an evening: a lamp's streak across the felt, which the first look
    half takes for small dice the classifier reads as faces, not surely (``PipSettings.named_face``).
    The rule is needed with the float classifier (OpenCV's dnn runs it); ONNX Runtime's int8 twin
    reads this photo right without it too, and so does the float one since the first look's finds
    that the closer look loses are kept (``PipSettings.lost_heat``)."""
    photos = load_set(SHARED / "gissur-red-in-box")
    name = "bf305f13-WIN_20231226_19_56_18_Pro_scaled_600px.jpg"
    assert photos.images.index(name) % 2 == 1  # odd: never trained on
    frame = cv2.imread(str(photos.path(name)), cv2.IMREAD_COLOR)
    labels = photos.labels[name]

    def right(reading: Reading) -> int:
        pairs = match(labels, list(reading.dice), reading.width, reading.height)
        return sum(
            reading.dice[j].status == "ok" and reading.dice[j].face == labels[i].value for i, j in pairs
        )

    assert len(labels) == 4
    assert right(read_dice(frame)) == 4
    choose_runtime("dnn")  # (the conftest's fixture chooses the product's runtime again)
    assert right(read_dice(frame)) == 4
    assert right(read_dice(frame, settings=replace(PIPS, named_face=0.0, lost_heat=None))) < 4


def test_reading_is_in_frame_pixels_of_the_given_frame() -> None:
    name = PHOTOS.images[0]
    frame = cv2.imread(str(PHOTOS.path(name)), cv2.IMREAD_COLOR)
    reading = read_dice(frame)
    assert (reading.width, reading.height) == (frame.shape[1], frame.shape[0])
    for die in reading.dice:
        x, y, w, h = die.box
        assert 0 <= x < x + w <= reading.width and 0 <= y < y + h <= reading.height


@pytest.mark.parametrize(
    "frame",
    [
        np.zeros((480, 640, 3), np.uint8),
        np.full((960, 1280, 3), 200, np.uint8),
        np.random.default_rng(7).integers(0, 256, (480, 640, 3), dtype=np.uint8),
    ],
    ids=["black", "grey", "noise"],
)
def test_empty_frames_have_no_ok_dice(frame: np.ndarray) -> None:
    reading = read_dice(frame)
    assert reading.faces == ()
    assert not reading.all_ok


def test_table_without_dice_has_no_ok_dice() -> None:
    """A real photo with the dice painted over by the table around them."""
    name = PHOTOS.images[0]
    frame = cv2.imread(str(PHOTOS.path(name)), cv2.IMREAD_COLOR)
    height, width = frame.shape[:2]
    mask = np.zeros((height, width), np.uint8)
    for label in PHOTOS.labels[name]:
        x, y, w, h = label.box_px(width, height)
        grow = max(w, h)
        cv2.rectangle(mask, (int(x - grow), int(y - grow)), (int(x + w + grow), int(y + h + grow)), 255, -1)
    empty = cv2.inpaint(frame, mask, 3, cv2.INPAINT_TELEA)
    assert read_dice(empty).faces == ()


def test_grey_frames_are_accepted() -> None:
    assert read_dice(np.zeros((64, 64), np.uint8)).dice == ()


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (np.zeros((48, 64, 3), np.float32), "uint8"),
        (np.zeros((48, 64, 2), np.uint8), "H x W x 3"),
        (np.zeros((4, 4, 3), np.uint8), "at least 8 x 8"),
        ([[0, 0, 0]], "numpy array"),
    ],
)
def test_bad_frames_say_what_was_received(frame: object, message: str) -> None:
    with pytest.raises((TypeError, ValueError), match=message):
        as_bgr(frame)


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="mode 'runes'"):
        read_dice(np.zeros((64, 64, 3), np.uint8), "runes")


def test_missing_model_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match=r"train it with tools/train_dice_net\.py"):
        read_dice(np.zeros((64, 64, 3), np.uint8), networks=Networks(tmp_path))


def test_die_values_are_checked() -> None:
    with pytest.raises(ValueError, match="status"):
        Die(3, 0.5, "sure", (0, 0, 1, 1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="confidence"):
        Die(3, 1.5, "ok", (0, 0, 1, 1))
    reading = Reading((Die(3, 0.9, "ok", (0, 0, 10, 10)), Die(None, 0.4, "cocked", (20, 0, 10, 10))), 40, 10)
    assert reading.faces == (3,)
    assert not reading.all_ok


def test_locate_finds_the_dice_whatever_their_faces() -> None:
    """``locate`` is the dice finding that colour mode shares: every labelled die has a find."""
    from vision.pips.reader import locate

    name = PHOTOS.images[-1]
    frame = cv2.imread(str(PHOTOS.path(name)), cv2.IMREAD_COLOR)
    height, width = frame.shape[:2]
    finds = locate(frame)
    for label in PHOTOS.labels[name]:
        lx, ly = label.centre_px(width, height)
        assert any(abs(f.x - lx) < f.size / 2 and abs(f.y - ly) < f.size / 2 for f in finds), label


def test_finds_decoded_in_a_batch_are_each_images_own() -> None:
    """``Seen`` decodes the peaks of several crops at once (``look_closer``): each find is what
    decoding its own crop alone gives, placed from that crop's origin, off its cell's centre
    towards the hotter neighbour."""
    from vision.pips.dice_net import STRIDE, Seen, local_maxima

    maps = np.random.default_rng(5).normal(0.0, 1.0, (3, 9, 12, 12)).astype(np.float32)
    maps[:, 0] -= 4.0  # cool everywhere but where a die is put
    maps[1, 0, 5, 6], maps[1, 0, 5, 7] = 3.0, 1.0  # a die at cell (5, 6), its right neighbour warm
    origins = np.array([[0.0, 0.0], [100.0, 40.0], [7.0, 9.0]])
    peaks = [local_maxima(maps[k, 0]) for k in range(3)]  # (rows, columns) of each crop's peaks
    which = np.concatenate([np.full(len(rows), k, np.intp) for k, (rows, _) in enumerate(peaks)])
    rows, cols = (np.concatenate(part) for part in zip(*peaks, strict=True))
    together = Seen(maps).candidates(which, rows, cols, 0.5, origins)
    alone = [
        find
        for k, (rows_k, cols_k) in enumerate(peaks)
        for find in Seen(maps[k : k + 1]).candidates(
            np.zeros(len(rows_k), np.intp), rows_k, cols_k, 0.5, origins[k : k + 1]
        )
    ]
    assert len(together) == len(alone) > 3 and together == alone
    die = max((f for k, f in zip(which.tolist(), together, strict=True) if k == 1), key=lambda f: f.heat)
    assert 100.0 + 6.5 * STRIDE / 0.5 < die.x < 100.0 + 7.0 * STRIDE / 0.5  # right of cell 6's centre
    assert die.y == pytest.approx(40.0 + 5.5 * STRIDE / 0.5, abs=3.0)


def test_pyramid_crop_centres_the_asked_point() -> None:
    from vision.frame import Pyramid

    frame = np.zeros((960, 1280, 3), np.uint8)
    cv2.circle(frame, (901, 333), 12, (255, 255, 255), -1)
    for scale in (1.0, 0.5, 0.3, 0.13):
        crop = Pyramid(frame).crop(scale, (901.0, 333.0), 32).max(axis=2).astype(float)
        ys, xs = np.mgrid[0:32, 0:32]
        cy, cx = (crop * ys).sum() / crop.sum(), (crop * xs).sum() / crop.sum()
        assert abs(cx - 16) < 1.0 and abs(cy - 16) < 1.0, (scale, cx, cy)


def test_a_second_turned_view_only_for_dice_the_first_leaves_unsure() -> None:
    from vision.frame import Pyramid
    from vision.pips.face_net import face_probs, load_face_net
    from vision.pips.reader import locate

    frame = cv2.imread(str(PHOTOS.path(PHOTOS.images[0])), cv2.IMREAD_COLOR)
    pyramid = Pyramid(frame)
    dice = [(c.x, c.y, c.size) for c in locate(frame, pyramid=pyramid)]
    net = load_face_net()
    always = face_probs(net, pyramid, dice, turns=2, sure=1.01)
    never = face_probs(net, pyramid, dice, turns=2, sure=0.0)
    assert dice and [v.shape[0] for v in always] == [2] * len(dice)
    assert [v.shape[0] for v in never] == [1] * len(dice)
    for both, first in zip(always, never, strict=True):
        np.testing.assert_allclose(both[0], first[0], atol=1e-5)  # the same first view
    mixed = face_probs(net, pyramid, dice, turns=2, sure=0.97)
    assert [v.shape[0] for v in mixed] == [1 if v[0].max() >= 0.97 else 2 for v in always]
    assert face_probs(net, pyramid, [], turns=2) == []


def test_pips_of_a_translucent_die_taken_for_dice_are_not_stood_by() -> None:
    """Casino crops: a blue five and a blue three seen aslant, whose pips the dice network takes for
    small dice; every check of ``judge`` stood by one of them (a wrong face, a die where none is), the
    face-chance model gives each under a quarter. A red four filling the crop stays ``ok``."""
    folder = load_set(DICE / "translucent")
    said = {}
    for name in folder.images:
        reading = read_dice(cv2.imread(str(folder.path(name)), cv2.IMREAD_COLOR))
        said[name] = [(d.face, d.status) for d in reading.dice if d.status == "ok"]
        assert all(d.confidence < 0.25 for d in reading.dice if d.status != "ok"), reading
    assert said == {
        "test_4_DJI_20241005234423_0238_D_detection_2.jpg": [(4, "ok")],
        "test_5_DJI_20241005233215_0152_D_detection_1.jpg": [],
        "train_3_DJI_20241005234229_0222_D_detection_3.jpg": [],
    }
