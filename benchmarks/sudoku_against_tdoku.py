"""wordlab's Sudoku solvers side by side with tdoku (a fast C++ solver with SIMD), first solution, one thread.

Usage:
    python benchmarks/sudoku_against_tdoku.py --tdoku TDOKU_SRC --commit HASH [--rounds 5] [--out data/sudoku-bench]

TDOKU_SRC is a copy of tdoku's source (github.com/t-dillon/tdoku, not part of wordlab); HASH names its commit.
The script builds tdoku's fast solver with a small driver (g++ -O3 -march=native) in a temporary folder, then
measures puzzles per second on the first 10,000 puzzles of sudoku17 and on top95 ($WORDLAB_DATA/sudoku), with
`--limit 1` (first solution) and `--limit 2` (proving it unique), for:

- tdoku, timed inside its driver (reading the file excluded), and as a whole process;
- wordlab `solve_all` (the compiled search over the whole array in one call);
- wordlab `solve(puzzle, "compiled")` in a loop (the runner, the budget and a `Result` per puzzle);
- wordlab `solve(puzzle, "bitfield-cover")` in a loop (the fastest interpreted strategy);
- `sudoku_numba_script.py` in a loop (a straightforward numba solver; compiling excluded);
- `wordlab solve sudoku --file` and `sudoku_numba_script.py` as whole processes (start-up included, numba's
  cache warm).

The contenders take turns within each round (the machine is shared: rounds are interleaved, and each ratio to
tdoku is taken within a round before the median over rounds). Writes `against-tdoku.md` and `.json` to --out.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

DRIVER = r"""
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>
extern "C" size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                           char *solution, size_t *num_guesses);
int main(int argc, char **argv) {
    std::ifstream in(argv[1]);
    size_t limit = atoll(argv[2]);
    std::vector<std::string> puzzles;
    for (std::string line; std::getline(in, line);)
        if (line.size() >= 81 && line[0] != '#') puzzles.push_back(line.substr(0, 81));
    char solution[82] = {0};
    size_t guesses = 0, solved = 0;
    auto start = std::chrono::steady_clock::now();
    for (auto &p : puzzles) solved += TdokuSolverDpllTriadSimd(p.c_str(), limit, 0, solution, &guesses) > 0;
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    printf("{\"puzzles\": %zu, \"solved\": %zu, \"seconds\": %.9f}\n", puzzles.size(), solved, seconds);
}
"""


def build_tdoku(source: Path, folder: Path) -> Path:
    """tdoku's fast solver and the driver above, compiled into `folder`."""
    (folder / "driver.cc").write_text(DRIVER)
    program = folder / "tdoku-driver"
    subprocess.run(["g++", "-O3", "-march=native", "-std=c++17", str(folder / "driver.cc"),
                    str(source / "src" / "solver_dpll_triad_simd.cc"), str(source / "src" / "util.cc"),
                    "-o", str(program)], check=True)
    return program


def puzzle_sets(folder: Path, count: int) -> dict[str, Path]:
    from wordlab.puzzles.sudoku.library import load_set_lines, set_path

    first = [line.strip() for line in load_set_lines("sudoku17") if line.strip()][:count]
    sudoku17 = folder / "sudoku17-first.txt"
    sudoku17.write_text("\n".join(first) + "\n")
    return {f"sudoku17 (first {count:,})": sudoku17, "top95": set_path("top95")}


def lines_of(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


# -- the contenders: each returns the seconds its timed part took ---------------------------------------------


def tdoku(program: Path, path: Path, limit: int) -> tuple[float, float]:
    """(seconds inside the driver, seconds of the whole process)."""
    started = time.perf_counter()
    done = subprocess.run([str(program), str(path), str(limit)], check=True, capture_output=True, text=True)
    whole = time.perf_counter() - started
    report = json.loads(done.stdout)
    assert report["solved"] == report["puzzles"], report
    return report["seconds"], whole


def wordlab_batch(puzzles, limit: int) -> float:
    from wordlab.puzzles import sudoku as sd

    started = time.perf_counter()
    answers = sd.solve_all(puzzles, limit=limit)
    seconds = time.perf_counter() - started
    assert all(a.count >= 1 for a in answers)
    return seconds


def wordlab_loop(puzzles, limit: int, strategy: str) -> float:
    from wordlab.puzzles import sudoku as sd

    started = time.perf_counter()
    for puzzle in puzzles:
        sd.solve(puzzle, strategy, limit=limit)
    return time.perf_counter() - started


def numba_script_loop(lines: list[str], limit: int) -> float:
    import sudoku_numba_script as script

    peers, units = script.tables()
    started = time.perf_counter()
    for line in lines:
        script.solve(line, peers, units, limit)
    return time.perf_counter() - started


def whole_process(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def contenders(program: Path, path: Path, limit: int, with_bitfield: bool):
    """(name, function returning seconds) for one set and limit."""
    from wordlab.puzzles import sudoku as sd

    lines = lines_of(path)
    puzzles = [sd.parse(line) for line in lines]
    wordlab_file = [sys.executable, "-m", "wordlab.cli", "solve", "sudoku", "--file", str(path), "--limit", str(limit)]
    script_file = [sys.executable, str(HERE / "sudoku_numba_script.py"), str(path), str(limit)]
    measured = {}

    def run_tdoku():
        inside, whole = tdoku(program, path, limit)
        measured["tdoku, whole process"] = whole
        return inside

    rows = [("tdoku (C++, SIMD)", run_tdoku),
            ("tdoku, whole process", lambda: measured.pop("tdoku, whole process")),
            ("wordlab solve_all (compiled, one call)", lambda: wordlab_batch(puzzles, limit)),
            ("wordlab solve(…, 'compiled') in a loop", lambda: wordlab_loop(puzzles, limit, "compiled")),
            ("numba script in a loop (compiling excluded)", lambda: numba_script_loop(lines, limit)),
            ("wordlab solve sudoku --file, whole process", lambda: whole_process(wordlab_file)),
            ("numba script, whole process", lambda: whole_process(script_file))]
    if with_bitfield:
        rows.append(("wordlab solve(…, 'bitfield-cover') in a loop",
                     lambda: wordlab_loop(puzzles, limit, "bitfield-cover")))
    return len(lines), rows


def warm_up(sets: dict[str, Path]) -> None:
    """Compile (or load) every numba kernel once, so that no timed run pays for it."""
    import sudoku_numba_script as script
    from wordlab.puzzles import sudoku as sd

    first = lines_of(next(iter(sets.values())))[:3]
    sd.solve_all(first)
    sd.solve(first[0], "compiled")
    script.solve(first[0], *script.tables())
    whole_process([sys.executable, str(HERE / "sudoku_numba_script.py"), str(next(iter(sets.values()))), "1"])


def overhead(puzzles, rounds: int) -> dict:
    """Per-call overhead of `solve` (the runner, the budget, the `Result`): the loop's time per puzzle less the
    batch's, on the same puzzles, interleaved."""
    differences = []
    for _ in range(rounds):
        batch = wordlab_batch(puzzles, 1) / len(puzzles)
        loop = wordlab_loop(puzzles, 1, "compiled") / len(puzzles)
        differences.append((loop - batch) * 1e6)
    return {"puzzles": len(puzzles), "overhead_us_per_call": statistics.median(differences),
            "spread_us": [min(differences), max(differences)], "strategy": "compiled"}


def measure(program: Path, sets: dict[str, Path], rounds: int) -> list[dict]:
    runs: dict[tuple, list[float]] = {}
    ratios: dict[tuple, list[float]] = {}
    counts = {}
    for r in range(rounds):
        for set_name, path in sets.items():
            for limit in (1, 2):
                count, rows = contenders(program, path, limit, with_bitfield=True)
                counts[set_name] = count
                seconds = {name: run() for name, run in rows}
                for name, s in seconds.items():
                    runs.setdefault((set_name, limit, name), []).append(s)
                    ratios.setdefault((set_name, limit, name), []).append(s / seconds["tdoku (C++, SIMD)"])
        print(f"round {r + 1} of {rounds} done", file=sys.stderr)
    return [{"set": s, "limit": limit, "solver": name, "puzzles": counts[s],
             "puzzles_per_s": counts[s] / statistics.median(times),
             "best_puzzles_per_s": counts[s] / min(times), "worst_puzzles_per_s": counts[s] / max(times),
             "times_tdoku": statistics.median(ratios[s, limit, name])}
            for (s, limit, name), times in runs.items()]


def machine() -> str:
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor() or "unknown CPU")
    return f"{model}, {os.cpu_count()} cores (shared with other work), {platform.system()} {platform.release()}"


def table(rows: list[dict]) -> list[str]:
    out = ["| set | limit | solver | puzzles/s (median) | best … worst | × tdoku's time (median) |",
           "| --- | ---: | --- | ---: | ---: | ---: |"]
    for row in rows:
        spread = f"{row['best_puzzles_per_s']:,.0f} … {row['worst_puzzles_per_s']:,.0f}"
        out.append(f"| {row['set']} | {row['limit']} | {row['solver']} | {row['puzzles_per_s']:,.0f} | {spread} | "
                   f"{row['times_tdoku']:,.1f} |")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tdoku", type=Path, required=True, help="a copy of tdoku's source (its src/ folder inside)")
    parser.add_argument("--commit", required=True, help="the tdoku commit that copy is from")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--count", type=int, default=10_000, help="puzzles from the start of sudoku17")
    parser.add_argument("--out", type=Path, default=HERE.parent / "data" / "sudoku-bench")
    args = parser.parse_args()
    import numba

    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        program = build_tdoku(args.tdoku, folder)
        sets = puzzle_sets(folder, args.count)
        warm_up(sets)
        from wordlab.puzzles import sudoku as sd

        rows = measure(program, sets, args.rounds)
        cost = overhead([sd.parse(line) for line in lines_of(sets["top95"])] * 20, args.rounds)
    command = (f"python benchmarks/sudoku_against_tdoku.py --tdoku TDOKU_SRC --commit {args.commit} "
               f"--rounds {args.rounds} --count {args.count}")
    about = {"command": command, "machine": machine(), "date": datetime.date.today().isoformat(),
             "tdoku_commit": args.commit, "python": platform.python_version(), "numba": numba.__version__,
             "rounds": args.rounds, "rows": rows, "solve_overhead": cost}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "against-tdoku.json").write_text(json.dumps(about, indent=2) + "\n")
    text = ["# wordlab's Sudoku solvers against tdoku", "",
            f"Command: `{command}`  ", f"Machine: {about['machine']}  ",
            f"Date: {about['date']}; Python {about['python']}, numba {about['numba']}; tdoku commit "
            f"{args.commit} (github.com/t-dillon/tdoku, built with g++ -O3 -march=native).", "",
            f"First solution (limit 1) and uniqueness proved (limit 2), one thread, median of {args.rounds} "
            f"interleaved rounds; '× tdoku's time' is each round's time over tdoku's in that round (tdoku timed "
            f"inside its driver), median over rounds. Whole processes include start-up.", "",
            *table(rows), "",
            f"Per-call overhead of `solve` (runner, budget, `Result`), the loop's time per puzzle less "
            f"`solve_all`'s on top95 ×20: {cost['overhead_us_per_call']:.1f} µs (spread "
            f"{cost['spread_us'][0]:.1f} … {cost['spread_us'][1]:.1f} µs).", ""]
    (args.out / "against-tdoku.md").write_text("\n".join(text))
    print("\n".join(text))


if __name__ == "__main__":
    main()
