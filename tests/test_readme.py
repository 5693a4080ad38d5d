"""The README promises exactly two set-up commands; CI must run the second one verbatim."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _setup_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Set up and run", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, flags=re.S)]


def test_readme_has_exactly_two_setup_commands() -> None:
    commands = _setup_commands()
    assert len(commands) == 2, commands
    assert all("\n" not in c for c in commands), "each set-up command is one line"


def test_ci_runs_the_readme_test_command() -> None:
    test_command = _setup_commands()[1]
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_command in ci_lines


def test_main_job_command_uses_an_existing_verb() -> None:
    from firmware.cli import build_parser

    main_job = _setup_commands()[0]
    argv = main_job.split("kostka ", 1)[1].split()
    parser = build_parser()
    args = parser.parse_args(argv)
    assert callable(args.run)


def test_figures_table_is_drawn_from_the_golden_snapshots() -> None:
    """README.md's figures table is the one the stored snapshots give (``tests/golden.py --table``)."""
    import golden

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert golden.readme_with_table(text) == text, "draw it anew: .venv/bin/python tests/golden.py --table"


def test_readme_is_short() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 250
