"""Golden readings and figures: what the reader and the commands say on a fixed set of inputs.

A snapshot holds, for one library set (OpenCV, numpy, ONNX Runtime versions) and one network runtime:

- ``readings``: every die (or card) that ``kostka read --json`` reports, as ``[face, status, confidence,
  x, y, w, h]``, for the test photos (tests/data/dice), seeded renderer frames of each mode and preset, and,
  where ../shared is present, the held-out halves (odd-numbered images) of the development photo sets and
  every image of the sets no network was trained on (with OpenCV's dnn, ``KOSTKA_RUNTIME=dnn``, the test
  photos and renderer frames only);
- ``commands``: the whole output of each of ``COMMANDS`` (games played on stand-ins and in the terminal,
  exact odds and advice);
- ``figures``: the lines that the command behind each accuracy figure prints (``FIGURES``), timing and
  file-path lines left out, on the runtime the product chooses (ONNX Runtime where it is installed).

``tests/test_golden.py`` recomputes a snapshot and compares it exactly with the stored one. A change that
moves a reading on purpose writes the snapshot again, in its own diff:

    .venv/bin/python tests/golden.py --write            # the stored snapshot of this library set
    KOSTKA_RUNTIME=dnn .venv/bin/python tests/golden.py --write
    .venv/bin/python tests/golden.py --table            # README.md's figures table from the snapshots
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from measure.photo_sets import NEWER_SETS, SETS

ROOT = Path(__file__).resolve().parent.parent
PHOTOS = ROOT.parent / "shared" / "data" / "dice-photos"
STORE = ROOT / "tests" / "data" / "golden"
PYTHON = sys.executable
KOSTKA = [PYTHON, "-m", "firmware"]

DEVELOPMENT_SETS = tuple(SETS)
"""Photo sets whose even-numbered images trained the networks: their odd-numbered half is held out."""
UNSEEN_SETS = tuple(NEWER_SETS)
"""Photo sets no network was trained on; the face-chance model was fitted on their tuning part, their
figures are those of the held-out part (``measure.split``)."""

RENDERED = (("pips", "default"), ("pips", "hardest"), ("colours", "hardest"), ("cards", "hardest"))
"""Renderer frames pinned: (mode, preset), ``RENDERED_COUNT`` frames each from seed 1."""
RENDERED_COUNT = 12


@dataclass(frozen=True)
class Figure:
    """One accuracy figure: the command that prints it (``{photos}`` stands for ../shared's photo sets)."""

    key: str
    what: str
    target: str
    command: str
    needs_photos: bool = False

    def argv(self) -> list[str]:
        words = [w.replace("{photos}", str(PHOTOS)) for w in shlex.split(self.command)]
        if words[0] == "kostka":
            return [*KOSTKA, *words[1:]]
        return [PYTHON, *words[1:]] if words[0] == "python" else words

    def shown(self) -> str:
        """The command as a user types it in the checkout."""
        shown = self.command.replace("{photos}", "../shared/data/dice-photos")
        return ".venv/bin/" + shown if shown.startswith("python ") else shown


def _eval(set_name: str, half: bool, target: str, what: str) -> Figure:
    """A development set's odd-numbered half (``half``), or another set's held-out part."""
    part = ("--every", "2", "--offset", "1") if half else ("--part", "held-out")
    return Figure(
        f"pips/{set_name}" if half else f"pips/{set_name}/held-out",
        what,
        target,
        " ".join(("kostka eval", f"{{photos}}/{set_name}", *part)),
        needs_photos=True,
    )


BENCH_COLOUR = "python -m bench.bench_colour --speed 0"
FIGURES: tuple[Figure, ...] = (
    _eval("byler-mixed-tray", True, "99.5 / 0.2 %", "pips, byler held-out half (mixed bodies, tray)"),
    _eval("matteo-white-on-wood", True, "99.5 / 0.2 %", "pips, matteo held-out half (white dice, webcam)"),
    _eval("gissur-red-in-box", True, "99.5 / 0.2 %", "pips, gissur held-out half (red dice in a box)"),
    _eval("rune55-cup-stacked", False, "90 / 0.2 %", "pips, rune55 held-out part (stacked and leaning dice)"),
    _eval("dice3-oblique-translucent", False, "report / 0.2 %", "pips, dice3 held-out part (slanted photos)"),
    _eval(
        "casino-translucent-crops", False, "95 / 0.2 %", "pips, casino crops held-out part (translucent dice)"
    ),
    Figure(
        "colours/hardest",
        "colour dice, renderer's hardest preset (200 frames)",
        "99.5 / 0.2 %",
        f"{BENCH_COLOUR} --frames 200 --teach-trials 0",
    ),
    Figure(
        "colours/taught",
        "colour dice taught under one light, read under another (20 kits)",
        "99 / 0.5 %",
        f"{BENCH_COLOUR} --frames 0 --teach-trials 20 --reads 10",
    ),
    Figure(
        "cards/hardest",
        "Lezard cards, renderer's hardest preset (200 frames)",
        "99.5 / 0.2 %",
        f"{BENCH_COLOUR} --frames 0 --teach-trials 0 --cards 200",
    ),
    Figure(
        "cards/taught-3",
        "Lezard cards taught under one light, read under another (40 kits, paints strayed 3)",
        "99 / 0.5 %",
        f"{BENCH_COLOUR} --frames 0 --teach-trials 0 --cards-teach-trials 40 --cards-teach-jitter 3",
    ),
    Figure(
        "cards/taught-4",
        "Lezard cards taught under one light, read under another (40 kits, paints strayed 4)",
        "99 / 0.5 %",
        f"{BENCH_COLOUR} --frames 0 --teach-trials 0 --cards-teach-trials 40 --cards-teach-jitter 4",
    ),
    Figure(
        "colours/photos",
        "colour mode on the photos' Nogi Stonogi-coloured bodies (odd / even images)",
        "99 / 0.5 %",
        "python -m bench.eval_colour_photos",
        needs_photos=True,
    ),
)

COMMANDS: tuple[str, ...] = (
    *(
        f"kostka demo --auto --json --game {g} --seed {seed}"
        for g in ("shut-the-box", "stonoga", "lezard")
        for seed in (1, 2)
    ),
    "kostka demo --auto --json --reader vision --game shut-the-box --seed 3",
    "kostka demo --auto --json --reader vision --game stonoga --seed 2",
    "kostka demo --auto --json --reader vision --game lezard --seed 2",
    "kostka play shut-the-box --players bot:Ala,bot:Olek --auto-dice --seed 7 --lang pl",
    "kostka play stonoga --players bot:Ala,bot:Olek --auto-dice --seed 7 --lang en --steal",
    "kostka play lezard --players bot:Ala,bot:Olek,bot:Ewa --auto-dice --seed 7 --lang pl",
    "kostka odds shut-the-box --json",
    "kostka odds shut-the-box --one-die low --json",
    "kostka odds shut-the-box --flaps 6 --one-die always --json",
    "kostka odds stonoga --at-least 3 --json",
    "kostka advise shut-the-box --open 1,2,5,7 --roll 3,4 --goal shut --json",
    "kostka advise shut-the-box --open 1,2,3,4,5,6,7,8,9 --roll 6,6 --goal penalty",
)
"""Commands whose whole output is pinned (a game played on stand-ins, in the terminal, exact odds)."""

_NOT_PINNED = re.compile(
    r"median ms|failures picture|reliability diagram|networks on|no failures to show|^\s*$"
)
"""Lines of a figure's output that are not pinned: timings, where pictures went, the runtime's name."""


def library_set() -> str:
    """The libraries a snapshot holds for, e.g. ``opencv-5.0.0-numpy-2.4-onnxruntime-1.32.0``."""
    import cv2
    import numpy as np

    numpy = ".".join(np.__version__.split(".")[:2])
    return f"opencv-{cv2.__version__}-numpy-{numpy}-{runtime_key()}"


def runtime_key() -> str:
    """The network runtime the commands choose here: ``onnxruntime-VERSION`` or ``dnn``
    (``$KOSTKA_RUNTIME``, as the commands read it)."""
    import importlib.util

    if os.environ.get("KOSTKA_RUNTIME") == "dnn" or importlib.util.find_spec("onnxruntime") is None:
        return "dnn"
    import onnxruntime

    return f"onnxruntime-{onnxruntime.__version__}"


def store_path() -> Path:
    return STORE / f"{library_set()}.json"


def photos_present() -> bool:
    return all((PHOTOS / name / "labels.csv").is_file() for name in DEVELOPMENT_SETS + UNSEEN_SETS)


def _run(argv: Sequence[str], cwd: Path = ROOT) -> str:
    env = dict(os.environ, PYTHONHASHSEED="0")
    result = subprocess.run(list(argv), cwd=cwd, capture_output=True, text=True, env=env, check=False)
    if result.returncode not in (0, 1):  # 1: an unreadable image, reported in the output
        raise RuntimeError(f"{' '.join(argv)} exited {result.returncode}:\n{result.stderr[-2000:]}")
    return result.stdout


def _images(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png"))


def _read(mode: str, images: Sequence[Path], relative_to: Path) -> dict[str, list[list[Any]]]:
    """``kostka read --json`` of ``images`` in ``mode``: image name -> its dice."""
    out: dict[str, list[list[Any]]] = {}
    for line in _run([*KOSTKA, "read", "--json", "--mode", mode, *map(str, images)]).splitlines():
        got = json.loads(line)
        name = Path(got["image"]).relative_to(relative_to).as_posix()
        if "error" in got:
            out[name] = [["error", got["error"]]]
            continue
        out[name] = [
            [json.dumps(d["face"], sort_keys=True), d["status"], d["confidence"], *d["box"]]
            for d in got["dice"]
        ]
    return out


def _rendered(mode: str, preset: str, folder: Path) -> Path:
    where = folder / f"{mode}-{preset}"
    _run([PYTHON, "-m", "bench.synth_sheet", "--folder", str(where), "--count", str(RENDERED_COUNT),
          "--mode", mode, "--preset", preset, "--seed", "1"])  # fmt: skip
    return where


def reading_jobs(tmp: Path) -> list[tuple[str, Callable[[], dict[str, list[list[Any]]]]]]:
    """(section name, job) for every group of pinned readings."""
    data = ROOT / "tests" / "data" / "dice"
    jobs: list[tuple[str, Callable[[], dict[str, list[list[Any]]]]]] = [
        ("test-photos/pips", lambda: _read("pips", sorted(data.rglob("*.jpg")), data)),
        ("test-photos/colours", lambda: _read("colours", sorted((data / "images").glob("IMG_*.jpg")), data)),
    ]
    for mode, preset in RENDERED:
        jobs.append((f"rendered/{mode}-{preset}", _rendered_job(mode, preset, tmp)))
    if photos_present() and runtime_key() != "dnn":  # OpenCV's dnn: the test photos and frames only
        for name in DEVELOPMENT_SETS:
            jobs.append((f"held-out/{name}", _photos_job(name, every=2, offset=1)))
        for name in UNSEEN_SETS:
            jobs.append((f"unseen/{name}", _photos_job(name, every=1, offset=0)))
    return jobs


def _rendered_job(mode: str, preset: str, tmp: Path) -> Callable[[], dict[str, list[list[Any]]]]:
    def job() -> dict[str, list[list[Any]]]:
        where = _rendered(mode, preset, tmp)
        return _read(mode, _images(where), where)

    return job


def _photos_job(name: str, every: int, offset: int) -> Callable[[], dict[str, list[list[Any]]]]:
    def job() -> dict[str, list[list[Any]]]:
        folder = PHOTOS / name / "images"
        return _read("pips", _images(folder)[offset::every], folder)

    return job


def figure_lines(figure: Figure, tmp: Path) -> list[str]:
    """What the figure's command prints, but the lines not pinned; its pictures go to ``tmp``."""
    pictures = tmp / figure.key.replace("/", "-")
    argv = figure.argv()
    if figure.command.startswith("kostka eval"):
        argv += ["--failures", str(pictures.with_suffix(".jpg"))]
    elif "eval_colour_photos" in figure.command:
        argv += ["--failures", str(pictures)]
    return [line.rstrip() for line in _run(argv).splitlines() if not _NOT_PINNED.search(line)]


def command_output(command: str) -> list[str]:
    """What ``command`` (``kostka ...``) prints, line by line."""
    return _run([*KOSTKA, *shlex.split(command)[1:]]).splitlines()


PARTS = ("readings", "commands", "figures")


def compute(only: Iterable[str] = PARTS, workers: int = 2) -> dict[str, Any]:
    """A snapshot of this checkout with this library set (what ``tests/test_golden.py`` compares)."""
    only = set(only)
    snapshot: dict[str, Any] = {
        "library_set": library_set(),
        "runtime": runtime_key(),
        "photos": photos_present(),
    }
    with tempfile.TemporaryDirectory(prefix="kostka-golden-") as name, ThreadPoolExecutor(workers) as pool:
        tmp = Path(name)
        readings = {k: pool.submit(job) for k, job in reading_jobs(tmp)} if "readings" in only else {}
        if "figures" not in only or runtime_key() == "dnn":  # figures: the product's runtime only
            wanted = []
        else:
            wanted = [f for f in FIGURES if photos_present() or not f.needs_photos]
        figures = {f.key: pool.submit(figure_lines, f, tmp) for f in wanted}
        commands = {c: pool.submit(command_output, c) for c in COMMANDS} if "commands" in only else {}
        if readings:
            snapshot["readings"] = {k: v.result() for k, v in readings.items()}
        if figures:
            snapshot["figures"] = {k: v.result() for k, v in figures.items()}
        if commands:
            snapshot["commands"] = {k: v.result() for k, v in commands.items()}
    return snapshot


def load(path: Path | None = None) -> dict[str, Any] | None:
    path = path or store_path()
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def write(snapshot: dict[str, Any], path: Path | None = None) -> Path:
    path = path or store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    old = load(path) or {}
    for part in PARTS:  # a partial snapshot keeps the stored rest
        if part not in snapshot and part in old:
            snapshot[part] = old[part]
    path.write_text(
        json.dumps(snapshot, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    return path


_SHARE = re.compile(r"(\d+) (?:dice|cards), correct ok ([\d.]+)%, silent errors ([\d.]+)%")
_HALF = re.compile(r"^all sets (even|odd): .*?correct ok \d+ \(([\d.]+)%\).*silent errors overall ([\d.]+)%")


def summary(key: str, lines: Sequence[str]) -> str:
    """A figure's printed lines as one cell: ``correct / silent %`` and what they were counted on."""
    text = "\n".join(lines)
    if key.startswith("pips/"):
        labelled = re.search(r"(\d+) labelled dice", text)
        right = re.search(r"correct ok\s+(\d+)\s+([\d.]+)%", text)
        silent = re.search(r"silent errors\s+\d+\s+([\d.]+)%", text)
        assert labelled and right and silent, f"{key}: {text}"
        return f"{right[2]} / {silent[1]} % ({right[1]} of {labelled[1]})"
    if key == "colours/photos":
        halves = {m[1]: f"{m[2]} / {m[3]} %" for m in (_HALF.search(line) for line in lines) if m}
        return f"odd {halves['odd']}, even {halves['even']}"
    found = _SHARE.search(lines[0])
    assert found, f"{key}: {text}"
    return f"{found[2]} / {found[3]} % (of {found[1]})"


def figures_table() -> str:
    """The README's figures table, drawn from the stored snapshots of the product's runtime."""
    stored = [load(p) for p in sorted(STORE.glob("*.json"), reverse=True)]
    sets = [s for s in stored if s is not None and s["runtime"] != "dnn" and "figures" in s]
    head = " | ".join(_libraries(s["library_set"]) for s in sets)
    rows = [f"| figure | {head} | target | command |", "|---" * (len(sets) + 3) + "|"]
    for figure in FIGURES:
        cells = [
            summary(figure.key, s["figures"][figure.key]) if figure.key in s["figures"] else "-" for s in sets
        ]
        rows.append(f"| {figure.what} | {' | '.join(cells)} | {figure.target} | `{figure.shown()}` |")
    return "\n".join(rows)


def _libraries(name: str) -> str:
    """``opencv-4.11.0-numpy-1.24-onnxruntime-1.32.0`` as a column's head: ``OpenCV 4.11.0, numpy 1.24``."""
    words = name.split("-")
    return f"OpenCV {words[1]}, numpy {words[3]}"


README = ROOT / "README.md"
MARKS = ("<!-- figures -->\n", "<!-- /figures -->")


def readme_with_table(text: str) -> str:
    """``text`` (the README) with the figures table between its marks drawn anew."""
    before, rest = text.split(MARKS[0], 1)
    after = rest.split(MARKS[1], 1)[1]
    return f"{before}{MARKS[0]}{figures_table()}\n{MARKS[1]}{after}"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--write", action="store_true", help="store the snapshot of this library set")
    parser.add_argument("--only", choices=PARTS, action="append", help="compute only this part")
    parser.add_argument(
        "--table", action="store_true", help="draw README.md's figures table from the snapshots"
    )
    args = parser.parse_args()
    if args.table:
        README.write_text(readme_with_table(README.read_text(encoding="utf-8")), encoding="utf-8")
        print(figures_table())
        return 0
    snapshot = compute(args.only or PARTS)
    if args.write:
        print(f"wrote {write(snapshot)}")
    else:
        print(json.dumps(snapshot, indent=1, sort_keys=True, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
