"""The `wordlab` command: `words`, `fetch`, `solve PUZZLE`, `bench PUZZLE`, `notebooks`.

Each puzzle's command-line glue lives beside this file as `wordlab/cli/<puzzle module>.py`:
`add_arguments(parser, command)`, `solve(args) -> Report`, `bench(args) -> Report`, using the helpers of
`wordlab.cli.options` so that `--words`, `--strategy` and budgets mean the same everywhere.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import time

from wordlab.errors import WordlabError
from wordlab.cli.options import Report, resolve_words, start_command_clock, whole
from wordlab.puzzles import PUZZLES

# -- commands ----------------------------------------------------------------------------------------


def cmd_words(args) -> Report:
    from wordlab.words import survey

    rows = survey(download=args.download)
    width = max(len(r["source"]) for r in rows)
    cache = max(len("cache"), *(len(r["cache"] or "-") for r in rows))
    read_from = max(len("read from"), *(len(r["path"] or "-") for r in rows))
    lines = [f"{'source':<{width}}  {'available':<9}  {'words':>8}  {'cache':<{cache}}  "
             f"{'read from':<{read_from}}  about"]
    for r in rows:
        words = f"{r['words']:,}" if r["words"] else "-"
        lines.append(f"{r['source']:<{width}}  {'yes' if r['available'] else 'no':<9}  {words:>8}  "
                     f"{r['cache'] or '-':<{cache}}  {r['path'] or '-':<{read_from}}  {r['about']}")
    return Report("\n".join(lines), rows)


def cmd_fetch(args) -> Report:
    from wordlab.words import REFERENCES, fetch

    names = args.names or list(REFERENCES)
    paths = {name: str(fetch(name)) for name in names}
    return Report("\n".join(f"{name}: {path}" for name, path in paths.items()), paths)


NOTEBOOKS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "notebooks")


def cmd_notebooks(args) -> Report:
    """Execute every notebook headless into `--output`/notebooks (two at a time); with --html, the book's pages too."""
    from wordlab.book import build

    if not os.path.isdir(args.folder):
        raise WordlabError(f"--folder {args.folder!r} is not a folder of notebooks")
    pages = build(args.folder, args.output, html=args.html, workers=args.workers, timeout=args.timeout)
    lines = [f"{p.notebook}: {p.seconds:.0f} s{'' if p.error is None else ', FAILED ' + p.error}" for p in pages]
    if args.html:
        lines.append(f"book: {os.path.join(args.output, 'index.html')}")
    failed = [p.error for p in pages if p.error]
    if failed:
        raise WordlabError(f"{len(failed)} notebook(s) failed: " + "; ".join(failed))
    return Report("\n".join(lines), [p.__dict__ for p in pages])


class Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is a `WordlabError`: one line naming the problem, exit 2."""

    def error(self, message: str):
        hint = ""
        if "unrecognized arguments: -" in message or "expected one argument" in message:
            hint = " (a value that starts with '-' goes after `--`, e.g. `wordlab solve sudoku -- -12.4...`)"
        raise WordlabError(f"{self.prog}: {message}{hint}; see `{self.prog} --help`")


BENCH_ONLY = {  # benchmarks that are not one puzzle's: name → the module with add_arguments and bench
    "budgets": "wordlab.cli.budgets",
    "whole-jobs": "wordlab.cli.whole_jobs",
}


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="wordlab", description=__doc__.splitlines()[0])
    parser.puzzle_parsers = {}  # (command, puzzle) → its parser, to add the puzzle's own options on demand
    commands = parser.add_subparsers(dest="command", required=True)

    words = commands.add_parser("words", help="list every word source with availability and size")
    words.add_argument("--download", action="store_true", help="fetch missing reference lists first")
    fetch = commands.add_parser("fetch", help="download and verify reference word lists")
    fetch.add_argument("names", nargs="*", help="reference lists (default all)")
    notebooks = commands.add_parser("notebooks", help="execute every notebook headless (--html: build the book)")
    notebooks.add_argument("--folder", default=NOTEBOOKS)
    notebooks.add_argument("--output", default="build", help="executed copies go to OUTPUT/notebooks")
    notebooks.add_argument("--html", action="store_true", help="also write OUTPUT/<notebook>.html and OUTPUT/index.html")
    notebooks.add_argument("--workers", type=whole(1, 64), default=2, help="notebooks run at once (default 2; 1 to 64)")
    notebooks.add_argument("--timeout", type=whole(1, 24 * 3600), default=1200,
                           help="seconds allowed per cell (default 1200; at most a day)")
    for sub in (words, fetch, notebooks):
        sub.add_argument("--json", action="store_true", help="machine-readable output")

    for command in ("solve", "bench"):
        sub = commands.add_parser(command, help=f"{command} a puzzle")
        puzzles = sub.add_subparsers(dest="puzzle", required=True, metavar="PUZZLE")
        for name in PUZZLES:
            one = puzzles.add_parser(name, help=f"{command} {name}")
            one.add_argument("--json", action="store_true", help="machine-readable output")
            parser.puzzle_parsers[command, name] = one
        for name, about in ({"budgets": "does every strategy of every puzzle return within its budget?",
                             "whole-jobs": "whole `wordlab solve` commands against plain scripts"}.items()
                            if command == "bench" else ()):
            one = puzzles.add_parser(name, help=about)
            one.add_argument("--json", action="store_true", help="machine-readable output")
            parser.puzzle_parsers[command, name] = one
    return parser


def puzzle_commands(name: str):
    """The command-line glue of puzzle `name`: `wordlab.cli.<module>` (add_arguments, solve, bench, budget_case)."""
    if name in BENCH_ONLY:
        return importlib.import_module(BENCH_ONLY[name])
    return importlib.import_module(f"wordlab.cli.{PUZZLES[name].rsplit('.', 1)[-1]}")


def main(argv: list[str] | None = None) -> int:
    """Run one command; bad input prints one line and returns 2, Ctrl-C one line and returns 130. The
    command's clock starts here: every budget the command makes (`budget_from`) counts from now."""
    as_program = argv is None  # the process is this command (not a caller in Python that goes on after it)
    argv = sys.argv[1:] if argv is None else argv
    start_command_clock(time.perf_counter())
    previous = signal.getsignal(signal.SIGINT)
    quiet = _interrupts_quietly(as_program)
    try:
        args = parse(argv)
        report = dispatch(args)
        return show(report, args.json)
    except WordlabError as problem:
        print(f"wordlab: {problem}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C while the line is printed changes nothing
        _say_interrupted()
        return INTERRUPTED
    finally:
        start_command_clock(None)
        if quiet:
            signal.signal(signal.SIGINT, previous)


INTERRUPTED = 130  # the exit status of a command ended by Ctrl-C (128 + SIGINT), as shells report it
GRACE = 0.5  # seconds a command ended by Ctrl-C may take to wind down (worker pools, files) before it is ended
_SAID: list[bool] = [False]


def _say_interrupted() -> None:
    """The one line a command ended by Ctrl-C prints (once, whoever ends the command)."""
    if not _SAID[0]:
        _SAID[0] = True
        print("wordlab: interrupted by Ctrl-C", file=sys.stderr, flush=True)


def _interrupts_quietly(as_program: bool) -> bool:
    """Let Ctrl-C end the command through `main` alone: this process raises KeyboardInterrupt as usual, while
    a worker process forked from it (a process pool's) ends at once and silently, leaving the report to its
    parent. When the process is this command, it also ends within `GRACE` seconds even if winding down waits
    on a worker that is gone. False where signals cannot be set (not the main thread)."""
    parent = os.getpid()
    _SAID[0] = False
    if as_program:  # the helper process that multiprocessing starts later takes these flags: after Ctrl-C it
        sys.warnoptions.append("ignore:resource_tracker:UserWarning")  # cleans up silently, not with a warning

    def interrupted(signum, frame):
        if os.getpid() != parent:
            os._exit(INTERRUPTED)
        import threading

        threading.excepthook = lambda failure: None  # a pool's helper thread that trips over its ended workers
        if "logging" in sys.modules:  # nor a cluster's log lines about the workers Ctrl-C ended
            sys.modules["logging"].disable(sys.modules["logging"].CRITICAL)
        if as_program:
            ending = threading.Timer(GRACE, _end_now)
            ending.daemon = True
            ending.start()
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGINT, interrupted)
    except ValueError:
        return False
    return True


def _end_now() -> None:
    """End the process (`GRACE` seconds after Ctrl-C, unless it ended by itself first: an exit that waits on a
    process pool's queue still feeding workers that Ctrl-C ended would wait for ever, and a cluster's orderly
    close takes seconds). Its worker processes end first, so none is left to report its lost parent."""
    if "multiprocessing" in sys.modules:
        for worker in sys.modules["multiprocessing"].active_children():
            worker.kill()
    _say_interrupted()
    sys.stdout.flush()
    os._exit(INTERRUPTED)


def parse(argv: list[str]) -> argparse.Namespace:
    parser = build_parser()
    # Puzzle options are only added for the puzzle asked for, so one broken module cannot break the rest.
    if len(argv) >= 2 and (argv[0], argv[1]) in parser.puzzle_parsers:
        puzzle_commands(argv[1]).add_arguments(parser.puzzle_parsers[argv[0], argv[1]], argv[0])
    return resolve_words(parser.parse_args(argv))


def dispatch(args: argparse.Namespace) -> Report:
    if args.command in ("solve", "bench"):
        commands = puzzle_commands(args.puzzle)
        return commands.solve(args) if args.command == "solve" else commands.bench(args)
    return {"words": cmd_words, "fetch": cmd_fetch, "notebooks": cmd_notebooks}[args.command](args)


def show(report: Report, as_json: bool) -> int:
    """Print the report; a reader that stops early (`| head`) ends the output quietly."""
    try:
        print(report.as_json() if as_json else report.text, flush=True)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 1
    return report.status


if __name__ == "__main__":
    sys.exit(main())
