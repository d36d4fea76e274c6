"""`wordlab bench whole-jobs`: the plain scripts give the published answers, and the command times them against
`wordlab solve` as whole processes (ratios printed, never asserted: speed lives in benchmarks)."""

import subprocess
import sys

import pytest

from wordlab.cli import main
from wordlab.cli import whole_jobs
from wordlab.words import available, reference_path


@pytest.mark.parametrize("job", whole_jobs.JOBS, ids=lambda job: job.name)
def test_each_job_names_a_script_that_exists_and_a_solve_command(job):
    assert (whole_jobs.BENCHMARKS / job.script).is_file()
    assert job.solve_args[0] == "solve"


def test_the_spelling_bee_script_on_a_tiny_list(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("rate\ntear\ngranite\ntearing\ngrain\n")
    script = whole_jobs.BENCHMARKS / "spelling_bee_script.py"
    out = subprocess.run([sys.executable, str(script), str(words)], capture_output=True, text=True, check=True).stdout
    # granite and tearing: 14 each; grain 5; rate and tear 1 each: centre R (in all five) scores 35
    assert out.strip() == "AEGINRT centre R: 35 points"


def test_the_word_squares_script_on_a_tiny_list(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("card\narea\nrear\ndart\naria\nreed\nream\ndare\n")
    script = whole_jobs.BENCHMARKS / "word_squares_script.py"
    out = subprocess.run([sys.executable, str(script), str(words), "card"], capture_output=True, text=True,
                         check=True).stdout
    assert out.splitlines()[0] == "2 squares start with 'card'"


def test_rounds_must_be_positive(capsys):
    assert main(["bench", "whole-jobs", "--rounds", "0"]) == 2
    assert "--rounds" in capsys.readouterr().err


@pytest.mark.skipif(not (available("enable1") and available("moby-single")),
                    reason="the whole jobs read ENABLE and moby-single (set WORDLAB_DATA)")
def test_one_round_of_the_spelling_bee_job_gives_the_same_answer_both_ways(capsys):
    assert main(["bench", "whole-jobs", "--rounds", "1", "--jobs", "spelling-bee", "--json"]) == 0
    import json

    (row,) = json.loads(capsys.readouterr().out)
    assert row["job"] == "spelling-bee" and row["same_answer"]
    assert row["script_s"] > 0 and row["wordlab_s"] > 0 and row["faster"] > 0
    assert str(reference_path("enable1", download=False))
