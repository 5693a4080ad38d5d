"""The appliance screens' strings, in Polish and in English (area of the screens' guides and hints).

``firmware.messages.CATALOGUE`` merges them in, so ``firmware.i18n.t`` says them (same rules: same
keys and fields in both languages, checked by tests/test_i18n.py).
"""

from __future__ import annotations

PL: dict[str, str] = {
    "read.hint": "OK tak · ◀ ▶ popraw",
    "confirm.hint": "OK tak · ◀ ▶ wróć",
    "continue.hint": "OK dalej",
    "camera.hint": "OK: wpisz ręcznie",
    "turn.next": "Teraz: {name}",
    "shut.dice.one": "{n} kostka",
    "shut.dice.few": "{n} kostki",
    "shut.dice.many": "{n} kostek",
    "shut.roll_one": "Rzuć 1 kostką",
    "shut.round": "Runda {n}",
    "shut.last_chance": "Ostatnia szansa",
    "shut.lost_roll": "Brak ruchu: kara {n}",
    "stonoga.stop": "Stop, biorę",
    "stonoga.reroll_all": "Rzuć wszystkimi",
    "stonoga.keep_faces": "Zostaw {faces}",
    "stonoga.take_tile": "{colour} {n}",
    "stonoga.kept": "Zostają:",
    "lezard.stands": "Stoi",
    "lezard.fell_this": "Spadło",
    "lezard.fell_squares": "Spadły {squares}",
    "lezard.fell_count": "Spadło: {n}",
    "lezard.royal_yes": "Wszystkie padły",
    "lezard.royal_no": "Nie wszystkie",
    "lezard.square": "Pole {n}: {colour}",
    "lezard.lizard_card": "Jaszczurka: {colour}",
    "lezard.standing": "Stoi: {n}",
    "lezard.dealt": "Do rozdania: {n}",
    "lezard.pick_hint": "◀ ▶ karta · OK",
    "colour.orange": "pomarańczowy",
    "colour.pink": "różowy",
    "colour.grey": "szary",
    "colour.white": "biały",
}

EN: dict[str, str] = {
    "read.hint": "OK right · ◀ ▶ fix",
    "confirm.hint": "OK yes · ◀ ▶ back",
    "continue.hint": "OK next",
    "camera.hint": "OK: enter by hand",
    "turn.next": "Next: {name}",
    "shut.dice.one": "{n} die",
    "shut.dice.few": "{n} dice",
    "shut.dice.many": "{n} dice",
    "shut.roll_one": "Roll 1 die",
    "shut.round": "Round {n}",
    "shut.last_chance": "Last chance",
    "shut.lost_roll": "No move: penalty {n}",
    "stonoga.stop": "Stop, take",
    "stonoga.reroll_all": "Reroll all",
    "stonoga.keep_faces": "Keep {faces}",
    "stonoga.take_tile": "{colour} {n}",
    "stonoga.kept": "Kept:",
    "lezard.stands": "It stands",
    "lezard.fell_this": "It fell",
    "lezard.fell_squares": "Fell {squares}",
    "lezard.fell_count": "Fell: {n}",
    "lezard.royal_yes": "All fell",
    "lezard.royal_no": "Not all",
    "lezard.square": "Square {n}: {colour}",
    "lezard.lizard_card": "Lizard: {colour}",
    "lezard.standing": "Standing: {n}",
    "lezard.dealt": "To deal out: {n}",
    "lezard.pick_hint": "◀ ▶ card · OK",
    "colour.orange": "orange",
    "colour.pink": "pink",
    "colour.grey": "grey",
    "colour.white": "white",
}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
