"""Crawl-supplied strings shown as text, never as markup.

Ids, URL paths, hosts, stylesheet hrefs and file names come from the crawl.
Streamlit renders captions as Markdown (links, images that load remote URLs,
colour directives) and plotly renders a few HTML tags in labels (``<a>``,
``<b>``), so such strings are escaped before they reach either.
"""

from __future__ import annotations

import re

__all__ = ["code_text", "markdown_text", "plotly_text", "plural", "text_part", "text_parts"]

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:&=\"'])")


def markdown_text(value: object) -> str:
    """``value`` as literal text inside Markdown (one line).

    >>> markdown_text("![x](http://a/b.png) *hi*")
    '\\\\!\\\\[x\\\\]\\\\(http\\\\://a/b\\\\.png\\\\) \\\\*hi\\\\*'
    """
    text = " ".join(str(value).split())
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def plotly_text(value: object) -> str:
    """``value`` as literal text in a plotly label or hover text.

    >>> plotly_text('<a href="x">a & b</a>')
    '&lt;a href="x"&gt;a &amp; b&lt;/a&gt;'
    """
    return str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def code_text(value: object) -> str:
    """``value`` as an inline code span: shown verbatim, never turned into a link.

    Markdown links bare URLs in plain text even when their punctuation is
    escaped; inside a code span nothing is interpreted. The fence is one
    backtick longer than the longest run inside.

    >>> code_text("see http://a.example/x")
    '`see http://a.example/x`'
    >>> code_text("a`b")
    '``a`b``'
    """
    text = " ".join(str(value).split())
    longest = max((len(r) for r in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``count`` with its noun in the right number, thousands separated.

    >>> plural(1, "page"), plural(2, "page"), plural(1200, "cluster")
    ('1 page', '2 pages', '1,200 clusters')
    """
    noun = singular if count == 1 else (plural_form or singular + "s")
    return f"{count:,} {noun}"


def text_parts(length: int, size: int) -> int:
    """How many parts of at most ``size`` characters a text of ``length`` needs (at least 1).

    >>> text_parts(0, 10), text_parts(10, 10), text_parts(11, 10)
    (1, 1, 2)
    """
    size = max(int(size), 1)
    return max(1, -(-max(int(length), 0) // size))


def text_part(text: str, part: int, size: int) -> str:
    """Part ``part`` (0-based, clamped to the parts there are) of ``text`` in ``size`` pieces.

    A page's main text can be tens of megabytes; the browser gets one part.

    >>> text_part("abcdefg", 1, 3), text_part("abcdefg", 9, 3), text_part("", 0, 3)
    ('def', 'g', '')
    """
    size = max(int(size), 1)
    last = text_parts(len(text), size) - 1
    part = min(max(int(part), 0), last)
    return text[part * size : (part + 1) * size]
