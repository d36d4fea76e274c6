"""A proof that survives interruption: the inside-out search of one length, cut into work units, with a ledger.

Proving that no palindromic pangram of at most L letters exists means exhausting the inside-out search
(`kernel`) from every centre. Here that search is cut into independent *work units* that form a
tree. Its root, `*`, stands for the whole length and is cut into one unit per centre. A unit is searched
with a node allowance; a unit that needs more is *cut*: its states up to SPLIT_DEPTH letters further out
are searched, and each state there becomes a unit of its own, named after its parent and the moves below
it (`0/4.56` is a state two letters out from the empty centre `0`, `0/4.56:12.8` one two letters further
out). A centre is searched whole when it can be: cutting it would search the states its transposition
table shares between the parts once per part (on WORD.LST at 56 letters the empty centre needs about half as
many nodes whole as in parts). A unit's search starts with an empty transposition table, so its node count is
the same wherever and whenever it runs.

Each finished unit is appended to a *ledger*, one JSON line per unit: its name, the length, nodes,
seconds, outcome (`exhausted`; `found` with the shortest phrase in it; or `cut`, with the number of
`units` it was cut into), the code version (a digest of the search kernel and of the tables it ran on) and
the dictionary's sha256, plus a checksum of the line. A run reads the ledger first and does only the units
that are not in it, so a run stopped at any moment, even by `kill -9`, loses at most the units in flight.
The ledger alone says whether a length is decided (`settled`): a cut unit is settled when as many units
as it was cut into are in the ledger under its name, each settled, and a length is impossible only when its
root is settled and no unit found a phrase. The other answer needs far less: one unit that finds a phrase
shows that a phrase of at most that length exists (a run with `until_found` stops there), and with the
length below proved impossible, that decides the shortest.

Units are searched in an order fixed by their names: centres with the shortest texts first, since they hold
most of the largest trees (two workers then do not end with one of them alone on a large unit), and otherwise
by a hash of the name, so that the units done among the others at any moment are a random sample of them.

The units run on Dask: on an existing cluster (`scheduler="tcp://host:8786"`), on a `LocalCluster` of
worker processes on this machine, on threads (the compiled search releases the GIL), or one after the
other in this process (`scheduler="serial"`, the reference the others are tested against).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import fcntl
import hashlib
import heapq
import json
import os
import threading
import time
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from wordlab.errors import WordlabError
from wordlab.files import read_bytes, writable_file

from . import kernel as proof

SPLIT_DEPTH = 2           # a unit is cut into the states this many letters further out
UNIT_NODES = 1 << 25      # a unit that needs more nodes than this (about a minute) is cut
UNIT_MEMO_BITS = 22       # a unit's transposition table: 2^22 entries, 64 MB per thread against 256 MB for 2^24
                          # (data/palindrome/proof-changes-56.md weighs the two)
ROOT = "*"                # the unit that stands for a whole length: cut into one unit per centre
CONNECT_SECONDS = 5       # how long to wait for a Dask scheduler before giving up
FIELDS = ("unit", "length", "outcome", "nodes", "seconds", "phrase", "units", "code", "dictionary", "alphabet",
          "words", "finished")


# -- what is searched ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """One length's proof on one dictionary: what every worker needs to rebuild the same tables."""

    words: tuple[str, ...]
    alphabet: str
    limit: int
    name: str = "custom"

    @cached_property
    def dictionary(self) -> str:
        return proof.dictionary_digest(self.words)

    @property
    def most_waste(self) -> int:
        return proof.allowed_waste(self.limit, len(self.alphabet))

    @property
    def shortest(self) -> int:
        """No phrase is shorter: each letter of the alphabet twice, but one at the centre."""
        return 2 * len(self.alphabet) - 1


@dataclass(frozen=True)
class Unit:
    """A work unit: the subtree below one state, `depth` letters out from centre number `centre`, reached by
    the moves `path`; `row` is the search's stack row for that state (walk nodes, letters, middle, need)."""

    name: str
    centre: int
    depth: int
    row: tuple[int, int, int, int, int]
    path: tuple[int, ...] = ()


def centre_name(centre: proof.Centre) -> str:
    """A centre's name in unit names: which walk is still in the middle word (0 none, 1 left, 2 right), then
    the centre's letters."""
    return f"{centre.middle}{centre.text}"


def parent(name: str) -> str:
    """The unit a unit was cut from: `0/4.56:12.8` -> `0/4.56` -> `0` -> `*`."""
    for mark in ":/":
        if mark in name:
            return name.rsplit(mark, 1)[0]
    return ROOT if name != ROOT else ""


def centre_of(name: str) -> str:
    """The centre unit a unit was cut from (itself for a centre): `0/4.56:12.8` -> `0`."""
    while parent(name) not in (ROOT, ""):
        name = parent(name)
    return name


def centre_units(tables: proof.Tables) -> list[Unit]:
    """One unit per centre both walks can start from: the units the root is cut into."""
    return [Unit(centre_name(c), i, 0, (c.left, c.right, c.covered, c.middle, 0))
            for i, c in enumerate(tables.centres) if c.left >= 0 and c.right >= 0]


# -- searching one unit ----------------------------------------------------------------------------------------


class Searcher:
    """The search's working arrays for one thread: stack, path, tallies and a transposition table whose
    epoch moves on with every unit, so each unit starts with an empty one without clearing it."""

    def __init__(self, tables: proof.Tables, limit: int, pairs: int = proof.JOINT_PAIRS):
        depth = limit // 2 + 2
        self.tables, self.pairs = tables, pairs
        self.stack = np.zeros((depth + 1, 6), np.int64)
        self.path = np.zeros(depth + 1, np.int64)
        self.tally = np.zeros(8 + depth + 1, np.int64)
        self.top = np.full(1, -1, np.int64)
        size = min(tables.memo_bits, UNIT_MEMO_BITS)
        self.keys = np.zeros((1 << size, 2), np.int64)
        self.fails = np.full(1 << size, -1, np.int32)
        self.known = tables.known()
        self.epoch = 0

    def start(self, unit: Unit) -> None:
        self.epoch += 1
        if self.epoch >= 1 << (63 - proof.EPOCH_SHIFT):
            self.fails[:] = -1
            self.epoch = 1
        self.stack[unit.depth] = (*unit.row, -1)
        self.path[1:unit.depth + 1] = unit.path
        self.top[0] = unit.depth
        self.tally[:] = 0

    def run(self, unit: Unit, limit: int, split: int = -1, nodes: int | None = None) -> Iterator[tuple[int, object]]:
        """Search the unit's subtree; yield (FOUND, phrase) for each shorter phrase (the limit then drops
        below it), in split mode (SPLIT, Unit) for each state `split` letters out, and (PAUSED, None)
        when `nodes` nodes are spent before the end."""
        t, centre = self.tables, self.tables.centres[unit.centre]
        mark = "/" if unit.depth == 0 else ":"
        self.start(unit)
        while True:
            allowed = 1 << 62 if nodes is None else max(0, nodes - self.nodes)
            status = proof._search(t.left, t.right, t.cover, t.bits, t.rarest, t.full, limit, len(centre.text),
                                   self.stack, self.top, self.path, self.tally, self.keys, self.fails,
                                   self.known, allowed, unit.depth, split, self.epoch, self.pairs)
            d = int(self.top[0])
            if status == proof.FOUND:
                phrase = proof.phrase_from(centre, self.path[1:d + 1])
                limit = sum(map(len, phrase)) - 1
                yield proof.FOUND, phrase
            elif status == proof.SPLIT:
                path = tuple(int(m) for m in self.path[1:d + 1])
                row = tuple(int(x) for x in self.stack[d, :5])
                below = ".".join(map(str, path[unit.depth:]))
                yield proof.SPLIT, Unit(f"{unit.name}{mark}{below}", unit.centre, d, row, path)
            elif status == proof.PAUSED:
                yield proof.PAUSED, None
                return
            else:
                return
            self.top[0] = d - 1

    @property
    def nodes(self) -> int:
        return int(self.tally[0])


def _record(job: Job, unit: Unit, outcome: str, nodes: int, clock: float, phrase=None, units=None) -> dict:
    return {"unit": unit.name, "length": job.limit, "outcome": "found" if phrase else outcome, "nodes": nodes,
            "seconds": round(time.perf_counter() - clock, 3), "phrase": " ".join(phrase) if phrase else None,
            "units": units}


def search_unit(searcher: Searcher, job: Job, unit: Unit, most_nodes: int | None = UNIT_NODES) -> tuple[dict, list[Unit]]:
    """Exhaust one unit: its ledger record (without the code version, which the caller knows) and no new
    units. A unit that needs more than `most_nodes` nodes is `cut` instead (its record then counts the nodes
    spent before too)."""
    clock, best = time.perf_counter(), None
    for status, phrase in searcher.run(unit, job.limit, nodes=most_nodes):
        if status == proof.PAUSED:
            spent = searcher.nodes
            record, units = cut(searcher, job, unit)
            return dict(record, nodes=record["nodes"] + spent, seconds=round(time.perf_counter() - clock, 3)), units
        best = phrase
    return _record(job, unit, "exhausted", searcher.nodes, clock, best), []


def cut(searcher: Searcher, job: Job, unit: Unit) -> tuple[dict, list[Unit]]:
    """Search `unit` down to SPLIT_DEPTH letters further out: each state there becomes a unit (none when a
    phrase turned up above them: the length is then decided). The record's outcome is `cut` and `units` the
    number of new units. Deterministic: cutting a unit again gives the same units."""
    clock, best, units = time.perf_counter(), None, []
    for status, item in searcher.run(unit, job.limit, split=unit.depth + SPLIT_DEPTH):
        if status == proof.SPLIT:
            units.append(item)
        else:
            best = item
    if best:
        units = []
    return _record(job, unit, "cut", searcher.nodes, clock, best, len(units)), units


def root_record(tables: proof.Tables, job: Job) -> dict:
    """The root's record: the length cut into one unit per centre."""
    return {"unit": ROOT, "length": job.limit, "outcome": "cut", "nodes": 0, "seconds": 0.0, "phrase": None,
            "units": len(centre_units(tables))}


def order(name: str) -> str:
    """A hash of the name: units taken in this order are a random sample of them at any moment."""
    return hashlib.sha256(name.encode()).hexdigest()


def schedule(name: str) -> tuple[int, str]:
    """The units' search order: by the length of their centre's name (the shortest centres hold most of the
    largest trees), then by `order`."""
    return len(centre_of(name)), order(name)


# -- the tables each worker process keeps ---------------------------------------------------------------------

_LOCAL = threading.local()
_TABLES: dict[tuple, proof.Tables] = {}
_TABLES_LOCK = threading.Lock()


def tables_for(job: Job) -> proof.Tables:
    """This process's tables for the job (built once, or read from the disk cache)."""
    key = (job.dictionary, job.alphabet, job.most_waste)
    with _TABLES_LOCK:
        if key not in _TABLES:
            _TABLES[key] = proof.cached_tables(job.words, job.alphabet, job.most_waste,
                                               finish_from=proof.FINISH_TABLES_FROM)
        return _TABLES[key]


def code_version(job: Job) -> str:
    """The version a ledger line is valid for: the search kernel's code, the cuts, and what the job's tables are
    built from (`tables_key`). Known before the tables are built."""
    stamp = (proof.source_digest(proof.KERNEL + (Searcher, search_unit, cut, centre_units, parent)),
             proof.EPOCH_SHIFT, proof.JOINT_PAIRS, proof.NEXT_LETTERS_UP_TO, SPLIT_DEPTH, UNIT_MEMO_BITS,
             proof.tables_key(job.words, job.alphabet, job.most_waste, proof.FINISH_TABLES_FROM))
    return hashlib.sha256(repr(stamp).encode()).hexdigest()[:16]


def searcher_for(job: Job) -> Searcher:
    """This thread's Searcher for the job's tables."""
    tables = tables_for(job)
    searcher = getattr(_LOCAL, "searcher", None)
    if searcher is None or searcher.tables is not tables or searcher.stack.shape[0] < job.limit // 2 + 3:
        searcher = _LOCAL.searcher = Searcher(tables, job.limit)
    return searcher


def work(job: Job, unit: Unit, most_nodes: int | None = UNIT_NODES) -> tuple[dict, list[Unit]]:
    """Run one unit in this process (the function Dask sends to the workers)."""
    return search_unit(searcher_for(job), job, unit, most_nodes)


# -- the ledger -----------------------------------------------------------------------------------------------


def _check(record: dict) -> str:
    body = json.dumps({k: record.get(k) for k in FIELDS}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()[:12]


@dataclass
class Ledger:
    """The finished units of one dictionary and code version, kept in a JSON-lines file. Lines written for
    another dictionary, alphabet or code version are refused (never mixed in); a corrupt or truncated line
    is reported in `problems`, moved to `<file>.rejected`, and its unit is simply run again."""

    path: Path
    code: str
    dictionary: str
    alphabet: str
    words: str = "custom"
    records: dict[tuple[int, str], dict] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def __post_init__(self):
        self.path = writable_file(self.path, "the ledger")   # a folder, device or read-only file: refused now
        if self.path.exists():
            self._read()

    def _read(self) -> None:
        kept, rejected = [], []
        lines = read_bytes(self.path, "the ledger").split(b"\n")
        last = len(lines) - 1
        for number, raw in enumerate(lines, 1):
            if not raw.strip():
                continue
            record = self._parse(raw, number, truncated=number - 1 == last)
            if record is None:
                rejected.append(raw)
                continue
            self._refuse_foreign(record, number)
            key = (record["length"], record["unit"])
            if key in self.records:
                self.problems.append(f"line {number}: unit {record['unit']} (length {record['length']}) is recorded "
                                     "twice; the first record is kept")
                rejected.append(raw)
                continue
            self.records[key] = record
            kept.append(raw)
        if rejected:
            with self._writing():
                with open(self.path.with_name(self.path.name + ".rejected"), "ab") as out:
                    out.write(b"".join(r + b"\n" for r in rejected))
                partial = self.path.with_name(self.path.name + ".part")
                partial.write_bytes(b"".join(k + b"\n" for k in kept))
                partial.replace(self.path)

    @contextlib.contextmanager
    def _writing(self):
        """Writes to the ledger's folder; a full disk or a refused write is one line naming the ledger."""
        try:
            yield
        except OSError as problem:
            raise WordlabError(f"cannot write the ledger {self.path}: {problem.strerror or problem}") from None

    def _parse(self, raw: bytes, number: int, truncated: bool) -> dict | None:
        where = f"line {number} of {self.path.name}"
        try:
            record = json.loads(raw)
            if not isinstance(record, dict) or any(k not in record for k in FIELDS + ("check",)):
                raise ValueError("fields missing")
        except ValueError:
            how = "truncated (the run stopped part-way through the line)" if truncated else "not a complete ledger record"
            self.problems.append(f"{where} is {how}; its unit will be run again")
            return None
        if record["check"] != _check(record):
            self.problems.append(f"{where} (unit {record['unit']}) fails its checksum; its unit will be run again")
            return None
        return record

    def _refuse_foreign(self, record: dict, number: int) -> None:
        for key, mine, what in (("dictionary", self.dictionary, "dictionary"), ("alphabet", self.alphabet, "alphabet"),
                                ("code", self.code, "code version")):
            if record[key] != mine:
                raise WordlabError(
                    f"the ledger {self.path} holds units of another {what} (line {number}: {record[key]!r}, this run: "
                    f"{mine!r}); its units prove nothing here: give this run another ledger file")

    def add(self, record: dict) -> None:
        """Append one finished unit, flushed to disk before returning."""
        record = dict(record, code=self.code, dictionary=self.dictionary, alphabet=self.alphabet, words=self.words,
                      finished=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))
        record = {k: record.get(k) for k in FIELDS} | {"check": _check(record)}
        line = json.dumps(record, separators=(",", ":")) + "\n"
        with self._writing(), open(self.path, "a") as out:
            out.write(line)
            out.flush()
            os.fsync(out.fileno())
        self.records[record["length"], record["unit"]] = record

    def done(self, length: int, name: str) -> bool:
        return (length, name) in self.records

    def checksum(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest() if self.path.exists() else hashlib.sha256().hexdigest()


@dataclass
class Claim:
    """What the ledger proves about one length: complete or not, the units, nodes and seconds, the shortest
    phrase found (if any), and the ledger file's checksum."""

    length: int
    units: int
    finished: int
    nodes: int
    seconds: float
    phrase: str | None
    checksum: str
    code: str
    dictionary: str
    words: str
    problems: list[str] = field(default_factory=list)
    reason: str = ""   # why the length is impossible without a search, if it is

    @property
    def complete(self) -> bool:
        return self.finished == self.units

    @property
    def impossible(self) -> bool:
        """Every unit exhausted and none found a phrase: no palindromic pangram of at most `length` letters."""
        return self.complete and self.phrase is None

    def sentence(self) -> str:
        tally = (f"{self.finished:,} of {self.units:,} units, {self.nodes:,} nodes, {self.seconds:,.1f} s of search; "
                 f"ledger sha256 {self.checksum[:16]}…")
        if self.reason:
            return f"no palindromic pangram of at most {self.length} letters exists in {self.words}: {self.reason}"
        if self.impossible:
            return f"no palindromic pangram of at most {self.length} letters exists in {self.words}: {tally}"
        if self.phrase and self.complete:
            return (f"shortest palindromic pangram of at most {self.length} letters in {self.words}: "
                    f"{self.phrase!r} ({len(self.phrase.replace(' ', ''))} letters; {tally})")
        if self.phrase:
            letters = len(self.phrase.replace(" ", ""))
            return (f"a palindromic pangram of {letters} letters exists in {self.words}: {self.phrase!r}; whether a "
                    f"shorter one does is open in this ledger ({tally})")
        return f"length {self.length} undecided in {self.words}: {tally}"

    def as_dict(self) -> dict:
        return {"length": self.length, "units": self.units, "finished": self.finished, "nodes": self.nodes,
                "seconds": round(self.seconds, 3), "impossible": self.impossible, "phrase": self.phrase,
                "ledger_sha256": self.checksum, "code": self.code, "dictionary": self.dictionary, "words": self.words,
                "problems": self.problems, "reason": self.reason or None}


def settled_units(records) -> set[str]:
    """The units these records (one length's) settle on their own: recorded, and, if cut, with as many units
    recorded under them as they were cut into, each settled in turn. Needs no tables or search: this is how
    a reader checks a ledger."""
    by_name = {r["unit"]: r for r in records}
    below: dict[str, list[str]] = {}
    for name in by_name:
        if name != ROOT:
            below.setdefault(parent(name), []).append(name)
    done: set[str] = set()
    for name in sorted(by_name, key=_depth, reverse=True):
        record, kids = by_name[name], below.get(name, [])
        if record["outcome"] != "cut" or (len(kids) == record["units"] and all(k in done for k in kids)):
            done.add(name)
    return done


def settled(records) -> bool:
    """Do these records (one length's) alone decide the length: is the root settled?"""
    return ROOT in settled_units(records)


def _depth(name: str) -> int:
    return 0 if name == ROOT else 1 + name.count("/") + name.count(":")


def claim(ledger: Ledger, job: Job, rows: list[dict], open_units: int) -> Claim:
    """What the ledger proves, from the records of the length's tree (`rows`) and the number of its units
    still open."""
    phrases = [r["phrase"] for r in rows if r["phrase"]]
    shortest = min(phrases, key=lambda p: (len(p.replace(" ", "")), p)) if phrases else None
    return Claim(job.limit, len(rows) + open_units, len(rows), sum(r["nodes"] for r in rows),
                 sum(r["seconds"] for r in rows), shortest, ledger.checksum(), ledger.code, ledger.dictionary, job.name,
                 list(ledger.problems))


def _walk(searcher: Searcher, job: Job, ledger: Ledger) -> tuple[list[Unit], list[dict]]:
    """The units of the length's tree not yet in the ledger (in search order), and the records of those that
    are. From the root, a unit recorded as cut stands for the units it was cut into (cut again here, which
    searches only its top, and checked against the count the ledger gives)."""
    rows, open_units, todo = [], [], [Unit(ROOT, -1, 0, (0, 0, 0, 0, 0))]
    while todo:
        unit = todo.pop()
        record = ledger.records.get((job.limit, unit.name))
        if record is None:
            open_units.append(unit)
            continue
        rows.append(record)
        if record["outcome"] != "cut":
            continue
        units = centre_units(searcher.tables) if unit.name == ROOT else cut(searcher, job, unit)[1]
        if len(units) != record["units"]:
            raise WordlabError(f"the ledger {ledger.path} says unit {unit.name!r} was cut into {record['units']} units, "
                               f"but this code cuts it into {len(units)}: the ledger is damaged; give this run "
                               f"another ledger file")
        todo += units
    return sorted(open_units, key=lambda unit: schedule(unit.name)), rows


# -- running a length -----------------------------------------------------------------------------------------


def prove(words, limit: int, ledger_path, *, alphabet: str = "abcdefghijklmnopqrstuvwxyz", name: str | None = None,
          scheduler: str | None = None, workers: int = 1, report: Callable[[str], None] = print,
          every: float = 60.0, most_nodes: int | None = UNIT_NODES, until_found: bool = False) -> Claim:
    """Search every unit of length `limit` not yet in the ledger and return what the ledger then proves.
    `{code}` in `ledger_path` is replaced by the code version. With `until_found`, stop at the first unit
    that finds a phrase (or search nothing if the ledger holds one): that shows a phrase of at most `limit`
    letters exists, which is all a run needs once `limit - 1` is proved impossible.

    `scheduler`: None for a LocalCluster of `workers` processes (one thread each), "threads" for
    `workers` threads in this process (through Dask), "serial" for one unit after the other in this
    process, or the address of a running Dask scheduler. `report` receives progress lines (the dashboard
    address first, then one line every `every` seconds); the claim is returned, not reported. A unit that
    needs more than `most_nodes` nodes is cut (None: never)."""
    job = job_of(words, limit, alphabet, name)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise WordlabError(f"workers must be a positive integer, not {workers!r}")
    writable_file(str(ledger_path).replace("{code}", "code"), "the ledger")  # before the tables' minutes
    if limit < job.shortest:
        return below_the_letters(job)
    code = code_version(job)
    ledger = Ledger(Path(str(ledger_path).replace("{code}", code)), code, job.dictionary, job.alphabet, job.name)
    for problem in ledger.problems:
        report(f"ledger: {problem}")
    tables = tables_for(job)
    searcher = searcher_for(job)
    with _exclusive(ledger.path):
        if not ledger.done(limit, ROOT):
            ledger.add(root_record(tables, job))
        pending, rows = _walk(searcher, job, ledger)
        report(f"length {limit} on {job.name}: {len(rows) + len(pending):,} units so far, {len(pending):,} to search "
               f"(code {ledger.code}, dictionary sha256 {job.dictionary[:12]}…)")
        if pending and not (until_found and any(row["phrase"] for row in rows)):
            _run(job, pending, ledger, scheduler, workers, report, every, most_nodes, until_found)
            pending, rows = _walk(searcher, job, ledger)
    result = claim(ledger, job, rows, len(pending))
    if result.complete != settled(r for (length, _), r in ledger.records.items() if length == limit):
        raise AssertionError("the walk of the units and the ledger's own account disagree")
    return result


def below_the_letters(job: Job) -> Claim:
    """The claim for a length too short to hold the alphabet: impossible, with no unit searched or written."""
    return Claim(job.limit, 0, 0, 0, 0.0, None, "", "", job.dictionary, job.name,
                 reason=f"a palindromic pangram of {len(job.alphabet)} letters has at least {job.shortest} letters "
                        f"(each letter on both sides, one at the centre); nothing to search")


def job_of(words, limit: int, alphabet: str = "abcdefghijklmnopqrstuvwxyz", name: str | None = None) -> Job:
    """The proof of `limit` letters on `words` (a word list or its words) over `alphabet`, checked."""
    if not isinstance(limit, int) or limit < 1:
        raise WordlabError(f"the length to prove must be a positive integer, not {limit!r}")
    if not alphabet or not set(alphabet) <= set("abcdefghijklmnopqrstuvwxyz") or len(set(alphabet)) != len(alphabet):
        raise WordlabError(f"the alphabet must be distinct letters a-z, not {alphabet!r}")
    listed = tuple(sorted(set(getattr(words, "words", words))))
    if not listed:
        raise WordlabError("the dictionary is empty: no palindromic pangram can be made")
    return Job(listed, "".join(sorted(alphabet)), limit, name or getattr(words, "name", "custom"))


class _exclusive:
    """Hold a lock beside the ledger so two runs never write it at once."""

    def __init__(self, path: Path):
        self.path = path.with_name(path.name + ".lock")

    def __enter__(self):
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.handle = open(self.path, "w")
        except OSError as problem:
            raise WordlabError(f"cannot lock the ledger {self.path.with_suffix('')}: {problem.strerror or problem}") \
                from None
        try:
            fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.handle.close()
            raise WordlabError(f"another run is writing the ledger {self.path.with_suffix('')} (lock held)") from None

    def __exit__(self, *exc):
        self.path.unlink(missing_ok=True)
        fcntl.flock(self.handle, fcntl.LOCK_UN)
        self.handle.close()


class _Progress:
    def __init__(self, total: int, report, every: float):
        self.total, self.report, self.every = total, report, every
        self.done = self.nodes = 0
        self.clock = self.last = time.perf_counter()

    def add(self, record: dict, new_units: int) -> None:
        self.done += 1
        self.total += new_units
        self.nodes += record["nodes"]
        now = time.perf_counter()
        if record["phrase"]:
            self.report(f"unit {record['unit']}: found {record['phrase']!r}")
        if now - self.last >= self.every or self.done == self.total:
            self.last = now
            rate = self.nodes / max(now - self.clock, 1e-9)
            self.report(f"{self.done:,}/{self.total:,} units, {self.nodes:,} nodes, {now - self.clock:,.0f} s, "
                        f"{rate:,.0f} nodes/s")


def _run(job: Job, pending: list[Unit], ledger: Ledger, scheduler, workers: int, report, every: float,
         most_nodes: int | None, until_found: bool = False) -> None:
    """Search the pending units and the units cut from them, recording each as it finishes; the units a unit
    is cut into go before the others, so that a cut unit is settled soon. With `until_found`, stop once a
    recorded unit holds a phrase (the units still in flight are dropped, not recorded)."""
    progress = _Progress(len(pending), report, every)
    if scheduler == "serial":
        stack = pending[::-1]
        while stack:
            record, units = work(job, stack.pop(), most_nodes)
            ledger.add(record)
            progress.add(record, len(units))
            if until_found and record["phrase"]:
                return
            stack += units[::-1]
        return
    from dask.distributed import as_completed

    with _client(scheduler, workers, report) as client:
        shared = client.submit(held, job, pure=False)

        def submit(unit: Unit, priority: int):
            return client.submit(work, shared, unit, most_nodes, key=f"unit-{job.limit}-{unit.name}-{ledger.code}",
                                 priority=priority, pure=False)

        running = as_completed([submit(unit, -i) for i, unit in enumerate(pending)])
        for future in running:
            record, units = unit_result(future)
            ledger.add(record)
            progress.add(record, len(units))
            if until_found and record["phrase"]:
                in_flight = list(running.futures)
                running.clear()
                client.cancel(in_flight)
                return
            for unit in units:
                running.add(submit(unit, 1))
            future.release()


def held(value):
    """`value` itself, as a Dask task. What a task made, Dask makes again if the worker holding it is lost; what was
    scattered to the workers it cannot, and every unit that needs it would be cancelled."""
    return value


def unit_result(future):
    """A finished unit's result. A unit the Dask cluster gave up on (its worker lost, or silent for too long) ends
    the run with one clear line; every unit recorded before it stays in the ledger."""
    from distributed import KilledWorker
    from distributed.client import FutureCancelledError

    try:
        return future.result()
    except (FutureCancelledError, KilledWorker) as lost:
        raise WordlabError(f"the Dask cluster gave up on a unit ({type(lost).__name__}); the ledger keeps every unit "
                           f"finished so far: run the same command again to go on") from None


# Run first in each worker process of a local cluster: Ctrl-C, which reaches the whole process group, is the
# command's to handle (it ends the workers), not a worker's to print a traceback about. (Dask runs a preload
# that holds a space as the text of a module.)
IGNORE_CTRL_C = "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"


def _client(scheduler, workers: int, report):
    """A Dask client: on the scheduler at `scheduler`, or on a new local cluster ("threads": in this process)."""
    from dask.distributed import Client, LocalCluster

    if scheduler in (None, "threads"):
        cluster = LocalCluster(n_workers=1 if scheduler else workers, threads_per_worker=workers if scheduler else 1,
                               processes=scheduler is None, dashboard_address="127.0.0.1:0", silence_logs=40,
                               preload=[] if scheduler else [IGNORE_CTRL_C])
        client = Client(cluster)
        report(f"local Dask cluster: {workers} {'threads' if scheduler else 'worker processes'}; "
               f"dashboard {client.dashboard_link}")
        return _Closing(client, cluster)
    try:
        client = Client(scheduler, timeout=f"{CONNECT_SECONDS}s")
    except (OSError, TimeoutError, ValueError) as problem:
        raise WordlabError(f"cannot reach the Dask scheduler at {scheduler!r} within {CONNECT_SECONDS} s: "
                           f"{problem}".splitlines()[0]) from None
    report(f"Dask scheduler {scheduler}: {len(client.scheduler_info()['workers'])} workers; "
           f"dashboard {client.dashboard_link}")
    return _Closing(client, None)


class _Closing:
    def __init__(self, client, cluster):
        self.client, self.cluster = client, cluster

    def __enter__(self):
        return self.client

    def __exit__(self, *exc):
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


# -- units by promise, in one process -------------------------------------------------------------------------

PROMISE_DEPTH = 4         # the search by promise cuts every unit at once down to this many letters out
PROMISE_CHUNK = 1 << 17   # nodes per call of the kernel between looks at the budget (a tenth of a second)


def rarity_weights(tables: proof.Tables) -> np.ndarray:
    """Per bit of the search's letter sets a weight that says how rare its letter is among the words that can
    stand outside the middle word (`kernel.outside_holders`): the rarest letter weighs more than all the others
    together, the next rarest more than all those after it, and so on."""
    holders = proof.outside_holders(tables)
    alphabet = sorted((c for c in range(26) if tables.bits[c]), key=lambda c: (holders[c], c))
    weights = np.zeros(64, np.int64)
    for rank, c in enumerate(alphabet):
        weights[int(tables.bits[c]).bit_length() - 1] = 1 << (len(alphabet) - 1 - rank)
    return weights


def promise(unit: Unit, tables: proof.Tables, weights: np.ndarray) -> tuple[int, int]:
    """How far a unit's state is from a phrase, for the search by promise (less is nearer): first the rare
    letters it still misses, compared rarest first (a state that holds q is nearer than any that does not:
    the rarest letters are the hard ones to place), then the fewest letters a phrase through it needs (its
    letters so far, and each missing letter twice)."""
    missing = tables.full & ~unit.row[2]
    rare = sum(int(weights[b]) for b in range(missing.bit_length()) if missing >> b & 1)
    return rare, 2 * unit.depth + len(tables.centres[unit.centre].text) + 2 * missing.bit_count()


def by_promise(tables: proof.Tables, limit: int, budget=None, probe=None, workers: int = 1) -> Iterator[tuple[str, ...]]:
    """The inside-out search of every centre for phrases of at most `limit` letters, unit by unit, the most
    promising first (`promise`; deeper first among equals): a unit less than PROMISE_DEPTH letters out is cut
    at once into the states SPLIT_DEPTH letters further out, which join the queue; a deeper one is searched
    to the end, with its own transposition table. Yields each shorter phrase (the limit drops below it); when
    the generator ends, nothing shorter than the last phrase (or than limit + 1) exists. `workers` threads
    take units from the queue (the compiled search releases the GIL); this thread charges their nodes to
    `budget` and `probe` as they go. With one worker the node counts do not depend on the clock."""
    hunt = _Promising(tables, limit)
    crew = [threading.Thread(target=hunt.work, daemon=True) for _ in range(workers)]
    for thread in crew:
        thread.start()
    try:
        reported = 0
        while True:
            running = any(thread.is_alive() for thread in crew)
            if running:
                crew[0].join(0.02)
            proof._account(hunt.spent(), probe, budget)
            while reported < len(hunt.found):
                reported += 1
                yield hunt.found[reported - 1]
            if hunt.error is not None:
                raise hunt.error
            if not running:
                return
    finally:
        hunt.stop = True
        for thread in crew:
            thread.join()


class _Promising:
    """What the workers of a search by promise share: the queue of units, the limit (lowered at each phrase),
    the phrases found, and the nodes not yet charged."""

    def __init__(self, tables: proof.Tables, limit: int):
        self.tables, self.limit, self.weights = tables, limit, rarity_weights(tables)
        self.queue = [(promise(unit, tables, self.weights), 0, unit.name, unit) for unit in centre_units(tables)]
        heapq.heapify(self.queue)
        self.found: list[tuple[str, ...]] = []
        self.tally = np.zeros(8 + limit // 2 + 3, np.int64)
        self.busy, self.splitting, self.stop, self.error = 0, 0, False, None
        self.changed = threading.Condition()

    def work(self) -> None:
        """One worker: take the most promising unit, cut it or search it to the end, until none is left."""
        searcher = Searcher(self.tables, self.limit)
        try:
            while (unit := self.take()) is not None:
                try:
                    self.search(searcher, unit)
                finally:
                    with self.changed:
                        self.busy -= 1
                        self.splitting -= unit.depth < PROMISE_DEPTH
                        self.changed.notify_all()
        except Exception as error:  # handed to the thread that yields the phrases
            self.error, self.stop = error, True

    def take(self) -> Unit | None:
        """The most promising unit. A unit to be searched to the end waits while another worker is cutting one
        (a matter of milliseconds), since the cut may queue more promising units: so that two workers take
        the units in nearly the order one would."""
        with self.changed:
            while not self.stop:
                if self.queue and (self.queue[0][3].depth < PROMISE_DEPTH or not self.splitting):
                    self.busy += 1
                    unit = heapq.heappop(self.queue)[3]
                    self.splitting += unit.depth < PROMISE_DEPTH
                    return unit
                if not self.queue and not self.busy:
                    return None
                self.changed.wait(0.05)
        return None

    def search(self, searcher: Searcher, unit: Unit) -> None:
        if unit.depth < PROMISE_DEPTH:
            for status, item in searcher.run(unit, self.limit, split=unit.depth + SPLIT_DEPTH):
                if status == proof.SPLIT:
                    with self.changed:
                        heapq.heappush(self.queue, (promise(item, self.tables, self.weights), -item.depth, item.name,
                                                    item))
                        self.changed.notify()
                else:
                    self.report(item)
            self.charge(searcher.tally)
            return
        t, centre = self.tables, self.tables.centres[unit.centre]
        searcher.start(unit)
        while not self.stop:
            before = searcher.tally.copy()
            status = proof._search(t.left, t.right, t.cover, t.bits, t.rarest, t.full, self.limit, len(centre.text),
                                   searcher.stack, searcher.top, searcher.path, searcher.tally, searcher.keys,
                                   searcher.fails, searcher.known, PROMISE_CHUNK, unit.depth, -1, searcher.epoch,
                                   searcher.pairs)
            self.charge(searcher.tally - before)
            if status == proof.FOUND:
                d = int(searcher.top[0])
                self.report(proof.phrase_from(centre, searcher.path[1:d + 1]))
                searcher.top[0] = d - 1
            elif status != proof.PAUSED:
                return

    def report(self, phrase: tuple[str, ...]) -> None:
        with self.changed:
            size = sum(map(len, phrase))
            if size <= self.limit:
                self.limit = size - 1
                self.found.append(phrase)

    def charge(self, spent: np.ndarray) -> None:
        with self.changed:
            self.tally[:len(spent)] += spent

    def spent(self) -> np.ndarray:
        """The nodes searched since the last call (by depth, as the search's tally counts them)."""
        with self.changed:
            spent, self.tally = self.tally, np.zeros_like(self.tally)
        return spent


# -- measuring the kernel on a ledger's units -------------------------------------------------------------------


def unit_named(searcher: Searcher, job: Job, name: str) -> Unit:
    """The unit of this name, rebuilt by cutting its ancestors again (each cut searches only their tops)."""
    if name == ROOT or parent(name) == "":
        raise WordlabError(f"{name!r} names no unit below the root")
    siblings = centre_units(searcher.tables) if parent(name) == ROOT else \
        cut(searcher, job, unit_named(searcher, job, parent(name)))[1]
    for unit in siblings:
        if unit.name == name:
            return unit
    raise WordlabError(f"no unit {name!r} at length {job.limit}: the ledger was cut by other code or another "
                       f"dictionary")


def without_finish_tables(tables: proof.Tables) -> proof.Tables:
    """The same tables with no finish tables: every cover test scans its completion list."""
    def bare(side):
        children, any_end, real_end, in_middle, outside = side[:5]
        return proof.packed((children, any_end, real_end) + tuple(
            proof.finish_tables(completions[:4], tables.cover, len(tables.bits), None)
            for completions in (in_middle, outside)), side[8:10])
    return dataclasses.replace(tables, left=bare(tables.left), right=bare(tables.right), memos=[])


def spread_sample(rows: list[dict], sample: int, least_nodes: int = 0) -> list[dict]:
    """A fixed sample for benchmarks: `sample` exhausted records of a ledger with at least `least_nodes` nodes,
    taken evenly in its hashed order."""
    done = sorted((r for r in rows if r.get("outcome") == "exhausted" and r.get("nodes", 0) >= least_nodes),
                  key=lambda r: order(r["unit"]))
    return done[::max(1, len(done) // sample)][:sample]


def bench_finish_tables(words, ledger_path, sample: int = 8, repeats: int = 3, *,
                        alphabet: str = "abcdefghijklmnopqrstuvwxyz", name: str | None = None,
                        least_nodes: int = 1_000_000, report: Callable[[str], None] = print) -> dict:
    """Search `sample` exhausted units of a ledger (spread over those of at least `least_nodes` nodes) with
    and without finish tables, alternating which goes first, `repeats` times each; the nodes must agree.
    Returns per unit the nodes and the best and median seconds of each, and the ratio of the totals.
    `words`: a word list, or a source name or path (loaded once the ledger has been read)."""
    from wordlab.words import as_wordlist

    if sample < 1 or repeats < 1:
        raise WordlabError(f"the sample and the repeats must be at least 1, not {sample} and {repeats}")
    rows = _ledger_rows(Path(ledger_path))
    limit = rows[0]["length"]
    job = job_of(as_wordlist(words), limit, alphabet, name)
    picked = spread_sample(rows, sample, least_nodes)
    if not picked:
        raise WordlabError(f"{ledger_path} has no exhausted unit of length {limit} with {least_nodes:,} nodes or more")
    tables = tables_for(job)
    searchers = {"finish tables": Searcher(tables, limit), "list scans": Searcher(without_finish_tables(tables), limit)}
    out, best = [], {kind: 0.0 for kind in searchers}
    for row in picked:
        unit = unit_named(searchers["finish tables"], job, row["unit"])
        seconds: dict[str, list[float]] = {kind: [] for kind in searchers}
        nodes = set()
        for r in range(repeats):
            for kind in sorted(searchers, reverse=r % 2 == 1):
                clock = time.perf_counter()
                record, _ = search_unit(searchers[kind], job, unit, None)
                seconds[kind].append(time.perf_counter() - clock)
                nodes.add(record["nodes"])
        for kind, s in seconds.items():
            best[kind] += min(s)
        if len(nodes) != 1:
            raise AssertionError(f"unit {unit.name}: node counts differ with and without finish tables: {nodes}")
        out.append({"unit": unit.name, "nodes": nodes.pop(),
                    **{f"{kind} best s": round(min(s), 3) for kind, s in seconds.items()},
                    **{f"{kind} median s": round(float(np.median(s)), 3) for kind, s in seconds.items()}})
        report(f"{unit.name}: {out[-1]['nodes']:,} nodes, " + ", ".join(
            f"{kind} {out[-1][kind + ' best s']:.2f} s" for kind in searchers))
    return {"what": f"best of {repeats} seconds per unit, {len(out)} exhausted units of {Path(ledger_path).name}, "
                    "searched with and without finish tables in one process, alternating",
            "words": job.name, "length": limit, "finish_tables_from": proof.FINISH_TABLES_FROM,
            "finish_tables": sum(side[4][5].shape[0] for side in (tables.left, tables.right)),
            "finish_table_bytes": sum(side[4][5].nbytes for side in (tables.left, tables.right)), "units": out,
            "total_nodes": sum(r["nodes"] for r in out), "seconds": {kind: round(s, 3) for kind, s in best.items()},
            "speedup": round(best["list scans"] / best["finish tables"], 3)}


def _ledger_rows(path: Path) -> list[dict]:
    """A ledger's records, refusing a file that cannot be read or is not a ledger of one length."""
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise WordlabError(f"cannot read the ledger {path}: {getattr(error, 'strerror', None) or error}") from None
    try:
        rows = [json.loads(line) for line in lines if line.strip()]
    except json.JSONDecodeError:
        rows = []
    lengths = {row.get("length") if isinstance(row, dict) else None for row in rows}
    if len(lengths) != 1 or not isinstance(next(iter(lengths)), int) or not all("unit" in row for row in rows):
        raise WordlabError(f"{path} is not a proof ledger of one length")
    return rows
