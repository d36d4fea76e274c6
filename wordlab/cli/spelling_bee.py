"""`wordlab solve|bench spelling-bee`: the best honeycomb of a word list, a daily puzzle's words, and every
strategy side by side."""

from __future__ import annotations

import argparse

from wordlab.cli.options import (Report, add_budget_options, add_strategy_option, add_words_option, budget_from,
                                 taken)
from wordlab.errors import WordlabError
from wordlab.puzzles import spelling_bee as sb
from wordlab.words import DEFAULT, best_available, load


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
        parser.add_argument("--show", type=int, default=40, help="how many words to print (default 40; 0 for none)")
        add_budget_options(parser)
    else:
        add_strategy_option(parser, sb.STRATEGIES, many=True)
        parser.add_argument("--sample", type=int, default=300,
                            help="honeycombs the historical strategies score before extrapolating (default 300)")
        parser.add_argument("--repeats", type=int, default=3, help="runs per strategy; the best counts (default 3)")


def _rules(args: argparse.Namespace) -> sb.Rules:
    return sb.WITH_S if args.allow_s else sb.STANDARD


def _positive(value: int, option: str) -> int:
    if value < 1:
        raise WordlabError(f"{option} must be at least 1, not {value}")
    return value


def solve(args: argparse.Namespace) -> Report:
    rules = _rules(args)
    if args.show < 0:
        raise WordlabError(f"--show takes how many words to print, 0 or more, not {args.show}")
    show = args.show
    words = load(args.words)
    if args.letters is not None or args.centre is not None:
        found = sb.daily(args.letters or "", args.centre or "", words, rules)
        return Report(found.text(show), found.describe())
    answer = sb.solve(words, args.strategy, budget=budget_from(args), **taken(sb.STRATEGIES, args.strategy,
                                                                                 {"rules": rules}))
    if answer.honeycomb is None:
        raise WordlabError(f"no honeycomb found in {words.name} ({answer.stopped or 'no pangram letter sets'})")
    found = sb.puzzle_words(answer.honeycomb, words, rules)
    proof = "best" if answer.optimal else f"best found ({answer.stopped or 'not proved best'})"
    text = (f"{words.name}: {proof} honeycomb {answer.honeycomb} = {answer.score:,} points "
            f"({args.strategy}, {answer.seconds:.3f} s)\n{found.text(show)}")
    return Report(text, {"words": words.describe(), **answer.as_dict(), "honeycomb": str(answer.honeycomb),
                         "score": answer.score, "puzzle": found.describe()})


def bench(args: argparse.Namespace) -> Report:
    rules = _rules(args)
    _positive(args.sample, "--sample")
    _positive(args.repeats, "--repeats")
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
