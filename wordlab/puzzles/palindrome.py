"""Palindromic pangrams: the shortest word sequence that reads the same backwards and uses every letter.

ITA Software's retired hiring puzzle, on its dictionary WORD.LST (`load("ita")`).

The representation: the palindrome's first half `q` is spelled twice at once, by the *left* words read
forwards (a walk in the forward trie) and by the *right* words read backwards (a walk in the trie of
reversed words). Both walks take a letter together; at a word end either walk may jump back to its
root (the "loopy" back edge). Every letter of `q` appears twice in the palindrome, so a state at depth
k has cost g = 2k. The search ends when one walk stops at a word end and the other finishes its word
with a palindromic tail t (the centre), so the total length is 2k + len(t).

Coverage is a 26-bit letter set. With m letters still missing, each must appear twice in what is left
except one at the centre, so h = max(0, 2m - 1) never overestimates: f = g + h is the write-up's
"g = letters so far, h from missing letters", and is 2·|alphabet| - 1 plus twice the repeated letters.

Strategies (all anytime: `stream` yields each improving solution with its time and node count):
`beam-stack` (the write-up's: complete, memory-bounded beam search on the generic engine), `astar`
(generic, admissible h), and two exhaustive searches that grow the phrase from the centre outwards
(`palindrome_proof`, where the bounds can see everything still to come): `iterative-deepening` (one
search per length from the lower bound up: each finished length proves nothing that short exists) and
`branch-and-bound` (the fastest: a beam pass for an incumbent, then one search below it that lowers its
limit at each solution). On all of WORD.LST beam-stack search (width 100, ties in f broken toward the
easiest missing letters, see `PalindromeProblem.order_key`) finds 59 letters within a fraction of a
second here, four fewer than the write-up's best; the measured proofs are in data/palindrome/README.md.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, NamedTuple

from wordlab.errors import WordlabError
from wordlab.search import (Budget, Found, Probe, SearchProblem, SearchResult, budgeted, iter_solutions,
                            pick)
from wordlab.structures import Trie
from wordlab.structures.letters import ALPHABET, letters, letterset
from wordlab.structures.trie import END
from wordlab.words import WordList, as_wordlist

from . import palindrome_proof as proof

Phrase = tuple[str, ...]


# -- the puzzle: a dictionary indexed as a trie pair --------------------------------------------------


@dataclass
class Palindromes:
    """A dictionary ready for the search: forward and reversed tries, palindromic word tails, the
    letters to cover (`required`, a letter set) and, per letter, how rare it is: `rarity` (a rank, for
    move ordering) and `scarcity` (-log of the share of words holding it, in thousandths, for ranking)."""

    words: WordList
    required: int
    forward: Trie
    backward: Trie
    centres: dict[int, tuple[tuple[int, int, str], ...]]
    rarity: dict[str, int]
    scarcity: tuple[int, ...]
    tables: dict = field(default_factory=dict, repr=False)  # the inside-out search's, per allowance of repeats

    @property
    def lower_bound(self) -> int:
        """No palindromic pangram is shorter: each required letter twice, but one at the centre."""
        return max(0, 2 * self.required.bit_count() - 1)

    def tails(self, node: dict) -> tuple[tuple[int, int, str], ...]:
        """The palindromic tails t (length, letter set, text) that finish a word from this trie node."""
        return self.centres.get(id(node), ())


def index(words, alphabet: str = ALPHABET) -> Palindromes:
    """Validate `words` (a WordList, a spec such as "ita", or any iterable) and build the trie pair.

    Raises WordlabError for an empty dictionary, a word that is not lowercase a–z, letters of
    `alphabet` that no word contains, or a dictionary in which no palindrome can start and end.
    """
    wordlist = words if isinstance(words, WordList) else as_wordlist(_checked_words(words))
    _check_dictionary(wordlist.words, alphabet)
    forward, backward = Trie(wordlist.words), Trie(w[::-1] for w in wordlist.words)
    centres: dict[int, tuple] = {}
    _add_centres(forward, wordlist.words, centres)
    _add_centres(backward, [w[::-1] for w in wordlist.words], centres)
    counts = {c: 0 for c in ALPHABET}
    for word in wordlist.words:
        for c in word:
            counts[c] += 1
    rarity = {c: rank for rank, c in enumerate(sorted(ALPHABET, key=lambda c: (counts[c], c)))}
    scarcity = _scarcity(wordlist.words)
    return Palindromes(wordlist, letterset(alphabet), forward, backward, centres, rarity, scarcity)


def _scarcity(words) -> tuple[int, ...]:
    """Per letter a..z, -1000·log(share of words that hold it): 0 for a letter in every word, about
    5,000 for q in WORD.LST (it is in 1 word in 150); letters no word holds get the largest value."""
    holders = [0] * 26
    for word in words:
        for c in set(word):
            holders[ord(c) - 97] += 1
    rarest = -math.log(0.5 / len(words))
    return tuple(round(1000 * (-math.log(n / len(words)) if n else rarest)) for n in holders)


def _checked_words(words) -> list[str]:
    if isinstance(words, str):
        return words  # a spec: as_wordlist loads it
    words = list(words)
    for word in words:
        if not isinstance(word, str) or not word.isascii() or not word.isalpha() or not word.islower():
            raise WordlabError(f"palindrome words must be lowercase letters a-z; {word!r} is not")
    return words


def _check_dictionary(words: tuple[str, ...], alphabet: str) -> None:
    if not alphabet or not set(alphabet) <= set(ALPHABET):
        raise WordlabError(f"the alphabet to cover must be letters a-z, not {alphabet!r}")
    if not words:
        raise WordlabError("the dictionary is empty: no palindromic pangram can be made")
    missing = letterset(alphabet) & ~letterset("".join(words))
    if missing:
        raise WordlabError(f"no word contains the letter(s) {letters(missing)!r}, so no pangram is possible")
    firsts, lasts = {w[0] for w in words}, {w[-1] for w in words}
    if not firsts & lasts and not any(w == w[::-1] for w in words):
        raise WordlabError("no palindromic completion is possible: no letter both starts and ends a word")


def _add_centres(trie: Trie, words, centres: dict) -> None:
    """For every word and every split point whose tail is a palindrome, remember that tail."""
    for word in words:
        node = trie.root
        for i in range(len(word) + 1):
            tail = word[i:]
            if tail == tail[::-1]:
                entry = (len(tail), letterset(tail), tail)
                known = centres.get(id(node), ())
                if entry not in known:
                    centres[id(node)] = known + (entry,)
            if i < len(word):
                node = node[word[i]]


# -- phrases and their independent check --------------------------------------------------------------


def verify(phrase: Phrase | str, words, alphabet: str = ALPHABET) -> bool:
    """Is `phrase` a palindromic pangram of `words`? Checked from scratch, without the search's tries."""
    parts = phrase.split() if isinstance(phrase, str) else list(phrase)
    vocabulary = set(words)
    text = "".join(parts)
    return (bool(parts) and all(p in vocabulary for p in parts) and text == text[::-1]
            and set(alphabet) <= set(text))


def length(phrase: Phrase) -> int:
    """Letters in a phrase, spaces not counted."""
    return sum(map(len, phrase))


class Half(NamedTuple):
    """A state of the letter-level search: the first half `q` spelled so far, the start positions of
    the left words (forward) and of the right words (reversed) in `q`, the letters covered, and,
    once finished, `centre` = which walk finished ("<" left, ">" right) followed by the palindromic tail."""

    q: str
    left: tuple[int, ...]
    right: tuple[int, ...]
    covered: int
    centre: str = ""


def phrase_of(state: Half) -> Phrase:
    """The word sequence a finished state spells, left to right."""
    q, side, tail = state.q, state.centre[:1], state.centre[1:]
    left = _split(q, state.left)
    right = _split(q, state.right)
    if side == "<":   # the left walk finished its last word with the tail; the right walk stopped
        left[-1] += tail
    else:             # the right walk finished its last (reversed) word; the left walk stopped
        right[-1] += tail
    return tuple(w for w in left if w) + tuple(w[::-1] for w in reversed(right) if w)


def _split(q: str, starts: tuple[int, ...]) -> list[str]:
    ends = starts[1:] + (len(q),)
    return [q[a:b] for a, b in zip(starts, ends)]


# -- the search problem for the generic strategies -----------------------------------------------------


class PalindromeProblem(SearchProblem):
    """Letter-level states (`Half`) for the generic strategies: each letter costs 2 (it appears in both
    halves), a finishing move costs the centre tail; h = 2·(missing letters) - 1. (Filtering children
    with `hopeless` as well made beam-stack search on WORD.LST slower, when measured with alphabetical
    tie-breaking: 75 letters in 60 s, not 67.)"""

    def __init__(self, puzzle: Palindromes, max_length: int):
        self.puzzle, self.max_length = puzzle, max_length

    def start(self) -> Half:
        return Half("", (0,), (0,), 0)

    def is_goal(self, state: Half) -> bool:
        return bool(state.centre)

    def heuristic(self, state: Half) -> float:
        if state.centre:
            return 0
        return max(0, 2 * (self.puzzle.required & ~state.covered).bit_count() - 1)

    def order_key(self, state: Half) -> tuple:
        """Ties in f (same letters, same repeats) go to the state whose missing letters are easiest to
        find: the least total scarcity. On WORD.LST, width 300, this tie-break took beam-stack search from
        67 letters in a minute (ties broken alphabetically by the half) to 59 letters in 10 s."""
        missing, scarcity = self.puzzle.required & ~state.covered, self.puzzle.scarcity
        return sum(scarcity[i] for i in range(26) if missing >> i & 1), state

    def label(self, state: Half) -> str:
        return " ".join(phrase_of(state)) if state.centre else state.q or "·"

    def successors(self, state: Half):
        if state.centre:
            return []
        p, q, k = self.puzzle, state.q, len(state.q)
        fnode, rnode = p.forward.node(q[state.left[-1]:]), p.backward.node(q[state.right[-1]:])
        g = 2 * k
        out = [(_finished(state, side, fresh, tail), len(tail))
               for side, fresh, tail in _finishes(p, fnode, rnode, k, state.covered)
               if g + len(tail) <= self.max_length]
        for c, fresh_left, fresh_right, _, _ in _moves(p, fnode, rnode, k):
            covered = state.covered | letterset(c)
            child = Half(q + c, state.left + (k,) * fresh_left, state.right + (k,) * fresh_right, covered)
            if g + 2 + self.heuristic(child) <= self.max_length:
                out.append((child, 2))
        return out


def _moves(p: Palindromes, fnode: dict, rnode: dict, k: int):
    """Every next letter both walks accept: (letter, left word restarts?, right word restarts?, nodes)."""
    fchoices = [(fnode, 0)] + ([(p.forward.root, 1)] if k and END in fnode else [])
    rchoices = [(rnode, 0)] + ([(p.backward.root, 1)] if k and END in rnode else [])
    for f, fresh_f in fchoices:
        for r, fresh_r in rchoices:
            for c, fchild in f.items():
                if c != END and c in r:
                    yield c, fresh_f, fresh_r, fchild, r[c]


def _finishes(p: Palindromes, fnode: dict, rnode: dict, k: int, covered: int):
    """Ways to end at depth k: (side, new word?, tail) where one walk stops at a word end and the other
    finishes its word (or a new one) with a palindromic tail that covers every letter still missing."""
    need = p.required & ~covered
    if k == 0 or END in rnode:  # the right walk stops here; the left walk finishes
        yield from _tails("<", p, fnode, p.forward.root, k, need)
    if k and END in fnode:      # the left walk stops here; the right walk finishes
        yield from _tails(">", p, rnode, p.backward.root, k, need)


def _tails(side: str, p: Palindromes, node: dict, root: dict, k: int, need: int):
    for fresh, start in ((0, node), (1, root)) if k and END in node else ((0, node),):
        for size, mask, tail in p.tails(start):
            if need & ~mask == 0 and (size or k):
                yield side, fresh, tail


def _finished(state: Half, side: str, fresh: int, tail: str) -> Half:
    """The finished state: the walk that finishes may start a new word (the tail) at the centre."""
    k = len(state.q)
    left = state.left + (k,) * (fresh and side == "<")
    right = state.right + (k,) * (fresh and side == ">")
    return Half(state.q, left, right, state.covered, side + tail)


# -- results, streams and strategies -------------------------------------------------------------------


@dataclass
class PalindromeResult(SearchResult):
    """Solutions (phrases, costs in letters, when found), and `proved`: a length below which no
    palindromic pangram exists (at least the counting bound 2·|alphabet| - 1; more when an exhaustive
    search finished)."""

    proved: int = 0
    milestones: list[dict] = field(default_factory=list)  # when each higher lower bound was proved

    @property
    def optimal(self) -> bool:
        """Is the best solution proved shortest?"""
        best = self.best
        return best is not None and best.cost <= self.proved


@dataclass
class Run:
    """The settings of one strategy run and what it has proved so far."""

    puzzle: Palindromes
    max_length: int
    probe: Probe | None
    budget: Budget | None
    proved: int = 0
    clock: float = field(default_factory=time.perf_counter)
    milestones: list[dict] = field(default_factory=list)

    def __post_init__(self):
        for tables in self.puzzle.tables.values():
            tables.forget()  # each run starts with an empty transposition table: counts are reproducible

    def prove(self, bound: int) -> None:
        """Record that no phrase shorter than `bound` exists (an exhaustive search just finished)."""
        if bound > self.proved:
            self.proved = bound
            self.milestones.append({"proved": bound, "seconds": round(time.perf_counter() - self.clock, 3),
                                    "nodes": self.probe.nodes if self.probe else 0})

    def found(self, words: Phrase) -> Found:
        """A verified solution, timestamped, reported to the probe."""
        text = " ".join(words)
        if not verify(words, self.puzzle.words, letters(self.puzzle.required)):
            raise AssertionError(f"the search produced an invalid phrase: {text!r}")
        nodes = self.probe.nodes if self.probe else 0
        found = Found(text, length(words), time.perf_counter() - self.clock, nodes)
        if self.probe:
            self.probe.solutions.append(found)
        return found


COMPLETE = {"astar", "beam-stack"}  # generic strategies whose finished run proves the last solution optimal


def _stream_generic(run: Run, strategy: str, **options) -> Iterator[Found]:
    """Improving solutions from a generic strategy on the letter-level problem."""
    problem = PalindromeProblem(run.puzzle, run.max_length)
    best = math.inf
    probe = run.probe
    for goal in iter_solutions(problem, strategy, probe=probe, budget=run.budget, **options):
        if probe:
            probe.solutions.pop()  # the engine recorded the state; record the verified phrase instead
        if goal.cost < best:
            best = goal.cost
            yield run.found(phrase_of(goal.value))
            if strategy == "astar":
                run.prove(int(best))  # the first goal A* pops is optimal
                return
    if strategy in COMPLETE and (run.budget is None or run.budget.stopped is None):
        run.prove(int(min(best, run.max_length + 1)))


def _stream_deepening(run: Run, workers: int = 1) -> Iterator[Found]:
    """Exhaustive inside-out search for each length from the lower bound up; the first hit is optimal."""
    for limit in range(run.puzzle.lower_bound, run.max_length + 1):
        for phrase in proof.search(tables_for(run.puzzle, limit), limit, run.probe, run.budget, workers):
            run.prove(limit)
            yield run.found(phrase)
            return
        run.prove(limit + 1)


SCOUT_WIDTH = 100  # the beam that gives branch and bound its first incumbent


def _stream_bound(run: Run, workers: int = 1) -> Iterator[Found]:
    """One beam pass for an incumbent, then one exhaustive inside-out search under a limit one letter
    below it, which lowers the limit at each solution it finds; when it ends, the last is optimal."""
    best = None
    for best in _stream_generic(run, "beam", width=SCOUT_WIDTH):
        yield best
    limit = min(best.cost - 1, run.max_length) if best else run.max_length
    if limit >= run.puzzle.lower_bound:
        for phrase in proof.search(tables_for(run.puzzle, limit), limit, run.probe, run.budget, workers):
            best = run.found(phrase)
            yield best
    run.prove(best.cost if best else run.max_length + 1)


def tables_for(puzzle: Palindromes, limit: int) -> proof.Tables:
    """The inside-out search's tables for phrases of at most `limit` letters, built once per allowance
    of repeated letters (they hold for every shorter limit too)."""
    most = proof.allowed_waste(limit, puzzle.required.bit_count())
    if most not in puzzle.tables:
        alphabet = letters(puzzle.required)
        puzzle.tables[most] = proof.build_tables(puzzle.words.words, alphabet,
                                                 "".join(sorted(alphabet, key=puzzle.rarity.__getitem__)), most)
    return puzzle.tables[most]


def _run(puzzle, make_stream: Callable[[Run], Iterator[Found]], probe, budget, max_length) -> PalindromeResult:
    puzzle = puzzle if isinstance(puzzle, Palindromes) else index(puzzle)
    run = Run(puzzle, _max_length(puzzle, max_length), probe, budget, proved=puzzle.lower_bound)
    with budgeted(budget, PalindromeResult()) as result:
        result.solutions.extend(make_stream(run))
    result.proved, result.milestones = run.proved, run.milestones
    return result


def _max_length(puzzle: Palindromes, max_length: int | None) -> int:
    if max_length is None:
        return puzzle.lower_bound + 30
    if not isinstance(max_length, int) or max_length < 1:
        raise WordlabError(f"max_length must be a positive integer, not {max_length!r}")
    return max_length


def beam_stack(puzzle, *, width: int = 100, max_length: int | None = None, probe: Probe | None = None,
               budget: Budget | None = None) -> PalindromeResult:
    """The write-up's beam-stack search (generic engine) with f = 2·letters + (2·missing - 1): a beam of
    `width` states per letter layer that backtracks through the layers it cut, so it is anytime and
    complete. Memory O(width · depth · 26); time grows with how often the beam must backtrack."""
    return _run(puzzle, lambda run: _stream_generic(run, "beam-stack", width=width), probe, budget, max_length)


def astar(puzzle, *, max_length: int | None = None, probe: Probe | None = None,
          budget: Budget | None = None) -> PalindromeResult:
    """A* (generic engine) with the admissible h = 2·missing - 1: the first finished state popped is
    optimal. Memory is every state with f below the optimum, which on WORD.LST is far too many."""
    return _run(puzzle, lambda run: _stream_generic(run, "astar"), probe, budget, max_length)


def iterative_deepening(puzzle, *, max_length: int | None = None, workers: int = 1, probe: Probe | None = None,
                        budget: Budget | None = None) -> PalindromeResult:
    """Exhaustive inside-out search (`palindrome_proof`) for length L = lower bound, L + 1, ...: each
    finished length proves nothing that short exists, and the first solution is optimal. Tables are
    rebuilt when L allows one more repeated letter (every second length). Memory: the tables and one
    transposition table per worker thread; time ≈ the last length's search."""
    return _run(puzzle, lambda run: _stream_deepening(run, _workers(workers)), probe, budget, max_length)


def branch_and_bound(puzzle, *, max_length: int | None = None, workers: int = 1, probe: Probe | None = None,
                     budget: Budget | None = None) -> PalindromeResult:
    """The fastest: a beam pass (width 100) for a first solution, then one exhaustive inside-out search
    (`palindrome_proof`) under a limit one letter below it, lowered at each solution it finds; when it
    ends the last solution is proved optimal. Without a beam solution the limit is max_length.
    Memory: the tables and one transposition table per worker thread; the proof is what takes the time."""
    return _run(puzzle, lambda run: _stream_bound(run, _workers(workers)), probe, budget, max_length)


def _workers(workers) -> int:
    if not isinstance(workers, int) or workers < 1:
        raise WordlabError(f"workers must be a positive integer, not {workers!r}")
    return workers


STRATEGIES: dict[str, Callable[..., PalindromeResult]] = {
    "beam-stack": beam_stack,
    "astar": astar,
    "iterative-deepening": iterative_deepening,
    "branch-and-bound": branch_and_bound,
}

STREAMS: dict[str, Callable[..., Iterator[Found]]] = {
    "beam-stack": lambda run, width=100: _stream_generic(run, "beam-stack", width=width),
    "astar": lambda run: _stream_generic(run, "astar"),
    "iterative-deepening": lambda run, workers=1: _stream_deepening(run, _workers(workers)),
    "branch-and-bound": lambda run, workers=1: _stream_bound(run, _workers(workers)),
}


def solve(puzzle, strategy: str = "branch-and-bound", probe: Probe | None = None, budget: Budget | None = None,
          **options) -> PalindromeResult:
    """Run the named strategy on `puzzle` (a Palindromes index, a WordList, a spec or words).

    Raises WordlabError when the search finished without any palindromic pangram within max_length."""
    result = pick(STRATEGIES, strategy)(puzzle, probe=probe, budget=budget, **options)
    if not result.solutions and result.exhausted:
        raise WordlabError(f"no palindromic pangram of at most {result.proved - 1} letters exists "
                           "in this dictionary")
    return result


def stream(puzzle, strategy: str = "branch-and-bound", probe: Probe | None = None, budget: Budget | None = None,
           max_length: int | None = None, **options) -> Iterator[Found]:
    """Yield each improving solution as the named strategy finds it (anytime); ends quietly when the
    budget runs out (`budget.stopped` says why)."""
    make = pick(STREAMS, strategy)
    puzzle = puzzle if isinstance(puzzle, Palindromes) else index(puzzle)
    run = Run(puzzle, _max_length(puzzle, max_length), probe, budget, proved=puzzle.lower_bound)
    with budgeted(budget):
        yield from make(run, **options)


# -- command line --------------------------------------------------------------------------------------


def add_arguments(parser, command: str) -> None:
    from wordlab.cli import add_budget_options, add_strategy_option, add_words_option

    add_words_option(parser, "ita")
    parser.add_argument("--alphabet", default=ALPHABET, help="letters the phrase must use (default a-z)")
    parser.add_argument("--max-length", type=int, default=None,
                        help="longest phrase searched for, in letters (default: lower bound + 30)")
    parser.add_argument("--width", type=int, default=100, help="beam width of beam-stack search (default 100)")
    parser.add_argument("--workers", type=int, default=1,
                        help="threads for the exhaustive searches (iterative-deepening, branch-and-bound; default 1)")
    add_strategy_option(parser, STRATEGIES, default="beam-stack", many=command == "bench")
    add_budget_options(parser)
    if command == "bench":
        parser.add_argument("--save", metavar="JSON", help="also write the anytime results to this file")


def _options(args, strategy: str) -> dict:
    if strategy == "beam-stack":
        return {"width": args.width}
    return {"workers": args.workers} if strategy in ("iterative-deepening", "branch-and-bound") else {}


def _describe(name: str, result: PalindromeResult, probe: Probe) -> dict:
    best = result.best
    return {
        "strategy": name,
        "best": best.cost if best else None,
        "phrase": best.value if best else None,
        "proved": result.proved,
        "optimal": result.optimal,
        "stopped": result.stopped,
        "nodes": probe.nodes,
        "seconds": round(probe.elapsed, 3),
        "solutions": [{"letters": f.cost, "seconds": round(f.seconds, 3), "nodes": f.nodes, "phrase": f.value}
                      for f in result.solutions],
        "proofs": result.milestones,
    }


def _summary_line(row: dict) -> str:
    best = f"{row['best']} letters" if row["best"] else "no solution"
    proof = "proved optimal" if row["optimal"] else f"nothing shorter than {row['proved']} (proved)"
    return f"{row['strategy']}: {best}; {proof}; {row['nodes']:,} nodes in {row['seconds']:.1f} s" + (
        f"; stopped: {row['stopped']}" if row["stopped"] else "")


def _command(args) -> str:
    """The command line that reproduces a bench run."""
    parts = ["wordlab bench palindrome", f"--words {args.words}", f"--strategies {' '.join(args.strategies)}",
             f"--width {args.width}", f"--workers {args.workers}", f"--max-seconds {args.max_seconds or 10.0:g}"]
    if args.alphabet != ALPHABET:
        parts.append(f"--alphabet {args.alphabet}")
    if args.max_length is not None:
        parts.append(f"--max-length {args.max_length}")
    if args.max_nodes is not None:
        parts.append(f"--max-nodes {args.max_nodes}")
    return " ".join(parts)


def cli_solve(args):
    from wordlab.cli import budget_from
    from wordlab.puzzles import Report

    puzzle = index(args.words, args.alphabet)
    probe = Probe()
    result = solve(puzzle, args.strategy, probe=probe, budget=budget_from(args), max_length=args.max_length,
                   **_options(args, args.strategy))
    row = _describe(args.strategy, result, probe)
    lines = [f"{s['letters']:>3} letters at {s['seconds']:8.2f} s, {s['nodes']:>11,} nodes: {s['phrase']}"
             for s in row["solutions"]]
    return Report("\n".join(lines + [_summary_line(row)]), row)


def cli_bench(args):
    """Run each strategy under the same budget (default 10 s each) and tabulate best length and nodes."""
    import json

    from wordlab import bench
    from wordlab.puzzles import Report

    puzzle = index(args.words, args.alphabet)
    rows: dict[str, dict] = {}

    def runner(name: str):
        def run_one(given, probe=None):
            probe = probe or Probe()
            budget = Budget(nodes=args.max_nodes, seconds=args.max_seconds if args.max_seconds else 10.0)
            result = STRATEGIES[name](given, probe=probe, budget=budget, max_length=args.max_length,
                                      **_options(args, name))
            rows[name] = _describe(name, result, probe)
            return result
        return run_one

    frame = bench.run({name: runner(name) for name in args.strategies}, {puzzle.words.name: puzzle}, repeats=1,
                      count=False, describe=lambda r: r.best.cost if r.best else None)
    frame["calls"] = [rows[name]["nodes"] for name in frame["strategy"]]
    frame["proved"] = [rows[name]["proved"] for name in frame["strategy"]]
    data = {"command": _command(args), "words": puzzle.words.describe(),
            "strategies": list(rows.values())}
    if args.save:
        with open(args.save, "w") as out:
            json.dump(data, out, indent=1)
    text = bench.format_table(frame, f"palindromic pangram on {puzzle.words.name}: best length (answer), "
                              "proved lower bound, nodes (calls)")
    return Report(text + "\n" + "\n".join(_summary_line(r) for r in rows.values()), data)


def record_trie(trie: Trie, probe: Probe) -> Probe:
    """Record a (small) trie's nodes in `probe`'s tree, labelled by letter (● marks a word end), so
    `wordlab.viz.draw_tree` can picture it."""
    def walk(node: dict, depth: int, parent: int | None, label: str) -> None:
        me = probe.node(depth, label + ("●" if END in node else ""), parent)
        for c in sorted(k for k in node if k != END):
            walk(node[c], depth + 1, me, c)

    walk(trie.root, 0, None, "root")
    return probe
