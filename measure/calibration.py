"""Is ``confidence`` the chance that the face is right? The expected calibration error and a
reliability diagram of a reader's dice (``kostka eval``).

Each die the reader names a face of gives a pair (confidence, right): right when a labelled die
lies under it and shows that face. The dice are put in ``BINS`` equal bins of confidence; the
expected calibration error is the mean, weighted by the bins' dice, of |share right - mean
confidence| in each bin.

>>> pairs = [(0.9, True)] * 9 + [(0.9, False)] + [(0.25, True)] + [(0.25, False)] * 3
>>> round(expected_calibration_error(pairs), 4)  # both bins as sure as they are right
0.0
>>> round(expected_calibration_error([(1.0, True), (1.0, False)]), 2)  # sure, right half the time
0.5
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

BINS = 10


def bins(pairs: list[tuple[float, bool]], count: int = BINS) -> list[tuple[int, float, float]]:
    """Per bin of confidence (``count`` equal bins over 0-1): (dice, mean confidence, share right)."""
    out = []
    for k in range(count):
        low, high = k / count, (k + 1) / count
        inside = [(c, r) for c, r in pairs if low <= c < high or (k == count - 1 and c == high)]
        if inside:
            out.append(
                (len(inside), float(np.mean([c for c, _ in inside])), float(np.mean([r for _, r in inside])))
            )
        else:
            out.append((0, (low + high) / 2, 0.0))
    return out


def expected_calibration_error(pairs: list[tuple[float, bool]], count: int = BINS) -> float:
    """The dice-weighted mean gap between confidence and share right over the bins."""
    total = sum(n for n, _, _ in bins(pairs, count))
    if not total:
        return float("nan")
    return sum(n * abs(conf - right) for n, conf, right in bins(pairs, count)) / total


def reliability_diagram(pairs: list[tuple[float, bool]], path: Path, title: str, count: int = BINS) -> None:
    """A PNG: per bin a bar of the share right against the diagonal of perfect calibration, and
    the bin's dice written under it."""
    import cv2

    side, margin = 400, 50
    image = np.full((side + 2 * margin, side + 2 * margin, 3), 255, np.uint8)
    x0, y0 = margin, margin + side

    def point(c: float, r: float) -> tuple[int, int]:
        return int(x0 + c * side), int(y0 - r * side)

    for k, (n, _conf, right) in enumerate(bins(pairs, count)):
        if n:
            left, top = point(k / count, right)
            right_x, _ = point((k + 1) / count, 0)
            cv2.rectangle(image, (left + 2, top), (right_x - 2, y0), (200, 140, 60), -1)
        cv2.putText(image, str(n), (point((k + 0.1) / count, 0)[0], y0 + 16),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.33, (0, 0, 0), 1)  # fmt: skip
    cv2.line(image, point(0, 0), point(1, 1), (0, 0, 200), 1)
    cv2.rectangle(image, point(0, 1), point(1, 0), (0, 0, 0), 1)
    ece = expected_calibration_error(pairs, count)
    cv2.putText(image, f"{title}  ECE {ece:.3f}", (margin, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 1)
    cv2.putText(
        image, "confidence", (margin + side // 2 - 40, y0 + 38), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 1
    )
    cv2.putText(image, "right", (4, margin + side // 2), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), image)
