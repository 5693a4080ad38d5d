"""A camera cable pulled out and put back: the stand-in camera as a loose cable leaves it.

``Cable.open`` is what the camera thread calls to open its source (``CameraFeed``'s
``open_source``): while the cable is out it raises ``CameraError`` as an unplugged camera does,
and a source it opened raises it at its next ``read``. The tests and ``bench.bench_cafe_day``
pull it out mid-game and put it back.
"""

from __future__ import annotations

from firmware.devices.camera import CameraError, Frame
from firmware.standins.tray import StandInDice, SyntheticSource


class Cable:
    """The cable between the stand-in camera and the box; ``alive`` while it is plugged in."""

    def __init__(self, dice: StandInDice, size: tuple[int, int] = (320, 240)) -> None:
        self.dice = dice
        self.size = size
        self.alive = True
        self.pulled = 0
        self.opened = 0

    def pull(self) -> None:
        self.alive = False
        self.pulled += 1

    def open(self) -> SyntheticSource:
        self.opened += 1
        if not self.alive:
            raise CameraError("stand-in camera", "not found", "plug it in")
        return _Behind(self, self.dice, size=self.size)


class _Behind(SyntheticSource):
    """The stand-in camera's frames while ``cable`` is plugged in."""

    def __init__(self, cable: Cable, dice: StandInDice, size: tuple[int, int]) -> None:
        super().__init__(dice, size=size)
        self._cable = cable

    def read(self) -> Frame:
        if not self._cable.alive:
            raise CameraError("stand-in camera", "unplugged", "plug it in")
        return super().read()
