"""Model answers to the exercises (`wordlab.exercises()`), one module per puzzle; not shown in the notebooks.

`SOLUTIONS` maps each exercise id to its model answer; the tests check every one with its own exercise.
"""

from wordlab.solutions import palindrome, shredded, tuesday
from wordlab.solutions.building_blocks import backtracking_in_order, forward_checking as blocks_forward_checking
from wordlab.solutions.spelling_bee import subset_sum, tighter_bound
from wordlab.solutions.sudoku import fewest_options, forward_checking as sudoku_forward_checking
from wordlab.solutions.word_ladder import breadth_first_graph, iterative_deepening
from wordlab.solutions.word_squares import backtracking, most_constrained

SOLUTIONS = {
    "ladder-bfs-graph": breadth_first_graph,
    "ladder-iddfs": iterative_deepening,
    "sudoku-forward-checking": sudoku_forward_checking,
    "sudoku-fewest-options": fewest_options,
    "bee-subset-sum": subset_sum,
    "bee-tighter-bound": tighter_bound,
    "squares-backtracking": backtracking,
    "squares-most-constrained": most_constrained,
    "blocks-backtracking": backtracking_in_order,
    "blocks-forward-checking": blocks_forward_checking,
    "shredded-strongest-links": shredded.strongest_links,
    "shredded-beam": shredded.beam,
    "palindrome-deepening": palindrome.deepening,
    "palindrome-beam": palindrome.beam,
    "tuesday-every-family": tuesday.every_family,
    "tuesday-no-rejection": tuesday.no_rejection,
}
