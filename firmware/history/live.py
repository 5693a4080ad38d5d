"""The table now, for ``kostka serve``'s ``/table`` page: the game the box is playing, read from the
state folder without writing (``read_current``), as the box's scores screen says it.

``live`` is the ``/live.json`` document: the game, the players with their scores so far (the leader
marked), whose turn it is, the number of moves and the last one; ``{"playing": false}`` when no game
runs. ``table_page`` is the page that asks for it every ``EVERY_MS`` (a few lines of script, shipped
with the page) and writes it in, without a reload.

The OLED's screen itself is not shown: the box draws it into the display's memory and keeps no copy
anywhere a server could read.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from firmware.errors import KostkaError
from firmware.games.guide import player_name
from firmware.games.registry import guide_for
from firmware.messages.i18n import t
from firmware.storage import read_current

EVERY_MS = 2000


def live(folder: Path, lang: str) -> dict[str, Any]:
    try:
        saved = read_current(folder)
    except KostkaError as error:
        return {"playing": False, "said": error.message(lang)}
    if saved is None:
        return {"playing": False, "said": t("serve.table.none", lang)}
    match = saved.match
    guide = guide_for(match.book)
    view = guide.scores_view(match, lang)
    moves = match.moves
    turn = player_name(match.players[guide.turn(match.state)], lang) if not view.footer else ""
    said = t("serve.table.moves", lang, n=len(moves), last=moves[-1] if moves else "–")
    return {
        "playing": True,
        "game": t("game." + saved.title.replace("-", "_"), lang),
        "title": view.title,
        "players": [{"name": r.name, "score": r.value, "leader": r.leader} for r in view.rows],
        "footer": view.footer,
        "turn": turn,
        "moves": len(moves),
        "last_move": moves[-1] if moves else "",
        "said": said + (" · " + t("serve.table.turn", lang, name=turn) if turn else ""),
    }


SCRIPT = """
async function ask() {
  try {
    const now = await (await fetch("live.json", {cache: "no-store"})).json();
    document.getElementById("game").textContent = now.playing ? now.game + ": " + now.title : "";
    document.getElementById("said").textContent = now.said;
    const rows = document.getElementById("players");
    rows.replaceChildren(...(now.players || []).map(p => {
      const row = document.createElement("tr");
      for (const text of [p.name, p.score]) {
        const cell = document.createElement("td"); cell.textContent = text; row.append(cell);
      }
      if (p.leader) row.className = "leader";
      return row;
    }));
  } catch (e) { document.getElementById("said").textContent = "…"; }
}
ask(); setInterval(ask, EVERY);
"""


def table_page(lang: str) -> str:
    title = html.escape(t("serve.table.title", lang))
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Kostka: {title}</title><style>body{{font-family:sans-serif;max-width:40em;margin:1em auto;"
        "padding:0 1em;font-size:1.4em}td{padding:.2em 1em .2em 0}.leader{font-weight:bold;color:#2f7d4f}"
        "</style></head>"
        f'<body><h1>Kostka: {title}</h1><h2 id="game"></h2><table id="players"></table><p id="said"></p>'
        f'<p><a href="/">{html.escape(t("history.screen.title", lang))}</a></p>'
        f"<script>{SCRIPT.replace('EVERY', str(EVERY_MS))}</script></body></html>"
    )
