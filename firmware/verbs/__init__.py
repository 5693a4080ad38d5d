"""One module per ``kostka`` sub-command; each has ``add_parser(subparsers)`` and ``run(args) -> int``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from firmware.config import Config


def config_or_say(verb: str, path: Path | None) -> Config | None:
    """The settings in ``path`` (None: the defaults); None after saying on stderr why they cannot be
    read (the verb then exits with 2)."""
    from firmware.config import ConfigError, load_config

    try:
        return load_config(path)
    except ConfigError as error:
        print(f"kostka {verb}: {error}", file=sys.stderr)
        return None
