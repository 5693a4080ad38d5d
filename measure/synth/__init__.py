"""Synthetic frames of a dice tray with their truth: for tests, training, benchmarks and demos.

``render(rng, difficulty, mode)`` draws one top-down BGR uint8 frame, as a Raspberry Pi camera
30-40 cm above a tray sees it, and returns it with its ``Scene``: per die or card its kind, face
(1-6, a colour name or ``star``, or a ``CardFace``), box and ``cocked`` flag, and the light and
camera settings used. The same seed gives the same frame, bit for bit (on one machine and OpenCV
build). ``render_roll`` draws a cheap video-like sequence: dice thrown in, tumbling, then resting.

Modes: ``pips`` (pip dice of white, ivory, red, black and coloured bodies), ``colours`` (Nogi
Stonogi dice: yellow, red, green, blue, black and a gold star; solid faces, square stickers or
coloured boots on light faces) and ``cards`` (Lezard cards: a square, two squares or a lizard).
Presets ``easy``, ``default`` and ``hardest`` (``measure.synth.settings``) set the ranges.

The world is modelled, not painted: a pinhole camera (55-66 degree field of view, 28-42 cm up,
tilted a few degrees) looks at a tray with walls; dice are cubes, so near the edge of the view
their side faces show (with their own pips or colours), and a cocked die leans on a wall.
The light is a white-point cast from a black body (2700-6500 K) that the camera's white balance
partly leaves, exposure, vignetting, a hand's shadow and a glare spot; the camera adds defocus or
motion blur, signal-dependent sensor noise and JPEG. ``Scene.labels`` writes the truth in the
labels.csv format of the photo sets; ``bench/synth_sheet.py`` shows scenes, times them, and writes
labelled folders.

>>> frame, scene = render(7, "easy", "colours", size=(320, 240))
>>> frame.shape, frame.dtype.name, all(t.kind == "colour" for t in scene.things)
((240, 320, 3), 'uint8', True)
>>> again, _ = render(7, "easy", "colours", size=(320, 240))
>>> bool((frame == again).all())
True
"""

from measure.synth.frames import Roll, compose, develop, draw, render, render_roll
from measure.synth.light import Capture, Glare, HandShadow, Light
from measure.synth.paint import FOREIGN_COLOURS, LEZARD_COLOURS, STONOGA_COLOURS, Kit, sample_kit
from measure.synth.plan import (
    COLOUR_FACES,
    MODES,
    CardFace,
    Mode,
    Plan,
    Scene,
    Truth,
    TruthFace,
    plan_scene,
    sample_light,
)
from measure.synth.settings import DEFAULT, EASY, HARDEST, PRESETS, Difficulty, preset

__all__ = [
    "COLOUR_FACES",
    "DEFAULT",
    "EASY",
    "FOREIGN_COLOURS",
    "HARDEST",
    "LEZARD_COLOURS",
    "MODES",
    "PRESETS",
    "STONOGA_COLOURS",
    "Capture",
    "CardFace",
    "Difficulty",
    "Glare",
    "HandShadow",
    "Kit",
    "Light",
    "Mode",
    "Plan",
    "Roll",
    "Scene",
    "Truth",
    "TruthFace",
    "compose",
    "develop",
    "draw",
    "plan_scene",
    "preset",
    "render",
    "render_roll",
    "sample_kit",
    "sample_light",
]
