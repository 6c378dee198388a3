"""The gallery's hooks into sphinx-gallery: its pictures and its order.

**Pictures.**
:func:`gametree.draw` makes its figure with matplotlib's ``Figure`` and the Agg canvas,
never with pyplot (so drawing leaves a user's pyplot state alone), which is why
sphinx-gallery's matplotlib scraper, which asks pyplot for its figures, does not see
them. This scraper shows, after each code block of an example, the figure of every
:class:`gametree.Artists` the example holds in a variable and has not shown yet, saved
as the example's next image, as the example's reader would save it
(``artists.figure.savefig(...)``).

**Order.** The gallery opens on Figure 5.2 and goes on by size (:data:`ORDER`); a
script the list does not name comes last, by file name.
"""

from __future__ import annotations

import weakref
from typing import Any

_shown: weakref.WeakSet[Any] = weakref.WeakSet()

ORDER = (
    "plot_fig52.py",
    "plot_answer_key.py",
    "plot_collapsed.py",
    "plot_chance.py",
    "plot_tictactoe.py",
    "plot_connect4.py",
)
"""The gallery's scripts in the order they are shown."""


class GalleryOrder:
    """sphinx-gallery's sort key: the place of a script in :data:`ORDER`."""

    def __init__(self, src_dir: str) -> None:
        self.src_dir = src_dir

    def __call__(self, filename: str) -> tuple[int, str]:
        rank = ORDER.index(filename) if filename in ORDER else len(ORDER)
        return rank, filename

    def __repr__(self) -> str:
        return "GalleryOrder"


def gametree_scraper(block: Any, block_vars: dict[str, Any], gallery_conf: dict[str, Any]) -> str:
    """Save each new gametree figure of the example and return the reST showing them."""
    from sphinx_gallery.scrapers import figure_rst

    import gametree

    figures = []
    for value in block_vars["example_globals"].values():
        new = isinstance(value, gametree.Artists) and value.figure not in _shown
        if new and all(value.figure is not f for f in figures):
            figures.append(value.figure)
    paths = []
    for figure, path in zip(figures, block_vars["image_path_iterator"], strict=False):
        figure.savefig(path)
        _shown.add(figure)
        paths.append(path)
    return str(figure_rst(paths, gallery_conf["src_dir"]))


def _get_sg_image_scraper() -> Any:
    """Return the scraper: sphinx-gallery's hook for ``image_scrapers = ("gallery_scraper",)``."""
    return gametree_scraper
