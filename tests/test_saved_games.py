"""Games saved by an earlier version of Kostka resume: tests/data/saved-games/TITLE/games.db, each an
unfinished game of one title, with the moves and the position it must come back to in expected.json."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from firmware.storage import GameStore

SAVED = Path(__file__).parent / "data" / "saved-games"
EXPECTED = json.loads((SAVED / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("title", sorted(EXPECTED))
def test_a_saved_game_resumes_at_its_last_move(title: str, tmp_path: Path) -> None:
    shutil.copy(SAVED / title / "games.db", tmp_path / "games.db")
    with GameStore(tmp_path) as store:
        saved = store.current()
    assert saved is not None
    match = saved.match
    assert match.book.title == title
    assert list(match.moves) == EXPECTED[title]["moves"]
    assert repr(match.state) == EXPECTED[title]["state"]
    assert match.book.to_act(match.state) == EXPECTED[title]["to_act"]
    assert match.book.legal_moves(match.state) or match.book.chance_outcomes(match.state)
