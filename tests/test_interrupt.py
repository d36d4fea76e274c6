"""Ctrl-C ends any command at once with one line `wordlab: interrupted …` and exit status 130: no traceback
from the command or from its worker processes, and the word-list cache stays valid."""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wordlab.words.cache import read_entry

INTERRUPTED = 130


def interrupted(arguments: list[str], after: float, env: dict | None = None) -> tuple[subprocess.CompletedProcess,
                                                                                      float]:
    """Run `wordlab ARGUMENTS` in a process group of its own and, after `after` seconds, send SIGINT to the
    whole group as Ctrl-C in a terminal does; its outcome and the seconds it took to end after the signal."""
    command = subprocess.Popen([sys.executable, "-m", "wordlab.cli", *arguments], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env={**os.environ, **(env or {})},
                               start_new_session=True)
    time.sleep(after)
    assert command.poll() is None, "the command ended before it could be interrupted"
    sent = time.perf_counter()
    os.killpg(command.pid, signal.SIGINT)
    out, err = command.communicate(timeout=30)
    took = time.perf_counter() - sent
    return subprocess.CompletedProcess(command.args, command.returncode, out, err), took


def test_ctrl_c_during_a_long_solve_prints_one_line_and_exits_130():
    done, took = interrupted(["solve", "tuesday", "--strategy", "pure-python", "--samples", "1000000000"], 1.5)
    assert done.returncode == INTERRUPTED, done
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == ["wordlab: interrupted by Ctrl-C"], done.stderr
    assert took < 2.0  # "within a second" with room for a busy machine


def test_ctrl_c_while_word_lists_load_and_index_leaves_every_cache_entry_readable(tmp_path):
    cache = tmp_path / "cache"
    done, _ = interrupted(["solve", "word-squares", "--sizes", "6", "7", "--words", "web2+gcide"], 2.5,
                          env={"WORDLAB_CACHE": str(cache)})
    assert done.returncode == INTERRUPTED and "Traceback" not in done.stderr, done
    entries = list((cache / "words").glob("*")) if (cache / "words").exists() else []
    assert not [e for e in entries if e.name.endswith(".tmp")], entries  # no half-written entry left behind
    for entry in entries:
        blob = entry.read_bytes()
        assert blob.startswith(b"wordlab words\n"), entry
        assert _readable(entry), entry


def _readable(entry: Path) -> bool:
    """Does the entry's payload check out (its own key, length and CRC)?"""
    from wordlab.words import cache as c

    blob = entry.read_bytes()
    key_length, _, _ = c._header(blob)
    stamped = blob[c._HEADER:c._HEADER + key_length].decode("utf-8", "surrogatepass")
    key = stamped.removeprefix(c._STAMP + "; ")
    return read_entry(entry, key) is not None


def test_ctrl_c_in_a_process_pool_ends_its_workers_quietly():
    """`bench sudoku --all --workers 2` forks a pool for some seconds: its workers end without a traceback."""
    done, took = interrupted(["bench", "sudoku", "--all", "--workers", "2"], 2.5)
    assert done.returncode == INTERRUPTED, done
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr, done.stderr
    assert done.stderr.strip().splitlines() == ["wordlab: interrupted by Ctrl-C"], done.stderr
    assert took < 2.0


def test_ctrl_c_during_a_proof_on_a_local_dask_cluster_is_one_line_and_leaves_the_ledger_readable(tmp_path):
    """The cluster's worker processes are ended with the command: no traceback or log line of theirs."""
    import json
    import random
    import select

    pytest.importorskip("distributed")
    ledger = tmp_path / "ledger-{code}.jsonl"
    # 3,000 random words of 2-5 letters: the tables build in a moment, and the proof of 52 letters takes minutes
    draw = random.Random(1)
    words = {"".join(draw.choices("abcdefghijklmnopqrstuvwxyz", k=draw.randint(2, 5))) for _ in range(3_000)}
    (tmp_path / "words.txt").write_text("\n".join(sorted(words)) + "\n")
    command = subprocess.Popen([sys.executable, "-m", "wordlab.cli", "solve", "palindrome", "--words",
                                str(tmp_path / "words.txt"), "--prove", "52", "--workers", "2",
                                "--ledger", str(ledger)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    said, started = "", time.perf_counter()
    while "Dask cluster" not in said and command.poll() is None and time.perf_counter() - started < 60:
        ready, _, _ = select.select([command.stdout, command.stderr], [], [], 1)
        said += "".join(stream.readline() for stream in ready)
    if "Dask cluster" not in said:
        command.kill()
        command.communicate()
    assert "Dask cluster" in said, f"no local Dask cluster came up within 60 s: {said[-200:]}"
    time.sleep(3)  # some units in flight
    assert command.poll() is None, "the proof ended before Ctrl-C"
    sent = time.perf_counter()
    os.killpg(command.pid, signal.SIGINT)
    command.wait(timeout=30)
    took = time.perf_counter() - sent
    _, err = command.communicate(timeout=30)
    assert command.returncode == INTERRUPTED, err
    *reports, last = err.strip().splitlines()
    assert last == "wordlab: interrupted by Ctrl-C", err
    assert all(re.match(r"unit \S+: found '[a-z ]+'$|[\d,]+/[\d,]+ units, ", line) for line in reports), err
    assert took < 3.0
    for written in tmp_path.glob("ledger-*.jsonl"):
        assert all(json.loads(line) for line in written.read_text().splitlines())
