"""The best Spelling Bee honeycomb, as a competent user would write it in one plain file.

Usage: python spelling_bee_script.py WORDFILE   (ENABLE: enable1.txt)

Read the list, total the points of each letter set, then score each pangram letter set's seven
honeycombs from the table, visiting letter sets best bound first and stopping when no bound can win.
"""

import sys
from collections import Counter


def letterset(word: str) -> int:
    """The letters of `word` as a 26-bit integer."""
    mask = 0
    for c in word:
        mask |= 1 << (ord(c) - 97)
    return mask


def points_table(words) -> Counter:
    """Total points per letter set of the valid words (≥ 4 letters, ≤ 7 distinct, no 's')."""
    table = Counter()
    for word in words:
        mask = letterset(word)
        size = mask.bit_count()
        if len(word) >= 4 and size <= 7 and "s" not in word:
            table[mask] += (1 if len(word) == 4 else len(word)) + (7 if size == 7 else 0)
    return table


def subsets(mask: int) -> list[int]:
    """Every nonempty subset of `mask`."""
    found, sub = [], mask
    while sub:
        found.append(sub)
        sub = (sub - 1) & mask
    return found


def best_honeycomb(table: Counter) -> tuple[int, int, int]:
    """(score, letters, centre) of the best honeycomb; a letter set's bound is all its subsets' points."""
    bounds = sorted(((sum(table[s] for s in subsets(p)), p) for p in table if p.bit_count() == 7), reverse=True)
    best = (0, 0, 0)
    for bound, pangram in bounds:
        if bound <= best[0]:
            break
        for i in range(26):
            centre = 1 << i
            if pangram & centre:
                score = sum(table[s] for s in subsets(pangram) if s & centre)
                best = max(best, (score, pangram, centre))
    return best


def spelled(mask: int) -> str:
    return "".join(chr(97 + i) for i in range(26) if mask >> i & 1)


if __name__ == "__main__":
    with open(sys.argv[1]) as file:
        words = file.read().split()
    score, letters, centre = best_honeycomb(points_table(words))
    print(f"{spelled(letters).upper()} centre {spelled(centre).upper()}: {score} points")
