"""Whether Kostka runs on a Raspberry Pi, and which parts must then be the real ones.

On a Pi a missing camera or GPIO library is an error, never a reason to film stand-in dice that
roll themselves: a box installed by hand in a plain virtual environment would otherwise referee
rolls nobody made. The same holds anywhere the config names the part (``camera.source``, a button
pin). Stand-ins come only where asked for (``kostka run --stand-ins``, the demo) or off a Pi.

The board is read from the device tree's model string, which Raspberry Pi OS exposes at both paths
below (``/proc/device-tree`` is a link to the second). ``is_raspberry_pi`` takes the paths (and
reads ``MODEL_PATHS`` when called, not when defined), so a test can point it at a file of its own.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> (folder / "model").write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\\x00")
31
>>> pi_model((folder / "model",)), is_raspberry_pi((folder / "model",)), is_raspberry_pi((folder / "x",))
('Raspberry Pi 5 Model B Rev 1.0', True, False)
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

MODEL_PATHS = (Path("/proc/device-tree/model"), Path("/sys/firmware/devicetree/base/model"))
"""Where the device tree names the board."""

LIBRARIES = {"camera": ("picamera2", "python3-picamera2"), "gpio": ("lgpio", "python3-lgpio")}
"""Each part's library on a Pi: the module imported and the apt package ``systemd/install.sh`` puts in
(the messages that name them say to run the installer)."""


def pi_model(paths: Sequence[Path] | None = None) -> str | None:
    """The device tree's model string where it names a Raspberry Pi, else None (``paths``: where to
    read it, by default ``MODEL_PATHS``)."""
    for path in MODEL_PATHS if paths is None else paths:
        try:
            model = path.read_bytes().rstrip(b"\x00\n").decode("utf-8", "replace").strip()
        except OSError:
            continue
        if "Raspberry Pi" in model:
            return model
    return None


def is_raspberry_pi(paths: Sequence[Path] | None = None) -> bool:
    """Whether the device tree says this is a Raspberry Pi."""
    return pi_model(paths) is not None


def has_module(name: str) -> bool:
    """Whether ``name`` can be imported here (found, not imported)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a broken parent package, or a module without a spec in sys.modules
        return False


@dataclass(frozen=True, slots=True)
class Hardware:
    """Which real parts are required, decided once by the composition root.

    ``camera``: a picamera2 camera must be real (its library missing is an error on the OLED and
    the game goes on with dice entered by hand); ``gpio``: the buttons must be real (without a pin
    library Kostka does not start).
    """

    camera: bool = False
    gpio: bool = False

    @classmethod
    def required(
        cls,
        *,
        on_pi: bool,
        camera_named: bool,
        gpio_named: bool,
        stand_ins: bool = False,
    ) -> Hardware:
        """On a Pi every part is required, elsewhere those the config names; none with ``stand_ins``.

        >>> Hardware.required(on_pi=True, camera_named=False, gpio_named=False)
        Hardware(camera=True, gpio=True)
        >>> Hardware.required(on_pi=False, camera_named=True, gpio_named=False)
        Hardware(camera=True, gpio=False)
        >>> Hardware.required(on_pi=True, camera_named=True, gpio_named=True, stand_ins=True)
        Hardware(camera=False, gpio=False)
        """
        if stand_ins:
            return cls()
        return cls(camera=on_pi or camera_named, gpio=on_pi or gpio_named)


Probe = Callable[[], bool]
"""A function that says whether this is a Raspberry Pi (``is_raspberry_pi``; tests give their own)."""
