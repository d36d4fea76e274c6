"""The whole answer in one call: find a short phrase, then prove the length one letter below it impossible.

A phrase of L letters shows the shortest has at most L; the ledger's proof that no phrase of at most L - 1
letters exists shows it has at least L. The search by promise (`rarest-first`) gives the phrase; the ledger
(`ledger.prove`) gives the proof, unit by unit, so a stopped run resumes. Should the proof meet a shorter
phrase, the proof moves one letter below that one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from wordlab.errors import WordlabError
from wordlab.search import Budget

from . import ledger
from .puzzle import index, length, verify
from .strategies import solve


@dataclass
class Decision:
    """The shortest phrase and its evidence: the claim of the ledger that nothing shorter exists."""

    phrase: str
    letters: int
    found_by: str
    claim: ledger.Claim

    def sentence(self) -> str:
        c = self.claim
        proof = (c.reason if c.reason else f"{c.units:,} units, {c.nodes:,} nodes, {c.seconds:,.1f} s of search; "
                                            f"ledger sha256 {c.checksum}")
        return (f"the shortest palindromic pangram in {c.words} has {self.letters} letters: {self.phrase!r} "
                f"(found by {self.found_by}); none of at most {c.length} letters exists ({proof})")

    def as_dict(self) -> dict:
        return {"phrase": self.phrase, "letters": self.letters, "found_by": self.found_by,
                "proof": self.claim.as_dict()}


def decide(words, ledger_path, *, alphabet: str, name: str | None = None, budget: Budget | None = None,
           scheduler: str | None = None, workers: int = 1,
           report: Callable[[str], None] = print) -> Decision:
    """Find a phrase with `rarest-first` (on `workers` threads) under `budget`, then prove the length below it impossible in the
    ledger (`{code}` in `ledger_path` is replaced by each length's code version), going one letter below any
    shorter phrase the proof meets. Raises WordlabError when the budget finds no phrase to start from.
    `scheduler` None runs the proof on `workers` threads of this process, which holds the proof's tables
    once built (worker processes would each read their own copy, gigabytes on WORD.LST)."""
    puzzle = index(words, alphabet)
    found = solve(puzzle, "rarest-first", budget=budget, workers=workers)
    if not found.best:
        raise WordlabError(f"no palindromic pangram found to start the proof from ({found.stopped or 'none exists'}"
                           f"); give the search more --max-seconds")
    phrase, letters, by = found.best.value, found.best.cost, "rarest-first"
    report(f"found {letters} letters by rarest-first: {phrase!r}; proving {letters - 1} impossible")
    while True:
        claim = ledger.prove(puzzle.words, letters - 1, ledger_path, alphabet=alphabet, name=name,
                             scheduler=scheduler or "threads", workers=workers, report=report, until_found=True)
        if claim.impossible:
            if not verify(puzzle, phrase):
                raise AssertionError(f"the phrase {phrase!r} fails verify")
            return Decision(phrase, letters, by, claim)
        if not claim.phrase:
            raise WordlabError(f"length {letters - 1} is not settled in the ledger {ledger_path}")
        phrase, letters, by = claim.phrase, length(claim.phrase.split()), f"the ledger of length {letters - 1}"
        report(f"the proof met {letters} letters: {phrase!r}; proving {letters - 1} impossible")
