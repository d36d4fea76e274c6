"""Shredded text's `is_move`: the puzzle's own rule for one step of a recorded tree, checked on steps that are
moves and on steps that are not."""

from wordlab.puzzles import shredded as sh
from wordlab.puzzles.shredded import Chains, Layer, Strips

GRID = sh.from_rows([["ab", "  ", "cd", "ef", "gh"], ["ij", "  ", "kl", "mn", "op"]])  # column 1 is blank


def moves(before, after) -> bool:
    wrap = Chains if any(isinstance(part, tuple) for part in (*before, *after)) else Strips
    return sh.is_move(GRID, wrap(tuple(before), GRID), wrap(tuple(after), GRID))


def test_building_an_order_places_one_new_column_at_the_right():
    assert moves((), (3,)) and moves((3,), (3, 0)) and moves((3, 0), (3, 0, 4))
    assert not moves((3,), (0, 3)) and not moves((3,), (3, 3)) and not moves((3,), (3, 0, 4)) and not moves((3,), (3, 9))


def test_a_complete_order_moves_one_run_or_exchanges_two_columns():
    order = (0, 1, 2, 3, 4)
    assert moves(order, (2, 3, 0, 1, 4))           # the run 2 3 moved to the front
    assert moves(order, (4, 1, 2, 3, 0))           # 0 and 4 exchanged
    assert moves(order, (2, 3, 4, 0, 1))           # a rotation is a run moved
    assert moves(order, (0, 2, 3, 4, 1))           # only the blank column moved
    assert moves(order, (2, 1, 0, 4, 3)) is False  # two exchanges: 0 with 2, 3 with 4
    assert moves(order, (3, 0, 4, 2, 1)) is False  # 0 2 3 4 → 3 0 4 2: more than one move, blank aside
    assert not moves(order, order)


def test_blank_columns_move_freely_beside_a_move():
    assert moves((1, 0, 2, 3, 4), (0, 2, 4, 3, 1))  # 3 and 4 exchanged, the blank moved to the end


def test_linking_puts_the_end_of_one_chain_beside_the_start_of_another():
    assert moves((), ((0, 2),)) and moves(((0, 2),), ((0, 2, 3),)) and moves(((0, 2),), ((3, 0, 2),))
    assert moves(((0, 2), (3, 4)), ((3, 4, 0, 2),))
    assert not moves(((0, 2),), ((2, 0),)) and not moves(((0, 2),), ((0, 3, 2),))
    assert not moves(((0, 2), (3, 4)), ((0, 2, 3),)) and not moves((), ((0, 2), (3, 4)))


def test_a_layer_of_dynamic_programming_holds_paths_of_one_column_more():
    assert sh.is_move(GRID, Layer(0, (), GRID), Layer(1, (3,), GRID))
    assert sh.is_move(GRID, Layer(2, (0, 2), GRID), Layer(3, (3, 4, 0), GRID))
    assert not sh.is_move(GRID, Layer(2, (0, 2), GRID), Layer(4, (3, 4, 0, 2), GRID))
    assert sh.is_move(GRID, Layer(5, (0, 1, 2, 3, 4), GRID), Strips((2, 3, 4, 0, 1), GRID))  # its best, rotated


def test_render_draws_every_state():
    assert sh.render(Strips((2, 0), GRID)).splitlines()[:2] == ["|cd|ab|", "|kl|ij|"]
    assert sh.render(Chains(((0, 2), (3, 4)), GRID)).splitlines()[0] == "|ab|cd|  |ef|gh|"
    assert "the best of 5 paths of 5 columns" in sh.render(Layer(5, (0, 1, 2, 3, 4), GRID))
