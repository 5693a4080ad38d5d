"""The colours taught on the box: one profile file in the state directory, read by the colour reader.

The menu's "teach colours" (``firmware.machine.teach``) ends with ``KeepColours``; the loop hands
its features to ``TaughtColours.keep``, which makes the profile (``vision.profile``) and
writes it whole, synced, as ``colours.json`` beside the saved games. From then on, and after every
restart, the reader of colour dice is given that profile (``profile``; None: the built-in colours).
The file is an ordinary profile: ``kostka read --mode colours --profile /var/lib/kostka/colours.json``.

The player's Lezard cards go the same way (the menu's "teach cards" in a Lezard game, or ``kostka
teach --mode cards --out /var/lib/kostka/cards.json`` with the service stopped):
``TaughtColours(state_dir, "cards")`` keeps and loads ``cards.json``, and the box reads the cards
with it (``firmware.app.make_reader``).

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

from firmware.errors import Words
from firmware.files import write_whole
from firmware.machine.events import Features
from firmware.profiles import read_profile_file
from vision.errors import ProfileError
from vision.profile import Profile

log = logging.getLogger(__name__)

PROFILE_NAME = "colours.json"
PROFILE_NAMES = {"colours": PROFILE_NAME, "cards": "cards.json"}
"""The profile file of each mode in the state directory."""


class TaughtColours:
    """The profile taught for ``mode`` (colours or cards), loaded from ``state_dir`` (see the module
    docstring).

    A damaged file, or one taught for the other mode, is not used (the built-in colours are) and
    ``notice`` says so; teaching again replaces it. ``profile`` is read by the camera thread and
    replaced whole by the loop's.
    """

    def __init__(self, state_dir: Path, mode: str = "colours") -> None:
        self.mode = mode
        self.path = Path(state_dir) / PROFILE_NAMES[mode]
        self.notice: Words | None = None
        self.profile: Profile | None = None
        if self.path.exists():
            try:
                self.profile = read_profile_file(str(self.path), mode)
            except ProfileError as error:
                log.info("%s", error)  # the notice says it to the person
                why = Words("taught.why.other_mode" if self._other_mode() else "taught.why.broken")
                fields = {"path": self.path, "reason": why, "command": f"kostka teach --mode {mode}"}
                self.notice = Words(f"taught.unusable.{mode}", fields)

    def _other_mode(self) -> bool:
        """Whether the file is a sound profile taught for the other mode."""
        try:
            read_profile_file(str(self.path))
        except ProfileError:
            return False
        return True

    def keep(self, taught: tuple[tuple[str, Features], ...]) -> Profile:
        """Make the profile of ``taught`` and write it; it is used from now on even if the write fails
        (``OSError``, raised after), since the player has just shown every face."""
        profile = Profile.teach({face: features for face, features in taught}, mode=self.mode)
        self.profile = profile
        write_whole(str(self.path), profile.to_json(), sync=True)
        return profile
