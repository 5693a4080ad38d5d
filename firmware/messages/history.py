"""The history's words, in Polish and in English: ``kostka history`` (games, statistics, how close to
perfect each player played, the dice's fairness), the box's History screen and the winner's line
of best moves.

``catalogue.CATALOGUE`` merges them in (tests/test_i18n.py checks them like the rest).
"""

from __future__ import annotations

PL: dict[str, str] = {
    # kostka history: its help
    "usage.history.help": "historia gier, statystyki, jakość ruchów i uczciwość kostek",
    "usage.history.about": (
        "Każda zakończona gra zapisana przez pudełko: data, gra, zasady, gracze, wyniki, zwycięzca, czas "
        "i najlepsze ruchy. --stats: statystyki graczy; --dice: czy kostki są uczciwe."
    ),
    "usage.history.csv": "wypisz CSV (dla arkusza kalkulacyjnego)",
    "usage.history.json": "wypisz wszystko jako JSON (schemat: docs/history.md)",
    "usage.history.game": "tylko ta gra",
    "usage.history.player": "tylko gry tego gracza",
    "usage.history.state": "katalog stanu pudełka (domyślnie jak w kostka run)",
    "usage.history.stats": "statystyki: gry, wygrane, wyniki i najlepsze ruchy każdego gracza",
    "usage.history.dice": "uczciwość kostek: ile razy wypadła każda ścianka, test chi-kwadrat",
    # kostka history: what it says
    "history.none": "Brak zakończonych gier.",
    "history.no_state": "nie ma katalogu {path}: podaj katalog stanu pudełka (--state)",
    "history.skipped": "nieczytelny zapis ({detail})",
    "history.cannot_read": (
        "nie mogę czytać {path}: brak uprawnień; uruchom jako użytkownik pudełka: "
        "`sudo -u kostka kostka history`"
    ),
    "history.skipped.line": "pominięto grę {id}: {why}",
    "history.game.line": "{date}  {game}{rules}  {scores}  {won}  {duration}",
    "history.won": "wygrywa {names}",
    "history.tie": "remis: {names}",
    "history.unfinished": "nieskończona",
    "history.duration": "{m} min {s} s",
    "history.best_moves": "najlepsze ruchy: {n} z {of}",
    "history.player_best": "{name}: najlepsze ruchy {n} z {of}",
    "history.given.p_shut": "oddana szansa na zamknięcie {pct}",
    "history.given.expected_penalty": "dodana oczekiwana kara {x}",
    "history.given.expected_boots": "oddane oczekiwane buty {x}",
    "history.given.p_target": "oddana szansa na cel {pct}",
    "history.turns.one": "{n} tura",
    "history.turns.few": "{n} tury",
    "history.turns.many": "{n} tur",
    "history.luck": (
        "{name}: {turns}, zamknięte pudełka: {shuts}; przy najlepszej grze oczekiwane {perfect} "
        "({p_start} na turę); ruchy oddały {given}, rzuty dały {luck}"
    ),
    "history.switch.stealing": "podkradanie",
    "history.switch.may_decline": "można nie brać",
    "history.switch.target": "cel {tile}",
    "history.games.one": "{n} gra",
    "history.games.few": "{n} gry",
    "history.games.many": "{n} gier",
    "history.wins.one": "{n} wygrana",
    "history.wins.few": "{n} wygrane",
    "history.wins.many": "{n} wygranych",
    "history.stats.line": (
        "{game}, {name}: {games}, {wins} ({rate}), średnio {average}, najlepszy wynik {best}"
    ),
    "history.stats.none": "Brak statystyk: żadna gra nie została skończona.",
    "history.dice.pips": "Kostki z oczkami",
    "history.dice.colours": "Kolorowe kostki Nogi Stonogi",
    "history.dice.line": "{dice}: {faces}; chi-kwadrat {chi2}, p = {p}",
    "history.dice.none": "Brak rzutów kostkami w historii.",
    "history.rolls.one": "{n} rzut",
    "history.rolls.few": "{n} rzuty",
    "history.rolls.many": "{n} rzutów",
    "history.after.one": "po {n} rzucie",
    "history.after.few": "po {n} rzutach",
    "history.after.many": "po {n} rzutach",
    "history.verdict.too_few": "za mało rzutów, by ocenić: {rolls}, potrzeba co najmniej {need}",
    "history.verdict.fair": "brak oznak nierówności {after}",
    "history.verdict.hint": "cień podejrzenia {after}: za często wypada {face}; rzucajcie dalej",
    "history.verdict.biased": "kostki wyglądają na nierówne {after}: za często wypada {face}",
    "history.verdict.more.one": "ścianka wypadająca 1,2 raza za często wyjdzie po jeszcze {n} rzucie",
    "history.verdict.more.few": "ścianka wypadająca 1,2 raza za często wyjdzie po jeszcze {n} rzutach",
    "history.verdict.more.many": "ścianka wypadająca 1,2 raza za często wyjdzie po jeszcze {n} rzutach",
    # kostka serve
    "usage.serve.help": "historia gier jako strona WWW (tylko do odczytu)",
    "usage.serve.about": (
        "Strona z grami, statystykami i kostkami, jak w kostka history; /history.json i /games.csv dla "
        "programów. Domyślnie widać ją tylko na tym komputerze (--host 0.0.0.0: w całej sieci)."
    ),
    "usage.serve.host": "adres, na którym słuchać (domyślnie 127.0.0.1)",
    "usage.serve.port": "port (domyślnie 8080)",
    "serve.bad_port": "port {port} jest poza zakresem 0-65535",
    "serve.cannot_listen": "nie mogę słuchać na {host}:{port}: {why}",
    "serve.listening": "Historia pod adresem {url} (Ctrl+C kończy)",
    "serve.games": "Gry",
    "serve.stats": "Statystyki",
    "serve.dice": "Kostki",
    "serve.skipped": "Pominięte zapisy",
    # the box: the History screen
    "history.screen.title": "Historia",
    "history.screen.wins_title": "Historia: wygrane",
    "history.screen.wins": "{wins} z {games}",
    "history.screen.next": "Ostatnie gry ▶",
    "history.screen.game": "{game}: {won}, {scores}",
    "history.screen.empty": "Brak gier",
    "history.screen.reading": "Czytam…",
    # kostka serve: pages of games and charts
    "serve.page": "Gry {first}–{last} z {total}",
    "serve.newer": "◀ Nowsze",
    "serve.older": "Starsze ▶",
    "serve.chart.wins": "{game}: wygrane z rozegranych",
    "serve.chart.faces": "{dice}: ile razy wypadła każda ścianka (kreska: tyle, ile dałaby uczciwa kostka)",
    "serve.table.title": "Stół",
    "serve.table.none": "Teraz nie toczy się żadna gra.",
    "serve.table.moves": "Ruchy: {n}, ostatni: {last}",
    "serve.table.turn": "teraz gra {name}",
}

EN: dict[str, str] = {
    # kostka history: its help
    "usage.history.help": "the games played, statistics, how good the moves were, fair dice",
    "usage.history.about": (
        "Every finished game the box saved: date, game, rules, players, scores, winner, duration and "
        "best moves. --stats: each player's statistics; --dice: are the dice fair."
    ),
    "usage.history.csv": "print CSV (for a spreadsheet)",
    "usage.history.json": "print everything as JSON (the schema: docs/history.md)",
    "usage.history.game": "this game only",
    "usage.history.player": "only the games of this player",
    "usage.history.state": "the box's state folder (by default as kostka run's)",
    "usage.history.stats": "statistics: each player's games, wins, scores and best moves",
    "usage.history.dice": "fair dice: how often each face came up, a chi-square test",
    # kostka history: what it says
    "history.none": "No finished games.",
    "history.no_state": "there is no folder {path}: give the box's state folder (--state)",
    "history.skipped": "unreadable record ({detail})",
    "history.cannot_read": (
        "cannot read {path}: no right to it; run it as the box's user: `sudo -u kostka kostka history`"
    ),
    "history.skipped.line": "game {id} skipped: {why}",
    "history.game.line": "{date}  {game}{rules}  {scores}  {won}  {duration}",
    "history.won": "{names} won",
    "history.tie": "tie: {names}",
    "history.unfinished": "unfinished",
    "history.duration": "{m} min {s} s",
    "history.best_moves": "best moves {n} of {of}",
    "history.player_best": "{name}: best moves {n} of {of}",
    "history.given.p_shut": "chance to shut given away {pct}",
    "history.given.expected_penalty": "expected penalty added {x}",
    "history.given.expected_boots": "expected boots given away {x}",
    "history.given.p_target": "chance of the target given away {pct}",
    "history.turns.one": "{n} turn",
    "history.turns.few": "{n} turns",
    "history.turns.many": "{n} turns",
    "history.luck": (
        "{name}: {turns}, boxes shut: {shuts}; with best play {perfect} expected "
        "({p_start} a turn); the moves gave away {given}, the rolls brought {luck}"
    ),
    "history.switch.stealing": "stealing",
    "history.switch.may_decline": "may decline",
    "history.switch.target": "target {tile}",
    "history.games.one": "{n} game",
    "history.games.few": "{n} games",
    "history.games.many": "{n} games",
    "history.wins.one": "{n} win",
    "history.wins.few": "{n} wins",
    "history.wins.many": "{n} wins",
    "history.stats.line": "{game}, {name}: {games}, {wins} ({rate}), average score {average}, best {best}",
    "history.stats.none": "No statistics: no game was finished.",
    "history.dice.pips": "Pip dice",
    "history.dice.colours": "Nogi Stonogi's colour dice",
    "history.dice.line": "{dice}: {faces}; chi-square {chi2}, p = {p}",
    "history.dice.none": "No dice rolls in the history.",
    "history.rolls.one": "{n} roll",
    "history.rolls.few": "{n} rolls",
    "history.rolls.many": "{n} rolls",
    "history.after.one": "after {n} roll",
    "history.after.few": "after {n} rolls",
    "history.after.many": "after {n} rolls",
    "history.verdict.too_few": "too few rolls to tell: {rolls}, at least {need} needed",
    "history.verdict.fair": "no sign of bias {after}",
    "history.verdict.hint": "a hint of bias {after}: {face} comes up too often; keep rolling",
    "history.verdict.biased": "the dice look biased {after}: {face} comes up too often",
    "history.verdict.more.one": "a face coming up 1.2 times too often would show after {n} more roll",
    "history.verdict.more.few": "a face coming up 1.2 times too often would show after {n} more rolls",
    "history.verdict.more.many": "a face coming up 1.2 times too often would show after {n} more rolls",
    # kostka serve
    "usage.serve.help": "the history of games as a web page (read-only)",
    "usage.serve.about": (
        "A page of the games, statistics and dice, as kostka history says them; /history.json and "
        "/games.csv for programs. By default only this computer sees it (--host 0.0.0.0: the whole network)."
    ),
    "usage.serve.host": "the address to listen on (default 127.0.0.1)",
    "usage.serve.port": "the port (default 8080)",
    "serve.bad_port": "port {port} is outside 0-65535",
    "serve.cannot_listen": "cannot listen on {host}:{port}: {why}",
    "serve.listening": "The history at {url} (Ctrl+C stops)",
    "serve.games": "Games",
    "serve.stats": "Statistics",
    "serve.dice": "Dice",
    "serve.skipped": "Records skipped",
    # the box: the History screen
    "history.screen.title": "History",
    "history.screen.wins_title": "History: wins",
    "history.screen.wins": "{wins} of {games}",
    "history.screen.next": "Last games ▶",
    "history.screen.game": "{game}: {won}, {scores}",
    "history.screen.empty": "No games yet",
    "history.screen.reading": "Reading…",
    # kostka serve: pages of games and charts
    "serve.page": "Games {first}–{last} of {total}",
    "serve.newer": "◀ Newer",
    "serve.older": "Older ▶",
    "serve.chart.wins": "{game}: games won of those played",
    "serve.chart.faces": "{dice}: how often each face came up (line: what a fair die would give)",
    "serve.table.title": "The table",
    "serve.table.none": "No game is being played now.",
    "serve.table.moves": "Moves: {n}, the last: {last}",
    "serve.table.turn": "{name} to play",
}

CATALOGUE: dict[str, dict[str, str]] = {"pl": PL, "en": EN}
