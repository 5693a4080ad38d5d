"""How long the Nogi Stonogi advisor takes: a cold solve, and advice once the solve is cached.

Run: ``.venv/bin/python -m bench.bench_stonoga`` (prints milliseconds; best of several runs).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from rules.stonoga import Options, Stonoga, Tile
from rules.stonoga_advisor import advise, boots_table, p_at_least, solve


def best_ms(work: Callable[[], object], repeat: int = 5, cold: bool = True) -> float:
    """The fastest of ``repeat`` runs, in milliseconds; ``cold`` empties the solve cache first."""
    times = []
    for _ in range(repeat):
        if cold:
            solve.cache_clear()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    book = Stonoga(Options(stealing=True), target=Tile(1, 4))
    start = book.start(["Ala", "Olek", "Ewa"])
    state = book.apply(start, book.parse_move(start, "r r * b"))
    table = boots_table(book, start)
    print(f"p_at_least(3), cold solve:                  {best_ms(lambda: p_at_least(3)):8.2f} ms")
    print(f"one turn's solve (126 multisets, 3 rolls):  {best_ms(lambda: solve(table)):8.2f} ms")
    print(f"advice after a roll, cold (two goals):      {best_ms(lambda: advise(book, state)):8.2f} ms")
    advise(book, state)
    runs = 200
    warm = best_ms(lambda: [advise(book, state) for _ in range(runs)], cold=False) / runs
    print(f"advice after a roll, solve cached:          {warm:8.3f} ms")
    taking = book.apply(state, book.parse_move(state, "stop"))
    warm_take = best_ms(lambda: [advise(book, taking) for _ in range(runs)], cold=False) / runs
    print(f"advice for the tile, solve cached:          {warm_take:8.3f} ms")


if __name__ == "__main__":
    main()
