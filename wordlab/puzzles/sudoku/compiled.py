"""The compiled Sudoku search: candidates as bit masks in a numpy array, naked and hidden singles to a fixed
point, then a guess on the blank with the fewest candidates, depth first; the loops compiled by numba.

The search keeps its whole state in arrays (`Search`): one row of candidate masks per level of the
depth-first stack (a guess copies its parent's row, so nothing is undone), the cell guessed at each level
and the digits still to try there. `_run` advances that state by a quota of nodes and returns, so a Python
caller can charge a budget, hand a solution out, record a node for the player, and call again where it
left off; `_batch` runs the same steps over a whole array of puzzles in one call.

A mask holds digit d as bit d-1 (16 bits at most) and `PLACED` once the digit is written in. Numba keeps
the machine code in its cache folder, so a second process loads it instead of compiling (about a second);
a cache folder that cannot be written or read is reported in one line and the kernels compile in memory.
"""

from __future__ import annotations

import os
import sys
from functools import cache

import numpy as np
from numba import njit

from wordlab.puzzles.sudoku.grid import Geometry

PLACED = 1 << 16  # the digit of this cell is written in (and struck from its peers)
PAUSED, SOLUTION, DONE = 0, 1, 2  # why `_run` returned: quota spent, a solution found, the space covered
LEVEL, FRESH, NODES, PRUNES, LOGGED, LOGGING = range(6)  # the registers of a search
PRUNE, BACKTRACK = 1, 2  # what the log says happened: a guess that failed at once, a level given up


# -- the kernels ----------------------------------------------------------------------------------------------


@njit(cache=True)
def _propagate(x, queue, queued, dirty, peers, units, unit_bits, pop, full):
    """Write in every queued single and strike it from its peers (naked singles), then place each digit
    that has one place left in a unit (hidden singles), until nothing changes. Only the units marked in
    `dirty` (bit u for unit u), and those whose cells change meanwhile, are scanned. False on a
    contradiction: a cell, or a digit of a unit, with no candidate left."""
    while True:
        while queued > 0:
            queued -= 1
            c = queue[queued]
            m = x[c]
            if m & PLACED:
                continue
            if m == 0:
                return False
            x[c] = m | PLACED
            dirty |= unit_bits[c]
            for j in range(peers.shape[1]):
                p = peers[c, j]
                y = x[p]
                if y & m:
                    y ^= m
                    if y & full == 0:
                        return False
                    x[p] = y
                    dirty |= unit_bits[p]
                    if pop[y] == 1:
                        queue[queued] = p
                        queued += 1
        scan, dirty = dirty, 0
        for u in range(units.shape[0]):
            if not scan >> u & 1:
                continue
            once, twice = 0, 0
            for j in range(units.shape[1]):
                m = x[units[u, j]] & full
                twice |= once & m
                once |= m
            if once != full:
                return False
            only = once & ~twice
            if only:
                for j in range(units.shape[1]):
                    c = units[u, j]
                    m = x[c]
                    if not m & PLACED and m & only:
                        h = m & only
                        if h & (h - 1):
                            return False
                        if h != m:  # not a single already queued by an earlier unit
                            x[c] = h
                            queue[queued] = c
                            queued += 1
        if queued == 0:
            return True


@njit(cache=True)
def _fewest(x, pop):
    """The blank with the fewest candidates (the first of them; one with two ends the scan), -1 if none."""
    best, fewest = -1, 99
    for c in range(x.shape[0]):
        m = x[c]
        if not m & PLACED:
            k = pop[m]
            if k < fewest:
                best, fewest = c, k
                if k <= 2:
                    break
    return best


@njit(cache=True)
def _start(stack, givens, queue, reg, depth_nodes, peers, units, unit_bits, pop, full):
    """Set the search up on `givens` (a digit or 0 per cell): level 0 holds the givens propagated. False if
    they contradict each other (no node is made)."""
    x = stack[0]
    queued = 0
    for c in range(givens.shape[0]):
        d = givens[c]
        if d:
            x[c] = 1 << (d - 1)
            queue[queued] = c
            queued += 1
        else:
            x[c] = full
    reg[LEVEL], reg[FRESH], reg[NODES], reg[PRUNES], reg[LOGGED] = 0, 0, 0, 0, 0
    depth_nodes[:] = 0
    if not _propagate(x, queue, queued, (1 << units.shape[0]) - 1, peers, units, unit_bits, pop, full):
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
def _run(stack, left, cell_at, reg, depth_nodes, log, queue, peers, units, unit_bits, pop, full, quota):
    """Advance the search: expand the node on top of the stack (or return SOLUTION if it has no blank left),
    try its cell's digits in ascending order, descend into the first that propagates (a new node) and go on,
    backing up a level when its digits are spent. Returns PAUSED right after the `quota`-th new node (not
    yet expanded), SOLUTION with the solved grid on top, or DONE when the whole space is covered."""
    level = reg[LEVEL]
    while True:
        if reg[FRESH]:
            reg[FRESH] = 0
            c = _fewest(stack[level], pop)
            if c < 0:
                left[level] = 0
                reg[LEVEL] = level
                return SOLUTION
            cell_at[level] = c
            left[level] = stack[level, c] & full
        m = left[level]
        if m == 0:
            _log(log, reg, BACKTRACK, level, cell_at[level], 0)
            level -= 1
            if level < 0:
                reg[LEVEL] = 0
                return DONE
            continue
        bit = m & -m
        left[level] = m ^ bit
        c = cell_at[level]
        child = stack[level + 1]
        child[:] = stack[level]
        child[c] = bit
        queue[0] = c
        if not _propagate(child, queue, 1, 0, peers, units, unit_bits, pop, full):
            reg[PRUNES] += 1
            _log(log, reg, PRUNE, level, c, bit)
            continue
        level += 1
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
def _batch(givens, first, resume, limit, quota, stack, left, cell_at, reg, depth_nodes, log, queue, peers,
           units, unit_bits, pop, low, full, solutions, owners, found, nodes, exhausted):
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
            if not _start(stack, givens[i], queue, reg, depth_nodes, peers, units, unit_bits, pop, full):
                exhausted[i] = 1
                continue
            nodes[i] = 1
            quota -= 1
        while True:
            if quota <= 0 or written == solutions.shape[0]:
                return i, written
            status = _run(stack, left, cell_at, reg, depth_nodes, log, queue, peers, units, unit_bits, pop, full,
                          quota)
            quota -= reg[NODES] - nodes[i]
            nodes[i] = reg[NODES]
            if status == SOLUTION:
                _digits(stack[reg[LEVEL]], low, solutions[written])
                owners[written] = i
                written += 1
                found[i] += 1
                if found[i] >= limit:
                    break
            elif status == DONE:
                exhausted[i] = 1
                break
    return givens.shape[0], written


KERNELS = (_propagate, _fewest, _start, _log, _run, _digits, _batch)


# -- tables and state -------------------------------------------------------------------------------------------


@cache
def tables(g: Geometry) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """The arrays the kernels read for one geometry: each cell's peers, each unit's cells, each cell's units
    as bits (bit u for unit u), the number of candidates of every mask of n bits, the lowest digit bit of
    every such mask, and the mask of all n digits."""
    peers = np.array(g.peers, dtype=np.int32)
    units = np.array(g.units, dtype=np.int32)
    unit_bits = np.zeros(g.cells, dtype=np.int64)
    for u, unit in enumerate(g.units):
        unit_bits[list(unit)] |= 1 << u
    masks = np.arange(1 << g.n, dtype=np.int64)
    pop = sum((masks >> d) & 1 for d in range(16)).astype(np.int8)
    low = np.log2(np.maximum(masks & -masks, 1)).astype(np.int8)  # 0 for the empty mask, never read
    return peers, units, unit_bits, pop, low, (1 << g.n) - 1


class Search:
    """The arrays of one search on one geometry: the stack of candidate rows, the cell and the digits left
    at each level, the registers, nodes per depth, a log for recordings and the propagation queue."""

    def __init__(self, g: Geometry, log: int = 0):
        cells = g.cells
        self.g = g
        self.peers, self.units, self.unit_bits, self.pop, self.low, self.full = tables(g)
        self.stack = np.zeros((cells + 1, cells), dtype=np.int32)
        self.left = np.zeros(cells + 1, dtype=np.int32)
        self.cell_at = np.zeros(cells + 1, dtype=np.int32)
        self.reg = np.zeros(6, dtype=np.int64)
        self.depth_nodes = np.zeros(cells + 1, dtype=np.int64)
        self.log = np.zeros((max(log, 1), 4), dtype=np.int32)
        self.reg[LOGGING] = log > 0
        self.queue = np.zeros(2 * cells + 2, dtype=np.int32)

    def start(self, cells) -> bool:
        givens = np.asarray(cells, dtype=np.int8)
        return _start(self.stack, givens, self.queue, self.reg, self.depth_nodes, self.peers, self.units,
                      self.unit_bits, self.pop, self.full)

    def run(self, quota: int) -> int:
        self.reg[LOGGED] = 0
        return _run(self.stack, self.left, self.cell_at, self.reg, self.depth_nodes, self.log, self.queue, self.peers,
                    self.units, self.unit_bits, self.pop, self.full, quota)

    def batch(self, givens: np.ndarray, first: int, resume: bool, limit: int, quota: int, solutions: np.ndarray,
              owners: np.ndarray, found: np.ndarray, nodes: np.ndarray, exhausted: np.ndarray) -> tuple[int, int]:
        return _batch(givens, first, resume, limit, quota, self.stack, self.left, self.cell_at, self.reg,
                      self.depth_nodes, self.log, self.queue, self.peers, self.units, self.unit_bits, self.pop,
                      self.low, self.full, solutions, owners, found, nodes, exhausted)

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
