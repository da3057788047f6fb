"""The CLI's report files: ``--cluster-reasons-file`` and ``--validation-file``."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..io.json_file import check_writable, write_json_atomic
from .progress import ProgressPrinter

if TYPE_CHECKING:
    from ..clustering.pipeline import ClusterRun

__all__ = ["check_report_paths", "write_run_reports"]


def check_report_paths(reasons_path: str | None, validation_path: str | None) -> str | None:
    """An error message when a requested report file cannot be written."""
    if (
        reasons_path is not None
        and validation_path is not None
        and os.path.realpath(reasons_path) == os.path.realpath(validation_path)
    ):
        return "--cluster-reasons-file and --validation-file name the same file"
    for flag, path in (
        ("--cluster-reasons-file", reasons_path),
        ("--validation-file", validation_path),
    ):
        if path is None:
            continue
        problem = check_writable(path)
        if problem:
            return f"cannot write {flag} {path}: {problem}"
    return None


def write_run_reports(
    run: ClusterRun,
    ids: Sequence[Any],
    *,
    reasons_path: str | None,
    validation_path: str | None,
    progress: ProgressPrinter,
) -> list[str]:
    """Write the requested reports; returns the keys to print (merged when validated).

    Raises :class:`OSError` when a file cannot be written; nothing is printed then.
    """
    if reasons_path is None and validation_path is None:
        return run.page_keys
    from ..explain.outputs import explain_run

    out = explain_run(
        run, validate=validation_path is not None, reasons=reasons_path is not None, ids=ids
    )
    if validation_path is not None and out.report is not None:
        merges = out.report.safe_merges()
        progress.message(
            f"validate: {len(out.report.cross_cluster_duplicates)} cross-cluster duplicates, "
            f"{len(merges)} safe merges applied; {len(out.report.split_suggestions)} split "
            f"and {len(out.report.merge_suggestions)} merge suggestions"
        )
        write_json_atomic(validation_path, out.report.to_json())
    if reasons_path is not None and out.reasons is not None:
        progress.message(f"reasons: {len(out.reasons)} clusters explained")
        write_json_atomic(reasons_path, out.reasons)
    return out.keys
