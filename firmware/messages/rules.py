"""What the rule books say (a ``RulesError``'s ``rules.phrases.Phrase``), in Polish and in English.

The English is the rule books' own (``rules.phrases.ENGLISH``, written once, there); the Polish is
here, under the same keys prefixed ``rules.`` and with the same fields. ``i18n.say`` says a phrase:
colours agree with their nouns (``{colour:f}`` after ``jaszczurka``), lists join with commas.
"""

from __future__ import annotations

from rules.phrases import ENGLISH

PL: dict[str, str] = {
    # chance nodes
    "rules.chance.not-positive": "jedno ze zdarzeń losowych ma prawdopodobieństwo zero lub mniej",
    "rules.chance.not-one": "prawdopodobieństwa zdarzeń losowych dają razem {total}, a nie 1",
    # a game in progress
    "rules.match.saved-move": "zapisany ruch nr {number} „{text}” nie pasuje: {error}",
    "rules.match.nothing-to-undo": "nie ma czego cofnąć: nie zagrano jeszcze żadnego ruchu",
    # Shut the Box: where the game stands
    "rules.shut.at.over": "gra skończona po rundzie {round}",
    "rules.shut.at.shut": "runda {round}, {name} zamyka klapki po rzucie {roll}, otwarte klapki: {flaps}",
    "rules.shut.at.choose": "runda {round}, {name} wybiera 1 albo 2 kostki, otwarte klapki: {flaps}",
    "rules.shut.at.roll.one": "runda {round}, {name} rzuca {n} kostką, otwarte klapki: {flaps}",
    "rules.shut.at.roll.few": "runda {round}, {name} rzuca {n} kostkami, otwarte klapki: {flaps}",
    "rules.shut.at.roll.many": "runda {round}, {name} rzuca {n} kostkami, otwarte klapki: {flaps}",
    # Shut the Box: what is wrong
    "rules.shut.players": "w Shut the Box potrzeba co najmniej jednego gracza",
    "rules.shut.over": "gra jest skończona, żaden ruch już nie pasuje ({at})",
    "rules.shut.roll-first": "najpierw trzeba rzucić kostkami ({at})",
    "rules.shut.not-a-choice": "tego nie można teraz wybrać ({at})",
    "rules.shut.choose-dice-first": "najpierw wybierz, iloma kostkami rzucasz ({at})",
    "rules.shut.not-by-this-roll": "ten rzut na to nie pozwala ({at})",
    "rules.shut.no-roll-due": "teraz nie ma rzutu ({at})",
    "rules.shut.roll-size.one": "to rzut {n} kostką, oczka od 1 do 6 ({at})",
    "rules.shut.roll-size.few": "to rzut {n} kostkami, każda od 1 do 6 ({at})",
    "rules.shut.roll-size.many": "to rzut {n} kostkami, każda od 1 do 6 ({at})",
    "rules.shut.how-many-dice": "„{text}”: napisz, iloma kostkami rzucasz, 1 albo 2 ({at})",
    "rules.shut.cannot-shut": "nie można zamknąć {flaps} ({at}); zamknij jedno z: {choices}",
    "rules.shut.not-roll": "„{text}” to nie rzut; wpisz oczka, np. 3 5 (jedna kostka: 4) ({at})",
    "rules.shut.not-flaps": "„{text}” to nie klapki do zamknięcia; wpisz je, np. 2 5 ({at})",
    # Nogi Stonogi: where the game stands
    "rules.stonoga.at.over": "gra jest skończona",
    "rules.stonoga.at.roll": "tura: {name}, rzut {n} z {of}",
    "rules.stonoga.at.roll-keeping": "tura: {name}, rzut {n} z {of}, zostawione {dice}",
    "rules.stonoga.at.choose": "tura: {name}, po rzucie {n} z {of}, na stole {dice}",
    "rules.stonoga.at.take": "tura: {name}, wybór płytki, na stole {dice}",
    "rules.stonoga.at.tile": "sama płytka",
    # Nogi Stonogi: what is wrong
    "rules.stonoga.no-such-tile": "nie ma płytki w kolorze {colour} z {boots} butami",
    "rules.stonoga.players": "w Nogi Stonogi gra od 2 do 4 graczy, nie {n}",
    "rules.stonoga.empty": "pusty ruch ({at}): wpisz kostki, zostaw, stop albo płytkę",
    "rules.stonoga.reroll-not-there": "nie można przerzucić {dice}: nie ma ich na stole ({at})",
    "rules.stonoga.steal-not-there": "nie można zabrać {tile}: żadna inna stonoga się nią nie kończy ({at})",
    "rules.stonoga.rolls-over": "rzuty się skończyły ({at}): wybierz płytkę, np. weź cz3",
    "rules.stonoga.unreadable": "nie rozumiem „{text}” ({at})",
    "rules.stonoga.over": "nie ma już ruchów: {at}",
    "rules.stonoga.no-roll-due": "teraz nie ma rzutu ({at}): zostaw kostki, stop albo weź płytkę",
    "rules.stonoga.dice-count.one": "rzucasz {n} kostką, a wpisano {typed} ({at}): wpisz, co wypadło",
    "rules.stonoga.dice-count.few": "rzucasz {n} kostkami, a wpisano {typed} ({at}): wpisz, co wypadło",
    "rules.stonoga.dice-count.many": "rzucasz {n} kostkami, a wpisano {typed} ({at}): wpisz, co wypadło",
    "rules.stonoga.roll-order": "rzut podaje kolory w kolejności {order} ({at})",
    "rules.stonoga.roll-first": "najpierw trzeba rzucić ({at}): wpisz kolory, które wypadły, np. cz cz * n",
    "rules.stonoga.not-allowed": "tak nie można ({at}): {why}",
    "rules.stonoga.no-face": (
        "„{word}” to nie kolor kostki ({at}): użyj liter ż cz z n cza * albo nazwy koloru"
    ),
    "rules.stonoga.not-a-tile": "„{word}” to nie płytka ({at}): wpisz kolor i buty, np. c3",
    "rules.stonoga.no-tile": "nie ma płytki „{word}” ({at}): płytki to ż cz z n cza z 2, 3 albo 4 butami",
    "rules.stonoga.why.keep-all": "zostawić wszystkie cztery kostki to stop: wpisz stop",
    "rules.stonoga.why.not-on-table": "na stole leżą {dice}",
    "rules.stonoga.why.keep-or-stop": "wybierz kostki do zostawienia albo stop",
    "rules.stonoga.why.rolls-over": "rzuty się skończyły: weź płytkę",
    "rules.stonoga.why.not-in-centre": "płytki {tile} nie ma na środku",
    "rules.stonoga.why.must-take": "jakaś płytka pasuje, więc trzeba ją wziąć",
    "rules.stonoga.why.no-stealing": "zabieranie to wariant, który nie jest w grze",
    "rules.stonoga.why.needs-exactly": (
        "kolor {colour}: potrzeba dokładnie {n} z gwiazdkami, a kostki dają {have}"
    ),
    "rules.stonoga.why.needs-at-least": (
        "kolor {colour}: potrzeba co najmniej {n} z gwiazdkami, a kostki dają {have}"
    ),
    "rules.stonoga.why.wrong-phase": "to nie jest ruch na tę chwilę",
    # Lezard Domino: cards and where the game stands
    "rules.lezard.card.lizard": "jaszczurka {colour:f}",
    "rules.lezard.card.one": "{colour}",
    "rules.lezard.card.two": "{first} {second}",
    "rules.lezard.position": "{doing}; w ręce: {hands}; na planszy: {n}",
    "rules.lezard.doing.draw": "{name} ciągnie kartę",
    "rules.lezard.doing.draw-again": "{name} ciągnie kartę jeszcze raz",
    "rules.lezard.doing.place": "{name} stawia domino na polu {square} ({colour:n})",
    "rules.lezard.doing.flick": "{name} pstryka; jaszczurka {colour:f}: {owner}",
    "rules.lezard.doing.royal": "{name}: ostatnie domino postawione, królewski pstryczek?",
    "rules.lezard.doing.over.royal-flick": "koniec gry (królewski pstryczek)",
    "rules.lezard.doing.over.no-dominoes": "koniec gry (koniec domin w ręce)",
    "rules.lezard.doing.over.": "koniec gry",
    "rules.lezard.expected.draw": "wyciągnięta karta (czerwony, czerwony niebieski, jaszczurka zielona)",
    "rules.lezard.expected.place": (
        "ok albo upadło i pola, na których domina upadły (upadło 12, upadło 10-12)"
    ),
    "rules.lezard.expected.flick": (
        "liczba domin, które upadły po kolei od ogona, i +pole dla każdego, które upadło osobno"
    ),
    "rules.lezard.expected.royal": "królewski (pstryczek przewrócił wszystkie domina) albo gotowe",
    "rules.lezard.expected.over": "żaden ruch: gra jest skończona",
    # Lezard Domino: what is wrong
    # Lezard Domino's data file: where, and what is wrong (keys and colours as the file writes them)
    "rules.lezard.data.line": "{source}, wiersz {line}, `{path}`",
    "rules.lezard.data.key": "{source}, `{path}`",
    "rules.lezard.data.line-entry": "{source}, wiersz {line}, `{path}`, pozycja {entry}",
    "rules.lezard.data.entry": "{source}, `{path}`, pozycja {entry}",
    "rules.lezard.data.toml": (
        "{at}: to nie jest poprawny plik TOML ({error}); popraw ten wiersz i spróbuj znowu"
    ),
    "rules.lezard.data.unknown-key": (
        "{at}: nieznany klucz „{key}”; klucze to `format`, `guess`, `dominoes`, `lizards`, "
        "`[board]` i `[deck]` (zob. rules/data/README.md)"
    ),
    "rules.lezard.data.format": "{at}: `format` musi być {format}, a jest {got}",
    "rules.lezard.data.guess": "{at}: `guess` musi być `true` albo `false`, a jest {got}",
    "rules.lezard.data.lizards.one": (
        "{at}: `lizards` musi wymienić {n} kolor (pudełko ma {n} jaszczurkę), a jest {got}"
    ),
    "rules.lezard.data.lizards.few": (
        "{at}: `lizards` musi wymienić {n} kolory (pudełko ma {n} jaszczurki), a jest {got}"
    ),
    "rules.lezard.data.lizards.many": (
        "{at}: `lizards` musi wymienić {n} kolorów (pudełko ma {n} jaszczurek), a jest {got}"
    ),
    "rules.lezard.data.board-key": "{at}: nieznany klucz „{key}” w [board]",
    "rules.lezard.data.no-table": "{at}: brak tabeli [{table}] (zob. rules/data/README.md)",
    "rules.lezard.data.dominoes": "{at}: `dominoes` musi być liczbą całkowitą większą od 0",
    "rules.lezard.data.dominoes-split.one": (
        "{at}: `dominoes` musi dzielić się równo na {n} jaszczurkę (w pudełku 60: po 15), a jest {got}"
    ),
    "rules.lezard.data.dominoes-split.few": (
        "{at}: `dominoes` musi dzielić się równo na {n} jaszczurki (w pudełku 60: po 15), a jest {got}"
    ),
    "rules.lezard.data.dominoes-split.many": (
        "{at}: `dominoes` musi dzielić się równo na {n} jaszczurek (w pudełku 60: po 15), a jest {got}"
    ),
    "rules.lezard.data.names": "{at}: {key} musi być listą nazw kolorów",
    "rules.lezard.data.not-a-name": "{at}: {name} to nie nazwa",
    "rules.lezard.data.name": "{at}: {problem}",
    "rules.lezard.data.name-words": "kolor „{name}” musi być jednym słowem bez cyfr, spacji, +, - i #",
    "rules.lezard.data.name-reserved": "„{name}” to słowo z zapisu ruchów; nazwij kolor inaczej",
    "rules.lezard.data.lizard-twice": "{at}: każda jaszczurka potrzebuje własnego koloru",
    "rules.lezard.data.count": "{at}: liczba kart musi być całkowita, 0 lub więcej, a jest {got}",
    "rules.lezard.data.same-card": "{at}: ta sama karta co „{card}”; zsumuj ich liczby",
    "rules.lezard.data.no-colour-card": "{at}: [deck] nie ma żadnej karty z kolorem; gra ich potrzebuje",
    "rules.lezard.data.lizard-card": (
        "{at}: kartę jaszczurki zapisuje się jako `lizard KOLOR`, z kolorem jaszczurki ({colours:f})"
    ),
    "rules.lezard.data.colour-card": (
        "{at}: karta koloru pokazuje jedno albo dwa pola, np. `red` albo `red blue`"
    ),
    "rules.lezard.data.no-square": (
        "{at}: na planszy nie ma pola w kolorze {colour} (jej kolory: {colours}); popraw kartę albo [board]"
    ),
    "rules.lezard.at": "{what} ({at})",
    "rules.lezard.players": "w Lezard Domino gra od 2 do {most} graczy, nie {n}",
    "rules.lezard.seats.count.one": (
        "przy {players} graczach każdy bierze {n} jaszczurkę; miejsca były takie: {seats}"
    ),
    "rules.lezard.seats.count.few": (
        "przy {players} graczach każdy bierze {n} jaszczurki; miejsca były takie: {seats}"
    ),
    "rules.lezard.seats.count.many": (
        "przy {players} graczach każdy bierze {n} jaszczurek; miejsca były takie: {seats}"
    ),
    "rules.lezard.seats.colours": "każdy gracz bierze inne jaszczurki spośród: {colours:f}; było: {seats}",
    "rules.lezard.over": "gra jest skończona; to już nie jest ruch",
    "rules.lezard.misfit": "to tu nie pasuje; teraz: {expected}",
    "rules.lezard.deck.no-card": "w talii nie ma karty „{card}”; popraw [deck]",
    "rules.lezard.deck.out-of-play.one": (
        "karta „{card}” nie gra przy {n} graczu; odłóż ją do pudełka i ciągnij inną"
    ),
    "rules.lezard.deck.out-of-play.few": (
        "karta „{card}” nie gra przy {n} graczach; odłóż ją do pudełka i ciągnij inną"
    ),
    "rules.lezard.deck.out-of-play.many": (
        "karta „{card}” nie gra przy {n} graczach; odłóż ją do pudełka i ciągnij inną"
    ),
    "rules.lezard.deck.none-left": (
        "w stosie nie ma już karty „{card}” (wszystkie są odrzucone); sprawdź kartę "
        "albo popraw [deck], jeśli twoje pudełko ma ich więcej"
    ),
    "rules.lezard.card.lizard-alone": "karta jaszczurki to jaszczurka i kolor ({colours:f})",
    "rules.lezard.card.words": (
        "karta to jeden albo dwa kolory (czerwony, czerwony niebieski) albo jaszczurka i kolor"
    ),
    "rules.lezard.card.either": "„{text}” to może być „{first}” albo „{second}”: wpisz więcej liter",
    "rules.lezard.card.none": "„{text}” to nie karta: {why}",
    "rules.lezard.card.not-in-deck": (
        "„{text}”: talia z pliku nie ma karty „{card}”; sprawdź kartę "
        "albo dopisz ją do [deck], jeśli twoje pudełko ją ma"
    ),
    "rules.lezard.lizard-colour.either": ("„{word}” to może być jaszczurka {colours:f}: wpisz więcej liter"),
    "rules.lezard.lizard-colour.none": "„{word}” to nie kolor jaszczurki (są: {colours:f})",
    "rules.lezard.square-colour.either": "„{word}” to może być pole {colours:n}: wpisz więcej liter",
    "rules.lezard.square-colour.none": "„{word}” to nie kolor pola (są: {colours})",
    "rules.lezard.report.not-squares": "„{word}” to nie numer pola ani zakres jak 10-12",
    "rules.lezard.report.backwards": "zakres „{word}” biegnie wstecz; pisz od głowy, np. 10-12",
    "rules.lezard.report.none": "to nie jest raport",
    "rules.lezard.report.placing": (
        "{why}; po postawieniu domina wpisz ok albo upadło i pola, na których domina upadły "
        "(upadło 12, upadło 10-12)"
    ),
    "rules.lezard.report.flick": (
        "po pstryczku wpisz, ile domin upadło po kolei od ogona, i +pole dla każdego, które upadło "
        "osobno, np. 5 +12 +14"
    ),
    "rules.lezard.report.royal": (
        "po ostatnim dominie wpisz królewski (pstryczek przewrócił wszystkie) albo gotowe"
    ),
    "rules.lezard.report.twice": "podaj każde pole raz, od głowy",
    "rules.lezard.report.no-domino": "na polu {square} nie stoi żadne domino",
    "rules.lezard.report.only.one": "na planszy stoi tylko {n} domino",
    "rules.lezard.report.only.few": "na planszy stoją tylko {n} domina",
    "rules.lezard.report.only.many": "na planszy stoi tylko {n} domin",
    "rules.lezard.report.in-chain": (
        "pole {square} należy do łańcucha {n} od ogona; policz je w liczbie, nie z +"
    ),
    # Shut the Box: switches that make no game
    "rules.shut.switch.flaps": "`flaps` (liczba klapek) to jedno z: {allowed}, nie {value}",
    "rules.shut.switch.one-die": "`one_die` to jedno z: `{allowed}`, nie {value}",
    "rules.shut.switch.scoring": "`scoring` to `sum` albo `digits`, nie {value}",
    "rules.shut.switch.bonus": "`full_shut_bonus` to 0 (bez premii) albo więcej, nie {value}",
    "rules.shut.switch.rounds": "`rounds` to co najmniej 1, nie {value}",
    "rules.shut.switch.penalty-limit": "`penalty_limit` to 0 albo więcej, nie {value}",
    "rules.shut.switch.no-end": (
        "gra musi mieć koniec: liczbę rund, limit punktów karnych albo jedno i drugie"
    ),
    "rules.shut.switch.tournament": "turniej potrzebuje liczby rund",
    # a Lezard box given as switches, not as a file (firmware's Lezard book, a saved game)
    "rules.lezard.data.settings": "pudełko podane w ustawieniach",
}

EN: dict[str, str] = {f"rules.{key}": text for key, text in ENGLISH.items()}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
