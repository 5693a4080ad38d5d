"""What the rule books say: a ``Phrase`` (a reason key and its fields, free of any language) and,
in ``ENGLISH``, the one English text of every key.

A rule book raises ``RulesError(key, **fields)``; ``str()`` fills the text here, for library
users and logs. A key with a count ``n`` has plural texts instead (``key.one``, ``.few``,
``.many``, English repeating ``.many`` as ``.few``). The appliance says the same key in the
player's language from its catalogue (keys ``rules.<key>``, with the same fields), so this module
is its English too.
"""

from __future__ import annotations

from collections.abc import Mapping


class Colour(str):
    """A colour's name (as the data names it) inside a ``Phrase``: a caller may say it in its language."""


class Notation(str):
    """A move or a piece of one in the rule book's notation (``r3``, ``r r *``) inside a ``Phrase``:
    a caller may write it as its players type it."""


class Phrase:
    """What the rules say, free of any language: a key of ``rules.phrases.ENGLISH`` and its fields.

    A field is a plain value (a number, flaps or squares as digits, a player's name), a ``Colour``,
    a ``Notation``, another ``Phrase`` (the position), or a tuple of these (a list). A key with a
    count ``n`` may have plural texts (``key.one``, ``key.few``, ``key.many``). ``str()`` says it in
    English; the appliance says it in the player's language through its catalogue.

    >>> str(Phrase("match.nothing-to-undo"))
    'nothing to undo: no move has been played yet'
    """

    __slots__ = ("fields", "key")

    def __init__(self, key: str, /, **fields: object) -> None:
        self.key = key
        self.fields: Mapping[str, object] = fields

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.key, self.fields) == (other.key, other.fields)

    __hash__ = None  # type: ignore[assignment]  # the fields are a dict

    def __repr__(self) -> str:
        return f"Phrase({self.key!r}, **{dict(self.fields)!r})"

    def __str__(self) -> str:
        text = ENGLISH.get(self.key) or ENGLISH[f"{self.key}.{'one' if self.fields['n'] == 1 else 'many'}"]
        return text.format_map({name: said(value) for name, value in self.fields.items()})


def said(value: object) -> str:
    """A phrase's field in English: lists joined with commas, phrases said."""
    if isinstance(value, tuple):
        return ", ".join(said(item) for item in value)
    return str(value)


ENGLISH: dict[str, str] = {
    # chance nodes (rules.game)
    "chance.not-positive": "a chance outcome has a probability of zero or less",
    "chance.not-one": "chance outcomes add up to {total}, not 1",
    # a game in progress (rules.match)
    "match.saved-move": "saved move {number} '{text}' does not apply: {error}",
    "match.nothing-to-undo": "nothing to undo: no move has been played yet",
    # Shut the Box (rules.shut_the_box): where the game stands
    "shut.at.over": "game over after round {round}",
    "shut.at.shut": "round {round}, {name} to shut after rolling {roll}, open flaps {flaps}",
    "shut.at.choose": "round {round}, {name} to choose 1 or 2 dice, open flaps {flaps}",
    "shut.at.roll.one": "round {round}, {name} to roll {n} die, open flaps {flaps}",
    "shut.at.roll.few": "round {round}, {name} to roll {n} dice, open flaps {flaps}",
    "shut.at.roll.many": "round {round}, {name} to roll {n} dice, open flaps {flaps}",
    # Shut the Box: what is wrong
    "shut.players": "Shut the Box needs at least one player",
    "shut.over": "the game is over, no move applies: {at}",
    "shut.roll-first": "the dice must be rolled first: {at}",
    "shut.not-a-choice": "not a choice here: {at}",
    "shut.choose-dice-first": "choose how many dice to roll first: {at}",
    "shut.not-by-this-roll": "not allowed by this roll: {at}",
    "shut.no-roll-due": "no roll is due now: {at}",
    "shut.roll-size.one": "this roll is {n} die, 1 to 6: {at}",
    "shut.roll-size.few": "this roll is {n} dice, each 1 to 6: {at}",
    "shut.roll-size.many": "this roll is {n} dice, each 1 to 6: {at}",
    "shut.how-many-dice": "'{text}': say how many dice to roll, '1' or '2': {at}",
    "shut.cannot-shut": "cannot shut {flaps}: {at}; shut one of: {choices}",
    "shut.not-roll": "'{text}' is not a roll like '3 5' (or '4' for one die): {at}",
    "shut.not-flaps": "'{text}' is not the flaps to shut, like '2 5': {at}",
    # Nogi Stonogi (rules.stonoga): where the game stands
    "stonoga.at.over": "the game is over",
    "stonoga.at.roll": "{name}'s turn, roll {n} of {of}",
    "stonoga.at.roll-keeping": "{name}'s turn, roll {n} of {of}, keeping {dice}",
    "stonoga.at.choose": "{name}'s turn, after roll {n} of {of}, dice {dice}",
    "stonoga.at.take": "{name}'s turn, choosing a tile with dice {dice}",
    "stonoga.at.tile": "a tile on its own",
    # Nogi Stonogi: what is wrong
    "stonoga.no-such-tile": "no tile has colour {colour} and {boots} boots",
    "stonoga.players": "Nogi Stonogi is for 2 to 4 players, not {n}",
    "stonoga.empty": "an empty move ({at}): type the dice, a keep, 'stop' or a tile",
    "stonoga.reroll-not-there": "cannot reroll {dice}: not among the dice ({at})",
    "stonoga.steal-not-there": "cannot steal {tile}: no other centipede ends with it ({at})",
    "stonoga.rolls-over": "the rolls are over ({at}): choose a tile, e.g. 'take r3'",
    "stonoga.unreadable": "cannot read '{text}' ({at})",
    "stonoga.over": "no more moves: {at}",
    "stonoga.no-roll-due": "no dice are rolling ({at}): keep dice, stop or take a tile",
    "stonoga.dice-count.one": "{n} die is rolled, not {typed} ({at}): type what it shows",
    "stonoga.dice-count.few": "{n} dice are rolled, not {typed} ({at}): type what they show",
    "stonoga.dice-count.many": "{n} dice are rolled, not {typed} ({at}): type what they show",
    "stonoga.roll-order": "a roll lists its faces in the order {order} ({at})",
    "stonoga.roll-first": "the dice must be rolled first ({at}): type what they show, e.g. 'r r * b'",
    "stonoga.not-allowed": "not allowed ({at}): {why}",
    "stonoga.no-face": "'{word}' is not a die face ({at}): use y r g b k * (black is k) or a colour's name",
    "stonoga.not-a-tile": "'{word}' is not a tile ({at}): write a colour and boots, e.g. 'r3'",
    "stonoga.no-tile": "no tile is '{word}' ({at}): tiles are y r g b k with 2, 3 or 4 boots",
    "stonoga.why.keep-all": "keeping all four dice is stopping: type 'stop'",
    "stonoga.why.not-on-table": "the dice on the table are {dice}",
    "stonoga.why.keep-or-stop": "choose dice to keep, or 'stop'",
    "stonoga.why.rolls-over": "the rolls are over: take a tile",
    "stonoga.why.must-take": "a tile fits, so one must be taken",
    "stonoga.why.no-stealing": "stealing is a variant that is not in play",
    "stonoga.why.not-in-centre": "{tile} is not in the centre",
    "stonoga.why.needs-exactly": "it needs exactly {n} {colour} with stars; the dice give {have}",
    "stonoga.why.needs-at-least": "it needs at least {n} {colour} with stars; the dice give {have}",
    "stonoga.why.wrong-phase": "not a move of this phase",
    # Lezard Domino (rules.lezard, rules.lezard_board): cards and where the game stands
    "lezard.card.lizard": "lizard {colour}",
    "lezard.card.one": "{colour}",
    "lezard.card.two": "{first} {second}",
    "lezard.position": "{doing}; in hand: {hands}; {n} standing",
    "lezard.doing.draw": "{name} to draw a card",
    "lezard.doing.draw-again": "{name} to draw a card again",
    "lezard.doing.place": "{name} to place a domino on square {square} ({colour})",
    "lezard.doing.flick": "{name} to flick (lizard {colour}: {owner}'s)",
    "lezard.doing.royal": "{name} laid their last domino: royal flick?",
    "lezard.doing.over.royal-flick": "game over (royal-flick)",
    "lezard.doing.over.no-dominoes": "game over (no-dominoes)",
    "lezard.doing.over.": "game over",
    "lezard.expected.draw": "the card drawn ('red', 'red blue', 'lizard green')",
    "lezard.expected.place": "'ok', or 'fell' and the squares whose dominoes fell ('fell 12', 'fell 10-12')",
    "lezard.expected.flick": (
        "'fell N' (N fell in order from the tail), then '+S' for each square that fell out of order"
    ),
    "lezard.expected.royal": "'royal' (the royal flick knocked every domino over) or 'done'",
    "lezard.expected.over": "no move: the game is over",
    # Lezard Domino: what is wrong
    # Lezard Domino's data file (rules.lezard_board): where, and what is wrong
    "lezard.data.line": "{source} line {line}, {path}",
    "lezard.data.key": "{source}, {path}",
    "lezard.data.line-entry": "{source} line {line}, {path} entry {entry}",
    "lezard.data.entry": "{source}, {path} entry {entry}",
    "lezard.data.toml": "{at}: not valid TOML ({error}); fix that line and try again",
    "lezard.data.unknown-key": (
        "{at}: unknown key '{key}'; the keys are format, guess, dominoes, lizards, [board] and [deck] "
        "(see rules/data/README.md)"
    ),
    "lezard.data.format": "{at}: format must be {format}, got {got}",
    "lezard.data.guess": "{at}: guess must be true or false, got {got}",
    "lezard.data.lizards.one": "{at}: lizards must name {n} colour (the box has {n} lizard), got {got}",
    "lezard.data.lizards.few": "{at}: lizards must name {n} colours (the box has {n} lizards), got {got}",
    "lezard.data.lizards.many": "{at}: lizards must name {n} colours (the box has {n} lizards), got {got}",
    "lezard.data.board-key": "{at}: unknown key '{key}' in [board]",
    "lezard.data.no-table": "{at}: the [{table}] table is missing (see rules/data/README.md)",
    "lezard.data.dominoes": "{at}: dominoes must be a whole number above 0",
    "lezard.data.dominoes-split.one": (
        "{at}: dominoes must split evenly among the {n} lizard (60 in the box: 15 each), got {got}"
    ),
    "lezard.data.dominoes-split.few": (
        "{at}: dominoes must split evenly among the {n} lizards (60 in the box: 15 each), got {got}"
    ),
    "lezard.data.dominoes-split.many": (
        "{at}: dominoes must split evenly among the {n} lizards (60 in the box: 15 each), got {got}"
    ),
    "lezard.data.names": "{at}: {key} must be a list of colour names",
    "lezard.data.not-a-name": "{at}: {name} is not a name",
    "lezard.data.name": "{at}: {problem}",
    "lezard.data.name-words": "colour '{name}' must be one word without digits, spaces, '+', '-' or '#'",
    "lezard.data.name-reserved": "'{name}' is a word of the move notation; call the colour something else",
    "lezard.data.lizard-twice": "{at}: each lizard needs its own colour",
    "lezard.data.count": "{at}: the count must be a whole number, 0 or more, got {got}",
    "lezard.data.same-card": "{at}: the same card as '{card}'; add up their counts",
    "lezard.data.no-colour-card": "{at}: the [deck] has no colour card; the game needs some",
    "lezard.data.lizard-card": (
        "{at}: a lizard card is written 'lizard COLOUR' with a colour of lizards ({colours})"
    ),
    "lezard.data.colour-card": "{at}: a colour card shows one or two squares, e.g. 'red' or 'red blue'",
    "lezard.data.no-square": (
        "{at}: the board has no square coloured '{colour}' (its colours: {colours}); "
        "fix the card or the [board]"
    ),
    "lezard.at": "{what} (at: {at})",
    "lezard.players": "Lezard Domino is for 2 to {most} players, not {n}",
    "lezard.seats.count.one": "with {players} players each takes {n} lizard; seats were {seats}",
    "lezard.seats.count.few": "with {players} players each takes {n} lizards; seats were {seats}",
    "lezard.seats.count.many": "with {players} players each takes {n} lizards; seats were {seats}",
    "lezard.seats.colours": "seats must take different lizards among {colours}; got {seats}",
    "lezard.over": "the game is over; that is no longer a move",
    "lezard.misfit": "that does not fit here; expected {expected}",
    "lezard.deck.no-card": "the deck has no '{card}' card; fix [deck]",
    "lezard.deck.out-of-play.one": (
        "the '{card}' card is out of play with {n} player; put it in the box and draw another"
    ),
    "lezard.deck.out-of-play.few": (
        "the '{card}' card is out of play with {n} players; put it in the box and draw another"
    ),
    "lezard.deck.out-of-play.many": (
        "the '{card}' card is out of play with {n} players; put it in the box and draw another"
    ),
    "lezard.deck.none-left": (
        "no '{card}' card is left in the draw pile (all are in the discards); "
        "check the card, or fix [deck] if your box has more"
    ),
    "lezard.card.lizard-alone": "a lizard card is 'lizard COLOUR' ({colours})",
    "lezard.card.words": "a card is one or two colours ('red', 'red blue') or 'lizard COLOUR'",
    "lezard.card.either": "'{text}' could be '{first}' or '{second}': type more letters",
    "lezard.card.none": "'{text}' is not a card: {why}",
    "lezard.card.not-in-deck": (
        "'{text}': the deck in the data file has no '{card}' card; check the card, "
        "or add it to [deck] if your box has it"
    ),
    "lezard.lizard-colour.either": "'{word}' could be the lizard colour {colours}: type more letters",
    "lezard.lizard-colour.none": "'{word}' is no lizard colour (they are {colours})",
    "lezard.square-colour.either": "'{word}' could be the square colour {colours}: type more letters",
    "lezard.square-colour.none": "'{word}' is no square colour (they are {colours})",
    "lezard.report.not-squares": "'{word}' is not a square number or a range like 10-12",
    "lezard.report.backwards": "the range '{word}' runs backwards; write it from the head, like 10-12",
    "lezard.report.none": "that is not a report",
    "lezard.report.placing": (
        "{why}; a report on placing is 'ok', or 'fell' and the squares whose dominoes fell "
        "('fell 12', 'fell 10-12')"
    ),
    "lezard.report.flick": (
        "a report on a flick is 'fell N' (N fell in order from the tail), then '+S' for each square "
        "that fell out of order, e.g. 'fell 5 +12 +14'"
    ),
    "lezard.report.royal": "after the last domino say 'royal' (the royal flick knocked all over) or 'done'",
    "lezard.report.twice": "name each square once, from the head",
    "lezard.report.no-domino": "no domino stands on square {square}",
    "lezard.report.only.one": "only {n} domino stands on the board",
    "lezard.report.only.few": "only {n} dominoes stand on the board",
    "lezard.report.only.many": "only {n} dominoes stand on the board",
    "lezard.report.in-chain": (
        "square {square} is in the chain of {n} from the tail; count it in the number, not with '+'"
    ),
    # Shut the Box: switches that make no game
    "shut.switch.flaps": "flaps must be one of {allowed}, not {value}",
    "shut.switch.one-die": "one_die must be one of {allowed}, not {value}",
    "shut.switch.scoring": "scoring must be sum or digits, not {value}",
    "shut.switch.bonus": "full_shut_bonus must be 0 (off) or more, not {value}",
    "shut.switch.rounds": "rounds must be at least 1, not {value}",
    "shut.switch.penalty-limit": "penalty_limit must be 0 or more, not {value}",
    "shut.switch.no-end": "the game needs an end: a number of rounds, a penalty limit, or both",
    "shut.switch.tournament": "a tournament needs a number of rounds",
    # a Lezard box given as switches, not as a file (firmware's Lezard book, a saved game)
    "lezard.data.settings": "the box given as settings",
}
