"""Every string a person reads, in Polish and in English: the one catalogue behind ``i18n.t``.

Keys are ``area.thing``; fields are ``str.format`` names in braces. Both languages must hold the
same keys with the same fields (tests/test_i18n.py fails otherwise). Plural keys end in ``.one``,
``.few`` and ``.many`` (Polish needs all three; English repeats ``.many`` as ``.few``).

Screen strings are short: a 128x64 OLED read from half a metre holds about 10 bold characters a
line at 12 px. Kostka is "she" in Polish (la kostka), hence "Nie jestem pewna".
"""

from __future__ import annotations

from firmware.messages import box as messages_box
from firmware.messages import cli_help as messages_cli_help
from firmware.messages import flows as messages_flows
from firmware.messages import help as messages_help
from firmware.messages import history as messages_history
from firmware.messages import play as messages_play
from firmware.messages import rules as messages_rules
from firmware.messages import screens as messages_screens
from firmware.messages import tools as messages_tools
from firmware.messages import vision as messages_vision

PL: dict[str, str] = {
    # the language itself, as its speakers name it
    "language.name": "Polski",
    # menus
    "menu.title": "Menu",
    "menu.game": "Gra",
    "menu.players": "Gracze",
    "menu.undo": "Cofnij",
    "menu.restart": "Od nowa",
    "menu.language": "Język",
    "menu.history": "Historia",
    "menu.back": "Wróć",
    "menu.new_game": "Nowa gra",
    "menu.start": "Start",
    "menu.hint": "OK wybiera",
    "game.stonoga": "Nogi Stonogi",
    "game.shut_the_box": "Shut the Box",
    "game.lezard": "Lezard Domino",
    "players.count.one": "{n} gracz",
    "players.count.few": "{n} graczy",
    "players.count.many": "{n} graczy",
    "player.name": "Gracz {n}",
    "turn.of": "Rzuca {name}",
    # rolling and reading
    "roll.now": "Rzucaj!",
    "roll.again": "Rzuć znowu",
    "roll.number": "Rzut {n}/{of}",
    "reading": "Czytam…",
    "read.as": "Widzę:",
    "read.uncertain": "Nie jestem pewna",
    "read.cocked": "Kostka krzywo",
    "read.wrong_count": "Widzę {seen} z {expected}",
    "read.outside": "Kostka poza tacką",
    "read.nothing": "Nie widzę kostek",
    # confirming and correcting
    "confirm.title": "Zgadza się?",
    "confirm.yes": "Tak",
    "confirm.no": "Popraw",
    "confirm.move": "Potwierdź",
    "correct.dice": "Popraw kostki",
    "correct.card": "Popraw kartę",
    "correct.hint": "◀ ▶ zmień, OK dalej",
    "move.saved": "Zapisane",
    "undo.done": "Cofnięto ruch",
    "undo.nothing": "Nie ma czego cofnąć",
    "restart.confirm": "Zacząć od nowa?",
    "resume": "Wracam do gry",
    # the camera
    "camera.lost": "Kamera nie działa",
    "camera.retrying": "Próbuję znowu…",
    "camera.by_hand": "Wpisz kostki ręcznie",
    # choices and advice
    "choices.title": "Wybierz",
    "choice.best": "Najlepszy",
    "advice.no_move": "Brak ruchu",
    # the end
    "winner.title": "Zwycięzca!",
    "winner.name": "Wygrywa {name}!",
    "winner.tie": "Remis!",
    "scores.title": "Wyniki",
    "score.points": "{n} pkt",
    # Nogi Stonogi
    "stonoga.centipede": "Stonoga",
    "stonoga.boots.one": "{n} but",
    "stonoga.boots.few": "{n} buty",
    "stonoga.boots.many": "{n} butów",
    "stonoga.tile": "Płytka",
    "stonoga.keep": "Zostaw",
    "stonoga.reroll": "Rzuć resztą",
    "stonoga.take": "Weź {colour} ×{n}",
    "stonoga.steal": "Zabierz: {name}",
    "stonoga.no_tile": "Brak płytki",
    "stonoga.tiles_left": "Płytki: {n}",
    "colour.yellow": "żółty",
    "colour.red": "czerwony",
    "colour.green": "zielony",
    "colour.blue": "niebieski",
    "colour.black": "czarny",
    "colour.star": "gwiazdka",
    # Shut the Box
    "shut.flaps": "Klapki",
    "shut.shut": "Zamknij {flaps}",
    "shut.open_left": "Otwarte: {flaps}",
    "shut.penalty": "Kara {n}",
    "shut.total": "Suma {n}",
    "shut.all_shut": "Wszystko zamknięte!",
    # Lezard Domino
    "lezard.card": "Karta",
    "lezard.draw_card": "Ciągnij kartę",
    "lezard.one_square": "1 kratka",
    "lezard.two_squares": "2 kratki",
    "lezard.lizard": "Jaszczurka",
    "lezard.flick": "Pstryczek!",
    "lezard.royal_flick": "Pstryczek Królewski",
    "lezard.draw_again": "Ciągnij jeszcze raz",
    "lezard.dominoes.one": "{n} domino",
    "lezard.dominoes.few": "{n} domina",
    "lezard.dominoes.many": "{n} domin",
    # for the person setting Kostka up (command line)
    "error.screen": "Coś poszło nie tak. Naciśnij OK.",
    "display.unknown_driver": "Nieznany wyświetlacz {driver}: wpisz w konfiguracji jeden z: {choices}.",
    "display.no_bus": (
        "Nie ma {path}: włącz I2C (sudo raspi-config, Interface Options, I2C), sprawdź przewody "
        "i uruchom i2cdetect -y {port}."
    ),
    "display.not_found": (
        "Nie ma wyświetlacza OLED na I2C {port} pod adresem {address}: sprawdź przewody "
        "(VCC, GND, SDA, SCL) i uruchom i2cdetect -y {port}, żeby zobaczyć jego adres."
    ),
    "display.permission": (
        "Brak dostępu do {path}: dodaj użytkownika do grupy i2c (sudo usermod -aG i2c $USER) "
        "i zaloguj się ponownie."
    ),
    "display.write_failed": (
        "Wyświetlacz przestał odpowiadać ({reason}): sprawdź przewody i uruchom i2cdetect -y {port}."
    ),
    "buttons.no_gpio": (
        "Nie mogę użyć pinów GPIO ({reason}). Na Raspberry Pi zainstaluj python3-lgpio; "
        "gdzie indziej użyj klawiatury."
    ),
    "buttons.pin_in_use": "Pin GPIO {pin} jest już zajęty: wybierz w konfiguracji inny pin dla {button}.",
    "buttons.same_pin": "Przyciski {first} i {second} mają ten sam pin {pin}: każdy potrzebuje własnego.",
    "buttons.bad_pin": "Pin {pin} dla {button} nie istnieje: użyj numeru BCM od 2 do 27.",
    # storage (firmware/storage.py error keys): short, for the screen; the details go to the log
    "storage.failed": "Nie mogę zapisać gry",
    "storage.unwritable": "Brak miejsca na zapis",
    "storage.newer": "Zapis z nowszej wersji",
    "storage.corrupt": "Zapis uszkodzony",
    "storage.bad_game": "Nie mogę wczytać gry",
    "storage.moved_aside": "Stary zapis odłożony",
    # advice figures with their units (a choice list's title line, the confirmation line) and the
    # colours' short names written under colour dice
    "advice.unit.shut": "% zamknięcia",
    "advice.unit.penalty": "śr. kara",
    "advice.unit.boots": "śr. butów",
    "advice.unit.target": "% na {tile}",
    "advice.unit.hand": "ręka",
    "advice.shut": "Szansa zamknięcia: {pct}",
    "advice.penalty": "Średnia kara: {value}",
    "advice.boots": "Średnio butów: {value}",
    "advice.target": "{tile}: {pct} szans",
    "advice.hand": "W ręce: {dominoes}",
    "colour.yellow.short": "żółty",
    "colour.red.short": "czerw",
    "colour.green.short": "ziel",
    "colour.blue.short": "nieb",
    "colour.black.short": "czarn",
    "colour.star.short": "★",
    "stonoga.keep_title": "Zostaw:",
    # the hardware a box must have (firmware/devices/board.py) and the lock on the state folder
    "hardware.missing": "Brak {library}",
    "hardware.install": "Uruchom install.sh",
    "hardware.no_buttons": "Przyciski nie działają",
    "hardware.camera_missing": (
        "Brak biblioteki kamery {library}, więc kostki wpisuje się ręcznie. Zainstaluj ją: "
        "sudo systemd/install.sh (pakiet apt {package} i venv z --system-site-packages)."
    ),
    "hardware.gpio_missing": (
        "Brak biblioteki GPIO {library} dla przycisków ({reason}). Zainstaluj ją: "
        "sudo systemd/install.sh (pakiet apt {package} i venv z --system-site-packages); "
        "żeby grać z klawiatury: kostka run --stand-ins."
    ),
    "hardware.gpio_fallback": (
        "Przyciski działają przez zapasowy sterownik GPIO z gpiozero: zainstaluj {package} "
        "(sudo systemd/install.sh)."
    ),
    "lock.held": (
        "Katalog zapisu {folder} jest zajęty: używa go proces {pid} ({command}) od {since}. "
        "Zatrzymaj tamten proces albo użyj innego katalogu."
    ),
    # the demo's last line (kostka demo), colours a Lezard board may also use
    "demo.summary": "{game}, ziarno {seed}: {winner} po {moves} ({scores}).",
    "demo.winner": "wygrywa {name}",
    "demo.tie": "remis: {names}",
    "demo.resumed": "(gra podjęta z zapisu)",
    "demo.auto": "jest tylko pokaz bez obsługi: dodaj --auto (żeby grać samemu: kostka run)",
    "demo.pace": "--pace to liczba sekund (0 lub więcej) albo fast, nie {pace}",
    "demo.frames_out": "nie mogę zapisać klatek w {path}: {reason}; podaj w --frames-out folder do zapisu",
    "demo.players": "w {game} gra od {low} do {high} graczy, nie {n}: zmień --players",
    "demo.stopped": "gra stanęła przed końcem; uruchom ją jeszcze raz z tym samym --state, żeby grać dalej",
    "colour.purple": "fioletowy",
    "colour.brown": "brązowy",
    "colour.gray": "szary",
}

EN: dict[str, str] = {
    "language.name": "English",
    "menu.title": "Menu",
    "menu.game": "Game",
    "menu.players": "Players",
    "menu.undo": "Undo",
    "menu.restart": "Restart",
    "menu.language": "Language",
    "menu.history": "History",
    "menu.back": "Back",
    "menu.new_game": "New game",
    "menu.start": "Start",
    "menu.hint": "OK selects",
    "game.stonoga": "Nogi Stonogi",
    "game.shut_the_box": "Shut the Box",
    "game.lezard": "Lezard Domino",
    "players.count.one": "{n} player",
    "players.count.few": "{n} players",
    "players.count.many": "{n} players",
    "player.name": "Player {n}",
    "turn.of": "{name} rolls",
    "roll.now": "Roll now!",
    "roll.again": "Roll again",
    "roll.number": "Roll {n}/{of}",
    "reading": "Reading…",
    "read.as": "I see:",
    "read.uncertain": "Not sure",
    "read.cocked": "Die is tilted",
    "read.wrong_count": "I see {seen} of {expected}",
    "read.outside": "Die off the tray",
    "read.nothing": "I see no dice",
    "confirm.title": "Is this right?",
    "confirm.yes": "Yes",
    "confirm.no": "Correct",
    "confirm.move": "Confirm",
    "correct.dice": "Correct the dice",
    "correct.card": "Correct the card",
    "correct.hint": "◀ ▶ change, OK next",
    "move.saved": "Saved",
    "undo.done": "Move undone",
    "undo.nothing": "Nothing to undo",
    "restart.confirm": "Start over?",
    "resume": "Back to the game",
    "camera.lost": "Camera lost",
    "camera.retrying": "Retrying…",
    "camera.by_hand": "Enter dice by hand",
    "choices.title": "Choose",
    "choice.best": "Best",
    "advice.no_move": "No move",
    "winner.title": "Winner!",
    "winner.name": "{name} wins!",
    "winner.tie": "A tie!",
    "scores.title": "Scores",
    "score.points": "{n} pts",
    "stonoga.centipede": "Centipede",
    "stonoga.boots.one": "{n} boot",
    "stonoga.boots.few": "{n} boots",
    "stonoga.boots.many": "{n} boots",
    "stonoga.tile": "Tile",
    "stonoga.keep": "Keep",
    "stonoga.reroll": "Reroll the rest",
    "stonoga.take": "Take {colour} ×{n}",
    "stonoga.steal": "Steal: {name}",
    "stonoga.no_tile": "No tile",
    "stonoga.tiles_left": "Tiles: {n}",
    "colour.yellow": "yellow",
    "colour.red": "red",
    "colour.green": "green",
    "colour.blue": "blue",
    "colour.black": "black",
    "colour.star": "star",
    "shut.flaps": "Flaps",
    "shut.shut": "Shut {flaps}",
    "shut.open_left": "Open: {flaps}",
    "shut.penalty": "Penalty {n}",
    "shut.total": "Total {n}",
    "shut.all_shut": "All shut!",
    "lezard.card": "Card",
    "lezard.draw_card": "Draw a card",
    "lezard.one_square": "1 square",
    "lezard.two_squares": "2 squares",
    "lezard.lizard": "Lizard",
    "lezard.flick": "Flick!",
    "lezard.royal_flick": "Royal flick",
    "lezard.draw_again": "Draw again",
    "lezard.dominoes.one": "{n} domino",
    "lezard.dominoes.few": "{n} dominoes",
    "lezard.dominoes.many": "{n} dominoes",
    "error.screen": "Something went wrong. Press OK.",
    "display.unknown_driver": "Unknown display {driver}: put one of these in the config: {choices}.",
    "display.no_bus": (
        "There is no {path}: turn I2C on (sudo raspi-config, Interface Options, I2C), check the "
        "wiring and run i2cdetect -y {port}."
    ),
    "display.not_found": (
        "No OLED found on I2C port {port} at address {address}: check the wiring (VCC, GND, SDA, SCL) "
        "and run i2cdetect -y {port} to see its address."
    ),
    "display.permission": (
        "No permission to use {path}: add the user to the i2c group (sudo usermod -aG i2c $USER) "
        "and log in again."
    ),
    "display.write_failed": (
        "The display stopped answering ({reason}): check the wiring and run i2cdetect -y {port}."
    ),
    "buttons.no_gpio": (
        "Cannot use the GPIO pins ({reason}). On a Raspberry Pi install python3-lgpio; "
        "elsewhere use the keyboard."
    ),
    "buttons.pin_in_use": "GPIO pin {pin} is already in use: choose another pin for {button} in the config.",
    "buttons.same_pin": "Buttons {first} and {second} share pin {pin}: each needs its own.",
    "buttons.bad_pin": "There is no pin {pin} for {button}: use a BCM number from 2 to 27.",
    # storage (firmware/storage.py error keys): short, for the screen; the details go to the log
    "storage.failed": "Cannot save the game",
    "storage.unwritable": "Nowhere to save",
    "storage.newer": "Saved by a newer Kostka",
    "storage.corrupt": "Saved games damaged",
    "storage.bad_game": "Cannot load the game",
    "storage.moved_aside": "Old saves set aside",
    # advice figures with their units, and the colours' short names
    "advice.unit.shut": "chance to shut",
    "advice.unit.penalty": "avg penalty",
    "advice.unit.boots": "avg boots",
    "advice.unit.target": "chance: {tile}",
    "advice.unit.hand": "hand",
    "advice.shut": "Chance to shut: {pct}",
    "advice.penalty": "Average penalty: {value}",
    "advice.boots": "Average boots: {value}",
    "advice.target": "{tile}: {pct} chance",
    "advice.hand": "In hand: {dominoes}",
    "colour.yellow.short": "yellow",
    "colour.red.short": "red",
    "colour.green.short": "green",
    "colour.blue.short": "blue",
    "colour.black.short": "black",
    "colour.star.short": "★",
    "stonoga.keep_title": "Keep:",
    # the hardware a box must have (firmware/devices/board.py) and the lock on the state folder
    "hardware.missing": "No {library}",
    "hardware.install": "Run install.sh",
    "hardware.no_buttons": "Buttons do not work",
    "hardware.camera_missing": (
        "The camera library {library} is missing, so the dice are entered by hand. Install it: "
        "sudo systemd/install.sh (apt package {package}, and a venv made with --system-site-packages)."
    ),
    "hardware.gpio_missing": (
        "The GPIO library {library} for the buttons is missing ({reason}). Install it: "
        "sudo systemd/install.sh (apt package {package}, and a venv made with --system-site-packages); "
        "to play from the keyboard: kostka run --stand-ins."
    ),
    "hardware.gpio_fallback": (
        "The buttons run on gpiozero's fallback GPIO driver: install {package} (sudo systemd/install.sh)."
    ),
    "lock.held": (
        "The state folder {folder} is in use: process {pid} ({command}) has held it since {since}. "
        "Stop that process or use another folder."
    ),
    # the demo's last line (kostka demo), colours a Lezard board may also use
    "demo.summary": "{game}, seed {seed}: {winner} after {moves} ({scores}).",
    "demo.winner": "{name} won",
    "demo.tie": "a tie: {names}",
    "demo.resumed": "(taken up again from the saved game)",
    "demo.auto": "only the unattended demo exists: add --auto (to play yourself: kostka run)",
    "demo.pace": "--pace is a number of seconds (0 or more) or fast, not {pace}",
    "demo.frames_out": (
        "cannot keep the frames in {path}: {reason}; give --frames-out a folder you may write to"
    ),
    "demo.players": "{game} is played by {low} to {high} players, not {n}: change --players",
    "demo.stopped": "stopped before the end of the game; start it again with the same --state to go on",
    "colour.purple": "purple",
    "colour.brown": "brown",
    "colour.gray": "grey",
}

# The terminal referee's lines (``kostka play``, area ``play.``), the screens' guides and what the
# rule books say (area ``rules.``) live beside them in ``messages_play``, ``messages_screens`` and
# ``messages_rules`` and join this one catalogue here;
# tests/test_i18n.py checks them like the rest (and that no key is defined twice).
_PARTS = (
    messages_play.CATALOGUE,
    messages_screens.CATALOGUE,
    messages_tools.CATALOGUE,
    messages_rules.CATALOGUE,
    messages_flows.CATALOGUE,
    messages_help.CATALOGUE,
    messages_box.CATALOGUE,
    messages_cli_help.CATALOGUE,
    messages_history.CATALOGUE,
    messages_vision.CATALOGUE,
)
CATALOGUE: dict[str, dict[str, str]] = {
    lang: {k: v for part in ({"pl": PL, "en": EN}, *_PARTS) for k, v in part[lang].items()}
    for lang in ("pl", "en")
}
