"""A scikit-learn-style estimator over the clustering run.

``TemplateClusterer`` follows scikit-learn's conventions (parameters stored
verbatim by ``__init__``, ``fit`` returns ``self``, fitted attributes end in
``_``, ``n_jobs``) and, like hdbscan, is a thin class around the functions
that do the work (:func:`~page_cluster.api.resolve.run_clustering`, the
validator, the reasons), so both ways give the same keys.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..explain.outputs import explain_run
from ..parallel.jobs import effective_jobs
from .resolve import run_clustering

if TYPE_CHECKING:
    import numpy as np

    from ..clustering.params import ClusterParams
    from ..clustering.pipeline import ClusterRun
    from ..ingest.build import PagesInput
    from ..validation.report import ClusterPartitionReport

__all__ = ["TemplateClusterer"]


class TemplateClusterer:
    """Cluster pages by template.

    Parameters (stored as given; read when :meth:`fit` runs):

    - ``params``: the clustering thresholds, a
      :class:`~page_cluster.clustering.params.ClusterParams` (default: the measured ones).

    - ``content_block_attribute``: attribute a CMS puts on free-form content
      blocks (e.g. ``data-bgb``); their insides are ignored.
    - ``apply_safe_merges``: apply the partition report's safe merges (identical
      token sets, mirror copies corroborated by the mirror axis) to the keys, as
      ``--validation-file`` does.
    - ``n_jobs``: worker processes for parsing, scikit-learn's meaning (``None``
      one, ``-1`` all cores); the keys are the same for any value.

    Fitted attributes: ``cluster_keys_`` (one key per page, input order),
    ``labels_`` (the same partition as integers, numbered in order of first
    appearance), ``n_clusters_``, ``run_`` (the whole run), and, computed on
    first access, ``reasons_`` (why each cluster holds together, keyed by
    cluster key) and ``report_`` (the partition report).

    >>> pages = [
    ...     {"paths": ["news", "1"], "html": "<body><article>one</article></body>"},
    ...     {"paths": ["news", "2"], "html": "<body><article>two</article></body>"},
    ...     {"paths": ["about"], "html": "<body><section>about</section></body>"},
    ... ]
    >>> model = TemplateClusterer().fit(pages)
    >>> model.labels_.tolist(), model.n_clusters_
    ([0, 0, 1], 2)
    >>> TemplateClusterer().reasons_
    Traceback (most recent call last):
    ...
    AttributeError: this TemplateClusterer is not fitted yet: call fit(pages) first
    """

    def __init__(
        self,
        *,
        params: ClusterParams | None = None,
        content_block_attribute: str | None = None,
        apply_safe_merges: bool = False,
        n_jobs: int | None = None,
    ) -> None:
        self.params = params
        self.content_block_attribute = content_block_attribute
        self.apply_safe_merges = apply_safe_merges
        self.n_jobs = n_jobs

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        """The constructor's parameters (scikit-learn's ``clone`` and grid search use it)."""
        return {
            "params": self.params,
            "content_block_attribute": self.content_block_attribute,
            "apply_safe_merges": self.apply_safe_merges,
            "n_jobs": self.n_jobs,
        }

    def set_params(self, **params: Any) -> TemplateClusterer:
        """Change parameters (takes effect at the next :meth:`fit`)."""
        valid = self.get_params()
        for name, value in params.items():
            if name not in valid:
                raise ValueError(f"invalid parameter {name!r} for TemplateClusterer")
            setattr(self, name, value)
        return self

    def __repr__(self) -> str:
        changed = [
            f"{k}={v!r}"
            for k, v in self.get_params().items()
            if v != TemplateClusterer.__init__.__kwdefaults__[k]  # type: ignore[index]
        ]
        return f"TemplateClusterer({', '.join(changed)})"

    def fit(self, pages: PagesInput, y: Iterable[Any] | None = None) -> TemplateClusterer:
        """Parse and cluster ``pages`` (any input of
        :func:`~page_cluster.api.resolve.run_clustering`); ``y`` is ignored."""
        import numpy as np

        effective_jobs(self.n_jobs)  # a bad value fails before any page is read
        run = run_clustering(
            pages,
            content_block_attribute=self.content_block_attribute,
            n_jobs=self.n_jobs,
            params=self.params,
        )
        self._report: ClusterPartitionReport | None = None
        self._reasons: dict[str, dict[str, Any]] | None = None
        keys = run.page_keys
        if self.apply_safe_merges:
            out = explain_run(run, validate=True)
            keys, self._report = out.keys, out.report
        numbers: dict[str, int] = {}
        self.labels_: np.ndarray = np.fromiter(
            (numbers.setdefault(k, len(numbers)) for k in keys), dtype=np.intp, count=len(keys)
        )
        self.cluster_keys_: list[str] = list(keys)
        self.n_clusters_: int = len(numbers)
        self.run_: ClusterRun = run
        return self

    def fit_predict(self, pages: PagesInput, y: Iterable[Any] | None = None) -> list[str]:
        """:meth:`fit`, then the cluster key of each page (input order)."""
        return self.fit(pages).cluster_keys_

    def _fitted_run(self) -> ClusterRun:
        run = self.__dict__.get("run_")
        if run is None:
            raise AttributeError(
                f"this {type(self).__name__} is not fitted yet: call fit(pages) first"
            )
        return run

    @property
    def report_(self) -> ClusterPartitionReport:
        """The partition report of the fitted run (duplicates, cohesion, merges, splits)."""
        run = self._fitted_run()
        if self._report is None:
            self._report = explain_run(run, validate=True).report
        assert self._report is not None
        return self._report

    @property
    def reasons_(self) -> dict[str, dict[str, Any]]:
        """Why each cluster holds together, keyed by the keys of ``cluster_keys_``
        (the ``--cluster-reasons-file`` shape)."""
        run = self._fitted_run()
        if self._reasons is None:
            out = explain_run(run, validate=self.apply_safe_merges, reasons=True)
            self._reasons = out.reasons
        assert self._reasons is not None
        return self._reasons
