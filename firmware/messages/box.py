"""What kostka run and the parts it builds say to the person setting the box up, in Polish and
in English: the start-up notices (stand-ins, the networks' runtime), the keyboard's keys, the saved
games' store, the taught colours and the config file's errors.

catalogue.CATALOGUE merges them in, so i18n.t says them (same rules as the rest: the same keys
and fields in both languages, checked by tests/test_i18n.py). Terminal lines: a sentence or two.
"""

from __future__ import annotations

PL: dict[str, str] = {
    # the start-up notices of kostka run (firmware/app.py, firmware/cli/run.py)
    "box.runtime.probed": "{line} (sprawdzone teraz)",
    "box.keys": "klawisze: a/← wstecz · d/→ dalej · spacja/Enter OK · m menu (długie naciśnięcie OK)",
    "box.no_gpio.keyboard": "tu nie ma GPIO: przyciski to klawiatura",
    "box.no_gpio.script": "tu nie ma GPIO: przyciski naciska skrypt",
    "box.no_picamera2": "tu nie ma picamera2: kamera filmuje zastępcze kostki",
    "box.oled.terminal": "{reason} Ekran OLED rysuję w terminalu.",
    "box.oled.memory": "{reason} Ekran OLED rysuję tylko w pamięci.",
    "box.rules_switch": "{section} w konfiguracji: {reason}; popraw albo usuń ten przełącznik",
    # taught colours and cards that cannot be used (firmware/taught.py)
    "taught.unusable.colours": (
        "Nauczonych kolorów z {path} nie da się użyć ({reason}); używam wbudowanych, dopóki kolory "
        "nie zostaną nauczone od nowa"
    ),
    "taught.unusable.cards": (
        "Nauczonych kart z {path} nie da się użyć ({reason}); używam wbudowanych kolorów, dopóki karty "
        "nie zostaną nauczone od nowa („Naucz kart” w grze Lezard Domino albo {command})"
    ),
    "taught.why.broken": "plik jest uszkodzony",
    "taught.why.other_mode": "nauczono go w drugim trybie (kolory kostek albo karty)",
    # the saved games' store (firmware/storage.py)
    "storage.fix": (
        "daj prawo zapisu użytkownikowi, jako który działa Kostka (StateDirectory= usługi, "
        "/var/lib/kostka, da się zapisywać także przy głównym systemie plików tylko do odczytu), "
        "albo ustaw state_dir w konfiguracji"
    ),
    "storage.dir.create": "Nie mogę utworzyć katalogu zapisu {folder} ({why}): utwórz go i {fix}",
    "storage.dir.not_folder": "Katalog zapisu {folder} nie jest katalogiem: {fix}",
    "storage.dir.unwritable": "Nie mogę pisać w katalogu zapisu {folder} ({why}): {fix}",
    "storage.why.read_only": "leży na systemie plików tylko do odczytu",
    "storage.why.user": "użytkownik numer {uid} nie może w nim pisać",
    "storage.why.denied": "brak uprawnień",
    "storage.why.full": "dysk jest pełny",
    "storage.why.in_the_way": "na jego miejscu stoi plik",
    "storage.why.os": "błąd systemu {code}",
    "storage.why.damaged": "jest uszkodzony",
    "storage.why.not_kostka": "nie jest plikiem Kostki (application_id {app}, tabel i indeksów: {tables})",
    "storage.moved_aside.notice": (
        "{path} {why}: odłożyłam go jako {aside} i zaczęłam nowy, pusty; gry ze starego pliku nie "
        "przepadły, ale ich nie pokazuję (sqlite3 odczyta, co z nich zostało)"
    ),
    "storage.afresh": "Nie mogę założyć {path} od nowa: {fix}",
    "storage.no_wal": (
        "{path}: SQLite nie może tu prowadzić dziennika WAL (journal_mode {mode}); umieść state_dir "
        "na zwykłym lokalnym systemie plików (ext4 na karcie pamięci)"
    ),
    "storage.newer_schema": (
        "{path} zapisała nowsza Kostka (schemat {version}; ta zna schematy do {known}): zaktualizuj "
        "Kostkę albo przenieś plik gdzie indziej, żeby zacząć bez zapisanych gier"
    ),
    "storage.cannot_move_aside": "{path} jest uszkodzony i nie mogę go odłożyć ({why}): {fix}",
    "storage.move_number": (
        "Nie mogę zapisać ruchu {number} ({text}): gra {game} ma zapisanych ruchów: {count}, więc "
        "następny to ruch {next}"
    ),
    "storage.no_game": "Żadna gra się nie toczy: najpierw zacznij grę",
    "storage.closed": "{what}: zapisane gry są zamknięte",
    "storage.damaged": (
        "{what}: {path} jest uszkodzony; uruchom Kostkę jeszcze raz: odłoży plik i zacznie nowy"
    ),
    "storage.cannot_write": "{what}: nie mogę pisać w {path}: {fix}",
    "storage.disk_full": "{what}: dysk z {path} jest pełny; zwolnij trochę miejsca",
    "storage.busy": "{what}: {path} jest zajęty przez inny program; zatrzymaj go i spróbuj znowu",
    "storage.other": "{what}: błąd {path} ({detail})",
    "storage.doing.open": "Otwieram zapisane gry",
    "storage.doing.start": "Zaczynam grę",
    "storage.doing.move": "Zapisuję ruch",
    "storage.doing.undo": "Cofam ruch",
    "storage.doing.finish": "Kończę grę",
    "storage.doing.set_aside": "Odkładam grę",
    "storage.doing.read_setting": "Czytam ustawienie {name}",
    "storage.doing.keep_setting": "Zapisuję ustawienie {name}",
    "storage.doing.current": "Czytam bieżącą grę",
    "storage.doing.history": "Czytam historię",
    "storage.saved_game": (
        "Zapisanej gry {game} ({title}, zaczętej {started} UTC) nie da się wznowić: {reason}; wybierz "
        "nową grę (stara trafi do historii jako nieczytelna) albo wróć do wersji Kostki, która ją zapisała"
    ),
    "storage.saved_game.numbers": "jej ruchy nie są ponumerowane 1, 2, 3…",
    "storage.saved_game.rules": "jej zasady albo ruchy już nie pasują ({detail})",
    # the config file's errors (firmware/config.py)
    "config.missing": (
        "{path}: nie ma takiego pliku konfiguracji; skopiuj tam firmware/data/kostka.example.toml "
        "albo pomiń --config, żeby użyć ustawień domyślnych"
    ),
    "config.unreadable": "{path}: nie mogę przeczytać pliku ({reason})",
    "config.not_toml": "{origin}: to nie jest poprawny TOML (wiersz {line}, kolumna {column})",
    "config.bad": "{origin}: {setting} = {value} {problem}; dozwolone: {allowed}",
    "config.unknown_key": "{origin}: nieznany klucz {name} {place}; dozwolone: {allowed}",
    "config.place.in": "w [{where}]",
    "config.place.top": "na najwyższym poziomie",
    "config.problem.i2c_pin": "to pin {wire} magistrali I2C ekranu OLED",
    "config.problem.not_free_pin": "nie jest wolnym pinem GPIO",
    "config.problem.already": "to już {other}",
    "config.problem.range": "jest poza zakresem",
    "config.problem.not_driver": "nie jest sterownikiem wyświetlacza",
    "config.problem.not_bus": "nie jest numerem magistrali I2C",
    "config.problem.not_address": "nie jest 7-bitowym adresem I2C",
    "config.problem.not_rotation": "nie jest obrotem",
    "config.problem.not_exposure": "nie jest ustawieniem naświetlania",
    "config.problem.not_mains": "nie jest częstotliwością sieci",
    "config.problem.not_source": "nie jest źródłem obrazu",
    "config.problem.no_device": "nie ma numeru urządzenia",
    "config.problem.nothing": "nie wskazuje niczego, co istnieje ({path})",
    "config.problem.not_game": "nie jest grą",
    "config.problem.players": "to zła liczba graczy w {title}",
    "config.problem.not_goal": "nie jest celem podpowiedzi",
    "config.problem.not_table": "nie jest tabelą",
    "config.problem.not_plain": "nie jest prostą wartością",
    "config.problem.not_list": "nie jest listą",
    "config.problem.names": "nie nadaje się ({reason})",
    "config.problem.not_language": "nie jest językiem",
    "config.problem.not_text": "nie jest tekstem",
    "config.problem.not_whole": "nie jest liczbą całkowitą",
    "config.problem.not_number": "nie jest liczbą",
    "config.problem.not_path": "nie jest ścieżką do folderu",
    "config.allowed.fingerprint": "odcisk, który wypisuje kostka board --confirm",
    "config.allowed.free_pin": "wolny pin BCM 4-27",
    "config.allowed.bcm": "BCM 4-27 (zobacz hardware/wiring.md)",
    "config.allowed.three_pins": "trzy różne piny",
    "config.allowed.long_press": "od 0.3 do 5.0 sekundy",
    "config.allowed.debounce": "od 0 do 500 milisekund i krócej niż long_press_s",
    "config.allowed.bus": "0-31 (/dev/i2c-N; na Raspberry Pi 1)",
    "config.allowed.address": "0x08-0x77; OLED ma 0x3C albo 0x3D (pokaże to i2cdetect -y 1)",
    "config.allowed.rotation": "0 albo 180 (ekrany są poziome)",
    "config.allowed.width": "od 160 do 4608 pikseli",
    "config.allowed.height": "od 120 do 3496 pikseli",
    "config.allowed.fps": "od 0.5 do 60 klatek na sekundę",
    "config.allowed.idle_fps": "od 0.1 do camera.fps ({fps})",
    "config.allowed.stall": "od 1 do 300 sekund i co najmniej dwie klatki bezczynności ({least} s)",
    "config.allowed.focus": "od 10 do 200 cm do dna tacki albo 0, żeby zostawić obiektyw",
    "config.allowed.mains": "50, 60 albo 0 (bez oświetlenia z sieci)",
    "config.allowed.source": "{named}, plik wideo, folder albo wzorzec nazw obrazów",
    "config.allowed.players": "od {low} do {high} graczy",
    "config.allowed.switches": "[{table}] z jednym wierszem na przełącznik",
    "config.allowed.plain": "true/false, liczba, tekst",
    "config.allowed.names": 'lista imion, np. ["Ala", "Olek"], każde od 1 do {n} liter',
    "config.allowed.section": "sekcja [{name}]",
    "config.allowed.integer": "liczba całkowita, np. 17 albo 0x3C",
    "config.allowed.number": "liczba, np. 1.5",
    "config.allowed.path": "ścieżka, np. /var/lib/kostka",
    # the Raspberry Pi camera's failures (firmware/devices/camera/), as kostka run says them
    "box.camera_failed": "kamera nie działa: {reason}",
    "camera.failed": "{source}: {problem}",
    "camera.failed.advice": "{source}: {problem}. {advice}",
    "picamera2.camera": "Kamera Raspberry Pi {n} (picamera2, {size} {format})",
    "picamera2.none": "nie ma kamery numer {n} ({detail})",
    "picamera2.none.advice": (
        "Sprawdź taśmę kamery (styki we właściwą stronę, zatrzask zamknięty) przy wyłączonym "
        "Raspberry Pi, potem uruchom `rpicam-hello --list-cameras`"
    ),
    "picamera2.unopened": "nie mogę otworzyć kamery ({detail})",
    "picamera2.unopened.advice": (
        "Upewnij się, że nie używa jej inny program (`rpicam-*`, druga Kostka), sprawdź taśmę "
        "i uruchom `rpicam-hello --list-cameras`"
    ),
    "picamera2.unstarted": "kamera nie rusza z klatkami {size} {format} ({detail})",
    "picamera2.unstarted.advice": (
        "Spróbuj w konfiguracji innego rozmiaru klatek albo sprawdź, czy działa `rpicam-hello`"
    ),
    "picamera2.no_frame": "przez {s} s nie przyszła żadna klatka",
    "picamera2.no_frame.advice": (
        "Mogła obluzować się taśma kamery: sprawdź ją, a gra pójdzie dalej po ponownej próbie"
    ),
    "picamera2.capture": "nie udało się pobrać klatki ({detail})",
    "picamera2.capture.advice": "Zamknij źródło i otwórz je ponownie; jeśli to się powtarza, sprawdź taśmę",
    "picamera2.close": "nie udało się zamknąć kamery ({detail})",
    "picamera2.missing": "picamera2 nie jest zainstalowana albo nie daje się wczytać (brak modułu {module})",
    "picamera2.no_class": "moduł picamera2 nie ma klasy Picamera2",
    "picamera2.install": (
        "Na Raspberry Pi OS: `sudo apt install python3-picamera2 --no-install-recommends`, a środowisko "
        "wirtualne utwórz przez `python3 -m venv --system-site-packages`, żeby widziało ten pakiet "
        "(potrzebuje tam `numpy 1.x`); gdzie indziej użyj `usb:0`, pliku wideo albo folderu obrazów"
    ),
    "usb.camera": "Kamera USB {n} (OpenCV VideoCapture)",
    "usb.silent": "pod /dev/video{n} nie odpowiada żadna kamera",
    "usb.silent.advice": (
        "Podłącz kamerę (albo spróbuj innego numeru, wypisze je `ls /dev/video*`); na Raspberry Pi "
        "z własną kamerą użyj `picamera2`"
    ),
    "usb.no_frame": "kamera nie dała klatki (odłączona albo zajęta przez inny program)",
    "usb.no_frame.advice": "Sprawdź kabel USB; zamknij to źródło i otwórz je ponownie",
    "box.controls_missing": "{camera} nie ma ustawień {controls}: działa bez nich",
    # learnt pip dice and their settings (firmware/learning.py, [learn] in the settings)
    "learnt.unusable": (
        "Nauczonych kostek z {path} nie da się użyć ({reason}); czytam wbudowanymi czytnikami, dopóki "
        "Kostka nie nauczy się ich od nowa"
    ),
    "config.allowed.learn_keep": "od 50 do 5000 kostek",
    "config.allowed.learn_every": "od 1 do learn.keep ({keep}) kostek",
    # the frame sources' errors (firmware/devices/camera/), the pictures read from files
    # (firmware/devices/images.py) and the box's own lines in its log (firmware/loop.py)
    "camera.spec": "źródło klatek {spec}",
    "camera.spec.empty": "nie podano źródła",
    "camera.spec.help": (
        "Źródło klatek to `picamera2` (albo `picamera2:N`), `usb:N` dla kamery USB, plik wideo, "
        "folder obrazów albo wzorzec taki jak `shots/*.jpg`"
    ),
    "camera.spec.not_number": "{number} to nie numer urządzenia",
    "camera.spec.number": "Napisz go tak: `usb:0` albo `picamera2:1`",
    "camera.no_path": "nie ma takiego pliku ani folderu",
    "camera.check_path": "Sprawdź ścieżkę",
    "camera.not_array": "klatka ({where}) to {kind}, a nie obraz",
    "camera.bad_frame": (
        "klatka ({where}) ma kształt {shape} i typ {dtype}, a nie jest kolorowym obrazem "
        "8-bitowym wysokość x szerokość x 3 o boku co najmniej {least} pikseli"
    ),
    "camera.bad_frame.advice": "Sprawdź ustawienia kamery; do tego czasu kostki wpisuje się ręcznie",
    "camera.decoding": "dekodowanie {name}",
    "video.file": "plik wideo {path}",
    "video.folder": "to folder, a nie wideo",
    "video.no_file": "nie ma takiego pliku",
    "video.unopenable": "OpenCV nie otwiera go jako wideo (to nie wideo albo brak kodeka)",
    "video.undecodable": "nie da się z niego odczytać ani jednej klatki",
    "video.convert": (
        "Sprawdź, czy odtwarza się gdzie indziej, albo przekonwertuj go do `MJPG .avi` lub `H.264 .mp4`"
    ),
    "video.ended": "wideo się skończyło (przeczytane klatki: {n})",
    "video.open_again": "Otwórz je ponownie albo z `loop=True`, żeby zaczynać od początku",
    "video.no_restart": "po przewinięciu na początek wideo nie dało klatki",
    "video.check_file": "Sprawdź plik",
    "replay.source": "odtwarzanie obrazów {where}",
    "replay.no_images": "nie ma tu plików obrazów",
    "replay.pattern": "Sprawdź wzorzec (w powłoce weź go w cudzysłów, żeby go nie rozwinęła)",
    "replay.put_images": "Włóż tam obrazy ({suffixes})",
    "replay.ended": "przeczytano już wszystkie obrazy ({n})",
    "image.missing": "nie ma pliku {name}",
    "image.folder": "{name} to folder, a nie obraz",
    "image.name_picture": "Podaj plik obrazu",
    "image.unreadable": "nie mogę przeczytać {name} ({reason})",
    "image.skip": "Pomiń go",
    "image.empty": "{name} jest pusty",
    "image.skip_or_replace": "Pomiń go albo zastąp innym",
    "image.truncated": "{name} to ucięty JPEG",
    "image.copy_again": "Pomiń go albo skopiuj jeszcze raz",
    "image.huge": "{name} ma ponad {mp} Mpx",
    "image.huge.size": "{name} ma {width} x {height} pikseli, ponad {mp} Mpx",
    "image.scale_down": "Najpierw go zmniejsz",
    "image.undecodable": (
        "{name} to nie jest czytelny obraz (uszkodzony albo w formacie, którego OpenCV nie zna)"
    ),
    "image.tiny": "{name} ma tylko {width} x {height} pikseli: za mało, żeby pokazać kostkę",
    "image.bigger": "Użyj większego obrazu",
    "box.teach_failed": "nie udało się znaleźć kostek ani kart do nauki: {reason}",
    "box.check_failed": "nie udało się sprawdzić kamery: {reason}",
    "box.no_checker": "ta kamera nie ma sprawdzania",
    "box.reading_failed": "nie udało się odczytać kostek (gracz wpisze je ręcznie): {reason}",
    "box.not_kept.colours": "nie zapisałam nauczonych kolorów: {reason}",
    "box.not_kept.cards": "nie zapisałam nauczonych kart: {reason}",
    "box.no_state_dir": "nie ma katalogu zapisu",
    "box.display_failed": "ekran nie działa: {reason}",
    "box.not_saved": "nie mogę zapisać gry: {reason}; gra toczy się dalej w pamięci",
    "box.saved_again": "gra znów się zapisuje",
    "rulebook.unknown": "{title}: nie ma przełącznika {switch}; przełączniki to `{allowed}`",
    "rulebook.not": "{title}: `{name} = {value}`, a powinno być: {wanted}",
    "rulebook.either": "{one} albo {other}",
    "rulebook.kind.bool": "`true` albo `false`",
    "rulebook.kind.int": "liczba całkowita",
    "rulebook.kind.str": "tekst",
    "rulebook.kind.null": "`null`",
    "rulebook.unsaveable": "{title}: Kostka nie umie zapisać tej księgi zasad ({kind})",
    "rulebook.unknown_game": "{title} to nie gra, którą Kostka zna; gry to {games}",
    "rulebook.not_table": "{title}: przełączniki zasad muszą być tabelą nazw i wartości",
    "rulebook.refused": "{title}: {reason}",
    "rulebook.not_json": "{title}: zapisane przełączniki zasad to nie JSON ({error})",
    "rulebook.not_object": "{title}: zapisane przełączniki zasad to nie obiekt JSON: {text}",
    "rulebook.lezard.both": (
        "lezard: podaj albo `data_file`, albo samo pudełko (`board`, `lizards`, `deck`…), nie jedno i drugie"
    ),
    "rulebook.lezard.unreadable": "lezard: nie mogę przeczytać `data_file` {path} ({error})",
    "rulebook.lezard.seats": (
        "lezard: `seats = {value}` musi wymieniać kolory jaszczurek każdego miejsca, np. `{example}`"
    ),
    "rulebook.lezard.lacks": "lezard: w pudełku brakuje: `{missing}`",
    "rulebook.lezard.deck": "lezard: `deck = {deck}` musi wymieniać każdą kartę z jej liczbą, po kolei",
    "rulebook.lezard.value": "lezard: {value} to nie wartość, którą może zawierać plik danych",
    "rulebook.lezard.not_text": "to nie tekst `UTF-8`",
    "storage.why.missing": "nie ma takiego pliku ani folderu",
    "standin.camera": "kamera zastępcza (kostki zastępcze)",
    "standin.told_to_fail": "kamera zastępcza miała przestać działać",
    "standin.reconnect": "Podłącz ją ponownie",
    # the log's lines of learning the players' dice and of the history (firmware/learning.py, loop.py)
    "learn.example_unreadable": "przykładu {path} nie da się przeczytać; pomijam go",
    "learn.not_kept": "nie zachowałam potwierdzonych kostek: {reason}",
    "learn.failed": "uczenie się kostek graczy nie powiodło się; czytniki zostają takie, jakie były",
    "learn.refused": "Nie dopasowałam czytników: {why}. Kostka czyta dalej wbudowanymi czytnikami.",
    "learn.adapted": "Czytniki dopasowane do przykładów ({n}).",
    "learn.not_forgotten": "nie wszystkie nauczone kostki zostały zapomniane: {reason}",
    "history.unreadable": "nie mogę przeczytać historii: {reason}",
    # the café's board (the [cafe] section of the config, firmware.cafe)
    "config.problem.not_broker": "nie jest adresem brokera MQTT",
    "config.problem.not_name": "nie nadaje się na nazwę w temacie MQTT",
    "config.problem.no_user": "wymaga też cafe.username",
    "config.problem.no_file": "nie jest plikiem, który istnieje ({path})",
    "config.problem.no_tls": "działa tylko z mqtts://",
    "config.allowed.broker": "mqtt://host:port albo mqtts://host:port, np. mqtt://192.168.1.10:1883",
    "config.allowed.mqtt_name": "od 1 do {n} znaków bez / + # i spacji, np. \"stol-3\"",
    "config.allowed.user": "cafe.username i cafe.password_file razem",
    "config.allowed.file": "ścieżka do pliku, np. /etc/kostka/cafe.password",
    "config.allowed.tls": "ca_file przy brokerze mqtts://",
    # the café's log lines (firmware/cafe)
    "cafe.password_unreadable": (
        "kawiarnia: nie mogę przeczytać pliku hasła {path} ({reason}); nic nie wysyłam"
    ),
    "cafe.ca_unusable": "kawiarnia: nie mogę użyć urzędu certyfikacji {path} ({reason}); nic nie wysyłam",
    "cafe.refused": "kawiarnia: serwer {broker} odmówił połączenia: {reason}",
    "cafe.refused_user": "kawiarnia: serwer {broker} odmówił połączenia użytkownikowi {user}: {reason}",
    "cafe.connected": "kawiarnia: połączono z {broker} jako stół {cafe}/{table}",
    "cafe.unreachable": (
        "kawiarnia: nie mogę połączyć się z brokerem {broker} ({reason}); zdarzenia czekają na dysku"
    ),
    "cafe.lost": "kawiarnia: utracono połączenie z brokerem {broker} ({reason}); zdarzenia czekają na dysku",
    "cafe.why.no_connection": "brak połączenia",
    "cafe.why.not_text": "to nie jest zwykły tekst",
    "cafe.not_kept": "kawiarnia: nie mogę zapisać zdarzeń w {path} ({reason}); gra toczy się dalej",
    "cafe.dropped": "kawiarnia: usunięto z kolejki nieczytelny plik {name}",
    "cafe.no_outbox": "kawiarnia: nie ma kolejki w {path} ({reason}); stół niczego nie wysyła",
}

EN: dict[str, str] = {
    "box.runtime.probed": "{line} (probed now)",
    "box.keys": "keys: a/← previous · d/→ next · space/Enter OK · m menu (a long OK press)",
    "box.no_gpio.keyboard": "no GPIO here: buttons come from the keyboard",
    "box.no_gpio.script": "no GPIO here: buttons come from the script",
    "box.no_picamera2": "no picamera2 here: the camera films stand-in dice",
    "box.oled.terminal": "{reason} The OLED is drawn in the terminal.",
    "box.oled.memory": "{reason} The OLED is drawn in memory only.",
    "box.rules_switch": "{section} in the config: {reason}; fix or delete the switch",
    "taught.unusable.colours": (
        "The taught colours in {path} cannot be used ({reason}); the built-in colours are used until "
        "the colours are taught again"
    ),
    "taught.unusable.cards": (
        "The taught cards in {path} cannot be used ({reason}); the built-in colours are used until the "
        'cards are taught again ("Teach cards" in a Lezard Domino game, or {command})'
    ),
    "taught.why.broken": "the file is damaged",
    "taught.why.other_mode": "it was taught in the other mode (dice colours or cards)",
    "storage.fix": (
        "make it writable by the user Kostka runs as (the service's StateDirectory=, /var/lib/kostka, "
        "stays writable when the root file system is read-only), or set state_dir in the config"
    ),
    "storage.dir.create": "The state directory {folder} cannot be created ({why}): create it and {fix}",
    "storage.dir.not_folder": "The state directory {folder} is not a directory: {fix}",
    "storage.dir.unwritable": "The state directory {folder} cannot be written ({why}): {fix}",
    "storage.why.read_only": "it is on a read-only file system",
    "storage.why.user": "user id {uid} may not write there",
    "storage.why.denied": "permission denied",
    "storage.why.full": "the disk is full",
    "storage.why.in_the_way": "a file stands in its place",
    "storage.why.os": "system error {code}",
    "storage.why.damaged": "is damaged",
    "storage.why.not_kostka": "is not Kostka's (application_id {app}, {tables} tables and indexes)",
    "storage.moved_aside.notice": (
        "{path} {why}: it was moved aside to {aside} and a new, empty one was begun; the games in the "
        "old file are not lost, only hidden (sqlite3 can read what is left of them)"
    ),
    "storage.afresh": "{path} cannot be made afresh: {fix}",
    "storage.no_wal": (
        "{path}: SQLite cannot keep a write-ahead log here (journal_mode {mode}); put state_dir on an "
        "ordinary local file system (ext4 on the SD card)"
    ),
    "storage.newer_schema": (
        "{path} was written by a newer Kostka (schema {version}; this one knows up to {known}): update "
        "Kostka, or move the file away to start with no saved games"
    ),
    "storage.cannot_move_aside": "{path} is damaged and cannot be moved aside ({why}): {fix}",
    "storage.move_number": (
        "Move {number} ({text}) cannot be saved: game {game} has {count} saved moves, so the next is "
        "move {next}"
    ),
    "storage.no_game": "No game is being played: start one first",
    "storage.closed": "{what}: the saved games are closed",
    "storage.damaged": (
        "{what}: {path} is damaged; restart Kostka: it moves the file aside and begins a new one"
    ),
    "storage.cannot_write": "{what}: {path} cannot be written: {fix}",
    "storage.disk_full": "{what}: the disk holding {path} is full; free some space",
    "storage.busy": "{what}: {path} is in use by another program; stop it and try again",
    "storage.other": "{what}: {path} failed ({detail})",
    "storage.doing.open": "Opening the saved games",
    "storage.doing.start": "Starting a game",
    "storage.doing.move": "Saving a move",
    "storage.doing.undo": "Undoing a move",
    "storage.doing.finish": "Finishing the game",
    "storage.doing.set_aside": "Setting the game aside",
    "storage.doing.read_setting": "Reading the setting {name}",
    "storage.doing.keep_setting": "Keeping the setting {name}",
    "storage.doing.current": "Reading the current game",
    "storage.doing.history": "Reading the history",
    "storage.saved_game": (
        "Saved game {game} ({title}, begun {started} UTC) cannot be resumed: {reason}; choose a new "
        "game (the old one goes to the history as unreadable) or put back the Kostka version that saved it"
    ),
    "storage.saved_game.numbers": "its moves are not numbered 1, 2, 3...",
    "storage.saved_game.rules": "its rules or moves no longer fit ({detail})",
    "config.missing": (
        "{path}: no such config file; copy firmware/data/kostka.example.toml there, "
        "or leave --config out to use the defaults"
    ),
    "config.unreadable": "{path}: cannot be read ({reason})",
    "config.not_toml": "{origin}: not valid TOML (line {line}, column {column})",
    "config.bad": "{origin}: {setting} = {value} {problem}; allowed: {allowed}",
    "config.unknown_key": "{origin}: unknown key {name} {place}; allowed: {allowed}",
    "config.place.in": "in [{where}]",
    "config.place.top": "at the top level",
    "config.problem.i2c_pin": "is the OLED's I2C {wire} pin",
    "config.problem.not_free_pin": "is not a free GPIO pin",
    "config.problem.already": "is already {other}",
    "config.problem.range": "is out of range",
    "config.problem.not_driver": "is not a display driver",
    "config.problem.not_bus": "is not an I2C bus number",
    "config.problem.not_address": "is not a 7-bit I2C address",
    "config.problem.not_rotation": "is not a rotation",
    "config.problem.not_exposure": "is not an exposure",
    "config.problem.not_mains": "is not a mains frequency",
    "config.problem.not_source": "is not a camera source",
    "config.problem.no_device": "has no device number",
    "config.problem.nothing": "names nothing that exists ({path})",
    "config.problem.not_game": "is not a game",
    "config.problem.players": "cannot play {title}",
    "config.problem.not_goal": "is not an advice goal",
    "config.problem.not_table": "is not a table",
    "config.problem.not_plain": "is not a plain value",
    "config.problem.not_list": "is not a list",
    "config.problem.names": "cannot be used ({reason})",
    "config.problem.not_language": "is not a language",
    "config.problem.not_text": "is not text",
    "config.problem.not_whole": "is not a whole number",
    "config.problem.not_number": "is not a number",
    "config.problem.not_path": "is not a folder path",
    "config.allowed.fingerprint": "the fingerprint that kostka board --confirm prints",
    "config.allowed.free_pin": "a free BCM pin 4-27",
    "config.allowed.bcm": "BCM 4-27 (see hardware/wiring.md)",
    "config.allowed.three_pins": "three different pins",
    "config.allowed.long_press": "0.3 to 5.0 seconds",
    "config.allowed.debounce": "0 to 500 ms, and shorter than long_press_s",
    "config.allowed.bus": "0-31 (/dev/i2c-N; 1 on a Pi)",
    "config.allowed.address": "0x08-0x77; an OLED is 0x3C or 0x3D (i2cdetect -y 1 shows it)",
    "config.allowed.rotation": "0 or 180 (screens are landscape)",
    "config.allowed.width": "160 to 4608 pixels",
    "config.allowed.height": "120 to 3496 pixels",
    "config.allowed.fps": "0.5 to 60 frames a second",
    "config.allowed.idle_fps": "0.1 up to camera.fps ({fps})",
    "config.allowed.stall": "1 to 300 seconds and at least two idle frames ({least} s)",
    "config.allowed.focus": "10 to 200 cm to the tray's floor, or 0 to leave the lens",
    "config.allowed.mains": "50, 60 or 0 (no lamps on mains)",
    "config.allowed.source": "{named}, a video file, a folder or a glob of images",
    "config.allowed.players": "{low}-{high} players",
    "config.allowed.switches": "[{table}] with one line per rule switch",
    "config.allowed.plain": "true/false, number, text",
    "config.allowed.names": 'a list of names such as ["Ala", "Olek"], each 1-{n} letters',
    "config.allowed.section": "a [{name}] section",
    "config.allowed.integer": "an integer such as 17 or 0x3C",
    "config.allowed.number": "a number such as 1.5",
    "config.allowed.path": "a path such as /var/lib/kostka",
    "box.camera_failed": "camera failed: {reason}",
    "camera.failed": "{source}: {problem}",
    "camera.failed.advice": "{source}: {problem}. {advice}",
    "picamera2.camera": "Raspberry Pi camera {n} (picamera2, {size} {format})",
    "picamera2.none": "no camera found at number {n} ({detail})",
    "picamera2.none.advice": (
        "Check the ribbon cable (contacts facing the right way, latch closed) with the Pi "
        "switched off, then run 'rpicam-hello --list-cameras'"
    ),
    "picamera2.unopened": "the camera could not be opened ({detail})",
    "picamera2.unopened.advice": (
        "Make sure no other program uses it (rpicam-*, another kostka), check the cable, "
        "and run 'rpicam-hello --list-cameras'"
    ),
    "picamera2.unstarted": "the camera would not start with {size} {format} frames ({detail})",
    "picamera2.unstarted.advice": "Try another frame size in the config, or check 'rpicam-hello' works",
    "picamera2.no_frame": "no frame came within {s} s",
    "picamera2.no_frame.advice": (
        "The camera cable may have come loose: check it, then the game goes on after a retry"
    ),
    "picamera2.capture": "capturing a frame failed ({detail})",
    "picamera2.capture.advice": "Close the source and open it again; check the cable if it keeps failing",
    "picamera2.close": "closing the camera failed ({detail})",
    "picamera2.missing": "picamera2 is not installed or cannot load (no module {module})",
    "picamera2.no_class": "the picamera2 module has no Picamera2 class",
    "picamera2.install": (
        "On Raspberry Pi OS: sudo apt install python3-picamera2 --no-install-recommends, and make the "
        "virtual environment with 'python3 -m venv --system-site-packages' so it sees that package "
        "(it needs numpy 1.x there); elsewhere use 'usb:0', a video file or an image folder"
    ),
    "usb.camera": "USB webcam {n} (OpenCV VideoCapture)",
    "usb.silent": "no webcam answers at /dev/video{n}",
    "usb.silent.advice": (
        "Plug the webcam in (or try another number, 'ls /dev/video*' lists them); "
        "on a Raspberry Pi with its own camera use 'picamera2'"
    ),
    "usb.no_frame": "the webcam gave no frame (unplugged, or taken by another program)",
    "usb.no_frame.advice": "Check the USB cable; close this source and open it again to retry",
    "box.controls_missing": "{camera} does not offer {controls}: it runs without",
    # learnt pip dice and their settings (firmware/learning.py, [learn] in the settings)
    "learnt.unusable": (
        "The learnt dice in {path} cannot be used ({reason}); reading with the shipped readers until "
        "Kostka learns them again"
    ),
    "config.allowed.learn_keep": "50 to 5000 dice",
    "config.allowed.learn_every": "1 to learn.keep ({keep}) dice",
    # the frame sources' errors (firmware/devices/camera/), the pictures read from files
    # (firmware/devices/images.py) and the box's own lines in its log (firmware/loop.py)
    "camera.spec": "frame source {spec}",
    "camera.spec.empty": "the spec is empty",
    "camera.spec.help": (
        "A frame source is 'picamera2' (or 'picamera2:N'), 'usb:N' for a USB webcam, a video file, "
        "a folder of images, or a glob such as 'shots/*.jpg'"
    ),
    "camera.spec.not_number": "{number} is not a device number",
    "camera.spec.number": "Write it like 'usb:0' or 'picamera2:1'",
    "camera.no_path": "no such file or folder",
    "camera.check_path": "Check the path",
    "camera.not_array": "{where} gave {kind}, not an image",
    "camera.bad_frame": (
        "{where} gave an array of shape {shape} and type {dtype}, "
        "not a BGR uint8 height x width x 3 image of {least} pixels a side or more"
    ),
    "camera.bad_frame.advice": "Check the camera's settings; until then the dice are entered by hand",
    "camera.decoding": "decoding {name}",
    "video.file": "video file {path}",
    "video.folder": "is a folder, not a video",
    "video.no_file": "no such file",
    "video.unopenable": "OpenCV cannot open it as a video (not a video, or a codec it lacks)",
    "video.undecodable": "no frame could be decoded from it",
    "video.convert": "Check that it plays elsewhere, or convert it to MJPG .avi or H.264 .mp4",
    "video.ended": "the video ended after {n} frames",
    "video.open_again": "Open it again, or open it with loop=True to start over",
    "video.no_restart": "starting the video over gave no frame",
    "video.check_file": "Check the file",
    "replay.source": "image replay {where}",
    "replay.no_images": "no image files found",
    "replay.pattern": "Check the pattern (quote it in the shell so the shell does not expand it)",
    "replay.put_images": "Put images there ({suffixes})",
    "replay.ended": "all {n} images have been read",
    "image.missing": "there is no file {name}",
    "image.folder": "{name} is a folder, not a picture",
    "image.name_picture": "Name a picture file",
    "image.unreadable": "cannot read {name} ({reason})",
    "image.skip": "Skip it",
    "image.empty": "{name} is empty",
    "image.skip_or_replace": "Skip it or replace it",
    "image.truncated": "{name} is a truncated JPEG",
    "image.copy_again": "Skip it or copy it again",
    "image.huge": "{name} is more than {mp} megapixels",
    "image.huge.size": "{name} is {width} x {height} pixels, more than {mp} megapixels",
    "image.scale_down": "Scale it down first",
    "image.undecodable": "{name} is not a readable image (corrupt, or a format OpenCV cannot decode)",
    "image.tiny": "{name} is only {width} x {height} pixels, too small to show a die",
    "image.bigger": "Use a bigger picture",
    "box.teach_failed": "finding the dice or cards to teach failed: {reason}",
    "box.check_failed": "checking the camera failed: {reason}",
    "box.no_checker": "this camera feed cannot check the camera",
    "box.reading_failed": "reading the dice failed (the player enters them): {reason}",
    "box.not_kept.colours": "the taught colours were not kept: {reason}",
    "box.not_kept.cards": "the taught cards were not kept: {reason}",
    "box.no_state_dir": "there is no state directory",
    "box.display_failed": "the display failed: {reason}",
    "box.not_saved": "the game cannot be saved: {reason}; it goes on in memory",
    "box.saved_again": "the game is saved again",
    "rulebook.unknown": "{title}: no rule switch {switch}; the switches are {allowed}",
    "rulebook.not": "{title}: {name} = {value} is not {wanted}",
    "rulebook.either": "{one} or {other}",
    "rulebook.kind.bool": "true or false",
    "rulebook.kind.int": "a whole number",
    "rulebook.kind.str": "text",
    "rulebook.kind.null": "null",
    "rulebook.unsaveable": "{title}: Kostka cannot save this rule book ({kind})",
    "rulebook.unknown_game": "{title} is not a game Kostka knows; the games are {games}",
    "rulebook.not_table": "{title}: the rule switches must be a table of names and values",
    "rulebook.refused": "{title}: {reason}",
    "rulebook.not_json": "{title}: the saved rule switches are not JSON ({error})",
    "rulebook.not_object": "{title}: the saved rule switches are not a JSON object: {text}",
    "rulebook.lezard.both": "lezard: give either data_file or the box (board, lizards, deck...), not both",
    "rulebook.lezard.unreadable": "lezard: data_file {path} cannot be read ({error})",
    "rulebook.lezard.seats": "lezard: seats = {value} must list each seat's lizard colours, e.g. {example}",
    "rulebook.lezard.lacks": "lezard: the box lacks {missing}",
    "rulebook.lezard.deck": "lezard: deck = {deck} must list each card with its count, in order",
    "rulebook.lezard.value": "lezard: {value} is not a value a data file can hold",
    "rulebook.lezard.not_text": "it is not UTF-8 text",
    "storage.why.missing": "no such file or folder",
    "standin.camera": "synthetic camera (stand-in dice)",
    "standin.told_to_fail": "the stand-in camera was told to fail",
    "standin.reconnect": "Reconnect it",
    # the log's lines of learning the players' dice and of the history (firmware/learning.py, loop.py)
    "learn.example_unreadable": "the example {path} cannot be read; it is left out",
    "learn.not_kept": "the confirmed dice were not kept: {reason}",
    "learn.failed": "learning the players' dice failed; the readers are left as they were",
    "learn.refused": "The readers were not adapted: {why}. Kostka goes on reading with the shipped readers.",
    "learn.adapted": "The readers are adapted to {n} examples.",
    "learn.not_forgotten": "the learnt dice were not all forgotten: {reason}",
    "history.unreadable": "the history cannot be read: {reason}",
    # the café's board (the [cafe] section of the config, firmware.cafe)
    "config.problem.not_broker": "is not an MQTT broker address",
    "config.problem.not_name": "cannot name an MQTT topic level",
    "config.problem.no_user": "needs cafe.username too",
    "config.problem.no_file": "is not a file that exists ({path})",
    "config.problem.no_tls": "works with mqtts:// only",
    "config.allowed.broker": "mqtt://host:port or mqtts://host:port, e.g. mqtt://192.168.1.10:1883",
    "config.allowed.mqtt_name": "1 to {n} characters without / + # and spaces, e.g. \"table-3\"",
    "config.allowed.user": "cafe.username and cafe.password_file together",
    "config.allowed.file": "a file path such as /etc/kostka/cafe.password",
    "config.allowed.tls": "ca_file with an mqtts:// broker",
    # the café's log lines (firmware/cafe)
    "cafe.password_unreadable": "café: cannot read the password file {path} ({reason}): not publishing",
    "cafe.ca_unusable": "café: the certificate authority {path} cannot be used ({reason}): not publishing",
    "cafe.refused": "café: the broker {broker} refused the box: {reason}",
    "cafe.refused_user": "café: the broker {broker} refused the box as {user}: {reason}",
    "cafe.connected": "café: connected to {broker} as table {cafe}/{table}",
    "cafe.unreachable": "café: cannot reach the broker {broker} ({reason}); events wait on disk",
    "cafe.lost": "café: lost the broker {broker} ({reason}); the events wait on disk",
    "cafe.why.no_connection": "no connection",
    "cafe.why.not_text": "it is not UTF-8 text",
    "cafe.not_kept": "café: the events cannot be kept in {path} ({reason}); the game goes on",
    "cafe.dropped": "café outbox: dropped the unreadable {name}",
    "cafe.no_outbox": "café: no outbox in {path} ({reason}); the table publishes nothing",
}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
