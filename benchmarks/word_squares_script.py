"""Every word square whose first row is a given word, as a competent user would write it in one plain file.

Usage: python word_squares_script.py WORDFILE [FIRST]   (Moby single words: moby-354984si.ngl; FIRST: bishop)

Read the list, keep the words of the first word's length, map every prefix to the words that start with
it, then fill the square row by row, depth first: row k must start with the letters column k already holds.
"""

import sys
from collections import defaultdict


def read_words(path: str, length: int) -> list[str]:
    with open(path, encoding="latin-1") as file:
        words = {line.strip().lower() for line in file}
    return sorted(w for w in words if len(w) == length and w.isascii() and w.isalpha())


def prefix_table(words: list[str]) -> dict[str, list[str]]:
    table = defaultdict(list)
    for word in words:
        for i in range(len(word) + 1):
            table[word[:i]].append(word)
    return table


def fill(rows: list[str], size: int, table: dict[str, list[str]], found: list[tuple[str, ...]]) -> None:
    """Extend the partial square `rows` in every way, appending each full square to `found`."""
    k = len(rows)
    if k == size:
        found.append(tuple(rows))
        return
    for word in table.get("".join(row[k] for row in rows), ()):
        rows.append(word)
        fill(rows, size, table, found)
        rows.pop()


if __name__ == "__main__":
    first = sys.argv[2] if len(sys.argv) > 2 else "bishop"
    words = read_words(sys.argv[1], len(first))
    squares: list[tuple[str, ...]] = []
    fill([first], len(first), prefix_table(words), squares)
    print(f"{len(squares)} squares start with {first!r}")
    for square in squares[:1]:
        print("\n".join(" ".join(row) for row in square))
