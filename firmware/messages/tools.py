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
    "lizard.named": "jaszczurka {colour:f}",
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
    # kostka advise shut-the-box
    "advise.box.head": "Otwarte klapki {open}, rzut {roll}, cel: {goal}",
    "advise.box.none_open": "(żadna)",
    "advise.box.goal.shut": "zamknięcie wszystkich klapek",
    "advise.box.goal.penalty": "najmniejsza kara",
    "advise.box.stuck": "Tym rzutem nie zamkniesz żadnej klapki: {then}.",
    "advise.box.then.last_chance": "rzuć jeszcze raz (ostatnia szansa)",
    "advise.box.then.penalty": "kara {penalty}",
    "advise.box.move": "zamknij {flaps}   szansa zamknięcia wszystkich {pct}   średnia kara {penalty}",
    "advise.box.bad_open": "--open {text}: to nie lista różnych klapek; zapisz je tak: 1,2,5,7.",
    "advise.box.open_range": "--open {text}: klapki mają numery od 1 do {flaps} (inne pudełko: --flaps).",
    "advise.box.bad_roll": "--roll {text}: to nie rzut; zapisz dwie kostki tak: 3,4 albo jedną tak: 4.",
    "advise.box.roll_dice": (
        "--roll {text}: przy otwartych klapkach {board} i `--one-die {rule}` rzuca się {need}."
    ),
    "advise.box.need.two": "dwiema kostkami, np. 3,4",
    "advise.box.need.one": "jedną kostką, np. 4",
    "advise.bad_switches": "{reason}. Sprawdź przełączniki (kostka advise {game} --help).",
    # kostka read
    "cli.read.none.pips": "{image}: nie widzę kostek ({ms} ms)",
    "cli.read.none.colours": "{image}: nie widzę kostek ({ms} ms)",
    "cli.read.none.cards": "{image}: nie widzę kart ({ms} ms)",
    "cli.read.line": "{image}: {faces} ({counted}{doubtful}, {ms} ms)",
    "cli.read.dice.one": "{n} kostka",
    "cli.read.dice.few": "{n} kostki",
    "cli.read.dice.many": "{n} kostek",
    "cli.read.cards.one": "{n} karta",
    "cli.read.cards.few": "{n} karty",
    "cli.read.cards.many": "{n} kart",
    "cli.read.doubtful.one": "; {n} do potwierdzenia ręcznie",
    "cli.read.doubtful.few": "; {n} do potwierdzenia ręcznie",
    "cli.read.doubtful.many": "; {n} do potwierdzenia ręcznie",
    "cli.read.status.uncertain": "niepewna",
    "cli.read.status.cocked": "krzywo",
    "cli.read.card.square": "{colour}",
    "cli.read.card.squares": "{colour}",
    "cli.read.card.lizard": "jaszczurka {colour:f}",
    "cli.read.bad_image": "{image}: {reason}; sprawdź ścieżkę i plik.",
    "cli.read.cannot": "Nie mogę czytać: {reason}.",
    "cli.read.cannot_dice": "Nie mogę czytać kostek: {reason}.",
    "cli.read.cannot_colours": "Nie mogę czytać kolorów: {reason}.",
    # kostka check
    "cli.check.title": "Sprawdzenie kamery {source} ({width}x{height}):",
    "cli.check.row.dice": "kostki",
    "cli.check.row.sharp": "ostrość",
    "cli.check.row.clipped": "prześwietlenie",
    "cli.check.row.flicker": "migotanie",
    "cli.check.row.still": "bezruch",
    "cli.check.n_dice.one": "{n} kostka",
    "cli.check.n_dice.few": "{n} kostki",
    "cli.check.n_dice.many": "{n} kostek",
    "cli.check.dice": "{found}, odczytane: {ok} ({kind}), {size}",
    "cli.check.kind.pips": "oczka",
    "cli.check.kind.colours": "kolory",
    "cli.check.size": "{px} px szerokości",
    "cli.check.no_size": "brak kostek",
    "cli.check.sharp": "krawędzie na {blur} % szerokości kostki",
    "cli.check.clipped": "{clipped} % pikseli kostek",
    "cli.check.flicker": "pasy głębokie na {bands} %",
    "cli.check.moved": "coś się ruszyło",
    "cli.check.unmoved": "nic się nie ruszyło",
    "cli.check.aim.px": "{low}-{high} px",
    "cli.check.aim.under": "poniżej {most} %",
    "cli.check.good": "dobrze",
    "cli.check.change": "ZMIEŃ",
    "cli.check.all_good": "Wszystko dobrze: kamera jest gotowa.",
    "cli.check.advice.moving": "Coś się ruszyło na tacce podczas zdjęć: zabierz ręce i sprawdź jeszcze raz.",
    "cli.check.advice.no_dice": "Nie widzę kostek: połóż na tacce od trzech do sześciu kostek i nie ruszaj.",
    "cli.check.advice.small": "Kostki mają {size}: obniż kamerę albo weź większy kadr (hardware/wiring.md).",
    "cli.check.advice.big": "Kostki mają {size}: podnieś kamerę.",
    "cli.check.advice.blurred": (
        "Kostki są rozmyte (krawędzie na {blur} % szerokości kostki): wpisz w [camera] `focus_cm` równe "
        "wysokości kamery nad tacką (Camera Module 3) albo kręć obiektywem, aż oczka będą ostre."
    ),
    "cli.check.advice.clipped": (
        'Kamera prześwietla {clipped} % pikseli kostek: zostaw w [camera] `highlights = "protect"`, '
        "przyciemnij lampę albo odsuń ją od tacki."
    ),
    "cli.check.advice.bands": (
        "Przez klatki biegną pasy światła głębokie na {bands} % (lampa migocze w rytm sieci): wpisz w "
        "[camera] `mains_hz` swojej sieci (50 w Europie, 60 w obu Amerykach) albo zmień lampę."
    ),
    "cli.check.watch": (
        "kostki {dice} ({size}) | rozmycie {blur} % | prześwietlenie {clipped} % | pasy {bands} % | {verdict}"
    ),
    "cli.check.watch.change": "zmień: {faults}",
    "cli.check.fault.moving": "ruch",
    "cli.check.fault.no_dice": "brak kostek",
    "cli.check.fault.small": "za małe",
    "cli.check.fault.big": "za duże",
    "cli.check.fault.blurred": "rozmyte",
    "cli.check.fault.clipped": "prześwietlone",
    "cli.check.fault.bands": "pasy",
    "cli.check.bad_frames": "--frames musi być co najmniej 2 (pasy widać dopiero między klatkami).",
    "cli.check.few_frames.one": "{source} dało mniej niż {n} klatkę; poproś o mniej (--frames).",
    "cli.check.few_frames.few": "{source} dało mniej niż {n} klatki; poproś o mniej (--frames).",
    "cli.check.few_frames.many": "{source} dało mniej niż {n} klatek; poproś o mniej (--frames).",
    "cli.check.bad_picture": "nie mogę zapisać obrazu {path}: {reason}",
    "cli.check.picture_why": ("OpenCV go nie zapisał (czy folder istnieje, czy nazwa kończy się na .png?)"),
    # kostka teach
    "cli.teach.ask.colours": (
        "Połóż pod kamerą kostki z jedną ścianką na górze i wpisz jej nazwę ({names}); pusty wiersz kończy:"
    ),
    "cli.teach.ask.cards": (
        "Połóż pod kamerą karty jednego koloru (pole albo jaszczurka) i wpisz kolor ({names}); pusty "
        "wiersz kończy:"
    ),
    "cli.teach.seen.colours.one": "{name}: {n} ścianka widziana na {frames}",
    "cli.teach.seen.colours.few": "{name}: {n} ścianki widziane na {frames}",
    "cli.teach.seen.colours.many": "{name}: {n} ścianek widzianych na {frames}",
    "cli.teach.seen.cards.one": "{name}: {n} karta widziana na {frames}",
    "cli.teach.seen.cards.few": "{name}: {n} karty widziane na {frames}",
    "cli.teach.seen.cards.many": "{name}: {n} kart widzianych na {frames}",
    "cli.teach.frames.one": "{n} klatce",
    "cli.teach.frames.few": "{n} klatkach",
    "cli.teach.frames.many": "{n} klatkach",
    "cli.teach.none.colours": (
        "Nie widzę żadnej kostki dla nazwy {name}: sprawdź światło i czy kostki są w kadrze, potem ucz "
        "jeszcze raz."
    ),
    "cli.teach.none.cards": (
        "Nie widzę żadnej karty jednego koloru dla nazwy {name}: sprawdź światło i czy karty są w "
        "kadrze, potem ucz jeszcze raz."
    ),
    "cli.teach.bad_frames": "--frames musi być co najmniej 1; spróbuj --frames 3.",
    "cli.teach.empty_names": (
        "--names jest puste; podaj ścianki w kolejności pokazywania, np. --names {example}."
    ),
    "cli.teach.cannot": "Nie mogę uczyć: {reason}.",
    "cli.teach.board_for_cards": "--board jest dla kart, nie kolorów; dodaj `--mode cards` albo go pomiń",
    "cli.teach.not_board_colour": "na planszy nie ma koloru {names} (są: {known}); sprawdź --names",
    "cli.teach.not_board_colours": "na planszy nie ma kolorów {names} (są: {known}); sprawdź --names",
    "cli.teach.not_colour": "na planszy nie ma koloru {name} (są: {known}); wpisz jeden z nich.",
    "play.file.notdir": "w ścieżce jest plik zamiast folderu",
    "cli.teach.out_of_frames": "Źródłu {source} skończyły się klatki: potrzeba {frames} na każdą nazwę.",
    "cli.teach.no_frames": "Nie mogę robić zdjęć: {reason}",
    "cli.teach.no_model": "Nie mogę znaleźć kostek: {reason}.",
    "cli.teach.nothing": "Nie ma czego zapisać: {reason}.",
    "cli.teach.unwritable": "Nie mogę zapisać profilu {path} ({reason}); wybierz inne --out.",
    "cli.teach.wrote": (
        "Zapisano {path}: {taught}. Czytaj tak: `kostka read --mode {mode} --profile {path} ZDJĘCIE`"
    ),
    "cli.teach.taught": "{name} ({n})",
    # kostka wiring
    "cli.wiring.bad_timeout": "--timeout musi być większe od 0 sekund, nie {value}.",
    "cli.wiring.ask.prev": "Naciśnij POPRZEDNI",
    "cli.wiring.ask.next": "Naciśnij NASTĘPNY",
    "cli.wiring.ask.ok": "Naciśnij krótko OK",
    "cli.wiring.ask.ok_keys": "Naciśnij OK",
    "cli.wiring.ask.menu": "Przytrzymaj OK przez {seconds} s",
    "cli.wiring.ask.menu_keys": "Naciśnij MENU (przytrzymany OK)",
    "cli.wiring.asked_pin": "{words} (pin {pin})...",
    "cli.wiring.asked_key": "{words} (klawisz {keys})...",
    "cli.wiring.good": "dobrze",
    "cli.wiring.screen.good": "Wszystko dobrze",
    "cli.wiring.screen.bad": "Zobacz terminal",
    "cli.wiring.all_good": "Wszystko dobrze: OLED i przyciski są podłączone dobrze.",
    "cli.wiring.all_good_keys": "Wszystko dobrze: każdy przycisk zadziałał, gdy o niego proszono.",
    "cli.wiring.keyboard": (
        "Klawiatura zamiast przycisków: bez GPIO i bez OLED-a, widać tylko przebieg testu."
    ),
    "cli.wiring.key": "klawisz {keys}",
    "cli.wiring.key.prev": "a albo ←",
    "cli.wiring.key.next": "d albo →",
    "cli.wiring.key.ok": "spacja albo Enter",
    "cli.wiring.key.menu": "m",
    "cli.wiring.pin": "pin {pin}",
    "cli.wiring.short_press": "to było krótkie naciśnięcie: trzymaj OK, aż ekran się zmieni",
    "cli.wiring.held": "OK było przytrzymane, nie naciśnięte krótko: sprawdź `long_press_s` w [buttons]",
    "cli.wiring.wrong": "naciśnięto {came}, a proszono o {wanted} ({at})",
    "cli.wiring.swapped": (
        "naciśnięto {came}, a proszono o {wanted}: przewody pinów {pin} i {wanted_pin} mogą być zamienione"
    ),
    "cli.wiring.none": "nikt nie nacisnął {wanted} w ciągu {seconds} s ({at})",
    "cli.wiring.none_pin": (
        "nikt nie nacisnął {wanted} w ciągu {seconds} s: sprawdź przewód do {at} i drugą nóżkę przycisku do "
        "masy (pin {ground})"
    ),
    "cli.wiring.button.PREV": "POPRZEDNI",
    "cli.wiring.button.NEXT": "NASTĘPNY",
    "cli.wiring.button.OK": "OK",
    "cli.wiring.button.MENU": "MENU",
    "cli.wiring.no_oled": "Ekran: ustawienia wskazują zastępczy terminal, nie ma OLED-a do sprawdzenia.",
    "cli.wiring.oled_failed": "Nie da się otworzyć OLED-a: {reason} (hardware/wiring.md)",
    "cli.wiring.oled": (
        "Ekran: {driver} pod adresem {address}: ramka powinna biec wokół samej krawędzi."
    ),
    "cli.wiring.oled_stopped": "OLED przestał odpowiadać: {reason}",
    # kostka board
    "cli.board.bad_ext": "nie znam rodzaju pliku {ext}; nazwij rysunek .png",
    # kostka odds: a chance of nothing
    "odds.never": "nigdy",
    # the reader's files: taught profiles and Lezard boards
    "profile.missing": "nie ma pliku profilu {path}: zrób go poleceniem `kostka teach --out {out}`",
    "profile.folder": "{path} to folder, nie plik profilu; podaj plik zapisany przez kostka teach",
    "profile.not_text": "{path} to nie tekst, więc nie profil; podaj plik zapisany przez kostka teach",
    "profile.unreadable": "nie mogę przeczytać profilu {path} ({reason}); sprawdź plik",
    "profile.damaged": "profil {path} jest uszkodzony ({reason}); naucz jeszcze raz (kostka teach)",
    "profile.mode": (
        "profil {path} nauczono w trybie `{taught}`, nie `{mode}`: naucz z `kostka teach --mode {mode}` "
        "albo czytaj z `--mode {taught}`"
    ),
    "reader.board.missing": ("nie ma pliku planszy {path}; pomiń --board, a Kostka weźmie swoją planszę"),
    "reader.board.folder": "{path} to folder, nie plik planszy",
    "reader.board.not_text": "plik planszy {path} to nie tekst",
    "reader.board.unreadable": "nie mogę przeczytać pliku planszy {path} ({reason}); sprawdź plik",
    "reader.board_mode": "--board jest dla kart, nie `{mode}`; dodaj `--mode cards` albo go pomiń",
    "reader.as_is": "{reason}",
    # kostka learn and learnt dice profiles
    "learnt.missing": "nie ma pliku profilu {path}: zrób go poleceniem `kostka learn KATALOG --out {out}`",
    "learnt.folder": "{path} to folder, nie plik profilu; podaj plik zapisany przez kostka learn",
    "learnt.not_text": "{path} to nie tekst, więc nie profil; podaj plik zapisany przez kostka learn",
    "learnt.unreadable": "nie mogę przeczytać profilu {path} ({reason}); sprawdź plik",
    "learnt.damaged": "profil {path} jest uszkodzony ({reason}); naucz jeszcze raz (kostka learn)",
    "learnt.other_networks": (
        "profil {path} nauczono z innymi sieciami niż te, którymi Kostka teraz czyta; "
        "naucz jeszcze raz (kostka learn)"
    ),
    "learnt.why.scarce": "za mało przykładów (potrzeba co najmniej czterech kostek)",
    "learnt.why.silent": (
        "na odłożonych przykładach przeczytałaby źle kostkę, którą wbudowane czytniki czytają dobrze"
    ),
    "learnt.why.fewer_right": (
        "na odłożonych przykładach przeczytałaby dobrze "
        "mniej kostek niż wbudowane czytniki"
    ),
    "cli.learn.pips_only": (
        "ze zdjęć Kostka uczy się tylko kostek z oczkami (`--mode pips`); kolory i karty naucz "
        "poleceniem `kostka teach --mode {mode}`"
    ),
    "cli.learn.bad_limit": "--limit musi być co najmniej 1; spróbuj --limit 500",
    "cli.learn.cannot": "nie mogę się uczyć: {reason}",
    "cli.learn.labels_mode": (
        "etykiety w tym katalogu opisują {mode}, nie oczka; "
        "ucz się z katalogu kostek z oczkami"
    ),
    "cli.learn.no_examples": (
        "w {folder} nie znalazłam żadnej opisanej kostki z oczkami 1-6; sprawdź labels.csv i zdjęcia"
    ),
    "cli.learn.unwritable": "nie mogę zapisać profilu {path} ({reason}); wybierz inne --out",
    "cli.learn.dice.one": "{n} kostka",
    "cli.learn.dice.few": "{n} kostki",
    "cli.learn.dice.many": "{n} kostek",
    "cli.learn.images.one": "{n} zdjęcia",
    "cli.learn.images.few": "{n} zdjęć",
    "cli.learn.images.many": "{n} zdjęć",
    "cli.learn.examples": "Przykłady: {dice} z {images}.",
    "cli.learn.unreadable": "Części zdjęć nie dało się odczytać ({n}, pierwsze: {first}); pominęłam je.",
    "cli.learn.guard": (
        "Sprawdzian na {held} odłożonych przykładach: wbudowane czytniki dobrze {shipped_right}, "
        "po cichu źle {shipped_silent}; nauczone dobrze {right}, po cichu źle {silent}."
    ),
    "cli.learn.refused": "Nie zapisałam profilu: {why}. Kostka czyta dalej wbudowanymi czytnikami.",
    "cli.learn.wrote": "Zapisano {path}; czytaj z nim: kostka read --profile {path} ZDJĘCIE",
    # Ctrl-C at the terminal (firmware/cli/__init__.py)
    "cli.stopped": "Przerwano.",
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
    # kostka advise shut-the-box
    "advise.box.head": "Open flaps {open}, roll {roll}, goal: {goal}",
    "advise.box.none_open": "(none)",
    "advise.box.goal.shut": "shut",
    "advise.box.goal.penalty": "penalty",
    "advise.box.stuck": "No flap can be shut with this roll: {then}.",
    "advise.box.then.last_chance": "roll once more (last chance)",
    "advise.box.then.penalty": "penalty {penalty}",
    "advise.box.move": "shut {flaps}   chance to shut the box {pct}   expected penalty {penalty}",
    "advise.box.bad_open": "--open {text} is not a list of different flaps; write them like 1,2,5,7.",
    "advise.box.open_range": "--open {text}: flaps go from 1 to {flaps} (use --flaps for another box).",
    "advise.box.bad_roll": "--roll {text} is not a roll; write two dice like 3,4 or one die like 4.",
    "advise.box.roll_dice": (
        "--roll {text}: with flaps {board} open and `--one-die {rule}`, the roll is {need}."
    ),
    "advise.box.need.two": "two dice, like 3,4",
    "advise.box.need.one": "one die, like 4",
    "advise.bad_switches": "{reason}. Check the switches (kostka advise {game} --help).",
    # kostka read
    "cli.read.none.pips": "{image}: no dice found ({ms} ms)",
    "cli.read.none.colours": "{image}: no dice found ({ms} ms)",
    "cli.read.none.cards": "{image}: no cards found ({ms} ms)",
    "cli.read.line": "{image}: {faces} ({counted}{doubtful}, {ms} ms)",
    "cli.read.dice.one": "{n} die",
    "cli.read.dice.few": "{n} dice",
    "cli.read.dice.many": "{n} dice",
    "cli.read.cards.one": "{n} card",
    "cli.read.cards.few": "{n} cards",
    "cli.read.cards.many": "{n} cards",
    "cli.read.doubtful.one": "; {n} to confirm by hand",
    "cli.read.doubtful.few": "; {n} to confirm by hand",
    "cli.read.doubtful.many": "; {n} to confirm by hand",
    "cli.read.status.uncertain": "uncertain",
    "cli.read.status.cocked": "cocked",
    "cli.read.card.square": "{colour}",
    "cli.read.card.squares": "{colour}",
    "cli.read.card.lizard": "{colour} lizard",
    "cli.read.bad_image": "{image}: {reason}; check the path and the file.",
    "cli.read.cannot": "Cannot read: {reason}.",
    "cli.read.cannot_dice": "Cannot read dice: {reason}.",
    "cli.read.cannot_colours": "Cannot read colours: {reason}.",
    # kostka check
    "cli.check.title": "Camera check of {source} ({width}x{height}):",
    "cli.check.row.dice": "dice",
    "cli.check.row.sharp": "sharp",
    "cli.check.row.clipped": "clipped",
    "cli.check.row.flicker": "flicker",
    "cli.check.row.still": "still",
    "cli.check.n_dice.one": "{n}",
    "cli.check.n_dice.few": "{n}",
    "cli.check.n_dice.many": "{n}",
    "cli.check.dice": "{found} found, {ok} read ok ({kind}), {size}",
    "cli.check.kind.pips": "pips",
    "cli.check.kind.colours": "colours",
    "cli.check.size": "{px} px across",
    "cli.check.no_size": "no dice",
    "cli.check.sharp": "edges {blur} % of a die wide",
    "cli.check.clipped": "{clipped} % of the dice's pixels",
    "cli.check.flicker": "bands {bands} % deep",
    "cli.check.moved": "something moved",
    "cli.check.unmoved": "nothing moved",
    "cli.check.aim.px": "{low}-{high} px",
    "cli.check.aim.under": "under {most} %",
    "cli.check.good": "good",
    "cli.check.change": "CHANGE",
    "cli.check.all_good": "All good: the camera is ready.",
    "cli.check.advice.moving": (
        "Something moved in the tray while the frames were taken: keep hands out and check again."
    ),
    "cli.check.advice.no_dice": "No dice were found: put three to six dice in the tray and keep still.",
    "cli.check.advice.small": (
        "The dice are {size}: lower the camera or use a larger frame size (hardware/wiring.md)."
    ),
    "cli.check.advice.big": "The dice are {size}: raise the camera.",
    "cli.check.advice.blurred": (
        "The dice look blurred (their edges {blur} % of a die wide): set `focus_cm` in [camera] to"
        " the camera's height above the tray (Camera Module 3), or turn a fixed lens until the pips are"
        " sharp."
    ),
    "cli.check.advice.clipped": (
        'The camera clips {clipped} % of the dice\'s pixels: keep `highlights = "protect"` in'
        " [camera], and dim the lamp or move it away from the tray."
    ),
    "cli.check.advice.bands": (
        "Bands of light {bands} % deep run across the frames (a lamp flickering on mains power):"
        " set `mains_hz` in [camera] to your mains (50 in Europe, 60 in the Americas), or change the lamp."
    ),
    "cli.check.watch": (
        "dice {dice} ({size}) | blur {blur} % | clipped {clipped} % | bands {bands} % | {verdict}"
    ),
    "cli.check.watch.change": "change: {faults}",
    "cli.check.fault.moving": "moving",
    "cli.check.fault.no_dice": "no_dice",
    "cli.check.fault.small": "small",
    "cli.check.fault.big": "big",
    "cli.check.fault.blurred": "blurred",
    "cli.check.fault.clipped": "clipped",
    "cli.check.fault.bands": "bands",
    "cli.check.bad_frames": "--frames must be at least 2 (bands are seen between frames).",
    "cli.check.few_frames.one": "{source} gave fewer than {n} frame; ask for fewer (--frames).",
    "cli.check.few_frames.few": "{source} gave fewer than {n} frames; ask for fewer (--frames).",
    "cli.check.few_frames.many": "{source} gave fewer than {n} frames; ask for fewer (--frames).",
    "cli.check.bad_picture": "cannot write the picture {path}: {reason}",
    "cli.check.picture_why": ("OpenCV could not write it (is the folder there, does the name end in .png?)"),
    # kostka teach
    "cli.teach.ask.colours": (
        "Put dice showing one face under the camera and type its name ({names}); empty to finish:"
    ),
    "cli.teach.ask.cards": (
        "Put cards of one colour (a square or a lizard) under the camera and type the colour ({names}); "
        "empty to finish:"
    ),
    "cli.teach.seen.colours.one": "{name}: {n} face seen in {frames}",
    "cli.teach.seen.colours.few": "{name}: {n} faces seen in {frames}",
    "cli.teach.seen.colours.many": "{name}: {n} faces seen in {frames}",
    "cli.teach.seen.cards.one": "{name}: {n} card seen in {frames}",
    "cli.teach.seen.cards.few": "{name}: {n} cards seen in {frames}",
    "cli.teach.seen.cards.many": "{name}: {n} cards seen in {frames}",
    "cli.teach.frames.one": "{n} frame",
    "cli.teach.frames.few": "{n} frames",
    "cli.teach.frames.many": "{n} frames",
    "cli.teach.none.colours": (
        "No die was found for {name}: check the light and that it is in view, then teach again."
    ),
    "cli.teach.none.cards": (
        "No card of one colour (a square or a lizard) was found for {name}: check the light and that it "
        "is in view, then teach again."
    ),
    "cli.teach.bad_frames": "--frames must be at least 1; try --frames 3.",
    "cli.teach.empty_names": (
        "--names is empty; give the faces in the order you show them, e.g. --names {example}."
    ),
    "cli.teach.cannot": "Cannot teach: {reason}.",
    "cli.teach.board_for_cards": "--board is for cards, not colours; add `--mode cards` or leave it out",
    "cli.teach.not_board_colour": "{names} is not a colour of the board ({known}); check --names",
    "cli.teach.not_board_colours": "{names} are not colours of the board ({known}); check --names",
    "cli.teach.not_colour": "{name} is not a colour of the board ({known}); type one of them.",
    "play.file.notdir": "a file stands where a folder should be",
    "cli.teach.out_of_frames": "The source {source} ran out of frames: give {frames} frames per name.",
    "cli.teach.no_frames": "Cannot take frames: {reason}",
    "cli.teach.no_model": "Cannot find dice: {reason}.",
    "cli.teach.nothing": "Nothing to save: {reason}.",
    "cli.teach.unwritable": "Cannot write the profile {path} ({reason}); choose another --out.",
    "cli.teach.wrote": (
        "Wrote {path}: {taught}. Read with: `kostka read --mode {mode} --profile {path} IMAGE`"
    ),
    "cli.teach.taught": "{name} ({n})",
    # kostka wiring
    "cli.wiring.bad_timeout": "--timeout must be more than 0 seconds, not {value}.",
    "cli.wiring.ask.prev": "Press PREVIOUS",
    "cli.wiring.ask.next": "Press NEXT",
    "cli.wiring.ask.ok": "Press OK briefly",
    "cli.wiring.ask.ok_keys": "Press OK",
    "cli.wiring.ask.menu": "Hold OK for {seconds} s",
    "cli.wiring.ask.menu_keys": "Press MENU (OK held)",
    "cli.wiring.asked_pin": "{words} (pin {pin})...",
    "cli.wiring.asked_key": "{words} (key {keys})...",
    "cli.wiring.good": "good",
    "cli.wiring.screen.good": "All good",
    "cli.wiring.screen.bad": "See the terminal",
    "cli.wiring.all_good": "All good: the OLED and the buttons are wired right.",
    "cli.wiring.all_good_keys": "All good: each button came as asked.",
    "cli.wiring.keyboard": "Keyboard stand-in: no GPIO and no OLED are tried, only the steps.",
    "cli.wiring.key": "key {keys}",
    "cli.wiring.key.prev": "a or ←",
    "cli.wiring.key.next": "d or →",
    "cli.wiring.key.ok": "space or Enter",
    "cli.wiring.key.menu": "m",
    "cli.wiring.pin": "pin {pin}",
    "cli.wiring.short_press": "that was a short press: hold OK down until the screen changes",
    "cli.wiring.held": "OK was held, not pressed briefly: check `long_press_s` in [buttons]",
    "cli.wiring.wrong": "{came} came when {wanted} was asked ({at})",
    "cli.wiring.swapped": (
        "{came} came when {wanted} was asked: the wires of pins {pin} and {wanted_pin} may be swapped"
    ),
    "cli.wiring.none": "no press of {wanted} within {seconds} s ({at})",
    "cli.wiring.none_pin": (
        "no press of {wanted} within {seconds} s: check the wire to {at} and the button's other leg to "
        "ground (pin {ground})"
    ),
    "cli.wiring.button.PREV": "PREV",
    "cli.wiring.button.NEXT": "NEXT",
    "cli.wiring.button.OK": "OK",
    "cli.wiring.button.MENU": "MENU",
    "cli.wiring.no_oled": "Display: the config names the terminal stand-in, no OLED to try.",
    "cli.wiring.oled_failed": (
        'The OLED could not be opened: {reason} (hardware/wiring.md, "The OLED stays blank")'
    ),
    "cli.wiring.oled": "Display: {driver} at {address}: a frame should run round its very edge.",
    "cli.wiring.oled_stopped": "The OLED stopped answering: {reason}",
    # kostka board
    "cli.board.bad_ext": "unknown file type {ext}; name the picture .png",
    # kostka odds: a chance of nothing
    "odds.never": "never",
    # the reader's files: taught profiles and Lezard boards
    "profile.missing": "there is no profile file {path}: make one with `kostka teach --out {out}`",
    "profile.folder": "{path} is a folder, not a profile file; give the file kostka teach wrote",
    "profile.not_text": "{path} is not text, so not a profile; give the file kostka teach wrote",
    "profile.unreadable": "cannot read the profile {path} ({reason}); check the file",
    "profile.damaged": "the profile {path} is damaged: {reason}; teach again with `kostka teach`",
    "profile.mode": (
        "the profile {path} was taught for {taught}, not {mode}: teach with `kostka teach --mode {mode}` "
        "or read with --mode {taught}"
    ),
    "reader.board.missing": "there is no board file {path}; leave out --board for the shipped one",
    "reader.board.folder": "{path} is a folder, not a board file",
    "reader.board.not_text": "the board file {path} is not text",
    "reader.board.unreadable": "cannot read the board file {path} ({reason}); check the file",
    "reader.board_mode": "--board is for cards, not `{mode}`; add `--mode cards` or leave it out",
    "reader.as_is": "{reason}",
    # kostka learn and learnt dice profiles
    "learnt.missing": "there is no profile file {path}: make one with `kostka learn DIR --out {out}`",
    "learnt.folder": "{path} is a folder, not a profile file; give the file kostka learn wrote",
    "learnt.not_text": "{path} is not text, so not a profile; give the file kostka learn wrote",
    "learnt.unreadable": "cannot read the profile {path} ({reason}); check the file",
    "learnt.damaged": "the profile {path} is damaged: {reason}; learn again with `kostka learn`",
    "learnt.other_networks": (
        "the profile {path} was learnt with other networks than Kostka reads with now; "
        "learn again with `kostka learn`"
    ),
    "learnt.why.scarce": "too few examples (at least four dice are needed)",
    "learnt.why.silent": (
        "on the held-back examples it would read a die wrong "
        "that the shipped readers read right"
    ),
    "learnt.why.fewer_right": (
        "on the held-back examples it would read fewer "
        "dice right than the shipped readers"
    ),
    "cli.learn.pips_only": (
        "Kostka learns only pip dice from photos (--mode pips); teach colours and cards with "
        "`kostka teach --mode {mode}`"
    ),
    "cli.learn.bad_limit": "--limit must be at least 1; try --limit 500",
    "cli.learn.cannot": "cannot learn: {reason}",
    "cli.learn.labels_mode": (
        "the labels in this folder are {mode}, not pips; "
        "learn from a folder of pip dice"
    ),
    "cli.learn.no_examples": (
        "found no labelled die with pips 1-6 in {folder}; "
        "check labels.csv and the images"
    ),
    "cli.learn.unwritable": "cannot write the profile {path} ({reason}); choose another --out",
    "cli.learn.dice.one": "{n} die",
    "cli.learn.dice.few": "{n} dice",
    "cli.learn.dice.many": "{n} dice",
    "cli.learn.images.one": "{n} image",
    "cli.learn.images.few": "{n} images",
    "cli.learn.images.many": "{n} images",
    "cli.learn.examples": "Examples: {dice} from {images}.",
    "cli.learn.unreadable": "Some images could not be read ({n}, first: {first}); skipped.",
    "cli.learn.guard": (
        "Checked on {held} held-back examples: the shipped readers right {shipped_right}, "
        "silently wrong {shipped_silent}; the learnt ones right {right}, silently wrong {silent}."
    ),
    "cli.learn.refused": "No profile written: {why}. Kostka goes on reading with the shipped readers.",
    "cli.learn.wrote": "Wrote {path}; read with it: kostka read --profile {path} IMAGE",
    # Ctrl-C at the terminal (firmware/cli/__init__.py)
    "cli.stopped": "Stopped.",
}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
