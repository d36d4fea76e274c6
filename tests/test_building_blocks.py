"""Building Blocks: published answers, every strategy against an independent brute force, bad input, CLI."""

from __future__ import annotations

import json
from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.errors import WordlabError
from wordlab.puzzles import building_blocks as bb
from wordlab.search import Budget, Probe
from wordlab.words import available, load

NAMES = list(bb.STRATEGIES)


# -- an independent verifier and brute force (no code shared with the solvers) ----------------------


def fills(word: str, pattern: str, size: int) -> list[str] | None:
    """The blank chunks `word` puts into `pattern`, or None if a fixed letter differs."""
    if len(word) != len(pattern):
        return None
    if any(p != "." and p != w for p, w in zip(pattern, word)):
        return None
    return [word[i:i + size] for i in range(0, len(word), size) if pattern[i] == "."]


def valid(patterns, blocks, solution, words) -> bool:
    """Each word in the list and fits its pattern; blank chunks are blocks, none used twice."""
    size = len(blocks[0])
    used = []
    for word, pattern in zip(solution, patterns):
        chunks = fills(word, pattern, size)
        if chunks is None or word not in words:
            return False
        used += chunks
    return len(solution) == len(patterns) and set(used) <= set(blocks) and max(Counter(used).values(), default=1) == 1


def brute_force(patterns, blocks, words) -> set[tuple[str, ...]]:
    size = len(blocks[0])
    options = [[w for w in words if (c := fills(w, p, size)) is not None and set(c) <= set(blocks)] for p in patterns]
    return {combo for combo in product(*options) if valid(patterns, blocks, combo, words)}


def solutions(puzzle, strategy, words, **options) -> set[tuple[str, ...]]:
    answer = bb.solve(puzzle, strategy, words, **options)
    found = set(answer.solutions)
    assert len(found) == len(answer.solutions), "a solution was reported twice"
    return found


# -- fixtures -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def wordfreq():
    return bb.Lexicon(load("wordfreq"))


@pytest.fixture(scope="module")
def default():
    return bb.Lexicon()


@pytest.fixture(scope="module")
def published():
    return bb.published()


TOY = ["abcd", "abef", "cdgh", "efgh", "abab", "xyzw"]


# -- the published puzzles ------------------------------------------------------------------------


@pytest.mark.parametrize("strategy", NAMES)
@pytest.mark.parametrize("name", ["p1", "p2", "p3"])
def test_published_puzzles_solve_with_the_default_list(default, published, strategy, name):
    assert default.words == load(bb.DEFAULT_WORDS)
    puzzle = published[name]["puzzle"]
    answer = bb.solve(puzzle, strategy, default)
    assert answer.solutions == [published[name]["answer"]]
    assert answer.unused(answer.solutions[0]) == published[name]["unused"]
    assert valid(puzzle.patterns, puzzle.blocks, answer.solutions[0], default.words)


@pytest.mark.parametrize("strategy", NAMES)
@pytest.mark.parametrize("name", ["p1", "p3"])
def test_p1_and_p3_solve_with_wordfreq_alone(wordfreq, published, strategy, name):
    answer = bb.solve(published[name]["puzzle"], strategy, wordfreq)
    assert answer.solutions == [published[name]["answer"]]


@pytest.mark.parametrize("strategy", NAMES)
def test_p2_is_explained_because_wordfreq_lacks_dumbfound(wordfreq, published, strategy):
    answer = bb.solve(published["p2"]["puzzle"], strategy, wordfreq)
    assert answer.solutions == []
    assert answer.why == "no word in the list fits ...bfo... with the puzzle's blocks"


@pytest.mark.parametrize("strategy, calls", [("regex-scan", 9), ("backtracking", 9), ("exact-cover", 9)])
def test_effort_on_p1_is_one_call_per_word(wordfreq, published, strategy, calls):
    probe = Probe()
    bb.solve(published["p1"]["puzzle"], strategy, wordfreq, probe=probe)
    assert probe.calls == calls


@pytest.mark.skipif(not available("enable1"), reason="ENABLE is not available offline (set WORDLAB_DATA)")
def test_a_union_of_sources_solves_all_three_with_more_candidates(published):
    union = bb.Lexicon(load("wordfreq+enable1"))
    for name, entry in published.items():
        answer = bb.solve(entry["puzzle"], "backtracking", union)
        assert answer.solutions == [entry["answer"]], name
    p3 = published["p3"]["puzzle"]
    small = bb.Lexicon(load("wordfreq"))
    counts = [sum(map(len, bb.solve(p3, "exact-cover", lex).candidates)) for lex in (small, union)]
    assert counts[0] <= counts[1]


def test_pip_only_union_solves_all_three_and_propagation_absorbs_the_extra_candidates(published):
    union = bb.Lexicon(load("wordfreq+gcide"))
    for name, entry in published.items():
        for strategy in NAMES:
            probe = Probe()
            answer = bb.solve(entry["puzzle"], strategy, union, probe=probe)
            assert answer.solutions == [entry["answer"]], (name, strategy)
            assert probe.calls == 9, (name, strategy)
    rivals = [w for found in bb.solve(published["p1"]["puzzle"], "backtracking", union).candidates
              for w, _ in found if len(found) > 1]
    assert rivals == ["appliable", "appliance"]


def test_the_data_file_matches_the_issue(published):
    assert sorted(published) == ["p1", "p2", "p3"]
    for entry in published.values():
        puzzle = entry["puzzle"]
        assert (len(puzzle.patterns), len(puzzle.blocks), puzzle.length, puzzle.size) == (8, 19, 9, 3)
        assert valid(puzzle.patterns, puzzle.blocks, entry["answer"], set(entry["answer"]))


# -- small hand-checked puzzles -------------------------------------------------------------------


@pytest.mark.parametrize("strategy", NAMES)
def test_an_ambiguous_puzzle_returns_every_solution(strategy):
    puzzle = bb.Puzzle("ab.. ..gh", "cd ef")
    assert solutions(puzzle, strategy, TOY) == {("abcd", "efgh"), ("abef", "cdgh")}


@pytest.mark.parametrize("strategy", NAMES)
def test_a_block_clash_is_explained(strategy):
    answer = bb.solve(bb.Puzzle("ab.. ..gh", "cd"), strategy, TOY)
    assert answer.solutions == []
    assert "ab.., ..gh cannot all be filled" in answer.why and "clash on the blocks cd" in answer.why


@pytest.mark.parametrize("strategy", NAMES)
def test_a_block_is_not_used_twice_in_one_word(strategy):
    assert solutions(bb.Puzzle("....", "ab"), strategy, TOY) == set()
    assert solutions(bb.Puzzle("....", "ab ef"), strategy, TOY) == {("abef",)}


@pytest.mark.parametrize("strategy", NAMES)
def test_a_budget_stops_the_search_and_says_so(strategy):
    answer = bb.solve(bb.Puzzle("ab.. ..gh", "cd ef"), strategy, TOY, budget=Budget(nodes=1))
    assert answer.stopped == "node budget of 1 reached"
    assert len(answer.solutions) < 2


@pytest.mark.parametrize("strategy", ["backtracking", "exact-cover"])
def test_the_probe_records_a_search_tree(strategy):
    probe = Probe(tree_limit=50)
    bb.solve(bb.Puzzle("ab.. ..gh", "cd ef"), strategy, TOY, probe=probe)
    assert [label for _, _, _, label in probe.tree] == ["start", "abcd", "efgh", "abef", "cdgh"]
    assert probe.depth_profile() == [1, 2, 2]


def test_check_reports_each_problem():
    puzzle = bb.Puzzle("ab.. ..gh", "cd ef")
    assert bb.check(puzzle, ("abcd", "efgh"), TOY) == []
    assert bb.check(puzzle, ("abcd", "cdgh"), TOY) == ["'cdgh' reuses block(s) ['cd']"]
    assert bb.check(puzzle, ("abcd", "efgh"), ["abcd"]) == ["'efgh' is not in the word list"]
    assert bb.check(puzzle, ("xyzw", "efgh")) == ["'xyzw' does not fit 'ab..' with the puzzle's blocks"]


# -- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize("patterns, blocks, message", [
    ("pol...... imb.....", "ble cal", "different lengths"),
    ("pol...... imb......", "ble ca", "different sizes"),
    ("po....... imb......", "ble cal", "not on 3-letter block boundaries"),
    ("pol..3... imb......", "ble cal", "other than a–z and '.': '3'"),
    ("pol...... imb......", "bl- cal", "'bl-' has characters other than a–z"),
    ("", "ble cal", "the pattern list is empty"),
    ("pol......", [], "the block list is empty"),
    ("pol...... pol......", "ble cal", "pattern 'pol......' appears more than once"),
    ("pol...... imb......", "ble ble", "block 'ble' appears more than once"),
    ("pol....... imb.......", "ble cal", "length 10 is not a multiple of the block size 3"),
])
def test_bad_input_is_a_value_error_naming_the_problem(patterns, blocks, message):
    with pytest.raises(ValueError, match=message) as caught:
        bb.Puzzle(patterns, blocks)
    assert isinstance(caught.value, WordlabError)


def test_unknown_strategy_is_named():
    with pytest.raises(WordlabError, match="unknown strategy 'guess'"):
        bb.solve(bb.Puzzle("ab..", "cd"), "guess", TOY)


@pytest.mark.parametrize("options, message", [
    ({"length": 8}, "multiple of the block size"),
    ({"fixed_slot": 3}, "outside the 3 slots"),
    ({"count": 0}, "count must be at least 1"),
    ({"count": 50}, "can share a puzzle"),
    ({"decoys": 10_000}, "decoy blocks are available"),
])
def test_generator_rejects_impossible_requests(options, message):
    words = ["polemical", "imbroglio", "porcupine", "strongman", "vegetable"]
    with pytest.raises(WordlabError, match=message):
        bb.generate(words, **{"count": 3, **options})


# -- generated puzzles: every strategy agrees with brute force and every solution verifies ---------

word_lists = st.sets(st.text(alphabet="abc", min_size=6, max_size=6), min_size=8, max_size=40)


@settings(max_examples=40)
@given(words=word_lists, count=st.integers(1, 3), decoys=st.integers(0, 2), slot=st.integers(-3, 2),
       rivals=st.booleans(), seed=st.integers(0, 1000))
def test_generated_puzzles_solve_and_verify(words, count, decoys, slot, rivals, seed):
    try:
        puzzle, made = bb.generate(words, count=count, length=6, size=2, fixed_slot=slot, decoys=decoys,
                                   rivals=rivals, seed=seed)
    except WordlabError:
        return  # the random list could not support this request; the generator said so
    assert valid(puzzle.patterns, puzzle.blocks, made, words)
    expected = brute_force(puzzle.patterns, puzzle.blocks, words)
    assert made in expected
    lexicon = bb.Lexicon(words)
    for strategy in NAMES:
        found = solutions(puzzle, strategy, lexicon)
        assert found == expected, strategy
        assert all(valid(puzzle.patterns, puzzle.blocks, s, words) for s in found)


@settings(max_examples=25)
@given(words=word_lists, patterns=st.lists(st.sampled_from(["ab....", "..ca..", "....bb", "cc....", "......"]),
                                           min_size=1, max_size=3, unique=True),
       blocks=st.sets(st.sampled_from(["aa", "ab", "ac", "ba", "bb", "bc", "ca", "cb", "cc"]), min_size=1))
def test_arbitrary_puzzles_agree_with_brute_force_or_are_explained(words, patterns, blocks):
    puzzle = bb.Puzzle(patterns, sorted(blocks))
    expected = brute_force(puzzle.patterns, puzzle.blocks, words)
    for strategy in NAMES:
        answer = bb.solve(puzzle, strategy, words)
        assert set(answer.solutions) == expected, strategy
        assert bool(answer.why) == (not expected), strategy


def test_generation_is_seeded():
    words = load("wordfreq", length=9)
    first = bb.generate(words, seed=7)
    assert first == bb.generate(words, seed=7)
    assert first != bb.generate(words, seed=8)
    puzzle, made = first
    assert bb.solve(puzzle, "exact-cover", words).solutions.count(made) == 1


# -- command line ---------------------------------------------------------------------------------


def test_cli_solve_prints_the_answer_and_the_decoys(capsys):
    assert main(["solve", "building-blocks", "--published", "p1"]) == 0
    out = capsys.readouterr().out
    assert "polemical imbroglio porcupine strongman vegetable contagion appliance weeknight" in out
    assert "(unused: hig hti mes)" in out


def test_cli_solve_own_puzzle_as_json(capsys):
    assert main(["solve", "building-blocks", "--words", "wordfreq", "--patterns", "pol...... imb......",
                 "--blocks", "emi cal rog lio", "--strategy", "backtracking", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["puzzles"]["given"]["solutions"] == [{"words": ["polemical", "imbroglio"], "unused": []}]


@pytest.mark.parametrize("argv, message", [
    (["--published", "p9"], "unknown published puzzle 'p9'"),
    (["--patterns", "pol......"], "give both --patterns and --blocks"),
    (["--patterns", "pol...... x", "--blocks", "emi"], "different lengths"),
])
def test_cli_bad_input_exits_2_with_a_message(capsys, argv, message):
    assert main(["solve", "building-blocks", *argv]) == 2
    assert message in capsys.readouterr().err


def test_cli_bench_reports_ratios_index_cost_and_the_target(capsys):
    assert main(["bench", "building-blocks", "--published", "p1", "--repeats", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [row["strategy"] for row in data["rows"]] == NAMES
    assert [row["calls"] for row in data["rows"]] == [9, 9, 9]
    assert set(data["index_seconds"]) == {"9x3"}
    assert set(data["target_met"]) == {"p1/backtracking", "p1/exact-cover"}
