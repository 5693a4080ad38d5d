"""The ``kostka`` command's help, in Polish and in English: ``--help`` of the command and of every verb
(``usage.*``: what each verb and switch does, the placeholders of its values) and argparse's own words
(``argparse.*``: "usage:", "options", its error lines), which ``firmware.cli._speech`` gives argparse.

Values a person types as they are (``shut``, ``pips``, ``all``) stand in backticks or braces. argparse's
words are kept without the spaces and line end around them (``_speech.spaced`` puts argparse's back);
an ``--help``'s examples are numbered lines (``usage.advise.lezard.example.1``...).
``catalogue.CATALOGUE`` merges them in.
"""

from __future__ import annotations

PL: dict[str, str] = {
    # the command and its placeholders
    "usage.kostka": "Kostka: sędzia przy prawdziwym stole (kostki, zasady, rady).",
    "usage.meta.command": "POLECENIE",
    "usage.meta.game": "GRA",
    "usage.meta.file": "PLIK",
    "usage.meta.dir": "KATALOG",
    "usage.meta.names": "IMIONA",
    "usage.meta.name": "IMIĘ",
    "usage.meta.seconds": "SEKUNDY",
    "usage.meta.flaps": "KLAPKI",
    "usage.meta.pips": "OCZKA",
    "usage.meta.moves": "RUCHY",
    "usage.meta.seats": "MIEJSCA",
    "usage.meta.profile": "PROFIL",
    "usage.meta.source": "ŹRÓDŁO",
    "usage.meta.image": "ZDJĘCIE",
    "usage.meta.path": "ŚCIEŻKA",
    "usage.meta.lizards": "IMIĘ=KOLOR,...",
    "usage.lang": "język (domyślnie {default})",
    "usage.json": "wypisz JSON",
    "usage.about.shut_the_box": "Shut the Box: zamknij klapki, które dają sumę oczek",
    "usage.about.stonoga": "Nogi Stonogi: kolorowe kostki, wygrywa najdłuższa stonoga",
    "usage.about.lezard": "Lezard Domino: domina na jaszczurce, pstryczki i rozdawanie",
    # kostka advise
    "usage.advise.help": "najlepszy ruch w danej pozycji",
    "usage.advise.about": "Każdy dozwolony ruch z dokładnymi liczbami.",
    "usage.examples": "przykłady:",
    "usage.advise.examples": "przykłady (więcej: kostka advise GRA --help):",
    "usage.advise.example.1": "kostka advise shut-the-box --open 1,2,5,7 --roll 3,4",
    "usage.advise.example.2": 'kostka advise stonoga --moves "cz cz * n"',
    "usage.advise.example.3": 'kostka advise lezard --moves "czerwony niebieski" --json',
    "usage.advise.box.help": "które klapki zamknąć po rzucie",
    "usage.advise.box.about": "Każdy dozwolony zestaw klapek do zamknięcia po rzucie, najlepszy pierwszy.",
    "usage.advise.open": "otwarte klapki, np. 1,2,5,7 (domyślnie: wszystkie)",
    "usage.advise.roll": "kostki, np. 3,4 (albo 4 przy jednej kostce)",
    "usage.advise.last_chance_used": "ostatnia szansa w tej turze już wykorzystana",
    "usage.advise.goal": "kolejność: szansa zamknięcia wszystkich klapek (`shut`) albo kara (`penalty`)",
    "usage.advise.game.help": "{game}: każdy dozwolony ruch po liście ruchów",
    "usage.advise.game.about": "{about}. Pozycja to gra po ruchach z --moves, od początku.",
    "usage.advise.moves": "dotychczasowe ruchy rozdzielone średnikiem (tak, jak przyjmuje je kostka play)",
    "usage.advise.players": "imiona graczy w kolejności miejsc (domyślnie: dwóch graczy)",
    "usage.advise.json": "wypisz JSON (liczby także jako dokładne ułamki)",
    "usage.advise.stonoga.example.1": "# pierwszy rzut: które kostki zostawić?",
    "usage.advise.stonoga.example.2": 'kostka advise stonoga --moves "cz cz * n"',
    "usage.advise.stonoga.example.3": "# trzecia kostka rzucona znowu",
    "usage.advise.stonoga.example.4": 'kostka advise stonoga --moves "cz cz * n; zostaw cz cz *; z"',
    "usage.advise.stonoga.example.5": (
        'kostka advise stonoga --players Ala,Olek,Ewa --steal --moves "ż ż ż *; stop" --json'
    ),
    "usage.advise.lezard.example.1": "# karta wyciągnięta: co można zgłosić?",
    "usage.advise.lezard.example.2": 'kostka advise lezard --moves "czerwony niebieski"',
    "usage.advise.lezard.example.3": (
        "# Ewa pstryka w czerwoną jaszczurkę Ali: co daje każda liczba przewróconych domin"
    ),
    "usage.advise.lezard.example.4": (
        "kostka advise lezard --players Ala,Olek,Ewa --lizards Ala=czerwona "
        '--moves "czerwony; ok; niebieski; ok; jaszczurka czerwona"'
    ),
    # kostka board
    "usage.board.help": "narysuj planszę i talię Lezarda, by porównać je z twoim pudełkiem",
    "usage.board.about": (
        "Rysuje planszę i talię z pliku Lezard Domino jako obrazek (kratki, jaszczurki, karty)."
    ),
    "usage.board.board": "plik planszy i talii (domyślnie: z ustawień albo dostarczony)",
    "usage.board.out": "obrazek (domyślnie lezard-board.png)",
    "usage.board.config": "ustawienia (TOML), z których wziąć data_file Lezarda",
    "usage.board.confirm": "plik pasuje do twojego pudełka: wypisz linię ustawień, która to zapisuje",
    # kostka check
    "usage.check.help": "sprawdź ustawienie kamery nad nieruchomą tacką z kilkoma kostkami",
    "usage.check.about": (
        "Sprawdza kamerę nad nieruchomą tacką z kilkoma kostkami: wielkość kostek, prześwietlenie, migotanie."
    ),
    "usage.check.config": "ustawienia (TOML), których [camera] sprawdzić; domyślnie: domyślne",
    "usage.check.source": (
        "źródło klatek zamiast tego z ustawień (picamera2, usb:0, folder..., `synthetic`: zastępcza kamera)"
    ),
    "usage.check.frames": "ile klatek zrobić (domyślnie 10)",
    "usage.check.json": "pomiary i rada jako jeden obiekt JSON",
    "usage.check.picture": "zapisz ostatnią klatkę z zaznaczonymi kostkami (JPEG/PNG)",
    "usage.check.watch": "sprawdzaj raz za razem, po linii na sprawdzenie, aż do Ctrl-C",
    "usage.check.rounds": "z --watch: zakończ po N sprawdzeniach",
    # kostka demo
    "usage.demo.help": "rozegraj całą grę bez ludzi na zastępczym sprzęcie (Pi niepotrzebne)",
    "usage.demo.about": (
        "Rozgrywa całą grę na zastępczym sprzęcie: sztuczne kostki, OLED w terminalu, "
        "doradca naciska przyciski."
    ),
    "usage.demo.auto": "naciskaj przyciski automatycznie (wymagane)",
    "usage.demo.game": "gra (domyślnie shut-the-box)",
    "usage.demo.seed": "ziarno kostek i stołu (domyślnie: losowe)",
    "usage.demo.players": "liczba graczy albo ich imiona w kolejności miejsc, np. Ala,Olek (domyślnie 2)",
    "usage.demo.lang": "język ekranów (domyślnie pl)",
    "usage.demo.state": "gdzie zapisać grę (domyślnie: tymczasowy folder)",
    "usage.demo.frames_out": "zapisz każdą klatkę OLED-a jako PNG oraz demo.gif",
    "usage.demo.reader": (
        "jak czytać klatki: prawda zastępczego sprzętu (`truth`, domyślnie) albo czytniki obrazu (`vision`)"
    ),
    "usage.demo.json": "nic nie rysuj; ostatnia linia to wynik jako JSON",
    "usage.demo.pace": (
        "ile sekund zostaje ekran, albo {fast} (domyślnie {watch} w terminalu, zwycięzca "
        "{times} razy dłużej; "
        "{fast} z --json albo gdy wyjście nie jest terminalem)"
    ),
    # kostka eval
    "usage.eval.help": "oceń czytnik kostek na folderze opisanych zdjęć",
    "usage.eval.about": (
        "Ocenia czytnik kostek na folderze z labels.csv i images/ (format ../shared/data/dice-photos). "
        "Narzędzie opiekuna: wypisuje wyniki tylko po angielsku i nie ma --lang, bo migawka wzorcowa "
        "czyta jego linie."
    ),
    "usage.eval.folder": "folder z labels.csv i images/",
    "usage.eval.mode": "co pokazują kostki (domyślnie: to, co w opisach; oczka, gdy nie ma w nich ścianek)",
    "usage.eval.every": "bierz co K-te zdjęcie (po nazwach)",
    "usage.eval.offset": "zacznij od J-tego zdjęcia (z --every)",
    "usage.eval.limit": "zakończ po N zdjęciach",
    "usage.eval.failures": "gdzie zapisać obrazek pomyłek (domyślnie: out/eval-KATALOG.jpg)",
    "usage.eval.as_labelled": (
        "oceniaj według labels.csv tak, jak jest zapisany (domyślnie: ze znanymi pomyłkami poprawionymi, "
        "measure/data/label_fixes.csv)"
    ),
    "usage.models": (
        "folder z innymi dice_net.onnx i face_net.onnx, oraz face_net_close.onnx, gdy trzeba przyjrzeć się "
        "bliżej (domyślnie: dostarczone)"
    ),
    # kostka odds
    "usage.odds.help": "dokładne szanse całej tury",
    "usage.odds.about": "Dokładne szanse całej tury.",
    "usage.odds.box.help": "szansa zamknięcia pudełka i oczekiwana kara",
    "usage.odds.box.about": "Jeden gracz, wszystkie klapki otwarte, najlepsza gra dla każdego celu.",
    "usage.odds.stonoga.help": "szansa na co najmniej K kostek jednego koloru",
    "usage.odds.stonoga.about": (
        "Co najmniej K z 4 kostek w jednym, z góry wybranym kolorze (gwiazdki się liczą), "
        "w trzech rzutach, przy najlepszym odkładaniu."
    ),
    "usage.odds.at_least": "kostki w tym kolorze, 1-4",
    # kostka play
    "usage.play.help": "sędziuj całą grę w terminalu",
    "usage.play.about": "Sędziuje całą grę: wpisujesz kostki, wybierasz ruchy z liczbami doradcy.",
    "usage.play.resume": "graj dalej w grę zapisaną przez --save (z jej przełącznikami, zapis trwa dalej)",
    "usage.play.players": "imiona graczy w kolejności miejsc, np. Ala,Olek (bot:Ola to bot)",
    "usage.play.bots": "miejsca (1 = pierwsze) albo imiona, za które gra doradca, albo `all`",
    "usage.play.auto_dice": "Kostka rzuca zastępczymi kostkami (i ciągnie karty)",
    "usage.play.seed": "ziarno zastępczych kostek, by powtórzyć grę",
    "usage.play.first": "kto zaczyna (imię albo numer miejsca; sposób z instrukcji pada na początku)",
    "usage.play.save": "zapisuj grę w tym pliku po każdym ruchu (kostka play --resume PLIK)",
    # kostka read
    "usage.read.help": "przeczytaj kostki na zdjęciach",
    "usage.read.about": "Czyta górną ściankę każdej kostki (albo każdej karty Lezarda) na każdym zdjęciu.",
    "usage.read.images": "pliki zdjęć (JPEG, PNG, ...)",
    "usage.read.mode": (
        "co pokazują kostki: oczka (`pips`), kolory (`colours`, Nogi Stonogi) albo karty (`cards`, Lezard); "
        "domyślnie oczka"
    ),
    "usage.read.json": "jeden obiekt JSON na zdjęcie, każdy w swojej linii",
    "usage.reader.profile": (
        "kolory albo karty: profil zapisany przez `kostka teach`; oczka: przez `kostka learn` "
        "(domyślnie: wbudowany)"
    ),
    "usage.reader.board": "karty: plik danych Lezarda z kolorami planszy (domyślnie: dostarczony)",
    # kostka run
    "usage.run.help": "urządzenie: kamera, zasady, OLED i przyciski (zastępczy sprzęt tam, gdzie nie ma Pi)",
    "usage.run.about": "Uruchamia Kostkę: sędziowanie gier z kamerą, OLED-em i przyciskami.",
    "usage.run.config": (
        "ustawienia (TOML; zobacz firmware/data/kostka.example.toml); domyślnie: same domyślne"
    ),
    "usage.run.stand_ins": (
        "gdzie brak biblioteki GPIO albo kamery, użyj klawiatury i zastępczych kostek, które rzucają się "
        "same (także na Pi; poza Pi dzieje się tak i bez tego)"
    ),
    "usage.run.players": (
        "imiona graczy, które pudełko proponuje przy rozpoczęciu, np. Ala,Olek (zamiast imion z [game] "
        "w ustawieniach)"
    ),
    # kostka teach
    "usage.teach.help": "naucz Kostkę kolorów twoich własnych kostek",
    "usage.teach.about": (
        "Pokaż każdą ściankę swoich kostek pod kamerą i nazwij ją; "
        "Kostka zapisze profil, którego używa `kostka read --profile`."
    ),
    "usage.teach.mode": "czego uczyć: kolorowych kostek (`colours`) albo kart Lezarda (`cards`)",
    "usage.teach.out": "plik profilu do zapisania (JSON)",
    "usage.teach.source": (
        "picamera2, usb:N, film, folder albo wzorzec nazw zdjęć; `synthetic`: zastępcza kamera"
    ),
    "usage.teach.frames": "klatki na ściankę (domyślnie 3)",
    "usage.teach.config": (
        "ustawienia (TOML), z których [camera] wziąć rozmiar klatki, ostrość, naświetlenie "
        "i częstotliwość sieci; domyślnie: domyślne"
    ),
    "usage.teach.names": "nazwy w kolejności pokazywania (np. {faces}; karty: kolory planszy); inaczej pytam",
    # kostka wiring
    "usage.wiring.help": "sprawdź OLED i trzy przyciski pudełka (najpierw zatrzymaj usługę)",
    "usage.wiring.about": "Rysuje ekran próbny na OLED-zie i prosi po kolei o każdy przycisk.",
    "usage.wiring.config": "ustawienia (TOML); domyślnie: domyślne",
    "usage.wiring.timeout": "ile sekund czekać na każde naciśnięcie (domyślnie 20)",
    "usage.wiring.keyboard": "spróbuj bez Pi: zastępcze przyciski z klawiatury, OLED rysowany w terminalu",
    # the games' rule switches
    "usage.box.flaps": "klapki (domyślnie 9)",
    "usage.box.one_die": (
        "kiedy wolno (`low`, `after-top`) albo trzeba (`forced-low`, `always`) rzucać jedną kostką "
        "(domyślnie `never`)"
    ),
    "usage.box.double_chance": "sama wartość kostki może zamknąć jej klapkę",
    "usage.box.last_chance": "jeszcze jeden rzut na turę, gdy nie ma ruchu",
    "usage.box.maths": "cele a+b, |a-b|, a*b i a/b, gdy wychodzi całkowita",
    "usage.box.scoring": "kara jako suma (`sum`) albo cyfry (`digits`)",
    "usage.box.full_shut_bonus": "odejmowane, gdy wszystkie klapki są zamknięte",
    "usage.box.rounds": "ile rund (domyślnie 1; przy --penalty-limit bez liczby rund)",
    "usage.box.penalty_limit": "gra kończy się, gdy suma kar gracza przekroczy N",
    "usage.box.tournament": "N rund; rundę wygrywa najmniejsza kara, grę – najwięcej rund",
    "usage.box.goal": (
        "do czego dążą rady: `penalty` (najmniejsza oczekiwana kara, tak liczy gra; domyślnie) "
        "albo `shut` (największa szansa zamknięcia wszystkich klapek)"
    ),
    "usage.lezard.board": "twój własny plik planszy i talii (format: rules/data/README.md)",
    "usage.lezard.lizards": (
        "czyja jest która jaszczurka, np. Ala=zielona,Olek=niebieska (dwóch graczy: Ala=zielona+niebieska); "
        "domyślnie: kolejność z pliku danych"
    ),
    "usage.stonoga.steal": "wariant: weź zamiast tego ostatnią płytkę cudzej stonogi",
    "usage.stonoga.may_decline": "gracz może nie wziąć żadnej płytki",
    # argparse's own words (its gettext message ids are in firmware.cli._speech)
    "argparse.usage": "użycie:",
    "argparse.options": "opcje",
    "argparse.positionals": "argumenty",
    "argparse.subcommands": "polecenia",
    "argparse.help": "pokaż tę pomoc i zakończ",
    "argparse.version": "pokaż wersję programu i zakończ",
    "argparse.default": "(domyślnie: %(default)s)",
    "argparse.error": "%(prog)s: błąd: %(message)s",
    "argparse.warning": "%(prog)s: ostrzeżenie: %(message)s",
    "argparse.argument": "argument %(argument_name)s: %(message)s",
    "argparse.unrecognized": "nieznane argumenty: %s",
    "argparse.required": "brak wymaganych argumentów: %s",
    "argparse.one_required": "wymagany jest jeden z argumentów %s",
    "argparse.expected_one": "brak wartości po przełączniku",
    "argparse.expected_at_most_one": "oczekiwano najwyżej jednej wartości",
    "argparse.expected_at_least_one": "oczekiwano co najmniej jednej wartości",
    "argparse.expected_1": "oczekiwano %s wartości",
    "argparse.expected_n": "oczekiwano %s wartości",
    "argparse.not_allowed": "nie wolno razem z argumentem %s",
    "argparse.ignored": "zbędna wartość %r",
    "argparse.ambiguous": "niejednoznaczny przełącznik: %(option)s pasuje do %(matches)s",
    "argparse.unexpected": "nieoczekiwany przełącznik: %s",
    "argparse.invalid_type": "zła wartość (%(type)s): %(value)r",
    "argparse.invalid_choice": "nie ma wyboru %(value)r (do wyboru: %(choices)s)",
    "argparse.unknown_parser": "nie ma polecenia %(parser_name)r (do wyboru: %(choices)s)",
    "argparse.cannot_open": "nie da się otworzyć '%(filename)s': %(error)s",
    "argparse.deprecated_argument": "argument '%(argument_name)s' wychodzi z użycia",
    "argparse.deprecated_command": "polecenie '%(parser_name)s' wychodzi z użycia",
    "argparse.deprecated_option": "przełącznik '%(option)s' wychodzi z użycia",
    # kostka eval --part, kostka read: what a die's fields mean
    "usage.eval.part": (
        "tylko ta część zdjęć: `tuning` (na niej dobrano czytnik) albo `held-out` (odłożona do pomiaru; "
        "measure/split.py)"
    ),
    "usage.read.fields": (
        "Każda kostka ma `face` (ściankę), `status` (`ok`: sędzia za nią ręczy; `uncertain`: zapyta gracza; "
        "`cocked`: leży krzywo), `confidence` (przy oczkach szansę 0-1, że ścianka jest przeczytana dobrze, "
        "zmierzoną na odłożonych zdjęciach; przy kolorach i kartach: jak pewny jest czytnik) "
        "i `box` (x, y, szerokość, wysokość w pikselach zdjęcia, od lewego górnego "
        "rogu)."
    ),
    # kostka learn
    "usage.learn.help": "naucz Kostkę twoich własnych kostek z opisanych zdjęć",
    "usage.learn.about": (
        "Czyta zdjęcia z katalogu z labels.csv tak jak pudełko czyta tacę, bierze każdą opisaną kostkę "
        "za przykład i dopasowuje do nich czytniki ścianek; profil zapisuje tylko wtedy, gdy na "
        "odłożonych przykładach czyta co najmniej tak dobrze jak wbudowane czytniki."
    ),
    "usage.learn.folder": "katalog z labels.csv i zdjęciami (jak ../shared/data/dice-photos/*)",
    "usage.learn.out": "plik profilu do zapisania (JSON); czytaj z nim przez `kostka read --profile`",
    "usage.learn.mode": "czego się uczyć: na razie tylko kostek z oczkami (`pips`)",
    "usage.learn.limit": "ucz się z co najwyżej N kostek, z pierwszych zdjęć po nazwie (domyślnie 500)",
    "usage.run.profile": (
        "profil nauczonych kostek (z `kostka learn`), którym pudełko czyta i który dalej uczy "
        "(domyślnie: dice.json w katalogu stanu)"
    ),
    # kostka demo --config: the café's board
    "usage.demo.config": (
        "plik konfiguracji z sekcją [cafe]: gra idzie do brokera kawiarni jak z pudełka przy stole"
    ),
}

EN: dict[str, str] = {
    "usage.kostka": "Kostka: a referee beside a real tabletop (dice, rules, advice).",
    "usage.meta.command": "COMMAND",
    "usage.meta.game": "GAME",
    "usage.meta.file": "FILE",
    "usage.meta.dir": "DIR",
    "usage.meta.names": "NAMES",
    "usage.meta.name": "NAME",
    "usage.meta.seconds": "SECONDS",
    "usage.meta.flaps": "FLAPS",
    "usage.meta.pips": "PIPS",
    "usage.meta.moves": "MOVES",
    "usage.meta.seats": "SEATS",
    "usage.meta.profile": "PROFILE",
    "usage.meta.source": "SPEC",
    "usage.meta.image": "IMAGE",
    "usage.meta.path": "PATH",
    "usage.meta.lizards": "NAME=COLOUR,...",
    "usage.lang": "language (default {default})",
    "usage.json": "print JSON",
    "usage.about.shut_the_box": "Shut the Box: shut the flaps the dice add up to",
    "usage.about.stonoga": "Nogi Stonogi: colour dice, the longest centipede wins",
    "usage.about.lezard": "Lezard Domino: dominoes on the lizard, flicks and deals",
    "usage.advise.help": "the best move for a position",
    "usage.advise.about": "Every legal move with exact figures.",
    "usage.examples": "examples:",
    "usage.advise.examples": "examples (kostka advise GAME --help for more):",
    "usage.advise.example.1": "kostka advise shut-the-box --open 1,2,5,7 --roll 3,4 --goal shut",
    "usage.advise.example.2": 'kostka advise stonoga --moves "r r * b"',
    "usage.advise.example.3": 'kostka advise lezard --moves "red blue" --json',
    "usage.advise.box.help": "which flaps to shut after a roll",
    "usage.advise.box.about": "Every legal set of flaps to shut after a roll, best first.",
    "usage.advise.open": "open flaps, e.g. 1,2,5,7 (default: all)",
    "usage.advise.roll": "the dice, e.g. 3,4 (or 4 for one die)",
    "usage.advise.last_chance_used": "the last chance is spent this turn",
    "usage.advise.goal": "order by chance to shut or by penalty",
    "usage.advise.game.help": "{game}: every legal move after a list of moves",
    "usage.advise.game.about": "{about}. The position is the game after --moves, from the start.",
    "usage.advise.moves": "the moves so far, separated by ; (as kostka play takes them)",
    "usage.advise.players": "player names in seat order (default: two players)",
    "usage.advise.json": "print JSON (figures as exact fractions too)",
    "usage.advise.stonoga.example.1": "# first roll: keep which dice?",
    "usage.advise.stonoga.example.2": 'kostka advise stonoga --moves "r r * b"',
    "usage.advise.stonoga.example.3": "# the third die rolled again",
    "usage.advise.stonoga.example.4": 'kostka advise stonoga --moves "r r * b; keep r r *; g"',
    "usage.advise.stonoga.example.5": (
        'kostka advise stonoga --players Ala,Olek,Ewa --steal --moves "y y y *; stop" --json'
    ),
    "usage.advise.lezard.example.1": "# a card drawn: what may each report do?",
    "usage.advise.lezard.example.2": 'kostka advise lezard --moves "red blue"',
    "usage.advise.lezard.example.3": (
        "# Ewa flicks Ala's red lizard: what each count of fallen dominoes deals"
    ),
    "usage.advise.lezard.example.4": (
        "kostka advise lezard --players Ala,Olek,Ewa --lizards Ala=red "
        '--moves "red; ok; blue; ok; lizard red"'
    ),
    "usage.board.help": "draw the Lezard board and deck file, to compare with your box",
    "usage.board.about": "Draw the Lezard Domino board and deck file as a picture (squares, lizards, cards).",
    "usage.board.board": "a board and deck file (default: the config's, or shipped)",
    "usage.board.out": "the picture (default lezard-board.png)",
    "usage.board.config": "settings (TOML) whose Lezard data_file to use",
    "usage.board.confirm": "the file matches your box: print the config line that records it",
    "usage.check.help": "check the camera's set-up over a still tray with a few dice",
    "usage.check.about": "Check the camera over a still tray with a few dice: dice size, clipping, flicker.",
    "usage.check.config": "settings (TOML) whose [camera] to check; default: defaults",
    "usage.check.source": (
        "frame source instead of the config's (picamera2, usb:0, a folder..., synthetic: the stand-in)"
    ),
    "usage.check.frames": "frames to take (default 10)",
    "usage.check.json": "the measures and the advice as one JSON object",
    "usage.check.picture": "write the last frame, the dice found boxed (JPEG/PNG)",
    "usage.check.watch": "check again and again, a line each, until Ctrl-C",
    "usage.check.rounds": "with --watch: stop after N checks",
    "usage.demo.help": "play a whole game unattended on stand-ins (no Pi needed)",
    "usage.demo.about": (
        "Play a whole game on stand-ins: synthetic dice, the OLED in the terminal, "
        "the advisor pressing the buttons."
    ),
    "usage.demo.auto": "press the buttons automatically (required)",
    "usage.demo.game": "the game (default shut-the-box)",
    "usage.demo.seed": "seed of the dice and the table (default: random)",
    "usage.demo.players": "number of players, or their names in seat order, e.g. Ala,Olek (default 2)",
    "usage.demo.lang": "language of the screens (default pl)",
    "usage.demo.state": "where the game is saved (default: a temporary folder)",
    "usage.demo.frames_out": "save every OLED frame as PNG, and demo.gif",
    "usage.demo.reader": "how the frames are read: the stand-in's truth (default) or the vision readers",
    "usage.demo.json": "draw nothing; the last line is the result as JSON",
    "usage.demo.pace": (
        "seconds a screen stays up, or {fast} (default {watch} on a terminal, the winner "
        "{times}x longer; {fast} with --json or when the output is not a terminal)"
    ),
    "usage.eval.help": "score the dice reader on a folder of labelled photos",
    "usage.eval.about": (
        "Score the dice reader on a folder with labels.csv and images/ "
        "(the format of ../shared/data/dice-photos). A maintainer's measuring tool: its results are in "
        "English only and it has no --lang, since the golden snapshot reads its lines."
    ),
    "usage.eval.folder": "folder holding labels.csv and images/",
    "usage.eval.mode": "what the dice show (default: what the labels hold; pips when they hold no face)",
    "usage.eval.every": "use every K-th image (sorted by name)",
    "usage.eval.offset": "start at the J-th image (with --every)",
    "usage.eval.limit": "stop after N images",
    "usage.eval.failures": "where to write the failures picture (default: out/eval-DIRNAME.jpg)",
    "usage.eval.as_labelled": (
        "score against labels.csv as written (default: with the known mistakes corrected, "
        "measure/data/label_fixes.csv)"
    ),
    "usage.models": (
        "folder with other dice_net.onnx and face_net.onnx, and face_net_close.onnx if a closer"
        " look is wanted (default: shipped)"
    ),
    "usage.odds.help": "exact chances of a whole turn",
    "usage.odds.about": "Exact chances of a whole turn.",
    "usage.odds.box.help": "chance to shut the box and expected penalty",
    "usage.odds.box.about": "One player, all flaps open, best play for each goal.",
    "usage.odds.stonoga.help": "chance of at least K dice of one colour",
    "usage.odds.stonoga.about": (
        "At least K of the 4 dice in one colour fixed in advance (stars count), "
        "within three rolls, keeping optimally."
    ),
    "usage.odds.at_least": "dice of the colour, 1-4",
    "usage.play.help": "referee a whole game in the terminal",
    "usage.play.about": "Referee a whole game: type the dice, pick moves with the advisor's figures.",
    "usage.play.resume": "go on with a game saved by --save (its own switches, saved on)",
    "usage.play.players": "player names in seat order, e.g. Ala,Olek (bot:Ola for a bot)",
    "usage.play.bots": "seats (1 = first) or names the advisor plays, or all",
    "usage.play.auto_dice": "Kostka rolls stand-in dice (and draws cards)",
    "usage.play.seed": "seed of the stand-in dice, to repeat a game",
    "usage.play.first": "who starts (a name or a seat number; the rule sheet's way is said at the start)",
    "usage.play.save": "keep the game in this file after every move (kostka play --resume FILE)",
    "usage.read.help": "read the dice in photos",
    "usage.read.about": "Read the top face of every die (or every Lezard card) in each photo.",
    "usage.read.images": "photo files (JPEG, PNG, ...)",
    "usage.read.mode": "what the dice show: pips, colours (Nogi Stonogi) or cards (Lezard); default: pips",
    "usage.read.json": "one JSON object per image per line",
    "usage.reader.profile": (
        "colours or cards: a profile written by `kostka teach`; pips: by `kostka learn` (default: built in)"
    ),
    "usage.reader.board": "cards: a Lezard data file with the board's colours (default: shipped)",
    "usage.run.help": "the appliance: camera, rules, OLED and buttons (stand-ins where there is no Pi)",
    "usage.run.about": "Run Kostka: referee games with the camera, the OLED and the buttons.",
    "usage.run.config": "settings (TOML; see firmware/data/kostka.example.toml); default: all defaults",
    "usage.run.stand_ins": (
        "where the GPIO or camera library is missing, use the keyboard and stand-in dice that "
        "roll themselves (also on a Pi; off a Pi this is what happens anyway)"
    ),
    "usage.run.players": (
        "players' names the box offers at set-up, e.g. Ala,Olek (instead of the config's [game] names)"
    ),
    "usage.teach.help": "teach Kostka the colours of your own dice",
    "usage.teach.about": (
        "Show each face of your dice under the camera and name it; "
        "Kostka writes a profile that `kostka read --profile` uses."
    ),
    "usage.teach.mode": "what to teach: colour dice or Lezard cards",
    "usage.teach.out": "the profile file to write (JSON)",
    "usage.teach.source": (
        "picamera2, usb:N, a video, a folder or a glob of images; synthetic: the stand-in camera"
    ),
    "usage.teach.frames": "frames per face (default 3)",
    "usage.teach.config": (
        "settings (TOML) whose [camera] frame size, focus, exposure and mains to use; default: defaults"
    ),
    "usage.teach.names": "names in the order shown (e.g. {faces}; cards: the board's colours); else asked",
    "usage.wiring.help": "test the OLED and the three buttons of a box (stop the service first)",
    "usage.wiring.about": "Draw a test screen on the OLED and ask for each button in turn.",
    "usage.wiring.config": "settings (TOML); default: defaults",
    "usage.wiring.timeout": "seconds to wait for each press (default 20)",
    "usage.wiring.keyboard": (
        "try it without a Pi: the keyboard's stand-in buttons, the OLED drawn in the terminal"
    ),
    "usage.box.flaps": "flaps (default 9)",
    "usage.box.one_die": (
        "when one die may (low, after-top) or must (forced-low, always) be rolled (default never)"
    ),
    "usage.box.double_chance": "a die's own value may shut its flap",
    "usage.box.last_chance": "one more roll per turn when stuck",
    "usage.box.maths": "targets a+b, |a-b|, a*b and a/b where whole",
    "usage.box.scoring": "penalty as sum or digits",
    "usage.box.full_shut_bonus": "taken off when every flap is shut",
    "usage.box.rounds": "rounds to play (default 1; none with a limit)",
    "usage.box.penalty_limit": "the game ends once a player's total passes N",
    "usage.box.tournament": "N rounds; the lowest penalty wins a round, most rounds wins",
    "usage.box.goal": (
        "what the advice aims at: penalty (lowest expected penalty, as the game scores; the default) "
        "or shut (best chance to shut every flap)"
    ),
    "usage.lezard.board": "your own board and deck file (format: rules/data/README.md)",
    "usage.lezard.lizards": (
        "whose lizard is whose, e.g. Ala=green,Olek=blue (two players: Ala=green+blue); "
        "default: the data file's order"
    ),
    "usage.stonoga.steal": "variant: take the last tile of another centipede instead",
    "usage.stonoga.may_decline": "a player may take no tile at all",
    "argparse.usage": "usage:",
    "argparse.options": "options",
    "argparse.positionals": "positional arguments",
    "argparse.subcommands": "subcommands",
    "argparse.help": "show this help message and exit",
    "argparse.version": "show program's version number and exit",
    "argparse.default": "(default: %(default)s)",
    "argparse.error": "%(prog)s: error: %(message)s",
    "argparse.warning": "%(prog)s: warning: %(message)s",
    "argparse.argument": "argument %(argument_name)s: %(message)s",
    "argparse.unrecognized": "unrecognized arguments: %s",
    "argparse.required": "the following arguments are required: %s",
    "argparse.one_required": "one of the arguments %s is required",
    "argparse.expected_one": "expected one argument",
    "argparse.expected_at_most_one": "expected at most one argument",
    "argparse.expected_at_least_one": "expected at least one argument",
    "argparse.expected_1": "expected %s argument",
    "argparse.expected_n": "expected %s arguments",
    "argparse.not_allowed": "not allowed with argument %s",
    "argparse.ignored": "ignored explicit argument %r",
    "argparse.ambiguous": "ambiguous option: %(option)s could match %(matches)s",
    "argparse.unexpected": "unexpected option string: %s",
    "argparse.invalid_type": "invalid %(type)s value: %(value)r",
    "argparse.invalid_choice": "invalid choice: %(value)r (choose from %(choices)s)",
    "argparse.unknown_parser": "unknown parser %(parser_name)r (choices: %(choices)s)",
    "argparse.cannot_open": "can't open '%(filename)s': %(error)s",
    "argparse.deprecated_argument": "argument '%(argument_name)s' is deprecated",
    "argparse.deprecated_command": "command '%(parser_name)s' is deprecated",
    "argparse.deprecated_option": "option '%(option)s' is deprecated",
    # kostka eval --part, kostka read: what a die's fields mean
    "usage.eval.part": (
        "only this part of the photos: `tuning` (the reader was tuned on it) or `held-out` (kept aside to "
        "measure it; measure/split.py)"
    ),
    "usage.read.fields": (
        "Each die has a `face`, a `status` (`ok`: the referee stands by it; `uncertain`: it asks the player; "
        "`cocked`: it rests tilted), a `confidence` (pips: the chance, 0-1, that the face is read right, "
        "as measured on held-out photos; colours and cards: how sure the reader is) "
        "and a `box` (x, y, width, height in the photo's pixels, from the "
        "top-left corner)."
    ),
    # kostka learn
    "usage.learn.help": "teach Kostka your own dice from labelled photos",
    "usage.learn.about": (
        "Reads the images of a folder with labels.csv as the box reads a tray, takes every labelled die "
        "as an example and adapts the face readers to them; writes the profile only when it reads the "
        "held-back examples at least as well as the shipped readers."
    ),
    "usage.learn.folder": "a folder with labels.csv and images (as ../shared/data/dice-photos/*)",
    "usage.learn.out": "the profile file to write (JSON); read with it by `kostka read --profile`",
    "usage.learn.mode": "what to learn: only pip dice (`pips`) for now",
    "usage.learn.limit": "learn from at most N dice, of the first images by name (default 500)",
    "usage.run.profile": (
        "the learnt dice profile (from `kostka learn`) the box reads with and goes on teaching "
        "(default: dice.json in the state folder)"
    ),
    # kostka demo --config: the café's board
    "usage.demo.config": (
        "a config file with a [cafe] section: the game goes to the café's broker as from a box at its table"
    ),
}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
