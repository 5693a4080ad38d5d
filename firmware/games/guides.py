"""What the state machine needs to know of each title: dice to read, words for moves, scores.

One guide per rule book. The machine (``firmware.machine.step``) is the same for all three games; a
guide says how many dice a roll uses and of which kind, turns faces into a move text, names each
legal move and the advisor's figures in the player's language, and builds the game's screens at a
glance (flaps, centipedes, dominoes in hand).

>>> from rules.shut_the_box import ShutTheBox
>>> from rules.match import Match
>>> guide = ShutGuide(ShutTheBox())
>>> match = Match.start(guide.book, ["1", "2"])
>>> guide.dice(match.state), guide.roll_text(match.state, (5, 3))
(DiceAsk(count=2, colours=False, table=2, kept=(), cards=(), lizards=()), 'roll 3 5')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from firmware.games.lezard.faces import card_of
from firmware.games.stonoga.colours import COLOURS, letter_of
from firmware.messages.i18n import t, tn
from firmware.views import Face, Flaps, RollView, ScoreRow, ScoresView
from rules import lezard_advisor, shut_the_box_advisor, stonoga_advisor
from rules.game import Advice, RuleBook
from rules.lezard import Lezard, LezardState, Phase
from rules.lezard_board import Card, Flicked, Placed, RoyalFlick
from rules.match import Match
from rules.shut_the_box import ChooseDice, Shut, ShutTheBox, totals
from rules.shut_the_box import State as ShutState
from rules.stonoga import ROLLS, Keep, Steal, Stonoga, StonogaState, Stop, Take, TakeNothing
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


def percent(p: Fraction) -> str:
    """A chance as a whole percent, never rounding a possible event to 0 or a doubt to 100.

    >>> percent(Fraction(1, 300)), percent(Fraction(299, 300)), percent(Fraction(1, 8))
    ('<1%', '>99%', '12%')
    """
    if 0 < p < Fraction(1, 100):
        return "<1%"
    if Fraction(99, 100) < p < 1:
        return ">99%"
    return f"{round(p * 100)}%"


def decimal(x: Fraction | float, lang: str) -> str:
    """One decimal, with a comma in Polish, none for a whole number.

    >>> decimal(Fraction(7, 2), "pl"), decimal(Fraction(7, 2), "en"), decimal(Fraction(3), "pl")
    ('3,5', '3.5', '3')
    """
    text = f"{float(x):.1f}".removesuffix(".0")
    return text.replace(".", ",") if lang == "pl" else text


def letters_of(faces: Sequence[Face], lang: str) -> tuple[str, ...]:
    """The catalogue's initial for each colour face (stars get none: the star picture says it)."""
    return tuple(
        t(f"colour.{f}.letter", lang) if isinstance(f, str) and f != "star" else "" for f in faces
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

    def figures(self, advice: Advice[Any], lang: str) -> tuple[str, str]:
        """A short figure for the list (``"12%"``) and a line for the confirmation screen."""
        ...

    def choice_title(self, match: Match[Any, Any], lang: str) -> str: ...

    def roll_view(self, match: Match[Any, Any], lang: str) -> RollView: ...

    def scores_view(self, match: Match[Any, Any], lang: str) -> ScoresView: ...

    def cards(self, state: Any) -> tuple[Card, ...]:
        """At CHANCE, where chance is a card: the cards that may be drawn, in deck order."""
        ...

    def card_label(self, state: Any, card: Card, lang: str) -> str: ...


def _rows(
    names: Sequence[str], values: Sequence[str], leaders: Sequence[int], lang: str
) -> tuple[ScoreRow, ...]:
    return tuple(
        ScoreRow(player_name(n, lang), str(i + 1), v, leader=i in leaders)
        for i, (n, v) in enumerate(zip(names, values, strict=True))
    )


@dataclass(frozen=True, slots=True)
class ShutGuide:
    """Shut the Box: pip dice, flaps, penalties; ``goal`` orders the advice (shut or penalty)."""

    book: ShutTheBox
    goal: str = "shut"

    def turn(self, state: ShutState) -> int:
        return state.seat

    def dice(self, state: ShutState) -> DiceAsk | None:
        return DiceAsk(state.dice, False, state.dice)

    def roll_text(self, state: ShutState, faces: Sequence[Face]) -> str:
        return "roll " + " ".join(str(f) for f in sorted(int(str(f)) for f in faces))

    def advise(self, state: ShutState) -> tuple[Advice[Any], ...]:
        return shut_the_box_advisor.advise(self.book, state, self.goal)

    def turn_note(self, before: ShutState, after: ShutState) -> tuple[str, int] | None:
        if (after.round, after.seat) == (before.round, before.seat):
            return None
        score = totals(after)[before.seat] - totals(before)[before.seat]
        return ("shut.lost_roll", score) if not before.roll else ("shut.all_shut", score)

    def move_label(self, state: ShutState, move: Any, lang: str) -> str:
        if isinstance(move, Shut):
            return t("shut.shut", lang, flaps=" ".join(map(str, move.flaps)))
        if isinstance(move, ChooseDice):
            return tn("shut.dice", move.count, lang)
        return str(move.text())

    def figures(self, advice: Advice[Any], lang: str) -> tuple[str, str]:
        chance = percent(advice.figure("p_shut"))
        average = decimal(advice.figure("expected_penalty"), lang)
        right = chance if self.goal == "shut" else average
        detail = t("advice.chance", lang, pct=chance.rstrip("%"))
        return right, detail + " · " + t("advice.average", lang, value=average)

    def choice_title(self, match: Match[Any, Any], lang: str) -> str:
        state: ShutState = match.state
        if state.roll:
            return player_name(state.players[state.seat], lang) + ": " + " + ".join(map(str, state.roll))
        return player_name(state.players[state.seat], lang)

    def flaps(self, state: ShutState) -> Flaps:
        numbers = self.book.all_flaps()
        return Flaps(numbers, tuple(f in state.open_flaps for f in numbers))

    def roll_view(self, match: Match[Any, Any], lang: str) -> RollView:
        state: ShutState = match.state
        prompt = t("shut.roll_one", lang) if state.dice == 1 else t("roll.now", lang)
        info = t("shut.last_chance", lang) if state.last_chance_used else ""
        return RollView(player_name(state.players[state.seat], lang), prompt, info, self.flaps(state))

    def scores_view(self, match: Match[Any, Any], lang: str) -> ScoresView:
        state: ShutState = match.state
        sums = totals(state)
        best = min(sums)
        level = state.seat == 0 and state.round > 1  # all have played as many turns
        leaders = [i for i, s in enumerate(sums) if s == best and level]
        rows = _rows(state.players, [str(s) for s in sums], leaders, lang)
        return ScoresView(t("scores.title", lang) + " · " + t("shut.round", lang, n=state.round), rows)

    def cards(self, state: ShutState) -> tuple[Card, ...]:
        return ()

    def card_label(self, state: ShutState, card: Card, lang: str) -> str:
        return card.text()


@dataclass(frozen=True, slots=True)
class StonogaGuide:
    """Nogi Stonogi: colour dice (four on the table, some set aside), tiles, centipedes."""

    book: Stonoga

    def turn(self, state: StonogaState) -> int:
        return state.seat

    def dice(self, state: StonogaState) -> DiceAsk | None:
        kept = tuple(COLOURS[f] for f in state.dice)
        return DiceAsk(4 - len(kept), True, 4, kept)

    def roll_text(self, state: StonogaState, faces: Sequence[Face]) -> str:
        return "roll " + " ".join(letter_of(str(f)) for f in faces)

    def advise(self, state: StonogaState) -> tuple[Advice[Any], ...]:
        return stonoga_advisor.advise(self.book, state)

    def turn_note(self, before: StonogaState, after: StonogaState) -> tuple[str, int] | None:
        return None

    def move_label(self, state: StonogaState, move: Any, lang: str) -> str:
        if isinstance(move, Stop):
            return t("stonoga.stop", lang)
        if isinstance(move, Keep):
            if not move.faces:
                return t("stonoga.reroll_all", lang)
            faces = "".join(t(f"colour.{COLOURS[f]}.letter", lang) for f in move.faces)
            return t("stonoga.keep_faces", lang, faces=faces)
        if isinstance(move, Take):
            return t("stonoga.take_tile", lang, colour=colour_name(COLOURS[move.tile.colour], lang),
                       n=move.tile.boots)
        if isinstance(move, Steal):
            return t("stonoga.steal", lang, name=player_name(state.players[move.victim], lang))
        if isinstance(move, TakeNothing):
            return t("stonoga.no_tile", lang)
        return str(move.text())

    def figures(self, advice: Advice[Any], lang: str) -> tuple[str, str]:
        names = dict(advice.figures)
        if "p_target" in names:
            chance = percent(names["p_target"])
            return chance, t("advice.chance", lang, pct=chance.rstrip("%"))
        boots = decimal(names["expected_boots"], lang)
        return boots, t("advice.average", lang, value=boots)

    def choice_title(self, match: Match[Any, Any], lang: str) -> str:
        state: StonogaState = match.state
        name = player_name(state.players[state.seat], lang)
        if state.phase == "take":
            return f"{name} · {t('stonoga.tile', lang)}"
        return f"{name} · {t('roll.number', lang, n=state.rolls, of=ROLLS)}"

    def roll_view(self, match: Match[Any, Any], lang: str) -> RollView:
        state: StonogaState = match.state
        kept = tuple(COLOURS[f] for f in state.dice)
        info = t("roll.number", lang, n=state.rolls + 1, of=ROLLS)
        return RollView(
            player_name(state.players[state.seat], lang), t("roll.now", lang), info,
            kept=kept, letters=letters_of(kept, lang),
        )

    def scores_view(self, match: Match[Any, Any], lang: str) -> ScoresView:
        state: StonogaState = match.state
        boots = [sum(tile.boots for tile in pede) for pede in state.centipedes]
        rows = tuple(
            ScoreRow(
                player_name(name, lang), str(seat + 1), str(b),
                tuple((COLOURS[tile.colour], tile.boots) for tile in pede), leader=b == max(boots) and b > 0,
            )
            for seat, (name, b, pede) in enumerate(zip(state.players, boots, state.centipedes, strict=True))
        )
        footer = t("stonoga.tiles_left", lang, n=len(state.centre))
        return ScoresView(t("stonoga.centipede", lang), rows, footer, centipedes=True)

    def cards(self, state: StonogaState) -> tuple[Card, ...]:
        return ()

    def card_label(self, state: StonogaState, card: Card, lang: str) -> str:
        return card.text()


@dataclass(frozen=True, slots=True)
class LezardGuide:
    """Lezard Domino: a card read by the camera (or chosen with the buttons), reports of what fell,
    dominoes in hand."""

    book: Lezard

    def turn(self, state: LezardState) -> int:
        return state.turn

    def dice(self, state: LezardState) -> DiceAsk | None:
        return DiceAsk(1, False, 1, cards=self.book.data.colours, lizards=self.book.data.lizards)

    def roll_text(self, state: LezardState, faces: Sequence[Face]) -> str:
        raise ValueError("Lezard Domino has no dice")

    def advise(self, state: LezardState) -> tuple[Advice[Any], ...]:
        return lezard_advisor.advise(self.book, state)

    def turn_note(self, before: LezardState, after: LezardState) -> tuple[str, int] | None:
        return None

    def move_label(self, state: LezardState, move: Any, lang: str) -> str:
        if isinstance(move, Placed):
            if not move.fell:
                return t("lezard.stands", lang)
            if move.fell == (state.targets[0],):
                return t("lezard.fell_this", lang)
            return t("lezard.fell_squares", lang, squares=move.text().removeprefix("fell "))
        if isinstance(move, Flicked):
            return t("lezard.fell_count", lang, n=move.in_order)
        if isinstance(move, RoyalFlick):
            return t("lezard.royal_yes" if move.all_fell else "lezard.royal_no", lang)
        return str(move.text())

    def figures(self, advice: Advice[Any], lang: str) -> tuple[str, str]:
        if isinstance(advice.move, Flicked):  # the flicker's hand stays: say what is dealt out
            return "", t("lezard.dealt", lang, n=int(advice.figure("given")))
        if isinstance(advice.move, RoyalFlick):  # the game is won either way
            return "", ""
        hand = int(advice.figure("hand_after"))
        return f"→{hand}", tn("lezard.dominoes", hand, lang)

    def choice_title(self, match: Match[Any, Any], lang: str) -> str:
        state: LezardState = match.state
        if state.phase is Phase.PLACE:
            square = state.targets[0]
            colour = colour_name(self.book.data.board[square - 1], lang)
            return t("lezard.square", lang, n=square, colour=colour)
        if state.phase is Phase.FLICK:
            return t("lezard.flick", lang)
        return t("lezard.royal_flick", lang)

    def roll_view(self, match: Match[Any, Any], lang: str) -> RollView:
        state: LezardState = match.state
        return RollView(player_name(state.players[state.turn], lang), t("lezard.draw_card", lang))

    def scores_view(self, match: Match[Any, Any], lang: str) -> ScoresView:
        state: LezardState = match.state
        least = min(state.hands)
        leaders = [i for i, h in enumerate(state.hands) if h == least]
        rows = _rows(state.players, [str(h) for h in state.hands], leaders, lang)
        footer = t("lezard.standing", lang, n=state.on_board)
        return ScoresView(t("scores.title", lang), rows, footer)

    def cards(self, state: LezardState) -> tuple[Card, ...]:
        return tuple(card for card, n in zip(self.book.data.cards, state.pile, strict=True) if n)

    def card_label(self, state: LezardState, card: Card, lang: str) -> str:
        if card.lizard is not None:
            return t("lezard.lizard_card", lang, colour=colour_name(card.lizard, lang))
        return "\n".join(colour_name(c, lang) for c in card.squares)


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

