"""Block labels from the labelled corpora: the generator's own main region.

The corpus tools (``build.py`` and ``generators.py`` in the corpora's tools folder)
know, for each documentation generator, which elements hold a page's main content
(and which parts of it to skip). This module runs that analysis on a page and
writes the result into the page as Quark annotations, the format our evaluation
reads: ``quark="content"`` on the main elements, ``quark="noise"`` on skipped parts
inside them, and on every maximal subtree outside them ``quark="rel_link"`` when
at least half of its text is link text, else ``quark="noise"``.

Used by ``scripts/make_quark_sample.py`` and ``scripts/train_block_classifier.py``.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lxml import etree

QUARK = "quark"
#: The documentation corpora (the ``mixed`` corpus repeats them).
CORPORA = ("sphinx", "docbook", "asciidoc", "doxygen", "javadoc8")


def load_tools(tools: Path) -> tuple[Any, Any]:
    """The corpus tools' ``build`` and ``generators`` modules."""
    sys.path.insert(0, str(tools))
    build = importlib.import_module("build")
    generators = importlib.import_module("generators")
    return build, generators


def is_test_page(page_id: str) -> bool:
    """The documented split: a page is held out when sha256(id)'s first byte is odd."""
    return hashlib.sha256(page_id.encode("utf-8")).digest()[0] % 2 == 1


def _text_len(el: etree._Element) -> tuple[int, int]:
    total = 0
    anchor = 0
    for node in el.iter():
        if not isinstance(node.tag, str) or node.tag in ("script", "style"):
            continue
        n = len("".join((node.text or "").split()))
        total += n
        if node.tag == "a" or any(a.tag == "a" for a in node.iterancestors()):
            anchor += n
        if node is not el:
            tail = len("".join((node.tail or "").split()))
            total += tail
            parent = node.getparent()
            if parent is not None and (
                parent.tag == "a" or any(a.tag == "a" for a in parent.iterancestors())
            ):
                anchor += tail
    return total, anchor


def annotate(doc: etree._Element, main: list[etree._Element], skip: Any) -> None:
    """Write Quark annotations into ``doc`` (see the module docstring)."""
    main = [m for m in main if m is not None]
    keep_path: set[etree._Element] = set()
    for m in main:
        m.set(QUARK, "content")
        keep_path.update(m.iterancestors())
        if skip is not None:
            for el in m.iter():
                if isinstance(el.tag, str) and el is not m and skip(el):
                    el.set(QUARK, "noise")
    main_set = set(main)
    stack = [doc]
    while stack:
        el = stack.pop()
        for child in el:
            if not isinstance(child.tag, str) or child in main_set or child.tag == "head":
                continue
            if child in keep_path:
                stack.append(child)
                continue
            total, anchor = _text_len(child)
            if total == 0:
                continue
            child.set(QUARK, "rel_link" if anchor * 2 >= total else "noise")


def annotated_pages(tools: Path, data: Path, corpus: str) -> Iterator[dict[str, Any]]:
    """The corpus's pages (JSONL records) with Quark annotations in their HTML."""
    build, generators = load_tools(tools)
    spec = build.CORPORA[corpus]
    analyzer = generators.ANALYZERS[spec["kind"]]
    prefixes = [p for _, p in spec["roots"]]
    with (data / f"{corpus}.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            rec = json.loads(line)
            page_id = rec["id"]
            rel = page_id
            for p in prefixes:
                if p and page_id.startswith(p + "/"):
                    rel = page_id[len(p) + 1 :]
                    break
            doc = build.parse(rec["html"])
            res = analyzer(rel, doc)
            if res[0] != "page":
                continue
            _, _fine, _label, els, skip = res
            annotate(doc, [e for e in els if e is not None] or [doc.find("body")], skip)
            rec["html"] = etree.tostring(doc, encoding="unicode", method="html")
            yield rec
