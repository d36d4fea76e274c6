"""`wordlab solve|bench tuesday`: the exact answer beside a sampled estimate, and the samplers side by side."""

from __future__ import annotations

import argparse

from wordlab.bench import format_table
from wordlab.cli.options import Report, add_budget_options, add_repeats_option, add_strategy_option, budget_from, whole
from wordlab.errors import WordlabError
from wordlab.puzzles import tuesday as t

BENCHED = (t.HEADLINE, "at-least-one-boy", "boy-in-march")
MOST_SEED = 2 ** 63 - 1


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    listed = ", ".join(t.CONDITIONS)
    if command == "solve":
        parser.add_argument("--condition", default=t.HEADLINE, metavar="NAME",
                            help=f"what we are told, one of: {listed}; join names with + (default {t.HEADLINE})")
        add_strategy_option(parser, t.STRATEGIES, default=t.DEFAULT_STRATEGY)
        add_budget_options(parser)
    else:
        parser.add_argument("--condition", nargs="+", default=list(BENCHED), metavar="NAME",
                            help=f"conditions to bench, from: {listed}")
        add_strategy_option(parser, t.STRATEGIES, many=True)
        add_repeats_option(parser, 3, "timing repeats (best is kept)")
    samples = 100_000 if command == "solve" else 200_000
    parser.add_argument("--samples", type=whole(1, t.MAX_SAMPLES), default=samples,
                        help=f"families to draw (default {samples:,}; at most {t.MAX_SAMPLES:,})")
    parser.add_argument("--seed", type=whole(0, MOST_SEED), default=0, help="random seed (default 0)")


def solve(args: argparse.Namespace) -> Report:
    exp = t.experiment(args.condition, args.samples, args.seed)
    answer = t.solve(exp, args.strategy, budget=budget_from(args))
    if not answer and not answer.stopped:
        raise WordlabError(
            f"all {exp.samples:,} families drawn were rejected by {exp.condition.name!r} "
            f"(it keeps {float(t.acceptance(exp.condition)):.2%} of families): draw more samples")
    return Report(describe(exp, answer), {**answer.as_dict(), **facts(exp)})


def facts(exp: t.Experiment) -> dict:
    truth = t.exact(exp.condition)
    return {"condition": exp.condition.name, "says": exp.condition.says, "samples": exp.samples, "seed": exp.seed,
            "exact": str(truth), "exact_value": float(truth), "interval": "wilson"}


def describe(exp: t.Experiment, answer: t.Answer) -> str:
    """The report for people: the exact answer, the estimate and its interval, what the sampler drew."""
    truth = t.exact(exp.condition)
    lines = [f"P(both boys | {exp.condition.says})", f"  exact     {truth} = {float(truth):.5f}"]
    found = answer.value
    if found is None:
        lines.append("  estimate  none: no family was kept before the run stopped")
    else:
        tally = found.tally
        lines += [f"  estimate  {found.estimate:.5f}  95% Wilson interval [{found.low:.5f}, {found.high:.5f}]"
                  f"  ({'covers' if answer.covers else 'misses'} the exact answer)",
                  f"  sampler   {answer.strategy}: drew {tally.drawn:,}, kept {tally.accepted:,}, "
                  f"rejected {tally.rejected_share:.1%}"]
    if answer.stopped:
        lines.append(f"  stopped   {answer.stopped}")
    return "\n".join(lines)


def bench(args: argparse.Namespace) -> Report:
    frame = t.bench(args.condition, args.samples, args.seed, args.strategies, args.repeats)
    title = f"Tuesday birthday: rejection samplers, {args.samples:,} families per run, seed {args.seed}"
    return Report(format_table(frame, title), frame.to_dict(orient="records"))


def budget_case():
    """A billion families: about a minute for numpy and far longer in pure Python without a budget."""
    return t.experiment(t.HEADLINE, samples=1_000_000_000, seed=0), {name: {} for name in t.STRATEGIES}
