"""Shapes that are equal across the mirrors of a :class:`MirrorAxis`.

Two pages that are copies of each other under different axis values (the ``en``
and ``ja`` versions of one page) get the same path shape, and their stylesheets
the same href shape. Segments that are not axis values are left alone, so pages
that merely share a depth are not equated.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..clustering.mirror_axis import MirrorAxis, clean_segments

__all__ = ["AXIS_PLACEHOLDER", "normalize_href_by_mirror_axis", "normalize_path_by_mirror_axis"]

#: What an axis value becomes in a normalised path or href.
AXIS_PLACEHOLDER = "{axis}"


def normalize_path_by_mirror_axis(paths: Iterable[str], axis: MirrorAxis) -> str:
    """The page's path with its axis segment replaced by ``{axis}``.

    Empty segments are dropped first, as :func:`detect_mirror_axis` does, so
    positions agree.

    >>> axis = MirrorAxis(0, frozenset({"en", "ja"}))
    >>> normalize_path_by_mirror_axis(["ja", "faq", "index.html"], axis)
    '{axis}/faq/index.html'
    >>> normalize_path_by_mirror_axis(["about", "faq"], axis)
    'about/faq'
    """
    segs = clean_segments(paths)
    return "/".join(
        AXIS_PLACEHOLDER if i == axis.position and s in axis.values else s
        for i, s in enumerate(segs)
    )


def normalize_href_by_mirror_axis(href: str, axis: MirrorAxis) -> str:
    """The href with every ``/<value>/`` directory of the axis replaced by ``/{axis}/``.

    Not anchored on the axis position: a stylesheet's own path
    (``/assets/en/site.css``) need not line up with the page's path depth.

    >>> axis = MirrorAxis(0, frozenset({"en", "ja"}))
    >>> normalize_href_by_mirror_axis("https://example.test/ja/faq/page.css", axis)
    'https://example.test/{axis}/faq/page.css'
    >>> normalize_href_by_mirror_axis("/english/x.css", axis)
    '/english/x.css'
    """
    out = href
    for value in sorted(axis.values):
        out = out.replace(f"/{value}/", f"/{AXIS_PLACEHOLDER}/")
    return out
