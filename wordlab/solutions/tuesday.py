"""Model answers for the Tuesday-birthday exercises. A strategy gets an `Experiment` (`condition`, with `name`
and `holds(elder, younger)`; `samples`, the most families it may draw; `seed`) and yields its running estimate
as (`estimate_of(tally)`, the estimate's `width`), where a `Tally(drawn, accepted, both_boys)` counts the
families drawn, those meeting the condition, and those of them with two boys. `CHILDREN` lists the 168 equally
likely children, `both_boys(elder, younger)` says whether a family has two boys."""

from __future__ import annotations

import random

from wordlab.puzzles.tuesday import CHILDREN, Chunk, Tally, both_boys, estimate_of


def every_family(given, *, probe=None, budget=None):
    """Visit each of the 168 × 168 equally likely families once (one node per elder child, its 168 younger
    siblings in one go) and count: the share of two boys among the families kept is then the probability
    itself. Needs `samples` ≥ 28,224 (every family counts as drawn). Time: 28,224 predicate calls."""
    holds, tally = given.condition.holds, Tally(0, 0, 0)
    for elder in CHILDREN:
        if budget:
            budget.tick()
        if probe:
            probe.expand(0, n=1, state=Chunk(len(CHILDREN), given.condition.name, tally) if probe.recording else None)
        kept = [younger for younger in CHILDREN if holds(elder, younger)]
        tally = tally.plus(len(CHILDREN), len(kept), sum(bool(both_boys(elder, y)) for y in kept))
    found = estimate_of(tally)
    yield found, found.width
    return True  # every family counted: the space is covered


def no_rejection(given, *, probe=None, budget=None):
    """List the families that meet the condition once (an enumeration, set-up), then draw `samples` of them
    uniformly with the experiment's seed: every family drawn is kept, so the interval narrows as if none were
    ever rejected. One node per family drawn; the estimate is yielded after every 4,096."""
    holds = given.condition.holds
    meeting = [(e, y) for e in CHILDREN for y in CHILDREN if holds(e, y)]
    pick, tally, boys = random.Random(given.seed).choice, Tally(0, 0, 0), 0
    for drawn in range(1, given.samples + 1):
        if budget:
            budget.tick()
        elder, younger = pick(meeting)
        boys += bool(both_boys(elder, younger))
        if drawn % 4096 == 0 or drawn == given.samples:
            tally = Tally(drawn, drawn, boys)
            if probe:
                probe.expand(0, n=0, state=Chunk(4096, given.condition.name, tally) if probe.recording else None)
            found = estimate_of(tally)
            yield found, found.width
    return False  # sampling never covers its space
