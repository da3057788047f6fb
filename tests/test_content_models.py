"""Shipped block model, fuzzy c-means importance levels."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.content.classify import (
    BLOCK_CLASSES,
    MODEL_PATH,
    TreeEnsemble,
    load_models,
    models_from_json,
)
from page_cluster.content.features import PAGE_FEATURES
from page_cluster.content.importance import fuzzy_c_means, importance_levels
from page_cluster.content.noise import CLUSTER_FEATURES


def test_shipped_model_is_versioned_and_matches_the_features():
    models = load_models()
    assert models.version
    assert models.cluster.features == PAGE_FEATURES + CLUSTER_FEATURES
    assert models.page.features == PAGE_FEATURES
    assert models.training["split"].startswith("pages with an even first byte")
    assert "extraction-benchmark" not in json.dumps(models.training)
    x = np.zeros((3, len(models.cluster.features)))
    proba = models.cluster.predict_proba(x)
    assert proba.shape == (3, len(BLOCK_CLASSES))
    np.testing.assert_allclose(proba.sum(axis=1), 1.0, atol=1e-6)


def test_model_file_is_small_json():
    assert MODEL_PATH.stat().st_size < 512 * 1024


def test_feature_mismatch_and_unknown_format_are_refused():
    data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    bad = dict(data, format=99)
    with pytest.raises(ValueError, match="format"):
        models_from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["page"]["features"] = bad["page"]["features"][:-1]
    with pytest.raises(ValueError, match="retrain"):
        models_from_json(bad)
    with pytest.raises(ValueError, match="features"):
        load_models().page.predict_proba(np.zeros((1, 3)))


def test_tree_ensemble_averages_trees():
    stump = {
        "left": [1, -1, -1],
        "right": [2, -1, -1],
        "feature": [0, -2, -2],
        "threshold": [0.0, 0.0, 0.0],
        "value": [[0.5, 0.5, 0], [1, 0, 0], [0, 0, 1]],
    }
    other = dict(stump, feature=[1, -2, -2])
    t = TreeEnsemble.from_json({"trees": [stump, other]})
    out = t.predict_proba(np.array([[-1.0, 1.0], [1.0, 1.0]]))
    np.testing.assert_allclose(out, [[0.5, 0, 0.5], [0, 0, 1]])


def test_fuzzy_c_means_finds_three_separated_groups():
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.normal(c, 0.1, 20) for c in (0.0, 5.0, 10.0)])
    r = fuzzy_c_means(x, 3)
    np.testing.assert_allclose(r.centers[:, 0], [10.0, 5.0, 0.0], atol=0.2)
    assert r.labels.tolist() == [2] * 20 + [1] * 20 + [0] * 20
    again = fuzzy_c_means(x, 3)
    np.testing.assert_array_equal(again.membership, r.membership)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), max_size=40))
def test_importance_levels_are_total_and_ordered(values):
    x = np.array(values, dtype=float)
    levels = importance_levels(x)
    assert len(levels) == len(x)
    assert set(levels.tolist()) <= {0, 1, 2}
    if len(x):
        # levels are score intervals: a more important level holds only higher scores
        for a in range(3):
            for b in range(a + 1, 3):
                if (levels == a).any() and (levels == b).any():
                    assert x[levels == a].min() >= x[levels == b].max()
