"""The plots draw what the probes recorded."""

import matplotlib.pyplot as plt
import pandas as pd
import pytest

from wordlab import viz
from wordlab.errors import WordlabError
from wordlab.search import Probe, beam_stack, depth_first
from tests.test_search import Tiles


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_depth_profile_plots_one_point_per_depth():
    probe = Probe()
    depth_first(Tiles(), probe=probe)
    ax = viz.plot_depth_profile({"dfs": probe})
    (line,) = ax.get_lines()
    assert list(line.get_ydata()) == [1, 2, 4, 8, 16]


def test_tree_drawing_places_every_recorded_node():
    probe = Probe(tree_limit=15)
    depth_first(Tiles(), probe=probe)
    positions = viz.tree_layout(probe.tree)
    assert len(positions) == 15
    for node, parent, depth, _ in probe.tree:
        assert positions[node][1] == depth
    viz.draw_tree(probe)
    with pytest.raises(WordlabError, match="tree_limit"):
        viz.draw_tree(Probe())


def test_anytime_curve_steps_down():
    probe = Probe()
    beam_stack(Tiles(), width=1, probe=probe)
    ax = viz.plot_anytime({"beam-stack": probe}, x="nodes")
    ys = list(ax.get_lines()[0].get_ydata())
    assert ys == sorted(ys, reverse=True) and ys[-1] == 6
    with pytest.raises(WordlabError):
        viz.plot_anytime(probe, x="hours")


def test_anytime_curve_for_scores_steps_up():
    probe = Probe()
    for score in (3, 2, 5, 4, 9):
        probe.solution("honeycomb", score)
    ax = viz.plot_anytime(probe, maximise=True, x="nodes")
    assert list(ax.get_lines()[0].get_ydata()) == [3, 5, 9]


def test_comparison_and_frontier_plots():
    frame = pd.DataFrame({"input": ["a", "a"], "strategy": ["x", "y"], "seconds": [1.0, 0.1], "calls": [10, 1]})
    ax = viz.plot_comparison(frame, "calls")
    assert len(ax.patches) == 2
    with pytest.raises(WordlabError, match="no column"):
        viz.plot_comparison(frame, "joules")
    probe = Probe(timeline_every=1)
    depth_first(Tiles(), probe=probe)
    assert len(viz.plot_frontier(probe).get_lines()) == 1
