"""Lezard Domino's box: board, deck and dominoes, the data file that describes them, and the
notation people use for cards and for what fell (``red blue``, ``fell 10-12``, ``fell 5 +12``).

Djeco publishes neither the board (the squares from the lizard's head to the tip of its tail, and
their colours) nor the deck (how many cards of each kind), so both come from a TOML data file whose
format rules/data/README.md documents. rules/ reads no files: ``parse_lezard_data`` takes the text;
the caller (the appliance, a test) reads the shipped file or the user's own.

>>> data = parse_lezard_data(EXAMPLE)
>>> data.board, data.lizards
(('red', 'blue', 'red', 'blue'), ('green', 'pink', 'grey', 'white'))
>>> [f"{c.text()} x{n}" for c, n in zip(data.cards, data.counts)]
['red x2', 'red blue x1', 'lizard green x1', 'lizard pink x1']
>>> parse_card(data, "liz pi").text(), parse_card(data, "b r").text()
('lizard pink', 'red blue')
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.game import InvalidMoveError, RulesError
from rules.phrases import Colour, Notation, Phrase

FORMAT = 1
"""The data format this parser reads (the file's ``format`` key)."""

LIZARD_COUNT = 4
"""The box holds four lizards; the seed's set-up (2, 3 or 4 players) is written for four."""

RESERVED = frozenset({"lizard", "ok", "fell", "royal", "done"})
"""Words of the move notation, which no colour may be called."""

EXAMPLE = """\
format = 1
guess = false
dominoes = 8
lizards = ["green", "pink", "grey", "white"]

[board]
squares = ["red", "blue", "red", "blue"]

[deck]
"red" = 2
"red blue" = 1
"lizard green" = 1
"lizard pink" = 1
"""
"""A tiny but complete data file (the shipped one is rules/data/lezard.toml)."""


class LezardDataError(RulesError):
    """A Lezard data file that cannot be used; the message names the file, line or key, and the fix."""


@dataclass(frozen=True, slots=True)
class Card:
    """A card of the deck: one or two coloured squares, or a lizard of one colour.

    >>> Card(squares=("red", "blue")).text(), Card(lizard="green").text()
    ('red blue', 'lizard green')
    """

    squares: tuple[str, ...] = ()
    lizard: str | None = None

    def __post_init__(self) -> None:
        if (self.lizard is None) == (not self.squares) or len(self.squares) > 2:
            raise ValueError(f"a card shows one or two squares or one lizard, not {self!r}")

    def text(self) -> str:
        """The card as a person types it: ``red``, ``red blue``, ``lizard green``."""
        return f"lizard {self.lizard}" if self.lizard is not None else " ".join(self.squares)


@dataclass(frozen=True, slots=True)
class LezardData:
    """One box of Lezard Domino: board, lizards, deck and dominoes, as the data file gives them.

    ``board[i]`` is the colour of square ``i + 1``, square 1 being the one at the lizard's head.
    ``cards`` lists each kind of card once and ``counts`` how many of that kind the deck holds.
    ``guess`` is true while the file is a guess not yet checked against a real box.
    """

    board: tuple[str, ...]
    lizards: tuple[str, ...]
    cards: tuple[Card, ...]
    counts: tuple[int, ...]
    dominoes: int
    guess: bool

    @property
    def colours(self) -> tuple[str, ...]:
        """The board's colours, in the order they first appear from the head."""
        return tuple(dict.fromkeys(self.board))

    @property
    def dominoes_per_lizard(self) -> int:
        """Dominoes that come with each lizard at set-up (60 / 4 = 15 in the box)."""
        return self.dominoes // LIZARD_COUNT

    def card_index(self, card: Card) -> int:
        """The position of ``card``'s kind in ``cards`` (squares in any order)."""
        for i, known in enumerate(self.cards):
            if known.lizard == card.lizard and sorted(known.squares) == sorted(card.squares):
                return i
        raise KeyError(card.text())


# --- the data file -----------------------------------------------------------------------------


def parse_lezard_data(text: str, source: str | Phrase = "lezard.toml") -> LezardData:
    """The board and deck that a data file's ``text`` describes; ``LezardDataError`` if unusable.

    ``source`` names the file in error messages (a ``Phrase`` names settings that are no file: its
    errors name the key, not the line of ``text``).
    """
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise LezardDataError("lezard.data.toml", at=source, error=str(err)) from err
    where = _Where(text, source)
    unknown = sorted(set(raw) - {"format", "guess", "dominoes", "lizards", "board", "deck"})
    if unknown:
        raise LezardDataError("lezard.data.unknown-key", at=where.key("", unknown[0]), key=unknown[0])
    if raw.get("format", FORMAT) != FORMAT:
        raise LezardDataError(
            "lezard.data.format", at=where.key("", "format"), format=FORMAT, got=repr(raw["format"])
        )
    guess = raw.get("guess", True)
    if not isinstance(guess, bool):
        raise LezardDataError("lezard.data.guess", at=where.key("", "guess"), got=repr(guess))
    dominoes = _dominoes(raw, where)
    lizards = _names(raw.get("lizards"), where, "", "lizards")
    if len(lizards) != LIZARD_COUNT:
        raise LezardDataError(
            "lezard.data.lizards", at=where.key("", "lizards"), n=LIZARD_COUNT, got=len(lizards)
        )
    board_table = _table(raw, "board", where)
    extra = sorted(set(board_table) - {"squares"})
    if extra:
        raise LezardDataError("lezard.data.board-key", at=where.key("board", extra[0]), key=extra[0])
    board = _names(board_table.get("squares"), where, "board", "squares")
    cards, counts = _deck(_table(raw, "deck", where), board, lizards, where)
    return LezardData(board, lizards, cards, counts, dominoes, guess)


@dataclass(frozen=True, slots=True)
class _Where:
    """Names the place of a key in the file: its line where it can be found, else the key path."""

    text: str
    source: str | Phrase

    def _line_of(self, section: str, key: str) -> int | None:
        return _line_of(self.text, section, key) if isinstance(self.source, str) else None

    def key(self, section: str, key: str) -> Phrase:
        line = self._line_of(section, key)
        path = f"[{section}] {key}" if section else key
        if line:
            return Phrase("lezard.data.line", source=self.source, line=line, path=path)
        return Phrase("lezard.data.key", source=self.source, path=path)

    def entry(self, section: str, key: str, position: int) -> Phrase:
        """Like ``key``, for the ``position``-th (1-based) string of the list that ``key`` sets."""
        line = self._line_of(section, key)
        path = f"[{section}] {key}" if section else key
        if line is None:
            return Phrase("lezard.data.entry", source=self.source, path=path, entry=position)
        seen = 0
        for number, text in enumerate(self.text.splitlines()[line - 1 :], start=line):
            code = text.split("=", 1)[1] if number == line and "=" in text else text
            seen += _strings(code)
            if seen >= position:
                break
        else:
            number = line
        return Phrase("lezard.data.line-entry", source=self.source, line=number, path=path, entry=position)


_TOKEN = re.compile(r'"[^"]*"|\'[^\']*\'|#')


def _strings(code: str) -> int:
    """How many string literals a line of TOML holds before its comment."""
    count = 0
    for token in _TOKEN.finditer(code):
        if token.group() == "#":
            break
        count += 1
    return count


def _line_of(text: str, section: str, key: str) -> int | None:
    """The 1-based line that sets ``key`` in table ``section`` ('' for the top), if one does."""
    current = ""
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("[") and not stripped.startswith("[["):
            current = stripped.strip("[]").strip()
            continue
        name = stripped.split("=", 1)[0].strip().strip("\"'") if "=" in stripped else None
        if current == section and name == key:
            return number
    return None


def _table(raw: Mapping[str, object], name: str, where: _Where) -> Mapping[str, object]:
    table = raw.get(name)
    if not isinstance(table, dict):
        raise LezardDataError("lezard.data.no-table", at=where.source, table=name)
    return table


def _dominoes(raw: Mapping[str, object], where: _Where) -> int:
    dominoes = raw.get("dominoes")
    if not isinstance(dominoes, int) or isinstance(dominoes, bool) or dominoes <= 0:
        raise LezardDataError("lezard.data.dominoes", at=where.key("", "dominoes"))
    if dominoes % LIZARD_COUNT:
        raise LezardDataError(
            "lezard.data.dominoes-split", at=where.key("", "dominoes"), n=LIZARD_COUNT, got=dominoes
        )
    return dominoes


def _names(value: object, where: _Where, section: str, key: str) -> tuple[str, ...]:
    """A list of colour names, each checked and folded to lower case."""
    if not isinstance(value, list) or not value:
        raise LezardDataError("lezard.data.names", at=where.key(section, key), key=key)
    names = []
    for position, name in enumerate(value, start=1):
        if not isinstance(name, str):
            raise LezardDataError(
                "lezard.data.not-a-name", at=where.entry(section, key, position), name=repr(name)
            )
        problem = _name_problem(name)
        if problem:
            raise LezardDataError("lezard.data.name", at=where.entry(section, key, position), problem=problem)
        names.append(name.casefold())
    if key == "lizards" and len(set(names)) != len(names):
        raise LezardDataError("lezard.data.lizard-twice", at=where.key(section, key))
    return tuple(names)


def _name_problem(name: str) -> Phrase | None:
    if not name or any(ch.isspace() or ch in "+-#" or ch.isdigit() for ch in name):
        return Phrase("lezard.data.name-words", name=name)
    if name.casefold() in RESERVED or "lizard".startswith(name.casefold()):
        return Phrase("lezard.data.name-reserved", name=name)
    return None


def _deck(
    table: Mapping[str, object], board: tuple[str, ...], lizards: tuple[str, ...], where: _Where
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    cards: list[Card] = []
    counts: list[int] = []
    seen: dict[tuple[str | None, tuple[str, ...]], str] = {}
    for key, count in table.items():
        place = where.key("deck", key)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise LezardDataError("lezard.data.count", at=place, got=repr(count))
        card = _data_card(key, board, lizards, place)
        identity = (card.lizard, tuple(sorted(card.squares)))
        if identity in seen:
            raise LezardDataError("lezard.data.same-card", at=place, card=seen[identity])
        seen[identity] = key
        if count:
            cards.append(card)
            counts.append(count)
    if not any(card.lizard is None for card in cards):
        raise LezardDataError("lezard.data.no-colour-card", at=where.source)
    return tuple(cards), tuple(counts)


def _data_card(key: str, board: tuple[str, ...], lizards: tuple[str, ...], place: Phrase) -> Card:
    words = key.casefold().replace("+", " ").split()
    if words and words[0] == "lizard":
        if len(words) != 2 or words[1] not in lizards:
            raise LezardDataError("lezard.data.lizard-card", at=place, colours=_colours(lizards))
        return Card(lizard=words[1])
    if not 1 <= len(words) <= 2:
        raise LezardDataError("lezard.data.colour-card", at=place)
    for word in words:
        if word not in board:
            colours = _colours(dict.fromkeys(board))
            raise LezardDataError("lezard.data.no-square", at=place, colour=Colour(word), colours=colours)
    return Card(squares=tuple(words))


# --- cards as people type them -----------------------------------------------------------------


def parse_card(data: LezardData, text: str) -> Card:
    """The card ``text`` names: ``red``, ``red blue``, ``lizard green``; unique prefixes will do.

    ``InvalidMoveError`` if it names no card of this box, or could name two.
    """
    words = text.casefold().replace("+", " ").split()
    readings: list[Card] = []
    problems: list[Phrase] = []
    if len(words) == 1 and "lizard".startswith(words[0]):
        problems.append(Phrase("lezard.card.lizard-alone", colours=_colours(data.lizards)))
    if len(words) == 2 and "lizard".startswith(words[0]):
        try:
            readings.append(Card(lizard=_match(words[1], data.lizards, "lizard")))
        except InvalidMoveError as err:
            problems.append(err.reason)
    if 1 <= len(words) <= 2:
        try:
            readings.append(Card(squares=tuple(_match(w, data.colours, "square") for w in words)))
        except InvalidMoveError as err:
            problems.append(err.reason)
    else:
        problems.append(Phrase("lezard.card.words"))
    if len(readings) > 1:
        first, second = card_phrase(readings[0]), card_phrase(readings[1])
        raise InvalidMoveError("lezard.card.either", text=Notation(text), first=first, second=second)
    if not readings:
        raise InvalidMoveError("lezard.card.none", text=Notation(text), why=problems[0])
    card = readings[0]
    try:
        return data.cards[data.card_index(card)]
    except KeyError:
        card_named = card_phrase(card)
        raise InvalidMoveError("lezard.card.not-in-deck", text=Notation(text), card=card_named) from None


def card_phrase(card: Card) -> Phrase:
    """A card in words: its colours, or its lizard's.

    >>> str(card_phrase(Card(lizard="green"))), str(card_phrase(Card(("red", "blue"))))
    ('lizard green', 'red blue')
    """
    if card.lizard is not None:
        return Phrase("lezard.card.lizard", colour=Colour(card.lizard))
    if len(card.squares) == 1:
        return Phrase("lezard.card.one", colour=Colour(card.squares[0]))
    return Phrase("lezard.card.two", first=Colour(card.squares[0]), second=Colour(card.squares[1]))


def _colours(names: Iterable[str]) -> tuple[Colour, ...]:
    return tuple(Colour(name) for name in names)


def _match(word: str, names: Iterable[str], what: str) -> str:
    names = tuple(names)
    if word in names:
        return word
    found = [name for name in names if name.startswith(word)]
    if len(found) == 1:
        return found[0]
    if found:
        raise InvalidMoveError(f"lezard.{what}-colour.either", word=Notation(word), colours=_colours(found))
    raise InvalidMoveError(f"lezard.{what}-colour.none", word=Notation(word), colours=_colours(names))


# --- the board in play ----------------------------------------------------------------------------


def targets(board: Sequence[str], standing: Sequence[bool], card: Card) -> tuple[int, ...]:
    """The squares a colour card fills: per square shown, the free one of its colour nearest the head.

    Sorted from the head (placed in that order); a colour with no free square adds nothing.

    >>> targets(["red", "blue", "red", "blue"], [True, False, False, False], Card(("red", "red")))
    (3,)
    """
    chosen: list[int] = []
    for colour in card.squares:
        for i, square in enumerate(board):
            if square == colour and not standing[i] and i + 1 not in chosen:
                chosen.append(i + 1)
                break
    return tuple(sorted(chosen))


def chain_run(standing: Sequence[bool]) -> int:
    """Dominoes on neighbouring squares from the one furthest from the head: the unbroken chain.

    >>> chain_run([True, False, True, True])
    2
    """
    run = 0
    for up in reversed(standing):
        if up:
            run += 1
        elif run:
            break
    return run


# --- reports of what fell, as people type them ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Placed:
    """The report after standing a domino on the named square: which squares' dominoes fell.

    ``fell`` is empty when all went well; it holds the target square when the domino being placed
    fell. ``Placed((10, 11, 12)).text() == 'fell 10-12'``.
    """

    fell: tuple[int, ...] = ()

    def text(self) -> str:
        return f"fell {_squares_text(self.fell)}" if self.fell else "ok"


@dataclass(frozen=True, slots=True)
class Flicked:
    """The report after a flick: how many fell in order from the tail, and squares that fell out of order.

    >>> Flicked(5, (12, 14)).text()
    'fell 5 +12 +14'
    """

    in_order: int
    strays: tuple[int, ...] = ()

    def text(self) -> str:
        strays = "".join(f" +{part}" for part in _squares_text(self.strays).split())
        return f"fell {self.in_order}{strays}"


@dataclass(frozen=True, slots=True)
class RoyalFlick:
    """The report after laying one's last domino: did the royal flick knock every domino over?"""

    all_fell: bool

    def text(self) -> str:
        return "royal" if self.all_fell else "done"


LezardMove = Card | Placed | Flicked | RoyalFlick
"""A card drawn (chance) or a player's report of what fell."""


def _squares_text(squares: Sequence[int]) -> str:
    """``(3, 4, 5, 9)`` -> ``'3-5 9'``."""
    parts: list[str] = []
    i = 0
    while i < len(squares):
        j = i
        while j + 1 < len(squares) and squares[j + 1] == squares[j] + 1:
            j += 1
        parts.append(f"{squares[i]}-{squares[j]}" if j > i else str(squares[i]))
        i = j + 1
    return " ".join(parts)


def _squares(word: str) -> list[int]:
    """``'12'`` -> [12], ``'10-12'`` -> [10, 11, 12]."""
    low, dash, high = word.partition("-")
    if not low.isdigit() or (dash and not high.isdigit()):
        raise InvalidMoveError("lezard.report.not-squares", word=word)
    first, last = int(low), int(high) if dash else int(low)
    if last < first:
        raise InvalidMoveError("lezard.report.backwards", word=word)
    return list(range(first, last + 1))


def _words(text: str) -> list[str]:
    """Lower-case words, with each '+' stuck to the square after it: 'F 5 + 12' -> f, 5, +12."""
    return text.casefold().replace("+", " +").replace("+ ", "+").split()


def parse_placed(text: str, target: int) -> Placed:
    """The report on placing a domino on square ``target``: ``ok``, ``fell``, ``fell 10-12 14``."""
    words = _words(text)
    if words in (["ok"], ["o"], ["k"]):
        return Placed()
    if words and "fell".startswith(words[0]) and not words[0].startswith("+"):
        words = words[1:]
        if not words:
            return Placed((target,))
    try:
        if not words or any(w.startswith("+") for w in words):
            raise InvalidMoveError("lezard.report.none")
        squares = sorted({s for word in words for s in _squares(word)})
    except InvalidMoveError as err:
        raise InvalidMoveError("lezard.report.placing", why=err.reason) from None
    return Placed(tuple(squares))


def parse_flicked(text: str) -> Flicked:
    """The report on a flick: ``fell 5``, ``fell 5 +12 +14``, ``5 +12-14``."""
    words = _words(text)
    if words and "fell".startswith(words[0]) and not words[0][:1].isdigit():
        words = words[1:]
    if not words or not words[0].isdigit() or not all(w.startswith("+") for w in words[1:]):
        raise InvalidMoveError("lezard.report.flick")
    strays = sorted({s for word in words[1:] for s in _squares(word[1:])})
    return Flicked(int(words[0]), tuple(strays))


def parse_royal(text: str) -> RoyalFlick:
    """The report after the last domino: ``royal`` or ``done`` (``no`` too)."""
    words = _words(text)
    if len(words) == 1 and "royal".startswith(words[0]):
        return RoyalFlick(True)
    if len(words) == 1 and ("done".startswith(words[0]) or words[0] == "no"):
        return RoyalFlick(False)
    raise InvalidMoveError("lezard.report.royal")
