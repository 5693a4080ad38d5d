"""Teaching the colour dice (or the Lezard cards) on the box, guided on the screen: the menu's
"teach colours" (and, in a Lezard game, "teach cards").

There is no keyboard on the box, so the machine asks for one face at a time, in ``COLOURS``'
order: "show yellow" with a picture of it; the player lays one or more dice showing it under the
camera and presses OK; the loop takes ``FRAMES`` frames (``TakeFrames``) and sends, for each, the
features of the dice found (``FacesSeen``). When every face is taught, ``KeepColours`` asks the
loop to make the profile, write it in the state directory and read colour dice with it from then
on (``firmware.taught``). Cards go the same way, one colour of the board at a time: the player lays
cards of that colour (one square or a lizard) under the camera, and the profile reads the cards.
Pure like ``firmware.machine.step``: nothing here reads a clock or a device.

Buttons while teaching: OK takes the frames; PREV goes back one face (to show it again); NEXT
does nothing; presses while the frames are taken are ignored; the long press opens the menu (back
returns to the same face). A frame with no die teaches nothing; a face whose frames found no die
is asked again. When the camera fails, the screen says so, the faces and frames taught so far are
kept, and once it is back OK takes only the frames still missing.

>>> from firmware.machine.state import Appliance, RollNow, Setup
>>> state = Appliance(Setup(()), Teach(RollNow()), "en")
>>> state, effects = on_button(state, ButtonEvent.OK)
>>> effects
[TakeFrames(face='yellow', count=3, mode='colours')]
>>> state, _ = on_button(state, ButtonEvent.OK)    # pressed again while taking: nothing more
>>> state, effects = on_faces(state, FacesSeen("yellow", ((0.1, 0.2),)))
>>> state.screen.taken, state.screen.taking
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from firmware.games.guide import colour_name
from firmware.games.stonoga.colours import COLOURS
from firmware.machine.effects import KeepColours, TakeFrames
from firmware.machine.events import ButtonEvent, FacesSeen
from firmware.machine.state import Appliance, Notice, Teach, taking_hint
from firmware.messages.i18n import t
from firmware.views import TeachView

FRAMES = 3
"""Frames taken of each face (as ``kostka teach --frames``)."""


Result = tuple[Appliance, list[TakeFrames | KeepColours]]


def _teach(state: Appliance) -> Teach:
    assert isinstance(state.screen, Teach)
    return state.screen


def taught_in_turn(screen: Teach) -> tuple[str, ...]:
    """What is asked for in turn: the board's colours when teaching cards, else the dice faces."""
    return screen.cards or COLOURS


def mode_of(screen: Teach) -> str:
    """``cards`` or ``colours`` (dice), as profiles name what they read."""
    return "cards" if screen.cards else "colours"


@dataclass(frozen=True, slots=True)
class Words:
    """The catalogue keys of one mode's teaching screens."""

    title: str
    show: str
    none_seen: str
    done: str


WORDS = {
    "colours": Words("teach.title", "teach.show", "teach.none_seen", "teach.done"),
    "cards": Words("teach.cards_title", "teach.show_card", "teach.no_card_seen", "teach.cards_done"),
}


def on_button(state: Appliance, event: ButtonEvent) -> Result:
    """OK, PREV or NEXT on a teaching screen."""
    screen = _teach(state)
    if screen.taking or not state.camera_ok:
        return state, []
    if event is ButtonEvent.OK:
        face = taught_in_turn(screen)[screen.index]
        taking = replace(screen, taking=True, problem=None)
        return replace(state, screen=taking), [TakeFrames(face, FRAMES - screen.taken, mode_of(screen))]
    if event is ButtonEvent.PREV and (screen.taken or screen.index):
        back = 0 if screen.taken else 1  # frames of this face: show it again; else the face before
        taught = screen.taught[: len(screen.taught) - back]
        again = Teach(screen.back, screen.index - back, taught=taught, cards=screen.cards)
        return replace(state, screen=again), []
    return state, []


def on_faces(state: Appliance, event: FacesSeen) -> Result:
    """A frame taken: count it; after the last, on to the next face, or keep the colours."""
    screen = _teach(state)
    in_turn = taught_in_turn(screen)
    if not screen.taking or event.face != in_turn[screen.index]:
        return state, []  # a frame asked for before the player went back or the camera failed
    taken, seen = screen.taken + 1, screen.seen + event.features
    if taken < FRAMES:
        return replace(state, screen=replace(screen, taken=taken, seen=seen)), []
    if not seen:
        problem = WORDS[mode_of(screen)].none_seen
        return replace(state, screen=replace(screen, taken=0, taking=False, problem=problem)), []
    taught = (*screen.taught, (event.face, seen))
    if len(taught) < len(in_turn):
        following = Teach(screen.back, screen.index + 1, taught=taught, cards=screen.cards)
        return replace(state, screen=following), []
    mode = mode_of(screen)
    return replace(state, screen=Notice(WORDS[mode].done, screen.back)), [KeepColours(taught, mode)]


def teach_view(screen: Teach, lang: str) -> TeachView:
    """The face to show as a picture (a die, or a card with one square), its name, which face of
    how many, and the frames taken."""
    in_turn = taught_in_turn(screen)
    face = in_turn[screen.index]
    words = WORDS[mode_of(screen)]
    title = t(words.title, lang, n=screen.index + 1, of=len(in_turn))
    if screen.problem is not None:
        title = t(screen.problem, lang)
    hint = taking_hint(screen, lang, "teach")
    show = t(words.show, lang)
    if screen.cards:  # a board's colour: its name as the catalogue has it (or its own word)
        return TeachView(title, face, show, colour_name(face, lang), hint, screen.taken, FRAMES, card=True)
    name = t(f"teach.face.{face}", lang)
    return TeachView(title, face, show, name, hint, screen.taken, FRAMES)
