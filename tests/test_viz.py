"""The plots draw what the probes recorded, with one unit per label, legends beside the data,
the puzzle in the title and integer ticks on counts."""

import matplotlib.pyplot as plt
import pandas as pd
import pytest

from wordlab import viz
from wordlab.errors import WordlabError
from wordlab.search import Probe, search
from tests.test_search import Tiles


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def legend_outside(ax) -> bool:
    """Is the legend drawn entirely outside the axes' data area?"""
    ax.figure.canvas.draw()
    legend = ax.get_legend().get_window_extent()
    return not legend.overlaps(ax.get_window_extent())


def test_depth_profile_plots_one_point_per_depth_and_names_the_puzzle():
    probe = Probe()
    search(Tiles(), "depth-first", probe=probe)
    ax = viz.plot_depth_profile({"dfs": probe}, puzzle="Tiles")
    (line,) = ax.get_lines()
    assert list(line.get_ydata()) == [1, 2, 4, 8, 16]
    assert ax.get_title() == "Tiles: search-tree growth"
    assert legend_outside(ax)


def test_tree_drawing_places_every_recorded_node():
    probe = Probe(tree_limit=15)
    search(Tiles(), "depth-first", probe=probe)
    positions = viz.tree_layout(probe.tree)
    assert len(positions) == 15
    for node, parent, depth, _ in probe.tree:
        assert positions[node][1] == depth
    viz.draw_tree(probe)
    with pytest.raises(WordlabError, match="tree_limit"):
        viz.draw_tree(Probe())


def test_anytime_curve_steps_down_and_runs_on_to_the_last_node():
    probe = Probe()
    search(Tiles(), "beam-stack", width=1, probe=probe)
    ax = viz.plot_anytime({"beam-stack": probe}, x="nodes")
    xs, ys = ax.get_lines()[0].get_data()
    assert list(ys) == sorted(ys, reverse=True) and ys[-1] == 6
    assert xs[-1] == probe.nodes
    assert ax.get_xlabel() == "nodes expanded"
    with pytest.raises(WordlabError):
        viz.plot_anytime(probe, x="hours")


def test_anytime_curve_for_scores_steps_up_and_names_runs_without_costs():
    probe = Probe()
    for score in (3, 2, 5, 4, 9):
        probe.solution("honeycomb", score)
    ax = viz.plot_anytime({"scores": probe, "silent": Probe()}, maximise=True, x="nodes")
    assert list(ax.get_lines()[0].get_ydata()) == [3, 5, 9]
    assert "silent: no solution with a cost" in [t.get_text() for t in ax.get_legend().get_texts()]


def test_comparison_labels_say_the_unit_once():
    frame = pd.DataFrame({"input": ["a", "a"], "strategy": ["x", "y"], "seconds": [1.0, 0.001], "calls": [10, 9]})
    ax = viz.plot_comparison(frame, "calls", log="auto")
    assert len(ax.patches) == 2
    assert ax.get_ylabel() == "search effort (nodes)" and ax.get_yscale() == "linear"
    assert all(float(tick).is_integer() for tick in ax.get_yticks())
    assert legend_outside(ax)
    ax = viz.plot_comparison(frame, "seconds")
    assert ax.get_ylabel() == "time (s), log scale" and ax.get_yscale() == "log"
    with pytest.raises(WordlabError, match="no column"):
        viz.plot_comparison(frame, "joules")


def test_frontier_plot_draws_every_probe_asked_for():
    probes = {}
    for strategy in ("breadth-first", "astar", "greedy"):
        probes[strategy] = Probe(timeline_every=1)
        search(Tiles(), strategy, probe=probes[strategy])
    ax = viz.plot_frontier(probes)
    assert [len(line.get_xdata()) > 0 for line in ax.get_lines()] == [True, True, True]
    ax = viz.plot_frontier({"sparse": Probe(timeline_every=1000)})
    assert ax.get_legend().get_texts()[0].get_text() == "sparse: no samples in 0 nodes"


def test_plots_take_results_and_refuse_ones_without_a_probe():
    probed = search(Tiles(), "depth-first", probe=Probe())
    assert len(viz.plot_depth_profile({"dfs": probed}).get_lines()) == 1
    with pytest.raises(WordlabError, match="no probe for bare"):
        viz.plot_depth_profile({"bare": search(Tiles(), "depth-first")})


def test_a_figure_is_described_by_its_titles_and_axes_or_by_its_own_words():
    from matplotlib.figure import Figure

    from wordlab.viz.described import alt_metadata, figure_text

    figure = Figure()
    left, right = figure.subplots(1, 2)
    figure.suptitle("Search effort")
    left.set(title="nodes", xlabel="depth", ylabel="nodes expanded")
    right.set(ylabel="seconds")
    assert figure_text(figure) == "Search effort. 2 plots: nodes (nodes expanded against depth); seconds"
    assert alt_metadata(figure) == ({}, {"image/png": {"alt": figure_text(figure)}})
    assert alt_metadata(Figure()) == ({}, {})  # no words to describe it with: the page says where it sits
    figure.wordlab_description = "frames of a run"
    assert figure_text(figure) == "frames of a run"


def filmstrips_of_the_book():
    """Filmstrips like the book's: a word ladder's two searches (00), Building Blocks' two (01), a sampler's
    crowded tree (07) and palindrome halves with long frontier rows (06)."""
    from wordlab.puzzles import building_blocks as bb, palindrome as P, tuesday as t, word_ladder as w

    yield viz.filmstrip(*(w.solve(w.example(), name, probe=Probe(record=5000)) for name in ("breadth-first-graph",
                                                                                            "astar")))
    yield viz.filmstrip(*(bb.solve(bb.example(), name, probe=Probe(record=2000)) for name in ("backtracking",
                                                                                              "exact-cover")))
    yield viz.filmstrip(t.solve(t.example(), "pure-python", probe=Probe(record=3000)))
    yield viz.filmstrip(*(P.solve(P.example(), name, probe=Probe(record=400)) for name in ("beam-stack", "astar")))


@pytest.mark.parametrize("figure", filmstrips_of_the_book())
def test_filmstrip_text_is_page_sized_and_stays_inside_its_frame(figure):
    """Shown at 100 % on a page 960 pixels wide, a frame's text is 14 pixels high or more and the tree's depths,
    notes, the captions and the legend 12 or more (the nodes' labels are the player's size); no text reaches
    past its frame's sides or below its own part of the frame, nor past the figure's edges."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from wordlab.viz.filmstrip import DPI, LABEL_POINTS

    renderer = FigureCanvasAgg(figure).get_renderer()
    figure.draw(renderer)
    width, height = figure.get_size_inches() * DPI
    assert width <= 960
    frames = 0
    for ax in figure.axes:
        box = ax.get_window_extent(renderer)
        for text in ax.texts:
            if not text.get_text().strip():
                continue
            pixels = text.get_fontsize() * DPI / 72
            extent = text.get_window_extent(renderer)
            label = text.get_fontsize() == LABEL_POINTS and text.get_fontfamily() == ["monospace"]
            frame_text = text.get_fontfamily() == ["monospace"] and not label
            assert pixels >= (14 if frame_text else 10 if label else 12), (text.get_text()[:40], pixels)
            assert box.x0 - 1 <= extent.x0 and extent.x1 <= box.x1 + 1, text.get_text()[:60]
            assert 0 <= extent.x0 and extent.x1 <= width
            if frame_text:
                assert extent.y0 >= box.y0 - 1, text.get_text()[-60:]  # above the tree drawn under it
                frames += 1
    legend = figure.legends[0].get_window_extent(renderer)
    assert 0 <= legend.x0 and legend.x1 <= width and legend.y0 >= 0
    assert all(text.get_fontsize() * DPI / 72 >= 12 for text in figure.legends[0].get_texts())
    assert frames >= 6


def test_a_filmstrips_legend_of_every_mark_fits_across_the_figure():
    """Every mark a frame can show, and the start point joining several roots: the legend takes two rows rather
    than run past the figure's sides."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from wordlab.viz.filmstrip import DPI, FRAME_WIDTH, COLUMNS, START, _legend
    from wordlab.viz.recording import MARKS

    figure = Figure(figsize=(FRAME_WIDTH * COLUMNS, 1), dpi=DPI)
    _legend(figure, set(MARKS) | {START})
    renderer = FigureCanvasAgg(figure).get_renderer()
    figure.draw(renderer)
    box = figure.legends[0].get_window_extent(renderer)
    assert 0 <= box.x0 and box.x1 <= FRAME_WIDTH * COLUMNS * DPI
    assert len({round(text.get_window_extent(renderer).y0) for text in figure.legends[0].get_texts()}) == 2
