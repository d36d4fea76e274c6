"""`wordlab bench whole-jobs`: whole `wordlab solve` commands against the plain scripts a user would write.

Each job is run as a whole process both ways, the plain script in `benchmarks/` and the `wordlab solve`
command, one after the other, for several rounds (interleaved, so that a busy machine slows both alike);
the table shows the median seconds of each and how many times faster wordlab is. One untimed round first
fills the disk caches, as any earlier run on the machine would have. The import cost of the command (the
time `import wordlab.cli` and the puzzle's command-line module add to a bare Python start) is measured the
same way. Every command runs with Python's bytecode cache on (a `PYTHONDONTWRITEBYTECODE` in the
environment is dropped for them), as on a user's machine, so the untimed round also compiles the modules once.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from wordlab.cli.options import Report, whole
from wordlab.errors import WordlabError

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@dataclass(frozen=True)
class Job:
    """One job done two ways: `script` (in benchmarks/, given the list's file) and `wordlab solve` arguments;
    `answer` is a pattern both outputs must contain."""

    name: str
    source: str  # the reference list the job reads
    script: str
    script_args: tuple[str, ...]
    solve_args: tuple[str, ...]
    module: str  # the puzzle's command-line module
    answer: str


JOBS = (
    Job("spelling-bee", "enable1", "spelling_bee_script.py", (),
        ("solve", "spelling-bee", "--words", "enable1"), "wordlab.cli.spelling_bee", r"AEGINRT centre R\D+3,?898"),
    Job("word-squares", "moby-single", "word_squares_script.py", ("bishop",),
        ("solve", "word-squares", "bishop", "--words", "moby-single"), "wordlab.cli.word_squares", r"\b2,?587\b"),
)


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("--rounds", type=whole(1, 100), default=7, help="timed rounds of each command (default 7; 1 to 100)")
    parser.add_argument("--jobs", nargs="+", choices=[job.name for job in JOBS], default=[job.name for job in JOBS],
                        metavar="JOB", help="jobs to time (default all)")


USER_ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def wordlab_command() -> list[str]:
    """The `wordlab` console script installed beside this Python (no shell shim in between)."""
    script = Path(sys.executable).parent / "wordlab"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from wordlab.cli import main; sys.exit(main())"]


def timed(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds and CPU seconds (user + system) of one whole process, and what it printed; a failing
    command is an error."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=USER_ENVIRONMENT)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise WordlabError(f"{' '.join(command[:4])} … failed: {(done.stderr or done.stdout).strip()[-300:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu, done.stdout


def commands(job: Job) -> dict[str, list[str]]:
    """The four commands timed for a job: bare Python, the imports, the plain script, wordlab solve."""
    from wordlab.words import reference_path

    path = str(reference_path(job.source, download=False))
    return {"python": [sys.executable, "-c", "pass"],
            "imports": [sys.executable, "-c", f"import wordlab.cli, {job.module}"],
            "script": [sys.executable, str(BENCHMARKS / job.script), path, *job.script_args],
            "wordlab": [*wordlab_command(), *job.solve_args]}


def time_job(job: Job, rounds: int) -> dict:
    """Median seconds of each command over `rounds` interleaved rounds, after one untimed round."""
    runs = commands(job)
    outputs = {name: timed(command)[2] for name, command in runs.items()}  # fills caches, checks the answers
    same = all(re.search(job.answer, outputs[name]) for name in ("script", "wordlab"))
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    cpus: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, command in runs.items():
            wall, cpu, _ = timed(command)
            seconds[name].append(wall)
            cpus[name].append(cpu)
    median = {name: statistics.median(times) for name, times in seconds.items()}
    cpu = {name: statistics.median(times) for name, times in cpus.items()}
    return {"job": job.name, "words": job.source, "script_s": round(median["script"], 3),
            "wordlab_s": round(median["wordlab"], 3), "faster": round(median["script"] / median["wordlab"], 2),
            "script_cpu_s": round(cpu["script"], 3), "wordlab_cpu_s": round(cpu["wordlab"], 3),
            "faster_cpu": round(cpu["script"] / cpu["wordlab"], 2),
            "imports_ms": round(1000 * (median["imports"] - median["python"]), 1),
            "imports_cpu_ms": round(1000 * (cpu["imports"] - cpu["python"]), 1),
            "python_ms": round(1000 * median["python"], 1), "same_answer": bool(same),
            "wordlab_range_s": f"{min(seconds['wordlab']):.3f}–{max(seconds['wordlab']):.3f}",
            "script_range_s": f"{min(seconds['script']):.3f}–{max(seconds['script']):.3f}"}


def bench(args: argparse.Namespace) -> Report:
    from wordlab.words import available

    chosen = [job for job in JOBS if job.name in args.jobs]
    missing = [job.source for job in chosen if not available(job.source)]
    if missing:
        raise WordlabError(f"the whole jobs read {', '.join(missing)}: fetch with `wordlab fetch {' '.join(missing)}` "
                           f"or set WORDLAB_DATA to a folder holding them")
    rows = [time_job(job, args.rounds) for job in chosen]
    lines = [f"whole jobs, {args.rounds} interleaved rounds (medians; one untimed round filled the caches and "
             f"compiled the modules)",
             f"{'job':<14} {'script s':>9} {'wordlab s':>10} {'faster':>7}   {'script cpu':>10} {'wordlab cpu':>11} "
             f"{'faster':>7}   {'imports ms':>10} {'(cpu)':>6} {'same answer':>12}"]
    for row in rows:
        lines.append(f"{row['job']:<14} {row['script_s']:>9.3f} {row['wordlab_s']:>10.3f} {row['faster']:>6.2f}×   "
                     f"{row['script_cpu_s']:>10.3f} {row['wordlab_cpu_s']:>11.3f} {row['faster_cpu']:>6.2f}×   "
                     f"{row['imports_ms']:>10.1f} {row['imports_cpu_ms']:>6.1f} {'yes' if row['same_answer'] else 'NO':>12}")
    lines.append("faster: the plain script's median ÷ wordlab's, in wall seconds and in CPU seconds (user + system, "
                 "steadier on a busy machine); imports: `import wordlab.cli` and the puzzle's command-line module "
                 "beyond a bare Python start; the aim is 3× faster and imports within 150 ms")
    return Report("\n".join(lines), rows)
