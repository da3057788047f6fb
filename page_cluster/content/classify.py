"""Block classes (the Quark seed): content, related links or noise.

Quark decides per block from link, punctuation and size features with naive
Bayes. We keep its features (link count, anchor-text ratio, punctuation count and
rate, non-anchor text length, noise words in short text, position) and add the
block-importance seed's (sentence length, stop words, images, lists ...), the
readability-style content score, and, when the page has same-template siblings,
the cross-page repetition figures of :mod:`page_cluster.content.noise`.

The model is a small ensemble of decision trees fitted with scikit-learn by
``scripts/train_block_classifier.py`` on labels derived from the labelled
documentation corpora (their generators' main regions), on the training half of
the pages only. Trees beat naive Bayes clearly there (see ``docs/extraction.md``):
the features interact (a repeated block is noise in a navigation bar but content
in a member list). The fitted trees are shipped as plain arrays in
``block_model.json`` (versioned) and evaluated here with numpy, so scikit-learn is
not needed at run time.

Two models are shipped: ``cluster`` (page and cluster features) for pages with
siblings and ``page`` (page features only) for pages alone in their cluster.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from .features import PAGE_FEATURES
from .noise import CLUSTER_FEATURES

__all__ = [
    "BLOCK_CLASSES",
    "MODEL_PATH",
    "BlockModel",
    "ModelSet",
    "TreeEnsemble",
    "load_models",
]

#: Block classes, in the column order of :meth:`TreeEnsemble.predict_proba`.
BLOCK_CLASSES: tuple[str, ...] = ("content", "rel_link", "noise")

#: The shipped parameters.
MODEL_PATH = Path(__file__).with_name("block_model.json")

#: Format version of the parameters file this code reads.
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class TreeEnsemble:
    """Decision trees as flat arrays (scikit-learn's layout); probabilities averaged.

    Per tree: ``left``/``right`` child indices (-1 at leaves), ``feature`` and
    ``threshold`` (go left when ``x[feature] <= threshold``) and ``value`` (class
    probabilities at each node).
    """

    left: tuple[np.ndarray, ...]
    right: tuple[np.ndarray, ...]
    feature: tuple[np.ndarray, ...]
    threshold: tuple[np.ndarray, ...]
    value: tuple[np.ndarray, ...]

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        """Class probabilities, one row per row of ``x``.

        >>> t = TreeEnsemble.from_json({"trees": [{
        ...     "left": [1, -1, -1], "right": [2, -1, -1], "feature": [0, -2, -2],
        ...     "threshold": [0.5, 0, 0], "value": [[.5, .5], [1, 0], [0, 1]]}]})
        >>> t.predict_proba(np.array([[0.0], [1.0]])).tolist()
        [[1.0, 0.0], [0.0, 1.0]]
        """
        x = np.asarray(x, dtype=np.float64)
        n = x.shape[0]
        total: np.ndarray | None = None
        rows = np.arange(n)
        for left, right, feature, threshold, value in zip(
            self.left, self.right, self.feature, self.threshold, self.value, strict=True
        ):
            node = np.zeros(n, dtype=np.int64)
            while True:
                active = left[node] >= 0
                if not active.any():
                    break
                idx = rows[active]
                nd = node[idx]
                go_left = x[idx, feature[nd]] <= threshold[nd]
                node[idx] = np.where(go_left, left[nd], right[nd])
            probs = value[node]
            total = probs if total is None else total + probs
        if total is None:
            return np.zeros((n, 0))
        return total / len(self.left)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TreeEnsemble:
        trees = data["trees"]
        return cls(
            left=tuple(np.asarray(t["left"], dtype=np.int64) for t in trees),
            right=tuple(np.asarray(t["right"], dtype=np.int64) for t in trees),
            feature=tuple(np.maximum(np.asarray(t["feature"], dtype=np.int64), 0) for t in trees),
            threshold=tuple(np.asarray(t["threshold"], dtype=np.float64) for t in trees),
            value=tuple(np.asarray(t["value"], dtype=np.float64) for t in trees),
        )


@dataclass(frozen=True, slots=True)
class BlockModel:
    """One classifier: its feature names, trees and importance regression."""

    features: tuple[str, ...]
    classes: tuple[str, ...]
    trees: TreeEnsemble
    importance_coef: np.ndarray
    importance_intercept: float

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        if x.shape[1] != len(self.features):
            raise ValueError(f"expected {len(self.features)} features, got {x.shape[1]}")
        return self.trees.predict_proba(x)

    def importance(self, x: np.ndarray) -> np.ndarray:
        """The block-importance regression (higher = more likely main content)."""
        return x @ self.importance_coef + self.importance_intercept


@dataclass(frozen=True, slots=True)
class ModelSet:
    """The shipped models and what they were trained on."""

    version: str
    cluster: BlockModel
    page: BlockModel
    training: dict[str, Any]


def _block_model(data: dict[str, Any], expected: tuple[str, ...]) -> BlockModel:
    features = tuple(data["features"])
    if features != expected:
        raise ValueError(
            "block model features do not match this version of page_cluster; "
            "retrain with scripts/train_block_classifier.py"
        )
    imp = data["importance"]
    return BlockModel(
        features=features,
        classes=tuple(data["classes"]),
        trees=TreeEnsemble.from_json(data),
        importance_coef=np.asarray(imp["coef"], dtype=np.float64),
        importance_intercept=float(imp["intercept"]),
    )


def models_from_json(data: dict[str, Any]) -> ModelSet:
    """Build the models from the parsed parameters file."""
    if data.get("format") != FORMAT_VERSION:
        raise ValueError(f"unsupported block model format {data.get('format')!r}")
    return ModelSet(
        version=str(data["version"]),
        cluster=_block_model(data["cluster"], PAGE_FEATURES + CLUSTER_FEATURES),
        page=_block_model(data["page"], PAGE_FEATURES),
        training=dict(data.get("training", {})),
    )


@lru_cache(maxsize=4)
def load_models(path: str | None = None) -> ModelSet:
    """The block models (the shipped parameters unless ``path`` names another file)."""
    with open(path or MODEL_PATH, encoding="utf-8") as fh:
        return models_from_json(json.load(fh))
