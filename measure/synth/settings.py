"""How hard the synthetic renderer's scenes are: every range it draws from, and three presets.

The colour and card figures (target: 99.5 % ``ok``, at most 0.2 % silent errors) are measured on
``HARDEST``. Ranges are (low, high) and drawn uniformly; chances are per scene unless said.

>>> PRESETS["hardest"].kelvin, PRESETS["easy"].glare
((2700.0, 6500.0), 0.0)
>>> preset("default") is DEFAULT
True
"""

from __future__ import annotations

from dataclasses import dataclass

from measure.synth.tray import FLOORS

PIP_BODIES = ("white", "ivory", "red", "black", "green", "blue", "yellow")


@dataclass(frozen=True, slots=True)
class Difficulty:
    """The ranges of one preset. Millimetres for the world, pixels for the picture."""

    name: str = "default"
    dice: tuple[int, int] = (1, 6)
    """Dice per scene (pips and colours modes)."""
    cards: tuple[int, int] = (1, 2)
    """Cards per scene (cards mode)."""
    die_mm: tuple[float, float] = (14.0, 18.0)
    die_spread: float = 0.04
    """Dice of one scene differ in size by up to this fraction (a mixed tray)."""
    card_mm: tuple[float, float] = (54.0, 66.0)
    """The card's long side (3:2 cards; a guess, no published size)."""
    card_turn_deg: float = 20.0
    """Cards lie turned by up to this much, so their left-to-right order stays readable."""
    camera_mm: tuple[float, float] = (300.0, 400.0)
    field_of_view_deg: tuple[float, float] = (55.0, 66.0)
    """Horizontal field of view: Pi Camera Module 2 is 62 degrees, Module 3 66."""
    tilt_deg: float = 3.0
    floors: tuple[str, ...] = tuple(FLOORS)
    tray_fill: tuple[float, float] = (0.78, 0.94)
    """The tray floor's share of the view's width and height."""
    pip_bodies: tuple[str, ...] = PIP_BODIES
    same_pip_body: float = 0.6
    """Chance that all pip dice of a scene are of one set."""
    gloss: tuple[float, float] = (0.0, 0.3)
    """Strength of the lamp's highlight on glossy dice (a set, or a kit, is glossy or not)."""
    kit_jitter: float = 1.0
    """How far a copy's paints stray from the nominal ones (1.0: hue +-5 degrees, saturation, value)."""
    kelvin: tuple[float, float] = (2700.0, 6500.0)
    white_balance_left: tuple[float, float] = (0.1, 0.5)
    brightness: tuple[float, float] = (0.6, 1.2)
    lamp_elevation_deg: tuple[float, float] = (40.0, 80.0)
    vignette: tuple[float, float] = (0.05, 0.25)
    glare: float = 0.25
    glare_strength: tuple[float, float] = (0.2, 0.6)
    """Light added at the spot's centre, as a share of white (in linear light)."""
    glare_radius: tuple[float, float] = (0.03, 0.1)
    """The spot's radius as a share of the frame's width."""
    hand: float = 0.15
    hand_darkness: tuple[float, float] = (0.25, 0.5)
    defocus_sigma: tuple[float, float] = (0.0, 1.0)
    motion: float = 0.1
    motion_px: tuple[float, float] = (2.0, 6.0)
    noise_sigma: tuple[float, float] = (1.0, 4.0)
    """Sensor noise at full brightness (grey levels at mid grey); dim scenes get more (camera gain)."""
    jpeg: float = 0.7
    jpeg_quality: tuple[int, int] = (70, 95)
    foreign: float = 0.0
    """Chance per colour die of showing a colour that is not Nogi Stonogi's (white, purple, orange)."""
    cocked: float = 0.03
    """Chance per die of resting tilted against a tray wall."""
    cocked_tilt_deg: tuple[float, float] = (25.0, 42.0)
    """How far a cocked die leans on the wall. Its top face turns towards the middle of the tray
    (towards the camera) and the face that shows besides it faces the wall, so the camera sees
    that second face only when the lean is steeper than its own view angle there (20-30 degrees)."""
    touching: float = 0.1
    """Chance per die of being placed against another die."""


EASY = Difficulty(
    name="easy",
    dice=(1, 4),
    die_mm=(15.0, 18.0),
    die_spread=0.0,
    card_turn_deg=8.0,
    camera_mm=(320.0, 360.0),
    tilt_deg=1.0,
    kit_jitter=0.4,
    gloss=(0.0, 0.1),
    kelvin=(5000.0, 6500.0),
    white_balance_left=(0.0, 0.1),
    brightness=(0.9, 1.1),
    vignette=(0.0, 0.1),
    glare=0.0,
    hand=0.0,
    defocus_sigma=(0.0, 0.3),
    motion=0.0,
    noise_sigma=(0.5, 1.5),
    jpeg=0.0,
    cocked=0.0,
    touching=0.0,
)
DEFAULT = Difficulty()
HARDEST = Difficulty(
    name="hardest",
    dice=(1, 6),
    die_mm=(12.0, 20.0),
    die_spread=0.1,
    card_turn_deg=30.0,
    camera_mm=(280.0, 420.0),
    tilt_deg=6.0,
    same_pip_body=0.4,
    kit_jitter=1.5,
    gloss=(0.0, 0.5),
    kelvin=(2700.0, 6500.0),
    white_balance_left=(0.2, 0.8),
    brightness=(0.35, 1.45),
    lamp_elevation_deg=(30.0, 85.0),
    vignette=(0.05, 0.35),
    glare=0.5,
    glare_strength=(0.25, 0.7),
    glare_radius=(0.03, 0.12),
    hand=0.35,
    hand_darkness=(0.3, 0.65),
    defocus_sigma=(0.0, 1.8),
    motion=0.25,
    motion_px=(2.0, 8.0),
    noise_sigma=(2.0, 6.0),
    jpeg=1.0,
    jpeg_quality=(45, 90),
    cocked=0.06,
    touching=0.3,
)
PRESETS: dict[str, Difficulty] = {d.name: d for d in (EASY, DEFAULT, HARDEST)}


def preset(name: str) -> Difficulty:
    """The preset called ``name`` (easy, default, hardest)."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"no synthetic preset {name!r}: choose one of {', '.join(PRESETS)}") from None
