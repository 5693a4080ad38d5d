"""Lezard Domino (Djeco DJ08437): the referee's rule book, after the Polish rule sheet (seed 001).

Players take turns clockwise (seat 0 is the youngest). A turn: draw a card (``CHANCE``) and do what
it shows. A colour card: stand a domino on the free square of that colour nearest the lizard's
head (two squares: one on each, the one nearer the head first); the referee names the square and
the player reports ``ok`` or what fell. A lizard card of another player's colour: flick the domino
furthest from the head; the player reports how many fell in order (and any that fell out of
order); the referee deals them out. A lizard card of one's own colour: draw again. Whoever has no
dominoes left wins. The board and deck come from a data file (``rules.lezard_board``).

Reports (what a person types; ``text()`` gives the first form and ``parse_move`` reads them all):

- placing: ``ok``; ``fell 12`` (the domino being placed on square 12 fell); ``fell 10-12``
  (it and the two on squares 10 and 11 fell); ``fell 11`` (it stood, the one on square 11 fell).
  ``fell`` alone means only the domino being placed fell.
- flick: ``fell 5`` (the 5 dominoes nearest the tail fell one after the other); ``fell 5 +12 +14``
  (and those on squares 12 and 14 fell out of order: the chain broke); ``fell 0``.
- after laying one's last domino: ``royal`` (the royal flick knocked over every domino) or ``done``.

What the sheet leaves open, and how this rule book decides it (also in rules/data/README.md):

1. No free square of the card's colour: nothing is placed for that square (the sheet says the
   domino goes on a free square of that colour, and there is none). The other square of a
   two-square card still counts; with nothing to place the turn simply ends.
2. Fallen dominoes are picked up (dealt out or taken back), so their squares become free again
   and later cards fill them, nearest the head first.
3. "In order" (NB2): the flick starts at the standing domino furthest from the head; the dominoes
   that fell one after the other from there, whatever the gaps, fell in order and are dealt to the
   opponents, 4 at a time, starting with the owner of the card's lizard and going clockwise,
   skipping the flicker (15 fallen, A flicks C's card, seats A B C D: C 4, D 4, B 4, C 3). Those
   that fell out of order ("the rest") go to the flicker. (One could read "the rest" as the
   dominoes still standing; we do not: nothing in NB2 takes dominoes off the board without a fall.)
4. NB1: a knock-over while placing ends the turn (the second square of a two-square card is not
   filled) and the player takes back every domino that fell, including the one being placed; a
   domino being placed that stood stays on the board.
5. The royal flick (NB3): a player whose last domino stands has no dominoes left and has won. Only
   then may they try the royal flick: flick the tail and knock over every domino on the board.
   It decides the kind of win (``Outcome.reason`` ``"royal-flick"`` or ``"no-dominoes"``); a
   failed try costs nothing, since the sheet names no penalty. The board is left as it was.
   A flick during the game that happens to knock everything over is an ordinary flick.
6. A lizard card of a colour out of play (3 players) is set aside at set-up and never drawn; typed
   anyway, it is refused. A flick card with no domino on the board does nothing: the turn ends.
7. When the draw pile runs out, the discards are shuffled into a new pile (the sheet is silent).

>>> from rules.lezard_board import EXAMPLE, parse_lezard_data
>>> book = Lezard(parse_lezard_data(EXAMPLE))
>>> state = book.start(["Ala", "Bob"])
>>> state = book.apply(state, book.parse_move(state, "red blue"))
>>> str(book.describe(state))
'Ala to place a domino on square 1 (red); in hand: Ala 4, Bob 4; 0 standing'
>>> state = book.apply(state, book.parse_move(state, "ok"))
>>> state.targets
(2,)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from rules.game import CHANCE, TERMINAL, IllegalMoveError, InvalidMoveError, Outcome, RulesError
from rules.lezard_board import (
    LIZARD_COUNT,
    Card,
    Flicked,
    LezardData,
    LezardMove,
    Placed,
    RoyalFlick,
    card_phrase,
    parse_card,
    parse_flicked,
    parse_placed,
    parse_royal,
    targets,
)
from rules.phrases import Colour, Phrase

DEAL_SIZE = 4
"""Fallen dominoes are dealt this many at a time (the sheet: "po 4 kostki")."""


class Phase(StrEnum):
    """What the game waits for."""

    DRAW = "draw"  # a card (chance)
    PLACE = "place"  # the report on the domino placed on ``targets[0]``
    FLICK = "flick"  # the report on the flick
    ROYAL = "royal"  # the report on the royal flick after the last domino
    OVER = "over"


@dataclass(frozen=True, slots=True)
class LezardState:
    """A position. ``standing[i]`` is true while a domino stands on square ``i + 1``.

    ``pile``, ``discards`` and ``set_aside`` count the cards of each kind of ``LezardData.cards``;
    ``targets`` are the squares still to fill for the card in hand, the current one first.
    """

    players: tuple[str, ...]
    lizards: tuple[tuple[str, ...], ...]
    hands: tuple[int, ...]
    standing: tuple[bool, ...]
    out_of_play: int
    pile: tuple[int, ...]
    discards: tuple[int, ...]
    set_aside: tuple[int, ...]
    turn: int = 0
    phase: Phase = Phase.DRAW
    card: Card | None = None
    targets: tuple[int, ...] = ()
    reason: str = ""

    @property
    def on_board(self) -> int:
        """How many dominoes stand on the board."""
        return sum(self.standing)

    @property
    def squares_standing(self) -> tuple[int, ...]:
        """The squares with a standing domino, from the head."""
        return tuple(i + 1 for i, up in enumerate(self.standing) if up)


def deal_steps(count: int, owner: int, flicker: int, seats: int) -> tuple[tuple[int, int], ...]:
    """How the flicker hands out ``count`` fallen dominoes: (seat, how many) in order, 4 at a
    time, from ``owner`` clockwise, skipping ``flicker``.

    The sheet's example: A (seat 0) flicks C's card (seat 2), 15 fell: C 4, D 4, B 4, C 3.

    >>> deal_steps(15, owner=2, flicker=0, seats=4)
    ((2, 4), (3, 4), (1, 4), (2, 3))
    """
    order = [(owner + k) % seats for k in range(seats) if (owner + k) % seats != flicker]
    steps: list[tuple[int, int]] = []
    while count > 0:
        given = min(DEAL_SIZE, count)
        steps.append((order[len(steps) % len(order)], given))
        count -= given
    return tuple(steps)


def deal(count: int, owner: int, flicker: int, seats: int) -> tuple[int, ...]:
    """Fallen dominoes per seat after ``deal_steps``.

    >>> deal(15, owner=2, flicker=0, seats=4)
    (0, 4, 7, 4)
    """
    gets = [0] * seats
    for seat, given in deal_steps(count, owner, flicker, seats):
        gets[seat] += given
    return tuple(gets)


@dataclass(frozen=True, slots=True)
class Lezard:
    """The rule book. ``seats`` gives each seat's lizard colours; by default they go out in the
    data file's order (2 players: the first two to seat 0, the last two to seat 1)."""

    data: LezardData
    seats: tuple[tuple[str, ...], ...] | None = None

    @property
    def title(self) -> str:
        return "lezard"

    # --- set-up -------------------------------------------------------------------------------

    def start(self, players: Sequence[str]) -> LezardState:
        n = len(players)
        if not 2 <= n <= LIZARD_COUNT:
            raise RulesError("lezard.players", most=LIZARD_COUNT, n=n)
        each = 2 if n == 2 else 1
        lizards = self.data.lizards
        seats = self.seats or tuple(tuple(lizards[i * each : (i + 1) * each]) for i in range(n))
        held = [colour for seat in seats for colour in seat]
        if len(seats) != n or any(len(seat) != each for seat in seats):
            raise RulesError("lezard.seats.count", players=n, n=each, seats=repr(seats))
        if len(set(held)) != len(held) or not set(held) <= set(lizards):
            raise RulesError("lezard.seats.colours", colours=tuple(map(Colour, lizards)), seats=repr(seats))
        aside = tuple(
            count if card.lizard is not None and card.lizard not in held else 0
            for card, count in zip(self.data.cards, self.data.counts, strict=True)
        )
        per = self.data.dominoes_per_lizard
        return LezardState(
            players=tuple(players),
            lizards=seats,
            hands=tuple(per * len(seat) for seat in seats),
            standing=(False,) * len(self.data.board),
            out_of_play=per * (LIZARD_COUNT - len(held)),
            pile=tuple(c - a for c, a in zip(self.data.counts, aside, strict=True)),
            discards=(0,) * len(self.data.cards),
            set_aside=aside,
        )

    # --- who acts, what may happen ------------------------------------------------------------

    def to_act(self, state: LezardState) -> int:
        if state.phase is Phase.OVER:
            return TERMINAL
        return CHANCE if state.phase is Phase.DRAW else state.turn

    def legal_moves(self, state: LezardState) -> tuple[LezardMove, ...]:
        """The usual reports. Any set of fallen squares is legal too (typed, or built), but these
        are the ones worth a menu: the chain runs next to the target, or from the tail."""
        if state.phase is Phase.PLACE:
            target = state.targets[0]
            moves: list[LezardMove] = [Placed(), Placed((target,))]
            low = target
            while low > 1 and state.standing[low - 2]:
                low -= 1
                moves.append(Placed(tuple(range(low, target + 1))))
            high = target
            while high < len(state.standing) and state.standing[high]:
                high += 1
                moves.append(Placed(tuple(range(target, high + 1))))
            return tuple(moves)
        if state.phase is Phase.FLICK:
            return tuple(Flicked(n) for n in range(state.on_board + 1))
        if state.phase is Phase.ROYAL:
            return (RoyalFlick(True), RoyalFlick(False))
        return ()

    def chance_outcomes(self, state: LezardState) -> tuple[tuple[LezardMove, Fraction], ...]:
        """At a draw: each kind of card left in the pile, with its share of the pile."""
        if state.phase is not Phase.DRAW:
            return ()
        total = sum(state.pile)
        return tuple(
            (card, Fraction(n, total)) for card, n in zip(self.data.cards, state.pile, strict=True) if n
        )

    def outcome(self, state: LezardState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        winners = tuple(seat for seat, hand in enumerate(state.hands) if hand == 0)
        return Outcome(winners=winners, scores=state.hands, reason=state.reason)

    # --- moves ----------------------------------------------------------------------------------

    def apply(self, state: LezardState, move: LezardMove) -> LezardState:
        expected = {
            Phase.DRAW: Card,
            Phase.PLACE: Placed,
            Phase.FLICK: Flicked,
            Phase.ROYAL: RoyalFlick,
        }.get(state.phase)
        if expected is None:
            raise self._illegal(state, Phrase("lezard.over"))
        if not isinstance(move, expected):
            raise self._illegal(
                state, Phrase("lezard.misfit", expected=Phrase(f"lezard.expected.{state.phase}"))
            )
        if isinstance(move, Card):
            return self._draw(state, move)
        if isinstance(move, Placed):
            return self._placed(state, move)
        if isinstance(move, Flicked):
            return self._flicked(state, move)
        reason = "royal-flick" if move.all_fell else "no-dominoes"
        return replace(state, phase=Phase.OVER, reason=reason, targets=())

    def _draw(self, state: LezardState, card: Card) -> LezardState:
        try:
            kind = self.data.card_index(card)
        except KeyError:
            raise self._illegal(state, Phrase("lezard.deck.no-card", card=card_phrase(card))) from None
        if state.set_aside[kind]:
            why = Phrase("lezard.deck.out-of-play", card=card_phrase(card), n=len(state.players))
            raise self._illegal(state, why)
        if not state.pile[kind]:
            raise self._illegal(state, Phrase("lezard.deck.none-left", card=card_phrase(card)))
        pile = list(state.pile)
        discards = list(state.discards)
        pile[kind] -= 1
        discards[kind] += 1
        if not any(pile):
            pile, discards = discards, [0] * len(discards)
        drawn = replace(state, pile=tuple(pile), discards=tuple(discards), card=card)
        if card.lizard is None:
            squares = targets(self.data.board, state.standing, card)
            return replace(drawn, phase=Phase.PLACE, targets=squares) if squares else _next_turn(drawn)
        if card.lizard in state.lizards[state.turn]:
            return drawn  # own colour: draw again
        return replace(drawn, phase=Phase.FLICK) if state.on_board else _next_turn(drawn)

    def _placed(self, state: LezardState, move: Placed) -> LezardState:
        target = state.targets[0]
        fell = move.fell
        if list(fell) != sorted(set(fell)):
            raise self._illegal(state, Phrase("lezard.report.twice"))
        for square in fell:
            if square != target and not self._standing(state, square):
                raise self._illegal(state, Phrase("lezard.report.no-domino", square=square))
        standing = list(state.standing)
        hands = list(state.hands)
        for square in fell:
            if square != target:
                standing[square - 1] = False
                hands[state.turn] += 1
        if target not in fell:
            standing[target - 1] = True
            hands[state.turn] -= 1
        after = replace(state, standing=tuple(standing), hands=tuple(hands))
        if fell:
            return _next_turn(after)
        if hands[state.turn] == 0:
            return replace(after, phase=Phase.ROYAL, targets=())
        if len(state.targets) > 1:
            return replace(after, targets=state.targets[1:])
        return _next_turn(after)

    def _flicked(self, state: LezardState, move: Flicked) -> LezardState:
        from_tail = state.squares_standing[::-1]
        if not 0 <= move.in_order <= len(from_tail):
            raise self._illegal(state, Phrase("lezard.report.only", n=len(from_tail)))
        chain = set(from_tail[: move.in_order])
        if list(move.strays) != sorted(set(move.strays)):
            raise self._illegal(state, Phrase("lezard.report.twice"))
        for square in move.strays:
            if not self._standing(state, square):
                raise self._illegal(state, Phrase("lezard.report.no-domino", square=square))
            if square in chain:
                why = Phrase("lezard.report.in-chain", square=square, n=move.in_order)
                raise self._illegal(state, why)
        lizard = state.card.lizard if state.card else None
        owner = next(seat for seat, held in enumerate(state.lizards) if lizard in held)
        gets = deal(move.in_order, owner, state.turn, len(state.players))
        hands = [hand + got for hand, got in zip(state.hands, gets, strict=True)]
        hands[state.turn] += len(move.strays)
        fallen = chain | set(move.strays)
        standing = tuple(up and i + 1 not in fallen for i, up in enumerate(state.standing))
        return _next_turn(replace(state, hands=tuple(hands), standing=standing))

    def _standing(self, state: LezardState, square: int) -> bool:
        return 1 <= square <= len(state.standing) and state.standing[square - 1]

    def _illegal(self, state: LezardState, what: Phrase) -> IllegalMoveError:
        return IllegalMoveError("lezard.at", what=what, at=self.describe(state))

    # --- text -----------------------------------------------------------------------------------

    def parse_move(self, state: LezardState, text: str) -> LezardMove:
        try:
            if state.phase is Phase.DRAW:
                return parse_card(self.data, text)
            if state.phase is Phase.PLACE:
                return parse_placed(text, state.targets[0])
            if state.phase is Phase.FLICK:
                return parse_flicked(text)
            if state.phase is Phase.ROYAL:
                return parse_royal(text)
        except InvalidMoveError as err:
            raise InvalidMoveError("lezard.at", what=err.reason, at=self.describe(state)) from None
        raise InvalidMoveError("lezard.at", what=Phrase("lezard.over"), at=self.describe(state))

    def describe(self, state: LezardState) -> Phrase:
        """The position in one line, for messages: who does what, hands, dominoes standing."""
        who = state.players[state.turn] if state.players else "?"
        if state.phase is Phase.DRAW:
            again = state.card is not None and state.card.lizard is not None
            doing = Phrase("lezard.doing.draw-again" if again else "lezard.doing.draw", name=who)
        elif state.phase is Phase.PLACE:
            square = state.targets[0]
            colour = Colour(self.data.board[square - 1])
            doing = Phrase("lezard.doing.place", name=who, square=square, colour=colour)
        elif state.phase is Phase.FLICK:
            lizard = state.card.lizard if state.card else None
            owner = next((state.players[k] for k, held in enumerate(state.lizards) if lizard in held), "?")
            doing = Phrase("lezard.doing.flick", name=who, colour=Colour(lizard or "?"), owner=owner)
        elif state.phase is Phase.ROYAL:
            doing = Phrase("lezard.doing.royal", name=who)
        else:
            doing = Phrase(f"lezard.doing.over.{state.reason}")
        hands = tuple(f"{p} {h}" for p, h in zip(state.players, state.hands, strict=True))
        return Phrase("lezard.position", doing=doing, hands=hands, n=state.on_board)


def _next_turn(state: LezardState) -> LezardState:
    return replace(state, turn=(state.turn + 1) % len(state.players), phase=Phase.DRAW, card=None, targets=())


# --- not rules: a toy model of the table, for stand-in players and random tests -------------------


@dataclass(frozen=True, slots=True)
class TableModel:
    """A simple made-up model of what falls. The referee never uses it: at the table, people report.

    Placing knocks over with chance ``p_knock``: the domino being placed falls, and then each
    domino on the next square toward the head, while there is one, with chance ``p_link``. A
    flick topples the tail domino; each next standing domino toward the head falls with chance
    ``p_link`` if it stands on the neighbouring square, and never across a free square; then, with
    chance ``p_stray``, one more standing domino chosen at random falls out of order. A royal flick
    succeeds when such a flick (without strays) knocks everything over. Cards are drawn with the
    rule book's exact chances.
    """

    p_knock: Fraction = Fraction(1, 12)
    p_link: Fraction = Fraction(9, 10)
    p_stray: Fraction = Fraction(1, 10)

    def next_move(self, book: Lezard, state: LezardState, rng: random.Random) -> LezardMove:
        """A move for the position as the table might produce it (a card, or a report)."""
        if state.phase is Phase.DRAW:
            pick = rng.randrange(sum(state.pile))
            for card, n in zip(book.data.cards, state.pile, strict=True):
                if pick < n:
                    return card
                pick -= n
        if state.phase is Phase.PLACE:
            target = state.targets[0]
            if rng.random() >= self.p_knock:
                return Placed()
            low = target
            while low > 1 and state.standing[low - 2] and rng.random() < self.p_link:
                low -= 1
            return Placed(tuple(range(low, target + 1)))
        if state.phase is Phase.FLICK:
            chain = self._chain(state, rng)
            rest = state.squares_standing[: state.on_board - chain]
            strays = (rng.choice(rest),) if rest and rng.random() < self.p_stray else ()
            return Flicked(chain, strays)
        if state.phase is Phase.ROYAL:
            return RoyalFlick(self._chain(state, rng) == state.on_board)
        raise IllegalMoveError("lezard.at", what=Phrase("lezard.over"), at=book.describe(state))

    def _chain(self, state: LezardState, rng: random.Random) -> int:
        from_tail = state.squares_standing[::-1]
        fell = 1 if from_tail else 0
        while fell < len(from_tail) and from_tail[fell] == from_tail[fell - 1] - 1:
            if rng.random() >= self.p_link:
                break
            fell += 1
        return fell
