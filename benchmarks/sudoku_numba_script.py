"""A 9×9 Sudoku solver as a competent user would first write it with numba, in one plain file: the yardstick
that wordlab's compiled strategy must beat.

Usage: python sudoku_numba_script.py PUZZLEFILE [LIMIT]   (prints one solution a line; LIMIT 1 or 2, default 1)

Candidates as 9-bit masks in a numpy array; naked singles (a solved cell's digit leaves its peers) and hidden
singles (a digit with one place in a unit goes there) to a fixed point; then the cell with the fewest
candidates, each digit on a copy, recursively. Compiled with numba, cached on disk.
"""

import sys

import numpy as np
from numba import njit


def tables() -> tuple[np.ndarray, np.ndarray]:
    units = [[r * 9 + c for c in range(9)] for r in range(9)] + [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(R + r) * 9 + C + c for r in range(3) for c in range(3)] for R in (0, 3, 6) for C in (0, 3, 6)]
    peers = [sorted({p for u in units if i in u for p in u} - {i}) for i in range(81)]
    return np.array(peers, np.int64), np.array(units, np.int64)


@njit(cache=True)
def propagate(c, peers, units):
    changed = True
    while changed:
        changed = False
        for i in range(81):
            m = c[i]
            if m == 0:
                return False
            if m & (m - 1) == 0:
                for p in peers[i]:
                    if c[p] & m:
                        c[p] &= ~m
                        changed = True
        for u in range(27):
            for d in range(9):
                count, where = 0, -1
                for i in units[u]:
                    if c[i] >> d & 1:
                        count += 1
                        where = i
                if count == 0:
                    return False
                if count == 1 and c[where] != 1 << d:
                    c[where] = 1 << d
                    changed = True
    return True


@njit(cache=True)
def search(c, peers, units, limit, found, out):
    if not propagate(c, peers, units):
        return found
    best, fewest = -1, 10
    for i in range(81):
        k = 0
        for d in range(9):
            k += c[i] >> d & 1
        if 1 < k < fewest:
            best, fewest = i, k
    if best < 0:
        out[:] = c
        return found + 1
    for d in range(9):
        if c[best] >> d & 1 and found < limit:
            child = c.copy()
            child[best] = 1 << d
            found = search(child, peers, units, limit, found, out)
    return found


def solve(line: str, peers, units, limit: int = 1) -> str:
    c = np.array([511 if ch in ".0" else 1 << (int(ch) - 1) for ch in line.strip()], np.int64)
    out = np.zeros(81, np.int64)
    if not search(c, peers, units, limit, 0, out):
        return ""
    return "".join(str(int(m).bit_length()) for m in out)


if __name__ == "__main__":
    peers, units = tables()
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    with open(sys.argv[1]) as file:
        lines = [line.strip() for line in file if line.strip() and not line.startswith("#")]
    print("\n".join(solve(line, peers, units, limit) for line in lines))
