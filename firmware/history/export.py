"""The history as data a spreadsheet or a program reads: one JSON document, or CSV tables.

The JSON document's schema is described in docs/history.md; ``SCHEMA_VERSION`` grows by one when
a field changes meaning or goes away (fields may be added within a version). Exact figures are
fractions written ``"num/den"`` beside their float.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from firmware.history.fairness import BIAS, Check
from firmware.history.records import Record, Skipped
from firmware.history.stats import Standing, standings

SCHEMA_VERSION = 1
"""The version of the JSON document (``schema_version``)."""


def figure(value: Fraction) -> dict[str, Any]:
    """An exact figure: ``{"exact": "1/3", "value": 0.333...}``."""
    return {"exact": f"{value.numerator}/{value.denominator}", "value": float(value)}


def play(row: Standing) -> dict[str, Any]:
    """One player's choices against the best (and Shut the Box's luck), as JSON."""
    out: dict[str, Any] = {
        "choices": row.choices,
        "best_moves": row.matched,
        "given": {name: figure(value) for name, value in sorted(row.given.items())},
    }
    if row.turns:
        out["shut_the_box"] = {
            "turns": row.turns,
            "shuts": row.shuts,
            "perfect_play_shuts": figure(row.p_perfect),
            "luck": figure(row.luck),
        }
    return out


def game(record: Record) -> dict[str, Any]:
    """One game of the history, as JSON."""
    rows = {row.player: row for row in standings([record])}
    return {
        "id": record.id,
        "game": record.title,
        "switches": record.switches,
        "players": list(record.players),
        "language": record.language,
        "started": record.started.isoformat(),
        "finished": record.finished.isoformat(),
        "duration_s": record.seconds,
        "outcome": record.reason,
        "scores": list(record.scores),
        "winners": list(record.winners),
        "moves": record.moves,
        "play": {name: play(rows[name]) for name in record.players if name in rows},
    }


def stat(row: Standing) -> dict[str, Any]:
    """One player's statistics in one game, as JSON."""
    return {
        "game": row.title,
        "player": row.player,
        "games": row.games,
        "wins": row.wins,
        "win_rate": figure(row.win_rate),
        "average_score": figure(row.average),
        "best_score": row.best,
        **play(row),
    }


def dice(name: str, check: Check) -> dict[str, Any]:
    """One set of dice tested, as JSON."""
    return {
        "dice": name,
        "rolls": check.rolls,
        "counts": list(check.counts),
        "chi_square": check.chi2,
        "p_value": check.p_value,
        "verdict": check.verdict,
        "bias": BIAS,
        "more_rolls_to_see_bias": check.more,
    }


def document(
    records: Sequence[Record], skipped: Sequence[Skipped], checks: dict[str, Check], lang: str
) -> dict[str, Any]:
    """Everything ``kostka history --json`` prints (docs/history.md)."""
    return {
        "schema_version": SCHEMA_VERSION,
        "games": [game(r) for r in records if r.finished_properly],
        "stats": [stat(row) for row in standings(records)],
        "dice": [dice(name, check) for name, check in checks.items()],
        "skipped": [{"id": s.id, "why": s.why.said(lang)} for s in skipped],
    }


def to_json(doc: dict[str, Any]) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=1)


GAME_COLUMNS = (
    "id",
    "game",
    "switches",
    "started",
    "finished",
    "duration_s",
    "outcome",
    "players",
    "scores",
    "winners",
    "moves",
    "choices",
    "best_moves",
)
STAT_COLUMNS = (
    "game",
    "player",
    "games",
    "wins",
    "win_rate",
    "average_score",
    "best_score",
    "choices",
    "best_moves",
    "given_p_shut",
    "given_expected_penalty",
    "given_expected_boots",
    "turns",
    "shuts",
    "perfect_play_shuts",
    "luck",
)
DICE_COLUMNS = (
    "dice",
    "rolls",
    "face_1",
    "face_2",
    "face_3",
    "face_4",
    "face_5",
    "face_6",
    "chi_square",
    "p_value",
    "verdict",
    "more_rolls_to_see_bias",
)


def to_csv(columns: Sequence[str], rows: Sequence[dict[str, Any]]) -> str:
    """Rows as CSV with a header line; lists joined with ``;`` (one cell per value a spreadsheet
    can sort), decimals with a point."""
    out = io.StringIO()
    writer = csv.DictWriter(out, columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def game_rows(records: Sequence[Record]) -> list[dict[str, Any]]:
    out = []
    for record in records:
        if not record.finished_properly:
            continue
        data = game(record)
        out.append(
            {
                **data,
                "switches": json.dumps(record.switches, ensure_ascii=False, sort_keys=True),
                "players": ";".join(record.players),
                "scores": ";".join(map(str, record.scores)),
                "winners": ";".join(record.winners),
                "choices": ";".join(str(p["choices"]) for p in data["play"].values()),
                "best_moves": ";".join(str(p["best_moves"]) for p in data["play"].values()),
            }
        )
    return out


def stat_rows(records: Sequence[Record]) -> list[dict[str, Any]]:
    out = []
    for row in standings(records):
        given = row.given
        out.append(
            {
                "game": row.title,
                "player": row.player,
                "games": row.games,
                "wins": row.wins,
                "win_rate": float(row.win_rate),
                "average_score": float(row.average),
                "best_score": row.best,
                "choices": row.choices,
                "best_moves": row.matched,
                **{
                    f"given_{name}": float(given.get(name, 0))
                    for name in ("p_shut", "expected_penalty", "expected_boots")
                },
                "turns": row.turns,
                "shuts": row.shuts,
                "perfect_play_shuts": float(row.p_perfect),
                "luck": float(row.luck) if row.turns else "",
            }
        )
    return out


def dice_rows(checks: dict[str, Check]) -> list[dict[str, Any]]:
    return [
        {**dice(name, check), **{f"face_{i + 1}": count for i, count in enumerate(check.counts)}}
        for name, check in checks.items()
    ]
