"""Crawl-supplied strings shown as text, never as markup.

Ids, URL paths, hosts, stylesheet hrefs and file names come from the crawl.
Streamlit renders captions as Markdown (links, images that load remote URLs,
colour directives) and plotly renders a few HTML tags in labels (``<a>``,
``<b>``), so such strings are escaped before they reach either.
"""

from __future__ import annotations

import re

__all__ = ["markdown_text", "plotly_text"]

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
