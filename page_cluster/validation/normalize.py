"""Shapes that are equal across the mirrors of a :class:`MirrorAxis`.

Two pages that are copies of each other under different axis values (the ``en``
and ``ja`` versions of one page) get the same path shape, and their stylesheets
the same href shape. Segments that are not axis values are left alone, so pages
that merely share a depth are not equated.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..clustering.mirror_axis import AT_ROOT, MirrorAxis

__all__ = ["AXIS_PLACEHOLDER", "normalize_href_by_mirror_axis", "normalize_path_by_mirror_axis"]

#: What an axis value becomes in a normalised path or href.
AXIS_PLACEHOLDER = "{axis}"


def normalize_path_by_mirror_axis(paths: Iterable[str], axis: MirrorAxis) -> str:
    """The page's path with its axis segment replaced by ``{axis}`` (put in
    for a root copy: see :meth:`MirrorAxis.aligned`).

    Empty segments are dropped first, as :func:`detect_mirror_axis` does, so
    positions agree.

    >>> axis = MirrorAxis(0, frozenset({"en", "ja"}))
    >>> normalize_path_by_mirror_axis(["ja", "faq", "index.html"], axis)
    '{axis}/faq/index.html'
    >>> normalize_path_by_mirror_axis(["about", "faq"], axis)
    'about/faq'
    >>> rooted = MirrorAxis(0, frozenset({"nl"}), at_root=True)
    >>> normalize_path_by_mirror_axis(["about", "faq"], rooted)
    '{axis}/about/faq'
    """
    segs = axis.aligned(paths)
    return "/".join(
        AXIS_PLACEHOLDER if i == axis.position and (s in axis.values or s == AT_ROOT) else s
        for i, s in enumerate(segs)
    )


def normalize_href_by_mirror_axis(href: str, axis: MirrorAxis) -> str:
    """The href with every ``/<value>/`` directory of the axis replaced by
    ``/{axis}/`` (taken out where the root holds a copy).

    Not anchored on the axis position: a stylesheet's own path
    (``/assets/en/site.css``) need not line up with the page's path depth.

    >>> axis = MirrorAxis(0, frozenset({"en", "ja"}))
    >>> normalize_href_by_mirror_axis("https://example.test/ja/faq/page.css", axis)
    'https://example.test/{axis}/faq/page.css'
    >>> normalize_href_by_mirror_axis("/english/x.css", axis)
    '/english/x.css'

    Where the site's root holds a copy too, its stylesheets have no value
    directory at all, so the values' directories are taken out instead:

    >>> rooted = MirrorAxis(0, frozenset({"nl"}), at_root=True)
    >>> normalize_href_by_mirror_axis("/nl/assets/site.css", rooted)
    '/assets/site.css'
    """
    out = href
    mark = "/" if axis.at_root else f"/{AXIS_PLACEHOLDER}/"
    for value in sorted(axis.values):
        out = out.replace(f"/{value}/", mark)
    return out
