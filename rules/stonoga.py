"""Nogi Stonogi (HUCH!'s SchuhBidu, 2011): roll four colour dice, grow the longest centipede.

Four dice with faces yellow, red, green, blue, black and a golden star (a joker). Fifteen boot
tiles: in each colour one of 2, one of 3 and one of 4 boots. A turn is up to three rolls; then,
for one colour, count = dice of that colour + all stars, and the player takes from the centre one
tile of that colour with that many boots or fewer and adds it to the end of the centipede.

>>> book = Stonoga()
>>> state = book.start(["Ala", "Olek"])
>>> state = book.apply(state, book.parse_move(state, "r r * b"))
>>> state = book.apply(state, book.parse_move(state, "keep rr*"))
>>> state = book.apply(state, book.parse_move(state, "red"))
>>> state = book.apply(state, book.parse_move(state, "stop"))
>>> [move.text() for move in book.legal_moves(state)]
['take r2', 'take r3', 'take r4']

How this rule book reads the rule sheet where it leaves room (every choice is tested):

- Seats play in the order given to ``start``; seat 0 begins (the sheet: the smallest shoe size,
  or the youngest player).
- The first roll throws all four dice. After the first or second roll the player either stops
  (allowed after any roll, never before the first) or keeps any of the four faces on the table
  and rolls the others: dice set aside earlier may be taken back, so a keep always names the
  whole set aside. Keeping all four is stopping and is written ``stop``. After the third roll
  the rolls end by themselves. Dice are alike, so a roll or a keep is a multiset of faces,
  written in the order y r g b k *.
- A tile fits if its colour's count is at least its boots; any fitting tile may be taken, not
  only the largest. A player must take one if any fits (the sheet: "the player must decide on
  one of them"); ``Options(may_decline=True)`` lets a player take nothing anyway.
- Stealing (``Options(stealing=True)``, the sheet's variant for older players): instead of a
  centre tile the player may take the LAST tile of another player's centipede, if it has the
  chosen colour and exactly that colour's count of boots. The sheet allows it when the player
  "cannot or does not want to" take from the centre, so it is allowed even when a centre tile
  fits; it is never compulsory. It is the turn's one tile.
- The game ends the moment the centre is empty; stolen tiles never go back to the centre.
  Score = boots in the centipede. A tie goes to the most boots of one colour (the sum over the
  player's best colour); still tied, the tied players share the win.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from rules.dice import multiset_distribution
from rules.game import CHANCE, TERMINAL, IllegalMoveError, InvalidMoveError, Outcome, RulesError
from rules.phrases import Colour, Notation, Phrase

DICE = 4
ROLLS = 3
FACES = 6
STAR = 5
"""Face indices: 0 yellow, 1 red, 2 green, 3 blue, 4 black, 5 star."""
LETTERS = "yrgbk*"
ENGLISH = ("yellow", "red", "green", "blue", "black", "star")
POLISH = ("żółty", "czerwony", "zielony", "niebieski", "czarny", "gwiazdka")
BOOTS = (2, 3, 4)

_FACE_WORDS: dict[str, int] = {
    **{letter: face for face, letter in enumerate(LETTERS)},
    **{name: face for face, name in enumerate(ENGLISH)},
    **{name: face for face, name in enumerate(POLISH)},
    "★": STAR, "joker": STAR, "stars": STAR, "gwiazdki": STAR, "gwiazda": STAR,
    "żółta": 0, "żółte": 0, "zolty": 0, "zolta": 0, "zolte": 0,
    "czerwona": 1, "czerwone": 1, "zielona": 2, "zielone": 2,
    "niebieska": 3, "niebieskie": 3, "czarna": 4, "czarne": 4,
}  # fmt: skip
_VERBS: dict[str, str] = {
    "roll": "roll", "rzut": "roll",
    "keep": "keep", "zostaw": "keep", "zatrzymaj": "keep",
    "reroll": "reroll", "przerzuć": "reroll", "przerzuc": "reroll",
    "stop": "stop", "koniec": "stop",
    "take": "take", "weź": "take", "wez": "take", "bierz": "take",
    "steal": "steal", "zabierz": "steal", "ukradnij": "steal",
}  # fmt: skip
_NOTHING = {"nothing", "none", "-", "nic", "pass", "pas"}
_ALL = {"all", "everything", "wszystkie"}


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """A boot tile: a colour (0-4, as the dice faces) and 2, 3 or 4 boots; written ``r3``."""

    colour: int
    boots: int

    def __post_init__(self) -> None:
        if not (0 <= self.colour < STAR and self.boots in BOOTS):
            raise RulesError("stonoga.no-such-tile", colour=self.colour, boots=self.boots)

    def text(self) -> str:
        return f"{LETTERS[self.colour]}{self.boots}"


ALL_TILES = tuple(Tile(colour, boots) for colour in range(STAR) for boots in BOOTS)


def faces_text(faces: Sequence[int]) -> str:
    """Faces as a player types them: ``faces_text((1, 1, 5))`` is ``'r r *'``."""
    return " ".join(LETTERS[face] for face in faces)


@dataclass(frozen=True, slots=True)
class Roll:
    """CHANCE: what the table shows for the dice just rolled (sorted faces)."""

    faces: tuple[int, ...]

    def text(self) -> str:
        return f"roll {faces_text(self.faces)}"


@dataclass(frozen=True, slots=True)
class Keep:
    """Set these faces aside (the whole set aside, fewer than four) and roll the other dice."""

    faces: tuple[int, ...]

    def text(self) -> str:
        return f"keep {faces_text(self.faces)}" if self.faces else "keep nothing"


@dataclass(frozen=True, slots=True)
class Stop:
    """End the rolls before the third and choose a tile with the dice as they are."""

    def text(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Take:
    """Take this tile from the centre and add it to the end of one's centipede."""

    tile: Tile

    def text(self) -> str:
        return f"take {self.tile.text()}"


@dataclass(frozen=True, slots=True)
class Steal:
    """Variant: take the last tile of seat ``victim``'s centipede."""

    tile: Tile
    victim: int

    def text(self) -> str:
        return f"steal {self.tile.text()}"


@dataclass(frozen=True, slots=True)
class TakeNothing:
    """End the turn without a tile (when none fits, or under ``may_decline``)."""

    def text(self) -> str:
        return "take nothing"


Move = Roll | Keep | Stop | Take | Steal | TakeNothing
Phase = Literal["roll", "choose", "take"]


@dataclass(frozen=True, slots=True)
class Options:
    """Rule switches: the stealing variant, and whether a player may refuse every tile."""

    stealing: bool = False
    may_decline: bool = False


@dataclass(frozen=True, slots=True)
class StonogaState:
    """A position. ``dice``: in phase ``roll`` the faces set aside before the roll to come;
    in ``choose`` and ``take`` all four faces on the table. ``rolls``: rolls made this turn.
    ``centipedes[seat]`` runs from head to tail; its last tile is the one a thief may take."""

    players: tuple[str, ...]
    centre: tuple[Tile, ...]
    centipedes: tuple[tuple[Tile, ...], ...]
    seat: int = 0
    phase: Phase = "roll"
    rolls: int = 0
    dice: tuple[int, ...] = ()


def counts(dice: Sequence[int]) -> tuple[int, ...]:
    """For each colour, its dice plus all stars: ``counts((1, 1, 3, 5))`` is ``(1, 3, 1, 2, 1)``."""
    stars = sum(1 for face in dice if face == STAR)
    return tuple(sum(1 for face in dice if face == colour) + stars for colour in range(STAR))


def describe(state: StonogaState) -> Phrase:
    """The position in words, for error messages."""
    if not state.centre:
        return Phrase("stonoga.at.over")
    name = state.players[state.seat]
    dice = Notation(faces_text(state.dice))
    if state.phase == "roll":
        if state.dice:
            return Phrase("stonoga.at.roll-keeping", name=name, n=state.rolls + 1, of=ROLLS, dice=dice)
        return Phrase("stonoga.at.roll", name=name, n=state.rolls + 1, of=ROLLS)
    if state.phase == "choose":
        return Phrase("stonoga.at.choose", name=name, n=state.rolls, of=ROLLS, dice=dice)
    return Phrase("stonoga.at.take", name=name, dice=dice)


def best_colour_boots(centipede: Sequence[Tile]) -> int:
    """The tie-break: the boots of the player's best colour."""
    return max((sum(t.boots for t in centipede if t.colour == c) for c in range(STAR)), default=0)


@dataclass(frozen=True, slots=True)
class Stonoga:
    """The rule book. ``target`` is the advisor's goal: a tile to chase (the chance of getting
    it is shown and ranked first), or ``None`` to rank by the boots expected this turn."""

    options: Options = Options()
    target: Tile | None = None

    @property
    def title(self) -> str:
        return "stonoga"

    def start(self, players: Sequence[str]) -> StonogaState:
        if not 2 <= len(players) <= 4:
            raise RulesError("stonoga.players", n=len(players))
        return StonogaState(tuple(players), ALL_TILES, tuple(() for _ in players))

    def to_act(self, state: StonogaState) -> int:
        if not state.centre:
            return TERMINAL
        return CHANCE if state.phase == "roll" else state.seat

    def stealable(self, state: StonogaState) -> tuple[Steal, ...]:
        """The last tiles of the other players' centipedes (none without the variant)."""
        if not self.options.stealing:
            return ()
        return tuple(
            Steal(pede[-1], seat) for seat, pede in enumerate(state.centipedes) if pede and seat != state.seat
        )

    def legal_moves(self, state: StonogaState) -> tuple[Move, ...]:
        if self.to_act(state) < 0:
            return ()
        if state.phase == "choose":
            keeps = sorted(set_asides(state.dice), key=lambda faces: (-len(faces), faces))
            return (Stop(), *(Keep(faces) for faces in keeps if len(faces) < DICE))
        have = counts(state.dice)
        takes: list[Move] = [Take(t) for t in state.centre if t.boots <= have[t.colour]]
        fits = bool(takes)
        takes += [s for s in self.stealable(state) if s.tile.boots == have[s.tile.colour]]
        if not fits or self.options.may_decline:
            takes.append(TakeNothing())
        return tuple(takes)

    def chance_outcomes(self, state: StonogaState) -> tuple[tuple[Move, Fraction], ...]:
        if self.to_act(state) != CHANCE:
            return ()
        return tuple((Roll(faces), p) for faces, p in multiset_distribution(DICE - len(state.dice), FACES))

    def apply(self, state: StonogaState, move: Move) -> StonogaState:
        self._check(state, move)
        if isinstance(move, Roll):
            rolls = state.rolls + 1
            dice = tuple(sorted(state.dice + move.faces))
            phase: Phase = "take" if rolls == ROLLS else "choose"
            return replace(state, phase=phase, rolls=rolls, dice=dice)
        if isinstance(move, Keep):
            return replace(state, phase="roll", dice=move.faces)
        if isinstance(move, Stop):
            return replace(state, phase="take")
        centre, pedes = state.centre, list(state.centipedes)
        if isinstance(move, Take):
            centre = tuple(t for t in centre if t != move.tile)
        if isinstance(move, Steal):
            pedes[move.victim] = pedes[move.victim][:-1]
        if isinstance(move, Take | Steal):
            pedes[state.seat] = (*pedes[state.seat], move.tile)
        seat = (state.seat + 1) % len(state.players)
        return StonogaState(state.players, centre, tuple(pedes), seat)

    def outcome(self, state: StonogaState) -> Outcome | None:
        if state.centre:
            return None
        scores = tuple(sum(t.boots for t in pede) for pede in state.centipedes)
        ranks = [
            (score, best_colour_boots(pede)) for score, pede in zip(scores, state.centipedes, strict=True)
        ]
        top = max(ranks)
        winners = tuple(seat for seat, rank in enumerate(ranks) if rank == top)
        return Outcome(winners, scores, "centre-empty")

    def parse_move(self, state: StonogaState, text: str) -> Move:
        """Read what a player types: ``r r * b``, ``rr*b``, ``keep red star``, ``stop``,
        ``take r3`` (or ``r3``, ``czerwony 3``), ``steal r3``, ``take nothing``. A roll may name
        just the dice rolled or all four on the table, the ones set aside included."""
        where = describe(state)
        words = unicodedata.normalize("NFC", text).lower().replace(",", " ").replace(";", " ").split()
        if not words:
            raise InvalidMoveError("stonoga.empty", at=where)
        verb = _VERBS.get(words[0])
        rest = words[1:] if verb else words
        if verb is None:
            if " ".join(words) in _NOTHING:
                verb = "nothing"
            elif any(ch.isdigit() for ch in "".join(words)):
                verb = "take"
            else:
                verb = {"roll": "roll", "choose": "keep", "take": "faces"}[state.phase]
        move = self._build(state, verb, rest, where)
        self._check(state, move)
        return move

    def _build(self, state: StonogaState, verb: str, rest: list[str], where: Phrase) -> Move:
        if verb == "stop" and not rest:
            return Stop()
        if verb in ("nothing", "take") and " ".join(rest) in _NOTHING:
            return TakeNothing()
        if verb == "roll":
            faces, kept = Counter(_faces(rest, where)), Counter(state.dice)
            if state.phase == "roll" and kept and faces.total() == DICE and kept <= faces:
                faces -= kept  # the whole table was typed (or seen): the roll is the rest
            return Roll(tuple(sorted(faces.elements())))
        if verb == "keep":
            return Keep(() if " ".join(rest) in _NOTHING else _faces(rest, where))
        if verb == "reroll":
            if state.phase != "choose":
                return Keep(())  # the check below says why no reroll is possible now
            shown = Counter(state.dice)
            named = Counter(shown if not rest or " ".join(rest) in _ALL else _faces(rest, where))
            if not named <= shown:
                raise IllegalMoveError("stonoga.reroll-not-there", dice=Notation(" ".join(rest)), at=where)
            return Keep(tuple(sorted((shown - named).elements())))
        if verb in ("take", "steal"):
            tile = _tile("".join(rest), where)
            thefts = [s for s in self.stealable(state) if s.tile == tile]
            if verb == "steal" or (tile not in state.centre and thefts):
                if not thefts:
                    raise IllegalMoveError("stonoga.steal-not-there", tile=Notation(tile.text()), at=where)
                return thefts[0]
            return Take(tile)
        if verb == "faces":
            raise IllegalMoveError("stonoga.rolls-over", at=where)
        raise InvalidMoveError("stonoga.unreadable", text=Notation(" ".join([verb, *rest])), at=where)

    def _check(self, state: StonogaState, move: Move) -> None:
        where = describe(state)
        actor = self.to_act(state)
        if actor == TERMINAL:
            raise IllegalMoveError("stonoga.over", at=where)
        if isinstance(move, Roll):
            if actor != CHANCE:
                raise IllegalMoveError("stonoga.no-roll-due", at=where)
            need = DICE - len(state.dice)
            if len(move.faces) != need or any(not 0 <= f < FACES for f in move.faces):
                raise IllegalMoveError("stonoga.dice-count", n=need, typed=len(move.faces), at=where)
            if list(move.faces) != sorted(move.faces):
                raise IllegalMoveError("stonoga.roll-order", order=Notation(" ".join(LETTERS)), at=where)
            return
        if actor == CHANCE:
            raise IllegalMoveError("stonoga.roll-first", at=where)
        if move not in self.legal_moves(state):
            raise IllegalMoveError("stonoga.not-allowed", why=_why(self, state, move), at=where)


def _why(book: Stonoga, state: StonogaState, move: Move) -> Phrase:
    if state.phase == "choose":
        if isinstance(move, Keep):
            if len(move.faces) >= DICE:
                return Phrase("stonoga.why.keep-all")
            return Phrase("stonoga.why.not-on-table", dice=Notation(faces_text(state.dice)))
        return Phrase("stonoga.why.keep-or-stop")
    if isinstance(move, Keep | Stop):
        return Phrase("stonoga.why.rolls-over")
    if isinstance(move, TakeNothing):
        return Phrase("stonoga.why.must-take")
    if isinstance(move, Steal) and not book.options.stealing:
        return Phrase("stonoga.why.no-stealing")
    if isinstance(move, Take | Steal):
        tile, have = move.tile, counts(state.dice)[move.tile.colour]
        if isinstance(move, Take) and tile not in state.centre:
            return Phrase("stonoga.why.not-in-centre", tile=Notation(tile.text()))
        need = "exactly" if isinstance(move, Steal) else "at-least"
        colour = Colour(ENGLISH[tile.colour])
        return Phrase(f"stonoga.why.needs-{need}", n=tile.boots, colour=colour, have=have)
    return Phrase("stonoga.why.wrong-phase")


def set_asides(dice: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Every distinct sub-multiset of ``dice``, sorted: what a player may set aside.

    >>> set_asides((1, 1, 5))
    ((), (1,), (1, 1), (1, 1, 5), (1, 5), (5,))
    """
    out: set[tuple[int, ...]] = {()}
    for face in sorted(dice):
        out |= {(*subset, face) for subset in out}
    return tuple(sorted(out))


def _faces(words: list[str], where: Phrase) -> tuple[int, ...]:
    faces: list[int] = []
    for word in words:
        if word in _FACE_WORDS:
            faces.append(_FACE_WORDS[word])
        elif all(ch in LETTERS for ch in word):
            faces += [LETTERS.index(ch) for ch in word]
        else:
            raise InvalidMoveError("stonoga.no-face", word=word, at=where)
    return tuple(sorted(faces))


def parse_tile(text: str) -> Tile:
    """A tile as a person writes it (for the advisor's target): ``parse_tile("Czerwony 3")``
    is ``Tile(colour=1, boots=3)``; ``InvalidMoveError`` otherwise."""
    return _tile("".join(unicodedata.normalize("NFC", text).lower().split()), Phrase("stonoga.at.tile"))


def _tile(word: str, where: Phrase) -> Tile:
    match = re.fullmatch(r"(\d)(\D+)|(\D+)(\d)", word)
    if match is None:
        raise InvalidMoveError("stonoga.not-a-tile", word=Notation(word), at=where)
    boots, colour = (match[1], match[2]) if match[1] else (match[4], match[3])
    face = _FACE_WORDS.get(colour)
    if face is None or face == STAR or int(boots) not in BOOTS:
        raise InvalidMoveError("stonoga.no-tile", word=Notation(word), at=where)
    return Tile(face, int(boots))
