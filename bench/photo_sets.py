"""Where the labelled photo sets of real dice live (../shared/data/dice-photos), for the benches."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "dice-photos"
SETS = ["byler-mixed-tray", "matteo-white-on-wood", "gissur-red-in-box"]


def absent() -> bool:
    """Are the photo sets missing? Then say so (a bench run elsewhere skips), and let the
    benches import the project's packages from ROOT otherwise."""
    if not DATA.is_dir():
        print(f"skipped: {DATA} is absent (the labelled dice photos live there)")
        return True
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return False
