"""Algorithm X (wordlab.structures.exact_cover) against a brute force over every subset of rows."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.errors import WordlabError
from wordlab.search import Budget, BudgetExhausted, Probe
from wordlab.structures.exact_cover import exact_cover


def brute_force(rows, primary, secondary):
    """Every subset of rows whose coverage counts equal the primary needs and stay within the secondary ones."""
    found = set()
    names = list(rows)
    for size in range(len(names) + 1):
        for subset in combinations(names, size):
            counts = Counter(item for row in subset for item in rows[row])
            if all(counts[i] == n for i, n in primary.items()) and all(counts[i] <= n for i, n in secondary.items()):
                found.add(frozenset(subset))
    return found


# The example of Knuth's "Dancing links" (2000): its one cover is rows B, D and F.
KNUTH = {"A": [1, 4, 7], "B": [1, 4], "C": [4, 5, 7], "D": [3, 5, 6], "E": [2, 3, 6, 7], "F": [2, 7]}


def test_knuths_example_has_its_one_cover():
    assert list(exact_cover(KNUTH, range(1, 8))) == [("B", "D", "F")]


def test_rows_are_tried_in_the_order_given_and_taken_rows_come_first():
    rows = {"ab": "ab", "a": "a", "b": "b"}
    assert list(exact_cover(rows, "ab")) == [("ab",), ("a", "b")]
    assert list(exact_cover(rows, "ab", taken=["b"])) == [("b", "a")]


def test_secondary_items_are_covered_at_most_once():
    rows = {"p1": ["p", "x"], "p2": ["p"], "q1": ["q", "x"], "q2": ["q"]}
    found = set(exact_cover(rows, ["p", "q"], ["x"]))
    assert found == {("p1", "q2"), ("p2", "q1"), ("p2", "q2")}


def test_a_need_of_two_finds_each_pair_once():
    rows = {r: ["slot"] for r in "abc"}
    assert list(exact_cover(rows, {"slot": 2})) == [("a", "b"), ("a", "c"), ("b", "c")]


def test_a_row_may_cover_an_item_twice():
    rows = {"twice": ["s", "s", "p"], "once": ["s", "q"]}
    assert set(exact_cover(rows, ["p", "q"], {"s": 2})) == set()
    assert set(exact_cover(rows, ["p", "q"], {"s": 3})) == {("twice", "once")}


@pytest.mark.parametrize("call, message", [
    (lambda: list(exact_cover({"r": ["z"]}, ["a"])), "neither primary nor secondary"),
    (lambda: list(exact_cover({"r": ["a"]}, ["a"], ["a"])), "both primary and secondary"),
    (lambda: list(exact_cover({"r": ["a"]}, {"a": 0})), "whole number of times"),
    (lambda: list(exact_cover({"r": ["a"], "s": ["a"]}, ["a"], taken=["r", "s"])), "cannot be taken"),
    (lambda: list(exact_cover({"r": ["a"]}, ["a"], taken=["nope"])), "cannot be taken"),
    (lambda: list(exact_cover({"r": ["a"], "s": ["b"]}, ["a"], ["b"])), "covers no primary item"),
])
def test_bad_input_is_named(call, message):
    with pytest.raises(WordlabError, match=message):
        call()


def test_the_budget_is_charged_one_tick_per_node():
    budget = Budget(nodes=3).start()
    search = exact_cover({r: ["slot"] for r in "abcd"}, {"slot": 2}, budget=budget)
    assert next(search) == ("a", "b")  # nodes: the root, after a, after a and b; the fourth exceeds 3
    with pytest.raises(BudgetExhausted):
        list(search)


def recorded(*args, **options) -> list[tuple]:
    """(kind, node, parent, depth, state, why) of each event a recording probe keeps of an exact cover."""
    probe = Probe(record=100)
    list(exact_cover(*args, probe=probe, **options))
    return [(e.kind, e.node, e.parent, e.depth, e.state, e.why) for e in probe.events]


def test_the_probe_sees_each_node_under_the_node_that_chose_its_last_row():
    assert recorded({"ab": "ab", "a": "a", "b": "b"}, "ab") == [
        ("expand", 0, None, 0, (), ""), ("expand", 1, 0, 1, ("ab",), ""),
        ("expand", 2, 0, 1, ("a",), ""), ("expand", 3, 2, 2, ("a", "b"), "")]


def test_a_dead_end_is_a_backtrack_saying_which_item_no_row_covers():
    # item a has one row, p; taking it hides q (they share b), and c is left with no row
    assert recorded({"p": "ab", "q": "bc"}, "abc") == [("expand", 0, None, 0, (), ""), ("expand", 1, 0, 1, ("p",), ""),
                                                       ("backtrack", 1, None, 1, None, "no row left to cover 'c'")]
    assert recorded({"p": "ab", "q": "bc"}, "abc", stuck=lambda item: f"{item} is stuck")[-1][-1] == "c is stuck"


def test_depth_counts_from_the_rows_taken_and_the_snapshot_shapes_the_state():
    assert recorded({"ab": "ab", "a": "a", "b": "b"}, "ab", taken=["a"], snapshot="+".join) == [
        ("expand", 0, None, 0, "a", ""), ("expand", 1, 0, 1, "a+b", "")]


def test_a_counting_probe_counts_what_a_recording_one_records():
    rows = {"p": "ab", "q": "bc", "r": "ac", "s": "b"}  # p leaves c no row; r then s cover all
    counting = Probe()
    list(exact_cover(rows, "abc", probe=counting))
    kinds = [event[0] for event in recorded(rows, "abc")]
    assert (counting.expansions, counting.backtracks) == (kinds.count("expand"), kinds.count("backtrack")) == (4, 1)


items = st.sampled_from("pqrsxyz")


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(st.lists(items, min_size=1, max_size=4), min_size=0, max_size=10),
       needs=st.dictionaries(items, st.integers(1, 3), min_size=1),
       secondary_names=st.sets(items))
def test_every_cover_is_found_once_as_brute_force_finds_them(rows, needs, secondary_names):
    named = {f"r{i}": row for i, row in enumerate(rows)}
    secondary = {i: n for i, n in needs.items() if i in secondary_names}
    primary = {i: n for i, n in needs.items() if i not in secondary_names}
    named = {r: row for r, row in named.items() if set(row) <= set(needs) and set(row) & set(primary)}
    found = list(exact_cover(named, primary, secondary))
    assert len(set(map(frozenset, found))) == len(found), "a cover was found twice"
    assert set(map(frozenset, found)) == brute_force(named, primary, secondary)
    assert found == list(exact_cover(named, primary, secondary)), "two runs differ"
