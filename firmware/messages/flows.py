"""The box's own flow, in Polish and in English: the first screen, who plays and who starts, the
winner's next step, the menu's hint, help and power-off (``firmware.machine.seating``, ``.help``,
``.power``).

``catalogue.CATALOGUE`` merges them in, so ``i18n.t`` says them (same rules: same keys and fields in
both languages, checked by tests/test_i18n.py). Screen strings stay short: 10 px bold holds about 21
characters across the OLED.
"""

from __future__ import annotations

PL: dict[str, str] = {
    # the first screen: the three buttons and the menu
    "welcome.prev": "wstecz",
    "welcome.ok": "wybór",
    "welcome.next": "dalej",
    "welcome.menu": "Menu: przytrzymaj OK",
    "welcome.hint": "OK: zaczynamy",
    "menu.hold_hint": "Menu: trzymaj OK",
    # who plays and who starts (firmware/machine/seating.py)
    "seat.title": "Gracz {n} to:",
    "seat.hint": "◀ ▶ zmień · OK",
    "first.title": "Kto zaczyna?",
    "first.rule.shut_the_box": "Najwyższy rzut kostką.",
    "first.rule.stonoga": "Najmniejszy but albo najmłodszy gracz.",
    "first.rule.lezard": "Najmłodszy gracz.",
    "first.starts": "Pierwszy gracz: {name}.",
    "first.option": "Ktoś inny? --first IMIĘ",
    "first.unknown": "--first {name}: nie ma takiego gracza; gracze: {players}.",
    # the end of a game
    "winner.again": "Jeszcze raz",
    "winner.other_game": "Inna gra",
    "winner.menu": "Menu",
    # help, opened from the menu (firmware/machine/help.py)
    "menu.help": "Pomoc",
    "help.title": "Pomoc",
    "help.buttons": "Przyciski",
    # shutting the box down
    "menu.power_off": "Wyłącz",
    "power.confirm": "Wyłączyć Kostkę?",
    "power.off": "Wyłączam…",
    "power.unplug": "Po 15 s odłącz zasilanie",
}

EN: dict[str, str] = {
    "welcome.prev": "back",
    "welcome.ok": "choose",
    "welcome.next": "next",
    "welcome.menu": "Menu: hold OK",
    "welcome.hint": "OK: let's play",
    "menu.hold_hint": "Menu: hold OK",
    "seat.title": "Player {n} is:",
    "seat.hint": "◀ ▶ change · OK",
    "first.title": "Who starts?",
    "first.rule.shut_the_box": "The highest roll of a die.",
    "first.rule.stonoga": "The smallest shoe size, or the youngest.",
    "first.rule.lezard": "The youngest player.",
    "first.starts": "First player: {name}.",
    "first.option": "Someone else? --first NAME",
    "first.unknown": "--first {name}: no such player; the players: {players}.",
    "winner.again": "Play again",
    "winner.other_game": "Other game",
    "winner.menu": "Menu",
    "menu.help": "Help",
    "help.title": "Help",
    "help.buttons": "Buttons",
    "menu.power_off": "Power off",
    "power.confirm": "Power off Kostka?",
    "power.off": "Powering off…",
    "power.unplug": "Unplug after 15 s",
}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
