"""A crawled page shown safely: a sandboxed iframe with its landmarks outlined.

Crawled HTML is untrusted. It is only ever placed, escaped, in the ``srcdoc``
of an ``<iframe sandbox="">``: an empty sandbox allows nothing (no scripts, no
same origin, no forms, no pop-ups, no navigation of the app). On top of that a
Content-Security-Policy inserted at the top of the document blocks every
network request (a crawl holds no stylesheets or images anyway, and a preview
must call neither the crawled site nor the app's server), and links and form
controls are made inert.

Landmarks come from :func:`~page_cluster.extract_landmarks`: each
header/footer/nav/aside/form/search instance gets a marker attribute inserted
into its opening tag at its source offset, and an injected style outlines it:
solid red when it is the cluster's chrome (most of its tokens are the
cluster's shell tokens for that type), dashed blue otherwise.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..explain.landmarks import (
    extract_landmarks,
    is_chrome_landmark_instance,
    landmark_instance_tokens,
)
from ..signatures.corpus import LANDMARK_CODES

__all__ = [
    "PREVIEW_MAX_CHARS",
    "OutlinedLandmark",
    "PreviewDocument",
    "outline_landmarks",
    "sandboxed_iframe",
]

#: Longest page shown (characters); longer pages are cut, and the cut is reported.
PREVIEW_MAX_CHARS = 3_000_000
MARKER = "data-page-cluster-landmark"
LABEL = "data-page-cluster-label"

_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; "
    "form-action 'none'; base-uri 'none'"
)
_STYLE = f"""
[{MARKER}]{{outline-offset:-2px!important}}
[{MARKER}~="chrome"]{{outline:3px solid #d62728!important}}
[{MARKER}~="other"]{{outline:2px dashed #1f77b4!important}}
[{MARKER}]::before{{content:attr({LABEL});display:block;width:max-content;
  font:600 11px/1.5 sans-serif;color:#fff;padding:0 4px}}
[{MARKER}~="chrome"]::before{{background:#d62728}}
[{MARKER}~="other"]::before{{background:#1f77b4}}
a,area,button,input,select,textarea,form,label{{pointer-events:none!important}}
"""
_HEAD = f'<meta http-equiv="Content-Security-Policy" content="{_CSP}"><style>{_STYLE}</style>'
_DOCTYPE = re.compile(r"\A\ufeff?\s*(?:<!doctype[^>]*>)?", re.IGNORECASE)
_TAG_NAME = re.compile(r"<([A-Za-z][^\s/>]*)")


@dataclass(frozen=True, slots=True)
class OutlinedLandmark:
    """One outlined instance: its type, whether it is chrome, where it starts."""

    type: str
    chrome: bool
    start_line: int
    start_column: int
    shell_share: float


@dataclass(frozen=True, slots=True)
class PreviewDocument:
    srcdoc: str
    landmarks: list[OutlinedLandmark]
    truncated: bool


def outline_landmarks(
    html: str | bytes, shells: Mapping[str, Iterable[str]] | None = None
) -> PreviewDocument:
    """The page as a standalone document with its landmarks marked and outlined.

    ``shells`` maps a landmark type to the cluster's shell tokens for it (the
    ``shellTokens`` of the cluster reasons).

    >>> doc = outline_landmarks("<body><header><nav>x</nav></header><p>y</p></body>",
    ...                         {"header": ["body>header", "body>header>nav"]})
    >>> [(m.type, m.chrome) for m in doc.landmarks]
    [('header', True)]
    >>> '<header data-page-cluster-landmark="header chrome"' in doc.srcdoc
    True
    """
    if isinstance(html, bytes):
        html = html.decode("utf-8", errors="replace")
    truncated = len(html) > PREVIEW_MAX_CHARS
    if truncated:
        html = html[:PREVIEW_MAX_CHARS]
    shell_sets = {t: frozenset(v) for t, v in (shells or {}).items()}
    found = extract_landmarks(html)
    inserts: list[tuple[int, str]] = []
    outlined: list[OutlinedLandmark] = []
    for kind in LANDMARK_CODES:
        shell = shell_sets.get(kind, frozenset())
        for inst in found.instances(kind):
            name = _TAG_NAME.match(inst.html)
            if name is None:
                continue
            tokens = landmark_instance_tokens(inst)
            chrome = is_chrome_landmark_instance(tokens, shell)
            share = sum(1 for t in tokens if t in shell) / len(tokens) if tokens else 0.0
            state = "chrome" if chrome else "other"
            label = f"{kind} · {'chrome' if chrome else 'not chrome'}"
            inserts.append(
                (inst.start_offset + name.end(1), f' {MARKER}="{kind} {state}" {LABEL}="{label}"')
            )
            outlined.append(
                OutlinedLandmark(kind, chrome, inst.start_line, inst.start_column, share)
            )
    parts: list[str] = []
    pos = 0
    for offset, text in sorted(inserts):
        parts.append(html[pos:offset])
        parts.append(text)
        pos = offset
    parts.append(html[pos:])
    marked = "".join(parts)
    head_at = _DOCTYPE.match(marked).end()  # type: ignore[union-attr]
    srcdoc = marked[:head_at] + _HEAD + marked[head_at:]
    outlined.sort(key=lambda m: (m.start_line, m.start_column))
    return PreviewDocument(srcdoc=srcdoc, landmarks=outlined, truncated=truncated)


def sandboxed_iframe(srcdoc: str, *, title: str, height: int = 600) -> str:
    """The one way crawled HTML reaches the app: escaped into a fully sandboxed iframe.

    >>> tag = sandboxed_iframe('<script>alert(1)</script>"', title="p")
    >>> 'sandbox=""' in tag and "<script>" not in tag and "allow-scripts" not in tag
    True
    """
    return (
        "<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0}</style></head><body>"
        f'<iframe sandbox="" referrerpolicy="no-referrer" '
        f'title="{html_lib.escape(title, quote=True)}" '
        f'style="width:100%;height:{int(height)}px;border:1px solid #ccc;background:#fff" '
        f'srcdoc="{html_lib.escape(srcdoc, quote=True)}"></iframe></body></html>'
    )
