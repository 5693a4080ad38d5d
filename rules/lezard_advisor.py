"""Exact consequences of every report in Lezard Domino: what each does to the hands and the board,
and the chance that the next turn ends on a flick card.

Reports are facts, not choices, so no move is ever marked best.

>>> from rules.lezard_board import EXAMPLE, parse_lezard_data
>>> book = Lezard(parse_lezard_data(EXAMPLE))
>>> state = book.start(["Ala", "Bob"])
>>> state = book.apply(state, book.parse_move(state, "red blue"))
>>> [(a.move.text(), int(a.figure("hand_after"))) for a in advise(book, state)][:2]
[('ok', 3), ('fell 1', 4)]
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from rules.game import Advice
from rules.lezard import Lezard, LezardState, Phase
from rules.lezard_board import Flicked, LezardMove, Placed, chain_run


def advise(book: Lezard, state: LezardState) -> tuple[Advice[LezardMove], ...]:
    """Every listed report with its exact consequences. Reports are facts, not choices, so no
    move is ever marked best; the figures say what each report does and what may come next:

    - ``hand_after``, ``standing_after``: this player's dominoes and the board after the report;
    - placing: ``square`` (the target); ``p_next_flick``: the chance that the next player's turn
      (after any draw-again) ends on a flick card, and ``p_next_flick_on_you`` that it is one of
      this player's lizards, so the deal starts with them (exact, from the cards in the pile);
    - flick: ``chain``, the dominoes on neighbouring squares from the tail (the unbroken chain
      at risk), ``given`` to the opponents, and ``gets_K``, how many seat K receives.
    """
    out: list[Advice[LezardMove]] = []
    seat = state.turn
    odds = _next_flick_odds(book, state) if state.phase is Phase.PLACE else (Fraction(0), Fraction(0))
    for move in book.legal_moves(state):
        after = book.apply(state, move)
        figures = [
            ("hand_after", Fraction(after.hands[seat])),
            ("standing_after", Fraction(after.on_board)),
        ]
        if isinstance(move, Placed):
            flick, on_you = odds
            figures += [
                ("square", Fraction(state.targets[0])),
                ("p_next_flick", flick),
                ("p_next_flick_on_you", on_you),
            ]
        elif isinstance(move, Flicked):
            figures += [
                ("chain", Fraction(chain_run(state.standing))),
                ("given", Fraction(move.in_order)),
            ]
            figures += [
                (f"gets_{k}", Fraction(after.hands[k] - state.hands[k]))
                for k in range(len(state.players))
                if k != seat
            ]
        out.append(Advice(move, tuple(figures), best=False))
    return tuple(out)


def _next_flick_odds(book: Lezard, state: LezardState) -> tuple[Fraction, Fraction]:
    nxt = (state.turn + 1) % len(state.players)
    kinds = tuple(card.lizard for card in book.data.cards)
    ends = dict(_turn_ends(state.pile, state.discards, kinds, frozenset(state.lizards[nxt])))
    flick = sum((p for lizard, p in ends.items() if lizard is not None), Fraction(0))
    mine = state.lizards[state.turn] if nxt != state.turn else ()
    on_you = sum((p for lizard, p in ends.items() if lizard in mine), Fraction(0))
    return flick, on_you


@lru_cache(maxsize=4096)
def _turn_ends(
    pile: tuple[int, ...], discards: tuple[int, ...], kinds: tuple[str | None, ...], own: frozenset[str]
) -> tuple[tuple[str | None, Fraction], ...]:
    """How a turn's drawing ends, drawing again on ``own`` lizards: the lizard colour of the card
    it ends on (``None`` for a colour card) with its exact chance."""
    total = sum(pile)
    ends: dict[str | None, Fraction] = {}
    for i, n in enumerate(pile):
        if not n:
            continue
        p = Fraction(n, total)
        if kinds[i] in own:
            left = list(pile)
            dropped = list(discards)
            left[i] -= 1
            dropped[i] += 1
            if not any(left):
                left, dropped = dropped, [0] * len(dropped)
            for lizard, q in _turn_ends(tuple(left), tuple(dropped), kinds, own):
                ends[lizard] = ends.get(lizard, Fraction(0)) + p * q
        else:
            ends[kinds[i]] = ends.get(kinds[i], Fraction(0)) + p
    return tuple(ends.items())
