"""One module per puzzle. Each exposes, for the command line:

- `add_arguments(parser, command)`: the options of `wordlab solve|bench PUZZLE` (command is "solve" or "bench")
- `cli_solve(args) -> Report` and `cli_bench(args) -> Report`

and, for notebooks and tests, `STRATEGIES` (name → function) and `solve(puzzle, strategy=..., probe=None, budget=None)`.
Modules are imported only when their puzzle is asked for.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from wordlab.errors import UnknownName

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


@dataclass
class Report:
    """What a command prints: `text` for people, `data` (JSON-able) for `--json`."""

    text: str
    data: Any = field(default_factory=dict)


def puzzle_module(name: str):
    """The module implementing puzzle `name`."""
    if name not in PUZZLES:
        raise UnknownName("puzzle", name, PUZZLES)
    return importlib.import_module(PUZZLES[name])
