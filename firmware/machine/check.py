"""Checking the camera on the box, as ``kostka check`` does in a terminal: the menu's "check camera".

A family or a café sets the box up without a terminal, so the check runs from the menu: the screen
asks for a few dice in the tray and hands away; OK asks the loop for ``FRAMES`` frames in a row
(``CheckFrames``); the camera thread measures them (``vision.camera_check``: the dice's size, how
sharp they are, how much of them the camera clips, how deep a lamp's flicker bands run, whether
anything moved) and answers ``CameraChecked``. The screen then shows each measure with a tick or a
cross and, on the bottom line, what to change first (keep still, lower or raise the camera, set
``focus_cm``, move the lamp, set ``mains_hz``); NEXT shows instead what the
camera saw, the dice found boxed (is the tray in the middle of the picture?). Pure like
``firmware.machine.step``.

Buttons: OK checks (again); NEXT switches between the figures and the picture; PREV goes back to
where the menu was opened (``firmware.machine.step`` does that); presses while the frames are measured
are ignored. When the camera fails, the screen says so, and OK works again once it is back.

>>> from firmware.machine.state import Appliance, RollNow, Setup
>>> state = Appliance(Setup(()), CheckCamera(RollNow()), "en")
>>> state, effects = on_button(state, ButtonEvent.OK)
>>> effects, state.screen.taking
([CheckFrames(count=10)], True)
>>> state = on_checked(state, CameraChecked(None, error="no frames"))
>>> state.screen.problem, state.screen.taking
('check.failed', False)
"""

from __future__ import annotations

from dataclasses import replace

from firmware.machine.effects import CheckFrames
from firmware.machine.events import ButtonEvent, CameraChecked
from firmware.machine.state import Appliance, CheckCamera, taking_hint
from firmware.messages.i18n import t, tn
from firmware.messages.numbers import number
from firmware.views import CheckView, MessageView, SnapshotView

FRAMES = 10
"""Frames taken for one check (as ``kostka check --frames``); the first half lets exposure settle."""


def _check(state: Appliance) -> CheckCamera:
    assert isinstance(state.screen, CheckCamera)
    return state.screen


def on_button(state: Appliance, event: ButtonEvent) -> tuple[Appliance, list[CheckFrames]]:
    """OK or NEXT on the check's screen (PREV, which leaves it, is ``firmware.machine.step``'s)."""
    screen = _check(state)
    if screen.taking or not state.camera_ok:
        return state, []
    if event is ButtonEvent.NEXT:
        shown = screen.result is not None and screen.result.snapshot is not None and screen.problem is None
        return (replace(state, screen=replace(screen, picture=not screen.picture)) if shown else state), []
    if event is not ButtonEvent.OK:
        return state, []
    return replace(state, screen=replace(screen, taking=True, problem=None)), [CheckFrames(FRAMES)]


def on_checked(state: Appliance, event: CameraChecked) -> Appliance:
    """The frames measured: show the result, or that the check failed."""
    screen = _check(state)
    if not screen.taking:
        return state  # asked before the camera failed or the menu was opened: OK asks again
    if event.check is None:
        return replace(state, screen=replace(screen, taking=False, problem="check.failed"))
    return replace(state, screen=replace(screen, taking=False, result=event, problem=None))


def check_view(
    screen: CheckCamera, lang: str, networks: tuple[str, str] | None = None
) -> MessageView | CheckView | SnapshotView:
    """What to do before the first check, the measures with a tick or cross after it, and what to
    change first (or that all is good); or what the camera saw (``picture``). When the networks
    run on OpenCV's dnn (``networks``: the probe's outcome and detail), a last row says so and why
    in a word (the whole reason is in the log and ``kostka check``)."""
    title = t("check.title", lang)
    hint = taking_hint(screen, lang, "check")
    result = screen.result
    if result is None or result.check is None or screen.problem is not None:
        body = t(screen.problem, lang) if screen.problem is not None else t("check.ask", lang)
        return MessageView(title, body, hint)
    check, faults = result.check, result.faults
    if screen.picture and result.snapshot is not None:
        doing = "…" if screen.taking else t("check.again", lang)
        return SnapshotView(result.snapshot, (tn("check.seen", check.dice, lang), doing))
    size = "-" if check.die_px is None else f"{check.die_px:.0f} px"
    rows: tuple[tuple[str, str, bool], ...] = (
        (t("check.dice", lang), f"{check.dice} · {size}", not {"no_dice", "small", "big"} & set(faults)),
        (t("check.sharp", lang), f"{number(100 * check.blur, lang)} %", "blurred" not in faults),
        (t("check.clipped", lang), f"{number(100 * check.clipped, lang)} %", "clipped" not in faults),
        (t("check.flicker", lang), f"{number(100 * check.band_depth, lang)} %", "bands" not in faults),
    )
    if networks is not None:
        rows += ((t("check.networks", lang), t(f"check.networks.{networks[0]}", lang), False),)
    if not screen.taking:
        hint = t(f"check.fault.{faults[0]}", lang) if faults else t("check.good", lang)
    return CheckView(rows, hint)
