"""``page-cluster validate``: check a saved partition without re-clustering.

page-cluster validate --pages PATH --clusters clusters.jsonl [--out report.json]

Either path may be ``-``, standard input (not both).

``--pages`` is the clustering input, in any format the clustering command reads
(JSONL, a JSON array, a WARC / WARC.gz, a folder of saved pages), read by the
same reader, so each page gets the id the clustering output gave it: its
``id``, else its URL, else its 0-based position. The clusters file is a
clustering output (``{"id", "clusterKey"}`` per line), from this tool, from an
archive or from another tool. Pages and clusters are matched by id (with its
JSON type). Every page is parsed once into its token set; the report is the
``--validation-file`` report.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any, BinaryIO, TextIO

from ..base.limits import MAX_LINE_BYTES
from ..base.model import InvalidPageError
from ..ingest.build import build_corpus
from ..io.json_file import check_writable, write_json_atomic, write_jsonl_atomic
from ..io.jsonl import InputError, read_bounded_lines
from ..io.source import FORMATS, open_pages
from ..validation.data import clustered_corpus_from_corpus
from ..validation.merge import merge_validated_clusters
from ..validation.report import validate_cluster_partition
from .common import (
    STDIN,
    UsageParser,
    add_limit_options,
    attribute_name,
    limits_from_args,
    run_entry,
    skip_warner,
    worker_failure_message,
)
from .progress import ProgressPrinter

__all__ = ["main", "read_cluster_assignments"]

DESCRIPTION = """\
Validate a saved partition: cross-cluster duplicates, per-cluster cohesion and
the site's mirror axis, as JSON (the --validation-file report). --pages is the
clustering input in any format the clustering command reads (JSONL, JSON array,
WARC / WARC.gz, a folder of saved pages; detected from the content). Pages and
clusters are matched by id: the page's id, else its URL, else its position, as
the clustering output names it."""


#: How many offending ids an error message lists.
SHOWN_IDS = 5


def _shown_path(path: object) -> str:
    """A path as messages name it (``-`` is ``stdin``)."""
    return "stdin" if path == STDIN else str(path)


class CommandError(Exception):
    """A user-facing failure (bad file, unmatched ids): message, exit status 1."""


def build_parser() -> argparse.ArgumentParser:
    p = UsageParser(
        prog="page-cluster validate",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--pages",
        required=True,
        metavar="PATH",
        help="the clustering input: a JSONL, JSON or WARC file, or a folder ('-': stdin)",
    )
    p.add_argument(
        "--format",
        choices=FORMATS,
        help="format of --pages (default: detected from the content)",
    )
    p.add_argument(
        "--clusters",
        required=True,
        metavar="PATH",
        help='clusters JSONL: {"id", "clusterKey"} per line (\'-\': stdin)',
    )
    p.add_argument("--out", metavar="PATH", help="write the report here (default: stdout)")
    p.add_argument(
        "--merged-out",
        metavar="PATH",
        help="also write the clusters with the safe merges applied (same JSONL shape)",
    )
    p.add_argument(
        "--content-block-attribute",
        metavar="NAME",
        type=attribute_name,
        help="the attribute given to the clustering run, if any (it changes token sets)",
    )
    add_limit_options(p)
    return p


def _id_key(value: Any) -> str:
    """Identity of an id with its JSON type (``7`` and ``"7"`` differ)."""
    return json.dumps(value, ensure_ascii=True, sort_keys=True)


def _show(ids: Sequence[Any]) -> str:
    shown = ", ".join(json.dumps(i, ensure_ascii=False) for i in ids[:SHOWN_IDS])
    return shown + (", ..." if len(ids) > SHOWN_IDS else "")


def read_cluster_assignments(
    path: str, max_line_bytes: int = MAX_LINE_BYTES, stdin: BinaryIO | None = None
) -> dict[str, tuple[str, Any, int]]:
    """``id key -> (clusterKey, id, line)`` from a clusters JSONL file (lines
    over ``max_line_bytes`` are an error, never held); ``stdin`` is read
    (and left open) when ``path`` is ``-``."""
    out: dict[str, tuple[str, Any, int]] = {}
    name = _shown_path(path)
    if path == STDIN and stdin is not None:
        opened: AbstractContextManager[BinaryIO] = nullcontext(stdin)
    else:
        try:
            opened = open(path, "rb")  # noqa: SIM115 - closed below, errors reported per line
        except OSError as exc:
            raise CommandError(f"cannot read --clusters {path}: {exc.strerror or exc}") from None
    with opened as fh:
        for line_no, (raw, _) in enumerate(read_bounded_lines(fh, max_line_bytes), start=1):
            if raw is None:
                raise CommandError(f"{name}: line {line_no}: line over {max_line_bytes} bytes")
            if line_no == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            if not raw.strip():
                continue
            where = f"{name}: line {line_no}"
            try:
                rec = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
                reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
                raise CommandError(f"{where}: invalid JSON ({reason})") from None
            except ValueError as exc:  # e.g. an integer too long to convert
                detail = " ".join(str(exc).split())[:120]
                raise CommandError(f"{where}: invalid JSON ({detail})") from None
            if not isinstance(rec, dict):
                raise CommandError(f"{where}: expected a JSON object")
            key = rec.get("clusterKey")
            if not isinstance(key, str):
                raise CommandError(f"{where}: missing a string `clusterKey` field")
            if "id" not in rec or rec["id"] is None or isinstance(rec["id"], (dict, list)):
                raise CommandError(f"{where}: missing a string or number `id` field")
            ident = _id_key(rec["id"])
            if ident in out:
                first = out[ident][2]
                raise CommandError(f"{where}: id {ident} already given on line {first}")
            out[ident] = (key, rec["id"], line_no)
    return out


def _read_pages(args: argparse.Namespace, progress: ProgressPrinter, stdin: BinaryIO):
    """Parse ``--pages`` with the clustering command's reader; ids as its output gives them."""
    path = args.pages
    ids: list[Any] = []
    limits = limits_from_args(args)
    on_skip = skip_warner(progress, limits.max_warnings)

    try:
        source = open_pages(
            stdin if path == STDIN else path, args.format, on_skip=on_skip, limits=limits
        )
    except InputError as exc:
        raise CommandError(f"cannot read --pages {exc}") from None

    def pages():
        for rec in source:
            ids.append(len(ids) if rec.output_id is None else rec.output_id)
            yield rec

    with source:
        try:
            corpus = build_corpus(
                pages,
                content_block_attribute=args.content_block_attribute,
                max_attributes=limits.max_attributes,
            )
        except (InputError, InvalidPageError) as exc:
            raise CommandError(f"{_shown_path(path)}: {exc}") from None
        except RuntimeError as exc:
            failure = worker_failure_message(exc)
            if failure is None:
                raise
            raise CommandError(failure) from None
    report = source.report
    progress.read_report(report, "validate: ")
    if corpus.n_pages == 0 and report.error_total:
        raise CommandError(f"no page could be read from {_shown_path(path)}")
    return corpus, ids


def _match(ids: list[Any], assigned: dict[str, tuple[str, Any, int]], args) -> list[str]:
    keys: list[str] = []
    missing: list[Any] = []
    seen: dict[str, int] = {}
    for index, page_id in enumerate(ids):
        ident = _id_key(page_id)
        if ident in seen:
            raise CommandError(
                f"{_shown_path(args.pages)}: id {ident} is used by two pages "
                f"(records {seen[ident] + 1} and {index + 1}); ids must be unique to match clusters"
            )
        seen[ident] = index
        hit = assigned.get(ident)
        if hit is None:
            missing.append(page_id)
        else:
            keys.append(hit[0])
    extra = [v[1] for k, v in assigned.items() if k not in seen]
    problems = []
    if missing:
        problems.append(
            f"{len(missing)} page(s) of {_shown_path(args.pages)} have no cluster: {_show(missing)}"
        )
    if extra:
        problems.append(
            f"{len(extra)} id(s) of {_shown_path(args.clusters)} are not pages: {_show(extra)}"
        )
    if problems:
        raise CommandError("; ".join(problems))
    return keys


def run_validate(args: argparse.Namespace, stdin: BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    progress = ProgressPrinter(stderr)
    if args.pages == STDIN and args.clusters == STDIN:
        progress.error("only one of --pages and --clusters can be read from stdin ('-')")
        return 1
    for flag, path in (("--out", args.out), ("--merged-out", args.merged_out)):
        problem = check_writable(path) if path is not None else None
        if problem:
            progress.error(f"cannot write {flag} {path}: {problem}")
            return 1
    try:
        assigned = read_cluster_assignments(args.clusters, args.max_line_bytes, stdin)
        progress.message(f"validate: read {len(assigned)} cluster assignments, reading pages...")
        corpus, ids = _read_pages(args, progress, stdin)
        keys = _match(ids, assigned, args)
    except CommandError as exc:
        progress.error(str(exc))
        return 1
    report = validate_cluster_partition(clustered_corpus_from_corpus(corpus, keys, ids))
    merges = report.safe_merges()
    suspicious = sum(1 for c in report.cohesion if c.suspicious)
    axis = report.mirror_axis
    progress.message(
        f"validate: {len(ids)} pages in {len(report.cohesion)} clusters; "
        f"{len(report.cross_cluster_duplicates)} cross-cluster duplicates "
        f"({len(merges)} safe to merge); {suspicious} suspicious clusters "
        f"({len(report.split_suggestions)} split suggestions); "
        f"{len(report.merge_suggestions)} merge suggestions; mirror axis: "
        + (
            f"position {axis.position} {sorted(axis.values)}"
            + (" and the root" if axis.at_root else "")
            if axis
            else "none"
        )
    )
    try:
        if args.merged_out is not None:
            merged = merge_validated_clusters(keys, merges)
            write_jsonl_atomic(
                args.merged_out,
                ({"id": i, "clusterKey": k} for i, k in zip(ids, merged, strict=True)),
            )
        if args.out is not None:
            write_json_atomic(args.out, report.to_json())
        else:
            stdout.write(json.dumps(report.to_json(), ensure_ascii=True) + "\n")
            stdout.flush()
    except OSError as exc:
        progress.error(f"cannot write the report: {exc}")
        return 1
    return 0


def main(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(list(argv))
    return run_entry(lambda: run_validate(args, sys.stdin.buffer, sys.stdout, sys.stderr))
