"""Where the appliance is: one frozen value per screen, the setup, and the whole state.

``firmware.machine.step`` moves between these; ``firmware.machine.views`` turns them into views.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from firmware.games.guide import Guide
from firmware.games.registry import TITLES, game, guide_for
from firmware.history.summary import Summary
from firmware.machine.events import CameraChecked, Features
from firmware.machine.lizards import LizardsMenu
from firmware.messages.i18n import t
from firmware.views import Face, View
from rules.game import TERMINAL, Advice, RuleBook
from rules.lezard import Lezard
from rules.lezard_board import Card
from rules.match import Match
from rules.shut_the_box import DEFAULT_GOAL

if TYPE_CHECKING:  # numpy and OpenCV load in the camera thread, not with the state machine
    pass


@dataclass(frozen=True, slots=True)
class GameMenu:
    """Choosing the title (and "resume" while a game is in progress)."""

    cursor: int = 0


@dataclass(frozen=True, slots=True)
class PlayersMenu:
    """Choosing how many play; ``cursor`` 0 is the title's fewest players."""

    cursor: int = 0


@dataclass(frozen=True, slots=True)
class RollNow:
    """Waiting for the dice (``reading``: they are moving, "reading…"); OK: enter them by hand."""

    reading: bool = False


@dataclass(frozen=True, slots=True)
class CameraLost:
    """The roll is due but the camera is down: retrying; OK: enter the dice by hand."""


@dataclass(frozen=True, slots=True)
class Seen:
    """A sure reading shown as pictures: OK plays it, PREV/NEXT correct it."""

    faces: tuple[Face, ...]


@dataclass(frozen=True, slots=True)
class Correct:
    """Faces being set one die at a time; ``reason`` says why: ``(key, seen, expected)``."""

    faces: tuple[Face, ...]
    index: int
    reason: tuple[str, int, int]


@dataclass(frozen=True, slots=True)
class SeenCard:
    """Lezard Domino: the card the camera read, shown as a picture: OK plays it, PREV/NEXT correct
    it (``PickCard``)."""

    card: Card


@dataclass(frozen=True, slots=True)
class PickCard:
    """Lezard Domino: the card drawn, chosen among the kinds left in the pile; ``reason``: why the
    reading needs the player (a catalogue key), None when the player chose to pick or correct it."""

    cursor: int = 0
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Choose:
    """The legal moves with the advisor's figures, best first; the cursor starts on the best."""

    advice: tuple[Advice[Any], ...]
    cursor: int = 0


@dataclass(frozen=True, slots=True)
class Confirm:
    """The chosen move, to confirm with OK (PREV/NEXT: back to the choices)."""

    advice: tuple[Advice[Any], ...]
    cursor: int


@dataclass(frozen=True, slots=True)
class TurnOver:
    """Scores at a glance after a turn; ``note``: what ended it (a catalogue key and a number)."""

    note: tuple[str, int] | None = None


@dataclass(frozen=True, slots=True)
class Winner:
    """The game is over; ``cursor``: what next (``WINNER_OPTIONS``: again, another game, the menu)."""

    cursor: int = 0


WINNER_OPTIONS = ("winner.again", "winner.other_game", "winner.menu")
"""What the winner screen offers next: the same players again, another game, the menu."""


@dataclass(frozen=True, slots=True)
class Menu:
    """The long-press menu over ``back``, the screen it was opened on."""

    back: Screen
    cursor: int = 0


@dataclass(frozen=True, slots=True)
class RestartAsk:
    """Asks to start over: OK restarts, PREV/NEXT go back to ``back``."""

    back: Screen


@dataclass(frozen=True, slots=True)
class Notice:
    """A short message (``key``) that goes back to ``back`` on any button or after a while; one that
    is ``passing`` (shown over play: the game not saved) also gives way to dice rolled or read, so
    that it never costs the player a roll."""

    key: str
    back: Screen
    shown_s: float = 0.0
    passing: bool = False


@dataclass(frozen=True, slots=True)
class Teach:
    """Teaching the colour dice, face by face, or the Lezard cards, colour by colour
    (``firmware.machine.teach``), opened from the menu over ``back``. ``index``: the face asked
    (``COLOURS``, or ``cards``: the board's colours when teaching cards); ``taken`` frames of it so
    far, whose dice or cards gave ``seen``; ``taking``: frames are being taken; ``taught``: the faces
    done, with their features; ``problem``: a catalogue key shown instead of the title (nothing seen,
    the camera lost)."""

    back: Screen
    index: int = 0
    taken: int = 0
    taking: bool = False
    seen: Features = ()
    taught: tuple[tuple[str, Features], ...] = ()
    problem: str | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CheckCamera:
    """Checking the camera's set-up over a still tray with a few dice (``firmware.machine.check``),
    opened from the menu over ``back``. ``taking``: the frames are being taken and measured;
    ``result``: the last check's ``CameraChecked``; ``problem``: a catalogue key shown instead of
    the result (the camera lost, the check failed); ``picture``: the result is shown as what the
    camera saw rather than as figures."""

    back: Screen
    taking: bool = False
    result: CameraChecked | None = None
    problem: str | None = None
    picture: bool = False


# --- the box's own flow: the first screen, who plays and who starts, help, power-off ----------------


@dataclass(frozen=True, slots=True)
class Welcome:
    """The first screen after start-up: the three buttons and how to open the menu; any button
    goes on to the game menu."""


@dataclass(frozen=True, slots=True)
class Seat:
    """Naming the players one seat at a time (``firmware.machine.seating``): ``players`` seats,
    ``chosen`` the names of the seats before this one, ``cursor`` in this seat's choices."""

    players: int
    chosen: tuple[str, ...] = ()
    cursor: int = 0


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """Who starts, as the rule sheet says: ``names`` in seat order (clockwise), ``cursor`` on the
    one who starts."""

    names: tuple[str, ...]
    cursor: int = 0


@dataclass(frozen=True, slots=True)
class HelpMenu:
    """The help topics (the buttons, then each title), opened from the menu over ``back``."""

    back: Screen
    cursor: int = 0


@dataclass(frozen=True, slots=True)
class HelpPage:
    """One page of a help topic (``firmware.machine.help``), opened from the menu over ``back``."""

    back: Screen
    topic: str
    page: int = 0


@dataclass(frozen=True, slots=True)
class PowerAsk:
    """Asks to power the box off: OK does, PREV/NEXT go back to ``back``."""

    back: Screen


@dataclass(frozen=True, slots=True)
class HistoryPages:
    """The last games and the wins per player, opened from the menu over ``back``: ``summary`` once
    read (``HistoryRead``), ``page`` turned with PREV/NEXT."""

    back: Screen
    summary: Summary | None = None
    page: int = 0


@dataclass(frozen=True, slots=True)
class PoweringOff:
    """The box is powering off (``PowerOff``): nothing more happens."""


Screen = (
    GameMenu | PlayersMenu | RollNow | CameraLost | Seen | Correct | SeenCard | PickCard | Choose | Confirm
    | TurnOver | Winner | Menu | RestartAsk | Notice | Teach | CheckCamera | LizardsMenu
    | Welcome | Seat | FirstPlayer | HelpMenu | HelpPage | PowerAsk | PoweringOff | HistoryPages
)


Taking = TypeVar("Taking", bound=Teach | CheckCamera)
"""A screen that asks the camera for frames (``taking``) and shows a ``problem`` while it cannot."""


def opened(kind: type[Taking], back: Screen, camera_ok: bool) -> Taking:
    """A fresh ``kind`` screen opened from the menu over ``back`` (opened over one of its own kind,
    it starts afresh over the same screen), saying so at once when the camera is down."""
    if isinstance(back, kind):
        back = back.back
    return kind(back, problem=None if camera_ok else "camera.lost")


def lezard_colours(state: Appliance) -> tuple[str, ...]:
    """The Lezard board's colours while the box plays Lezard Domino (its cards may be taught in
    them: the menu's "teach cards"), else none."""
    book = state.match.book if state.match is not None else None
    return book.data.colours if isinstance(book, Lezard) else ()


def taking_hint(screen: Teach | CheckCamera, lang: str, prefix: str) -> str:
    """The bottom line of a screen that takes frames: ``{prefix}.taking`` while they are taken,
    "retrying" while the camera is down, else ``{prefix}.hint`` (what OK does)."""
    if screen.taking:
        return t(f"{prefix}.taking", lang)
    if screen.problem == "camera.lost":
        return t("camera.retrying", lang)
    return t(f"{prefix}.hint", lang)


def told_camera(screen: Taking, working: bool) -> Taking:
    """``screen`` when the camera fails (the frames asked are not waited for) or comes back."""
    if working:
        return replace(screen, problem=None if screen.problem == "camera.lost" else screen.problem)
    return replace(screen, taking=False, problem="camera.lost")


def back_from_menu(screen: Taking, camera_ok: bool) -> Taking:
    """``screen`` again after the menu: frames asked before it are not waited for (OK asks again)."""
    return replace(screen, taking=False, problem="camera.lost" if not camera_ok else screen.problem)


@dataclass(frozen=True, slots=True)
class Setup:
    """What the composition root decides once: the rule books (one per title) and the timings."""

    books: tuple[RuleBook[Any, Any], ...]
    goal: str = DEFAULT_GOAL
    """Shut the Box's advice goal (config ``game.goal``): ``penalty``, as the game scores, or ``shut``."""
    idle_after_s: float = 60.0
    camera_retry_s: float = 5.0
    notice_s: float = 2.0
    networks: tuple[str, str] | None = None
    """Why the reader's networks run on OpenCV's dnn, as (outcome, detail) of the runtime's probe
    (``firmware.devices.onnx_runtime.fallback``); None: they run on ONNX Runtime."""
    camera_missing: str | None = None
    """The camera's library where it is required and not installed (``firmware.devices.board``): the
    box starts with the camera down and says so at each roll; the dice are entered by hand."""
    board_unchecked: bool = False
    """Whether the Lezard board file is a guess its owner has not confirmed (said at its set-up)."""
    names: tuple[str, ...] = ()
    """The players' names offered at set-up (the config's), besides "Player N"."""

    def titles(self) -> tuple[str, ...]:
        """The titles on offer, in the menu's order."""
        have = [book.title for book in self.books]
        return tuple(title for title in TITLES if title in have)

    def book(self, title: str) -> RuleBook[Any, Any]:
        """The rule book of ``title``."""
        for book in self.books:
            if book.title == title:
                return book
        raise ValueError(f"no rule book for {title!r}; the setup has {', '.join(self.titles())}")


@dataclass(frozen=True, slots=True)
class Appliance:
    """The whole state of the box: where it is, the game in progress, and a few settings."""

    setup: Setup
    screen: Screen
    lang: str = "pl"
    title: str = "shut-the-box"
    players: int = 2
    match: Match[Any, Any] | None = None
    camera_ok: bool = True
    idle_s: float = 0.0
    idle: bool = False
    retry_s: float = 0.0
    shown: View | None = None
    learning: bool = True
    """Whether confirmed pip dice are kept to learn from (the menu's "learn my dice")."""
    learnt: int = 0
    """How many confirmed dice are kept to learn from."""

    @property
    def guide(self) -> Guide:
        """What the machine knows of the game in progress (see ``firmware.games.guide``)."""
        if self.match is None:
            raise ValueError("no game in progress")
        return guide_for(self.match.book, self.setup.goal)


def game_items(state: Appliance) -> tuple[str, ...]:
    """The game menu's rows: the titles, and "resume" while a game is in progress."""
    resume = state.match is not None and state.match.book.to_act(state.match.state) != TERMINAL
    return (*state.setup.titles(), *(("resume",) if resume else ()))


def menu_items(state: Appliance) -> tuple[str, ...]:
    """The menu's rows as catalogue keys; undo and restart only where there is a game."""
    items = ["menu.back"]
    if state.match is not None:
        if state.match.moves:
            items.append("menu.undo")
        items.append("menu.restart")
    cards = ("menu.teach_cards",) if lezard_colours(state) else ()
    return (*items, "menu.language", "menu.help", "menu.history", "menu.teach", *cards, "menu.learn",
            "menu.forget", "menu.check", "menu.game", "menu.power_off")


def game_key(title: str) -> str:
    """The catalogue key of a title's name: ``game.shut_the_box``."""
    return game(title).name_key
