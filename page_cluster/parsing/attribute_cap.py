"""Drop the attributes of an element beyond a bound, before the page is parsed.

lxml (libxml2) checks every attribute of an element against the ones before it,
so one element with 300,000 attributes takes minutes to parse. The bound is
applied to the bytes, before parsing: each start tag's attributes are counted
as an HTML tokenizer reads them (quoted values may hold ``>``), and everything
after the ``max_attributes``-th attribute up to the tag's ``>`` is removed. No
template has an element with hundreds of attributes, so valid pages pass
through unchanged (the same bytes object).

The scan runs on every page, so it is cheap: a compiled scanner
(``_attrscan``, built at install like the structural walker) reads the bytes
once; without it, a regular expression first looks for a start tag long enough
to hold that many attributes, and only a page that has one is scanned in
Python (both give the same result; ``PAGE_CLUSTER_PURE_SCAN=1`` forces the
pure-Python scan).

What a script, a style sheet, a title or a text area holds is text to both
parsers, whatever it looks like, so the scan skips it to the element's end
tag, as the parsers do. Read as markup, a minified script's ``r<o.length``
starts a "tag" whose quotes never pair up, which swallowed the rest of a
WordPress page (its emoji loader sits in every page's head) and cut the
page's whole main area as that tag's thousandth attribute and beyond.
"""

from __future__ import annotations

import os
import re
from functools import cache

__all__ = ["cap_attributes", "overfull_tags"]

_SPACE = frozenset(b" \t\n\r\f")
_NAME_STOP = frozenset(b" \t\n\r\f/>=\"'")
_VALUE_STOP = frozenset(b" \t\n\r\f>")
_QUOTES = frozenset(b"\"'")
#: Elements whose content both parsers read as text up to their end tag (the
#: HTML tokenizer's raw text and RCDATA states); ``plaintext`` has no end.
RAW_TEXT = frozenset(
    (b"script", b"style", b"title", b"textarea", b"xmp", b"iframe", b"noembed", b"noframes")
)
_PLAINTEXT = b"plaintext"


def _skip_quoted(data: bytes, j: int) -> int:
    """Past the quoted string opening at ``j`` (the end of the input if unclosed)."""
    k = data.find(data[j : j + 1], j + 1)
    return len(data) if k == -1 else k + 1


def _scan_tag(data: bytes, j: int, max_attributes: int) -> tuple[int, int]:
    """Count the attributes of the start tag whose name ends at ``j``.

    Returns ``(cut, end)``: ``end`` is the index of the tag's ``>`` (the input's
    length when it has none) and ``cut`` where its ``max_attributes + 1``-th
    attribute starts, or -1 when it has no more than ``max_attributes``.
    """
    n = len(data)
    count = 0
    cut = -1
    while j < n:
        c = data[j]
        if c in _SPACE or c == 0x2F:  # "/"
            j += 1
            continue
        if c == 0x3E:  # ">"
            return cut, j
        count += 1
        if count == max_attributes + 1:
            cut = j
        if c in _QUOTES:  # a stray quoted string: one more attribute-like unit
            j = _skip_quoted(data, j)
            continue
        while j < n and data[j] not in _NAME_STOP:
            j += 1
        k = j
        while k < n and data[k] in _SPACE:
            k += 1
        if k < n and data[k] == 0x3D:  # "=": a value follows
            k += 1
            while k < n and data[k] in _SPACE:
                k += 1
            if k < n and data[k] in _QUOTES:
                k = _skip_quoted(data, k)
            else:
                while k < n and data[k] not in _VALUE_STOP:
                    k += 1
            j = k
    return cut, n


_WS = rb"[ \t\n\r\f]"
_QUOTED = rb'"[^"]*+(?:"|\Z)' + rb"|'[^']*+(?:'|\Z)"
_VALUE = rb"(?>" + _QUOTED + rb"|[^ \t\n\r\f>]*+)"
#: One attribute as :func:`_scan_tag` reads it: a stray quoted string, a name
#: with an optional ``= value``, or an ``= value`` without a name.
_UNIT = (
    rb"(?>" + _QUOTED
    + rb"|[^ \t\n\r\f/>=\"']++(?>" + _WS + rb"*+=" + _WS + rb"*+" + _VALUE + rb")?"
    + rb"|=" + _WS + rb"*+" + _VALUE + rb")"
)  # fmt: skip


@cache
def _candidate_pattern(max_attributes: int) -> re.Pattern[bytes]:
    # A start tag with more than ``max_attributes`` attributes, read by the same
    # rules as :func:`_scan_tag` (atomic groups and possessive quantifiers: no
    # backtracking, so a failed attempt costs the length of the tag).
    return re.compile(
        rb"<[A-Za-z][^ \t\n\r\f/>=\"']*+(?:[ \t\n\r\f/]*+"
        + _UNIT
        + rb"){%d}" % (max_attributes + 1)
    )


#: The end tag of each raw-text element, in any case (``</SCRIPT >``).
_END_TAGS = {name: re.compile(rb"</" + name, re.IGNORECASE) for name in RAW_TEXT}


def _raw_text_end(data: bytes, name: bytes, start: int) -> int:
    """Where the text of raw-text element ``name`` opened before ``start`` ends:
    its end tag's ``<`` (the input's length when it has none).

    >>> _raw_text_end(b"<script>if(a<b)x</SCRIPT >", b"script", 8)
    16
    """
    if name == _PLAINTEXT:
        return len(data)
    found = _END_TAGS[name].search(data, start)
    return len(data) if found is None else found.start()


def _overfull_sequential(data: bytes, max_attributes: int) -> list[tuple[int, int]]:
    """Every start tag read in order, as the compiled scanner reads them."""
    out: list[tuple[int, int]] = []
    n = len(data)
    i = data.find(b"<")
    while i != -1 and i + 1 < n:
        c = data[i + 1]
        if not (0x41 <= c <= 0x5A or 0x61 <= c <= 0x7A):  # not a letter
            i = data.find(b"<", i + 1)
            continue
        j = i + 1
        while j < n and data[j] not in _NAME_STOP:
            j += 1
        cut, end = _scan_tag(data, j, max_attributes)
        if cut != -1:
            out.append((cut, end))
        name = data[i + 1 : j].lower()
        if end < n and (name in RAW_TEXT or name == _PLAINTEXT):
            end = _raw_text_end(data, name, end + 1)
        i = data.find(b"<", max(end, i + 1))
    return out


def _overfull_pure(data: bytes, max_attributes: int) -> list[tuple[int, int]]:
    # Only a page with a start tag this long can have an overfull one: the
    # (rare) others are not scanned in Python at all.
    if _candidate_pattern(max_attributes).search(data) is None:
        return []
    return _overfull_sequential(data, max_attributes)


@cache
def _compiled():  # type: ignore[no-untyped-def]
    if os.environ.get("PAGE_CLUSTER_PURE_SCAN"):
        return None
    try:
        from . import _attrscan  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _attrscan.overfull_tags


def overfull_tags(data: bytes, max_attributes: int) -> list[tuple[int, int]]:
    """``(cut, end)`` of every start tag with more than ``max_attributes``
    attributes: its attributes from ``cut`` on, up to its ``>`` at ``end``, are
    the ones to drop.

    >>> overfull_tags(b'<p a=1 b="x>y" c>t</p><i d e f>', 2)
    [(15, 16), (29, 30)]
    """
    if max_attributes < 1:
        raise ValueError("max_attributes must be at least 1")
    if len(data) <= max_attributes:
        return []
    scan = _compiled()
    if scan is not None:
        return scan(data, max_attributes)
    return _overfull_pure(data, max_attributes)


def cap_attributes(data: bytes, max_attributes: int) -> tuple[bytes, int]:
    """``data`` with each element's attributes beyond ``max_attributes`` dropped,
    and how many elements lost some (``data`` itself when none did).

    >>> cap_attributes(b'<a x y z>t</a>', 2)
    (b'<a x y >t</a>', 1)
    """
    spans = overfull_tags(data, max_attributes)
    if not spans:
        return data, 0
    parts: list[bytes] = []
    pos = 0
    for cut, end in spans:
        parts.append(data[pos:cut])
        pos = end
    parts.append(data[pos:])
    return b"".join(parts), len(spans)
