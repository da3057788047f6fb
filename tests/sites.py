"""Small synthetic sites for explanation and validation tests."""

from __future__ import annotations

import random

from page_cluster.api.resolve import run_clustering

LANGS = ("en", "ja", "fr")

HEADER = (
    '<header class="site-header"><a class="logo" href="/">L</a>'
    '<nav class="gnav"><ul><li><a href="/a">a</a></li><li><a href="/b">b</a></li></ul></nav>'
    "</header>"
)
FOOTER = '<footer class="site-footer"><p class="copy">c</p><ul class="links"><li><a>x</a></li></ul></footer>'

TEMPLATES = {
    "article": (
        '<main><article class="post"><h1>{t}</h1><p class="meta">m</p>'
        '<div class="post-body">{body}</div></article></main>'
    ),
    "listing": (
        '<main><section class="list"><h1>{t}</h1><ul class="cards">'
        '<li class="card"><a>x</a><p>d</p></li><li class="card"><a>y</a><p>d</p></li>'
        '</ul><div class="pager"><a>1</a></div></section></main>'
    ),
    "profile": (
        '<main><div class="profile"><img class="avatar"><dl class="facts"><dt>a</dt><dd>b</dd>'
        '</dl><h1>{t}</h1><table class="history"><tr><td>y</td></tr></table></div></main>'
    ),
}


def _body(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(1, 3)):
        parts.append(f"<p>{'lorem ' * rng.randint(1, 9)}</p>")
    return "".join(parts)


def mirrored_site(
    *,
    prefix: tuple[str, ...] = (),
    pages_per_template: int = 6,
    lang_marker: bool = True,
    host: str = "mirror.example",
    root_lang: str | None = None,
) -> list[dict]:
    """A site whose every template exists under /en/, /ja/ and /fr/.

    Each language loads its own copy of the template stylesheet
    (``/assets/<lang>/site.css``), so blocking separates the languages. With
    ``lang_marker``, non-English headers carry one extra element, so mirror copies
    are near-identical rather than identical. ``root_lang``: that language's
    copy sits at the root instead (``/faq/faq-1.html``, its stylesheet
    ``/assets/site.css``), as a site's default language often does.
    """
    rng = random.Random(7)
    pages = []
    for template, main in TEMPLATES.items():
        for lang in LANGS:
            for i in range(pages_per_template):
                header = HEADER
                if lang_marker and lang != "en":
                    header = header.replace("</header>", '<p class="lang-note">n</p></header>')
                html = (
                    f'<html lang="{lang}"><body class="tpl-{template}">{header}'
                    f"{main.format(t=f'{template} {i}', body=_body(rng))}{FOOTER}</body></html>"
                )
                folder = [*prefix] if lang == root_lang else [*prefix, lang]
                # At the root, numbers alone in every template's folder would
                # read as the templates copying each other.
                name = f"{template}-{i}.html" if root_lang else f"{i}.html"
                pages.append(
                    {
                        "id": "/".join([*folder, template, name]),
                        "html": html,
                        "paths": [*folder, template, name],
                        "stylesheetHrefs": ["/" + "/".join([*folder, "assets", "site.css"])],
                        "host": host,
                        "template": template,
                        "lang": lang,
                    }
                )
    return pages


def clusters_by_label(labelled: list[tuple[dict, str]]) -> dict[str, set[str]]:
    """Cluster ``(record, template label)`` pairs and return each label's cluster
    keys: one key per label and one label per key is an exact partition."""
    keys = run_clustering([r for r, _ in labelled]).page_keys
    out: dict[str, set[str]] = {}
    for (_, label), key in zip(labelled, keys, strict=True):
        out.setdefault(label, set()).add(key)
    return out
