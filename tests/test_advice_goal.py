"""Shut the Box's advice goal: the box and ``kostka play`` follow the game's scoring (the lowest
expected penalty) unless the setting says ``shut``, and both mark the same best move."""

from __future__ import annotations

import pytest

from firmware.app import make_setup
from firmware.cli import build_parser
from firmware.config import config_from_toml
from firmware.games.shut_the_box.table import table_from_args
from firmware.machine.state import Appliance, Choose, GameMenu, Setup
from firmware.machine.views import view_of
from rules.match import Match
from rules.shut_the_box import DEFAULT_GOAL, Shut, ShutTheBox

# With flaps 1-4 open and a roll of 1 and 4, shutting 1 and 4 gives the best chance to shut the box
# but shutting 2 and 3 the lowest expected penalty (found by trying every position).
OPEN, ROLL = (1, 2, 3, 4), "1 4"
BEST = {"shut": (1, 4), "penalty": (2, 3)}


def _position() -> Match[ShutTheBox, object]:
    """One turn in which flaps 5-9 went first, then the roll of 1 and 4."""
    moves = ["3 5", "shut 8", "3 4", "shut 7", "3 3", "shut 6", "2 3", "shut 5", "4 5", "shut 9", ROLL]
    match: Match[ShutTheBox, object] = Match.replay(ShutTheBox(), ["Ala"], moves)
    assert match.state.open_flaps == OPEN
    return match


def _box_best(setup: Setup) -> tuple[int, ...]:
    match = _position()
    state = Appliance(setup, GameMenu(), "en", match=match)
    advice = state.guide.advise(match.state)
    view = view_of(Appliance(setup, Choose(advice), "en", match=match))
    assert view.marked == (0,)  # type: ignore[union-attr]
    move = advice[0].move
    assert isinstance(move, Shut)
    return move.flaps


def test_the_game_scores_penalties_so_the_advice_lowers_the_penalty_by_default() -> None:
    assert DEFAULT_GOAL == "penalty"
    assert Setup(()).goal == DEFAULT_GOAL
    assert config_from_toml("").game.goal == DEFAULT_GOAL
    args = build_parser().parse_args(["play", "shut-the-box"])
    assert table_from_args(args).goal == DEFAULT_GOAL


@pytest.mark.parametrize("goal", ["penalty", "shut"])
def test_the_box_and_play_mark_the_same_best_move_for_the_goal_set(goal: str) -> None:
    config = config_from_toml(f'[game]\ngoal = "{goal}"\n')
    setup = make_setup(config)
    assert setup.goal == goal
    assert _box_best(setup) == BEST[goal]
    args = build_parser().parse_args(["play", "shut-the-box", "--goal", goal])
    table = table_from_args(args)
    played = table.advise(_position().state)
    assert [a.move for a in played if a.best] == [Shut(BEST[goal])]


def test_the_list_says_which_figure_it_shows() -> None:
    match = _position()
    for goal, unit in (("penalty", "avg penalty"), ("shut", "chance to shut")):
        setup = Setup((ShutTheBox(),), goal)
        advice = Appliance(setup, GameMenu(), "en", match=match).guide.advise(match.state)
        view = view_of(Appliance(setup, Choose(advice), "en", match=match))
        assert view.unit == unit  # type: ignore[union-attr]
        assert all(r.endswith("%") for r in view.right) == (goal == "shut")  # type: ignore[union-attr]
