"""The crawl form of the command: many files, many hosts, here or on Dask.

page-cluster [--dask local[:N]|ADDRESS] [--out-dir DIR [--reasons-per-host]
             [--validation-per-host]] PATH...

Each host is clustered on its own; the output is identical with and without
``--dask``. Dask is imported only when ``--dask`` is given.
"""

from __future__ import annotations

import argparse
import os
from contextlib import ExitStack
from typing import Any, TextIO

from ..crawl.inputs import host_file_names, output_names, parse_dask_spec
from ..crawl.run import CrawlResult, run_crawl
from ..crawl.shards import FileShards
from ..io.json_file import write_json_atomic, write_jsonl_atomic
from .common import write_jsonl
from .progress import ProgressPrinter

__all__ = ["crawl_usage_problem", "run_crawl_command"]


def crawl_usage_problem(args: argparse.Namespace, files: list[str]) -> str | None:
    """A usage error of the crawl form, or None."""
    if any(f == "-" for f in files):
        return "stdin ('-') cannot be read with several inputs, --dask or --out-dir"
    if args.cluster_reasons_file or args.validation_file:
        return (
            "with several inputs, --dask or --out-dir, reports are written per host: "
            "use --out-dir DIR with --reasons-per-host / --validation-per-host"
        )
    if (args.reasons_per_host or args.validation_per_host) and args.out_dir is None:
        return "--reasons-per-host and --validation-per-host need --out-dir DIR"
    if args.dask is not None:
        try:
            parse_dask_spec(args.dask)
        except ValueError as exc:
            return f"--dask: {exc}"
    if not files:
        return "no input file matched"
    return None


def _row_records(ids: list[Any], keys: list[str]) -> list[dict[str, Any]]:
    return [
        {"id": i if page_id is None else page_id, "clusterKey": key}
        for i, (page_id, key) in enumerate(zip(ids, keys, strict=True))
    ]


def _write_outputs(
    result: CrawlResult, args: argparse.Namespace, stdout: TextIO, progress: ProgressPrinter
) -> None:
    if args.out_dir is None:
        for f in result.files:
            if f.error is None:
                write_jsonl(stdout, _row_records(f.ids, f.keys))
        return
    for f, name in zip(result.files, output_names([f.name for f in result.files]), strict=True):
        if f.error is not None:
            continue
        target = os.path.join(args.out_dir, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        write_jsonl_atomic(target, _row_records(f.ids, f.keys))
    if args.reasons_per_host or args.validation_per_host:
        folder = os.path.join(args.out_dir, "hosts")
        os.makedirs(folder, exist_ok=True)
        names = host_file_names(list(result.hosts))
        for host, res in result.hosts.items():
            if res.reasons is not None:
                write_json_atomic(os.path.join(folder, names[host] + ".reasons.json"), res.reasons)
            if res.report is not None:
                write_json_atomic(
                    os.path.join(folder, names[host] + ".validation.json"), res.report
                )
    progress.message(f"wrote {len(result.files) - len(result.failed)} outputs to {args.out_dir}")


def run_crawl_command(
    args: argparse.Namespace, files: list[str], stdout: TextIO, progress: ProgressPrinter
) -> int:
    """Run the crawl form; exit status 1 when a file could not be read (the
    others' outputs are still written)."""
    problem = crawl_usage_problem(args, files)
    if problem:
        progress.error(problem)
        return 2
    if args.out_dir is not None:
        try:
            os.makedirs(args.out_dir, exist_ok=True)
        except OSError as exc:
            progress.error(f"cannot write --out-dir {args.out_dir}: {exc}")
            return 1
    progress.message(f"reading {len(files)} input{'s' if len(files) != 1 else ''}...")
    read = 0

    def on_file(summary: FileShards) -> None:
        nonlocal read
        read += 1
        for warning in summary.warnings:
            progress.warning(f"{summary.name}: {warning}")
        if summary.error is not None:
            progress.error(f"{summary.name}: {summary.error}")
            return
        detail = f"; {summary.skipped}" if summary.skipped else ""
        progress.message(
            f"read {read}/{len(files)}: {summary.name}: {summary.n_pages} pages, "
            f"{len(summary.hosts)} host{'s' if len(summary.hosts) != 1 else ''}{detail}"
        )

    clustered = 0

    def on_host(result: Any) -> None:
        nonlocal clustered
        clustered += 1
        progress.message(
            f"clustered host {clustered}: {result.host or '(no host)'}: "
            f"{len(result.codes)} pages in {len(result.key_table)} clusters"
        )

    options: dict[str, Any] = {
        "format": args.format,
        "content_block_attribute": args.content_block_attribute,
        "reasons": args.reasons_per_host,
        "validate": args.validation_per_host,
        "on_file": on_file,
        "on_host": on_host,
    }
    if args.dask is None:
        result = run_crawl(files, **options)
    else:
        from ..crawl.dask_client import DASK_MISSING, open_client

        with ExitStack() as stack:
            try:
                client = stack.enter_context(
                    open_client(parse_dask_spec(args.dask), default_workers=args.jobs)
                )
            except ImportError:
                progress.error(DASK_MISSING)
                return 1
            except OSError as exc:
                progress.error(f"cannot reach the Dask scheduler {args.dask}: {exc}")
                return 1
            progress.message(f"dask: {_describe(client)}")
            try:
                result = run_crawl(files, client=client, **options)
            except Exception as exc:  # the cluster gave up (e.g. workers kept dying)
                progress.error(f"the Dask run failed: {type(exc).__name__}: {exc}")
                return 1
    try:
        _write_outputs(result, args, stdout, progress)
    except OSError as exc:
        progress.error(f"cannot write an output file: {exc}")
        return 1
    pages = sum(len(f.keys) for f in result.files)
    clusters = sum(len(r.key_table) for r in result.hosts.values())
    progress.done(pages, clusters)
    if result.failed:
        names = ", ".join(f.name for f in result.failed)
        progress.error(f"{len(result.failed)} input(s) could not be read: {names}")
        return 1
    return 0


def _describe(client: Any) -> str:
    try:
        workers = client.scheduler_info().get("workers", {})
        return f"{len(workers)} workers at {client.scheduler.address}"
    except Exception:  # a description only; never fail the run over it
        return "connected"
