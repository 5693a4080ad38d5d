"""``kostka board [--board FILE] [--out board.png] [--confirm]``: the Lezard board and deck file as a
picture, to compare with a real box.

The picture (``firmware.games.lezard.board_picture``) shows every square's number and colour from the
lizard's head, the lizards and every kind of card with its count. The shipped file is a best guess;
once the picture matches the box, ``--confirm`` prints the config line that records it
(``lezard_board_checked``, ``firmware.games.lezard.board_check``), and the box stops saying that the
board is unchecked. Without ``--board`` the file is the one the config's ``[game.rules.lezard]``
names as ``data_file`` (``--config``), else the shipped one.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from firmware.cli import add_lang, config_or_say, fail
from firmware.cli._table import file_problem
from firmware.errors import told
from firmware.messages.i18n import t, tn

SHIPPED = "rules/data/lezard.toml"


def add_parser(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str
) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "board", help=t("usage.board.help", lang), description=t("usage.board.about", lang)
    )
    parser.add_argument("--board", metavar=t("usage.meta.file", lang), help=t("usage.board.board", lang))
    parser.add_argument(
        "--out", type=Path, default=Path("lezard-board.png"), metavar="PNG", help=t("usage.board.out", lang)
    )
    parser.add_argument(
        "--config", type=Path, metavar=t("usage.meta.file", lang), help=t("usage.board.config", lang)
    )
    parser.add_argument("--confirm", action="store_true", help=t("usage.board.confirm", lang))
    add_lang(parser, lang)
    return parser


def run(args: argparse.Namespace) -> int:
    from firmware.games.lezard.board_check import CONFIG_KEY, fingerprint, unchecked
    from firmware.games.lezard.book import shipped_lezard_text
    from rules.lezard_board import LezardDataError, parse_lezard_data

    lang: str = args.lang
    config = config_or_say("board", args.config)
    if config is None:
        return 2
    path = args.board or config.game.rules_for("lezard").get("data_file")
    source = str(path) if path is not None else SHIPPED
    try:
        text = shipped_lezard_text() if path is None else Path(str(path)).read_text(encoding="utf-8")
        data = parse_lezard_data(text, source=source)
    except OSError as error:
        return fail(t("board.bad_file", lang, path=source, reason=file_problem(error, lang)))
    except UnicodeDecodeError:
        return fail(t("board.bad_file", lang, path=source, reason=t("file.not_text", lang)))
    except LezardDataError as error:
        return fail(told(error, lang))
    if args.confirm:
        print(t("board.confirm", lang, source=source, line=f'{CONFIG_KEY} = "{fingerprint(data)}"'))
        return 0
    from firmware.games.lezard.board_picture import board_picture

    if args.out.is_dir():
        return fail(t("board.bad_out", lang, path=args.out, reason=t("file.folder", lang)))
    try:
        board_picture(data, source, lang).save(args.out)
    except (OSError, ValueError) as error:
        reason = (
            file_problem(error, lang)
            if isinstance(error, OSError)
            else t("cli.board.bad_ext", lang, ext=args.out.suffix or args.out.name)
        )
        return fail(t("board.bad_out", lang, path=args.out, reason=reason))
    squares, cards = tn("board.n_squares", len(data.board), lang), tn("board.n_cards", sum(data.counts), lang)
    print(t("board.written", lang, path=args.out, squares=squares, cards=cards))
    if unchecked(data, config.lezard_board_checked):
        print(t("board.unchecked", lang, source=source))
    return 0
