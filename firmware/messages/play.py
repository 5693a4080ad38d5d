"""The terminal referee's strings (``kostka play``), in Polish and in English.

``catalogue.CATALOGUE`` merges them in, so ``i18n.t`` says them (same rules:
keys ``area.thing``, the same keys and fields in both languages, plural keys ending
``.one``/``.few``/``.many``). These are terminal lines, not OLED screens, so they may be a
sentence long.
"""

from __future__ import annotations

PL: dict[str, str] = {
    # the referee, for every game
    "play.commands": "Numer wybiera ruch z listy; możesz też wpisać sam ruch. u cofa, ? pomoc, q kończy grę.",
    "play.help": (
        "Wpisz ruch albo jego numer z listy. u – cofnij ostatni wpisany ruch, ? – pomoc, "
        "q – zakończ grę. Sama liczba z zakresu listy to numer ruchu."
    ),
    "play.pick": "Wybierz numer 1–{n} albo wpisz ruch:",
    "play.pick_one": "Wybierz 1 albo wpisz ruch:",
    "play.best": "<- najlepszy",
    "play.more.one": "… i jeszcze {n} ruch: wpisz go sam",
    "play.more.few": "… i jeszcze {n} ruchy: wpisz je same",
    "play.more.many": "… i jeszcze {n} ruchów: wpisz je same",
    "play.chosen": "→ {move}",
    "play.auto_roll": "Kostka losuje: {move}",
    "play.bot_move": "{name} (bot): {move}",
    "play.bad_input": "Nie da się zagrać „{text}”: {reason}",
    "play.undone": "Cofnięto: {move}.",
    "play.undo_nothing": "Nie ma czego cofnąć.",
    "play.quit_confirm": "Na pewno zakończyć grę? (t/n)",
    "play.quit_cancelled": "Gramy dalej.",
    "play.quit": "Gra przerwana po {moves}.",
    "play.input_ended": "Wejście skończyło się przed końcem gry (po {moves}).",
    "play.moves.one": "{n} ruchu",
    "play.moves.few": "{n} ruchach",
    "play.moves.many": "{n} ruchach",
    "play.game_over": "Koniec gry.",
    "play.tie": "Remis: wygrywają {names}!",
    "play.and": "i",
    # command line
    "play.bad_players": "Nie można zacząć: {reason}. Podaj graczy tak: --players Ala,Olek.",
    "play.bad_bots": "--bots {text}: nie ma takiego gracza. Podaj numery miejsc (1 = pierwszy) albo imiona.",
    "play.bad_switches": "{reason}. Sprawdź przełączniki (kostka play {game} --help).",
    "play.bad_file": "Nie mogę przeczytać {path}: {reason}.",
    "play.seed": "Losuje Kostka (ziarno {seed}: --seed {seed} powtórzy tę grę).",
    # Shut the Box
    "play.box.title": "Shut the Box: {flaps}, gracze: {players}.",
    "play.box.rules": "Zasady: {rules}.",
    "play.box.rounds.one": "{n} runda",
    "play.box.rounds.few": "{n} rundy",
    "play.box.rounds.many": "{n} rund",
    "play.box.rule.limit": "do przekroczenia kary {n}",
    "play.box.rule.sum": "kara to suma otwartych klapek",
    "play.box.rule.digits": "kara to otwarte klapki czytane jak liczba",
    "play.box.rule.one_die.low": "wolno rzucać jedną kostką, gdy otwarte klapki dają 6 lub mniej",
    "play.box.rule.one_die.forced-low": "trzeba rzucać jedną kostką, gdy otwarte klapki dają 6 lub mniej",
    "play.box.rule.one_die.after-top": "wolno rzucać jedną kostką, gdy 7 i wyższe są zamknięte",
    "play.box.rule.one_die.always": "zawsze rzuca się jedną kostką",
    "play.box.rule.double_chance": "podwójna szansa",
    "play.box.rule.last_chance": "ostatnia szansa",
    "play.box.rule.maths": "matematyczne wyzwanie",
    "play.box.rule.full_shut": "zamknięcie wszystkich klapek: −{n}",
    "play.box.rule.tournament": "turniej: wygrywa ten, kto wygra najwięcej rund",
    "play.box.rule.goal.shut": "rada: największa szansa zamknięcia",
    "play.box.rule.goal.penalty": "rada: najmniejsza średnia kara",
    "play.box.how": (
        "Wpisuj oczka kostek oddzielone spacją, np. 3 5 (jedna kostka: 4). "
        "Klapki: numer z listy albo np. z 2 5."
    ),
    "play.box.position": "Runda {round} · {name} · klapki: {flaps}",
    "play.box.position_of": "Runda {round} z {rounds} · {name} · klapki: {flaps}",
    "play.box.totals": "Kary: {scores}",
    "play.box.won_rounds": "Wygrane rundy: {scores}",
    "play.box.roll_one": "{name}, rzuć jedną kostką i wpisz oczka (np. 4):",
    "play.box.roll_two": "{name}, rzuć dwiema kostkami i wpisz oczka (np. 3 5):",
    "play.box.choose_dice": "{name}, ile kostek rzucasz?",
    "play.box.rolled": "{name}: wypadło {roll}. Które klapki zamykasz?",
    "play.box.shut": "zamknij {flaps}",
    "play.box.dice.1": "1 kostka",
    "play.box.dice.2": "2 kostki",
    "play.box.figures": "szansa zamknięcia wszystkich klapek {pct}   średnia kara tej tury {value}",
    "play.box.stuck": "Wypadło {roll}: nie da się nic zamknąć.",
    "play.box.last_chance": "Ostatnia szansa: rzuć jeszcze raz.",
    "play.box.turn_over": "Koniec tury: {name}, kara {n}.",
    "play.box.full_shut": "{name} zamyka wszystkie klapki!",
    "play.box.full_shut_bonus": "{name} zamyka wszystkie klapki! Premia: −{n}.",
    "play.box.round_won": "Rundę {round} wygrywa: {names}.",
    "play.box.hint.roll": "Wpisz oczka kostek, np. 3 5 (jedna kostka: 4).",
    "play.box.hint.shut": "Wpisz numer z listy albo klapki do zamknięcia po z, np. z 2 5.",
    "play.box.hint.dice": "Wpisz 1 albo 2: tyle kostek rzucasz.",
    "play.box.score": "{name}: kara {n}",
    "play.box.score_rounds": "{name}: wygrane rundy {n} (kara {total})",
    "play.box.reason.rounds-played": "Rozegrano wszystkie rundy.",
    "play.box.reason.penalty-limit": "Ktoś przekroczył limit kary {limit}.",
    # Nogi Stonogi
    "play.pede.title": "Nogi Stonogi, gracze: {players}.",
    "play.pede.colours": "Kolory kostek: {legend}.",
    "play.pede.how": (
        "Wpisuj kolory kostek literami oddzielonymi spacją, np. cz cz * n (albo razem: czcz*n). "
        "Po rzucie: numer z listy, zostaw cz cz albo stop; na końcu płytka, np. weź cz3."
    ),
    "play.pede.rules.steal": "Wariant: zamiast ze środka możesz zabrać ostatnią płytkę cudzej stonogi.",
    "play.pede.rules.decline": "Wolno nie wziąć żadnej płytki.",
    "play.pede.centre": "Środek: {tiles}",
    "play.pede.centipede": "{name}: {tiles} ({boots})",
    "play.pede.empty": "–",
    "play.pede.roll_first": "{name}, rzut 1 z 3: rzuć 4 kostkami i wpisz kolory (np. cz cz * n):",
    "play.pede.roll_rest": "{name}, rzut {n} z 3: zostawione {kept}; rzuć resztą i wpisz, co wypadło:",
    "play.pede.roll_all": "{name}, rzut {n} z 3: rzuć wszystkimi 4 kostkami i wpisz kolory:",
    "play.pede.choose": "{name}: na stole {dice} (po rzucie {n} z 3). Co zostawiasz?",
    "play.pede.take": "{name}: na stole {dice}, z gwiazdkami: {counts}. Którą płytkę bierzesz?",
    "play.pede.stop": "stop – biorę płytkę",
    "play.pede.keep": "zostaw {faces}",
    "play.pede.keep_nothing": "zostaw nic",
    "play.pede.take_tile": "weź {tile}",
    "play.pede.steal": "zabierz {tile} (stonoga: {name})",
    "play.pede.nothing": "nic – bez płytki",
    "play.pede.figures": "średnio butów w tej turze {value}",
    "play.pede.target": "szansa na płytkę {tile} w tej turze {pct}",
    "play.pede.took": "{name} bierze {tile}.",
    "play.pede.stole": "{name} zabiera {tile} ze stonogi: {victim}.",
    "play.pede.took_nothing": "{name} nie bierze płytki.",
    "play.pede.hint.roll": "Wpisz kolory kostek, które wypadły ({legend}), np. cz cz * n.",
    "play.pede.hint.choose": "Wpisz numer z listy, zostaw i kolory (np. zostaw cz cz *) albo stop.",
    "play.pede.hint.take": "Wpisz numer z listy albo płytkę, np. weź cz3.",
    "play.pede.reason": "Środek jest pusty.",
    "play.pede.score": "{name}: {boots} ({tiles})",
    "play.pede.tie_break": "Remis w butach rozstrzyga najwięcej butów jednego koloru.",
    # Lezard Domino
    "play.liz.title": "Lezard Domino, gracze: {players}.",
    "play.liz.guess": (
        "Uwaga: plansza i talia z {source} to przybliżenie niesprawdzone z pudełkiem. "
        "Jeśli twoje są inne, popraw kopię pliku i podaj ją przez --board PLIK."
    ),
    "play.liz.how": (
        "Wpisuj wyciągniętą kartę, np. {examples}. Po postawieniu domina: ok albo upadło i pola "
        "(np. upadło 10-12); po pstryczku: ile upadło po kolei od ogona (np. 5, a osobno +12)."
    ),
    "play.liz.hands": "W ręce: {hands}",
    "play.liz.draw": "{name}, ciągnij kartę i wpisz ją (np. {example}):",
    "play.liz.place": "{name}: postaw domino na polu {square} ({colour:n}). Co się stało?",
    "play.liz.next_flick": "Szansa, że następny gracz będzie pstrykał: {pct} (w twoją jaszczurkę: {mine}).",
    "play.liz.flick_ask": (
        "Ile upadło po kolei od ogona (0–{n})? Dopisz +pole dla każdego, które upadło osobno:"
    ),
    "play.liz.royal": "{name} kładzie ostatnie domino! Królewski pstryczek przewrócił wszystkie?",
    "play.liz.ok": "ok – stoi",
    "play.liz.royal_yes": "królewski",
    "play.liz.royal_no": "gotowe",
    "play.liz.royal_yes_about": "wszystkie domina upadły",
    "play.liz.royal_no_about": "bez królewskiego pstryczka",
    "play.liz.lizard": "jaszczurka {colour:f}",
    "play.liz.figures": "domina w ręce: {hand} · stojące na planszy: {standing}",
    "play.liz.draw_again": "To jaszczurka gracza {name}: ciągnie jeszcze raz.",
    "play.liz.no_square": "Nie ma wolnego pola tego koloru: koniec tury.",
    "play.liz.no_domino": "Na planszy nie stoi żadne domino: koniec tury.",
    "play.liz.dealt": "Rozdanie: {deal}.",
    "play.liz.nothing_fell": "Nic nie upadło.",
    "play.liz.hint.draw": "Wpisz kartę: kolor, dwa kolory albo jaszczurka i kolor, np. {example}.",
    "play.liz.hint.place": "Wpisz numer z listy, ok, albo upadło i pola, np. upadło 10-12.",
    "play.liz.hint.flick": (
        "Wpisz, ile upadło po kolei od ogona, np. 5, i +pole dla każdego, które upadło osobno: 5 +12."
    ),
    "play.liz.hint.royal": "Wpisz 1 (królewski: wszystkie upadły) albo 2 (gotowe).",
    "play.liz.reason.royal-flick": "{names}: ostatnie domino i królewski pstryczek!",
    "play.liz.reason.no-dominoes": "{names}: wszystkie domina postawione!",
    # what players type and are told, wholly in their language (players, letters, what fell)
    "play.players.empty": "imię gracza jest puste",
    "play.players.twice": "dwóch graczy ma na imię {name}",
    "play.players.long": "imię {name} ma więcej niż {n} liter",
    "play.players.number": "{name} to liczba, nie imię (miejsca bez imienia mają numery)",
    "play.players.too_many": "{n} imion: najwyżej {most}",
    "play.pede.letters": "ż cz z n cza *",
    "play.liz.fell_on.one": "upadło {n} domino na polu {squares}",
    "play.liz.fell_on.few": "upadły {n} domina na polach {squares}",
    "play.liz.fell_on.many": "upadło {n} domin na polach {squares}",
    "play.liz.fell_in_row.one": "upadło {n} domino{strays}",
    "play.liz.fell_in_row.few": "upadły {n} domina{strays}",
    "play.liz.fell_in_row.many": "upadło {n} domin{strays}",
    "play.liz.fell_back.one": "Upadło {n} domino: {name} bierze je z powrotem; koniec tury.",
    "play.liz.fell_back.few": "Upadły {n} domina: {name} bierze je z powrotem; koniec tury.",
    "play.liz.fell_back.many": "Upadło {n} domin: {name} bierze je z powrotem; koniec tury.",
    "play.switch.at_least": "{switch} musi być {least} lub więcej, nie {value}",
    "play.switch.tournament": "--tournament {n} już ustala liczbę rund; pomiń --rounds",
    "play.file.missing": "nie ma takiego pliku",
    "play.file.denied": "brak dostępu",
    "play.file.folder": "to folder, a nie plik",
    "play.box.flaps.one": "{n} klapka",
    "play.box.flaps.few": "{n} klapki",
    "play.box.flaps.many": "{n} klapek",
    "play.liz.board.one": "Plansza od głowy: {row}   (stoi {n} domino)",
    "play.liz.board.few": "Plansza od głowy: {row}   (stoją {n} domina)",
    "play.liz.board.many": "Plansza od głowy: {row}   (stoi {n} domin)",
    "play.liz.flick.one": (
        "{name} pstryka domino najdalej od głowy (jaszczurka {colour:f}: {owner}). Stoi {n} domino, "
        "łańcuch przy ogonie: {chain}."
    ),
    "play.liz.flick.few": (
        "{name} pstryka domino najdalej od głowy (jaszczurka {colour:f}: {owner}). Stoją {n} domina, "
        "łańcuch przy ogonie: {chain}."
    ),
    "play.liz.flick.many": (
        "{name} pstryka domino najdalej od głowy (jaszczurka {colour:f}: {owner}). Stoi {n} domin, "
        "łańcuch przy ogonie: {chain}."
    ),
}

EN: dict[str, str] = {
    "play.commands": "A number picks a listed move; you may also type the move. u undoes, ? helps, q quits.",
    "play.help": (
        "Type a move or its number in the list. u – undo the last typed move, ? – help, "
        "q – quit the game. A lone number within the list is a move's number."
    ),
    "play.pick": "Pick 1–{n} or type a move:",
    "play.pick_one": "Pick 1 or type a move:",
    "play.best": "<- best",
    "play.more.one": "… and {n} more move: type it",
    "play.more.few": "… and {n} more moves: type them",
    "play.more.many": "… and {n} more moves: type them",
    "play.chosen": "→ {move}",
    "play.auto_roll": "Kostka draws: {move}",
    "play.bot_move": "{name} (bot): {move}",
    "play.bad_input": "Cannot play '{text}': {reason}",
    "play.undone": "Undone: {move}.",
    "play.undo_nothing": "Nothing to undo.",
    "play.quit_confirm": "Really quit the game? (y/n)",
    "play.quit_cancelled": "Playing on.",
    "play.quit": "Game stopped after {moves}.",
    "play.input_ended": "The input ended before the game did (after {moves}).",
    "play.moves.one": "{n} move",
    "play.moves.few": "{n} moves",
    "play.moves.many": "{n} moves",
    "play.game_over": "Game over.",
    "play.tie": "A tie: {names} share the win!",
    "play.and": "and",
    "play.bad_players": "Cannot start: {reason}. Name the players like this: --players Ala,Olek.",
    "play.bad_bots": "--bots {text}: no such player. Give seat numbers (1 = first) or names.",
    "play.bad_switches": "{reason}. Check the switches (kostka play {game} --help).",
    "play.bad_file": "Cannot read {path}: {reason}.",
    "play.seed": "Kostka rolls the dice (seed {seed}: --seed {seed} replays this game).",
    "play.box.title": "Shut the Box: {flaps}, players: {players}.",
    "play.box.rules": "Rules: {rules}.",
    "play.box.rounds.one": "{n} round",
    "play.box.rounds.few": "{n} rounds",
    "play.box.rounds.many": "{n} rounds",
    "play.box.rule.limit": "until a penalty passes {n}",
    "play.box.rule.sum": "penalty is the sum of the open flaps",
    "play.box.rule.digits": "penalty is the open flaps read as one number",
    "play.box.rule.one_die.low": "one die allowed while the open flaps add up to 6 or less",
    "play.box.rule.one_die.forced-low": "one die required while the open flaps add up to 6 or less",
    "play.box.rule.one_die.after-top": "one die allowed once 7 and up are shut",
    "play.box.rule.one_die.always": "always one die",
    "play.box.rule.double_chance": "double chance",
    "play.box.rule.last_chance": "last chance",
    "play.box.rule.maths": "maths challenge",
    "play.box.rule.full_shut": "full shut: −{n}",
    "play.box.rule.tournament": "tournament: most rounds won wins",
    "play.box.rule.goal.shut": "advice: best chance to shut the box",
    "play.box.rule.goal.penalty": "advice: lowest expected penalty",
    "play.box.how": (
        "Type the dice with a space, e.g. 3 5 (one die: 4). Flaps: a number from the list or shut 2 5."
    ),
    "play.box.position": "Round {round} · {name} · flaps: {flaps}",
    "play.box.position_of": "Round {round} of {rounds} · {name} · flaps: {flaps}",
    "play.box.totals": "Penalties: {scores}",
    "play.box.won_rounds": "Rounds won: {scores}",
    "play.box.roll_one": "{name}, roll one die and type what it shows (e.g. 4):",
    "play.box.roll_two": "{name}, roll two dice and type what they show (e.g. 3 5):",
    "play.box.choose_dice": "{name}, how many dice do you roll?",
    "play.box.rolled": "{name} rolled {roll}. Which flaps do you shut?",
    "play.box.shut": "shut {flaps}",
    "play.box.dice.1": "1 die",
    "play.box.dice.2": "2 dice",
    "play.box.figures": "chance to shut every flap {pct}   expected penalty this turn {value}",
    "play.box.stuck": "Rolled {roll}: no flap can be shut.",
    "play.box.last_chance": "Last chance: roll once more.",
    "play.box.turn_over": "{name}'s turn ends: penalty {n}.",
    "play.box.full_shut": "{name} shuts the box!",
    "play.box.full_shut_bonus": "{name} shuts the box! Bonus: −{n}.",
    "play.box.round_won": "Round {round} goes to {names}.",
    "play.box.hint.roll": "Type the dice, e.g. 3 5 (one die: 4).",
    "play.box.hint.shut": "Type a number from the list, or the flaps to shut, e.g. shut 2 5.",
    "play.box.hint.dice": "Type 1 or 2: how many dice you roll.",
    "play.box.score": "{name}: penalty {n}",
    "play.box.score_rounds": "{name}: rounds won {n} (penalty {total})",
    "play.box.reason.rounds-played": "All rounds are played.",
    "play.box.reason.penalty-limit": "A penalty passed the limit of {limit}.",
    "play.pede.title": "Nogi Stonogi, players: {players}.",
    "play.pede.colours": "Dice colours: {legend}.",
    "play.pede.how": (
        "Type the dice colours as letters, e.g. r r * b (or rr*b). After a roll: a number from the "
        "list, keep r r, or stop; at the end a tile, e.g. take r3."
    ),
    "play.pede.rules.steal": (
        "Variant: instead of the centre you may steal the last tile of another centipede."
    ),
    "play.pede.rules.decline": "A player may take no tile.",
    "play.pede.centre": "Centre: {tiles}",
    "play.pede.centipede": "{name}: {tiles} ({boots})",
    "play.pede.empty": "–",
    "play.pede.roll_first": "{name}, roll 1 of 3: roll the 4 dice and type their colours (e.g. r r * b):",
    "play.pede.roll_rest": "{name}, roll {n} of 3: kept {kept}; roll the rest and type what they show:",
    "play.pede.roll_all": "{name}, roll {n} of 3: roll all 4 dice and type their colours:",
    "play.pede.choose": "{name}: the dice show {dice} (after roll {n} of 3). What do you keep?",
    "play.pede.take": "{name}: the dice show {dice}, with stars: {counts}. Which tile do you take?",
    "play.pede.stop": "stop – take a tile now",
    "play.pede.keep": "keep {faces}",
    "play.pede.keep_nothing": "keep nothing",
    "play.pede.take_tile": "take {tile}",
    "play.pede.steal": "steal {tile} (from {name})",
    "play.pede.nothing": "nothing",
    "play.pede.figures": "expected boots this turn {value}",
    "play.pede.target": "chance of tile {tile} this turn {pct}",
    "play.pede.took": "{name} takes {tile}.",
    "play.pede.stole": "{name} steals {tile} from {victim}.",
    "play.pede.took_nothing": "{name} takes no tile.",
    "play.pede.hint.roll": "Type the colours of the dice you rolled ({legend}), e.g. r r * b.",
    "play.pede.hint.choose": "Type a number from the list, keep and colours (e.g. keep r r *), or stop.",
    "play.pede.hint.take": "Type a number from the list or a tile, e.g. take r3.",
    "play.pede.reason": "The centre is empty.",
    "play.pede.score": "{name}: {boots} ({tiles})",
    "play.pede.tie_break": "A tie in boots goes to the most boots of one colour.",
    "play.liz.title": "Lezard Domino, players: {players}.",
    "play.liz.guess": (
        "Note: the board and deck in {source} are a best guess, not checked against a real box. "
        "If yours differ, fix a copy of the file and pass it with --board FILE."
    ),
    "play.liz.how": (
        "Type the card drawn, e.g. {examples}. After placing a domino: ok, or fell and the squares "
        "(e.g. fell 10-12); after a flick: how many fell in order from the tail "
        "(e.g. 5, and +12 for a stray)."
    ),
    "play.liz.hands": "In hand: {hands}",
    "play.liz.draw": "{name}, draw a card and type it (e.g. {example}):",
    "play.liz.place": "{name}: stand a domino on square {square} ({colour}). What happened?",
    "play.liz.next_flick": "Chance the next player flicks: {pct} (on your lizard: {mine}).",
    "play.liz.flick_ask": "How many fell in order from the tail (0–{n})? Add +square for each stray:",
    "play.liz.royal": "{name} lays the last domino! Did the royal flick knock every domino over?",
    "play.liz.ok": "ok – it stands",
    "play.liz.royal_yes": "royal",
    "play.liz.royal_no": "done",
    "play.liz.royal_yes_about": "every domino fell",
    "play.liz.royal_no_about": "no royal flick",
    "play.liz.lizard": "lizard {colour}",
    "play.liz.figures": "dominoes in hand: {hand} · standing on the board: {standing}",
    "play.liz.draw_again": "That is {name}'s lizard: draw again.",
    "play.liz.no_square": "No free square of that colour: the turn ends.",
    "play.liz.no_domino": "No domino stands on the board: the turn ends.",
    "play.liz.dealt": "Deal: {deal}.",
    "play.liz.nothing_fell": "Nothing fell.",
    "play.liz.hint.draw": "Type the card: a colour, two colours, or lizard and a colour, e.g. {example}.",
    "play.liz.hint.place": "Type a number from the list, ok, or fell and the squares, e.g. fell 10-12.",
    "play.liz.hint.flick": (
        "Type how many fell in order from the tail, e.g. 5, and +square for each stray: 5 +12."
    ),
    "play.liz.hint.royal": "Type 1 (royal: every domino fell) or 2 (done).",
    "play.liz.reason.royal-flick": "{names}: the last domino and the royal flick!",
    "play.liz.reason.no-dominoes": "{names}: no dominoes left in hand.",
    "play.players.empty": "a player's name is empty",
    "play.players.twice": "two players are called {name}",
    "play.players.long": "{name} is longer than {n} letters",
    "play.players.number": "{name} is a number, not a name (seats without a name are numbered)",
    "play.players.too_many": "{n} names: at most {most}",
    "play.pede.letters": "y r g b k *",
    "play.liz.fell_on.one": "{n} domino fell on square {squares}",
    "play.liz.fell_on.few": "{n} dominoes fell on squares {squares}",
    "play.liz.fell_on.many": "{n} dominoes fell on squares {squares}",
    "play.liz.fell_in_row.one": "{n} domino fell{strays}",
    "play.liz.fell_in_row.few": "{n} dominoes fell{strays}",
    "play.liz.fell_in_row.many": "{n} dominoes fell{strays}",
    "play.liz.fell_back.one": "{n} domino fell: {name} takes it back; the turn ends.",
    "play.liz.fell_back.few": "{n} dominoes fell: {name} takes them back; the turn ends.",
    "play.liz.fell_back.many": "{n} dominoes fell: {name} takes them back; the turn ends.",
    "play.switch.at_least": "{switch} must be {least} or more, not {value}",
    "play.switch.tournament": "--tournament {n} already sets the rounds; leave out --rounds",
    "play.file.missing": "no such file",
    "play.file.denied": "permission denied",
    "play.file.folder": "a folder, not a file",
    "play.box.flaps.one": "{n} flap",
    "play.box.flaps.few": "{n} flaps",
    "play.box.flaps.many": "{n} flaps",
    "play.liz.board.one": "Board from the head: {row}   ({n} domino standing)",
    "play.liz.board.few": "Board from the head: {row}   ({n} dominoes standing)",
    "play.liz.board.many": "Board from the head: {row}   ({n} dominoes standing)",
    "play.liz.flick.one": (
        "{name} flicks (lizard {colour}: {owner}'s) the domino furthest from the head. {n} domino "
        "stands, the chain at the tail is {chain}."
    ),
    "play.liz.flick.few": (
        "{name} flicks (lizard {colour}: {owner}'s) the domino furthest from the head. {n} dominoes "
        "stand, the chain at the tail is {chain}."
    ),
    "play.liz.flick.many": (
        "{name} flicks (lizard {colour}: {owner}'s) the domino furthest from the head. {n} dominoes "
        "stand, the chain at the tail is {chain}."
    ),
}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
