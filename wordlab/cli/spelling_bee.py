"""`wordlab solve|bench spelling-bee`: the best honeycomb of a word list, a daily puzzle's words, and every
strategy side by side."""

from __future__ import annotations

import argparse

from wordlab.cli.options import (Report, add_budget_options, add_repeats_option, add_show_option, add_strategy_option,
                                 add_words_option, budget_from, taken, whole)
from wordlab.errors import WordlabError
from wordlab.puzzles import spelling_bee as sb
from wordlab.words import DEFAULT, best_available, load


MOST_SAMPLE = 55_902  # every honeycomb of the standard rules: a larger sample is the whole search


def default_words() -> str:
    """ENABLE when it is available offline, else the pip-installed default."""
    return best_available("enable1", fallback=DEFAULT)


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    add_words_option(parser, DEFAULT, prefer=("enable1",))
    parser.add_argument("--allow-s", action="store_true", help="let honeycombs and words use 's'")
    if command == "solve":
        add_strategy_option(parser, sb.STRATEGIES, default=sb.DEFAULT_STRATEGY)
        parser.add_argument("--letters", help="a daily puzzle's 7 letters (with --centre): list its words")
        parser.add_argument("--centre", help="the daily puzzle's centre letter")
        add_show_option(parser, 40, "words")
        add_budget_options(parser)
    else:
        add_strategy_option(parser, sb.STRATEGIES, many=True)
        parser.add_argument("--sample", type=whole(1, MOST_SAMPLE), default=300,
                            help=f"honeycombs the historical strategies score before extrapolating (default 300; "
                                 f"1 to {MOST_SAMPLE:,})")
        add_repeats_option(parser, 3, "runs per strategy; the best counts")


def _rules(args: argparse.Namespace) -> sb.Rules:
    return sb.WITH_S if args.allow_s else sb.STANDARD


def solve(args: argparse.Namespace) -> Report:
    rules = _rules(args)
    show = args.show
    words = load(args.words)
    if args.letters is not None or args.centre is not None:
        found = sb.daily(args.letters or "", args.centre or "", words, rules)
        return Report(found.text(show), found.describe())
    answer = sb.solve(words, args.strategy, budget=budget_from(args), **taken(sb.STRATEGIES, args.strategy,
                                                                                 {"rules": rules}))
    if answer.honeycomb is None and answer.stopped:
        return Report(f"{words.name}: no honeycomb found before the run stopped ({answer.stopped})",
                      {"words": words.describe(), **answer.as_dict(), "honeycomb": None, "score": None})
    if answer.honeycomb is None:
        raise WordlabError(f"no honeycomb found in {words.name} (no pangram letter sets)")
    found = sb.puzzle_words(answer.honeycomb, words, rules)
    proof = "best" if answer.optimal else f"best found ({answer.stopped or 'not proved best'})"
    text = (f"{words.name}: {proof} honeycomb {answer.honeycomb} = {answer.score:,} points "
            f"({args.strategy}, {answer.seconds:.3f} s)\n{found.text(show)}")
    return Report(text, {"words": words.describe(), **answer.as_dict(), "honeycomb": str(answer.honeycomb),
                         "score": answer.score, "puzzle": found.describe()})


def bench(args: argparse.Namespace) -> Report:
    rules = _rules(args)
    words = load(args.words)
    frame = sb.benchmark(words, args.strategies, sample=args.sample, repeats=args.repeats, rules=rules)
    shown = frame.drop(columns=["input", "candidates"]).copy()
    for column in ("cpu_seconds", "median_cpu_seconds", "max_cpu_seconds", "full_seconds", "full_median_seconds",
                   "full_max_seconds", "setup_seconds"):
        shown[column] = shown[column].astype(float).round(4)
    baseline = sb.BASELINE if sb.BASELINE in args.strategies else args.strategies[0]
    title = (f"Spelling Bee on {words.name}, {args.repeats} runs each. cpu_seconds: least process time of the runs "
             f"(median and most beside it); full_seconds: the same for the whole search, extrapolated for the "
             f"historical strategies from {args.sample} honeycombs (set-up counted once); "
             f"ratio = full_seconds ÷ {baseline}'s")
    return Report(title + "\n" + shown.to_string(index=False) + "\n" + summary(frame),
                  frame.to_dict(orient="records"))


def summary(frame) -> str:
    """How far the fastest search is ahead of the baseline, in one line."""
    rows = frame.set_index("strategy")
    if "vectorised" not in rows.index or sb.BASELINE not in rows.index:
        return ""
    fast, base = rows.loc["vectorised"], rows.loc[sb.BASELINE]
    estimated = " (extrapolated)" if base["extrapolated"] else ""
    return (f"search alone, list loaded (CPU): vectorised {fast['full_seconds']:.3f} s, {sb.BASELINE} "
            f"{base['full_seconds']:.1f} s{estimated}: {base['full_seconds'] / fast['full_seconds']:,.0f}× faster")


def budget_case():
    """ENABLE (or the default list offline), every historical strategy over all 55,902 honeycombs: minutes
    each without a budget. The table strategies finish in well under a second, budget or not."""
    return load(default_words()), {}
