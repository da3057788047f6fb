"""``TemplateClusterer``: the same run as the functions, with scikit-learn's conventions."""

from __future__ import annotations

import pytest

from page_cluster import TemplateClusterer, resolve_page_cluster_keys


@pytest.fixture(scope="module")
def fitted(sample_records) -> TemplateClusterer:
    return TemplateClusterer().fit(sample_records)


def test_fit_returns_the_estimator_with_the_functions_keys(sample_records) -> None:
    model = TemplateClusterer()
    assert model.fit(sample_records) is model
    assert model.cluster_keys_ == resolve_page_cluster_keys(sample_records)
    assert model.fit_predict(sample_records) == model.cluster_keys_


def test_labels_are_the_same_partition_numbered_by_first_appearance(fitted) -> None:
    keys, labels = fitted.cluster_keys_, fitted.labels_.tolist()
    assert len(labels) == len(keys)
    assert {(k, label) for k, label in zip(keys, labels, strict=True)} == {
        (k, sorted(set(keys), key=keys.index).index(k)) for k in keys
    }
    assert fitted.n_clusters_ == len(set(keys)) == max(labels) + 1
    assert labels[0] == 0


def test_reasons_and_report_are_those_of_the_opt_in_outputs(sample_records, fitted) -> None:
    reasons: dict = {}
    resolve_page_cluster_keys(sample_records, on_cluster_reason=reasons.__setitem__)
    assert fitted.reasons_ == reasons
    assert set(fitted.reasons_) == set(fitted.cluster_keys_)
    reports: list = []
    resolve_page_cluster_keys(sample_records, on_partition_report=reports.append)
    assert fitted.report_.to_json() == reports[0].to_json()
    assert fitted.reasons_ is fitted.reasons_  # computed once


def test_safe_merges_give_the_validated_keys_and_their_reasons(sample_records) -> None:
    reasons: dict = {}
    reports: list = []
    keys = resolve_page_cluster_keys(
        sample_records, on_cluster_reason=reasons.__setitem__, on_partition_report=reports.append
    )
    model = TemplateClusterer(apply_safe_merges=True).fit(sample_records)
    assert model.cluster_keys_ == keys
    assert model.reasons_ == reasons
    assert model.report_.to_json() == reports[0].to_json()


def test_before_fit_every_fitted_attribute_says_to_call_fit() -> None:
    model = TemplateClusterer()
    for name in ("reasons_", "report_"):
        with pytest.raises(AttributeError, match=r"call fit\(pages\) first"):
            getattr(model, name)
        assert not hasattr(model, name)
    for name in ("cluster_keys_", "labels_", "n_clusters_", "run_"):
        assert not hasattr(model, name)


def test_n_jobs_changes_nothing_but_the_processes(sample_records, fitted) -> None:
    assert TemplateClusterer(n_jobs=2).fit_predict(sample_records) == fitted.cluster_keys_
    assert TemplateClusterer(n_jobs=-1).fit_predict(sample_records) == fitted.cluster_keys_


def test_a_meaningless_n_jobs_fails_before_any_page_is_read() -> None:
    read: list[int] = []

    def pages():
        read.append(1)
        yield {"html": "<p>x</p>"}

    with pytest.raises(ValueError, match="n_jobs == 0"):
        TemplateClusterer(n_jobs=0).fit(pages())
    assert read == []


def test_parameters_are_stored_verbatim_and_clone_with_scikit_learn() -> None:
    from sklearn.base import clone

    model = TemplateClusterer(content_block_attribute="data-bgb", n_jobs=-2)
    assert model.get_params() == {
        "params": None,
        "content_block_attribute": "data-bgb",
        "apply_safe_merges": False,
        "n_jobs": -2,
    }
    copy = clone(model)
    assert copy is not model and copy.get_params() == model.get_params()
    assert model.set_params(n_jobs=1) is model and model.n_jobs == 1
    with pytest.raises(ValueError, match="invalid parameter"):
        model.set_params(jobs=1)
    assert repr(model) == "TemplateClusterer(content_block_attribute='data-bgb', n_jobs=1)"


def test_the_command_line_jobs_means_n_jobs(capsys) -> None:
    from page_cluster.cli.common import jobs_count
    from page_cluster.cli.main import build_parser
    from page_cluster.parallel.jobs import available_cores

    assert build_parser().parse_args([]).jobs == available_cores()
    assert jobs_count("-1") == available_cores()
    assert jobs_count("3") == 3
    assert jobs_count(str(-available_cores() - 5)) == 1
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(["--jobs", "0"])
    assert exc.value.code == 2
    assert "0 has no meaning" in capsys.readouterr().err
