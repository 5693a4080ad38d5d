"""``kostka --help``, every verb's and every game's ``--help`` and argparse's own error lines speak the
person's language: Polish holds no English word (``assert_polish``), English no Polish-only word
(``assert_english``); the language comes from ``--lang``, else ``KOSTKA_LANG``, else Polish.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import shlex

import pytest

import firmware.cli._speech
from firmware.cli import build_parser, main
from firmware.cli._speech import ARGPARSE, ARGPARSE_PLURAL, spaced
from firmware.messages.i18n import catalogue, numbered
from tests.test_polish import assert_polish
from tests.test_polish_tools import assert_english

ENVIRONMENT = ("KOSTKA_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


def commands() -> list[list[str]]:
    """Every command line that has a ``--help`` of its own: ``[]``, ``["play"]``, ``["play", "stonoga"]``."""
    found: list[list[str]] = []

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        found.append(path)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, [*path, name])

    walk(build_parser(), [])
    return found


COMMANDS = commands()


@pytest.fixture
def speaking(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No language in the environment, and help lines wide enough that no switch is cut in two."""
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "200")
    return monkeypatch


def helped(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--help"])
    captured = capsys.readouterr()
    assert stop.value.code == 0 and not captured.err, captured.err
    return captured.out


def without_commands(text: str) -> str:
    """A help without the names of the verbs and games it lists (``play``, ``board``: typed as they are)."""
    return re.sub(r"(?m)^    [\w-]+(?= )", "", text)


def test_every_verb_and_game_is_walked() -> None:
    assert len(COMMANDS) >= 15
    assert ["play", "lezard"] in COMMANDS and ["odds", "stonoga"] in COMMANDS and ["eval"] in COMMANDS


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv) or "kostka")
def test_help_is_polish_by_default(
    argv: list[str], speaking: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = helped(argv, capsys)
    assert out.startswith("użycie: kostka") and "pokaż tę pomoc i zakończ" in out
    assert_polish(without_commands(out))


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv) or "kostka")
def test_help_is_english_when_the_environment_says_so(
    argv: list[str], speaking: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    speaking.setenv("KOSTKA_LANG", "en")
    out = helped(argv, capsys)
    assert out.startswith("usage: kostka") and "show this help message and exit" in out
    assert_english(without_commands(out))


@pytest.mark.parametrize(
    ("argv", "environment", "said"),
    [
        (["play", "stonoga", "--lang", "en"], {}, "usage:"),
        (["play", "stonoga", "--lang=en"], {"KOSTKA_LANG": "pl"}, "usage:"),
        (["read", "--lang", "pl"], {"KOSTKA_LANG": "en"}, "użycie:"),
        (["run"], {"KOSTKA_LANG": "en", "LANG": "pl_PL.UTF-8"}, "usage:"),
        (["run"], {"LANG": "en_GB.UTF-8"}, "użycie:"),  # the locale does not choose
        (["run"], {"KOSTKA_LANG": "pl", "LANG": "en_GB.UTF-8"}, "użycie:"),
        (["run"], {"LANG": "C.UTF-8"}, "użycie:"),
    ],
)
def test_the_language_comes_from_lang_then_the_environment(
    argv: list[str],
    environment: dict[str, str],
    said: str,
    speaking: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name, value in environment.items():
        speaking.setenv(name, value)
    assert helped(argv, capsys).startswith(said)


def test_eval_says_in_its_help_that_it_prints_english(
    speaking: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "tylko po angielsku" in helped(["eval"], capsys)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["run", "--bogus"], "nieznane argumenty: --bogus"),  # unknown option
        (["demo", "--auto", "--seed", "x"], "argument --seed: zła wartość (int): 'x'"),  # bad int
        (["odds", "stonoga"], "brak wymaganych argumentów: --at-least"),  # a required switch missing
        (["check", "--source"], "argument --source: brak wartości po przełączniku"),  # its value missing
        (["play", "chess"], "nie ma wyboru 'chess'"),  # invalid choice
        (["advise", "shut-the-box", "--roll", "3,4", "--goal", "win"], "nie ma wyboru 'win'"),
    ],
)
def test_argparse_errors_are_a_usage_and_one_polish_line(
    argv: list[str], said: str, speaking: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    captured = capsys.readouterr()
    assert stop.value.code == 2 and captured.out == ""
    *usage, error = captured.err.splitlines()
    assert usage[0].startswith("użycie: kostka") and all(line.startswith(" ") for line in usage[1:])
    assert re.fullmatch(r"kostka[\w -]*: błąd: .+", error) and said in error, error
    assert_polish(re.sub(r"'[^']*'", "", captured.err))  # without the values, as typed or chosen from


def test_argparse_errors_follow_lang(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["odds", "stonoga", "--lang", "en"])
    assert capsys.readouterr().err.splitlines()[-1] == (
        "kostka odds stonoga: error: the following arguments are required: --at-least"
    )


def test_argparse_gets_its_own_lookup_back(
    speaking: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    before = argparse._  # type: ignore[attr-defined]
    helped(["odds"], capsys)
    assert argparse._ is before  # type: ignore[attr-defined]
    assert argparse.ArgumentParser(prog="x").format_help().startswith("usage: x")


def test_every_word_argparse_says_to_a_person_is_in_the_catalogue() -> None:
    """argparse's message ids of the Python running the tests, read from its source: each is in
    ``firmware.cli._speech`` (so a new Python's new words fail here) or is said only to a programmer."""
    source = inspect.getsource(argparse)
    ids = {ast.literal_eval(q + text + q) for q, text in re.findall(r"""\b_\((['"])(.*?)\1\)""", source)}
    plural = {
        ast.literal_eval(q + text + q) for q, text in re.findall(r"""ngettext\((['"])(.*?)\1,""", source)
    }
    to_a_programmer = {
        "%(heading)s:",  # a heading with a colon (3.13): no word
        ".__call__() not defined",
        "conflicting subparser: %s",
        "conflicting subparser alias: %s",
        'argument "-" with mode %r',
        "cannot merge actions - two groups are named %r",
        "'required' is an invalid argument for positionals",
        "dest= is required for options like %r",
        "invalid conflict_resolution value: %r",
        "mutually exclusive arguments must be optional",
        "cannot have multiple subparser arguments",
        "%r is not callable",
        "conflicting option string: %s",
        "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    }
    assert len(ids) > 30
    missing = {text for text in ids if text not in ARGPARSE and text not in to_a_programmer}
    assert not missing
    assert plural - set(ARGPARSE_PLURAL) - to_a_programmer == set()
    english = {text: spaced(catalogue("en")[key], text) for text, key in ARGPARSE.items()}
    assert {text for text, said in english.items() if said != text} == set()  # argparse's own English
    for singular, keys in ARGPARSE_PLURAL.items():
        assert catalogue("en")[keys[0]] == singular and all(key in catalogue("pl") for key in keys)


def test_module_examples() -> None:
    import doctest

    assert doctest.testmod(firmware.cli._speech).failed == 0


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize(
    "stem", ["usage.advise.example", "usage.advise.stonoga.example", "usage.advise.lezard.example"]
)
def test_the_examples_in_the_help_run(stem: str, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Each example ``kostka advise --help`` shows works in its language (Polish moves in Polish)."""
    commands = [line for line in numbered(stem, lang) if not line.startswith("#")]
    assert commands
    for command in commands:
        argv = shlex.split(command)
        assert argv[0] == "kostka"
        assert main([*argv[1:], "--lang", lang]) == 0, command
        assert capsys.readouterr().out


def test_kostka_lang_also_sets_what_the_verbs_say(
    speaking: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from firmware.cli import main

    speaking.setenv("KOSTKA_LANG", "en")
    assert main(["odds", "stonoga", "--at-least", "3"]) == 0
    english = capsys.readouterr().out
    speaking.delenv("KOSTKA_LANG")
    assert main(["odds", "stonoga", "--at-least", "3"]) == 0
    polish = capsys.readouterr().out
    assert english != polish
    assert_english(english)
    assert_polish(polish)
