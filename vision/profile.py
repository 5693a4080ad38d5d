"""A taught colour profile: what each face of the player's own dice (or cards) looked like.

``kostka teach`` shows Kostka a few frames per face; every face found gives a feature vector
(``FaceLook.features``: white-balanced chroma, value, base share, star shape). A class keeps
the median and the (scaled) median deviation of its vectors, robust to a face found badly.
Reading names a face by the nearest class in spreads (a diagonal Mahalanobis distance), and
says ``uncertain`` when even the nearest is farther than ``threshold`` or a second class is
nearly as near: a face that was not taught is not guessed. Profiles are JSON text;
``firmware`` reads and writes the files.

>>> red, blue = (1.0, 0.0, 1.0, 0.0, 0.0), (-1.0, 0.0, 1.0, 0.0, 0.0)
>>> profile = Profile.teach({"red": [red] * 3, "blue": [blue] * 3})
>>> profile.name_features((0.95, 0.05, 1.0, 0.0, 0.0))
('red', 0.97, True)
>>> profile.name_features((0.0, 3.0, 1.0, 0.0, 0.0))[0] is None
True
>>> Profile.from_json(profile.to_json()) == profile
True
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vision.errors import ProfileError

if TYPE_CHECKING:
    from vision.colours.looks import FaceLook

FORMAT = "kostka-colour-profile"
VERSION = 1
SPREAD_FLOOR = 0.2
"""The least spread a feature may have: three frames under one light show less variety than
other lights will (tuned with bench/bench_colour.py's teach-under-one-light figure)."""
SPREAD_CAP = 0.5
"""The most spread a class may keep: a face found badly while teaching must not make its class
swallow every other (medians and median deviations keep such outliers out in the first place)."""
THRESHOLD = 3.0
"""Largest root-mean-square distance (in spreads) at which a face is still its nearest class."""
MARGIN = 1.5
"""The second-nearest class must be at least this many times farther for an ``ok``."""


@dataclass(frozen=True, slots=True)
class ClassStats:
    """One taught face: the mean and spread of its features and how many faces were taught."""

    mean: tuple[float, ...]
    spread: tuple[float, ...]
    count: int


@dataclass(frozen=True, slots=True)
class Profile:
    """Taught classes by name, the rejection threshold, and the mode (colours or cards)."""

    classes: tuple[tuple[str, ClassStats], ...]
    threshold: float = THRESHOLD
    mode: str = "colours"

    @staticmethod
    def teach(
        examples: Mapping[str, Sequence[Sequence[float]]], threshold: float = THRESHOLD, mode: str = "colours"
    ) -> Profile:
        """A profile from feature vectors per name (at least one vector each, all one length)."""
        if not examples:
            raise ProfileError.of("profile.nothing_taught")
        classes = []
        length = None
        for name, vectors in sorted(examples.items()):
            if not vectors:
                raise ProfileError.of("profile.no_face", name=repr(name))
            rows = [tuple(float(v) for v in vector) for vector in vectors]
            length = length or len(rows[0])
            if any(len(r) != length for r in rows):
                raise ProfileError.of("profile.lengths_differ", name=repr(name))
            columns = list(zip(*rows, strict=True))
            mean = tuple(statistics.median(col) for col in columns)
            spread = tuple(
                min(SPREAD_CAP, 1.4826 * statistics.median(abs(x - m) for x in col))
                for col, m in zip(columns, mean, strict=True)
            )
            classes.append((name, ClassStats(mean, spread, len(rows))))
        return Profile(tuple(classes), threshold, mode)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.classes)

    def distances(self, features: Sequence[float]) -> list[tuple[float, str]]:
        """Root-mean-square distance in spreads to every class, nearest first."""
        out = []
        for name, stats in self.classes:
            if len(features) != len(stats.mean):
                raise ProfileError.of(
                    "profile.features_differ", name=repr(name), have=len(stats.mean), face=len(features)
                )
            total = sum(
                ((x - m) / max(s, SPREAD_FLOOR)) ** 2
                for x, m, s in zip(features, stats.mean, stats.spread, strict=True)
            )
            out.append((math.sqrt(total / len(features)), name))
        return sorted(out)

    def name_features(self, features: Sequence[float]) -> tuple[str | None, float, bool]:
        """``(name or None, confidence, ok)`` for one feature vector."""
        return self.verdict(self.distances(features))

    def verdict(self, ranked: Sequence[tuple[float, str]]) -> tuple[str | None, float, bool]:
        """``(name or None, confidence, ok)`` from the ranked ``distances`` of one feature vector."""
        best, name = ranked[0]
        second = ranked[1][0] if len(ranked) > 1 else math.inf
        confidence = round(max(0.0, min(1.0, 1 - best / (2 * self.threshold))), 2)
        if best > self.threshold:
            return None, confidence, False
        return name, confidence, second >= MARGIN * best

    def classify(self, look: FaceLook) -> tuple[str | None, float, bool]:
        """``name_features`` of a face's look."""
        return self.name_features(look.features())

    def to_json(self) -> str:
        """The profile as JSON text (what ``kostka teach --out`` writes)."""
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "mode": self.mode,
                "threshold": self.threshold,
                "classes": {
                    name: {"mean": list(s.mean), "spread": list(s.spread), "count": s.count}
                    for name, s in self.classes
                },
            },
            indent=1,
        )

    @staticmethod
    def from_json(text: str) -> Profile:
        """Parse a profile; ``ProfileError`` says what is wrong with a damaged or foreign text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ProfileError.of("profile.not_json", line=error.lineno, column=error.colno) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProfileError.of("profile.not_colour", format=FORMAT)
        if data.get("version") != VERSION:
            raise ProfileError.of("profile.version", version=repr(data.get("version")), expected=VERSION)
        classes = data.get("classes")
        if not isinstance(classes, dict) or not classes:
            raise ProfileError.of("profile.no_classes")
        parsed = []
        for name, entry in sorted(classes.items()):
            parsed.append((str(name), _stats(name, entry)))
        lengths = {len(s.mean) for _, s in parsed}
        if len(lengths) != 1:
            raise ProfileError.of("profile.classes_differ")
        threshold = data.get("threshold", THRESHOLD)
        if not isinstance(threshold, int | float) or not threshold > 0:
            raise ProfileError.of("profile.threshold", threshold=repr(threshold))
        mode = data.get("mode", "colours")
        if mode not in ("colours", "cards"):
            raise ProfileError.of("profile.mode", mode=repr(mode))
        return Profile(tuple(parsed), float(threshold), str(mode))


def _stats(name: str, entry: Any) -> ClassStats:
    if not isinstance(entry, dict):
        raise ProfileError.of("profile.class.not_object", name=repr(name))
    mean, spread, count = entry.get("mean"), entry.get("spread"), entry.get("count", 1)
    if not isinstance(mean, list) or not isinstance(spread, list) or len(mean) != len(spread) or not mean:
        raise ProfileError.of("profile.class.lists", name=repr(name))
    numbers = [*mean, *spread]
    if not all(isinstance(v, int | float) and math.isfinite(v) for v in numbers):
        raise ProfileError.of("profile.class.not_finite", name=repr(name))
    if any(v < 0 for v in spread):
        raise ProfileError.of("profile.class.negative", name=repr(name))
    if not isinstance(count, int) or count < 1:
        raise ProfileError.of("profile.class.count", name=repr(name))
    return ClassStats(tuple(float(v) for v in mean), tuple(float(v) for v in spread), count)
