"""The compiled Sudoku search: candidates as bit masks in a numpy array, naked and hidden singles to a fixed
point, then a guess on the tightest constraint (a blank's digits, or a digit's places in a unit), depth first;
the loops compiled by numba.

The search keeps its whole state in arrays (`Search`): one row of candidate masks and one of places left per
level of the depth-first stack (a guess copies its parent's rows, so nothing is undone), what each level
branches on, the moves still to try there and the cell each level's guess filled. `_run` advances that state
by a quota of nodes and returns, so a Python caller can charge a budget, hand a solution out, record a node
for the player, and call again where it left off; `_batch` runs the same steps over a whole array of puzzles
in one call.

A mask holds digit d as bit d-1 (16 bits at most) and `PLACED` once the digit is written in. Numba keeps
the machine code in its cache folder, so a second process loads it instead of compiling it again;
a cache folder that cannot be written or read is reported in one line and the kernels compile in memory.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from functools import cache

import numpy as np
from numba import njit

from wordlab.puzzles.sudoku.grid import Geometry

PLACED = 1 << 16  # the digit of this cell is written in (and struck from its peers)
PAUSED, SOLUTION, DONE = 0, 1, 2  # why `_run` returned: quota spent, a solution found, the space covered
LEVEL, FRESH, NODES, PRUNES, LOGGED, LOGGING = range(6)  # the registers of a search
PRUNE, BACKTRACK = 1, 2  # what the log says happened: a guess that failed at once, a level given up
SOLVED = 1 << 30  # what `_tightest` says of a grid with no blank left
CHUNK = 1 << 22  # nodes per call of a kernel when no budget asks to look sooner
TIMED_NODES = 200_000  # under a time limit, cells × nodes per call: a few milliseconds of search


# -- the kernels ----------------------------------------------------------------------------------------------
#
# `tab` is the tuple of a geometry's tables (see `tables`): peers, units, each cell's three units, the number
# of candidates of every mask, the lowest digit of every mask. Besides the masks `x`, a search keeps `left`:
# for each unit u and digit d, at u·n + d, how many cells of u can still take d (`DONE` once d is placed in u),
# so that a digit down to one place (a hidden single) or none (a contradiction) is seen the moment it happens,
# with no scan of the units.

DONE_HERE = 100  # `left` of a digit placed in a unit: far from 0 and 1, whatever is struck from it later


@njit(cache=True, inline="always")
def _strike(x, left, c, drop, tab, n, hidden, found):
    """Count the candidates `drop` out of cell c's three units; each digit of a unit left with one place goes
    on `hidden`. Returns the new length of `hidden`, or -1 when a digit of a unit has no place left."""
    units_of, low = tab[2], tab[4]
    while drop:
        bit = drop & -drop
        drop ^= bit
        d = low[bit]
        for k in range(3):
            i = units_of[c, k] * n + d
            v = left[i] - 1
            left[i] = v
            if v <= 1:
                if v == 0:
                    return -1
                hidden[found] = i
                found += 1
    return found


@njit(cache=True)
def _propagate(x, left, queue, queued, hidden, found, tab, n):
    """Write in every queued single and strike its digit from its peers (naked singles); put each digit left
    with one place in a unit there (hidden singles); until nothing is left to do. False on a contradiction:
    a cell, or a digit of a unit, with no candidate left."""
    peers, units, units_of, pop, low = tab
    while True:
        while queued > 0:
            queued -= 1
            c = queue[queued]
            m = x[c]
            if m & PLACED:
                continue
            x[c] = m | PLACED
            d = low[m]
            for k in range(3):
                left[units_of[c, k] * n + d] = DONE_HERE
            for j in range(peers.shape[1]):
                p = peers[c, j]
                y = x[p]
                if y & m:
                    if y & PLACED:
                        return False
                    y ^= m
                    if y == 0:
                        return False
                    x[p] = y
                    found = _strike(x, left, p, m, tab, n, hidden, found)
                    if found < 0:
                        return False
                    if pop[y] == 1:
                        queue[queued] = p
                        queued += 1
        if found == 0:
            return True
        while found > 0:
            found -= 1
            i = hidden[found]
            if left[i] != 1:
                continue
            u, d = i // n, i % n
            bit = 1 << d
            for j in range(units.shape[1]):
                c = units[u, j]
                m = x[c]
                if m & bit:
                    if m != bit:
                        x[c] = bit
                        found = _strike(x, left, c, m ^ bit, tab, n, hidden, found)
                        if found < 0:
                            return False
                    queue[queued] = c
                    queued += 1
                    break


@njit(cache=True)
def _tightest(x, left, pop, units, n):
    """What to branch on: the constraint with the fewest candidates left, cells first on ties, then the
    lowest unit and digit. A blank cell c gives c (its digits are the branches); a digit d of unit u with
    fewer places than any cell has candidates gives -1 - (u·n + d) (its places are the branches); a grid
    with no blank gives `SOLVED`."""
    best, fewest = SOLVED, 99
    for c in range(x.shape[0]):
        m = x[c]
        if not m & PLACED:
            k = pop[m]
            if k < fewest:
                best, fewest = c, k
                if k <= 2:
                    return best
    if best == SOLVED:
        return best
    for i in range(left.shape[0]):
        if left[i] < fewest:
            best, fewest = -1 - i, left[i]
            if fewest <= 2:
                break
    return best


@njit(cache=True)
def _branches(x, branch, units, n):
    """The moves of a branch as bits, lowest first: a cell's digits, or the places (in unit order) of a unit's
    digit."""
    if branch >= 0:
        return x[branch]
    i = -1 - branch
    u, bit = i // n, 1 << (i % n)
    places = 0
    for j in range(units.shape[1]):
        if x[units[u, j]] & bit:
            places |= 1 << j
    return places


@njit(cache=True)
def _start(stack, lefts, givens, queue, hidden, reg, depth_nodes, tab, n, full):
    """Set the search up on `givens` (a digit or 0 per cell): level 0 holds the givens propagated. False if
    they contradict each other (no node is made)."""
    x, left = stack[0], lefts[0]
    x[:] = full
    left[:] = n
    reg[LEVEL], reg[FRESH], reg[NODES], reg[PRUNES], reg[LOGGED] = 0, 0, 0, 0, 0
    depth_nodes[:] = 0
    queued, found = 0, 0
    for c in range(givens.shape[0]):
        d = int(givens[c])
        if d:
            bit = 1 << (d - 1)
            if not x[c] & bit:
                return False
            found = _strike(x, left, c, x[c] ^ bit, tab, n, hidden, found)
            if found < 0:
                return False
            x[c] = bit
            queue[queued] = c
            queued += 1
    if not _propagate(x, left, queue, queued, hidden, found, tab, n):
        return False
    reg[FRESH], reg[NODES], depth_nodes[0] = 1, 1, 1
    return True


@njit(cache=True)
def _log(log, reg, kind, level, cell, bit):
    if reg[LOGGING] and reg[LOGGED] < log.shape[0]:
        row = log[reg[LOGGED]]
        row[0], row[1], row[2], row[3] = kind, level, cell, bit
        reg[LOGGED] += 1


@njit(cache=True)
def _run(stack, lefts, tried, branch, placed, reg, depth_nodes, log, queue, hidden, tab, n, quota):
    """Advance the search: expand the node on top of the stack (or return SOLUTION if it has no blank left),
    branch on its tightest constraint (`_tightest`), descend into the first move that propagates (a new node)
    and go on, backing up a level when its moves are spent. Returns PAUSED right after the `quota`-th new node
    (not yet expanded), SOLUTION with the solved grid on top, or DONE when the whole space is covered."""
    units, pop, low = tab[1], tab[3], tab[4]
    level = reg[LEVEL]
    while True:
        if reg[FRESH]:
            reg[FRESH] = 0
            b = _tightest(stack[level], lefts[level], pop, units, n)
            if b == SOLVED:
                tried[level] = 0
                reg[LEVEL] = level
                return SOLUTION
            branch[level] = b
            tried[level] = _branches(stack[level], b, units, n)
        m = tried[level]
        if m == 0:
            _log(log, reg, BACKTRACK, level, 0, 0)
            level -= 1
            if level < 0:
                reg[LEVEL] = 0
                return DONE
            continue
        move = m & -m
        tried[level] = m ^ move
        b = branch[level]
        if b >= 0:
            c, bit = b, move
        else:
            c, bit = units[(-1 - b) // n, low[move]], 1 << ((-1 - b) % n)
        child, left = stack[level + 1], lefts[level + 1]
        child[:] = stack[level]
        left[:] = lefts[level]
        found = _strike(child, left, c, child[c] ^ bit, tab, n, hidden, 0)
        child[c] = bit
        queue[0] = c
        if found < 0 or not _propagate(child, left, queue, 1, hidden, found, tab, n):
            reg[PRUNES] += 1
            _log(log, reg, PRUNE, level, c, bit)
            continue
        level += 1
        placed[level] = c
        reg[FRESH] = 1
        reg[NODES] += 1
        depth_nodes[level] += 1
        quota -= 1
        if quota <= 0:
            reg[LEVEL] = level
            return PAUSED


@njit(cache=True)
def _digits(x, low, out):
    """The digit of every cell of a solved row of masks."""
    for c in range(x.shape[0]):
        out[c] = low[x[c] & (low.shape[0] - 1)] + 1


@njit(cache=True)
def _batch(givens, first, resume, limit, quota, stack, lefts, tried, branch, placed, reg, depth_nodes, log, queue,
           hidden, tab, n, full, solutions, owners, found, nodes, exhausted):
    """Solve puzzles `first`, `first + 1`, … of `givens` (one a row) up to `limit` solutions each: each solution
    goes to the next row of `solutions` (its puzzle's index to `owners`), the count of each puzzle's solutions
    to `found[i]`, its nodes to `nodes[i]`, and whether its search covered its space to `exhausted[i]`.
    Returns (the puzzle it stopped in, the solutions written): it stops when `quota` nodes are spent or
    `solutions` is full (call again with `resume` to go on inside that puzzle), or after the last puzzle
    (returning the number of puzzles)."""
    written = 0
    for i in range(first, givens.shape[0]):
        if not (resume and i == first):
            found[i], nodes[i], exhausted[i] = 0, 0, 0
            if not _start(stack, lefts, givens[i], queue, hidden, reg, depth_nodes, tab, n, full):
                exhausted[i] = 1
                continue
            nodes[i] = 1
            quota -= 1
        while True:
            if quota <= 0 or written == solutions.shape[0]:
                return i, written
            status = _run(stack, lefts, tried, branch, placed, reg, depth_nodes, log, queue, hidden, tab, n, quota)
            quota -= reg[NODES] - nodes[i]
            nodes[i] = reg[NODES]
            if status == SOLUTION:
                _digits(stack[reg[LEVEL]], tab[4], solutions[written])
                owners[written] = i
                written += 1
                found[i] += 1
                if found[i] >= limit:
                    break
            elif status == DONE:
                exhausted[i] = 1
                break
    return givens.shape[0], written


KERNELS = (_strike, _propagate, _tightest, _branches, _start, _log, _run, _digits, _batch)


@contextmanager
def interpreted():
    """Inside, the kernels are their own Python (`py_func`) calling one another's Python: the same algorithm run
    by the interpreter, for `%lprun` and for measuring what compiling buys (hundreds of times slower)."""
    names = globals()
    saved = {kernel.__name__: kernel for kernel in KERNELS}
    names.update({name: kernel.py_func for name, kernel in saved.items()})
    try:
        yield
    finally:
        names.update(saved)


# -- tables and state -------------------------------------------------------------------------------------------


@cache
def tables(g: Geometry) -> tuple[np.ndarray, ...]:
    """The arrays the kernels read for one geometry: each cell's peers, each unit's cells, each cell's three
    units, the number of candidates of every mask of n bits and the lowest digit of every such mask."""
    peers = np.array(g.peers, dtype=np.int32)
    units = np.array(g.units, dtype=np.int32)
    units_of = np.array([[u for u, unit in enumerate(g.units) if c in unit] for c in range(g.cells)], dtype=np.int32)
    masks = np.arange(1 << g.n, dtype=np.int64)
    pop = sum((masks >> d) & 1 for d in range(16)).astype(np.int8)
    low = np.log2(np.maximum(masks & -masks, 1)).astype(np.int8)  # 0 for the empty mask, never read
    return peers, units, units_of, pop, low


class Search:
    """The arrays of one search on one geometry: the stacks of candidate rows and of places left, what each
    level branches on, the moves still to try there and the cell its guess filled, the registers, nodes per
    depth, a log for recordings and the queues of propagation."""

    def __init__(self, g: Geometry, log: int = 0):
        cells, units = g.cells, 3 * g.n
        self.g, self.n, self.full = g, g.n, (1 << g.n) - 1
        self.tab = tables(g)
        self.low = self.tab[4]
        self.stack = np.zeros((cells + 1, cells), dtype=np.int32)
        self.lefts = np.zeros((cells + 1, units * g.n), dtype=np.int8)
        self.tried = np.zeros(cells + 1, dtype=np.int32)
        self.branch = np.zeros(cells + 1, dtype=np.int32)
        self.placed = np.full(cells + 1, -1, dtype=np.int32)
        self.reg = np.zeros(6, dtype=np.int64)
        self.depth_nodes = np.zeros(cells + 1, dtype=np.int64)
        self.log = np.zeros((max(log, 1), 4), dtype=np.int32)
        self.reg[LOGGING] = log > 0
        self.queue = np.zeros(cells + units * g.n + 2, dtype=np.int32)
        self.hidden = np.zeros(units * g.n + 2, dtype=np.int32)

    def start(self, cells) -> bool:
        givens = np.asarray(cells, dtype=np.int8)
        return _start(self.stack, self.lefts, givens, self.queue, self.hidden, self.reg, self.depth_nodes, self.tab,
                      self.n, self.full)

    def run(self, quota: int) -> int:
        self.reg[LOGGED] = 0
        return _run(self.stack, self.lefts, self.tried, self.branch, self.placed, self.reg, self.depth_nodes, self.log,
                    self.queue, self.hidden, self.tab, self.n, quota)

    def batch(self, givens: np.ndarray, first: int, resume: bool, limit: int, quota: int, solutions: np.ndarray,
              owners: np.ndarray, found: np.ndarray, nodes: np.ndarray, exhausted: np.ndarray) -> tuple[int, int]:
        return _batch(givens, first, resume, limit, quota, self.stack, self.lefts, self.tried, self.branch, self.placed,
                      self.reg, self.depth_nodes, self.log, self.queue, self.hidden, self.tab, self.n, self.full,
                      solutions, owners, found, nodes, exhausted)

    @property
    def level(self) -> int:
        return int(self.reg[LEVEL])

    @property
    def nodes(self) -> int:
        return int(self.reg[NODES])

    def grid(self, level: int | None = None) -> tuple[int, ...]:
        """The digits of the row at `level` (default: the top), 0 where a cell has no digit written in."""
        row = self.stack[self.level if level is None else level]
        return tuple(np.where(row & PLACED, self.low[row & self.full] + 1, 0).tolist())

    def candidates(self, level: int) -> tuple[int, ...]:
        """Every cell's candidates at `level`, as `1 << d` masks (the player's form)."""
        return tuple(((self.stack[level] & self.full) << 1).tolist())


def quota(budget, cells: int) -> int:
    """Nodes for the next call of a kernel: few enough under a time limit that the clock is read every few
    milliseconds, and one past a node limit (so that the budget stops the search there)."""
    if budget is None:
        return CHUNK
    nodes = CHUNK if budget.seconds is None else max(1, TIMED_NODES // cells)
    left = budget.nodes_left()
    return nodes if left is None else max(1, min(nodes, left + 1))


# -- the cache: loaded when it can be, else compiled in memory ---------------------------------------------------

_ready: set[str] = set()  # the entry points loaded (or compiled) in this process


def ready(entry: str = "search") -> None:
    """Load (or compile) the kernels of one entry point, "search" (`_start` and `_run`) or "batch"
    (`_batch`), before its first use. A numba cache that cannot be written or read is reported in one line on
    standard error, and the kernels are compiled in memory instead."""
    if entry in _ready:
        return
    if not _ready:
        problem = _unwritable_cache()
        if problem:
            _in_memory(problem)
    try:
        _warm_up(entry)
    except Exception as error:  # a cache file that does not load: numba raises whatever its unpickling hit
        _in_memory(f"its files cannot be read ({type(error).__name__}: {error})".replace("\n", " "))
        _warm_up(entry)
    _ready.add(entry)


def _unwritable_cache() -> str:
    """Why numba's cache folder (NUMBA_CACHE_DIR) cannot be used, or "" (none set: numba finds its own)."""
    from numba.core.config import CACHE_DIR

    if not CACHE_DIR:
        return ""
    try:
        os.makedirs(CACHE_DIR, exist_ok=True)
    except OSError as error:
        return f"folder {CACHE_DIR!r} cannot be made ({error.strerror or error})"
    if not os.path.isdir(CACHE_DIR) or not os.access(CACHE_DIR, os.W_OK):
        return f"folder {CACHE_DIR!r} cannot be written"
    return ""


def _in_memory(why: str) -> None:
    """Stop every kernel from using the disk cache, after saying why in one line."""
    from numba.core.caching import NullCache

    print(f"wordlab: numba's cache for the compiled Sudoku search: {why}; compiling in memory", file=sys.stderr)
    for kernel in KERNELS:
        kernel._cache = NullCache()


def _warm_up(entry: str) -> None:
    """Run one entry point once on a 4×4, with the argument types every later call uses."""
    from wordlab.puzzles.sudoku.grid import geometry

    search = Search(geometry(4), log=4)
    givens = np.zeros((1, 16), dtype=np.int8)
    if entry == "batch":
        search.batch(givens, 0, False, 1, 1 << 40, *batch_outputs(1, 1, 16))
    else:
        search.start(givens[0])
        search.run(1)


def batch_outputs(count: int, room: int, cells: int) -> tuple[np.ndarray, ...]:
    """The arrays `_batch` writes for `count` puzzles: `room` solutions and their owners; found, nodes and
    exhausted per puzzle."""
    return (np.zeros((room, cells), np.int8), np.zeros(room, np.int32), np.zeros(count, np.int32),
            np.zeros(count, np.int64), np.zeros(count, np.int8))
