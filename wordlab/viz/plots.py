"""Pictures of searches: growth per depth, frontier over time, small trees, comparisons, anytime curves.

Every function reads `Probe`s (or results carrying one) or a `wordlab.bench` DataFrame, draws on the given
Axes (or a new one) and returns the Axes, so notebooks can compose them and tests can check what was drawn.
Shared conventions: one unit per axis label, legends beside the data (never on it), `puzzle=` names the
puzzle in the title, integer ticks on count axes, and a log scale where the values span two decades or more.
"""

from __future__ import annotations

from typing import Mapping

from wordlab.errors import WordlabError
from wordlab.search.probe import Probe

SPREAD_FOR_LOG = 100  # values spanning this factor or more get a log axis


def _axes(ax=None, figsize=(7, 4)):
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=figsize, layout="constrained")[1]


def _title(base: str, puzzle: str, title: str | None) -> str:
    if title is not None:
        return title
    return f"{puzzle}: {base[0].lower()}{base[1:]}" if puzzle else base


def _integer_ticks(axis) -> None:
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def _count_axis(ax, which: str, values, log: bool | str = "auto") -> bool:
    """Make `which` ("x" or "y") a count axis: log when asked (or, for "auto", when the values spread
    over two decades or more), else integer ticks. Returns whether it went log."""
    if log == "auto":
        log = _spread(values)
    if log:
        (ax.set_xscale if which == "x" else ax.set_yscale)("log")
    else:
        _integer_ticks(ax.xaxis if which == "x" else ax.yaxis)
    return bool(log)


def _spread(values) -> bool:
    """Do the positive values span two decades or more?"""
    positive = [v for v in values if v and v > 0]
    return bool(positive) and max(positive) >= SPREAD_FOR_LOG * min(positive)


def _distinct(number: int, points: int) -> dict:
    """Line style for the `number`th line: its own marker and dash pattern, so lines that coincide stay visible."""
    markers, dashes = "os^Dv", ["-", "--", ":", "-."]
    style = {"linestyle": dashes[number % len(dashes)]}
    if points < 60:
        style.update(marker=markers[number % len(markers)], markersize=7 - number % 3 * 2, markerfacecolor="none")
    return style


def _legend(ax, title: str | None = None) -> None:
    """A legend to the right of the axes, outside the data; the figure's layout makes room for it."""
    if not ax.get_legend_handles_labels()[0]:
        return
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0, fontsize="small", frameon=False,
              title=title, title_fontsize="small")
    figure = ax.get_figure()
    if figure is not None and figure.get_layout_engine() is None:
        figure.set_layout_engine("constrained")


def _probes(runs) -> Mapping[str, Probe]:
    """name → probe, from one probe, one result, or a mapping of either."""
    runs = {"search": runs} if not isinstance(runs, Mapping) else runs
    probes = {name: run if isinstance(run, Probe) else getattr(run, "probe", None) for name, run in runs.items()}
    missing = [name for name, probe in probes.items() if probe is None]
    if missing:
        raise WordlabError(f"no probe for {', '.join(missing)}: give the search probe=Probe() to plot what it did")
    return probes


def plot_depth_profile(probes, ax=None, log: bool | str = True, title: str | None = None,
                       ylabel: str = "nodes at depth", puzzle: str = ""):
    """Nodes per depth, one line per probe (log scale by default: trees grow geometrically)."""
    ax = _axes(ax)
    values = []
    for name, probe in _probes(probes).items():
        profile = probe.depth_profile()
        values += profile
        ax.plot(range(len(profile)), profile, marker="o", label=f"{name} ({sum(profile):,} in all)")
    _count_axis(ax, "y", values, log)
    _integer_ticks(ax.xaxis)
    ax.set(title=_title("Search-tree growth", puzzle, title), xlabel="depth", ylabel=ylabel)
    _legend(ax)
    return ax


def plot_frontier(probes, ax=None, title: str | None = None, puzzle: str = "", log: bool | str = "auto"):
    """Size of the open list against nodes expanded, from each probe's timeline (take samples often
    enough for short runs: `Probe(timeline_every=1)`). A probe with no samples is named in the legend."""
    ax = _axes(ax)
    runs = _probes(probes)
    samples = [v for probe in runs.values() for _, *values in probe.timeline for v in values]
    logged = log is True or (log == "auto" and _spread(samples))
    for number, (name, probe) in enumerate(runs.items()):
        points = [(x, y) for _, x, y in probe.timeline if not logged or (x > 0 and y > 0)]
        if points:
            xs, ys = zip(*points)
            ax.plot(xs, ys, label=name, **_distinct(number, len(xs)))
        else:
            ax.plot([], [], label=f"{name}: no samples in {probe.nodes:,} nodes")
    for which in "xy":
        _count_axis(ax, which, [], logged)
    ax.set(title=_title("Frontier size over time", puzzle, title), xlabel="nodes expanded",
           ylabel="frontier (open nodes)")
    _legend(ax)
    return ax


def _anytime_points(probe: Probe, x: str, maximise: bool) -> list[tuple[float, float]]:
    """(x, best cost so far) at each improvement."""
    sign = -1 if maximise else 1
    points, best = [], float("inf") * sign
    for found in probe.solutions:
        if found.cost is not None and sign * found.cost < sign * best:
            best = found.cost
            points.append((getattr(found, x), best))
    return points


def plot_anytime(probes, ax=None, x: str = "seconds", maximise: bool = False, title: str | None = None,
                 ylabel: str = "best cost", puzzle: str = ""):
    """The anytime curve: best solution cost against time (`x="seconds"`) or nodes (`x="nodes"`);
    with `maximise=True` the cost is a score and higher is better. With `x="nodes"` each curve runs on
    to the last node the search expanded; a run with no costed solution is named in the legend."""
    if x not in ("seconds", "nodes"):
        raise WordlabError(f"x must be 'seconds' or 'nodes', not {x!r}")
    ax = _axes(ax)
    xs_all, ys_all = [], []
    for name, probe in _probes(probes).items():
        points = _anytime_points(probe, x, maximise)
        if not points:
            ax.plot([], [], label=f"{name}: no solution with a cost")
            continue
        improvements = len(points)
        if x == "nodes" and probe.nodes > points[-1][0]:
            points.append((probe.nodes, points[-1][1]))  # the curve runs on to the end of the search
        xs, ys = zip(*points)
        ax.step(xs, ys, where="post", marker="o", markevery=slice(0, improvements), label=name)
        xs_all += xs
        ys_all += ys
    if x == "nodes":
        _count_axis(ax, "x", xs_all)
    if ys_all and all(float(y).is_integer() for y in ys_all):
        _integer_ticks(ax.yaxis)
    ax.set(title=_title("Best cost found so far", puzzle, title),
           xlabel="time (s)" if x == "seconds" else "nodes expanded", ylabel=ylabel)
    _legend(ax)
    return ax


UNITS = {"seconds": "time (s)", "mean_seconds": "mean time (s)", "cpu_seconds": "CPU time (s)",
         "peak_kib": "peak memory (KiB)", "calls": "search effort (nodes)", "nodes": "nodes", "expansions": "nodes expanded"}


def plot_comparison(frame, value: str = "seconds", ax=None, log: bool | str = True, title: str | None = None,
                    puzzle: str = ""):
    """Grouped bars of `value` per input and strategy from a `wordlab.bench.run` DataFrame."""
    if value not in frame:
        raise WordlabError(f"the table has no column {value!r}; it has {list(frame.columns)}")
    ax = _axes(ax, figsize=(8, 4))
    table = frame.pivot_table(index="input", columns="strategy", values=value, sort=False)
    table.plot.bar(ax=ax, rot=0, legend=False)
    logged = _count_axis(ax, "y", table.to_numpy().ravel().tolist(), log)
    label = UNITS.get(value, value)
    ax.set(title=_title("Strategies compared", puzzle, title), xlabel="",
           ylabel=f"{label}, log scale" if logged else label)
    _legend(ax, title="strategy")
    return ax


def tree_layout(tree: list[tuple[int, int | None, int, str]]) -> dict[int, tuple[float, int]]:
    """(x, depth) for each recorded node: leaves spread left to right, parents over their children."""
    children: dict[int | None, list[int]] = {}
    for node_id, parent, _, _ in tree:
        children.setdefault(parent, []).append(node_id)
    positions: dict[int, tuple[float, int]] = {}
    depth_of = {node_id: depth for node_id, _, depth, _ in tree}
    next_x = 0

    def place(node_id: int) -> float:
        nonlocal next_x
        kids = children.get(node_id, [])
        if kids:
            xs = [place(kid) for kid in kids]
            x = (xs[0] + xs[-1]) / 2
        else:
            x, next_x = next_x, next_x + 1
        positions[node_id] = (x, depth_of[node_id])
        return x

    for root in children.get(None, []):
        place(root)
    return positions


def draw_tree(probe: Probe, ax=None, labels: bool = True, title: str | None = None, puzzle: str = ""):
    """Draw the bounded tree a probe recorded (create it with `Probe(tree_limit=N)`)."""
    if not probe.tree:
        raise WordlabError("the probe recorded no tree: create it with Probe(tree_limit=...) before searching")
    positions = tree_layout(probe.tree)
    ax = _axes(ax, figsize=(max(6, len(positions) * 0.25), 4))
    for node_id, parent, _, _ in probe.tree:
        if parent is not None and parent in positions:
            (x0, y0), (x1, y1) = positions[parent], positions[node_id]
            ax.plot([x0, x1], [y0, y1], color="0.6", linewidth=0.8, zorder=1)
    xs, ys = zip(*positions.values())
    ax.scatter(xs, ys, s=25, zorder=2)
    if labels and len(positions) <= 80:
        for node_id, _, _, label in probe.tree:
            x, y = positions[node_id]
            ax.annotate(label, (x, y), textcoords="offset points", xytext=(0, 5), ha="center", fontsize=7)
    ax.invert_yaxis()
    _integer_ticks(ax.yaxis)
    base = f"Search tree, first {len(positions)} nodes recorded"
    ax.set(title=_title(base, puzzle, title), ylabel="depth", xticks=[])
    return ax
