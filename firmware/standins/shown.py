"""The stand-in camera over a tray that a command arranges: ``kostka check --source synthetic`` and
``kostka teach --source synthetic`` without a camera.

``ShownTray`` is a frame source (``firmware.devices.camera.FrameSource``) over a ``StandInDice``
tray: ``show`` lays the given faces in it and lets them come to rest at once, so every frame read
after it is the same still picture, as a camera over a tray with hands out of it sees.

>>> with ShownTray(size=(320, 240)) as tray:
...     tray.show_pips(5)
...     tray.read().shape == tray.read().shape == (240, 320, 3)
True
"""

from __future__ import annotations

import random
from types import TracebackType
from typing import Self

from firmware.devices.camera import Frame
from firmware.standins.tray import TUMBLE_FRAMES, StandInDice, SyntheticSource
from vision.reading import Face

SPEC = "synthetic"
"""The frame source's name in the config (``camera.source``) and on the command line."""


class ShownTray:
    """A synthetic camera over faces laid in the tray by ``show`` (see the module docstring)."""

    def __init__(self, *, size: tuple[int, int], seed: int = 0) -> None:
        self.dice = StandInDice(seed)
        self.camera = SyntheticSource(self.dice, size=size)
        self.seed = seed
        self.shown = 0

    @property
    def name(self) -> str:
        return self.camera.name

    @property
    def description(self) -> str:
        return self.camera.description

    def show(self, faces: list[Face]) -> None:
        """Lay ``faces`` in the tray (pips, colour faces, or cards as ``square:red``), already still."""
        self.shown += 1
        self.dice.roll(len(faces), colours=False, key=f"shown/{self.shown}", faces=faces)
        for _ in range(TUMBLE_FRAMES):
            self.dice.next_view()

    def show_pips(self, count: int) -> None:
        """A few pip dice, faces drawn from the seed."""
        rng = random.Random(f"kostka-shown/{self.seed}")
        self.show([rng.randint(1, 6) for _ in range(count)])

    def read(self) -> Frame:
        return self.camera.read()

    def close(self) -> None:
        self.camera.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
