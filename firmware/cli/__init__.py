"""The ``kostka`` command: one sub-command per module of this package (``firmware.cli.play``...).

Each verb module defines ``add_parser(subparsers, lang) -> argparse.ArgumentParser`` (its help in
``lang``, from the catalogue's ``usage.*``) and ``run(args) -> int``. Heavy imports (OpenCV, luma)
happen inside ``run`` so that ``kostka --help`` and the rules-only verbs start fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from firmware.cli._speech import argparse_speaks, language_of
from firmware.devices.onnx_runtime import choose_runtime
from firmware.errors import KostkaError, told
from firmware.messages.i18n import DEFAULT_LANGUAGE
from rules.game import RulesError
from vision.errors import VisionError  # light: vision's package loads neither numpy nor OpenCV

if TYPE_CHECKING:
    from firmware.config import Config


def exact(value: Fraction) -> str:
    """A fraction as ``"num/den"``, also when it is whole (``"1/1"``)."""
    return f"{value.numerator}/{value.denominator}"


def add_lang(parser: argparse.ArgumentParser, lang: str) -> None:
    """The ``--lang`` switch of the verbs that speak the catalogue's languages; its default, and its
    help's language, is ``lang`` (``KOSTKA_LANG``, else Polish: ``_speech.language_of``)."""
    from firmware.messages.i18n import LANGUAGES, t

    parser.add_argument("--lang", choices=LANGUAGES, default=lang, help=t("usage.lang", lang, default=lang))


def fail(message: str, verb: str | None = None) -> int:
    """Tell the person what went wrong and what to do (after ``kostka verb:``, when a verb is given);
    the exit code for bad arguments."""
    print(f"kostka {verb}: {message}" if verb else f"kostka: {message}", file=sys.stderr)
    return 2


def config_or_say(verb: str, path: Path | None) -> Config | None:
    """The settings in ``path`` (None: the defaults); None after saying on stderr why they cannot be
    read (the verb then exits with 2)."""
    from firmware.config import ConfigError, load_config

    try:
        return load_config(path)
    except ConfigError as error:
        print(f"kostka {verb}: {error}", file=sys.stderr)
        return None


def is_told(error: BaseException) -> bool:
    """Whether ``error`` is one a wing raises for a person (its message says what to do), not a bug.

    >>> is_told(RulesError("match.nothing-to-undo")), is_told(KostkaError("x")), is_told(ZeroDivisionError())
    (True, True, False)
    """
    return isinstance(error, KostkaError | RulesError | VisionError)


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, its help in ``lang`` (default: the language Kostka speaks)."""
    from firmware.messages.i18n import DEFAULT_LANGUAGE, t

    lang = lang or DEFAULT_LANGUAGE
    with argparse_speaks(lang):
        parser = argparse.ArgumentParser(prog="kostka", description=t("usage.kostka", lang))
        sub = parser.add_subparsers(dest="verb", metavar=t("usage.meta.command", lang), required=True)
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            if info.name.startswith("_"):
                continue
            module = importlib.import_module(f"{__name__}.{info.name}")
            verb_parser = module.add_parser(sub, lang)
            verb_parser.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    lang = language_of(argv, os.environ)
    parser = build_parser(lang)
    with argparse_speaks(lang):  # its help and its errors
        args = parser.parse_args(argv)
    try:
        choose_runtime()
    except ValueError as error:
        return fail(str(error))
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        from firmware.messages.i18n import t

        print(f"\n{t('cli.stopped', getattr(args, 'lang', None) or lang)}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:
        if is_told(error):
            return fail(told(error, getattr(args, "lang", None) or DEFAULT_LANGUAGE))
        raise


if __name__ == "__main__":
    sys.exit(main())
