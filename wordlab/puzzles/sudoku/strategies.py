"""Eleven Sudoku solvers: the write-ups' brute force, greedy and propagation, exact cover, two bitmask solvers,
a bit-field cover and a compiled search.

Every strategy is a generator with the shape `strategy(puzzle, *, probe=None, budget=None, limit=1)` that
yields each solution grid as it is found, at most `limit` of them (so `limit=2` tells a unique puzzle from an
ambiguous one); a strategy that stops at the limit returns False, so the runner knows the search did not
cover its whole space. They differ only in their state and in how one node of the search expands; the walk
itself, `_depth_first`, is written once: one `budget.tick()` and one `probe.call(depth, parent=…)` per
recursive call (the unit the published counts use; recorded with the `Position` it branches from), a
`probe.prune` under it for each move that fails at once, a `probe.backtrack` when it made no call (a dead
end), and a `probe.node` per move tried (for static tree drawings). `dancing-links` alone hands its search to
the shared `wordlab.structures.exact_cover`, which reports `probe.expand` per node; `compiled` runs its walk
in numba-compiled code (`compiled.py`) and reports the same events, in bulk or read from its log. Digits are bits
(`1 << d`) throughout, so a set of digits is one int.
"""

from __future__ import annotations

import random
from functools import cache, partial, reduce
from itertools import compress
from operator import itemgetter, methodcaller, or_
from typing import Callable, Iterable, Iterator

from wordlab.errors import WordlabError
from wordlab.puzzles.sudoku.grid import SYMBOLS, Geometry, Grid, Placement, Position, Sudoku
from wordlab.search import Budget, Probe
from wordlab.structures.exact_cover import exact_cover
from wordlab.structures.letters import bits_of

# How a node expands: (the completed grid or None, forced moves made inside the call as (cell, digit),
# the moves to try as (cell, digit, child state or None when the move fails at once)).
Expansion = tuple[Grid | None, list[tuple[int, int]], Iterable[tuple[int, int, object]]]
# What a strategy yields: each solution, with no cost.
Solutions = Iterator[tuple[Sudoku, None]]
# A state's cells and candidate masks per cell, for the `Position` a recording keeps (see `grid.render`).
Snapshot = Callable[[object], tuple[Grid, tuple[int, ...]]]


def _depth_first(g: Geometry, root: object, expand: Callable[[object], Expansion], snapshot: Snapshot,
                 probe: Probe | None, budget: Budget | None, limit: int) -> Solutions:
    """The one recursion of every strategy: visit `root`, `expand` it, visit each child in turn; yield each
    completed grid (with no cost), returning False after `limit` of them (the space was not all covered).
    Children may share one state, mutated and undone: moves are taken lazily, so a strategy's move
    generator undoes a move when the next one is asked for."""
    _check_limit(limit)

    def visit(state, depth: int, parent: int | None, last: int, drawn: Drawn) -> Iterator[Grid]:
        if budget:
            budget.tick()
        grid, forced, moves = expand(state)
        node = _called(probe, depth, parent, lambda: Position(*snapshot(state), last), forced) if probe else None
        calls = probe.calls if probe else 0
        if probe and forced:  # drawn as one node below the call's: the first forced move, and how many followed
            drawn = _draw(probe, g.move(*forced[0]) + "!" + (f" +{len(forced) - 1}" if len(forced) > 1 else ""), drawn)
        if grid is not None:
            yield grid
        for cell, d, child in moves:
            below = _draw(probe, g.move(cell, d), drawn) if probe else drawn
            if child is not None:
                yield from visit(child, depth + 1, node, cell, below)
            elif probe:
                probe.prune(depth + 1, parent=node, state=lambda: Position(*snapshot(state)).placed(cell, d),
                            why=f"{g.move(cell, d)} leaves a cell or a digit of a unit with no place")
        if probe and grid is None and probe.calls == calls:
            _dead_end(probe, depth, node)

    found = 0
    for grid in visit(root, 0, None, -1, (0, probe.node(0, "start") if probe else None)):
        yield Sudoku(grid, g), None
        found += 1
        if found >= limit:
            return False
    return True


# The level and id of the node last drawn in a probe's static tree drawing (`Probe.node`, for `draw_tree`),
# where the forced moves of a call are a node of their own.
Drawn = tuple[int, int | None]


def _draw(probe: Probe, label: str, drawn: Drawn) -> Drawn:
    """Draw a node labelled `label` below `drawn` in the probe's static tree."""
    level = drawn[0] + 1
    return level, probe.node(level, label, drawn[1])


def _called(probe: Probe, depth: int, parent: int | None, position: Callable[[], Position],
            forced: list) -> int | None:
    """Tell the probe of a call; while it records, with the position the call branches from (after its
    forced moves) and its candidates left. Returns the call's node id."""
    if not probe.recording:
        return probe.call(depth)
    shown = position()
    more = (("forced moves", len(forced)),) if forced else ()
    return probe.call(depth, parent=parent, state=shown, facts=shown.facts() + more)


def _dead_end(probe: Probe, depth: int, node: int | None) -> None:
    """Tell the probe the search gives up `node`, which made no call: a blank with no candidates, or
    every move from it failed at once (each a prune)."""
    shown = probe.events[node].state if node is not None else None
    probe.backtrack(depth, node=node, why=shown and shown.stuck() or "every move from here fails")


def _check_limit(limit: int) -> None:
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise WordlabError(f"the solution limit must be a positive integer, not {limit!r}")


def digits_of(mask: int) -> list[int]:
    """The digits in a candidate mask, smallest first."""
    return [d for d in range(1, mask.bit_length()) if mask >> d & 1]


def used_masks(puzzle: Sudoku) -> tuple[list[int], list[int], list[int]]:
    """The digits already placed in each row, column and box, as masks."""
    g = puzzle.geometry
    rows, cols, boxes = [0] * g.n, [0] * g.n, [0] * g.n
    for cell, d in enumerate(puzzle.cells):
        if d:
            rows[g.rows[cell]] |= 1 << d
            cols[g.cols[cell]] |= 1 << d
            boxes[g.boxes[cell]] |= 1 << d
    return rows, cols, boxes


@cache
def _places(g: Geometry) -> tuple[tuple[int, int, int], ...]:
    """(row, column, box) of every cell."""
    return tuple(zip(g.rows, g.cols, g.boxes))


class Board:
    """A grid being filled, with the masks of digits used per row, column and box (mutate and undo)."""

    def __init__(self, puzzle: Sudoku):
        self.g = puzzle.geometry
        self.grid = list(puzzle.cells)
        self.rows, self.cols, self.boxes = used_masks(puzzle)
        self.places = _places(self.g)
        self.blanks = [cell for cell, d in enumerate(puzzle.cells) if not d]
        self.full = self.g.full

    def options(self, cell: int) -> int:
        r, c, b = self.places[cell]
        return self.full & ~(self.rows[r] | self.cols[c] | self.boxes[b])

    def place(self, cell: int, d: int) -> None:
        r, c, b = self.places[cell]
        bit = 1 << d
        self.grid[cell] = d
        self.rows[r] |= bit
        self.cols[c] |= bit
        self.boxes[b] |= bit

    def clear(self, cell: int) -> None:
        r, c, b = self.places[cell]
        bit = 1 << self.grid[cell]
        self.grid[cell] = 0
        self.rows[r] ^= bit
        self.cols[c] ^= bit
        self.boxes[b] ^= bit

    def fewest_options(self, early: bool = False) -> tuple[int, int]:
        """(cell, options) of the blank with the fewest options, ties to the last scanned; (-1, 0) if full.
        With `early`, stop at the first dead end (options 0) or forced cell (one option)."""
        grid, options = self.grid, self.options
        best, best_mask, best_count = -1, 0, self.g.n + 1
        for cell in self.blanks:
            if not grid[cell]:
                mask = options(cell)
                count = mask.bit_count()
                if early and count <= 1:
                    return cell, mask
                if count <= best_count:
                    best, best_mask, best_count = cell, mask, count
        return best, best_mask

    def tries(self, cell: int, digits: Iterable[int]) -> Iterator[tuple[int, int, "Board"]]:
        """Each digit placed in `cell` in turn (and cleared when the next is asked for)."""
        for d in digits:
            self.place(cell, d)
            yield cell, d, self
            self.clear(cell)

    def snapshot(self, _state: object = None) -> tuple[Grid, tuple[int, ...]]:
        grid, options = self.grid, self.options
        return tuple(grid), tuple(0 if d else options(c) for c, d in enumerate(grid))


# -- 1. sequential and 2. random order: fill the blanks in a fixed order -----------------------------------


def _fill_in_order(puzzle: Sudoku, order: list[int], probe: Probe | None, budget: Budget | None,
                   limit: int) -> Solutions:
    """Backtracking over the blanks in `order`, trying digits 1..n in each; masks for rows, columns, boxes."""
    board = Board(puzzle)  # its state, mutated inline below: this loop makes millions of calls
    grid, places, rows, cols, boxes = board.grid, board.places, board.rows, board.cols, board.boxes
    digits = [(d, 1 << d) for d in puzzle.geometry.digits]
    full, end, nothing = puzzle.geometry.full, len(order), (None, (), ())

    def moves(cell: int, used: int, i: int) -> Iterator[tuple[int, int, int]]:
        r, c, b = places[cell]
        for d, bit in digits:
            if not used & bit:
                grid[cell] = d
                rows[r] |= bit
                cols[c] |= bit
                boxes[b] |= bit
                yield cell, d, i + 1
                rows[r] ^= bit
                cols[c] ^= bit
                boxes[b] ^= bit
        grid[cell] = 0

    def expand(i: int) -> Expansion:
        if i == end:
            return tuple(grid), (), ()
        cell = order[i]
        r, c, b = places[cell]
        used = rows[r] | cols[c] | boxes[b]
        return nothing if used & full == full else (None, (), moves(cell, used, i))  # a dead end makes no moves

    return _depth_first(puzzle.geometry, 0, expand, board.snapshot, probe, budget, limit)


def sequential(puzzle: Sudoku, *, probe: Probe | None = None, budget: Budget | None = None,
               limit: int = 1) -> Solutions:
    """Fill the blanks in row-major order trying 1..n in each; cost up to n^blanks calls (4,209 on the easy
    puzzle, 69,175,317 on the harder one)."""
    order = [cell for cell, d in enumerate(puzzle.cells) if not d]
    return (yield from _fill_in_order(puzzle, order, probe, budget, limit))


def random_order(puzzle: Sudoku, *, probe: Probe | None = None, budget: Budget | None = None, limit: int = 1,
                 seed: int = 0) -> Solutions:
    """Fill the blanks in a random (seeded) order trying 1..n; as blind as sequential, and its cost varies
    wildly with the order."""
    order = [cell for cell, d in enumerate(puzzle.cells) if not d]
    random.Random(seed).shuffle(order)
    return (yield from _fill_in_order(puzzle, order, probe, budget, limit))


# -- 3.-5. greedy: the blank with the fewest options first ---------------------------------------------------


def _greedy_search(puzzle: Sudoku, probe: Probe | None, budget: Budget | None, limit: int,
                   early: bool, forced_in_loop: bool) -> Solutions:
    """Backtracking on the blank `Board.fewest_options(early)` picks; with `forced_in_loop`, single-option
    blanks are filled in a loop inside the call (undone when the call is done) instead of by a recursive
    call."""
    board = Board(puzzle)
    pick = partial(board.fewest_options, early)

    def fill_forced() -> tuple[int, int, list[tuple[int, int]]]:
        trail = []
        while True:
            cell, mask = pick()
            if cell < 0 or mask & (mask - 1) or not mask:
                return cell, mask, trail
            d = mask.bit_length() - 1
            board.place(cell, d)
            trail.append((cell, d))

    def guesses_then_undo(cell: int, mask: int, trail: list[tuple[int, int]]):
        yield from board.tries(cell, digits_of(mask))
        for forced, _ in reversed(trail):
            board.clear(forced)

    def expand(_board: Board) -> Expansion:
        if forced_in_loop:
            cell, mask, trail = fill_forced()
            return (tuple(board.grid) if cell < 0 else None), trail, guesses_then_undo(cell, mask, trail)
        cell, mask = pick()
        return (tuple(board.grid), (), ()) if cell < 0 else (None, (), board.tries(cell, digits_of(mask)))

    return _depth_first(puzzle.geometry, board, expand, board.snapshot, probe, budget, limit)


def greedy(puzzle: Sudoku, *, probe: Probe | None = None, budget: Budget | None = None,
           limit: int = 1) -> Solutions:
    """Scan every blank, branch on the one with the fewest options (ties to the last scanned); one scan
    of the blanks per call (52 calls on the easy puzzle, 10,903 on the harder)."""
    return (yield from _greedy_search(puzzle, probe, budget, limit, early=False, forced_in_loop=False))


def greedy_early_stop(puzzle: Sudoku, *, probe: Probe | None = None, budget: Budget | None = None,
                      limit: int = 1) -> Solutions:
    """Greedy, but a blank with no option ends the scan and backs up at once, and one with a single
    option is taken at once; scans are shorter, calls the same or fewer."""
    return (yield from _greedy_search(puzzle, probe, budget, limit, early=True, forced_in_loop=False))


def greedy_less_recursion(puzzle: Sudoku, *, probe: Probe | None = None, budget: Budget | None = None,
                          limit: int = 1) -> Solutions:
    """Greedy early stop, with single-option moves made in a loop inside one call and undone on failure,
    so only real guesses recurse (far fewer calls; the same scans)."""
    return (yield from _greedy_search(puzzle, probe, budget, limit, early=True, forced_in_loop=True))


# -- 6. constraint propagation: the well-known elimination method (candidates as digit strings) -----------


@cache
def _unit_tables(g: Geometry) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[frozenset[int], ...]]:
    """For each cell, the three units holding it and the set of its peers."""
    units_of = tuple(tuple(u for u in g.units if cell in u) for cell in range(g.cells))
    return units_of, tuple(frozenset(p) for p in g.peers)


class _Eliminator:
    """Candidates as strings of digits per cell; assigning eliminates, and eliminating propagates both
    rules: a cell left with one digit removes it from its peers; a digit left with one place in a unit goes
    there."""

    def __init__(self, g: Geometry):
        self.units_of, self.peers = _unit_tables(g)

    def assign(self, values: list[str], cell: int, d: str) -> bool:
        return all(self.eliminate(values, cell, other) for other in values[cell].replace(d, ""))

    def eliminate(self, values: list[str], cell: int, d: str) -> bool:
        if d not in values[cell]:
            return True
        values[cell] = left = values[cell].replace(d, "")
        if not left:
            return False
        if len(left) == 1 and not all(self.eliminate(values, peer, left) for peer in self.peers[cell]):
            return False
        for unit in self.units_of[cell]:
            places = [c for c in unit if d in values[c]]
            if not places:
                return False
            if len(places) == 1 and not self.assign(values, places[0], d):
                return False
        return True


def propagation(puzzle: Sudoku, *, probe: Probe | None = None, budget: Budget | None = None,
                limit: int = 1) -> Solutions:
    """Constraint propagation (single value, single place) after every assignment, then search on the cell
    with the fewest candidates, copying the candidates per guess; few calls, each costly."""
    g = puzzle.geometry
    rules = _Eliminator(g)
    symbols = SYMBOLS[1:g.n + 1]
    digit = {s: d for d, s in enumerate(SYMBOLS) if d}
    values = [symbols] * g.cells
    if not all(rules.assign(values, cell, SYMBOLS[d]) for cell, d in enumerate(puzzle.cells) if d):
        return

    def child(values: list[str], cell: int, d: str) -> list[str] | None:
        copy = values.copy()
        return copy if rules.assign(copy, cell, d) else None

    def expand(values: list[str]) -> Expansion:
        open_cells = [(len(v), cell) for cell, v in enumerate(values) if len(v) > 1]
        if not open_cells:
            return tuple(digit[v] for v in values), (), ()
        _, cell = min(open_cells)
        return None, (), ((cell, digit[d], child(values, cell, d)) for d in values[cell])

    def snapshot(values: list[str]) -> tuple[Grid, tuple[int, ...]]:
        masks = tuple(sum(1 << digit[s] for s in v) for v in values)
        return tuple(digit[v] if len(v) == 1 else 0 for v in values), masks

    return (yield from _depth_first(g, values, expand, snapshot, probe, budget, limit))


# -- 7. dancing links: Algorithm X on a dictionary of sets ---------------------------------------------------


@cache
def _placements(g: Geometry) -> dict[Placement, tuple[int, int, int, int]]:
    """Exact cover: "digit d in cell" covers its cell, and digit d in its row, in its column and in its box."""
    n, N = g.n, g.cells
    return {Placement(cell, d): (cell, N + g.rows[cell] * n + d - 1, 2 * N + g.cols[cell] * n + d - 1,
                                 3 * N + g.boxes[cell] * n + d - 1)
            for cell in range(N) for d in g.digits}


def _unmet(g: Geometry, item: int) -> str:
    """Why exact cover is stuck on `item`: the cell with no candidates, or the digit with no place in a unit."""
    kind, at = divmod(item, g.cells)
    if kind == 0:
        return f"{g.name(at)} has no candidates"
    unit, d = divmod(at, g.n)
    return f"digit {SYMBOLS[d + 1]} has no place in {('row', 'column', 'box')[kind - 1]} {unit + 1}"


def _covered(g: Geometry, chosen: tuple[Placement, ...], givens: int) -> Position:
    """The position of the placements chosen so far, the last one just filled (none for the givens alone)."""
    cells = [0] * g.cells
    for cell, d in chosen:
        cells[cell] = d
    start = Position.of(Sudoku(tuple(cells), g))
    return start._replace(last=chosen[-1].cell) if len(chosen) > givens else start


def dancing_links(puzzle: Sudoku, *, probe: Probe | None = None, budget: Budget | None = None,
                  limit: int = 1) -> Solutions:
    """Knuth's Algorithm X (`wordlab.structures.exact_cover`, a dictionary of sets) over the placements the
    givens allow: cover the constraint with the fewest placements left (a naked or hidden single when it has
    one); dict operations in C, a min over all open constraints per node."""
    _check_limit(limit)
    g = puzzle.geometry
    givens = [Placement(cell, d) for cell, d in enumerate(puzzle.cells) if d]
    board = Board(puzzle)
    allowed = {p: items for p, items in _placements(g).items()
               if puzzle.cells[p.cell] == p.digit or not puzzle.cells[p.cell] and board.options(p.cell) >> p.digit & 1}
    covers = exact_cover(allowed, range(4 * g.cells), taken=givens, probe=probe, budget=budget,
                         snapshot=lambda chosen: _covered(g, chosen, len(givens)), stuck=partial(_unmet, g))
    for found, chosen in enumerate(covers, 1):
        cells = [0] * g.cells
        for cell, d in chosen:
            cells[cell] = d
        yield Sudoku(tuple(cells), g), None
        if found >= limit:
            return False
    return True


# -- 8. bitmask singles: candidates as bits, naked and hidden singles to a fixed point -------------------------
#
# Digit d is the bit 1 << 4d here: each digit owns a 4-bit field, so the *sum* of a unit's candidate
# masks (one C-level `sum`) holds, in field d, the number of places digit d has in that unit. A field
# of 0 is a contradiction; a field of 1 is a solved digit or a hidden single.


def _nibble(mask: int) -> int:
    """A `1 << d` digit mask in the `1 << 4d` form."""
    return sum(1 << 4 * d for d in digits_of(mask))


@cache
def _singles_tables(g: Geometry):
    """(peers, getter of the peers' masks) per cell; (cells, getter of the cells' masks) per unit; the unit
    indexes (row, column, box) of each cell, and the same as a set of unit bits."""
    peers = tuple((p, itemgetter(*p)) for p in g.peers)
    units = tuple((u, itemgetter(*u)) for u in g.units)
    units_of = tuple(tuple(i for i, u in enumerate(g.units) if cell in u) for cell in range(g.cells))
    unit_bits = tuple(sum(1 << i for i in units_of[cell]) for cell in range(g.cells))
    n = g.n
    listed = tuple(tuple(tuple(kind * n + i for i in range(n) if bits >> i & 1) for bits in range(1 << n))
                   for kind in range(3))  # the units named by n bits of rows, columns or boxes
    return peers, units, units_of, unit_bits, listed


def _settle(cands: list[int], open_digits: list[int], queue: list[int], touched: int, tables, full: int) -> bool:
    """Propagate to a fixed point: a solved cell's digit leaves its peers (naked singles), a digit with one
    place in a unit goes there (hidden singles). Only units that lost a candidate (the bits of `touched`)
    are scanned for hidden singles, and `open_digits[u]` holds the digits not yet solved in unit u, so
    finished units and solved digits cost nothing. False on a contradiction, else the (nonzero) unit bits
    of every unit scanned."""
    peers, units, units_of, unit_bits, (rows_in, cols_in, boxes_in) = tables
    n = len(units) // 3
    within = (1 << n) - 1
    six = 6 * full  # adding 6 to a field: 6 means no place, 7 one place, 8 or more (bit 3) several
    changed = 0
    while True:
        while queue:
            cell = queue.pop()
            bit = cands[cell]
            unsolved = ~bit
            row, col, box = units_of[cell]
            open_digits[row] &= unsolved
            open_digits[col] &= unsolved
            open_digits[box] &= unsolved
            cells, masks_of = peers[cell]
            for p in compress(cells, map(bit.__and__, masks_of(cands))):
                m = cands[p] ^ bit
                if not m:
                    return False
                cands[p] = m
                touched |= unit_bits[p]
                if not m & (m - 1):
                    queue.append(p)
        scan, touched = touched, 0
        changed |= scan
        for u in rows_in[scan & within] + cols_in[scan >> n & within] + boxes_in[scan >> 2 * n]:
            unit, masks_of = units[u]
            places = sum(masks_of(cands)) + six
            several = places >> 3
            if (places | several) & full != full:
                return False
            only = places & ~several & open_digits[u]
            if only:
                for c in compress(unit, map(only.__and__, masks_of(cands))):
                    x = cands[c] & only
                    if x & (x - 1):
                        return False
                    cands[c] = x
                    touched |= unit_bits[c]
                    queue.append(c)
        if not queue:
            return changed or True


def _small_enough(g: Geometry, name: str) -> None:
    """The 4-bit digit counters hold 6 + at most 9 places: grids up to 9×9."""
    if g.n > 9:
        raise WordlabError(f"{name} works on grids up to 9×9 (its 4-bit counters hold at most 9 places of a "
                           f"digit), not {g.n}×{g.n}: use bitfield-cover, compiled or propagation")


def bitmask_singles(puzzle: Sudoku, *, probe: Probe | None = None, budget: Budget | None = None,
                    limit: int = 1) -> Solutions:
    """Candidates as bitmasks in a flat list, naked and hidden singles to a fixed point (a unit's digit
    counts from one C-level sum, only in units that changed), then a guess on the cell with the fewest
    candidates, ties to the one with the most unsolved peers, trying first the digit most of its peers
    could also take (lists copied per guess). Grids up to 9×9."""
    _small_enough(puzzle.geometry, "bitmask-singles")
    tables = _singles_tables(puzzle.geometry)
    full = _nibble(puzzle.geometry.full)

    def settle(cands, open_digits, queue, touched):
        return _settle(cands, open_digits, queue, touched, tables, full)

    return (yield from _bitmask_search(puzzle, settle, probe, budget, limit))


def _bitmask_search(puzzle: Sudoku, settle: Callable[[list[int], list[int], list[int], int], object],
                    probe: Probe | None, budget: Budget | None, limit: int) -> Solutions:
    """The search shared by the bitmask strategies: `settle(cands, open_digits, queue, touched)`
    propagates to a fixed point (falsy on a contradiction); the search guesses on the cell with the
    fewest candidates, ties to the one with the most unsolved peers, the likeliest digit first."""
    g = puzzle.geometry
    tables = _singles_tables(g)
    full = _nibble(g.full)
    cells = range(g.cells)
    peers_of = [masks_of for _, masks_of in tables[0]]
    unit_bits = tables[3]
    cands = [full] * g.cells
    open_digits = [full] * len(g.units)
    givens = [cell for cell, d in enumerate(puzzle.cells) if d]
    for cell in givens:
        cands[cell] = 1 << 4 * puzzle.cells[cell]
    if not settle(cands, open_digits, givens, (1 << len(g.units)) - 1):
        return

    def tries(cands: list[int], open_digits: list[int], best: int, bits: list[int]):
        for bit in bits:
            child, child_open = cands[:], open_digits[:]
            child[best] = bit
            settled = settle(child, child_open, [best], unit_bits[best])
            yield best, bit.bit_length() >> 2, (child, child_open) if settled else None

    def expand(state: tuple[list[int], list[int]]) -> Expansion:
        cands, open_digits = state
        sizes = list(map(int.bit_count, cands))
        fewest = 2 if 2 in sizes else min((k for k in sizes if k > 1), default=1)
        if fewest == 1:
            return tuple(m.bit_length() >> 2 for m in cands), (), ()
        unsolved = [k > 1 for k in sizes]
        best = max(compress(cells, map(fewest.__eq__, sizes)), key=lambda cell: sum(peers_of[cell](unsolved)))
        around = peers_of[best](cands)
        bits = sorted(bits_of(cands[best]), key=lambda bit: -(sum(map(bit.__and__, around)) // bit))
        return None, (), tries(cands, open_digits, best, bits)

    def snapshot(state: tuple[list[int], list[int]]) -> tuple[Grid, tuple[int, ...]]:
        cands = state[0]
        masks = tuple(sum(2 << (b.bit_length() >> 2) - 1 for b in bits_of(m)) for m in cands)
        return tuple(m.bit_length() >> 2 if m.bit_count() == 1 else 0 for m in cands), masks

    return (yield from _depth_first(g, (cands, open_digits), expand, snapshot, probe, budget, limit))


# -- 9. bitmask locked: singles plus locked candidates (pointing and claiming) ----------------------------------
#
# A segment is where a line (row or column) crosses a box. The segments of one band (or stack) form a
# small matrix, lines by boxes; the nibble sum of a segment's masks says which digits it holds, and the
# sums along a matrix row or column say in how many segments of that line or box each digit is. A digit of a
# box found in one segment only (pointing) leaves the rest of that line; a digit of a line found in one
# segment only (claiming) leaves the rest of that box.


@cache
def _locked_tables(g: Geometry):
    """Per band and stack: (lines, boxes, getter of each segment's masks, for each segment the rest of its
    line and the rest of its box as (cells, getter of their masks), the unit indexes of its lines and boxes,
    and the unit bits of its lines)."""
    n = g.n
    chutes = []
    for kind, (key, size, across) in enumerate(((g.rows, g.box_rows, n // g.box_cols),
                                                (g.cols, g.box_cols, n // g.box_rows))):
        for first in range(0, n, size):
            lines = range(first, first + size)
            boxes = sorted({g.boxes[c] for c in range(g.cells) if key[c] == first})
            seg = [[tuple(c for c in range(g.cells) if key[c] == line and g.boxes[c] == box) for box in boxes]
                   for line in lines]
            getters, rests = [], []
            for t in range(size):
                for j in range(across):
                    getters.append(itemgetter(*seg[t][j]))
                    line_rest = tuple(c for k in range(across) if k != j for c in seg[t][k])
                    box_rest = tuple(c for k in range(size) if k != t for c in seg[k][j])
                    rests.append(((line_rest, itemgetter(*line_rest)), (box_rest, itemgetter(*box_rest))))
            chutes.append((size, across, tuple(getters), tuple(rests), tuple(kind * n + line for line in lines),
                           tuple(2 * n + box for box in boxes), sum(1 << kind * n + line for line in lines)))
    return tuple(chutes)


def _lock(cands: list[int], open_digits: list[int], queue: list[int], changed: int, chutes, unit_bits,
          full: int) -> int:
    """One pass of locked candidates: the units that lost a candidate (as unit bits; 0 if none), -1 on a
    contradiction. Only chutes with a line among the `changed` unit bits are looked at (the others were
    settled before), digits already solved in a box or line (not in `open_digits`) are skipped; newly
    solved cells go on `queue` for `_settle`."""
    touched = 0
    masks = methodcaller("__call__", cands)
    for size, across, getters, rests, line_units, box_units, lines_bits in chutes:
        if not changed & lines_bits:
            continue
        held = [(s | s >> 1 | s >> 2) & full for s in map(sum, map(masks, getters))]
        in_line = [sum(held[t * across:(t + 1) * across]) for t in range(size)]
        in_box = [sum(held[j::across]) for j in range(across)]
        line_many = [(x >> 1 | x >> 2) & full for x in in_line]
        box_many = [(x >> 1 | x >> 2) & full for x in in_box]
        # pointing: a digit of box j in one segment, and elsewhere on that segment's line (clear the line);
        # claiming: a digit of line t in one segment, and elsewhere in that segment's box (clear the box)
        box_open, line_open = [open_digits[u] for u in box_units], [open_digits[u] for u in line_units]
        found = (_locked_in_one_segment(held, in_box, box_open, line_many, 1, across, rests, 0)
                 + _locked_in_one_segment(held, in_line, line_open, box_many, across, 1, rests, 1))
        for x, (cells, masks_of) in found:
            keep = ~x
            for c in compress(cells, map(x.__and__, masks_of(cands))):
                m = cands[c] & keep
                if not m:
                    return -1
                cands[c] = m
                touched |= unit_bits[c]
                if not m & (m - 1):
                    queue.append(c)
    return touched


def _locked_in_one_segment(held: list[int], totals: list[int], open_: list[int], crossing_many: list[int],
                           stride: int, cross_stride: int, rests, side: int) -> list:
    """For each unit u (a box or a line of the chute) the digits it holds in exactly one segment (among
    its open ones), and for each segment k = u·stride + v·cross_stride the digits of those that the
    crossing unit v also holds elsewhere: (digits, the crossing unit's other cells) to clear."""
    found = []
    for u, total in enumerate(totals):
        once = total & ~(total >> 1 | total >> 2) & open_[u]
        if once:
            for v, many in enumerate(crossing_many):
                k = u * stride + v * cross_stride
                x = held[k] & once & many
                if x:
                    found.append((x, rests[k][side]))
    return found


def _settle_locked(cands: list[int], open_digits: list[int], queue: list[int], touched: int, tables, chutes,
                   full: int) -> bool:
    """Singles to a fixed point, then locked candidates in the chutes that changed, until neither changes
    anything."""
    unit_bits = tables[3]
    while changed := _settle(cands, open_digits, queue, touched, tables, full):
        touched = _lock(cands, open_digits, queue, changed, chutes, unit_bits, full)
        if touched <= 0:
            return touched == 0
    return False


def bitmask_locked(puzzle: Sudoku, *, probe: Probe | None = None, budget: Budget | None = None,
                   limit: int = 1) -> Solutions:
    """Bitmask singles, plus locked candidates (pointing and claiming, from nibble sums of line-box
    segments) whenever singles stall; a pass costs about half a singles settle, but on hard puzzles it
    saves about 60% of the guesses (635 calls on top95 against 1,685). Grids up to 9×9."""
    _small_enough(puzzle.geometry, "bitmask-locked")
    tables = _singles_tables(puzzle.geometry)
    chutes = _locked_tables(puzzle.geometry)
    full = _nibble(puzzle.geometry.full)

    def settle(cands, open_digits, queue, touched):
        return _settle_locked(cands, open_digits, queue, touched, tables, chutes, full)

    return (yield from _bitmask_search(puzzle, settle, probe, budget, limit))


# -- 10. bit-field cover: every constraint a field of one int; the whole state is two ints ------------------
#
# Sudoku is an exact cover (see dancing-links): each of 4n² constraints (cell c holds a digit; digit d is
# once in row r, in column c, in box b) must be met by exactly one candidate "d in cell c". Here each
# constraint owns an (n+1)-bit field of one big int: its low n bits are the candidates that can still meet
# it, its top bit is a guard kept at 0. With G the guards and L the lowest bit of every field, `(x | G) - L`
# subtracts 1 in every field at once without a borrow crossing a field, so a field keeps its guard exactly
# when it is not empty, and `x & ((x | G) - L)` drops each field's lowest candidate. A few such operations
# find every empty field (a dead end) and every field with one candidate left (a naked single when it is a
# cell's, a hidden single when it is a unit's), however many there are. Placing a candidate is one AND
# with a precomputed mask that clears every candidate clashing with it. The state is `(x, done)`, `done`
# holding the guards of the constraints met, so a guess copies nothing and undoes nothing.


def _cover_places(g: Geometry) -> list[list[tuple[int, int]]]:
    """For each candidate k = c·n + d-1 ("digit d in cell c"), its (field, bit) in each of its four
    constraints: field c, bit d-1; and for each unit u holding c, field n² + u·n + d-1, bit (c's place in u)."""
    n = g.n
    places = [[(c, d)] for c in range(g.cells) for d in range(n)]
    for u, unit in enumerate(g.units):
        for i, c in enumerate(unit):
            for d in range(n):
                places[c * n + d].append((g.cells + u * n + d, i))
    return places


class _BitCover:
    """The fields of one geometry (laid out by `_cover_places`), and the search steps on a state `(x, done)`.
    `keep_at` and `met_at` are indexed by the `bit_length()` of any of a candidate's bits."""

    def __init__(self, g: Geometry):
        n, fields = g.n, 4 * g.cells
        self.g, self.n, self.width = g, n, n + 1
        self.ones = (1 << n) - 1  # one field's candidate bits
        self.lows = sum(1 << f * self.width for f in range(fields))
        self.guards = self.lows << n
        self.start = self.ones * self.lows  # every candidate still possible, no constraint met
        self.cell_part = (1 << g.cells * self.width) - 1
        places = _cover_places(g)
        self.bits = [self._mask(where) for where in places]
        self.met = [self._mask((f, n) for f, _ in where) for where in places]
        self.keep = self._keeps(places)
        self.candidate = [0] * (fields * self.width + 1)  # the candidate owning each bit, by bit_length
        for k, where in enumerate(places):
            for f, i in where:
                self.candidate[f * self.width + i + 1] = k
        self.keep_at = [self.keep[k] for k in self.candidate]
        self.met_at = [self.met[k] for k in self.candidate]

    def _mask(self, where) -> int:
        return sum(1 << f * self.width + i for f, i in where)

    def _keeps(self, places: list[list[tuple[int, int]]]) -> list[int]:
        """For each candidate, the mask that clears every other candidate of its four constraints."""
        members = [0] * (4 * self.g.cells)  # all the bits of each field's candidates
        for k, where in enumerate(places):
            for f, _ in where:
                members[f] |= self.bits[k]
        return [self.start & ~reduce(or_, [members[f] for f, _ in where]) | self.bits[k]
                for k, where in enumerate(places)]

    def place_givens(self, puzzle: Sudoku) -> tuple[int, int]:
        """The state with the givens placed (contradictory givens leave an empty field for `settle`)."""
        x, done, n = self.start, 0, self.n
        for c, d in enumerate(puzzle.cells):
            if d:
                x &= self.keep[c * n + d - 1]
                done |= self.met[c * n + d - 1]
        return x, done

    def settle(self, x: int, done: int) -> tuple[int, int] | None:
        """Place every forced candidate (the only one left in a constraint not yet met) until none is left;
        None if a constraint loses all its candidates. A candidate forced twice is placed twice, harmlessly;
        one cleared before its turn leaves its constraint empty, caught on the next pass."""
        guards, lows, ones, n = self.guards, self.lows, self.ones, self.n
        keep_at, met_at = self.keep_at, self.met_at
        while True:
            less = (x | guards) - lows
            if less & guards != guards:
                return None
            forced = guards & ~((x & less | guards) - lows | done)
            if not forced:
                return x, done
            singles = x & (forced >> n) * ones
            while singles:
                length = singles.bit_length()
                singles ^= 1 << length - 1
                x &= keep_at[length]
                done |= met_at[length]

    def fewest(self, x: int, done: int) -> int:
        """The guard bit of the unmet constraint with the fewest candidates, the lowest field on ties
        (cells come first); 0 if every constraint is met."""
        guards, lows = self.guards, self.lows
        left = guards & ~done
        while left:
            x &= (x | guards) - lows
            more = ((x | guards) - lows) & left
            if more != left:
                exact = left & ~more
                return exact & -exact
            left = more
        return 0

    def options(self, x: int, guard: int) -> list[int]:
        """The bit_length of each candidate left in the field under `guard`, lowest first."""
        base = guard.bit_length() - 1 - self.n
        field = x >> base & self.ones
        return [base + i + 1 for i in range(self.n) if field >> i & 1]

    def grid(self, x: int) -> Grid:
        """The digits of a state whose cells all hold one candidate."""
        cells, width, ones = x & self.cell_part, self.width, self.ones
        return tuple((cells >> c * width & ones).bit_length() for c in range(self.g.cells))

    def move(self, length: int) -> tuple[int, int]:
        """The candidate of a bit as (cell, digit)."""
        c, d = divmod(self.candidate[length], self.n)
        return c, d + 1

    def snapshot(self, state: tuple[int, int]) -> tuple[Grid, tuple[int, ...]]:
        """The cells with one candidate left, and every cell's candidates as a `1 << d` mask."""
        cells, width, ones = state[0] & self.cell_part, self.width, self.ones
        masks = tuple((cells >> c * width & ones) << 1 for c in range(self.g.cells))
        return tuple(m.bit_length() - 1 if m.bit_count() == 1 else 0 for m in masks), masks


@cache
def _bit_cover(g: Geometry) -> _BitCover:
    return _BitCover(g)


def bitfield_cover(puzzle: Sudoku, *, probe: Probe | None = None, budget: Budget | None = None,
                   limit: int = 1) -> Solutions:
    """Exact cover with each constraint an (n+1)-bit field of one int: a few big-int operations per pass find
    all naked and hidden singles at once, one AND places a candidate, and the state is two ints (nothing
    copied or undone). It guesses on the constraint with the fewest candidates, cells first on ties, digits
    ascending: propagation's rules and, where a cell is tightest, its very tree (2,821 calls on top95 against
    3,283, since a digit with two places is a guess too), at a small fraction of its cost per call."""
    cover = _bit_cover(puzzle.geometry)
    start = cover.settle(*cover.place_givens(puzzle))
    if start is None:
        return
    keep_at, met_at = cover.keep_at, cover.met_at

    def expand(state: tuple[int, int]) -> Expansion:
        x, done = state
        guard = cover.fewest(x, done)
        if not guard:
            return cover.grid(x), (), ()
        return None, (), ((*cover.move(length), cover.settle(x & keep_at[length], done | met_at[length]))
                          for length in cover.options(x, guard))

    return (yield from _depth_first(puzzle.geometry, start, expand, cover.snapshot, probe, budget, limit))


# -- 11. compiled: bit masks in arrays, singles and the fewest-candidates blank, compiled by numba ---------------


def compiled(puzzle: Sudoku, *, probe: Probe | None = None, budget: Budget | None = None,
             limit: int = 1) -> Solutions:
    """Candidates as bit masks in a numpy array, naked and hidden singles to a fixed point (with each unit's
    places left per digit counted as candidates go), then a guess on the tightest constraint, a blank's
    digits or a digit's places in a unit (cells first on ties), depth first, all compiled by numba
    (`wordlab.puzzles.sudoku.compiled`; the machine code is cached on disk, so only the first process pays
    the compiling, a few seconds). It walks `bitfield-cover`'s very tree, at a few microseconds a node on a
    9×9; it returns to Python every few milliseconds for the budget, and a recording probe makes it stop at
    every node so that the player can draw it (far slower, for small runs)."""
    _check_limit(limit)
    from wordlab.puzzles.sudoku import compiled as kernel

    kernel.ready()
    g = puzzle.geometry
    search = kernel.Search(g, log=g.cells * (g.n + 1) + 1 if probe and probe.recording else 0)
    if not search.start(puzzle.cells):
        return True
    report = _Reporter(search, g, probe, budget)
    found = 0
    while True:
        status = search.run(report.quota())
        report.account()
        if status == kernel.DONE:
            return True
        if status == kernel.SOLUTION:
            report.solved()
            yield Sudoku(search.grid(), g), None
            found += 1
            if found >= limit:
                return False


class _Reporter:
    """What `compiled` tells its probe and budget after each run of the kernel: nodes per depth and prunes
    in bulk (charged to the budget), or, while the probe records, each node with its position, each guess
    pruned and each dead end, read from the kernel's log (it then advances one node per run)."""

    def __init__(self, search, g: Geometry, probe: Probe | None, budget: Budget | None):
        self.search, self.g, self.probe, self.budget = search, g, probe, budget
        self.seen_depths = search.depth_nodes.copy()
        self.seen_prunes = 0
        self.ids: list[int | None] = [None] * (g.cells + 1)  # the node id of each level, while recording
        self.positions: list[Position | None] = [None] * (g.cells + 1)
        self.children = [0] * (g.cells + 1)
        if budget:
            budget.tick()
        if probe:
            self._node(0)

    def recording(self) -> bool:
        return bool(self.probe) and self.probe.recording

    def quota(self) -> int:
        """Nodes for the next run: one while recording, else `compiled.quota`'s share of the budget."""
        from wordlab.puzzles.sudoku.compiled import quota

        return 1 if self.recording() else quota(self.budget, self.g.cells)

    def account(self) -> None:
        from wordlab.puzzles.sudoku.compiled import PRUNES

        search, probe = self.search, self.probe
        depths, prunes = search.depth_nodes, int(search.reg[PRUNES])
        new = depths - self.seen_depths
        if probe and self.recording():
            self._replay()
        elif probe:
            for depth in new.nonzero()[0]:
                probe.call(int(depth), n=int(new[depth]))
            if prunes > self.seen_prunes:
                probe.prune(0, n=prunes - self.seen_prunes)
        self.seen_depths[:] = depths
        self.seen_prunes = prunes
        if self.budget:
            self.budget.tick(int(new.sum()))

    def _replay(self) -> None:
        """Report the guesses pruned and the levels given up that the kernel logged, then its new node."""
        from wordlab.puzzles.sudoku.compiled import BACKTRACK, LOGGED, PRUNE

        search, probe = self.search, self.probe
        for kind, level, cell, bit in search.log[:search.reg[LOGGED]].tolist():
            if kind == PRUNE:
                d = bit.bit_length()
                probe.prune(level + 1, parent=self.ids[level], state=self.positions[level].placed(cell, d),
                            why=f"{self.g.move(cell, d)} leaves a cell or a digit of a unit with no place")
            elif kind == BACKTRACK and not self.children[level] and self.ids[level] is not None:
                _dead_end(probe, level, self.ids[level])
        level = search.level
        if search.depth_nodes[level] > self.seen_depths[level] and level > 0:
            self.children[level - 1] += 1
            self._node(level)

    def _node(self, level: int) -> None:
        search = self.search
        last = int(search.placed[level]) if level else -1
        position = Position(search.grid(level), search.candidates(level), last)
        self.positions[level], self.children[level] = position, 0
        self.ids[level] = _called(self.probe, level, self.ids[level - 1] if level else None, lambda: position, [])

    def solved(self) -> None:
        """The solution belongs to the node on top of the stack, and is not a dead end."""
        level = self.search.level
        self.children[level] += 1
        if self.probe:
            self.probe.solved_at(self.ids[level])


STRATEGIES: dict[str, Callable[..., Solutions]] = {
    "sequential": sequential,
    "random-order": random_order,
    "greedy": greedy,
    "greedy-early-stop": greedy_early_stop,
    "greedy-less-recursion": greedy_less_recursion,
    "propagation": propagation,
    "dancing-links": dancing_links,
    "bitmask-singles": bitmask_singles,
    "bitmask-locked": bitmask_locked,
    "bitfield-cover": bitfield_cover,
    "compiled": compiled,
}
FASTEST = "bitfield-cover"  # the fastest strategy in plain Python, one puzzle at a time (`compiled`, numba, is faster)
