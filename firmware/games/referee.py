"""The referee in a terminal: one loop that plays any rule book with people typing at a keyboard.

The loop keeps the game as a ``rules.match.Match`` (undo drops moves from it) and asks a ``Table``
(one per game: ``firmware.games.shut_the_box.table``, ``table_stonoga``, ``table_lezard``) how to show a
position, what to ask at a chance node, and how to word moves and the advisor's figures. It reads
lines from ``inp`` and writes to ``out``, so a whole game runs from a script in the tests.

What a person may type, at any prompt: a move (``3 5``, ``r r * b``, ``red blue``), the number of a
listed move, ``u`` (undo the last typed move), ``?`` (help) or ``q`` (quit, after a confirmation).
Bad input gets a message and changes nothing. Seats listed in ``bots`` play the advisor's best move
by themselves; with ``dice`` (a seeded ``random.Random``) Kostka rolls stand-in dice at chance nodes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Generic, Protocol, TextIO, TypeVar

from firmware.messages.i18n import t, tn
from rules.game import CHANCE, TERMINAL, Advice, Outcome, RuleBook, RulesError
from rules.match import Match

S = TypeVar("S")
M = TypeVar("M")

MENU_LIMIT = 20
"""At most this many moves are listed; the others can still be typed."""

UNDO = frozenset({"u", "undo", "cofnij"})
HELP = frozenset({"?", "h", "help", "pomoc"})
QUIT = frozenset({"q", "quit", "exit", "wyjdź", "wyjdz"})
YES = frozenset({"y", "yes", "t", "tak"})


def names_list(names: Iterable[str], lang: str) -> str:
    """Names joined the way a sentence lists them.

    >>> names_list(["Ala", "Olek", "Ewa"], "pl"), names_list(["Ala", "Olek"], "en")
    ('Ala, Olek i Ewa', 'Ala and Olek')
    """
    items = list(names)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {t('play.and', lang)} {items[-1]}"


class Table(Protocol[S, M]):
    """What the referee needs to know about one game to run it in a terminal."""

    @property
    def book(self) -> RuleBook[S, M]:
        """The rule book, with the game's switches."""
        ...

    def intro(self, players: Sequence[str], lang: str) -> list[str]:
        """Lines shown once at the start: the game, its rules in force, how to type dice."""
        ...

    def show(self, state: S, lang: str) -> list[str]:
        """The position (board, scores); shown again only when it has changed."""
        ...

    def prompt(self, state: S, lang: str) -> str:
        """The question at a chance node (what does the table show?) or at a player's choice."""
        ...

    def hint(self, state: S, lang: str) -> str:
        """What may be typed here, with an example (for help and after bad input)."""
        ...

    def label(self, state: S, move: M, lang: str) -> str:
        """A move in words a player can also type back (``zamknij 2 5``, ``weź r3``)."""
        ...

    def figures(self, state: S, advice: Advice[M], lang: str) -> str:
        """The advisor's figures for one listed move, readable (``shut box 12.3%  exp. penalty 8.1``)."""
        ...

    def numbered(self, state: S) -> bool:
        """Whether the legal moves here are listed as a numbered menu (not for a count to type)."""
        ...

    def normalise(self, state: S, text: str) -> str:
        """What a person typed, in the rule book's notation (Polish words to the book's words)."""
        ...

    def narrate(self, before: S, move: M, after: S, lang: str) -> list[str]:
        """What a move did, when it is more than the next position shows (a turn ends, a deal)."""
        ...

    def result(self, state: S, outcome: Outcome, lang: str) -> list[str]:
        """The final scores and why the game ended."""
        ...

    def advise(self, state: S) -> tuple[Advice[M], ...]:
        """Every legal move with figures, in menu order, best marked (the book's, with the goal)."""
        ...

    def stand_in(self, state: S, rng: random.Random) -> M | None:
        """A bot's move where the advisor marks none best (Lezard reports what fell), else None."""
        ...


@dataclass(frozen=True, slots=True)
class Ending:
    """How a session ended: ``finished`` (with the outcome), ``quit`` or ``input-ended``, and the
    moves played (the ``Match`` notation, which ``Match.replay`` turns back into the game)."""

    how: str
    moves: tuple[str, ...]
    outcome: Outcome | None = None


def pick_chance(outcomes: Sequence[tuple[M, Fraction]], rng: random.Random) -> M:
    """One chance event drawn with its exact probability from a seeded generator.

    >>> pick_chance([("a", Fraction(1, 4)), ("b", Fraction(3, 4))], random.Random(1))
    'b'
    """
    scale = lcm(*(p.denominator for _, p in outcomes))
    draw = rng.randrange(scale)
    for move, p in outcomes:
        share = int(p * scale)
        if draw < share:
            return move
        draw -= share
    return outcomes[-1][0]


class Referee(Generic[S, M]):
    """One game in a terminal: the loop, the menu, undo, help and quitting.

    ``bots`` are seats (from 0) that play by themselves; ``dice`` rolls the stand-in dice at
    chance nodes (``None``: people type what the table shows); ``rng`` serves bots that need
    chance (Lezard's stand-in reports); ``echo`` repeats typed lines (for a piped transcript).
    ``match`` is a game to go on with (a resumed save); ``keep`` is given the game after every
    move and every undo (a save file).
    """

    def __init__(
        self,
        table: Table[S, M],
        players: Sequence[str],
        lang: str,
        inp: TextIO,
        out: TextIO,
        *,
        bots: Iterable[int] = (),
        dice: random.Random | None = None,
        rng: random.Random | None = None,
        echo: bool = False,
        match: Match[S, M] | None = None,
        keep: Callable[[Match[S, M]], None] | None = None,
    ) -> None:
        self.table = table
        self.book = table.book
        self.match: Match[S, M] = match or Match.start(table.book, players)
        self.keep = keep
        self.lang = lang
        self.inp = inp
        self.out = out
        self.bots = frozenset(bots)
        self.dice = dice
        self.rng = rng or dice or random.Random(0)
        self.echo = echo
        self.shown: list[str] = []
        self.ended = False
        self.again = False

    # --- output --------------------------------------------------------------------------------

    def write(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out)

    def ask(self, question: str) -> str | None:
        """Print ``question``, read one line; ``None`` when the input has ended."""
        self.write(question)
        self.out.write("> ")
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.write("")
            self.ended = True
            return None
        text = line.strip()
        if self.echo:
            self.write(text)
        return text

    def name(self, seat: int) -> str:
        return self.match.players[seat]

    # --- the loop ------------------------------------------------------------------------------

    def run(self) -> Ending:
        """Play until the game ends, a player quits, or the input runs out."""
        self.write(*self.table.intro(self.match.players, self.lang))
        self.write(t("play.commands", self.lang))
        while True:
            state = self.match.state
            actor = self.book.to_act(state)
            if actor == TERMINAL:
                return self.finish()
            lines = self.table.show(state, self.lang)
            if lines != self.shown:
                self.write("", *lines)
                self.shown = lines
            if self.automatic(state):
                self.play_automatic(state, actor)
                continue
            if not self.turn(state, actor):
                return self.stopped()

    def automatic(self, state: S) -> bool:
        """Whether no one types here: stand-in dice at chance, or a bot's choice."""
        actor = self.book.to_act(state)
        if actor == CHANCE:
            return self.dice is not None
        return actor in self.bots

    def play_automatic(self, state: S, actor: int) -> None:
        if actor == CHANCE:
            assert self.dice is not None
            move = pick_chance(self.book.chance_outcomes(state), self.dice)
            self.write(t("play.auto_roll", self.lang, move=self.table.label(state, move, self.lang)))
        else:
            move = self.bot_move(state)
            label = self.table.label(state, move, self.lang)
            self.write(t("play.bot_move", self.lang, name=self.name(actor), move=label))
        self.apply(move)

    def bot_move(self, state: S) -> M:
        own = self.table.stand_in(state, self.rng)
        if own is not None:
            return own
        advice = self.table.advise(state)
        best = [a.move for a in advice if a.best] or [a.move for a in advice]
        return best[0] if best else self.book.legal_moves(state)[0]

    def apply(self, move: M) -> None:
        before = self.match.state
        self.match = self.match.play(move)
        if self.keep is not None:
            self.keep(self.match)
        self.write(*self.table.narrate(before, move, self.match.state, self.lang))

    def turn(self, state: S, actor: int) -> bool:
        """Ask until a move is played or a command handled; False when the game stops here."""
        menu: tuple[Advice[M], ...] = ()
        if actor != CHANCE and self.table.numbered(state):
            menu = self.table.advise(state)[:MENU_LIMIT]
        if menu and not self.again:  # after bad input the question and the menu are just above
            self.write(self.table.prompt(state, self.lang), *self.menu_lines(state, menu))
        self.again = False
        text = self.ask(self.pick_line(menu) if menu else self.table.prompt(state, self.lang))
        if text is None:
            return False
        word = text.lower()
        if word in QUIT:
            return not self.confirm_quit()
        if word in HELP:
            self.write(t("play.help", self.lang), self.table.hint(state, self.lang))
            return True
        if word in UNDO:
            self.undo()
            return True
        move = self.read_move(state, text, menu) if text else None
        if move is None:
            if not text:
                self.write(self.table.hint(state, self.lang))
            self.again = True
            return True
        if text.isdigit() and menu:
            self.write(t("play.chosen", self.lang, move=self.table.label(state, move, self.lang)))
        self.apply(move)
        return True

    def pick_line(self, menu: Sequence[Advice[M]]) -> str:
        return t("play.pick" if len(menu) > 1 else "play.pick_one", self.lang, n=len(menu))

    def menu_lines(self, state: S, menu: Sequence[Advice[M]]) -> list[str]:
        labels = [self.table.label(state, a.move, self.lang) for a in menu]
        width = max((len(label) for label in labels), default=0)
        best = t("play.best", self.lang)
        lines = []
        for index, (advice, label) in enumerate(zip(menu, labels, strict=True), start=1):
            figures = self.table.figures(state, advice, self.lang)
            mark = f"   {best}" if advice.best else ""
            lines.append(f"  {index:>2}) {label:<{width}}   {figures}{mark}".rstrip())
        hidden = len(self.book.legal_moves(state)) - len(menu)
        if menu and hidden > 0:
            lines.append("      " + tn("play.more", hidden, self.lang))
        return lines

    def read_move(self, state: S, text: str, menu: Sequence[Advice[M]]) -> M | None:
        """The move ``text`` names (a menu number or a move), or None after saying what is wrong."""
        if text.isdigit() and 1 <= int(text) <= len(menu):
            return menu[int(text) - 1].move
        try:
            move = self.book.parse_move(state, self.table.normalise(state, text))
            self.book.apply(state, move)
        except RulesError as error:
            self.write(t("play.bad_input", self.lang, text=text, reason=error))
            self.write(self.table.hint(state, self.lang))
            return None
        return move

    def undo(self) -> None:
        """Take back the last typed move, with the automatic moves (bots, stand-in dice) after it."""
        match = self.match
        undone: str | None = None
        while match.moves:
            undone = match.moves[-1]
            match = match.undo()
            if not self.automatic(match.state):
                break
        if undone is None or self.automatic(match.state):
            self.write(t("play.undo_nothing", self.lang))
            return
        move = self.book.parse_move(match.state, undone)
        self.match = match
        if self.keep is not None:
            self.keep(self.match)
        self.shown = []
        self.write(t("play.undone", self.lang, move=self.table.label(match.state, move, self.lang)))

    def confirm_quit(self) -> bool:
        answer = self.ask(t("play.quit_confirm", self.lang))
        if answer is None or answer.lower() in YES:
            return True
        self.write(t("play.quit_cancelled", self.lang))
        return False

    # --- the end -------------------------------------------------------------------------------

    def stopped(self) -> Ending:
        moves = tn("play.moves", len(self.match.moves), self.lang)
        if self.ended:
            self.write(t("play.input_ended", self.lang, moves=moves))
            return Ending("input-ended", self.match.moves)
        self.write(t("play.quit", self.lang, moves=moves))
        return Ending("quit", self.match.moves)

    def finish(self) -> Ending:
        state = self.match.state
        outcome = self.book.outcome(state)
        assert outcome is not None
        self.write("", t("play.game_over", self.lang), *self.table.result(state, outcome, self.lang))
        winners = [self.name(seat) for seat in outcome.winners]
        if len(winners) == 1:
            self.write(t("winner.name", self.lang, name=winners[0]))
        else:
            self.write(t("play.tie", self.lang, names=names_list(winners, self.lang)))
        return Ending("finished", self.match.moves, outcome)
