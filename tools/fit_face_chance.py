"""Fit the pip reader's face-chance model (``vision.pips.chance``) on the tuning parts of the photo
sets (``measure.split``) and write ``vision/data/face_chance.json``.

    .venv/bin/python -m tools.fit_face_chance --read      # read every photo once (features, ~10 min)
    .venv/bin/python -m tools.fit_face_chance             # fit, choose the threshold, write the model

Each die the reader keeps is matched to the labels (``measure.scoring.match``): right (the label's
face), wrong (another face, or a die labelled cocked) or a phantom (no label near it). The model is a
logistic regression (Newton's method, a small ridge) of "right" on ``FEATURES``, fitted with numpy on
the tuning parts' dice. The threshold (``--threshold``, 0.5: a face is stood by only when it is more likely
right than not) is written with it; the tool also prints the least chance at which, on every set's
tuning part, the ``ok`` dice wrong or phantom stay at most ``--silent`` of the labelled dice (dice3's
phantoms left out: its crowded photos leave a few real dice unlabelled), and the figures of each part
at the threshold. The held-out parts are only reported, never fitted.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from measure.photo_sets import DATA, PIP_SETS
from measure.split import part_of
from vision.pips.chance import FEATURES, MODEL

UNLABELLED = {"dice3-oblique-translucent"}
"""Sets whose photos leave some real dice unlabelled: a phantom there is not counted as silent."""
CACHE = Path("out") / "face_chance"


def read(name: str) -> None:
    """Read every photo of set ``name`` once, on the networks and runtime ``kostka eval`` uses, and
    keep each die's features and outcome."""
    import cv2

    from firmware.devices.images import try_load_image
    from firmware.devices.onnx_runtime import chosen_networks
    from measure.labels import COCKED, load_set
    from measure.scoring import match
    from vision.frame import as_bgr
    from vision.pips.reader import described

    cv2.setNumThreads(1)
    labelled = load_set(DATA / name)
    rows, outcome, part, checked, image_of = [], [], [], [], []
    labelled_dice = {"tuning": 0, "held-out": 0}
    for index, image_name in enumerate(labelled.images):
        where = part_of(name, index, image_name)
        labels = labelled.labels.get(image_name, [])
        labelled_dice[where] += len(labels)
        image, _why = try_load_image(labelled.path(image_name))
        if image is None:
            continue
        frame = as_bgr(np.asarray(image, np.uint8))
        found = described(frame, networks=chosen_networks())
        dice = [die for die, _ in found]
        pairs = {j: i for i, j in match(labels, dice, frame.shape[1], frame.shape[0])}
        for j, (die, seen) in enumerate(found):
            if j in pairs:
                label = labels[pairs[j]].value
                right = label != COCKED and die.face == label
                outcome.append("right" if right else "wrong")
            else:
                outcome.append("phantom")
            rows.append(seen)
            part.append(where)
            checked.append(bool(seen[FEATURES.index("checked")]))
            image_of.append(image_name)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez(
        CACHE / f"{name}.npz",
        x=np.array(rows, np.float64).reshape(-1, len(FEATURES)),
        outcome=np.array(outcome),
        part=np.array(part),
        image=np.array(image_of),
        labelled=np.array([labelled_dice["tuning"], labelled_dice["held-out"]]),
    )
    print(f"{name}: {len(rows)} dice read")


def fit_logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1.0, steps: int = 50) -> np.ndarray:
    """Weights (bias last) of a logistic regression of ``y`` on standardised ``x`` by Newton's method."""
    a = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(a.shape[1])
    penalty = np.full(a.shape[1], ridge)
    penalty[-1] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(a @ w, -40, 40)))
        gradient = a.T @ (p - y) + penalty * w
        hessian = (a * (p * (1 - p))[:, None]).T @ a + np.diag(penalty) + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def load(names: list[str]) -> dict[str, dict[str, np.ndarray]]:
    return {name: dict(np.load(CACHE / f"{name}.npz")) for name in names}


def silent(data: dict[str, np.ndarray], name: str, chance: np.ndarray, threshold: float, part: str) -> int:
    """``ok`` dice of ``part`` wrong (or phantoms, but for ``UNLABELLED`` sets) at ``threshold``."""
    ok = (data["part"] == part) & (data["x"][:, FEATURES.index("checked")] > 0) & (chance >= threshold)
    bad = data["outcome"] == "wrong"
    if name not in UNLABELLED:
        bad |= data["outcome"] == "phantom"
    return int((ok & bad).sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--read", action="store_true", help="read the photos again (features, outcomes)")
    parser.add_argument("--sets", nargs="*", default=PIP_SETS)
    parser.add_argument("--silent", type=float, default=0.002, help="most silent errors per labelled die")
    parser.add_argument("--threshold", type=float, default=0.5, help="the chance from which a die is ok")
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--drop", nargs="*", default=[], help="features left out (their weight 0)")
    parser.add_argument("--out", default=str(MODEL))
    args = parser.parse_args()
    if args.read:
        for name in args.sets:
            read(name)
        return
    sets = load(PIP_SETS)
    tuning = [d["part"] == "tuning" for d in sets.values()]
    x = np.vstack([d["x"][t] for d, t in zip(sets.values(), tuning, strict=True)])
    y = np.concatenate([d["outcome"][t] == "right" for d, t in zip(sets.values(), tuning, strict=True)])
    keep = np.array([f not in args.drop for f in FEATURES])
    mean = np.where(keep, x.mean(axis=0), 0.0)
    scale = np.where(keep & (x.std(axis=0) > 1e-9), x.std(axis=0), 1.0)
    z = (x - mean) / scale
    w = np.zeros(len(FEATURES) + 1)
    w[np.append(keep, True)] = fit_logistic(z[:, keep], y.astype(np.float64), args.ridge)
    chances = {
        name: 1 / (1 + np.exp(-(((d["x"] - mean) / scale) @ w[:-1] + w[-1]))) for name, d in sets.items()
    }
    candidates = np.unique(np.concatenate(list(chances.values())))
    target = next(
        (
            float(t)
            for t in candidates
            if all(
                silent(d, name, chances[name], t, "tuning") <= args.silent * d["labelled"][0]
                for name, d in sets.items()
            )
        ),
        1.0,
    )
    print(f"the least chance keeping every tuning part within {100 * args.silent:.1f} % silent: {target:.4f}")
    threshold = args.threshold
    Path(args.out).write_text(
        json.dumps(
            {
                "features": list(FEATURES),
                "mean": [round(float(v), 6) for v in mean],
                "scale": [round(float(v), 6) for v in scale],
                "weights": [round(float(v), 6) for v in w[:-1]],
                "bias": round(float(w[-1]), 6),
                "threshold": round(threshold, 6),
                "fitted_on": "tuning parts (measure.split) of " + ", ".join(PIP_SETS),
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    weights = ", ".join(f"{f} {v:+.2f}" for f, v in zip(FEATURES, w, strict=False))
    print(f"threshold {threshold:.4f}; weights {weights}")
    for name, d in sets.items():
        checked = d["x"][:, FEATURES.index("checked")] > 0
        line = []
        for k, part in enumerate(("tuning", "held-out")):
            in_part = d["part"] == part
            ok = in_part & checked & (chances[name] >= threshold)
            right = int((ok & (d["outcome"] == "right")).sum())
            was = int((in_part & checked & (d["outcome"] == "right")).sum())
            wrong = int((ok & (d["outcome"] == "wrong")).sum())
            phantom = int((ok & (d["outcome"] == "phantom")).sum())
            n = max(int(d["labelled"][k]), 1)
            figures = f"{100 * right / n:6.2f} % (was {100 * was / n:6.2f})"
            line.append(f"{part} {figures} wrong {wrong} phantom {phantom} of {n}")
        print(f"{name:28s} " + " | ".join(line))


if __name__ == "__main__":
    main()
