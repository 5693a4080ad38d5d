"""``kostka serve``: the history as a web page on this machine's network, read-only.

``kostka serve [--state DIR] [--host H] [--port P]``: ``/`` is a page of the games, the statistics
and the dice (the same words as ``kostka history``), ``/history.json`` the JSON document
(docs/history.md), ``/games.csv`` the games for a spreadsheet, ``/table`` the game being played
(``firmware.history.live``). Standard library only (``http.server``),
nothing fetched from elsewhere; each request sees the state folder as it is, without writing to it
(``firmware.history.kept``: only what changed is read again). Many games come in pages of
``GAMES_A_PAGE``; the wins and the dice's faces are drawn as charts (inline SVG made here).
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING

from firmware.cli import add_lang, fail
from firmware.errors import KostkaError
from firmware.messages.i18n import t

if TYPE_CHECKING:
    from firmware.history.kept import Summary

HOST = "127.0.0.1"
"""Only this machine, unless ``--host`` says otherwise (``0.0.0.0``: the whole network)."""
PORT = 8080


def add_parser(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str
) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "serve", help=t("usage.serve.help", lang), description=t("usage.serve.about", lang)
    )
    dir_ = t("usage.meta.dir", lang)
    parser.add_argument("--state", type=Path, metavar=dir_, help=t("usage.history.state", lang))
    parser.add_argument("--host", default=HOST, help=t("usage.serve.host", lang))
    parser.add_argument("--port", type=int, default=PORT, help=t("usage.serve.port", lang))
    add_lang(parser, lang)
    return parser


def run(args: argparse.Namespace) -> int:
    from firmware.cli.history import state_folder

    lang: str = args.lang
    folder = state_folder(args.state)
    if folder is None:
        return fail(t("history.no_state", lang, path=args.state), "serve")
    if not 0 <= args.port <= 65535:
        return fail(t("serve.bad_port", lang, port=args.port), "serve")
    try:
        server = make_server(folder, args.host, args.port, lang)
    except OSError as error:
        return fail(
            t("serve.cannot_listen", lang, host=args.host, port=args.port, why=error.strerror), "serve"
        )
    with server:
        url = f"http://{args.host}:{server.server_port}/"
        print(t("serve.listening", lang, url=url), file=sys.stderr)
        server.serve_forever()
    return 0


GAMES_A_PAGE = 50
"""Games on one page, the most recent first; ``/?page=2`` the next ones."""


def make_server(folder: Path, host: str, port: int, lang: str) -> ThreadingHTTPServer:
    """A server of the history in ``folder`` (``serve_forever`` to run it, ``shutdown`` to stop)."""
    from firmware.history.kept import Kept
    from firmware.history.live import live, table_page

    kept = Kept(folder)
    made: dict[str, tuple[int, str]] = {}  # what was made of a version of the history

    def once(name: str, version: int, make: Callable[[], str]) -> str:
        if made.get(name, (0, ""))[0] != version:
            made[name] = (version, make())
        return made[name][1]

    class Pages(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            try:
                self._answer()
            except KostkaError as error:  # a folder it may not read, a damaged file: said, not a stack
                self._send("text/plain; charset=utf-8", error.message(lang) + "\n", 503)

        def _answer(self) -> None:
            path, _, query = self.path.partition("?")
            now = kept.now()
            if path == "/":
                self._send("text/html; charset=utf-8", page(now, lang, page_number(query)))
            elif path == "/table":
                self._send("text/html; charset=utf-8", table_page(lang))
            elif path == "/live.json":
                self._send("application/json", json.dumps(live(folder, lang), ensure_ascii=False))
            elif path == "/history.json":
                self._send("application/json", once("json", now.version, lambda: document(now, lang)))
            elif path == "/games.csv":
                self._send("text/csv; charset=utf-8", once("csv", now.version, lambda: games_csv(now)))
            else:
                self.send_error(404)

        def _send(self, kind: str, text: str, status: int = 200) -> None:
            body = text.encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            return

    return ThreadingHTTPServer((host, port), Pages)


def page_number(query: str) -> int:
    """``page=N`` of the query (1 when absent or not a number)."""
    for pair in query.split("&"):
        name, _, value = pair.partition("=")
        if name == "page" and value.isdigit():
            return max(1, int(value))
    return 1


def document(now: Summary, lang: str) -> str:
    from firmware.history import export

    return export.to_json(export.document(list(now.records), list(now.skipped), now.dice, lang))


def games_csv(now: Summary) -> str:
    from firmware.history import export

    return export.to_csv(export.GAME_COLUMNS, export.game_rows(list(now.records)))


def page(now: Summary, lang: str, number: int = 1) -> str:
    """The page: the games (the most recent first, ``GAMES_A_PAGE`` of them from page ``number``),
    the statistics with a chart of the wins, the dice with a chart of their faces; no script."""
    from firmware.cli.history import dice_lines, face_names, game_lines, stats_lines
    from firmware.history.charts import face_chart, wins_chart

    finished = [r for r in reversed(now.records) if r.finished_properly]
    pages = max(1, -(-len(finished) // GAMES_A_PAGE))
    number = min(number, pages)
    first = (number - 1) * GAMES_A_PAGE
    shown = finished[first : first + GAMES_A_PAGE]
    games = [game_lines(r, lang) for r in shown] or [[t("history.none", lang)]]
    body = [f"<h2>{html.escape(t('serve.games', lang))}</h2>"]
    if len(finished) > GAMES_A_PAGE:
        body.append(_pager(number, pages, first, len(shown), len(finished), lang))
    body.extend(_paragraph(lines) for lines in games)
    if now.standings:
        body.append(f"<h2>{html.escape(t('serve.stats', lang))}</h2>")
        body.append(wins_chart(now.standings, lang))
        body.extend(_paragraph(lines) for lines in stats_lines(list(now.standings), lang))
    if now.dice:
        body.append(f"<h2>{html.escape(t('serve.dice', lang))}</h2>")
        for (dice, check), lines in zip(now.dice.items(), dice_lines(now.dice, lang), strict=True):
            body.append(face_chart(dice, face_names(dice, lang), check, lang))
            body.append(_paragraph(lines))
    if now.skipped:
        body.append(f"<h2>{html.escape(t('serve.skipped', lang))}</h2>")
        body.extend(
            _paragraph([t("history.skipped.line", lang, id=s.id, why=s.why.said(lang))]) for s in now.skipped
        )
    title = html.escape(t("history.screen.title", lang))
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Kostka: {title}</title><style>body{{font-family:sans-serif;max-width:60em;margin:1em auto;"
        "padding:0 1em}small{color:#555}svg{display:block;max-width:100%;height:auto;margin:.5em 0}"
        "nav a{margin:0 1em}</style></head>"
        f"<body><h1>Kostka: {title}</h1>"
        f'<p><a href="/table">{html.escape(t("serve.table.title", lang))}</a></p>'
        f"{''.join(body)}</body></html>"
    )


def _paragraph(lines: list[str]) -> str:
    head, *rest = lines
    more = "".join(f"<br><small>{html.escape(line.strip())}</small>" for line in rest)
    return f"<p>{html.escape(head)}{more}</p>"


def _pager(number: int, pages: int, first: int, shown: int, total: int, lang: str) -> str:
    links = [html.escape(t("serve.page", lang, first=first + 1, last=first + shown, total=total))]
    if number > 1:
        links.insert(0, f'<a href="?page={number - 1}">{html.escape(t("serve.newer", lang))}</a>')
    if number < pages:
        links.append(f'<a href="?page={number + 1}">{html.escape(t("serve.older", lang))}</a>')
    return f"<nav>{' '.join(links)}</nav>"
