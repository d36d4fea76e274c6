"""The compiled Sudoku strategy: its answers on every size checked by the independent checker, its tree against
the interpreted search it compiles (bitfield-cover's), budgets, recordings, the refusals it shares with the interpreted
strategies, and a numba cache that cannot be used."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from tests.test_sudoku import NO_SOLUTION, TOP95_6, deadly_rectangle, is_solution
from wordlab.errors import WordlabError
from wordlab.puzzles.sudoku import EXAMPLES, Sudoku, generate, geometry, load_set, set_available, solve
from wordlab.search import Budget, Probe


def calls(strategy: str, puzzle, **options) -> int:
    probe = Probe()
    solve(puzzle, strategy, probe=probe, **options)
    return probe.calls


@pytest.mark.parametrize("size, seed", [(4, 0), (4, 1), (6, 2), (8, 3), (9, 4), (9, 5), (16, 6)])
def test_every_size_is_solved_and_proved_unique(size, seed):
    puzzle = generate(size, seed=seed, min_clues=150 if size == 16 else 0)
    answers = solve(puzzle, "compiled", limit=2)
    assert answers.unique and answers.exhausted and answers.count == 1
    assert is_solution(str(puzzle), answers.solution.cells)


@pytest.mark.parametrize("size", [4, 6, 8, 9, 16])
def test_every_solution_it_lists_is_a_distinct_true_solution(size):
    given = "." * size * size
    answers = solve(given, "compiled", limit=12)
    assert answers.count == 12 and not answers.exhausted and len({s.cells for s in answers.values}) == 12
    assert all(is_solution(given, s.cells) for s in answers.values)


def test_it_counts_every_solution_of_the_empty_4x4():
    answers = solve("." * 16, "compiled", limit=1_000)
    assert answers.count == 288 and answers.exhausted  # the known number of 4×4 grids
    assert len({s.cells for s in answers.values}) == 288 and all(is_solution("." * 16, s.cells) for s in answers.values)


@pytest.mark.parametrize("size", [8, 9])
def test_a_puzzle_with_two_solutions_has_both_found(size):
    grids = [solve(EXAMPLES["easy"]).solution.cells] if size == 9 else \
        (generate(size, seed=seed, min_clues=size * size).cells for seed in range(50))
    answer, cells = next((a, cells) for a in grids if (cells := deadly_rectangle(a, size)))
    puzzle = "".join("." if i in cells else str(d) for i, d in enumerate(answer))
    answers = solve(puzzle, "compiled", limit=5)
    assert answers.count == 2 and answers.exhausted and answer in {s.cells for s in answers.values}
    assert all(is_solution(puzzle, s.cells) for s in answers.values)


def test_no_solution_and_a_solved_grid():
    assert solve(NO_SOLUTION, "compiled", limit=2).count == 0
    full = str(solve(EXAMPLES["easy"]).solution)
    probe = Probe()
    answers = solve(full, "compiled", probe=probe, limit=2)
    assert answers.unique and probe.calls == 1


def test_it_walks_the_tree_of_bitfield_cover():
    # the same two rules, the same branching on the tightest constraint (a cell first on ties), the same order
    for limit in (1, 2):
        assert calls("compiled", EXAMPLES["other"], limit=limit) == calls("bitfield-cover", EXAMPLES["other"],
                                                                          limit=limit) == {1: 239, 2: 269}[limit]
    assert calls("compiled", EXAMPLES["harder"]) == 1  # hidden singles alone solve it
    assert calls("compiled", TOP95_6, limit=2) == 46 == calls("bitfield-cover", TOP95_6, limit=2)
    assert calls("propagation", TOP95_6, limit=2) == 186  # which branches on cells only: a digit's two places win


@pytest.mark.skipif(not set_available("top95"), reason="needs $WORDLAB_DATA/sudoku/top95.txt")
def test_calls_on_top95_are_those_of_bitfield_cover():
    puzzles = load_set("top95")
    assert sum(calls("compiled", p) for p in puzzles) == 2_821


def test_solutions_agree_with_the_interpreted_strategies_on_random_puzzles():
    import random

    for seed in range(12):
        size = (6, 8, 9)[seed % 3]
        rng = random.Random(seed)
        full = generate(size, seed=seed, min_clues=size * size)
        puzzle = "".join(str(d) if rng.random() < 0.3 else "." for d in full.cells)
        mine = solve(puzzle, "compiled", limit=3)
        theirs = solve(puzzle, "bitfield-cover", limit=3)
        assert mine.count == theirs.count >= 1 and mine.exhausted == theirs.exhausted
        assert all(is_solution(puzzle, s.cells) for s in mine.values)


# -- budgets and probes ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("nodes", [0, 1, 2, 57, 3_000])
def test_a_node_budget_stops_it_at_that_node(nodes):
    probe = Probe()
    answers = solve("." * 256, "compiled", probe=probe, budget=Budget(nodes=nodes), limit=10 ** 9)
    assert answers.stopped == f"node budget of {nodes:,} reached" and not answers.exhausted
    assert probe.calls == (nodes + 1 if nodes else 0)  # the node past the limit is the one that stops it
    assert all(is_solution("." * 256, s.cells) for s in answers.values)


def test_a_time_budget_stops_the_empty_grid_count_with_valid_answers():
    answers = solve("." * 81, "compiled", budget=Budget(seconds=0.2), limit=10 ** 30)
    assert answers.stopped == "time budget of 0.2 s reached" and answers.count > 100
    assert all(is_solution("." * 81, s.cells) for s in answers.values[:200])


def test_the_probe_counts_nodes_per_depth_and_prunes():
    probe = Probe()
    solve(EXAMPLES["other"], "compiled", probe=probe, limit=2)
    assert sum(probe.depth_profile()) == probe.calls == 269 and probe.pruned == 268
    assert probe.depth_profile()[0] == 1


def test_a_recording_shows_each_node_its_prunes_and_dead_ends():
    probe = Probe(record=5_000)
    answers = solve(EXAMPLES["other"], "compiled", probe=probe, limit=2)
    events = probe.events
    kinds = {kind: [e for e in events if e.kind == kind] for kind in ("call", "prune", "backtrack", "solution")}
    assert len(kinds["call"]) == probe.calls == 269 and len(kinds["prune"]) == probe.pruned == 268
    assert len(kinds["solution"]) == 1 and not probe.full
    solved = events[kinds["solution"][0].node].state
    assert 0 not in solved.cells and solved.cells == answers.solution.cells
    assert kinds["backtrack"] and all(e.why == "every move from here fails" for e in kinds["backtrack"])
    for e in kinds["prune"]:
        parent = events[e.parent].state
        assert parent.cells[e.state.last] == 0 and e.why.startswith(geometry(9).move(e.state.last,
                                                                                     e.state.cells[e.state.last]))


@pytest.mark.parametrize("puzzle", [EXAMPLES["other"], TOP95_6])
def test_its_recording_is_bitfield_covers_event_for_event(puzzle):
    streams = []
    for strategy in ("bitfield-cover", "compiled"):
        probe = Probe(record=5_000)
        solve(puzzle, strategy, probe=probe, limit=2)
        streams.append([(e.kind, e.node, e.parent, e.depth, e.why, e.state.cells if e.state else None,
                         getattr(e.state, "last", None)) for e in probe.events])
    assert streams[0] == streams[1] and len(streams[0]) > 100


def test_a_recording_that_fills_says_so_and_counts_the_rest():
    probe = Probe(record=50)
    solve(EXAMPLES["other"], "compiled", probe=probe, limit=2)
    assert len(probe.events) == 50 and probe.full and probe.calls == 269


# -- what it refuses, as the interpreted strategies do --------------------------------------------------------

@pytest.mark.parametrize("options", [{"limit": 0}, {"limit": -3}, {"limit": 2.5}, {"limit": True}, {"limit": "2"},
                                     {"seed": 3}, {"width": 3}])
def test_bad_options_get_the_interpreted_strategies_message(options):
    messages = []
    for strategy in ("bitfield-cover", "compiled"):
        with pytest.raises(WordlabError) as refused:
            solve(EXAMPLES["easy"], strategy, **options)
        messages.append(str(refused.value).replace(strategy, "STRATEGY"))
    assert messages[0] == messages[1]


@pytest.mark.parametrize("given", ["123", "." * 49, "55" + "." * 79, "x" + "." * 80, "A" * 2 + "." * 254, 123,
                                   Sudoku((5, 5) + (0,) * 79, geometry(9))])
def test_bad_grids_get_the_interpreted_strategies_message(given):
    messages = []
    for strategy in ("bitfield-cover", "compiled"):
        with pytest.raises(WordlabError) as refused:
            solve(given, strategy)
        messages.append(str(refused.value))
    assert messages[0] == messages[1]


def test_a_negative_budget_is_refused_before_it_runs():
    with pytest.raises(WordlabError, match="seconds"):
        solve(EXAMPLES["easy"], "compiled", budget=Budget(seconds=-1))


# -- the numba cache ----------------------------------------------------------------------------------------------

SOLVE = textwrap.dedent("""
    from wordlab.puzzles.sudoku import EXAMPLES, solve
    from wordlab.puzzles.sudoku import compiled
    answers = solve(EXAMPLES["other"], "compiled", limit=2)
    hits = sum(sum(kernel.stats.cache_hits.values()) for kernel in compiled.KERNELS)
    print(answers.unique, answers.verified, hits)
""")


def run_with_cache(folder) -> subprocess.CompletedProcess:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(folder)}
    return subprocess.run([sys.executable, "-c", SOLVE], capture_output=True, text=True, env=env, timeout=300)


@pytest.fixture(scope="module")
def filled_cache(tmp_path_factory):
    """A cache folder that one process filled by compiling the kernels (copied by each test that uses it)."""
    folder = tmp_path_factory.mktemp("filled") / "cache"
    first = run_with_cache(folder)
    assert first.returncode == 0 and first.stdout.split()[:2] == ["True", "True"], first.stderr
    return folder


def test_a_second_process_loads_the_kernels_from_the_cache(filled_cache, tmp_path):
    shutil.copytree(filled_cache, tmp_path / "cache")
    second = run_with_cache(tmp_path / "cache")
    assert second.returncode == 0 and second.stdout.split()[:2] == ["True", "True"], second.stderr
    assert int(second.stdout.split()[2]) > 0 and second.stderr == ""


def test_an_unwritable_cache_folder_compiles_in_memory_with_one_line(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    done = run_with_cache(blocker / "cache")  # a folder inside a file cannot be made, even by root
    assert done.returncode == 0 and done.stdout.split()[:2] == ["True", "True"]
    assert done.stderr.count("\n") == 1 and "cannot be made" in done.stderr and "compiling in memory" in done.stderr


@pytest.mark.parametrize("damage", [b"garbage\n", b"", b"\x80\x04\x95"])
def test_a_corrupt_cache_compiles_in_memory_with_one_line(filled_cache, tmp_path, damage):
    folder = shutil.copytree(filled_cache, tmp_path / "cache")
    files = [f for f in folder.rglob("*") if f.is_file() and "compiled" in f.name]
    assert files
    for file in files:
        file.write_bytes(damage)
    done = run_with_cache(folder)
    assert done.returncode == 0 and done.stdout.split()[:2] == ["True", "True"], done.stderr
    assert done.stderr.count("\n") == 1 and "cannot be read" in done.stderr and "compiling in memory" in done.stderr
