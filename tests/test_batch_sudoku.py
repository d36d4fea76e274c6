"""Many Sudoku puzzles at once: `solve_all` (one compiled call, or a loop for the other strategies, or several
processes) gives each puzzle the answer `solve` gives it, under one budget; `parse_many` and `verify_many` agree
with `parse` and `verify`; `solve sudoku --file` keeps its lines, its reports and its budget."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings, strategies as st

from tests.test_sudoku import NO_SOLUTION, is_solution
from wordlab.cli import main
from wordlab.errors import WordlabError
from wordlab.puzzles.sudoku import (
    EXAMPLES, generate, geometry, parse, parse_many, solve, solve_all, verify, verify_many,
)
from wordlab.search import Budget, Probe

MIXED = [EXAMPLES["easy"], EXAMPLES["four"], "." * 36, NO_SOLUTION, EXAMPLES["six"], EXAMPLES["other"],
         EXAMPLES["sixteen"], EXAMPLES["harder"], str(generate(8, seed=1))]


def summary(answer) -> tuple:
    return tuple(s.cells for s in answer.values), answer.exhausted, answer.stopped


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_each_answer_is_the_one_solve_gives(limit):
    batch = solve_all(MIXED, limit=limit)
    assert [summary(a) for a in batch] == [summary(solve(p, "compiled", limit=limit)) for p in MIXED]
    assert [a.nodes for a in batch] == [solve(p, "compiled", probe=Probe(), limit=limit).nodes for p in MIXED]
    for puzzle, answer in zip(MIXED, batch):
        assert answer.given == parse(puzzle) and all(is_solution(puzzle, s.cells) for s in answer.values)
    assert [a.count for a in batch] == [1, 1, min(limit, 5), 0, 1, 1, 1, 1, 1]


def test_other_strategies_run_one_by_one_with_the_same_answers():
    loop = solve_all(MIXED[:6], "bitfield-cover", limit=2)
    assert [summary(a) for a in loop] == [summary(solve(p, "bitfield-cover", limit=2)) for p in MIXED[:6]]


def test_processes_give_the_same_answers_in_order():
    puzzles = [str(generate(9, seed=seed)) for seed in range(12)] + MIXED
    assert [summary(a) for a in solve_all(puzzles, limit=2, workers=2)] == [summary(a) for a in
                                                                          solve_all(puzzles, limit=2)]


@pytest.mark.parametrize("nodes", [0, 5, 300])
def test_a_node_budget_is_the_whole_batchs(nodes):
    puzzles = [EXAMPLES["other"]] * 4
    answers = solve_all(puzzles, budget=Budget(nodes=nodes), limit=2)
    assert sum(a.nodes for a in answers) == (nodes + 1 if nodes else 0)
    stopped = [a for a in answers if a.stopped]
    assert stopped and all(a.stopped == f"node budget of {nodes:,} reached" and not a.exhausted for a in stopped)
    assert answers[-1].stopped and answers[-1].count == 0
    finished = [a for a in answers if not a.stopped]
    assert all(a.unique for a in finished) and len(finished) == {0: 0, 5: 0, 300: 1}[nodes]


def test_a_time_budget_stops_the_batch_with_valid_answers():
    from wordlab.puzzles.sudoku import compiled

    compiled.ready("batch")  # the kernels' one-off load is the process's start-up, as the whole-process test counts it
    answers = solve_all(["." * 81] * 3, budget=Budget(seconds=0.2), limit=10 ** 9)
    assert all(a.stopped == "time budget of 0.2 s reached" for a in answers)
    assert answers[0].count > 0 and answers[1].count == answers[2].count == 0
    assert all(is_solution("." * 81, s.cells) for s in answers[0].values[:500])


def test_many_solutions_are_handed_over_in_rounds():
    answers = solve_all(["." * 16, "." * 36], limit=100_000)  # more than the kernel writes before handing over
    assert answers[0].count == 288 and answers[0].exhausted
    assert answers[1].count == 100_000 and not answers[1].exhausted and not answers[1].stopped
    assert len({s.cells for s in answers[1].values}) == 100_000


@pytest.mark.parametrize("call, words", [
    (lambda: solve_all([EXAMPLES["easy"], "12x"]), "puzzle 2: a Sudoku needs"),
    (lambda: solve_all(["55" + "." * 79]), "puzzle 1: contradictory givens"),
    (lambda: solve_all([EXAMPLES["easy"]], workers=0), "workers must be a whole number ≥ 1, not 0"),
    (lambda: solve_all([EXAMPLES["easy"]], limit=0), "limit must be a positive integer, not 0"),
    (lambda: solve_all([EXAMPLES["easy"]], seed=3), "has no option seed"),
    (lambda: solve_all([EXAMPLES["easy"]], "guesswork"), "unknown strategy 'guesswork'"),
    (lambda: solve_all([EXAMPLES["sixteen"]], "bitmask-singles"), "up to 9×9"),
])
def test_bad_batches_are_refused_naming_the_problem(call, words):
    with pytest.raises(WordlabError, match=words):
        call()


# -- parse_many and verify_many --------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(
    st.sampled_from([16, 36, 64, 81]).flatmap(lambda size: st.text(alphabet=".0123456789", min_size=size,
                                                                   max_size=size)),
    st.text(alphabet=".0123456789ABG x-", max_size=90),
    st.text(max_size=20),
), max_size=8))
def test_parse_many_reads_every_text_as_parse_does(texts):
    for text, got in zip(texts, parse_many(texts)):
        try:
            expected = parse(text)
        except WordlabError as problem:
            assert isinstance(got, WordlabError) and str(got) == str(problem)
        else:
            assert got == expected and got.parsed


def test_verify_many_agrees_with_verify_on_damaged_answers():
    rng = random.Random(0)
    for n in (4, 6, 8, 9, 16):
        puzzles = [generate(n, seed=seed, min_clues=200 if n == 16 else 0) for seed in range(4)]
        answers = [list(solve(p).solution.cells) for p in puzzles]
        for answer in answers[1:]:
            i, j = rng.sample(range(n * n), 2)
            answer[i], answer[j] = answer[j], answer[i]
        got = verify_many([p.cells for p in puzzles], answers, geometry(n)).tolist()
        assert got == [verify(p, tuple(a)) for p, a in zip(puzzles, answers)] and got[0]


# -- the command line --------------------------------------------------------------------------------------------

def lines_of(tmp_path, lines: list[str]) -> str:
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def records(argv: list[str], capsys) -> list[dict]:
    assert main(argv) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_a_file_reads_the_same_with_one_process_or_two_and_with_any_strategy(tmp_path, capsys):
    path = lines_of(tmp_path, ["# mixed", *MIXED, "12x", ""])
    one = records(["solve", "sudoku", "--file", path, "--json"], capsys)
    two = records(["solve", "sudoku", "--file", path, "--json", "--workers", "2"], capsys)
    loop = records(["solve", "sudoku", "--file", path, "--json", "--strategy", "bitfield-cover"], capsys)
    assert one[:-1] == two[:-1]
    assert [r["status"] for r in one[:-1]] == [r["status"] for r in loop[:-1]]  # ties may go to another solution
    assert [r["line"] for r in one[:-1]] == list(range(2, 12))
    assert [r["status"] for r in one[:-1]] == ["solved", "solved", "multiple", "unsolvable"] + ["solved"] * 5 + [
        "rejected"]


def test_a_file_stops_within_its_budget_and_says_which_lines_it_did_not_finish(tmp_path, capsys):
    path = lines_of(tmp_path, [EXAMPLES["easy"], "." * 256, EXAMPLES["other"]])
    got = records(["solve", "sudoku", "--file", path, "--json", "--limit", "1000000000", "--max-nodes", "500"], capsys)
    assert [r["status"] for r in got[:-1]] == ["solved", "stopped", "stopped"]
    assert got[1]["stopped"] == "node budget of 500 reached" and got[1]["solutions"] and not got[2]["solutions"]
    assert all(is_solution("." * 256, tuple(int(ch, 17) for ch in s)) for s in got[1]["solutions"])
    assert got[-1]["summary"]["stopped"] == 2


@pytest.mark.parametrize("strategy", ["compiled", "bitfield-cover"])
def test_counting_the_empty_grid_stays_inside_the_time_budget(strategy):
    """As a user runs it, a whole process: within the budget + its margin + the start-up that
    `--max-seconds 0` measures (a process of its own, so no other test's heap slows its collector)."""
    def command(seconds: float) -> tuple[float, str]:
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "wordlab.cli", "solve", "sudoku", "." * 81, "--limit",
                               "1000000000", "--max-seconds", str(seconds), "--strategy", strategy],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return time.perf_counter() - started, done.stdout

    start_up = min(command(0)[0] for _ in range(2))
    spent, out = command(0.5)
    assert "stopped early: time budget of 0.5 s reached" in out and "all verified" in out
    assert spent < start_up + 0.5 + 0.25  # verifying the answers comes out of the budget too
