"""Palindromic pangrams: the shortest word sequence that reads the same backwards and uses every letter.

ITA Software's retired hiring puzzle, on its dictionary WORD.LST (`load("ita")`).

The representation: the palindrome's first half `q` is spelled twice at once, by the *left* words read
forwards (a walk in the forward trie) and by the *right* words read backwards (a walk in the trie of
reversed words). Both walks take a letter together; at a word end either walk may jump back to its
root (the "loopy" back edge). Every letter of `q` appears twice in the palindrome, so a state at depth
k has cost g = 2k. The search ends when one walk stops at a word end and the other finishes its word
with a palindromic tail t (the centre), so the total length is 2k + len(t). A phrase is two or more
words: a palindromic word alone is none.

Coverage is a 26-bit letter set. With m letters still missing, each must appear twice in what is left
except one at the centre, so h = max(0, 2m - 1) never overestimates: f = g + h is the write-up's
"g = letters so far, h from missing letters", and is 2·|alphabet| - 1 plus twice the repeated letters.

Strategies (each yields every improving phrase with its length, and `Bound(L)` whenever it has proved
that nothing shorter than L letters exists): `beam-stack` (the write-up's: complete, memory-bounded
beam search on the generic engine), `astar` (generic, admissible h), and two exhaustive searches that
grow the phrase from the centre outwards (`kernel`, where the bounds can see everything still
to come): `iterative-deepening` (one search per length from the lower bound up: each finished length
proves nothing that short exists) and `branch-and-bound` (a beam pass for an incumbent, then one search
below it that lowers its limit at each solution); `rarest-first` (the default) is branch and bound with the
inside-out search cut into units taken from a priority queue, those holding the rarest letters first, which
finds WORD.LST's 57 letters within a minute. Proofs too long for one sitting run unit by unit with a ledger
(`ledger`); the measured runs are in data/palindrome/README.md.

The parts: `puzzle` (the dictionary, phrases, `verify`, `render`, `is_move`), `anytime` (the letter-level
search from both ends on the generic engine), `kernel` (the compiled inside-out search and its bounds),
`ledger` (a length's proof cut into work units, kept in a ledger, run on Dask; the search by promise),
`strategies` (the registry and `solve`), `decide` (a phrase and the proof that nothing is shorter) and
`fewest` (the fewest words, letters unbounded).

What the step-through player draws (`render`): `Walks`, a letter-level state (`Half`: the half spelled by
both walks, with its word starts, covered letters and, once finished, its centre) with the letters to
cover; and `Proof`, the compiled inside-out search of phrases up to a length, or a phrase it found.
`is_move` says which step from one to the next is a move.

What the strategies tell a probe: beam-stack and astar (and branch-and-bound's first beam) are the generic
strategies of `wordlab.search` over `PalindromeProblem`, so every state they expand is a `probe.expand`
under the node that generated it, with the frontier's g, h and f, and a beam's cut is one `probe.prune`.
The compiled search keeps no states: it only counts its nodes by depth, so a recording probe sees one
`probe.call` per search (n=0: its nodes are the kernel's, already counted), one per phrase found under it,
and a `probe.backtrack` when the search is finished. A minimal strategy to start from is in
docs/puzzles/palindrome.md.
"""

from __future__ import annotations

from .anytime import PalindromeProblem
from .puzzle import (EXAMPLE, LONGEST_WORD, Half, Palindromes, Phrase, Proof, Walks, example, index, is_move, length,
                     parse, phrase_of, random_dictionary, record_trie, render, verify)
from .strategies import (DEFAULT_STRATEGY, SCOUT_WIDTH, STRATEGIES, Answer, astar, beam_stack, branch_and_bound,
                         iterative_deepening, solve)
