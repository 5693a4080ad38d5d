"""``kostka serve``: the history as a web page on this machine's network, read-only.

``kostka serve [--state DIR] [--host H] [--port P]``: ``/`` is a page of the games, the statistics
and the dice (the same words as ``kostka history``), ``/history.json`` the JSON document
(docs/history.md), ``/games.csv`` the games for a spreadsheet. Standard library only (``http.server``),
nothing fetched from elsewhere; each request reads the state folder afresh, without writing to it.
"""

from __future__ import annotations

import argparse
import html
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from firmware.cli import add_lang, fail
from firmware.messages.i18n import t

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


def make_server(folder: Path, host: str, port: int, lang: str) -> ThreadingHTTPServer:
    """A server of the history in ``folder`` (``serve_forever`` to run it, ``shutdown`` to stop)."""

    class Pages(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            if path == "/":
                self._send("text/html; charset=utf-8", page(folder, lang))
            elif path == "/history.json":
                self._send("application/json", document(folder, lang))
            elif path == "/games.csv":
                self._send("text/csv; charset=utf-8", games_csv(folder))
            else:
                self.send_error(404)

        def _send(self, kind: str, text: str) -> None:
            body = text.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            return

    return ThreadingHTTPServer((host, port), Pages)


def _read(folder: Path):  # type: ignore[no-untyped-def]
    from firmware.history.records import read_records
    from firmware.storage import read_archive

    return read_records(read_archive(folder))


def document(folder: Path, lang: str) -> str:
    from firmware.history import export
    from firmware.history.stats import dice_checks

    records, skipped = _read(folder)
    return export.to_json(export.document(records, skipped, dice_checks(records), lang))


def games_csv(folder: Path) -> str:
    from firmware.history import export

    records, _ = _read(folder)
    return export.to_csv(export.GAME_COLUMNS, export.game_rows(records))


def page(folder: Path, lang: str) -> str:
    """The page: the games (the most recent first), the statistics, the dice; plain HTML, no script."""
    from firmware.cli.history import dice_lines, game_lines, stats_lines
    from firmware.history.stats import dice_checks, standings

    records, skipped = _read(folder)
    finished = [r for r in records if r.finished_properly]
    games = [game_lines(r, lang) for r in reversed(finished)] or [[t("history.none", lang)]]
    sections = (
        (t("serve.games", lang), games),
        (t("serve.stats", lang), stats_lines(standings(records), lang)),
        (t("serve.dice", lang), dice_lines(dice_checks(records), lang)),
        (
            t("serve.skipped", lang),
            [[t("history.skipped.line", lang, id=s.id, why=s.why.said(lang))] for s in skipped],
        ),
    )
    body = []
    for title, items in sections:
        if not items:
            continue
        body.append(f"<h2>{html.escape(title)}</h2>")
        for lines in items:
            head, *rest = lines
            more = "".join(f"<br><small>{html.escape(line.strip())}</small>" for line in rest)
            body.append(f"<p>{html.escape(head)}{more}</p>")
    title = html.escape(t("history.screen.title", lang))
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Kostka: {title}</title><style>body{{font-family:sans-serif;max-width:60em;margin:1em auto;"
        "padding:0 1em}small{color:#555}</style></head>"
        f"<body><h1>Kostka: {title}</h1>{''.join(body)}</body></html>"
    )
