"""Has the owner checked the Lezard board and deck against their own box?

The shipped data file is a best guess (``guess = true``). The owner compares it with their box
(``kostka board`` draws it) and, once it matches, records it in the config as the data's
fingerprint: ``lezard_board_checked = "<fingerprint>"`` (``kostka board --confirm`` prints the
line). The fingerprint is of the board, lizards, deck and dominoes, so the confirmation lapses by
itself when the file changes.

>>> from rules.lezard_board import EXAMPLE, parse_lezard_data
>>> data = parse_lezard_data(EXAMPLE)
>>> len(fingerprint(data)), fingerprint(data) == fingerprint(parse_lezard_data(EXAMPLE))
(12, True)
>>> unchecked(data, ""), unchecked(data, fingerprint(data))
(False, False)
"""

from __future__ import annotations

import hashlib
import json

from rules.lezard_board import LezardData

CONFIG_KEY = "lezard_board_checked"
"""The config's top-level key holding the fingerprint of the board file its owner confirmed."""


def fingerprint(data: LezardData) -> str:
    """A short digest of what the data file says of the box (not of its comments or layout)."""
    box = {
        "board": list(data.board),
        "lizards": list(data.lizards),
        "deck": [[card.text(), count] for card, count in zip(data.cards, data.counts, strict=True)],
        "dominoes": data.dominoes,
    }
    return hashlib.sha256(json.dumps(box, sort_keys=True).encode("utf-8")).hexdigest()[:12]


def unchecked(data: LezardData, confirmed: str) -> bool:
    """Whether to say that the board is unchecked: a guess its owner has not confirmed."""
    return data.guess and confirmed != fingerprint(data)
