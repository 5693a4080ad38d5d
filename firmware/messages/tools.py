"""The command-line tools' strings (``kostka odds``, ``advise``, ``board``, ``play``'s saves, the
Lezard lizards), in Polish and in English.

``catalogue.CATALOGUE`` merges them in, so ``i18n.t`` says them (same rules as the rest:
keys ``area.thing``, the same keys and fields in both languages, plural keys ending
``.one``/``.few``/``.many``). Terminal lines, so a sentence long at most.
"""

from __future__ import annotations

PL: dict[str, str] = {
    # kostka odds
    "odds.box.rules": "Shut the Box, {flaps} klapek, {rules}",
    "odds.box.line": "szansa zamknięcia wszystkich klapek {pct} ({one_in}{exact}), "
    "średnia kara {penalty} (przy najlepszej grze dla każdej z tych dwóch liczb).",
    "odds.pede.line": (
        "Nogi Stonogi, 4 kostki, 3 rzuty: co najmniej {dice} jednego koloru wybranego z góry "
        "(gwiazdka się liczy): {pct} ({one_in}{exact})."
    ),
    "odds.exact": ", dokładnie {fraction}",
    "odds.one_in": "około 1 na {n}",
    "odds.pede.dice.one": "{n} kostka",
    "odds.pede.dice.few": "{n} kostki",
    "odds.pede.dice.many": "{n} kostek",
    "odds.in_ten": "około {n} na 10",
    "odds.fails": "nie wychodzi około 1 raz na {n}",
    "odds.bad_at_least": "--at-least {k}: podaj od 1 do 4 (są 4 kostki).",
    "odds.bad_switches": "{reason}. Sprawdź przełączniki (kostka odds {game} --help).",
    # kostka advise, for the games played from a list of moves
    "advise.position": "Po {moves}:",
    "advise.start": "Na początku gry:",
    "advise.nothing": "Tu nikt nie wybiera ruchu: {what}",
    "advise.over": "Gra skończona.",
    "advise.bad_move": "--moves: ruch {n} „{text}” nie pasuje: {reason}.",
    # kostka play: saving and resuming
    "save.saved": "Gra zapisuje się po każdym ruchu w {path}; wznowisz ją: kostka play --resume {path}",
    "save.resumed.one": "Wznowiona gra z {path}: {n} ruch za wami.",
    "save.resumed.few": "Wznowiona gra z {path}: {n} ruchy za wami.",
    "save.resumed.many": "Wznowiona gra z {path}: {n} ruchów za wami.",
    "save.unreadable": "Nie mogę przeczytać zapisu {path}: {reason}.",
    "save.damaged": "Zapis {path} jest uszkodzony ({reason}); zacznij nową grę albo wskaż inny plik.",
    "save.unwritable": "Nie mogę zapisać gry w {path}: {reason}. Wskaż inny plik (--save).",
    "save.finished": "Gra w {path} jest już skończona; zacznij nową.",
    "save.no_game": "Podaj grę (kostka play GRA ...) albo zapis do wznowienia (kostka play --resume PLIK).",
    "save.both": (
        "--resume wznawia zapisaną grę z jej ustawieniami: nie podawaj przy nim gry ani przełączników."
    ),
    "file.folder": "to folder, nie plik",
    "save.why.os": "{reason}",
    "file.not_text": "to nie tekst",
    "save.why.json": "to nie JSON, błąd w wierszu {line}",
    "save.why.kind": "to nie zapis kostka play",
    "save.why.format": "format {format}, a ta Kostka czyta {known}",
    "save.why.parts": "brak gry, przełączników albo ruchów",
    # Lezard: whose lizard is whose, and the board file
    "lizard.named": "jaszczurka {colour}",
    "lizard.seat": "{name}: {lizards}",
    "lizard.bad": "--lizards {text}: {reason}.",
    "lizard.bad.form": "zapisz je tak: Ala=zielona,Olek=niebieska",
    "lizard.bad.player": "nie ma gracza {name}",
    "lizard.bad.colour": "nie ma jaszczurki {colour} (są: {known})",
    "lizard.bad.twice": "jaszczurka {colour} ma już właściciela",
    "lizard.bad.count": "przy {players} graczach każdy ma {each}, a {name} ma {got}",
    "lezard.lizard_of": "{name}: jaszczurka",
    "lezard.board_unchecked": "Sprawdź planszę: kostka board",
    "board.unchecked": (
        "Plansza i talia w {source} to przybliżenie, nikt ich nie porównał z pudełkiem: "
        "sprawdź je (kostka board) i potwierdź (kostka board --confirm)."
    ),
    "board.written": "Rysunek planszy: {path} ({squares}, {cards}).",
    "board.title": "Lezard Domino: plansza i talia z {source}",
    "board.guess": "PRZYBLIŻENIE: nikt jeszcze nie porównał tego pliku z pudełkiem. Porównaj pole po polu.",
    "board.not_guess": "Plik mówi, że zgadza się z pudełkiem (guess = false).",
    "board.squares": "Plansza: {squares}, od głowy jaszczurki (pole 1) do końca ogona, po 10 w rzędzie.",
    "board.n_squares.one": "{n} pole",
    "board.n_squares.few": "{n} pola",
    "board.n_squares.many": "{n} pól",
    "board.n_cards.one": "{n} karta",
    "board.n_cards.few": "{n} karty",
    "board.n_cards.many": "{n} kart",
    "board.lizards": "Jaszczurki (kolejność przy rozdawaniu):",
    "board.deck": "Talia: {cards}; w pudełku {dominoes}.",
    "board.lizard_card": "jaszczurka",
    "board.confirm": (
        "Plansza z {source} zgadza się z pudełkiem? Dopisz na początku pliku ustawień (przed pierwszą "
        "[sekcją]) ten wiersz: {line}"
    ),
    "board.bad_out": "Nie mogę zapisać rysunku {path}: {reason}.",
    "board.bad_file": "Nie mogę użyć pliku planszy {path}: {reason}.",
}

EN: dict[str, str] = {
    # kostka odds
    "odds.box.rules": "Shut the Box, {flaps} flaps, {rules}",
    "odds.box.line": "chance to shut every flap {pct} ({one_in}{exact}), "
    "expected penalty {penalty} (best play for each of the two).",
    "odds.pede.line": (
        "Nogi Stonogi, 4 dice, 3 rolls: at least {dice} of one colour chosen in advance "
        "(the star counts): {pct} ({one_in}{exact})."
    ),
    "odds.exact": ", exactly {fraction}",
    "odds.one_in": "about 1 in {n}",
    "odds.pede.dice.one": "{n} die",
    "odds.pede.dice.few": "{n} dice",
    "odds.pede.dice.many": "{n} dice",
    "odds.in_ten": "about {n} in 10",
    "odds.fails": "fails about 1 in {n}",
    "odds.bad_at_least": "--at-least {k}: give 1 to 4 (there are 4 dice).",
    "odds.bad_switches": "{reason}. Check the switches (kostka odds {game} --help).",
    # kostka advise, for the games played from a list of moves
    "advise.position": "After {moves}:",
    "advise.start": "At the start of the game:",
    "advise.nothing": "Nobody chooses a move here: {what}",
    "advise.over": "The game is over.",
    "advise.bad_move": "--moves: move {n} '{text}' does not fit: {reason}.",
    # kostka play: saving and resuming
    "save.saved": "The game is saved after every move in {path}; resume it with: kostka play --resume {path}",
    "save.resumed.one": "Resumed the game in {path}: {n} move played.",
    "save.resumed.few": "Resumed the game in {path}: {n} moves played.",
    "save.resumed.many": "Resumed the game in {path}: {n} moves played.",
    "save.unreadable": "Cannot read the save {path}: {reason}.",
    "save.damaged": "The save {path} is damaged ({reason}); start a new game or give another file.",
    "save.unwritable": "Cannot save the game in {path}: {reason}. Give another file (--save).",
    "save.finished": "The game in {path} is already over; start a new one.",
    "save.no_game": "Name a game (kostka play GAME ...) or a save to resume (kostka play --resume FILE).",
    "save.both": "--resume resumes a saved game with its own settings: give no game or switches with it.",
    "file.folder": "it is a folder, not a file",
    "save.why.os": "{reason}",
    "file.not_text": "it is not text",
    "save.why.json": "it is not JSON, error on line {line}",
    "save.why.kind": "it is not a save of kostka play",
    "save.why.format": "format {format}, and this Kostka reads {known}",
    "save.why.parts": "the game, its switches or its moves are missing",
    # Lezard: whose lizard is whose, and the board file
    "lizard.named": "{colour} lizard",
    "lizard.seat": "{name}: {lizards}",
    "lizard.bad": "--lizards {text}: {reason}.",
    "lizard.bad.form": "write them like Ala=green,Olek=blue",
    "lizard.bad.player": "there is no player {name}",
    "lizard.bad.colour": "there is no {colour} lizard (there are: {known})",
    "lizard.bad.twice": "the {colour} lizard already has an owner",
    "lizard.bad.count": "with {players} players each has {each}, and {name} has {got}",
    "lezard.lizard_of": "{name}'s lizard",
    "lezard.board_unchecked": "Check the board: kostka board",
    "board.unchecked": (
        "The board and deck in {source} are a best guess, not yet compared with a real box: "
        "check them (kostka board) and confirm (kostka board --confirm)."
    ),
    "board.written": "Picture of the board: {path} ({squares}, {cards}).",
    "board.title": "Lezard Domino: the board and deck in {source}",
    "board.guess": "BEST GUESS: nobody has compared this file with a real box yet. Compare square by square.",
    "board.not_guess": "The file says it matches a real box (guess = false).",
    "board.squares": "Board: {squares}, from the lizard's head (square 1) to the tip of its tail, 10 a row.",
    "board.n_squares.one": "{n} square",
    "board.n_squares.few": "{n} squares",
    "board.n_squares.many": "{n} squares",
    "board.n_cards.one": "{n} card",
    "board.n_cards.few": "{n} cards",
    "board.n_cards.many": "{n} cards",
    "board.lizards": "Lizards (in set-up order):",
    "board.deck": "Deck: {cards}; in the box {dominoes}.",
    "board.lizard_card": "lizard",
    "board.confirm": (
        "Does the board in {source} match your box? Add this line at the top of the settings file "
        "(before the first [section]): {line}"
    ),
    "board.bad_out": "Cannot write the picture {path}: {reason}.",
    "board.bad_file": "Cannot use the board file {path}: {reason}.",
}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
