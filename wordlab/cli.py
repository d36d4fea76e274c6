"""The `wordlab` command: `words`, `fetch`, `solve PUZZLE`, `bench PUZZLE`, `notebooks`.

Puzzle modules add their own options through `add_arguments(parser, command)` and may use the
option helpers below so that `--words`, `--strategy` and budgets mean the same everywhere.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from wordlab.errors import WordlabError
from wordlab.puzzles import PUZZLES, Report, puzzle_module
from wordlab.search.probe import Budget

# -- option helpers shared by the puzzle modules -----------------------------------------------------


def add_words_option(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument("--words", default=default, metavar="NAME|PATH",
                        help=f"word source: a name from `wordlab words`, `name:arg`, a file, or a+b (default {default})")


def add_strategy_option(parser: argparse.ArgumentParser, strategies, default: str | None = None,
                        many: bool = False) -> None:
    names = list(strategies)
    if many:
        parser.add_argument("--strategies", nargs="+", choices=names, default=names, metavar="NAME",
                            help=f"strategies to run (default all: {', '.join(names)})")
    else:
        parser.add_argument("--strategy", choices=names, default=default or names[0], metavar="NAME",
                            help=f"one of {', '.join(names)} (default {default or names[0]})")


def add_budget_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--max-nodes", type=int, default=None, help="stop after this many nodes")
    parser.add_argument("--max-seconds", type=float, default=None, help="stop after this many seconds")
    parser.add_argument("--progress", action="store_true", help="show a progress bar")


def budget_from(args: argparse.Namespace) -> Budget | None:
    nodes, seconds = getattr(args, "max_nodes", None), getattr(args, "max_seconds", None)
    if nodes is None and seconds is None and not getattr(args, "progress", False):
        return None
    return Budget(nodes=nodes, seconds=seconds, progress=getattr(args, "progress", False))


# -- commands ----------------------------------------------------------------------------------------


def cmd_words(args) -> Report:
    from wordlab.words import survey

    rows = survey(download=args.download)
    width = max(len(r["source"]) for r in rows)
    lines = [f"{'source':<{width}}  {'available':<9}  {'words':>8}  about"]
    for r in rows:
        words = f"{r['words']:,}" if r["words"] else "-"
        lines.append(f"{r['source']:<{width}}  {'yes' if r['available'] else 'no':<9}  {words:>8}  {r['about']}")
    return Report("\n".join(lines), rows)


def cmd_fetch(args) -> Report:
    from wordlab.words import REFERENCES, fetch

    names = args.names or list(REFERENCES)
    paths = {name: str(fetch(name)) for name in names}
    return Report("\n".join(f"{name}: {path}" for name, path in paths.items()), paths)


NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def cmd_notebooks(args) -> Report:
    """Execute every notebook headless into an output folder (the sources stay stripped)."""
    notebooks = sorted(Path(args.folder).glob("[0-9][0-9]_*.ipynb"))
    if not notebooks:
        raise WordlabError(f"no notebooks found in {args.folder}")
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    done = []
    for notebook in notebooks:
        print(f"executing {notebook.name} …", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                        f"--ExecutePreprocessor.timeout={args.timeout}", "--output-dir", str(out), str(notebook)],
                       check=True)
        done.append(str(out / notebook.name))
    return Report("executed:\n" + "\n".join(done), done)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="wordlab", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    words = commands.add_parser("words", help="list every word source with availability and size")
    words.add_argument("--download", action="store_true", help="fetch missing reference lists first")
    fetch = commands.add_parser("fetch", help="download and verify reference word lists")
    fetch.add_argument("names", nargs="*", help="reference lists (default all)")
    notebooks = commands.add_parser("notebooks", help="execute every notebook headless")
    notebooks.add_argument("--folder", default=str(NOTEBOOKS))
    notebooks.add_argument("--output", default="build/notebooks")
    notebooks.add_argument("--timeout", type=int, default=1200)
    for sub in (words, fetch, notebooks):
        sub.add_argument("--json", action="store_true", help="machine-readable output")

    for command in ("solve", "bench"):
        sub = commands.add_parser(command, help=f"{command} a puzzle")
        puzzles = sub.add_subparsers(dest="puzzle", required=True, metavar="PUZZLE")
        for name in PUZZLES:
            one = puzzles.add_parser(name, help=f"{command} {name}")
            one.add_argument("--json", action="store_true", help="machine-readable output")
            one.set_defaults(configure=(name, command))
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    # Puzzle options are only added for the puzzle asked for, so one broken module cannot break the rest.
    if len(argv) >= 2 and argv[0] in ("solve", "bench") and argv[1] in PUZZLES:
        sub = parser._subparsers._group_actions[0].choices[argv[0]]
        one = sub._subparsers._group_actions[0].choices[argv[1]]
        puzzle_module(argv[1]).add_arguments(one, argv[0])
    args = parser.parse_args(argv)
    try:
        if args.command in ("solve", "bench"):
            module = puzzle_module(args.puzzle)
            report = module.cli_solve(args) if args.command == "solve" else module.cli_bench(args)
        else:
            report = {"words": cmd_words, "fetch": cmd_fetch, "notebooks": cmd_notebooks}[args.command](args)
    except WordlabError as problem:
        print(f"wordlab: {problem}", file=sys.stderr)
        return 2
    print(json.dumps(report.data, indent=2, default=str) if args.json else report.text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
