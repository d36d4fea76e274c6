"""The proof ledger: units against brute force, Dask against one thread, resuming after kill -9, bad ledgers."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.errors import WordlabError
from wordlab.puzzles.palindrome import ledger as L
from wordlab.words import available, load

from .test_palindrome import TOY, brute_force_shortest, is_palindromic_pangram


def quiet(line: str) -> None:
    pass


def records(path: Path) -> dict[str, tuple]:
    """unit -> (outcome, nodes, phrase), from the file itself, refusing duplicates."""
    seen = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        assert row["unit"] not in seen, f"unit {row['unit']} recorded twice"
        seen[row["unit"]] = (row["outcome"], row["nodes"], row["phrase"])
    return seen


def random_dictionary(seed: int, size: int, alphabet: str, longest: int = 4) -> list[str]:
    rng = random.Random(seed)
    return sorted({"".join(rng.choice(alphabet) for _ in range(rng.randint(1, longest))) for _ in range(size)})


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(alphabet="abcd", min_size=1, max_size=4), min_size=1, max_size=8),
       st.sampled_from([7, 9, 11, 13]), st.sampled_from([None, 1, 5, 40]))
def test_ledger_decides_each_length_as_brute_force_does(tmp_path_factory, words, limit, most_nodes):
    alphabet = "abc"
    expected = brute_force_shortest(sorted(set(words)), alphabet, limit)
    path = tmp_path_factory.mktemp("ledger") / "ledger.jsonl"
    claim = L.prove(words, limit, path, alphabet=alphabet, scheduler="serial", report=quiet, most_nodes=most_nodes)
    assert claim.complete and claim.finished == claim.units == len(records(path))
    assert L.settled(json.loads(line) for line in path.read_text().splitlines())
    if expected is None:
        assert claim.impossible and claim.phrase is None
    else:
        assert not claim.impossible
        assert len(claim.phrase.replace(" ", "")) == expected
        assert is_palindromic_pangram(claim.phrase.split(), set(words), alphabet)


def test_units_are_distinct_and_agree_with_the_plain_search(tmp_path):
    from wordlab.puzzles import palindrome as P

    for seed in range(2):
        words = random_dictionary(seed, 30, "abcdef")
        for limit in (13, 16):
            plain = P.solve(P.index(words, "abcdef"), "iterative-deepening", max_length=limit)
            for most_nodes in (None, 30):
                path = tmp_path / f"{seed}-{limit}-{most_nodes}.jsonl"
                claim = L.prove(words, limit, path, alphabet="abcdef", scheduler="serial", report=quiet,
                                most_nodes=most_nodes)
                assert claim.complete and claim.units == len(records(path))   # `records` refuses a unit twice
                assert (len(claim.phrase.replace(" ", "")) if claim.phrase else None) == \
                       (plain.best.cost if plain.best else None)


def test_a_unit_over_its_node_allowance_is_cut_and_the_ledger_alone_says_when_all_is_settled(tmp_path):
    words = random_dictionary(3, 60, "abcdef")
    whole = L.prove(words, 19, tmp_path / "whole.jsonl", alphabet="abcdef", scheduler="serial", report=quiet,
                    most_nodes=None)
    path = tmp_path / "cut.jsonl"
    cut = L.prove(words, 19, path, alphabet="abcdef", scheduler="serial", report=quiet, most_nodes=38)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    deep = [r for r in rows if ":" in r["unit"]]
    assert deep and all(L.parent(r["unit"]) in {x["unit"] for x in rows if x["outcome"] == "cut"} for r in deep)
    assert all(L.parent(L.centre_of(r["unit"])) == L.ROOT for r in rows if r["unit"] != L.ROOT)
    assert (cut.impossible, cut.phrase) == (whole.impossible, whole.phrase) and cut.units > whole.units
    assert L.settled(rows)
    assert not L.settled([r for r in rows if r is not deep[0]])          # one unit missing: not settled
    assert not L.settled([r for r in rows if r["unit"] != L.ROOT])       # no root: nothing is claimed
    again = L.prove(words, 19, path, alphabet="abcdef", scheduler="serial", report=quiet)
    assert (again.units, again.nodes, again.checksum) == (cut.units, cut.nodes, cut.checksum)  # nothing redone


def test_dask_threads_and_processes_record_what_one_thread_records(tmp_path):
    runs = {}
    for scheduler, workers in (("serial", 1), ("threads", 2), (None, 2)):
        path = tmp_path / f"{scheduler}.jsonl"
        lines = []
        claim = L.prove(TOY, 16, path, alphabet="abcd", scheduler=scheduler, workers=workers, report=lines.append,
                        most_nodes=10)
        runs[scheduler] = records(path), claim
        if scheduler != "serial":
            assert any("dashboard http" in line for line in lines)
    (serial, one), (threads, two), (processes, three) = runs.values()
    assert serial == threads == processes and len(serial) == one.units
    assert any(":" in name for name in serial)                 # units cut on the workers, sent back and run
    assert (one.nodes, one.phrase, one.impossible) == (two.nodes, two.phrase, two.impossible) == \
           (three.nodes, three.phrase, three.impossible)


def test_until_found_stops_at_the_first_phrase_and_a_later_run_completes_the_length(tmp_path):
    full = tmp_path / "full.jsonl"
    whole = L.prove(TOY, 16, full, alphabet="abcd", scheduler="serial", report=quiet, most_nodes=10)
    assert whole.phrase and len(whole.phrase.replace(" ", "")) == brute_force_shortest(TOY, "abcd", 16)
    for scheduler in ("serial", "threads"):
        path = tmp_path / f"{scheduler}.jsonl"
        first = L.prove(TOY, 16, path, alphabet="abcd", scheduler=scheduler, workers=2, report=quiet, most_nodes=10,
                        until_found=True)
        assert first.phrase and not first.complete and first.finished < whole.units
        assert is_palindromic_pangram(first.phrase.split(), set(TOY), "abcd")
        assert len(first.phrase.replace(" ", "")) <= 16
        assert first.sentence().startswith(f"a palindromic pangram of {len(first.phrase.replace(' ', ''))} letters "
                                           f"exists") and "open" in first.sentence()
        again = L.prove(TOY, 16, path, alphabet="abcd", scheduler=scheduler, workers=2, report=quiet, most_nodes=10,
                        until_found=True)
        assert (again.finished, again.checksum) == (first.finished, first.checksum)      # nothing searched
        rest = L.prove(TOY, 16, path, alphabet="abcd", scheduler=scheduler, workers=2, report=quiet, most_nodes=10)
        assert rest.complete and records(path) == records(full) and rest.phrase == whole.phrase


def test_cli_until_found_prints_the_phrase_that_settles_at_most_length(tmp_path, capsys):
    from wordlab.cli import main

    source = tmp_path / "toy.txt"
    source.write_text("\n".join(TOY))
    assert main(["solve", "palindrome", "--words", str(source), "--alphabet", "abcd", "--prove", "16", "--ledger",
                 str(tmp_path / "l-{code}.jsonl"), "--scheduler", "serial", "--until-found", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["phrase"] and not data["impossible"] and data["finished"] < data["units"]
    assert is_palindromic_pangram(data["phrase"].split(), set(TOY), "abcd")


# -- interruption -------------------------------------------------------------------------------------------


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from wordlab.cli import main; sys.exit(main())", *args]


# a proof of a few hundred centres, each searched whole in milliseconds: long enough to stop in the middle
STOPPED = dict(seed=0, size=6000, alphabet="abcdefghijkl", longest=6, limit=29)


def _stopped_proof(tmp_path) -> tuple[list[str], str, int, list[str]]:
    """The words, alphabet and length of the proof the interruption tests stop, and the command that runs it."""
    words = random_dictionary(STOPPED["seed"], STOPPED["size"], STOPPED["alphabet"], STOPPED["longest"])
    source = tmp_path / "words.txt"
    source.write_text("\n".join(words) + "\n")
    command = _cli("solve", "palindrome", "--words", str(source), "--alphabet", STOPPED["alphabet"], "--prove",
                   str(STOPPED["limit"]), "--ledger", str(tmp_path / "ledger.jsonl"), "--scheduler", "serial")
    return words, STOPPED["alphabet"], STOPPED["limit"], command


def test_kill_9_in_the_middle_loses_no_unit_and_repeats_none(tmp_path):
    words, alphabet, limit, command = _stopped_proof(tmp_path)
    ledger = tmp_path / "ledger.jsonl"
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not ledger.exists() or ledger.read_text().count("\n") < 100):
        time.sleep(0.01)
    os.kill(run.pid, signal.SIGKILL)
    run.wait()
    before = ledger.read_bytes()
    assert before.count(b"\n") >= 100
    problems = []
    claim = L.prove(words, limit, ledger, alphabet=alphabet, scheduler="serial", report=problems.append)
    resumed = records(ledger)
    assert claim.complete and len(resumed) == claim.units > before.count(b"\n")
    kept = [json.loads(line)["unit"] for line in before.split(b"\n")[:-1]]
    assert all(unit in resumed for unit in kept)           # nothing finished was lost or redone
    whole = tmp_path / "whole.jsonl"
    reference = L.prove(words, limit, whole, alphabet=alphabet, scheduler="serial", report=quiet)
    assert resumed == records(whole)                       # same units, same node counts, same phrases
    assert (claim.nodes, claim.phrase) == (reference.nodes, reference.phrase)


def test_ctrl_c_in_the_middle_prints_one_line_exits_130_and_the_ledger_resumes(tmp_path):
    words, alphabet, limit, command = _stopped_proof(tmp_path)
    ledger = tmp_path / "ledger.jsonl"
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not ledger.exists() or ledger.read_text().count("\n") < 100):
        time.sleep(0.01)
    assert run.poll() is None, "the proof ended before it could be interrupted"
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=30)
    assert run.returncode == 130 and "Traceback" not in err, err
    assert err.strip().splitlines()[-1] == "wordlab: interrupted by Ctrl-C" and out == ""
    problems = []
    claim = L.prove(words, limit, ledger, alphabet=alphabet, scheduler="serial", report=problems.append)
    assert not [p for p in problems if p.startswith("ledger:")]      # every line written is whole and checks out
    whole = tmp_path / "whole.jsonl"
    reference = L.prove(words, limit, whole, alphabet=alphabet, scheduler="serial", report=quiet)
    assert claim.complete and records(ledger) == records(whole)
    assert (claim.nodes, claim.phrase) == (reference.nodes, reference.phrase)


def test_a_truncated_or_corrupt_line_is_reported_and_its_unit_run_again(tmp_path):
    ledger = tmp_path / "ledger.jsonl"
    first = L.prove(TOY, 13, ledger, alphabet="abcd", scheduler="serial", report=quiet)
    lines = ledger.read_text().splitlines(keepends=True)
    tampered = json.loads(lines[3])
    tampered["nodes"] += 1
    lines[3] = json.dumps(tampered) + "\n"
    victim = json.loads(lines[-1])["unit"]
    ledger.write_text("".join(lines[:-1]) + lines[-1][:25])          # the last line cut short, no newline
    said = []
    again = L.prove(TOY, 13, ledger, alphabet="abcd", scheduler="serial", report=said.append)
    assert any("line 4" in s and "checksum" in s for s in said)
    assert any(f"line {len(lines)}" in s and "truncated" in s for s in said)
    assert again.complete and (again.nodes, again.phrase) == (first.nodes, first.phrase)
    assert victim in records(ledger) and tampered["unit"] in records(ledger)
    assert len(records(ledger)) == first.units
    assert (tmp_path / "ledger.jsonl.rejected").read_text().count("\n") == 2


def test_a_ledger_of_another_dictionary_or_code_version_is_refused(tmp_path):
    ledger = tmp_path / "ledger.jsonl"
    L.prove(TOY, 13, ledger, alphabet="abcd", scheduler="serial", report=quiet)
    with pytest.raises(WordlabError, match="another dictionary"):
        L.prove(TOY + ["dd"], 13, ledger, alphabet="abcd", scheduler="serial", report=quiet)
    row = json.loads(ledger.read_text().splitlines()[0])
    row["code"] = "0123456789abcdef"
    row["check"] = L._check(row)
    ledger.write_text(json.dumps(row) + "\n" + ledger.read_text())
    with pytest.raises(WordlabError, match="another code version"):
        L.prove(TOY, 13, ledger, alphabet="abcd", scheduler="serial", report=quiet)


def test_units_sent_to_a_running_scheduler_are_recorded_as_one_thread_records_them(tmp_path):
    from dask.distributed import LocalCluster

    serial = L.prove(TOY, 16, tmp_path / "serial.jsonl", alphabet="abcd", scheduler="serial", report=quiet,
                     most_nodes=10)
    lines = []
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0", silence_logs=40) as cluster:
        remote = L.prove(TOY, 16, tmp_path / "remote.jsonl", alphabet="abcd", scheduler=cluster.scheduler_address,
                         report=lines.append, most_nodes=10)
    assert any(f"Dask scheduler {cluster.scheduler_address}: 2 workers" in line for line in lines)
    assert records(tmp_path / "remote.jsonl") == records(tmp_path / "serial.jsonl")
    assert (remote.units, remote.nodes, remote.phrase) == (serial.units, serial.nodes, serial.phrase)


def test_an_unreachable_scheduler_is_a_clear_error_within_seconds(tmp_path):
    start = time.monotonic()
    with pytest.raises(WordlabError, match="cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'"):
        L.prove(TOY, 13, tmp_path / "l.jsonl", alphabet="abcd", scheduler="tcp://127.0.0.1:9", report=quiet)
    assert time.monotonic() - start < L.CONNECT_SECONDS + 5


def test_cli_prints_the_claim_with_units_nodes_and_checksum(tmp_path, capsys):
    from wordlab.cli import main

    source = tmp_path / "toy.txt"
    source.write_text("\n".join(["ab", "ba", "acb"]))
    ledger = tmp_path / "ledger-{code}.jsonl"
    assert main(["solve", "palindrome", "--words", str(source), "--alphabet", "abc", "--prove", "11", "--ledger",
                 str(ledger), "--scheduler", "serial", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    written = next(tmp_path.glob("ledger-*.jsonl"))
    assert data["impossible"] and data["finished"] == data["units"] == len(records(written))
    assert data["nodes"] == sum(row[1] for row in records(written).values())
    import hashlib

    assert data["ledger_sha256"] == hashlib.sha256(written.read_bytes()).hexdigest()
    assert written.name == f"ledger-{data['code']}.jsonl"
    assert main(["solve", "palindrome", "--words", str(source), "--alphabet", "abc", "--prove", "11",
                 "--ledger", str(ledger), "--scheduler", "serial"]) == 0
    out = capsys.readouterr()
    assert "no palindromic pangram of at most 11 letters" in out.out and "units" in out.out and "sha256" in out.out
    assert "0 to search" in out.err
    assert main(["solve", "palindrome", "--words", str(source), "--alphabet", "abc", "--prove", "11"]) == 2
    assert "--ledger" in capsys.readouterr().err


@pytest.mark.skipif(not available("ita"), reason="ITA's WORD.LST is not available offline here")
def test_ledger_agrees_with_the_one_thread_search_on_word_lst_samples(tmp_path):
    from wordlab.puzzles import palindrome as P

    rng = random.Random(7)
    words = load("ita").words
    for alphabet, size in (("aeinrst", 3000), ("adeilnorst", 4000)):
        sample = sorted(w for w in rng.sample(words, size) if set(w) <= set(alphabet))
        limit = 2 * len(alphabet) + 3
        claim = L.prove(sample, limit, tmp_path / f"{alphabet}.jsonl", alphabet=alphabet, scheduler="threads",
                        workers=2, report=quiet)
        plain = P.solve(P.index(sample, alphabet), "iterative-deepening", max_length=limit)
        assert claim.complete
        assert (len(claim.phrase.replace(" ", "")) if claim.phrase else None) == \
               (plain.best.cost if plain.best else None)


# -- the committed ledgers --------------------------------------------------------------------------------------

SAVED = Path(__file__).resolve().parent.parent / "data" / "palindrome"


def test_every_committed_ledger_line_passes_its_checksum_and_names_a_unit_once():
    for path in SAVED.glob("ledger-*.jsonl"):
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        assert all(row["check"] == L._check(row) for row in rows), path.name
        assert len({(row["length"], row["unit"]) for row in rows}) == len(rows), path.name
        assert {row["code"] for row in rows} == {path.stem.rsplit("-", 1)[1]}, path.name


def test_the_committed_length_56_ledger_holds_its_whole_plan_exhausted():
    import hashlib

    plan = json.loads((SAVED / "plan-ita-56-5ee2ebdadee751a2.json").read_text())
    rows = [json.loads(line) for line in (SAVED / "ledger-ita-5ee2ebdadee751a2.jsonl").read_text().splitlines()]
    names = "\n".join(sorted(row["unit"] for row in rows))
    assert len(rows) == plan["units"] and hashlib.sha256(names.encode()).hexdigest() == plan["names_sha256"]
    assert all(row["outcome"] == "exhausted" and row["length"] == 56 and row["phrase"] is None for row in rows)


def committed_ledgers(length: int) -> dict[str, list[dict]]:
    """The committed ledgers of one length, by file name."""
    ledgers = {path.name: [json.loads(line) for line in path.read_text().splitlines()]
               for path in sorted(SAVED.glob("ledger-ita-*.jsonl"))}
    return {name: rows for name, rows in ledgers.items() if rows[0]["length"] == length}


def test_the_committed_ledgers_decide_the_shortest_palindromic_pangram_on_word_lst():
    """Length 56 settled by the ledger alone with no phrase; every phrase a length-57 ledger found is a
    57-letter palindromic pangram, checked here without the search (word by word when WORD.LST is at hand)."""
    assert any(L.settled(rows) and not any(row["phrase"] for row in rows) for rows in committed_ledgers(56).values())
    found = [row for rows in committed_ledgers(57).values() for row in rows if row["outcome"] == "found"]
    assert found
    vocabulary = set(load("ita").words) if available("ita") else None
    for row in found:
        words = row["phrase"].split()
        assert len("".join(words)) == 57
        assert is_palindromic_pangram(words, vocabulary or set(words), "abcdefghijklmnopqrstuvwxyz")


@pytest.mark.skipif(not available("ita"), reason="ITA's WORD.LST is not available offline here")
def test_a_committed_ledger_settles_length_56_with_the_code_as_it_is():
    """The proof of length 56 was written by this code: a settled committed ledger carries the version that the
    kernel, the cuts and the tables' inputs have now, so a change to any of them fails here until a new ledger
    is written (`--prove 56` or `--decide`)."""
    version = L.code_version(L.job_of(load("ita"), 56))
    assert any(L.settled(rows) and rows[0]["code"] == version and not any(row["phrase"] for row in rows)
               for rows in committed_ledgers(56).values()), f"no settled length-56 ledger of code version {version}"


# -- the kernel measured on a ledger's units ------------------------------------------------------------------------


def test_the_finish_tables_bench_searches_ledger_units_both_ways_with_the_recorded_nodes(tmp_path, monkeypatch):
    from wordlab.puzzles.palindrome import kernel as Q

    monkeypatch.setattr(Q, "FINISH_TABLES_FROM", 1)      # every node gets a finish table
    monkeypatch.setattr(L, "_TABLES", {})
    words = random_dictionary(5, 60, "abcdef")
    path = tmp_path / "ledger.jsonl"
    L.prove(words, 19, path, alphabet="abcdef", scheduler="serial", report=quiet, most_nodes=40)
    assert L.tables_for(L.job_of(words, 19, "abcdef", None)).left[4][5].shape[0] > 0
    data = L.bench_finish_tables(words, path, sample=3, repeats=2, alphabet="abcdef", least_nodes=1, report=quiet)
    recorded = {unit: nodes for unit, (outcome, nodes, _) in records(path).items() if outcome == "exhausted"}
    assert len(data["units"]) == 3 and len({row["unit"] for row in data["units"]}) == 3
    assert all(row["nodes"] == recorded[row["unit"]] for row in data["units"])   # deep `:` units rebuilt too
    assert data["total_nodes"] == sum(row["nodes"] for row in data["units"]) and data["speedup"] > 0
    with pytest.raises(WordlabError, match="no unit '0/9.9' at length 19"):
        L.unit_named(L.Searcher(L.tables_for(L.job_of(words, 19, "abcdef", None)), 19),
                     L.job_of(words, 19, "abcdef", None), "0/9.9")


def test_the_kernel_bench_refuses_a_missing_or_foreign_ledger_in_one_line(tmp_path, capsys):
    from wordlab.cli import main

    assert main(["bench", "palindrome", "--words", "ita", "--ledger", str(tmp_path / "none.jsonl")]) == 2
    assert "cannot read the ledger" in capsys.readouterr().err
    other = tmp_path / "other.jsonl"
    other.write_text('{"unit": "*", "length": 13}\n{"unit": "1a", "length": 15}\n')
    assert main(["bench", "palindrome", "--words", "ita", "--ledger", str(other)]) == 2
    assert "not a proof ledger of one length" in capsys.readouterr().err
    other.write_text('{"unit": "*", "length": 13}\n{"unit": "1a", "len')
    assert main(["bench", "palindrome", "--words", "ita", "--ledger", str(other)]) == 2
    assert "not a proof ledger of one length" in capsys.readouterr().err
    assert main(["bench", "palindrome", "--words", "ita", "--ledger", str(other), "--sample", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_a_unit_the_cluster_gives_up_on_is_one_clear_error():
    pytest.importorskip("distributed")
    from distributed.client import FutureCancelledError

    class Lost:
        def result(self):
            raise FutureCancelledError("unit-w1", "scheduler-connection-lost")

    with pytest.raises(WordlabError, match="gave up on a unit .*run the same command again"):
        L.unit_result(Lost())
