"""The colours taught on the box: one profile file in the state directory, read by the colour reader.

The menu's "teach colours" (``firmware.machine_teach``) ends with ``KeepColours``; the loop hands
its features to ``TaughtColours.keep``, which makes the profile (``vision.colour_profile``) and
writes it whole, synced, as ``colours.json`` beside the saved games. From then on, and after every
restart, the reader of colour dice is given that profile (``profile``; None: the built-in colours).
The file is an ordinary profile: ``kostka read --mode colours --profile /var/lib/kostka/colours.json``.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> kept = TaughtColours(folder)
>>> kept.profile is None
True
>>> _ = kept.keep((("red", ((1.0, 0.0),)), ("blue", ((-1.0, 0.0),))))
>>> TaughtColours(folder).profile.names
('blue', 'red')
"""

from __future__ import annotations

import logging
from pathlib import Path

from firmware.machine_state import Features
from firmware.profiles import read_profile_file, write_profile_file
from vision.colour_profile import Profile, ProfileError

log = logging.getLogger(__name__)

PROFILE_NAME = "colours.json"


class TaughtColours:
    """The profile taught on the box, loaded from ``state_dir`` (see the module docstring).

    A damaged file is not used (the built-in colours are) and ``notice`` says so; teaching again
    replaces it. ``profile`` is read by the camera thread and replaced whole by the loop's.
    """

    def __init__(self, state_dir: Path) -> None:
        self.path = Path(state_dir) / PROFILE_NAME
        self.notice: str | None = None
        self.profile: Profile | None = None
        if self.path.exists():
            try:
                self.profile = read_profile_file(str(self.path), "colours")
            except ProfileError as error:
                self.notice = f"{error}; the built-in colours are used until the colours are taught again"
                log.warning("%s", self.notice)

    def keep(self, taught: tuple[tuple[str, Features], ...]) -> Profile:
        """Make the profile of ``taught`` and write it; it is used from now on even if the write fails
        (``OSError``, raised after), since the player has just shown every face."""
        profile = Profile.teach({face: features for face, features in taught})
        self.profile = profile
        write_profile_file(str(self.path), profile.to_json(), sync=True)
        return profile
