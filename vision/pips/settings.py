"""Every tuned number of the pip reader, in one place, with the data it was tuned on.

Data: the three sets of ../shared/data/dice-photos (byler-mixed-tray, matteo-white-on-wood,
gissur-red-in-box), images sorted by name, labels as corrected by measure/data/label_fixes.csv.
The networks in vision/data were trained on the even-numbered images only
(``tools/train_*_net.py --split even``). The thresholds below were chosen on odd-numbered images
1, 5, 9, ... (``kostka eval DIR --every 4 --offset 1``) and checked on 3, 7, 11, ...
(``--every 4 --offset 3``), which nothing here was fitted to. ``ok_prob``, ``ok_prob_each`` and
``ok_heat`` come from a grid (0.7-0.9, 0.5-0.6, 0.3-0.4) scored as correct-ok minus ten times silent
errors on 1::4; ``ok_heat`` is 0.35, not the score's 0.3, which on all odd images made two more silent
errors on gissur (a wrong face, a find on the felt) for one more right die. ``faint_*`` (a third look
at faint finds) and ``edge`` were chosen with the same score and split.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Touching:
    """Two touching dice under one find of the first look, which saw them as one bigger die: the
    closer look at that find keeps another heat peak of its crop as well when the first look's
    size is at least ``grown`` times the closer look's die and the peak lies within ``reach``
    dice of the crop's centre, at least ``apart`` dice from that die, with heat ``heat`` or more,
    its size within ``alike`` times the die's (dice of one game are alike).

    Found on bench/bench_vision.py's 1280x960 frames: 5 of byler's 174 dice missed, each touching
    another. Chosen there and on byler's odd photos framed smaller (far-100) from ``reach`` 0.8 /
    1.0, ``grown`` 1.0-1.2, ``apart`` 0.5-0.75, ``heat`` 0.3 / 0.4; checked on all odd photos and
    their changes (bench/bench_photo_changes.py). Without ``grown`` and ``apart``, side faces and
    pips became dice of their own (2-5 more ``ok`` where no die is on matteo and gissur); without
    ``alike``, a pip of a gissur four whose first look was unsure of its scale was read as a die
    ``ok`` (an even photo).
    """

    reach: float = 0.8
    grown: float = 1.15
    alike: float = 1.33
    apart: float = 0.5
    heat: float = 0.3


@dataclass(frozen=True, slots=True)
class BigDice:
    """Dice too big for the first look, which took their pips for dice (a camera close above the
    dice, a photo cropped around them): when its sure dice are ``pip_sized`` pixels or more and the
    dice network names one of ``pip_faces`` for at least ``pip_share`` of them, the dice are also
    looked for at half the size, and those are the dice when that look's surest find is more
    than the first look's largest (``PipSettings.largest_first_look``), at least ``bigger`` times
    the first look's dice, within ``alike`` times the size of that look's other dice, at most
    ``heat`` less hot than the first look's surest find, and the face classifier, the mean of its
    ``views`` views (turned by 90 degrees each), is sure of a face on it (``PipSettings.sure_at_first``).

    Found on the odd photos cut to their middle 70 / 50 % and scaled back up (near-70, near-50 of
    bench/bench_photo_changes.py: dice 1.4 and 2 times larger): gissur's dice, then a third to two
    fifths of the frame, were read as their pips (ones and twos ``ok``), matteo's sixes as twos.
    Chosen there (``pip_sized`` 18 / 30, ``heat`` 0 / 0.1 / 0.2); without ``alike`` and the first
    look's largest the renderer's dark trays made a lamp's glare spot or two touching dice one big
    die, and without the classifier the half look took six dice of a byler frame of
    bench/bench_vision.py (it read 0.78 a two), four of a byler photo framed smaller (far-60: 0.96
    a two) for one die (the big dice the switch gains: 0.93-1.0, 94 % of them 0.97 or more).
    The look at half the size costs 1.4 ms a frame of bench/bench_vision.py, where it ran in most
    frames; with ``pip_faces`` 0.9 ms (1, 2 only: 0.4 ms, but near-50 lost matteo's sixes, whose
    rows of pips the network names threes). Four views instead of one: near-50 96.43 -> 97.21 %,
    near-70 98.36 -> 98.44 %, nothing else changed (two: 96.66 % on near-50).
    """

    pip_sized: float = 18.0
    pip_faces: tuple[int, ...] = (1, 2, 3)
    pip_share: float = 0.5
    bigger: float = 1.6
    alike: float = 1.33
    heat: float = 0.1
    views: int = 4


@dataclass(frozen=True, slots=True)
class PipSettings:
    """Thresholds of ``vision.pips.reader.read_pips``."""

    # Scale: a first look at a small copy finds the dice size, the second look reads the dice
    # with their side at about ``die_px`` pixels (the network was trained on 16-100 px dice).
    first_look_side: int = 448  # long side of the first look, pixels
    smallest_first_look: float = 16.0  # dice smaller than this in the first look: look again at 2x
    # ... or smaller than ``crowded_first_look`` when it finds ``crowded_finds`` dice or more of heat
    # ``crowded_heat`` (unless they may be a big die's pips, ``BigDice``, and the half look finds that
    # die). The network reports dice under its 16 px as 16-25 px, so 16 alone seldom starts the look at
    # 2x; a tray of many such dice, some touching, is where it misses them (byler's photos framed by
    # their own edge, far-60 / far-100 of bench/bench_photo_changes.py: dice of 15-17 / 12-14 px
    # reported 17-25 / 16-25 px). 22 px chosen on the even photos (as taken the crowded byler photos
    # report 21.8 px and up, 23.5 px and up on the odd ones); heat 0.5, not ``ok_heat``: at 0.35 a speck
    # and two holes of a byler tray counted in a bench/bench_vision.py frame of five dice. A frame of up
    # to six dice (the speed budget's) pays for the look at 2x only when the network is that sure of
    # something more than its dice.
    crowded_first_look: float = 22.0
    crowded_finds: int = 7
    crowded_heat: float = 0.5
    largest_first_look: float = 100.0  # dice larger than this: look again at half the size
    big_dice: BigDice | None = BigDice()  # see ``BigDice``; None: the first look's size stands
    die_px: float = 48.0
    crop: int = 96  # side of the second look's square around each die (at die_px scale)
    apart: float = 0.4  # two finds closer than this many dice are one die
    max_upscale: float = 1.5
    # Heat (the network's belief that a die's centre is there)
    find_heat: float = 0.25  # first-look peaks below this are not dice at all
    keep_heat: float = 0.3  # nor second-look peaks below this (3 of 1634 dice, 669 of 836 other finds)
    # ... unless a third look, ``faint_zoom`` times larger, at a peak of at least ``faint_heat``
    # finds one of ``faint_keep_heat`` there (odd images: 4 more right dice, mostly gissur's at
    # the box's walls, no more unlabelled finds; zoom 1.25-1.6, 0.4-0.55, 0.1-0.15 tried: a
    # plateau, but zoom 1.6 or 0.4 made a silent error)
    faint_heat: float = 0.1
    faint_zoom: float = 1.4
    faint_keep_heat: float = 0.5
    # A find of the look the dice were taken from, of at least ``lost_heat``, as big as the dice found
    # (within ``lost_alike`` times: dice of one game are alike), that the closer looks lost (no die of
    # theirs within half a die) is kept as that look saw it, and both classifiers must name its face
    # (``reader.lost_on_closer_look``, ``trust.closer_turns``): a die half hidden behind another,
    # whose closer look merged the two. Both halves of the photos as taken: 6 more right dice (byler
    # 1 / 1, matteo 0 / 2, gissur 1 / 1, odd / even), no silent error more; heat 0.25 (every find), 0.35
    # and 0.45 read alike there, 0.55 lost matteo's two. Without the closer classifier's say a lamp's
    # streak on gissur's felt, blurred, was read as a five; without the size bar, side faces of matteo's
    # dice (0.72-0.74 of a die) and a merged blob (1.8) were read `ok` under three photo changes
    # (bench/bench_photo_changes.py); with both, all 16 changes of both halves read as many silent
    # errors as before and 74 more dice right. None: never.
    lost_heat: float | None = 0.45
    lost_alike: float = 1.33
    ok_heat: float = 0.35  # below this a die is at most uncertain ...
    sure_face_heat: float = 0.3  # ... unless the face classifier is ``sure_face`` of its face
    sure_face: float = 0.95  # (odd images: 4 more right dice of 1649, no new silent error)
    # Face classifier (vision/pips/face_net.py): each die is shown as it is; unless that first view
    # is ``sure_at_first`` of a class, it is shown again turned, ``face_views`` views in all.
    # (On the held-out images a second view changed no verdict where the first was 0.95 sure:
    # it is asked of about 6 % of the dice, and the reader costs what one view would.)
    face_views: int = 2
    sure_at_first: float = 0.97
    ok_prob: float = 0.75  # the mean of the views gives the face at least this probability
    ok_prob_each: float = 0.5  # ... and every single view at least this
    # A die only the classifier's doubt keeps from ok is shown to a second classifier, the same
    # network on a closer look (vision/data/face_net_close.onnx, 96x96, die 60 px), as it is and
    # turned: if it names the same face by ``ok_prob`` and ``ok_prob_each``, the die is ok
    # (all odd images: byler 5 more right dice, gissur 1, matteo 0, no silent error; the
    # thresholds are the first classifier's, not tuned). Not when a view of the first names
    # another face by ``ok_prob_each`` (``vision.pips.trust.contradicted``): on the held-out photos
    # changed (bench/bench_photo_changes.py: darker, warmer, blurred, JPEG-40, half size) the
    # closer look then sided with the wrong view (odd 1::4 / 3::4, all changes: 5 fewer silent
    # errors, 9 fewer right dice; as taken, one right byler die fewer; on the even images, which
    # both classifiers were trained on, 4 byler dice fewer).
    closer_look: bool = True
    # A die whose first classifier's views name two faces (``contradicted``) is shown to the closer
    # classifier turned by 90 degrees each time, ``arbiter_views`` views: when every one names the
    # first views' likeliest face, with at least ``arbiter_each``, and their mean ``arbiter_mean``,
    # the die is ok (``vision.pips.trust.arbitrates``; marbled dice whose swirls one view takes for pips).
    # Chosen looking at the 57 such dice of all odd images as taken and under 8 changes, and of the
    # even ones as taken: 14 right readings at these bars (4 of them on even images), none wrong; the
    # two wrong faces nearest to passing had a weakest view of 0.67 and 0.68. Checked on 6 changes not
    # looked at (bench/bench_photo_changes.py): more right dice, no new silent error. 0: never.
    arbiter_views: int = 4
    arbiter_each: float = 0.75
    arbiter_mean: float = 0.85
    # A die the first classifier names, but with a mean under ``veto_below``, is shown to the closer
    # classifier as well, ``veto_views`` views (as it is and turned); when their mean gives another
    # class ``veto_share`` or more, the die is uncertain (``vision.pips.trust.second_opinion``, ``vetoes``):
    # one classifier's mistake on a marbled, translucent or glossy body is not stood by alone (the
    # shipped recipe drawn again read three held-out byler dice wrong `ok` at 0.85-0.98; the veto
    # leaves one, which the closer classifier reads wrong alike). bench/bench_photo_changes.py, all
    # 16 changes, odd / even photos: 15 / 6 right dice fewer, 5 / 3 silent errors fewer (as taken
    # the same on both); 0.95: 14 / 5 and 4 / 3; 0.95 with one view: 10 / 17 and 4 / 3 (the score of
    # this module's docstring, right minus ten times silent, +35 / +24 here). About a fifth of the
    # dice are asked (the classifier's label smoothing keeps its surest near 0.98). None: never.
    veto_below: float | None = 0.98
    veto_share: float = 0.5
    veto_views: int = 2
    cocked_prob: float = 0.5  # "cocked" wins in the mean of the views with at least this
    not_a_die: float = 0.5  # "no die here" in the mean of the views: the find is dropped
    # A die whose size differs from the median of the frame's dice by more than this factor
    # is uncertain (a side face, a die on the rim, a print of a die on the tray).
    size_ratio: float = 2.0
    # The dice's size in a look is the median of its sure finds, unless the surest find is more
    # than ``size_ratio`` times that and the face classifier takes it for a die and at least half
    # of the smaller ones for none: then the median of the finds as big as the surest
    # (``vision.pips.reader.die_size``). gissur's red dice on dark felt with lint: the lint outnumbered
    # the dice in 6 photos, the closer look then saw each die 3-4 times too big and lost it (all
    # photos: 7 dice more, 1 of them odd; no other set changed). Without the classifier's say a
    # tray's hole hotter than the tiny dice of byler's far-100 photos set the size (-3 dice, +1
    # silent error there).
    alike_sizes: bool = True
    # ... and when it names the surest's face with at least this, a smaller find whose likeliest
    # face it gives less counts as none too: a lamp's streak across gissur's felt, half taken for
    # dice read as fives, sixes or twos 0.5-0.9 sure, outnumbered dice read 0.94-0.99 sure (a die
    # too big for the look, read less surely, keeps the rule above: matteo's six at near-50).
    # Whole sets: gissur 585 -> 590 right dice (with the surest held to the same bar, 0.8 the
    # same, 0.97 588), byler and matteo unchanged; bench/bench_photo_changes.py as taken odd +1,
    # even +4, and under every change as many right dice or more, silent errors as many or fewer
    # (blur, JPEG-40 one fewer on each half). 0: the classifier's "no die" alone.
    named_face: float = 0.9
    # A find with a hotter one closer than this many dice is uncertain (it may be that die's
    # side face, seen at a slant).
    crowd: float = 0.0
    touching: Touching | None = Touching()  # see ``Touching``; None: one die a find
    # A die whose centre lies closer than this many dice to the frame's edge is uncertain: part
    # of its top face is out of view (gissur: a cocked die half out of the picture, found by the
    # third look, was read ok; 0.1-0.3 tried, best on 1::4; on 3::4 it costs one right die).
    edge: float = 0.15
    # Colour mode on pip dice (``vision.colours.bodies``) needs a flat die, not its count: when set,
    # a die is named when every view of the first classifier gives the faces 1-6 together at least
    # this, whichever face it is (its likeliest is reported), and the other checks hold. None: pips.
    any_face: float | None = None
    # More finds than this is no table of dice (noise, a pattern, a dice-covered cloth):
    # every find is uncertain. The sets have at most 25 dice a photo.
    max_finds: int = 40


PIPS = PipSettings()
