import pytest

from page_cluster.clustering.autocut import auto_cut_threshold, largest_gap


def test_midpoint_of_widest_gap():
    assert auto_cut_threshold([0.1, 0.12, 0.15, 0.7, 0.72]) == pytest.approx(0.425)


def test_order_and_duplicates_do_not_matter():
    a = auto_cut_threshold([5, 1, 9, 1, 2])
    b = auto_cut_threshold([9, 2, 1, 5, 1, 1, 1])
    assert a == b == 7.0


def test_degenerate_inputs():
    assert auto_cut_threshold([]) is None
    assert auto_cut_threshold([0.3, 0.3, 0.3]) is None
    assert auto_cut_threshold([float("nan"), 1.0]) is None


def test_bounds_restrict_candidate_gaps():
    values = [0.0, 0.05, 0.1, 0.9]
    assert largest_gap(values) == (0.1, 0.9)
    assert largest_gap(values, upper=0.3) == (0.0, 0.05)
    assert largest_gap(values, lower=0.6, upper=0.7) is None
