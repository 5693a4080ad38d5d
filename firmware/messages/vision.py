"""What the reader says when it cannot read (a ``vision.VisionError`` made with a key), in Polish
and in English.

The English is the reader's own (``vision.errors.ENGLISH``, written once, there); the Polish is
here, under the same keys prefixed ``vision.`` and with the same fields. ``firmware.errors.told``
says such an error, ``firmware.errors.said`` its terms.
"""

from __future__ import annotations

from vision.errors import ENGLISH

PL: dict[str, str] = {
    # the network files (vision/networks.py)
    "vision.network.missing": "nie ma pliku {path} ({what}); utwórz go skryptem {trainer}",
    "vision.network.unloadable": "{runtime} nie może wczytać pliku {path} ({what}): {reason}",
    "vision.network.dice": "sieć kostek",
    "vision.network.face": "klasyfikator ścianek",
    "vision.network.colour": "sieć kolorów",
    "vision.network.colour_face": "klasyfikator kolorowych ścianek",
}

EN: dict[str, str] = {f"vision.{key}": text for key, text in ENGLISH.items()}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
