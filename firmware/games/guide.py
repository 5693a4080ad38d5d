"""What the state machine needs to know of each title: the ``Guide`` protocol and what guides share.

One guide per rule book, in its game's home (``firmware.games.<game>.guide``); the registry
(``firmware.games.registry.guide_for``) finds it. The machine (``firmware.machine.step``) is the same
for all games; a guide says how many dice a roll uses and of which kind (``DiceAsk``), turns faces
into a move text, names each legal move and the advisor's figures in the player's language, and
builds the game's screens at a glance (flaps, centipedes, dominoes in hand). Here too: reading the
faces or the card a roll needs out of a ``Reading`` (``read_faces``, ``read_card``), and the words
and names guides share (``player_name``, ``score_rows``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from firmware.games.lezard.faces import card_of
from firmware.games.stonoga.colours import COLOURS
from firmware.messages.i18n import t
from firmware.views import Face, RollView, ScoreRow, ScoresView
from rules.game import Advice, RuleBook
from rules.lezard_board import Card
from rules.match import Match
from vision.reading import Reading

COLOUR_FACES: tuple[Face, ...] = COLOURS
PIPS: tuple[Face, ...] = (1, 2, 3, 4, 5, 6)
Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class DiceAsk:
    """A roll to read: ``count`` dice rolled, colour dice or pips; ``table``: dice the camera may
    see (Nogi Stonogi's dice set aside stay in the tray), ``kept`` the faces set aside; ``cards``:
    not dice but a Lezard card drawn (one, ``count`` 1)."""

    count: int
    colours: bool
    table: int
    kept: tuple[Face, ...] = ()
    cards: tuple[str, ...] = ()
    """Lezard Domino's card draw: the board's colours (the reader names only these); empty: dice."""
    lizards: tuple[str, ...] = ()
    """...and its lizards' colours, the only ones a lizard card shows."""


def player_name(name: str, lang: str) -> str:
    """A seat's name on screen: seats made by the menu are numbers, shown as "Gracz 2"."""
    return t("player.name", lang, n=name) if name.isdigit() else name


def colour_name(colour: str, lang: str) -> str:
    """A colour in the player's language (the colour's own word when the catalogue has none)."""
    try:
        return t(f"colour.{colour}", lang)
    except KeyError:
        return colour


def short_names(faces: Sequence[Face], lang: str) -> tuple[str, ...]:
    """The catalogue's short name of each colour face, "?" for a face not read, "" for a pip die.

    >>> short_names(("red", "black", "star", None, 3), "pl")
    ('czerw', 'czarn', '★', '?', '')
    """
    return tuple(
        t(f"colour.{f}.short", lang) if isinstance(f, str) else "?" if f is None else "" for f in faces
    )


class Guide(Protocol):
    """The per-title knowledge the machine uses (see the module docstring)."""

    @property
    def book(self) -> RuleBook[Any, Any]: ...

    def turn(self, state: Any) -> int:
        """The seat whose turn it is (also while the dice decide)."""
        ...

    def dice(self, state: Any) -> DiceAsk | None:
        """At CHANCE: the roll to read, or None where chance is not dice (a card)."""
        ...

    def roll_text(self, state: Any, faces: Sequence[Face]) -> str: ...

    def turn_note(self, before: Any, after: Any) -> tuple[str, int] | None:
        """When a move ended the turn in a way worth saying: a message key and its number."""
        ...

    def advise(self, state: Any) -> tuple[Advice[Any], ...]:
        """Every legal move with the advisor's figures, best first."""
        ...

    def move_label(self, state: Any, move: Any, lang: str) -> str: ...

    def row_label(self, state: Any, move: Any, lang: str) -> str:
        """The move as a row of the choice list, whose title may say what the rows share."""
        ...

    def figures(self, advice: Advice[Any], lang: str) -> tuple[str, str]:
        """A short figure for the list (``"12,5%"``) and a line with its unit for the confirmation
        screen (``"śr. kara 6,0"``)."""
        ...

    def figure_unit(self, state: Any, lang: str) -> str:
        """What the list's short figures are, in words, for the list's title line ("" for none)."""
        ...

    def choice_title(self, match: Match[Any, Any], lang: str) -> str: ...

    def roll_view(self, match: Match[Any, Any], lang: str) -> RollView: ...

    def scores_view(self, match: Match[Any, Any], lang: str) -> ScoresView: ...

    def cards(self, state: Any) -> tuple[Card, ...]:
        """At CHANCE, where chance is a card: the cards that may be drawn, in deck order."""
        ...

    def card_label(self, state: Any, card: Card, lang: str) -> str: ...


def score_rows(
    names: Sequence[str], values: Sequence[str], leaders: Sequence[int], lang: str
) -> tuple[ScoreRow, ...]:
    return tuple(
        ScoreRow(player_name(n, lang), str(i + 1), v, leader=i in leaders)
        for i, (n, v) in enumerate(zip(names, values, strict=True))
    )


def read_card(reading: Reading, cards: Sequence[Card]) -> tuple[Card | None, str | None]:
    """The card drawn, if the reader saw one of ``cards`` (those left in the pile), and when the
    player must pick it with the buttons, why (a catalogue key)."""
    dice = reading.dice
    if not dice:
        return None, "read.no_card"
    card = card_of(dice[0].face) if len(dice) == 1 else None
    if card is not None and card not in cards:
        card = None
    if len(dice) != 1:
        return None, "read.cards_many"
    if card is None or dice[0].status != "ok":
        return card, "read.card_unsure"
    return card, None


Problem = tuple[str, int, int]
"""Why the player must check a reading: a catalogue key, the dice seen and the dice expected."""


def read_faces(
    reading: Reading, ask: DiceAsk, tray: Box | None = None
) -> tuple[tuple[Face, ...], Problem | None]:
    """The faces of the dice rolled and, when the player must check them, why: ``(key, seen, expected)``.

    Nogi Stonogi's dice set aside may lie in the tray too: when all four are seen and the set-aside
    faces are among them, they are taken out. Faces the reader could not name are ``None``.
    """
    dice = list(reading.dice)
    domain = COLOUR_FACES if ask.colours else PIPS
    faces: list[Face] = [d.face if d.face in domain else None for d in dice]
    if ask.kept and len(dice) == ask.table:
        left = list(faces)
        for face in ask.kept:
            if face not in left:
                break
            left.remove(face)
        else:
            keep = set(range(len(dice)))
            for face in ask.kept:
                index = next(i for i in sorted(keep) if faces[i] == face)
                keep.discard(index)
            dice = [dice[i] for i in sorted(keep)]
            faces = [faces[i] for i in sorted(keep)]
    shown = tuple((faces + [None] * ask.count)[: ask.count])
    seen, expected = len(dice), ask.count
    if tray is not None and any(not _inside(d.centre, tray) for d in dice):
        return shown, ("read.outside", seen, expected)
    if not dice:
        return shown, ("read.nothing", seen, expected)
    if seen != expected:
        return shown, ("read.wrong_count", seen, expected)
    if any(d.status == "cocked" for d in dice):
        return shown, ("read.cocked", seen, expected)
    if any(d.status != "ok" or f is None for d, f in zip(dice, faces, strict=True)):
        return shown, ("read.uncertain", seen, expected)
    return shown, None


def _inside(point: tuple[float, float], tray: Box) -> bool:
    x, y, w, h = tray
    return x <= point[0] <= x + w and y <= point[1] <= y + h

