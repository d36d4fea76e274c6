"""One question for every palindrome strategy and for the proof: the shortest phrase of two or more words.

Random toy dictionaries hold palindromic single words ("aba", which alone would read the same backwards),
one-letter words and letters outside the alphabet; a brute force written here, without the solver, gives
the answer every strategy must prove, and the proof ledger must agree with it.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.errors import WordlabError
from wordlab.puzzles import palindrome as P
from wordlab.search import Budget, Probe
from wordlab.puzzles.palindrome import ledger as L

ALPHABET = "abc"
TRAPS = ["aba", "abcba", "cbabc", "a", "b", "c", "bcb", "e", "aea", "ce", "ec"]  # palindromes alone, one letter, e


def shortest_by_brute_force(vocabulary: list[str], alphabet: str, most: int) -> int | None:
    """The least letter count of a sequence of two or more words that reads the same backwards and holds
    every letter of `alphabet`, by listing every sequence of at most `most` letters."""
    one = {n: {w for w in vocabulary if len(w) == n} for n in range(most + 1)}
    many: dict[int, set[str]] = {n: set() for n in range(most + 1)}   # texts of two or more words
    for total in range(2, most + 1):
        for word in vocabulary:
            rest = total - len(word)
            if rest >= 1:
                many[total] |= {t + word for t in one[rest] | many[rest]}
        if any(t == t[::-1] and set(alphabet) <= set(t) for t in many[total]):
            return total
    return None


def test_the_brute_force_on_hand_examples():
    assert shortest_by_brute_force(["abcba"], "abc", 9) is None              # "abcba" alone is not a phrase
    assert shortest_by_brute_force(["aba", "c"], "abc", 9) == 5              # "c aba c"
    assert shortest_by_brute_force(["a", "b", "c"], "abc", 9) == 5           # "a b c b a"
    assert shortest_by_brute_force(["abcba", "a"], "abc", 12) == 7           # "a abcba a"
    assert shortest_by_brute_force(["abcba"], "abc", 12) == 10               # "abcba abcba"


def test_a_palindromic_word_alone_is_not_a_phrase():
    puzzle = P.index(["abcba", "ab", "ba", "c"], "abc")   # "abcba": 5 letters, one word
    assert not P.verify(puzzle, "abcba") and P.verify(puzzle, "ab c ba")
    for strategy in P.STRATEGIES:
        result = P.solve(puzzle, strategy, max_length=9)
        assert result.best.cost == 5 and P.verify(puzzle, result.best.value) and result.optimal, strategy


words = st.lists(st.text(alphabet="abce", min_size=1, max_size=4), min_size=1, max_size=7)
traps = st.lists(st.sampled_from(TRAPS), max_size=4)


@settings(max_examples=40, deadline=None)
@given(words, traps, st.sampled_from([7, 9, 11]))
def test_every_strategy_proves_the_brute_force_optimum(drawn, trapped, most):
    vocabulary = sorted(set(drawn + trapped))
    expected = shortest_by_brute_force(vocabulary, ALPHABET, most)
    try:
        puzzle = P.index(vocabulary, ALPHABET)
    except WordlabError:
        assert expected is None
        return
    for strategy in P.STRATEGIES:
        result = P.solve(puzzle, strategy, max_length=most)
        got = result.best.cost if result.best else None
        assert got == expected, strategy
        assert result.bound == (expected if expected else most + 1), strategy
        assert all(P.verify(puzzle, found.value) for found in result.solutions)


@settings(max_examples=15, deadline=None)
@given(words, traps, st.sampled_from([7, 9]))
def test_the_proof_ledger_agrees_with_the_brute_force(tmp_path_factory, drawn, trapped, most):
    vocabulary = sorted(set(drawn + trapped))
    expected = shortest_by_brute_force(vocabulary, ALPHABET, most)
    ledger = tmp_path_factory.mktemp("ledger") / "ledger.jsonl"
    try:
        claim = L.prove(vocabulary, most, ledger, alphabet=ALPHABET, scheduler="serial", report=lambda line: None)
    except WordlabError:
        assert expected is None
        return
    assert claim.complete
    assert claim.impossible == (expected is None)
    if expected is not None:
        assert P.length(claim.phrase.split()) == expected and P.verify(P.index(vocabulary, ALPHABET), claim.phrase)


@pytest.mark.parametrize("length", [1, 2, 3, 4])
def test_a_length_below_the_trivial_bound_is_impossible_at_once(tmp_path, length):
    ledger = tmp_path / "ledger.jsonl"
    claim = L.prove(["ab", "ba", "c"], length, ledger, alphabet=ALPHABET, scheduler="serial", report=lambda line: None)
    assert claim.impossible and claim.units == 0 and "at least 5 letters" in claim.sentence()
    assert not ledger.exists()


# -- the search by promise (rarest-first) ------------------------------------------------------------------------


def test_outside_holders_count_the_realizable_words_per_letter():
    from collections import Counter

    from wordlab.puzzles.palindrome import kernel as K

    words = P.random_dictionary(3, 300, "abcdefgh", longest=5).words
    job = L.job_of(words, 17, "abcdefgh", None)
    tables = L.tables_for(job)
    usable = K.realizable(job.words, tables.bits, job.most_waste)
    counted = Counter(c for word in usable for c in set(word))
    assert list(K.outside_holders(tables)) == [counted[chr(97 + i)] for i in range(26)]


def test_promise_puts_units_missing_rarer_letters_later():
    words = P.random_dictionary(3, 300, "abcdefgh", longest=5).words
    tables = L.tables_for(L.job_of(words, 17, "abcdefgh", None))
    weights = L.rarity_weights(tables)
    held = sorted(int(w) for w in weights if w)
    assert held == [1 << i for i in range(8)]        # each letter outweighs all the commoner ones together
    units = L.centre_units(tables)
    ranked = sorted(units, key=lambda u: L.promise(u, tables, weights))
    rarest = max(range(64), key=lambda b: weights[b])          # the bit of the rarest letter
    holds = [u.row[2] >> rarest & 1 for u in ranked]
    assert holds == sorted(holds, reverse=True)       # every centre holding the rarest letter comes first


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text(alphabet="abcdef", min_size=1, max_size=4), min_size=3, max_size=9),
       st.sampled_from([11, 12, 13]))
def test_the_search_by_promise_finds_what_brute_force_finds_and_proves_it(drawn, most):
    alphabet = "abcdef"
    vocabulary = sorted(set(drawn))
    expected = shortest_by_brute_force(vocabulary, alphabet, most)
    tables = L.tables_for(L.job_of(vocabulary, most, alphabet, None))
    found = [P.length(words) for words in L.by_promise(tables, most)]
    assert found == sorted(found, reverse=True) and len(set(found)) == len(found)   # each one shorter
    assert (found[-1] if found else None) == expected


# -- the fewest words ---------------------------------------------------------------------------------------------


def fewest_words_by_brute_force(vocabulary: list[str], alphabet: str, most_words: int) -> int | None:
    """The fewest words (two or more) of a palindromic pangram, listing every sequence of up to `most_words`."""
    sequences = [""]
    for count in range(1, most_words + 1):
        sequences = [text + word for text in sequences for word in vocabulary]
        if count >= 2 and any(t == t[::-1] and set(alphabet) <= set(t) for t in sequences):
            return count
    return None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcde", min_size=1, max_size=4), min_size=1, max_size=6),
       st.lists(st.sampled_from(["abcba", "cdc", "abcdcba", "dcbabcd", "a", "ab", "ba"]), max_size=3))
def test_the_fewest_words_bound_never_exceeds_the_brute_force_answer(drawn, planted):
    from wordlab.puzzles.palindrome.fewest import fewest_words_at_least

    vocabulary = sorted(set(drawn + planted))
    fewest = fewest_words_by_brute_force(vocabulary, "abcd", 4)
    bound, why = fewest_words_at_least(vocabulary, "abcd")
    assert bound in (2, 3, 4) and why
    if fewest is not None:
        assert bound <= fewest


def test_the_fewest_words_bound_is_reached_where_it_says_so():
    from wordlab.puzzles.palindrome.fewest import fewest_words_at_least

    assert fewest_words_at_least(["abcdcba", "a"], "abcd")[0] == 2          # "abcdcba abcdcba" is two words
    assert fewest_words_by_brute_force(["abcdcba", "a"], "abcd", 3) == 2
    assert fewest_words_at_least(["abc", "cba", "d"], "abcd")[0] == 3       # "abc d cba": three
    assert fewest_words_by_brute_force(["abc", "cba", "d"], "abcd", 4) == 3
    assert fewest_words_at_least(["ab", "ba", "c", "d"], "abcd")[0] == 4    # the bound says at least four
    assert fewest_words_by_brute_force(["ab", "ba", "c", "d"], "abcd", 6) == 5   # "ab c d c ba": five


# -- --decide ---------------------------------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(st.lists(st.text(alphabet="abce", min_size=1, max_size=4), min_size=1, max_size=7), traps)
def test_decide_gives_the_brute_force_answer_with_its_proof(tmp_path_factory, drawn, trapped):
    from wordlab.puzzles.palindrome.decide import decide

    vocabulary = sorted(set(drawn + trapped))
    expected = shortest_by_brute_force(vocabulary, ALPHABET, 13)
    ledger = tmp_path_factory.mktemp("decide") / "ledger-{code}.jsonl"
    try:
        decision = decide(vocabulary, ledger, alphabet=ALPHABET, scheduler="serial", report=lambda line: None)
    except WordlabError:
        assert expected is None
        return
    assert expected is None or decision.letters == expected          # beyond 13 letters the brute force stops
    assert P.verify(P.index(vocabulary, ALPHABET), decision.phrase)
    assert decision.claim.impossible and decision.claim.length == decision.letters - 1


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(alphabet="abce", min_size=1, max_size=4), min_size=1, max_size=7), traps)
def test_decides_phrase_search_stops_at_the_first_phrase_below_the_beams(drawn, trapped):
    from wordlab.puzzles.palindrome.decide import first_phrase
    from wordlab.puzzles.palindrome.strategies import by_promise, scouted

    vocabulary = sorted(set(drawn + trapped))
    expected = shortest_by_brute_force(vocabulary, ALPHABET, 13)
    try:
        puzzle = P.index(vocabulary, ALPHABET)
    except WordlabError:
        assert expected is None
        return
    beam = [letters for _, letters in scouted(puzzle, puzzle.lower_bound + 30)]
    try:
        phrase, letters, by = first_phrase(puzzle, None)
    except WordlabError:
        assert not beam
        return
    assert P.verify(puzzle, phrase) and P.length(phrase.split()) == letters
    assert expected is None or letters >= expected
    below = next(by_promise(puzzle, beam[-1] - 1), None) if beam[-1] > puzzle.lower_bound else None
    if below is None:
        assert (letters, by) == (beam[-1], "rarest-first's beam pass")
    else:
        assert (letters, by) == (below[1], "rarest-first") and letters < beam[-1]


def test_decide_without_a_budget_for_its_phrase_says_so():
    from wordlab.puzzles.palindrome.decide import decide
    from wordlab.search import Budget

    with pytest.raises(WordlabError, match="no palindromic pangram found .* give the search more --max-seconds"):
        decide(["ab", "ba", "cc"], "unused-{code}.jsonl", alphabet=ALPHABET, budget=Budget(nodes=0),
               scheduler="serial", report=lambda line: None)


def test_decide_refuses_a_ledger_it_cannot_write_before_it_searches(tmp_path):
    from wordlab.puzzles.palindrome.decide import decide
    from wordlab.search import Budget

    # a budget of no nodes would end the search with its own error: the ledger's comes first
    with pytest.raises(WordlabError, match="folder .*missing.* does not exist"):
        decide(["ab", "ba", "cc"], tmp_path / "missing" / "ledger-{code}.jsonl", alphabet=ALPHABET,
               budget=Budget(nodes=0), scheduler="serial", report=lambda line: None)


def test_decide_builds_the_proofs_tables_into_the_disk_cache_in_a_process_beside_the_search(tmp_path, monkeypatch):
    from wordlab.puzzles.palindrome import kernel
    from wordlab.puzzles.palindrome.decide import build_beside

    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))
    job = L.job_of(["abcba", "cbabc", "ab", "ba", "c"], 9, ALPHABET)
    process = build_beside(job)
    process.join(120)
    assert process.exitcode == 0
    kept = kernel.tables_path(job.words, job.alphabet, job.most_waste, kernel.FINISH_TABLES_FROM)
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(b"")  # a cache that holds them: nothing to build
    assert build_beside(job) is None


def test_decide_refuses_a_ledger_of_another_dictionary(tmp_path, capsys):
    from wordlab.cli import main

    first, other = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("ab\nba\ncc\n")          # "ab cc ba": 6 letters, so 5 (the trivial bound) is searched
    other.write_text("ab\nba\ncc\nbab\n")
    ledger = tmp_path / "ledger.jsonl"
    assert main(["solve", "palindrome", "--words", str(first), "--alphabet", "abc", "--decide", "--ledger", str(ledger),
                 "--scheduler", "serial", "--json"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert data["letters"] == 6 and data["proof"]["impossible"] and data["proof"]["units"] > 0
    assert data["proof"]["ledger_sha256"] == hashlib.sha256(ledger.read_bytes()).hexdigest()
    assert main(["solve", "palindrome", "--words", str(other), "--alphabet", "abc", "--decide", "--ledger",
                 str(ledger), "--scheduler", "serial"]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert error[-1].startswith("wordlab: ") and "another dictionary" in error[-1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcde", min_size=1, max_size=4), min_size=1, max_size=6),
       st.lists(st.sampled_from(["abcba", "cdc", "abcdcba", "dcbabcd", "a", "ab", "ba", "dcb"]), max_size=3))
def test_the_search_by_words_finds_the_brute_force_fewest(drawn, planted):
    from wordlab.puzzles.palindrome.fewest import fewest_words

    vocabulary = sorted(set(drawn + planted))
    expected = fewest_words_by_brute_force(vocabulary, "abcd", 4)
    count, phrase = fewest_words(vocabulary, "abcd", most=4)
    if expected is None:
        assert phrase is None and count == 5
    else:
        assert count == expected and len(phrase) == expected and P.verify(P.index(vocabulary, "abcd"), phrase)


@settings(max_examples=15, deadline=None)
@given(words, traps, st.sampled_from([9, 11]))
def test_rarest_first_on_two_workers_proves_the_brute_force_optimum(drawn, trapped, most):
    vocabulary = sorted(set(drawn + trapped))
    expected = shortest_by_brute_force(vocabulary, ALPHABET, most)
    try:
        puzzle = P.index(vocabulary, ALPHABET)
    except WordlabError:
        assert expected is None
        return
    result = P.solve(puzzle, "rarest-first", max_length=most, workers=2)
    assert (result.best.cost if result.best else None) == expected
    assert result.bound == (expected if expected else most + 1) and result.exhausted


def test_rarest_first_counts_the_same_nodes_on_every_run_with_one_worker():
    puzzle = P.index(P.random_dictionary(5, 400, "abcdefgh", longest=5), "abcdefgh")
    counts = set()
    for _ in range(2):
        probe = Probe()
        result = P.solve(puzzle, "rarest-first", probe=probe)
        counts.add((probe.nodes, result.best.cost, result.optimal))
    assert len(counts) == 1 and counts.pop()[2]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcdefg", min_size=1, max_size=4), min_size=1, max_size=12),
       st.sets(st.integers(1, (1 << 7) - 1), min_size=1, max_size=6))
def test_the_words_left_hold_the_missing_letters_exactly_as_brute_force_says(vocabulary, missing_sets):
    from itertools import combinations_with_replacement

    from wordlab.puzzles.palindrome.fewest import WordIndex

    index = WordIndex(vocabulary, "abcdefg")
    sets = {sum(1 << (ord(c) - 97) for c in set(w)) for w in vocabulary}
    for missing in missing_sets:
        for count in (1, 2, 3):
            held = any(missing & ~(a | b | c) == 0 for a, b, c in combinations_with_replacement(sets | {0}, 3)
                       if [a, b, c].count(0) >= 3 - count)
            assert index.can_hold(missing, count) == held, (missing, count)
        assert index.can_hold(missing, 0) is False


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text(alphabet="abcd", min_size=1, max_size=3), min_size=1, max_size=5),
       st.lists(st.sampled_from(["ab", "ba", "c", "d", "cd", "dc", "abc", "cba", "dab"]), max_size=4))
def test_the_search_by_words_agrees_with_brute_force_up_to_five_words(drawn, planted):
    from wordlab.puzzles.palindrome.fewest import WordIndex, phrase_of_at_most

    vocabulary = sorted(set(drawn + planted))
    expected = fewest_words_by_brute_force(vocabulary, "abcd", 5)
    for pairs in (True, False):
        phrase = phrase_of_at_most(WordIndex(vocabulary, "abcd", pairs=pairs), 5)
        assert (phrase is None) == (expected is None)                 # the first phrase met, not the fewest
        if phrase:
            assert 2 <= len(phrase) <= 5 and P.verify(P.index(vocabulary, "abcd"), phrase)


def test_a_phrase_whose_first_word_holds_every_letter_is_found_whatever_the_words_left():
    from wordlab.puzzles.palindrome.fewest import WordIndex, phrase_of_at_most

    index = WordIndex(["abcdcba", "b"], "abcd")
    assert index.can_hold(0, 3)
    for most in range(2, 7):
        assert phrase_of_at_most(index, most) == ("abcdcba", "abcdcba")
        assert index.compiled.search(most, 0, 2) == (2, ("abcdcba", "abcdcba"))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.text(alphabet="abcde", min_size=1, max_size=4), min_size=1, max_size=8),
       st.lists(st.sampled_from(["abcba", "cdc", "abcdcba", "dcbabcd", "a", "ab", "ba", "dcb", "edcba"]), max_size=3),
       st.integers(0, 6), st.data())
def test_the_compiled_search_by_words_places_the_same_words_and_meets_the_same_phrase(drawn, planted, most, data):
    from wordlab.puzzles.palindrome.fewest import WordIndex, phrase_of_at_most

    vocabulary = sorted(set(drawn + planted))
    index = WordIndex(vocabulary, "abcd")
    first = data.draw(st.integers(0, len(index.words)))
    last = data.draw(st.integers(first, len(index.words)))
    counter = Budget().start()
    phrase = phrase_of_at_most(index, most, counter, index.words[first:last])
    assert index.compiled.search(most, first, last) == (counter.used, phrase)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(alphabet="abcd", min_size=1, max_size=3), min_size=1, max_size=5),
       st.lists(st.sampled_from(["ab", "ba", "c", "d", "cd", "dc", "abc", "cba", "dab", "bad", "dcbab"]), max_size=4))
def test_a_phrase_of_mirror_blocks_is_a_phrase_and_never_beats_brute_force(drawn, planted):
    from wordlab.puzzles.palindrome.blocks import phrase_of_blocks

    vocabulary = sorted(set(drawn + planted))
    fewest = fewest_words_by_brute_force(vocabulary, "abcd", 5)
    phrase = phrase_of_blocks(vocabulary, "abcd", most=5)
    if phrase is None:
        return                                       # blocks reach only some phrases: no claim about the rest
    assert P.verify(P.index(vocabulary, "abcd"), phrase) and 2 <= len(phrase) <= 5
    assert fewest is not None and fewest <= len(phrase)


def test_mirror_blocks_find_the_fewest_where_the_phrase_is_made_of_them():
    from wordlab.puzzles.palindrome.blocks import phrase_of_blocks

    five = phrase_of_blocks(["ab", "ba", "c", "d"], "abcd")                   # "ab d c d ba" or "ab c d c ba"
    assert len(five) == 5 == fewest_words_by_brute_force(["ab", "ba", "c", "d"], "abcd", 6)
    assert P.verify(P.index(["ab", "ba", "c", "d"], "abcd"), five)
    assert phrase_of_blocks(["abc", "cba", "d"], "abcd") == ("abc", "d", "cba")
    assert phrase_of_blocks(["piu", "quip", "pq"], "piuq") == ("piu", "quip")                 # a centre and its mirror
    assert phrase_of_blocks(["abcd"], "abcd") is None                                        # one word cannot mirror


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(alphabet="abcde", min_size=1, max_size=4), min_size=1, max_size=6),
       st.lists(st.sampled_from(["abcba", "cdc", "abcdcba", "dcbabcd", "a", "ab", "ba", "dcb"]), max_size=3),
       st.sampled_from([2, 3, 4]))
def test_the_proof_by_words_in_a_ledger_agrees_with_brute_force(tmp_path_factory, drawn, planted, most):
    from wordlab.puzzles.palindrome import fewest

    vocabulary = sorted(set(drawn + planted))
    expected = fewest_words_by_brute_force(vocabulary, "abcd", most)
    ledger = tmp_path_factory.mktemp("words") / "ledger-{code}.jsonl"
    claim = fewest.prove_words(vocabulary, most, ledger, alphabet="abcd", report=lambda line: None)
    assert claim.impossible == (expected is None)
    if expected is not None:
        assert len(claim.phrase.split()) <= most and P.verify(P.index(vocabulary, "abcd"), claim.phrase)


def test_the_proof_by_words_resumes_and_refuses_another_dictionary(tmp_path, monkeypatch):
    from wordlab.puzzles.palindrome import fewest

    monkeypatch.setattr(fewest, "CHUNK_WORDS", 2)
    vocabulary = ["ab", "ba", "c", "d", "cd", "dc", "abc", "cba"]
    ledger = tmp_path / "words.jsonl"
    whole = fewest.prove_words(vocabulary, 2, ledger, alphabet="abcd", report=lambda line: None)
    assert whole.impossible and whole.units == 4 == whole.finished                  # "ab cd cba" has three
    lines = ledger.read_text().splitlines()
    ledger.write_text("\n".join(lines[:3]) + "\n")                  # stopped after two units
    again = fewest.prove_words(vocabulary, 2, ledger, alphabet="abcd", report=lambda line: None)
    assert again.impossible and again.nodes == whole.nodes and len(ledger.read_text().splitlines()) == len(lines)
    with pytest.raises(WordlabError, match="another dictionary"):
        fewest.prove_words(vocabulary + ["dd"], 2, ledger, alphabet="abcd", report=lambda line: None)
    three = fewest.prove_words(vocabulary, 3, tmp_path / "three.jsonl", alphabet="abcd", report=lambda line: None)
    assert len(three.phrase.split()) == 3 and P.verify(P.index(vocabulary, "abcd"), three.phrase)


@pytest.mark.parametrize("name, counts", [("ledger-ita-words-w82aed635eb48479.jsonl", (4, 5)),   # one word's test
                                           ("ledger-ita-words-wb341d161d3323ee.jsonl", (5, 6)),   # pairs, triples
                                           ("ledger-ita-words-w77585c3df8f6a67.jsonl", (5, 6, 7))])  # compiled
def test_the_stored_ledgers_by_words_settle_their_counts_as_impossible(name, counts):
    from pathlib import Path

    path = Path(__file__).parent.parent / "data" / "palindrome" / name
    whole_lines = path.read_text().split("\n")[:-1]        # a line still being written has no newline yet
    rows = [json.loads(line) for line in whole_lines if line.strip()]
    assert all(row["check"] == L._check(row) for row in rows)                    # every line passes its checksum
    assert {row["code"] for row in rows} == {name.split("-")[-1].split(".")[0]}
    for most in counts:
        part = [row for row in rows if row["length"] == most]
        root = next(row for row in part if row["unit"] == L.ROOT)
        assert L.settled(part) and root["units"] == len(part) - 1 == 695, most
        assert not any(row["phrase"] for row in part) and {row["outcome"] for row in part} == {"cut", "exhausted"}


def test_the_compiled_search_placed_the_words_the_plain_search_placed_in_every_stored_unit():
    from pathlib import Path

    saved = Path(__file__).parent.parent / "data" / "palindrome"

    def placed(name: str) -> dict:
        rows = (json.loads(line) for line in (saved / name).read_text().split("\n")[:-1] if line.strip())
        return {(row["length"], row["unit"]): row["nodes"] for row in rows if row["length"] in (5, 6)}

    plain, compiled = placed("ledger-ita-words-wb341d161d3323ee.jsonl"), placed("ledger-ita-words-w77585c3df8f6a67.jsonl")
    assert len(plain) == len(compiled) == 2 * 696 and plain == compiled


def test_the_ledger_by_words_of_this_code_is_the_one_kept():
    from pathlib import Path

    from wordlab.puzzles.palindrome import fewest

    assert (Path(__file__).parent.parent / "data" / "palindrome" / f"ledger-ita-words-{fewest.words_code()}.jsonl").exists()


def test_the_proof_by_words_on_dask_threads_records_what_one_thread_does(tmp_path, monkeypatch):
    from wordlab.puzzles.palindrome import fewest

    monkeypatch.setattr(fewest, "CHUNK_WORDS", 2)
    vocabulary = ["ab", "ba", "c", "d", "cd", "dc", "abc", "cba", "ad", "da"]
    serial = fewest.prove_words(vocabulary, 2, tmp_path / "serial.jsonl", alphabet="abcd", report=lambda line: None)
    threads = fewest.prove_words(vocabulary, 2, tmp_path / "threads.jsonl", alphabet="abcd", scheduler="threads",
                                 workers=2, report=lambda line: None)
    assert serial.impossible and threads.impossible and serial.units == threads.units == 5
    assert serial.nodes == threads.nodes
