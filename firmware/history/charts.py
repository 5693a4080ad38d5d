"""The charts of ``kostka serve``'s page, drawn as inline SVG (no script, nothing fetched).

``wins_chart``: for each game, a bar per player, the games played in grey and the games won over it.
``face_chart``: a set of dice's faces, a bar each for how often it came up, and a line where a fair
die would put them all.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from firmware.history.fairness import Check
from firmware.history.stats import Standing
from firmware.messages.i18n import t

WIDTH = 720
ROW = 26
"""A player's bar, in pixels with its gap."""
LABEL = 160
"""Room for a player's name left of the bars."""
PLAYED = "#d5d9de"
WON = "#2f7d4f"
FAIR = "#b3261e"


def _text(x: float, y: float, words: str, anchor: str = "start", size: int = 14) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
        f'font-family="sans-serif" fill="#222">{html.escape(words)}</text>'
    )


def _svg(height: int, title: str, parts: Sequence[str]) -> str:
    return (
        f'<svg role="img" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}">'
        f"<title>{html.escape(title)}</title>{_text(0, 18, title, size=15)}{''.join(parts)}</svg>"
    )


def wins_chart(rows: Sequence[Standing], lang: str) -> str:
    """One chart a game: each player's games (grey) and wins (green), labelled "wins of games"."""
    from firmware.games.guide import player_name

    charts = []
    titles = list(dict.fromkeys(row.title for row in rows))
    for title in titles:
        players = [row for row in rows if row.title == title]
        most = max(row.games for row in players) or 1
        room = WIDTH - LABEL - 110
        parts = []
        for i, row in enumerate(players):
            y = 32 + i * ROW
            played = room * row.games / most
            won = room * row.wins / most
            parts.append(_text(LABEL - 8, y + 15, player_name(row.player, lang), "end"))
            parts.append(
                f'<rect x="{LABEL}" y="{y}" width="{played:.1f}" height="{ROW - 6}" fill="{PLAYED}"/>'
            )
            parts.append(f'<rect x="{LABEL}" y="{y}" width="{won:.1f}" height="{ROW - 6}" fill="{WON}"/>')
            said = t("history.screen.wins", lang, wins=row.wins, games=row.games)
            parts.append(_text(LABEL + played + 8, y + 15, said))
        name = t("game." + title.replace("-", "_"), lang)
        charts.append(_svg(40 + len(players) * ROW, t("serve.chart.wins", lang, game=name), parts))
    return "".join(charts)


def face_chart(dice: str, names: Sequence[str], check: Check, lang: str) -> str:
    """A bar a face (``names`` as the person reads them), its count above it, and the fair share
    (the rolls over the faces) as a line."""
    top, bottom, height = 48, 210, 240
    most = max([*check.counts, 1])
    fair = check.rolls / len(check.counts)
    scale = (bottom - top) / max(most, fair, 1)
    step = (WIDTH - 40) / len(check.counts)
    parts = []
    for i, (name, count) in enumerate(zip(names, check.counts, strict=True)):
        x = 20 + i * step
        tall = count * scale
        parts.append(
            f'<rect x="{x + step * 0.15:.1f}" y="{bottom - tall:.1f}" width="{step * 0.7:.1f}" '
            f'height="{tall:.1f}" fill="{WON}"/>'
        )
        parts.append(_text(x + step / 2, bottom - tall - 6, str(count), "middle"))
        parts.append(_text(x + step / 2, bottom + 20, name, "middle"))
    line = bottom - fair * scale
    parts.append(
        f'<line x1="20" x2="{WIDTH - 20}" y1="{line:.1f}" y2="{line:.1f}" stroke="{FAIR}" '
        'stroke-width="2" stroke-dasharray="8 5"/>'
    )
    title = t("serve.chart.faces", lang, dice=t(f"history.dice.{dice}", lang))
    return _svg(height, title, parts)
