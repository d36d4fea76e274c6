"""One module per puzzle, every one following the same protocol (see `wordlab.search.result`):

- `STRATEGIES`: name → strategy, a generator function `strategy(given, *, probe=None, budget=None, **options)`
  that yields each solution as `(value, cost)` (and may yield `Bound(x)`); its docstring says the idea and the cost;
- `DEFAULT_STRATEGY`, and `solve(given, strategy=DEFAULT_STRATEGY, *, probe=None, budget=None, **options) -> Result`,
  which hands the strategy to `wordlab.search.run`, the one runner that owns the budget;
- `verify(given, value) -> bool`: checks one answer without any solver's help;
- `render(state) -> str`: draws a state a recorded run kept (`Probe(record=N)`), for `wordlab.viz.step`;
- `example()`: a small input every strategy solves at once; `generate(...)` where the puzzle has a generator.

Command-line options and report formatting live in `wordlab.cli.<module>`, not here.
Modules are imported only when their puzzle is asked for.
"""

from __future__ import annotations

import importlib

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


def puzzle_module(name: str):
    """The module implementing puzzle `name`."""
    if name not in PUZZLES:
        raise UnknownName("puzzle", name, PUZZLES)
    return importlib.import_module(PUZZLES[name])
