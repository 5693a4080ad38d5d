"""How fast the rule books' advisors are: a cold solve, then advice as a lookup. One function per game.

Run: ``.venv/bin/python -m bench.bench_rules`` (prints one line per measurement; single core).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable


def _ms(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median and best wall time of ``action`` in milliseconds over ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def bench_shut_the_box() -> None:
    """Cold full solves (all caches cleared) for several rule sets, then advice lookups after one."""
    from rules.shut_the_box import ShutTheBox
    from rules.shut_the_box_advisor import advise_roll, clear_caches, odds

    def cold(book: ShutTheBox) -> Callable[[], object]:
        def solve_once() -> object:
            clear_caches()
            return odds(book)

        return solve_once

    books = [
        ("9 flaps, two dice", ShutTheBox()),
        ("9 flaps, one die low", ShutTheBox(one_die="low")),
        (
            "9 flaps, double + last chance, maths",
            ShutTheBox(double_chance=True, last_chance=True, maths=True),
        ),
        ("10 flaps, two dice", ShutTheBox(flaps=10)),
        ("12 flaps, two dice", ShutTheBox(flaps=12)),
        (
            "12 flaps, one die low, double + last chance, maths",
            ShutTheBox(flaps=12, one_die="low", double_chance=True, last_chance=True, maths=True),
        ),
    ]
    for name, book in books:
        median, best = _ms(cold(book), repeat=5 if book.flaps < 12 else 3)
        print(f"shut-the-box solve  {name:<52} median {median:8.2f} ms  best {best:8.2f} ms")

    book = ShutTheBox()
    odds(book)
    rng = random.Random(1)
    positions = []
    for _ in range(1000):
        open_flaps = sorted(rng.sample(range(1, 10), rng.randint(1, 9)))
        positions.append((open_flaps, (rng.randint(1, 6), rng.randint(1, 6))))

    def advise_all() -> None:
        for open_flaps, pips in positions:
            advise_roll(book, open_flaps, pips, False, "shut")

    median, best = _ms(advise_all, repeat=5)  # 1000 lookups: ms in total = us per lookup
    name = "9 flaps, after the solve, per roll"
    print(f"shut-the-box advice {name:<52} median {median:8.2f} us  best {best:8.2f} us")


def main() -> None:
    bench_shut_the_box()


if __name__ == "__main__":
    main()
