"""HTML and tables for looking at the extraction (the app's Content view).

* :func:`annotated_html`: a member page with its blocks coloured by class, as in
  the Quark demo (content red, related links green, noise purple), made safe to
  show in a sandboxed ``<iframe>`` with scripts disabled: scripts, event
  handlers, ``javascript:`` URLs, frames, objects, forms' actions and refresh
  redirects are removed.
* :func:`cleaned_html`: the page without the blocks the extraction dropped (the
  noise reducer's output).
* :func:`template_block_table`: per cluster, the template blocks (DOM paths whose
  blocks are dropped on most members) with their share of the page's text.

The page is parsed again here (the extraction keeps no trees); blocks are matched
to elements by cutting the new tree with the same block tags, which yields the
same blocks in the same order.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Sequence
from typing import Any

from lxml import etree

from ..parsing.html_source import parse_html
from .blocks import DEFAULT_BLOCK_TAGS, segment_tree
from .classify import BLOCK_CLASSES
from .extract import PageContent

__all__ = ["CLASS_COLOURS", "annotated_html", "cleaned_html", "template_block_table"]

#: Colours of the Quark demo: content red, related links green, noise purple.
CLASS_COLOURS: dict[str, str] = {"content": "#d62728", "rel_link": "#2ca02c", "noise": "#9467bd"}

_DANGEROUS_TAGS = ("script", "iframe", "frame", "frameset", "object", "embed", "applet", "base")
_URL_ATTRS = ("href", "src", "action", "formaction", "data", "srcset", "xlink:href", "poster")
_JS_URL = re.compile(r"^\s*(javascript|vbscript|data:text/html)", re.IGNORECASE)

_STYLE = """
[data-pc-class]{{outline:2px solid var(--pc-c);outline-offset:-1px}}
[data-pc-class="content"]{{--pc-c:{content};background:rgba(214,39,40,.06)}}
[data-pc-class="rel_link"]{{--pc-c:{rel_link};background:rgba(44,160,44,.08)}}
[data-pc-class="noise"]{{--pc-c:{noise};background:rgba(148,103,189,.10)}}
#pc-legend{{position:fixed;right:8px;bottom:8px;z-index:2147483647;background:#fff;
 border:1px solid #888;padding:4px 8px;font:12px sans-serif;color:#000}}
#pc-legend span{{display:inline-block;width:10px;height:10px;margin:0 4px 0 8px}}
""".format(**CLASS_COLOURS)


def _reparse(html: str | bytes, block_tags: frozenset[str]):
    root = parse_html(html)
    elements: list[etree._Element] = []
    pb = segment_tree(root, block_tags, elements=elements)
    return root, pb, elements


def _check(content: PageContent, n: int) -> None:
    if n != len(content.blocks):
        raise ValueError("the HTML does not match the analysed page (different block count)")


def _sanitize(root: etree._Element) -> None:
    for el in list(root.iter(*_DANGEROUS_TAGS)):
        parent = el.getparent()
        if parent is not None:
            tail = el.tail
            parent.remove(el)
            if tail:  # keep the text that followed the removed element
                prev = parent[-1] if len(parent) else None
                if prev is not None:
                    prev.tail = (prev.tail or "") + tail
                else:
                    parent.text = (parent.text or "") + tail
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if el.tag == "meta" and (el.get("http-equiv") or "").lower() == "refresh":
            el.attrib.pop("content", None)
        for name in list(el.attrib):
            low = name.lower()
            if low.startswith("on"):
                del el.attrib[name]
            elif low in _URL_ATTRS and _JS_URL.match(el.get(name) or ""):
                el.set(name, "#")


def annotated_html(
    html: str | bytes,
    content: PageContent,
    block_tags: frozenset[str] = DEFAULT_BLOCK_TAGS,
) -> str:
    """The page with its blocks outlined in their class colour (see module doc).

    Kept blocks holding text are marked content; a dropped subtree is marked once,
    at the block where it was dropped, as related links or noise. Each marked
    element gets ``data-pc-class`` and a ``title`` with its class probabilities.

    >>> from page_cluster.content.extract import extract_main_content
    >>> page = ('<body><div class="nav"><a href="/">Home</a></div>'
    ...         '<p onclick="x()">A sentence, long enough, to count as text here.</p>'
    ...         '<script>alert(1)</script></body>')
    >>> [c] = extract_main_content([{"html": page}], cluster_keys=[None])
    >>> out = annotated_html(page, c)
    >>> "<script" in out, "onclick" in out, 'data-pc-class="content"' in out
    (False, False, True)
    """
    root, pb, elements = _reparse(html, block_tags)
    if root is None:
        return "<!DOCTYPE html><html><body></body></html>"
    _check(content, len(pb))
    own = content.stats.own[:, 0] > 0
    kept = content.kept
    parent = pb.parent
    for b, el in enumerate(elements):
        if b == 0:
            continue
        cls = BLOCK_CLASSES[int(content.classes[b])]
        dropped_here = not kept[b] and kept[parent[b]]
        if (kept[b] and own[b]) or dropped_here:
            el.set("data-pc-class", cls)
            p = content.proba[b]
            el.set(
                "title",
                f"{cls} · content {p[0]:.2f} · related links {p[1]:.2f} · noise {p[2]:.2f}",
            )
    _sanitize(root)
    head = root.find("head")
    if head is None:
        head = etree.Element("head")
        root.insert(0, head)
    style = etree.SubElement(head, "style")
    style.text = _STYLE
    body = root.find("body")
    if body is not None:
        legend = etree.SubElement(body, "div", id="pc-legend")
        legend.text = "blocks:"
        for name in BLOCK_CLASSES:
            swatch = etree.SubElement(legend, "span", style=f"background:{CLASS_COLOURS[name]}")
            swatch.tail = name.replace("_", " ")
    return "<!DOCTYPE html>" + etree.tostring(root, encoding="unicode", method="html")


def cleaned_html(
    html: str | bytes,
    content: PageContent,
    block_tags: frozenset[str] = DEFAULT_BLOCK_TAGS,
) -> str:
    """The page without the blocks the extraction dropped (the noise reducer's output).

    >>> from page_cluster.content.extract import extract_main_content
    >>> nav = "<div class=nav><a href=/>Home</a> <a href=/b>Blog</a></div>"
    >>> pages = [{"html": nav + f"<p>Post {i}: a sentence, long enough, with words.</p>"}
    ...          for i in range(3)]
    >>> cs = extract_main_content(pages, cluster_keys=[0, 0, 0])
    >>> out = cleaned_html(pages[0]["html"], cs[0])
    >>> "Home" in out, "Post 0" in out
    (False, True)
    """
    root, pb, elements = _reparse(html, block_tags)
    if root is None:
        return ""
    _check(content, len(pb))
    kept = content.kept
    for b in range(len(pb) - 1, 0, -1):
        if not kept[b] and kept[pb.parent[b]]:
            el = elements[b]
            parent_el = el.getparent()
            if parent_el is None:
                continue
            tail = el.tail
            prev = el.getprevious()
            parent_el.remove(el)
            if tail:
                if prev is not None:
                    prev.tail = (prev.tail or "") + tail
                else:
                    parent_el.text = (parent_el.text or "") + tail
    return etree.tostring(root, encoding="unicode", method="html")


def template_block_table(
    contents: Sequence[PageContent], *, min_pages: float = 0.5
) -> list[dict[str, Any]]:
    """The template blocks of one cluster, as plain rows.

    A template block is a DOM path where the extraction dropped a block on at
    least ``min_pages`` of the members. Per path: how many members have it /
    drop it there, its class (the most frequent among the drops), the mean
    share of a member's text it holds, and an example text. Sorted by share.

    >>> from page_cluster.content.extract import extract_main_content
    >>> nav = "<div class=nav><a href=/>Home</a> <a href=/b>Blog</a></div>"
    >>> pages = [{"html": nav + f"<p>Post {i}: a sentence, long enough, with words.</p>"}
    ...          for i in range(3)]
    >>> rows = template_block_table(extract_main_content(pages, cluster_keys=[0, 0, 0]))
    >>> [(r["path"], r["dropped_on"]) for r in rows]
    [('body>.nav', 3)]
    """
    m = len(contents)
    stats: dict[str, dict[str, Any]] = {}
    for c in contents:
        pb = c.blocks
        total = max(float(c.stats.sub[0, 0]), 1.0) if len(pb) else 1.0
        seen: set[str] = set()
        dropped: set[str] = set()
        for b in range(1, len(pb)):
            path = pb.paths[b]
            row = stats.setdefault(
                path, {"present": 0, "dropped": 0, "share": 0.0, "classes": {}, "example": ""}
            )
            if path not in seen:
                seen.add(path)
                row["present"] += 1
            if not c.kept[b] and c.kept[pb.parent[b]]:
                if path not in dropped:
                    dropped.add(path)
                    row["dropped"] += 1
                row["share"] += float(c.stats.sub[b, 0]) / total
                cls = BLOCK_CLASSES[int(c.classes[b])]
                row["classes"][cls] = row["classes"].get(cls, 0) + 1
                if not row["example"]:
                    row["example"] = pb.block_text(b)[:120]
    out = []
    for path, row in stats.items():
        if m and row["dropped"] >= max(1.0, min_pages * m):
            classes = row["classes"]
            out.append(
                {
                    "path": path,
                    "present_on": row["present"],
                    "dropped_on": row["dropped"],
                    "class": max(sorted(classes), key=classes.__getitem__),
                    "page_share": round(row["share"] / row["dropped"], 4),
                    "example": html_lib.unescape(row["example"]),
                }
            )
    out.sort(key=lambda r: (-r["page_share"], r["path"]))
    return out
