"""Every tuned number of colour mode (``vision.colour_reader``) in one place, with the frames
they were tuned on."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ColourSettings:
    """Every tuned number of colour mode's die finder. Tuned on the renderer's hardest colour
    frames, seeds 1000-1199 (``bench/bench_colour.py`` measures on seeds 0-199), and looked at on
    the first 30 byler-mixed-tray photos and the gissur and matteo sets (see
    tests/data/colour_labels/README.md)."""

    use_net: bool | None = None  # also ask the dice network (vision.dice_net); None: when it is installed
    # Colour mode's own network (vision.colour_net), trained on the renderer only (seeds from
    # 2,000,000; never bench_colour.py's). When it is installed it finds the dice instead of the
    # classical finder and the pip network; the white-balanced naming (vision.colour) is its
    # second opinion: a face is ``ok`` only when both name it alike. Tuned on hardest seeds 1000-1199
    # (``colour_agree`` chosen again for the network of 30 November, and checked on 1200-1599).
    colour_net: bool | None = None  # None: when vision/data/colour_net.onnx (or one in ``models``) is there
    colour_find: float = 0.3  # heat of the colour network's weakest find
    colour_heat: float = 0.5  # ...and of one the referee may stand by
    colour_agree: float = 0.3  # the network's chance for the face the white-balanced look names, for ok
    colour_cocked: float = 0.05  # a find this likely cocked (its own output) is not ``ok``...
    colour_cocked_sure: float = 0.5  # ...and this likely, ``cocked``
    colour_apart: float = 0.7  # of two finds closer than this many face sides, the hotter is the die
    # When the network's sure finds mostly have no classical blob of their size, the frame is not
    # one the network knows (real dice far bigger than the renderer's): read it classically.
    colour_known: float = 0.5
    colour_blob_ratio: float = 1.6  # the classical blob and the network must size a die alike
    colour_size_ratio: float = 1.5  # a top face whose side differs more from the frame's median is uncertain
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


COLOUR_SETTINGS = ColourSettings()
