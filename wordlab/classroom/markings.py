"""What `wordlab.check` runs a strategy on, and how it marks the answers, puzzle by puzzle.

Each puzzle's `Marking` names its instances (small to medium, built offline from the puzzle's example, its
generator and the pip-installed word lists), what a good answer is (`goal`: the shortest, the highest-scoring,
every solution, or any one), the built-in that proves the optimum or lists every solution (`reference`), a
cost computed from the answer alone (never trusting the strategy's), a key that tells two answers apart,
and a fingerprint of the puzzle's content (to catch a strategy that mutates its input).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Callable, Hashable

from wordlab.errors import UnknownName

GOALS = {"shortest": "the least cost", "highest": "the highest score", "all": "every solution",
         "any": "any one solution"}
WORDS = "wordfreq:3"  # pip-installed, loaded from the disk cache in milliseconds


@dataclass(frozen=True)
class Instance:
    """One puzzle to check on: a name for the table, and how to build it afresh (a prepared given)."""

    name: str
    build: Callable[[], Any]


@dataclass(frozen=True)
class Marking:
    """How `check` judges strategies of one puzzle."""

    puzzle: str
    goal: str
    reference: str
    instances: Callable[[], list[Instance]]
    fingerprint: Callable[[Any], Hashable]
    cost_of: Callable[[Any, Any], float] | None = None  # the answer's cost, computed independently
    key: Callable[[Any, Any], Hashable] = lambda given, value: value
    options: dict = field(default_factory=dict)  # passed to `solve` on every run
    proves: bool = True  # does `reference` prove the optimum (else its best is a rival's, not an optimum)?


@cache
def _words(length: int | None = None, letters: str | None = None):
    """The pip-installed word list (its words of `length`, or of only `letters`), loaded once."""
    from wordlab.words import WordList, as_wordlist

    words = as_wordlist(WORDS)
    if length is None and letters is None:
        return words
    kept = [w for w in words if (length is None or len(w) == length) and (letters is None or set(w) <= set(letters))]
    return WordList(kept, name=f"{WORDS} ({length or letters})")


# -- word ladder ---------------------------------------------------------------------------------------------


def _ladders() -> list[Instance]:
    from wordlab.puzzles import word_ladder as w

    def ladder(start: str, goal: str) -> Instance:
        return Instance(f"{start}→{goal}", lambda: w.WordLadder(start, goal, _words(len(start))))

    return [Instance("cold→warm (12 words)", w.example), ladder("cold", "warm"), ladder("ape", "man"),
            ladder("lead", "gold")]


def _ladder_print(ladder) -> Hashable:
    return ladder.first, ladder.goal, ladder.words, ladder.known


# -- sudoku --------------------------------------------------------------------------------------------------


def _sudokus() -> list[Instance]:
    from wordlab.puzzles import sudoku as s

    return [Instance("4×4", lambda: s.parse(s.EXAMPLES["four"])), Instance("6×6", s.example),
            Instance("9×9 easy", lambda: s.parse(s.EXAMPLES["easy"])),
            Instance("9×9 generated (seed 2)", lambda: s.parse(str(_generated_sudoku(2))))]


@cache
def _generated_sudoku(seed: int):
    from wordlab.puzzles import sudoku as s

    return s.generate(9, seed=seed)


# -- spelling bee --------------------------------------------------------------------------------------------


def _honeycombs() -> list[Instance]:
    from wordlab.puzzles import spelling_bee as b

    return [Instance("22 words", b.example),
            Instance("words of a c d e g i l n r t", lambda: _words(letters="acdegilnrt")),
            Instance("words of a b e h l o p r t u", lambda: _words(letters="abehloprtu"))]


def _score(words, comb) -> int:
    from wordlab.puzzles import spelling_bee as b

    return b.puzzle_words(comb, words).score


# -- word squares --------------------------------------------------------------------------------------------


def _squares() -> list[Instance]:
    from wordlab.puzzles import word_squares as ws

    def square(first: str) -> Instance:
        return Instance(f"{first}… ({WORDS})", lambda: ws.puzzle(first, _words(len(first))))

    return [Instance("card… (13 words)", ws.example), Instance("bat… (13 words)", lambda: ws.puzzle("bat", ws.EXAMPLE_WORDS)),
            square("spot"), square("card")]


def _square_print(puzzle) -> Hashable:
    return puzzle.grid, puzzle.words.words


# -- building blocks -----------------------------------------------------------------------------------------


def _blocks() -> list[Instance]:
    from wordlab.puzzles import building_blocks as bb

    def generated(count: int, decoys: int, seed: int) -> Instance:
        def build():
            words = _words(6)
            puzzle, _ = bb.generate(words, count=count, length=6, size=2, decoys=decoys, rivals=True, seed=seed)
            return bb.Problem(puzzle, bb.Lexicon(words))
        return Instance(f"{count} words, {decoys} decoys (seed {seed})", build)

    return [Instance("example", bb.example), generated(6, 3, 0), generated(6, 3, 2), generated(8, 4, 0)]


def _blocks_print(problem) -> Hashable:
    puzzle = problem.puzzle
    return puzzle.patterns, puzzle.blocks, tuple(sorted(puzzle.stock.items())), problem.lexicon.words.words


def _blocks_key(problem, words) -> Hashable:
    """A solution as its (pattern, word) pairs, so that words of identical patterns may come in any order."""
    return tuple(sorted(zip(problem.puzzle.patterns, words)))


# -- shredded text ------------------------------------------------------------------------------------------


def _grids() -> list[Instance]:
    from wordlab.puzzles import shredded as sh

    def heldout(width: int, k: int) -> Instance:
        case = sh.heldout_cases(width)[k]
        return Instance(f"held-out {case.name.split(': ')[1]} (strips of {width})", lambda: case.grid)

    example, ai_class = sh.example(), sh.ai_class_grid()
    return [Instance(f"example: {example.rows}×{example.n} (strips of {example.width})", sh.example),
            Instance(f"AI class: {ai_class.rows}×{ai_class.n} (strips of 2)", sh.ai_class_grid), heldout(2, 0),
            heldout(3, 0), heldout(1, 4)]


def _grid_score(grid, order) -> float:
    """The full model's score of an order, read afresh (never the strategy's own figure)."""
    from wordlab.lm import default_model
    from wordlab.puzzles import shredded as sh

    return sh.Reading(grid, default_model()).score(tuple(order))


# -- palindromic pangrams ------------------------------------------------------------------------------------


def _palindromes() -> list[Instance]:
    from wordlab.puzzles import palindrome as pa

    def words_of(alphabet: str) -> Instance:
        return Instance(f"{WORDS} words of 3-5 letters of {alphabet}", lambda: pa.index(_short_words(alphabet), alphabet))

    return [Instance("example: 14 words over a-d", pa.example), words_of("abdeno"), words_of("adeinrst"),
            words_of("aeilnopst")]


@cache
def _short_words(alphabet: str):
    from wordlab.words import WordList

    kept = [w for w in _words() if 3 <= len(w) <= 5 and set(w) <= set(alphabet)]
    return WordList(kept, name=f"{WORDS} (3-5 letters of {alphabet})")


def _letters(puzzle, phrase) -> int:
    from wordlab.puzzles import palindrome as pa

    return pa.length(phrase.split() if isinstance(phrase, str) else phrase)


# -- the Tuesday birthday ------------------------------------------------------------------------------------


def _experiments() -> list[Instance]:
    from wordlab.puzzles import tuesday as tu

    def experiment(condition: str, seed: int) -> Instance:
        return Instance(f"{condition}, {tu.FAMILIES:,} families (seed {seed})",
                        lambda: tu.experiment(condition, samples=tu.FAMILIES, seed=seed))

    return [experiment("boy-on-tuesday", 1), experiment("elder-is-boy", 2), experiment("boy-in-march", 3),
            experiment("elder-is-boy+boy-on-sunday", 4)]


def _width(experiment, estimate) -> float:
    """The width of the 95 % Wilson interval of the estimate's own counts."""
    from wordlab.puzzles import tuesday as tu

    low, high = tu.wilson(estimate.tally.both_boys, estimate.tally.accepted)
    return high - low


MARKINGS = {
    "word-ladder": Marking("word-ladder", "shortest", "astar", _ladders, _ladder_print,
                           cost_of=lambda ladder, words: len(words) - 1, key=lambda ladder, words: tuple(words)),
    "sudoku": Marking("sudoku", "any", "bitfield-cover", _sudokus, lambda puzzle: puzzle.cells,
                      key=lambda puzzle, grid: getattr(grid, "cells", grid)),
    "spelling-bee": Marking("spelling-bee", "highest", "branch-and-bound", _honeycombs, lambda words: words.words,
                            cost_of=_score),
    "word-squares": Marking("word-squares", "all", "column-bitmasks", _squares, _square_print,
                            key=lambda puzzle, square: tuple(square)),
    "building-blocks": Marking("building-blocks", "all", "exact-cover", _blocks, _blocks_print, key=_blocks_key),
    "shredded": Marking("shredded", "highest", "beam-repair", _grids, lambda grid: grid.columns, cost_of=_grid_score,
                        key=lambda grid, order: tuple(order), proves=False),
    "palindrome": Marking("palindrome", "shortest", "iterative-deepening", _palindromes,
                          lambda puzzle: (puzzle.words.words, puzzle.required), cost_of=_letters,
                          key=lambda puzzle, phrase: " ".join(phrase.split()) if isinstance(phrase, str) else phrase),
    "tuesday": Marking("tuesday", "shortest", "numpy", _experiments,
                       lambda experiment: (experiment.condition.name, experiment.samples, experiment.seed),
                       cost_of=_width, key=lambda experiment, estimate: estimate.tally, proves=False),
}


def marking(puzzle: str) -> Marking:
    """The marking of `puzzle`, or an `UnknownName` listing the puzzles `check` knows."""
    if puzzle not in MARKINGS:
        raise UnknownName("puzzle to check", str(puzzle), MARKINGS)
    return MARKINGS[puzzle]
