"""The Sudoku grid: geometry (size and box shape), parsing with validation, display and verification.

A grid of side n (9, 8 or 6) is a tuple of n*n ints in row-major order, 0 for a blank. Digits as
bits: digit d is `1 << d`, so a set of candidates is an int and `mask.bit_count()` counts them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from wordlab.errors import WordlabError

Grid = tuple[int, ...]


@dataclass(frozen=True)
class Geometry:
    """Side `n` and box shape `box_rows` × `box_cols`, with the units and peers of every cell (derived,
    so equality and hashing look at the shape only: geometries are cache keys)."""

    n: int
    box_rows: int
    box_cols: int
    rows: tuple[int, ...] = field(init=False, repr=False, compare=False)  # row index of each cell
    cols: tuple[int, ...] = field(init=False, repr=False, compare=False)  # column index of each cell
    boxes: tuple[int, ...] = field(init=False, repr=False, compare=False)  # box index of each cell
    # rows, then columns, then boxes; and the cells sharing a unit with each cell
    units: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    peers: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        n, br, bc = self.n, self.box_rows, self.box_cols
        cells = range(n * n)
        rows = tuple(c // n for c in cells)
        cols = tuple(c % n for c in cells)
        boxes = tuple((r // br) * (n // bc) + col // bc for r, col in zip(rows, cols))
        units = tuple(tuple(c for c in cells if key[c] == i) for key in (rows, cols, boxes) for i in range(n))
        peers = tuple(tuple(sorted({p for u in units if c in u for p in u} - {c})) for c in cells)
        for name, value in (("rows", rows), ("cols", cols), ("boxes", boxes), ("units", units), ("peers", peers)):
            object.__setattr__(self, name, value)

    @property
    def cells(self) -> int:
        return self.n * self.n

    @property
    def digits(self) -> range:
        return range(1, self.n + 1)

    @property
    def full(self) -> int:
        """The candidate mask holding every digit 1..n."""
        return (1 << (self.n + 1)) - 2

    def name(self, cell: int) -> str:
        """A cell's name, r1c1 … r9c9."""
        return f"r{self.rows[cell] + 1}c{self.cols[cell] + 1}"


@cache
def geometry(n: int) -> Geometry:
    """The geometry of an n×n grid: 9 (3×3 boxes), 8 (2×4 boxes) or 6 (2×3 boxes)."""
    shapes = {9: (3, 3), 8: (2, 4), 6: (2, 3)}
    if n not in shapes:
        raise WordlabError(f"unsupported Sudoku size {n}×{n}; supported sizes are 9×9, 8×8 and 6×6")
    return Geometry(n, *shapes[n])


SIZES = {n * n: n for n in (9, 8, 6)}


@dataclass(frozen=True)
class Sudoku:
    """A puzzle (or a solution): its geometry and its cells, 0 for blank."""

    cells: Grid
    geometry: Geometry

    @property
    def n(self) -> int:
        return self.geometry.n

    @property
    def blanks(self) -> int:
        return self.cells.count(0)

    @property
    def clues(self) -> int:
        return len(self.cells) - self.blanks

    def __str__(self) -> str:
        return "".join(str(d) if d else "." for d in self.cells)

    def show(self) -> str:
        """The grid drawn in rows, boxes separated by bars and rules."""
        g, n = self.geometry, self.n
        lines = []
        for r in range(n):
            if r and r % g.box_rows == 0:
                lines.append("+".join("-" * (2 * g.box_cols + 1) for _ in range(n // g.box_cols))[1:-1])
            row = self.cells[r * n:(r + 1) * n]
            chunks = (" ".join(str(d) if d else "." for d in row[i:i + g.box_cols]) for i in range(0, n, g.box_cols))
            lines.append(" | ".join(chunks))
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle) -> None:  # IPython shows the drawing
        printer.text(self.show())


def parse(text: str | Sudoku) -> Sudoku:
    """A puzzle from 81, 64 or 36 characters (digits, `0` or `.` for blanks; whitespace ignored).

    Raises `WordlabError` for a wrong length, an unsupported size, an invalid character or givens
    that contradict each other (the same digit twice in a row, column or box).
    """
    if isinstance(text, Sudoku):
        return text
    if not isinstance(text, str):
        raise WordlabError(f"a Sudoku is given as a string of digits, not {type(text).__name__}")
    chars = "".join(text.split())
    side = round(len(chars) ** 0.5)
    if side * side == len(chars) and side > 1:
        geometry(side)  # raises for an unsupported size
    if len(chars) not in SIZES:
        raise WordlabError(f"a Sudoku needs 81 (9×9), 64 (8×8) or 36 (6×6) cells, not {len(chars)}")
    g = geometry(SIZES[len(chars)])
    allowed = "0." + "".join(str(d) for d in g.digits)
    bad = sorted({ch for ch in chars if ch not in allowed})
    if bad:
        raise WordlabError(f"invalid characters {''.join(bad)!r} in a {g.n}×{g.n} Sudoku: use digits 1-{g.n}, 0 or .")
    puzzle = Sudoku(tuple(0 if ch == "." else int(ch) for ch in chars), g)
    clash = contradiction(puzzle)
    if clash:
        raise WordlabError(f"contradictory givens: {clash}")
    return puzzle


def contradiction(puzzle: Sudoku) -> str:
    """A description of the first repeated digit in a unit, or "" if the givens are consistent."""
    g = puzzle.geometry
    for unit in g.units:
        seen: dict[int, int] = {}
        for cell in unit:
            d = puzzle.cells[cell]
            if d and d in seen:
                return f"digit {d} appears at both {g.name(seen[d])} and {g.name(cell)}"
            seen[d] = cell
    return ""


def verify(puzzle: Sudoku, solution: Sudoku | Grid) -> bool:
    """Is `solution` a completed grid that keeps every given of `puzzle`? (Plain sets, no solver code.)"""
    cells = solution.cells if isinstance(solution, Sudoku) else tuple(solution)
    n = puzzle.n
    if len(cells) != n * n:
        return False
    if any(given and given != got for given, got in zip(puzzle.cells, cells)):
        return False
    grid = [cells[r * n:(r + 1) * n] for r in range(n)]
    br, bc = puzzle.geometry.box_rows, puzzle.geometry.box_cols
    digits = set(range(1, n + 1))
    rows = [set(row) for row in grid]
    cols = [{grid[r][c] for r in range(n)} for c in range(n)]
    boxes = [{grid[r][c] for r in range(R, R + br) for c in range(C, C + bc)}
             for R in range(0, n, br) for C in range(0, n, bc)]
    return all(unit == digits for unit in rows + cols + boxes)
