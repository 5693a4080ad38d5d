"""Small files of the state directory written whole or not at all, and made durable.

A power cut while one is written leaves the old file (or none) and at most a ``.partial`` beside it,
never half a file.
"""

from __future__ import annotations

import os
from pathlib import Path


def write_whole(path: str, text: str, *, sync: bool = False) -> None:
    """Write a profile (or another small file of the state directory) whole or not at all (a temporary
    file renamed over the old one); ``sync``: on disk, rename included, before returning (the
    appliance: a power cut may follow)."""
    target = Path(path)
    partial = target.with_name(target.name + ".partial")
    with partial.open("w", encoding="utf-8") as file:
        file.write(text)
        if sync:
            file.flush()
            os.fsync(file.fileno())
    os.replace(partial, target)
    if sync:
        sync_folder(target.parent)


def sync_folder(folder: Path) -> None:
    """Make the files just renamed into or deleted from ``folder`` durable (a power cut cannot undo it)."""
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
