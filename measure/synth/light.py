"""Light and camera effects for the synthetic renderer: colour temperature, exposure, glare, a
hand's shadow, vignetting, blur, sensor noise and JPEG.

The camera's transfer curve is taken as a pure power (gamma 2.2), so a gain in linear light
(a warmer bulb, a dimmer room, a shadow) is exactly a gain of ``gain ** (1 / 2.2)`` on the encoded
pixel values: the light is applied as one low-resolution gain map, scaled up once. Only the glare,
which adds light, is worked in linear light, and only around the spot.

>>> warm, day = kelvin_to_bgr(2700.0), kelvin_to_bgr(6500.0)
>>> [round(v, 2) for v in day], warm[2] / warm[0] > 8
([1.0, 1.0, 1.0], True)
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

Frame = NDArray[np.uint8]
GAMMA = 2.2


_SCRATCH = threading.local()


def scratch(name: str, shape: tuple[int, ...], dtype: type[np.generic]) -> NDArray[Any]:
    """A work array kept per thread and reused from frame to frame (saves the page faults of
    fresh 10-20 MB arrays). Never return it to a caller: its contents change on the next frame."""
    store: dict[str, NDArray[Any]] = _SCRATCH.__dict__.setdefault("arrays", {})
    array = store.get(name)
    if array is None or array.shape != shape or array.dtype != dtype:
        array = store[name] = np.empty(shape, dtype)
    return array


def as_f32(array: object) -> NDArray[np.float32]:
    """An OpenCV result typed as float32 (no copy when it already is)."""
    return np.asarray(array, dtype=np.float32)


def as_u8(array: object) -> NDArray[np.uint8]:
    """An OpenCV result typed as uint8 (no copy when it already is)."""
    return np.asarray(array, dtype=np.uint8)


def _planck_xy(kelvin: float) -> tuple[float, float]:
    """CIE 1931 chromaticity of a black body (Kim et al. 2002 cubic fit, 1667-25000 K)."""
    t = min(max(kelvin, 1667.0), 25000.0)
    if t <= 4000:
        x = -0.2661239e9 / t**3 - 0.2343589e6 / t**2 + 0.8776956e3 / t + 0.179910
    else:
        x = -3.0258469e9 / t**3 + 2.1070379e6 / t**2 + 0.2226347e3 / t + 0.240390
    if t <= 2222:
        y = -1.1063814 * x**3 - 1.34811020 * x**2 + 2.18555832 * x - 0.20219683
    elif t <= 4000:
        y = -0.9549476 * x**3 - 1.37418593 * x**2 + 2.09137015 * x - 0.16748867
    else:
        y = 3.0817580 * x**3 - 5.87338670 * x**2 + 3.75112997 * x - 0.37001483
    return x, y


def _linear_rgb(kelvin: float) -> NDArray[np.float64]:
    x, y = _planck_xy(kelvin)
    xyz = np.array([x / y, 1.0, (1 - x - y) / y])
    to_rgb = np.array([[3.2406, -1.5372, -0.4986], [-0.9689, 1.8758, 0.0415], [0.0557, -0.2040, 1.0570]])
    return np.asarray(to_rgb @ xyz, np.float64)


def kelvin_to_bgr(kelvin: float) -> tuple[float, float, float]:
    """A black body's light at ``kelvin`` relative to 6500 K daylight, linear BGR, luminance 1."""
    rgb = _linear_rgb(kelvin) / _linear_rgb(6500.0)
    rgb = rgb / float(rgb @ np.array([0.2126, 0.7152, 0.0722]))
    return float(rgb[2]), float(rgb[1]), float(rgb[0])


@dataclass(frozen=True, slots=True)
class Glare:
    """A lamp's reflection: a bright spot at (x, y) px, ``radius`` px, adding ``strength`` of white."""

    x: float
    y: float
    radius: float
    strength: float


@dataclass(frozen=True, slots=True)
class HandShadow:
    """A hand's soft shadow: palm at (x, y) px, fingers towards ``angle`` (radians), ``size`` px."""

    x: float
    y: float
    angle: float
    size: float
    darkness: float


@dataclass(frozen=True, slots=True)
class Light:
    """The light of one scene.

    ``white_balance_left``: the part of the bulb's colour cast that the camera's white balance
    leaves in the picture (0: perfectly corrected, 1: a camera fixed to daylight white balance).
    ``brightness``: exposure, 1.0 well exposed, 0.4 dim, above 1.2 highlights clip.
    ``lamp_azimuth_deg``: where the light comes from in the picture (0 from the right, 90 from
    below); ``lamp_elevation_deg`` its height above the table (low light: long shadows).
    """

    kelvin: float = 6500.0
    white_balance_left: float = 0.0
    brightness: float = 1.0
    lamp_azimuth_deg: float = 225.0
    lamp_elevation_deg: float = 60.0
    vignette: float = 0.15
    glare: Glare | None = None
    hand: HandShadow | None = None

    def cast(self) -> tuple[float, float, float]:
        """The colour cast left in the picture, linear BGR gains (luminance 1)."""
        b, g, r = kelvin_to_bgr(self.kelvin)
        left = self.white_balance_left
        gains = np.array([b, g, r]) ** left
        gains = gains / float(gains @ np.array([0.0722, 0.7152, 0.2126]))
        return float(gains[0]), float(gains[1]), float(gains[2])

    def light_from(self) -> tuple[float, float]:
        """Unit vector in the picture pointing from the scene towards the lamp."""
        a = math.radians(self.lamp_azimuth_deg)
        return math.cos(a), math.sin(a)


@dataclass(frozen=True, slots=True)
class Capture:
    """What the camera does after the light: defocus, motion blur, sensor noise, JPEG.

    ``noise_sigma`` is the noise's standard deviation in grey levels at mid grey (it grows with
    the signal like shot noise). ``jpeg_quality`` None: no compression.
    """

    defocus_sigma: float = 0.0
    motion_px: float = 0.0
    motion_angle_deg: float = 0.0
    noise_sigma: float = 0.0
    jpeg_quality: int | None = None
    noise_seed: int = 0


def light_gain(
    light: Light, width: int, height: int, step: int = 8, out: NDArray[np.float32] | None = None
) -> NDArray[np.float32]:
    """The light's gain on encoded values, H x W x 3 float32, made at 1/``step`` size and scaled up
    (into ``out`` when given)."""
    w, h = max(2, -(-width // step)), max(2, -(-height // step))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xx = (xx + 0.5) * width / w - width / 2
    yy = (yy + 0.5) * height / h - height / 2
    r2 = (xx * xx + yy * yy) / float((width / 2) ** 2 + (height / 2) ** 2)
    lin = light.brightness * (1 - light.vignette * r2)
    if light.hand is not None:
        lin = lin * (1 - light.hand.darkness * hand_mask(light.hand, w, h, width / w))
    gains = lin[:, :, None] * np.array(light.cast(), np.float32)
    encoded = np.power(np.maximum(gains, 1e-6), 1 / GAMMA).astype(np.float32)
    return as_f32(cv2.resize(encoded, (width, height), dst=out, interpolation=cv2.INTER_LINEAR))


def hand_mask(hand: HandShadow, w: int, h: int, scale: float) -> NDArray[np.float32]:
    """A soft hand shape (palm and four fingers and a thumb), 0..1, on a w x h grid of ``scale`` px."""
    mask = np.zeros((h, w), np.float32)
    s = hand.size / scale
    cx, cy = hand.x / scale, hand.y / scale
    c, d = math.cos(hand.angle), math.sin(hand.angle)

    def at(u: float, v: float) -> tuple[int, int]:
        return round((cx + (u * c - v * d) * s) * 16), round((cy + (u * d + v * c) * s) * 16)

    axes = (round(0.5 * s * 16), round(0.42 * s * 16))
    cv2.ellipse(mask, at(0, 0), axes, math.degrees(hand.angle), 0, 360, 1.0, -1, cv2.LINE_AA, 4)
    cv2.line(mask, at(-0.3, 0), at(-2.0, 0), 1.0, max(1, round(0.6 * s)), cv2.LINE_AA, 4)  # the arm
    for v, length in ((-0.3, 0.85), (-0.1, 0.95), (0.1, 0.9), (0.3, 0.75)):
        cv2.line(mask, at(0.35, v), at(0.35 + length, v * 1.3), 1.0, max(1, round(0.16 * s)), cv2.LINE_AA, 4)
    cv2.line(mask, at(0.0, 0.4), at(0.45, 0.85), 1.0, max(1, round(0.17 * s)), cv2.LINE_AA, 4)
    return as_f32(cv2.GaussianBlur(mask, (0, 0), max(0.8, 0.12 * s)))


_TO_LINEAR = ((np.arange(256) / 255.0) ** GAMMA).astype(np.float32).reshape(256, 1)


def add_glare(canvas: Frame, glare: Glare, cast: tuple[float, float, float]) -> None:
    """Add the lamp's reflection in linear light around the spot, in place (clips at white)."""
    h, w = canvas.shape[:2]
    reach = 2.5 * glare.radius
    x0, x1 = max(0, int(glare.x - reach)), min(w, int(glare.x + reach) + 1)
    y0, y1 = max(0, int(glare.y - reach)), min(h, int(glare.y + reach) + 1)
    if x0 >= x1 or y0 >= y1:
        return
    dx2 = ((np.arange(x0, x1, dtype=np.float32) - glare.x) / reach) ** 2
    dy2 = ((np.arange(y0, y1, dtype=np.float32) - glare.y) / reach) ** 2
    r2 = dy2[:, None] + dx2[None, :]
    halo = np.maximum(1 - r2, 0) ** 3  # a smooth bump that ends at ``reach``: a soft halo...
    core = np.maximum(1 - r2 * 9, 0) ** 3  # ...and a brighter core a third as wide
    spot = glare.strength * (0.6 * halo + 0.6 * core)
    lin = as_f32(cv2.LUT(canvas[y0:y1, x0:x1], _TO_LINEAR)) + spot[:, :, None] * np.array(cast, np.float32)
    canvas[y0:y1, x0:x1] = as_u8(cv2.convertScaleAbs(cv2.pow(np.minimum(lin, 1.0), 1 / GAMMA), alpha=255.0))


_GAUSS = np.array([NormalDist().inv_cdf((i + 0.5) / 256) for i in range(256)], np.float32).reshape(256, 1)
"""Random bytes through this table are Gaussian noise of unit spread, quantised to 256 levels."""
_GAUSS_256 = np.round(_GAUSS * 256).astype(np.int16)


def unit_noise(rng: np.random.Generator, shape: tuple[int, ...]) -> NDArray[np.float32]:
    """Gaussian noise of unit spread (quantised to 256 levels), much faster than ``standard_normal``."""
    count = int(np.prod(shape))
    return as_f32(cv2.LUT(np.frombuffer(rng.bytes(count), np.uint8).reshape(shape), _GAUSS)).reshape(shape)


def capture(lit: Frame, settings: Capture) -> Frame:
    """Blur, noise and compress the lit scene into the camera's BGR uint8 frame."""
    frame = lit
    if settings.defocus_sigma > 0.3:
        blurred = scratch("defocus", frame.shape, np.uint8)
        frame = as_u8(cv2.GaussianBlur(frame, (0, 0), settings.defocus_sigma, dst=blurred))
    if settings.motion_px >= 1.5:
        kernel = motion_kernel(settings.motion_px, settings.motion_angle_deg)
        frame = as_u8(cv2.filter2D(frame, -1, kernel, dst=scratch("motion", frame.shape, np.uint8)))
    if settings.noise_sigma > 0:
        rng = np.random.default_rng(settings.noise_seed)
        # integer arithmetic: unit noise x 256 times the pixel's sigma x 16, scaled back
        levels = np.arange(256, dtype=np.float64)
        sigma = np.round(16 * settings.noise_sigma * np.sqrt(0.25 + 0.75 * levels / 128.0))
        table = np.minimum(sigma, 32767).astype(np.int16).reshape(256, 1)
        spread = cv2.LUT(frame, table, dst=scratch("spread", frame.shape, np.int16))
        random = np.frombuffer(rng.bytes(frame.size), np.uint8).reshape(frame.shape)
        unit = cv2.LUT(random, _GAUSS_256, dst=scratch("unit", frame.shape, np.int16))
        noise = cv2.multiply(unit, spread, dst=unit, scale=1 / 4096, dtype=cv2.CV_16S)
        frame = as_u8(cv2.add(frame, noise, dtype=cv2.CV_8U))
    if settings.jpeg_quality is not None:
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, int(settings.jpeg_quality)])
        if not ok:
            raise RuntimeError("OpenCV could not encode the synthetic frame as JPEG")
        frame = as_u8(cv2.imdecode(data, cv2.IMREAD_COLOR))
    if any(frame is _SCRATCH.__dict__.get("arrays", {}).get(name) for name in ("lit", "defocus", "motion")):
        frame = frame.copy()  # never hand out a work array
    return np.ascontiguousarray(frame, dtype=np.uint8)


def motion_kernel(length: float, angle_deg: float) -> NDArray[np.float32]:
    """A normalised line kernel ``length`` px long at ``angle_deg``."""
    size = math.ceil(length) | 1
    kernel = np.zeros((size, size), np.float32)
    c = (size - 1) / 2
    dx, dy = (
        math.cos(math.radians(angle_deg)) * (length - 1) / 2,
        math.sin(math.radians(angle_deg)) * (length - 1) / 2,
    )
    cv2.line(
        kernel,
        (round((c - dx) * 16), round((c - dy) * 16)),
        (round((c + dx) * 16), round((c + dy) * 16)),
        1.0,
        1,
        cv2.LINE_AA,
        4,
    )
    total = float(kernel.sum())
    if total <= 0:
        kernel[int(c), int(c)] = 1.0
        total = 1.0
    return kernel / total
