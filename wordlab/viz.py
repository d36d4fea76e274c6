"""Pictures of searches: growth per depth, frontier over time, small trees, comparisons, anytime curves.

Every function reads `Probe`s or a `wordlab.bench` DataFrame, draws on the given Axes (or a new
one) and returns the Axes, so notebooks can compose them and tests can check what was drawn.
"""

from __future__ import annotations

from typing import Mapping

from wordlab.errors import WordlabError
from wordlab.search.probe import Probe


def _axes(ax=None, figsize=(7, 4)):
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=figsize)[1]


def _integer_ticks(axis) -> None:
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def _as_mapping(probes: Probe | Mapping[str, Probe]) -> Mapping[str, Probe]:
    return {"search": probes} if isinstance(probes, Probe) else probes


def plot_depth_profile(probes: Probe | Mapping[str, Probe], ax=None, log: bool = True,
                       title: str = "Search-tree growth", ylabel: str = "nodes at depth"):
    """Nodes per depth, one line per probe (log scale by default: trees grow geometrically)."""
    ax = _axes(ax)
    for name, probe in _as_mapping(probes).items():
        profile = probe.depth_profile()
        ax.plot(range(len(profile)), profile, marker="o", label=f"{name} ({sum(profile):,} in all)")
    if log:
        ax.set_yscale("log")
    ax.set(title=title, xlabel="depth", ylabel=ylabel)
    _integer_ticks(ax.xaxis)
    ax.legend()
    return ax


def plot_frontier(probes: Probe | Mapping[str, Probe], ax=None, title: str = "Frontier size over time"):
    """Size of the open list against nodes expanded, from each probe's timeline."""
    ax = _axes(ax)
    for name, probe in _as_mapping(probes).items():
        if probe.timeline:
            _, expansions, frontier = zip(*probe.timeline)
            ax.plot(expansions, frontier, label=name)
    ax.set(title=title, xlabel="nodes expanded", ylabel="frontier size (nodes)")
    ax.legend()
    return ax


def plot_anytime(probes: Probe | Mapping[str, Probe], ax=None, x: str = "seconds", maximise: bool = False,
                 title: str = "Best cost found so far", ylabel: str = "best cost"):
    """The anytime curve: best solution cost against time (`x="seconds"`) or nodes (`x="nodes"`);
    with `maximise=True` the cost is a score and higher is better."""
    if x not in ("seconds", "nodes"):
        raise WordlabError(f"x must be 'seconds' or 'nodes', not {x!r}")
    ax = _axes(ax)
    sign = -1 if maximise else 1
    for name, probe in _as_mapping(probes).items():
        points, best = [], float("inf") * sign
        for found in probe.solutions:
            if found.cost is not None and sign * found.cost < sign * best:
                best = found.cost
                points.append((getattr(found, x), best))
        if points:
            xs, ys = zip(*points)
            ax.step(xs, ys, where="post", marker="o", label=name)
    ax.set(title=title, xlabel="seconds" if x == "seconds" else "nodes expanded", ylabel=ylabel)
    ax.legend()
    return ax


def plot_comparison(frame, value: str = "seconds", ax=None, log: bool = True, title: str = "Strategies compared"):
    """Grouped bars of `value` per input and strategy from a `wordlab.bench.run` DataFrame."""
    if value not in frame:
        raise WordlabError(f"the table has no column {value!r}; it has {list(frame.columns)}")
    ax = _axes(ax, figsize=(8, 4))
    table = frame.pivot_table(index="input", columns="strategy", values=value, sort=False)
    table.plot.bar(ax=ax, rot=0, logy=log)
    units = {"seconds": "seconds", "mean_seconds": "seconds", "peak_kib": "KiB", "calls": "calls"}
    ax.set(title=title, xlabel="", ylabel=f"{value} ({units.get(value, '')}, log scale)" if log else value)
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


def draw_tree(probe: Probe, ax=None, labels: bool = True, title: str = "Search tree (first nodes recorded)"):
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
    ax.set(title=f"{title}: {len(positions)} nodes", ylabel="depth", xticks=[])
    return ax
