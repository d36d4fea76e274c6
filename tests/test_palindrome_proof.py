"""The inside-out search's parts, each against a plain enumeration on small inputs."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.puzzles.palindrome import kernel as Q

from .test_palindrome import brute_force_shortest


def cheapest_covers(words: list[str], alphabet: str) -> dict[frozenset, int]:
    """Per letter set, the fewest repeated or dropped letters with which whole words cover it exactly,
    by dynamic programming over every set of the alphabet's letters (small alphabets only)."""
    parts = {}
    for w in words:
        own = frozenset(w) & set(alphabet)
        cost = len(w) - len(own)
        for k in range(len(own) + 1):
            for keep in combinations(sorted(own), k):
                part = frozenset(keep)
                if part:
                    parts[part] = min(parts.get(part, 99), cost + len(own) - k)
    best = {frozenset(): 0}
    for size in range(1, len(alphabet) + 1):
        for letters in combinations(alphabet, size):
            target = frozenset(letters)
            options = [best[target - part] + c for part, c in parts.items()
                       if part <= target and target - part in best]
            if options:
                best[target] = min(options)
    return best


@pytest.mark.parametrize("alphabet", ["abcde", "abcdefgh"])  # inside one 64-bit word, and across several
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_cover_tables_match_enumeration(alphabet, data):
    words = data.draw(st.lists(st.text(alphabet=alphabet + "z", min_size=1, max_size=5), min_size=1, max_size=7))
    bits = Q.letter_bits(words, alphabet)
    tables = Q.cover_tables(words, bits, len(alphabet), most=3)
    best = cheapest_covers(words, alphabet)
    for size in range(len(alphabet) + 1):
        for letters in combinations(alphabet, size):
            m = Q.mask("".join(letters), bits)
            for s in range(4):
                held = bool(int(tables[s, m >> 6]) >> (m & 63) & 1)
                assert held == (best.get(frozenset(letters), 99) <= s), (letters, s)


def test_realizable_drops_words_whose_mirror_cannot_be_spelled():
    words = ["ab", "ba", "cab", "xqj"]
    bits = Q.letter_bits(words, "abcjqx")
    kept = Q.realizable(words, bits, most_waste=2)
    assert "xqj" not in kept                  # "jqx" is no word's tail, then words, then a word's head
    assert {"ab", "ba", "cab"} <= set(kept)   # "bac" = the word "ba" + the head "c" of "cab"
    assert Q.realizable(["aab", "ba", "ab"], Q.letter_bits(["aab"], "ab"), most_waste=0) == ["ba", "ab"]


def test_completions_list_each_letter_set_once_with_its_shortest_length():
    words = ["ab", "abab", "abc", "acb", "b"]
    children = Q.trie_arrays(words)
    ends = Q.terminals(children, words)
    bits = Q.letter_bits(words, "abc")
    node = Q.walk(children, "a")

    def listed(most):
        first, stop, sets, lengths = Q.completions(children, ends, bits, most)
        return [(int(s), int(n)) for s, n in zip(sets[first[node]:stop[node]], lengths[first[node]:stop[node]])]

    b, bc, ab = (Q.mask(x, bits) for x in ("b", "bc", "ab"))
    assert listed(0) == [(b, 1), (bc, 2)]                 # "cb" and "bc" are one entry
    assert listed(1) == [(b, 1), (bc, 2), (ab, 3)]        # "bab" repeats a letter: listed once it may


def test_phrase_from_puts_word_breaks_where_the_walks_restarted():
    centre = Q.Centre("c", 1, 0, 0, 0)            # "c" ends the middle word: "abc" with "ab" on the left
    moves = [ord("b") - 97 << 2, (ord("a") - 97 << 2)]   # two letters out, no restarts
    assert Q.phrase_from(centre, moves) == ("abc", "ba")
    restarts = [(ord("b") - 97 << 2) | 1, (ord("a") - 97 << 2)]  # the right walk restarts at the first letter
    assert Q.phrase_from(centre, restarts) == ("abc", "ba")
    assert Q.phrase_from(Q.Centre("", 0, 0, 0, 0), [(ord("d") - 97 << 2) | 3]) == ("d", "d")


def test_transposition_table_keeps_the_largest_failure_and_survives_collisions():
    keys, fails = np.zeros((16, 2), np.int64), np.full(16, -1, np.int32)
    for k in range(40):                    # more keys than slots: older ones get overwritten
        Q._remember(keys, fails, k, 7, k % 5)
    assert Q._recall(keys, fails, 39, 7) == 39 % 5
    assert Q._recall(keys, fails, 1000, 7) == -1
    for k in range(40):                    # whatever is recalled is what was stored for that key
        assert Q._recall(keys, fails, k, 7) in (-1, k % 5)


# -- table building: charged to the budget, and kept on disk ----------------------------------------------------

MEDIUM = sorted({w for w in (a + b + c for a in "abcdefg" for b in "abcdefg" for c in "abcdefgh") if w[0] != w[2]}
                | set("abcdefgh"))


def test_a_second_build_of_the_same_tables_is_read_from_disk(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    monkeypatch.setattr(Q, "CACHE_AFTER_SECONDS", 0.0)
    first = Q.cached_tables(MEDIUM, "abcdefgh", 2)
    assert len(list((tmp_path / "palindrome").glob("tables-*.pickle"))) == 1

    def no_building(*args, **kwargs):
        raise AssertionError("the tables were built again")

    monkeypatch.setattr(Q, "build_tables", no_building)
    second = Q.cached_tables(MEDIUM, "abcdefgh", 2)
    assert Q.tables_digest(second) == Q.tables_digest(first)
    with pytest.raises(AssertionError, match="built again"):
        Q.cached_tables(MEDIUM, "abcdefgh", 1)       # another allowance of repeats: other tables


def test_stored_tables_map_their_large_arrays_and_search_as_the_built_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(Q, "MAPPED_FROM", 64)              # every array of 64 bytes or more is mapped
    built = Q.build_tables(MEDIUM, "abcdefgh", Q.rarest_first(MEDIUM, "abcdefgh"), 2, finish_from=1)
    Q.write_mapped(built, tmp_path / "tables")
    read = Q.read_mapped(tmp_path / "tables")
    assert Q.tables_digest(read) == Q.tables_digest(built)
    finish = read.left[4][5]
    owner = finish
    while isinstance(owner, np.ndarray):
        owner = owner.base
    assert finish.size and isinstance(owner, memoryview) and finish.flags.writeable   # mapped, copy-on-write
    assert [list(Q.search(t, 12)) for t in (built, read)] == [list(Q.search(built, 12))] * 2
    (tmp_path / "plain").write_bytes(b"not a table file")
    with pytest.raises(ValueError, match="not a mapped pickle"):
        Q.read_mapped(tmp_path / "plain")


def test_the_disk_cache_drops_the_least_recently_used_tables_beyond_its_size(tmp_path, monkeypatch):
    import os

    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    monkeypatch.setattr(Q, "CACHE_AFTER_SECONDS", 0.0)
    folder = tmp_path / "palindrome"
    built = {}
    for waste in (2, 1, 0):
        before = set(folder.glob("tables-*.pickle"))
        Q.cached_tables(MEDIUM, "abcdefgh", waste)
        (built[waste],) = set(folder.glob("tables-*.pickle")) - before
    size = {waste: path.stat().st_size for waste, path in built.items()}
    built[0].unlink()
    os.utime(built[1], (1, 1))                               # 1 is the least recently used, then 2
    os.utime(built[2], (2, 2))
    monkeypatch.setattr(Q, "CACHE_BYTES", size[0] + size[2])
    Q.cached_tables(MEDIUM, "abcdefgh", 0)                   # written again: 1 no longer fits
    assert set(folder.glob("tables-*.pickle")) == {built[0], built[2]}

    def no_building(*args, **kwargs):
        raise AssertionError("the tables were built again")

    monkeypatch.setattr(Q, "build_tables", no_building)
    Q.cached_tables(MEDIUM, "abcdefgh", 2)
    with pytest.raises(AssertionError, match="built again"):
        Q.cached_tables(MEDIUM, "abcdefgh", 1)


class Clock:
    """A stand-in budget that counts the looks at its clock and runs out after `after` of them."""

    def __init__(self, after: int | None = None):
        self.looks, self.after = 0, after

    def check(self):
        self.looks += 1
        if self.after is not None and self.looks > self.after:
            raise Clock.Stop

    class Stop(Exception):
        pass


def test_table_building_looks_at_the_clock_throughout():
    rarest = Q.rarest_first(MEDIUM, "abcdefgh")
    clock = Clock()
    tables = Q.build_tables(MEDIUM, "abcdefgh", rarest, 2, clock)
    assert clock.looks >= 10
    assert Q.tables_digest(tables) == Q.tables_digest(Q.build_tables(MEDIUM, "abcdefgh", rarest, 2))
    for after in (1, 3, 6, clock.looks - 1):      # a budget that runs out anywhere in the build stops it there
        with pytest.raises(Clock.Stop):
            Q.build_tables(MEDIUM, "abcdefgh", rarest, 2, Clock(after))


def test_a_budget_that_runs_out_while_the_tables_are_built_gives_a_result(tmp_path, monkeypatch):
    from wordlab.puzzles import palindrome as P
    from wordlab.search import Budget

    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    puzzle = P.index(MEDIUM, "abcdefgh")
    result = P.solve(puzzle, "iterative-deepening", budget=Budget(seconds=0.001))
    assert result.stopped and "time budget" in result.stopped and not result.exhausted
    assert result.bound is None or result.bound <= puzzle.lower_bound


def test_completion_lists_do_not_depend_on_the_chunk_size(monkeypatch):
    children = Q.trie_arrays(MEDIUM)
    ends = Q.terminals(children, MEDIUM)
    bits = Q.letter_bits(MEDIUM, "abcdefgh")
    whole = Q.completions(children, ends, bits, 2)
    first, stop = np.zeros(len(children), np.int64), np.zeros(len(children), np.int64)
    sets, lengths = np.empty(8, np.int64), np.empty(8, np.int64)   # a buffer far too small: it grows
    used, top = 0, len(children)
    while top > 0:
        used, reached = Q._completions(children, ends, bits, 2, first, stop, sets, lengths, used, top, max(0, top - 7))
        if reached > max(0, top - 7):
            sets, lengths = np.resize(sets, 2 * len(sets)), np.resize(lengths, 2 * len(lengths))
        top = reached
    for a, b in zip(whole, (first, stop, sets[:used], lengths[:used])):
        assert np.array_equal(a, b)


# -- the joint completion test ------------------------------------------------------------------------------------


def _shortest_by_units(words, alphabet: str, limit: int, pairs: int) -> tuple[int | None, int]:
    """The shortest phrase length over every work unit of `limit`, and the nodes, with the joint test
    judging lists of up to `pairs` pairs (0: off)."""
    from wordlab.puzzles.palindrome import ledger as L

    job = L.job_of(words, limit, alphabet, None)
    tables = L.tables_for(job)
    searcher = L.Searcher(tables, limit, pairs)
    rows, units = [], L.centre_units(tables)
    while units:
        record, cut_into = L.search_unit(searcher, job, units.pop(), None)
        rows.append(record)
        units += cut_into
    found = [len(r["phrase"].replace(" ", "")) for r in rows if r["phrase"]]
    return min(found, default=None), sum(r["nodes"] for r in rows)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text(alphabet="abcdef", min_size=1, max_size=4), min_size=3, max_size=8),
       st.sampled_from([11, 12, 13]))
def test_the_joint_completion_test_keeps_every_shortest_phrase(words, limit):
    alphabet = "abcdef"
    if not set(alphabet) <= set("".join(words)):
        return
    expected = brute_force_shortest(sorted(set(words)), alphabet, limit)
    assert _shortest_by_units(words, alphabet, limit, 1 << 40)[0] == expected
    assert _shortest_by_units(words, alphabet, limit, 0)[0] == expected


def test_the_joint_completion_test_prunes_where_the_separate_tests_do_not():
    from wordlab.puzzles.palindrome import random_dictionary

    alphabet = "abcdefghij"
    words = random_dictionary(6, 300, alphabet, longest=6)   # the next-letter test leaves some pairs to judge here
    for limit in (21, 23):
        joint, separate = _shortest_by_units(words, alphabet, limit, 1 << 40), _shortest_by_units(words, alphabet, limit, 0)
        assert joint[0] == separate[0] == 19
        assert joint[1] < separate[1]


# -- remembered cover tests -----------------------------------------------------------------------------------------


def _unit_records(words, alphabet: str, limit: int, remember: bool, tables=None) -> list[tuple]:
    from wordlab.puzzles.palindrome import ledger as L

    job = L.job_of(words, limit, alphabet, None)
    searcher = L.Searcher(tables or L.tables_for(job), limit)
    if not remember:
        searcher.known = np.zeros(0, np.int64)
    rows, units = [], L.centre_units(searcher.tables)
    while units:
        record, cut_into = L.search_unit(searcher, job, units.pop(), None)
        rows.append((record["unit"], record["outcome"], record["nodes"], record["phrase"], record["units"]))
        units += cut_into
    return rows


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([13, 15, 17]))
def test_remembering_the_cover_tests_changes_no_node_count_and_no_answer(seed, limit):
    from wordlab.puzzles.palindrome import random_dictionary

    words = random_dictionary(seed, 80, "abcdefg", longest=5)
    assert _unit_records(words, "abcdefg", limit, True) == _unit_records(words, "abcdefg", limit, False)


# -- finish tables ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("alphabet", ["abcde", "abcdefgh"])  # inside one 64-bit word, and across several
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_finish_table_gives_the_list_scans_answer_for_every_set_and_slack(alphabet, seed):
    from wordlab.puzzles.palindrome import random_dictionary

    words = sorted(random_dictionary(seed, 60, alphabet, longest=5))
    bits = Q.letter_bits(words, alphabet)
    cover = Q.cover_tables(words, bits, len(alphabet), most=3)
    children = Q.trie_arrays(words)
    lists = Q.completions(children, Q.terminals(children, words), bits, 3)
    first, stop, sets, lengths, table, tables = Q.finish_tables(lists, cover, len(alphabet), 1)
    assert (table >= 0).all()                     # every node's list has at least one set: every node has a table
    for node in range(len(children)):
        for missing in range(1 << len(alphabet)):
            for slack in range(4):
                scanned = Q._can_finish(first, stop, sets, lengths, node, missing, slack, cover)
                assert bool(Q._covers(tables[table[node]], slack, missing)) == scanned, (node, missing, slack)


def test_drop_one_removes_each_letter_of_each_set():
    letters = 8
    sets = [0b10110001, 0b00000110, 0b11000000]
    table = np.zeros(1 << (letters - 6), np.uint64)
    for s in sets:
        table[s >> 6] |= np.uint64(1) << np.uint64(s & 63)
    dropped = Q._drop_one(table, letters)
    held = {x for x in range(1 << letters) if int(dropped[x >> 6]) >> (x & 63) & 1}
    assert held == {s & ~(1 << b) for s in sets for b in range(letters) if s >> b & 1}


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([13, 15, 17]))
def test_finish_tables_change_no_node_count_and_no_answer(seed, limit):
    from wordlab.puzzles.palindrome import random_dictionary

    words = random_dictionary(seed, 80, "abcdefg", longest=5)
    tables = [Q.build_tables(sorted(words), "abcdefg", Q.rarest_first(words, "abcdefg"), Q.allowed_waste(limit, 7),
                             finish_from=finish_from) for finish_from in (None, 1)]
    assert tables[1].left[4][5].shape[0] > 0 and tables[1].right[4][5].shape[0] > 0
    assert _unit_records(words, "abcdefg", limit, True, tables[0]) == _unit_records(words, "abcdefg", limit, True, tables[1])


# -- the letters each walk can go on with -------------------------------------------------------------------------


@pytest.mark.parametrize("alphabet", ["abcde", "abcdefgh"])  # inside one 64-bit word, and across several
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_next_letters_never_rule_out_a_letter_whose_child_passes_its_cover_test(alphabet, seed):
    """`_next_letters` by a scan of first letters may let a letter through that then fails, never the other way;
    by testing each child (a list longer than `longest`) it is exact."""
    from wordlab.puzzles.palindrome import random_dictionary

    words = sorted(random_dictionary(seed, 60, alphabet, longest=5))
    bits = Q.letter_bits(words, alphabet)
    cover = Q.cover_tables(words, bits, len(alphabet), most=2)
    children = Q.trie_arrays(words)
    ends = Q.terminals(children, words)
    lists = Q.completions(children, ends, bits, 2)
    none = Q.finish_tables(lists, cover, len(alphabet), None)
    side = Q.packed((children, ends, ends, none, none), (Q.first_letters(children, bits, 2, lists),) * 2)
    rows, entries, firsts, tables = side[5], side[7], side[9], none[5]
    rng = np.random.default_rng(seed)
    everything, known = (1 << 26) - 1, np.zeros(0, np.int64)
    for node in range(len(children)):
        for missing in rng.integers(0, 1 << len(alphabet), 6):
            for slack in range(3):
                passes = 0
                for c in range(26):
                    y = children[node, c]
                    after = slack if missing & bits[c] else slack - 1
                    if y >= 0 and after >= 0 and Q._can_finish(lists[0], lists[1], lists[2], lists[3], y,
                                                                missing & ~bits[c], after, cover):
                        passes |= 1 << c
                args = (children, bits, rows, Q.OUT_FIRST, entries, firsts, tables, node, int(missing), slack, cover,
                        known, 0, 0)
                scanned = Q._next_letters(*args, 1 << 30, everything)
                tested = Q._next_letters(*args, -1, everything)
                assert scanned & passes == passes, (node, missing, slack)
                assert tested == passes, (node, missing, slack)


def _planted(seed: int, alphabet: str, length: int) -> tuple[list[str], str]:
    """A random dictionary of short words with a palindromic pangram of exactly `length` letters planted in it:
    a random palindrome holding every letter, cut into words at random places."""
    rng = np.random.default_rng(seed)
    while True:
        half = "".join(rng.choice(list(alphabet), (length + 1) // 2))
        text = half + half[: length // 2][::-1]
        if set(text) == set(alphabet):
            break
    cuts = sorted(set(rng.integers(1, length, rng.integers(2, 5)).tolist()))
    phrase = [text[a:b] for a, b in zip([0] + cuts, cuts + [length])]
    extra = ["".join(rng.choice(list(alphabet), rng.integers(1, 4))) for _ in range(5)]
    return sorted(set(phrase + extra)), " ".join(phrase)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from([11, 12, 13]))
def test_planted_phrases_at_the_limit_are_found_and_nothing_shorter_is_missed(seed, length):
    alphabet = "abcdef"
    words, phrase = _planted(seed, alphabet, length)
    expected = brute_force_shortest(words, alphabet, length)
    assert expected is not None and expected <= length   # the planted phrase at least
    assert _shortest_by_units(words, alphabet, length, 1 << 40)[0] == expected
    if expected > 2 * len(alphabet) - 1:                  # a shorter length that can hold every letter
        assert _shortest_by_units(words, alphabet, expected - 1, 1 << 40)[0] is None
