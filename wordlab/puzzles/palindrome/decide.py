"""The whole answer in one call: find a short phrase, then prove the length one letter below it impossible.

A phrase of L letters shows the shortest has at most L; the ledger's proof that no phrase of at most L - 1
letters exists shows it has at least L. `rarest-first` gives the phrase: its beam pass, then its search by
promise up to the first phrase that search finds. From there on that search would be the proof itself, so the
ledger (`ledger.prove`) takes over, unit by unit, and a stopped run resumes. While the search by promise runs,
the proof's tables are built beside it, in another process. Should the proof meet a shorter phrase, the proof
moves one letter below that one.
"""

from __future__ import annotations

import multiprocessing
import time
from dataclasses import dataclass
from typing import Callable

from wordlab.errors import WordlabError
from wordlab.files import writable_file
from wordlab.search import Budget, BudgetExhausted

from . import kernel as proof
from . import ledger
from .puzzle import index, length, verify
from .anytime import _limit
from .strategies import by_promise, scouted


BESIDE_FROM_WORDS = 10_000  # smaller dictionaries build their tables in well under a second: no process for it


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
    """Find a phrase (`first_phrase`) under `budget`, then prove on `workers` threads that the length below it
    is impossible, in the ledger (`{code}` in `ledger_path` is replaced by each length's code version), going
    one letter below any shorter phrase the proof meets. Raises WordlabError when the budget finds no phrase to
    start from. `scheduler` None runs the proof on `workers` threads of this process, which maps the proof's
    tables once from the disk cache (no worker processes to start, each mapping them again)."""
    clock, builders = time.perf_counter(), []
    writable_file(str(ledger_path).replace("{code}", "code"), "the ledger")   # before the search's minute
    puzzle = index(words, alphabet)

    def beside(beam: int) -> None:
        """Once the beam has a phrase of `beam` letters: build the proof's tables beside the search (those of
        length beam - 3, which serve whether the search finds beam - 1 or beam - 2 letters, since tables
        change every second length), for a dictionary large enough for that to pay."""
        if beam - 3 >= puzzle.lower_bound and len(puzzle.words) >= BESIDE_FROM_WORDS:
            builders.append(build_beside(ledger.job_of(puzzle.words, beam - 3, alphabet, name)))

    phrase, letters, by = first_phrase(puzzle, budget, beside)
    report(f"found {letters} letters by {by} in {time.perf_counter() - clock:.1f} s: {phrase!r}; "
           f"proving {letters - 1} impossible")
    for builder in builders:
        if builder is not None:
            builder.join()
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


def first_phrase(puzzle, budget: Budget | None,
                 beside: Callable[[int], None] = lambda beam: None) -> tuple[str, int, str]:
    """(phrase, letters, found by): `rarest-first`'s beam pass, then its search by promise, on one thread, up to
    the first phrase below the beam's (or to the end of the budget or of that search). `beside` is told the
    beam's length once the search by promise has its tables, before it starts."""
    best = None
    if budget is not None:
        budget.start()
    try:
        for phrase, letters in scouted(puzzle, _limit(puzzle, None), budget=budget):
            best = phrase, letters, "rarest-first's beam pass"
        if best is None:
            raise WordlabError("no palindromic pangram found to start the proof from; give the search more "
                               "--max-seconds")
        if best[1] - 1 >= puzzle.lower_bound:
            puzzle.tables_for(best[1] - 1, budget)  # built before anything is built beside: both need the memory
            beside(best[1])
            for phrase, letters in by_promise(puzzle, best[1] - 1, budget=budget):
                return phrase, letters, "rarest-first"
    except BudgetExhausted:
        if best is None:
            raise WordlabError("no palindromic pangram found to start the proof from within the budget; give the "
                               "search more --max-seconds") from None
        best = best[:2] + (f"{best[2]} (its search by promise ran out of budget: a longer budget may find a "
                           f"shorter phrase sooner than the proof meets one)",)
    finally:
        if budget is not None:
            budget.close()
    return best


def build_beside(job: ledger.Job) -> multiprocessing.Process | None:
    """Build the job's tables into the disk cache, where the proof reads them (`kernel.cached_tables`), in a
    process of its own: building is mostly Python, at which two threads of one process take turns. None when
    the cache holds them already."""
    if proof.tables_path(job.words, job.alphabet, job.most_waste, proof.FINISH_TABLES_FROM).exists():
        return None
    process = multiprocessing.get_context("spawn").Process(
        target=proof.cached_tables, args=(job.words, job.alphabet, job.most_waste),
        kwargs={"finish_from": proof.FINISH_TABLES_FROM}, daemon=True)
    process.start()
    return process
