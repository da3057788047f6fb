"""Quark-style evaluation of main-content extraction on annotated pages.

The Quark seed annotates pages by adding ``quark="content"``,
``quark="rel_link"`` or ``quark="noise"`` to their tags, and scores an extractor
per page by the *length* of correctly extracted content:

* Macro precision: the mean over pages of (correctly extracted content length /
  extracted length);
* Macro recall: the mean over pages of (correctly extracted content length /
  annotated content length);
* Macro F1 = 2PR / (P + R).

Lengths here are non-space characters of the page's text runs (an annotation
holds for everything inside the annotated element; text under no annotation
counts as noise). Precision is averaged over pages with an extraction, recall
over pages with annotated content.

Quark also tells *topic pages* (with main content) from *navigation pages*. We
call a page a topic page when its content is not mostly link text (less than
half of its content characters inside links); the extractor's verdict is the
same test applied to what it extracted. Topic-page precision / recall follow,
and the same for navigation pages.

Blocks are compared as well: each block holding text of its own gets the
annotation of most of its characters, and a confusion matrix counts annotated
against predicted classes (blocks, and characters).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .classify import BLOCK_CLASSES
from .extract import PageContent

__all__ = [
    "QUARK_ATTRIBUTE",
    "QuarkPageScore",
    "QuarkReport",
    "quark_report",
    "score_page",
]

#: The annotation attribute of the Quark seed.
QUARK_ATTRIBUTE = "quark"
#: A page whose (annotated or extracted) content has at least this share of link
#: text is a navigation page.
NAVIGATION_LINK_SHARE = 0.5

_LABEL = {"content": 0, "rel_link": 1, "noise": 2}


@dataclass(frozen=True, slots=True)
class QuarkPageScore:
    """One page: content lengths and topic verdicts."""

    annotated: int
    extracted: int
    correct: int
    topic_truth: bool
    topic_predicted: bool
    confusion: np.ndarray  # (3, 3) blocks: annotated class x predicted class
    confusion_chars: np.ndarray  # (3, 3) the same, in characters


def _chars(runs: Sequence[str]) -> np.ndarray:
    return np.fromiter((len(r) - r.count(" ") for r in runs), dtype=np.int64, count=len(runs))


def score_page(content: PageContent) -> QuarkPageScore:
    """Score one page; its blocks must carry Quark labels (``run_label``).

    >>> from page_cluster.content.extract import ExtractOptions, extract_main_content
    >>> html = ('<div quark="noise"><a href="/">Home</a></div>'
    ...         '<p quark="content">A sentence, with words, that says things.</p>')
    >>> [c] = extract_main_content([{"html": html}], cluster_keys=[None],
    ...                            options=ExtractOptions(label_attribute="quark"))
    >>> s = score_page(c)
    >>> (s.annotated, s.correct, s.topic_truth)
    (35, 35, True)
    """
    pb = content.blocks
    if not pb.runs:
        z = np.zeros((3, 3), dtype=np.int64)
        return QuarkPageScore(0, 0, 0, False, False, z, z.copy())
    if len(pb.run_label) != len(pb.runs):
        raise ValueError("the page was not segmented with a label attribute")
    chars = _chars(pb.runs)
    truth = np.array([_LABEL.get(v, 2) for v in pb.run_label], dtype=np.int64)
    kept = content.kept_runs()
    is_content = truth == 0
    annotated = int(chars[is_content].sum())
    extracted = int(chars[kept].sum())
    correct = int(chars[kept & is_content].sum())
    anchor = pb.run_anchor
    topic_truth = annotated > 0 and chars[is_content & anchor].sum() < NAVIGATION_LINK_SHARE * max(
        annotated, 1
    )
    topic_pred = extracted > 0 and chars[kept & anchor].sum() < NAVIGATION_LINK_SHARE * max(
        extracted, 1
    )
    # Blocks: annotation of most of the block's own characters.
    n = len(pb)
    per_block = np.zeros((n, 3), dtype=np.int64)
    np.add.at(per_block, (pb.run_block, truth), chars)
    own = per_block.sum(axis=1) > 0
    block_truth = per_block.argmax(axis=1)
    pred = content.classes
    conf = np.zeros((3, 3), dtype=np.int64)
    conf_chars = np.zeros((3, 3), dtype=np.int64)
    np.add.at(conf, (block_truth[own], pred[own]), 1)
    np.add.at(conf_chars, (block_truth[own], pred[own]), per_block.sum(axis=1)[own])
    return QuarkPageScore(
        annotated=annotated,
        extracted=extracted,
        correct=correct,
        topic_truth=bool(topic_truth),
        topic_predicted=bool(topic_pred),
        confusion=conf,
        confusion_chars=conf_chars,
    )


@dataclass(slots=True)
class QuarkReport:
    """Macro figures over pages, topic / navigation page figures, confusion."""

    pages: int
    macro_precision: float
    macro_recall: float
    macro_f1: float
    topic_precision: float
    topic_recall: float
    navigation_precision: float
    navigation_recall: float
    topic_pages: int
    navigation_pages: int
    confusion: np.ndarray
    confusion_chars: np.ndarray
    classes: tuple[str, ...] = field(default=BLOCK_CLASSES)

    def as_dict(self) -> dict[str, Any]:
        return {
            "pages": self.pages,
            "macro_precision": self.macro_precision,
            "macro_recall": self.macro_recall,
            "macro_f1": self.macro_f1,
            "topic_pages": self.topic_pages,
            "topic_precision": self.topic_precision,
            "topic_recall": self.topic_recall,
            "navigation_pages": self.navigation_pages,
            "navigation_precision": self.navigation_precision,
            "navigation_recall": self.navigation_recall,
            "classes": list(self.classes),
            "confusion_blocks": self.confusion.tolist(),
            "confusion_chars": self.confusion_chars.tolist(),
        }


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def quark_report(scores: Sequence[QuarkPageScore]) -> QuarkReport:
    """Aggregate page scores into the Quark figures (see the module docstring).

    >>> z = np.zeros((3, 3), dtype=np.int64)
    >>> r = quark_report([QuarkPageScore(100, 50, 50, True, True, z, z),
    ...                   QuarkPageScore(100, 100, 80, True, True, z, z)])
    >>> round(r.macro_precision, 3), round(r.macro_recall, 3)
    (0.9, 0.65)
    """
    ps = [s.correct / s.extracted for s in scores if s.extracted > 0]
    rs = [s.correct / s.annotated for s in scores if s.annotated > 0]
    p = float(np.mean(ps)) if ps else 0.0
    r = float(np.mean(rs)) if rs else 0.0
    t_true = sum(s.topic_truth for s in scores)
    t_pred = sum(s.topic_predicted for s in scores)
    t_both = sum(s.topic_truth and s.topic_predicted for s in scores)
    n_true = sum(not s.topic_truth for s in scores)
    n_pred = sum(not s.topic_predicted for s in scores)
    n_both = sum((not s.topic_truth) and (not s.topic_predicted) for s in scores)
    conf = sum((s.confusion for s in scores), np.zeros((3, 3), dtype=np.int64))
    conf_chars = sum((s.confusion_chars for s in scores), np.zeros((3, 3), dtype=np.int64))
    return QuarkReport(
        pages=len(scores),
        macro_precision=p,
        macro_recall=r,
        macro_f1=2 * p * r / (p + r) if p + r else 0.0,
        topic_precision=_ratio(t_both, t_pred),
        topic_recall=_ratio(t_both, t_true),
        navigation_precision=_ratio(n_both, n_pred),
        navigation_recall=_ratio(n_both, n_true),
        topic_pages=t_true,
        navigation_pages=n_true,
        confusion=np.asarray(conf),
        confusion_chars=np.asarray(conf_chars),
    )
