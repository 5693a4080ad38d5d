"""The moments of a table the café hears of, read from one step of the loop (pure functions).

A step is the state before, the event, the state after and the effects the machine asked for; the
machine itself knows nothing of the café. Each moment is an event name and its fields (JSON-able);
``table_state`` is what the table shows now (the retained state).

Event names: ``game_started``, ``roll_read``, ``move_confirmed``, ``move_undone``,
``game_finished``, ``game_abandoned``, ``camera_lost``, ``camera_back``.
"""

from __future__ import annotations

from typing import Any

from firmware.games.guide import player_name
from firmware.games.registry import rulebook_to_switches
from firmware.machine.effects import Effect, Finish
from firmware.machine.events import DiceRead
from firmware.machine.state import Appliance
from rules.match import Match

Moment = tuple[str, dict[str, Any]]


def names_of(match: Match[Any, Any]) -> list[str]:
    """The players' names as the board shows them (a seat the menu made is "Player N")."""
    return [player_name(name, "en") for name in match.players]


def result(match: Match[Any, Any]) -> dict[str, Any]:
    """A finished game: title, moves, winner (a name, or a list of names for a tie), scores, reason."""
    outcome = match.book.outcome(match.state)
    if outcome is None:
        raise ValueError("the game is not over")
    names = names_of(match)
    winners = [names[seat] for seat in outcome.winners]
    return {
        "game": match.book.title,
        "moves": len(match.moves),
        "winner": winners[0] if len(winners) == 1 else winners,
        "scores": dict(zip(names, outcome.scores, strict=True)),
        "reason": outcome.reason,
    }


def started(match: Match[Any, Any], *, resumed: bool = False) -> Moment:
    """``game_started``: the title, its rule switches and the players (``resumed`` after a restart)."""
    fields = {
        "game": match.book.title,
        "switches": rulebook_to_switches(match.book),
        "players": names_of(match),
        "moves": len(match.moves),
        "resumed": resumed,
    }
    return "game_started", fields


def _plain(face: object) -> int | str:
    return face if isinstance(face, int | str) else str(face)


def same_game(before: Match[Any, Any] | None, after: Match[Any, Any] | None) -> bool:
    """Whether ``after`` goes on the game of ``before`` (a move or an undo later), not a new one."""
    return before is not None and after is not None and before.states[0] is after.states[0]


def moments(before: Appliance, event: object, after: Appliance, effects: list[Effect]) -> list[Moment]:
    """What the café hears of one step, in the order it happened."""
    out: list[Moment] = []
    if before.camera_ok and not after.camera_ok:
        out.append(("camera_lost", {"reason": str(getattr(event, "reason", ""))}))
    if after.camera_ok and not before.camera_ok:
        out.append(("camera_back", {}))
    if isinstance(event, DiceRead):
        dice = event.reading.dice
        out.append(
            ("roll_read", {"faces": [_plain(d.face) for d in dice], "statuses": [d.status for d in dice]})
        )
    old, new = before.match, after.match
    if same_game(old, new):
        assert old is not None and new is not None
        for number in range(len(old.moves) + 1, len(new.moves) + 1):
            out.append(("move_confirmed", {"number": number, "move": new.moves[number - 1]}))
        for number in range(len(old.moves), len(new.moves), -1):
            out.append(("move_undone", {"number": number, "move": old.moves[number - 1]}))
    for effect in effects:
        if isinstance(effect, Finish):
            if effect.outcome is None:
                out.append(
                    ("game_abandoned", {"game": effect.match.book.title, "moves": len(effect.match.moves)})
                )
            else:
                out.append(("game_finished", result(effect.match)))
    if new is not None and not same_game(old, new):
        out.append(started(new))
    return out


def table_state(state: Appliance, finished: dict[str, Any] | None = None) -> dict[str, Any]:
    """The table now: ``status`` (``idle``, ``playing``, ``finished``), the game, players and moves,
    the camera, and the last game's result once it is finished."""
    match = state.match
    fields: dict[str, Any] = {"camera": "ok" if state.camera_ok else "lost"}
    if finished is not None:
        return {"status": "finished", **fields, **finished}
    if match is None:
        return {"status": "idle", **fields}
    return {
        "status": "playing",
        **fields,
        "game": match.book.title,
        "players": names_of(match),
        "moves": len(match.moves),
    }
