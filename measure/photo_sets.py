"""Where the labelled photo sets of real dice live (../shared/data/dice-photos), for the benches
and the training tools."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "dice-photos"
SETS = ["byler-mixed-tray", "matteo-white-on-wood", "gissur-red-in-box"]
"""The development sets: their even-numbered images trained the networks."""
NEWER_SETS = ["rune55-cup-stacked", "dice3-oblique-translucent", "casino-translucent-crops"]
"""The sets no network was trained on (``measure.split`` halves them by photo)."""
PIP_SETS = [*SETS, *NEWER_SETS]


def absent() -> bool:
    """Are the photo sets missing? Then say so (a bench run elsewhere skips)."""
    if not DATA.is_dir():
        print(f"skipped: {DATA} is absent (the labelled dice photos live there)")
        return True
    return False
