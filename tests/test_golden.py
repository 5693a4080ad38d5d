"""The golden snapshot (``tests/golden.py``): every pinned reading and figure recomputed and compared exactly.

A snapshot is stored per library set (OpenCV, numpy and the network runtime: tests/data/golden/). A
change that moves a reading or a figure on purpose writes the snapshot again, in its own diff
(``.venv/bin/python tests/golden.py --write``). On a library set with no stored snapshot the faces and
statuses must agree with a stored one on nearly every die, and each figure's counts within a point.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from typing import Any

import golden
import pytest

pytestmark = pytest.mark.slow

AGREE = 0.98
"""On an unknown library set: the share of pinned dice whose face and status must match a stored snapshot."""
POINTS = 1.0
"""On an unknown library set: how far (percentage points) a figure may lie from a stored snapshot's."""


@pytest.fixture(scope="module", params=["product", "dnn"])
def runtime(request: pytest.FixtureRequest) -> Iterator[str]:
    """The runtime the commands choose (ONNX Runtime where installed), then OpenCV's dnn."""
    before = os.environ.get("KOSTKA_RUNTIME")
    if request.param == "dnn":
        os.environ["KOSTKA_RUNTIME"] = "dnn"
    try:
        yield request.param
    finally:
        if before is None:
            os.environ.pop("KOSTKA_RUNTIME", None)
        else:
            os.environ["KOSTKA_RUNTIME"] = before


@pytest.fixture(scope="module")
def now(runtime: str) -> dict[str, Any]:
    return golden.compute()


@pytest.fixture(scope="module")
def stored(now: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The stored snapshot of this library set (exact: True), else the nearest stored one (exact: False)."""
    exact = golden.load()
    if exact is not None:
        return exact, True
    others = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(golden.STORE.glob("*.json"))]
    if not others:
        pytest.fail("no golden snapshot stored; write one with: python tests/golden.py --write")
    runtime = golden.runtime_key().split("-")[0]
    same_runtime = [s for s in others if s["runtime"].split("-")[0] == runtime]
    return (same_runtime or others)[-1], False


def _sections(now: dict[str, Any], part: str) -> Iterator[str]:
    yield from sorted(now.get(part, {}))


def test_every_section_is_pinned(now: dict[str, Any], stored: tuple[dict[str, Any], bool]) -> None:
    snapshot, _ = stored
    for part in golden.PARTS:
        missing = sorted(set(now.get(part, {})) - set(snapshot.get(part, {})))
        assert not missing, f"{part} not in the stored snapshot (write it): {missing}"
    if now["photos"]:
        assert snapshot["photos"], "the stored snapshot was written without ../shared's photos"


def test_readings_are_the_golden_ones(now: dict[str, Any], stored: tuple[dict[str, Any], bool]) -> None:
    snapshot, exact = stored
    moved: list[str] = []
    dice = agree = 0
    for section in _sections(now, "readings"):
        want, got = snapshot["readings"][section], now["readings"][section]
        assert sorted(got) == sorted(want), f"{section}: other images than pinned"
        for image in sorted(want):
            dice += max(len(want[image]), 1)
            if got[image] == want[image]:
                agree += max(len(want[image]), 1)
                continue
            moved.append(f"{section}/{image}: pinned {want[image]}, now {got[image]}")
            if len(got[image]) == len(want[image]):
                agree += sum(g[:2] == w[:2] for g, w in zip(got[image], want[image], strict=True))
    if exact:
        assert not moved, f"{len(moved)} images read otherwise than pinned:\n" + "\n".join(moved[:20])
    else:
        assert agree >= AGREE * dice, f"{dice - agree} of {dice} dice read otherwise:\n" + "\n".join(
            moved[:20]
        )


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def test_commands_print_the_golden_output(now: dict[str, Any], stored: tuple[dict[str, Any], bool]) -> None:
    snapshot, _ = stored
    for command in _sections(now, "commands"):
        assert now["commands"][command] == snapshot["commands"][command], f"{command} prints otherwise"


def test_figures_are_the_golden_ones(now: dict[str, Any], stored: tuple[dict[str, Any], bool]) -> None:
    snapshot, exact = stored
    for key in _sections(now, "figures"):
        want, got = snapshot["figures"][key], now["figures"][key]
        if exact:
            assert got == want, (
                f"{key}: the command now prints\n" + "\n".join(got) + "\ninstead of\n" + "\n".join(want)
            )
            continue
        assert len(got) == len(want), f"{key}: {got} against {want}"
        for g, w in zip(got, want, strict=True):
            assert _NUMBER.sub("#", g) == _NUMBER.sub("#", w), f"{key}: {g!r} against {w!r}"
            for a, b in zip(_NUMBER.findall(g), _NUMBER.findall(w), strict=True):
                if "." in a:  # a percentage; counts follow from them
                    assert abs(float(a) - float(b)) <= POINTS, f"{key}: {g!r} against {w!r}"
