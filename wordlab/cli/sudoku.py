"""`wordlab solve sudoku` (one grid, or a file of them) and `wordlab bench sudoku` (strategies side by side,
the published call counts, or a whole set with every answer verified)."""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

from wordlab.cli.options import (Report, add_budget_options, add_strategy_option, at_most, budget_from, number,
                                  whole)
from wordlab.errors import WordlabError
from wordlab.files import decode, read_bytes
from wordlab.puzzles import sudoku as sd
from wordlab.search import Budget, Probe

BENCH_DEFAULT = ["propagation", "dancing-links", "bitmask-singles", "bitmask-locked", "bitfield-cover", "compiled"]
BASELINE = "propagation"
SIZES = sorted(sd.SHAPES)


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    if command == "solve":
        parser.add_argument("grid", nargs="?", default=None, metavar="GRID",
                            help=f"16/36/64/81/256 characters (0 or . for blanks) or one of {', '.join(sd.EXAMPLES)} "
                                 "(default harder)")
        parser.add_argument("--grid", dest="grid_option", metavar="GRID", help="the grid, as an option")
        parser.add_argument("--file", metavar="PATH|-",
                            help="solve every puzzle of a file (one a line; # comments and blank lines skipped; "
                                 "- for standard input), by default with the compiled search in one call; "
                                 "the budget is the whole file's")
        parser.add_argument("--workers", type=whole(1, 256), default=1,
                            help="with --file: processes to share the puzzles (default 1)")
        add_strategy_option(parser, sd.STRATEGIES, default=sd.DEFAULT_STRATEGY)
        strategy = next(action for action in parser._actions if action.dest == "strategy")
        strategy.default = None  # one grid: the default strategy; a file: the compiled batch
        strategy.help = strategy.help.replace(f"(default {sd.DEFAULT_STRATEGY}",
                                              f"(default {sd.DEFAULT_STRATEGY}, or {sd.BATCH} with --file")
        parser.add_argument("--limit", type=whole(1), default=2,
                            help="count solutions up to this many (default 2: proves uniqueness)")
        parser.add_argument("--generate", type=whole(min(SIZES), max(SIZES)), metavar="SIZE", choices=SIZES,
                            help=f"solve a generated puzzle of this size ({', '.join(map(str, SIZES))}) instead")
        parser.add_argument("--seed", type=whole(0), default=0, help="seed for --generate (default 0)")
        add_budget_options(parser)
    else:
        add_strategy_option(parser, sd.STRATEGIES, many=True)
        parser.set_defaults(strategies=BENCH_DEFAULT)
        parser.add_argument("--sample", type=whole(1), default=1000, help="puzzles sampled from sudoku17 (default 1000)")
        parser.add_argument("--repeats", type=whole(1, 1000), default=3, help="runs per strategy and set (best, median, max)")
        parser.add_argument("--max-seconds", type=number(0), default=None,
                            help="time budget per puzzle, for the slow strategies")
        parser.add_argument("--published", action="store_true",
                            help="instead, reproduce the published call counts (sequential on 'harder' takes minutes)")
        parser.add_argument("--all", action="store_true",
                            help=f"instead, solve every puzzle of sudoku17 (or --file) with {sd.FASTEST}, verified")
        parser.add_argument("--file", metavar="PATH", help="with --all: the puzzle file to run instead of sudoku17")
        parser.add_argument("--workers", type=whole(1, 256), default=1, help="with --all: processes to use (default 1)")


# -- solve ------------------------------------------------------------------------------------------------


def solve(args: argparse.Namespace) -> Report:
    if args.file is not None:
        return solve_file(args)
    if args.workers != 1:
        raise WordlabError("--workers shares the puzzles of a --file between processes; one grid takes one")
    puzzle = _puzzle_from(args)
    name = args.strategy or sd.DEFAULT_STRATEGY
    if name == "compiled":  # its machine code loaded as start-up, which `--max-seconds 0` measures too
        from wordlab.puzzles.sudoku import compiled

        compiled.ready()
    probe, budget = Probe(), budget_from(args)
    strategy, limit = at_most(sd.STRATEGIES, name, args.limit)
    checked: dict[int, bool] = {}  # each answer verified as it comes, inside the budget: id → verdict
    answer = sd.solve(puzzle, verified_as_found(sd.STRATEGIES, strategy, name, checked), probe=probe, budget=budget,
                      **limit)
    verified = all(checked.values())
    effort = sd.difficulty(puzzle) if budget is None else None  # grading searches too: not under a budget
    count = f"{answer.count}" + ("" if answer.exhausted else "+")
    graded = (f"difficulty {effort.label} ({_count(effort.singles_calls, 'call')} with singles)" if effort
              else "not graded under a budget")
    lines = [puzzle.show(), "", f"{puzzle.clues} clues, {graded}", ""]
    if answer.solution:
        lines += [answer.solution.show(), ""]
    lines.append(f"{name}: {count} solution(s), {'all verified' if verified else 'NOT VERIFIED'}, "
                 f"{probe.nodes:,} calls, {answer.seconds * 1000:.1f} ms")
    if answer.stopped:
        lines.append(f"stopped early: {answer.stopped}")
    data = {**answer.as_dict(), "puzzle": str(puzzle), "solutions": [str(s) for s in answer.values],
            "count" if answer.exhausted else "count_at_least": answer.count, "unique": answer.unique,
            "verified": verified, "calls": probe.nodes, "difficulty": effort.label if effort else None}
    return Report("\n".join(lines), data).unless_verified(name, answer, lambda _, value: checked[id(value)], "sudoku")


def verified_as_found(strategies, strategy, name: str, checked: dict[int, bool]):
    """`strategy` (a name of `strategies` or a function), with each solution it yields checked by `sd.verify`
    as it comes (so the checking is charged to the run's budget); `checked` maps each solution's id to the
    verdict."""
    from wordlab.search.result import Bound, pick

    inner = pick(strategies, strategy)

    def verifying(given, *, probe=None, budget=None, **options):
        solutions = inner(given, probe=probe, budget=budget, **options)
        try:
            while True:
                try:
                    item = next(solutions)
                except StopIteration as done:
                    return done.value
                if not isinstance(item, Bound) and isinstance(item, tuple) and item:
                    checked[id(item[0])] = _verifies(given, item[0])
                yield item
        finally:
            solutions.close()

    verifying.strategy_name = name
    return verifying


def _verifies(puzzle: sd.Sudoku, value) -> bool:
    """`sd.verify`, False for an answer too malformed for it to read."""
    try:
        return bool(sd.verify(puzzle, value))
    except Exception:
        return False


def _puzzle_from(args: argparse.Namespace) -> sd.Sudoku:
    if args.generate:
        return sd.generate(args.generate, seed=args.seed)
    if args.grid is not None and args.grid_option is not None:
        raise WordlabError("give the grid once: as GRID or as --grid, not both")
    text = args.grid_option if args.grid_option is not None else args.grid
    if text is None:
        text = "harder"
    return sd.parse(sd.EXAMPLES.get(text, text))


# -- solve --file -----------------------------------------------------------------------------------------


@dataclass
class Outcome:
    """One line of a puzzle file, and what became of it."""

    line: int
    text: str
    status: str  # solved, unsolvable, multiple, stopped, unverified or rejected
    solutions: tuple[str, ...] = ()
    reason: str = ""
    unique: bool = False

    def as_dict(self) -> dict:
        data = {"line": self.line, "status": self.status, "puzzle": self.text}
        if self.status == "rejected":
            data["reason"] = self.reason
        else:
            data.update(solutions=list(self.solutions), unique=self.unique)
            if self.status == "unverified":
                data["reason"] = self.reason
            elif self.reason:
                data["stopped"] = self.reason
        return data

    def as_text(self) -> list[str]:
        """The solution on a line of its own (the output is itself a puzzle file); anything else as a comment."""
        if self.status == "solved":
            return [*self.solutions]
        if self.status == "rejected":
            return [f"# line {self.line} rejected: {self.reason}"]
        if self.status == "unverified":
            return [f"# line {self.line} NOT VERIFIED: {self.reason}"]
        if self.status == "unsolvable":
            return [f"# line {self.line}: no solution"]
        if self.status == "stopped":
            return [f"# line {self.line}: {self.reason}", *self.solutions]
        return [f"# line {self.line}: {len(self.solutions)} solutions or more:", *self.solutions]


def read_lines(path: str) -> list[str]:
    """The lines of a puzzle file (`-`: standard input), which must be a regular file of text (a leading
    byte-order mark dropped)."""
    if path == "-":
        data, where = sys.stdin.buffer.read(), "standard input"
    else:
        data, where = read_bytes(path, "puzzle file"), f"puzzle file {path!r}"
    if b"\0" in data:
        raise WordlabError(f"{where} is not text (it holds NUL bytes)")
    return decode(data, where, "UTF-8").splitlines()


def puzzle_lines(lines: list[str]):
    """(line number, text) of every line that holds a puzzle: not blank, not a `#` comment."""
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield number, text


def solve_file(args: argparse.Namespace) -> Report:
    """Every puzzle of a file, in one batch (`sd.solve_all`) under the command's budget; each answer checked
    with `sd.verify_many`, a bad line reported with its reason."""
    if args.grid is not None or args.grid_option is not None or args.generate:
        raise WordlabError("--file solves the puzzles of a file: give no GRID, --grid or --generate with it")
    budget = budget_from(args)
    lines = read_lines(args.file)
    name = args.strategy or sd.BATCH
    started = time.perf_counter()
    entries = list(puzzle_lines(lines))
    parsed = sd.parse_many([text for _, text in entries])
    puzzles = [p for p in parsed if isinstance(p, sd.Sudoku)]
    answers = sd.solve_all(puzzles, name, budget=budget, workers=args.workers, limit=args.limit)
    failures = iter(first_failures(puzzles, answers))
    answers = iter(answers)
    outcomes = []
    for (number, text), puzzle in zip(entries, parsed):
        if isinstance(puzzle, sd.Sudoku):
            outcomes.append(outcome(number, text, next(answers), next(failures), name))
        else:
            outcomes.append(Outcome(number, text, "rejected", reason=str(puzzle)))
    seconds = time.perf_counter() - started
    summary = file_summary(outcomes, seconds)
    records = [o.as_dict() for o in outcomes] + [{"summary": summary}]  # JSON lines: a puzzle a line, then the summary
    text = [line for o in outcomes for line in o.as_text()]
    tried = summary["puzzles"] - summary["rejected"]
    head = _count(tried, "puzzle") if not summary["rejected"] else f"{_count(summary['puzzles'], 'line')}, " \
                                                                     f"{_count(tried, 'puzzle')}"
    text += [f"# {head}: {summary['solved']} solved, {summary['unsolvable']} unsolvable, "
             f"{summary['multiple']} with several solutions, {summary['stopped']} stopped by the budget, "
             f"{_count(summary['rejected'], 'line')} rejected"
             + (f", {summary['unverified']} NOT VERIFIED" if summary["unverified"] else "")
             + f"; {summary['puzzles_per_s']:,.0f} puzzles/s"]
    return Report("\n".join(text), records, lines=True, status=1 if summary["unverified"] else 0)


def outcome(number: int, text: str, answer: sd.Answer, failure, strategy: str) -> Outcome:
    """What became of one line of a file, from its answer and the first of its solutions that fails verify
    (None if none)."""
    solutions = tuple(str(s) for s in answer.values)
    if failure is not None:
        shown = str(failure)
        shown = shown if len(shown) <= 80 else shown[:79] + "…"
        return Outcome(number, text, "unverified", solutions, f"{strategy}'s answer {shown} fails sudoku's verify")
    if answer.stopped:
        return Outcome(number, text, "stopped", solutions, answer.stopped)
    if answer.count == 0:
        return Outcome(number, text, "unsolvable")
    if answer.count == 1:
        return Outcome(number, text, "solved", solutions, unique=answer.exhausted)
    return Outcome(number, text, "multiple", solutions)


def first_failures(puzzles: list[sd.Sudoku], answers: list[sd.Answer]) -> list:
    """For each answer, its first solution that fails verify (None if all pass): grids of the puzzle's size
    checked together by `sd.verify_many`, anything else one at a time by `sd.verify`."""
    failures: list = [None] * len(answers)
    grids: dict[sd.Geometry, list[tuple[int, sd.Sudoku, sd.Sudoku]]] = {}
    for i, (puzzle, answer) in enumerate(zip(puzzles, answers)):
        for value in answer.values:
            if isinstance(value, sd.Sudoku) and value.geometry == puzzle.geometry and _digits_only(value):
                grids.setdefault(puzzle.geometry, []).append((i, puzzle, value))
            elif failures[i] is None and not _verifies(puzzle, value):
                failures[i] = value
    for g, rows in grids.items():
        good = sd.verify_many([p.cells for _, p, _ in rows], [v.cells for _, _, v in rows], g)
        for (i, _, value), ok in zip(rows, good.tolist()):
            if not ok and failures[i] is None:
                failures[i] = value
    return failures


def _digits_only(grid: sd.Sudoku) -> bool:
    """Does a grid hold n² plain ints (so numpy can check it)? One that `parse` or a strategy of the library
    checked does."""
    if grid.parsed:
        return True
    cells = grid.cells
    return isinstance(cells, tuple) and len(cells) == grid.geometry.cells and all(type(d) is int for d in cells)


def file_summary(outcomes: list[Outcome], seconds: float) -> dict:
    counts = {status: sum(o.status == status for o in outcomes)
              for status in ("solved", "unsolvable", "multiple", "stopped", "unverified", "rejected")}
    tried = len(outcomes) - counts["rejected"]
    return {"puzzles": len(outcomes), **counts, "seconds": round(seconds, 6),
            "puzzles_per_s": tried / seconds if seconds > 0 else 0.0,
            "rejected_lines": [{"line": o.line, "reason": o.reason} for o in outcomes if o.status == "rejected"]}


# -- bench ------------------------------------------------------------------------------------------------


def bench(args: argparse.Namespace) -> Report:
    if args.published:
        return published_counts()
    if args.all:
        return bench_all(args)
    return bench_strategies(args)


def _bench_inputs(sample: int) -> tuple[dict[str, list[sd.Sudoku]], list[str]]:
    """The puzzle sets to run, and notes on what was missing."""
    inputs, notes = {}, []
    if sd.set_available("top95"):
        inputs["top95"] = sd.load_set("top95")
    else:
        notes.append("top95 is missing ($WORDLAB_DATA/sudoku/top95.txt)")
    if sd.set_available("sudoku17"):
        inputs[f"sudoku17 sample of {sample}"] = sd.load_set("sudoku17", sample=sample)
    else:
        notes.append("sudoku17 is missing ($WORDLAB_DATA/sudoku/sudoku17.txt)")
    if not inputs:
        count = min(sample, 50)
        inputs[f"{count} generated"] = [sd.generate(9, seed=seed) for seed in range(count)]
        notes.append(f"using {count} generated puzzles instead")
    return inputs, notes


@dataclass
class SetRun:
    """One run of a strategy over a set: how many puzzles, and (when the budget stopped some) why, so that
    `wordlab.bench` gives the run no ratio."""

    puzzles: int
    stopped: str | None = None


def _over_set(name: str, seconds: float | None, worst: dict, stopped: dict):
    """A bench strategy solving every puzzle of a set; records the slowest puzzle and the budget stops. It
    solves the small example once first, so that no timed run pays for loading (`compiled`'s machine code)."""
    sd.solve(sd.example(), name)

    def run(puzzles: list[sd.Sudoku], probe: Probe | None = None) -> SetRun:
        slowest, stops = 0.0, 0
        for puzzle in puzzles:
            answer = sd.solve(puzzle, name, probe=probe, budget=Budget(seconds=seconds) if seconds else None)
            slowest = max(slowest, answer.seconds)
            stops += bool(answer.stopped)
        key = name, id(puzzles)
        stopped[key] = max(stopped.get(key, 0), stops)
        if probe is None:  # wordlab.bench times probe-free runs; its probed run only counts calls
            worst[key] = min(worst.get(key, float("inf")), slowest)
        why = f"{stops} of {_count(len(puzzles), 'puzzle')} stopped by the budget" if stops else None
        return SetRun(len(puzzles), why)

    return run


def bench_strategies(args: argparse.Namespace) -> Report:
    from wordlab import bench as measure

    inputs, notes = _bench_inputs(args.sample)
    worst: dict = {}
    stopped: dict = {}
    strategies = {name: _over_set(name, args.max_seconds, worst, stopped) for name in args.strategies}
    baseline = BASELINE if BASELINE in strategies else args.strategies[0]
    frame = measure.run(strategies, inputs, repeats=args.repeats, baseline=baseline)
    done = measure.finished(frame)
    frame["puzzles_per_s"] = [len(inputs[i]) / s if ok else None  # a rate only where every puzzle finished
                              for i, s, ok in zip(frame["input"], frame["seconds"], done)]
    frame["worst_ms"] = [worst[s, id(inputs[i])] * 1000 for i, s in zip(frame["input"], frame["strategy"])]
    frame["puzzles_stopped"] = [stopped[s, id(inputs[i])] for i, s in zip(frame["input"], frame["strategy"])]
    frame["speedup"] = 1 / frame["ratio"]
    frame["cpu_speedup"] = 1 / measure.with_ratios(frame, baseline, "cpu_seconds")["ratio"]
    cut = frame[frame["puzzles_stopped"] > 0]
    notes += [f"{r.strategy} on {r.input}: {r.puzzles_stopped} of {_count(len(inputs[r.input]), 'puzzle')} stopped "
              f"by the budget in its worst run, so it has no ratio, speedup or puzzles_per_s" for r in cut.itertuples()]
    text = measure.format_table(frame.round({"puzzles_per_s": 1, "worst_ms": 1, "speedup": 2, "cpu_speedup": 2}),
                                f"Sudoku strategies, best of {args.repeats} runs (ratio = seconds ÷ {baseline}'s; "
                                f"speedup = its inverse; cpu_speedup = the same in CPU time)")
    return Report("\n".join([text, *notes]), {"rows": measure.records(frame), "notes": notes})


def published_counts() -> Report:
    """Run the write-ups' strategies on their puzzles and compare the calls with the published ones."""
    rows, lines = [], ["strategy    puzzle   published      measured  match  seconds"]
    for (strategy, example), expected in sd.PUBLISHED.items():
        print(f"running {strategy} on {example} …", file=sys.stderr, flush=True)
        probe = Probe()
        answer = sd.solve(sd.EXAMPLES[example], strategy, probe=probe)
        match = probe.calls == expected
        rows.append({"strategy": strategy, "puzzle": example, "published": expected, "calls": probe.calls,
                     "match": match, "seconds": answer.seconds})
        lines.append(f"{strategy:<11} {example:<7} {expected:>11,} {probe.calls:>13,}  {'yes' if match else 'NO':<5}"
                     f"  {answer.seconds:7.1f}")
    return Report("\n".join(lines), rows)


# -- bench --all: a whole set, every answer verified ---------------------------------------------------------


def _solve_chunk(chunk: list[tuple[int, str]]) -> list[tuple[int, str, str]]:
    """(line, status, solution) for each (line, text): solved with the fastest strategy and verified."""
    done = []
    for number, text in chunk:
        try:
            puzzle = sd.parse(text)
        except WordlabError as problem:
            done.append((number, "rejected", str(problem)))
            continue
        answer = sd.solve(puzzle, sd.FASTEST)
        ok = answer.solution is not None and sd.verify(puzzle, answer.solution)
        done.append((number, "verified" if ok else "unsolved", str(answer.solution or "")))
    return done


def bench_all(args: argparse.Namespace) -> Report:
    if args.file:
        name, lines = args.file, read_lines(args.file)
    else:
        name, lines = "sudoku17", sd.load_set_lines("sudoku17")
    puzzles = list(puzzle_lines(lines))
    size = max(1, len(puzzles) // (args.workers * 8))
    chunks = [puzzles[i:i + size] for i in range(0, len(puzzles), size)]
    started, cpu = time.perf_counter(), _cpu_seconds()
    if args.workers == 1:
        results = [row for chunk in chunks for row in _solve_chunk(chunk)]
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.workers) as pool:
            results = [row for rows in pool.map(_solve_chunk, chunks) for row in rows]
    seconds, cpu = time.perf_counter() - started, _cpu_seconds() - cpu
    counts = {status: sum(r[1] == status for r in results) for status in ("verified", "unsolved", "rejected")}
    rate = len(results) / seconds if seconds > 0 else 0.0
    cpu_rate = len(results) / cpu if cpu > 0 else 0.0
    problems = [f"line {n}: {status} {detail}" for n, status, detail in results if status != "verified"][:20]
    text = (f"{name}: {len(results):,} puzzles with {sd.FASTEST} on {_count(args.workers, 'process', 'processes')} in {seconds:.2f} s, "
            f"{rate:,.0f} puzzles/s ({cpu:.2f} CPU s, {cpu_rate:,.0f} puzzles per CPU second); "
            f"{_count(counts['verified'], 'puzzle')} solved and verified, {counts['unsolved']:,} not, "
            f"{_count(counts['rejected'], 'line')} rejected")
    data = {"set": name, "strategy": sd.FASTEST, "workers": args.workers, "puzzles": len(results),
            **counts, "seconds": seconds, "puzzles_per_s": rate, "cpu_seconds": cpu, "puzzles_per_cpu_s": cpu_rate,
            "problems": problems}
    return Report("\n".join([text, *problems]), data)


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished worker processes."""
    import resource

    return time.process_time() + resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime


def _count(n: int, noun: str, plural: str = "") -> str:
    """"1 line", "2 lines"."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def budget_case():
    """The empty 9×9 with every one of its 6.7·10²¹ solutions asked for: no strategy ends on its own."""
    return "." * 81, {name: {"limit": 10 ** 30} for name in sd.STRATEGIES}
