"""Exercises that check themselves: `wordlab.exercise("ladder-bfs-graph").check(mine)`.

Each exercise belongs to one puzzle notebook, from easy (level 1) to hard (3): a prompt, the built-in it is
measured against (`reference`), and what `check` demands beyond verified answers (the optimum, and at most so
many nodes). Model answers live in `wordlab.solutions`, which the notebooks do not show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wordlab.classroom.check import Check, Demands, NodeLimit, check
from wordlab.errors import WordlabError


@dataclass(frozen=True)
class Exercise:
    """One exercise: `id`, `puzzle`, `level` (1 easy … 3 hard), `title`, `prompt`, the `reference` built-in,
    and the demands: `optimal` answers, and `nodes` (a `NodeLimit`: a factor of the reference's nodes, or a
    count of the instance's own)."""

    id: str
    puzzle: str
    level: int
    title: str
    prompt: str
    reference: str
    optimal: bool = False
    nodes: NodeLimit | None = None

    def demands(self) -> Demands:
        return Demands(optimal=self.optimal, nodes=self.nodes, reference=self.reference)

    @property
    def demanded(self) -> str:
        """What `check` asks for, in words."""
        parts = ["verified answers" if self.puzzle not in ("word-squares", "building-blocks") else "every solution"]
        if self.optimal:
            parts.append("the optimum")
        if self.nodes is not None:
            times = "" if self.nodes.factor == 1 else f"{self.nodes.factor:g} × "
            parts.append(f"at most {self.nodes.about}" if self.nodes.count else
                         f"at most {times}{self.reference}'s nodes")
        return ", ".join(parts)

    def check(self, strategy: Any, **options) -> Check:
        """`wordlab.check(strategy, exercise=self.id, **options)`."""
        return check(strategy, exercise=self.id, **options)

    def _repr_markdown_(self) -> str:
        return f"**{self.id}** ({self.puzzle}, level {self.level}): {self.title}\n\n{self.prompt}\n\n*Checked:* {self.demanded}."

    def __str__(self) -> str:
        return f"{self.id} ({self.puzzle}, level {self.level}): {self.title}\n{self.prompt}\nchecked: {self.demanded}"


def _distinct_words(ladder) -> int:
    return len(ladder.known)


EXERCISES = {e.id: e for e in [
    Exercise("ladder-bfs-graph", "word-ladder", 1, "Breadth-first graph search",
             "Breadth-first search over the word graph that never expands a word twice: keep a set of the words "
             "already reached, and yield the ladder (the tuple of words from start to goal) with its number of "
             "steps. The built-in `breadth-first` is a tree search and expands words again and again.",
             "breadth-first", optimal=True,
             nodes=NodeLimit(count=_distinct_words, about="one node per distinct word of the ladder's list")),
    Exercise("ladder-iddfs", "word-ladder", 2, "Iterative deepening",
             "Depth-first searches with a depth limit of 0, 1, 2, …, each skipping the words already on its "
             "path: the memory of depth-first search and the shortest ladder of breadth-first search.",
             "breadth-first", optimal=True, nodes=NodeLimit(3.0)),
    Exercise("sudoku-forward-checking", "sudoku", 1, "Forward checking",
             "Take `sequential` (fill the blanks in row-major order, trying 1..n) and add forward checking: after "
             "placing a digit, back off at once when some blank peer has no digit left.",
             "sequential", nodes=NodeLimit(1.0)),
    Exercise("sudoku-fewest-options", "sudoku", 2, "Fewest options first",
             "Fill the blank with the fewest digits left first (the most constrained variable), and when it has "
             "none, back off.", "greedy", nodes=NodeLimit(1.5)),
    Exercise("bee-subset-sum", "spelling-bee", 1, "Score from a points table",
             "Build a table from letter set to points once; score a honeycomb by summing the points of its letter "
             "subsets that contain the centre (64 look-ups), one node per honeycomb scored; yield each better one.",
             "subset-sum", optimal=True, nodes=NodeLimit(1.0)),
    Exercise("bee-tighter-bound", "spelling-bee", 3, "A tighter bound",
             "Branch and bound visits pangram letter sets best bound first and stops when no bound can beat the "
             "best score. Its bound counts every subset whatever the centre. Find a tighter bound (never below "
             "the score of a honeycomb of those letters) so that fewer honeycombs are scored.",
             "branch-and-bound", optimal=True, nodes=NodeLimit(1.0)),
    Exercise("squares-backtracking", "word-squares", 1, "Backtracking over a prefix table",
             "Row k of a word square starts with the letters column k already holds: fill the rows one at a time, "
             "depth-first, looking the candidates up in a table from prefix to words; yield every square.",
             "list-of-successes", nodes=NodeLimit(1.0)),
    Exercise("squares-most-constrained", "word-squares", 3, "Most constrained row first",
             "Fill next the open row (and so column) with the fewest words that fit the letters it already holds, "
             "and back off as soon as one has none: every square, in fewer nodes than plain backtracking.",
             "backtracking", nodes=NodeLimit(1.0)),
    Exercise("blocks-backtracking", "building-blocks", 1, "Backtracking with a shelf of blocks",
             "Fill the patterns in order from each one's candidates, taking the word's blocks off a shelf and "
             "putting them back when you back off; yield every solution once (words of identical patterns in "
             "alphabetical order).", "regex-scan"),
    Exercise("blocks-forward-checking", "building-blocks", 2, "Most constrained pattern, forward checking",
             "After each word, strike from the other patterns every candidate that needs a block no longer on the "
             "shelf, back off when a pattern has none left, and fill next the pattern with fewest candidates.",
             "backtracking", nodes=NodeLimit(1.5)),
]}


def exercise(name: str) -> Exercise:
    """The exercise called `name`, or a `WordlabError` listing them all."""
    if name not in EXERCISES:
        raise WordlabError(f"unknown exercise {name!r}; the exercises are: {', '.join(EXERCISES)}")
    return EXERCISES[name]


def exercises(puzzle: str | None = None):
    """The exercises (of `puzzle`, if given) as a pandas DataFrame: id, puzzle, level, title, reference, checked."""
    import pandas as pd

    chosen = [e for e in EXERCISES.values() if puzzle is None or e.puzzle == puzzle]
    if not chosen:
        raise WordlabError(f"no exercises for {puzzle!r}; puzzles with exercises: "
                           f"{', '.join(dict.fromkeys(e.puzzle for e in EXERCISES.values()))}")
    return pd.DataFrame([{"id": e.id, "puzzle": e.puzzle, "level": e.level, "title": e.title,
                          "reference": e.reference, "checked": e.demanded} for e in chosen])
