"""Every tuned number of colour mode (``vision.colours.reader``) in one place, with the frames
they were tuned on."""

from __future__ import annotations

from dataclasses import dataclass

from vision.colours.net import CloserLook

# Small dice are looked at again closer (vision.colours.net.closer_top_faces): two touching small
# dice gave one find and the second was missed. When the typical find is under ``below`` pixels
# of the network's input, 96-pixel windows around the finds are read enlarged so that it is
# ``side`` across (at most 2.5 times); the finds within 0.34 windows of a window's middle
# replace the first. With the hue rounding of the same day, hardest seeds 1000-1199: 95.42 ->
# 96.14 % correct ``ok``, missed 1.86 -> 1.29 %; 1200-1599: 96.69 -> 96.92 %; 30 % foreign seeds
# 2000-2299: 71.17 -> 71.55 %; silent errors unchanged (0.00, 0.15, 0.39 %). ``below`` 17.4 gained
# twice as much (96.57, 97.22, 71.94 %), but big real pip dice's finds come out 16.2-21 pixels
# (byler photos as taken, 60 % of the light, under a warm lamp): looked at closer, a die split into
# its top face and a side, both ``ok`` (60 % light: 2 silent errors more, one die fewer); at 16 no
# byler photo starts it. Looking closer at every frame: 0.30 % silent on 1200-1599.
CLOSER = CloserLook(below=16.0, side=20.0, most=2.5, window=96, keep=0.34)


@dataclass(frozen=True, slots=True)
class ColourSettings:
    """Every tuned number of colour mode's die finder. Tuned on the renderer's hardest colour
    frames, seeds 1000-1199 (``bench/bench_colour.py`` measures on seeds 0-199), and looked at on
    the first 30 byler-mixed-tray photos and the gissur and matteo sets (see
    tests/data/colour_labels/README.md)."""

    use_net: bool | None = None  # also ask the dice network (vision.pips.dice_net); None: when installed
    # Colour mode's own network (vision.colours.net), trained on the renderer only (seeds from
    # 2,000,000; never bench_colour.py's). When it is installed it finds the dice instead of the
    # classical finder and the pip network; the white-balanced naming (vision.colours.looks) is its
    # second opinion: a face is ``ok`` only when both name it alike. Tuned on hardest seeds 1000-1199.
    colour_net: bool | None = None  # None: when vision/data/colour_net.onnx (or a networks folder's) is in
    colour_find: float = 0.3  # heat of the colour network's weakest find
    colour_heat: float = 0.5  # ...and of one the referee may stand by
    # ...or this much when the face classifier gives the face at least ``face_sure`` and another
    # colour less than 1 - ``face_sure`` (hardest seeds 1000-1199: 1 die more, 1200-1599: 10 more,
    # no silent error more; 0.3-0.4 and 0.98-0.999 alike; byler's real dice: heat 0.33-0.48)
    colour_sure_heat: float = 0.3
    # Colour mode's face classifier (vision.colours.face_net) looks again at each find; when it is
    # installed it names the face, and the referee stands by a face it gives at least ``face_ok``
    # (chosen on hardest seeds 1000-1199 with tools/train_colour_face_net.py's network).
    face_ok: float = 0.9
    face_sure: float = 0.995  # (see ``colour_sure_heat``)
    face_sure_overrules: bool = True  # ...and then the white-balanced look cannot veto its face
    # A face whose only rival in the classifier is another colour (its face and another colour
    # together at least ``face_other_sum``, another colour less than ``face_other_most``) is stood
    # by when the white-balanced look names it too, its hue this far inside the face's range (hue units)
    face_other_sum: float = 0.98
    face_other_most: float = 0.35
    face_other_hue: float = 4.0
    # ...that far inside with the frame's cast undone whole (``Cast.whole``) where half of it leaves
    # the hue nearer the range's edge: a yellow under a warm lamp (hardest seeds 0-199: +2 dice,
    # 1000-1599: +4, 30 % foreign 2000-2299: +2, 3200-3599: +0; silent errors and every photo under
    # all 14 changes as before)
    face_other_whole: bool = True
    # A yellow face's doubt of another colour stands only as far as a second draw of the classifier
    # shares it (``vision.colours.face_net.FaceClassifiers``; hardest seeds 0-199: +4 dice, 1000-1599:
    # +11; silent errors, the 30 % foreign seeds' orange dice and every photo under all 14 changes as
    # before: docs/networks.md)
    face_other_second: bool = True
    # ...or, black (no hue names it), its saturation (0-255) at most this: a grey, not a dark colour
    # (real black dice reach 40; byler with the camera higher, far-60 / far-100: 4 / 3 dice more,
    # silent errors, smoke dice and the renderer's hardest seeds 0-199 and 1000-1599 as before)
    face_other_grey: float = 40.0
    # ...or names it white no brighter than this share of the scene's white: a glossy black face, the
    # lamp's grey shine and its pips outnumbering its body (byler's: 0.40-0.44; its white dice 0.82 and
    # up; byler 112920, odd: +1 die as taken and under defocus, JPEG-40, half size and noise, no
    # silent error more under any change; the renderer's hardest seeds as before)
    face_other_dim: float = 0.5
    face_flat: float = 0.75  # with a profile: its chance that a flat die's top face is here, for ok
    face_other: float = 0.03  # ...and gives another colour (orange, purple, white) less than this
    face_pip: float = 0.01  # ...a black face it gives this chance of none must be a blob of its size
    face_cocked: float = 0.5  # ...a find it gives this chance of leaning is ``cocked``
    face_none: float = 0.95  # ...and one it is this sure shows no top face is no die at all
    face_seen: float = (
        0.1  # a frame whose every sure find it gives less chance of none is one the network knows
    )
    lean_net: float = 0.5  # a find the colour network gives this chance of leaning is not ``ok``...
    lean_face: float = 0.02  # ...while the face classifier gives it this much
    # A face whose only rival in the classifier is leaning (the two together at least
    # ``face_other_sum``) is stood by when the colour network gives leaning less than this and the
    # look names the face (hardest seeds 1000-1599: 153 cocked dice, the network gave each 0.18 or more)
    lean_none: float = 0.05
    # ...also when the classifier gives leaning more than the face, the face at least this much:
    # big flat dice near the frame's edge show their sides (bench seeds 43 and 142: the face
    # 0.45 and 0.46, leaning the rest, the network 0.00); a cocked die the network missed, the
    # classifier sure of leaning, gave its face 0.02 (30 % foreign seed 2184)
    lean_face_least: float = 0.4
    closer: CloserLook = CLOSER  # when and how small dice are looked at again closer (above)
    colour_apart: float = 0.7  # of two finds closer than this many face sides, the hotter is the die
    # Two touching dice under one find: two peaks of the network's finer heat of at least
    # ``touching_heat``, within ``touching_reach`` of the find's side from it and ``touching_apart``
    # sides apart or more, the classifier naming them differently, or alike with a classical blob
    # each (``split_touching``). The peak values were looked at on bench seeds 0-199 and the byler
    # photos, and tuned on hardest seeds 1000-1599. A peak of the finer heat of ``touching_heat``
    # farther than ``colour_apart`` sides from every find is a die of its own, the classifier seeing a
    # top face there (``beside_finds``: a die beside another that the coarser heat missed; hardest
    # seeds 64000-64399 and 65000-65199).
    touching_heat: float = 0.6
    touching_reach: float = 0.8
    touching_apart: float = 0.7
    # A die the referee does not stand by this many face sides or less from one of the same face it
    # stands by is that die's second find, not a die (a big real die's edge; byler photos 111434 and
    # 111446: 0.81 sides); it is left out of the reading (hardest seeds 1000-1599: 0.85-1.0 alike)
    colour_twins: float = 0.85
    # Two dice it stands by, of the same face, closer than ``twice_apart`` face sides are one die
    # counted twice when the network's look at half size sees one face there at least
    # ``twice_bigger`` times as big, holding both: a real die bigger than the renderer draws any,
    # whose top face its first look split in two (``vision.colours.with_net.counted_twice``; session
    # 46: the photos with the camera nearer, near-70, silent errors 19 / 16 -> 5 / 6, even / odd;
    # near-50 44 / 46 -> 26 / 36; as taken 3 / 2 -> 2 / 2; hardest seeds 0-1999 6734 -> 6731 right,
    # 12000-12999 3378 -> 3376, the 30 % foreign seeds 748 -> 747: touching dice of one colour)
    twice_apart: float = 1.0
    twice_bigger: float | None = 1.55
    # When the network's sure finds mostly have no classical blob of their size, the frame is not
    # one the network knows (real dice far bigger than the renderer's): read it classically.
    colour_known: float = 0.5
    # More sure finds than this is no table of dice the network knows (as ``PipSettings.max_finds``;
    # the labelled photos hold at most 25 dice): it takes the pips and corners of dice far bigger
    # than the renderer's for dice (gissur c5143bdd at half size: 56 finds on 4 dice, 11 read red ok).
    colour_most_finds: int = 40
    colour_blob_ratio: float = 1.6  # the classical blob and the network must size a die alike
    colour_size_ratio: float = 1.5  # a top face whose side differs more from the frame's median is uncertain
    # A frame the network does not know is read with the pip reader's dice (vision.colours.bodies)
    # when it stands by at least this share of them (pip dice), the top face's crop being this
    # share of the pip reader's die box (chosen on the even gissur-red-in-box photos).
    body_known: float = 0.5
    body_face: float = 0.8
    # The pip reader, asked for colour mode, names a die whose every classifier view gives the faces
    # 1-6 together at least this, however unsure of its count (``PipSettings.any_face``): the body's
    # colour needs a flat die in view, not its pips. None: the pip reader's own verdict.
    body_flat: float | None = 0.95
    # An orange-looking face (or a red one lit orange in part) whose unclipped coloured pixels, at
    # least this share of them, are red is a red die the camera over-exposed
    # (vision.colours.bodies.over_exposed_red; gissur's even photos: 2 red dice more at 0.05, 0.1
    # and 0.2 alike) ...
    body_unclipped: float = 0.1
    # ... red meaning a hue under this (OpenCV units; HUES' red ends at 8): the pixels just under
    # the clipping level keep a little of its shift (gissur's even photos: 2 red dice more than at 8,
    # whose unclipped hue is 8.0; odd photos: 1 more)
    body_red_hue: float = 9.0
    work_side: int = 640  # long side of the copy the finder works on
    background_step: int = 8  # the floor is estimated at 1/8 of the work copy...
    background_median: int = 9  # ...by a median this wide (72 work pixels: wider than two dice)
    colour_step: float = 0.22  # log-chromaticity distance from the floor that marks a die
    lighter: float = 0.3  # log-brightness above the floor that marks a die
    darker: float = 0.62  # below the floor: deeper than any shadow (-0.5) marks a die
    smallest: float = 8.0  # side of the smallest die, work pixels
    largest: float = 90.0  # ...and of the largest
    focal: float = 0.87  # focal length over the frame's long side (a 60-degree lens)
    size_ratio: float = 1.5  # a blob whose side differs more from the frame's median is uncertain
    split_ratio: float = 1.45  # a blob this many times a single die's side holds touching dice
    most_touching: int = 5  # at most this many touching dice in one blob
    long_single: float = 1.35  # a blob at most this elongated (perspective taken out) may be one die
    long_pair: float = 1.6  # at least this elongated: touching dice, one per side length
    longest: float = 3.6  # longer than this: a strip along a wall, not dice
    pair_side: float = 1.25  # a long blob holds touching dice only if it is also this much bigger
    long_cocked: float = 1.12  # a die at the wall this elongated may lean on it (cocked)
    wall_gap: float = 0.15  # a die this close to the wall (share of its side) may be cocked
    # A sure find of the dice network alone (no blob of its size) may lie at the wall: only one
    # off the floor is untrusted. It stands on the floor when its centre is at most this many
    # sides beyond the floor's visible edge (it hides the edge; gissur's box: dice at its walls,
    # flat ones up to 5 sides beyond it, in the even gissur photos)...
    floor_reach: float = 1.5
    pile_gap: float = 1.25  # ...or this close (network's die sizes) to one that stands: a pile at a wall
    net_side: int = 512  # the dice network looks at a copy this long (dice 11-35 px in 1280 frames)
    net_find: float = 0.25  # heat of the network's weakest find
    net_heat: float = 0.5  # the dice network's heat that confirms a die
    # The network's die size holds the sides and the rounded edges: on the renderer's hardest
    # frames (seeds 1000-1079) size / top face side = 1.91 + 0.54 reach, and the top face's
    # centre lies (0.02 + 0.23 reach) sides outwards of the network's centre.
    net_size: tuple[float, float] = (1.91, 0.54)
    net_shift: tuple[float, float] = (0.02, 0.23)
    floor_chroma: float = 0.15  # a face this close to the floor's colour...
    floor_bright: float = 0.3  # ...and brightness is the floor, not a die
    lone_fill: float = 0.6  # a blob the network did not confirm must fill this much of its box
    # ...and have a side of at least this share of the frame's long side. The camera is 28-42 cm
    # above the tray: a 12 mm die's top face is 2.2 % of a 55-66 degree view; a white die's pips
    # in the matteo photos are 1.4-1.9 %.
    smallest_share: float = 0.02
    # A pale red or pink top face (a glossy red die under the lamp's glare: vision.colours.glare) is
    # red when its middle is tinted (``glare_tinted`` share), mostly red or pink (``glare_red``),
    # and deep red paint covers ``glare_sides`` of the die's sides in view. Chosen on the even
    # gissur-red-in-box photos (pale tops: sides 0.26-0.71).
    glare_tinted: float = 0.6
    glare_red: float = 0.8
    glare_sides: float = 0.25


COLOUR_SETTINGS = ColourSettings()
