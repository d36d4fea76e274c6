"""Exercises that check themselves: `wordlab.exercise("ladder-bfs-graph").check(mine)`.

Each exercise belongs to one puzzle notebook, from easy (level 1) to hard (3): a prompt, the built-in it is
measured against (`reference`), and what `check` demands beyond verified answers (the optimum, and at most so
many nodes). Model answers live in `wordlab.solutions`, which the notebooks do not show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

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
    as_good: float | None = None  # a cost at most as_good × the reference's; a score at least the reference's
    judge: Callable[[Any, Any], str | None] | None = None  # (given, answer) → what is wrong, or None
    judged: str = ""  # what `judge` asks, in words

    def demands(self) -> Demands:
        return Demands(optimal=self.optimal, nodes=self.nodes, reference=self.reference, as_good=self.as_good,
                       judge=self.judge)

    @property
    def demanded(self) -> str:
        """What `check` asks for, in words."""
        parts = ["verified answers" if self.puzzle not in ("word-squares", "building-blocks") else "every solution"]
        if self.optimal:
            parts.append("the optimum")
        if self.judged:
            parts.append(self.judged)
        if self.as_good is not None:
            times = "" if self.as_good == 1 else f"{self.as_good:g} × "
            parts.append(f"a score at least {self.reference}'s" if self.puzzle == "shredded" else
                         f"an interval at most {times}{self.reference}'s width" if self.puzzle == "tuesday" else
                         f"a cost at most {times}{self.reference}'s")
        if self.nodes is not None:
            times = "" if self.nodes.factor == 1 else f"{self.nodes.factor:g} × "
            parts.append(f"at most {self.nodes.about}" if self.nodes.count else
                         f"at most {times}{self.reference}'s nodes")
            if self.nodes.fewer:
                parts.append(f"{self.nodes.fewer:.0%} fewer than {self.reference}'s on at least one instance")
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


def _exact_estimate(experiment, estimate) -> str | None:
    """Is the estimate the probability itself (the share of two boys among the families kept, exactly)?"""
    from fractions import Fraction

    from wordlab.puzzles import tuesday

    truth, tally = tuesday.exact(experiment.condition), estimate.tally
    if Fraction(tally.both_boys, tally.accepted) == truth:
        return None
    return (f"not exact: estimate {tally.both_boys:,}/{tally.accepted:,} = {estimate.estimate:.4f}, "
            f"the probability is {truth} = {float(truth):.4f}")


STRAY = 4.0  # standard errors: a fair sampler's estimate strays further about once in 15,000 runs


def _near_exact(experiment, estimate) -> str | None:
    """Is the estimate within `STRAY` standard errors (of its kept families) of the exact probability?"""
    import math

    from wordlab.puzzles import tuesday

    truth, kept = tuesday.exact(experiment.condition), estimate.tally.accepted
    spread = math.sqrt(truth * (1 - truth) / kept)
    off = abs(estimate.estimate - truth)
    if off <= STRAY * spread:
        return None
    return (f"biased: estimate {estimate.estimate:.4f} is {off / spread:.1f} standard errors from the exact "
            f"{truth} = {float(truth):.4f} (a fair sampler strays past {STRAY:g} once in 15,000 runs)"
            if spread else f"biased: estimate {estimate.estimate:.4f}, the exact probability is {truth}")


def _families(experiment) -> int:
    return experiment.samples


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
             "placing a digit, back off at once when some blank peer has no digit left. The reference stops at its "
             "first solution; nodes are counted up to your first solution, so you may go on to yield every one. To "
             "pass, use never more nodes than `sequential` on any instance, and at least 10% fewer on one or more "
             "of them (the same count is no saving).",
             "sequential", nodes=NodeLimit(1.0, fewer=0.1, hint="add forward checking: after placing a digit, back "
                                                                  "off when a blank peer has no digit left")),
    Exercise("sudoku-fewest-options", "sudoku", 2, "Fewest options first",
             "Fill the blank with the fewest digits left first (the most constrained variable), and when it has "
             "none, back off. The reference stops at its first solution; nodes are counted up to your first "
             "solution, so you may go on to yield every one. To pass, use at most 1.5 × `greedy`'s nodes on "
             "every instance.", "greedy", nodes=NodeLimit(1.5)),
    Exercise("bee-subset-sum", "spelling-bee", 1, "Score from a points table",
             "Build a table from letter set to points once; score a honeycomb by summing the points of its letter "
             "subsets that contain the centre (64 look-ups), one node per honeycomb scored; yield each better one.",
             "subset-sum", optimal=True, nodes=NodeLimit(1.0)),
    Exercise("bee-tighter-bound", "spelling-bee", 3, "A tighter bound",
             "Branch and bound visits pangram letter sets best bound first and stops when no bound can beat the "
             "best score. Its bound counts every subset whatever the centre. Find a tighter bound (never below "
             "the score of a honeycomb of those letters) so that fewer honeycombs are scored.",
             "branch-and-bound", optimal=True,
             nodes=NodeLimit(1.0, fewer=0.1, hint="tighten the bound: count only the subsets a centre letter could "
                                                    "score")),
    Exercise("squares-backtracking", "word-squares", 1, "Backtracking over a prefix table",
             "Row k of a word square starts with the letters column k already holds: fill the rows one at a time, "
             "depth-first, looking the candidates up in a table from prefix to words; yield every square.",
             "list-of-successes", nodes=NodeLimit(1.0)),
    Exercise("squares-most-constrained", "word-squares", 3, "Most constrained row first",
             "Fill next the open row (and so column) with the fewest words that fit the letters it already holds, "
             "and back off as soon as one has none: every square, in fewer nodes than plain backtracking.",
             "backtracking", nodes=NodeLimit(1.0, fewer=0.1, hint="fill next the open row with the fewest fitting "
                                                                    "words, and back off when one has none")),
    Exercise("blocks-backtracking", "building-blocks", 1, "Backtracking with a shelf of blocks",
             "Fill the patterns in order from each one's candidates, taking the word's blocks off a shelf and "
             "putting them back when you back off; yield every solution once (words of identical patterns in "
             "alphabetical order).", "regex-scan"),
    Exercise("blocks-forward-checking", "building-blocks", 2, "Most constrained pattern, forward checking",
             "After each word, strike from the other patterns every candidate that needs a block no longer on the "
             "shelf, back off when a pattern has none left, and fill next the pattern with fewest candidates.",
             "backtracking", nodes=NodeLimit(1.5)),
    Exercise("shredded-strongest-links", "shredded", 1, "Greedy chain of the strongest links",
             "Score every link (column i, then column j) by how much i on its left raises j's score over j read "
             "alone (`reading.pairs[i][j] - reading.starts[j]`, with `reading = shredded.Reading(grid, "
             "default_model(), budget)`). Take the links best first, skipping one that gives a column a second "
             "neighbour on a side or closes a loop, until one chain holds every column; yield it at its best "
             "rotation with `reading.score(order)`. One node per link looked at.",
             "greedy-chain", as_good=1.0, nodes=NodeLimit(count=lambda grid: grid.n * grid.n,
                                                          about="one node per link (n²)")),
    Exercise("shredded-beam", "shredded", 2, "A beam that keeps width k",
             "Build orders left to right, keeping the k best prefixes after each column (k = 50, or 200 for "
             "strips of one character). Rank a prefix by its regret: each column's `reading.gain(prefix, "
             "column)` minus `reading.best_gains[column]`, the most it gains as a row's first column or beside any one left neighbour, so that no prefix "
             "wins by leaving the hard columns for later. Let the full model pick among the complete orders, at "
             "their best rotation. One node per prefix expanded.", "beam", as_good=1.0),
    Exercise("palindrome-deepening", "palindrome", 1, "Depth-first, one length at a time",
             "Depth-first search of `PalindromeProblem(puzzle, L, budget)` (whose successors already drop the "
             "halves that cannot finish within L letters) for L = `puzzle.lower_bound`, L + 1, …: the first "
             "phrase found is a shortest one. Yield it as (the words joined by spaces, its letters).",
             "astar", optimal=True, nodes=NodeLimit(1.0)),
    Exercise("palindrome-beam", "palindrome", 2, "A beam over the letters of the half",
             "Keep, letter after letter, the k best halves by f = letters so far + `problem.heuristic(half)` "
             "(ties broken by `problem.order_key(half)`); yield each finished half (`problem.is_goal`) that is "
             "shorter than the last, and stop when no half left can beat it. Find the shortest phrase on "
             "every instance in fewer nodes than beam-stack search, which backtracks to prove it.",
             "beam-stack", optimal=True,
             nodes=NodeLimit(1.0, fewer=0.1, hint="keep the k best halves by f and stop when none left can beat "
                                                    "the best phrase, without backtracking")),
    Exercise("tuesday-every-family", "tuesday", 1, "Exact by counting every family",
             "Instead of drawing families at random, visit each of the 168 × 168 equally likely families once "
             "(`CHILDREN` for the elder, `CHILDREN` for the younger), counting in a `Tally` the families drawn, "
             "those meeting the condition and those of them with two boys; yield `estimate_of(tally)` and its "
             "width. The share is then the probability itself.",
             "numpy", nodes=NodeLimit(count=_families, about="one node per family"), judge=_exact_estimate,
             judged="the exact probability (from tuesday.exact)"),
    Exercise("tuesday-no-rejection", "tuesday", 2, "Draw only the families that count",
             "Rejection sampling throws most families away. List the families that meet the condition once, "
             "then draw `samples` of them uniformly with `random.Random(given.seed)`: every family drawn is "
             "kept, so the interval narrows faster. One node per family drawn.",
             "numpy", as_good=0.8, nodes=NodeLimit(count=_families, about="one node per family"),
             judge=_near_exact, judged=f"an estimate within {STRAY:g} standard errors of the exact probability"),
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
