import numpy as np
import scipy.sparse as sp

from page_cluster.clustering.stage_a import UNIT_DISTANCE, cluster_block


def rows_to_matrix(rows: list[list[int]], n_tokens: int) -> sp.csr_matrix:
    data, ind, ptr = [], [], [0]
    for r in rows:
        ind.extend(sorted(r))
        data.extend([1.0] * len(r))
        ptr.append(len(ind))
    return sp.csr_matrix((data, ind, ptr), shape=(len(rows), n_tokens))


def test_units_are_tight_and_never_mix_templates():
    skeleton_a = list(range(0, 40))
    skeleton_b = list(range(0, 10)) + list(range(50, 80))
    rows = [
        skeleton_a,
        [*skeleton_a, 90],  # 1 extra token of 41: distance 0.024, same unit
        [*skeleton_a, 91, 92, 93, 94, 95],  # 5 extra: distance 0.11, a unit of its own
        skeleton_b,
        [*skeleton_b, 96],
    ]
    m = rows_to_matrix(rows, 100)
    labels = cluster_block(m, np.arange(5), np.ones(5, dtype=np.int64), np.ones(100)).labels
    assert labels.tolist() == [0, 0, 1, 2, 2]
    assert UNIT_DISTANCE < 0.11


def test_single_signature_block():
    m = rows_to_matrix([[1, 2, 3]], 5)
    assert cluster_block(m, np.array([0]), np.array([3]), np.ones(5)).labels.tolist() == [0]


def test_zero_weight_tokens_are_ignored():
    rows = [[0, 1, 2, 10], [0, 1, 2, 11], [0, 1, 2, 12]]
    m = rows_to_matrix(rows, 13)
    w = np.ones(13)
    w[10:] = 0.0
    res = cluster_block(m, np.arange(3), np.ones(3, dtype=np.int64), w)
    assert res.labels.tolist() == [0, 0, 0]


def test_labels_follow_the_order_of_first_members():
    rows = [[5, 6], [0, 1], [5, 6], [0, 1]]
    m = rows_to_matrix(rows, 7)
    res = cluster_block(m, np.arange(4), np.ones(4, dtype=np.int64), np.ones(7))
    assert res.labels.tolist() == [0, 1, 0, 1]
