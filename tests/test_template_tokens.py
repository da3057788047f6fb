"""Site-level template tokens: content containers and what survives below them."""

import numpy as np

from page_cluster.clustering.template_tokens import template_token_mask

from .conftest import corpus_of


def test_free_form_content_is_not_template():
    rng = np.random.default_rng(1)
    blocks = [
        "<p>x</p>",
        "<ul><li>a</li></ul>",
        "<table><tr><td>1</td></tr></table>",
        "<pre>c</pre>",
        "<blockquote><p>q</p></blockquote>",
        "<ol><li>b</li></ol>",
        "<dl><dt>t</dt><dd>d</dd></dl>",
        "<figure><img></figure>",
    ]
    pages = []
    for _ in range(40):
        chosen = rng.choice(len(blocks), size=rng.integers(1, 5), replace=False)
        body = "".join(blocks[i] for i in chosen)
        pages.append(
            f'<body><div class="nav"><a>1</a><a>2</a></div>'
            f'<div class="content"><h1>T</h1>{body}</div></body>'
        )
    c = corpus_of(pages)
    m = template_token_mask(
        c.matrix, c.info.parent, c.info.depth, c.info.is_attr, np.bincount(c.page_sig).astype(float)
    )
    kept = {c.tokens[i] for i in np.nonzero(m.keep)[0]}
    assert "body>.nav" in kept and "body>.content" in kept
    assert "body>.content>h1" in kept  # on every page having the container
    assert "body>.content>table" not in kept and "body>.content>table>tr>td" not in kept
    content = {c.tokens[i] for i in np.nonzero(m.content)[0]}
    assert "body>.content" in content and "body>.nav" not in content
