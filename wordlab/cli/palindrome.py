"""`wordlab solve|bench palindrome`: options, the proof ledger's command, and the reports."""

from __future__ import annotations

import json
import os
import sys
import time

from wordlab.cli.options import (MOST_REPEATS, Report, add_budget_options, add_strategy_option, add_words_option,
                                 budget_from, taken, whole)
from wordlab.errors import WordlabError
from wordlab.files import writable_file
from wordlab.puzzles import palindrome as P
from wordlab.search import Budget, Probe
from wordlab.structures.letters import ALPHABET


MOST_LETTERS = 1000     # a phrase length beyond any dictionary's shortest
MOST_WIDTH = 1_000_000
MOST_WORKERS = 256
DEFAULT_SECONDS = 60.0  # `solve` without --max-seconds: the strategies stop here with what they found (not --prove)


def add_arguments(parser, command: str) -> None:
    add_words_option(parser, "ita")
    parser.add_argument("--alphabet", default=ALPHABET, help="letters the phrase must use (default a-z)")
    parser.add_argument("--max-length", type=whole(1, MOST_LETTERS), default=None,
                        help="longest phrase searched for, in letters (default: lower bound + 30)")
    parser.add_argument("--width", type=whole(1, MOST_WIDTH), default=100,
                        help=f"beam width of beam-stack search (default 100; 1 to {MOST_WIDTH:,})")
    parser.add_argument("--workers", type=whole(1, MOST_WORKERS), default=1,
                        help="threads for the exhaustive searches and rarest-first; with --prove, Dask worker processes "
                             "(default 1)")
    add_strategy_option(parser, P.STRATEGIES, default=P.DEFAULT_STRATEGY, many=command == "bench")
    add_budget_options(parser, None if command == "bench" else DEFAULT_SECONDS)
    if command == "bench":
        parser.add_argument("--save", metavar="JSON", help="also write the results to this file")
        kernel = parser.add_argument_group("the proof kernel on a ledger's units")
        kernel.add_argument("--ledger", metavar="JSONL",
                            help="instead of the strategies, search a sample of this ledger's exhausted units "
                                 "with and without finish tables (nodes must agree; seconds side by side)")
        kernel.add_argument("--sample", type=whole(1, 100_000), default=8,
                            help="units to take from --ledger (default 8)")
        kernel.add_argument("--repeats", type=whole(1, MOST_REPEATS), default=3,
                            help="runs of each unit each way (default 3)")
        runs = parser.add_argument_group("whole processes")
        runs.add_argument("--processes", type=whole(1, 100), metavar="N",
                           help="instead of one process, run `wordlab solve palindrome` N times as whole processes, "
                                "one after the other, each strategy in turn, and give the seconds to each one's "
                                "shortest phrase: median and spread")
        runs.add_argument("--cold", action="store_true",
                           help="with --processes: each process gets an empty cache folder, so it builds its "
                                "tables within its budget")
    else:
        proof = parser.add_argument_group("proof ledger (exhaustive search of one length, in resumable work units)")
        proof.add_argument("--prove", type=whole(1, MOST_LETTERS), metavar="LENGTH",
                           help="search every work unit of LENGTH not yet in --ledger; says whether a palindromic "
                                "pangram of at most LENGTH letters exists once every unit is done (runs until then, "
                                "whatever --max-seconds says: every finished unit is kept, so Ctrl-C and run it "
                                "again to go on)")
        proof.add_argument("--ledger", metavar="JSONL",
                           help="the ledger file ({code} is replaced by the code version), e.g. "
                                "data/palindrome/ledger-ita-{code}.jsonl")
        proof.add_argument("--until-found", action="store_true",
                           help="stop at the first unit that finds a phrase: it shows one of at most LENGTH letters "
                                "exists (whether a shorter one does is the question of --prove LENGTH-1)")
        proof.add_argument("--decide", action="store_true",
                           help="the whole answer: find a phrase with rarest-first (its beam pass, then its search by "
                                "promise up to the first phrase it finds, within --max-seconds), then prove the length "
                                "below it impossible in --ledger (use {code} in its name: each length has its own code "
                                "version); prints the phrase, the unit count, the node total and the ledger's sha256")
        proof.add_argument("--fewest-words", type=whole(2, 100), metavar="N",
                           help="instead of letters, the fewest words (letters unbounded): exhaustive search of the "
                                "phrases of up to N words, from the bound the letters give (within --max-seconds)")
        proof.add_argument("--prove-words", type=whole(2, 100), metavar="N",
                           help="the proof by words in --ledger: search every unit of 'a phrase of at most N words' "
                                "not yet in it (units of first words; resumable; Dask as with --prove)")
        proof.add_argument("--scheduler", metavar="ADDRESS",
                           help="a running Dask scheduler (tcp://host:8786); 'threads' or 'serial' to stay in this "
                                "process; default: a local cluster of --workers processes (--decide: threads)")


def budget_case():
    """WORD.LST when it is at hand, else wordfreq's list: on either, every strategy needs far more than 5 s
    to finish (proving the shortest phrase is the hard part; building the tables alone takes tens of seconds)."""
    from wordlab.words import best_available

    return P.index(best_available("ita", fallback="wordfreq")), {name: {} for name in P.STRATEGIES}


def _options(args, strategy: str) -> dict:
    if strategy == "beam-stack":
        return {"width": args.width}
    return {"workers": args.workers} if strategy in ("iterative-deepening", "branch-and-bound", "rarest-first") else {}


def _describe(name: str, result, probe: Probe) -> dict:
    best = result.best
    return {
        "strategy": name,
        "best": best.cost if best else None,
        "phrase": best.value if best else None,
        "proved": result.bound,
        "optimal": result.optimal,
        "stopped": result.stopped,
        "nodes": probe.nodes,
        "seconds": round(result.seconds, 3),
        "solutions": [{"letters": f.cost, "seconds": round(f.seconds, 3), "nodes": f.nodes, "phrase": f.value}
                      for f in result.solutions],
        "proofs": result.proofs,
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


def prove(args) -> Report:
    """Run the proof ledger for one length (`--prove`)."""
    from wordlab.puzzles.palindrome import ledger
    from wordlab.words import as_wordlist

    if not args.ledger:
        raise WordlabError("--prove needs --ledger FILE: the ledger keeps the finished work units")
    claim = ledger.prove(as_wordlist(args.words), args.prove, args.ledger, alphabet=args.alphabet, name=args.words,
                         scheduler=args.scheduler, workers=args.workers, until_found=args.until_found,
                         report=lambda line: print(line, file=sys.stderr, flush=True))
    return Report(claim.sentence(), claim.as_dict())


def decide(args) -> Report:
    """Find a phrase, then prove nothing shorter exists (`--decide`)."""
    from wordlab.puzzles.palindrome.decide import decide as decide_
    from wordlab.words import as_wordlist

    if not args.ledger:
        raise WordlabError("--decide needs --ledger FILE: the ledger keeps the proof's finished work units")
    if args.prove is not None:
        raise WordlabError("--decide and --prove are two questions: ask one")
    decision = decide_(as_wordlist(args.words), args.ledger, alphabet=args.alphabet, name=args.words,
                       budget=budget_from(args), scheduler=args.scheduler, workers=args.workers,
                       report=lambda line: print(line, file=sys.stderr, flush=True))
    return Report(decision.sentence(), decision.as_dict())


def fewest(args) -> Report:
    """The fewest words of a palindromic pangram, searched up to `--fewest-words` words."""
    from wordlab.puzzles.palindrome.fewest import fewest_words, fewest_words_at_least
    from wordlab.search import BudgetExhausted
    from wordlab.search.probe import spent_together
    from wordlab.words import as_wordlist

    words = as_wordlist(args.words).words
    budget = budget_from(args)
    low, why = fewest_words_at_least(words, args.alphabet)
    clock = time.perf_counter()
    try:
        with spent_together(budget):
            count, phrase = fewest_words(words, args.alphabet, args.fewest_words, budget)
    except BudgetExhausted as stop:
        count, phrase, stopped = low, None, str(stop)
    else:
        stopped = None
    data = {"command": f"wordlab solve palindrome --words {args.words} --fewest-words {args.fewest_words} "
                       f"--max-seconds {budget.seconds:g}" if budget and budget.seconds else None,
            "words": args.words, "fewest": count if phrase else None, "at least": count,
            "phrase": " ".join(phrase) if phrase else None,
            "searched up to": args.fewest_words, "letters bound": low, "why": why, "stopped": stopped,
            "nodes": budget.used if budget else None, "seconds": round(time.perf_counter() - clock, 3)}
    if phrase:
        text = f"the fewest words: {count}, e.g. {' '.join(phrase)!r} (no phrase of {count - 1} words or fewer exists)"
    elif stopped:
        text = f"at least {low} words ({why}); the search stopped: {stopped}"
    else:
        text = f"no palindromic pangram of at most {args.fewest_words} words exists: at least {count}"
    return Report(text, data)


def prove_words(args) -> Report:
    """The proof by words for one count (`--prove-words`), unit by unit in a ledger."""
    from wordlab.puzzles.palindrome.fewest import fewest_words_at_least, prove_words as prove_words_
    from wordlab.words import as_wordlist

    if not args.ledger:
        raise WordlabError("--prove-words needs --ledger FILE: the ledger keeps the finished work units")
    low, why = fewest_words_at_least(as_wordlist(args.words), args.alphabet)
    if args.prove_words < low:  # the letters alone settle it: nothing to search, no ledger written
        return Report(f"no palindromic pangram of at most {args.prove_words} words exists in {args.words}: {why}; "
                      f"nothing to search", {"most": args.prove_words, "impossible": True, "reason": why, "units": 0})
    claim = prove_words_(as_wordlist(args.words), args.prove_words, args.ledger, alphabet=args.alphabet,
                         name=args.words, scheduler=args.scheduler or "serial" if args.workers == 1 else args.scheduler,
                         workers=args.workers, report=lambda line: print(line, file=sys.stderr, flush=True))
    return Report(claim.sentence(), claim.as_dict())


def solve(args) -> Report:
    if args.prove_words is not None:
        return prove_words(args)
    if args.fewest_words is not None:
        return fewest(args)
    if args.decide:
        return decide(args)
    if args.prove is not None:
        return prove(args)
    puzzle = P.index(args.words, args.alphabet)
    probe = Probe()
    result = P.solve(puzzle, args.strategy, probe=probe, budget=budget_from(args),
                     **taken(P.STRATEGIES, args.strategy, {"max_length": args.max_length, **_options(args, args.strategy)}))
    row = _describe(args.strategy, result, probe)
    lines = [f"{s['letters']:>3} letters at {s['seconds']:8.2f} s, {s['nodes']:>11,} nodes: {s['phrase']}"
             for s in row["solutions"]]
    return Report("\n".join(lines + [_summary_line(row)]), row).unless_verified(args.strategy, result, P.verify,
                                                                               "palindrome")


def bench_kernel(args) -> Report:
    """The proof kernel with and without finish tables on a sample of a ledger's units (`--ledger`)."""
    from wordlab.puzzles.palindrome import ledger

    data = ledger.bench_finish_tables(args.words, args.ledger, args.sample, args.repeats,
                                      alphabet=args.alphabet, name=args.words,
                                      report=lambda line: print(line, file=sys.stderr, flush=True))
    data["command"] = (f"wordlab bench palindrome --words {args.words} --ledger {args.ledger} --sample {args.sample} "
                       f"--repeats {args.repeats}")
    if args.save:
        with open(args.save, "w") as out:
            json.dump(data, out, indent=1)
    seconds = data["seconds"]
    return Report(f"{len(data['units'])} units of length {data['length']}, {data['total_nodes']:,} nodes either way: "
                  f"finish tables {seconds['finish tables']:.1f} s, list scans {seconds['list scans']:.1f} s "
                  f"(best of {args.repeats}): {data['speedup']:.2f}× faster with finish tables", data)


def bench_processes(args) -> Report:
    """Each strategy `--processes` times as a whole `wordlab solve palindrome` process (start-up, loading and
    tables included), strategies interleaved: when each found its shortest phrase, median and spread."""
    import subprocess
    import tempfile

    seconds = args.max_seconds if args.max_seconds is not None else DEFAULT_SECONDS
    runs: dict[str, list[dict]] = {name: [] for name in args.strategies}
    for turn in range(args.processes):
        for name in args.strategies:
            command = [sys.executable, "-m", "wordlab.cli", "solve", "palindrome", "--words", args.words,
                       "--alphabet", args.alphabet, "--strategy", name, "--max-seconds", f"{seconds:g}", "--json"]
            with tempfile.TemporaryDirectory() as empty:
                env = dict(os.environ, **({"WORDLAB_CACHE": empty} if args.cold else {}))
                clock = time.perf_counter()
                done = subprocess.run(command, capture_output=True, text=True, env=env)
                wall = time.perf_counter() - clock
            if done.returncode != 0:
                raise WordlabError(f"run {turn + 1} of {name} failed: {(done.stderr.strip() or '?').splitlines()[-1]}")
            row = json.loads(done.stdout)
            first = next((f for f in row["solutions"] if f["letters"] == row["best"]), None)
            runs[name].append({"best": row["best"], "phrase": row["phrase"], "verified": row.get("verified"),
                               "seconds to best": first["seconds"] if first else None,
                               "nodes to best": first["nodes"] if first else None, "wall": round(wall, 3)})
            print(f"{name} run {turn + 1}: {row['best']} letters at {runs[name][-1]['seconds to best']} s "
                  f"({wall:.1f} s wall)", file=sys.stderr, flush=True)
    summary = {name: process_summary(rows) for name, rows in runs.items()}
    command = (f"wordlab bench palindrome --words {args.words} --strategies {' '.join(args.strategies)} "
               f"--processes {args.processes} --max-seconds {seconds:g}" + (" --cold" if args.cold else ""))
    data = {"command": command, "what": "whole processes, one after the other, strategies interleaved: the "
                                        "shortest phrase each printed within --max-seconds (the whole command's "
                                        "budget), when it found it by its own clock, and its wall time",
            "cold": args.cold, "summary": summary, "runs": runs}
    if args.save:
        with open(args.save, "w") as out:
            json.dump(data, out, indent=1)
    lines = [f"{name}: {s['shortest']} letters in {s['runs reaching it']} of {args.processes} runs, found at "
             f"{s['seconds to it']['median']} s (median; spread {s['seconds to it']['spread']}); wall "
             f"{s['wall']['median']} s" for name, s in summary.items()]
    return Report("\n".join(lines), data)


def process_summary(rows: list[dict]) -> dict:
    """Of whole-process runs: the shortest length any run printed, how many runs printed it, when they found it
    (median and spread) and their wall times (median and spread)."""
    import statistics

    def spread(values: list[float]) -> dict:
        return {"median": round(statistics.median(values), 2), "spread": [min(values), max(values)]} if values \
            else {"median": None, "spread": None}

    shortest = min((r["best"] for r in rows if r["best"]), default=None)
    reached = [r for r in rows if r["best"] == shortest and shortest is not None]
    return {"shortest": shortest, "runs reaching it": len(reached), "runs": len(rows),
            "seconds to it": spread([r["seconds to best"] for r in reached]), "wall": spread([r["wall"] for r in rows])}


def bench(args) -> Report:
    """Run each strategy under the same budget (default 10 s each) and tabulate best length and nodes."""
    from wordlab import bench as benchmark

    if args.save:
        writable_file(args.save, "--save")
    if args.ledger:
        return bench_kernel(args)
    if args.processes is not None:
        return bench_processes(args)

    puzzle = P.index(args.words, args.alphabet)
    rows: dict[str, dict] = {}

    def runner(name: str):
        def run_one(given, probe=None):
            probe = probe or Probe()
            budget = Budget(nodes=args.max_nodes, seconds=args.max_seconds if args.max_seconds else 10.0)
            result = P.solve(given, name, probe=probe, budget=budget,
                             **taken(P.STRATEGIES, name, {"max_length": args.max_length, **_options(args, name)}))
            rows[name] = _describe(name, result, probe)
            return result
        return run_one

    frame = benchmark.run({name: runner(name) for name in args.strategies}, {puzzle.words.name: puzzle}, repeats=1,
                          count=False, describe=lambda r: r.best.cost if r.best else None)
    frame["calls"] = [rows[name]["nodes"] for name in frame["strategy"]]
    frame["proved"] = [rows[name]["proved"] for name in frame["strategy"]]
    data = {"command": _command(args), "words": puzzle.words.describe(), "strategies": list(rows.values())}
    if args.save:
        with open(args.save, "w") as out:
            json.dump(data, out, indent=1)
    text = benchmark.format_table(frame, f"palindromic pangram on {puzzle.words.name}: best length (answer), "
                                  "proved lower bound, nodes (calls)")
    return Report(text + "\n" + "\n".join(_summary_line(r) for r in rows.values()), data)
