"""Learnt dice: the pip reader adapted to the players' own dice from the faces they confirmed.

An *example* is one die's crop (``example_crop``: the closer classifier's 96x96 square, the die 60
pixels across) and the face a player confirmed. Adapting fits a *head* per face classifier: a
linear map of the log-chances of the faces 1-6 (``Head``; a matrix scaling, held towards the
identity, which is the shipped classifier itself), fitted by numpy in well under a second. The
chances of "cocked" and "no die" are left as the classifier gives them: a head only decides
between faces, never whether a die is there or leans.

A *guard* (``adapt``) holds back a quarter of the examples at a time, fits a head on the rest and
reads the held-back crops with it as the reader would (``vision.pips.trust.judge``). It refuses the
adaptation when it reads one held-back die wrong and ``ok`` that the shipped classifiers did not,
or reads fewer of them right; the shipped readers are then kept. A ``Learnt`` profile records the
face classifiers' digests and the mode: a profile of other networks is refused (``check``).

>>> import numpy as np
>>> views = np.array([[0.1, 0.5, 0.3, 0.05, 0.05, 0.0, 0.0, 0.0]], np.float32)
>>> np.allclose(Head.identity().apply(views), views, atol=1e-5)
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.errors import ProfileError
from vision.frame import Pyramid
from vision.networks import SHIPPED, Networks, digest
from vision.pips.dice_net import Candidate
from vision.pips.face_net import CLOSE_CROP, CLOSE_DIE, FACE_CROP, class_probs, load_face_net
from vision.pips.settings import PIPS, PipSettings
from vision.pips.trust import closer_turns, judge
from vision.reading import Face, Status

FORMAT = "kostka-learnt-profile"
VERSION = 1
FACES = 6
"""The classes a head decides between: the faces 1-6 (the classifiers' first six)."""
CROP = CLOSE_CROP
DIE = CLOSE_DIE
"""An example's crop: the closer classifier's square, the die ``DIE`` pixels across."""
TURNS = 4
"""Views of each example by the closer classifier (turned by 90 degrees each), as many as it may be
asked for (``PipSettings.arbiter_views``); the first classifier's head is fitted on ``FIRST_TURNS``."""
FIRST_TURNS = 2
"""Views of each example by the first classifier: as many as the reader shows it (``face_views``)."""
PULLS = (1024.0, 256.0, 64.0, 16.0)
"""How hard a head may be held towards the identity (the shipped classifier): the weight of the squared
distance of its numbers from the identity's, against the summed log-loss of the examples' views. A
weak pull on few examples makes a head too sure of itself (on the casino crops, 16 added silent
errors that 64 did not), so the guard tries each."""
FOLDS = 4
"""The guard holds back one example in ``FOLDS`` at a time."""
FEW = "too few examples"
SILENT = "it read a held-back die wrong that the shipped readers did not"
FEWER = "it read fewer held-back dice right than the shipped readers"
REFUSALS = {FEW: "scarce", SILENT: "silent", FEWER: "fewer_right"}
"""The guard's reasons to refuse, and a short word for each (the firmware's catalogue keys)."""
FLOOR = 1e-6
"""The least chance a face's log is taken of."""


@dataclass(frozen=True)
class Head:
    """A linear map of one classifier's log-chances of the faces 1-6 (``weights`` 6x6, ``bias`` 6)."""

    weights: tuple[tuple[float, ...], ...]
    bias: tuple[float, ...]

    @staticmethod
    def identity() -> Head:
        eye = np.eye(FACES)
        return Head(tuple(tuple(float(v) for v in row) for row in eye), (0.0,) * FACES)

    def apply(self, views: NDArray[np.float32]) -> NDArray[np.float32]:
        """The views (rows of the classifier's chances) with their faces' share redistributed."""
        views = np.asarray(views, np.float32)
        faces = views[:, :FACES].astype(np.float64)
        total = faces.sum(axis=1, keepdims=True)
        logits = _logs(faces) @ np.asarray(self.weights).T + np.asarray(self.bias)
        out = views.copy()
        out[:, :FACES] = (total * _softmax(logits)).astype(np.float32)
        return out


def _logs(faces: NDArray[Any]) -> NDArray[np.float64]:
    shares = faces / np.maximum(faces.sum(axis=1, keepdims=True), FLOOR)
    return np.asarray(np.log(np.maximum(shares, FLOOR)), np.float64)


def _softmax(logits: NDArray[Any]) -> NDArray[np.float64]:
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return np.asarray(e / e.sum(axis=1, keepdims=True), np.float64)


def fit_head(
    views: NDArray[np.float32], faces: NDArray[np.int_], pull: float = PULLS[0], steps: int = 60
) -> Head:
    """A head fitted to ``views`` (rows of a classifier's chances) of dice showing ``faces`` (1-6):
    Newton's method on the log-loss plus ``pull`` times the squared distance from the identity."""
    x = _logs(np.asarray(views, np.float64)[:, :FACES])
    x = np.hstack([x, np.ones((len(x), 1))])  # the bias as a last input
    y = np.eye(FACES)[np.asarray(faces) - 1]
    prior = np.hstack([np.eye(FACES), np.zeros((FACES, 1))])
    w = prior.copy()
    size = w.size
    cols = x.shape[1]

    def objective(w: NDArray[np.float64]) -> float:
        logits = x @ w.T
        top = logits.max(axis=1, keepdims=True)
        log_p = logits - top - np.log(np.exp(logits - top).sum(axis=1, keepdims=True))
        return float(-(y * log_p).sum() + pull / 2 * ((w - prior) ** 2).sum())

    now = objective(w)
    for _ in range(steps):
        p = _softmax(x @ w.T)
        gradient = ((p - y).T @ x + pull * (w - prior)).ravel()
        # the Hessian of the multinomial log-loss: sum over rows of (diag p - p p^T) kron x x^T
        hessian = np.zeros((size, size))
        for a in range(FACES):
            for b in range(a, FACES):
                block = (x * (p[:, a] * ((a == b) - p[:, b]))[:, None]).T @ x
                hessian[a * cols : (a + 1) * cols, b * cols : (b + 1) * cols] = block
                hessian[b * cols : (b + 1) * cols, a * cols : (a + 1) * cols] = block.T
        move = np.linalg.solve(hessian + pull * np.eye(size), gradient).reshape(w.shape)
        step = 1.0
        while step > 1e-4 and objective(w - step * move) > now:
            step /= 2  # a full Newton step may overshoot where the chances saturate
        w = w - step * move
        before, now = now, objective(w)
        if before - now < 1e-7 * max(1.0, abs(now)):
            break
    return Head(
        tuple(tuple(float(v) for v in row[:FACES]) for row in w), tuple(float(v) for v in w[:, FACES])
    )


@dataclass(frozen=True)
class Learnt:
    """What the reader learnt from the players' dice: a head for the face classifier and one for the
    closer classifier, the digests of the files they were fitted to, the mode, how many examples."""

    first: Head
    closer: Head
    networks: tuple[tuple[str, str], ...]
    examples: int
    mode: str = "pips"

    def check(self, networks: Networks = SHIPPED) -> None:
        """Raise ``ProfileError`` unless ``networks`` hold the very classifiers this was fitted to."""
        if dict(self.networks) != classifier_digests(networks):
            raise ProfileError.of("learnt.other_networks")

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "mode": self.mode,
                "networks": dict(self.networks),
                "examples": self.examples,
                "first": {"weights": [list(r) for r in self.first.weights], "bias": list(self.first.bias)},
                "closer": {"weights": [list(r) for r in self.closer.weights], "bias": list(self.closer.bias)},
            },
            indent=1,
        )

    @staticmethod
    def from_json(text: str) -> Learnt:
        """Parse a learnt profile; ``ProfileError`` says what is wrong with a damaged or foreign text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ProfileError.of("learnt.not_json", line=error.lineno, column=error.colno) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProfileError.of("learnt.not_learnt", format=FORMAT)
        if data.get("version") != VERSION:
            raise ProfileError.of("learnt.version", version=repr(data.get("version")), expected=VERSION)
        mode = data.get("mode")
        if mode != "pips":
            raise ProfileError.of("learnt.mode", mode=mode)
        nets = data.get("networks")
        if not isinstance(nets, dict) or not nets or not all(isinstance(v, str) for v in nets.values()):
            raise ProfileError.of("learnt.no_networks")
        examples = data.get("examples")
        if not isinstance(examples, int) or examples < 1:
            raise ProfileError.of("learnt.examples", examples=repr(examples))
        return Learnt(
            _head(data.get("first"), "first"),
            _head(data.get("closer"), "closer"),
            tuple(sorted((str(k), str(v)) for k, v in nets.items())),
            examples,
            mode,
        )


def _head(entry: Any, name: str) -> Head:
    if not isinstance(entry, dict):
        raise ProfileError.of("learnt.head.not_object", head=name)
    weights, bias = entry.get("weights"), entry.get("bias")
    if (
        not isinstance(weights, list)
        or len(weights) != FACES
        or not all(isinstance(r, list) and len(r) == FACES for r in weights)
        or not isinstance(bias, list)
        or len(bias) != FACES
    ):
        raise ProfileError.of("learnt.head.size", head=name, faces=FACES)
    numbers = [v for r in weights for v in r] + bias
    if not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in numbers):
        raise ProfileError.of("learnt.head.not_finite", head=name)
    return Head(tuple(tuple(float(v) for v in r) for r in weights), tuple(float(v) for v in bias))


def classifier_digests(networks: Networks = SHIPPED) -> dict[str, str]:
    """The SHA-256 of the face classifiers' files that ``networks`` read with, by file name."""
    found = {networks.face_net().name: digest(networks.face_net())}
    close = networks.close_face_net()
    if close is not None:
        found[close.name] = digest(close)
    return found


def example_crop(pyramid: Pyramid, x: float, y: float, size: float) -> NDArray[np.uint8]:
    """An example's crop of the die at ``(x, y)`` of side ``size`` (frame pixels)."""
    return pyramid.crop(DIE / size, (x, y), CROP)


@dataclass
class Views:
    """Each example's views by both classifiers: ``first`` (n, FIRST_TURNS, 8), ``closer`` (n, TURNS, 8)."""

    first: NDArray[np.float32]
    closer: NDArray[np.float32] | None


def views_of(crops: Sequence[NDArray[np.uint8]], networks: Networks = SHIPPED) -> Views:
    """Both classifiers' views of each example's crop, as it is and turned by 90 degrees each."""
    # both crops hold the die in the same share of their side (40 of 64, 60 of 96)
    small = [
        np.asarray(cv2.resize(_square(c), (FACE_CROP, FACE_CROP), interpolation=cv2.INTER_AREA), np.uint8)
        for c in crops
    ]
    first = _turned(load_face_net(networks.face_net(), networks), small, FIRST_TURNS)
    close = networks.close_face_net()
    squares = [_square(c) for c in crops]
    closer = None if close is None else _turned(load_face_net(close, networks), squares, TURNS)
    return Views(first, closer)


def _square(crop: NDArray[np.uint8]) -> NDArray[np.uint8]:
    if crop.shape[:2] != (CROP, CROP):
        return np.asarray(cv2.resize(crop, (CROP, CROP), interpolation=cv2.INTER_AREA), np.uint8)
    return crop


def _turned(net: Any, crops: list[NDArray[np.uint8]], turns: int) -> NDArray[np.float32]:
    if not crops:
        return np.zeros((0, turns, 8), np.float32)
    turned = [np.ascontiguousarray(np.rot90(c, k)) for c in crops for k in range(turns)]
    probs = np.concatenate([class_probs(net, turned[i : i + 256]) for i in range(0, len(turned), 256)])
    return probs.reshape(len(crops), turns, -1)


_STAND_IN = Candidate(CROP / 2, CROP / 2, DIE, 1.0, (0.0,) * 7, (0.0,) * 7)
"""An example as the reader's judge sees it: a sure find, as big as its neighbours, in the frame."""


def example_verdict(
    first: NDArray[np.float32],
    closer: NDArray[np.float32] | None,
    learnt: tuple[Head, Head] | None,
    settings: PipSettings = PIPS,
) -> tuple[Face, Status]:
    """How the reader would read one example's crop from its views (``Views``), with a head pair
    (first, closer) or the shipped classifiers (None)."""
    views = first[:1] if float(first[0].max()) >= settings.sure_at_first else first[: settings.face_views]
    if learnt is not None:
        views = learnt[0].apply(views)
    turns = closer_turns(_STAND_IN, views, DIE, settings)
    asked = None
    if turns and closer is not None:
        asked = closer[:turns] if learnt is None else learnt[1].apply(closer[:turns])
    verdict = judge(_STAND_IN, views, DIE, settings, closer=asked)
    if verdict is None:
        return None, "uncertain"
    return verdict[0], verdict[2]


@dataclass
class Tried:
    """The guard's count on held-back examples: right and ``ok``, silent errors (wrong and ``ok``)."""

    right: int = 0
    silent: int = 0
    examples: int = 0

    def add(self, face: Face, status: Status, truth: int) -> None:
        self.examples += 1
        if status == "ok":
            if face == truth:
                self.right += 1
            else:
                self.silent += 1


@dataclass
class Adaptation:
    """What ``adapt`` made: the profile, or None when the guard refused (``why``), and its counts."""

    learnt: Learnt | None
    shipped: Tried
    adapted: Tried
    added_silent: int
    why: str = ""
    seconds: dict[str, float] = field(default_factory=dict)
    pull: float = 0.0


def _fit(views: Views, faces: NDArray[np.int_], rows: NDArray[np.int_], pull: float) -> tuple[Head, Head]:
    labels = np.repeat(faces[rows], views.first.shape[1])
    first = fit_head(views.first[rows].reshape(-1, views.first.shape[2]), labels, pull)
    if views.closer is None:
        return first, Head.identity()
    labels = np.repeat(faces[rows], views.closer.shape[1])
    return first, fit_head(views.closer[rows].reshape(-1, views.closer.shape[2]), labels, pull)


def _guarded(
    views: Views, truth: NDArray[np.int_], pull: float, settings: PipSettings
) -> tuple[Tried, Tried, int]:
    """The shipped and adapted counts over every held-back fold, and the silent errors added."""
    shipped, adapted, added = Tried(), Tried(), 0
    order = np.arange(len(truth))
    for fold in range(FOLDS):
        held, rest = order[order % FOLDS == fold], order[order % FOLDS != fold]
        if not len(held) or not len(rest):
            continue
        heads = _fit(views, truth, rest, pull)
        for k in held:
            closer = None if views.closer is None else views.closer[k]
            before = example_verdict(views.first[k], closer, None, settings)
            after = example_verdict(views.first[k], closer, heads, settings)
            shipped.add(*before, int(truth[k]))
            adapted.add(*after, int(truth[k]))
            wrong = after[1] == "ok" and after[0] != truth[k]
            added += wrong and not (before[1] == "ok" and before[0] != truth[k])
    return shipped, adapted, added


def adapt(
    crops: Sequence[NDArray[np.uint8]],
    faces: Sequence[int],
    networks: Networks = SHIPPED,
    settings: PipSettings = PIPS,
    views: Views | None = None,
) -> Adaptation:
    """Fit heads to the examples (``crops`` and confirmed ``faces`` 1-6), guarded as the module
    docstring says, held towards the identity by each of ``PULLS`` in turn: the one that reads the
    most held-back dice right without a silent error the shipped readers did not make is kept.
    ``views``: the examples' ``views_of`` when already known."""
    import time

    started = time.process_time()
    truth = np.asarray(faces, np.int_)
    if len(crops) != len(truth) or not all(1 <= f <= FACES for f in truth):
        raise ValueError("every example needs one face 1-6")
    views = views or views_of(crops, networks)
    seen = time.process_time()
    tried = [(pull, *_guarded(views, truth, pull, settings)) for pull in PULLS]
    fair = [t for t in tried if not t[3] and t[2].right >= t[1].right]
    pull, shipped, adapted, added = (
        max(fair, key=lambda t: (t[2].right, -t[2].silent, t[0])) if fair else tried[0]
    )
    why = ""
    if len(truth) < FOLDS:
        why = FEW
    elif added:
        why = SILENT
    elif adapted.right < shipped.right:
        why = FEWER
    learnt = None
    if not why:
        first, closer = _fit(views, truth, np.arange(len(truth)), pull)
        nets = tuple(sorted(classifier_digests(networks).items()))
        learnt = Learnt(first, closer, nets, len(truth))
    done = time.process_time()
    return Adaptation(
        learnt, shipped, adapted, added, why, {"views": seen - started, "fit": done - seen}, pull
    )
