"""``kostka history``: the finished games the box saved, their statistics and the dice's fairness.

``kostka history [--stats | --dice] [--json | --csv] [--game G] [--player P] [--state DIR]``: the
games (date, game, rules, players, scores, winner, duration, best moves), or each player's
statistics, or every set of dice's faces tested. ``--json`` prints one document with all three
(docs/history.md); ``--csv`` the view chosen, for a spreadsheet. The state folder is read without
being written, so the box may play meanwhile.
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from pathlib import Path

from firmware.cli import add_lang, fail
from firmware.games.guide import player_name
from firmware.games.registry import TITLES
from firmware.history.fairness import FACES, MIN_EXPECTED, Check
from firmware.history.records import Record
from firmware.history.stats import Standing, dice_checks, standings
from firmware.messages.i18n import t, tn
from firmware.messages.numbers import number, percent


def add_parser(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str
) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "history", help=t("usage.history.help", lang), description=t("usage.history.about", lang)
    )
    view = parser.add_mutually_exclusive_group()
    view.add_argument("--stats", action="store_true", help=t("usage.history.stats", lang))
    view.add_argument("--dice", action="store_true", help=t("usage.history.dice", lang))
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help=t("usage.history.json", lang))
    out.add_argument("--csv", action="store_true", help=t("usage.history.csv", lang))
    parser.add_argument("--game", choices=TITLES, help=t("usage.history.game", lang))
    parser.add_argument("--player", metavar=t("usage.meta.name", lang), help=t("usage.history.player", lang))
    parser.add_argument(
        "--state", type=Path, metavar=t("usage.meta.dir", lang), help=t("usage.history.state", lang)
    )
    add_lang(parser, lang)
    return parser


def state_folder(given: Path | None) -> Path | None:
    """The box's state folder: ``given``, else where ``kostka run`` keeps it; None when ``given`` is
    not a folder (a typing slip: the verb says so, rather than showing an empty history)."""
    from firmware.config import default_state_dir

    if given is None:
        return default_state_dir()
    return given if given.is_dir() else None


def run(args: argparse.Namespace) -> int:
    from firmware.history import export
    from firmware.history.records import read_records
    from firmware.storage import read_archive

    lang: str = args.lang
    folder = state_folder(args.state)
    if folder is None:
        return fail(t("history.no_state", lang, path=args.state), "history")
    records, skipped = read_records(read_archive(folder))
    for lost in skipped:
        print(t("history.skipped.line", lang, id=lost.id, why=lost.why.said(lang)), file=sys.stderr)
    records = [r for r in records if _wanted(r, args.game, args.player, lang)]
    checks = dice_checks(records)
    if args.json:
        print(export.to_json(export.document(records, skipped, checks, lang)))
    elif args.csv and args.stats:
        print(export.to_csv(export.STAT_COLUMNS, export.stat_rows(records)), end="")
    elif args.csv and args.dice:
        print(export.to_csv(export.DICE_COLUMNS, export.dice_rows(checks)), end="")
    elif args.csv:
        print(export.to_csv(export.GAME_COLUMNS, export.game_rows(records)), end="")
    elif args.stats:
        _print_stats(standings(records), lang)
    elif args.dice:
        _print_dice(checks, lang)
    else:
        _print_games(records, lang)
    return 0


def _wanted(record: Record, title: str | None, player: str | None, lang: str) -> bool:
    """Of game ``title`` (any), with ``player`` (any) at the table: as saved, or as shown ("Gracz 2")."""
    names = {name.casefold() for seat in record.players for name in (seat, player_name(seat, lang))}
    return (title is None or record.title == title) and (player is None or player.casefold() in names)


def _print_games(records: list[Record], lang: str) -> None:
    shown = [r for r in records if r.finished_properly]
    if not shown:
        print(t("history.none", lang))
    for record in reversed(shown):
        for line in game_lines(record, lang):
            print(line)


def game_lines(record: Record, lang: str) -> list[str]:
    """One game in words: its line, then each player's best moves and what the others cost."""
    names = ", ".join(player_name(name, lang) for name in record.winners)
    won = t("history.won" if len(record.winners) == 1 else "history.tie", lang, names=names)
    rules = rules_words(record, lang)
    minutes, seconds = divmod(record.seconds, 60)
    lines = [
        t(
            "history.game.line",
            lang,
            date=record.started.astimezone().strftime("%Y-%m-%d %H:%M"),
            game=t("game." + record.title.replace("-", "_"), lang),
            rules=f" ({', '.join(rules)})" if rules else "",
            scores=", ".join(
                f"{player_name(name, lang)} {score}"
                for name, score in zip(record.players, record.scores, strict=False)
            ),
            won=won,
            duration=t("history.duration", lang, m=minutes, s=seconds),
        )
    ]
    for row in standings([record]):
        lines += ["    " + line for line in play_lines(row, lang)]
    return lines


def rules_words(record: Record, lang: str) -> list[str]:
    """The game's rule switches in words (Shut the Box as ``kostka play`` says them)."""
    from firmware.games.registry import rulebook_from_switches

    if record.title == "shut-the-box":
        from firmware.games.shut_the_box.table import ShutTheBoxTable

        table = ShutTheBoxTable(rulebook_from_switches(record.title, record.switches))  # type: ignore[arg-type]
        goal = t(f"play.box.rule.goal.{table.goal}", lang)
        return [word for word in table.rules_words(lang) if word != goal]
    if record.title == "stonoga":
        words = [
            t(f"history.switch.{name}", lang)
            for name in ("stealing", "may_decline")
            if record.switches.get(name)
        ]
        if record.switches.get("target"):
            words.append(t("history.switch.target", lang, tile=record.switches["target"]))
        return words
    return []


def play_lines(row: Standing, lang: str) -> list[str]:
    """A player's best moves and what the other choices gave away; Shut the Box's luck."""
    lines = []
    if row.choices:
        given = [_given(name, value, lang) for name, value in sorted(row.given.items()) if value]
        name = player_name(row.player, lang)
        best = t("history.player_best", lang, name=name, n=row.matched, of=row.choices)
        lines.append(best + (f" ({', '.join(given)})" if given else ""))
    if row.turns:
        lines.append(
            t(
                "history.luck",
                lang,
                name=player_name(row.player, lang),
                turns=tn("history.turns", row.turns, lang),
                shuts=row.shuts,
                perfect=number(row.p_perfect, lang, 2),
                p_start=percent(row.p_perfect / row.turns, lang),
                given=number(row.given.get("p_shut", Fraction(0)), lang, 2),
                luck=_signed(row.luck, lang),
            )
        )
    return lines


def _given(name: str, value: Fraction, lang: str) -> str:
    if name.startswith("p_"):
        return t(f"history.given.{name}", lang, pct=percent(value, lang))
    return t(f"history.given.{name}", lang, x=number(value, lang, 2))


def _signed(value: Fraction, lang: str) -> str:
    return ("+" if value >= 0 else "−") + number(abs(value), lang, 2)


def _print_stats(rows: list[Standing], lang: str) -> None:
    if not rows:
        print(t("history.stats.none", lang))
    for lines in stats_lines(rows, lang):
        print("\n".join([lines[0], *("    " + line for line in lines[1:])]))


def stats_lines(rows: list[Standing], lang: str) -> list[list[str]]:
    """Each player's statistics in one game: a line, then their moves against the best."""
    return [
        [
            t(
                "history.stats.line",
                lang,
                game=t("game." + row.title.replace("-", "_"), lang),
                name=player_name(row.player, lang),
                games=tn("history.games", row.games, lang),
                wins=tn("history.wins", row.wins, lang),
                rate=percent(row.win_rate, lang),
                average=number(row.average, lang, 1),
                best=row.best,
            ),
            *play_lines(row, lang),
        ]
        for row in rows
    ]


def face_names(dice: str, lang: str) -> list[str]:
    """The six faces of a set of dice as the person reads them: 1-6, or the colours (short)."""
    from firmware.games.stonoga.colours import COLOURS

    if dice == "pips":
        return [str(face) for face in range(1, FACES + 1)]
    return [t(f"colour.{colour}.short", lang) for colour in COLOURS]


def verdict(dice: str, check: Check, lang: str) -> str:
    """The test's outcome in plain words, and how many more rolls a bias would need."""
    names = face_names(dice, lang)
    after = tn("history.after", check.rolls, lang)
    if check.verdict == "too_few":
        said = t(
            "history.verdict.too_few",
            lang,
            rolls=tn("history.rolls", check.rolls, lang),
            need=FACES * MIN_EXPECTED,
        )
    else:
        top = names[max(range(FACES), key=lambda face: check.counts[face])]
        said = t(f"history.verdict.{check.verdict}", lang, after=after, face=top)
    if check.more:
        said += "; " + tn("history.verdict.more", check.more, lang)
    return said


def _print_dice(checks: dict[str, Check], lang: str) -> None:
    if not checks:
        print(t("history.dice.none", lang))
    for lines in dice_lines(checks, lang):
        print("\n".join([lines[0], *("    " + line for line in lines[1:])]))


def dice_lines(checks: dict[str, Check], lang: str) -> list[list[str]]:
    """Each set of dice: its faces counted and the test, then the verdict in words."""
    out = []
    for dice, check in checks.items():
        names = face_names(dice, lang)
        faces = " ".join(f"{name}:{count}" for name, count in zip(names, check.counts, strict=True))
        line = t(
            "history.dice.line",
            lang,
            dice=t(f"history.dice.{dice}", lang),
            faces=faces,
            chi2=number(check.chi2, lang, 2),
            p=number(check.p_value, lang, 3),
        )
        out.append([line, verdict(dice, check, lang)])
    return out
