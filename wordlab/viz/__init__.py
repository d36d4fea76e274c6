"""Pictures of searches, and a player to step through them.

- `plot_depth_profile`, `plot_frontier`, `plot_anytime`, `plot_comparison`, `draw_tree`: matplotlib
  plots of what probes counted or `wordlab.bench` measured (`wordlab.viz.plots`).
- `step(result)`: step through a run recorded with `Probe(record=N)`, or `step(a, b)` two runs side by
  side; `filmstrip(result)` is its static picture (`wordlab.viz.player`, `wordlab.viz.filmstrip`).
- `watch("sudoku", "sequential", "greedy")`: solve a puzzle's example with each strategy, recording, and
  step through the runs side by side, in one line.
- `explore("sudoku")`: a form: an instance typed or taken from the example, a generator or the published
  ones, one or two strategies, a budget; "run" shows the player (`wordlab.viz.explore`).

In a notebook, importing this module has every figure shown carry a description, which a page made from
the notebook gives its image as alternative text (`wordlab.viz.described`).
"""

from wordlab.viz import described
from wordlab.viz.explore import explore
from wordlab.viz.player import Player, step, watch
from wordlab.viz.player import steps_filmstrip as filmstrip
from wordlab.viz.plots import (
    draw_tree,
    plot_anytime,
    plot_comparison,
    plot_depth_profile,
    plot_frontier,
    tree_layout,
)
from wordlab.viz.recording import recording_of


__all__ = ["Player", "draw_tree", "explore", "filmstrip", "plot_anytime", "plot_comparison", "plot_depth_profile",
           "plot_frontier", "recording_of", "step", "tree_layout", "watch"]

described.install()
