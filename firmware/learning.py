"""The box learns the players' own pip dice from the faces they confirm (``vision.learnt``).

After each reading of pip dice the camera thread hands the frame and the reading to ``saw``, which
cuts each die's crop (``vision.learnt.example_crop``; never the whole frame) and holds them until
the next reading. When the players confirm the faces (read or corrected), the loop calls
``confirmed``: if they are as many as the dice read, each crop and its face is kept as an example
(``KeptDice``: one PNG file each in ``examples/`` in the state directory, written whole or not at
all, the oldest dropped beyond ``limit``). After every ``every`` new examples, once the tray is idle,
a thread of the lowest priority, with network instances of its own (the camera thread's reading
never waits for them), adapts the readers under the guard (``vision.learnt.adapt``) and writes the
profile as ``dice.json``; the reader uses it from then on (``profile``), and after a restart. A
guard that refuses leaves the readers as they are, and the log says why. ``forget`` deletes the
examples and the profile.

>>> import tempfile
>>> import numpy as np
>>> kept = KeptDice(Path(tempfile.mkdtemp()), limit=2)
>>> crop = np.zeros((96, 96, 3), np.uint8)
>>> kept.add([crop, crop, crop], [1, 2, 3]), [face for _, face in kept.load()]
(2, [2, 3])
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from firmware.errors import Words, told
from firmware.files import sync_folder, write_whole
from firmware.messages.i18n import t
from firmware.profiles import ProfileFileError, read_learnt_file

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from vision.learnt import Adaptation, Learnt
    from vision.networks import Networks
    from vision.reading import Reading

log = logging.getLogger(__name__)

FOLDER = "examples"
"""The examples' folder in the state directory."""
PROFILE_NAME = "dice.json"
"""The learnt profile in the state directory."""
LEARNING = "learning"
"""The saved setting that says whether the box learns (``on`` or ``off``)."""


class KeptDice:
    """The examples in ``folder``: ``NNNNNNNN-F.png`` (a serial number, the face), oldest first."""

    def __init__(self, folder: Path, limit: int, lang: str = "pl") -> None:
        self.folder = Path(folder)
        self.limit = limit
        self.lang = lang  # of the log's lines

    def _files(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        found = [p for p in self.folder.iterdir() if p.suffix == ".png" and _face_of(p) is not None]
        return sorted(found)

    def count(self) -> int:
        return len(self._files())

    def add(self, crops: Sequence[NDArray[np.uint8]], faces: Sequence[int]) -> int:
        """Keep each crop with its face (each file synced and renamed into place), drop the oldest
        beyond ``limit``; the number kept."""
        import cv2

        self.folder.mkdir(parents=True, exist_ok=True)
        files = self._files()
        serial = int(files[-1].name.split("-")[0]) + 1 if files else 1
        for crop, face in zip(crops, faces, strict=True):
            ok, png = cv2.imencode(".png", crop)
            if not ok:
                continue
            target = self.folder / f"{serial:08d}-{face}.png"
            partial = target.with_name(target.name + ".partial")
            with partial.open("wb") as file:
                file.write(png.tobytes())
                file.flush()
                os.fsync(file.fileno())
            os.replace(partial, target)
            serial += 1
        files = self._files()
        for old in files[: max(0, len(files) - self.limit)]:
            old.unlink(missing_ok=True)
        sync_folder(self.folder)
        return min(len(files), self.limit)

    def load(self) -> list[tuple[NDArray[np.uint8], int]]:
        """Every example that can be read, oldest first (a damaged file is left out, and said)."""
        import cv2
        import numpy as np

        found = []
        for path in self._files():
            crop = cv2.imread(str(path), cv2.IMREAD_COLOR)
            face = _face_of(path)
            if crop is None or face is None:
                log.warning("%s", t("learn.example_unreadable", self.lang, path=path))
                continue
            found.append((np.asarray(crop, np.uint8), face))
        return found

    def forget(self) -> None:
        """Delete every example (and a write a power cut left half done)."""
        if not self.folder.is_dir():
            return
        for path in self.folder.iterdir():
            if path.suffix in (".png", ".partial"):
                path.unlink(missing_ok=True)
        sync_folder(self.folder)


def _face_of(path: Path) -> int | None:
    serial, _, face = path.stem.partition("-")
    if not serial.isdigit() or face not in ("1", "2", "3", "4", "5", "6"):
        return None
    return int(face)


@dataclass(frozen=True)
class _Apart:
    """An opener that opens its own network instances (the camera thread keeps its own)."""

    opener: Any

    def __call__(self, path: Path) -> Any:
        return self.opener(path)

    @property
    def name(self) -> str:
        return str(getattr(self.opener, "name", "another runtime"))


class Learner:
    """What the box learnt of the players' dice in ``state_dir`` (see the module docstring).

    ``networks``: those the reader reads with; ``profile``: the profile file (default ``dice.json`` in
    ``state_dir``); ``is_idle``: whether the tray is idle now (adapting
    waits for it); ``enabled``: whether confirmed dice are kept. A profile that cannot be used (damaged,
    of other networks) is not (the shipped readers read) and ``notice`` says so.
    """

    def __init__(
        self,
        state_dir: Path,
        networks: Networks,
        *,
        limit: int = 500,
        every: int = 20,
        enabled: bool = True,
        is_idle: Callable[[], bool] = lambda: True,
        profile: Path | None = None,
        lang: str = "pl",
    ) -> None:
        self.path = Path(profile) if profile is not None else Path(state_dir) / PROFILE_NAME
        self.lang = lang  # of the log's lines
        self.kept = KeptDice(Path(state_dir) / FOLDER, limit, lang)
        self.networks = networks
        self.every = every
        self.enabled = enabled
        self.is_idle = is_idle
        self.notice: Words | None = None
        self.profile: Learnt | None = None
        self.new = 0
        self._seen: list[NDArray[np.uint8]] = []
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._forgotten = 0  # counts ``forget``: an adaptation begun before it is not kept
        if self.path.exists():
            try:
                self.profile = read_learnt_file(str(self.path), networks)
            except ProfileFileError as error:
                log.info("%s", error)  # the notice says it to the person
                fields = {"path": self.path, "reason": Words(error.key, error.fields)}
                self.notice = Words("learnt.unusable", fields)

    def saw(self, frame: NDArray[np.uint8], reading: Reading) -> None:
        """The camera thread read ``reading`` in ``frame``: hold each die's crop (when learning)."""
        if not self.enabled:
            return
        from vision.frame import Pyramid
        from vision.learnt import example_crop

        pyramid = Pyramid(frame)
        crops = []
        for die in reading.dice:
            x, y = die.centre
            crops.append(example_crop(pyramid, x, y, float(max(die.box[2], die.box[3]))))
        with self._lock:
            self._seen = crops

    def confirmed(self, faces: Sequence[object]) -> int | None:
        """The players confirmed ``faces`` for the last reading: keep them as examples when they are as
        many as the dice read, each 1-6; the number of examples kept, or None when none were added."""
        with self._lock:
            crops, self._seen = self._seen, []
        pips = [f for f in faces if isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6]
        if not self.enabled or not crops or len(crops) != len(faces) or len(pips) != len(faces):
            return None
        try:
            count = self.kept.add(crops, pips)
        except OSError as error:
            log.error("%s", t("learn.not_kept", self.lang, reason=told(error, self.lang)))
            return None
        self.new += len(pips)
        if self.new >= self.every:
            self.adapt_when_idle()
        return count

    def adapt_when_idle(self) -> None:
        """Adapt in a thread of the lowest priority once the tray is idle (one at a time)."""
        if self._thread is not None and self._thread.is_alive():
            return
        self.new = 0
        self._thread = threading.Thread(target=self._adapt, name="kostka-learn", daemon=True)
        self._thread.start()

    def _adapt(self) -> None:
        if hasattr(os, "setpriority"):  # (left at the process's priority, it still shares no network)
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        while not self.is_idle():
            if self._stop.wait(0.5):
                return
        try:
            self.adapt_now()
        except Exception:  # a fault of adapting must not end the box; the shipped readers read on
            log.exception("%s", t("learn.failed", self.lang))

    def adapt_now(self) -> Learnt | None:
        """Adapt to every example kept now (see the module docstring); the profile, or None."""
        from vision.learnt import adapt

        forgotten = self._forgotten
        examples = self.kept.load()
        if len(examples) < 4:
            return None
        networks = replace(self.networks, opener=_Apart(self.networks.opener))
        made = adapt([c for c, _ in examples], [f for _, f in examples], networks)
        guard = guard_said(made, self.lang)
        if made.learnt is None:
            log.info("%s %s", guard, t("learn.refused", self.lang, why=refusal_said(made, self.lang)))
            return None
        if not self.enabled or forgotten != self._forgotten:
            return None  # forgotten or switched off meanwhile
        write_whole(str(self.path), made.learnt.to_json(), sync=True)
        self.profile = made.learnt
        self.notice = None
        log.info("%s %s", guard, t("learn.adapted", self.lang, n=len(examples)))
        return made.learnt

    def forget(self) -> None:
        """Delete the examples and the profile: the shipped readers read from now on."""
        with self._lock:
            self._seen = []
        self._forgotten += 1
        self.profile = None
        self.new = 0
        self.kept.forget()
        self.path.unlink(missing_ok=True)

    def close(self) -> None:
        self._stop.set()


def guard_said(made: Adaptation, lang: str) -> str:
    """What the guard found on the held-back examples, shipped readers against adapted ones."""
    counts = {
        "held": made.adapted.examples,
        "shipped_right": made.shipped.right,
        "shipped_silent": made.shipped.silent,
        "right": made.adapted.right,
        "silent": made.adapted.silent,
    }
    return t("cli.learn.guard", lang, **counts)


def refusal_said(made: Adaptation, lang: str) -> str:
    """Why the guard refused the adaptation (``made.why``), in words."""
    from vision.learnt import REFUSALS

    return t(f"learnt.why.{REFUSALS[made.why]}", lang)
