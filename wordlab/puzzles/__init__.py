"""One module per puzzle. Each exposes, for the command line:

- `add_arguments(parser, command)`: the options of `wordlab solve|bench PUZZLE` (command is "solve" or "bench")
- `cli_solve(args) -> Report` and `cli_bench(args) -> Report`

and, for notebooks and tests, `STRATEGIES` (name → function) and `solve(puzzle, strategy=..., probe=None, budget=None)`.
Modules are imported only when their puzzle is asked for.
"""

from __future__ import annotations

import importlib
from wordlab.errors import UnknownName


def __getattr__(name):  # `Report` moved to the command line; kept reachable while puzzle modules move their glue
    if name == "Report":
        from wordlab.cli.options import Report

        return Report
    raise AttributeError(name)

PUZZLES = {
    "building-blocks": "wordlab.puzzles.building_blocks",
    "spelling-bee": "wordlab.puzzles.spelling_bee",
    "word-squares": "wordlab.puzzles.word_squares",
    "sudoku": "wordlab.puzzles.sudoku",
    "shredded": "wordlab.puzzles.shredded",
    "palindrome": "wordlab.puzzles.palindrome",
    "tuesday": "wordlab.puzzles.tuesday",
    "word-ladder": "wordlab.puzzles.word_ladder",
}


def puzzle_module(name: str):
    """The module implementing puzzle `name`."""
    if name not in PUZZLES:
        raise UnknownName("puzzle", name, PUZZLES)
    return importlib.import_module(PUZZLES[name])
