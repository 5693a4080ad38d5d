"""What each screen shows: plain frozen values, strings already in the player's language.

The state machine (``firmware.machine.step``) turns its state into one of these; a screen
(``firmware.screens.render``) draws it and reads nothing else. Two equal views draw the same pixels, so
the loop redraws only when the view changes.

>>> MessageView("Rzucaj!").body
''
"""

from __future__ import annotations

from dataclasses import dataclass

Face = int | str | None
"""A die face as screens draw it: pips 1-6, a colour name or "star", ``None`` for "?"."""


@dataclass(frozen=True, slots=True)
class MessageView:
    """A title in big letters, an optional smaller body and a hint at the bottom."""

    title: str
    body: str = ""
    hint: str = ""


@dataclass(frozen=True, slots=True)
class ListView:
    """Rows to move through with PREV/NEXT; ``cursor`` is the highlighted one.

    ``right`` holds a short figure per row (or ""), ``marked`` the rows the advisor calls best,
    ``unit`` what the figures are in words (shown flush right on the title line).
    """

    title: str
    items: tuple[str, ...]
    cursor: int
    right: tuple[str, ...] = ()
    marked: tuple[int, ...] = ()
    unit: str = ""


@dataclass(frozen=True, slots=True)
class Flaps:
    """Shut the Box's board at a glance: every flap and whether it is still open."""

    numbers: tuple[int, ...]
    open: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class RollView:
    """Whose turn it is, the call to roll, and the game at a glance (flaps, dice set aside)."""

    player: str
    prompt: str
    info: str = ""
    flaps: Flaps | None = None
    kept: tuple[Face, ...] = ()
    names: tuple[str, ...] = ()
    """The kept colour dice's short names, each written under its die."""
    hint: str = ""
    """A small line saying how to reach the menu (while the player waits for the dice)."""


@dataclass(frozen=True, slots=True)
class DiceView:
    """Dice as pictures: what was read, or the faces being corrected (``selected`` underlined);
    colour dice have their short ``names`` written under them."""

    title: str
    faces: tuple[Face, ...]
    hint: str
    selected: int | None = None
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CardView:
    """Lezard: the card list, to correct or replace what the camera read (``index`` of ``count`` kinds)."""

    title: str
    card: str
    index: int
    count: int
    hint: str


@dataclass(frozen=True, slots=True)
class CardSeenView:
    """Lezard: the card the camera read, as a picture: ``kind`` ``square``, ``squares`` (two) or
    ``lizard``, with the colour of each mark named below it (``colours``, left to right)."""

    title: str
    kind: str
    colours: tuple[str, ...]
    hint: str


@dataclass(frozen=True, slots=True)
class ConfirmView:
    """The move chosen, what the advisor says of it, and how to confirm or go back."""

    title: str
    move: str
    detail: str
    hint: str


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One player on a scores screen: a name, a short tag (the seat number), a figure, and (Nogi
    Stonogi) the centipede's tiles: ``(colour, boots)`` pairs from head to tail. ``leader``: in the
    lead (or among the winners)."""

    name: str
    tag: str
    value: str
    tiles: tuple[tuple[str, int], ...] = ()
    leader: bool = False


@dataclass(frozen=True, slots=True)
class ScoresView:
    """Scores at a glance, one row per player; ``centipedes`` draws each row's tiles."""

    title: str
    rows: tuple[ScoreRow, ...]
    footer: str = ""
    centipedes: bool = False
    flaps: Flaps | None = None


@dataclass(frozen=True, slots=True)
class WinnerView:
    """The end: who won, and everyone's final figure; ``options`` (what next: another game, the
    menu) chosen with PREV/NEXT, ``cursor`` the one OK takes."""

    title: str
    line: str
    rows: tuple[ScoreRow, ...]
    options: tuple[str, ...] = ()
    cursor: int = 0
    best: str = ""
    """The winner's best moves in a line ("best moves 18 of 20"), or ""."""


@dataclass(frozen=True, slots=True)
class TeachView:
    """Teaching the colours: the face to show (``face``, drawn as a die with its colour's pattern, or
    with ``card`` as a Lezard card of one square), what to do (``show``) and its ``name``, the frames
    taken of it so far (``taken`` of ``frames``), a hint."""

    title: str
    face: str
    show: str
    name: str
    hint: str
    taken: int
    frames: int
    card: bool = False


@dataclass(frozen=True, slots=True)
class LegendView:
    """Nogi Stonogi's die faces as the screens draw them, each beside its name: the key to the
    patterns that stand for the colours on a 1-bit screen."""

    faces: tuple[str, ...]
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CheckView:
    """The camera check's measures: per row a name, the figure and whether it is good (a tick or a
    cross), then what to change first or that all is good (``hint``)."""

    rows: tuple[tuple[str, str, bool], ...]
    hint: str


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A camera frame made small for the screen: grey ``pixels`` (``width`` x ``height`` bytes, row
    by row) and the dice found, as boxes ``(x, y, w, h)`` in its pixels."""

    width: int
    height: int
    pixels: bytes
    boxes: tuple[tuple[int, int, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class SnapshotView:
    """What the camera saw (dithered, the dice found boxed), with a few short lines beside it."""

    snapshot: Snapshot
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PickView:
    """One choice of a few, shown big and changed with PREV/NEXT: a ``title``, a ``prompt`` of up
    to two small lines (a rule sheet's word on who starts), the ``choice`` (``index`` of ``count``)
    and a hint."""

    title: str
    prompt: str
    choice: str
    index: int
    count: int
    hint: str


@dataclass(frozen=True, slots=True)
class HelpView:
    """One page of help: up to four lines of ``text``, and at the foot the topic's ``title`` with
    ``page`` of ``pages``."""

    title: str
    text: str
    page: int
    pages: int


@dataclass(frozen=True, slots=True)
class ButtonsView:
    """The three buttons drawn side by side, each with what it does (``labels``: PREV, OK, NEXT),
    then two lines: how to open the menu (``menu``) and what OK does now (``hint``)."""

    labels: tuple[str, str, str]
    menu: str
    hint: str


View = (
    MessageView | ListView | RollView | DiceView | CardView | CardSeenView | ConfirmView | ScoresView
    | WinnerView | TeachView | CheckView | SnapshotView | LegendView | PickView | HelpView | ButtonsView
)
