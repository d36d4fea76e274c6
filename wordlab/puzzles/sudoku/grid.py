"""The Sudoku grid: geometry (size and box shape), parsing with validation, display, verification, the
search state the player draws (`Position`) and the rule a move of the search follows (`is_move`).

A grid of side n (4, 6, 8, 9 or 16) is a tuple of n*n ints in row-major order, 0 for a blank. Digits as
bits: digit d is `1 << d`, so a set of candidates is an int and `mask.bit_count()` counts them.

Grids are written one character a cell: `1`-`9` and, past 9, `A`-`G` for 10-16 (the 16×16 convention of
hexadecimal-style puzzles); `.` or `0` for a blank. A 16×16 written in the letters `A`-`P` (1-16) is read too
when it says so: it uses a letter past G and no digit. One holding only `A`-`G` and blanks could be either
and is refused rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

import numpy as np

from wordlab.errors import WordlabError

Grid = tuple[int, ...]

SHAPES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 16: (4, 4)}  # side → box rows × box columns
SIZES = {n * n: n for n in SHAPES}  # cells → side
SYMBOLS = ".123456789ABCDEFG"  # SYMBOLS[d] writes digit d (0: blank)
LETTERS = ".ABCDEFGHIJKLMNOP"  # the other 16×16 convention, A = 1 … P = 16
_WRITTEN = SYMBOLS.encode().ljust(256, b"?")  # byte d → the character that writes digit d
LONGEST_LINE = 10_000  # characters; a puzzle is at most 256 cells, so longer text is refused unread


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
        units_of = [[] for _ in cells]
        for unit in units:
            for c in unit:
                units_of[c].append(unit)
        peers = tuple(tuple(sorted({p for u in units_of[c] for p in u} - {c})) for c in cells)
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

    def move(self, cell: int, digit: int) -> str:
        """A move as a label: r1c3=4 (r1c3=A for ten)."""
        return f"{self.name(cell)}={SYMBOLS[digit]}"


@cache
def geometry(n: int) -> Geometry:
    """The geometry of an n×n grid: 4 (2×2 boxes), 6 (2×3), 8 (2×4), 9 (3×3) or 16 (4×4)."""
    if not isinstance(n, int) or isinstance(n, bool) or n not in SHAPES:
        raise WordlabError(f"unsupported Sudoku size {n!r}×{n!r}; supported sizes are "
                           f"{', '.join(f'{s}×{s}' for s in sorted(SHAPES))}")
    return Geometry(n, *SHAPES[n])


@dataclass(frozen=True)
class Sudoku:
    """A puzzle (or a solution): its geometry and its cells, 0 for blank. `parse` checks one built by hand
    before solving it; those it made itself it marks `parsed` and takes as they are."""

    cells: Grid
    geometry: Geometry
    parsed: bool = field(default=False, compare=False, repr=False, kw_only=True)

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
        if self.parsed:  # a checked grid: every cell an int 0..n
            return bytes(self.cells).translate(_WRITTEN).decode()
        return "".join(SYMBOLS[d] for d in self.cells)

    def show(self) -> str:
        """The grid drawn in rows, boxes separated by bars and rules."""
        return draw(self.cells, self.geometry)

    def _repr_pretty_(self, printer, cycle) -> None:  # IPython shows the drawing
        printer.text(self.show())


def draw(cells: Grid, g: Geometry, marks: dict[int, str] | None = None) -> str:
    """`cells` in rows, boxes separated by bars and rules; with `marks`, a character after each cell (a space
    unless the cell is marked)."""
    width = 2 if marks is None else 3
    lines = []
    for r in range(g.n):
        if r and r % g.box_rows == 0:
            lines.append("-+-".join("-" * (width * g.box_cols - 1) for _ in range(g.n // g.box_cols)))
        chunks = []
        for first in range(r * g.n, (r + 1) * g.n, g.box_cols):
            cells_in_box = range(first, first + g.box_cols)
            if marks is None:
                chunks.append(" ".join(SYMBOLS[cells[c]] for c in cells_in_box))
            else:
                chunks.append(" ".join(SYMBOLS[cells[c]] + marks.get(c, " ") for c in cells_in_box))
        lines.append(" | ".join(chunks).rstrip())
    return "\n".join(lines)


def parse(text: str | Sudoku) -> Sudoku:
    """A puzzle from 16, 36, 64, 81 or 256 characters (`.` or `0` for blanks, whitespace ignored; see the module
    docstring for 16×16).

    Raises `WordlabError` for a wrong length, an unsupported size, an invalid character or givens
    that contradict each other (the same digit twice in a row, column or box).
    """
    if isinstance(text, Sudoku):
        return text if text.parsed else _checked(text)
    if not isinstance(text, str):
        raise WordlabError(f"a Sudoku is given as a string of digits, not {type(text).__name__}")
    if len(text) > LONGEST_LINE:
        raise WordlabError(f"a Sudoku has at most 256 cells; this text has {len(text):,} characters")
    chars = "".join(text.split()).upper()
    if len(chars) not in SIZES:
        side = round(len(chars) ** 0.5)
        if side * side == len(chars) and side > 1:
            raise WordlabError(f"unsupported Sudoku size {side}×{side}: a Sudoku needs 16 (4×4), 36 (6×6), "
                               f"64 (8×8), 81 (9×9) or 256 (16×16) cells")
        raise WordlabError(f"a Sudoku needs 16 (4×4), 36 (6×6), 64 (8×8), 81 (9×9) or 256 (16×16) cells, "
                           f"not {len(chars)}")
    g = geometry(SIZES[len(chars)])
    return _checked(Sudoku(tuple(_digits(chars, g)), g))


def _checked(puzzle: Sudoku) -> Sudoku:
    """A `Sudoku` built by hand, checked as parsing would check its text."""
    g = puzzle.geometry
    if not isinstance(g, Geometry) or geometry(g.n) != g:
        raise WordlabError(f"a Sudoku's geometry must come from geometry(n), not {g!r}")
    cells = puzzle.cells
    if not isinstance(cells, tuple) or len(cells) != g.cells:
        raise WordlabError(f"a {g.n}×{g.n} Sudoku has {g.cells} cells, not {len(cells) if hasattr(cells, '__len__') else cells!r}")
    bad = [d for d in cells if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d <= g.n]
    if bad:
        raise WordlabError(f"a {g.n}×{g.n} Sudoku holds 0 (blank) or digits 1-{g.n}, not {bad[0]!r}")
    clash = contradiction(puzzle)
    if clash:
        raise WordlabError(f"contradictory givens: {clash}")
    return Sudoku(cells, g, parsed=True)


def _digits(chars: str, g: Geometry) -> list[int]:
    """The digit of every character (0 for a blank), in the notation the text uses."""
    symbols = "0" + SYMBOLS[:g.n + 1]
    if g.n == 16:
        symbols = _notation_16(chars)
    bad = sorted({ch for ch in chars if ch not in symbols})
    if bad:
        allowed = "1-9 then A-G, or A-P" if g.n == 16 else f"digits 1-{g.n}"
        raise WordlabError(f"invalid characters {''.join(bad)!r} in a {g.n}×{g.n} Sudoku: use {allowed}, "
                           f"and 0 or . for blanks")
    return [max(symbols.index(ch) - 1, 0) for ch in chars]


def _notation_16(chars: str) -> str:
    """The symbols of a 16×16 text, "0." then 1-16: `1`-`9` `A`-`G`, or `A`-`P` when it uses a letter past G
    and no digit 1-9."""
    used = set(chars)
    digits, late = used & set("123456789"), used & set(LETTERS[8:])
    if digits and late:
        raise WordlabError(f"a 16×16 Sudoku uses 1-9 then A-G, or the letters A-P, not both: it has "
                           f"{''.join(sorted(digits))} and {''.join(sorted(late))}")
    if late:
        return "0" + LETTERS
    if not digits and used & set(LETTERS[1:8]):
        raise WordlabError("a 16×16 Sudoku written only with A-G is ambiguous (1-9 then A-G, or A-P?): "
                           "write it with 1-9 and A-G")
    return "0" + SYMBOLS


def contradiction(puzzle: Sudoku) -> str:
    """A description of the first repeated digit in a unit, or "" if the givens are consistent."""
    g = puzzle.geometry
    for unit in g.units:
        seen: dict[int, int] = {}
        for cell in unit:
            d = puzzle.cells[cell]
            if d and d in seen:
                return f"digit {SYMBOLS[d]} appears at both {g.name(seen[d])} and {g.name(cell)}"
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


# -- drawing a recorded search state ------------------------------------------------------------------------


class Placement(NamedTuple):
    """Digit `digit` in `cell`: a row of the exact cover."""

    cell: int
    digit: int


class Position(NamedTuple):
    """A search state as the player draws it: the cells (0 for a blank), each cell's candidates as a mask of
    `1 << d` bits (what the strategy still allows there; a filled cell's mask is not read), and the cell just
    filled (-1 for none: the givens)."""

    cells: Grid
    candidates: tuple[int, ...]
    last: int = -1

    @classmethod
    def of(cls, puzzle: "Sudoku") -> "Position":
        """The givens of `puzzle`, each blank's candidates the digits its row, column and box allow."""
        return cls(puzzle.cells, _basic_candidates(puzzle.cells, puzzle.geometry))

    @property
    def geometry(self) -> Geometry:
        return geometry(SIZES[len(self.cells)])

    def options(self, cell: int) -> list[int]:
        """The digits `cell` may still take, smallest first."""
        return [d for d in self.geometry.digits if self.candidates[cell] >> d & 1]

    def placed(self, cell: int, digit: int) -> "Position":
        """This position with `digit` written in `cell` and struck from its peers' candidates."""
        peers, keep = set(self.geometry.peers[cell]), ~(1 << digit)
        cells = self.cells[:cell] + (digit,) + self.cells[cell + 1:]
        return Position(cells, tuple(0 if c == cell else m & keep if c in peers else m
                                     for c, m in enumerate(self.candidates)), cell)

    def stuck(self) -> str:
        """"r3c4 has no candidates" for the first blank with none left ("" if every blank has one)."""
        cell = next((c for c, d in enumerate(self.cells) if not d and not self.candidates[c]), None)
        return "" if cell is None else f"{self.geometry.name(cell)} has no candidates"

    def facts(self) -> tuple[tuple[str, int], ...]:
        """What the player's side panel lists: the blanks and the candidates left in them."""
        blanks = [c for c, d in enumerate(self.cells) if not d]
        return ("blanks", len(blanks)), ("candidates left", sum(self.candidates[c].bit_count() for c in blanks))


def render(state: Position | Sudoku) -> str:
    """A recorded search state as text: the grid, the cell just filled marked `*`, blanks with one candidate
    left marked `!` (forced) and with none `x` (a dead end), a line saying what the marks drawn mean ("marks:
    * just filled, ! one option left"), and a line naming the blank with the fewest options and its digits
    ("fewest options: r1c5 can only be 1"; ties to the last in reading order, so it is the blank `greedy` fills next, whatever the strategy that recorded the state fills next). Takes a
    `Position` (what the strategies record; a plain (cells, candidates, last) triple is read as one) or a
    solution (`Sudoku`)."""
    if isinstance(state, Sudoku):
        return _drawn(state.cells, _basic_candidates(state.cells, state.geometry), "a solution" if not state.blanks
                      else "a grid")
    cells, candidates, last = state
    g = geometry(SIZES[len(cells)])
    return _drawn(cells, candidates, f"{g.move(last, cells[last])} just filled" if last >= 0 else "the givens", last)


def is_move(puzzle: Sudoku, before: Position | Sudoku, after: Position | Sudoku) -> bool:
    """Is `after` one move on from `before` by Sudoku's rules: every digit of `before` kept, at least one
    digit added, and no digit twice in a row, column or box?"""
    old, new = before.cells, after.cells
    return (len(old) == len(new) == puzzle.geometry.cells and all(a == b for a, b in zip(old, new) if a)
            and new.count(0) < old.count(0) and not contradiction(Sudoku(tuple(new), puzzle.geometry)))


def _drawn(cells: Grid, candidates: tuple[int, ...], head: str, last: int = -1) -> str:
    g = geometry(SIZES[len(cells)])
    blanks = [c for c, d in enumerate(cells) if not d]
    counts = {c: candidates[c].bit_count() for c in blanks}
    marks = {c: "!" if k == 1 else "x" for c, k in counts.items() if k <= 1}
    if last >= 0:
        marks[last] = "*"
    lines = [draw(cells, g, marks), head] + ([_key(marks)] if marks else [])
    if not blanks:
        return "\n".join(lines + ["grid complete"])
    tightest = min(reversed(blanks), key=counts.__getitem__)  # ties to the last in reading order, as greedy picks
    options = [SYMBOLS[d] for d in g.digits if candidates[tightest] >> d & 1]
    lines += [f"{len(blanks)} blanks, {sum(counts.values())} candidates", _fewest(g.name(tightest), options)]
    return "\n".join(lines)


MARK_KEY = {"*": "just filled", "!": "one option left", "x": "no option left"}


def _key(marks: dict[int, str]) -> str:
    """What the marks drawn mean, those in this drawing only: "* just filled, ! one option left"."""
    shown = set(marks.values())
    return "marks: " + ", ".join(f"{mark} {meaning}" for mark, meaning in MARK_KEY.items() if mark in shown)


def _fewest(cell: str, options: list[str]) -> str:
    """The line on the blank with the fewest options, in words: "r1c5 can only be 1", "r6c1 can be 4 or 7"."""
    if not options:
        return f"dead end: {cell} has no option"
    if len(options) == 1:
        return f"fewest options: {cell} can only be {options[0]}"
    return f"fewest options: {cell} can be {', '.join(options[:-1])} or {options[-1]}"


def _basic_candidates(cells: Grid, g: Geometry) -> tuple[int, ...]:
    """Each blank's digits not yet in its row, column or box, as a `1 << d` mask."""
    return tuple(0 if d else g.full & ~sum({1 << cells[p] for p in g.peers[c]}) for c, d in enumerate(cells))


# -- many puzzles at once ------------------------------------------------------------------------------------


def parse_many(texts: list[str]) -> list[Sudoku | WordlabError]:
    """Each text parsed as `parse` would, a puzzle or the `WordlabError` it raises: plain lines of up to 81
    characters (digits, `.` and `0`, no inner spaces) are read and checked together with numpy; any other
    line, and every line those checks refuse, goes through `parse` itself, so the messages are its own."""
    out: list[Sudoku | WordlabError | None] = [None] * len(texts)
    by_size: dict[int, list[int]] = {}
    for i, text in enumerate(texts):
        plain = text.strip() if isinstance(text, str) else ""
        n = SIZES.get(len(plain), 0)
        if n and n < 16 and plain.isascii():  # inner spaces read as no digit: such a line goes to `parse`
            by_size.setdefault(n, []).append(i)
    for n, rows in by_size.items():
        g = geometry(n)
        codes = np.frombuffer("".join(texts[i].strip() for i in rows).encode(), np.uint8).reshape(len(rows), g.cells)
        digits = _DIGIT_OF[codes]
        fine = (digits <= n).all(axis=1)
        fine[fine] = ~_clashes(digits[fine], g)
        for i, ok, cells in zip(rows, fine.tolist(), digits.tolist()):
            if ok:
                out[i] = Sudoku(tuple(cells), g, parsed=True)
    for i, done in enumerate(out):
        if done is None:
            try:
                out[i] = parse(texts[i])
            except WordlabError as problem:
                out[i] = problem
    return out


def _digit_table() -> np.ndarray:
    table = np.full(256, 99, np.int8)  # 99: not a digit of any size up to 9×9
    table[ord(".")] = table[ord("0")] = 0
    for d in range(1, 10):
        table[ord(str(d))] = d
    return table


_DIGIT_OF = _digit_table()


def _clashes(digits: np.ndarray, g: Geometry) -> np.ndarray:
    """For each row of `digits` (puzzles as arrays), whether a unit holds a digit twice."""
    held = np.sort(digits[:, np.array(g.units)], axis=2)  # puzzles × units × cells of a unit
    return ((held[:, :, 1:] == held[:, :, :-1]) & (held[:, :, 1:] > 0)).any(axis=(1, 2))


def verify_many(givens, solutions, g: Geometry) -> np.ndarray:
    """For arrays of puzzles and of their answers (one a row, digits as ints), whether each answer is a
    completed grid that keeps every given: `verify`, for many at once with numpy (no solver code)."""
    givens, solutions = np.asarray(givens), np.asarray(solutions)
    kept = ((givens == 0) | (givens == solutions)).all(axis=1)
    held = np.sort(solutions[:, np.array(g.units)], axis=2)
    return kept & (held == np.arange(1, g.n + 1)).all(axis=(1, 2))
