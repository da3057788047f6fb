"""WordPress pieces shared by the classic and block theme fixtures.

Gutenberg block markup as WordPress 6.6 saves and renders it (including the
per-request ``wp-container-core-<block>-is-layout-N`` layout classes), the
comment form, and a few core widgets.
"""

from __future__ import annotations

import random

from ._common import Text, code_sample, esc

WP_VER = "6.6.2"


class Layout:
    """Per-request counters behind ``wp-container-core-<block>-is-layout-N``."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.rules: list[str] = []

    def __call__(self, block: str, rule: str = "display:flex;flex-wrap:wrap;") -> str:
        self.counts[block] = self.counts.get(block, 0) + 1
        cls = f"wp-container-core-{block}-is-layout-{self.counts[block]}"
        self.rules.append(f".{cls}{{{rule}}}")
        return cls

    def style(self) -> str:
        """The ``core-block-supports-inline-css`` style WordPress prints for them."""
        return (
            "<style id='core-block-supports-inline-css'>\n" + "".join(self.rules) + "\n</style>\n"
        )


def image_block(
    rng: random.Random,
    t: Text,
    uploads: str,
    year: int,
    caption: bool | None = None,
    size: str = "large",
    align: str = "",
) -> str:
    mid = rng.randint(40, 2400)
    name = f"{t.words(1, 2).replace(' ', '-')}-{rng.randint(1, 99)}"
    w, h = rng.choice([(1024, 683), (1024, 768), (768, 1024), (1024, 576)])
    src = f"{uploads}/{year}/{rng.randint(1, 12):02d}/{name}-{w}x{h}.jpg"
    cls = f"wp-block-image size-{size}" + (f" align{align}" if align else "")
    cap = caption if caption is not None else rng.random() < 0.55
    cap_html = (
        f'<figcaption class="wp-element-caption">{esc(t.sentence())}</figcaption>' if cap else ""
    )
    return (
        f'<figure class="{cls}"><img decoding="async" loading="lazy" width="{w}" height="{h}" src="{src}" '
        f'alt="{esc(t.words(2, 4))}" class="wp-image-{mid}" '
        f'srcset="{src} {w}w, {src.replace(f"-{w}x{h}", "-300x200")} 300w" sizes="(max-width: {w}px) 100vw, {w}px" />'
        f"{cap_html}</figure>"
    )


def content_blocks(
    rng: random.Random,
    t: Text,
    lay: Layout,
    *,
    uploads: str,
    year: int,
    lo: int = 3,
    hi: int = 14,
    code_ok: bool = True,
) -> str:
    """Entry content: a run of core blocks, paragraphs dominating."""
    n = rng.randint(lo, hi)
    out: list[str] = []
    if rng.random() < 0.2:
        out.append(f'<p class="has-drop-cap">{esc(t.para(2, 4))}</p>')
    for i in range(n):
        k = rng.random()
        if k < 0.46 or i == 0:
            out.append(f"<p>{esc(t.para(1, 6))}</p>")
        elif k < 0.55:
            out.append(f'<h2 class="wp-block-heading">{esc(t.title(2, 5))}</h2>')
            out.append(f"<p>{esc(t.para(1, 4))}</p>")
        elif k < 0.63:
            out.append(image_block(rng, t, uploads, year))
        elif k < 0.69:
            tag = rng.choice(["ul", "ol"])
            items = "".join(f"<li>{esc(t.sentence()[:-1])}</li>" for _ in range(rng.randint(2, 7)))
            out.append(f'<{tag} class="wp-block-list">{items}</{tag}>')
        elif k < 0.74:
            cite = f"<cite>{esc(t.name())}</cite>" if rng.random() < 0.6 else ""
            out.append(
                '<blockquote class="wp-block-quote is-layout-flow wp-block-quote-is-layout-flow">'
                f"<p>{esc(t.para(1, 3))}</p>{cite}</blockquote>"
            )
        elif k < 0.79:
            cols = rng.choice([2, 2, 3])
            inner = "".join(
                '<div class="wp-block-column is-layout-flow wp-block-column-is-layout-flow">'
                + (
                    image_block(rng, t, uploads, year, caption=False, size="medium")
                    if rng.random() < 0.4
                    else ""
                )
                + f"<p>{esc(t.para(1, 3))}</p></div>"
                for _ in range(cols)
            )
            out.append(
                f'<div class="wp-block-columns is-layout-flex {lay("columns")} wp-block-columns-is-layout-flex">'
                f"{inner}</div>"
            )
        elif k < 0.84:
            ncol = rng.randint(2, 4)
            head = "".join(f"<th>{esc(t.label())}</th>" for _ in range(ncol))
            rows = "".join(
                "<tr>" + "".join(f"<td>{esc(t.words(1, 3))}</td>" for _ in range(ncol)) + "</tr>"
                for _ in range(rng.randint(2, 8))
            )
            cap = (
                f'<figcaption class="wp-element-caption">{esc(t.sentence())}</figcaption>'
                if rng.random() < 0.3
                else ""
            )
            out.append(
                f'<figure class="wp-block-table"><table class="has-fixed-layout"><thead><tr>{head}</tr></thead>'
                f"<tbody>{rows}</tbody></table>{cap}</figure>"
            )
        elif k < 0.88 and code_ok:
            _, code = code_sample(rng)
            out.append(f'<pre class="wp-block-code"><code>{esc(code)}</code></pre>')
        elif k < 0.91:
            vid = "".join(
                rng.choice("abcdefghijkmnopqrstuvwxyzABCDEFGH0123456789_-") for _ in range(11)
            )
            out.append(
                '<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube '
                'wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">'
                f'<iframe loading="lazy" title="{esc(t.title(2, 5))}" width="750" height="422" '
                f'src="https://www.youtube.com/embed/{vid}?feature=oembed" frameborder="0" '
                'allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" '
                'referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe></div></figure>'
            )
        elif k < 0.94:
            imgs = "".join(
                image_block(rng, t, uploads, year, caption=False) for _ in range(rng.randint(2, 6))
            )
            out.append(
                '<figure class="wp-block-gallery has-nested-images columns-default is-cropped '
                f'wp-block-gallery-is-layout-flex {lay("gallery")}">{imgs}</figure>'
            )
        elif k < 0.96:
            out.append('<hr class="wp-block-separator has-alpha-channel-opacity"/>')
        elif k < 0.98:
            btns = "".join(
                f'<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="#">{esc(t.label())}</a></div>'
                for _ in range(rng.randint(1, 2))
            )
            out.append(
                f'<div class="wp-block-buttons is-layout-flex {lay("buttons")} wp-block-buttons-is-layout-flex">{btns}</div>'
            )
        else:
            out.append(
                f'<details class="wp-block-details"><summary>{esc(t.title(2, 5))}</summary>'
                f"<p>{esc(t.para(1, 3))}</p></details>"
            )
    return "\n".join(out)


def comment_form(
    post_id: int, *, block_theme: bool = False, reply_title: str = "Leave a Reply"
) -> str:
    cls = "comment-respond wp-block-post-comments-form" if block_theme else "comment-respond"
    return (
        f'<div id="respond" class="{cls}">'
        f'<h3 id="reply-title" class="comment-reply-title">{reply_title} <small><a rel="nofollow" '
        'id="cancel-comment-reply-link" href="#respond" style="display:none;">Cancel reply</a></small></h3>'
        '<form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form" novalidate>'
        '<p class="comment-notes"><span id="email-notes">Your email address will not be published.</span> '
        '<span class="required-field-message">Required fields are marked <span class="required">*</span></span></p>'
        '<p class="comment-form-comment"><label for="comment">Comment <span class="required">*</span></label> '
        '<textarea id="comment" name="comment" cols="45" rows="8" maxlength="65525" required></textarea></p>'
        '<p class="comment-form-author"><label for="author">Name <span class="required">*</span></label> '
        '<input id="author" name="author" type="text" value="" size="30" maxlength="245" autocomplete="name" required /></p>'
        '<p class="comment-form-email"><label for="email">Email <span class="required">*</span></label> '
        '<input id="email" name="email" type="email" value="" size="30" maxlength="100" aria-describedby="email-notes" autocomplete="email" required /></p>'
        '<p class="comment-form-url"><label for="url">Website</label> '
        '<input id="url" name="url" type="url" value="" size="30" maxlength="200" autocomplete="url" /></p>'
        '<p class="comment-form-cookies-consent"><input id="wp-comment-cookies-consent" name="wp-comment-cookies-consent" '
        'type="checkbox" value="yes" /> <label for="wp-comment-cookies-consent">Save my name, email, and website in this '
        "browser for the next time I comment.</label></p>"
        '<p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Post Comment" /> '
        f"<input type='hidden' name='comment_post_ID' value='{post_id}' id='comment_post_ID' />\n"
        "<input type='hidden' name='comment_parent' id='comment_parent' value='0' />\n</p></form></div>"
    )


def avatar(rng: random.Random, size: int) -> str:
    h = "".join(rng.choice("0123456789abcdef") for _ in range(32))
    return (
        f"<img alt='' src='https://secure.gravatar.com/avatar/{h}?s={size}&#038;d=mm&#038;r=g' "
        f"srcset='https://secure.gravatar.com/avatar/{h}?s={size * 2}&#038;d=mm&#038;r=g 2x' "
        f"class='avatar avatar-{size} photo' height='{size}' width='{size}' loading='lazy' decoding='async'/>"
    )


def search_form(
    action: str = "/", label: str = "Search for:", placeholder: str = "Search &hellip;"
) -> str:
    return (
        f'<form role="search" method="get" class="search-form" action="{action}">'
        f'<label><span class="screen-reader-text">{label}</span>'
        f'<input type="search" class="search-field" placeholder="{placeholder}" value="" name="s" /></label>'
        '<input type="submit" class="search-submit" value="Search" /></form>'
    )
