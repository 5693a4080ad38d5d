"""The History screen, opened from the menu: each player's wins of games played on the first page
(the six with most wins), then the last games, one a page (PREV/NEXT turn the pages round, OK
goes back). The loop reads the summary (``ReadHistory``); until it comes, the screen says so.

>>> from firmware.history.summary import Finished, Summary
>>> from firmware.machine.state import RollNow
>>> summary = Summary((Finished("stonoga", ("Ala", "2"), ("2",), (9, 12)),), (("2", 1, 1), ("Ala", 0, 1)))
>>> view = history_view(HistoryPages(RollNow(), summary), "pl")
>>> [(row.name, row.value, row.leader) for row in view.rows], view.footer
([('Gracz 2', '1 z 1', True), ('Ala', '0 z 1', False)], 'Ostatnie gry ▶')
>>> history_view(HistoryPages(RollNow(), summary, 1), "en").text
'Nogi Stonogi: Player 2 won, 9:12'
"""

from __future__ import annotations

from dataclasses import replace

from firmware.games.guide import player_name
from firmware.games.registry import game
from firmware.history.summary import Summary
from firmware.machine.events import ButtonEvent
from firmware.machine.state import HistoryPages
from firmware.messages.i18n import t
from firmware.views import HelpView, MessageView, ScoreRow, ScoresView

SHOWN = 6
"""Players on the wins page, most wins first."""


def pages(summary: Summary) -> int:
    """The wins, then one page a game (one page saying there are none, if none)."""
    return 1 + len(summary.games)


def turned(screen: HistoryPages, event: ButtonEvent) -> HistoryPages:
    """PREV/NEXT turn the pages round."""
    if screen.summary is None:
        return screen
    step = 1 if event is ButtonEvent.NEXT else -1
    return replace(screen, page=(screen.page + step) % pages(screen.summary))


def history_view(screen: HistoryPages, lang: str) -> HelpView | MessageView | ScoresView:
    title = t("history.screen.title", lang)
    summary = screen.summary
    if summary is None:
        return MessageView(title, t("history.screen.reading", lang))
    if not summary.wins:
        return MessageView(title, t("history.screen.empty", lang))
    if screen.page == 0:
        most = summary.wins[0][1]
        rows = tuple(
            ScoreRow(player_name(name, lang), "", t("history.screen.wins", lang, wins=wins, games=games),
                     leader=wins == most and wins > 0)
            for name, wins, games in summary.wins[:SHOWN]
        )
        footer = t("history.screen.next", lang) if summary.games else ""
        return ScoresView(t("history.screen.wins_title", lang), rows, footer)
    else:
        played = summary.games[screen.page - 1]
        names = ", ".join(player_name(name, lang) for name in played.winners)
        won = t("history.won" if len(played.winners) == 1 else "history.tie", lang, names=names)
        text = t(
            "history.screen.game",
            lang,
            game=t(game(played.title).name_key, lang),
            won=won,
            scores=":".join(map(str, played.scores)),
        )
    return HelpView(title, text, screen.page, pages(summary))
