"""The help pages the box shows from its menu, in Polish and in English: the buttons, then each
game's rules condensed from its Polish rule sheet (``firmware.machine.help``).

A topic's pages are ``help.<topic>.1``, ``.2``...; each fits the OLED's four lines of 10 px bold
(tests/test_help.py draws them). ``catalogue.CATALOGUE`` merges them in.
"""

from __future__ import annotations

PL: dict[str, str] = {
    # the buttons
    "help.buttons.1": "◀ ▶ przesuwają po liście, OK wybiera.",
    "help.buttons.2": "Przytrzymaj OK: menu. Tam cofnij, od nowa, język, pomoc, gra, wyłącz.",
    "help.buttons.3": "Rzuć kostki na tackę. Kostka je czyta i pokazuje ruchy, najlepszy z ✔.",
    "help.buttons.4": "Zły odczyt? ◀ ▶ zmienia kostkę, OK przechodzi do następnej.",
    # Shut the Box
    "help.shut_the_box.1": "Klapki 1-9. Cel: zamknąć jak najwięcej klapek.",
    "help.shut_the_box.2": "Rzucasz dwiema kostkami. Zamykasz klapki, które razem dają sumę oczek.",
    "help.shut_the_box.3": "Np. 8: klapka 8, albo 1 i 7, 2 i 6, 3 i 5, 1, 2 i 5.",
    "help.shut_the_box.4": "Rzucasz, póki możesz zamykać. Gdy nie możesz, tura się kończy.",
    "help.shut_the_box.5": "Suma otwartych klapek to punkty karne. Wygrywa, kto ma ich najmniej.",
    "help.shut_the_box.6": "Kto zaczyna: rzućcie kostką, najwyższy wynik zaczyna.",
    # Nogi Stonogi
    "help.stonoga.1": "Cel: najdłuższa stonoga. Zbierasz płytki z butami.",
    "help.stonoga.2": "W turze do 3 rzutów 4 kostkami. Odkładasz kostki, które pasują, resztą rzucasz.",
    "help.stonoga.3": "Odłożone kostki możesz rzucić znowu. Gwiazdka zastępuje każdy kolor.",
    "help.stonoga.4": "Potem bierzesz jedną płytkę w kolorze kostek, z tyloma butami lub mniej.",
    "help.stonoga.5": "Koniec, gdy płytek zabraknie. Wygrywa najdłuższa stonoga.",
    "help.stonoga.6": "Zaczyna gracz z najmniejszym butem (lub najmłodszy).",
    # Lezard Domino
    "help.lezard.1": "Cel: pozbyć się domin albo przewrócić wszystkie Pstryczkiem Królewskim.",
    "help.lezard.2": "Ciągniesz kartę. Kratka: stawiasz domino na wolnej kratce tego koloru.",
    "help.lezard.3": "Stawiasz najbliżej głowy jaszczurki. Przewrócisz domina? Zbierasz je, tura mija.",
    "help.lezard.4": "Cudza jaszczurka: pstryczek w ostatnie domino. Przewrócone rozdajesz po 4.",
    "help.lezard.5": "Twoja jaszczurka: ciągniesz jeszcze raz.",
    "help.lezard.6": "Kto postawi ostatnie domino, może spróbować Pstryczka Królewskiego.",
    "help.lezard.7": "Zaczyna najmłodszy gracz, potem zgodnie ze wskazówkami zegara.",
}

EN: dict[str, str] = {
    "help.buttons.1": "◀ ▶ move through a list, OK chooses.",
    "help.buttons.2": "Hold OK: the menu. Undo, restart, language, help, game, power off.",
    "help.buttons.3": "Roll the dice in the tray. Kostka reads them and lists moves, the best with ✔.",
    "help.buttons.4": "Read wrong? ◀ ▶ change a die, OK goes to the next one.",
    "help.shut_the_box.1": "Flaps 1-9. Goal: shut as many flaps as you can.",
    "help.shut_the_box.2": "Roll two dice. Shut flaps that together add up to the pips.",
    "help.shut_the_box.3": "E.g. 8: flap 8, or 1 and 7, 2 and 6, 3 and 5, 1, 2 and 5.",
    "help.shut_the_box.4": "Roll again while you can shut flaps. When you cannot, the turn ends.",
    "help.shut_the_box.5": "The open flaps add up to your penalty. The lowest penalty wins.",
    "help.shut_the_box.6": "Who starts: each rolls a die, the highest starts.",
    "help.stonoga.1": "Goal: the longest centipede. Collect tiles with boots.",
    "help.stonoga.2": "Up to 3 rolls of 4 dice a turn. Set aside dice that suit you, roll the rest.",
    "help.stonoga.3": "You may roll dice set aside again. The star stands for any colour.",
    "help.stonoga.4": "Then take one tile of the dice's colour, with as many boots or fewer.",
    "help.stonoga.5": "The game ends when the tiles run out. The longest centipede wins.",
    "help.stonoga.6": "The smallest shoe size (or the youngest) starts.",
    "help.lezard.1": "Goal: get rid of your dominoes, or knock all down with the Royal Flick.",
    "help.lezard.2": "Draw a card. A square: stand a domino on a free square of its colour.",
    "help.lezard.3": "Stand it nearest the lizard's head. Knocked any over? Take them; your turn ends.",
    "help.lezard.4": "Another's lizard: flick the last domino. Hand out the fallen ones, 4 each.",
    "help.lezard.5": "Your own lizard: draw again.",
    "help.lezard.6": "Who stands the last domino may try the Royal Flick.",
    "help.lezard.7": "The youngest player starts, then clockwise.",
}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
