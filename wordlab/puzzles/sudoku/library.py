"""Puzzles to work on: the named sets in `$WORDLAB_DATA/sudoku/`, a seeded generator of puzzles with a
unique solution, and a difficulty measure from search effort."""

from __future__ import annotations

import os
import platform
import random
from dataclasses import dataclass
from pathlib import Path

from wordlab.errors import SourceUnavailable, WordlabError
from wordlab.puzzles.sudoku.grid import Geometry, Sudoku, geometry, parse
from wordlab.puzzles.sudoku.strategies import FASTEST, STRATEGIES, bitfield_cover
from wordlab.search import Budget, Probe, pick, run
from wordlab.words.sources import DATA_ENV, data_dir

EASY = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
HARDER = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
SIX = "624005000462000536306000201050005000"
OTHER = "120400300300010050006000100700090000040603000003002000500080700007000005000000098"
FOUR = "3..2..1......2.1"
SIXTEEN = ("95.E.4......7D1.G..1....5..83.....F....DC64.8.....3...E....7...2.6..D......C5.8EE......46F..D...1G.7.BF.98"
           "....3...C...8....D...B..BA1..734.......36..5...G....AF.....FA....E...C.8...C4..AFB.7..6..2G.D1...4.E.8..."
           "5....B...G.D.3.4.9..E1.7..B.67.............C.")  # generate(16, seed=0): 1-9 then A-G
EXAMPLES = {"easy": EASY, "harder": HARDER, "six": SIX, "other": OTHER, "four": FOUR, "sixteen": SIXTEEN}

# Calls the write-ups published (one per recursive call), on (strategy, example): Christian Jauvin's "A journey
# into Sudoku space" and "A wormhole through Sudoku space" (2011), whose code is github.com/cjauvin/sudoku.
PUBLISHED = {("sequential", "easy"): 4_209, ("sequential", "harder"): 69_175_317,
             ("greedy", "easy"): 52, ("greedy", "harder"): 10_903}

SETS = {"top95": "95 hard puzzles", "easy50": "50 easy puzzles", "hardest": "11 very hard puzzles",
        "sudoku17": "Gordon Royle's 49,151 17-clue puzzles"}


def set_path(name: str) -> Path:
    """Where the named set lives: `$WORDLAB_DATA/sudoku/<name>.txt`; `SourceUnavailable` if it is missing."""
    if name not in SETS:
        raise SourceUnavailable(f"unknown Sudoku set {name!r}; known sets: {', '.join(SETS)}")
    folder = data_dir()
    path = folder / "sudoku" / f"{name}.txt" if folder else None
    if path is None or not path.is_file():
        where = f"{folder}/sudoku/" if folder else f"a folder named by ${DATA_ENV}"
        raise SourceUnavailable(f"Sudoku set {name!r} ({SETS[name]}) is not in {where}; "
                                f"set {DATA_ENV} to the reference data folder (e.g. ../shared/data)")
    return path


def set_available(name: str) -> bool:
    try:
        set_path(name)
    except SourceUnavailable:
        return False
    return True


def load_set_lines(name: str) -> list[str]:
    """The lines of a named set's file, as they are."""
    return set_path(name).read_text().splitlines()


def load_set(name: str, sample: int | None = None, seed: int = 0) -> list[Sudoku]:
    """The puzzles of a named set, or a seeded random `sample` of them (in file order)."""
    if sample is not None and (not isinstance(sample, int) or isinstance(sample, bool) or sample < 1):
        raise WordlabError(f"a sample of a Sudoku set is a positive number of puzzles, not {sample!r}")
    lines = [line.strip() for line in load_set_lines(name) if line.strip()]
    if sample is not None and sample < len(lines):
        picked = sorted(random.Random(seed).sample(range(len(lines)), sample))
        lines = [lines[i] for i in picked]
    return [parse(line) for line in lines]


def machine() -> str:
    """The machine this process runs on, named as the stored tdoku benchmark names its own: processor model,
    cores and system."""
    try:
        with open(os.path.join(os.sep, "proc", "cpuinfo")) as info:
            model = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), "")
    except OSError:
        model = ""
    model = model or platform.processor() or "unknown CPU"
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


# -- generating puzzles ----------------------------------------------------------------------------------


def count_solutions(puzzle: Sudoku | str, limit: int = 2, strategy: str = FASTEST) -> int:
    """How many solutions `puzzle` has, counting no further than `limit`."""
    return sum(1 for _ in pick(STRATEGIES, strategy)(parse(puzzle), limit=limit))


def _shuffled_solution(g: Geometry, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid: one solution of the empty grid, with its digits relabelled and its rows
    and columns permuted within bands and stacks, and the bands and stacks themselves permuted."""
    n = g.n
    base = next(bitfield_cover(Sudoku((0,) * g.cells, g)))[0].cells
    relabel = [0] + rng.sample(range(1, n + 1), n)
    rows = _grouped_permutation(n, g.box_rows, rng)
    cols = _grouped_permutation(n, g.box_cols, rng)
    return tuple(relabel[base[rows[r] * n + cols[c]]] for r in range(n) for c in range(n))


def _grouped_permutation(n: int, group: int, rng: random.Random) -> list[int]:
    """A permutation of 0..n-1 that keeps groups of `group` consecutive indexes together."""
    starts = rng.sample(range(0, n, group), n // group)
    return [start + i for start in starts for i in rng.sample(range(group), group)]


def generate(size: int = 9, seed: int = 0, min_clues: int = 0) -> Sudoku:
    """A puzzle with a unique solution: a random complete grid, then blanks made in a random order
    wherever the solution stays unique (stopping at `min_clues` givens). Same seed, same puzzle."""
    g = geometry(size)
    rng = random.Random(seed)
    cells = list(_shuffled_solution(g, rng))
    for cell in rng.sample(range(g.cells), g.cells):
        if g.cells - cells.count(0) <= min_clues:
            break
        digit, cells[cell] = cells[cell], 0
        if count_solutions(Sudoku(tuple(cells), g)) != 1:
            cells[cell] = digit
    return Sudoku(tuple(cells), g)


# -- difficulty --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Difficulty:
    """Search effort on a puzzle: calls of a naked-singles search (`greedy-less-recursion`) and of a
    naked+hidden-singles search (`bitfield-cover`), each proving the solution unique, and a label read
    from them."""

    naked_calls: int
    singles_calls: int
    label: str


NAKED_LIMIT = 1_000  # calls of the naked-singles search before it is cut short (the label needs only 1)


def difficulty(puzzle: Sudoku | str) -> Difficulty:
    """How hard `puzzle` is, from search effort: "easy" if naked singles alone solve it, "medium" if
    hidden singles are also needed, "hard" if up to 20 guesses are, else "fiendish". The naked-singles
    search stops after NAKED_LIMIT calls (its count is then that limit)."""
    puzzle = parse(puzzle)
    naked, singles = Probe(), Probe()
    run(STRATEGIES, "greedy-less-recursion", puzzle, probe=naked, budget=Budget(nodes=NAKED_LIMIT), limit=2)
    run(STRATEGIES, "bitfield-cover", puzzle, probe=singles, limit=2)
    if naked.calls == 1:
        label = "easy"
    elif singles.calls == 1:
        label = "medium"
    elif singles.calls <= 20:
        label = "hard"
    else:
        label = "fiendish"
    return Difficulty(min(naked.calls, NAKED_LIMIT), singles.calls, label)


def example() -> Sudoku:
    """A small puzzle every strategy solves in well under a second: the 6×6 example."""
    return parse(SIX)
