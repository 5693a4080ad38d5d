"""What the reader says when it cannot read (a ``vision.VisionError`` made with a key), in Polish
and in English.

The English is the reader's own (``vision.errors.ENGLISH``, written once, there); the Polish is
here, under the same keys prefixed ``vision.`` and with the same fields. ``firmware.errors.told``
says such an error, ``firmware.errors.said`` its terms.
"""

from __future__ import annotations

from vision.errors import ENGLISH

PL: dict[str, str] = {
    # the network files (vision/networks.py)
    "vision.network.missing": "nie ma pliku {path} ({what}); utwórz go skryptem {trainer}",
    "vision.network.unloadable": "{runtime} nie może wczytać pliku {path} ({what}): {reason}",
    "vision.network.dice": "sieć kostek",
    "vision.network.face": "klasyfikator ścianek",
    "vision.network.colour": "sieć kolorów",
    "vision.network.colour_face": "klasyfikator kolorowych ścianek",
    # taught colour and card profiles (vision/profile.py)
    "vision.profile.nothing_taught": "niczego nie nauczono: pokaż co najmniej jedną ściankę i nazwij ją",
    "vision.profile.no_face": "nie znaleziono ścianki dla {name}: pokaż ją jeszcze raz",
    "vision.profile.lengths_differ": "cechy dla {name} mają różne długości",
    "vision.profile.features_differ": (
        "klasa {name} w profilu ma {have} cech, a ścianka {face}:"
        " profil zrobiła inna wersja; naucz jeszcze raz"
    ),
    "vision.profile.not_json": "profil nie jest plikiem JSON (błąd w wierszu {line}, kolumnie {column})",
    "vision.profile.not_colour": 'to nie jest profil kolorów Kostki (brak `"format": "{format}"`)',
    "vision.profile.version": "wersja profilu {version} to nie {expected}: naucz jeszcze raz",
    "vision.profile.no_classes": "profil nie ma żadnych nauczonych klas",
    "vision.profile.classes_differ": "klasy w profilu mają różną liczbę cech",
    "vision.profile.threshold": "próg w profilu ({threshold}) nie jest liczbą dodatnią",
    "vision.profile.mode": "tryb profilu `{mode}` to ani `colours`, ani `cards`",
    "vision.profile.class.not_object": "klasa {name} nie jest obiektem z polami `mean`, `spread` i `count`",
    "vision.profile.class.lists": "klasa {name} musi mieć równie długie listy `mean` i `spread`",
    "vision.profile.class.not_finite": "klasa {name} ma wartość, która nie jest skończoną liczbą",
    "vision.profile.class.negative": "klasa {name} ma ujemny rozrzut (`spread`)",
    "vision.profile.class.count": (
        "klasa {name} ma liczbę przykładów (`count`), która nie jest dodatnią liczbą całkowitą"
    ),
    # learnt dice profiles (vision/learnt.py) and a profile given to the other mode's reader
    "vision.learnt.other_networks": "profil nauczono z innymi sieciami: naucz jeszcze raz z tymi",
    "vision.learnt.not_json": "profil nie jest plikiem JSON (błąd w wierszu {line}, kolumnie {column})",
    "vision.learnt.not_learnt": 'to nie jest profil nauczonych kostek (brak `"format": "{format}"`)',
    "vision.learnt.version": "wersja profilu {version} to nie {expected}: naucz jeszcze raz",
    "vision.learnt.mode": "tryb profilu `{mode}` to nie `pips`",
    "vision.learnt.no_networks": "profil nie mówi, z którymi sieciami go nauczono",
    "vision.learnt.examples": (
        "liczba przykładów w profilu ({examples}) nie jest dodatnią liczbą całkowitą"
    ),
    "vision.learnt.head.not_object": (
        "głowica `{head}` w profilu nie jest obiektem z polami `weights` i `bias`"
    ),
    "vision.learnt.head.size": (
        "głowica `{head}` w profilu potrzebuje {faces}x{faces} wag i {faces} wyrazów wolnych"
    ),
    "vision.learnt.head.not_finite": "głowica `{head}` w profilu ma wartość, która nie jest skończoną liczbą",
    "vision.profile.wrong_mode.cards": "profil nauczony dla `{mode}` nie czyta kart: naucz karty",
    "vision.profile.wrong_mode.colours": (
        "profil nauczony dla `{mode}` nie czyta kostek kolorów: naucz kostki"
    ),
}

EN: dict[str, str] = {f"vision.{key}": text for key, text in ENGLISH.items()}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
