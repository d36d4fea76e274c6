"""The benchmark harness, the command line and the notebook rules."""

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from wordlab import bench
from wordlab.cli import main, puzzle_commands
from wordlab.errors import WordlabError
from wordlab.puzzles import PUZZLES, puzzle_module


def slow(n, probe=None):
    for i in range(n):
        if probe:
            probe.call(0)
    return n


def fast(n, probe=None):
    if probe:
        probe.call(0)
    return n


def test_bench_runs_strategies_side_by_side_with_ratios():
    frame = bench.run({"slow": slow, "fast": fast}, {"small": 10, "large": 1000}, repeats=2, memory=True,
                      describe=str)
    assert list(frame["strategy"]) == ["slow", "fast", "slow", "fast"]
    assert list(frame["calls"]) == [10, 1, 1000, 1]
    # these strategies report calls and no expansions, and the key says calls are counted then
    assert "reports no expansion" in bench.COLUMN_KEY["calls"] and "the nodes it visited" in bench.COLUMN_KEY["calls"]
    frame.attrs["calls"] = "calls: the numbers counted"  # a page's own meaning replaces the general one
    assert "calls: the numbers counted" in bench.format_table(frame) and "the nodes it visited" not in bench.format_table(frame)
    assert list(frame["answer"]) == ["10", "10", "1000", "1000"]
    assert (frame[frame.strategy == "slow"]["ratio"] == 1).all()
    assert (frame["peak_kib"] >= 0).all()
    assert (frame["cpu_seconds"] >= 0).all()
    seconds, result = bench.cpu_seconds(lambda: slow(100), repeats=2)
    assert seconds >= 0 and result == 100
    assert "ratio" in bench.format_table(frame, "title")
    with pytest.raises(WordlabError, match="baseline"):
        bench.with_ratios(frame, "nope")


def test_module_at_imports_a_committed_version_beside_the_working_tree(tmp_path):
    earlier = bench.module_at("HEAD", "wordlab/errors.py", tmp_path,
                              lambda source: source + "\nMARK = 'edited'\n")
    assert earlier.MARK == "edited" and earlier.WordlabError is not WordlabError
    assert issubclass(earlier.WordlabError, ValueError)


def test_words_command_lists_every_source(capsys):
    assert main(["words", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"wordfreq", "web2", "gcide", "system", "nltk-words", "wordnet", "brown", "enable1", "ita"} <= {
        r["source"] for r in rows}
    assert all(r["available"] or r["about"] for r in rows)


def test_unknown_reference_is_a_clean_cli_error(capsys):
    assert main(["fetch", "nonsense"]) == 2
    assert "unknown reference list 'nonsense'" in capsys.readouterr().err


def test_every_puzzle_has_its_command_line_glue_in_the_cli_package():
    for name in PUZZLES:
        commands = puzzle_commands(name)
        assert commands.__name__.startswith("wordlab.cli."), f"{name} keeps its command-line glue in the puzzle"
        for attribute in ("add_arguments", "solve", "bench", "budget_case"):
            assert callable(getattr(commands, attribute, None)), f"{name} lacks {attribute}"


def test_usage_mistakes_are_one_line_errors(capsys):
    assert main(["solve", "nonsense"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "invalid choice: 'nonsense'" in err
    assert main(["solve", "tuesday", "--no-such-option"]) == 2
    assert "unrecognized arguments: --no-such-option" in capsys.readouterr().err


def test_output_cut_short_by_the_reader_ends_quietly():
    script = "import sys; from wordlab.cli import main; sys.exit(main(['words', '--json']))"
    done = subprocess.run(f"{sys.executable} -c \"{script}\" | head -c 1", shell=True, capture_output=True, text=True)
    assert done.stdout == "[" and "Error" not in done.stderr and "Traceback" not in done.stderr


NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebooks_are_committed_stripped(path):
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert not cell.outputs, f"{path.name} has saved outputs: run `nbstripout {path}`"
            assert cell.execution_count is None, f"{path.name} has execution counts: run `nbstripout {path}`"
    verify = subprocess.run([sys.executable, "-m", "nbstripout", "--verify", str(path)], capture_output=True, text=True)
    assert verify.returncode == 0, f"{path.name} is not as nbstripout leaves it: run `nbstripout {path}`"


def test_bench_gives_no_ratio_and_says_so_when_only_some_runs_stopped():
    stops = iter([None, "node budget of 5 reached", None, None])

    class Done:
        def __init__(self):
            self.stopped = next(stops)

    def sometimes(n, probe=None):
        return Done()

    frame = bench.run({"fast": fast, "sometimes": sometimes}, {"one": 1}, repeats=3)
    row = frame.iloc[1]
    assert row["stopped"] == "stopped in 1 of 4 runs: node budget of 5 reached"
    assert row["ratio"] != row["ratio"]  # NaN: no ratio


def test_bench_json_is_strict_with_whole_numbers_as_ints_and_missing_figures_as_null(monkeypatch, tmp_path, capsys):
    from wordlab.cli import sudoku as sudoku_cli
    from wordlab.puzzles import sudoku as sd

    frame = bench.run({"fast": fast, "broken": lambda n, probe=None: 1 / 0}, {"one": 1}, repeats=1)
    rows = bench.records(frame)
    assert rows[0]["calls"] == 1 and type(rows[0]["calls"]) is int and rows[1]["calls"] is None
    assert rows[0]["stopped"] is None and rows[1]["ratio"] is None
    (tmp_path / "slowmod.py").write_text(
        "from wordlab.puzzles import sudoku as sd\n"
        "def plain(puzzle, *, probe=None, budget=None):\n"
        "    yield from sd.STRATEGIES['sequential'](puzzle, probe=probe, budget=budget)\n")
    monkeypatch.chdir(tmp_path)
    puzzles = [sd.parse(sd.EXAMPLES["harder"]), sd.parse(sd.EXAMPLES["easy"])]
    monkeypatch.setattr(sudoku_cli, "_bench_inputs", lambda sample: ({"two": puzzles}, []))
    assert main(["bench", "sudoku", "--strategies", "propagation", "slowmod:plain", "--max-seconds", "0.05",
                 "--repeats", "1", "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out, parse_constant=lambda name: pytest.fail(f"{name} in --json output"))
    plain = data["rows"][1]
    assert plain["stopped"] == "1 of 2 puzzles stopped by the budget" and plain["puzzles_stopped"] == 1
    assert plain["ratio"] is None and plain["puzzles_per_s"] is None and plain["speedup"] is None
    assert data["rows"][0]["stopped"] is None and data["rows"][0]["ratio"] == 1
    assert any("slowmod:plain on two: 1 of 2 puzzles stopped" in note for note in data["notes"])
