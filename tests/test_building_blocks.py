"""Building Blocks: published answers, every strategy against an independent brute force, repeated blocks
and patterns on puzzles cut from real word lists, the protocol's pieces, the generator and the CLI."""

from __future__ import annotations

import json
import random
from collections import Counter

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


def blanks(word: str, pattern: str, size: int) -> list[str] | None:
    """The chunks `word` puts into the blank slots of `pattern`, or None if a fixed letter differs."""
    if len(word) != len(pattern) or any(p != "." and p != w for p, w in zip(pattern, word)):
        return None
    return [word[i:i + size] for i in range(0, len(word), size) if pattern[i] == "."]


def valid(patterns, blocks, solution, words) -> bool:
    """One different listed word per pattern; all blank chunks together use each block at most as often
    as the puzzle lists it."""
    size = len(blocks[0])
    if len(solution) != len(patterns) or len(set(solution)) != len(solution):
        return False
    used = Counter()
    for word, pattern in zip(solution, patterns):
        chunks = blanks(word, pattern, size)
        if chunks is None or word not in words:
            return False
        used.update(chunks)
    have = Counter(blocks)
    return all(have[chunk] >= n for chunk, n in used.items())


def key(patterns, solution) -> frozenset:
    """A solution up to swaps of identical patterns: which words fill which patterns."""
    return frozenset(zip(patterns, solution))


def brute_force(patterns, blocks, words) -> set[frozenset]:
    """Every solution (as `key`), by filling the patterns left to right with every fitting word."""
    size = len(blocks[0])
    have = Counter(blocks)
    options = [[w for w in words if (c := blanks(w, p, size)) is not None and not Counter(c) - have]
               for p in patterns]
    found = set()

    def extend(prefix, used):
        if len(prefix) == len(patterns):
            found.add(key(patterns, prefix))
            return
        for word in options[len(prefix)]:
            more = used + Counter(blanks(word, patterns[len(prefix)], size))
            if word not in prefix and not more - have:
                extend(prefix + [word], more)

    extend([], Counter())
    return found


def listed(answer) -> set[frozenset]:
    """The answer's solutions as `key`s, each valid and none listed twice."""
    puzzle = answer.puzzle
    keys = [key(puzzle.patterns, s) for s in answer.values]
    assert len(set(keys)) == len(keys), "a solution was listed twice (perhaps with identical parts swapped)"
    for s in answer.values:
        assert valid(puzzle.patterns, puzzle.blocks, s, answer.given.lexicon.words), s
    return set(keys)


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
    answer = bb.solve(puzzle, strategy, words=default)
    assert answer.values == [published[name]["answer"]] and answer.exhausted
    assert answer.unused(answer.value) == published[name]["unused"]
    assert valid(puzzle.patterns, puzzle.blocks, answer.value, default.words)


@pytest.mark.parametrize("strategy", NAMES)
@pytest.mark.parametrize("name", ["p1", "p3"])
def test_p1_and_p3_solve_with_wordfreq_alone(wordfreq, published, strategy, name):
    answer = bb.solve(published[name]["puzzle"], strategy, words=wordfreq)
    assert answer.values == [published[name]["answer"]]


@pytest.mark.parametrize("strategy", NAMES)
def test_p2_is_explained_because_wordfreq_lacks_dumbfound(wordfreq, published, strategy):
    answer = bb.solve(published["p2"]["puzzle"], strategy, words=wordfreq)
    assert answer.values == [] and answer.exhausted
    assert answer.why == "no word in the list fits ...bfo... with the puzzle's blocks"


@pytest.mark.parametrize("strategy", NAMES)
def test_effort_on_p1_is_one_node_per_word_and_one_to_start(wordfreq, published, strategy):
    probe = Probe()
    answer = bb.solve(published["p1"]["puzzle"], strategy, words=wordfreq, probe=probe)
    assert probe.nodes == answer.nodes == 9


@pytest.mark.skipif(not available("enable1"), reason="ENABLE is not available offline (set WORDLAB_DATA)")
def test_a_union_of_sources_solves_all_three_with_more_candidates(published):
    union = bb.Lexicon(load("wordfreq+enable1"))
    for name, entry in published.items():
        answer = bb.solve(entry["puzzle"], "backtracking", words=union)
        assert answer.values == [entry["answer"]], name
    p3 = published["p3"]["puzzle"]
    small = bb.Lexicon(load("wordfreq"))
    counts = [sum(map(len, bb.solve(p3, "exact-cover", words=lex).candidates.values())) for lex in (small, union)]
    assert counts[0] <= counts[1]


def test_pip_only_union_solves_all_three_and_propagation_absorbs_the_extra_candidates(default, published):
    for name, entry in published.items():
        for strategy in NAMES:
            probe = Probe()
            answer = bb.solve(entry["puzzle"], strategy, words=default, probe=probe)
            assert answer.values == [entry["answer"]], (name, strategy)
            assert probe.nodes == 9, (name, strategy)
    candidates = bb.solve(published["p1"]["puzzle"], "backtracking", words=default).candidates
    rivals = [w for found in candidates.values() for w, _ in found if len(found) > 1]
    assert rivals == ["appliable", "appliance"]


def test_the_data_file_holds_three_puzzles_of_eight_words_and_nineteen_blocks(published):
    assert sorted(published) == ["p1", "p2", "p3"]
    for entry in published.values():
        puzzle = entry["puzzle"]
        assert (len(puzzle.patterns), len(puzzle.blocks), puzzle.length, puzzle.size) == (8, 19, 9, 3)
        assert valid(puzzle.patterns, puzzle.blocks, entry["answer"], set(entry["answer"]))


# -- small hand-checked puzzles -------------------------------------------------------------------


@pytest.mark.parametrize("strategy", NAMES)
def test_an_ambiguous_puzzle_returns_every_solution(strategy):
    answer = bb.solve(bb.Puzzle("ab.. ..gh", "cd ef"), strategy, words=TOY)
    assert set(answer.values) == {("abcd", "efgh"), ("abef", "cdgh")}
    assert listed(answer) == brute_force(["ab..", "..gh"], ["cd", "ef"], TOY)


@pytest.mark.parametrize("strategy", NAMES)
def test_a_block_clash_is_explained(strategy):
    answer = bb.solve(bb.Puzzle("ab.. ..gh", "cd"), strategy, words=TOY)
    assert answer.values == []
    assert "ab.., ..gh cannot all be filled" in answer.why and "clash on the blocks cd" in answer.why


@pytest.mark.parametrize("strategy", NAMES)
def test_a_block_listed_once_is_used_once_and_a_block_listed_twice_twice(strategy):
    words = ["xyabab", "xyabcd"]
    assert bb.solve(bb.Puzzle("xy....", "ab"), strategy, words=words).values == []
    assert bb.solve(bb.Puzzle("xy....", "ab ab"), strategy, words=words).values == [("xyabab",)]


@pytest.mark.parametrize("strategy", NAMES)
def test_identical_patterns_and_blocks_give_each_solution_once(strategy):
    words = ["abcd", "abef", "abgh", "xxcd", "yyef"]
    answer = bb.solve(bb.Puzzle("ab.. ab.. ab..", "cd ef gh gh"), strategy, words=words)
    assert answer.values == [("abcd", "abef", "abgh")]
    answer = bb.solve(bb.Puzzle("ab.. ab..", "cd ef gh ef"), strategy, words=words)
    assert sorted(answer.values) == [("abcd", "abef"), ("abcd", "abgh"), ("abef", "abgh")]
    assert listed(answer) == brute_force(["ab..", "ab.."], ["cd", "ef", "gh", "ef"], words)


@pytest.mark.parametrize("strategy", NAMES)
def test_one_word_cannot_fill_two_patterns(strategy):
    # abcd fits both patterns, and the blocks would allow it twice; a solution's words are all different
    answer = bb.solve(bb.Puzzle("ab.. ..cd", "ab cd"), strategy, words=["abcd"])
    assert answer.values == [] and answer.exhausted


@pytest.mark.parametrize("strategy", NAMES)
def test_a_budget_stops_the_search_and_says_so(strategy):
    answer = bb.solve(bb.Puzzle("ab.. ..gh", "cd ef"), strategy, words=TOY, budget=Budget(nodes=1))
    assert answer.stopped == "node budget of 1 reached" and not answer.exhausted
    assert len(answer.solutions) < 2 and answer.why == ""


@pytest.mark.parametrize("strategy", NAMES)
def test_a_recorded_run_draws_words_placed_and_blocks_left(strategy):
    probe = Probe(record=100)
    answer = bb.solve(bb.example(), strategy, probe=probe)
    boards = [e.state for e in probe.events if isinstance(e.state, bb.Board)]
    if strategy != "regex-scan":  # the scan's nodes are its commitments and combinations, not an empty start
        assert boards[0].words == (None, None, None)
        assert sorted(boards[0].left) == sorted(bb.example().puzzle.blocks)
    full = [b for b in boards if None not in b.words]
    assert {b.words for b in full} >= set(answer.values)
    drawing = answer.render(full[0])
    assert drawing.splitlines()[0].startswith("ab....  ab") and drawing.splitlines()[-1].startswith("blocks left: ")


def test_backtracking_draws_its_tree_with_a_node_per_word_tried():
    probe = Probe(tree_limit=50)
    bb.solve(bb.Puzzle("ab.. ..gh", "cd ef"), "backtracking", words=TOY, probe=probe)
    assert [label for _, _, _, label in probe.tree] == ["start", "abcd", "efgh", "abef", "cdgh"]
    assert probe.depth_profile() == [1, 2, 2]


def test_the_example_has_three_solutions_a_repeated_pattern_and_a_repeated_block():
    problem = bb.example()
    assert len(set(problem.puzzle.patterns)) < len(problem.puzzle.patterns)
    assert len(set(problem.puzzle.blocks)) < len(problem.puzzle.blocks)
    expected = brute_force(problem.puzzle.patterns, problem.puzzle.blocks, bb.EXAMPLE_WORDS)
    assert len(expected) == 3
    for strategy in NAMES:
        assert listed(bb.solve(problem, strategy)) == expected


def test_a_clash_of_more_patterns_than_explain_searches_is_still_explained():
    words = ["abcd", "efcd", "ghcd", "ijcd"]
    answer = bb.solve(bb.Puzzle("ab.. ef.. gh.. ij..", "cd cd cd"), words=words)
    assert answer.values == [] and answer.exhausted
    assert answer.why == "every 3 patterns can be filled together, but not all 4: the blocks run out"
    assert bb.EXPLAIN_UP_TO == 3


def test_check_reports_each_problem():
    puzzle = bb.Puzzle("ab.. ..gh", "cd ef")
    assert bb.check(puzzle, ("abcd", "efgh"), TOY) == []
    assert bb.check(puzzle, ("abcd", "cdgh"), TOY) == ["block(s) ['cd'] used more often than the puzzle gives them"]
    assert bb.check(puzzle, ("abcd", "efgh"), ["abcd"]) == ["'efgh' is not in the word list"]
    assert bb.check(puzzle, ("xyzw", "efgh")) == ["'xyzw' does not fit 'ab..' with the puzzle's blocks"]
    assert bb.check(bb.Puzzle("ab.. ab..", "cd cd"), ("abcd", "abcd")) == ["word(s) ['abcd'] used twice"]
    assert bb.verify(bb.Problem(puzzle, bb.Lexicon(TOY)), ("abcd", "efgh"))
    assert not bb.verify(bb.Problem(puzzle, bb.Lexicon(["abcd"])), ("abcd", "efgh"))


def test_words_are_given_once():
    with pytest.raises(WordlabError, match="already carries its word list"):
        bb.solve(bb.example(), words=TOY)


# -- puzzles cut from real word lists, as a new user would make them -------------------------------


def cut(words, count, length, size, slot, decoys, rng):
    """A puzzle from `count` random words: the chunk in `slot` shown, the other chunks as blocks
    (repeats kept), plus decoys from other words; and the words it was cut from."""
    pool = sorted({w for w in words if len(w) == length})
    chosen = rng.sample(pool, count)
    def pieces(word):
        return [word[i:i + size] for i in range(0, length, size)]
    patterns = ["." * size * slot + pieces(w)[slot] + "." * (length - size * (slot + 1)) for w in chosen]
    blocks = [c for w in chosen for j, c in enumerate(pieces(w)) if j != slot]
    spare = sorted({c for w in rng.sample(pool, 40) for c in pieces(w)} - set(blocks))
    return patterns, sorted(blocks + rng.sample(spare, decoys)), chosen


def check_cut_puzzles(words, count, length, size, runs, brute=True):
    """Cut `runs` puzzles (showing each slot in turn) and solve each with the two exact strategies: they
    agree, every solution verifies, the words they were cut from are among them, and (when `brute`) they
    are exactly the brute force's. Returns how many had a repeated block or pattern."""
    rng = random.Random(2018)
    lexicon = bb.Lexicon(words)
    repeated = 0
    for run in range(runs):
        patterns, blocks, chosen = cut(lexicon.words, count, length, size, run % (length // size), 3, rng)
        repeated += len(set(blocks)) < len(blocks) or len(set(patterns)) < len(patterns)
        found = {strategy: listed(bb.solve(bb.Puzzle(patterns, blocks), strategy, words=lexicon))
                 for strategy in ("backtracking", "exact-cover")}
        assert found["backtracking"] == found["exact-cover"], patterns
        assert key(patterns, chosen) in found["exact-cover"]
        if brute:
            assert found["exact-cover"] == brute_force(patterns, blocks, lexicon.words)
    return repeated


@pytest.mark.skipif(not available("enable1"), reason="ENABLE is not available offline (set WORDLAB_DATA)")
def test_twenty_puzzles_of_eight_nine_letter_enable_words_all_solve():
    repeated = check_cut_puzzles(load("enable1"), count=8, length=9, size=3, runs=20, brute=False)
    assert repeated >= 6  # real puzzles share blocks and patterns: the cut ones must exercise that


def test_puzzles_cut_from_a_pip_list_agree_with_brute_force():
    repeated = check_cut_puzzles(load("wordfreq:4"), count=4, length=6, size=2, runs=15)
    assert repeated >= 6


# -- bad puzzles ----------------------------------------------------------------------------------


@pytest.mark.parametrize("patterns, blocks, message", [
    ("pol...... imb.....", "ble cal", "different lengths"),
    ("pol...... imb......", "ble ca", "different sizes"),
    ("po....... imb......", "ble cal", "not on 3-letter block boundaries"),
    ("pol..3... imb......", "ble cal", "other than a–z and '.': '3'"),
    ("pol...... imb......", "bl- cal", "'bl-' has characters other than a–z"),
    ("", "ble cal", "the pattern list is empty"),
    ("pol......", [], "the block list is empty"),
    ("pol....... imb.......", "ble cal", "length 10 is not a multiple of the block size 3"),
    ("pol...... .........", "ble cal", "'.........' is all blanks"),
])
def test_bad_input_is_a_value_error_naming_the_problem(patterns, blocks, message):
    with pytest.raises(ValueError, match=message) as caught:
        bb.Puzzle(patterns, blocks)
    assert isinstance(caught.value, WordlabError)


def test_repeated_patterns_and_blocks_are_accepted():
    puzzle = bb.Puzzle("......ing ......ing", "sta rti ing ing ble")
    assert puzzle.patterns == ("......ing", "......ing") and puzzle.stock["ing"] == 2


def test_unknown_strategy_is_named():
    with pytest.raises(WordlabError, match="unknown strategy 'guess'"):
        bb.solve(bb.Puzzle("ab..", "cd"), "guess", words=TOY)


@pytest.mark.parametrize("options, message", [
    ({"length": 8}, "multiple of the block size"),
    ({"fixed_slot": 3}, "outside the 3 slots"),
    ({"count": 0}, "count must be a whole number of at least 1"),
    ({"count": 50}, "can share a puzzle"),
    ({"count": 6, "distinct": True}, "distinct shown chunks and blocks"),
    ({"decoys": 10_000}, "decoy blocks are available"),
])
def test_generator_rejects_impossible_requests(options, message):
    words = ["polemical", "imbroglio", "porcupine", "strongman", "vegetable", "polemists"]
    with pytest.raises(WordlabError, match=message):
        bb.generate(words, **{"count": 3, **options})


# -- generated puzzles: every strategy agrees with brute force and every solution verifies ---------

word_lists = st.sets(st.text(alphabet="abc", min_size=6, max_size=6), min_size=8, max_size=40)


@settings(max_examples=40)
@given(words=word_lists, count=st.integers(1, 3), decoys=st.integers(0, 2), slot=st.integers(-3, 2),
       rivals=st.booleans(), distinct=st.booleans(), seed=st.integers(0, 1000))
def test_generated_puzzles_solve_and_verify(words, count, decoys, slot, rivals, distinct, seed):
    try:
        puzzle, made = bb.generate(words, count=count, length=6, size=2, fixed_slot=slot, decoys=decoys,
                                   rivals=rivals, distinct=distinct, seed=seed)
    except WordlabError:
        return  # the random list could not support this request; the generator said so
    assert valid(puzzle.patterns, puzzle.blocks, made, words)
    expected = brute_force(puzzle.patterns, puzzle.blocks, sorted(words))
    assert key(puzzle.patterns, made) in expected
    lexicon = bb.Lexicon(words)
    for strategy in NAMES:
        assert listed(bb.solve(puzzle, strategy, words=lexicon)) == expected, strategy


@settings(max_examples=40)
@given(words=word_lists, patterns=st.lists(st.sampled_from(["ab....", "..ca..", "....bb", "cc....", "ab..ab"]),
                                           min_size=1, max_size=3),
       blocks=st.lists(st.sampled_from(["aa", "ab", "ac", "ba", "bb", "bc", "ca", "cb", "cc"]), min_size=1, max_size=6))
def test_arbitrary_puzzles_agree_with_brute_force_or_are_explained(words, patterns, blocks):
    puzzle = bb.Puzzle(patterns, blocks)
    expected = brute_force(puzzle.patterns, puzzle.blocks, sorted(words))
    for strategy in NAMES:
        answer = bb.solve(puzzle, strategy, words=sorted(words))
        assert listed(answer) == expected, strategy
        assert bool(answer.why) == (not expected), strategy


def test_generation_is_seeded_and_keeps_repeats_as_real_puzzles_have_them():
    words = load("wordfreq", length=9)
    first = bb.generate(words, seed=7)
    assert first == bb.generate(words, seed=7)
    assert first != bb.generate(words, seed=8)
    puzzle, made = first
    assert made in bb.solve(puzzle, "exact-cover", words=words).values
    repeats = 0
    for seed in range(30):
        puzzle, made = bb.generate(words, seed=seed)
        repeats += len(set(puzzle.blocks)) < len(puzzle.blocks) or len(set(puzzle.patterns)) < len(puzzle.patterns)
        distinct, _ = bb.generate(words, seed=seed, distinct=True)
        assert len(set(distinct.blocks)) == len(distinct.blocks)
    assert repeats >= 5


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


def test_cli_bench_reports_ratios_index_cost_and_whether_the_goal_is_met(capsys):
    assert main(["bench", "building-blocks", "--published", "p1", "--repeats", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [row["strategy"] for row in data["rows"]] == NAMES
    assert [row["calls"] for row in data["rows"]] == [9, 9, 9]
    assert set(data["index_seconds"]) == {"9x3"}
    assert set(data["goal_met"]) == {"p1/backtracking", "p1/exact-cover"}
