"""bench.bench_colour: ``--preset`` reads figure (1) and the cards on the preset asked for."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_preset_reaches_every_frame_it_reads(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two colour frames and one card frame of the easy preset: each rendered with that preset, and
    both figures' lines name it; without ``--preset`` they are the hardest preset's."""
    from bench import bench_colour

    render = bench_colour.render
    asked: list[tuple[str, str]] = []

    def noting(seed: int, difficulty: str, mode: str, **kwargs: object) -> object:
        asked.append((difficulty, mode))
        return render(seed, difficulty, mode, **kwargs)

    monkeypatch.setattr(bench_colour, "render", noting)
    quick = ["--frames", "2", "--teach-trials", "0", "--speed", "0", "--cards", "1"]
    monkeypatch.setattr(sys, "argv", ["bench.bench_colour", "--preset", "easy", *quick])
    bench_colour.main()
    out = capsys.readouterr().out
    assert asked == [("easy", "colours"), ("easy", "colours"), ("easy", "cards")]
    assert "easy preset, default profile, 2 frames: " in out
    assert "cards, easy preset, 1 frames: " in out

    asked.clear()
    monkeypatch.setattr(sys, "argv", ["bench.bench_colour", *quick])
    bench_colour.main()
    assert asked == [("hardest", "colours"), ("hardest", "colours"), ("hardest", "cards")]
    assert "hardest preset, default profile, 2 frames: " in capsys.readouterr().out
